// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/checkpoint_shape.h"

#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace shardscope {

namespace {

bool endsWith(std::string_view text, std::string_view tail)
{
    return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}


bool isOneOf(std::string_view text, std::initializer_list<std::string_view> names)
{
    return std::find(names.begin(), names.end(), text) != names.end();
}

// The side of a matrix that is not the hidden size: [out, h] (Linear) -> out, [h, out] (GPT-2 Conv1D) -> out.

std::optional<std::int64_t> otherSide(const std::vector<std::int64_t>& shape, std::int64_t hidden)
{
    if (shape.size() != 2)
        return std::nullopt;
    if (shape[1] == hidden)
        return shape[0];
    if (shape[0] == hidden)
        return shape[1];
    return std::nullopt;
}

// The projection a tensor belongs to inside its layer ("q_proj" for "...self_attn.q_proj.weight"),
// empty for a tensor that sits on the layer itself (GPT-2's "h.0.attn.bias" mask).

std::string projectionOf(const CheckpointLayer& layer, const CheckpointTensor& t)
{
    if (t.name.size() <= layer.name.size() + 1)
        return {};
    std::vector<std::string_view> parts = nameComponents(std::string_view(t.name).substr(layer.name.size() + 1));
    if (!parts.empty() && (parts.back() == "weight" || parts.back() == "bias"))
        parts.pop_back();
    return parts.empty() ? std::string() : toLower(parts.back());
}

// The stack with the most block numbers; its blocks are the ones the spec describes.

const CheckpointTensor* firstMatrix(const CheckpointLayer* layer, const std::vector<CheckpointTensor>& tensors)
{
    if (layer)
        for (int t : layer->tensors)
            if (tensors[std::size_t(t)].shape.size() == 2)
                return &tensors[std::size_t(t)];
    return nullptr;
}


std::string shapeText(const std::vector<std::int64_t>& shape)
{
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}


struct Attention
{
    std::int64_t q = 0, kv = 0, headDim = 0;
    bool qkvBias = false, outBias = false, fusedGpt2 = false, headDimGuessed = false;
};

// Reads q/k/v/output widths from one attention layer; returns a reason when it cannot.
std::string readAttention(const CheckpointLayer& layer, const std::vector<CheckpointTensor>& tensors, std::int64_t h,
                          bool neox, Attention& out)
{
    std::optional<std::int64_t> q, k, v, fused, o;
    std::int64_t normHint = 0, rotaryHint = 0;
    for (int ti : layer.tensors) {
        const CheckpointTensor& t = tensors[std::size_t(ti)];
        const std::string proj = projectionOf(layer, t);
        if (endsWith(t.name, "inv_freq")) {
            rotaryHint = 2 * t.elements; // [head_dim / 2] (rotary over the whole head)
            continue;
        }
        if (proj.empty())
            continue; // a buffer on the layer itself (GPT-2's causal mask)
        if (isOneOf(proj, { "q_norm", "k_norm", "q_layernorm", "k_layernorm" })) {
            if (t.shape.size() == 1)
                normHint = t.shape[0];
            continue;
        }
        const bool bias = endsWith(t.name, ".bias");
        enum { Q, K, V, Fused, Out, Unknown } which = Unknown;
        if (isOneOf(proj, { "q_proj", "query", "wq", "q", "q_linear" }))
            which = Q;
        else if (isOneOf(proj, { "k_proj", "key", "wk", "k", "k_linear" }))
            which = K;
        else if (isOneOf(proj, { "v_proj", "value", "wv", "v", "v_linear" }))
            which = V;
        else if (isOneOf(proj, { "qkv_proj", "c_attn", "query_key_value", "wqkv", "qkv", "w_pack", "in_proj" }))
            which = Fused;
        else if (isOneOf(proj, { "o_proj", "dense", "c_proj", "out_proj", "wo", "o", "proj", "out" }))
            which = Out;
        if (which == Unknown) {
            if (isOneOf(proj, { "q_a_proj", "q_b_proj", "kv_a_proj_with_mqa", "kv_b_proj", "q_a_layernorm",
                                "kv_a_layernorm" }))
                return "the attention of \"" + layer.name + "\" is multi-head latent attention (DeepSeek's q_a_proj, "
                       "kv_a_proj_with_mqa, kv_b_proj), whose head dimensions the tensors do not give";
            if (t.shape.size() >= 2)
                return "attention tensor \"" + t.name + "\" is not a projection ShardScope recognises";
            continue;
        }
        if (bias) {
            (which == Out ? out.outBias : out.qkvBias) = true;
            continue;
        }
        const auto side = otherSide(t.shape, h);
        if (!side)
            return "attention matrix \"" + t.name + "\" " + shapeText(t.shape) + " has no side of the hidden size "
                + std::to_string(h);
        (which == Q ? q : which == K ? k : which == V ? v : which == Fused ? fused : o) = *side;
        out.fusedGpt2 = out.fusedGpt2 || proj == "c_attn";
    }
    if (q && k && v && o) {
        if (*v != *k || *o != *q)
            return "the attention projections of \"" + layer.name + "\" do not fit together (q " + std::to_string(*q)
                + ", k " + std::to_string(*k) + ", v " + std::to_string(*v) + ", output " + std::to_string(*o) + ")";
        out.q = *q;
        out.kv = *k;
    } else if (fused && o) {
        out.q = *o;
        const std::int64_t rest = *fused - *o;
        if (rest <= 0 || rest % 2 != 0)
            return "the fused q/k/v projection of \"" + layer.name + "\" (" + std::to_string(*fused)
                + " wide) does not split around the output projection's " + std::to_string(*o);
        out.kv = rest / 2;
    } else {
        return "the q/k/v and output projections of \"" + layer.name + "\" were not recognised";
    }
    if (out.q % out.kv != 0)
        return "the query width " + std::to_string(out.q) + " is not a multiple of the key/value width "
            + std::to_string(out.kv);

    auto fits = [&](std::int64_t d) { return d > 0 && out.q % d == 0 && out.kv % d == 0; };
    if (normHint > 0 && normHint < out.q && fits(normHint)) {
        out.headDim = normHint;
    } else if (rotaryHint > 0 && !neox && fits(rotaryHint)) { // GPT-NeoX rotates part of each head only
        out.headDim = rotaryHint;
    } else {
        out.headDimGuessed = true;
        const std::int64_t preferred = out.fusedGpt2 ? 64 : 128;
        for (std::int64_t d : { preferred, std::int64_t(128), std::int64_t(64), std::int64_t(256), std::int64_t(32),
                                std::int64_t(16), std::int64_t(8), std::int64_t(4), std::int64_t(2), std::int64_t(1) })
            if (fits(d)) {
                out.headDim = d;
                break;
            }
    }
    return {};
}

struct Mlp
{
    std::int64_t ffn = 0;
    bool gated = false, bias = false;
};

std::string readMlp(const CheckpointLayer& layer, const std::vector<CheckpointTensor>& tensors, std::int64_t h, Mlp& out)
{
    std::vector<std::int64_t> sides;
    for (int ti : layer.tensors) {
        const CheckpointTensor& t = tensors[std::size_t(ti)];
        if (t.shape.size() < 2) {
            out.bias = out.bias || endsWith(t.name, ".bias");
            continue;
        }
        const auto side = otherSide(t.shape, h);
        if (!side)
            return "MLP matrix \"" + t.name + "\" " + shapeText(t.shape) + " has no side of the hidden size "
                + std::to_string(h);
        sides.push_back(*side);
    }
    if (sides.empty())
        return "the MLP \"" + layer.name + "\" has no matrices";
    out.ffn = *std::min_element(sides.begin(), sides.end());
    std::int64_t sum = 0;
    for (std::int64_t s : sides) {
        if (s % out.ffn != 0)
            return "the MLP matrices of \"" + layer.name + "\" have unrelated widths";
        sum += s;
    }
    if (sum != 2 * out.ffn && sum != 3 * out.ffn)
        return "the MLP \"" + layer.name + "\" is neither two matrices nor a gated three";
    out.gated = sum == 3 * out.ffn;
    return {};
}

std::string guessModelType(const std::string& stack, bool fusedGpt2)
{
    if (stack.rfind("gpt_neox.", 0) == 0)
        return "gpt_neox";
    if (fusedGpt2)
        return "gpt2";
    if (stack == "model.layers.")
        return "llama";
    return "";
}

std::string inferSpec(const std::vector<CheckpointLayer>& layers, const std::vector<CheckpointTensor>& tensors,
                      CheckpointShape& shape)
{
    const CheckpointLayer* embedding = findLayerWithRole(layers, LayerRole::TokenEmbedding);
    if (!firstMatrix(embedding, tensors))
        return "no token embedding matrix [vocab, hidden] was found";
    int stacks = 0;
    const std::string stack = mainBlockStack(layers, nullptr, &stacks);
    if (stack.empty())
        return "no numbered blocks were found";
    if (stacks > 1)
        return "the checkpoint has " + std::to_string(stacks) + " stacks of numbered blocks";
    const std::int64_t h = shape.hidden;

    int first = -1;
    for (const CheckpointLayer& l : layers)
        if (l.stack == stack && (first < 0 || l.blockIndex < first))
            first = l.blockIndex;
    std::map<LayerRole, const CheckpointLayer*> parts;
    for (const CheckpointLayer& l : layers)
        if (l.stack == stack && l.blockIndex == first && l.role != LayerRole::Other)
            parts[l.role] = &l;
    for (LayerRole r : { LayerRole::InputNorm, LayerRole::Attention, LayerRole::PostAttentionNorm, LayerRole::Mlp })
        if (!parts.count(r))
            return "block " + std::to_string(first)
                + " does not have the input norm, attention, post-attention norm and MLP of a standard decoder";
    for (const CheckpointLayer& l : layers)
        if (l.stack == stack && l.kind == LayerKind::Moe)
            return "the blocks are a mixture of " + (l.experts > 0 ? std::to_string(l.experts) + " " : std::string())
                + "experts (\"" + l.name + "\"), and the experts used per token are not in the tensors";

    TransformerSpec s;
    const CheckpointLayer& norm = *parts[LayerRole::InputNorm];
    s.norm = std::any_of(norm.tensors.begin(), norm.tensors.end(),
                         [&](int t) { return endsWith(tensors[std::size_t(t)].name, ".bias"); })
        ? NormKind::LayerNorm
        : NormKind::RmsNorm;

    Attention attn;
    if (std::string why = readAttention(*parts[LayerRole::Attention], tensors, h, stack.rfind("gpt_neox.", 0) == 0, attn);
        !why.empty())
        return why;
    Mlp mlp;
    if (std::string why = readMlp(*parts[LayerRole::Mlp], tensors, h, mlp); !why.empty())
        return why;

    s.modelType = guessModelType(stack, attn.fusedGpt2);
    s.hidden = h;
    s.vocab = shape.vocab;
    s.layers = shape.blocks;
    s.heads = attn.q / attn.headDim;
    s.kvHeads = attn.kv / attn.headDim;
    s.headDim = s.heads * attn.headDim == h ? 0 : attn.headDim;
    s.qkvBias = attn.qkvBias;
    s.attnOutBias = attn.outBias;
    s.ffn = mlp.ffn;
    s.gatedMlp = mlp.gated;
    s.mlpBias = mlp.bias;
    s.tiedEmbeddings = findLayerWithRole(layers, LayerRole::OutputHead) == nullptr;
    if (const CheckpointTensor* pos = firstMatrix(findLayerWithRole(layers, LayerRole::PositionEmbedding), tensors)) {
        s.positions = PositionKind::Learned;
        s.maxPositions = pos->shape[0];
    }
    try {
        s.validate("checkpoint");
    } catch (const InputError& e) {
        return "the shape read from the tensors is not valid (" + e.position() + ": " + e.message() + ")";
    }
    if (attn.headDimGuessed)
        shape.warnings.push_back(
            "the tensors do not say how many attention heads there are; assumed head_dim " + std::to_string(attn.headDim)
            + " (" + std::to_string(s.heads) + " heads, " + std::to_string(s.kvHeads)
            + " key/value heads). Heads change only the attention-score memory; put the model's config.json "
              "beside the checkpoint for the exact count");
    shape.spec = s;
    return {};
}


} // namespace

CheckpointShape inferCheckpointShape(const std::vector<CheckpointLayer>& layers, const std::vector<CheckpointTensor>& tensors)
{
    CheckpointShape shape;
    const CheckpointTensor* table = firstMatrix(findLayerWithRole(layers, LayerRole::TokenEmbedding), tensors);
    if (!table)
        table = firstMatrix(findLayerWithRole(layers, LayerRole::OutputHead), tensors);
    if (table) {
        shape.vocab = table->shape[0];
        shape.hidden = table->shape[1];
    } else { // the commonest side of all matrices
        std::unordered_map<std::int64_t, int> counts;
        for (const CheckpointTensor& t : tensors)
            if (t.shape.size() == 2) {
                ++counts[t.shape[0]];
                ++counts[t.shape[1]];
            }
        int best = 0;
        for (const auto& [side, n] : counts)
            if (n > best || (n == best && side > shape.hidden)) {
                best = n;
                shape.hidden = side;
            }
    }
    mainBlockStack(layers, &shape.blocks, nullptr);
    shape.why = inferSpec(layers, tensors, shape);
    return shape;
}


} // namespace shardscope
