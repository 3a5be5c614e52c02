// SPDX-License-Identifier: GPL-3.0-or-later
// A cluster-size sweep of Llama-3.1-405B on H100 (seq 8192, global batch 2048, as bench_search's 16,384-GPU
// problem): twelve sizes from 8 nodes to 16,384 GPUs, a full search each; and the token-budget arithmetic
// over every point's best plan.
#include "cost/training_budget.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/sweep.h"

#include <benchmark/benchmark.h>

using namespace shardscope;

namespace {

PlanningProblem llama405b()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3.1-405b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 64, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = 2048;
    return p;
}

/// 64 GPUs (8 nodes) to 16,384: the powers of two and the 1.5x steps between the larger ones.
const SweepSpec kSizes { SweepAxis::Gpus,
    { 64, 128, 256, 512, 1024, 2048, 3072, 4096, 6144, 8192, 12288, 16384 } };

/// Arg: search threads a point.
void BM_Sweep405B(benchmark::State& state)
{
    const PlanningProblem base = llama405b();
    SweepOptions options;
    options.threads = int(state.range(0));
    SweepResult r;
    for (auto _ : state) {
        r = runSweep(base, kSizes, Strategy::Exhaustive, {}, options);
        benchmark::DoNotOptimize(r);
    }
    std::size_t candidates = 0;
    for (const SweepPoint& p : r.points)
        candidates += p.candidateCount;
    state.counters["points"] = double(r.points.size());
    state.counters["points/s"]
        = benchmark::Counter(double(r.points.size()), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["candidates"] = double(candidates);
    state.counters["candidates/s"]
        = benchmark::Counter(double(candidates), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["smallest_fitting_gpus"]
        = r.smallestFitting ? double(r.points[*r.smallestFitting].gpus) : 0.0;
}
BENCHMARK(BM_Sweep405B)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

/// Days, GPU-hours and cost of 15.6 T tokens for 12 best plans: what a GUI redraw of the budget columns
/// costs.
void BM_TrainingTime(benchmark::State& state)
{
    std::vector<PlanSummary> plans(kSizes.values.size());
    for (std::size_t i = 0; i < plans.size(); ++i) {
        plans[i].feasible = true;
        plans[i].config.dp = int(kSizes.values[i]);
        plans[i].tokensPerSecond = 170.0 * double(kSizes.values[i]);
    }
    const TrainingBudget budget { 15.6e12, 2.0 };
    for (auto _ : state)
        for (const PlanSummary& p : plans)
            benchmark::DoNotOptimize(trainingTime(budget, p));
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(plans.size()));
}
BENCHMARK(BM_TrainingTime);

} // namespace
