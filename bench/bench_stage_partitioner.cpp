// SPDX-License-Identifier: GPL-3.0-or-later
// partitionStages() on Llama-class models with the per-unit costs the planner feeds it:
// 6 x params FLOPs per token on 400 TFLOP/s effective, TP 8, sequence parallel activations
// (Korthikanti 2022: 34 s h bytes per block and micro-batch), 1F1B in-flight counts p - k.
#include "cost/stage_partitioner.h"

#include <benchmark/benchmark.h>
#include <random>
#include <vector>

using namespace shardscope;

namespace {

struct Model
{
    std::vector<PartitionItem> items;
};

// Embedding, `layers` blocks, final norm, output head, and optionally the loss as its own unit.
Model llama(int layers, double hidden, double vocab, double seq, bool separateLoss, double bytesPerParam)
{
    const double tp = 8, flops = 4e14;
    const double blockParams = 12 * hidden * hidden;
    Model m;
    m.items.push_back({ 1e-4, vocab * hidden / tp * bytesPerParam, 2 * seq * hidden / tp });
    for (int i = 0; i < layers; ++i)
        m.items.push_back(
            { 6 * blockParams * seq / tp / flops, blockParams / tp * bytesPerParam, 34 * seq * hidden / tp });
    m.items.push_back({ 2e-5, 2 * hidden * bytesPerParam, 4 * seq * hidden / tp });
    m.items.push_back(
        { 6 * hidden * vocab * seq / tp / flops, vocab * hidden / tp * bytesPerParam, 4 * seq * vocab / tp });
    if (separateLoss) m.items.push_back({ 1e-4, 0, 4 * seq * vocab / tp });
    return m;
}

StageLimits oneFOneB(int stages, double capacityBytes)
{
    StageLimits l;
    for (int k = 0; k < stages; ++k) {
        l.fixedBytes.push_back(4e9);
        l.inFlight.push_back(stages - k);
    }
    l.capacityBytes = capacityBytes;
    return l;
}

void run(benchmark::State& state, const Model& m, int stages, const StageLimits& limits)
{
    StagePartition r = partitionStages(m.items, stages, limits);
    for (auto _ : state) {
        r = partitionStages(m.items, stages, limits);
        benchmark::DoNotOptimize(r);
    }
    state.counters["feasible"] = r.feasible;
    state.counters["imbalance"] = r.maxStageSeconds / r.minStageSeconds;
}

// 70B-class: 80 blocks, h 8192, 16 bytes/param (no ZeRO): N = 83.
const Model& llama70b()
{
    static const Model m = llama(80, 8192, 128256, 4096, false, 16);
    return m;
}
// 405B-class: 126 blocks, h 16384, ZeRO-1 at about 6 bytes/param, plus a loss unit: N = 130.
const Model& llama405b()
{
    static const Model m = llama(126, 16384, 128256, 4096, true, 6);
    return m;
}

void BM_N83_p8(benchmark::State& s)
{
    run(s, llama70b(), 8, oneFOneB(8, 80e9));
}
// Stage 0's eight micro-batches in flight make it memory-bound: it gets fewer blocks.
void BM_N83_p8_stage0MemoryBound(benchmark::State& s)
{
    run(s, llama70b(), 8, oneFOneB(8, 30e9));
}
void BM_N83_p8_infeasible(benchmark::State& s)
{
    run(s, llama70b(), 8, oneFOneB(8, 25e9));
}
void BM_N130_p16(benchmark::State& s)
{
    run(s, llama405b(), 16, oneFOneB(16, 80e9));
}
void BM_N130_p16_infeasible(benchmark::State& s)
{
    run(s, llama405b(), 16, oneFOneB(16, 30e9));
}
void BM_N130_p128(benchmark::State& s)
{
    run(s, llama405b(), 128, oneFOneB(128, 80e9));
}

// Stress, not a real model: a head as slow as 20 blocks leaves every other boundary free to move,
// so the secondary DP's windows are wide.
void BM_N130_p16_slowHead(benchmark::State& s)
{
    Model m = llama405b();
    m.items[m.items.size() - 2].seconds = 20 * m.items[1].seconds; // the head; the loss is last
    run(s, m, 16, oneFOneB(16, 1e12));
}
// Stress: random unit times, no two alike.
void BM_N130_p32_random(benchmark::State& s)
{
    Model m = llama405b();
    std::mt19937 rng(5);
    for (PartitionItem& it : m.items)
        it.seconds = std::uniform_real_distribution<double>(0, 0.1)(rng);
    run(s, m, 32, oneFOneB(32, 1e12));
}

} // namespace

BENCHMARK(BM_N83_p8);
BENCHMARK(BM_N83_p8_stage0MemoryBound);
BENCHMARK(BM_N83_p8_infeasible);
BENCHMARK(BM_N130_p16);
BENCHMARK(BM_N130_p16_infeasible);
BENCHMARK(BM_N130_p128);
BENCHMARK(BM_N130_p16_slowHead);
BENCHMARK(BM_N130_p32_random);
