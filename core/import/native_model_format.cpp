// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/native_model_format.h"

#include "import/hf_config_importer.h"
#include "util/json_reader.h"
#include "model/block_detection.h"
#include "util/input_error.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <utility>

namespace shardscope {

namespace {

constexpr const char* kFormat = "ShardScope model";
constexpr std::int64_t kMaxDim = 1 << 22;
constexpr std::int64_t kMaxParams = kMaxLayerParams; // 1e15, as every importer (model/layer.h)
constexpr double kMaxPerToken = kMaxPerTokenValue; // 1e18 (model/layer.h)

TransformerSpec readSpec(const JsonObjectReader& t, const std::string& name)
{
    TransformerSpec s;
    s.name = name;
    s.modelType = t.stringOr("model_type", "");
    s.hidden = t.integer("hidden", 1, kMaxDim);
    s.ffn = t.integer("ffn", 1, kMaxDim);
    s.layers = t.integer("layers", 1, kMaxDim);
    s.heads = t.integer("heads", 1, kMaxDim);
    s.kvHeads = t.integerOr("kv_heads", s.heads, 1, kMaxDim);
    s.headDim = t.integerOr("head_dim", 0, 0, kMaxDim);
    s.vocab = t.integer("vocab", 1, kMaxDim);
    s.maxPositions = t.integerOr("max_positions", 0, 0, 1 << 30);
    s.tiedEmbeddings = t.booleanOr("tied_embeddings", false);
    s.gatedMlp = t.booleanOr("gated_mlp", true);
    const std::string norm = t.stringOr("norm", "rmsnorm");
    if (const auto kind = normKindFromString(norm))
        s.norm = *kind;
    else
        t.fail("norm", "expected \"rmsnorm\", \"layernorm\", \"layernorm_no_bias\" or \"layernorm_no_affine\", got \""
                           + norm + "\"");
    s.qkvBias = t.booleanOr("qkv_bias", false);
    s.attnOutBias = t.booleanOr("attn_out_bias", false);
    s.mlpBias = t.booleanOr("mlp_bias", false);
    const std::string positions = t.stringOr("positions", "rotary");
    if (const auto kind = positionKindFromString(positions))
        s.positions = *kind;
    else
        t.fail("positions", "expected \"rotary\", \"learned\", \"alibi\" or \"none\", got \"" + positions + "\"");
    if (t.has("rope_theta"))
        s.ropeTheta = t.number("rope_theta", kMinRopeTheta, kMaxRopeTheta);
    if (t.has("rope_scaling")) {
        const JsonObjectReader r(t.object("rope_scaling"), t.pathOf("rope_scaling"), t.context());
        RopeScaling& scaling = s.ropeScaling.emplace();
        scaling.type = r.string("type");
        scaling.factor = r.numberOr("factor", 0, 0, kMaxRopeScalingFactor);
        scaling.lowFreqFactor = r.numberOr("low_freq_factor", 0, 0, kMaxRopeScalingFactor);
        scaling.highFreqFactor = r.numberOr("high_freq_factor", 0, 0, kMaxRopeScalingFactor);
        scaling.originalMaxPositions = r.integerOr("original_max_positions", 0, 0, 1 << 30);
    }
    s.dropout = t.booleanOr("dropout", false);
    s.experts = t.integerOr("experts", 0, 0, kMaxDim);
    s.expertsPerToken = t.integerOr("experts_per_token", 0, 0, kMaxDim);
    // The block layout; files from before these keys describe Llama-style blocks.
    s.inputNorm = t.booleanOr("input_norm", true);
    s.mlpInputNorm = t.booleanOr("mlp_input_norm", true);
    s.outputNorms = t.booleanOr("output_norms", false);
    s.parallelBlock = t.booleanOr("parallel_block", false);
    const std::string qkNorm = t.stringOr("qk_norm", "none");
    if (const auto kind = qkNormFromString(qkNorm))
        s.qkNorm = *kind;
    else
        t.fail("qk_norm", "expected \"none\", \"head\" or \"full\", got \"" + qkNorm + "\"");
    s.rotaryFraction = t.numberOr("rotary_fraction", 1, 1e-6, 1);
    s.lmHeadBias = t.booleanOr("lm_head_bias", false);
    // Mixture of experts and multi-head latent attention; files from before these keys have none.
    s.expertFfn = t.integerOr("expert_ffn", 0, 0, kMaxDim);
    s.sharedExpertFfn = t.integerOr("shared_expert_ffn", 0, 0, kMaxDim);
    s.sharedExpertGate = t.booleanOr("shared_expert_gate", false);
    s.routerBias = t.booleanOr("router_bias", false);
    s.firstDenseLayers = t.integerOr("first_dense_layers", 0, 0, kMaxDim);
    s.moeLayerFreq = t.integerOr("moe_layer_freq", 1, 1, kMaxDim);
    s.qLoraRank = t.integerOr("q_lora_rank", 0, 0, kMaxDim);
    s.kvLoraRank = t.integerOr("kv_lora_rank", 0, 0, kMaxDim);
    s.qkNopeHeadDim = t.integerOr("qk_nope_head_dim", 0, 0, 65536);
    s.qkRopeHeadDim = t.integerOr("qk_rope_head_dim", 0, 0, 65536);
    s.vHeadDim = t.integerOr("v_head_dim", 0, 0, 65536);
    s.mtpLayers = t.integerOr("mtp_layers", 0, 0, 16);
    s.attentionSinks = t.booleanOr("attention_sinks", false);
    s.activation = t.stringOr("activation", "");
    if (s.activation.size() > 64) // "gelu_pytorch_tanh"; a longer name is damage
        t.fail("activation", "expected an activation name such as \"relu2\" (at most 64 bytes), got "
                                 + std::to_string(s.activation.size()) + " bytes");
    try {
        s.validate(t.context().source);
    } catch (const InputError& e) { // validate() names spec fields, which are this object's keys
        t.context().fail(t.pathOf(e.position()), e.message());
    }
    return s;
}

Layer readLayer(const JsonObjectReader& l, int index, int count)
{
    Layer layer;
    layer.name = l.string("name");
    if (layer.name.empty())
        l.fail("name", "expected a non-empty layer name");
    const std::string kind = l.stringOr("kind", "other");
    const auto parsedKind = layerKindFromString(kind);
    if (!parsedKind)
        l.fail("kind", "unknown layer kind \"" + kind
                   + "\"; expected one of embedding, attention, mlp, moe, norm, output_head, other");
    layer.kind = *parsedKind;
    layer.op = l.stringOr("op", "");
    layer.params = l.integer("params", 0, kMaxParams);
    layer.activeParams = l.integerOr("active_params", layer.params, 0, layer.params);
    layer.tpShardedParams = l.integerOr("tp_sharded_params", 0, 0, layer.params);
    layer.tiedToLayer = static_cast<int>(l.integerOr("tied_to", -1, -1, count - 1));
    if (layer.tiedToLayer == index)
        l.fail("tied_to", "a layer cannot be tied to itself");
    auto number = [&](std::string_view key) { return l.numberOr(key, 0, 0, kMaxPerToken); };
    layer.flopsPerToken = number("flops_per_token");
    layer.flopsPerTokenPerSeq = number("flops_per_token_per_seq");
    layer.actShardedBytesPerToken = number("act_sharded_bytes_per_token");
    layer.actReplicatedBytesPerToken = number("act_replicated_bytes_per_token");
    layer.actScoreBytesPerTokenPerSeq = number("act_score_bytes_per_token_per_seq");
    layer.inputBytesPerToken = number("input_bytes_per_token");
    layer.outputElementsPerToken = number("output_elements_per_token");
    layer.tpCommElementsPerToken = number("tp_comm_elements_per_token");
    layer.tpShardable = l.booleanOr("tp_shardable", false);
    // Mixture of experts: a moe layer's routed experts, a shared expert MLP.
    layer.experts = static_cast<int>(l.integerOr("experts", 0, 0, kMaxDim));
    layer.expertsPerToken = static_cast<int>(l.integerOr("experts_per_token", 0, 0, layer.experts));
    layer.expertFfn = double(l.integerOr("expert_ffn", 0, 0, kMaxDim));
    layer.expertParams = l.integerOr("expert_params", 0, 0, layer.params);
    layer.sharedExpert = l.booleanOr("shared_expert", false);
    if (layer.experts > 0 && layer.expertsPerToken == 0)
        l.fail("experts_per_token", "a layer with experts needs the routed experts per token, 1 to "
                                        + std::to_string(layer.experts));
    return layer;
}

void readEdges(const JsonObjectReader& root, ModelGraph& graph)
{
    const nlohmann::json& edges = root.array("edges");
    const JsonContext& context = root.context();
    std::set<std::pair<int, int>> seen;
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const std::string path = "$.edges[" + std::to_string(e) + "]";
        const nlohmann::json& pair = edges[e];
        if (!pair.is_array() || pair.size() != 2)
            context.fail(path, "expected a pair [from_index, to_index], got " + jsonTypeName(pair)
                             + (pair.is_array() ? " of " + std::to_string(pair.size()) + " elements" : ""));
        const int last = graph.layerCount() - 1;
        const int from = static_cast<int>(readInteger(pair[0], path + "[0]", context, 0, last));
        const int to = static_cast<int>(readInteger(pair[1], path + "[1]", context, 0, last));
        if (from >= to)
            context.fail(path, "edge " + std::to_string(from) + " -> " + std::to_string(to)
                             + " does not point forward; layers are listed in execution order, so every edge "
                               "must go to a later layer");
        if (seen.insert({ from, to }).second)
            graph.addEdge(from, to);
    }
}

ModelGraph readLayers(const JsonObjectReader& root, const std::string& name)
{
    const nlohmann::json& layers = root.array("layers");
    if (layers.empty())
        root.fail("layers", "expected at least one layer");
    ModelGraph graph(name);
    const int count = static_cast<int>(std::min<std::size_t>(layers.size(), 1u << 24));
    if (layers.size() > (1u << 24))
        root.fail("layers", "more than 16 million layers is not a model ShardScope can plan");
    std::int64_t total = 0;
    for (int i = 0; i < count; ++i) {
        const JsonObjectReader l(layers[static_cast<std::size_t>(i)], "$.layers[" + std::to_string(i) + "]",
                                 root.context());
        Layer layer = readLayer(l, i, count);
        total += layer.params; // each <= 1e15, count <= 2^24: no overflow
        if (total > kMaxParams)
            l.fail("params", "the model's layers add up to more than 1e15 parameters");
        graph.addLayer(std::move(layer));
    }
    if (root.has("edges"))
        readEdges(root, graph);
    else
        graph.addSequentialEdges();
    detectTransformerBlocks(graph);
    return graph;
}


} // namespace

ModelGraph nativeModelFromJson(const nlohmann::json& document, const std::string& source)
{
    const JsonContext context { source, kFormat };
    const JsonObjectReader root(document, "$", context);
    const std::string format = root.string("format");
    if (format != "shardscope-model")
        root.fail("format", "expected \"shardscope-model\", got \"" + format + "\"");
    const std::int64_t version = root.integer("version", 1, std::numeric_limits<std::int64_t>::max());
    if (version != 1)
        root.fail("version", "version " + std::to_string(version)
                      + " is newer than this ShardScope reads (1); update ShardScope");
    const std::string name = root.stringOr("name", modelNameFromSource(source));

    std::optional<TransformerSpec> spec;
    if (root.has("transformer"))
        spec = readSpec(JsonObjectReader(root.object("transformer"), root.pathOf("transformer"), context), name);

    ModelGraph graph;
    if (root.has("layers")) {
        graph = readLayers(root, name);
        if (spec)
            graph.setSpec(*spec);
    } else if (spec) {
        graph = buildModelGraph(*spec);
    } else {
        context.fail("$", "expected a \"transformer\" object or a \"layers\" array (or both)");
    }
    graph.setName(name);
    graph.setSourceFormat("shardscope-model");

    if (const nlohmann::json* warnings = root.find("warnings")) {
        if (!warnings->is_array())
            root.fail("warnings", "expected an array of strings, got " + jsonTypeName(*warnings));
        for (std::size_t w = 0; w < warnings->size(); ++w) {
            std::string text = readString((*warnings)[w], "$.warnings[" + std::to_string(w) + "]", context);
            // Block detection may already have raised the same warning; keep one of each.
            if (std::find(graph.warnings().begin(), graph.warnings().end(), text) == graph.warnings().end())
                graph.addWarning(std::move(text));
        }
    }
    return graph;
}

ModelGraph importNativeModel(std::string_view text, const std::string& source)
{
    return nativeModelFromJson(parseJsonText(text, JsonContext { source, kFormat }), source);
}

nlohmann::ordered_json transformerSpecToJson(const TransformerSpec& spec)
{
    const TransformerSpec* s = &spec;
    nlohmann::ordered_json t;
        t["hidden"] = s->hidden;
        t["ffn"] = s->ffn;
        t["layers"] = s->layers;
        t["heads"] = s->heads;
        t["kv_heads"] = s->kvHeads;
        t["head_dim"] = s->headDim;
        t["vocab"] = s->vocab;
        t["max_positions"] = s->maxPositions;
        t["tied_embeddings"] = s->tiedEmbeddings;
        t["gated_mlp"] = s->gatedMlp;
        t["norm"] = std::string(normKindName(s->norm));
        t["qkv_bias"] = s->qkvBias;
        t["attn_out_bias"] = s->attnOutBias;
        t["mlp_bias"] = s->mlpBias;
        t["positions"] = std::string(positionKindName(s->positions));
        // Written only when known, so shapes without them (and files from before them) read back unchanged.
        if (s->ropeTheta)
            t["rope_theta"] = *s->ropeTheta;
        if (const auto& r = s->ropeScaling)
            t["rope_scaling"] = nlohmann::ordered_json { { "type", r->type }, { "factor", r->factor },
                { "low_freq_factor", r->lowFreqFactor }, { "high_freq_factor", r->highFreqFactor },
                { "original_max_positions", r->originalMaxPositions } };
        t["dropout"] = s->dropout;
        t["experts"] = s->experts;
        t["experts_per_token"] = s->expertsPerToken;
        // The block layout, written only where it is not the Llama block, so such shapes read and
        // write as before.
        const TransformerSpec llama;
        if (s->inputNorm != llama.inputNorm)
            t["input_norm"] = s->inputNorm;
        if (s->mlpInputNorm != llama.mlpInputNorm)
            t["mlp_input_norm"] = s->mlpInputNorm;
        if (s->outputNorms != llama.outputNorms)
            t["output_norms"] = s->outputNorms;
        if (s->parallelBlock != llama.parallelBlock)
            t["parallel_block"] = s->parallelBlock;
        if (s->qkNorm != llama.qkNorm)
            t["qk_norm"] = std::string(qkNormName(s->qkNorm));
        if (s->rotaryFraction != llama.rotaryFraction)
            t["rotary_fraction"] = s->rotaryFraction;
        if (s->lmHeadBias != llama.lmHeadBias)
            t["lm_head_bias"] = s->lmHeadBias;
        if (!s->activation.empty())
            t["activation"] = s->activation;
        // Mixture of experts and multi-head latent attention, written only where they differ from a dense
        // model with ordinary attention.
        if (s->expertFfn != llama.expertFfn)
            t["expert_ffn"] = s->expertFfn;
        if (s->sharedExpertFfn != llama.sharedExpertFfn)
            t["shared_expert_ffn"] = s->sharedExpertFfn;
        if (s->sharedExpertGate != llama.sharedExpertGate)
            t["shared_expert_gate"] = s->sharedExpertGate;
        if (s->routerBias != llama.routerBias)
            t["router_bias"] = s->routerBias;
        if (s->firstDenseLayers != llama.firstDenseLayers)
            t["first_dense_layers"] = s->firstDenseLayers;
        if (s->moeLayerFreq != llama.moeLayerFreq)
            t["moe_layer_freq"] = s->moeLayerFreq;
        if (s->qLoraRank != llama.qLoraRank)
            t["q_lora_rank"] = s->qLoraRank;
        if (s->kvLoraRank != llama.kvLoraRank)
            t["kv_lora_rank"] = s->kvLoraRank;
        if (s->qkNopeHeadDim != llama.qkNopeHeadDim)
            t["qk_nope_head_dim"] = s->qkNopeHeadDim;
        if (s->qkRopeHeadDim != llama.qkRopeHeadDim)
            t["qk_rope_head_dim"] = s->qkRopeHeadDim;
        if (s->vHeadDim != llama.vHeadDim)
            t["v_head_dim"] = s->vHeadDim;
        if (s->mtpLayers != llama.mtpLayers)
            t["mtp_layers"] = s->mtpLayers;
        if (s->attentionSinks != llama.attentionSinks)
            t["attention_sinks"] = s->attentionSinks;
    return t;
}

nlohmann::ordered_json nativeModelToJson(const ModelGraph& graph)
{
    nlohmann::ordered_json out;
    out["format"] = "shardscope-model";
    out["version"] = 1;
    out["name"] = graph.name();
    if (const auto& s = graph.spec()) {
        nlohmann::ordered_json t;
        t["model_type"] = s->modelType;
        t.update(transformerSpecToJson(*s));
        out["transformer"] = std::move(t);
    }
    nlohmann::ordered_json layers = nlohmann::ordered_json::array();
    for (const Layer& l : graph.layers()) {
        nlohmann::ordered_json j;
        j["name"] = l.name;
        j["kind"] = toString(l.kind);
        j["op"] = l.op;
        j["params"] = l.params;
        j["active_params"] = l.activeParams;
        j["tp_sharded_params"] = l.tpShardedParams;
        j["tied_to"] = l.tiedToLayer;
        j["flops_per_token"] = l.flopsPerToken;
        j["flops_per_token_per_seq"] = l.flopsPerTokenPerSeq;
        j["act_sharded_bytes_per_token"] = l.actShardedBytesPerToken;
        j["act_replicated_bytes_per_token"] = l.actReplicatedBytesPerToken;
        j["act_score_bytes_per_token_per_seq"] = l.actScoreBytesPerTokenPerSeq;
        j["input_bytes_per_token"] = l.inputBytesPerToken;
        j["output_elements_per_token"] = l.outputElementsPerToken;
        j["tp_comm_elements_per_token"] = l.tpCommElementsPerToken;
        j["tp_shardable"] = l.tpShardable;
        if (l.experts > 0) {
            j["experts"] = l.experts;
            j["experts_per_token"] = l.expertsPerToken;
            j["expert_ffn"] = std::int64_t(l.expertFfn);
            j["expert_params"] = l.expertParams;
        }
        if (l.sharedExpert)
            j["shared_expert"] = true;
        layers.push_back(std::move(j));
    }
    out["layers"] = std::move(layers);
    nlohmann::ordered_json edges = nlohmann::ordered_json::array();
    for (auto [it, end] = boost::edges(graph.dag()); it != end; ++it)
        edges.push_back({ boost::source(*it, graph.dag()), boost::target(*it, graph.dag()) });
    out["edges"] = std::move(edges);
    if (!graph.warnings().empty())
        out["warnings"] = graph.warnings();
    return out;
}

} // namespace shardscope
