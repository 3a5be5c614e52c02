// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "partition/search_diagnosis.h"
#include "proposals/proposals.h"

#include <atomic>
#include <optional>
#include <vector>

namespace shardscope {

/**
 * Proposals that change the job rather than the plan: the global batch (ProposalKind::GlobalBatch, the
 * changed value in Proposal::training) and the GPU count (ProposalKind::ClusterSize, the changed cluster in
 * Proposal::cluster). Each is evaluated by PlanEvaluator on the changed problem, so evaluating
 * (cluster, training, config) again reproduces it. They change what a step does, so `speedup` is tokens/s
 * against the current plan's. proposeChanges does not make them (a plan file's proposals keep the job's
 * inputs); a caller shows them beside it, e.g. under a LargeBubble or BatchLimitsDp finding, or when nothing
 * fits.
 */

struct ScaleProposalOptions
{
    double bubbleThreshold = kBubbleWarningFraction; ///< bubbles above it get "raise the global batch"
    int maxBatchFactor = 8; ///< the global batch is doubled up to this many times its value
    int threads = 0; ///< SearchOptions::threads of the search a divisor proposal runs
    int maxMicroBatch = 32; ///< SearchOptions::maxMicroBatch
    const std::atomic<bool>* cancel = nullptr;
};

/**
 * "Raise global batch to N" for `current` (an estimate PlanEvaluator made for `problem`):
 *  - when its pipeline bubble is above options.bubbleThreshold (PP > 1): the same configuration (DP and
 *    micro-batch, so more micro-batches per step) with the global batch 2x, 4x, ... up to maxBatchFactor x,
 *    stopping at the first whose bubble is under the threshold;
 *  - when the global batch rules out DP degrees the GPU count allows (batchDivisorFinding): the smallest
 *    larger global batch that allows them all, with the fastest plan that fits on the changed problem (a
 *    search with the problem's pins), when that plan uses a DP degree the current batch rules out (else the
 *    limit costs nothing).
 * Changes that break a rule are left out. Empty when neither applies or `current` was not placed.
 */
std::vector<Proposal> proposeGlobalBatchChanges(
    const PlanningProblem& problem, const PlanEstimate& current, const ScaleProposalOptions& options = {});

/**
 * "Use N GPUs": the fastest plan that fits on sweep.fitNodes nodes (smallestFittingCluster of `problem`),
 * evaluated in full on that cluster with the sweep's pins (Proposal::training.pins). `current` is the plan to
 * compare with, or null: speedup is 0 unless it fits, memoryDeltaBytes is against its peak (the proposed peak
 * without one). nullopt when the sweep found no cluster that fits.
 */
std::optional<Proposal> proposeClusterSize(
    const PlanningProblem& problem, const ClusterSweep& sweep, const PlanEstimate* current = nullptr);

} // namespace shardscope
