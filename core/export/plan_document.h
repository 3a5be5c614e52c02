// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "cost/training_budget.h"
#include "hardware/cluster_spec.h"
#include "model/model_graph.h"
#include "model/transformer_spec.h"
#include "partition/layer_partition.h"
#include "partition/planner.h"
#include "partition/strategy.h"
#include "proposals/proposals.h"
#include "training/training_spec.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/// What a plan file says about the model it was planned for (the graph itself is not stored).
struct PlanModelSummary
{
    std::string name;
    std::string sourceFormat;
    std::int64_t totalParams = 0;  ///< the model's parameters, multi-token-prediction modules not included
    std::int64_t activeParams = 0; ///< per token, likewise
    int layerCount = 0;
    int blockCount = 0;
    std::optional<TransformerSpec> transformer;

    static PlanModelSummary from(const ModelGraph& model);
};

/// The seed's ShardingPlan, kept so files stay readable by tools written against the prototype.
struct SeedShardingPlan
{
    std::string modelName;
    std::vector<LayerPartition> layerPartitions;
    int numPpStages = 1;
    int tpSize = 1;
    int dpSize = 1;
    std::uint64_t estimatedMemoryPerDevice = 0; ///< bytes, the peak device (seed: usize)
    double computeImbalance = 1;
    std::uint64_t communicationVolume = 0; ///< bytes over one step, TP + PP + CP + DP (seed: usize)
    double optimizationScore = 0;
};

/// First and last layer names of one of a stage's layer ranges, parallel to StageEstimate::layerRanges.
struct LayerRangeNames
{
    std::string first;
    std::string last;
    bool operator==(const LayerRangeNames&) const = default;
};

/// One ranked plan: the full estimate plus what makes it readable without the model graph.
struct DocumentPlan
{
    int rank = 1; ///< 1 = best
    /// The rank of the first plan of its tie group (plan_ties.h) when it ties with another plan, else 0.
    int tiedWith = 0;
    double score = 0;
    PlanEstimate estimate;
    std::vector<std::vector<LayerRangeNames>> rangeNames; ///< [stage][range]
    SeedShardingPlan sharding;
    /// Ranked proposals for this plan (proposeChanges); makePlanDocument fills them for the best plan
    /// only. A file keeps of each proposal's estimate only config, feasible, infeasible_reason,
    /// step_seconds, peak_memory_bytes, bubble_fraction and mfu, and of its training spec only
    /// dp_overlap (the rest is the document's); equality compares exactly those.
    std::vector<Proposal> proposals;
};

/// Builds a plan entry from an evaluated estimate: range names, layer partitions, seed fields.
DocumentPlan makeDocumentPlan(const ModelGraph& model, const PlanEstimate& estimate, int rank, double score);

struct SearchStats
{
    std::uint64_t candidatesEvaluated = 0;
    std::uint64_t feasibleCount = 0;
    double elapsedSeconds = 0;
};

/// Everything a plan file ("format": "shardscope-plan") holds; docs/plan-format.md describes it.
struct PlanDocument
{
    static constexpr const char* kFormat = "shardscope-plan";
    static constexpr int kVersion = 1;

    std::string generator = "ShardScope"; ///< e.g. "ShardScope 0.1.0"
    PlanModelSummary model;
    ClusterSpec cluster; ///< its gpu.calibration is also written as the file's "prediction_error"
    TrainingSpec training;
    Strategy strategy = Strategy::Exhaustive;
    ScoreWeights weights;
    /// The token budget (and price) the plans were costed with ("inputs.budget"); unset: none, and the
    /// file has no budget key and no plans[].training_time.
    std::optional<TrainingBudget> budget;
    SearchStats search;
    std::vector<DocumentPlan> plans;
    /// Model graph analysis (proposals, critical path); opaque here so content written by newer
    /// code survives a read and a write unchanged.
    std::optional<nlohmann::ordered_json> analysis;
};

// Field-by-field equality (doubles compared exactly: a round trip must reproduce them bit for bit).
bool operator==(const PlanModelSummary& a, const PlanModelSummary& b);
bool operator==(const SeedShardingPlan& a, const SeedShardingPlan& b);
bool operator==(const DocumentPlan& a, const DocumentPlan& b);
bool operator==(const SearchStats& a, const SearchStats& b);
bool operator==(const PlanDocument& a, const PlanDocument& b);

/// Where two documents first differ ("plans[0].stages[2].memory.weights_bytes"), or "" when equal.
std::string firstDifference(const PlanDocument& a, const PlanDocument& b);

/// A plan file for the outcome's best plans.
PlanDocument makePlanDocument(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                              const PlanningOutcome& outcome, const std::string& generator);

} // namespace shardscope
