// SPDX-License-Identifier: GPL-3.0-or-later
// Mixture-of-experts models written out by hand (DeepSeek-V3, Mixtral-8x7B) and plan documents built around
// them without the cost model, for the tests of plan files and launch configs with expert parallelism.
#pragma once

#include "export/plan_document.h"
#include "gpt_fixtures.h"
#include "model/transformer_spec.h"

#include <numeric>
#include <stdexcept>
#include <vector>

namespace shardscope::testing {

/// DeepSeek-V3 as its config.json describes it (deepseek-ai/DeepSeek-V3): 61 blocks, the first 3 dense (MLP 18432),
/// the rest 256 routed experts of 2048 (top 8) plus one shared expert of 2048, MLA with q_lora_rank 1536,
/// kv_lora_rank 512, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128, one MTP module.
inline TransformerSpec deepseekV3()
{
    TransformerSpec s;
    s.name = "DeepSeek-V3";
    s.modelType = "deepseek_v3";
    s.hidden = 7168;
    s.ffn = 18432;
    s.layers = 61;
    s.heads = 128;
    s.kvHeads = 128;
    s.headDim = 192; // qk_nope_head_dim + qk_rope_head_dim
    s.vocab = 129280;
    s.maxPositions = 163840;
    s.ropeTheta = 10000;
    s.experts = 256;
    s.expertsPerToken = 8;
    s.expertFfn = 2048;
    s.sharedExpertFfn = 2048;
    s.routerBias = true;
    s.firstDenseLayers = 3;
    s.moeLayerFreq = 1;
    s.qLoraRank = 1536;
    s.kvLoraRank = 512;
    s.qkNopeHeadDim = 128;
    s.qkRopeHeadDim = 64;
    s.vHeadDim = 128;
    s.mtpLayers = 1;
    return s;
}

/// Mixtral-8x7B (mistralai/Mixtral-8x7B-v0.1 config.json): 32 blocks of 8 experts of 14336, top 2, GQA 32/8.
inline TransformerSpec mixtral8x7b()
{
    TransformerSpec s;
    s.name = "Mixtral-8x7B";
    s.modelType = "mixtral";
    s.hidden = 4096;
    s.ffn = 14336;
    s.layers = 32;
    s.heads = 32;
    s.kvHeads = 8;
    s.vocab = 32000;
    s.maxPositions = 32768;
    s.ropeTheta = 1e6;
    s.experts = 8;
    s.expertsPerToken = 2;
    return s;
}

/**
 * One feasible plan of `model` with `c`, stage s holding blocksPerStage[s] transformer blocks (VPP 1): the
 * embedding opens stage 0, the final norm, the head and any MTP modules close the last stage. Micro-batch
 * c.microBatch, so globalBatch / (micro x DP) micro-batches; the predictions are round numbers.
 */
inline PlanDocument moeHandDocument(const ModelGraph& model, std::int64_t seq, std::int64_t globalBatch,
                                    const ParallelConfig& c, const std::vector<int>& blocksPerStage, int gpusPerNode)
{
    const std::vector<TransformerBlock>& blocks = model.blocks();
    if (c.vpp != 1 || blocksPerStage.size() != std::size_t(c.pp)
        || std::accumulate(blocksPerStage.begin(), blocksPerStage.end(), 0) != int(blocks.size()))
        throw std::invalid_argument("one chunk a stage, every block once");
    PlanEstimate e;
    e.config = c;
    e.feasible = true;
    e.numMicroBatches = int(globalBatch / (std::int64_t(c.microBatch) * c.dp));
    e.capacityBytes = 72.0 * kGiB;
    e.peakMemoryBytes = 60.0 * kGiB;
    e.time.stepSeconds = 20;
    e.mfu = 0.3;
    int done = 0, first = 0;
    for (int s = 0; s < c.pp; ++s) {
        done += blocksPerStage[std::size_t(s)];
        const int end = s + 1 == c.pp ? model.layerCount() : blocks[std::size_t(done - 1)].layers.back() + 1;
        e.chunkLayers.emplace_back(first, end);
        StageEstimate& st = e.stages.emplace_back();
        st.stage = s;
        st.layerRanges.emplace_back(first, end);
        first = end;
    }
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(model);
    d.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), c.worldSize(), gpusPerNode);
    d.training.seqLength = seq;
    d.training.globalBatch = globalBatch;
    d.plans.push_back(makeDocumentPlan(model, e, 1, 1.0));
    return d;
}

} // namespace shardscope::testing
