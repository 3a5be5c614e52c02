// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "cost/training_budget.h"
#include "partition/strategy.h"
#include "partition/sweep.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace shardscope {

/// A finished (or cancelled) sweep with the inputs it ran on: what the sweep files are written from.
struct SweepReport
{
    static constexpr const char* kFormat = "shardscope-sweep";
    static constexpr int kVersion = 1;

    std::string generator = "ShardScope"; ///< e.g. "ShardScope 0.1.0"
    const PlanningProblem* base = nullptr; ///< model, cluster and training before the axis is set
    Strategy strategy = Strategy::Exhaustive;
    ScoreWeights weights;
    std::optional<TrainingBudget> budget; ///< adds each best plan's days, GPU-hours (and cost, with a price)
    const SweepResult* result = nullptr;
};

/**
 * The sweep as JSON (docs/sweep-format.md): "format" "shardscope-sweep", "version" 1, the generator, the
 * inputs (model summary, the base cluster and training as plan files write them, strategy, weights, axis,
 * values, budget), the smallest and largest fitting points, and one object a point with its best plan.
 * Throws std::invalid_argument for a missing base or result, or a number that is not finite.
 */
nlohmann::ordered_json sweepToJson(const SweepReport& report);
/// sweepToJson pretty-printed with 2 spaces and a trailing newline.
std::string writeSweepJson(const SweepReport& report);

/**
 * The sweep as CSV (RFC 4180, comma-separated, "\r\n" line ends, a header row): one row a point, the
 * axis value, the point's inputs, status, the best plan's layout and predictions in SI units (bytes,
 * seconds, tokens per second, fractions), with training_days and gpu_hours (and cost, with a price)
 * when the report has a budget; docs/sweep-format.md lists the columns. Numbers are written with the
 * shortest digits that read back to the same double.
 */
std::string writeSweepCsv(const SweepReport& report);

} // namespace shardscope
