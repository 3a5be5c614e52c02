// SPDX-License-Identifier: GPL-3.0-or-later
// Gradient-communication proposals: overlap with backward (evaluated) and int8 gradient
// compression (an estimate from core/cost/collectives, hierarchical all-reduce as the evaluator).
#include "cost/collectives.h"
#include "proposals/proposals_detail.h"

#include <algorithm>

namespace shardscope::proposals_detail {

namespace {

std::string n(long long v) { return std::to_string(v); }

/// DP / ZeRO traffic of one stage per step, as PlanEvaluator counts it (ZeRO paper Sec. 7: 2 Psi for
/// stages 0-2, 3 Psi for stage 3), with the gradient bytes per parameter as a parameter.
double dpSeconds(const Collectives& coll, const CommGroup& group, double params, double gradientBytesPerParam,
                 const TrainingSpec& tr, int zeroStage, int m)
{
    const double grad = params * gradientBytesPerParam;
    const double weights = params * tr.bytesPerParam();
    switch (zeroStage) {
    case 0:
        return coll.allReduceSeconds(grad, group);
    case 1:
        return coll.reduceScatterSeconds(grad, group) + coll.allGatherSeconds(weights, group);
    case 2:
        return m * coll.reduceScatterSeconds(grad, group) + coll.allGatherSeconds(weights, group);
    default:
        return m * (2 * coll.allGatherSeconds(weights, group) + coll.reduceScatterSeconds(grad, group));
    }
}

/// The step with every stage's DP time replaced: pipeline time + the largest exposed part, where
/// min(dp x overlap, backward of all micro-batches) hides, as PlanEvaluator does.
struct DpRecount
{
    double dpSeconds = 0;      ///< of the stage with the most exposed time
    double exposedSeconds = 0;
    double stepSeconds = 0;
};

DpRecount recount(const Context& ctx, AllReduceAlgorithm algorithm, double gradientBytesPerParam)
{
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const TrainingSpec& tr = ctx.problem.training;
    const Collectives coll(ctx.problem.cluster, algorithm);
    const CommGroup group = CommGroup::dataParallel(c.dp, c.tp, ctx.problem.cluster.gpusPerNode);
    DpRecount r;
    for (const StageEstimate& st : e.stages) {
        const double dp = dpSeconds(coll, group, st.paramsPerDevice, gradientBytesPerParam, tr, c.zeroStage,
                                    e.numMicroBatches);
        const double exposed = dp - std::min(dp * tr.dpOverlap, e.numMicroBatches * st.computeSeconds * 2.0 / 3.0);
        if (exposed >= r.exposedSeconds) {
            r.exposedSeconds = exposed;
            r.dpSeconds = dp;
        }
    }
    r.stepSeconds = e.time.stepSeconds - e.comm.dpExposedSeconds + r.exposedSeconds;
    return r;
}

/// A proposal that keeps the current configuration and carries estimated numbers.
Proposal estimated(const Context& ctx, std::string title, double stepSeconds, const DpRecount& dp, std::string note)
{
    Proposal p;
    p.kind = ProposalKind::GradientCommunication;
    p.title = std::move(title);
    p.config = ctx.current.config;
    p.training = ctx.problem.training;
    p.evaluated = false;
    p.feasible = ctx.current.feasible;
    p.speedup = ctx.current.time.stepSeconds / stepSeconds;
    p.memoryDeltaBytes = 0;
    p.estimate = ctx.current;
    PlanEstimate& e = p.estimate;
    const double scale = ctx.current.time.stepSeconds / stepSeconds;
    e.time.stepSeconds = stepSeconds;
    e.time.dpExposedSeconds = dp.exposedSeconds;
    e.comm.dpExposedSeconds = dp.exposedSeconds;
    e.comm.dpSeconds = dp.dpSeconds;
    e.tokensPerSecond *= scale;
    e.mfu *= scale;
    e.hfu *= scale;
    e.warnings.push_back(std::move(note));
    return p;
}

} // namespace

void addCommunicationProposals(Context& ctx)
{
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const TrainingSpec& tr = ctx.problem.training;
    if (c.dp <= 1 || e.comm.dpSeconds <= 0)
        return;
    const std::string exposedNow = "exposed DP communication is " + seconds(e.comm.dpExposedSeconds) + " ("
        + percent(e.comm.dpExposedSeconds / e.time.stepSeconds) + " of the step) of " + seconds(e.comm.dpSeconds)
        + " per step with " + percent(tr.dpOverlap) + " overlapped";

    // Overlap with backward (bucketed all-reduce during backward: PyTorch DDP, Megatron --overlap-grad-reduce).
    constexpr double kOverlapTarget = 0.9;
    if (tr.dpOverlap < kOverlapTarget && e.comm.dpExposedSeconds > 0) {
        TrainingSpec t = tr;
        t.dpOverlap = kOverlapTarget;
        if (auto p = ctx.evaluate(ProposalKind::GradientCommunication, c, t,
                                  "Overlap gradient communication with backward (dp_overlap " + number(tr.dpOverlap, 2)
                                      + " -> " + number(kOverlapTarget, 2) + ")")) {
            p->rationale = exposedNow + "; hiding " + percent(kOverlapTarget)
                + " behind backward (bucketed all-reduce, e.g. Megatron --overlap-grad-reduce) leaves "
                + seconds(p->estimate.comm.dpExposedSeconds) + "; " + stepChange(e, p->estimate);
            ctx.out.push_back(std::move(*p));
        }
    }

    // Hierarchical vs flat-ring all-reduce is not proposed: the cost model already assumes the
    // hierarchical collective, so "keep it" changes nothing and has no speedup to predict.
    const DpRecount hierarchical = recount(ctx, AllReduceAlgorithm::Hierarchical, tr.gradientBytesPerParam());

    // int8 gradient compression: gradient bytes per parameter -> 1 (estimate, accuracy not modelled).
    const int gradBytes = tr.gradientBytesPerParam();
    if (gradBytes > 1) {
        const DpRecount compressed = recount(ctx, AllReduceAlgorithm::Hierarchical, 1.0);
        if (compressed.stepSeconds < hierarchical.stepSeconds) {
            Proposal p = estimated(ctx,
                                   "Compress gradients to int8 for communication (estimate, " + n(gradBytes)
                                       + " -> 1 byte per gradient)",
                                   compressed.stepSeconds, compressed,
                                   "estimate: int8 gradient compression, not evaluated end to end");
            p.rationale = exposedNow + "; int8 gradients cut the gradient bytes " + n(gradBytes)
                + "x, DP communication " + seconds(hierarchical.dpSeconds) + " -> " + seconds(compressed.dpSeconds)
                + " per step, " + stepChange(e, p.estimate)
                + " (estimate from the collectives' formulas, not evaluated end to end; compression kernels, "
                  "error feedback and convergence are not modelled)";
            ctx.out.push_back(std::move(p));
        }
    }
}

} // namespace shardscope::proposals_detail
