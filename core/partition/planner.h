// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_evaluator.h"
#include "export/plan_document.h"
#include "partition/plan_ranking.h"
#include "partition/plan_search.h"
#include "partition/strategy.h"

#include <cstdint>
#include <vector>

namespace shardscope {

/// One planning run: search, score, rank, and the full estimates of the best plans.
struct PlanningOutcome
{
    SearchResult search;
    std::vector<std::uint32_t> order;     ///< candidate indices, best first
    std::vector<PlanEstimate> top;        ///< full estimates of the first `topCount` in order
};

/**
 * The whole pipeline of ARCHITECTURE.md's data flow for one problem: search every candidate the
 * pins allow, score with the weights, rank by the strategy, and re-evaluate the best `topCount`
 * in full (stages, per-device memory). Throws InputError when the problem is invalid.
 */
PlanningOutcome runPlanning(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                            int topCount, const SearchOptions& options = {});

/// Re-ranks cached candidates for new weights or another strategy; nothing is re-evaluated.
void rerank(PlanningOutcome& outcome, const PlanEvaluator& evaluator, Strategy strategy, const ScoreWeights& weights,
            int topCount);

/// A plan file for the outcome's best plans.
PlanDocument makePlanDocument(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                              const PlanningOutcome& outcome, const std::string& generator);

} // namespace shardscope
