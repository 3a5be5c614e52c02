// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the view tests (tests/ui): plans with deep pipelines, for the views at scale. Llama-3.1-405B
// (126 transformer blocks, plus the embedding and the output head) on 16,384 H100, TP 8 x PP pp x DP the
// rest, 128 micro-batches of one sequence per DP rank, evaluated once per configuration.
#pragma once

#include "cost/plan_evaluator.h"
#include "view_fixtures.h"

#include <map>
#include <tuple>

namespace shardscope::testing {

struct DeepPipeline
{
    PlanningProblem problem;
    PlanEstimate plan;
};

/// Llama-3.1-405B on 16,384 H100 with TP 8 x PP `pp` (x DP 16384 / (8 pp)), 128 micro-batches per step.
inline const DeepPipeline& deepPipeline(
    int pp, Recompute recompute = Recompute::None, Schedule schedule = Schedule::OneFOneB, int vpp = 1)
{
    static std::map<std::tuple<int, Recompute, Schedule, int>, DeepPipeline> cache;
    const auto key = std::make_tuple(pp, recompute, schedule, vpp);
    if (const auto found = cache.find(key); found != cache.end()) return found->second;
    DeepPipeline d;
    d.problem = bundledOnH100("llama-3.1-405b", 16384);
    const int dp = 16384 / (8 * pp);
    d.problem.training.globalBatch = 128 * dp; // micro-batch 1: 128 micro-batches per DP rank
    ParallelConfig c = viewConfig(8, pp, dp);
    c.recompute = recompute;
    c.schedule = schedule;
    c.vpp = vpp;
    d.plan = PlanEvaluator(d.problem).evaluate(c);
    return cache.emplace(key, std::move(d)).first->second;
}

} // namespace shardscope::testing
