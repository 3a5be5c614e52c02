// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/pipeline_schedule.h"

#include "cost/plan_estimate.h"

#include <algorithm>
#include <stdexcept>

namespace shardscope {

namespace {

struct Op
{
    int microBatch;
    int chunk;
    bool forward;
};

// The order one stage runs its passes in.
std::vector<Op> stageOrder(Schedule schedule, int stage, int p, int m, int v)
{
    std::vector<Op> ops;
    if (schedule == Schedule::GPipe) {
        for (int i = 0; i < m; ++i)
            ops.push_back({ i, 0, true });
        for (int i = 0; i < m; ++i)
            ops.push_back({ i, 0, false });
        return ops;
    }
    if (schedule == Schedule::OneFOneB) {
        const int warmup = std::min(p - stage - 1, m);
        int f = 0;
        int b = 0;
        for (; f < warmup; ++f)
            ops.push_back({ f, 0, true });
        while (b < m) {
            if (f < m)
                ops.push_back({ f++, 0, true });
            ops.push_back({ b++, 0, false });
        }
        return ops;
    }
    // Interleaved 1F1B, as Megatron-LM's forward_backward_pipelining_with_interleaving orders it:
    // the k-th forward of a stage is micro-batch (k / (p v)) p + k % p of chunk (k / p) % v; the
    // k-th backward the same micro-batch of chunk v - 1 - (k / p) % v.
    const int total = m * v;
    const auto forwardOp = [&](int k) { return Op { (k / (p * v)) * p + k % p, (k / p) % v, true }; };
    const auto backwardOp = [&](int k) { return Op { (k / (p * v)) * p + k % p, v - 1 - (k / p) % v, false }; };
    const int warmup = std::min((p - stage - 1) * 2 + (v - 1) * p, total);
    int f = 0;
    int b = 0;
    for (; f < warmup; ++f)
        ops.push_back(forwardOp(f));
    while (b < total) {
        if (f < total)
            ops.push_back(forwardOp(f++));
        ops.push_back(backwardOp(b++));
    }
    return ops;
}

} // namespace

PipelineTimeline simulatePipeline(Schedule schedule, int microBatches, int chunks, const std::vector<double>& forwardSeconds,
                                  const std::vector<double>& backwardSeconds, double hopSeconds)
{
    const int p = static_cast<int>(forwardSeconds.size());
    const int m = microBatches;
    const int v = schedule == Schedule::Interleaved1F1B ? chunks : 1;
    if (p < 1 || backwardSeconds.size() != forwardSeconds.size())
        throw std::invalid_argument("simulatePipeline: one forward and one backward time per stage");
    if (m < 1 || m > 100000 || v < 1 || v > 64 || p > 4096)
        throw std::invalid_argument("simulatePipeline: micro-batches, chunks or stages out of range");
    if (schedule == Schedule::Interleaved1F1B && m % p != 0)
        throw std::invalid_argument("simulatePipeline: interleaved 1F1B needs micro-batches divisible by stages");

    // Done times, indexed by (virtual stage, micro-batch); a virtual stage is chunk * p + stage.
    const int virtualStages = p * v;
    const auto at = [&](int virtualStage, int microBatch) { return std::size_t(virtualStage) * std::size_t(m) + std::size_t(microBatch); };
    std::vector<double> forwardDone(std::size_t(virtualStages) * std::size_t(m), -1);
    std::vector<double> backwardDone(forwardDone.size(), -1);

    std::vector<std::vector<Op>> orders;
    for (int s = 0; s < p; ++s)
        orders.push_back(stageOrder(schedule, s, p, m, v));
    std::vector<std::size_t> next(std::size_t(p), 0);
    std::vector<double> free(std::size_t(p), 0);

    PipelineTimeline t;
    t.schedule = schedule;
    t.stages = p;
    t.microBatches = m;
    t.chunks = v;
    std::vector<double> busy(std::size_t(p), 0);
    std::size_t remaining = 0;
    for (const auto& o : orders)
        remaining += o.size();
    t.passes.reserve(remaining);
    while (remaining > 0) {
        bool progressed = false;
        for (int s = 0; s < p; ++s) {
            // Run this stage's passes while their inputs are ready.
            while (next[std::size_t(s)] < orders[std::size_t(s)].size()) {
                const Op& op = orders[std::size_t(s)][next[std::size_t(s)]];
                const int vs = op.chunk * p + s;
                double ready = 0;
                if (op.forward) {
                    if (vs > 0) {
                        const double input = forwardDone[at(vs - 1, op.microBatch)];
                        if (input < 0)
                            break;
                        ready = input + hopSeconds;
                    }
                } else if (vs == virtualStages - 1) {
                    ready = forwardDone[at(vs, op.microBatch)];
                    if (ready < 0)
                        break;
                } else {
                    const double input = backwardDone[at(vs + 1, op.microBatch)];
                    if (input < 0)
                        break;
                    ready = input + hopSeconds;
                }
                const double duration = (op.forward ? forwardSeconds : backwardSeconds)[std::size_t(s)] / v;
                const double start = std::max(free[std::size_t(s)], ready);
                const double end = start + duration;
                (op.forward ? forwardDone : backwardDone)[at(vs, op.microBatch)] = end;
                free[std::size_t(s)] = end;
                busy[std::size_t(s)] += duration;
                t.passes.push_back({ s, op.microBatch, op.chunk, op.forward, start, end });
                ++next[std::size_t(s)];
                --remaining;
                progressed = true;
            }
        }
        if (!progressed)
            throw std::logic_error("simulatePipeline: the schedule deadlocked"); // an ordering bug, never input
    }
    for (int s = 0; s < p; ++s) {
        t.makespan = std::max(t.makespan, free[std::size_t(s)]);
        t.busySeconds = std::max(t.busySeconds, busy[std::size_t(s)]);
    }
    return t;
}

PipelineTimeline planTimeline(const PlanEstimate& plan)
{
    if (plan.stages.empty() || plan.numMicroBatches < 1)
        throw std::invalid_argument("planTimeline: the plan was rejected before its stages were estimated");
    std::vector<double> forward, backward;
    forward.reserve(plan.stages.size());
    backward.reserve(plan.stages.size());
    for (const StageEstimate& s : plan.stages) {
        // The evaluator's forward share (kernels, TP and half the PP communication); the rest is backward.
        forward.push_back(s.forwardSeconds);
        backward.push_back(s.microBatchSeconds() - s.forwardSeconds);
    }
    const int chunks = plan.config.schedule == Schedule::Interleaved1F1B ? plan.config.vpp : 1;
    return simulatePipeline(plan.config.schedule, plan.numMicroBatches, chunks, forward, backward);
}

} // namespace shardscope
