// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/block_detection.h"

#include "util/text.h"

#include <array>
#include <map>
#include <set>
#include <utility>

namespace shardscope {

namespace {

// Path components that hold a numbered list of blocks in common checkpoints:
// Llama "model.layers.N", GPT-2 "transformer.h.N", GPT-NeoX "gpt_neox.layers.N",
// BERT "encoder.layer.N", T5 "encoder.block.N", Megatron "transformer.layers.N".
constexpr std::array<std::string_view, 10> kContainers { "layers", "layer", "h", "blocks", "block",
                                                         "transformer", "decoder", "encoder", "stages", "stack" };

struct Component
{
    std::string_view text;
    std::size_t offset; // where it starts in the name: the prefix before it identifies the stack
};

std::vector<Component> components(std::string_view name)
{
    std::vector<Component> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i)
        if (i == name.size() || name[i] == '.' || name[i] == '/') {
            if (i > start)
                out.push_back({ name.substr(start, i - start), start });
            start = i + 1;
        }
    return out;
}

std::optional<int> asIndex(std::string_view text)
{
    if (text.empty() || text.size() > 9) // 9 digits always fit an int
        return std::nullopt;
    int value = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}


// The index and the name prefix before it ("model.layers."), which tells an encoder's block 0
// from a decoder's.
std::optional<std::pair<std::string, int>> blockKey(std::string_view name)
{
    const auto parts = components(name);
    std::optional<std::size_t> fallback;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (!asIndex(parts[i].text))
            continue;
        if (i > 0 && isBlockContainer(parts[i - 1].text))
            return std::pair { std::string(name.substr(0, parts[i].offset)), *asIndex(parts[i].text) };
        if (!fallback)
            fallback = i;
    }
    if (fallback)
        return std::pair { std::string(name.substr(0, parts[*fallback].offset)), *asIndex(parts[*fallback].text) };
    return std::nullopt;
}

} // namespace

std::optional<int> extractBlockIndex(std::string_view layerName)
{
    if (auto key = blockKey(layerName))
        return key->second;
    return std::nullopt;
}

std::vector<TransformerBlock> detectTransformerBlocks(ModelGraph& graph)
{
    std::vector<TransformerBlock> blocks;
    std::set<std::pair<std::string, int>> closed;
    std::optional<std::pair<std::string, int>> current;
    std::vector<std::string> strays;

    for (int i = 0; i < graph.layerCount(); ++i)
        graph.layer(i).block = -1;

    auto close = [&] {
        if (current)
            closed.insert(*current);
        current.reset();
    };

    for (int i = 0; i < graph.layerCount(); ++i) {
        const auto key = blockKey(graph.layer(i).name);
        if (!key)
            continue; // unnumbered: outside blocks, unless a later layer of the open block absorbs it
        if (current && *key == *current) {
            // Layers without a number between two layers of one block belong to it (a dropout, say).
            for (int j = blocks.back().layers.back() + 1; j <= i; ++j)
                blocks.back().layers.push_back(j);
            continue;
        }
        close();
        if (closed.count(*key)) {
            strays.push_back(graph.layer(i).name);
            continue;
        }
        current = key;
        TransformerBlock block;
        block.index = key->second;
        block.layers.push_back(i);
        blocks.push_back(std::move(block));
    }

    for (std::size_t b = 0; b < blocks.size(); ++b)
        for (int li : blocks[b].layers) {
            Layer& layer = graph.layer(li);
            layer.block = static_cast<int>(b);
            blocks[b].params += layer.params;
            blocks[b].flopsPerToken += layer.flopsPerToken;
        }

    if (!strays.empty()) {
        std::string list;
        for (std::size_t k = 0; k < strays.size() && k < 3; ++k)
            list += (k ? ", " : "") + strays[k];
        if (strays.size() > 3)
            list += " and " + std::to_string(strays.size() - 3) + " more";
        graph.addWarning(std::to_string(strays.size())
                         + " layer(s) come after their block had already ended in execution order (" + list
                         + "); they are planned as separate layers, outside any block");
    }
    graph.setBlocks(blocks);
    return blocks;
}

bool isBlockContainer(std::string_view component)
{
    for (std::string_view c : kContainers)
        if (equalsIgnoreCase(component, c))
            return true;
    return false;
}

} // namespace shardscope
