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

struct SearchOptions
{
    int maxMicroBatch = 32;    ///< largest micro-batch tried when it is not pinned
    int threads = 0;           ///< 0: one per hardware thread
    /// Called now and then from a search thread with (done, total); return false to cancel.
    std::function<bool(std::size_t, std::size_t)> progress;
    const std::atomic<bool>* cancel = nullptr; ///< checked between candidates
};

struct SearchResult
{
    std::vector<PlanSummary> candidates; ///< every candidate, feasible or not, in enumeration order
    std::size_t feasibleCount = 0;
    double elapsedSeconds = 0;
    bool cancelled = false;
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

/// Evaluates every candidate (in parallel); the result is in enumeration order, unranked.
SearchResult searchPlans(const PlanEvaluator& evaluator, const PlanPins& pins, const SearchOptions& options = {});

} // namespace shardscope
