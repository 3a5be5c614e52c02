// SPDX-License-Identifier: GPL-3.0-or-later
// Plans for the launch-config tests (tst_launch_config, tst_launch_rope): problems on H100 nodes of 8, the
// configurations they evaluate, and documents of evaluated plans or of the best plans of a pinned search.
#pragma once

#include "gpt_fixtures.h"

#include "cost/plan_evaluator.h"
#include "export/plan_document.h"
#include "import/model_importer.h"
#include "partition/planner.h"

#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace shardscope::testing {

inline PlanningProblem h100Problem(const TransformerSpec& spec, int gpus, std::int64_t seq, std::int64_t globalBatch)
{
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), gpus, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = globalBatch;
    return p;
}

inline ParallelConfig config(int tp, int pp, int dp, int zero, Recompute recompute, bool sp, Schedule schedule, int vpp = 1)
{
    return { .tp = tp, .pp = pp, .dp = dp, .vpp = vpp, .zeroStage = zero, .recompute = recompute, .sequenceParallel = sp,
             .schedule = schedule, .ppCommOverlap = needsPpCommOverlap(schedule, pp) };
}

/// A document with one evaluated plan per configuration; `blocksPerStage` (blocks per pipeline stage) replaces
/// the partitioner's stage boundaries when given.
inline PlanDocument evaluatedDocument(const PlanningProblem& problem, const std::vector<ParallelConfig>& configs,
                                      const std::vector<int>& blocksPerStage = {})
{
    const PlanEvaluator evaluator(problem);
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(problem.model);
    d.cluster = problem.cluster;
    d.training = problem.training;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        PlanEstimate e = evaluator.evaluate(configs[i]);
        if (!blocksPerStage.empty()) {
            // Embedding, 4 layers a block, final norm and head (buildModelGraph's layout).
            int first = 0, block = 0;
            for (std::size_t s = 0; s < e.stages.size(); ++s) {
                block += blocksPerStage[s];
                const int end = s + 1 == e.stages.size() ? problem.model.layerCount() : 1 + 4 * block;
                e.stages[s].layerRanges = { { first, end } };
                first = end;
            }
            // One chunk a stage: the chunk layout is the stages'.
            e.chunkLayers.clear();
            for (const StageEstimate& st : e.stages)
                e.chunkLayers.push_back(st.layerRanges.front());
        }
        d.plans.push_back(makeDocumentPlan(problem.model, e, int(i) + 1, 1.0 - 0.1 * double(i)));
    }
    return d;
}

/// The best plans of a search of a bundled model for `pins`, as `shardscope plan --json` writes them;
/// unless the schedule is pinned, Megatron's interleaved 1F1B (every format here runs it; the zero-bubble
/// schedules run only in torchtitan).
inline PlanDocument plannedDocument(const char* model, int gpus, std::int64_t seq, const PlanPins& pins)
{
    PlanningProblem p;
    p.model = *findBundledModel(model);
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), gpus, 8);
    p.training.seqLength = seq;
    p.training.pins = pins;
    if (!p.training.pins.schedule)
        p.training.pins.schedule = Schedule::Interleaved1F1B;
    const PlanningOutcome outcome = runPlanning(p, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), 3);
    return makePlanDocument(p, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), outcome, "ShardScope test");
}

/**
 * One feasible plan of `model` with `c`, its pp x vpp chunks in model order holding blocksPerChunk[j]
 * transformer blocks each: the embedding opens chunk 0 and the final norm and head close the last chunk,
 * whatever their block counts (0 leaves the chunk the embedding or the head alone, or empty in between).
 * Chunk j runs on stage j % pp. Micro-batch c.microBatch, so globalBatch / (micro x DP) micro-batches; round
 * predictions, no cost model.
 */
inline PlanDocument chunkDocument(const ModelGraph& model, std::int64_t seq, std::int64_t globalBatch, const ParallelConfig& c,
                                  const std::vector<int>& blocksPerChunk, Precision precision = Precision::Bf16)
{
    const double gib = 1024.0 * 1024.0 * 1024.0;
    const std::vector<TransformerBlock>& blocks = model.blocks();
    if (blocksPerChunk.size() != std::size_t(c.pp) * std::size_t(c.vpp)
        || std::accumulate(blocksPerChunk.begin(), blocksPerChunk.end(), 0) != int(blocks.size()))
        throw std::invalid_argument("the chunks must number pp x vpp and hold every block once");
    PlanEstimate e;
    e.config = c;
    e.feasible = true;
    e.numMicroBatches = int(globalBatch / (std::int64_t(c.microBatch) * c.dp));
    e.capacityBytes = 76.0 * gib;
    e.peakMemoryBytes = 60.0 * gib;
    e.time.stepSeconds = 10;
    e.mfu = 0.4;
    int done = 0, first = 0;
    for (std::size_t j = 0; j < blocksPerChunk.size(); ++j) {
        done += blocksPerChunk[j];
        const int end = j + 1 == blocksPerChunk.size() ? model.layerCount()
                        : done == 0                     ? blocks.front().layers.front()
                                                        : blocks[std::size_t(done - 1)].layers.back() + 1;
        e.chunkLayers.emplace_back(first, end);
        first = end;
    }
    for (int s = 0; s < c.pp; ++s) {
        StageEstimate& st = e.stages.emplace_back();
        st.stage = s;
        for (std::size_t j = std::size_t(s); j < e.chunkLayers.size(); j += std::size_t(c.pp))
            if (e.chunkLayers[j].second > e.chunkLayers[j].first)
                st.layerRanges.push_back(e.chunkLayers[j]);
    }
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(model);
    d.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), c.worldSize(), 8);
    d.training.seqLength = seq;
    d.training.globalBatch = globalBatch;
    d.training.precision = precision;
    d.plans.push_back(makeDocumentPlan(model, e, 1, 1.0));
    return d;
}

} // namespace shardscope::testing
