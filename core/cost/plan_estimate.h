// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/infeasible_reason.h"
#include "cost/memory_model.h"
#include "training/training_spec.h"

#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/// Bytes one device holds, by what they are.
struct MemoryBreakdown
{
    double weightsBytes = 0;          ///< 16-bit weights, with FP8 training's cached FP8 copies
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0;      ///< transformer blocks' stored activations, times micro-batches in flight
    double embeddingLogitsBytes = 0;  ///< embedding and output-head activations (logits), times in flight
    double overheadBytes = 0;         ///< "other": other.total()
    OtherMemoryBytes other;           ///< what overheadBytes is made of
    // Mixture of experts, parts of the totals above (zero for dense models):
    double routedExpertBytes = 0;     ///< the routed experts' weights, gradients and optimizer states (after EP, ETP, ZeRO)
    double sharedExpertBytes = 0;     ///< the shared experts' weights, gradients and optimizer states
    double moeActivationBytes = 0;    ///< MoE layers' stored activations (permuted tokens, expert intermediates), in flight

    double totalBytes() const
    {
        return weightsBytes + gradientsBytes + optimizerBytes + activationsBytes + embeddingLogitsBytes + overheadBytes;
    }
};

/// One pipeline stage: the devices of one PP rank (all TP x DP replicas look alike).
struct StageEstimate
{
    int stage = 0;
    std::vector<std::pair<int, int>> layerRanges; ///< [first, end) layer indices; several with interleaving
    /// Several chunks (interleaved schedules): each chunk's share of this stage's micro-batch time, in chunk
    /// order (they sum to 1; chunks may differ when the blocks do not divide evenly). Empty: one chunk.
    std::vector<double> chunkShares;
    double paramsPerDevice = 0;                   ///< after TP sharding, before ZeRO sharding
    double inFlightMicroBatches = 0;
    MemoryBreakdown memory;
    double computeSeconds = 0;    ///< forward + backward kernels per micro-batch
    double weightGradSeconds = 0; ///< the weight-gradient part of the backward (what zero-bubble schedules defer)
    double forwardSeconds = 0;    ///< the forward pass's part of compute + TP communication
    double gemmSeconds = 0;       ///< weight GEMMs within compute + recompute
    double recomputeSeconds = 0;  ///< recomputed forward per micro-batch
    double tpCommSeconds = 0;     ///< exposed TP all-reduces / reduce-scatters + all-gathers per micro-batch
    double ppCommSeconds = 0;     ///< exposed sends to neighbours per micro-batch
    double cpCommSeconds = 0;     ///< exposed context-parallel K/V exchange (ring) or all-to-alls per micro-batch
    double epCommSeconds = 0;     ///< exposed expert-parallel token dispatch and combine (all-to-all) per micro-batch
    double routedExpertParamsPerDevice = 0; ///< the routed experts' part of paramsPerDevice (after EP x ETP)
    double dpCommSeconds = 0;     ///< DP/ZeRO communication per step, before overlap
    double dpExposedSeconds = 0;  ///< the part of it not hidden behind this stage's compute
    double optimizerSeconds = 0;  ///< the optimizer step over this stage's local shard

    double microBatchSeconds() const
    {
        return computeSeconds + recomputeSeconds + tpCommSeconds + ppCommSeconds + cpCommSeconds + epCommSeconds;
    }
};

/// Communication per GPU over one step, averaged over the pipeline's stages (DP: the stage that ends the step).
struct CommBreakdown
{
    double tpBytes = 0, tpSeconds = 0;
    double ppBytes = 0, ppSeconds = 0;
    double cpBytes = 0, cpSeconds = 0;  ///< context parallelism: K/V ring or all-to-alls, exposed seconds
    double epBytes = 0, epSeconds = 0;  ///< expert parallelism: token dispatch and combine all-to-alls, exposed seconds
    double dpBytes = 0, dpSeconds = 0;  ///< all DP traffic, before overlap
    double dpExposedSeconds = 0;        ///< the part not hidden behind backward
    double exposedSeconds() const { return tpSeconds + ppSeconds + cpSeconds + epSeconds + dpExposedSeconds; }
};

/// Where one step's wall time goes, per GPU averaged over the pipeline's stages (every stage has as many GPUs):
/// the pipeline's kinds are each stage's time per micro-batch x m, averaged; a stage's idle time is the schedule's
/// bubble (the slowest stage's fill and drain) plus its wait for the slowest stage (imbalanceSeconds); the
/// data-parallel tail and optimizer are those of the stage that ends the step. The parts add up to stepSeconds.
struct TimeBreakdown
{
    double computeSeconds = 0;
    double recomputeSeconds = 0;
    double tpCommSeconds = 0;
    double ppCommSeconds = 0;
    double cpCommSeconds = 0;
    double epCommSeconds = 0;
    double bubbleSeconds = 0;           ///< the pipeline beyond m x the slowest stage's micro-batch time
    double imbalanceSeconds = 0;        ///< m x (the slowest stage's micro-batch time - the stages' mean)
    double dpExposedSeconds = 0;
    double optimizerSeconds = 0;        ///< optimizer step after the last gradient arrives
    double stepSeconds = 0;

    /// The parts, which add up to stepSeconds.
    double partsSeconds() const
    {
        return computeSeconds + recomputeSeconds + tpCommSeconds + ppCommSeconds + cpCommSeconds + epCommSeconds
            + bubbleSeconds + imbalanceSeconds + dpExposedSeconds + optimizerSeconds;
    }
};

/// Everything predicted for one parallel configuration.
struct PlanEstimate
{
    ParallelConfig config;
    bool feasible = false;
    std::string infeasibleReason;       ///< why not, with numbers ("stage 3 exceeds memory by 4.2 GiB")
    std::vector<std::string> warnings;

    int numMicroBatches = 0;
    double capacityBytes = 0;           ///< usable bytes per device (after margin)
    double peakMemoryBytes = 0;         ///< the most loaded device
    int peakStage = 0;
    std::vector<StageEstimate> stages;
    /// The model's virtual pipeline stages in model order (pp x chunks of them; virtual stage j runs on stage
    /// j % pp, except in ZBV's V: stageAndChunkOf in pipeline_schedule.h): each its [first, end) layer range,
    /// empty for a chunk without layers.
    std::vector<std::pair<int, int>> chunkLayers;

    TimeBreakdown time;
    CommBreakdown comm;
    double tokensPerSecond = 0;
    double modelFlopsPerStep = 0;       ///< 3 x forward FLOPs (Korthikanti Eq. 7 counting)
    double hardwareFlopsPerStep = 0;    ///< with recomputation
    double mfu = 0;
    /// MFU with the attention scores a causal mask hides left out of the model FLOPs, as NVIDIA publishes MFU
    /// (mfu counts them, as Megatron-LM logs and Korthikanti Eq. 7 do).
    double mfuCausalHalf = 0;
    double hfu = 0;
    double bubbleFraction = 0;
    double computeImbalance = 1;        ///< slowest / fastest stage time per micro-batch
};

/// The compact form the search keeps for every candidate, cheap to re-rank.
struct PlanSummary
{
    ParallelConfig config;
    bool feasible = false;
    /// The search's step-time bound (SearchPruning) left its times uncomputed: stepSeconds is a floor,
    /// tokensPerSecond a ceiling, the other times and bytes 0; config, feasibility, reason and memory as for
    /// any candidate where it was placed (feasible false, no memory, where it was not). Next to `feasible`, in
    /// the config's padding: a search keeps a summary of each of its million candidates (168 bytes).
    bool bounded = false;
    InfeasibleReason infeasibleReason; ///< the estimate's reason, or the search's (memory floor, search bound)
    double peakMemoryBytes = 0;
    double capacityBytes = 0;
    double stepSeconds = 0;
    double tokensPerSecond = 0;
    double mfu = 0;
    double bubbleFraction = 0;
    double computeImbalance = 1;
    double exposedCommSeconds = 0;
    double commBytes = 0;
    double score = 0;

    static PlanSummary from(const PlanEstimate& e);
};

} // namespace shardscope
