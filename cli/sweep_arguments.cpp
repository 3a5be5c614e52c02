// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_arguments.h"

#include "plan_options.h"
#include "util/input_error.h"

#include <optional>

using namespace shardscope;

SweepAxisSplit splitSweepAxis(const QStringList& args, const SweepAxisMessages& messages,
    const std::function<bool(const QString&, const std::function<QString()>&)>& own)
{
    SweepAxisSplit r;
    std::optional<SweepAxis> axis;
    QString axisText;
    QString perNode = QStringLiteral("8");
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        const std::function<QString()> value = [&]() -> QString {
            if (i + 1 >= args.size()) throw UsageError { messages.needsValue(a) };
            return args[++i];
        };
        if (own && own(a, value)) continue;
        if (a == QLatin1String("--gpus") || a == QLatin1String("--batch")
            || a == QLatin1String("--global-batch") || a == QLatin1String("--seq")) {
            const QString v = value();
            if (!isSweepList(v.toStdString())) { // a single value: an input like any other
                r.rest << (a == QLatin1String("--batch") ? QStringLiteral("--global-batch") : a) << v;
                continue;
            }
            if (axis) throw UsageError { messages.twoAxes(r.axisOption, a) };
            axis = a == QLatin1String("--gpus") ? SweepAxis::Gpus
                : a == QLatin1String("--seq")   ? SweepAxis::SeqLength
                                                : SweepAxis::GlobalBatch;
            axisText = v;
            r.axisOption = a;
        } else if (a == QLatin1String("--gpus-per-node")) {
            perNode = value();
            r.rest << a << perNode;
        } else {
            r.rest << a;
        }
    }
    if (!axis) throw UsageError { messages.noAxis };
    r.spec.axis = *axis;
    try {
        r.spec.values = parseSweepValues(*axis, axisText.toStdString(), r.axisOption.toStdString());
    } catch (const InputError& e) {
        throw UsageError { QStringLiteral("%1: %2").arg(r.axisOption, QString::fromStdString(e.message())) };
    }
    // The base cluster of a GPU sweep is one node; each point sets its node count.
    if (*axis == SweepAxis::Gpus) r.rest << QStringLiteral("--gpus") << perNode;
    return r;
}
