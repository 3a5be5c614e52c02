// SPDX-License-Identifier: GPL-3.0-or-later
// The pass order of each pipeline schedule on each stage, for pipeline_schedule.cpp's simulation.
#pragma once

#include "cost/pipeline_schedule.h"

#include <vector>

namespace shardscope::schedule_detail {

/// One pass in a stage's order: which micro-batch, through which of the stage's chunks.
struct Op
{
    int microBatch;
    int chunk;
    PassKind pass;
};

/// Appends the passes stage `stage` of `p` runs for `m` micro-batches over `v` chunks per stage, in its
/// framework's order. The sizes must be ones scheduleProblem accepts.
void appendStageOrder(std::vector<Op>& ops, Schedule schedule, int stage, int p, int m, int v);

} // namespace shardscope::schedule_detail
