// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "partition/pareto.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <cmath>
#include <vector>

/// What an axis of the plan explorer shows: one number of each searched plan (PlanSummary).
enum class ExplorerMetric
{
    StepTime, ///< seconds per step
    TokensPerSecond,
    Mfu, ///< model FLOPs utilisation, a fraction
    MemoryPerGpu, ///< the most loaded GPU's bytes
    Bubble, ///< the pipeline bubble's share of the step, a fraction
    CommShare, ///< exposed communication / step time, a fraction
};
constexpr int kExplorerMetricCount = 6;

/// An axis fitted to a range of one metric: round ticks (1, 2 or 5 x 10^k in the shown unit) and their
/// labels.
struct ExplorerAxis
{
    ExplorerMetric metric = ExplorerMetric::StepTime;
    double min = 0, max = 1; ///< the axis' ends, in the metric's own units (seconds, bytes, fractions)
    double unitFactor = 1; ///< shown value = value x unitFactor (ms: 1e3, GiB: 2^-30, %: 100)
    QString title; ///< "Step time (s)"
    std::vector<double> ticks; ///< tick positions in the metric's own units, min to max
    QStringList tickLabels; ///< "0.5", "1.0", ... in the shown unit
    bool log = false; ///< logarithmic: equal ratios at equal distances (min > 0); values <= 0 lie off the axis

    /// 0 at min, 1 at max (below 0 or above 1 off the axis; -infinity for a value <= 0 on a log axis).
    double fraction(double value) const
    {
        if (log)
            return value > 0 && max > min ? std::log(value / min) / std::log(max / min) : -HUGE_VAL;
        return max > min ? (value - min) / (max - min) : 0.5;
    }
    double valueAt(double fraction) const
    {
        return log ? min * std::pow(max / min, fraction) : min + fraction * (max - min);
    }
};

/// The explorer's metrics: their values, names, units and which way is better.
class ExplorerAxes
{
    Q_DECLARE_TR_FUNCTIONS(ExplorerAxes)
public:
    /// The metric of `plan` in its own units; NaN when the search left the plan without an estimate (rejected
    /// before evaluation: no step time; the memory of a plan cut by the memory bound is that bound).
    static double value(ExplorerMetric metric, const shardscope::PlanSummary& plan);
    /// Lower step time, memory, bubble and communication share are better; higher tokens/s and MFU.
    static shardscope::Objective objective(ExplorerMetric metric);
    /// "Step time", "Tokens/s", ... (the combo boxes' items).
    static QString name(ExplorerMetric metric);
    /// `value` formatted with its unit: "1.23 s", "45.6 ms", "123,456 tokens/s", "41.2 %", "61.3 GiB".
    static QString format(ExplorerMetric metric, double value);
    /// An axis over [lo, hi] (finite; lo <= hi) with about `targetTicks` round ticks enclosing the range; `exact`
    /// keeps the ends at lo and hi (a zoomed view) with the round ticks inside. `log`: a logarithmic axis (lo > 0;
    /// ticks at 1, 2 and 5 x 10^k, or at the decades over more than two).
    static ExplorerAxis fit(ExplorerMetric metric, double lo, double hi, int targetTicks = 6, bool log = false,
                            bool exact = false);
};
