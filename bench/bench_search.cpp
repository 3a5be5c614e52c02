// SPDX-License-Identifier: GPL-3.0-or-later
// Full search for Llama-3.1-405B on 16,384 H100 (2,048 nodes of 8), seq 8192, global batch 2048; for
// DeepSeek-V3 (MoE: EP and ETP searched too) on 2,048 H800, seq 4096, global batch 15,360, FP8, with PP 16
// pinned as its report trains it and unpinned; the GUI's example (Llama-3-70B on 64 H100, every candidate
// evaluated for the explorer); and re-ranking 100,000 cached candidates with new weights (the scores and order
// alone, and the whole rerank() the GUI runs when a weight or the strategy changes).
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "partition/planner.h"
#include "search_problems.h"

#include <benchmark/benchmark.h>

#include <random>

using namespace shardscope;
using shardscope::testing::deepSeekV3On2048;
using shardscope::testing::llama405bOn16k;
using shardscope::testing::llama70bOn64;

namespace {

void BM_FullSearch405B(benchmark::State& state)
{
    const PlanningProblem problem = llama405bOn16k();
    SearchOptions options;
    options.threads = int(state.range(0));
    std::size_t candidates = 0;
    for (auto _ : state) {
        PlanningOutcome o = runPlanning(problem, Strategy::Exhaustive, {}, 10, options);
        candidates = o.search.candidates.size();
        benchmark::DoNotOptimize(o);
    }
    state.counters["candidates"] = double(candidates);
    state.counters["candidates/s"] = benchmark::Counter(double(candidates), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_FullSearch405B)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The GUI's example as the window plans it: every candidate evaluated (the explorer plots them all), the
/// best 10 in full; 2 threads.
void BM_FullSearch70B64(benchmark::State& state)
{
    const PlanningProblem problem = llama70bOn64();
    SearchOptions options;
    options.threads = 2;
    std::size_t candidates = 0;
    for (auto _ : state) {
        PlanningOutcome o = runPlanning(problem, Strategy::Exhaustive, {}, 10, options);
        candidates = o.search.candidates.size();
        benchmark::DoNotOptimize(o);
    }
    state.counters["candidates"] = double(candidates);
    state.counters["candidates/s"] = benchmark::Counter(double(candidates), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_FullSearch70B64)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The searches a throughput ranking allows to bound (SearchPruning; `plan` with the default ranking, sweeps,
/// the dead-end diagnosis: KeepFit; a quick search for the fastest plan alone: FastestOnly), 2 threads, the
/// best 10 exact. Arg 0: 405B on 16,384 H100; 1: the GUI example (70B on 64 H100); 2: DeepSeek-V3 on 2,048
/// H800, unpinned. Second arg: 1 KeepFit, 2 FastestOnly. candidates/s counts every candidate considered
/// (evaluated, or rejected by a rule or a bound).
void BM_BoundedSearch(benchmark::State& state)
{
    const PlanningProblem problem
        = state.range(0) == 0 ? llama405bOn16k() : state.range(0) == 1 ? llama70bOn64() : deepSeekV3On2048();
    SearchOptions options;
    options.threads = 2;
    options.pruning = state.range(1) == 1 ? SearchPruning::KeepFit : SearchPruning::FastestOnly;
    std::size_t candidates = 0, bounded = 0, unplaced = 0;
    for (auto _ : state) {
        PlanningOutcome o = runPlanning(problem, Strategy::Exhaustive, {}, 10, options);
        candidates = o.search.candidates.size();
        bounded = o.search.bounded();
        unplaced = o.search.boundedBeforePlacing;
        benchmark::DoNotOptimize(o);
    }
    state.counters["candidates"] = double(candidates);
    state.counters["bounded"] = double(bounded);
    state.counters["unplaced"] = double(unplaced);
    state.counters["candidates/s"] = benchmark::Counter(double(candidates), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_BoundedSearch)
    ->Args({ 0, 1 })
    ->Args({ 0, 2 })
    ->Args({ 1, 1 })
    ->Args({ 1, 2 })
    ->Args({ 2, 1 })
    ->Args({ 2, 2 })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// Arg: 1 to pin PP 16 (the report's layout), 0 for the whole space.
void BM_SearchDeepSeekV3(benchmark::State& state)
{
    PlanningProblem problem = deepSeekV3On2048();
    if (state.range(0))
        problem.training.pins.pp = 16;
    SearchOptions options;
    options.threads = 2;
    std::size_t candidates = 0;
    for (auto _ : state) {
        PlanningOutcome o = runPlanning(problem, Strategy::Exhaustive, {}, 10, options);
        candidates = o.search.candidates.size();
        benchmark::DoNotOptimize(o);
    }
    state.counters["candidates"] = double(candidates);
    state.counters["candidates/s"] = benchmark::Counter(double(candidates), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_SearchDeepSeekV3)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);

void BM_Rerank100k(benchmark::State& state)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<PlanSummary> plans(100000);
    for (PlanSummary& p : plans) {
        p.feasible = u(rng) < 0.7;
        p.capacityBytes = 80e9;
        p.peakMemoryBytes = 40e9 + 40e9 * u(rng);
        p.stepSeconds = 1 + u(rng);
        p.tokensPerSecond = 1e6 / p.stepSeconds;
        p.exposedCommSeconds = 0.3 * u(rng);
        p.computeImbalance = 1 + u(rng);
    }
    double w = 0.1;
    for (auto _ : state) {
        w = w > 0.8 ? 0.1 : w + 0.05; // a slider being dragged
        scorePlans(plans, ScoreWeights { w, 1 - w, 0.1 });
        auto order = rankPlans(plans, Strategy::Exhaustive, 8);
        benchmark::DoNotOptimize(order);
    }
}
BENCHMARK(BM_Rerank100k)->Unit(benchmark::kMillisecond);

/// rerank() as the GUI calls it when a weight slider moves: scores, order, equivalent plans collapsed, the
/// fastest plan; 100,000 cached candidates of varied layouts (a tenth of them in runs of equal speed, as
/// ZeRO variants at DP 1 are), no plan re-evaluated in full (topCount 0). Arg 0: the outcome's ranking
/// workspace kept between calls (a slider dragged); 1: cleared before each call (the first ranking of a search,
/// which reads the summaries into columns).
void BM_RerankOutcome100k(benchmark::State& state)
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    PlanningOutcome outcome;
    std::vector<PlanSummary>& plans = outcome.search.candidates;
    plans.resize(100000);
    for (std::size_t i = 0; i < plans.size(); ++i) {
        PlanSummary& p = plans[i];
        p.config.tp = 1 << (i % 4);
        p.config.pp = 1 << ((i / 4) % 5);
        p.config.microBatch = 1 + int((i / 20) % 4);
        p.config.zeroStage = int(i % 3);
        const bool rule = u(rng) < 0.1;
        p.feasible = !rule && u(rng) < 0.7;
        p.capacityBytes = 80e9;
        p.peakMemoryBytes = rule ? 0 : 40e9 + 80e9 * u(rng);
        if (rule)
            p.infeasibleReason = InfeasibleReason("global batch 512 is not divisible by DP 8 x micro-batch 3");
        else if (!p.feasible)
            p.infeasibleReason = InfeasibleReason("stage 0 needs 90.1 GiB per GPU but 80 GiB is usable");
        p.stepSeconds = 1 + u(rng);
        if (i % 10 == 1) { // an equivalent of its predecessor
            p = plans[i - 1];
            p.config.zeroStage = 1 - std::min(1, plans[i - 1].config.zeroStage);
        }
        p.tokensPerSecond = 1e6 / p.stepSeconds;
        p.exposedCommSeconds = 0.3 * u(rng);
        p.computeImbalance = 1 + u(rng);
        p.commBytes = 1e9 * u(rng);
    }
    const PlanningProblem problem = llama70bOn64();
    const PlanEvaluator evaluator(problem);
    double w = 0.1;
    for (auto _ : state) {
        w = w > 0.8 ? 0.1 : w + 0.05; // a slider being dragged
        if (state.range(0))
            outcome.rankingWorkspace.clear();
        rerank(outcome, evaluator, Strategy::Exhaustive, ScoreWeights { w, 1 - w, 0.1 }, 0);
        benchmark::DoNotOptimize(outcome.order);
    }
}
BENCHMARK(BM_RerankOutcome100k)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace
