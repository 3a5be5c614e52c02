// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>
#include <vector>

namespace shardscope {

/// One forward or backward pass of one micro-batch through one model chunk on one pipeline stage.
struct ScheduleSlot
{
    int stage = 0;       ///< pipeline rank (device row of the Gantt chart)
    int microBatch = 0;
    int chunk = 0;       ///< model chunk on this stage (interleaved 1F1B), 0 otherwise
    bool forward = true;
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
    double makespan = 0;             ///< from the first forward to the last backward
    double busySeconds = 0;          ///< per stage, the most loaded stage's work
    /// Idle time over the step on the busiest stage: (makespan - busy) / makespan.
    double bubbleFraction() const { return makespan > 0 ? (makespan - busySeconds) / makespan : 0; }
};

/**
 * Simulates one training step's pipeline schedule (the slots a Gantt chart draws) with per-stage
 * forward and backward times per micro-batch (whole stage; a chunk takes 1/chunks of it):
 * - GPipe: all forwards, then all backwards (Huang et al. 2019);
 * - 1F1B (PipeDream-Flush): p - s - 1 warm-up forwards on stage s, then one forward one backward,
 *   then the remaining backwards (Narayanan et al. 2021, Sec. 2.2);
 * - interleaved 1F1B: `chunks` model chunks per stage in Megatron-LM's order (micro-batches in
 *   groups of p, warm-up (p - s - 1) x 2 + (chunks - 1) x p), needing microBatches % stages == 0.
 * Every pass starts when its stage is free and its input (previous stage's forward, next
 * stage's backward) is done, plus `hopSeconds` between stages. With equal stage times the idle
 * share reproduces the published bubble: (p - 1) / (m + p - 1) of the step, i.e. (p - 1) / m of
 * the ideal time, and (p - 1) / (v m) for interleaving (Narayanan et al. 2021, Eq. 1 and Sec. 2.2).
 * Throws std::invalid_argument for sizes it cannot schedule.
 */
PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<double>& forwardSeconds,
                                  const std::vector<double>& backwardSeconds, double hopSeconds = 0);

struct PlanEstimate;

/**
 * The simulated schedule of an evaluated plan, from its per-stage micro-batch times: forward
 * = the stage's forward kernels, forward TP communication and half its PP sends (StageEstimate::
 * forwardSeconds); backward = the rest of the micro-batch (backward kernels, recomputation, TP, PP). A plan without pipeline parallelism is one row.
 * Throws std::invalid_argument for an estimate without stages or micro-batches (rejected before
 * partitioning) or with sizes simulatePipeline cannot schedule.
 */
PipelineTimeline planTimeline(const PlanEstimate& plan);

} // namespace shardscope
