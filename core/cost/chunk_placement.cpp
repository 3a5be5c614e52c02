// SPDX-License-Identifier: GPL-3.0-or-later
// Interleaved schedules: which blocks each model chunk holds (PlanEvaluator::placeChunks).
#include "cost/plan_evaluator.h"

#include "cost/memory_model.h"
#include "cost/pipeline_schedule.h"
#include "cost/stage_partitioner.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

namespace shardscope {

void PlanEvaluator::placeChunks(const std::vector<PartitionItem>& items, const ParallelConfig& c,
                                const std::vector<double>& stageInFlight, double fixedBytes, double capacityBytes,
                                std::vector<std::pair<int, int>>& chunks) const
{
    const int p = c.pp;
    const int v = c.vpp;
    const int blocks = m_blockUnits;
    // The blocks' average cost (exact for a model of identical blocks, the common case) and what the first and
    // last stage carry besides blocks: the embedding side before the first block, output head and loss after
    // the last.
    PartitionItem block, before, after;
    for (int u = 0; u < int(items.size()); ++u) {
        PartitionItem& to = u < m_firstBlockUnit ? before : u > m_lastBlockUnit ? after : block;
        to.seconds += items[std::size_t(u)].seconds;
        to.staticBytes += items[std::size_t(u)].staticBytes;
        to.activationBytes += items[std::size_t(u)].activationBytes;
    }
    block.seconds /= blocks;
    block.staticBytes /= blocks;
    block.activationBytes /= blocks;

    // Blocks per stage: each block goes where the stage's time grows least (with identical blocks this
    // minimises the slowest stage), within what the stage's memory holds; ties go to middle stages, so the
    // stages holding the embedding and the loss get the fewer blocks (Llama 3's layout: "Sec. 3.3.2: one
    // fewer layer on the first and the last stage").
    // The embedding is on virtual stage 0; the head and loss on the last one: stage p - 1 in the loop
    // placement, stage 0 again in ZBV's V.
    const auto [headStage, headChunk] = stageAndChunkOf(c.schedule, p, p * v - 1);
    // Reused per thread (the search places a candidate's chunks tens of thousands of times).
    constexpr std::size_t kUncapped = 32;
    struct Scratch
    {
        std::vector<double> start, load;
        std::vector<int> count, cap, chunkBlocks;
        std::vector<std::pair<double, int>> queue;
        // The last kUncapped placements without memory caps, by what they depend on: where every stage's count
        // stays within its cap, the capped placement is the same (a stage leaves the queue at its cap, and in the
        // uncapped run it is never chosen again there), so the ZeRO variants of one configuration share it, and
        // its schedules and chunk counts with a few kernel variants between them.
        struct Key
        {
            int p = 0, head = -1, blocks = -1;
            double blockSeconds = 0, beforeSeconds = 0, afterSeconds = 0;
            bool operator==(const Key&) const = default;
        };
        std::array<Key, kUncapped> uncappedFor;
        std::array<std::vector<int>, kUncapped> uncapped;
        std::size_t next = 0;
    };
    thread_local Scratch scratch;
    std::vector<double>& start = scratch.start;
    std::vector<int>& cap = scratch.cap;
    start.assign(std::size_t(p), 0.0);
    cap.assign(std::size_t(p), blocks);
    long long room = 0;
    for (int k = 0; k < p; ++k) {
        const double inFlight = stageInFlight[std::size_t(k)];
        double extraStatic = 0, extraAct = 0;
        for (const PartitionItem* x : { k == 0 ? &before : nullptr, k == headStage ? &after : nullptr })
            if (x) {
                start[std::size_t(k)] += x->seconds;
                extraStatic += x->staticBytes;
                extraAct += x->activationBytes;
            }
        const double perBlock = block.staticBytes + inFlight * block.activationBytes;
        const double free = capacityBytes - fixedBytes - extraStatic - inFlight * extraAct;
        if (perBlock > 0)
            cap[std::size_t(k)] = int(std::clamp(std::floor(free / perBlock), 0.0, double(blocks)));
        room += cap[std::size_t(k)];
    }
    if (room < blocks) // does not fit anyhow: balance time, and the memory check reports the overflow
        std::fill(cap.begin(), cap.end(), blocks);
    auto middle = [&, headStage = headStage](int k) { return k != 0 && k != headStage; };
    using Slot = std::pair<double, int>; // (load after one more block, tie order)
    std::vector<double>& load = scratch.load;
    auto key = [&](int k) { return Slot { load[std::size_t(k)] + block.seconds, (middle(k) ? 0 : p) + k }; };
    // A min-heap of slots (std::priority_queue's operations, on the reused vector).
    std::vector<Slot>& queue = scratch.queue;
    auto push = [&](int k) {
        queue.push_back(key(k));
        std::push_heap(queue.begin(), queue.end(), std::greater<> {});
    };
    // Blocks into `count`, each stage taking at most `limit[k]` (nullptr: no limit).
    auto place = [&](const int* limit, std::vector<int>& count) {
        load = start;
        count.assign(std::size_t(p), 0);
        queue.clear();
        for (int k = 0; k < p; ++k)
            if (!limit || limit[k] > 0)
                push(k);
        for (int placed = 0; placed < blocks && !queue.empty(); ++placed) {
            std::pop_heap(queue.begin(), queue.end(), std::greater<> {});
            const int k = queue.back().second % p;
            queue.pop_back();
            ++count[std::size_t(k)];
            load[std::size_t(k)] += block.seconds;
            if (!limit || count[std::size_t(k)] < limit[k])
                push(k);
        }
    };
    const Scratch::Key uncappedFor { p, headStage, blocks, block.seconds, before.seconds, after.seconds };
    const auto memo = std::find(scratch.uncappedFor.begin(), scratch.uncappedFor.end(), uncappedFor);
    std::size_t entry = std::size_t(memo - scratch.uncappedFor.begin());
    if (memo == scratch.uncappedFor.end()) {
        entry = scratch.next++ % kUncapped;
        scratch.uncappedFor[entry] = {}; // until complete
        place(nullptr, scratch.uncapped[entry]);
        scratch.uncappedFor[entry] = uncappedFor;
    }
    const std::vector<int>& uncapped = scratch.uncapped[entry];
    bool withinCaps = true;
    for (int k = 0; k < p && withinCaps; ++k)
        withinCaps = uncapped[std::size_t(k)] <= cap[std::size_t(k)];
    if (!withinCaps)
        place(cap.data(), scratch.count);
    const std::vector<int>& count = withinCaps ? uncapped : scratch.count;

    // Each stage's blocks over its v chunks as evenly as possible; the chunks holding the embedding or the
    // loss get the smaller shares (the others take the extra blocks first).
    std::vector<int>& chunkBlocks = scratch.chunkBlocks;
    chunkBlocks.assign(std::size_t(p) * std::size_t(v), 0);
    for (int k = 0; k < p; ++k) {
        const int base = count[std::size_t(k)] / v;
        int extra = count[std::size_t(k)] % v;
        auto light = [&, headStage = headStage, headChunk = headChunk](int r) {
            return (k == 0 && r == 0) || (k == headStage && r == headChunk);
        };
        // The other chunks first, then the light ones.
        for (const bool lightPass : { false, true })
            for (int r = 0; r < v; ++r)
                if (light(r) == lightPass) {
                    chunkBlocks[std::size_t(virtualStageOf(c.schedule, p, k, r))] = base + (extra > 0 ? 1 : 0);
                    --extra;
                }
    }
    chunks.clear();
    int next = m_firstBlockUnit;
    for (std::size_t j = 0; j < chunkBlocks.size(); ++j) {
        const int first = j == 0 ? 0 : next;
        next += chunkBlocks[j];
        chunks.emplace_back(first, j + 1 == chunkBlocks.size() ? int(m_units.size()) : next);
    }
}

} // namespace shardscope
