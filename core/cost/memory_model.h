// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

namespace shardscope {

/// Weights, gradients and optimizer states of `params` parameters on one data-parallel rank.
struct ModelStateBytes
{
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double total() const { return weights + gradients + optimizer; }
};

/// ZeRO (Rajbhandari et al. 2020, Sec. 5): stage 1 shards optimizer states, stage 2 also gradients,
/// stage 3 also weights, each over the `dp` data-parallel ranks.
ModelStateBytes modelStateBytes(double params, const TrainingSpec& training, int zeroStage, int dp);

/**
 * The "other" memory of one GPU, itemised (docs/cost-model.md, "Memory per device"): what users run out
 * of besides model states and activations.
 */
struct OtherMemoryBytes
{
    double cudaContext = 0;        ///< CUDA context and the math libraries' workspaces
    double ncclBuffers = 0;        ///< NCCL's buffers, per communicator this GPU takes part in
    double optimizerTransient = 0; ///< fp32 temporaries of the optimizer step (one gradient bucket)
    double zero3Gather = 0;        ///< ZeRO-3's gathered parameters
    double recomputeWorkingSet = 0;///< one block's activations rebuilt during full recomputation
    double allowance = 0;          ///< TrainingSpec::frameworkOverheadBytes: the user's extra allowance
    double moeDispatch = 0;        ///< MoE token dispatcher's transient buffers (one layer's all-to-all in and out)
    double total() const
    {
        return cudaContext + ncclBuffers + optimizerTransient + zero3Gather + recomputeWorkingSet + allowance + moeDispatch;
    }
};

/// CUDA context and library workspaces: 0.75 GiB. PyTorch's context with lazy module loading (CUDA >= 11.7)
/// takes about 0.3-0.5 GiB on A100/H100; cuBLAS keeps 32 MiB a stream (CUBLAS_WORKSPACE_CONFIG :4096:8);
/// cuDNN and Transformer Engine workspaces the rest. An assumption, not fitted.
constexpr double kCudaContextBytes = 0.75 * 1024 * 1024 * 1024;
/// NCCL buffers of one communicator: NCCL_BUFFSIZE (4 MiB) for the simple protocol plus the LL and LL128
/// buffers, per channel, for the ring's send and receive side, with 16 channels: about 0.2 GiB.
constexpr double kNcclBytesPerCommunicator = 0.2 * 1024 * 1024 * 1024;

/// The other memory of a GPU of `config`: one NCCL communicator each for TP, CP, DP (x CP), the pipeline and
/// hybrid sharding's replicas (and the tied-embedding group of the first and last stage when
/// `tiedAcrossStages`); the optimizer step's fp32 temporaries over one DP bucket (or the local shard
/// `localParams` when smaller); ZeRO-3's gathered parameters: two layers (DeepSpeed's estimator: 4 x largest
/// layer bytes), or with reshardAfterForward off the stage's `stageParams` whole, kept from forward to
/// backward while micro-batches are in flight; the recompute working set; the user's allowance.
OtherMemoryBytes otherMemoryBytes(const TrainingSpec& training, const ParallelConfig& config, double localParams,
                                  double stageParams, double largestLayerParams, double recomputeWorkingSetBytes,
                                  bool tiedAcrossStages);

/**
 * Micro-batches whose activations stage `stage` (0-based) of `pp` holds at its peak.
 * GPipe: all m. 1F1B: min(p - stage, m) (Narayanan 2021, Sec. 2.2). Interleaved 1F1B with v chunks:
 * Megatron's warm-up count (2(p - stage - 1) + (v - 1) p + 1) chunk-micro-batches, each 1/v of the
 * device's layers; on stage 0 this is Korthikanti's p (1 + (p - 1)/(p v)).
 * Zero-bubble schedules hold a micro-batch from its forward until its weight gradient (W), counted whole
 * (an upper bound: W needs the linear layers' inputs and output gradients, most of the activations;
 * torch keeps the weight-gradient part of the autograd graph until W): ZB-H1 min(p, m) on every stage
 * (1F1B's first-stage peak, Qi et al. 2024 Sec. 2.1); interleaved zero bubble ((v - 1) r + p) chunk-micro-
 * batches with r = m / max(1, m / p) micro-batches a round; ZBV min(2p, m + stage + 1, 2m) chunk-micro-
 * batches of its 2 chunks, p on every device once m >= 2p - 1 (the paper's Sec. 6: 1F1B's peak).
 */
double inFlightMicroBatches(Schedule schedule, int pp, int stage, int microBatches, int vpp);

} // namespace shardscope
