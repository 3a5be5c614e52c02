// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_ranking.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace shardscope {

double bestFeasibleTokensPerSecond(std::span<const PlanSummary> plans)
{
    double best = 0;
    for (const PlanSummary& p : plans)
        if (p.feasible)
            best = std::max(best, p.tokensPerSecond);
    return best;
}

ScoreParts scoreParts(const PlanSummary& p, double best, const ScoreWeights& weights)
{
    ScoreParts parts;
    if (!p.feasible || best <= 0 || p.stepSeconds <= 0)
        return parts;
    const double sum = weights.memory + weights.compute + weights.communication;
    const double norm = sum > 0 ? 1.0 / sum : 0.0;
    parts.memory = std::clamp(1.0 - p.peakMemoryBytes / p.capacityBytes, 0.0, 1.0);
    parts.compute = p.tokensPerSecond / best;
    parts.communication = std::clamp(1.0 - p.exposedCommSeconds / p.stepSeconds, 0.0, 1.0);
    parts.memoryTerm = norm * weights.memory * parts.memory;
    parts.computeTerm = norm * weights.compute * parts.compute;
    parts.communicationTerm = norm * weights.communication * parts.communication;
    return parts;
}

void scorePlans(std::span<PlanSummary> plans, const ScoreWeights& weights)
{
    const double best = bestFeasibleTokensPerSecond(plans);
    for (PlanSummary& p : plans)
        p.score = scoreParts(p, best, weights).score();
}

bool equivalentPlans(const PlanSummary& a, const PlanSummary& b)
{
    const ParallelConfig& x = a.config;
    const ParallelConfig& y = b.config;
    return x.tp == y.tp && x.cp == y.cp && x.pp == y.pp && x.dp == y.dp && x.ep == y.ep && x.etp == y.etp
        && x.vpp == y.vpp && x.microBatch == y.microBatch && x.schedule == y.schedule && a.feasible == b.feasible
        && a.peakMemoryBytes == b.peakMemoryBytes && a.stepSeconds == b.stepSeconds
        && a.tokensPerSecond == b.tokensPerSecond && a.bubbleFraction == b.bubbleFraction
        && a.computeImbalance == b.computeImbalance && a.exposedCommSeconds == b.exposedCommSeconds
        && a.commBytes == b.commBytes && a.infeasibleReason == b.infeasibleReason;
}

namespace {

// Sort key: smaller is better. Ties fall back to throughput, then the enumeration order (stable).
using Key = std::tuple<double, double, double>;

Key keyFor(const PlanSummary& p, Strategy strategy, int gpusPerNode)
{
    const double speed = -p.tokensPerSecond;
    switch (strategy) {
    case Strategy::Exhaustive:
    case Strategy::Hybrid:
        return { -p.score, speed, 0 };
    case Strategy::MemoryOptimal:
        return { p.peakMemoryBytes, speed, 0 };
    case Strategy::ComputeBalanced:
        // Imbalance first (to 0.1 %: tinier differences are noise), then throughput.
        return { std::round(p.computeImbalance * 1000.0), speed, 0 };
    case Strategy::CommunicationMinimal:
        return { p.commBytes, speed, 0 };
    case Strategy::TensorParallelFirst: {
        // Grow TP up to the node first, then the fewest pipeline stages that fit.
        const double tpInNode = p.config.tp <= gpusPerNode ? p.config.tp : 0;
        return { -tpInNode, double(p.config.pp), speed };
    }
    case Strategy::PipelineParallelFirst:
        // Fit with pipeline stages before any TP; among those the fastest PP/DP split.
        return { double(p.config.tp), speed, double(-p.config.pp) };
    }
    return { -p.score, speed, 0 };
}

} // namespace

bool ranksByThroughput(Strategy strategy, const ScoreWeights& weights)
{
    // The score is then compute x tokens/s / best (or 0), never decreasing in tokens/s, and ties fall back to it.
    return (strategy == Strategy::Exhaustive || strategy == Strategy::Hybrid) && weights.memory == 0
        && weights.communication == 0 && weights.compute >= 0;
}

std::vector<std::uint32_t> rankPlans(std::span<const PlanSummary> plans, Strategy strategy, int gpusPerNode)
{
    std::vector<std::pair<Key, std::uint32_t>> feasible, bounded;
    std::vector<std::pair<double, std::uint32_t>> overflow;
    std::vector<std::uint32_t> broken;
    feasible.reserve(plans.size());
    for (std::uint32_t i = 0; i < plans.size(); ++i) {
        const PlanSummary& p = plans[i];
        if (p.feasible)
            (p.bounded ? bounded : feasible).emplace_back(keyFor(p, strategy, gpusPerNode), i);
        else if (p.peakMemoryBytes > 0)
            overflow.emplace_back(p.peakMemoryBytes / p.capacityBytes, i);
        else
            broken.push_back(i);
    }
    std::sort(feasible.begin(), feasible.end());
    std::sort(bounded.begin(), bounded.end());
    std::sort(overflow.begin(), overflow.end());
    std::vector<std::uint32_t> order;
    order.reserve(plans.size());
    for (const auto& f : feasible)
        order.push_back(f.second);
    for (const auto& f : bounded)
        order.push_back(f.second);
    for (const auto& o : overflow)
        order.push_back(o.second);
    order.insert(order.end(), broken.begin(), broken.end());
    return order;
}

std::vector<std::uint32_t> collapseEquivalents(std::span<const PlanSummary> plans, std::vector<std::uint32_t>& order)
{
    // Every strategy sorts plans that fit with throughput in its key, and the rest by memory: equivalent plans
    // (same tokens/s, memory, feasibility) fall into one run of consecutive plans sharing tokens/s (those that
    // fit) or memory (those that do not). Compare within such runs only, a bounded number of times; rule
    // violations (no estimate) are listed as they are.
    const auto sameRun = [&](std::uint32_t a, std::uint32_t b) {
        const PlanSummary& x = plans[a];
        const PlanSummary& y = plans[b];
        if (x.feasible != y.feasible)
            return false;
        return x.feasible ? x.tokensPerSecond == y.tokensPerSecond : x.peakMemoryBytes == y.peakMemoryBytes;
    };
    constexpr std::size_t kMaxCompared = 64;
    std::vector<std::uint32_t> kept;
    std::vector<std::uint32_t> stands;
    kept.reserve(order.size());
    stands.reserve(order.size());
    std::size_t runStart = 0; // index into `kept` where the current run starts
    for (const std::uint32_t idx : order) {
        const PlanSummary& plan = plans[idx];
        if (kept.empty() || !sameRun(kept[runStart], idx))
            runStart = kept.size();
        bool merged = false;
        if (plan.feasible || plan.peakMemoryBytes > 0) {
            const std::size_t from = std::max(runStart, kept.size() - std::min(kept.size() - runStart, kMaxCompared));
            for (std::size_t k = from; k < kept.size() && !merged; ++k)
                if (equivalentPlans(plans[kept[k]], plan)) {
                    ++stands[k];
                    merged = true;
                }
        }
        if (!merged) {
            kept.push_back(idx);
            stands.push_back(0);
        }
    }
    order = std::move(kept);
    return stands;
}

} // namespace shardscope
