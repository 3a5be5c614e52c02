// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/planner.h"

#include <algorithm>

namespace shardscope {

void rerank(PlanningOutcome& outcome, const PlanEvaluator& evaluator, Strategy strategy, const ScoreWeights& weights,
            int topCount)
{
    // scorePlans, rankPlans, collapseEquivalents, the fastest plan: in one go on the candidates' columns, read
    // once and kept in the outcome with the buffers (a slider dragged re-ranks without reading the summaries).
    Ranking ranking;
    ranking.order = std::move(outcome.order);
    ranking.equivalents = std::move(outcome.equivalents);
    rankAndCollapse(outcome.search.candidates, strategy, weights, evaluator.problem().cluster.gpusPerNode,
                    outcome.rankingWorkspace, ranking);
    outcome.order = std::move(ranking.order);
    outcome.equivalents = std::move(ranking.equivalents);
    outcome.feasibleRanked = ranking.feasibleRanked;
    outcome.bestTokensPerSecond = ranking.bestTokensPerSecond;
    outcome.fastest = ranking.fastest;
    outcome.strategy = strategy;
    outcome.weights = weights;
    // Plans the model cannot tell apart by speed, ordered by headroom and default settings (plan_ties.h).
    outcome.tieRule = tieRuleFor(evaluator.problem().cluster.gpu.calibration);
    outcome.tieGroup.clear();
    if (ranksByThroughput(strategy, weights))
        outcome.tieGroup = breakTies(outcome.search.candidates, outcome.order, outcome.feasibleRanked, outcome.tieRule);
    outcome.top.clear();
    const std::size_t n = std::min<std::size_t>(std::size_t(std::max(topCount, 0)), outcome.order.size());
    for (std::size_t i = 0; i < n; ++i)
        outcome.top.push_back(evaluator.evaluate(outcome.search.candidates[outcome.order[i]].config));
}

int tiedWithRank(const PlanningOutcome& outcome, std::size_t position)
{
    const std::vector<std::uint32_t>& g = outcome.tieGroup;
    if (position >= g.size())
        return 0;
    const bool alone = g[position] == position && (position + 1 >= g.size() || g[position + 1] != position);
    return alone ? 0 : int(g[position]) + 1;
}

PlanningOutcome runPlanning(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                            int topCount, const SearchOptions& options)
{
    problem.validate();
    const PlanEvaluator evaluator(problem);
    PlanningOutcome outcome;
    // A search bound keeps the fastest plans exact: valid where they alone decide the first places, and
    // then for at least the plans evaluated in full.
    SearchOptions search = options;
    if (!ranksByThroughput(strategy, weights))
        search.pruning = SearchPruning::None;
    search.keepFastest = std::max(search.keepFastest, keepFastestFor(topCount));
    outcome.search = searchPlans(evaluator, problem.training.pins, search);
    if (!outcome.search.cancelled)
        rerank(outcome, evaluator, strategy, weights, topCount);
    return outcome;
}

} // namespace shardscope
