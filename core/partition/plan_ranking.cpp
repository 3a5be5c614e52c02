// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_ranking.h"

#include "util/huge_pages.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <thread>
#include <tuple>
#include <utility>

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

struct Head
{
    std::uint64_t k0;
    std::uint32_t position;
};

/// Sorts `heads` by k0 with a stable least-significant-digit radix sort (11-bit digits, a digit every item shares
/// skipped): equal keys keep their order.
void radixSortByKey(std::vector<Head>& heads, std::vector<Head>& scratch, std::vector<std::uint32_t>& counts)
{
    constexpr int kBits = 11;
    constexpr std::size_t kBuckets = std::size_t(1) << kBits;
    constexpr int kDigits = (64 + kBits - 1) / kBits;
    counts.assign(kBuckets * kDigits, 0);
    reserveOnHugePages(scratch, heads.size());
    scratch.resize(heads.size());
    for (const Head& h : heads)
        for (int d = 0; d < kDigits; ++d)
            ++counts[std::size_t(d) * kBuckets + ((h.k0 >> (d * kBits)) & (kBuckets - 1))];
    for (int d = 0; d < kDigits; ++d) {
        std::uint32_t* count = counts.data() + std::size_t(d) * kBuckets;
        if (count[(heads.front().k0 >> (d * kBits)) & (kBuckets - 1)] == heads.size())
            continue; // every item has this digit: the pass would change nothing
        std::uint32_t sum = 0;
        for (std::size_t bucket = 0; bucket < kBuckets; ++bucket)
            sum += std::exchange(count[bucket], sum);
        for (const Head& h : heads)
            scratch[count[(h.k0 >> (d * kBits)) & (kBuckets - 1)]++] = h;
        heads.swap(scratch);
    }
}

/// Memory a sort reuses.
struct SortBuffers
{
    std::vector<Head> heads, scratch;
    std::vector<std::uint32_t> counts;
    std::vector<SortItem> sorted;
};

/// Sorts `v` (a strict total order: indices differ, so any way of sorting gives this order). Sorted as 16-byte
/// (first key, position) pairs by a radix sort on the first key; the rest of the key is looked at only within
/// a run of equal first keys (half the bytes moved, no comparison at all between distinct first keys).
void sortItems(std::vector<SortItem>& v, SortBuffers& buffers)
{
    std::vector<Head>& heads = buffers.heads;
    reserveOnHugePages(heads, v.size()); // fresh memory: faulted in 2 MB at a time (huge_pages.h)
    heads.resize(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        heads[i] = { v[i].k0, std::uint32_t(i) };
    const auto less = [&v](const Head& a, const Head& b) {
        return a.k0 != b.k0 ? a.k0 < b.k0 : v[a.position] < v[b.position];
    };
    constexpr std::size_t kRadixFrom = 512; // below this, comparing costs less than the radix sort's counting
    if (v.size() < kRadixFrom) {
        std::sort(heads.begin(), heads.end(), less);
    } else {
        radixSortByKey(heads, buffers.scratch, buffers.counts);
        for (std::size_t begin = 0; begin < heads.size();) { // ties of the first key, in position order now
            std::size_t end = begin + 1;
            while (end < heads.size() && heads[end].k0 == heads[begin].k0)
                ++end;
            if (end - begin > 1)
                std::sort(heads.begin() + std::ptrdiff_t(begin), heads.begin() + std::ptrdiff_t(end), less);
            begin = end;
        }
    }
    std::vector<SortItem>& sorted = buffers.sorted;
    reserveOnHugePages(sorted, v.size());
    sorted.resize(v.size());
    for (std::size_t i = 0; i < heads.size(); ++i)
        sorted[i] = v[heads[i].position];
    v.swap(sorted);
}

void sortItems(std::vector<SortItem>& v)
{
    SortBuffers buffers;
    sortItems(v, buffers);
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

namespace {

/// Which run of a ranking a plan belongs to: whether it fits, and its tokens/s where it does, its memory where
/// not. Every strategy sorts the plans that fit with throughput in its key and the rest by memory, so
/// equivalent plans (same tokens/s, memory, feasibility) fall into one run of consecutive plans.
struct RunKey
{
    bool fits = false;
    double value = 0;
    bool operator==(const RunKey&) const = default;
};

/// Collapses equivalent plans in a ranked sequence: each plan is compared, a bounded number of times, with the
/// plans kept so far in its run only; rule violations (no estimate) are kept as they are. Appends to
/// kept/stands (how many plans each kept one stands for). `runOf(index)` gives a plan's RunKey: read from the
/// summaries (collapseEquivalents) or from a ranking workspace's columns (rankAndCollapse), which read the
/// summaries only to compare plans within a run.
template <typename RunOf>
class Collapser
{
public:
    Collapser(std::span<const PlanSummary> plans, RunOf runOf, std::vector<std::uint32_t>& kept,
              std::vector<std::uint32_t>& stands)
        : m_plans(plans), m_runOf(std::move(runOf)), m_kept(kept), m_stands(stands)
    {
    }

    void add(std::uint32_t idx)
    {
        const RunKey run = m_runOf(idx);
        if (m_kept.empty() || m_runOf(m_kept[m_runStart]) != run)
            m_runStart = m_kept.size();
        if (run.fits || run.value > 0) {
            constexpr std::size_t kMaxCompared = 64;
            const std::size_t from
                = std::max(m_runStart, m_kept.size() - std::min(m_kept.size() - m_runStart, kMaxCompared));
            for (std::size_t k = from; k < m_kept.size(); ++k)
                if (equivalentPlans(m_plans[m_kept[k]], m_plans[idx])) {
                    ++m_stands[k];
                    return;
                }
        }
        m_kept.push_back(idx);
        m_stands.push_back(0);
    }

    /// Plans compared are scattered over the summaries: where the next few in order share a run, their summaries
    /// are fetched ahead of the comparison.
    void addAll(std::span<const SortItem> items)
    {
        constexpr std::size_t kAhead = 8;
        for (std::size_t k = 0; k < items.size(); ++k) {
            if (k + kAhead < items.size()) {
                const std::uint32_t a = items[k + kAhead - 1].index, b = items[k + kAhead].index;
                if (m_runOf(a) == m_runOf(b)) {
                    prefetch(a);
                    prefetch(b);
                }
            }
            add(items[k].index);
        }
    }

private:
    void prefetch(std::uint32_t idx) const
    {
        const char* bytes = reinterpret_cast<const char*>(&m_plans[idx]);
        for (std::size_t offset = 0; offset < sizeof(PlanSummary); offset += 64)
            __builtin_prefetch(bytes + offset);
    }

    std::span<const PlanSummary> m_plans;
    RunOf m_runOf;
    std::vector<std::uint32_t>& m_kept;
    std::vector<std::uint32_t>& m_stands;
    std::size_t m_runStart = 0; // index into m_kept where the current run starts
};

} // namespace

std::vector<std::uint32_t> collapseEquivalents(std::span<const PlanSummary> plans, std::vector<std::uint32_t>& order)
{
    std::vector<std::uint32_t> kept;
    std::vector<std::uint32_t> stands;
    kept.reserve(order.size());
    stands.reserve(order.size());
    const auto runOf = [&](std::uint32_t i) {
        const PlanSummary& p = plans[i];
        return RunKey { p.feasible, p.feasible ? p.tokensPerSecond : p.peakMemoryBytes };
    };
    Collapser collapser(plans, runOf, kept, stands);
    for (const std::uint32_t idx : order)
        collapser.add(idx);
    order = std::move(kept);
    return stands;
}

struct RankingWorkspace::Data
{
    // The candidates the columns were read from (holds()).
    const PlanSummary* candidates = nullptr;
    std::size_t size = 0;
    bool filled = false;
    // Per candidate: whether it fits; the value of its run (tokens/s where it fits, memory where not:
    // collapseEquivalents' runs); the parts of its score that do not depend on the fastest plan (scoreParts' own
    // expressions, so the scores are the same), and whether it has a step time (scoreParts gives 0 where not).
    std::vector<char> fits, timed;
    std::vector<double> run, memoryPart, communicationPart;
    std::vector<std::uint32_t> feasible, bounded; ///< plans that fit, in index order, timed in full or bounded
    double best = 0;                              ///< the fastest plan that fits: its tokens/s
    // The plans that do not fit, ranked (closest to fitting first, rule violations last) and collapsed: a run of
    // equivalent plans never spans plans that fit and plans that do not, so this part is the same in any ranking.
    std::vector<std::uint32_t> tailOrder, tailStands;
    // Buffers a ranking fills.
    std::vector<SortItem> items;
    SortBuffers sort;
    // The second thread's, for a large tail (rankTail).
    std::vector<SortItem> upperItems;
    SortBuffers upperSort;
    std::vector<std::uint32_t> upperOrder, upperStands;
};

RankingWorkspace::RankingWorkspace() = default;
RankingWorkspace::~RankingWorkspace() = default;
RankingWorkspace::RankingWorkspace(const RankingWorkspace&) { }
RankingWorkspace& RankingWorkspace::operator=(const RankingWorkspace& other)
{
    if (this != &other)
        clear();
    return *this;
}
RankingWorkspace::RankingWorkspace(RankingWorkspace&&) noexcept = default;
RankingWorkspace& RankingWorkspace::operator=(RankingWorkspace&&) noexcept = default;

void RankingWorkspace::clear()
{
    if (m_data)
        m_data->filled = false;
}

bool RankingWorkspace::holds(std::span<const PlanSummary> candidates) const
{
    return m_data && m_data->filled && m_data->candidates == candidates.data() && m_data->size == candidates.size();
}

namespace {

/// Collapser's RunOf from the workspace's columns.
auto columnRuns(const RankingWorkspace::Data& d)
{
    return [&d](std::uint32_t i) { return RunKey { d.fits[i] != 0, d.run[i] }; };
}

/// Ranks and collapses the plans that do not fit into d.tailOrder and d.tailStands: `overflow` (their sort items,
/// in index order) closest to fitting first, then the rule violations `broken` as they are. A large tail (a
/// DeepSeek-V3 search has 900,000 such plans, and the first ranking after a search waited for them on one thread)
/// is sorted in two halves at once and merged (the order is total: the same whichever way it is sorted), then
/// collapsed in two parts cut where one run of equivalent plans ends (the collapser compares plans within a run
/// only, so each part collapses alone as it would in one pass).
void rankTail(RankingWorkspace::Data& d, std::span<const PlanSummary> plans, std::vector<SortItem>& overflow,
              const std::vector<std::uint32_t>& broken)
{
    d.tailOrder.clear();
    d.tailStands.clear();
    reserveOnHugePages(d.tailOrder, overflow.size() + broken.size());
    reserveOnHugePages(d.tailStands, overflow.size() + broken.size());
    const auto runOf = columnRuns(d);
    if (overflow.size() < kTwoThreadTailFrom) {
        sortItems(overflow, d.sort);
        Collapser tail(plans, runOf, d.tailOrder, d.tailStands);
        tail.addAll(overflow);
    } else {
        const auto half = std::ptrdiff_t(overflow.size() / 2);
        std::vector<SortItem>& upper = d.upperItems;
        reserveOnHugePages(upper, overflow.size() - std::size_t(half));
        upper.assign(overflow.begin() + half, overflow.end());
        overflow.resize(std::size_t(half));
        {
            const std::jthread other([&] { sortItems(upper, d.upperSort); });
            sortItems(overflow, d.sort);
        }
        std::vector<SortItem>& merged = d.sort.sorted;
        reserveOnHugePages(merged, overflow.size() + upper.size());
        merged.resize(overflow.size() + upper.size());
        std::merge(overflow.begin(), overflow.end(), upper.begin(), upper.end(), merged.begin());
        overflow.swap(merged);
        std::size_t cut = overflow.size() / 2;
        while (cut < overflow.size() && runOf(overflow[cut].index) == runOf(overflow[cut - 1].index))
            ++cut;
        const std::span<const SortItem> sorted(overflow);
        d.upperOrder.clear();
        d.upperStands.clear();
        {
            const std::jthread other([&] {
                Collapser upperPart(plans, runOf, d.upperOrder, d.upperStands);
                upperPart.addAll(sorted.subspan(cut));
            });
            Collapser lowerPart(plans, runOf, d.tailOrder, d.tailStands);
            lowerPart.addAll(sorted.first(cut));
        }
        d.tailOrder.insert(d.tailOrder.end(), d.upperOrder.begin(), d.upperOrder.end());
        d.tailStands.insert(d.tailStands.end(), d.upperStands.begin(), d.upperStands.end());
    }
    Collapser rules(plans, runOf, d.tailOrder, d.tailStands); // rule violations: kept as they are
    for (const std::uint32_t idx : broken)
        rules.add(idx);
}

/// Reads the columns of `plans` into `d`, and ranks and collapses the plans that do not fit.
void fill(RankingWorkspace::Data& d, std::span<PlanSummary> plans)
{
    const std::size_t n = plans.size();
    reserveOnHugePages(d.run, n);
    reserveOnHugePages(d.memoryPart, n);
    reserveOnHugePages(d.communicationPart, n);
    reserveOnHugePages(d.items, n);
    d.fits.assign(n, 0);
    d.timed.assign(n, 0);
    d.run.assign(n, 0.0);
    d.memoryPart.assign(n, 0.0);
    d.communicationPart.assign(n, 0.0);
    d.feasible.clear();
    d.bounded.clear();
    reserveOnHugePages(d.feasible, n); // address space only: the pages are faulted in as they fill
    reserveOnHugePages(d.bounded, n);
    d.best = 0;
    std::vector<SortItem>& overflow = d.items;
    overflow.clear();
    std::vector<std::uint32_t> broken;
    for (std::size_t i = 0; i < n; ++i) {
        PlanSummary& p = plans[i];
        const auto index = std::uint32_t(i);
        if (!p.feasible)
            p.score = 0;
        d.fits[i] = p.feasible ? 1 : 0;
        d.run[i] = p.feasible ? p.tokensPerSecond : p.peakMemoryBytes;
        if (p.feasible) {
            d.best = std::max(d.best, p.tokensPerSecond);
            d.timed[i] = p.stepSeconds <= 0 ? 0 : 1;
            d.memoryPart[i] = std::clamp(1.0 - p.peakMemoryBytes / p.capacityBytes, 0.0, 1.0);
            d.communicationPart[i] = std::clamp(1.0 - p.exposedCommSeconds / p.stepSeconds, 0.0, 1.0);
            (p.bounded ? d.bounded : d.feasible).push_back(index);
        } else if (p.peakMemoryBytes > 0) {
            overflow.push_back({ orderKey(p.peakMemoryBytes / p.capacityBytes), 0, 0, index });
        } else {
            broken.push_back(index);
        }
    }
    rankTail(d, plans, overflow, broken);
    d.candidates = plans.data();
    d.size = n;
    d.filled = true;
}

} // namespace

void rankAndCollapse(std::span<PlanSummary> plans, Strategy strategy, const ScoreWeights& weights, int gpusPerNode,
                     RankingWorkspace& workspace, Ranking& out)
{
    if (!workspace.m_data)
        workspace.m_data = std::make_unique<RankingWorkspace::Data>();
    RankingWorkspace::Data& d = *workspace.m_data;
    if (!workspace.holds(plans))
        fill(d, plans);
    out.bestTokensPerSecond = d.best;
    out.fastest.reset();
    out.order.clear();
    out.equivalents.clear();
    reserveOnHugePages(out.order, plans.size());
    reserveOnHugePages(out.equivalents, plans.size());
    // The scores of the plans that fit (scoreParts), written to them, and their sort keys: by score from the
    // columns, other rankings from the summaries (keyFor).
    const bool scored = strategy == Strategy::Exhaustive || strategy == Strategy::Hybrid;
    const double best = d.best;
    const double sum = weights.memory + weights.compute + weights.communication;
    const double norm = sum > 0 ? 1.0 / sum : 0.0;
    Collapser collapser(plans, columnRuns(d), out.order, out.equivalents);
    for (const std::vector<std::uint32_t>* part : { &d.feasible, &d.bounded }) {
        std::vector<SortItem>& items = d.items;
        items.resize(part->size());
        for (std::size_t k = 0; k < part->size(); ++k) {
            const std::uint32_t i = (*part)[k];
            const double score = best <= 0 || !d.timed[i]
                ? 0.0
                : norm * weights.memory * d.memoryPart[i] + norm * weights.compute * (d.run[i] / best)
                    + norm * weights.communication * d.communicationPart[i];
            plans[i].score = score;
            items[k] = scored ? SortItem { orderKey(-score), orderKey(-d.run[i]), orderKey(0.0), i }
                              : sortItem(keyFor(plans[i], strategy, gpusPerNode), i);
        }
        sortItems(items, d.sort);
        collapser.addAll(items);
    }
    out.feasibleRanked = out.order.size();
    for (std::size_t i = 0; i < out.feasibleRanked; ++i)
        if (!out.fastest || d.run[out.order[i]] > d.run[*out.fastest])
            out.fastest = out.order[i];
    out.order.insert(out.order.end(), d.tailOrder.begin(), d.tailOrder.end());
    out.equivalents.insert(out.equivalents.end(), d.tailStands.begin(), d.tailStands.end());
}

Ranking rankAndCollapse(std::span<PlanSummary> plans, Strategy strategy, const ScoreWeights& weights, int gpusPerNode)
{
    RankingWorkspace workspace;
    Ranking out;
    rankAndCollapse(plans, strategy, weights, gpusPerNode, workspace, out);
    return out;
}

} // namespace shardscope
