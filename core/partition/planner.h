// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_evaluator.h"
#include "partition/plan_ranking.h"
#include "partition/plan_search.h"
#include "partition/plan_ties.h"
#include "partition/strategy.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace shardscope {

/// One planning run: search, score, rank, and the full estimates of the best plans.
struct PlanningOutcome
{
    SearchResult search;
    /// Candidate indices, best first; a plan equivalent to one ranked before it (equivalentPlans) is left out.
    std::vector<std::uint32_t> order;
    /// For each entry of `order`: how many equivalent candidates it stands for besides itself.
    std::vector<std::uint32_t> equivalents;
    std::size_t feasibleRanked = 0;       ///< the entries of `order` that fit (they come first)
    /// The fastest plan that fits (a candidate index), whatever the strategy ranks first; none when nothing fits.
    std::optional<std::uint32_t> fastest;
    double bestTokensPerSecond = 0;       ///< its tokens/s (what the compute score is relative to)
    Strategy strategy = Strategy::Exhaustive; ///< the ranking `order` follows
    ScoreWeights weights;                 ///< and the weights of its scores
    std::vector<PlanEstimate> top;        ///< full estimates of the first `topCount` in order
    /// Rankings by throughput (ranksByThroughput): for each of the first feasibleRanked entries of `order`, the
    /// position of its tie group's first entry (breakTies; a plan alone is its own group). Empty otherwise.
    std::vector<std::uint32_t> tieGroup;
    TieRule tieRule;                      ///< the rule the groups were made with
    /// What rerank() keeps between rankings of these candidates (clear() it where they change).
    RankingWorkspace rankingWorkspace;
};

/**
 * The whole pipeline of docs/architecture.md's data flow for one problem: search every candidate the
 * pins allow, score with the weights, rank by the strategy, and re-evaluate the best `topCount`
 * in full (stages, per-device memory). Throws InputError when the problem is invalid.
 * options.pruning applies only where the ranking is by throughput (ranksByThroughput; otherwise every candidate
 * is evaluated), with keepFastest at least keepFastestFor(topCount): `order`'s first topCount places, `top`, `fastest` and the
 * scores of the plans evaluated in full are then those of the unbounded search.
 */
PlanningOutcome runPlanning(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                            int topCount, const SearchOptions& options = {});

/**
 * How many of the fastest plans a bounded search keeps exact for `topCount` places: those places and the plans a
 * tie group starting among them can hold after them (TieRule::maxGroup - 1), so that every such group is whole.
 */
inline int keepFastestFor(int topCount) { return std::max(topCount, 1) + int(TieRule {}.maxGroup) - 1; }

/// The rank (1-based) of the first plan of the tie group of order[position], when that group has another plan;
/// 0 when the plan ties with none or the ranking has no tie groups.
int tiedWithRank(const PlanningOutcome& outcome, std::size_t position);

/// Re-ranks cached candidates for new weights or another strategy; nothing is re-evaluated.
void rerank(PlanningOutcome& outcome, const PlanEvaluator& evaluator, Strategy strategy, const ScoreWeights& weights,
            int topCount);

} // namespace shardscope
