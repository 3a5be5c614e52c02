// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/layer_partition.h"

#include "cost/pipeline_schedule.h"
#include "util/text.h"

#include <array>
#include <stdexcept>

namespace shardscope {

namespace {
constexpr std::array<std::pair<ShardingKind, std::string_view>, 3> kNames { {
    { ShardingKind::Replicated, "Replicated" },
    { ShardingKind::TensorWise, "TensorWise" },
    { ShardingKind::LayerWise, "LayerWise" },
} };
} // namespace

std::string_view toString(ShardingKind kind)
{
    for (const auto& [k, name] : kNames)
        if (k == kind)
            return name;
    return "Replicated";
}

std::optional<ShardingKind> shardingKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kNames)
        if (equalsIgnoreCase(name, text))
            return k;
    return std::nullopt;
}

std::pair<int, int> stageDeviceRange(const ParallelConfig& config, int stage)
{
    const int perStage = config.tp * config.cp * config.dp; // Megatron's rank order: TP, CP, DP, then PP
    return { stage * perStage, (stage + 1) * perStage };
}

std::vector<LayerPartition> layerPartitions(const ModelGraph& model, const PlanEstimate& estimate)
{
    if (estimate.stages.empty())
        return {};
    const ParallelConfig& c = estimate.config;
    const int count = model.layerCount();
    std::vector<int> stageOf(static_cast<std::size_t>(count), -1);
    for (std::size_t k = 0; k < estimate.stages.size(); ++k)
        for (const auto& [first, end] : estimate.stages[k].layerRanges) {
            if (first < 0 || end > count || first > end)
                throw std::invalid_argument("layer range [" + std::to_string(first) + ", "
                    + std::to_string(end) + ") of stage " + std::to_string(k) + " is outside the model's "
                    + std::to_string(count) + " layers");
            for (int i = first; i < end; ++i) {
                if (stageOf[std::size_t(i)] >= 0)
                    throw std::invalid_argument("layer " + std::to_string(i) + " is in two stages");
                stageOf[std::size_t(i)] = int(k);
            }
        }

    // Chunks from the plan's virtual stages (ZBV's V puts two adjacent virtual stages on one stage); plans
    // without them: with interleaving a stage's layers come back every pp runs, the n-th run is chunk n.
    std::vector<int> chunkOf(static_cast<std::size_t>(count), -1);
    for (std::size_t j = 0; j < estimate.chunkLayers.size(); ++j) {
        const int chunk = isInterleaved(c.schedule) ? stageAndChunkOf(c.schedule, c.pp, int(j)).second : 0;
        for (int i = std::max(0, estimate.chunkLayers[j].first); i < std::min(count, estimate.chunkLayers[j].second); ++i)
            chunkOf[std::size_t(i)] = chunk;
    }
    std::vector<int> runsSeen(estimate.stages.size(), 0);
    std::vector<LayerPartition> out;
    out.reserve(stageOf.size());
    for (int i = 0; i < count; ++i) {
        const int stage = stageOf[std::size_t(i)];
        if (stage < 0)
            throw std::invalid_argument(
                "layer " + std::to_string(i) + " (" + model.layer(i).name + ") is in no stage");
        if (i == 0 || stageOf[std::size_t(i) - 1] != stage)
            ++runsSeen[std::size_t(stage)];
        const Layer& layer = model.layer(i);
        LayerPartition p;
        p.layerName = layer.name;
        p.strategy = layer.tpShardable && c.tp > 1 ? ShardingKind::TensorWise
            : c.pp > 1                             ? ShardingKind::LayerWise
                                                   : ShardingKind::Replicated;
        const int first = stageDeviceRange(c, stage).first; // replica 0's TP group opens the stage's range
        for (int t = 0; t < c.tp; ++t)
            p.deviceIds.push_back(first + t);
        p.tpSize = c.tp;
        p.ppStage = stage;
        p.chunk = chunkOf[std::size_t(i)] >= 0 ? chunkOf[std::size_t(i)] : runsSeen[std::size_t(stage)] - 1;
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace shardscope
