// SPDX-License-Identifier: GPL-3.0-or-later
// Full search for Llama-3.1-405B on 16,384 H100 (2,048 nodes of 8), seq 8192, global batch 2048; for
// DeepSeek-V3 (MoE: EP and ETP searched too) on 2,048 H800, seq 4096, global batch 15,360, FP8, with PP 16
// pinned as its report trains it and unpinned; and re-ranking 100,000 cached candidates with new weights.
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "moe_plan_fixtures.h"
#include "partition/planner.h"

#include <benchmark/benchmark.h>

#include <random>

using namespace shardscope;

namespace {

PlanningProblem llama405bOn16k()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3.1-405b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16384, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = 2048;
    return p;
}

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

PlanningProblem deepSeekV3On2048()
{
    PlanningProblem p;
    p.model = buildModelGraph(testing::deepseekV3());
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H800-SXM"), 2048, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 15360;
    p.training.precision = Precision::Fp8;
    return p;
}

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

} // namespace
