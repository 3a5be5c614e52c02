// SPDX-License-Identifier: GPL-3.0-or-later
// Interleaved schedules: which blocks each model chunk holds (PlanEvaluator::placeChunks).
#include "cost/plan_evaluator.h"

#include "cost/evaluation_caches.h"
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

namespace {

using Scratch = evaluation_detail::ChunkPlacementScratch; // the placement's vectors and uncapped placements
constexpr std::size_t kUncapped = Scratch::kUncapped;

// The blocks' average cost (exact for a model of identical blocks, the common case) and what the first and
// last stage carry besides blocks: the embedding side before the first block, output head and loss after
// the last.
void sumItems(const std::vector<PartitionItem>& items, int firstBlockUnit, int lastBlockUnit, int blocks,
              PartitionItem& block, PartitionItem& before, PartitionItem& after)
{
    for (int u = 0; u < int(items.size()); ++u) {
        PartitionItem& to = u < firstBlockUnit ? before : u > lastBlockUnit ? after : block;
        to.seconds += items[std::size_t(u)].seconds;
        to.staticBytes += items[std::size_t(u)].staticBytes;
        to.activationBytes += items[std::size_t(u)].activationBytes;
    }
    block.seconds /= blocks;
    block.staticBytes /= blocks;
    block.activationBytes /= blocks;
}

// Each stage's time before its blocks (`start`) and how many blocks its memory holds (`cap`); all of them
// where the caps together cannot hold every block.
void stageCaps(int p, int blocks, int headStage, const std::vector<double>& stageInFlight,
               const PartitionItem& block, const PartitionItem& before, const PartitionItem& after,
               double fixedBytes, double capacityBytes, std::vector<double>& start, std::vector<int>& cap)
{
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
}

// Blocks into `count`, each stage taking at most `limit[k]` (nullptr: no limit): each block where the stage's
// time grows least, ties to middle stages.
void placeBlocks(int p, int blocks, int headStage, double blockSeconds, const std::vector<double>& start,
                 const int* limit, std::vector<double>& load, std::vector<std::pair<double, int>>& queue,
                 std::vector<int>& count)
{
    auto middle = [&](int k) { return k != 0 && k != headStage; };
    using Slot = std::pair<double, int>; // (load after one more block, tie order)
    auto key = [&](int k) { return Slot { load[std::size_t(k)] + blockSeconds, (middle(k) ? 0 : p) + k }; };
    // A min-heap of slots (std::priority_queue's operations, on the reused vector).
    auto push = [&](int k) {
        queue.push_back(key(k));
        std::push_heap(queue.begin(), queue.end(), std::greater<> {});
    };
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
        load[std::size_t(k)] += blockSeconds;
        if (!limit || count[std::size_t(k)] < limit[k])
            push(k);
    }
}

// Blocks per stage within scratch.cap: the remembered (or new) uncapped placement where it stays within the
// caps, else a capped one in scratch.count.
const std::vector<int>& blocksPerStage(int p, int blocks, int headStage, const PartitionItem& block,
                                       const PartitionItem& before, const PartitionItem& after,
                                       Scratch& scratch)
{
    const evaluation_detail::UncappedPlacementKey uncappedFor { p, headStage, blocks, block.seconds, before.seconds, after.seconds };
    const auto memo = std::find(scratch.uncappedFor.begin(), scratch.uncappedFor.end(), uncappedFor);
    std::size_t entry = std::size_t(memo - scratch.uncappedFor.begin());
    if (memo == scratch.uncappedFor.end()) {
        entry = scratch.next++ % kUncapped;
        scratch.uncappedFor[entry] = {}; // until complete
        placeBlocks(p, blocks, headStage, block.seconds, scratch.start, nullptr, scratch.load, scratch.queue,
                    scratch.uncapped[entry]);
        scratch.uncappedFor[entry] = uncappedFor;
    }
    const std::vector<int>& uncapped = scratch.uncapped[entry];
    bool withinCaps = true;
    for (int k = 0; k < p && withinCaps; ++k)
        withinCaps = uncapped[std::size_t(k)] <= scratch.cap[std::size_t(k)];
    if (!withinCaps)
        placeBlocks(p, blocks, headStage, block.seconds, scratch.start, scratch.cap.data(), scratch.load,
                    scratch.queue, scratch.count);
    return withinCaps ? uncapped : scratch.count;
}

// Each stage's blocks over its v chunks as evenly as possible; the chunks holding the embedding or the
// loss get the smaller shares (the others take the extra blocks first).
void spreadOverChunks(Schedule schedule, int p, int v, int headStage, int headChunk,
                      const std::vector<int>& count, std::vector<int>& chunkBlocks)
{
    chunkBlocks.assign(std::size_t(p) * std::size_t(v), 0);
    for (int k = 0; k < p; ++k) {
        const int base = count[std::size_t(k)] / v;
        int extra = count[std::size_t(k)] % v;
        auto light = [&](int r) { return (k == 0 && r == 0) || (k == headStage && r == headChunk); };
        // The other chunks first, then the light ones.
        for (const bool lightPass : { false, true })
            for (int r = 0; r < v; ++r)
                if (light(r) == lightPass) {
                    chunkBlocks[std::size_t(virtualStageOf(schedule, p, k, r))] = base + (extra > 0 ? 1 : 0);
                    --extra;
                }
    }
}

// Each chunk's unit range: chunk j's blocks in order, the first chunk from unit 0, the last to the end.
void chunkRanges(const std::vector<int>& chunkBlocks, int firstBlockUnit, int units,
                 std::vector<std::pair<int, int>>& chunks)
{
    chunks.clear();
    int next = firstBlockUnit;
    for (std::size_t j = 0; j < chunkBlocks.size(); ++j) {
        const int first = j == 0 ? 0 : next;
        next += chunkBlocks[j];
        chunks.emplace_back(first, j + 1 == chunkBlocks.size() ? units : next);
    }
}

} // namespace

void PlanEvaluator::placeChunks(const std::vector<PartitionItem>& items, const ParallelConfig& c,
                                const std::vector<double>& stageInFlight, double fixedBytes, double capacityBytes,
                                std::vector<std::pair<int, int>>& chunks, EvaluationContext& context) const
{
    const int p = c.pp;
    const int v = c.vpp;
    const int blocks = m_blockUnits;
    PartitionItem block, before, after;
    sumItems(items, m_firstBlockUnit, m_lastBlockUnit, blocks, block, before, after);

    // Blocks per stage: each block goes where the stage's time grows least (with identical blocks this
    // minimises the slowest stage), within what the stage's memory holds; ties go to middle stages, so the
    // stages holding the embedding and the loss get the fewer blocks (Llama 3's layout: "Sec. 3.3.2: one
    // fewer layer on the first and the last stage").
    // The embedding is on virtual stage 0; the head and loss on the last one: stage p - 1 in the loop
    // placement, stage 0 again in ZBV's V.
    const auto [headStage, headChunk] = stageAndChunkOf(c.schedule, p, p * v - 1);
    Scratch& scratch = context.caches().chunkPlacement;
    stageCaps(p, blocks, headStage, stageInFlight, block, before, after, fixedBytes, capacityBytes,
              scratch.start, scratch.cap);
    const std::vector<int>& count = blocksPerStage(p, blocks, headStage, block, before, after, scratch);

    spreadOverChunks(c.schedule, p, v, headStage, headChunk, count, scratch.chunkBlocks);
    chunkRanges(scratch.chunkBlocks, m_firstBlockUnit, int(m_units.size()), chunks);
}

} // namespace shardscope
