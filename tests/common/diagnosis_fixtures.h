// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the search-diagnosis tests (tst_search_diagnosis, tst_search_diagnosis_ways_out): problems on nodes
// of one GPU model, the test rows' pin shorthand, independent formatting of the numbers the findings quote, and
// the searches the expected values come from.
#pragma once

#include "gpt_fixtures.h"

#include "cost/plan_evaluator.h"
#include "partition/plan_search.h"
#include "partition/search_diagnosis.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdio>
#include <functional>
#include <vector>

namespace shardscope::testing {

inline PlanningProblem makeProblem(const TransformerSpec& spec, int gpus, std::int64_t globalBatch,
    std::int64_t seq = 4096, const char* gpu = "H100-SXM", int perNode = 8)
{
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    p.cluster = ClusterSpec::make(catalogGpu(gpu), gpus, perNode);
    p.training.seqLength = seq;
    p.training.globalBatch = globalBatch;
    return p;
}

/// "tp=3,pp=16,schedule=interleaved" -> pins (the test rows' shorthand).
inline PlanPins parsePins(const QString& text)
{
    PlanPins pins;
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString key = item.section(QLatin1Char('='), 0, 0);
        const QString value = item.section(QLatin1Char('='), 1);
        if (key == QLatin1String("schedule"))
            pins.schedule = scheduleFromString(value.toStdString());
        else if (key == QLatin1String("recompute"))
            pins.recompute = recomputeFromString(value.toStdString());
        else {
            const int v = value.toInt();
            if (key == QLatin1String("tp"))
                pins.tp = v;
            else if (key == QLatin1String("cp"))
                pins.cp = v;
            else if (key == QLatin1String("pp"))
                pins.pp = v;
            else if (key == QLatin1String("dp"))
                pins.dp = v;
            else if (key == QLatin1String("mb"))
                pins.microBatch = v;
            else if (key == QLatin1String("zero"))
                pins.zeroStage = v;
            else if (key == QLatin1String("ep"))
                pins.ep = v;
            else
                qFatal("unknown pin %s", qPrintable(key));
        }
    }
    return pins;
}

// Independent formatting of the expected numbers (the code under test has its own).
inline QString thousands(qint64 v)
{
    QString digits = QString::number(v);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}
inline QString joined(const QList<qint64>& values)
{
    QStringList parts;
    for (qint64 v : values)
        parts << thousands(v);
    return parts.join(QStringLiteral(", "));
}
inline QList<qint64> divisors(qint64 n)
{
    QList<qint64> out;
    for (qint64 d = 1; d <= n; ++d)
        if (n % d == 0) out << d;
    return out;
}
inline QList<qint64> filtered(const QList<qint64>& values, const std::function<bool(qint64)>& keep)
{
    QList<qint64> out;
    for (qint64 v : values)
        if (keep(v)) out << v;
    return out;
}
inline QString gibText(double bytes)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / kGiB);
    return QString::fromLatin1(buf);
}
inline QString percentText(double fraction)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f %%", 100 * fraction);
    return QString::fromLatin1(buf);
}

inline const Finding* findKind(
    const std::vector<Finding>& findings, FindingKind kind, PinKnob knob = PinKnob::None, bool anyKnob = true)
{
    for (const Finding& f : findings)
        if (f.kind == kind && (anyKnob || f.knob == knob)) return &f;
    return nullptr;
}

inline QString dump(const std::vector<Finding>& findings)
{
    QString s;
    for (const Finding& f : findings)
        s += QStringLiteral("\n  [%1] %2").arg(int(f.kind)).arg(QString::fromStdString(f.message.text()));
    return s;
}

inline SearchResult search(const PlanningProblem& p, const PlanPins& pins)
{
    const PlanEvaluator evaluator(p);
    return searchPlans(evaluator, pins);
}

inline std::size_t feasibleOn(const PlanningProblem& p, const PlanPins& pins)
{
    return search(p, pins).feasibleCount;
}


} // namespace shardscope::testing
