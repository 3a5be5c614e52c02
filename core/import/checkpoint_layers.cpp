// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/checkpoint_layers.h"

#include "model/block_detection.h"

#include "util/text.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace shardscope {

namespace {


bool isIndex(std::string_view text)
{
    return !text.empty() && text.size() <= 9
        && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}


// Position of the block number among the components: the first number after a container, else the first number.
std::optional<std::size_t> blockComponent(const std::vector<std::string_view>& parts)
{
    std::optional<std::size_t> fallback;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!isIndex(parts[i]))
            continue;
        // The containers block_detection knows, so a module is cut at the same number that
        // detectTransformerBlocks later keys its blocks by.
        if (i > 0 && isBlockContainer(parts[i - 1]))
            return i;
        if (!fallback)
            fallback = i;
    }
    return fallback;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

bool isOneOf(std::string_view text, std::initializer_list<std::string_view> names)
{
    return std::find(names.begin(), names.end(), text) != names.end();
}

bool isNormName(std::string_view leaf)
{
    return contains(leaf, "norm") || leaf.substr(0, 3) == "ln_" || leaf == "ln" || leaf == "ln_f";
}

// Roles of modules outside blocks, from the last component of the module name.
LayerRole outsideRole(std::string_view leaf)
{
    if (isOneOf(leaf, { "lm_head", "embed_out", "output", "output_layer", "head", "score", "classifier" }))
        return LayerRole::OutputHead;
    if (isOneOf(leaf, { "wpe", "embed_positions", "position_embeddings", "position_embedding", "pos_embed",
                        "pos_embedding" }))
        return LayerRole::PositionEmbedding;
    if (isNormName(leaf))
        return contains(leaf, "emb") ? LayerRole::Other : LayerRole::FinalNorm; // BLOOM's embedding norm runs first
    if (isOneOf(leaf, { "wte", "embed_tokens", "embed_in", "word_embeddings", "tok_embeddings", "embeddings",
                        "embedding", "token_embedding", "tok_embedding", "embed", "emb" }))
        return LayerRole::TokenEmbedding;
    return LayerRole::Other;
}

// Role and order inside a block, from the component after the block number.
std::pair<LayerRole, int> blockRole(std::string_view sub)
{
    if (isNormName(sub)) {
        if (contains(sub, "input") || isOneOf(sub, { "ln_1", "norm1", "attention_norm", "attn_norm", "ln_attn" })
            || sub.substr(0, 8) == "pre_attn" || sub.substr(0, 13) == "pre_attention")
            return { LayerRole::InputNorm, 0 };
        if (contains(sub, "post_feedforward") || contains(sub, "post_mlp") || contains(sub, "post_ffn"))
            return { LayerRole::Other, 4 };
        if (contains(sub, "post_attention") || contains(sub, "pre_feedforward") || contains(sub, "pre_mlp")
            || isOneOf(sub, { "ln_2", "norm2", "ffn_norm", "mlp_norm", "ln_mlp" }))
            return { LayerRole::PostAttentionNorm, 2 };
        return { LayerRole::Other, 0 }; // an unnamed norm in a block: pre-norm, before its sublayer
    }
    if (contains(sub, "attn") || contains(sub, "attention"))
        return { LayerRole::Attention, 1 };
    if (contains(sub, "mlp") || contains(sub, "feed_forward") || contains(sub, "ffn") || contains(sub, "moe")
        || sub == "experts")
        return { LayerRole::Mlp, 3 };
    return { LayerRole::Other, 5 };
}

LayerKind kindOf(LayerRole role, std::string_view leaf)
{
    switch (role) {
    case LayerRole::TokenEmbedding:
    case LayerRole::PositionEmbedding:
        return LayerKind::Embedding;
    case LayerRole::InputNorm:
    case LayerRole::PostAttentionNorm:
    case LayerRole::FinalNorm:
        return LayerKind::Norm;
    case LayerRole::Attention:
        return LayerKind::Attention;
    case LayerRole::Mlp:
    case LayerRole::SharedExpert:
        return LayerKind::Mlp;
    case LayerRole::OutputHead:
        return LayerKind::OutputHead;
    case LayerRole::Other:
        break;
    }
    return isNormName(leaf) ? LayerKind::Norm : LayerKind::Other;
}

struct Placement
{
    int rank = 0;          // 0 token embedding, 1 position embedding, 2 other, 3 blocks, 4 final norm, 5 head
    int stackRank = 0;
    int blockIndex = -1;
    int subRank = 0;
    std::string name;

    bool operator<(const Placement& o) const
    {
        return std::tie(rank, stackRank, blockIndex, subRank, name)
            < std::tie(o.rank, o.stackRank, o.blockIndex, o.subRank, o.name);
    }
};

int outsideRank(LayerRole role)
{
    switch (role) {
    case LayerRole::TokenEmbedding:
        return 0;
    case LayerRole::PositionEmbedding:
        return 1;
    case LayerRole::FinalNorm:
        return 4;
    case LayerRole::OutputHead:
        return 5;
    default:
        return 2;
    }
}

std::string join(const std::vector<std::string_view>& parts, std::size_t count)
{
    std::string out;
    for (std::size_t i = 0; i < count && i < parts.size(); ++i) {
        if (i)
            out += '.';
        out += parts[i];
    }
    return out;
}

} // namespace

std::vector<std::string_view> nameComponents(std::string_view name)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i)
        if (i == name.size() || name[i] == '.') {
            if (i > start)
                out.push_back(name.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

std::string mainBlockStack(const std::vector<CheckpointLayer>& layers, std::int64_t* blockCount, int* stackCount)
{
    std::map<std::string, std::set<int>> numbers;
    for (const CheckpointLayer& l : layers)
        if (!l.stack.empty())
            numbers[l.stack].insert(l.blockIndex);
    std::string best;
    std::size_t bestCount = 0;
    for (const auto& [stack, set] : numbers)
        if (set.size() > bestCount) {
            best = stack;
            bestCount = set.size();
        }
    if (blockCount)
        *blockCount = best.empty() ? 0 : *numbers[best].rbegin() + 1;
    if (stackCount)
        *stackCount = int(numbers.size());
    return best;
}


const CheckpointLayer* findLayerWithRole(const std::vector<CheckpointLayer>& layers, LayerRole role)
{
    for (const CheckpointLayer& l : layers)
        if (l.role == role)
            return &l;
    return nullptr;
}


std::vector<CheckpointLayer> groupCheckpointTensors(const std::vector<CheckpointTensor>& tensors)
{
    std::vector<CheckpointLayer> layers;
    std::vector<Placement> placements;
    std::unordered_map<std::string, std::size_t> byName;
    std::map<std::string, int> stacks; // stack prefix -> rank, filled after grouping

    for (std::size_t t = 0; t < tensors.size(); ++t) {
        std::vector<std::string_view> parts = nameComponents(tensors[t].name);
        if (parts.size() > 1 && (parts.back() == "weight" || parts.back() == "bias"))
            parts.pop_back();
        const auto index = blockComponent(parts);
        const std::size_t keep = index ? std::min(parts.size(), *index + 2) : parts.size();
        std::string module = join(parts, keep);
        if (module.empty())
            module = tensors[t].name; // a name of dots alone: keep it as it is
        // A MoE block's shared expert (DeepSeek shared_experts, Qwen2-MoE shared_expert and its gate) is a
        // dense MLP of its own beside the routed experts.
        const std::string_view sharedPart = index && keep < parts.size() ? parts[keep] : std::string_view();
        const bool shared = isOneOf(sharedPart, { "shared_experts", "shared_expert", "shared_expert_gate" })
            && blockRole(toLower(parts[keep - 1])).first == LayerRole::Mlp;
        if (shared)
            module += sharedPart == "shared_expert_gate" ? std::string(".shared_expert") : "." + std::string(sharedPart);

        auto [it, added] = byName.try_emplace(module, layers.size());
        if (added) {
            CheckpointLayer layer;
            layer.name = module;
            Placement place;
            place.name = module;
            if (index) {
                layer.blockIndex = std::stoi(std::string(parts[*index]));
                layer.stack = join(parts, *index) + ".";
                const std::string_view sub = *index + 1 < parts.size() ? parts[*index + 1] : std::string_view();
                const std::string lowerSub = toLower(sub);
                const auto [role, subRank] = blockRole(lowerSub);
                layer.role = shared ? LayerRole::SharedExpert : role;
                layer.kind = kindOf(role, lowerSub);
                place.rank = 3;
                place.blockIndex = layer.blockIndex;
                place.subRank = subRank;
                stacks.emplace(layer.stack, 0);
            } else {
                const std::string leaf = toLower(parts.empty() ? std::string_view(module) : parts.back());
                layer.role = outsideRole(leaf);
                layer.kind = kindOf(layer.role, leaf);
                place.rank = outsideRank(layer.role);
            }
            layers.push_back(std::move(layer));
            placements.push_back(std::move(place));
        }
        CheckpointLayer& layer = layers[it->second];
        layer.tensors.push_back(int(t));
        layer.params += tensors[t].elements;
        // Routed experts: numbered (experts.N.w1, experts.N.gate_proj) or stacked in one tensor whose first
        // dimension is the expert (gpt-oss experts.gate_up_proj [experts, hidden, 2 ffn]).
        for (std::size_t i = keep; i < parts.size(); ++i)
            if (parts[i] == "experts" && layer.role == LayerRole::Mlp) {
                layer.kind = LayerKind::Moe;
                layer.expertParams += tensors[t].elements;
                if (i + 1 < parts.size() && isIndex(parts[i + 1]))
                    layer.experts = std::max(layer.experts, std::stoi(std::string(parts[i + 1])) + 1);
                else if (tensors[t].shape.size() >= 2 && tensors[t].shape[0] <= (1 << 20))
                    layer.experts = std::max(layer.experts, int(tensors[t].shape[0]));
                break;
            }
    }

    // Stacks: encoders (and vision towers) run before the decoder; otherwise by name.
    int rank = 0;
    for (bool early : { true, false })
        for (auto& [prefix, r] : stacks) {
            const std::string lower = toLower(prefix);
            if ((contains(lower, "encoder") || contains(lower, "vision")) == early)
                r = rank++;
        }
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (!layers[i].stack.empty())
            placements[i].stackRank = stacks[layers[i].stack];

    std::vector<std::size_t> order(layers.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return placements[a] < placements[b]; });
    std::vector<CheckpointLayer> sorted;
    sorted.reserve(layers.size());
    for (std::size_t i : order)
        sorted.push_back(std::move(layers[i]));
    return sorted;
}

} // namespace shardscope
