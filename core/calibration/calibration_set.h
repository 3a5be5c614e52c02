// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "cost/planning_problem.h"
#include "model/transformer_spec.h"

#include <optional>
#include <string>
#include <vector>

namespace shardscope {

class HardwareCatalog;

/// How a published throughput counts FLOPs (the row's TFLOP/s are that count / GPUs / step time).
enum class FlopCounting {
    NarayananEq3,    ///< 96 B s l h^2 (1 + s/(6h) + V/(16 l h)): includes full recomputation's extra forward
    MegatronModel,   ///< 72 B s l h^2 (1 + s/(6h) + V/(12 l h)): model FLOPs (Megatron-LM training.py)
};

/**
 * One published training run of the calibration set (docs/calibration-set.md: Narayanan et al. 2021 Table 1, the
 * Megatron-LM README table): the only
 * measurements the cost model's per-GPU constants may be fitted to.
 */
struct CalibrationRun
{
    std::string family;      ///< GPU family whose constants the row calibrates ("A100", "H100")
    std::string gpu;         ///< catalog name of the GPU the run used
    std::string label;       ///< model size as published, "1.7B"
    std::string source;      ///< paper / table
    TransformerSpec spec;
    int gpus = 0;
    int gpusPerNode = 8;
    int tp = 1, pp = 1, dp = 1;
    std::int64_t seqLength = 0;
    std::int64_t globalBatch = 0;
    double publishedTflopsPerGpu = 0;
    FlopCounting counting = FlopCounting::NarayananEq3;
    /// The published setup: precision, recomputation, schedule, ZeRO and overlap pins; what the row
    /// does not state stays unpinned and is searched.
    PlanPins pins;
    TrainingSpec training;

    /// FLOPs per step as the publication counts them (independent of the cost model).
    double publishedCountFlops() const;
    PlanningProblem problem(const HardwareCatalog& catalog) const; ///< throws when the GPU is missing
};

/// The GPTs of Narayanan et al. 2021 Table 1 and Korthikanti et al. 2022: V = 51,200, s = 2048, MHA,
/// ffn 4h, LayerNorm, biases, learned positions, tied embeddings, dropout.
TransformerSpec narayananGpt(std::int64_t hidden, std::int64_t heads, std::int64_t layers);
/// The GPTs of the Megatron-LM README table: 12 L h^2 + 2 V h parameters (untied, rotary), V = 131,072,
/// s = 4096; LayerNorm, GELU and biases (Megatron's defaults), no dropout.
TransformerSpec megatronReadmeGpt(std::int64_t hidden, std::int64_t heads, std::int64_t layers);

/// Narayanan et al. 2021 Table 1 (10 rows, A100) and the Megatron-LM README table (9 rows, H100).
const std::vector<CalibrationRun>& calibrationRuns();

/// What the model predicts for one run: the fastest feasible plan with the published pins.
struct RunPrediction
{
    bool feasible = false;
    std::string reason;          ///< when no plan fits: the first candidate's reason
    ParallelConfig config;       ///< the plan the search picked
    double stepSeconds = 0;
    double predictedTflopsPerGpu = 0; ///< the row's FLOP count / GPUs / predicted step
    double residual = 0;         ///< predicted / published - 1
};

RunPrediction predictRun(const CalibrationRun& run, const PlanningProblem& problem);

/// The fastest plan that fits `problem` with `pins` (a search pruned to the fastest), or none; then `reason` is the
/// first candidate's reason (empty when no candidate satisfies the pins), and `closestOverMemory` (when given) the
/// candidate that exceeds memory least, if any candidate fails on memory alone. predictRun and predictRow use it.
std::optional<PlanSummary> fastestPinnedPlan(const PlanningProblem& problem, const PlanPins& pins, std::string& reason,
                                             std::optional<ParallelConfig>* closestOverMemory = nullptr);

} // namespace shardscope
