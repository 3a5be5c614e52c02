// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace shardscope {

/// DeepSpeed's own model-state memory estimators, reproduced so ShardScope's numbers can be
/// compared with what DeepSpeed users see. Bytes; "GB" in DeepSpeed's printout is 2^30 bytes.
struct DeepSpeedEstimate
{
    double gpuBytes = 0;
    double cpuBytes = 0;
};

/// deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (current release:
/// GPU 2P + 18P/gpus without offload; CPU 4P x gpus_per_node x 1.5; with optimizer offload GPU 2P and
/// CPU P x max(4 gpus, 16) x 1.5).
DeepSpeedEstimate deepSpeedZero2Estimate(double totalParams, int gpusPerNode, int nodes, bool offloadOptimizer);

/// deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs: LL = 4 x largest layer;
/// no offload GPU LL + 18P/gpus; optimizer offload LL + 2P/gpus; parameter + optimizer offload LL.
/// Only the GPU side is reproduced (cpuBytes stays 0).
DeepSpeedEstimate deepSpeedZero3Estimate(double totalParams, double largestLayerParams, int gpusPerNode, int nodes,
                                         bool offloadOptimizer, bool offloadParams);

} // namespace shardscope
