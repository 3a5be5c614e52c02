// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/unit_costs.h"

#include <algorithm>

namespace shardscope {

UnitCostModel::UnitCostModel(const PlanningProblem& problem, const ParallelConfig& config, CostCalibration calibration)
    : m_problem(problem)
    , m_config(config)
    , m_calibration(calibration)
    , m_collectives(problem.cluster)
    , m_tpGroup(CommGroup::tensorParallel(config.tp, problem.cluster.gpusPerNode))
{
}

UnitCost UnitCostModel::layerCost(const Layer& layer) const
{
    const TrainingSpec& tr = m_problem.training;
    const GpuSpec& gpu = m_problem.cluster.gpu;
    const double t = m_config.tp;
    const double s = double(tr.seqLength);
    const double tokens = s * m_config.microBatch;
    const double actScale = tr.bytesPerActivation() / 2.0; // layer fields assume 16-bit activations
    const bool sharded = layer.tpShardable && t > 1;
    const double split = sharded ? t : 1.0;
    const bool sp = m_config.sequenceParallel && t > 1;
    const bool flash = tr.flashAttention;
    const bool isBlockLayer = layer.block >= 0;

    UnitCost c;
    c.params = double(layer.tpShardedParams) / split + double(layer.params - layer.tpShardedParams);
    c.largestLayerParams = c.params;

    // Stored activations, Korthikanti Table 2: the sharded part / t, the replicated part / t only with
    // sequence parallelism, the s^2 attention part / t unless selective recompute or flash attention drops it.
    const double sharded1 = layer.actShardedBytesPerToken / split;
    const double replicated1 = layer.actReplicatedBytesPerToken / (sp ? t : 1.0);
    const double score1 = flash ? 0.0 : layer.actScoreBytesPerTokenPerSeq * s / split;
    const double fullAct = (sharded1 + replicated1 + score1) * tokens * actScale;
    double stored = fullAct;
    if (m_config.recompute == Recompute::Selective)
        stored = (sharded1 + replicated1) * tokens * actScale;
    else if (m_config.recompute == Recompute::Full && isBlockLayer)
        stored = 0; // the block keeps only its input, added once per block in cost()
    if (isBlockLayer)
        c.activationBytes = stored;
    else
        c.embeddingLogitsBytes = stored;
    if (m_config.recompute == Recompute::Full && isBlockLayer)
        c.workingSetBytes = fullAct;

    // Forward FLOPs of this device; GEMMs at the calibrated fraction of peak, element-wise kernels at HBM speed.
    const double gemmFlops = layer.flopsPerToken * tokens / split;
    const double scoreFlops = layer.flopsPerTokenPerSeq * s * tokens / split;
    const double peak = gpu.peakFlops(tr.precision) * gpu.matmulEfficiency;
    const double elementwiseBytes = m_calibration.elementwiseTrafficFactor * fullAct;
    const double forward = (gemmFlops + scoreFlops) / peak + elementwiseBytes / gpu.hbmBytesPerSecond;
    c.computeSeconds = 3.0 * forward; // backward computes input and weight gradients: 2 x forward
    c.modelFlops = (layer.flopsPerToken + layer.flopsPerTokenPerSeq * s) * tokens;
    double recomputeFlopsDevice = 0;
    if (m_config.recompute == Recompute::Full && isBlockLayer) {
        c.recomputeSeconds = forward;
        recomputeFlopsDevice = gemmFlops + scoreFlops;
    } else if (m_config.recompute == Recompute::Selective && !flash && layer.actScoreBytesPerTokenPerSeq > 0) {
        // Korthikanti Sec. 4.2: recompute only the attention core (QK^T, softmax, dropout, x V).
        const double scoreBytes = score1 * tokens * actScale;
        c.recomputeSeconds = scoreFlops / peak + m_calibration.elementwiseTrafficFactor * scoreBytes / gpu.hbmBytesPerSecond;
        recomputeFlopsDevice = scoreFlops;
    }
    c.recomputeFlops = recomputeFlopsDevice * split;

    // TP: one all-reduce (or reduce-scatter + all-gather with SP, same volume) per pass over the layer's
    // output, Narayanan 2021 Sec. 3.2; a full recompute repeats the forward one.
    if (sharded && layer.tpCommElementsPerToken > 0) {
        const double bytes = layer.tpCommElementsPerToken * tokens * tr.bytesPerActivation();
        const double passes = 2.0 + ((m_config.recompute == Recompute::Full && isBlockLayer) ? 1.0 : 0.0);
        const double one = sp ? m_collectives.reduceScatterSeconds(bytes, m_tpGroup) + m_collectives.allGatherSeconds(bytes, m_tpGroup)
                              : m_collectives.allReduceSeconds(bytes, m_tpGroup);
        c.tpCommSeconds = passes * one;
        c.tpCommBytes = passes * 2.0 * (t - 1) / t * bytes;
    }
    c.outputElementsPerToken = layer.outputElementsPerToken;
    return c;
}

UnitCost UnitCostModel::cost(const PartitionUnit& unit, bool holdsTiedCopies) const
{
    UnitCost sum;
    const ModelGraph& g = m_problem.model;
    if (m_config.recompute == Recompute::Full && unit.block >= 0 && unit.endLayer > unit.firstLayer) {
        // Korthikanti Table 2, full recomputation: a transformer layer keeps only its input, 2sbh
        // (2sbh/t when sequence parallelism splits it).
        const Layer& first = g.layer(unit.firstLayer);
        const bool sp = m_config.sequenceParallel && m_config.tp > 1;
        sum.activationBytes = first.inputBytesPerToken / (sp ? m_config.tp : 1.0) * double(m_problem.training.seqLength)
            * m_config.microBatch * (m_problem.training.bytesPerActivation() / 2.0);
    }
    for (int i = unit.firstLayer; i < unit.endLayer; ++i) {
        const Layer& layer = g.layer(i);
        UnitCost c = layerCost(layer);
        if (holdsTiedCopies && layer.tiedToLayer >= 0 && layer.tiedToLayer < g.layerCount()) {
            // Megatron keeps a copy of the tied embedding on the last stage and all-reduces its gradient.
            const Layer& owner = g.layer(layer.tiedToLayer);
            const double split = (owner.tpShardable && m_config.tp > 1) ? m_config.tp : 1.0;
            c.params += double(owner.tpShardedParams) / split;
            c.largestLayerParams = std::max(c.largestLayerParams, c.params);
        }
        sum.computeSeconds += c.computeSeconds;
        sum.recomputeSeconds += c.recomputeSeconds;
        sum.tpCommSeconds += c.tpCommSeconds;
        sum.tpCommBytes += c.tpCommBytes;
        sum.params += c.params;
        sum.activationBytes += c.activationBytes;
        sum.embeddingLogitsBytes += c.embeddingLogitsBytes;
        sum.workingSetBytes += c.workingSetBytes;
        sum.largestLayerParams = std::max(sum.largestLayerParams, c.largestLayerParams);
        sum.modelFlops += c.modelFlops;
        sum.recomputeFlops += c.recomputeFlops;
        sum.outputElementsPerToken = c.outputElementsPerToken;
    }
    return sum;
}

} // namespace shardscope
