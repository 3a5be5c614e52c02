// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_ranking.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace shardscope {

void scorePlans(std::span<PlanSummary> plans, const ScoreWeights& weights)
{
    double best = 0;
    for (const PlanSummary& p : plans)
        if (p.feasible)
            best = std::max(best, p.tokensPerSecond);
    const double sum = weights.memory + weights.compute + weights.communication;
    const double norm = sum > 0 ? 1.0 / sum : 0.0;
    for (PlanSummary& p : plans) {
        if (!p.feasible || best <= 0 || p.stepSeconds <= 0) {
            p.score = 0;
            continue;
        }
        const double memory = std::clamp(1.0 - p.peakMemoryBytes / p.capacityBytes, 0.0, 1.0);
        const double compute = p.tokensPerSecond / best;
        const double comm = std::clamp(1.0 - p.exposedCommSeconds / p.stepSeconds, 0.0, 1.0);
        p.score = norm * (weights.memory * memory + weights.compute * compute + weights.communication * comm);
    }
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

std::vector<std::uint32_t> rankPlans(std::span<const PlanSummary> plans, Strategy strategy, int gpusPerNode)
{
    std::vector<std::pair<Key, std::uint32_t>> feasible;
    std::vector<std::pair<double, std::uint32_t>> overflow;
    std::vector<std::uint32_t> broken;
    feasible.reserve(plans.size());
    for (std::uint32_t i = 0; i < plans.size(); ++i) {
        const PlanSummary& p = plans[i];
        if (p.feasible)
            feasible.emplace_back(keyFor(p, strategy, gpusPerNode), i);
        else if (p.peakMemoryBytes > 0)
            overflow.emplace_back(p.peakMemoryBytes / p.capacityBytes, i);
        else
            broken.push_back(i);
    }
    std::sort(feasible.begin(), feasible.end());
    std::sort(overflow.begin(), overflow.end());
    std::vector<std::uint32_t> order;
    order.reserve(plans.size());
    for (const auto& f : feasible)
        order.push_back(f.second);
    for (const auto& o : overflow)
        order.push_back(o.second);
    order.insert(order.end(), broken.begin(), broken.end());
    return order;
}

} // namespace shardscope
