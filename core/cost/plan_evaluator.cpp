// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/plan_evaluator.h"

#include "cost/memory_model.h"
#include "cost/step_model.h"
#include "cost/unit_costs.h"
#include "partition/stage_partitioner.h"
#include "util/text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace shardscope {

namespace {
std::string num(long long v) { return std::to_string(v); }
} // namespace

namespace {

/// Layers that cost the same under every configuration (a repeated transformer block's layers): equal
/// in every field but their names and which block they belong to.
bool sameShape(const Layer& a, const Layer& b)
{
    auto shape = [](Layer l) {
        l.name.clear();
        l.op.clear();
        l.block = l.block >= 0 ? 0 : -1;
        return l;
    };
    return shape(a) == shape(b);
}

} // namespace

PlanEvaluator::PlanEvaluator(const PlanningProblem& problem)
    : m_problem(problem)
    , m_units(problem.model.partitionUnits())
{
    // Units of the same shape share one cost per configuration: a 126-block model costs 3 units, not 128.
    const ModelGraph& g = problem.model;
    auto sameUnit = [&](const PartitionUnit& a, const PartitionUnit& b) {
        if (a.endLayer - a.firstLayer != b.endLayer - b.firstLayer || (a.block >= 0) != (b.block >= 0))
            return false;
        for (int i = 0; i < a.endLayer - a.firstLayer; ++i)
            if (!sameShape(g.layer(a.firstLayer + i), g.layer(b.firstLayer + i)))
                return false;
        return true;
    };
    m_unitClass.reserve(m_units.size());
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        int cls = -1;
        for (std::size_t r = 0; r < m_classRepresentative.size() && cls < 0; ++r)
            if (sameUnit(m_units[std::size_t(m_classRepresentative[r])], m_units[u]))
                cls = int(r);
        if (cls < 0) {
            cls = int(m_classRepresentative.size());
            m_classRepresentative.push_back(int(u));
        }
        m_unitClass.push_back(cls);
    }

    for (int u = 0; u < int(m_units.size()); ++u) {
        if (m_units[std::size_t(u)].block < 0)
            continue;
        ++m_blockUnits;
        if (m_firstBlockUnit < 0)
            m_firstBlockUnit = u;
        m_lastBlockUnit = u;
    }
    m_blocksContiguous = m_blockUnits > 0 && m_lastBlockUnit - m_firstBlockUnit + 1 == m_blockUnits;
}

double PlanEvaluator::usableBytes() const
{
    return m_problem.cluster.gpu.memoryBytes * (1.0 - m_problem.training.memoryMargin);
}

std::string PlanEvaluator::structuralProblem(const ParallelConfig& c) const
{
    const TrainingSpec& tr = m_problem.training;
    const int gpus = m_problem.cluster.totalGpus();
    if (c.tp < 1 || c.pp < 1 || c.dp < 1 || c.vpp < 1 || c.microBatch < 1)
        return "parallel sizes and the micro-batch must be at least 1";
    if (c.zeroStage < 0 || c.zeroStage > 3)
        return "ZeRO stage must be 0, 1, 2 or 3";
    if (c.worldSize() != gpus)
        return "TP " + num(c.tp) + " x PP " + num(c.pp) + " x DP " + num(c.dp) + " = " + num(c.worldSize())
            + " GPUs, but the cluster has " + num(gpus);
    if (const auto& spec = m_problem.model.spec()) {
        if (spec->heads % c.tp != 0)
            return "TP " + num(c.tp) + " does not divide the " + num(spec->heads) + " attention heads";
        if (spec->kvHeads % c.tp != 0)
            return "TP " + num(c.tp) + " does not divide the " + num(spec->kvHeads) + " key/value heads";
    }
    if (c.pp > int(m_units.size()))
        return "PP " + num(c.pp) + " needs at least " + num(c.pp) + " blocks or layers to place; the model has "
            + num(int(m_units.size()));
    if (tr.globalBatch < c.dp)
        return "global batch " + num(tr.globalBatch) + " is smaller than the data-parallel size " + num(c.dp);
    if (tr.globalBatch % (std::int64_t(c.dp) * c.microBatch) != 0)
        return "global batch " + num(tr.globalBatch) + " is not divisible by DP " + num(c.dp) + " x micro-batch "
            + num(c.microBatch);
    if (c.sequenceParallel && c.tp == 1)
        return "sequence parallelism needs TP > 1";
    if (c.sequenceParallel && tr.seqLength % c.tp != 0)
        return "sequence parallelism needs the sequence length " + num(tr.seqLength) + " divisible by TP " + num(c.tp);
    if (c.tpCommOverlap && !(c.sequenceParallel && c.tp > 1))
        return "TP communication overlap needs sequence parallelism with TP > 1 (Megatron --tp-comm-overlap "
               "requires --sequence-parallel)";
    // Megatron's validate_args (megatron/training/arguments.py at d98e8a6): the p2p overlap exists in the
    // interleaved schedule only, and interleaving over 2 stages requires it.
    if (c.ppCommOverlap && c.schedule != Schedule::Interleaved1F1B)
        return "pipeline communication overlap needs the interleaved schedule (Megatron turns it off for the others)";
    if (!c.ppCommOverlap && c.schedule == Schedule::Interleaved1F1B && c.pp == 2)
        return "the interleaved schedule over 2 stages needs pipeline communication overlap (Megatron requires it: "
               "without it PP must be greater than 2)";
    if (c.zeroStage >= 2 && c.pp > 1)
        return "ZeRO-" + num(c.zeroStage)
            + " cannot be combined with pipeline parallelism (DeepSpeed's pipeline engine refuses it; "
              "Megatron shards only optimizer states)";
    const std::int64_t m = tr.globalBatch / (std::int64_t(c.dp) * c.microBatch);
    if (c.schedule == Schedule::Interleaved1F1B) {
        if (c.pp < 2)
            return "the interleaved schedule needs PP >= 2";
        if (c.vpp < 2)
            return "the interleaved schedule needs at least 2 model chunks per device (vpp)";
        if (!m_blocksContiguous)
            return "the interleaved schedule needs the model's transformer blocks in one contiguous run";
        if (m_blockUnits % (c.pp * c.vpp) != 0)
            return "interleaving needs the " + num(m_blockUnits) + " blocks divisible by PP " + num(c.pp) + " x vpp "
                + num(c.vpp);
        if (m % c.pp != 0)
            return "the interleaved schedule needs the number of micro-batches (" + num(m) + ") divisible by PP "
                + num(c.pp);
    } else if (c.vpp != 1) {
        return "virtual pipeline stages (vpp " + num(c.vpp) + ") need the interleaved schedule";
    }
    return {};
}

PlanEstimate PlanEvaluator::evaluate(const ParallelConfig& c) const
{
    const TrainingSpec& tr = m_problem.training;
    const ClusterSpec& cl = m_problem.cluster;
    PlanEstimate e;
    e.config = c;
    e.capacityBytes = usableBytes();
    e.warnings = m_problem.model.warnings();
    e.infeasibleReason = structuralProblem(c);
    if (!e.infeasibleReason.empty())
        return e;

    const int p = c.pp;
    const int m = int(tr.globalBatch / (std::int64_t(c.dp) * c.microBatch));
    e.numMicroBatches = m;
    const bool interleaved = c.schedule == Schedule::Interleaved1F1B;
    const int v = interleaved ? c.vpp : 1;

    const UnitCostModel unitModel(m_problem, c);
    std::vector<UnitCost> classCosts;
    classCosts.reserve(m_classRepresentative.size());
    for (int u : m_classRepresentative)
        classCosts.push_back(unitModel.cost(m_units[std::size_t(u)], p > 1));
    std::vector<UnitCost> costs;
    costs.reserve(m_units.size());
    double largestLayer = 0, workingSet = 0;
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        costs.push_back(classCosts[std::size_t(m_unitClass[u])]);
        largestLayer = std::max(largestLayer, costs.back().largestLayerParams);
        workingSet = std::max(workingSet, costs.back().workingSetBytes);
    }
    // The "other" memory of every device (memory_model.h); the optimizer's transient depends on the stage's
    // parameters, so the partitioner sees it at its largest (one DP bucket).
    const bool tiedAcrossStages = m_problem.model.spec() && m_problem.model.spec()->tiedEmbeddings;
    auto otherOf = [&](double params) {
        return otherMemoryBytes(tr, c, params / (c.zeroStage >= 1 ? double(c.dp) : 1.0), largestLayer, workingSet,
                                tiedAcrossStages);
    };
    const double fixedBytes = otherOf(1e300).total();

    // Which units each stage holds.
    std::vector<std::vector<int>> stageUnits(static_cast<std::size_t>(p));
    if (interleaved) {
        const int perChunk = m_blockUnits / (p * v);
        for (int u = 0; u < int(m_units.size()); ++u) {
            int chunk;
            if (u < m_firstBlockUnit)
                chunk = 0;
            else if (u > m_lastBlockUnit)
                chunk = p * v - 1;
            else
                chunk = (u - m_firstBlockUnit) / perChunk;
            stageUnits[std::size_t(chunk % p)].push_back(u);
        }
    } else {
        std::vector<PartitionItem> items;
        items.reserve(costs.size());
        for (const UnitCost& uc : costs)
            items.push_back({ uc.computeSeconds + uc.recomputeSeconds + uc.tpCommSeconds,
                              modelStateBytes(uc.params, tr, c.zeroStage, c.dp).total(),
                              uc.activationBytes + uc.embeddingLogitsBytes });
        StageLimits limits;
        limits.capacityBytes = e.capacityBytes;
        for (int k = 0; k < p; ++k) {
            limits.fixedBytes.push_back(fixedBytes);
            limits.inFlight.push_back(inFlightMicroBatches(c.schedule, p, k, m, 1));
        }
        const StagePartition part = partitionStages(items, p, limits);
        for (int k = 0; k < p; ++k)
            for (int u = part.boundaries[std::size_t(k)]; u < part.boundaries[std::size_t(k) + 1]; ++u)
                stageUnits[std::size_t(k)].push_back(u);
    }

    // Per-stage memory and per-micro-batch time.
    const Collectives coll(cl);
    const KernelModel& kernels = unitModel.kernels();
    const CommGroup dpGroup = CommGroup::dataParallel(c.dp, c.tp, cl.gpusPerNode);
    const bool ppInterNode = std::int64_t(c.tp) * c.dp * c.pp > cl.gpusPerNode;
    const double tokens = double(tr.seqLength) * c.microBatch;
    double tMax = 0, tMin = 1e300;
    double modelFlopsMicro = 0, recomputeFlopsMicro = 0;
    std::vector<double> stageSeconds(std::size_t(p), 0.0);
    e.stages.resize(std::size_t(p));
    for (int k = 0; k < p; ++k) {
        StageEstimate& st = e.stages[std::size_t(k)];
        st.stage = k;
        st.inFlightMicroBatches = inFlightMicroBatches(c.schedule, p, k, m, v);
        double acts = 0, embAct = 0, boundaryElements = 0, tpForward = 0, forward = 0;
        for (int u : stageUnits[std::size_t(k)]) {
            const UnitCost& uc = costs[std::size_t(u)];
            const PartitionUnit& unit = m_units[std::size_t(u)];
            if (!st.layerRanges.empty() && st.layerRanges.back().second == unit.firstLayer)
                st.layerRanges.back().second = unit.endLayer;
            else
                st.layerRanges.emplace_back(unit.firstLayer, unit.endLayer);
            st.paramsPerDevice += uc.params;
            acts += uc.activationBytes;
            embAct += uc.embeddingLogitsBytes;
            st.computeSeconds += uc.computeSeconds;
            st.gemmSeconds += uc.gemmSeconds;
            forward += uc.forwardSeconds;
            st.recomputeSeconds += uc.recomputeSeconds;
            st.tpCommSeconds += uc.tpCommSeconds;
            tpForward += uc.tpCommForwardSeconds;
            boundaryElements = std::max(boundaryElements, uc.outputElementsPerToken);
            modelFlopsMicro += uc.modelFlops;
            recomputeFlopsMicro += uc.recomputeFlops;
        }
        const ModelStateBytes states = modelStateBytes(st.paramsPerDevice, tr, c.zeroStage, c.dp);
        st.memory.weightsBytes = states.weights;
        st.memory.gradientsBytes = states.gradients;
        st.memory.optimizerBytes = states.optimizer;
        st.memory.activationsBytes = acts * st.inFlightMicroBatches;
        st.memory.embeddingLogitsBytes = embAct * st.inFlightMicroBatches;
        st.memory.other = otherOf(st.paramsPerDevice);
        st.memory.overheadBytes = st.memory.other.total();

        if (p > 1) {
            // Narayanan 2021 Sec. 4.1: b s h elements per boundary each way, split over TP by scatter/gather;
            // v times with interleaving; the p2p overlap (ppCommOverlap) below.
            const double bytes = boundaryElements * tokens * tr.bytesPerActivation() / c.tp;
            // Interleaved, every stage also sends across the wrap-around between chunks (stage p - 1 to stage 0
            // forward, stage 0 to stage p - 1 backward).
            const int sends = interleaved ? 2 : (k < p - 1 ? 1 : 0) + (k > 0 ? 1 : 0);
            // Overlapped, a send runs while the stage computes its next chunk: what that chunk's forward
            // does not cover stays, and at least the handshake's latency.
            const LinkSpec& link = ppInterNode ? cl.interNode : cl.intraNode;
            const double send = coll.sendSeconds(bytes, ppInterNode);
            const double one = c.ppCommOverlap ? std::max(link.latencySeconds, send - (forward + tpForward) / v) : send;
            // Batched, synchronous sends (no overlap) also synchronise the device at every schedule step.
            st.ppCommSeconds = double(sends * v) * one + (c.ppCommOverlap ? 0.0 : 2.0 * v * kPipelineStepHostSeconds);
            e.comm.ppBytes = std::max(e.comm.ppBytes, double(sends * v) * bytes * m);
        }
        st.forwardSeconds = forward + tpForward + st.ppCommSeconds / 2;
        const double t = st.microBatchSeconds();
        stageSeconds[std::size_t(k)] = t;
        tMax = std::max(tMax, t);
        tMin = std::min(tMin, t);
        const double total = st.memory.totalBytes();
        if (total > e.peakMemoryBytes) {
            e.peakMemoryBytes = total;
            e.peakStage = k;
        }
    }

    // DP / ZeRO traffic per step and what of it the schedule hides; then the optimizer step. In 1F1B
    // stage k's last backward ends k backward slots (of one chunk) before stage 0's, and its first forward
    // starts k forward slots after stage 0's: that idle time hides communication too.
    double tailMax = -1;
    int tailStage = 0;
    for (int k = 0; k < p; ++k) {
        StageEstimate& st = e.stages[std::size_t(k)];
        const DpOverlapWindow w = dpOverlapWindow(st, m, v, p);
        const DpCommunication dp = dataParallelCommunication(coll, dpGroup, st.paramsPerDevice, tr.gradientBytesPerParam(),
                                                             tr.bytesPerParam(), c.zeroStage, w, tr.dpOverlap);
        st.dpCommSeconds = dp.seconds;
        st.dpExposedSeconds = dp.exposedSeconds;
        const double localParams = st.paramsPerDevice / (c.zeroStage >= 1 ? double(c.dp) : 1.0);
        st.optimizerSeconds = kernels.memoryBoundSeconds(optimizerStepBytes(localParams, tr));
        const double tail = st.dpExposedSeconds + st.optimizerSeconds;
        if (tail > tailMax) {
            tailMax = tail;
            tailStage = k;
            e.comm.dpExposedSeconds = dp.exposedSeconds;
            e.comm.dpSeconds = dp.seconds;
            e.comm.dpBytes = dp.bytes;
        }
    }

    const double pipeline = pipelineSeconds(stageSeconds, m, v);
    int critical = 0;
    for (int k = 0; k < p; ++k)
        if (stageSeconds[std::size_t(k)] >= tMax)
            critical = k;
    const StageEstimate& cs = e.stages[std::size_t(critical)];
    e.time.computeSeconds = m * cs.computeSeconds;
    e.time.recomputeSeconds = m * cs.recomputeSeconds;
    e.time.tpCommSeconds = m * cs.tpCommSeconds;
    e.time.ppCommSeconds = m * cs.ppCommSeconds;
    e.time.bubbleSeconds = std::max(0.0, pipeline - m * tMax);
    e.time.dpExposedSeconds = e.comm.dpExposedSeconds;
    e.time.optimizerSeconds = e.stages[std::size_t(tailStage)].optimizerSeconds;
    e.time.stepSeconds = pipeline + e.time.dpExposedSeconds + e.time.optimizerSeconds;
    e.comm.tpSeconds = e.time.tpCommSeconds;
    e.comm.tpBytes = 0;
    for (int u : stageUnits[std::size_t(critical)])
        e.comm.tpBytes += costs[std::size_t(u)].tpCommBytes * m;
    e.comm.ppSeconds = e.time.ppCommSeconds;

    e.bubbleFraction = e.time.stepSeconds > 0 ? e.time.bubbleSeconds / pipeline : 0.0;
    e.computeImbalance = tMin > 0 ? tMax / tMin : 1.0;
    const double sequencesPerStep = double(tr.globalBatch);
    const double microBatchesTotal = sequencesPerStep / c.microBatch; // over all DP replicas
    // Korthikanti Eq. 7 counting: model FLOPs are 3 x forward; hardware FLOPs add recomputation.
    e.modelFlopsPerStep = 3.0 * modelFlopsMicro * microBatchesTotal;
    e.hardwareFlopsPerStep = e.modelFlopsPerStep + recomputeFlopsMicro * microBatchesTotal;
    const double peak = double(cl.totalGpus()) * cl.gpu.peakFlops(tr.precision);
    e.tokensPerSecond = sequencesPerStep * double(tr.seqLength) / e.time.stepSeconds;
    e.mfu = e.modelFlopsPerStep / (peak * e.time.stepSeconds);
    e.hfu = e.hardwareFlopsPerStep / (peak * e.time.stepSeconds);

    e.feasible = e.peakMemoryBytes <= e.capacityBytes;
    if (!e.feasible) {
        const StageEstimate& worst = e.stages[std::size_t(e.peakStage)];
        e.infeasibleReason = "stage " + std::to_string(e.peakStage) + " needs " + formatBytes(worst.memory.totalBytes())
            + " per GPU but " + formatBytes(e.capacityBytes) + " is usable: exceeds memory by "
            + formatBytes(worst.memory.totalBytes() - e.capacityBytes);
    }
    return e;
}

PlanSummary PlanSummary::from(const PlanEstimate& e)
{
    PlanSummary s;
    s.config = e.config;
    s.feasible = e.feasible;
    s.infeasibleReason = e.infeasibleReason;
    s.peakMemoryBytes = e.peakMemoryBytes;
    s.capacityBytes = e.capacityBytes;
    s.stepSeconds = e.time.stepSeconds;
    s.tokensPerSecond = e.tokensPerSecond;
    s.mfu = e.mfu;
    s.bubbleFraction = e.bubbleFraction;
    s.computeImbalance = e.computeImbalance;
    s.exposedCommSeconds = e.comm.exposedSeconds();
    s.commBytes = e.comm.tpBytes + e.comm.ppBytes + e.comm.dpBytes;
    return s;
}

} // namespace shardscope
