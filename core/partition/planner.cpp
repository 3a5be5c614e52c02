// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/planner.h"

#include "proposals/graph_analysis.h"
#include "proposals/proposals.h"

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
    outcome.search = searchPlans(evaluator, problem.training.pins, options);
    if (!outcome.search.cancelled)
        rerank(outcome, evaluator, strategy, weights, topCount);
    return outcome;
}

PlanDocument makePlanDocument(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                              const PlanningOutcome& outcome, const std::string& generator)
{
    PlanDocument doc;
    doc.generator = generator;
    doc.model = PlanModelSummary::from(problem.model);
    doc.cluster = problem.cluster;
    doc.training = problem.training;
    doc.strategy = strategy;
    doc.weights = weights;
    doc.search.candidatesEvaluated = outcome.search.candidates.size();
    doc.search.feasibleCount = outcome.search.feasibleCount;
    doc.search.elapsedSeconds = outcome.search.elapsedSeconds;
    // The graph's shape travels with the plans, for the proposals engine and for reviews.
    doc.analysis = graphAnalysisToJson(analyzeModel(problem.model, double(problem.training.seqLength)));
    for (std::size_t i = 0; i < outcome.top.size(); ++i) {
        const double score = outcome.search.candidates[outcome.order[i]].score;
        doc.plans.push_back(makeDocumentPlan(problem.model, outcome.top[i], int(i) + 1, score));
    }
    // Ranked proposals for the best plan (docs/plan-format.md: plans[].proposals).
    if (!doc.plans.empty())
        doc.plans.front().proposals = proposeChanges(problem, outcome.top.front());
    return doc;
}

} // namespace shardscope
