// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/plan_evaluator.h"

#include "cost/evaluation_caches.h"
#include "cost/memory_model.h"
#include "cost/pipeline_schedule.h"
#include "cost/step_model.h"
#include "cost/unit_costs.h"
#include "cost/unit_need.h"
#include "cost/stage_partitioner.h"
#include "util/text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace shardscope {

namespace {

using evaluation_detail::EvaluationScratch;
using evaluation_detail::StageRecord;
using evaluation_detail::StageSums;

} // namespace

double PlanEvaluator::inFlight(const ParallelConfig& c, int stage, int microBatches) const
{
    const int v = isInterleaved(c.schedule) ? c.vpp : 1;
    const double schedule = inFlightMicroBatches(c.schedule, c.pp, stage, microBatches, v);
    return c.epCommOverlap ? schedule + std::min(1.0, double(microBatches)) / v : schedule;
}

double PlanEvaluator::usableBytes() const
{
    return m_problem.cluster.gpu.memoryBytes * (1.0 - m_problem.training.memoryMargin);
}

PlanSummary PlanEvaluator::summarize(const ParallelConfig& c, EvaluationContext& context) const
{
    PlanSummary s;
    if (rejectBeforePlacing(c, s, context))
        return s;
    // The search keeps only the summary: the context's estimate is reused (its vectors keep their capacity)
    // and the layer ranges, chunk layers and warnings it would not read are left out; the rules were checked.
    PlanEstimate& scratch = context.caches().evaluation.summary;
    evaluateInto(scratch, c, false, false, context);
    return PlanSummary::from(scratch);
}

double PlanEvaluator::tokensPerSecond(double stepSeconds) const
{
    return double(m_problem.training.globalBatch) * double(m_problem.training.seqLength) / stepSeconds;
}

PlanSummary PlanEvaluator::summarizeUnlessSlower(const ParallelConfig& c, double tokensPerSecondToBeat, double& floor,
                                                 bool& cut, EvaluationContext& context) const
{
    PlanEstimate& scratch = context.caches().evaluation.cutSummary;
    StepCut stepCut { tokensPerSecondToBeat, 0, false };
    evaluateInto(scratch, c, false, false, context, &stepCut);
    floor = stepCut.floor;
    cut = stepCut.cut;
    if (!cut)
        return PlanSummary::from(scratch);
    PlanSummary s;
    s.config = c;
    s.feasible = scratch.feasible;
    s.infeasibleReason = InfeasibleReason(scratch.infeasibleReason);
    s.peakMemoryBytes = scratch.peakMemoryBytes;
    s.capacityBytes = scratch.capacityBytes;
    return s;
}

PlanEstimate PlanEvaluator::evaluate(const ParallelConfig& c, EvaluationContext& context) const
{
    PlanEstimate e;
    evaluateInto(e, c, true, true, context);
    return e;
}

namespace {

/// evaluateInto's start: `e` emptied (its vectors keep their capacity), then the configuration, capacity, warnings
/// and, with `checkRules`, the rule `c` breaks; false when it breaks one (then `e` has no stages).
bool startEstimate(const PlanEvaluator& evaluator, PlanEstimate& e, const ParallelConfig& c, bool detailed,
                   bool checkRules)
{
    {
        std::vector<StageEstimate> stages = std::move(e.stages);
        std::vector<std::pair<int, int>> chunkLayers = std::move(e.chunkLayers);
        e = PlanEstimate {};
        e.stages = std::move(stages);
        e.chunkLayers = std::move(chunkLayers);
        e.chunkLayers.clear();
    }
    e.config = c;
    e.capacityBytes = evaluator.usableBytes();
    if (detailed)
        e.warnings = evaluator.problem().model.warnings();
    if (checkRules)
        e.infeasibleReason = evaluator.structuralProblem(c);
    if (!e.infeasibleReason.empty()) {
        e.stages.clear();
        return false;
    }
    return true;
}

} // namespace

/// One evaluateInto of a configuration that breaks no rule: what its phases share (the problem, the configuration,
/// the unit costs, the context's scratch vectors) and the running sums one phase leaves to the next.
struct PlanEvaluator::EvaluationPass
{
    EvaluationPass(const PlanEvaluator& evaluator, PlanEstimate& estimate, const ParallelConfig& config, bool detail,
                   EvaluationContext& context);

    // The phases, in evaluateInto's order.
    void buildItems();
    void place();
    void placePinnedSplit(); ///< Megatron's split or a layout (TrainingSpec::pipelineSplit), not the partitioner's
    void sumStages();
    bool cutIfSlower(StepCut& cut);
    void writeStages();
    void sumFlops();
    void dataParallelTail();
    void stepBreakdown();
    void commAndThroughput();
    void setFeasibility();

    // sumStages' steps.
    bool sameClassesAsPrevious(int k) const;
    void sumDistinctStage(int k, double paired);
    void boundarySend(StageSums& sums);
    void recordStage(int k, StageRecord& rec, const StageSums& sums);
    // writeStages' step.
    void layerRanges(StageEstimate& st, int k) const;

    /// The virtual stage of stage k's chunk r (stage k itself without interleaving).
    int chunkOf(int k, int r) const { return interleaved ? virtualStageOf(c.schedule, p, k, r) : k; }
    /// Unit u's cost (its class's).
    const UnitCost& costOf(int u) const { return classCosts[std::size_t(ev.m_unitClass[std::size_t(u)])]; }
    ModelStateBytes states(double params, double routed) const { return needs.states(params, routed); }
    double localShare(double params, double routed) const { return needs.localShare(params, routed); }
    /// The "other" memory of every device (memory_model.h); the optimizer's transient depends on the stage's
    /// parameters, so the partitioner sees it at its largest (one DP bucket, fixedBytes).
    OtherMemoryBytes otherOf(double params, double routed) const
    {
        OtherMemoryBytes o = otherMemoryBytes(tr, c, localShare(params, routed), params, largestLayer, workingSet, tiedAcrossStages);
        o.moeDispatch = dispatch;
        return o;
    }
    double fp8Copies(const UnitCost& uc) const { return needs.fp8Copies(uc.fp8WeightBytes); }

    const PlanEvaluator& ev;
    PlanEstimate& e;
    const ParallelConfig& c;
    const TrainingSpec& tr;
    const ClusterSpec& cl;
    const bool detailed;
    EvaluationContext& context;
    const int p;
    const int m;
    const bool interleaved;
    const int v;
    const int shardRanks;
    // Routed experts' states shard over the expert-data-parallel ranks (MoE parallel folding), the rest over DP x CP.
    const int expertShard;
    const std::vector<UnitCost>& classCosts; // stable: nothing else is cached before evaluateInto returns
    const UnitNeeds needs; ///< the classes' costs as this configuration shards and times them
    double largestLayer = 0, workingSet = 0, dispatch = 0;
    const bool tiedAcrossStages;
    double fixedBytes = 0; ///< the partitioner's fixed part of every stage's memory
    EvaluationScratch& scratch;
    std::vector<std::pair<int, int>>& chunkUnits; ///< each virtual stage's units, [first, end)
    std::vector<StageSums>& distinct;             ///< the first pass's distinct stages
    std::vector<double>& shares;                  ///< interleaved: v per distinct stage
    std::vector<StageRecord>& records;            ///< the first pass's stages
    std::vector<StageFloorTimes>& floorTimes;
    const Collectives coll;
    const KernelModel kernels;
    const int stageRanks; ///< ranks a pipeline stage holds (tp x cp x dp), consecutive in Megatron's order
    const bool stagesFillNodes; ///< stages of whole nodes: every pipeline send crosses nodes
    const bool oneNode;         ///< the whole pipeline inside one node: none does
    const double tokens; ///< per rank
    // Megatron overlaps the pipeline's sends with compute in its interleaved schedule (ppCommOverlap);
    // torch.distributed.pipelining, which runs the zero-bubble schedules, posts every send and receive
    // asynchronously and makes only the consuming pass's stream wait (torch/distributed/pipelining/schedules.py,
    // batch_isend_irecv and _wait_batch_p2p).
    const bool overlapped;
    const double activationBytes;
    // The last boundary's elements per token, its bytes and their send time over NVLink and over the network
    // (the same for most stages).
    double boundaryFor = -1, bytes = 0, send[2] = { 0, 0 };
    double tMax = 0, tMin = 1e300; ///< the slowest and fastest stage's micro-batch time
    double modelFlopsMicro = 0, recomputeFlopsMicro = 0, causalScoreFlopsMicro = 0;
    int tailStage = 0; ///< the stage that ends the step (its DP tail and optimizer step the longest)
    double pipeline = 0, perStage = 0;
};

PlanEvaluator::EvaluationPass::EvaluationPass(const PlanEvaluator& evaluator, PlanEstimate& estimate,
                                              const ParallelConfig& config, bool detail, EvaluationContext& ctx)
    : ev(evaluator)
    , e(estimate)
    , c(config)
    , tr(evaluator.m_problem.training)
    , cl(evaluator.m_problem.cluster)
    , detailed(detail)
    , context(ctx)
    , p(config.pp)
    , m(int(tr.globalBatch / (std::int64_t(config.dp) * config.microBatch)))
    , interleaved(isInterleaved(config.schedule))
    , v(interleaved ? config.vpp : 1)
    , shardRanks(config.zeroShardSize())
    , expertShard(config.expertZeroShardSize())
    , classCosts(evaluator.costClasses(config, ctx))
    , needs(evaluator.m_problem.training, config)
    , tiedAcrossStages(evaluator.m_problem.model.spec() && evaluator.m_problem.model.spec()->tiedEmbeddings)
    , scratch(ctx.caches().evaluation)
    , chunkUnits(scratch.chunkUnits)
    , distinct(scratch.distinctStages)
    , shares(scratch.chunkShares)
    , records(scratch.records)
    , floorTimes(scratch.floorTimes)
    , coll(cl)
    , kernels(cl.gpu, tr.precision)
    , stageRanks(config.tp * config.cp * config.dp)
    , stagesFillNodes(cl.gpusPerNode > 0 && stageRanks % cl.gpusPerNode == 0)
    , oneNode(std::int64_t(stageRanks) * config.pp <= cl.gpusPerNode)
    , tokens(double(tr.seqLength) * config.microBatch / config.cp)
    , overlapped(config.ppCommOverlap || isZeroBubble(config.schedule))
    , activationBytes(tr.bytesPerActivation())
{
    e.numMicroBatches = m;
    for (const UnitCost& uc : classCosts) {
        largestLayer = std::max(largestLayer, uc.largestLayerParams);
        workingSet = std::max(workingSet, uc.workingSetBytes);
        dispatch = std::max(dispatch, uc.dispatchBufferBytes);
    }
    // The partitioner's fixed part: the transient at its largest; ZeRO-3's kept gathers go with each unit.
    fixedBytes = otherMemoryBytes(tr, c, 1e300, 0, largestLayer, workingSet, tiedAcrossStages).total() + dispatch;
}

// The partitioner's items: each unit class's time, model states and activations, then every unit's in model order.
void PlanEvaluator::EvaluationPass::buildItems()
{
    std::vector<PartitionItem>& classItems = scratch.classItems;
    std::vector<UnitNeed>& classNeeds = scratch.classNeeds;
    needs.needs(classCosts, epOverlapPairedShare(c, p / 2, m), classNeeds); // the partitioner sees a middle stage's overlap
    classItems.clear();
    for (const UnitNeed& n : classNeeds)
        classItems.push_back({ n.seconds, n.staticBytes, n.activationBytes });

    // Which units each virtual stage holds, in model order (virtualStageOf maps stages and chunks to them).
    std::vector<PartitionItem>& items = scratch.items;
    items.clear();
    for (std::size_t u = 0; u < ev.m_units.size(); ++u)
        items.push_back(classItems[std::size_t(ev.m_unitClass[u])]);
}

// Megatron's split or a layout: chunk j (model order) holds blocks [b_j, b_j+1), the first chunk also the units
// before the blocks (embedding), the last those after them (final norm, output head, MTP); structuralProblem
// checked it places.
void PlanEvaluator::EvaluationPass::placePinnedSplit()
{
    std::vector<int>& counts = scratch.splitCounts;
    ev.pinnedSplitProblem(c, &counts);
    const int chunks = int(counts.size());
    const int units = int(ev.m_units.size());
    int next = ev.m_firstBlockUnit;
    for (int j = 0; j < chunks; ++j) {
        const int first = j == 0 ? 0 : next;
        next += counts[std::size_t(j)];
        chunkUnits.emplace_back(first, j == chunks - 1 ? units : next);
    }
}

// Places the units: each virtual stage's [first, end) in chunkUnits, and with `detailed` each chunk's layers.
void PlanEvaluator::EvaluationPass::place()
{
    std::vector<PartitionItem>& items = scratch.items;
    chunkUnits.clear();
    // Each stage's micro-batches in flight (the partitioner's limits and the stages' memory below).
    StageLimits& limits = scratch.limits;
    limits.inFlight.clear();
    for (int k = 0; k < p; ++k)
        limits.inFlight.push_back(ev.inFlight(c, k, m));
    if ((tr.pipelineSplit.even && p > 1) || !tr.pipelineSplit.layout.empty()) {
        placePinnedSplit();
    } else if (interleaved) {
        ev.placeChunks(items, c, limits.inFlight, fixedBytes, e.capacityBytes, chunkUnits, context);
    } else {
        limits.capacityBytes = e.capacityBytes;
        limits.fixedBytes.assign(std::size_t(p), fixedBytes);
        StagePartition& part = scratch.partition;
        partitionStages(items, p, limits, part, context);
        for (int k = 0; k < p; ++k)
            chunkUnits.emplace_back(part.boundaries[std::size_t(k)], part.boundaries[std::size_t(k) + 1]);
    }
    if (detailed) {
        e.chunkLayers.reserve(chunkUnits.size());
        for (const auto& [first, end] : chunkUnits) {
            const int firstLayer = first < int(ev.m_units.size()) ? ev.m_units[std::size_t(first)].firstLayer
                                                                  : ev.m_problem.model.layerCount();
            e.chunkLayers.emplace_back(firstLayer, end > first ? ev.m_units[std::size_t(end - 1)].endLayer : firstLayer);
        }
    }
}

// Per-stage memory and per-micro-batch time, in two passes. The first (this) sums each distinct stage's units (most
// stages hold what the one before them does) and gives every stage its times and memory total: all the step
// floor and the cut read. The second (writeStages) writes whole StageEstimates (304 bytes a stage, a hundred stages
// a candidate), which the search's placing pass, cut after the first, never reads.
void PlanEvaluator::EvaluationPass::sumStages()
{
    distinct.clear();
    shares.clear();
    records.resize(std::size_t(p));
    floorTimes.resize(std::size_t(p));
    double previousPaired = -1;
    for (int k = 0; k < p; ++k) {
        StageRecord& rec = records[std::size_t(k)];
        rec.inFlight = scratch.limits.inFlight[std::size_t(k)];
        // The all-to-all overlap pairs this share of the stage's passes with another micro-batch's.
        const double paired = c.epCommOverlap ? epOverlapPairedShare(c, k, m) : 0.0;
        // A stage holding units of the same classes in the same order as the stage before it, with the same
        // pairing, adds the same numbers in the same order: it shares the previous stage's sums, model states and
        // other memory (the pure functions of them).
        if (k == 0 || paired != previousPaired || !sameClassesAsPrevious(k))
            sumDistinctStage(k, paired);
        previousPaired = paired;
        rec.sums = int(distinct.size()) - 1;
        recordStage(k, rec, distinct.back());
    }
}

// Whether stage k holds units of the same classes in the same order as stage k - 1, chunk by chunk.
bool PlanEvaluator::EvaluationPass::sameClassesAsPrevious(int k) const
{
    for (int r = 0; r < v; ++r) {
        const auto [first, end] = chunkUnits[std::size_t(chunkOf(k, r))];
        const auto [before, beforeEnd] = chunkUnits[std::size_t(chunkOf(k - 1, r))];
        if (end - first != beforeEnd - before)
            return false;
        for (int u = 0; u < end - first; ++u) // a unit or two a stage: a loop, not a call to memcmp
            if (ev.m_unitClass[std::size_t(first + u)] != ev.m_unitClass[std::size_t(before + u)])
                return false;
    }
    return true;
}

// A new distinct stage: stage k's units summed (`paired` its all-to-all overlap), its model states, other memory,
// chunk shares and pipeline send.
void PlanEvaluator::EvaluationPass::sumDistinctStage(int k, double paired)
{
    StageSums& sums = distinct.emplace_back();
    std::vector<double>& chunkSeconds = scratch.chunkSeconds; // the current stage's per chunk
    chunkSeconds.clear();
    for (int r = 0; r < v; ++r) {
        const int j = chunkOf(k, r);
        double chunk = 0;
        for (int u = chunkUnits[std::size_t(j)].first; u < chunkUnits[std::size_t(j)].second; ++u) {
            const UnitCost& uc = costOf(u);
            sums.params += uc.params;
            sums.routed += uc.routedExpertParams;
            sums.shared += uc.sharedExpertParams;
            sums.moeActs += uc.moeActivationBytes;
            sums.fp8 += fp8Copies(uc);
            sums.acts += uc.activationBytes;
            sums.embAct += uc.embeddingLogitsBytes;
            // The all-to-all overlap: the paired passes leave less exposed and compute a little slower.
            const double epSeconds = UnitNeeds::exposedEpSeconds(uc, paired);
            const double epSlowdown = paired * uc.epOverlapSlowdownSeconds;
            sums.compute += uc.computeSeconds + epSlowdown;
            sums.weightGrad += uc.weightGradSeconds;
            sums.gemm += uc.gemmSeconds;
            sums.forward += uc.forwardSeconds;
            sums.recompute += uc.recomputeSeconds;
            sums.tp += uc.tpCommSeconds;
            sums.cp += uc.cpCommSeconds;
            sums.ep += epSeconds;
            sums.tpForward += uc.tpCommForwardSeconds;
            sums.cpForward += uc.cpCommForwardSeconds;
            sums.epForward += uc.epCommSeconds > 0 ? uc.epCommForwardSeconds * epSeconds / uc.epCommSeconds : 0.0;
            sums.boundary = std::max(sums.boundary, uc.outputElementsPerToken);
            chunk += UnitNeeds::microBatchSeconds(uc, paired);
        }
        chunkSeconds.push_back(chunk);
    }
    sums.states = states(sums.params, sums.routed);
    sums.routedBytes = sums.routed > 0 ? needs.states(sums.routed, sums.routed).total() : 0.0;
    sums.sharedBytes = sums.shared > 0 ? needs.states(sums.shared, 0).total() : 0.0;
    sums.other = otherOf(sums.params, sums.routed);
    if (interleaved) {
        double sum = 0;
        for (double t : chunkSeconds)
            sum += t;
        for (double t : chunkSeconds)
            shares.push_back(sum > 0 ? t / sum : 1.0 / double(chunkSeconds.size()));
    }
    if (p > 1)
        boundarySend(sums);
}

// A distinct stage's pipeline send: its boundary's bytes and the time of one send that stays exposed.
void PlanEvaluator::EvaluationPass::boundarySend(StageSums& sums)
{
    // Narayanan 2021 Sec. 4.1: b s h elements per boundary each way (this CP rank's share of the
    // sequence), split over TP by scatter/gather; v times with interleaving (recordStage).
    if (sums.boundary != boundaryFor) {
        boundaryFor = sums.boundary;
        bytes = sums.boundary * tokens * activationBytes / c.tp;
        send[0] = coll.sendSeconds(bytes, false);
        send[1] = coll.sendSeconds(bytes, true);
    }
    sums.boundaryBytes = bytes;
    // Overlapped, a send runs while the stage computes its next chunk: what that chunk's forward
    // does not cover stays, and at least the handshake's latency.
    const double covered = (sums.forward + sums.tpForward + sums.cpForward + sums.epForward) / v;
    for (int inter : { 0, 1 })
        sums.sendSeconds[inter] = overlapped
            ? std::max((inter ? cl.interNode : cl.intraNode).latencySeconds, send[inter] - covered)
            : send[inter];
}

// Stage k's record from its distinct `sums`: its pipeline sends, floor times and memory total (the peak stage's).
void PlanEvaluator::EvaluationPass::recordStage(int k, StageRecord& rec, const StageSums& sums)
{
    rec.ppCommSeconds = 0; // without pipeline parallelism
    if (p > 1) {
        // Interleaved, every stage also sends across the wrap-around between chunks (stage p - 1 to stage 0
        // forward, stage 0 to stage p - 1 backward). ZBV's V has no wrap-around and no send at its turn
        // (virtual stages p - 1 and p share the last stage): its first and last stage send once per chunk.
        // Each send goes over NVLink or the network as its two stages sit (pipelineSendCrossesNodes).
        const auto sendTo = [&](int to) {
            const bool crosses = stagesFillNodes || (!oneNode && pipelineSendCrossesNodes(k, to, stageRanks, cl.gpusPerNode));
            return sums.sendSeconds[crosses ? 1 : 0];
        };
        double perChunk = 0;
        int sends = 0;
        if (interleaved && c.schedule != Schedule::ZeroBubbleV) {
            perChunk = sendTo((k + 1) % p) + sendTo((k + p - 1) % p);
            sends = 2;
        } else {
            if (k < p - 1) {
                perChunk += sendTo(k + 1);
                ++sends;
            }
            if (k > 0) {
                perChunk += sendTo(k - 1);
                ++sends;
            }
        }
        // Batched, synchronous sends (no overlap) also synchronise the device at every schedule step.
        rec.ppCommSeconds = double(v) * perChunk + (overlapped ? 0.0 : 2.0 * v * kPipelineStepHostSeconds);
        e.comm.ppBytes += double(sends * v) * sums.boundaryBytes * m / double(p); // the mean over stages
    }
    // The sums in StageEstimate's order (forwardSeconds, microBatchSeconds(), MemoryBreakdown::totalBytes()),
    // so the second pass's stages give the same numbers.
    StageFloorTimes& times = floorTimes[std::size_t(k)];
    times.forwardSeconds = sums.forward + sums.tpForward + sums.cpForward + sums.epForward + rec.ppCommSeconds / 2;
    const double t = sums.compute + sums.recompute + sums.tp + rec.ppCommSeconds + sums.cp + sums.ep;
    times.microBatchSeconds = t;
    times.weightGradSeconds = sums.weightGrad;
    times.firstChunkShare = interleaved ? shares[std::size_t(rec.sums) * std::size_t(v)] : 1.0;
    tMax = std::max(tMax, t);
    tMin = std::min(tMin, t);
    const double total = (sums.states.weights + sums.fp8) + sums.states.gradients + sums.states.optimizer
        + sums.acts * rec.inFlight + sums.embAct * rec.inFlight + sums.other.total();
    if (total > e.peakMemoryBytes) {
        e.peakMemoryBytes = total;
        e.peakStage = k;
    }
}

// The step-time floor after placing (stepFloorBeforePlacement says why it is one) into cut.floor, and whether it
// is slower than cut.tokensPerSecondToBeat; if so the estimate is finished here (feasibility set, no stages).
bool PlanEvaluator::EvaluationPass::cutIfSlower(StepCut& cut)
{
    // The exact pipeline of 1F1B and GPipe, the pipeline floor without simulation otherwise (pipelineFloorSeconds:
    // each stage's work, its wait for the first forward and, interleaved, the backward still to cross the stages
    // before it), plus the largest stage optimizer step.
    double largestShare = 0; // the optimizer step grows with it (linear bytes at HBM speed)
    for (const StageSums& sums : distinct)
        largestShare = std::max(largestShare, localShare(sums.params, sums.routed));
    const double optimizer = kernels.memoryBoundSeconds(optimizerStepBytes(largestShare, tr));
    cut.floor = kFloorSlack * (pipelineFloorSeconds(c.schedule, floorTimes, m) + optimizer);
    cut.cut = ev.tokensPerSecond(cut.floor) < cut.tokensPerSecondToBeat;
    if (cut.cut) {
        e.stages.clear(); // not estimated
        setFeasibility();
    }
    return cut.cut;
}

// The second pass: every stage's estimate from its sums and record.
void PlanEvaluator::EvaluationPass::writeStages()
{
    e.stages.resize(std::size_t(p));
    // The loop below sets every field of every stage. A field added to StageEstimate is set there.
    static_assert(sizeof(StageEstimate) == 304 && sizeof(MemoryBreakdown) == 9 * 8 + sizeof(OtherMemoryBytes),
                  "a new StageEstimate or MemoryBreakdown field: set it in the stage loop");
    for (int k = 0; k < p; ++k) {
        StageEstimate& st = e.stages[std::size_t(k)];
        const StageRecord& rec = records[std::size_t(k)];
        const StageSums& sums = distinct[std::size_t(rec.sums)];
        st.stage = k;
        st.layerRanges.clear();
        if (detailed)
            layerRanges(st, k);
        if (interleaved) {
            const auto first = shares.begin() + std::ptrdiff_t(rec.sums) * v;
            st.chunkShares.assign(first, first + v);
        } else {
            st.chunkShares.clear();
        }
        st.paramsPerDevice = sums.params;
        st.inFlightMicroBatches = rec.inFlight;
        st.routedExpertParamsPerDevice = sums.routed;
        st.computeSeconds = sums.compute;
        st.weightGradSeconds = sums.weightGrad;
        st.forwardSeconds = floorTimes[std::size_t(k)].forwardSeconds;
        st.gemmSeconds = sums.gemm;
        st.recomputeSeconds = sums.recompute;
        st.tpCommSeconds = sums.tp;
        st.ppCommSeconds = rec.ppCommSeconds;
        st.cpCommSeconds = sums.cp;
        st.epCommSeconds = sums.ep;
        st.dpCommSeconds = st.dpExposedSeconds = st.optimizerSeconds = 0; // dataParallelTail
        st.memory.weightsBytes = sums.states.weights + sums.fp8;
        st.memory.gradientsBytes = sums.states.gradients;
        st.memory.optimizerBytes = sums.states.optimizer;
        st.memory.activationsBytes = sums.acts * rec.inFlight;
        st.memory.embeddingLogitsBytes = sums.embAct * rec.inFlight;
        st.memory.routedExpertBytes = sums.routedBytes;
        st.memory.sharedExpertBytes = sums.sharedBytes;
        st.memory.moeActivationBytes = sums.moeActs * rec.inFlight;
        st.memory.other = sums.other;
        st.memory.overheadBytes = st.memory.other.total();
    }
}

// Stage k's layers, its units' merged where consecutive (st.layerRanges, empty before).
void PlanEvaluator::EvaluationPass::layerRanges(StageEstimate& st, int k) const
{
    for (int r = 0; r < v; ++r) {
        const int j = chunkOf(k, r);
        for (int u = chunkUnits[std::size_t(j)].first; u < chunkUnits[std::size_t(j)].second; ++u) {
            const PartitionUnit& unit = ev.m_units[std::size_t(u)];
            if (!st.layerRanges.empty() && st.layerRanges.back().second == unit.firstLayer)
                st.layerRanges.back().second = unit.endLayer;
            else
                st.layerRanges.emplace_back(unit.firstLayer, unit.endLayer);
        }
    }
}

// The FLOPs of a micro-batch through every stage (MFU, HFU), unit by unit in stage and chunk order; after the
// cut, which most of a search's candidates take without them.
void PlanEvaluator::EvaluationPass::sumFlops()
{
    for (int k = 0; k < p; ++k)
        for (int r = 0; r < v; ++r) {
            const int j = chunkOf(k, r);
            for (int u = chunkUnits[std::size_t(j)].first; u < chunkUnits[std::size_t(j)].second; ++u) {
                modelFlopsMicro += costOf(u).modelFlops;
                recomputeFlopsMicro += costOf(u).recomputeFlops;
                causalScoreFlopsMicro += costOf(u).causalScoreFlops;
            }
        }
}

// DP / ZeRO traffic per step and what of it the schedule hides; then the optimizer step. In 1F1B
// stage k's last backward ends k backward slots (of one chunk) before stage 0's, and its first forward
// starts k forward slots after stage 0's: that idle time hides communication too.
void PlanEvaluator::EvaluationPass::dataParallelTail()
{
    // Gradients are reduced over the ranks that hold the same weights, the routed experts' over the expert-DP
    // group (DataParallelGroups).
    const DataParallelGroups groups(c, cl.gpusPerNode);
    double tailMax = -1;
    DpCollectives collectives; // stages of equal size (most) share their collectives
    double collectivesFor[2] = { -1, -1 };
    for (int k = 0; k < p; ++k) {
        StageEstimate& st = e.stages[std::size_t(k)];
        const DpOverlapWindow w = dpOverlapWindow(st, m, v, p);
        const double routed = st.routedExpertParamsPerDevice;
        if (collectivesFor[0] != st.paramsPerDevice || collectivesFor[1] != routed) {
            collectives = groups.collectives(coll, st.paramsPerDevice, routed, tr.gradientBytesPerParam(), tr.bytesPerParam());
            collectivesFor[0] = st.paramsPerDevice;
            collectivesFor[1] = routed;
        }
        const DpCommunication dp = dataParallelCommunication(collectives, groups.sharding, w, tr.dpOverlap);
        st.dpCommSeconds = dp.seconds;
        st.dpExposedSeconds = dp.exposedSeconds;
        const double localParams = localShare(st.paramsPerDevice, routed);
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
}

// The step's breakdown by kind, as every GPU of the pipeline spends it (Narayanan et al. 2021, Sec. 3.3: the
// pipeline takes m x the slowest stage's micro-batch time plus the fill and drain): each kind's time and bytes
// per GPU, averaged over the stages (every stage has as many GPUs); a stage's idle time is the schedule's
// bubble on the slowest stage plus its own wait for the slowest stage (imbalanceSeconds). The data-parallel
// tail and optimizer step are the stage that ends the step. The parts add up to the step.
void PlanEvaluator::EvaluationPass::stepBreakdown()
{
    pipeline = pipelineSeconds(c.schedule, e.stages, m, v, context);
    TimeBreakdown& tb = e.time;
    tb.computeSeconds = tb.recomputeSeconds = tb.tpCommSeconds = tb.ppCommSeconds = tb.cpCommSeconds = tb.epCommSeconds = 0;
    double meanMicroBatch = 0;
    for (const StageEstimate& st : e.stages) {
        tb.computeSeconds += st.computeSeconds;
        tb.recomputeSeconds += st.recomputeSeconds;
        tb.tpCommSeconds += st.tpCommSeconds;
        tb.ppCommSeconds += st.ppCommSeconds;
        tb.cpCommSeconds += st.cpCommSeconds;
        tb.epCommSeconds += st.epCommSeconds;
        meanMicroBatch += st.microBatchSeconds();
    }
    perStage = double(m) / double(p);
    for (double* x : { &tb.computeSeconds, &tb.recomputeSeconds, &tb.tpCommSeconds, &tb.ppCommSeconds, &tb.cpCommSeconds,
                       &tb.epCommSeconds })
        *x *= perStage;
    meanMicroBatch /= double(p);
    tb.bubbleSeconds = std::max(0.0, pipeline - m * tMax);
    tb.imbalanceSeconds = std::max(0.0, m * (tMax - meanMicroBatch));
    tb.dpExposedSeconds = e.comm.dpExposedSeconds;
    tb.optimizerSeconds = e.stages[std::size_t(tailStage)].optimizerSeconds;
    tb.stepSeconds = pipeline + tb.dpExposedSeconds + tb.optimizerSeconds;
}

// The communication's bytes and seconds per GPU, the bubble and imbalance ratios, FLOPs, tokens/s, MFU and HFU.
void PlanEvaluator::EvaluationPass::commAndThroughput()
{
    e.comm.tpBytes = e.comm.cpBytes = e.comm.epBytes = 0;
    for (int k = 0; k < p; ++k)
        for (int r = 0; r < v; ++r) {
            const int j = chunkOf(k, r);
            for (int u = chunkUnits[std::size_t(j)].first; u < chunkUnits[std::size_t(j)].second; ++u) {
                e.comm.tpBytes += costOf(u).tpCommBytes;
                e.comm.cpBytes += costOf(u).cpCommBytes;
                e.comm.epBytes += costOf(u).epCommBytes;
            }
        }
    e.comm.tpBytes *= perStage;
    e.comm.cpBytes *= perStage;
    e.comm.epBytes *= perStage;
    e.comm.tpSeconds = e.time.tpCommSeconds;
    e.comm.ppSeconds = e.time.ppCommSeconds;
    e.comm.cpSeconds = e.time.cpCommSeconds;
    e.comm.epSeconds = e.time.epCommSeconds;

    e.bubbleFraction = pipeline > 0 ? e.time.bubbleSeconds / pipeline : 0.0; // of the pipeline time, as it divides
    e.computeImbalance = tMin > 0 ? tMax / tMin : 1.0;
    const double sequencesPerStep = double(tr.globalBatch);
    const double microBatchesTotal = sequencesPerStep / c.microBatch; // over all DP replicas
    // Korthikanti Eq. 7 counting: model FLOPs are 3 x forward; hardware FLOPs add recomputation.
    e.modelFlopsPerStep = 3.0 * modelFlopsMicro * microBatchesTotal;
    e.hardwareFlopsPerStep = e.modelFlopsPerStep + recomputeFlopsMicro * microBatchesTotal;
    const double peak = double(cl.totalGpus()) * cl.gpu.peakFlops(tr.precision);
    e.tokensPerSecond = sequencesPerStep * double(tr.seqLength) / e.time.stepSeconds;
    e.mfu = e.modelFlopsPerStep / (peak * e.time.stepSeconds);
    e.mfuCausalHalf = 3.0 * (modelFlopsMicro - causalScoreFlopsMicro) * microBatchesTotal / (peak * e.time.stepSeconds);
    e.hfu = e.hardwareFlopsPerStep / (peak * e.time.stepSeconds);
}

// Whether the peak stage fits the usable memory, and if not the reason.
void PlanEvaluator::EvaluationPass::setFeasibility()
{
    e.feasible = e.peakMemoryBytes <= e.capacityBytes;
    if (!e.feasible) {
        e.infeasibleReason = "stage " + std::to_string(e.peakStage) + " needs " + formatBytes(e.peakMemoryBytes)
            + " per GPU but " + ev.m_usableText + " is usable: exceeds memory by "
            + formatBytes(e.peakMemoryBytes - e.capacityBytes);
    }
}

void PlanEvaluator::evaluateInto(PlanEstimate& e, const ParallelConfig& c, bool detailed, bool checkRules,
                                 EvaluationContext& context, StepCut* cut) const
{
    if (!startEstimate(*this, e, c, detailed, checkRules))
        return;
    EvaluationPass pass(*this, e, c, detailed, context);
    pass.buildItems();
    pass.place();
    pass.sumStages();
    if (cut && pass.cutIfSlower(*cut))
        return;
    pass.writeStages();
    pass.sumFlops();
    pass.dataParallelTail();
    pass.stepBreakdown();
    pass.commAndThroughput();
    pass.setFeasibility();
}

PlanSummary PlanSummary::from(const PlanEstimate& e)
{
    PlanSummary s;
    s.config = e.config;
    s.feasible = e.feasible;
    s.infeasibleReason = InfeasibleReason(e.infeasibleReason);
    s.peakMemoryBytes = e.peakMemoryBytes;
    s.capacityBytes = e.capacityBytes;
    s.stepSeconds = e.time.stepSeconds;
    s.tokensPerSecond = e.tokensPerSecond;
    s.mfu = e.mfu;
    s.bubbleFraction = e.bubbleFraction;
    s.computeImbalance = e.computeImbalance;
    s.exposedCommSeconds = e.comm.exposedSeconds();
    s.commBytes = e.comm.tpBytes + e.comm.cpBytes + e.comm.epBytes + e.comm.ppBytes + e.comm.dpBytes;
    return s;
}

} // namespace shardscope
