// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "partition/strategy.h"

#include <cstdint>
#include <span>
#include <vector>

namespace shardscope {

/**
 * Sets every feasible plan's score in [0, 1] from the user's weights (the seed's hybrid scoring,
 * with real numbers): memory = headroom left on the fullest GPU, compute = throughput relative to
 * the fastest feasible plan (the objective), communication = share of the step not spent in
 * exposed communication. Infeasible plans score 0. Cheap: no plan is re-evaluated.
 */
void scorePlans(std::span<PlanSummary> plans, const ScoreWeights& weights);

/**
 * Plan indices, best first, as the strategy orders them; infeasible plans follow, closest to
 * fitting first, rule violations last. Needs scores (scorePlans) for Exhaustive and Hybrid.
 */
std::vector<std::uint32_t> rankPlans(std::span<const PlanSummary> plans, Strategy strategy, int gpusPerNode);

} // namespace shardscope
