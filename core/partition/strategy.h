// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace shardscope {

/// How plans are ranked. The six seed strategies keep their names; Exhaustive ranks by the weighted score.
enum class Strategy {
    Exhaustive,
    MemoryOptimal,
    ComputeBalanced,
    CommunicationMinimal,
    Hybrid,
    TensorParallelFirst,
    PipelineParallelFirst,
};

/// The seed's hybrid weights (AutoPartitionConfig::memory_weight, compute_weight, communication_weight).
/// By default throughput alone: the plans that fit rank fastest first, and the memory margin is the
/// headroom rule (a plan uses at most 1 - margin of each GPU). Memory and communication weights trade
/// speed for headroom or for less exposed communication when the user asks for it.
struct ScoreWeights
{
    double memory = 0;
    double compute = 1;
    double communication = 0;
    bool operator==(const ScoreWeights&) const = default;
};

/// The seed's three configuration presets: a strategy, its weights and a memory margin.
struct Preset
{
    std::string_view name;
    Strategy strategy;
    ScoreWeights weights;
    double memoryMargin;
};

std::string_view toString(Strategy strategy);          ///< "exhaustive", "MemoryOptimal", ...
std::optional<Strategy> strategyFromString(std::string_view text); ///< seed names, snake_case or kebab-case
std::span<const Strategy> allStrategies();
std::span<const Preset> presets();
const Preset* findPreset(std::string_view name);       ///< "memory_optimized", "throughput_optimized", ...
ScoreWeights defaultWeights(Strategy strategy);        ///< Hybrid: the seed's 0.4 / 0.3 / 0.3
/// Whether the strategy orders plans by the weighted score (Exhaustive, Hybrid); the other five have their own rule.
bool usesWeights(Strategy strategy);

} // namespace shardscope
