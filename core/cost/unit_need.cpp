// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/unit_need.h"

namespace shardscope {

UnitNeeds::UnitNeeds(const TrainingSpec& training, const ParallelConfig& config)
    : m_training(training)
    , m_zeroStage(config.zeroStage)
    , m_shardRanks(config.zeroShardSize())
    , m_expertShard(config.expertZeroShardSize())
    , m_keptGathers(config.zeroStage == 3 && !config.reshardAfterForward)
{
}

UnitNeed UnitNeeds::need(const UnitCost& uc, double paired) const
{
    UnitNeed n;
    n.states = states(uc.params, uc.routedExpertParams);
    n.fp8CopyBytes = fp8Copies(uc.fp8WeightBytes);
    n.keptGatherBytes = keptGathers(uc.params);
    n.staticBytes = n.states.total() + n.fp8CopyBytes + n.keptGatherBytes;
    n.activationBytes = activationBytes(uc);
    n.seconds = microBatchSeconds(uc, paired);
    return n;
}

void UnitNeeds::needs(const std::vector<UnitCost>& classCosts, double paired, std::vector<UnitNeed>& out) const
{
    out.clear();
    for (const UnitCost& uc : classCosts)
        out.push_back(need(uc, paired));
}

} // namespace shardscope
