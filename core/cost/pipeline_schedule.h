// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>
#include <utility>
#include <vector>

namespace shardscope {

class EvaluationContext;

/// What a schedule slot computes. Zero-bubble schedules (isZeroBubble) split the backward into the
/// input gradient (Backward, "B" or "I" in torch) and the weight gradient (WeightGrad, "W"); the others
/// run the whole backward, weight gradients included, as one Backward pass.
enum class PassKind { Forward, Backward, WeightGrad };

/// One pass of one micro-batch through one model chunk on one pipeline stage.
struct ScheduleSlot
{
    int stage = 0;       ///< pipeline rank (device row of the Gantt chart)
    int microBatch = 0;
    int chunk = 0;       ///< model chunk on this stage (interleaved schedules), 0 otherwise
    PassKind pass = PassKind::Forward;
    double start = 0;    ///< seconds from the start of the step
    double end = 0;
};

/// A simulated pipeline schedule: every slot, the makespan and the idle share.
struct PipelineTimeline
{
    Schedule schedule = Schedule::OneFOneB;
    int stages = 1;
    int microBatches = 1;
    int chunks = 1;
    std::vector<ScheduleSlot> passes; ///< in the order each stage runs them
    double makespan = 0;             ///< from the first forward to the last backward or weight gradient
    double busySeconds = 0;          ///< per stage, the most loaded stage's work
    /// Idle time over the step on the busiest stage: (makespan - busy) / makespan.
    double bubbleFraction() const { return makespan > 0 ? (makespan - busySeconds) / makespan : 0; }
};

/// One pipeline stage's work for one micro-batch, all its chunks together.
struct StagePassSeconds
{
    double forwardSeconds = 0;
    double backwardSeconds = 0;   ///< the whole backward: input and weight gradients
    /// The weight-gradient part of backwardSeconds: a pass of its own (W) in zero-bubble schedules.
    double weightGradSeconds = 0;
    /// Each chunk's share of the stage's times, in chunk order (they sum to 1). Empty: equal shares.
    std::vector<double> chunkShares;
};

/**
 * Why `schedule` cannot run `microBatches` micro-batches over `pp` stages with `vpp` model chunks per
 * stage; empty when it can. The rules of the frameworks that run each schedule:
 * - GPipe, 1F1B, ZB-H1: one chunk per stage (vpp 1);
 * - interleaved 1F1B (Megatron-LM): PP >= 2, vpp >= 2, micro-batches divisible by PP;
 * - zero-bubble schedules need PP >= 2 (they reorder passes between stages);
 * - interleaved zero bubble (torch.distributed.pipelining ScheduleInterleavedZeroBubble): vpp >= 2 and
 *   micro-batches divisible by the rounds max(1, m / PP) (micro-batches per round m / rounds);
 * - ZBV (ScheduleZBVZeroBubble): exactly 2 chunks per stage.
 */
std::string scheduleProblem(Schedule schedule, int pp, int vpp, int microBatches);

/// The virtual (model-order) stage that chunk `chunk` of pipeline stage `stage` holds: chunk x pp + stage
/// (Megatron's and torch's "loop" placement), or for ZBV the V: chunk 0 is virtual stage `stage`, chunk 1
/// virtual stage 2 pp - 1 - stage, so device 0 holds the first and the last (torch "v" placement,
/// torch/distributed/pipelining/_utils.py generate_stage_to_rank_mapping).
int virtualStageOf(Schedule schedule, int pp, int stage, int chunk);
/// The inverse: (stage, chunk) of virtual stage `virtualStage`.
std::pair<int, int> stageAndChunkOf(Schedule schedule, int pp, int virtualStage);

/**
 * Simulates one training step's pipeline schedule (the slots a Gantt chart draws) from per-stage
 * times per micro-batch; chunk c of a stage takes chunkShares[c] of them (equal shares if empty).
 * Each stage runs its passes in its framework's order:
 * - GPipe: all forwards, then all backwards (Huang et al. 2019);
 * - 1F1B (PipeDream-Flush): p - s - 1 warm-up forwards on stage s, then one forward one backward,
 *   then the remaining backwards (Narayanan et al. 2021, Sec. 2.2);
 * - interleaved 1F1B: Megatron-LM's order (micro-batches in groups of p, warm-up (p - s - 1) x 2 +
 *   (chunks - 1) x p);
 * - ZB-H1 (Qi et al. 2024, "Zero Bubble Pipeline Parallelism", arXiv 2401.10241, Sec. 2.1): 1F1B's
 *   forwards and input-gradient backwards, with stage s holding back its first s weight-gradient passes
 *   so that they fill the cooldown; every stage then keeps min(p, m) micro-batches between forward and W,
 *   the 1F1B first stage's count;
 * - interleaved zero bubble: torch.distributed.pipelining ScheduleInterleavedZeroBubble (the paper's
 *   ZB1P), the interleaved 1F1B order with warm-up (chunks - 1) x round + p - s - 1 and W deferred
 *   likewise;
 * - ZBV: ScheduleZBVZeroBubble (Sec. 6), two chunks per stage placed in a V (virtualStageOf).
 * Every pass starts when its stage is free and its input is done (previous virtual stage's forward,
 * next virtual stage's input gradient, this chunk's own input gradient for W), plus `hopSeconds` between
 * stages. With equal stage times the idle share reproduces the published bubbles: (p - 1) / m of the ideal
 * time for 1F1B, (p - 1) / (v m) interleaved (Narayanan et al. 2021, Eq. 1 and Sec. 2.2), (p - 1)(F + B - W)
 * for ZB-H1 when B >= W and m >= p (Qi et al. 2024, Sec. 2.1).
 * Throws std::invalid_argument for sizes it cannot schedule (scheduleProblem) or mismatched inputs.
 */
PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages,
                                  double hopSeconds = 0);
/// The same with whole backward passes and no weight-gradient split (W passes, if any, take no time).
PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<double>& forwardSeconds,
                                  const std::vector<double>& backwardSeconds, double hopSeconds = 0);
/// simulatePipeline's makespan alone, without recording slots (what the step-time model needs).
/// With this thread's EvaluationContext (EvaluationContext::forThisThread()).
double simulatedMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages);
/// The same with `context`'s compiled pass orders and vectors.
double simulatedMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages,
                         EvaluationContext& context);

struct PlanEstimate;
struct StageEstimate;

/// The pass times of evaluated stages: forward = the stage's forward kernels, forward TP communication
/// and half its PP sends (StageEstimate::forwardSeconds); backward = the rest of the micro-batch (backward
/// kernels, recomputation, TP, PP), of which StageEstimate::weightGradSeconds is the W pass of zero-bubble
/// schedules; with `chunks` > 1 the chunks split them by StageEstimate::chunkShares.
std::vector<StagePassSeconds> stagePassSeconds(const std::vector<StageEstimate>& stages, int chunks);
/// The same into `out`, reusing its vectors (the search's hot path).
void stagePassSeconds(const std::vector<StageEstimate>& stages, int chunks, std::vector<StagePassSeconds>& out);

/**
 * The simulated schedule of an evaluated plan, from its stages' pass times (stagePassSeconds). A plan
 * without pipeline parallelism is one row.
 * Throws std::invalid_argument for an estimate without stages or micro-batches (rejected before
 * partitioning) or with sizes simulatePipeline cannot schedule.
 */
PipelineTimeline planTimeline(const PlanEstimate& plan);

} // namespace shardscope
