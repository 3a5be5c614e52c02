// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_ranking.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <system_error>
#include <thread>
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

namespace {

/// Ascending doubles to ascending integers (-0 as +0; no NaN reaches here): sorting on these gives std::sort's
/// order on the doubles, with cheaper comparisons.
std::uint64_t orderKey(double d)
{
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(d + 0.0);
    return bits >> 63 ? ~bits : bits | (std::uint64_t(1) << 63);
}

struct SortItem
{
    std::uint64_t k0 = 0, k1 = 0, k2 = 0;
    std::uint32_t index = 0;
    bool operator<(const SortItem& o) const
    {
        return std::tie(k0, k1, k2, index) < std::tie(o.k0, o.k1, o.k2, o.index);
    }
};

SortItem sortItem(const Key& key, std::uint32_t index)
{
    return { orderKey(std::get<0>(key)), orderKey(std::get<1>(key)), orderKey(std::get<2>(key)), index };
}

constexpr std::size_t kTwoThreads = 16384; ///< below this, one thread (a thread's start costs tens of microseconds)

/// `work(begin, end, part)` over [0, n) in two halves, the first on a second thread when n is large.
template <typename Work> void twoParts(std::size_t n, Work&& work)
{
    if (n >= kTwoThreads) {
        try {
            std::thread first([&] { work(std::size_t(0), n / 2, 0); });
            work(n / 2, n, 1);
            first.join();
            return;
        } catch (const std::system_error&) {
            // no thread to be had: one part after the other
        }
    }
    work(std::size_t(0), n / 2, 0);
    work(n / 2, n, 1);
}

/// Sorts `v` (a strict total order: indices differ, so any way of sorting gives this order). Sorted as 16-byte
/// (first key, position) pairs, the rest of the key looked at only on a tie of the first (half the bytes
/// moved, one integer compared mostly); large ones as two halves at once, then merged.
void sortItems(std::vector<SortItem>& v)
{
    struct Head
    {
        std::uint64_t k0;
        std::uint32_t position;
    };
    std::vector<Head> heads(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        heads[i] = { v[i].k0, std::uint32_t(i) };
    const auto less = [&v](const Head& a, const Head& b) {
        return a.k0 != b.k0 ? a.k0 < b.k0 : v[a.position] < v[b.position];
    };
    if (v.size() < kTwoThreads) {
        std::sort(heads.begin(), heads.end(), less);
    } else {
        const auto mid = heads.begin() + std::ptrdiff_t(heads.size() / 2);
        twoParts(heads.size(), [&](std::size_t, std::size_t, int part) {
            if (part == 0)
                std::sort(heads.begin(), mid, less);
            else
                std::sort(mid, heads.end(), less);
        });
        std::vector<Head> merged(heads.size());
        std::merge(heads.begin(), mid, mid, heads.end(), merged.begin(), less);
        heads.swap(merged);
    }
    std::vector<SortItem> sorted(v.size());
    for (std::size_t i = 0; i < heads.size(); ++i)
        sorted[i] = v[heads[i].position];
    v.swap(sorted);
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
    // Sorted as (key, index) pairs would be, on integer keys.
    std::vector<SortItem> feasible, bounded, overflow;
    std::vector<std::uint32_t> broken;
    feasible.reserve(plans.size());
    for (std::uint32_t i = 0; i < plans.size(); ++i) {
        const PlanSummary& p = plans[i];
        if (p.feasible)
            (p.bounded ? bounded : feasible).push_back(sortItem(keyFor(p, strategy, gpusPerNode), i));
        else if (p.peakMemoryBytes > 0)
            overflow.push_back({ orderKey(p.peakMemoryBytes / p.capacityBytes), 0, 0, i });
        else
            broken.push_back(i);
    }
    sortItems(feasible);
    sortItems(bounded);
    sortItems(overflow);
    std::vector<std::uint32_t> order;
    order.reserve(plans.size());
    for (const std::vector<SortItem>* sorted : { &feasible, &bounded, &overflow })
        for (const SortItem& f : *sorted)
            order.push_back(f.index);
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


Ranking rankAndCollapse(std::span<PlanSummary> plans, Strategy strategy, const ScoreWeights& weights, int gpusPerNode)
{
    const std::size_t n = plans.size();
    Ranking out;
    // 1. One pass over the summaries: the fastest plan that fits (what compute scores are relative to), the sort
    // keys that do not depend on the score, and the columns the rest reads: per plan whether it fits, the value
    // of its run (tokens/s where it fits, memory where not: collapseEquivalents' runs), and the parts of its
    // score that do not depend on the fastest plan (scoreParts' own expressions, so the scores are the same).
    const bool scored = strategy == Strategy::Exhaustive || strategy == Strategy::Hybrid;
    std::vector<double> run(n), memoryPart(n), communicationPart(n);
    std::vector<char> fits(n), timed(n);
    struct Part
    {
        std::vector<SortItem> feasible, bounded, overflow;
        std::vector<std::uint32_t> broken;
        double best = 0;
    };
    Part parts[2];
    twoParts(n, [&](std::size_t begin, std::size_t end, int which) {
        Part& part = parts[which];
        part.feasible.reserve(end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            PlanSummary& p = plans[i];
            const auto index = std::uint32_t(i);
            fits[i] = p.feasible ? 1 : 0;
            run[i] = p.feasible ? p.tokensPerSecond : p.peakMemoryBytes;
            if (p.feasible) {
                part.best = std::max(part.best, p.tokensPerSecond);
                timed[i] = p.stepSeconds <= 0 ? 0 : 1; // scoreParts gives 0 where not
                memoryPart[i] = std::clamp(1.0 - p.peakMemoryBytes / p.capacityBytes, 0.0, 1.0);
                communicationPart[i] = std::clamp(1.0 - p.exposedCommSeconds / p.stepSeconds, 0.0, 1.0);
                (p.bounded ? part.bounded : part.feasible).push_back(sortItem(keyFor(p, strategy, gpusPerNode), index));
            } else {
                p.score = 0;
                if (p.peakMemoryBytes > 0)
                    part.overflow.push_back({ orderKey(p.peakMemoryBytes / p.capacityBytes), 0, 0, index });
                else
                    part.broken.push_back(index);
            }
        }
    });
    out.bestTokensPerSecond = std::max(parts[0].best, parts[1].best);
    // 2. The scores of the plans that fit (scoreParts), written to them, and the keys that sort by them.
    const double best = out.bestTokensPerSecond;
    const double sum = weights.memory + weights.compute + weights.communication;
    const double norm = sum > 0 ? 1.0 / sum : 0.0;
    auto scoreOf = [&](std::uint32_t i) {
        if (best <= 0 || !timed[i])
            return 0.0;
        return norm * weights.memory * memoryPart[i] + norm * weights.compute * (run[i] / best)
            + norm * weights.communication * communicationPart[i];
    };
    twoParts(n, [&](std::size_t, std::size_t, int which) {
        for (std::vector<SortItem>* items : { &parts[which].feasible, &parts[which].bounded })
            for (SortItem& item : *items) {
                const double score = scoreOf(item.index);
                plans[item.index].score = score;
                if (scored)
                    item.k0 = orderKey(-score);
            }
    });
    auto joined = [&](std::vector<SortItem> Part::*member) {
        std::vector<SortItem> v = std::move(parts[0].*member);
        v.insert(v.end(), (parts[1].*member).begin(), (parts[1].*member).end());
        sortItems(v);
        return v;
    };
    const std::vector<SortItem> feasible = joined(&Part::feasible);
    const std::vector<SortItem> bounded = joined(&Part::bounded);
    const std::vector<SortItem> overflow = joined(&Part::overflow);
    // 3. collapseEquivalents on the columns: the summaries are read only to compare plans within a run.
    std::vector<std::uint32_t>& kept = out.order;
    std::vector<std::uint32_t>& stands = out.equivalents;
    kept.reserve(n);
    stands.reserve(n);
    constexpr std::size_t kMaxCompared = 64; // as collapseEquivalents
    std::size_t runStart = 0;
    auto add = [&](std::uint32_t idx) {
        const std::uint32_t first = kept.empty() ? 0 : kept[runStart];
        if (kept.empty() || fits[first] != fits[idx] || run[first] != run[idx])
            runStart = kept.size();
        if (fits[idx] || run[idx] > 0) {
            const std::size_t from = std::max(runStart, kept.size() - std::min(kept.size() - runStart, kMaxCompared));
            for (std::size_t k = from; k < kept.size(); ++k)
                if (equivalentPlans(plans[kept[k]], plans[idx])) {
                    ++stands[k];
                    return;
                }
        }
        kept.push_back(idx);
        stands.push_back(0);
    };
    // Plans compared are scattered over the summaries: where the next few in order share a run, their summaries
    // are fetched ahead of the comparison.
    auto prefetch = [&](std::uint32_t idx) {
        const char* bytes = reinterpret_cast<const char*>(&plans[idx]);
        for (std::size_t offset = 0; offset < sizeof(PlanSummary); offset += 64)
            __builtin_prefetch(bytes + offset);
    };
    auto addAll = [&](const std::vector<SortItem>& items) {
        constexpr std::size_t kAhead = 8;
        for (std::size_t k = 0; k < items.size(); ++k) {
            if (k + kAhead < items.size()) {
                const std::uint32_t a = items[k + kAhead - 1].index, b = items[k + kAhead].index;
                if (run[a] == run[b] && fits[a] == fits[b]) {
                    prefetch(a);
                    prefetch(b);
                }
            }
            add(items[k].index);
        }
    };
    addAll(feasible);
    addAll(bounded);
    out.feasibleRanked = kept.size();
    addAll(overflow);
    for (const std::vector<std::uint32_t>& b : { parts[0].broken, parts[1].broken })
        for (const std::uint32_t idx : b)
            add(idx);
    for (std::size_t i = 0; i < out.feasibleRanked; ++i)
        if (!out.fastest || run[kept[i]] > run[*out.fastest])
            out.fastest = kept[i];
    return out;
}

} // namespace shardscope
