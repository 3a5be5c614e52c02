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
    }
    return m;
}

OtherMemoryBytes otherMemoryBytes(const TrainingSpec& training, const ParallelConfig& config, double localParams,
                                  double largestLayerParams, double recomputeWorkingSetBytes, bool tiedAcrossStages)
{
    OtherMemoryBytes o;
    o.cudaContext = kCudaContextBytes;
    const int communicators = (config.tp > 1 ? 1 : 0) + (config.dp > 1 ? 1 : 0) + (config.pp > 1 ? 1 : 0)
        + (config.pp > 1 && tiedAcrossStages ? 1 : 0);
    o.ncclBuffers = communicators * kNcclBytesPerCommunicator;
    o.optimizerTransient = 4.0 * std::min(localParams, dpBucketParams(config.dp));
    o.zero3Gather = config.zeroStage == 3 ? 2.0 * largestLayerParams * training.bytesPerParam() : 0.0;
    o.recomputeWorkingSet = recomputeWorkingSetBytes;
    o.allowance = training.frameworkOverheadBytes;
    return o;
}

} // namespace shardscope
