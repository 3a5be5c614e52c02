// SPDX-License-Identifier: GPL-3.0-or-later
// Communication proposals: TP and PP communication overlapped with compute (evaluated), and int8
// gradient compression (an estimate from the evaluator's own DP model with 1-byte gradients).
#include "cost/step_model.h"
#include "proposals/proposals_detail.h"

#include <algorithm>

namespace shardscope::proposals_detail {

namespace {

std::string n(long long v) { return std::to_string(v); }

/// The step with every stage's DP communication recounted for `gradientBytesPerParam`, as PlanEvaluator
/// counts it: the pipeline plus the largest exposed DP time and optimizer step of one stage.
struct DpRecount
{
    double dpSeconds = 0;      ///< of the stage with the longest tail
    double exposedSeconds = 0;
    double stepSeconds = 0;
};

DpRecount recount(const Context& ctx, double gradientBytesPerParam)
{
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const TrainingSpec& tr = ctx.problem.training;
    const Collectives coll(ctx.problem.cluster);
    // The evaluator's groups (dense weights over DP x CP, routed experts over expert-DP), other gradient bytes.
    const DataParallelGroups groups(c, ctx.problem.cluster.gpusPerNode);
    const int chunks = isInterleaved(c.schedule) ? c.vpp : 1;
    DpRecount r;
    double tail = -1;
    for (const StageEstimate& st : e.stages) {
        const DpCollectives collectives = groups.collectives(
            coll, st.paramsPerDevice, st.routedExpertParamsPerDevice, gradientBytesPerParam, tr.bytesPerParam());
        const DpCommunication dp = dataParallelCommunication(
            collectives, groups.sharding, dpOverlapWindow(st, e.numMicroBatches, chunks, c.pp), tr.dpOverlap);
        if (dp.exposedSeconds + st.optimizerSeconds > tail) {
            tail = dp.exposedSeconds + st.optimizerSeconds;
            r.exposedSeconds = dp.exposedSeconds;
            r.dpSeconds = dp.seconds;
        }
    }
    const double pipeline = e.time.stepSeconds - e.time.dpExposedSeconds - e.time.optimizerSeconds;
    r.stepSeconds = pipeline + std::max(0.0, tail);
    return r;
}

} // namespace

void addCommunicationProposals(Context& ctx)
{
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const TrainingSpec& tr = ctx.problem.training;

    // TP collectives pipelined with their GEMMs (Megatron --tp-comm-overlap, Transformer Engine userbuffers).
    if (c.tp > 1 && !c.tpCommOverlap && e.comm.tpSeconds > 0) {
        ParallelConfig t = c;
        t.tpCommOverlap = true;
        t.sequenceParallel = true;
        const Message title = c.sequenceParallel
            ? SHARDSCOPE_TR_NOOP("Proposals", "Overlap TP communication with the GEMMs (--tp-comm-overlap)")
            : SHARDSCOPE_TR_NOOP("Proposals", "Sequence parallelism with TP communication overlapped (--sequence-parallel "
                                 "--tp-comm-overlap)");
        if (auto p = ctx.evaluate(ProposalKind::TensorParallel, t, title)) {
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "exposed TP communication is %1 per step (%2); split into %3 chunks "
                                               "pipelined with the GEMMs that produce and consume them it leaves %4; %5"),
                { seconds(e.comm.tpSeconds), percent(e.comm.tpSeconds / e.time.stepSeconds), n(c.tp),
                    seconds(p->estimate.comm.tpSeconds), stepChange(e, p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
    }
    // Pipeline sends overlapped with compute (Megatron's overlap_p2p_comm: on by default in its interleaved
    // schedule, --no-overlap-p2p-communication turns it off; there is no flag that turns it on).
    if (c.pp > 1 && !c.ppCommOverlap && e.comm.ppSeconds > 0) {
        ParallelConfig t = c;
        t.ppCommOverlap = true;
        if (auto p = ctx.evaluate(ProposalKind::PipelineParallel, t,
                SHARDSCOPE_TR_NOOP("Proposals", "Overlap pipeline sends and receives with compute (p2p communication overlap)"))) {
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "pipeline communication on the critical path is %1 per step; overlapped, "
                                               "only the handshakes' latency stays: %2"),
                { seconds(e.comm.ppSeconds), stepChange(e, p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
    }

    if (c.dp <= 1 || e.comm.dpSeconds <= 0)
        return;
    // int8 gradient compression: gradient bytes per parameter -> 1 (estimate, accuracy not modelled).
    const int gradBytes = tr.gradientBytesPerParam();
    if (gradBytes <= 1)
        return;
    const DpRecount now = recount(ctx, gradBytes);
    const DpRecount compressed = recount(ctx, 1.0);
    if (compressed.stepSeconds >= now.stepSeconds)
        return;
    Proposal p;
    p.kind = ProposalKind::GradientCommunication;
    p.title = { SHARDSCOPE_TR_NOOP("Proposals", "Compress gradients to int8 for communication (estimate, %1 -> 1 byte per gradient)"),
        { n(gradBytes) } };
    p.config = c;
    p.training = tr;
    p.evaluated = false;
    p.feasible = e.feasible;
    p.speedup = e.time.stepSeconds / compressed.stepSeconds;
    p.memoryDeltaBytes = 0;
    p.estimate = e;
    PlanEstimate& pe = p.estimate;
    const double scale = e.time.stepSeconds / compressed.stepSeconds;
    pe.time.stepSeconds = compressed.stepSeconds;
    pe.time.dpExposedSeconds = compressed.exposedSeconds;
    pe.comm.dpExposedSeconds = compressed.exposedSeconds;
    pe.comm.dpSeconds = compressed.dpSeconds;
    pe.tokensPerSecond *= scale;
    pe.mfu *= scale;
    pe.hfu *= scale;
    pe.warnings.push_back("estimate: int8 gradient compression, not evaluated end to end");
    p.rationale = { SHARDSCOPE_TR_NOOP("Proposals", "exposed DP communication is %1 (%2 of the step) of %3 per step; int8 gradients "
                                      "cut the gradient bytes %4x, DP communication %5 -> %6 per step, %7 (estimate "
                                      "from the evaluator's DP model with 1-byte gradients, not evaluated end to end; "
                                      "compression kernels, error feedback and convergence are not modelled)"),
        { seconds(e.comm.dpExposedSeconds), percent(e.comm.dpExposedSeconds / e.time.stepSeconds),
            seconds(e.comm.dpSeconds), n(gradBytes), seconds(now.dpSeconds), seconds(compressed.dpSeconds),
            stepChange(e, pe) } };
    ctx.out.push_back(std::move(p));
}

} // namespace shardscope::proposals_detail
