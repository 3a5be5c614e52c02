// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/planner.h"

#include <algorithm>

namespace shardscope {

void rerank(PlanningOutcome& outcome, const PlanEvaluator& evaluator, Strategy strategy, const ScoreWeights& weights,
            int topCount)
{
    const std::vector<PlanSummary>& plans = outcome.search.candidates;
    scorePlans(outcome.search.candidates, weights);
    outcome.order = rankPlans(plans, strategy, evaluator.problem().cluster.gpusPerNode);
    outcome.equivalents = collapseEquivalents(plans, outcome.order);
    outcome.feasibleRanked = std::size_t(std::find_if(outcome.order.begin(), outcome.order.end(),
                                                      [&](std::uint32_t i) { return !plans[i].feasible; })
                                         - outcome.order.begin());
    outcome.bestTokensPerSecond = bestFeasibleTokensPerSecond(plans);
    outcome.strategy = strategy;
    outcome.weights = weights;
    outcome.fastest.reset();
    for (std::size_t i = 0; i < outcome.feasibleRanked; ++i) {
        const std::uint32_t c = outcome.order[i];
        if (!outcome.fastest || plans[c].tokensPerSecond > plans[*outcome.fastest].tokensPerSecond)
            outcome.fastest = c;
    }
    outcome.top.clear();
    const std::size_t n = std::min<std::size_t>(std::size_t(std::max(topCount, 0)), outcome.order.size());
    for (std::size_t i = 0; i < n; ++i)
        outcome.top.push_back(evaluator.evaluate(outcome.search.candidates[outcome.order[i]].config));
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
    search.keepFastest = std::max({ search.keepFastest, topCount, 1 });
    outcome.search = searchPlans(evaluator, problem.training.pins, search);
    if (!outcome.search.cancelled)
        rerank(outcome, evaluator, strategy, weights, topCount);
    return outcome;
}

} // namespace shardscope
