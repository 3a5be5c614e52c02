// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_evaluator.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

namespace shardscope {

/// Fewest tokens per context-parallel rank the search tries (a pin may go lower).
constexpr long long kMinContextChunk = 4096;

/**
 * Work the search may skip on candidates that cannot be among the fastest plans: a step-time floor (a lower
 * bound, PlanEvaluator::stepFloorBeforePlacement and summarizeUnlessSlower) against the keepFastest-th fastest
 * plan found, candidates visited cheapest floor first. Only for consumers that read the fastest plans alone
 * (a ranking by throughput: ranksByThroughput), never for one that shows or re-ranks every candidate (the
 * GUI's explorer). The result is the same whatever the threads and their timing: a candidate is bounded when
 * its floor is slower than the final keepFastest-th fastest distinct tokens/s, whether or not a thread
 * evaluated it first. Bounded candidates stay in SearchResult::candidates (PlanSummary::bounded).
 */
enum class SearchPruning
{
    None,     ///< every candidate evaluated in full
    /// Every candidate placed: feasibility, reasons, memory and feasibleCount exact for all of them; the
    /// pipeline simulation and DP traffic skipped where the floor after placing is slower (the sweep, the
    /// dead-end diagnosis, plan with the default ranking).
    KeepFit,
    /// Also skips placing where the floor before placing is slower: those come back not evaluated (feasible
    /// false, no memory, PlanSummary::bounded) and feasibleCount counts only the plans evaluated (a search
    /// that wants the fastest plan that fits and nothing else).
    FastestOnly,
};

struct SearchOptions
{
    int maxMicroBatch = 32;    ///< largest micro-batch tried when it is not pinned
    int threads = 0;           ///< 0: one per hardware thread
    /// Called now and then from a search thread with (done, total); return false to cancel.
    std::function<bool(std::size_t, std::size_t)> progress;
    const std::atomic<bool>* cancel = nullptr; ///< checked between candidates
    SearchPruning pruning = SearchPruning::None;
    /// With pruning: every plan that fits and is as fast as the keepFastest-th fastest distinct tokens/s is
    /// evaluated in full (runPlanning raises it to its topCount). At least 1.
    int keepFastest = 1;
};

struct SearchResult
{
    std::vector<PlanSummary> candidates; ///< every candidate, feasible or not, in enumeration order
    std::size_t feasibleCount = 0;
    double elapsedSeconds = 0;
    bool cancelled = false;
    SearchPruning pruning = SearchPruning::None; ///< as searched
    std::size_t boundedBeforePlacing = 0;        ///< candidates the floor before placing rejected (FastestOnly)
    std::size_t boundedAfterPlacing = 0;         ///< placed, times skipped by the floor after placing
    std::size_t bounded() const { return boundedBeforePlacing + boundedAfterPlacing; }
};

/**
 * Every combination of TP (dividing attention and key/value heads, across nodes too), CP (at least
 * kMinContextChunk tokens per rank; ring, and all-to-all where the heads divide), PP, DP, micro-batch,
 * data-parallel sharding (ZeRO 0-3, with pipelines too; FSDP also hybrid inside a node; parameters kept
 * gathered after forward only when pinned, as ZeRO-2 dominates it), recomputation, sequence parallelism, schedule (1F1B, interleaved, the
 * zero-bubble ones; GPipe only when pinned) and virtual stages that the pins allow. Rule violations a
 * pin forces in come back as infeasible candidates with a reason.
 */
std::vector<ParallelConfig> enumerateCandidates(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch = 32);

/// Hands every candidate of enumerateCandidates to `emit`, in the same order, and returns how many, without
/// gathering them: the search counts them first and then writes each straight into its summary (a million
/// configurations in a vector of their own, grown by doubling, cost the search the kernel's clearing of every
/// page it touched).
std::size_t forEachCandidate(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch,
                             const std::function<void(const ParallelConfig&)>& emit);

/// Evaluates every candidate (in parallel; SearchOptions::pruning may bound some); the result is in enumeration
/// order, unranked.
SearchResult searchPlans(const PlanEvaluator& evaluator, const PlanPins& pins, const SearchOptions& options = {});

} // namespace shardscope
