// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <vector>

namespace shardscope {

class EvaluationContext;

/// Cost of one partition unit (a transformer block, the embedding, the output head, ...) on one device.
struct PartitionItem
{
    double seconds = 0;          ///< forward + backward time per micro-batch
    double staticBytes = 0;      ///< weights, gradients, optimizer states: independent of micro-batches in flight
    double activationBytes = 0;  ///< activations of one micro-batch kept for backward
};

/**
 * Memory limits per stage index k (0 = first stage). Stage k of a range R needs
 *   fixedBytes[k] + sum(staticBytes over R) + inFlight[k] * sum(activationBytes over R)
 * which must not exceed capacityBytes. Preconditions (checked, std::invalid_argument):
 * both vectors have one entry per stage and are non-increasing in k (1F1B keeps p - k
 * micro-batches in flight on stage k; GPipe keeps m everywhere), all values >= 0.
 */
struct StageLimits
{
    std::vector<double> fixedBytes;
    std::vector<double> inFlight;
    double capacityBytes = 0;
};

struct StagePartition
{
    bool feasible = false;
    /// stages + 1 entries; stage k holds items [boundaries[k], boundaries[k+1]). Every stage is non-empty.
    /// When infeasible: the partition that needs the least memory capacity.
    std::vector<int> boundaries;
    double maxStageSeconds = 0;
    double minStageSeconds = 0;
    /// When infeasible: the stage with the largest overflow and by how many bytes it exceeds capacity.
    int worstStage = -1;
    double excessBytes = 0;
};

/**
 * Splits items, in order, into `stages` contiguous non-empty stages so that the slowest
 * stage is as fast as possible while every stage fits its memory limit. Exact (the tests
 * compare with brute force). Among optimal partitions it returns one that maximizes the
 * fastest stage's time too, so the reported imbalance (max / min) is the best achievable. Where the
 * fastest partition ignoring memory fits, that is the one returned: a function of the items' times
 * alone, so limits that differ only where memory does not bind give the same partition (the search's
 * ZeRO variants of one configuration share it; the context keeps the last few).
 * Requires 1 <= stages <= items.size() (std::invalid_argument otherwise).
 *
 * Costs are compared as computed from prefix sums; two costs closer than the rounding error of
 * such sums (about 2 n eps x total) count as equal, so identical blocks at different depths stay
 * interchangeable and rounding never decides which partitions are optimal. Integer-valued costs
 * are therefore handled exactly; others to within that error. When no partition fits, it
 * returns, among those needing the least capacity, one with the best stage times as above, and
 * worstStage is the first stage that needs that much. Thread-safe: without a context it uses this thread's
 * (EvaluationContext::forThisThread()).
 */
StagePartition partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits);
/// The same into `result`, whose boundaries keep their capacity (the search partitions a candidate after another).
void partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits, StagePartition& result);
/// The same with `context`'s workspace and remembered time-only partitions (the search's threads pass theirs).
void partitionStages(std::span<const PartitionItem> items, int stages, const StageLimits& limits, StagePartition& result,
                     EvaluationContext& context);

} // namespace shardscope
