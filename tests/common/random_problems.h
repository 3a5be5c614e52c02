// SPDX-License-Identifier: GPL-3.0-or-later
// Small random planning problems (seeds fixed) for the tests that hold the search's bounds and floors against
// every candidate: dense and MoE transformers, 1 to 8 GPUs of 2 to 80 GiB (memory decides often), a few pins.
#pragma once

#include "gpt_fixtures.h"
#include "partition/plan_search.h"

#include <array>
#include <random>
#include <string>

namespace shardscope::testing {

struct RandomProblem
{
    PlanningProblem problem;
    int top = 1;
    std::string text; ///< what the problem is, for failure messages
};

/// Problem `seed`: a small transformer (dense, or a mixture of experts one time in four), a cluster of 1 to 8
/// GPUs with 2 to 80 GiB each (so that memory decides often), a short sequence and batch, a few pins.
inline RandomProblem randomProblem(unsigned seed)
{
    std::mt19937 rng(seed);
    auto pick = [&](auto... values) {
        const std::array all { values... };
        return all[std::uniform_int_distribution<std::size_t>(0, all.size() - 1)(rng)];
    };
    auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };

    TransformerSpec s;
    s.name = "random";
    s.modelType = "llama";
    s.heads = pick(4, 8, 16);
    s.kvHeads = s.heads / pick(1, 2, 4);
    s.hidden = s.heads * pick(64, 128);
    s.ffn = s.hidden * pick(2, 3, 4);
    s.layers = pick(2, 3, 4, 6, 8);
    s.vocab = pick(1000, 32000);
    s.maxPositions = 8192;
    s.tiedEmbeddings = chance(0.3);
    if (chance(0.25)) {
        s.experts = pick(4, 8);
        s.expertsPerToken = 2;
        s.expertFfn = s.hidden;
    }

    RandomProblem r;
    PlanningProblem& p = r.problem;
    p.model = buildModelGraph(s);
    const int gpus = pick(1, 2, 4, 8);
    const int perNode = std::min(gpus, pick(4, 8));
    GpuSpec gpu = catalogGpu(pick("H100-SXM", "A100-SXM-80GB"));
    gpu.memoryBytes = pick(2.0, 4.0, 8.0, 16.0, 80.0) * kGiB;
    p.cluster = ClusterSpec::make(gpu, gpus, perNode);
    p.training.seqLength = pick(512, 1024, 4096, 8192);
    p.training.globalBatch = pick(4, 8, 16);
    p.training.flashAttention = !chance(0.2);
    p.training.precision = chance(0.2) ? Precision::Fp8 : Precision::Bf16;
    PlanPins& pins = p.training.pins;
    if (chance(0.15)) pins.tp = pick(1, 2, 4);
    if (chance(0.15)) pins.pp = pick(1, 2, 4);
    if (chance(0.1)) pins.microBatch = pick(1, 2);
    if (chance(0.1)) pins.zeroStage = pick(0, 1, 3);
    if (chance(0.1)) pins.recompute = pick(Recompute::None, Recompute::Full);
    if (chance(0.1))
        pins.schedule = pick(Schedule::OneFOneB, Schedule::Interleaved1F1B, Schedule::ZeroBubbleH1, Schedule::ZeroBubbleV);
    if (s.experts > 0 && chance(0.2)) pins.epCommOverlap = true;
    r.top = pick(1, 2, 3, 5);
    r.text = "seed " + std::to_string(seed) + ": " + std::to_string(s.layers) + " blocks h " + std::to_string(s.hidden)
        + (s.experts ? " experts " + std::to_string(s.experts) : std::string()) + " on " + std::to_string(gpus) + " GPUs of "
        + std::to_string(int(gpu.memoryBytes / kGiB)) + " GiB, seq " + std::to_string(p.training.seqLength) + " batch "
        + std::to_string(p.training.globalBatch) + ", top " + std::to_string(r.top);
    return r;
}

/// Calls `visit(problem, evaluator, config)` for every candidate of the random problems [first, end) that the
/// rules and the memory floor let through to placing.
template <typename Visit> void forEachPlacedCandidate(unsigned first, unsigned end, Visit&& visit)
{
    for (unsigned seed = first; seed < end; ++seed) {
        const RandomProblem r = randomProblem(seed);
        const PlanEvaluator evaluator(r.problem);
        for (const ParallelConfig& c : enumerateCandidates(evaluator, r.problem.training.pins, 2)) {
            PlanSummary rejected;
            if (!evaluator.rejectBeforePlacing(c, rejected)) visit(r, evaluator, c);
        }
    }
}

} // namespace shardscope::testing
