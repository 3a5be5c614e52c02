// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "model/model_graph.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

/// How one layer is laid out; the seed's ShardingStrategy names.
enum class ShardingKind
{
    Replicated,
    TensorWise,
    LayerWise
};

std::string_view toString(ShardingKind kind); ///< "Replicated", "TensorWise", "LayerWise"
std::optional<ShardingKind> shardingKindFromString(std::string_view text); ///< case-insensitive

/// One layer's placement: the seed's LayerPartition plus the model chunk it runs in.
struct LayerPartition
{
    std::string layerName;
    ShardingKind strategy = ShardingKind::Replicated;
    std::vector<int> deviceIds; ///< the TP group of data-parallel replica 0 of the layer's stage
    int tpSize = 1;
    int ppStage = 0;
    int chunk = 0; ///< model chunk on its device (Megatron's virtual pipeline rank), 0..vpp-1

    bool operator==(const LayerPartition&) const = default;
};

/**
 * Global ranks [first, end) of pipeline stage `stage`, in Megatron's rank order (TP fastest, then
 * DP, then PP): rank = pp_rank * tp * dp + dp_rank * tp + tp_rank, so a stage is one contiguous block.
 */
std::pair<int, int> stageDeviceRange(const ParallelConfig& config, int stage);

/**
 * Every layer of `model` with its stage (from estimate.stages[k].layerRanges), strategy and devices.
 * Empty when the estimate has no stages (a configuration rejected before partitioning). Throws
 * std::invalid_argument when the ranges do not cover each layer of `model` exactly once.
 */
std::vector<LayerPartition> layerPartitions(const ModelGraph& model, const PlanEstimate& estimate);

} // namespace shardscope
