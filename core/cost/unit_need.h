// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/memory_model.h"
#include "cost/unit_costs.h"

#include <algorithm>
#include <vector>

namespace shardscope {

/// What one unit class needs of the stage that holds it under one configuration: the record the partitioner's
/// items, the evaluator's stage sums, the memory floors and the step floor read (and through the evaluator the
/// proposals and the diagnosis). Each term is written once, in UnitNeeds.
struct UnitNeed
{
    ModelStateBytes states;     ///< weights, gradients, optimizer states under the configuration's ZeRO sharding
    double fp8CopyBytes = 0;    ///< the cached FP8 weight copies (sharded with the weights under ZeRO-3)
    double keptGatherBytes = 0; ///< ZeRO-3 without resharding after the forward: the unit's gathered weights, kept
    double staticBytes = 0;     ///< the three above: independent of the micro-batches in flight
    double activationBytes = 0; ///< kept for backward, per micro-batch in flight (blocks, embedding and logits)
    double seconds = 0;         ///< one micro-batch's passes at the all-to-all pairing need() was given
};

/**
 * One configuration's view of the units' costs: how ZeRO shards their model states (dense parameters over the
 * ZeRO shard, routed experts over the expert-data-parallel ranks, MoE parallel folding), what FP8 copies and
 * ZeRO-3's kept gathers add, and what a micro-batch's passes take with a share of them paired by the all-to-all
 * overlap. Linear in the parameters, so a stage's sums go through the same functions as a unit's.
 */
class UnitNeeds
{
public:
    UnitNeeds(const TrainingSpec& training, const ParallelConfig& config);

    /// The model states of `params` parameters, `routed` of them routed experts'.
    ModelStateBytes states(double params, double routed) const
    {
        if (routed <= 0)
            return modelStateBytes(params, m_training, m_zeroStage, m_shardRanks);
        const ModelStateBytes dense = modelStateBytes(params - routed, m_training, m_zeroStage, m_shardRanks);
        const ModelStateBytes experts = modelStateBytes(routed, m_training, m_zeroStage, m_expertShard);
        return ModelStateBytes { dense.weights + experts.weights, dense.gradients + experts.gradients,
                                 dense.optimizer + experts.optimizer };
    }
    /// FP8 weight copies belong to the weights (sharded with them under ZeRO-3).
    double fp8Copies(double fp8WeightBytes) const
    {
        return fp8WeightBytes / (m_zeroStage == 3 ? double(m_shardRanks) : 1.0);
    }
    /// ZeRO-3 without resharding after the forward keeps `params`' gathered weights from forward to backward.
    double keptGathers(double params) const { return m_keptGathers ? params * m_training.bytesPerParam() : 0.0; }
    /// The parameters a device updates (its ZeRO shard of them).
    double localShare(double params, double routed) const
    {
        return m_zeroStage >= 1 ? (params - routed) / double(m_shardRanks) + routed / double(m_expertShard) : params;
    }
    /// One micro-batch's passes of `uc`, a share `paired` (0 to 1) of them paired with another micro-batch's by the
    /// all-to-all overlap: those leave less of the all-to-all exposed and compute a little slower.
    static double microBatchSeconds(const UnitCost& uc, double paired)
    {
        return uc.computeSeconds + paired * uc.epOverlapSlowdownSeconds + uc.recomputeSeconds + uc.tpCommSeconds
            + uc.cpCommSeconds + exposedEpSeconds(uc, paired);
    }
    /// The all-to-all's exposed seconds at pairing `paired`.
    static double exposedEpSeconds(const UnitCost& uc, double paired)
    {
        return uc.epCommSeconds - paired * (uc.epCommSeconds - uc.epCommPairedSeconds);
    }
    /// microBatchSeconds at its least over the pairing (linear in it: at one end), for floors.
    static double leastMicroBatchSeconds(const UnitCost& uc)
    {
        const double ep = std::min(uc.epCommSeconds, uc.epCommPairedSeconds + uc.epOverlapSlowdownSeconds);
        return uc.computeSeconds + uc.recomputeSeconds + uc.tpCommSeconds + uc.cpCommSeconds + std::max(0.0, ep);
    }
    /// The activations a unit keeps per micro-batch in flight.
    static double activationBytes(const UnitCost& uc) { return uc.activationBytes + uc.embeddingLogitsBytes; }

    /// `uc`'s record, its seconds at pairing `paired`.
    UnitNeed need(const UnitCost& uc, double paired) const;
    /// Each class's record into `out` (cleared first).
    void needs(const std::vector<UnitCost>& classCosts, double paired, std::vector<UnitNeed>& out) const;

private:
    const TrainingSpec& m_training;
    int m_zeroStage;
    int m_shardRanks;
    int m_expertShard;
    bool m_keptGathers;
};

} // namespace shardscope
