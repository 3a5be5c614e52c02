// SPDX-License-Identifier: GPL-3.0-or-later
// The step model prices zero-bubble schedules by simulating their pass order (pipelineSeconds ->
// simulatedMakespan, core/cost/pipeline_schedule.h), once per evaluated plan. Budget: about 20 us for
// p 16, m 16, v 8 (6,144 passes). The pass order of a shape is compiled once per thread and kept (8
// shapes); the cold case compiles every call. Also the closed form for 1F1B, and the timeline with its slots.
#include "cost/pipeline_schedule.h"
#include "cost/plan_estimate.h"
#include "cost/step_model.h"

#include <benchmark/benchmark.h>
#include <vector>

using namespace shardscope;

namespace {

// Uneven stages (a heavier first and last stage) with uneven chunks, as the evaluator fills them.
std::vector<StageEstimate> stages(int p, int v)
{
    std::vector<StageEstimate> out;
    for (int k = 0; k < p; ++k) {
        StageEstimate st;
        st.stage = k;
        st.computeSeconds = 0.030 + (k == 0 || k == p - 1 ? 0.004 : 0.0);
        st.tpCommSeconds = 0.002;
        st.forwardSeconds = st.computeSeconds / 3;
        st.weightGradSeconds = st.computeSeconds / 3;
        if (v > 1)
            for (int c = 0; c < v; ++c)
                st.chunkShares.push_back(c == 0 ? 2.0 / (v + 1) : 1.0 / (v + 1));
        out.push_back(st);
    }
    return out;
}

void pipelineSecondsOf(benchmark::State& state, Schedule schedule)
{
    const int p = int(state.range(0)), m = int(state.range(1)), v = int(state.range(2));
    const std::vector<StageEstimate> s = stages(p, v);
    for (auto _ : state)
        benchmark::DoNotOptimize(pipelineSeconds(schedule, s, m, v));
    state.counters["passes"] = double(p) * m * v * (isZeroBubble(schedule) ? 3 : 2);
}

// Twelve pipeline shapes in turn, more than the 8 compiled orders a thread keeps: every call compiles.
void pipelineSecondsCold(benchmark::State& state)
{
    const int p = int(state.range(0)), v = int(state.range(2));
    const std::vector<StageEstimate> s = stages(p, v);
    int m = int(state.range(1));
    for (auto _ : state) {
        benchmark::DoNotOptimize(pipelineSeconds(Schedule::InterleavedZeroBubble, s, m, v));
        m = m + 1 < int(state.range(1)) + 12 ? m + 1 : int(state.range(1));
    }
}

void timeline(benchmark::State& state)
{
    const int p = int(state.range(0)), m = int(state.range(1)), v = int(state.range(2));
    const std::vector<StagePassSeconds> s = stagePassSeconds(stages(p, v), v);
    for (auto _ : state)
        benchmark::DoNotOptimize(simulatePipeline(Schedule::InterleavedZeroBubble, m, v, s));
}

} // namespace

BENCHMARK_CAPTURE(pipelineSecondsOf, interleaved_zero_bubble, Schedule::InterleavedZeroBubble)
    ->Args({ 16, 16, 8 })
    ->Args({ 8, 32, 4 })
    ->Args({ 4, 64, 2 })
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(pipelineSecondsOf, zbv, Schedule::ZeroBubbleV)->Args({ 16, 16, 2 })->Args({ 16, 64, 2 })->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(pipelineSecondsOf, zb_h1, Schedule::ZeroBubbleH1)->Args({ 16, 16, 1 })->Args({ 16, 128, 1 })->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(pipelineSecondsOf, one_f_one_b_closed_form, Schedule::OneFOneB)->Args({ 16, 16, 1 })->Unit(benchmark::kMicrosecond);
BENCHMARK(pipelineSecondsCold)->Args({ 16, 16, 8 })->Unit(benchmark::kMicrosecond);
BENCHMARK(timeline)->Args({ 16, 16, 8 })->Unit(benchmark::kMicrosecond);
