// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <optional>
#include <string_view>
#include <vector>

namespace shardscope {

/// The numbers a comparison puts side by side, each read from PlanEstimate as it is (nothing recomputed).
enum class ComparisonMetric
{
    StepSeconds, ///< time.stepSeconds
    TokensPerSecond, ///< tokensPerSecond
    Mfu, ///< mfu
    Hfu, ///< hfu
    BubbleFraction, ///< bubbleFraction
    PeakMemoryBytes, ///< peakMemoryBytes (the most loaded GPU)
    UsableMemoryBytes, ///< capacityBytes (per GPU, after the margin)
    MemoryHeadroomBytes, ///< capacityBytes - peakMemoryBytes: negative when the plan does not fit
    ExposedCommSeconds, ///< comm.exposedSeconds(): all communication not hidden behind compute
    TpCommSeconds, ///< comm.tpSeconds
    PpCommSeconds, ///< comm.ppSeconds
    CpCommSeconds, ///< comm.cpSeconds (a row only when some plan has it)
    EpCommSeconds, ///< comm.epSeconds (a row only when some plan has it)
    DpExposedSeconds, ///< comm.dpExposedSeconds
    DpCommSeconds, ///< comm.dpSeconds: all data-parallel traffic, before overlap
    ComputeImbalance, ///< computeImbalance: slowest / fastest stage per micro-batch
    MicroBatches, ///< numMicroBatches per step and replica
};

/// Which way a metric is better, so that a view colours a change as better or worse.
enum class BetterWhen
{
    Lower,
    Higher,
    Neither ///< a different value is not better or worse in itself (HFU, micro-batches, usable memory)
};

enum class MetricUnit
{
    Seconds,
    TokensPerSecond,
    Fraction, ///< 0..1, shown in percent
    Bytes,
    Ratio,
    Count
};

/// A plan's value against the baseline's.
enum class Verdict
{
    Baseline, ///< the baseline's own cell
    Same, ///< within kSameWithin of the baseline
    Better,
    Worse,
    Changed, ///< different, on a metric where neither way is better
    /// Better or worse by less than the model can tell apart (the comparison's withinError): predicted times and
    /// what follows from them (step, tokens/s, MFU, HFU)
    WithinError,
    Unknown ///< this plan or the baseline has no number (a layout that could not be evaluated)
};

/// One plan's cell of a row.
struct ComparisonCell
{
    std::optional<double> value;
    std::optional<double> delta; ///< value - the baseline's value (0 for the baseline)
    std::optional<double> relative; ///< delta / |the baseline's value|; none when that is 0
    Verdict verdict = Verdict::Unknown;
};

struct ComparisonRow
{
    ComparisonMetric metric = ComparisonMetric::StepSeconds;
    MetricUnit unit = MetricUnit::Seconds;
    BetterWhen better = BetterWhen::Lower;
    std::vector<ComparisonCell> cells; ///< the baseline first, then the compared plans in order
};

/// Rows of metrics for a baseline and the plans compared with it.
struct PlanComparison
{
    std::vector<ComparisonRow> rows;
    int planCount = 0; ///< the baseline and the compared plans

    /// The row of `metric`, or nullptr when the comparison left it out.
    const ComparisonRow* row(ComparisonMetric metric) const;
};

/// Most plans compared with one baseline (four columns in all).
constexpr int kMaxComparedPlans = 3;
/// Changes within this fraction of the larger value are "the same" (as the proposals panel's same speed).
constexpr double kSameWithin = 0.005;

/**
 * Each metric of `baseline` and of `others` (at most kMaxComparedPlans; more throws std::invalid_argument),
 * with every plan's delta and relative delta against the baseline and whether that is better. A plan
 * whose layout could not be evaluated (no stages: PlanEvaluator::structuralProblem) has no numbers but its
 * usable memory; one that does not fit in memory keeps them all (its headroom is negative). The rows of
 * context- and expert-parallel communication appear only when some plan has such traffic. A step time, tokens/s,
 * MFU or HFU that differs from the baseline's by less than `withinError` (relative; the tie rule's tolerance,
 * plan_ties.h) is Verdict::WithinError.
 */
PlanComparison comparePlans(const PlanEstimate& baseline, const std::vector<PlanEstimate>& others, double withinError = 0);

/// Whether a metric is a predicted time or follows from one (what the band of the predicted times covers).
bool followsPredictedTime(ComparisonMetric metric);

/// The stable key of a metric ("step_seconds", "tokens_per_second", ...), for files and tests.
std::string_view toString(ComparisonMetric metric);
BetterWhen betterWhen(ComparisonMetric metric);
MetricUnit unitOf(ComparisonMetric metric);

} // namespace shardscope
