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
    int mtpModules = 0; ///< multi-token-prediction modules (the all-to-all overlap allows at most one)
};

/**
 * Why `config` cannot lay out the routed experts of a model of `shape` (or "") — Megatron-Core's MoE parallel
 * folding rules (megatron/core/parallel_state.py, initialize_model_parallel, and megatron/training/arguments.py
 * validate_args at d98e8a6): EP divides the experts; ETP x EP divides the tp x cp x dp GPUs of a stage (the
 * expert-data-parallel size is what is left); ETP divides an expert's intermediate size; with TP > 1 a MoE
 * needs sequence parallelism; hybrid sharding's replicas divide the expert-data-parallel size too.
 */
std::string expertParallelProblem(const ExpertShape& shape, const ParallelConfig& config, const TrainingSpec& training);

/// Why Megatron's all-to-all overlap (--overlap-moe-expert-parallel-comm) cannot run with `config` (or ""):
/// megatron/core/transformer/transformer_config.py __post_init__ at d98e8a6 asserts EP > 1, no full
/// recomputation, no "moe" among the selective recompute modules, a virtual pipeline (the interleaved schedule) when
/// PP > 1, a bf16 or fp16 model and at most one MTP module.
std::string epOverlapProblem(const ExpertShape& shape, const ParallelConfig& config, const TrainingSpec& training);

/// Share of a stage's micro-batch passes that the all-to-all overlap pairs with another micro-batch's pass: the
/// combined 1F1B schedule pairs the steady phase's forwards and backwards; the warm-up forwards (one more than
/// the schedule's own, megatron/core/pipeline_parallel/schedules.py get_pp_rank_microbatches) and the matching
/// cool-down backwards run alone.
double epOverlapPairedShare(const ParallelConfig& config, int stage, int microBatches);

} // namespace shardscope
