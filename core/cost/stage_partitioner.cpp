// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/stage_partitioner.h"

#include "cost/evaluation_caches.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace shardscope {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Every range cost is computed from prefix sums in exactly one way, so all comparisons agree
// with each other. Rounding is monotone, so a computed cost never grows when the range shrinks
// nor when the stage index grows (limits are non-increasing): that is all the proofs below use.
struct Instance
{
    int n = 0;
    int p = 0;
    const double* time = nullptr; // n + 1 prefix sums each
    const double* stat = nullptr;
    const double* act = nullptr;
    const double* fixedBytes = nullptr;
    const double* inFlight = nullptr;

    double seconds(int s, int e) const { return time[e] - time[s]; }
    double need(int k, int s, int e) const
    {
        return fixedBytes[k] + (stat[e] - stat[s]) + inFlight[k] * (act[e] - act[s]);
    }
};

using evaluation_detail::PartitionWorkspace;
using evaluation_detail::TimeOnly;
using evaluation_detail::TimeOnlyKey;
using evaluation_detail::TimeOnlyMemo;

struct Probe
{
    bool feasible = false;
    double maxSeconds = 0; ///< of the greedy partition, when feasible
    double maxNeed = 0;
    double nextSeconds = kInf; ///< when infeasible: the least larger time bound that changes the greedy
    double nextNeed = kInf;    ///< the same for the capacity
};

// Decides whether a partition with every stage within (timeBound, capacity) exists, and builds
// one in starts[0..p]. Greedy from the back: stage k = p-1..1 takes the longest suffix that fits
// while leaving one item for each earlier stage; stage 0 must take the rest.
// Exact by an exchange argument. If a valid partition b exists, then s_k <= b_k by induction
// from the back: either b_k < s_{k+1}, and [b_k, s_{k+1}) is a subrange of b's stage k so it
// fits; or item s_{k+1}-1 lies in an earlier stage j < k of b, fits there alone, and therefore
// fits alone on the looser stage k. So stage 0's rest [0, s_1) is a subrange of [0, b_1).
// (Greedy from the front is not exact with non-increasing limits: it can push an item that only
// fits a late stage onto a stricter middle one; see the "forward greedy trap" test.)
Probe probe(const Instance& in, double timeBound, double capacity, int* starts)
{
    Probe r;
    auto fits = [&](int k, int s, int e) {
        return in.seconds(s, e) <= timeBound && in.need(k, s, e) <= capacity;
    };
    // Stage k could not also take item s: record how far one bound must grow until it can. If
    // both bounds block it, growing one alone changes nothing.
    auto blocked = [&](int k, int s, int e) {
        const double t = in.seconds(s, e);
        const double m = in.need(k, s, e);
        if (t > timeBound && m <= capacity) r.nextSeconds = std::min(r.nextSeconds, t);
        if (t <= timeBound && m > capacity) r.nextNeed = std::min(r.nextNeed, m);
    };
    auto record = [&](int k, int s, int e) {
        r.maxSeconds = std::max(r.maxSeconds, in.seconds(s, e));
        r.maxNeed = std::max(r.maxNeed, in.need(k, s, e));
    };

    starts[in.p] = in.n;
    for (int k = in.p - 1; k >= 1; --k) {
        const int e = starts[k + 1];
        if (!fits(k, e - 1, e)) {
            blocked(k, e - 1, e);
            return r;
        }
        // Smallest start in [k, e-1] that fits (fitting is monotone in the start): gallop, then bisect.
        int good = e - 1;
        int bad = k - 1;
        for (int step = 1; good - step > bad; step *= 2) {
            if (!fits(k, good - step, e)) {
                bad = good - step;
                break;
            }
            good -= step;
        }
        while (good - bad > 1) {
            const int mid = bad + (good - bad) / 2;
            (fits(k, mid, e) ? good : bad) = mid;
        }
        if (bad >= k) blocked(k, bad, e);
        starts[k] = good;
        record(k, good, e);
    }
    starts[0] = 0;
    if (!fits(0, 0, starts[1])) {
        blocked(0, 0, starts[1]);
        return r;
    }
    record(0, 0, starts[1]);
    r.feasible = true;
    return r;
}

// Least bound for which probe() succeeds, over time (capacity fixed) or over capacity (no time
// bound), up to `tol`. Requires lo <= optimum, and success once the bound is infinite. Bisection
// on doubles, made exact by snapping: a success lowers hi to the greedy partition's actual cost
// (a real candidate, still feasible); a failure proves every bound below the greedy's next change
// point fails too, so lo jumps there. Each step strictly moves lo or hi. `guess` is expected just
// below the optimum, and lo + step just above it: two probes usually bracket it tightly.
double minimalBound(const Instance& in, bool overTime, double capacity, double lo, double guess, double step,
                    double tol, int* starts)
{
    double hi = kInf;
    auto attempt = [&](double bound) {
        const Probe r = overTime ? probe(in, bound, capacity, starts) : probe(in, kInf, bound, starts);
        if (r.feasible)
            hi = overTime ? r.maxSeconds : r.maxNeed;
        else
            lo = std::min(hi, overTime ? r.nextSeconds : r.nextNeed);
    };
    if (guess > lo) attempt(guess);
    for (double reach = step; hi == kInf; reach *= 2) { // gallop up from the last failure
        const double bound = lo + reach;
        if (!(bound > lo && bound < kInf)) {
            attempt(kInf);
            break;
        }
        attempt(bound);
    }
    while (hi - lo > tol) {
        double mid = lo + (hi - lo) / 2;
        if (!(mid > lo && mid < hi)) mid = lo; // adjacent doubles: settle lo itself
        attempt(mid);
    }
    return hi;
}

// Among partitions whose stages all fit (timeBound, capacity), one with the slowest-possible
// fastest stage. DP over boundary positions: best[j][b] = the largest minimum stage time of
// stages 0..j-1 covering [0, b). Boundary j of any such partition lies in [low[j], high[j]]:
// low from the exact greedy above (s_k <= b_k); high from a greedy from the front that gives
// every stage the last stage's (loosest) memory limit, which is exact for that relaxation by the
// mirrored exchange argument and so bounds every real partition.
// Cost: sum over j of |window j| x (items a stage can hold), small when the bound is tight.
void maximizeFastestStage(const Instance& in, double timeBound, double capacity, PartitionWorkspace& ws,
                          std::vector<int>& boundaries)
{
    const int n = in.n;
    const int p = in.p;
    int* low = ws.low.data();
    int* high = ws.high.data();
    probe(in, timeBound, capacity, low);
    high[0] = 0;
    for (int j = 1; j < p; ++j) {
        const int s = high[j - 1];
        const int cap = n - (p - j);
        int e = std::max(s + 1, low[j]);
        while (e < cap && in.seconds(s, e + 1) <= timeBound && in.need(p - 1, s, e + 1) <= capacity) ++e;
        high[j] = e;
    }
    high[p] = n;

    int* offset = ws.offset.data();
    offset[0] = 0;
    for (int j = 0; j <= p; ++j) offset[j + 1] = offset[j] + (high[j] - low[j] + 1);
    const auto cells = static_cast<std::size_t>(offset[p + 1]);
    if (ws.best.size() < cells) ws.best.resize(cells);
    double* best = ws.best.data();
    best[0] = kInf; // boundary 0 sits at position 0
    auto fits = [&](int k, int s, int e) {
        return in.seconds(s, e) <= timeBound && in.need(k, s, e) <= capacity;
    };

    for (int j = 1; j <= p; ++j) {
        const int k = j - 1; // the stage that ends at boundary j
        const int prev = offset[k] - low[k]; // best[prev + s]: boundary k at position s
        int first = low[k]; // least start that fits stage k for the current end; never decreases
        for (int b = low[j]; b <= high[j]; ++b) {
            const int last = std::min(high[k], b - 1);
            while (first <= last && !fits(k, first, b)) ++first;
            // Stage times are >= 0, so -1 marks "unreachable". Two accumulators halve the
            // dependency chain; the arg max is recovered below.
            double top0 = -1, top1 = -1;
            int s = first;
            for (; s < last; s += 2) {
                top0 = std::max(top0, std::min(best[prev + s], in.seconds(s, b)));
                top1 = std::max(top1, std::min(best[prev + s + 1], in.seconds(s + 1, b)));
            }
            if (s == last) top0 = std::max(top0, std::min(best[prev + s], in.seconds(s, b)));
            best[offset[j] + (b - low[j])] = std::max(top0, top1);
        }
    }
    // Walk back: a start whose value equals the cell's (the same expression, so exactly equal).
    boundaries.resize(static_cast<std::size_t>(p) + 1);
    int b = n;
    for (int j = p; j >= 1; --j) {
        boundaries[static_cast<std::size_t>(j)] = b;
        const int k = j - 1;
        const int prev = offset[k] - low[k]; // best[prev + s]: boundary k at position s
        const double target = best[offset[j] + (b - low[j])];
        int s = std::min(high[k], b - 1);
        while (std::min(best[prev + s], in.seconds(s, b)) != target) --s;
        b = s;
    }
    boundaries[0] = 0;
}

bool finiteNonNegative(double v) { return std::isfinite(v) && v >= 0; }

void validate(std::span<const PartitionItem> items, int stages, const StageLimits& limits)
{
    auto fail = [](const std::string& what) { throw std::invalid_argument("partitionStages: " + what); };
    if (items.size() > static_cast<std::size_t>(INT_MAX / 2)) fail("too many items");
    const int n = static_cast<int>(items.size());
    if (stages < 1 || stages > n)
        fail("the number of pipeline stages (" + std::to_string(stages)
             + ") must be between 1 and the number of partition items (" + std::to_string(n) + ")");
    const auto size = static_cast<std::size_t>(stages);
    if (limits.fixedBytes.size() != size || limits.inFlight.size() != size)
        fail("stage limits need one fixedBytes and one inFlight entry per stage (" + std::to_string(stages)
             + "), got " + std::to_string(limits.fixedBytes.size()) + " and "
             + std::to_string(limits.inFlight.size()));
    if (!finiteNonNegative(limits.capacityBytes)) fail("capacityBytes must be finite and non-negative");
    // The items' costs are checked where partitionStages sums them (badItems), in the same pass.
    for (std::size_t k = 0; k < size; ++k) {
        if (!finiteNonNegative(limits.fixedBytes[k]) || !finiteNonNegative(limits.inFlight[k]))
            fail("stage " + std::to_string(k) + " has a negative or non-finite fixedBytes or inFlight");
        if (k > 0 && (limits.fixedBytes[k] > limits.fixedBytes[k - 1]
                      || limits.inFlight[k] > limits.inFlight[k - 1]))
            fail("fixedBytes and inFlight must not increase from stage to stage (stage " + std::to_string(k)
                 + " exceeds stage " + std::to_string(k - 1) + ")");
    }
}

/// Where the prefix sums are not finite or met a negative or NaN cost: names the first item with a negative or
/// non-finite cost, or else the sums that overflowed (std::invalid_argument).
[[noreturn]] void badItems(std::span<const PartitionItem> items)
{
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!finiteNonNegative(items[i].seconds) || !finiteNonNegative(items[i].staticBytes)
            || !finiteNonNegative(items[i].activationBytes))
            throw std::invalid_argument("partitionStages: item " + std::to_string(i) + " has a negative or non-finite cost");
    throw std::invalid_argument("partitionStages: the items' total time or memory is not finite");
}

// The items' prefix sums, summed once for everything below.
struct Totals
{
    double time = 0, stat = 0, act = 0, longestItem = 0;
};

// Sizes the workspace for n items and p stages and fills its prefix sums; checks the items' costs and the
// totals (std::invalid_argument via badItems).
Totals prefixSums(std::span<const PartitionItem> items, int p, const StageLimits& limits, PartitionWorkspace& ws)
{
    const int n = static_cast<int>(items.size());
    const auto points = static_cast<std::size_t>(n) + 1;
    ws.time.resize(points);
    ws.stat.resize(points);
    ws.act.resize(points);
    ws.starts.resize(static_cast<std::size_t>(p) + 1);
    ws.low.resize(static_cast<std::size_t>(p) + 1);
    ws.high.resize(static_cast<std::size_t>(p) + 1);
    ws.offset.resize(static_cast<std::size_t>(p) + 2);
    double time = 0, stat = 0, act = 0, longestItem = 0;
    ws.time[0] = ws.stat[0] = ws.act[0] = 0;
    bool negativeOrNan = false; // a negative or NaN cost (an infinite one makes a sum infinite)
    for (std::size_t i = 0; i < items.size(); ++i) {
        negativeOrNan |= !(items[i].seconds >= 0 && items[i].staticBytes >= 0 && items[i].activationBytes >= 0);
        const double next = time + items[i].seconds;
        if (next - time > longestItem) longestItem = next - time; // as in.seconds(i, i + 1) computes it
        ws.time[i + 1] = time = next;
        ws.stat[i + 1] = stat += items[i].staticBytes;
        ws.act[i + 1] = act += items[i].activationBytes;
    }
    if (negativeOrNan || !std::isfinite(time) || !std::isfinite(stat) || !std::isfinite(act))
        badItems(items);
    if (!std::isfinite(limits.fixedBytes[0] + stat + limits.inFlight[0] * act))
        throw std::invalid_argument("partitionStages: the items' total time or memory is not finite");
    return { time, stat, act, longestItem };
}

// The fastest partition ignoring memory depends on the items' times alone. Where it fits, it is optimal
// under memory too (and the fastest stage as slow as any fitting optimum allows: it maximises that over a
// superset), so it is the answer. Callers that vary only memory (the search's ZeRO and sharding variants of
// one configuration) ask with the same times again and again, and its schedules (1F1B and ZB-H1 partition
// the same items) with a few kernel variants between them: the context keeps the last kTimeOnlyMemo
// (TimeOnlyMemo), found by their key (stage count, total and longest item, which prefixSums sums anyway, then
// the times in full), and each of them then costs one pass over its stages instead of a partition.

// The fastest partition ignoring memory: the memo's one for these times, or found now and remembered.
const TimeOnly& timeOnlyPartition(std::span<const PartitionItem> items, const Instance& in,
                                  const Totals& sums, double timeTol, PartitionWorkspace& ws, TimeOnlyMemo& memo, int* starts)
{
    const int p = in.p;
    const double time = sums.time;
    const double longestItem = sums.longestItem;
    TimeOnlyKey& key = memo.current;
    key.p = p;
    key.total = time;
    key.longest = longestItem;
    key.seconds.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        key.seconds[i] = items[i].seconds;
    TimeOnly* found = nullptr;
    for (TimeOnly& t : memo.entries)
        if (t.key == key) {
            found = &t;
            break;
        }
    if (!found) {
        found = &memo.entries[memo.next++ % TimeOnlyMemo::kTimeOnlyMemo];
        found->key.p = 0; // until complete
        const double fastest
            = minimalBound(in, true, kInf, longestItem, time / p, longestItem, timeTol, starts);
        maximizeFastestStage(in, fastest + timeTol, kInf, ws, found->boundaries);
        found->key = key;
    }
    return *found;
}

// Where every stage of the time-only partition fits capacityBytes: that partition into result (true).
bool acceptTimeOnly(const Instance& in, const TimeOnly& timeOnly, double capacityBytes,
                    StagePartition& result)
{
    const int* b = timeOnly.boundaries.data();
    bool fits = true;
    double slowestStage = 0, fastestStage = kInf;
    for (int k = 0; k < in.p && fits; ++k) {
        fits = in.need(k, b[k], b[k + 1]) <= capacityBytes;
        const double t = in.seconds(b[k], b[k + 1]);
        slowestStage = std::max(slowestStage, t);
        fastestStage = std::min(fastestStage, t);
    }
    if (!fits) return false;
    result.feasible = true;
    result.boundaries.assign(timeOnly.boundaries.begin(), timeOnly.boundaries.end());
    result.maxStageSeconds = slowestStage;
    result.minStageSeconds = fastestStage;
    return true;
}

// Where nothing fits the real capacity: the least capacity a partition fits (up to needTol), plus needTol.
double leastFittingCapacity(const Instance& in, const StageLimits& limits, const Totals& sums, double needTol,
                            int* starts)
{
    const int n = in.n;
    const int p = in.p;
    // Every item sits on some stage, and the last stage is the loosest; the average need is
    // at least (sum of fixed + static + least in-flight x activations) / p.
    double lo = 0, step = 0, fixedSum = 0;
    for (int i = 0; i < n; ++i) {
        lo = std::max(lo, in.need(p - 1, i, i + 1));
        step = std::max(step, in.need(0, i, i + 1) - limits.fixedBytes[0]);
    }
    for (int k = 0; k < p; ++k) fixedSum += limits.fixedBytes[static_cast<std::size_t>(k)];
    const double average = (fixedSum + sums.stat + limits.inFlight.back() * sums.act) / p;
    return minimalBound(in, false, kInf, lo, average, step, needTol, starts) + needTol;
}

// The stage times of result's boundaries, and where it is infeasible its worst stage and overflow.
void describePartition(const Instance& in, const StageLimits& limits, double needTol, StagePartition& result)
{
    double slowestStage = 0, fastestStage = kInf, worstNeed = 0;
    const int* b = result.boundaries.data();
    for (int k = 0; k < in.p; ++k) {
        const double t = in.seconds(b[k], b[k + 1]);
        slowestStage = std::max(slowestStage, t);
        fastestStage = std::min(fastestStage, t);
        worstNeed = std::max(worstNeed, in.need(k, b[k], b[k + 1]));
    }
    result.maxStageSeconds = slowestStage;
    result.minStageSeconds = fastestStage;
    if (!result.feasible) {
        // The first of the stages that tie for the largest need (up to rounding).
        int k = 0;
        while (in.need(k, b[k], b[k + 1]) < worstNeed - needTol) ++k;
        result.worstStage = k;
        result.excessBytes = worstNeed - limits.capacityBytes;
    }
}

} // namespace

StagePartition partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits)
{
    StagePartition result;
    partitionStages(items, stages, limits, result);
    return result;
}

void partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits, StagePartition& result)
{
    partitionStages(items, stages, limits, result, EvaluationContext::forThisThread());
}

void partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits, StagePartition& result,
                     EvaluationContext& context)
{
    validate(items, stages, limits);
    result.worstStage = -1; // set below only where nothing fits
    result.excessBytes = 0;
    const int n = static_cast<int>(items.size());
    const int p = stages;
    EvaluationCaches& caches = context.caches();
    PartitionWorkspace& ws = caches.partition;
    const Totals sums = prefixSums(items, p, limits, ws);
    const double time = sums.time;
    const Instance in { n, p, ws.time.data(), ws.stat.data(), ws.act.data(), limits.fixedBytes.data(),
                        limits.inFlight.data() };
    int* starts = ws.starts.data();

    // Ties up to rounding. A prefix sum is within n u total of the exact one, so two ranges with
    // the same exact sum (identical transformer blocks at different depths) can compute values up
    // to (2n + 1) eps total apart. Costs closer than that are treated as equal: the searches stop
    // there and the DP admits them, so rounding noise does not decide which balanced partitions
    // count as optimal. Integer-valued costs sum exactly and are unaffected.
    const double eps = std::numeric_limits<double>::epsilon();
    const double timeTol = 2.0 * (n + 1) * eps * time;
    const double needTol
        = 2.0 * (n + 2) * eps * (limits.fixedBytes[0] + sums.stat + limits.inFlight[0] * sums.act);

    const TimeOnly& timeOnly = timeOnlyPartition(items, in, sums, timeTol, ws, caches.timeOnly, starts);
    if (acceptTimeOnly(in, timeOnly, limits.capacityBytes, result)) return;

    // Capacity to plan against: the real one, or when nothing fits it, the least that would fit.
    double capacity = limits.capacityBytes;
    result.feasible = probe(in, kInf, capacity, starts).feasible;
    if (!result.feasible)
        capacity = leastFittingCapacity(in, limits, sums, needTol, starts);

    // Slowest stage: at least the longest item; the average stage time and the average plus the
    // longest item bracket it for near-uniform models (the latter always fits time-wise).
    const double slowest
        = minimalBound(in, true, capacity, sums.longestItem, time / p, sums.longestItem, timeTol, starts);
    maximizeFastestStage(in, slowest + timeTol, capacity, ws, result.boundaries);
    describePartition(in, limits, needTol, result);
}

} // namespace shardscope
