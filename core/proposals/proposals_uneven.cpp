// SPDX-License-Identifier: GPL-3.0-or-later
// Uneven first/last pipeline stages. PlanEvaluator already places 1F1B and GPipe stages with the exact
// partitioner (uneven wherever that is faster); interleaved stages it places uniformly, so for those
// the effect of moving blocks off the stage holding the embedding or the logits is estimated here
// from the per-stage times and one block's cost.
#include "cost/memory_model.h"
#include "cost/step_model.h"
#include "cost/unit_costs.h"
#include "proposals/proposals_detail.h"

#include <algorithm>

namespace shardscope::proposals_detail {

namespace {

std::string n(long long v) { return std::to_string(v); }

struct UnevenEstimate
{
    int moved = 0;
    std::vector<double> stageSeconds;
    std::vector<double> stageBytes;
    double pipelineSeconds = 0;
    double stepSeconds = 0;
    double peakBytes = 0;
    double bubbleFraction = 0;
};

} // namespace

void addUnevenStageProposals(Context& ctx)
{
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const int p = c.pp;
    if (c.schedule != Schedule::Interleaved1F1B || p < 2 || ctx.evaluator.blockCount() < p * c.vpp)
        return;
    const std::vector<PartitionUnit>& units = ctx.evaluator.units();
    const auto block = std::find_if(units.begin(), units.end(), [](const PartitionUnit& u) { return u.block >= 0; });
    if (block == units.end())
        return;
    const UnitCost bc = UnitCostModel(ctx.problem, c).cost(*block, true);
    const double blockSeconds = bc.computeSeconds + bc.recomputeSeconds + bc.tpCommSeconds;
    const double blockStates = modelStateBytes(bc.params, ctx.problem.training, c.zeroStage, c.dp).total();
    const int m = e.numMicroBatches;
    const int blocksPerStage = ctx.evaluator.blockCount() / p;

    double tMax = 0;
    for (const StageEstimate& st : e.stages)
        tMax = std::max(tMax, st.microBatchSeconds());

    for (int s : { 0, p - 1 }) {
        const StageEstimate& heavy = e.stages[std::size_t(s)];
        const bool slowest = heavy.microBatchSeconds() >= tMax;
        const bool fullest = e.peakStage == s;
        if (!slowest && !fullest)
            continue;
        UnevenEstimate best;
        for (int j = 1; j < blocksPerStage && j <= 2 * (p - 1); ++j) {
            UnevenEstimate u;
            u.moved = j;
            for (const StageEstimate& st : e.stages) {
                u.stageSeconds.push_back(st.microBatchSeconds());
                u.stageBytes.push_back(st.memory.totalBytes());
            }
            u.stageSeconds[std::size_t(s)] -= j * blockSeconds;
            u.stageBytes[std::size_t(s)] -= j * (blockStates + bc.activationBytes * heavy.inFlightMicroBatches);
            for (int moved = 0; moved < j; ++moved) {
                // Each moved block goes to the currently fastest other stage.
                int to = -1;
                for (int k = 0; k < p; ++k)
                    if (k != s && (to < 0 || u.stageSeconds[std::size_t(k)] < u.stageSeconds[std::size_t(to)]))
                        to = k;
                u.stageSeconds[std::size_t(to)] += blockSeconds;
                u.stageBytes[std::size_t(to)]
                    += blockStates + bc.activationBytes * e.stages[std::size_t(to)].inFlightMicroBatches;
            }
            const double maxT = *std::max_element(u.stageSeconds.begin(), u.stageSeconds.end());
            u.pipelineSeconds = pipelineSeconds(u.stageSeconds, m, c.vpp);
            u.stepSeconds = u.pipelineSeconds + e.time.dpExposedSeconds + e.time.optimizerSeconds;
            u.peakBytes = *std::max_element(u.stageBytes.begin(), u.stageBytes.end());
            u.bubbleFraction = (u.pipelineSeconds - m * maxT) / u.pipelineSeconds;
            const bool fits = u.peakBytes <= e.capacityBytes;
            const bool better = best.moved == 0
                || (fits != (best.peakBytes <= e.capacityBytes) ? fits
                                                                : (fits ? u.stepSeconds < best.stepSeconds
                                                                        : u.peakBytes < best.peakBytes));
            if (better)
                best = std::move(u);
        }
        if (best.moved == 0 || (best.stepSeconds >= e.time.stepSeconds && best.peakBytes >= e.peakMemoryBytes))
            continue;

        Proposal prop;
        prop.kind = ProposalKind::UnevenPipelineStages;
        const std::string what = s == 0 ? "first stage (holds the embedding)" : "last stage (holds the output head and logits)";
        prop.title = "Uneven pipeline stages: " + n(best.moved) + (best.moved == 1 ? " block" : " blocks") + " fewer on the "
            + what + " (estimate)";
        prop.config = c;
        prop.training = ctx.problem.training;
        prop.evaluated = false;
        prop.speedup = e.time.stepSeconds / best.stepSeconds;
        prop.memoryDeltaBytes = best.peakBytes - e.peakMemoryBytes;
        prop.feasible = best.peakBytes <= e.capacityBytes;
        prop.estimate = e;
        PlanEstimate& pe = prop.estimate;
        const double scale = e.time.stepSeconds / best.stepSeconds;
        pe.time.stepSeconds = best.stepSeconds;
        pe.time.bubbleSeconds = best.bubbleFraction * best.pipelineSeconds;
        pe.bubbleFraction = best.bubbleFraction;
        pe.peakMemoryBytes = best.peakBytes;
        pe.feasible = prop.feasible;
        pe.tokensPerSecond *= scale;
        pe.mfu *= scale;
        pe.hfu *= scale;
        pe.warnings.push_back("estimate: uneven interleaved stages from per-stage times, not evaluated end to end");
        prop.rationale = "stage " + n(s) + " is the " + (slowest && fullest ? "slowest and fullest" : slowest ? "slowest" : "fullest")
            + ": " + seconds(heavy.microBatchSeconds()) + " per micro-batch (slowest stage " + seconds(tMax) + "), "
            + bytes(heavy.memory.totalBytes()) + " per GPU; moving " + n(best.moved) + " of its blocks ("
            + seconds(blockSeconds) + " and " + bytes(blockStates) + " of model states each) to the other stages "
            + "(Megatron --decoder-" + (s == 0 ? "first" : "last") + "-pipeline-num-layers) gives step "
            + seconds(e.time.stepSeconds) + " -> " + seconds(best.stepSeconds) + ", peak memory "
            + bytes(e.peakMemoryBytes) + " -> " + bytes(best.peakBytes)
            + " (estimate from the per-stage times: the evaluator places interleaved stages uniformly)";
        ctx.out.push_back(std::move(prop));
    }
}

} // namespace shardscope::proposals_detail
