// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_evaluator.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

namespace shardscope {

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
 * Every combination of TP (dividing attention and key/value heads, across nodes too), PP, DP,
 * micro-batch, ZeRO stage, recomputation, sequence parallelism, schedule and virtual stages that
 * the pins allow. Rule violations a pin forces in come back as infeasible candidates with a reason.
 */
std::vector<ParallelConfig> enumerateCandidates(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch = 32);

/// Evaluates every candidate (in parallel); the result is in enumeration order, unranked.
SearchResult searchPlans(const PlanEvaluator& evaluator, const PlanPins& pins, const SearchOptions& options = {});

} // namespace shardscope
