// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/checkpoint_graph.h"

#include "model/block_detection.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace shardscope {

namespace {

void copyCosts(Layer& to, const Layer& from)
{
    to.kind = from.kind;
    to.op = from.op;
    to.flopsPerToken = from.flopsPerToken;
    to.flopsPerTokenPerSeq = from.flopsPerTokenPerSeq;
    to.actShardedBytesPerToken = from.actShardedBytesPerToken;
    to.actReplicatedBytesPerToken = from.actReplicatedBytesPerToken;
    to.actScoreBytesPerTokenPerSeq = from.actScoreBytesPerTokenPerSeq;
    to.inputBytesPerToken = from.inputBytesPerToken;
    to.outputElementsPerToken = from.outputElementsPerToken;
    to.tpCommElementsPerToken = from.tpCommElementsPerToken;
    to.tpShardable = from.tpShardable;
    to.experts = from.experts;
    to.expertsPerToken = from.expertsPerToken;
    to.expertFfn = from.expertFfn;
    to.sharedExpert = from.sharedExpert;
}

// Costs from the shapes alone: 2 FLOPs per token per matrix weight, activations from matrix widths.
void estimateCosts(Layer& l, const CheckpointLayer& cl, const std::vector<CheckpointTensor>& tensors, std::int64_t hidden)
{
    std::int64_t matrixParams = 0;
    double widths = 0;
    for (int ti : cl.tensors) {
        const CheckpointTensor& t = tensors[std::size_t(ti)];
        if (t.shape.size() >= 2) {
            matrixParams += t.elements;
            widths += double(*std::max_element(t.shape.begin(), t.shape.end()));
        }
    }
    const double h = double(hidden);
    l.inputBytesPerToken = 2 * h;
    l.outputElementsPerToken = h;
    switch (l.kind) {
    case LayerKind::Embedding:
        l.op = "Embedding";
        l.inputBytesPerToken = 0;
        if (cl.role == LayerRole::TokenEmbedding) {
            l.actReplicatedBytesPerToken = 8; // int64 token ids
            l.tpShardable = matrixParams > 0;
            l.tpShardedParams = matrixParams;
            l.tpCommElementsPerToken = h;
        }
        return;
    case LayerKind::Norm:
        l.op = "Norm";
        l.actReplicatedBytesPerToken = 2 * h;
        return;
    case LayerKind::OutputHead:
        l.op = "Linear";
        l.flopsPerToken = 2.0 * double(matrixParams);
        l.actReplicatedBytesPerToken = 2 * h;
        l.actShardedBytesPerToken = hidden > 0 ? 4.0 * double(matrixParams) / h : 0; // fp32 logits
        l.outputElementsPerToken = 0;
        break;
    default:
        if (matrixParams == 0)
            return; // buffers or vectors only: passes its input on
        l.op = l.kind == LayerKind::Attention ? "Attention" : l.kind == LayerKind::Mlp ? "MLP"
             : l.kind == LayerKind::Moe       ? "MoE"
                                              : "";
        l.flopsPerToken = 2.0 * double(matrixParams);
        l.actReplicatedBytesPerToken = 2 * h;
        l.actShardedBytesPerToken = 2 * widths;
        if (l.kind == LayerKind::Attention) {
            l.flopsPerTokenPerSeq = 4 * h;                                        // queries as wide as h
            l.actScoreBytesPerTokenPerSeq = 2 * std::max(1.0, std::floor(h / 128)); // head_dim 128
        }
        break;
    }
    l.tpShardable = matrixParams > 0;
    l.tpShardedParams = matrixParams;
    l.tpCommElementsPerToken = l.tpShardable ? h : 0;
}

std::int64_t matrixParamsOf(const CheckpointLayer& cl, const std::vector<CheckpointTensor>& tensors)
{
    std::int64_t total = 0;
    for (int ti : cl.tensors)
        if (tensors[std::size_t(ti)].shape.size() >= 2)
            total += tensors[std::size_t(ti)].elements;
    return total;
}

std::string specLayerName(const CheckpointLayer& cl)
{
    const std::string block = "model.layers." + std::to_string(cl.blockIndex) + ".";
    switch (cl.role) {
    case LayerRole::TokenEmbedding:
        return "model.embed_tokens";
    case LayerRole::InputNorm:
        return block + "input_layernorm";
    case LayerRole::Attention:
        return block + "self_attn";
    case LayerRole::PostAttentionNorm:
        return block + "post_attention_layernorm";
    case LayerRole::Mlp:
        return block + "mlp";
    case LayerRole::SharedExpert:
        return block + "mlp.shared_experts";
    case LayerRole::FinalNorm:
        return "model.norm";
    case LayerRole::OutputHead:
        return "lm_head";
    case LayerRole::PositionEmbedding:
    case LayerRole::Other:
        break;
    }
    return {};
}


} // namespace

ModelGraph buildCheckpointGraph(const std::vector<CheckpointLayer>& layers, const std::vector<CheckpointTensor>& tensors,
                                std::int64_t hidden, const ModelGraph* costs, std::vector<std::string>& estimated)
{
    std::unordered_map<std::string, int> costIndex;
    if (costs)
        for (int i = 0; i < costs->layerCount(); ++i)
            costIndex.emplace(costs->layer(i).name, i);
    const std::string stack = mainBlockStack(layers, nullptr, nullptr);
    std::set<std::string> used;

    ModelGraph g;
    int embeddingIndex = -1;
    bool hasHead = false;
    for (const CheckpointLayer& cl : layers) {
        Layer l;
        l.name = cl.name;
        l.kind = cl.kind;
        l.params = cl.params;
        l.activeParams = cl.params;

        const Layer* from = nullptr;
        std::string key = (cl.blockIndex < 0 || cl.stack == stack) ? specLayerName(cl) : std::string();
        if (!key.empty() && !used.count(key))
            if (const auto it = costIndex.find(key); it != costIndex.end()) {
                from = &costs->layer(it->second);
                used.insert(key);
            }
        if (from) {
            copyCosts(l, *from);
            const bool same = from->params == l.params;
            l.tpShardedParams = same ? from->tpShardedParams : matrixParamsOf(cl, tensors);
            l.activeParams = same ? from->activeParams : l.params;
            // The routed experts' share: config.json's when the tensors agree, else the tensors under "experts".
            l.expertParams = same ? from->expertParams : (from->experts > 0 ? cl.expertParams : 0);
        } else {
            estimateCosts(l, cl, tensors, hidden);
            if (cl.role != LayerRole::PositionEmbedding)
                estimated.push_back(cl.name);
        }
        hasHead = hasHead || cl.role == LayerRole::OutputHead;
        const int index = g.addLayer(std::move(l));
        if (cl.role == LayerRole::TokenEmbedding && embeddingIndex < 0)
            embeddingIndex = index;
    }

    // A tied output head is not stored, but it still computes the logits.
    if (costs && !hasHead)
        if (const auto it = costIndex.find("lm_head"); it != costIndex.end() && costs->layer(it->second).params == 0) {
            Layer head = costs->layer(it->second);
            head.tiedToLayer = embeddingIndex;
            head.block = -1;
            g.addLayer(std::move(head));
        }

    g.addSequentialEdges();
    detectTransformerBlocks(g);
    if (costs && costs->spec())
        g.setSpec(*costs->spec());
    return g;
}


} // namespace shardscope
