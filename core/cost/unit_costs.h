// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/collectives.h"
#include "cost/planning_problem.h"

#include <vector>

namespace shardscope {

/// What one partition unit costs one device per micro-batch under a given configuration.
struct UnitCost
{
    double computeSeconds = 0;    ///< forward + backward (backward = 2 x forward)
    double recomputeSeconds = 0;
    double tpCommSeconds = 0;
    double tpCommBytes = 0;       ///< per-rank ring volume
    double params = 0;            ///< parameters held per device (after TP; tied copies included)
    double activationBytes = 0;   ///< stored for backward: transformer blocks
    double embeddingLogitsBytes = 0; ///< stored for backward: embedding / head / other non-block units
    double workingSetBytes = 0;   ///< transient: a block's activations rebuilt during full recompute
    double largestLayerParams = 0;
    double modelFlops = 0;        ///< forward FLOPs of one micro-batch on the whole model-parallel group
    double recomputeFlops = 0;
    double outputElementsPerToken = 0;
};

/**
 * Per-layer formulas, summed per unit: compute from FLOPs and an achievable GEMM throughput plus
 * element-wise HBM traffic; TP collectives; activations by Korthikanti et al. 2022, Table 2.
 */
class UnitCostModel
{
public:
    UnitCostModel(const PlanningProblem& problem, const ParallelConfig& config, CostCalibration calibration = {});

    UnitCost cost(const PartitionUnit& unit, bool holdsTiedCopies) const;
    UnitCost layerCost(const Layer& layer) const;

private:
    const PlanningProblem& m_problem;
    ParallelConfig m_config;
    CostCalibration m_calibration;
    Collectives m_collectives;
    CommGroup m_tpGroup;
};

} // namespace shardscope
