// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/memory_model.h"

#include "cost/step_model.h"


#include <algorithm>

namespace shardscope {

ModelStateBytes modelStateBytes(double params, const TrainingSpec& training, int zeroStage, int dp)
{
    // ZeRO paper Sec. 5.1: (2 + 2 + K) Psi with K = 12 for mixed-precision Adam; stage 1: 4 Psi + K Psi/Nd,
    // stage 2: 2 Psi + (2 + K) Psi/Nd, stage 3: (2 + 2 + K) Psi/Nd. Gradient bytes follow the training spec.
    const double n = std::max(dp, 1);
    ModelStateBytes s;
    s.weights = params * training.bytesPerParam();
    s.gradients = params * training.gradientBytesPerParam();
    s.optimizer = params * training.optimizerBytesPerParam();
    if (zeroStage >= 1)
        s.optimizer /= n;
    if (zeroStage >= 2)
        s.gradients /= n;
    if (zeroStage >= 3)
        s.weights /= n;
    return s;
}

double inFlightMicroBatches(Schedule schedule, int pp, int stage, int microBatches, int vpp)
{
    const double m = microBatches;
    switch (schedule) {
    case Schedule::GPipe:
        return m;
    case Schedule::OneFOneB:
        return std::min<double>(pp - stage, m);
    case Schedule::Interleaved1F1B: {
        const int v = std::max(vpp, 1);
        // Megatron-LM schedules.py, get_num_warmup_microbatches (interleaved) + the one in flight.
        const double chunks = 2.0 * (pp - stage - 1) + double(v - 1) * pp + 1;
        return std::min(chunks / v, m);
    }
    // Zero-bubble schedules: from forward to weight gradient, a deferred W counted as the whole micro-batch
    // (modelled: W keeps the linear layers' inputs and output gradients; torch's stage_backward_input
    // retains the weight-gradient subgraph until stage_backward_weight, torch/distributed/pipelining/
    // _backward.py). The counts are the peaks of the orders in pipeline_schedule.cpp (tst_pipeline_schedule
    // checks them against the simulated orders).
    case Schedule::ZeroBubbleH1:
        // Qi et al. 2024 Sec. 2.1: stage s defers its first s weight gradients, so every stage keeps the
        // 1F1B first stage's p micro-batches (its first stage's peak equals 1F1B's).
        return std::min<double>(pp, m);
    case Schedule::InterleavedZeroBubble: {
        // torch ScheduleInterleavedZeroBubble: (v - 1) r + p - s - 1 warm-up forwards, one more before the
        // first input gradient and s more before the first W, r = m / max(1, m / p) micro-batches a round.
        const int v = std::max(vpp, 1);
        const double round = double(microBatches / std::max(1, microBatches / std::max(pp, 1)));
        return std::min((double(v - 1) * round + pp) / v, m);
    }
    case Schedule::ZeroBubbleV:
        // torch ScheduleZBVZeroBubble: 2(p - s) - 1 + 2s warm-up forwards of its two chunks, one more before
        // the first W; each chunk half the device's layers. p once m >= 2p - 1, 1F1B's peak (Qi et al. Sec. 6).
        return std::min({ 2.0 * pp, m + stage + 1.0, 2.0 * m }) / 2.0;
    }
    return m;
}

OtherMemoryBytes otherMemoryBytes(const TrainingSpec& training, const ParallelConfig& config, double localParams,
                                  double stageParams, double largestLayerParams, double recomputeWorkingSetBytes,
                                  bool tiedAcrossStages)
{
    OtherMemoryBytes o;
    o.cudaContext = kCudaContextBytes;
    const int communicators = (config.tp > 1 ? 1 : 0) + (config.cp > 1 ? 1 : 0) + (config.dp * config.cp > 1 ? 1 : 0)
        + (config.dpReplicate > 1 ? 1 : 0) + (config.pp > 1 ? 1 : 0) + (config.pp > 1 && tiedAcrossStages ? 1 : 0)
        // MoE parallel folding's own groups: EP, ETP and the routed experts' data-parallel group.
        + (config.ep > 1 ? 1 : 0) + (config.etp > 1 ? 1 : 0) + (config.ep * config.etp > 1 && config.expertDataParallel() > 1 ? 1 : 0);
    o.ncclBuffers = communicators * kNcclBytesPerCommunicator;
    o.optimizerTransient = 4.0 * std::min(localParams, dpBucketParams(config.zeroShardSize()));
    if (config.zeroStage == 3)
        o.zero3Gather = (config.reshardAfterForward ? 2.0 * largestLayerParams : stageParams) * training.bytesPerParam();
    o.recomputeWorkingSet = recomputeWorkingSetBytes;
    o.allowance = training.frameworkOverheadBytes;
    return o;
}

} // namespace shardscope
