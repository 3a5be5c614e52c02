// SPDX-License-Identifier: GPL-3.0-or-later
// The zero-bubble orders follow torch.distributed.pipelining (pytorch/pytorch
// torch/distributed/pipelining/schedules.py at 00722e648b74: _get_1f1b_rank_ops with enable_zero_bubble for
// ScheduleInterleavedZeroBubble, whose one-chunk case is ZB-H1, and
// ScheduleZBVZeroBubble._calculate_single_rank_operations); interleaved 1F1B follows Megatron-LM.
#include "cost/schedule_orders.h"

#include <algorithm>
#include <cstddef>

namespace shardscope::schedule_detail {

namespace {

// Megatron-LM's interleaved 1F1B (forward_backward_pipelining_with_interleaving): the k-th forward of a
// stage is micro-batch (k / (p v)) p + k % p of chunk (k / p) % v; the k-th backward the same micro-batch
// of chunk v - 1 - (k / p) % v.
void interleavedOrder(std::vector<Op>& ops, int stage, int p, int m, int v)
{
    const int total = m * v;
    const auto forwardOp = [&](int k) { return Op { (k / (p * v)) * p + k % p, (k / p) % v, PassKind::Forward }; };
    const auto backwardOp = [&](int k) { return Op { (k / (p * v)) * p + k % p, v - 1 - (k / p) % v, PassKind::Backward }; };
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
}

// torch's _get_1f1b_rank_ops with enable_zero_bubble (ScheduleInterleavedZeroBubble; v = 1 is ZB-H1):
// (v - 1) x round + p - s - 1 warm-up forwards, then a forward and an input gradient per step, each step
// from the (s + 1)-th on followed by the oldest weight gradient still owed; the remaining input gradients
// each with a weight gradient, then the rest of the weight gradients. Chunks advance every `round`
// passes (torch's microbatches_per_round), micro-batches in order within each chunk.
void zeroBubbleOrder(std::vector<Op>& ops, int stage, int p, int m, int v, int round)
{
    const int total = m * v;
    const int warmup = std::min((v - 1) * round + (p - 1 - stage), total);
    const auto forwardChunk = [&](int k) { return (k / round) % v; };
    const auto backwardChunk = [&](int k) { return v - 1 - ((k - warmup) / round) % v; };
    std::vector<int> forwardCount(std::size_t(v), 0), backwardCount(std::size_t(v), 0);
    std::vector<Op> owed; // input gradients whose weight gradient has not run, oldest first
    owed.reserve(std::size_t(total));
    std::size_t paid = 0;
    const auto forward = [&](int k) {
        const int c = forwardChunk(k);
        ops.push_back({ forwardCount[std::size_t(c)]++, c, PassKind::Forward });
    };
    const auto backward = [&](int k) {
        const int c = backwardChunk(k);
        ops.push_back({ backwardCount[std::size_t(c)]++, c, PassKind::Backward });
        owed.push_back({ ops.back().microBatch, c, PassKind::WeightGrad });
        if (k - warmup >= stage)
            ops.push_back(owed[paid++]);
    };
    for (int k = 0; k < warmup; ++k)
        forward(k);
    for (int k = warmup; k < total; ++k) {
        forward(k);
        backward(k);
    }
    for (int k = total; k < total + warmup; ++k)
        backward(k);
    while (paid < owed.size())
        ops.push_back(owed[paid++]);
}

// torch's ScheduleZBVZeroBubble on rank `stage`: chunk 0 is virtual stage s, chunk 1 virtual stage
// 2p - 1 - s. Built for max(2p - 1, m) micro-batches; passes of the ones beyond m are dropped, as torch does.
void zbvOrder(std::vector<Op>& ops, int stage, int p, int m)
{
    const int n = std::max(2 * p - 1, m);
    const std::size_t first = ops.size();
    int f0 = 0, f1 = 0, b0 = 0, b1 = 0;
    const auto push = [&](int mb, int chunk, PassKind k) { ops.push_back({ mb, chunk, k }); };
    for (int i = 0; i < 2 * (p - stage) - 1; ++i)
        push(f0++, 0, PassKind::Forward);
    for (int i = 0; i < stage; ++i) {
        push(f1++, 1, PassKind::Forward);
        push(f0++, 0, PassKind::Forward);
    }
    for (int i = 0; i < p - stage; ++i) {
        push(f1++, 1, PassKind::Forward);
        push(b1, 1, PassKind::Backward);
        push(b1++, 1, PassKind::WeightGrad);
    }
    while (f1 < f0 || f0 < n) {
        if (f0 < n)
            push(f0++, 0, PassKind::Forward);
        push(b0, 0, PassKind::Backward);
        push(b0++, 0, PassKind::WeightGrad);
        push(f1++, 1, PassKind::Forward);
        push(b1, 1, PassKind::Backward);
        push(b1++, 1, PassKind::WeightGrad);
    }
    int w0 = b0, w1 = b1;
    for (int i = 0; i < stage; ++i) {
        push(b0++, 0, PassKind::Backward);
        push(b1++, 1, PassKind::Backward);
    }
    for (int i = 0; i < p - stage; ++i) {
        push(b0++, 0, PassKind::Backward);
        push(w0++, 0, PassKind::WeightGrad);
    }
    while (w1 < b1)
        push(w1++, 1, PassKind::WeightGrad);
    while (w0 < b0)
        push(w0++, 0, PassKind::WeightGrad);
    ops.erase(std::remove_if(ops.begin() + std::ptrdiff_t(first), ops.end(), [&](const Op& o) { return o.microBatch >= m; }),
              ops.end());
}

} // namespace

void appendStageOrder(std::vector<Op>& ops, Schedule schedule, int stage, int p, int m, int v)
{
    switch (schedule) {
    case Schedule::GPipe:
        for (int i = 0; i < m; ++i)
            ops.push_back({ i, 0, PassKind::Forward });
        for (int i = 0; i < m; ++i)
            ops.push_back({ i, 0, PassKind::Backward });
        return;
    case Schedule::OneFOneB: {
        const int warmup = std::min(p - stage - 1, m);
        int f = 0;
        int b = 0;
        for (; f < warmup; ++f)
            ops.push_back({ f, 0, PassKind::Forward });
        while (b < m) {
            if (f < m)
                ops.push_back({ f++, 0, PassKind::Forward });
            ops.push_back({ b++, 0, PassKind::Backward });
        }
        return;
    }
    case Schedule::Interleaved1F1B: interleavedOrder(ops, stage, p, m, v); return;
    case Schedule::ZeroBubbleH1: zeroBubbleOrder(ops, stage, p, m, 1, m); return;
    case Schedule::InterleavedZeroBubble: {
        const int rounds = std::max(1, m / p);
        zeroBubbleOrder(ops, stage, p, m, v, m / rounds);
        return;
    }
    case Schedule::ZeroBubbleV: zbvOrder(ops, stage, p, m); return;
    }
}

} // namespace shardscope::schedule_detail
