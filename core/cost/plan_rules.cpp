// SPDX-License-Identifier: GPL-3.0-or-later
// PlanEvaluator's rules and floors: what a configuration must keep to be run at all (structuralProblem),
// and the bounds that decide a candidate before its layers are placed: the memory floor (the average
// stage's memory) and the step-time floor (the average stage's time). The search asks these for every
// candidate; plan_evaluator.cpp places and times those that pass.
#include "cost/plan_evaluator.h"

#include "cost/evaluation_caches.h"
#include "cost/memory_model.h"
#include "cost/pipeline_schedule.h"
#include "cost/step_model.h"
#include "cost/unit_costs.h"
#include "cost/unit_need.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace shardscope {

namespace {
std::string num(long long v) { return std::to_string(v); }
} // namespace

std::string PlanEvaluator::structuralProblem(const ParallelConfig& c) const
{
    const TrainingSpec& tr = m_problem.training;
    const int gpus = m_problem.cluster.totalGpus();
    if (c.tp < 1 || c.cp < 1 || c.pp < 1 || c.dp < 1 || c.vpp < 1 || c.microBatch < 1 || c.dpReplicate < 1 || c.ep < 1
        || c.etp < 1)
        return "parallel sizes and the micro-batch must be at least 1";
    if (c.zeroStage < 0 || c.zeroStage > 3)
        return "ZeRO stage must be 0, 1, 2 or 3";
    if (c.worldSize() != gpus)
        return "TP " + num(c.tp) + (c.cp > 1 ? " x CP " + num(c.cp) : std::string()) + " x PP " + num(c.pp) + " x DP "
            + num(c.dp) + " = " + num(c.worldSize()) + " GPUs, but the cluster has " + num(gpus);
    if (std::string moe = expertParallelProblem(m_experts, c, tr); !moe.empty())
        return moe;
    if (const auto& spec = m_problem.model.spec()) {
        if (spec->heads % c.tp != 0)
            return "TP " + num(c.tp) + " does not divide the " + num(spec->heads) + " attention heads";
        if (spec->kvHeads % c.tp != 0)
            return "TP " + num(c.tp) + " does not divide the " + num(spec->kvHeads) + " key/value heads";
        if (c.cp > 1 && c.cpCommType == CpCommType::AllToAll
            && ((spec->heads / c.tp) % c.cp != 0 || (spec->kvHeads / c.tp) % c.cp != 0))
            return "all-to-all context parallelism (Ulysses) needs CP " + num(c.cp) + " to divide the "
                + num(spec->heads / c.tp) + " attention and " + num(spec->kvHeads / c.tp)
                + " key/value heads each TP rank holds";
    }
    if (c.cp > 1) {
        // Megatron-Core splits the sequence into 2 cp chunks (get_batch_on_this_cp_rank) and runs the attention
        // through Transformer Engine's fused kernels; sequence parallelism then splits each rank's part over TP.
        if (!tr.flashAttention)
            return "context parallelism needs fused (flash) attention: Megatron runs it in Transformer Engine's "
                   "attention kernels";
        const std::int64_t chunks = 2 * std::int64_t(c.cp) * (c.sequenceParallel ? c.tp : 1);
        if (tr.seqLength % chunks != 0)
            return "context parallelism " + num(c.cp) + " needs the sequence length " + num(tr.seqLength)
                + " divisible by 2 x CP" + (c.sequenceParallel ? " x TP" : "") + " = " + num(chunks);
    }
    if (c.dpReplicate > 1) {
        if (c.zeroStage == 0)
            return "hybrid sharding (DP replicate " + num(c.dpReplicate) + ") needs a ZeRO stage that shards (1, 2 or 3)";
        if (c.dp % c.dpReplicate != 0 || c.dpReplicate == c.dp * c.cp)
            return "DP replicate " + num(c.dpReplicate) + " must divide DP " + num(c.dp)
                + " and leave shard groups of at least 2 ranks";
    }
    if (!c.reshardAfterForward && c.zeroStage != 3)
        return "keeping parameters gathered after the forward applies to ZeRO-3 / FSDP only";
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
    const std::int64_t m = tr.globalBatch / (std::int64_t(c.dp) * c.microBatch);
    if (c.pp > 1 || c.schedule != Schedule::OneFOneB || c.vpp != 1) {
        std::string schedule = scheduleProblem(c.schedule, c.pp, c.vpp, int(std::min<std::int64_t>(m, 1 << 30)));
        if (!schedule.empty())
            return schedule;
    }
    if (isInterleaved(c.schedule)) {
        if (!m_blocksContiguous)
            return "interleaved schedules need the model's transformer blocks in one contiguous run";
        // Every model chunk holds a block, except that the first may hold only the embedding and the last only
        // the output head and loss (Megatron's --pipeline-model-parallel-layout allows both).
        if (m_blockUnits + 2 < c.pp * c.vpp)
            return "PP " + num(c.pp) + " x vpp " + num(c.vpp) + " = " + num(c.pp * c.vpp) + " model chunks need at least "
                + num(c.pp * c.vpp - 2) + " transformer blocks; the model has " + num(m_blockUnits);
    }
    if ((tr.pipelineSplit.even && c.pp > 1) || !tr.pipelineSplit.layout.empty())
        return pinnedSplitProblem(c);
    return {};
}

// Megatron's split (PipelineSplit): every model chunk the same number of blocks, or the first and last stage
// their own and the others the rest evenly (transformer_block.py get_num_layers_to_build at d98e8a6), or each
// chunk what a layout string gives it (pipeline_parallel_layer_layout.py at d98e8a6). With `counts`, each model
// chunk's blocks in model order where the split can place them.
std::string PlanEvaluator::pinnedSplitProblem(const ParallelConfig& c, std::vector<int>* counts) const
{
    const PipelineSplit& split = m_problem.training.pipelineSplit;
    const int chunks = c.pp * (isInterleaved(c.schedule) ? c.vpp : 1);
    if (!split.layout.empty()) {
        if (!m_layoutError.empty())
            return "the pipeline layout does not parse: " + m_layoutError;
        if (!m_blocksContiguous)
            return "a pipeline layout needs the model's transformer blocks in one contiguous run";
        if (c.schedule == Schedule::ZeroBubbleV)
            return "a pipeline layout gives chunk k x PP + s to stage s, which the V schedule's chunk order does not follow";
        if (int(m_layout.size()) != chunks)
            return "the pipeline layout has " + num(int(m_layout.size())) + " model chunks, PP " + num(c.pp)
                + (isInterleaved(c.schedule) ? " x vpp " + num(c.vpp) + " = " + num(chunks) : std::string(" without interleaving"));
        if (!m_layout.front().embedding || !m_layout.back().loss)
            return "the pipeline layout is modelled with the embedding in the first model chunk and the loss in the last "
                   "model chunk (not after or before an empty one)";
        int blocks = 0, mtp = 0;
        for (std::size_t j = 0; j < m_layout.size(); ++j) {
            blocks += m_layout[j].blocks;
            mtp += m_layout[j].mtp;
            if (m_layout[j].mtp > 0 && j + 1 != m_layout.size())
                return "the pipeline layout places MTP modules outside the last model chunk, which is not modelled";
        }
        if (blocks != m_blockUnits)
            return "the pipeline layout places " + num(blocks) + " transformer blocks; the model has " + num(m_blockUnits);
        if (mtp != m_experts.mtpModules)
            return "the pipeline layout places " + num(mtp) + " MTP modules; the model has " + num(m_experts.mtpModules);
        if (counts)
            *counts = layoutBlockCounts(m_layout);
        return {};
    }
    if (!m_blocksContiguous)
        return "the even pipeline split needs the model's transformer blocks in one contiguous run";
    if (split.firstStageBlocks == 0 && split.lastStageBlocks == 0) {
        if (m_blockUnits % chunks != 0)
            return "the even pipeline split needs the " + num(m_blockUnits) + " transformer blocks to divide by the "
                + num(chunks) + " model chunks (PP " + num(c.pp) + (chunks > c.pp ? " x vpp " + num(c.vpp) : std::string())
                + ")";
        if (counts)
            counts->assign(std::size_t(chunks), m_blockUnits / chunks);
        return {};
    }
    if (chunks != c.pp)
        return "first and last stage block counts are modelled without interleaving";
    const int fixed = (split.firstStageBlocks > 0 ? 1 : 0) + (split.lastStageBlocks > 0 ? 1 : 0);
    const int others = c.pp - fixed;
    const int rest = m_blockUnits - split.firstStageBlocks - split.lastStageBlocks;
    if (rest < others || (others == 0 ? rest != 0 : rest % others != 0))
        return "the " + num(m_blockUnits) + " transformer blocks less " + num(split.firstStageBlocks + split.lastStageBlocks)
            + " on the first and last stage leave " + num(rest) + ", which do not split evenly over the other "
            + num(others) + (others == 1 ? " stage" : " stages");
    if (counts) {
        counts->assign(std::size_t(c.pp), others > 0 ? rest / others : 0);
        if (split.firstStageBlocks > 0)
            counts->front() = split.firstStageBlocks;
        if (split.lastStageBlocks > 0)
            counts->back() = split.lastStageBlocks;
    }
    return {};
}

namespace {
using evaluation_detail::UnitBytes; // per class: (model states, activations per micro-batch)

// What the average stage's floor needs of the classes: their records' sums over the units, the largest layer,
// working set and dispatch buffer of any class.
struct ClassTotals
{
    double staticBytes = 0, activations = 0, largestLayer = 0, workingSet = 0, dispatch = 0;
};

ClassTotals classTotals(const std::vector<UnitCost>& classCosts, const UnitBytes& needs, const std::vector<int>& classUnits)
{
    ClassTotals t;
    for (std::size_t cls = 0; cls < classCosts.size(); ++cls) {
        const UnitCost& uc = classCosts[cls];
        const double n = classUnits[cls];
        t.staticBytes += n * needs[cls].staticBytes;
        t.activations += n * needs[cls].activationBytes;
        t.largestLayer = std::max(t.largestLayer, uc.largestLayerParams);
        t.workingSet = std::max(t.workingSet, uc.workingSetBytes);
        t.dispatch = std::max(t.dispatch, uc.dispatchBufferBytes);
    }
    return t;
}

// `bound` raised to the floor of the model's two ends (`units` >= 1 of them, classes `unitClass`): the first unit (the
// embedding side) is on stage 0, the last (output head and loss, whose logits are the largest activations of a large
// vocabulary) on the stage of the last virtual stage (stage p - 1, or 0 in ZBV's V): each needs at least itself with
// that stage's micro-batches in flight (`first` and `last` at stages 0 and p - 1).
double endUnitsFloor(const PlanEvaluator& evaluator, const ParallelConfig& c, int m, int units,
                     const std::vector<int>& unitClass, const UnitBytes& unitBytes, double fixed, double first,
                     double last, double bound)
{
    const int p = c.pp;
    const int v = isInterleaved(c.schedule) ? c.vpp : 1;
    const int headStage = stageAndChunkOf(c.schedule, p, p * v - 1).first;
    for (const auto& [unit, stage] : { std::pair { 0, 0 }, std::pair { units - 1, headStage } }) {
        const UnitNeed& n = unitBytes[std::size_t(unitClass[std::size_t(unit)])];
        const double f = stage == 0 ? first : stage == p - 1 ? last : evaluator.inFlight(c, stage, m);
        bound = std::max(bound, PlanEvaluator::kFloorSlack * (fixed + n.staticBytes + f * n.activationBytes));
    }
    return bound;
}

// `bound` raised to the water-filling floor, where the stages keep different numbers of micro-batches in flight
// (`first` != `last`: 1F1B, interleaved, ZBV). The average with the fewest misses that the stages holding many must
// hold fewer layers, and then the others more.
// Stage k needs at least F + sum over its units of (s_u + f_k a_u): F the memory every GPU has besides, s_u
// a unit's model states (linear in its parameters), a_u its activations, f_k the stage's micro-batches in
// flight. For any weights l_k >= 0 summing to 1 the fullest stage needs at least sum_k l_k x stage k's need
// >= F + sum_u min_k l_k (s_u + f_k a_u) (Lagrangian relaxation of the placement). With l_k = w_k / W,
// w_k = 1 / (s + f_k a) for the average unit (s, a) and W the sum of the w_k, this is exact water-filling for
// identical units (F + units / W); l_k (s_u + f_k a_u) is monotone in f_k, so its least is at the fewest or
// the most micro-batches in flight. W is bounded from above over 8 runs of stages, each at its fewest micro-
// batches in flight (monotone: at one of its ends), which keeps the result a floor. `stageRunsOnce()` gives the
// runs (PlanEvaluator::StageRuns), computed where needed.
template <class StageRunsOnce>
double waterFillingFloor(const std::vector<int>& classUnits, const UnitBytes& unitBytes, double units, double fixed,
                         double first, double last, StageRunsOnce& stageRunsOnce, double bound)
{
    double sBar = 0, aBar = 0;
    for (std::size_t cls = 0; cls < unitBytes.size(); ++cls) {
        sBar += classUnits[cls] * unitBytes[cls].staticBytes / units;
        aBar += classUnits[cls] * unitBytes[cls].activationBytes / units;
    }
    const double fewest = std::min(first, last), most = std::max(first, last);
    if (!(sBar + fewest * aBar > 0))
        return bound;
    double weights = 0; // W's upper bound
    const auto& runs = stageRunsOnce();
    for (int r = 0; r < runs.count; ++r)
        weights += double(runs.to[std::size_t(r)] - runs.from[std::size_t(r)] + 1) / (sBar + runs.fewest(r) * aBar);
    double least = 0; // sum over the units of min over f of (s_u + f a_u) / (s + f a)
    for (std::size_t cls = 0; cls < unitBytes.size(); ++cls) {
        const double su = unitBytes[cls].staticBytes, au = unitBytes[cls].activationBytes;
        least += classUnits[cls]
            * std::min((su + fewest * au) / (sBar + fewest * aBar), (su + most * au) / (sBar + most * aBar));
    }
    return std::max(bound, PlanEvaluator::kFloorSlack * (fixed + least / weights));
}
} // namespace

InfeasibleReason PlanEvaluator::memoryLowerBoundProblem(const ParallelConfig& c, double& bound,
                                                        EvaluationContext& context) const
{
    // No placement holds less than the average stage: its model states, plus its activations times the fewest
    // micro-batches any stage keeps in flight, plus the memory every GPU has besides.
    const TrainingSpec& tr = m_problem.training;
    const int p = c.pp;
    const int m = int(tr.globalBatch / (std::int64_t(c.dp) * c.microBatch));
    const std::vector<UnitCost>& classCosts = costClasses(c, context);
    // Each class's record, once per candidate (the context's: no allocation once grown).
    evaluation_detail::MemoryFloorScratch& scratch = context.caches().memoryFloors;
    UnitBytes& unitBytes = scratch.unitBytes;
    UnitNeeds(tr, c).needs(classCosts, 0.0, unitBytes);
    const ClassTotals totals = classTotals(classCosts, unitBytes, m_classUnits);
    // Every schedule's micro-batches in flight are monotone over the stages (ZBV's grow, the others' shrink or stay:
    // inFlightMicroBatches), so the fewest are at the first or the last stage.
    const double first = this->inFlight(c, 0, m), last = this->inFlight(c, p - 1, m);
    const bool tied = m_problem.model.spec() && m_problem.model.spec()->tiedEmbeddings;
    // The memory every GPU has besides its units' (its parameters' part at its least, none).
    const double fixed = otherMemoryBytes(tr, c, 0, 0, totals.largestLayer, totals.workingSet, tied).total() + totals.dispatch;
    bound = totals.staticBytes / p + totals.activations / p * std::min(first, last) + fixed;
    if (bound > usableBytes())
        return InfeasibleReason::memoryFloor(bound, usableBytes());
    // The runs of stages, computed where a floor below needs them.
    StageRuns knownRuns;
    auto stageRunsOnce = [&]() -> const StageRuns& {
        if (knownRuns.count == 0)
            knownRuns = stageRuns(c, m, first, last);
        return knownRuns;
    };
    if (!m_units.empty())
        bound = endUnitsFloor(*this, c, m, int(m_units.size()), m_unitClass, unitBytes, fixed, first, last, bound);
    if (bound <= usableBytes() && first != last)
        bound = waterFillingFloor(m_classUnits, unitBytes, double(m_units.size()), fixed, first, last, stageRunsOnce, bound);
    if (bound <= usableBytes() && !isInterleaved(c.schedule) && p > 1 && !m_classRuns.empty())
        bound = std::max(bound, wholeUnitsFloor(c, m, unitBytes, fixed, stageRunsOnce(), scratch.flights));
    if (bound <= usableBytes())
        return {};
    return InfeasibleReason::memoryFloor(bound, usableBytes());
}

PlanEvaluator::StageRuns PlanEvaluator::stageRuns(const ParallelConfig& c, int m, double first, double last) const
{
    const int p = c.pp;
    StageRuns runs;
    runs.count = std::min(p, int(runs.from.size()));
    for (int r = 0; r < runs.count; ++r) {
        const std::size_t i = std::size_t(r);
        runs.from[i] = int(std::int64_t(p) * r / runs.count);
        runs.to[i] = int(std::int64_t(p) * (r + 1) / runs.count) - 1;
        runs.atFrom[i] = runs.from[i] == 0 ? first : this->inFlight(c, runs.from[i], m);
        runs.atTo[i] = runs.to[i] == p - 1 ? last : runs.to[i] == runs.from[i] ? runs.atFrom[i] : this->inFlight(c, runs.to[i], m);
    }
    return runs;
}

namespace {
// Giving every stage ceil(units / p) units fits within `fixed` + that many of the largest unit at `most` micro-batches
// in flight (the most of any stage): the greedy places every unit within it.
double evenSplitBytes(const UnitBytes& unitBytes, double fixed, double most, std::size_t units, int p)
{
    double largest = 0;
    for (const UnitNeed& n : unitBytes)
        largest = std::max(largest, n.staticBytes + most * n.activationBytes);
    return fixed + std::ceil(double(units) / p) * largest;
}

// Whether a placement fits within `capacity` where it holds every unit (`units` >= 2; most candidates stop here): the
// first unit on stage 0, the last on stage p - 1, the others in order, each stage taking as many as fit at the
// largest of them (states and activations each at their largest) with, over 8 runs of stages
// (PlanEvaluator::StageRuns), the run's most micro-batches in flight.
template <class Runs>
bool orderedPlacementFits(const Runs& runs, const UnitBytes& unitBytes, const std::vector<int>& unitClass,
                          const std::vector<int>& classUnits, std::size_t units, double fixed, double capacity, int p)
{
    const double first = runs.atFrom[0], last = runs.atTo[std::size_t(runs.count - 1)];
    const int firstClass = unitClass.front(), lastClass = unitClass.back();
    double states = 0, activations = 0; // the largest of the units between the first and the last
    for (std::size_t cls = 0; cls < unitBytes.size(); ++cls)
        if (classUnits[cls] - (int(cls) == firstClass) - (int(cls) == lastClass) > 0) {
            states = std::max(states, unitBytes[cls].staticBytes);
            activations = std::max(activations, unitBytes[cls].activationBytes);
        }
    const UnitNeed& firstUnit = unitBytes[std::size_t(firstClass)];
    const UnitNeed& lastUnit = unitBytes[std::size_t(lastClass)];
    const double firstNeed = firstUnit.staticBytes + first * firstUnit.activationBytes;
    const double lastNeed = lastUnit.staticBytes + last * lastUnit.activationBytes;
    const double room = capacity - fixed;
    double held = 0; // units between the first and the last that the stages take
    for (int r = 0; r < runs.count && room >= firstNeed && room >= lastNeed; ++r) {
        const int from = runs.from[std::size_t(r)], to = runs.to[std::size_t(r)];
        const double unit = states + runs.most(r) * activations;
        auto takes = [&](double left) { return unit > 0 ? std::floor(left / unit) : double(units); };
        held += double(to - from + 1) * takes(room);
        if (from == 0) held += takes(room - firstNeed) - takes(room);
        if (to == p - 1) held += takes(room - lastNeed) - takes(room);
    }
    return room >= firstNeed && room >= lastNeed && held >= double(units - 2);
}

// As many units of `unit` as fit above `need` within `limit` (the largest count the greedy's comparison accepts,
// whatever the division's rounding), at most `left`.
inline double unitsFitting(double limit, double need, double unit, double left)
{
    double take = std::clamp(std::floor((limit - need) / unit), 0.0, left);
    while (take > 0 && need + take * unit > limit) take -= 1;
    while (take + 1 <= left && need + (take + 1) * unit <= limit) take += 1;
    return take;
}

// The greedy within `limit`: stages 0 to p - 1 (`flights`: their micro-batches in flight) filled in model order over
// the runs of one class (`classRuns`, whole runs at once where they fit), each above `fixed`. Placing every unit, it
// lowers `hi` to its fullest stage and returns true; otherwise `next` gets the least limit at which some stage would
// take one unit more (below it the greedy stops at the same units, so fails too).
bool greedyPlacesAll(double limit, double& next, double& hi, const std::vector<double>& flights, const UnitBytes& unitBytes,
                     const std::vector<std::pair<int, int>>& classRuns, double fixed, int p)
{
    next = std::numeric_limits<double>::infinity();
    std::size_t run = 0;
    double left = classRuns[0].second, fullest = 0;
    for (int k = 0; k < p; ++k) {
        const double f = flights[std::size_t(k)];
        double need = fixed;
        for (;;) {
            const UnitNeed& n = unitBytes[std::size_t(classRuns[run].first)];
            const double unit = n.staticBytes + f * n.activationBytes;
            const double take = need + left * unit <= limit ? left : unitsFitting(limit, need, unit, left);
            need += take * unit;
            left -= take;
            if (left > 0) {
                next = std::min(next, need + unit);
                break;
            }
            if (++run == classRuns.size()) {
                hi = std::min(hi, std::max(fullest, need));
                return true;
            }
            left = classRuns[run].second;
        }
        fullest = std::max(fullest, need);
    }
    return false;
}
} // namespace

double PlanEvaluator::wholeUnitsFloor(const ParallelConfig& c, int m, const std::vector<UnitNeed>& unitBytes,
                                      double fixed, const StageRuns& runs, std::vector<double>& flights) const
{
    // One model chunk per stage: stage k holds the consecutive units [b_k, b_k+1) and needs at least F + the sum over
    // them of (s_u + f_k a_u), whole units, where the relaxation above may split them. Filling the stages in order,
    // each with as many units as fit within a capacity C, places every unit if any placement fits within C: by
    // induction the greedy's boundary k is at or after that placement's (from there to the placement's boundary
    // k + 1 is part of the placement's stage k, so it fits), stages left empty or not. So the least C at which
    // the greedy places every unit is the least fullest stage of all placements, which no placement beats.
    const int p = c.pp;
    const double capacity = usableBytes() / kFloorSlack;
    const double first = runs.atFrom[0], last = runs.atTo[std::size_t(runs.count - 1)];
    const double most = std::max(first, last); // monotone over the stages
    double hi = evenSplitBytes(unitBytes, fixed, most, m_units.size(), p);
    if (hi <= capacity)
        return 0;
    if (m_units.size() >= 2
        && orderedPlacementFits(runs, unitBytes, m_unitClass, m_classUnits, m_units.size(), fixed, capacity, p))
        return 0;
    flights.resize(std::size_t(p));
    for (int k = 0; k < p; ++k)
        flights[std::size_t(k)] = this->inFlight(c, k, m);
    double lo = 0;
    if (greedyPlacesAll(capacity, lo, hi, flights, unitBytes, m_classRuns, fixed, p))
        return 0;
    // Bisected to 1/1024 of the floor (each step moves lo up to the greedy's next change or hi down to a fullest
    // stage it placed), at most 64 steps: the floor is lo, the greatest limit known to leave units over.
    for (int step = 0; step < 64 && hi > lo * (1.0 + 1.0 / 1024); ++step) {
        double next = 0;
        const double mid = lo + (hi - lo) / 2;
        if (!greedyPlacesAll(mid, next, hi, flights, unitBytes, m_classRuns, fixed, p))
            lo = std::min(hi, std::max(mid, next));
    }
    return kFloorSlack * lo;
}

bool PlanEvaluator::rejectBeforePlacing(const ParallelConfig& c, PlanSummary& s, EvaluationContext& context) const
{
    s = PlanSummary {};
    s.config = c;
    s.capacityBytes = usableBytes();
    s.infeasibleReason = InfeasibleReason(structuralProblem(c));
    if (!s.infeasibleReason.empty())
        return true;
    double bound = 0;
    s.infeasibleReason = memoryLowerBoundProblem(c, bound, context);
    if (!s.infeasibleReason.empty()) {
        s.peakMemoryBytes = bound; // at least this much: orders it among the plans that do not fit
        return true;
    }
    return false;
}

PlanEvaluator::StepFloor PlanEvaluator::stepFloorBeforePlacement(const ParallelConfig& c, EvaluationContext& context) const
{
    // Every stage runs m micro-batches one after another, so the pipeline takes at least m x the slowest stage's
    // micro-batch time, which is at least the average stage's (the stages share the units' time; the pipeline
    // sends and the stage-dependent pairing of the all-to-all overlap at their least). 1F1B and GPipe take
    // exactly (m - 1) tMax + sum of stage times (pipelineSeconds), at least (m + p - 1) x the average. The other
    // schedules also wait for their fill and drain, which the average alone misses (a zero-bubble plan of one
    // micro-batch over 128 stages runs its stages one after another, 128 x the average): see pipelineFloorPath.
    // The step adds the exposed DP traffic (>= 0) and the optimizer step of the stage where their sum is largest,
    // at least the largest optimizer step, at least the average stage's (linear in its parameters).
    const TrainingSpec& tr = m_problem.training;
    const int p = c.pp;
    const int m = int(tr.globalBatch / (std::int64_t(c.dp) * c.microBatch));
    const std::vector<UnitCost>& classCosts = costClasses(c, context);
    const bool split = isZeroBubble(c.schedule);
    double perMicro = 0, path = 0, params = 0, routed = 0;
    for (std::size_t cls = 0; cls < classCosts.size(); ++cls) {
        const UnitCost& uc = classCosts[cls];
        const double n = m_classUnits[cls];
        const double unit = UnitNeeds::leastMicroBatchSeconds(uc); // the all-to-all's pairing at its cheaper end
        perMicro += n * unit;
        // A stage's forward and input-gradient passes (the weight gradient, a pass of its own in the zero-bubble
        // schedules, at most the units' weightGradSeconds: stagePassSeconds clamps it to the backward).
        path += n * (split ? unit - uc.weightGradSeconds : unit);
        params += n * uc.params;
        routed += n * uc.routedExpertParams;
    }
    const bool closedForm = !split && !isInterleaved(c.schedule);
    StepFloor f;
    f.pipeline = kFloorSlack
        * (closedForm ? (double(m) - 1.0 + p) * (perMicro / p)
                      : std::max(double(m) * (perMicro / p), pipelineFloorPath(std::max(0.0, path), p, m, !isInterleaved(c.schedule))));
    const double stageParams = params / p, stageRouted = routed / p;
    const double local = UnitNeeds(tr, c).localShare(stageParams, stageRouted);
    f.optimizer = kFloorSlack
        * KernelModel(m_problem.cluster.gpu, tr.precision).memoryBoundSeconds(optimizerStepBytes(local, tr));
    return f;
}

} // namespace shardscope
