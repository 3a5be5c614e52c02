// SPDX-License-Identifier: GPL-3.0-or-later
// The event simulation of the pipeline schedules (their pass orders in schedule_orders.cpp; the papers'
// timings in docs/cost-model.md, "Pipeline schedules").
#include "cost/pipeline_schedule.h"

#include "cost/evaluation_caches.h"
#include "cost/plan_estimate.h"
#include "cost/schedule_orders.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>

namespace shardscope {

namespace {

std::string num(long long v) { return std::to_string(v); }

/// The checked sizes and per-pass durations of one simulation.
struct Problem
{
    Schedule schedule;
    int p = 1, m = 1, v = 1;
    std::vector<double> duration; ///< [(stage x v + chunk) x 3 + pass]
};

Problem prepare(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages)
{
    Problem pr;
    pr.schedule = schedule;
    pr.p = int(stages.size());
    pr.m = microBatches;
    pr.v = chunks;
    if (pr.p < 1 || pr.p > 4096 || pr.m > 100000 || pr.v > 64)
        throw std::invalid_argument("simulatePipeline: stages, micro-batches or chunks out of range");
    if (const std::string problem = scheduleProblem(schedule, pr.p, pr.v, pr.m); !problem.empty())
        throw std::invalid_argument("simulatePipeline: " + problem);
    const bool split = isZeroBubble(schedule);
    pr.duration.assign(std::size_t(pr.p) * std::size_t(pr.v) * 3, 0.0);
    for (int s = 0; s < pr.p; ++s) {
        const StagePassSeconds& st = stages[std::size_t(s)];
        if (!(st.forwardSeconds >= 0 && st.backwardSeconds >= 0 && st.weightGradSeconds >= 0)
            || st.weightGradSeconds > st.backwardSeconds * (1 + 1e-12))
            throw std::invalid_argument("simulatePipeline: stage " + num(s)
                                        + " needs times >= 0 and a weight gradient within its backward");
        if (!st.chunkShares.empty() && int(st.chunkShares.size()) != pr.v)
            throw std::invalid_argument("simulatePipeline: stage " + num(s) + " has " + num(long(st.chunkShares.size()))
                                        + " chunk shares for " + num(pr.v) + " chunks");
        const double weightGrad = split ? std::min(st.weightGradSeconds, st.backwardSeconds) : 0.0;
        for (int c = 0; c < pr.v; ++c) {
            const double share = st.chunkShares.empty() ? 1.0 / pr.v : st.chunkShares[std::size_t(c)];
            if (!(share >= 0))
                throw std::invalid_argument("simulatePipeline: stage " + num(s) + " has a negative chunk share");
            double* d = &pr.duration[(std::size_t(s) * std::size_t(pr.v) + std::size_t(c)) * 3];
            d[int(PassKind::Forward)] = st.forwardSeconds * share;
            d[int(PassKind::Backward)] = (st.backwardSeconds - weightGrad) * share;
            d[int(PassKind::WeightGrad)] = weightGrad * share;
        }
    }
    return pr;
}

struct Outcome
{
    double makespan = 0;
    double busySeconds = 0;
};

using schedule_detail::Op;
using evaluation_detail::Program;
using evaluation_detail::ProgramCache;
using evaluation_detail::ProgramKey;
using evaluation_detail::Step;

/// Orders every stage's passes by their dependencies, the stages woken as their inputs complete (linear in
/// the passes). Throws std::logic_error when the orders deadlock, an ordering bug, never input.
Program compile(Schedule schedule, int p, int m, int v)
{
    const int virtualStages = p * v;
    std::vector<Op> ops;
    ops.reserve(std::size_t(p) * std::size_t(m) * std::size_t(v) * 3);
    std::vector<std::size_t> begin(std::size_t(p) + 1, 0);
    for (int s = 0; s < p; ++s) {
        schedule_detail::appendStageOrder(ops, schedule, s, p, m, v);
        begin[std::size_t(s) + 1] = ops.size();
    }
    std::vector<int> virtualOf(std::size_t(p) * std::size_t(v), 0), stageOf(std::size_t(virtualStages), 0);
    for (int s = 0; s < p; ++s)
        for (int c = 0; c < v; ++c) {
            const int vs = virtualStageOf(schedule, p, s, c);
            virtualOf[std::size_t(s) * std::size_t(v) + std::size_t(c)] = vs;
            stageOf[std::size_t(vs)] = s;
        }
    const std::size_t half = std::size_t(virtualStages) * std::size_t(m);
    const auto forwardAt = [m](int vs, int mb) { return std::int32_t(std::size_t(vs) * std::size_t(m) + std::size_t(mb)); };
    const auto backwardAt = [&](int vs, int mb) { return std::int32_t(half + std::size_t(forwardAt(vs, mb))); };
    std::vector<char> done(2 * half, 0);

    Program pr { schedule, p, m, v, {}, 2 * half };
    pr.steps.reserve(ops.size());
    std::vector<std::size_t> next(begin.begin(), begin.end() - 1);
    // Stages to try, each at most once in the ring.
    std::vector<int> ring(std::size_t(p), 0);
    std::vector<char> queued(std::size_t(p), 1);
    for (int s = 0; s < p; ++s)
        ring[std::size_t(s)] = s;
    std::size_t head = 0, count = std::size_t(p);
    const auto wake = [&](int s) {
        if (!queued[std::size_t(s)]) {
            queued[std::size_t(s)] = 1;
            ring[(head + count++) % std::size_t(p)] = s;
        }
    };
    while (count > 0) {
        const int s = ring[head];
        head = (head + 1) % std::size_t(p);
        --count;
        queued[std::size_t(s)] = 0;
        for (std::size_t& i = next[std::size_t(s)]; i < begin[std::size_t(s) + 1]; ++i) {
            const Op& op = ops[i];
            const std::size_t slot = std::size_t(s) * std::size_t(v) + std::size_t(op.chunk);
            const int vs = virtualOf[slot];
            Step st { -1, -1, std::int32_t(slot * 3 + std::size_t(op.pass)), std::uint16_t(s), std::uint8_t(op.chunk),
                      std::uint8_t(op.pass) };
            bool hop = false;
            // A hop wherever the input comes from another stage (not at the bottom of ZBV's V).
            if (op.pass == PassKind::Forward) {
                if (vs > 0) {
                    st.input = forwardAt(vs - 1, op.microBatch);
                    hop = stageOf[std::size_t(vs) - 1] != s;
                }
                st.output = forwardAt(vs, op.microBatch);
            } else if (op.pass == PassKind::Backward) {
                const bool last = vs == virtualStages - 1;
                st.input = last ? forwardAt(vs, op.microBatch) : backwardAt(vs + 1, op.microBatch);
                hop = !last && stageOf[std::size_t(vs) + 1] != s;
                st.output = backwardAt(vs, op.microBatch);
            } else {
                st.input = backwardAt(vs, op.microBatch);
            }
            if (hop)
                st.passAndHop |= 0x80;
            if (st.input >= 0 && !done[std::size_t(st.input)])
                break;
            pr.steps.push_back(st);
            if (st.output < 0)
                continue;
            done[std::size_t(st.output)] = 1;
            if (op.pass == PassKind::Forward && vs + 1 < virtualStages)
                wake(stageOf[std::size_t(vs) + 1]);
            else if (op.pass == PassKind::Backward && vs > 0)
                wake(stageOf[std::size_t(vs) - 1]);
        }
    }
    if (pr.steps.size() != ops.size())
        throw std::logic_error("simulatePipeline: the schedule deadlocked");
    return pr;
}

/// The compiled order of `schedule` over p stages, m micro-batches and v chunks: `cache`'s (ProgramCache says which
/// it keeps), or compiled now and kept there. The reference holds until the cache's next use.
const Program& programFor(ProgramCache& cache, Schedule schedule, int p, int m, int v)
{
    constexpr std::size_t kKept = ProgramCache::kKept;
    std::vector<Program>& kept = cache.kept;
    std::vector<std::uint64_t>& lastUse = cache.lastUse;
    const ProgramKey key { schedule, p, m, v };
    if (const auto it = cache.slotOf.find(key); it != cache.slotOf.end()) {
        lastUse[it->second] = ++cache.clock;
        return kept[it->second];
    }
    const std::size_t passes = std::size_t(p) * std::size_t(m) * std::size_t(v) * 3;
    if (passes > ProgramCache::kStepBudget / 2) {
        kept[kKept] = compile(schedule, p, m, v);
        return kept[kKept];
    }
    std::size_t oldest = 0;
    for (std::size_t i = 0; i < kKept; ++i)
        if (lastUse[i] < lastUse[oldest])
            oldest = i;
    auto drop = [&](std::size_t i) {
        if (kept[i].p > 0)
            cache.slotOf.erase(kept[i].key());
        cache.keptSteps -= kept[i].steps.size();
        kept[i] = Program {};
        lastUse[i] = 0;
    };
    drop(oldest);
    while (cache.keptSteps + passes > ProgramCache::kStepBudget) {
        std::size_t next = kKept;
        for (std::size_t i = 0; i < kKept; ++i)
            if (kept[i].p > 0 && (next == kKept || lastUse[i] < lastUse[next]))
                next = i;
        if (next == kKept)
            break;
        drop(next);
    }
    kept[oldest] = compile(schedule, p, m, v);
    cache.keptSteps += kept[oldest].steps.size();
    lastUse[oldest] = ++cache.clock;
    cache.slotOf[key] = oldest;
    return kept[oldest];
}

/// Runs the passes as early as their stage and inputs allow. `onPass(step, start, end)` sees each pass as it
/// is placed, stage by stage in that stage's order.
template <typename OnPass>
Outcome run(ProgramCache& cache, const Problem& pr, double hopSeconds, OnPass&& onPass)
{
    const Program& program = programFor(cache, pr.schedule, pr.p, pr.m, pr.v);
    std::vector<double>& done = cache.done;
    std::vector<double>& free = cache.free;
    std::vector<double>& busy = cache.busy;
    done.assign(program.doneSize, 0.0);
    free.assign(std::size_t(pr.p), 0.0);
    busy.assign(std::size_t(pr.p), 0.0);
    for (const Step& st : program.steps) {
        const double ready = st.input < 0 ? 0.0 : done[std::size_t(st.input)] + (st.hop() ? hopSeconds : 0.0);
        const double duration = pr.duration[std::size_t(st.duration)];
        const double start = std::max(free[std::size_t(st.stage)], ready);
        const double end = start + duration;
        if (st.output >= 0)
            done[std::size_t(st.output)] = end;
        free[std::size_t(st.stage)] = end;
        busy[std::size_t(st.stage)] += duration;
        onPass(st, start, end);
    }
    Outcome out;
    for (int s = 0; s < pr.p; ++s) {
        out.makespan = std::max(out.makespan, free[std::size_t(s)]);
        out.busySeconds = std::max(out.busySeconds, busy[std::size_t(s)]);
    }
    return out;
}

} // namespace

std::string scheduleProblem(Schedule schedule, int pp, int vpp, int microBatches)
{
    if (pp < 1 || vpp < 1 || microBatches < 1)
        return "pipeline stages, model chunks per stage (vpp) and micro-batches must be at least 1";
    const std::string name(toString(schedule));
    if (isZeroBubble(schedule) && pp < 2)
        return "the " + name + " schedule needs PP >= 2 (zero-bubble schedules move weight gradients between stages' "
                               "passes; without pipeline parallelism there is no bubble to fill)";
    switch (schedule) {
    case Schedule::GPipe:
    case Schedule::OneFOneB:
    case Schedule::ZeroBubbleH1:
        if (vpp != 1)
            return "virtual pipeline stages (vpp " + num(vpp) + ") need the interleaved schedule or a zero-bubble one "
                   "with chunks (interleaved-zb, zbv); the " + name + " schedule runs one model chunk per stage";
        return {};
    case Schedule::Interleaved1F1B:
        // Megatron-LM: get_forward_backward_func picks the interleaved schedule for vpp > 1 with PP > 1, and
        // its schedule asserts "number of microbatches is not divisible by pipeline-parallel size".
        if (pp < 2)
            return "the interleaved schedule needs PP >= 2";
        if (vpp < 2)
            return "the interleaved schedule needs at least 2 model chunks per device (vpp)";
        if (microBatches % pp != 0)
            return "the interleaved schedule needs the number of micro-batches (" + num(microBatches)
                + ") divisible by PP " + num(pp) + " (Megatron-LM requires it)";
        return {};
    case Schedule::InterleavedZeroBubble: {
        if (vpp < 2)
            return "the interleaved-zb schedule needs at least 2 model chunks per device (vpp)";
        // torch ScheduleInterleavedZeroBubble: rounds = max(1, m // pp), "Zero bubble requires the number of
        // microbatches to be a multiple of the number of rounds".
        const int rounds = std::max(1, microBatches / pp);
        if (microBatches % rounds != 0)
            return "the interleaved-zb schedule needs the number of micro-batches (" + num(microBatches)
                + ") divisible by its rounds, max(1, micro-batches / PP) = " + num(rounds)
                + " (torch.distributed.pipelining requires it)";
        return {};
    }
    case Schedule::ZeroBubbleV:
        if (vpp != 2)
            return "the zbv schedule needs exactly 2 model chunks per device (vpp 2), placed in a V; got vpp " + num(vpp);
        return {};
    }
    return {};
}

int virtualStageOf(Schedule schedule, int pp, int stage, int chunk)
{
    if (schedule == Schedule::ZeroBubbleV)
        return chunk == 0 ? stage : 2 * pp - 1 - stage;
    return chunk * pp + stage;
}

std::pair<int, int> stageAndChunkOf(Schedule schedule, int pp, int virtualStage)
{
    if (schedule == Schedule::ZeroBubbleV)
        return virtualStage < pp ? std::pair { virtualStage, 0 } : std::pair { 2 * pp - 1 - virtualStage, 1 };
    return { virtualStage % pp, virtualStage / pp };
}

PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages,
                                  double hopSeconds)
{
    const Problem pr = prepare(schedule, microBatches, chunks, stages);
    PipelineTimeline t;
    t.schedule = schedule;
    t.stages = pr.p;
    t.microBatches = pr.m;
    t.chunks = pr.v;
    t.passes.reserve(std::size_t(pr.p) * std::size_t(pr.m) * std::size_t(pr.v) * (isZeroBubble(schedule) ? 3 : 2));
    EvaluationCaches& caches = EvaluationContext::forThisThread().caches();
    const Outcome o = run(caches.programs, pr, hopSeconds, [&](const Step& st, double start, double end) {
        t.passes.push_back({ st.stage, st.microBatch(pr.m), st.chunk, st.pass(), start, end });
    });
    t.makespan = o.makespan;
    t.busySeconds = o.busySeconds;
    return t;
}

PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<double>& forwardSeconds,
                                  const std::vector<double>& backwardSeconds, double hopSeconds)
{
    if (backwardSeconds.size() != forwardSeconds.size())
        throw std::invalid_argument("simulatePipeline: one forward and one backward time per stage");
    std::vector<StagePassSeconds> stages(forwardSeconds.size());
    for (std::size_t s = 0; s < stages.size(); ++s) {
        stages[s].forwardSeconds = forwardSeconds[s];
        stages[s].backwardSeconds = backwardSeconds[s];
    }
    return simulatePipeline(schedule, microBatches, chunks, stages, hopSeconds);
}

double simulatedMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages)
{
    return simulatedMakespan(schedule, microBatches, chunks, stages, EvaluationContext::forThisThread());
}

double simulatedMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& stages,
                         EvaluationContext& context)
{
    return run(context.caches().programs, prepare(schedule, microBatches, chunks, stages), 0.0,
               [](const Step&, double, double) {}).makespan;
}

void stagePassSeconds(const std::vector<StageEstimate>& stages, int chunks, std::vector<StagePassSeconds>& out)
{
    out.resize(stages.size());
    for (std::size_t k = 0; k < stages.size(); ++k) {
        const StageEstimate& s = stages[k];
        StagePassSeconds& st = out[k];
        st.forwardSeconds = s.forwardSeconds;
        st.backwardSeconds = std::max(0.0, s.microBatchSeconds() - s.forwardSeconds);
        st.weightGradSeconds = std::clamp(s.weightGradSeconds, 0.0, st.backwardSeconds);
        if (chunks > 1 && int(s.chunkShares.size()) == chunks)
            st.chunkShares.assign(s.chunkShares.begin(), s.chunkShares.end());
        else
            st.chunkShares.clear();
    }
}

std::vector<StagePassSeconds> stagePassSeconds(const std::vector<StageEstimate>& stages, int chunks)
{
    std::vector<StagePassSeconds> out;
    stagePassSeconds(stages, chunks, out);
    return out;
}

PipelineTimeline planTimeline(const PlanEstimate& plan)
{
    if (plan.stages.empty() || plan.numMicroBatches < 1)
        throw std::invalid_argument("planTimeline: the plan was rejected before its stages were estimated");
    const int chunks = isInterleaved(plan.config.schedule) ? plan.config.vpp : 1;
    return simulatePipeline(plan.config.schedule, plan.numMicroBatches, chunks, stagePassSeconds(plan.stages, chunks));
}

} // namespace shardscope
