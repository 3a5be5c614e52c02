// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/strategy.h"

#include "util/text.h"

#include <array>

namespace shardscope {

namespace {
struct StrategyName
{
    Strategy strategy;
    std::string_view name;
    std::string_view snake;
};
constexpr std::array<StrategyName, 7> kNames { {
    { Strategy::Exhaustive, "exhaustive", "exhaustive" },
    { Strategy::MemoryOptimal, "MemoryOptimal", "memory_optimal" },
    { Strategy::ComputeBalanced, "ComputeBalanced", "compute_balanced" },
    { Strategy::CommunicationMinimal, "CommunicationMinimal", "communication_minimal" },
    { Strategy::Hybrid, "Hybrid", "hybrid" },
    { Strategy::TensorParallelFirst, "TensorParallelFirst", "tensor_parallel_first" },
    { Strategy::PipelineParallelFirst, "PipelineParallelFirst", "pipeline_parallel_first" },
} };
constexpr std::array<Strategy, 7> kAll { Strategy::Exhaustive, Strategy::MemoryOptimal, Strategy::ComputeBalanced,
                                         Strategy::CommunicationMinimal, Strategy::Hybrid,
                                         Strategy::TensorParallelFirst, Strategy::PipelineParallelFirst };
// Seed AutoPartitionConfig::memory_optimized / throughput_optimized / communication_optimized.
constexpr std::array<Preset, 3> kPresets { {
    { "memory_optimized", Strategy::MemoryOptimal, { 0.6, 0.2, 0.2 }, 0.15 },
    { "throughput_optimized", Strategy::ComputeBalanced, { 0.2, 0.6, 0.2 }, 0.10 },
    { "communication_optimized", Strategy::CommunicationMinimal, { 0.2, 0.2, 0.6 }, 0.10 },
} };

std::string normalized(std::string_view text)
{
    std::string out;
    for (char c : toLower(text))
        if (c != '_' && c != '-' && c != ' ')
            out += c;
    return out;
}
} // namespace

std::string_view toString(Strategy strategy)
{
    for (const auto& n : kNames)
        if (n.strategy == strategy)
            return n.name;
    return "exhaustive";
}

std::optional<Strategy> strategyFromString(std::string_view text)
{
    const std::string key = normalized(text);
    for (const auto& n : kNames)
        if (normalized(n.name) == key)
            return n.strategy;
    if (key == "tpfirst")
        return Strategy::TensorParallelFirst;
    if (key == "ppfirst")
        return Strategy::PipelineParallelFirst;
    return std::nullopt;
}

std::span<const Strategy> allStrategies() { return kAll; }
std::span<const Preset> presets() { return kPresets; }

const Preset* findPreset(std::string_view name)
{
    const std::string key = normalized(name);
    for (const Preset& p : kPresets)
        if (normalized(p.name) == key)
            return &p;
    return nullptr;
}

ScoreWeights defaultWeights(Strategy strategy)
{
    if (strategy == Strategy::Hybrid)
        return { 0.4, 0.3, 0.3 }; // AutoPartitionConfig::default()
    return {};
}

bool usesWeights(Strategy strategy) { return strategy == Strategy::Exhaustive || strategy == Strategy::Hybrid; }

} // namespace shardscope
