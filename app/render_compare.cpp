// SPDX-License-Identifier: GPL-3.0-or-later
#include "render_compare.h"

#include "compare_controller.h"
#include "main_window.h"
#include "partition/plan_comparison.h"
#include "plan_options.h"

using namespace shardscope;

RenderCompare::Arguments RenderCompare::take(QStringList& arguments)
{
    Arguments out;
    for (qsizetype i = 0; i < arguments.size();) {
        const QString a = arguments[i];
        if (a != QLatin1String("--baseline") && a != QLatin1String("--compare")) {
            ++i;
            continue;
        }
        if (i + 1 >= arguments.size()) throw UsageError { tr("%1 needs a value").arg(a) };
        const QString value = arguments[i + 1];
        arguments.remove(i, 2);
        out.given = true;
        if (a == QLatin1String("--baseline")) {
            out.baseline = value;
            if (value.trimmed().isEmpty())
                throw UsageError { tr("--baseline expects a plan's configuration, e.g. \"tp=8,pp=4,mb=1\"") };
            continue;
        }
        const QStringList parts = value.split(QLatin1Char(','));
        const auto bad = [&] {
            return UsageError { tr(
                "--compare expects up to %1 plan ranks separated by commas, e.g. 2,3,4, got \"%2\"")
                                    .arg(kMaxComparedPlans)
                                    .arg(value) };
        };
        if (parts.size() > kMaxComparedPlans) throw bad();
        out.ranks.clear();
        for (const QString& p : parts) {
            bool ok = false;
            const int rank = p.trimmed().toInt(&ok);
            if (!ok || rank < 1) throw bad();
            out.ranks << rank;
        }
    }
    return out;
}

QString RenderCompare::prepare(MainWindow& window, const Arguments& arguments)
{
    CompareController* compare = window.compare();
    QList<int> ranks = arguments.ranks;
    const bool explicitRanks = !ranks.isEmpty();
    if (!arguments.baseline.isEmpty()) {
        const QString error = compare->pinConfig(arguments.baseline, QStringLiteral("--baseline"));
        if (!error.isEmpty()) return error;
        if (!explicitRanks) ranks = { 1, 2, 3 };
    } else {
        if (compare->rankedConfig(1)) compare->pinBaseline(*compare->rankedConfig(1));
        if (!explicitRanks) ranks = { 2, 3, 4 };
    }
    for (int rank : ranks) {
        if (!compare->rankedConfig(rank)) {
            if (explicitRanks) return tr("--compare: %1").arg(compare->addRank(rank));
            continue; // the defaults take the ranks there are
        }
        const QString error = compare->addRank(rank);
        if (!error.isEmpty() && explicitRanks) return tr("--compare: %1").arg(error);
    }
    return {};
}

QString RenderCompare::helpText()
{
    return tr(
        "  --baseline CONFIG  with --view compare: the plan the others are compared with, by its\n"
        "                configuration, e.g. \"tp=8,pp=16,dp=8,mb=1,zero=1,recompute=selective,sp=on,\n"
        "                schedule=interleaved,vpp=4\" (keys: tp pp dp cp vpp mb zero recompute sp\n"
        "                schedule tp-overlap pp-overlap cp-comm dp-replicate reshard ep etp ep-overlap;\n"
        "                dp defaults to the GPUs left); default: the best plan\n"
        "  --compare R,R,R    with --view compare: up to 3 plan ranks (1 is the best) to compare with the\n"
        "                baseline; default 2,3,4, or 1,2,3 with --baseline\n");
}
