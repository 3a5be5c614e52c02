// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/deepspeed_estimators.h"

#include <algorithm>

namespace shardscope {

namespace {
constexpr double kBufferFactor = 1.5; // DeepSpeed's additional_buffer_factor default
}

DeepSpeedEstimate deepSpeedZero2Estimate(double totalParams, int gpusPerNode, int nodes, bool offloadOptimizer)
{
    const double gpus = double(gpusPerNode) * nodes;
    DeepSpeedEstimate e;
    if (offloadOptimizer) {
        e.gpuBytes = 2 * totalParams;
        e.cpuBytes = totalParams * std::max(4 * gpus, 16.0) * kBufferFactor;
    } else {
        e.gpuBytes = 2 * totalParams + 18 * totalParams / gpus;
        e.cpuBytes = totalParams * 4 * gpusPerNode * kBufferFactor;
    }
    return e;
}

DeepSpeedEstimate deepSpeedZero3Estimate(double totalParams, double largestLayerParams, int gpusPerNode, int nodes,
                                         bool offloadOptimizer, bool offloadParams)
{
    const double gpus = double(gpusPerNode) * nodes;
    const double largestLayerBytes = 4 * largestLayerParams;
    DeepSpeedEstimate e;
    if (offloadOptimizer && offloadParams) {
        e.gpuBytes = largestLayerBytes;
    } else if (offloadOptimizer) {
        e.gpuBytes = largestLayerBytes + 2 * totalParams / gpus;
    } else {
        e.gpuBytes = largestLayerBytes + 18 * totalParams / gpus;
    }
    return e;
}

} // namespace shardscope
