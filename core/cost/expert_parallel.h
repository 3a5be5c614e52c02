// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>

namespace shardscope {

/// What the rules of expert parallelism need to know of a model: its routed experts (0: dense) and the
/// intermediate size of one (for ETP's split).
struct ExpertShape
{
    int experts = 0;
    double expertFfn = 0;
};

/**
 * Why `config` cannot lay out the routed experts of a model of `shape` (or "") — Megatron-Core's MoE parallel
 * folding rules (megatron/core/parallel_state.py, initialize_model_parallel, and megatron/training/arguments.py
 * validate_args at d98e8a6): EP divides the experts; ETP x EP divides the tp x cp x dp GPUs of a stage (the
 * expert-data-parallel size is what is left); ETP divides an expert's intermediate size; with TP > 1 a MoE
 * needs sequence parallelism; hybrid sharding's replicas divide the expert-data-parallel size too.
 */
std::string expertParallelProblem(const ExpertShape& shape, const ParallelConfig& config);

} // namespace shardscope
