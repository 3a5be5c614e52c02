// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/seed_formats.h"

#include "import/hf_config_importer.h"
#include "util/json_reader.h"
#include "model/block_detection.h"
#include "util/text.h"

#include <array>
#include <map>
#include <set>
#include <utility>

namespace shardscope {

namespace {

constexpr const char* kSizesFormat = "layer-size list";
constexpr const char* kModelInfoFormat = "prototype ModelInfo";
constexpr std::int64_t kMaxParams = 1'000'000'000'000'000; // 1e15
constexpr std::int64_t kMaxBytes = 4 * kMaxParams;
constexpr int kMaxLayers = 1 << 24;

constexpr std::array<std::pair<SeedLayerType, std::string_view>, 9> kTypeNames { {
    { SeedLayerType::Embedding, "Embedding" },
    { SeedLayerType::Linear, "Linear" },
    { SeedLayerType::Attention, "Attention" },
    { SeedLayerType::Normalization, "Normalization" },
    { SeedLayerType::Activation, "Activation" },
    { SeedLayerType::Convolution, "Convolution" },
    { SeedLayerType::Pooling, "Pooling" },
    { SeedLayerType::Residual, "Residual" },
    { SeedLayerType::Other, "Other" },
} };

bool contains(const std::string& haystack, std::string_view needle) { return haystack.find(needle) != std::string::npos; }

LayerKind kindOf(SeedLayerType type)
{
    switch (type) {
    case SeedLayerType::Embedding:
        return LayerKind::Embedding;
    case SeedLayerType::Linear:
        return LayerKind::Mlp;
    case SeedLayerType::Attention:
        return LayerKind::Attention;
    case SeedLayerType::Normalization:
        return LayerKind::Norm;
    default:
        return LayerKind::Other;
    }
}

void finish(ModelGraph& graph, const JsonContext& context, std::int64_t total, std::string_view format)
{
    if (total <= 0)
        context.fail("$", "every layer has 0 parameters; expected at least one layer with parameters");
    detectTransformerBlocks(graph);
    graph.addWarning(seedActivationWarning(format));
}

} // namespace

std::optional<SeedLayerType> seedLayerTypeFromString(std::string_view text)
{
    for (const auto& [type, name] : kTypeNames)
        if (equalsIgnoreCase(text, name))
            return type;
    return std::nullopt;
}

std::string_view toString(SeedLayerType type)
{
    for (const auto& [t, name] : kTypeNames)
        if (t == type)
            return name;
    return "Other";
}

SeedLayerType seedLayerTypeFromName(std::string_view layerName)
{
    const std::string name = toLower(layerName);
    if (contains(name, "embed"))
        return SeedLayerType::Embedding;
    if (contains(name, "attention") || contains(name, "attn"))
        return SeedLayerType::Attention;
    if (contains(name, "norm"))
        return SeedLayerType::Normalization;
    return SeedLayerType::Linear;
}

Layer seedLayer(std::string name, std::int64_t params, SeedLayerType type)
{
    Layer layer;
    layer.name = std::move(name);
    layer.kind = kindOf(type);
    layer.op = std::string(toString(type));
    layer.params = params;
    layer.activeParams = params;
    const double factor = type == SeedLayerType::Linear ? 2.0 : type == SeedLayerType::Attention ? 4.0 : 1.0;
    layer.flopsPerToken = factor * double(params);
    layer.tpShardable = type == SeedLayerType::Linear || type == SeedLayerType::Embedding
        || type == SeedLayerType::Attention;
    layer.tpShardedParams = layer.tpShardable ? params : 0;
    return layer;
}

std::string seedActivationWarning(std::string_view format)
{
    return "activation memory is not counted for this model: the " + std::string(format)
        + " format carries no activation sizes, so memory estimates cover weights, gradients and optimizer "
          "state only, and the traffic between pipeline stages and within tensor-parallel groups is unknown "
          "(counted as 0). Import a Hugging Face config.json or a ShardScope model file for complete estimates.";
}

ModelGraph seedLayerSizesFromJson(const nlohmann::json& document, const std::string& source)
{
    const JsonContext context { source, kSizesFormat };
    if (!document.is_array())
        context.fail("$", "expected an array of [name, size_bytes] pairs, got " + jsonTypeName(document));
    if (document.empty())
        context.fail("$", "expected at least one [name, size_bytes] pair");
    if (document.size() > std::size_t(kMaxLayers))
        context.fail("$", "more than 16 million layers is not a model ShardScope can plan");

    ModelGraph graph(modelNameFromSource(source));
    graph.setSourceFormat("seed-layer-sizes");
    std::int64_t total = 0;
    for (std::size_t i = 0; i < document.size(); ++i) {
        const std::string path = "$[" + std::to_string(i) + "]";
        const nlohmann::json& pair = document[i];
        if (!pair.is_array() || pair.size() != 2)
            context.fail(path, "expected a pair [name, size_bytes], got " + jsonTypeName(pair)
                             + (pair.is_array() ? " of " + std::to_string(pair.size()) + " elements" : ""));
        std::string name = readString(pair[0], path + "[0]", context);
        if (name.empty())
            context.fail(path + "[0]", "expected a non-empty layer name");
        const std::int64_t bytes = readInteger(pair[1], path + "[1]", context, 0, kMaxBytes);
        const std::int64_t params = bytes / 4; // fp32 weights, as the prototype assumed
        total += params;
        if (total > kMaxParams)
            context.fail(path + "[1]", "the layers add up to more than 1e15 parameters");
        const SeedLayerType type = seedLayerTypeFromName(name);
        graph.addLayer(seedLayer(std::move(name), params, type));
    }
    graph.addSequentialEdges();
    finish(graph, context, total, kSizesFormat);
    return graph;
}

ModelGraph importSeedLayerSizes(std::string_view text, const std::string& source)
{
    return seedLayerSizesFromJson(parseJsonText(text, JsonContext { source, kSizesFormat }), source);
}

ModelGraph seedModelInfoFromJson(const nlohmann::json& document, const std::string& source)
{
    const JsonContext context { source, kModelInfoFormat };
    const JsonObjectReader root(document, "$", context);
    ModelGraph graph(root.stringOr("name", modelNameFromSource(source)));
    graph.setSourceFormat("seed-model-info");
    const nlohmann::json& layers = root.array("layers");
    if (layers.empty())
        root.fail("layers", "expected at least one layer");
    if (layers.size() > std::size_t(kMaxLayers))
        root.fail("layers", "more than 16 million layers is not a model ShardScope can plan");
    root.booleanOr("is_sequential", true); // type-checked; the edges come from the connections

    std::map<std::string, std::size_t> byName;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const JsonObjectReader l(layers[i], "$.layers[" + std::to_string(i) + "]", context);
        std::string name = l.string("name");
        if (name.empty())
            l.fail("name", "expected a non-empty layer name");
        if (const auto [it, fresh] = byName.emplace(name, i); !fresh)
            l.fail("name", "layer name \"" + name + "\" is used twice (also at $.layers[" + std::to_string(it->second)
                       + "]); connections refer to layers by name");
        const std::int64_t params = l.integer("param_count", 0, kMaxParams);
        total += params;
        if (total > kMaxParams)
            l.fail("param_count", "the layers add up to more than 1e15 parameters");
        SeedLayerType type = seedLayerTypeFromName(name);
        if (l.has("layer_type")) {
            const std::string text = l.string("layer_type");
            const auto parsed = seedLayerTypeFromString(text);
            if (!parsed)
                l.fail("layer_type", "unknown layer type \"" + text + "\"; expected one of Embedding, Linear, "
                                         "Attention, Normalization, Activation, Convolution, Pooling, Residual, Other");
            type = *parsed;
        }
        Layer layer = seedLayer(std::move(name), params, type);
        layer.flopsPerToken = l.numberOr("flops", layer.flopsPerToken, 0, 1e18);
        layer.tpShardable = l.booleanOr("is_tp_shardable", layer.tpShardable);
        layer.tpShardedParams = layer.tpShardable ? params : 0;
        graph.addLayer(std::move(layer));
    }

    std::set<std::pair<int, int>> edges;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const JsonObjectReader l(layers[i], "$.layers[" + std::to_string(i) + "]", context);
        const nlohmann::json* connections = l.find("connections");
        if (!connections)
            continue;
        if (!connections->is_array())
            l.fail("connections", "expected an array of layer names, got " + jsonTypeName(*connections));
        for (std::size_t k = 0; k < connections->size(); ++k) {
            const std::string path = l.pathOf("connections") + "[" + std::to_string(k) + "]";
            const std::string target = readString((*connections)[k], path, context);
            const auto it = byName.find(target);
            if (it == byName.end())
                context.fail(path, "unknown layer \"" + target + "\"; connections must name layers of this model");
            if (it->second == i)
                context.fail(path, "layer \"" + target + "\" is connected to itself");
            const int a = static_cast<int>(std::min(i, it->second));
            const int b = static_cast<int>(std::max(i, it->second));
            if (edges.insert({ a, b }).second)
                graph.addEdge(a, b);
        }
    }
    if (edges.empty())
        graph.addSequentialEdges();

    if (const nlohmann::json* declared = root.find("total_params")) {
        const std::int64_t n = readInteger(*declared, "$.total_params", context, 0, kMaxParams);
        if (n != total)
            graph.addWarning("total_params says " + std::to_string(n) + " but the layers' param_count add up to "
                             + std::to_string(total) + "; ShardScope uses the layers");
    }
    finish(graph, context, total, kModelInfoFormat);
    return graph;
}

ModelGraph importSeedModelInfo(std::string_view text, const std::string& source)
{
    return seedModelInfoFromJson(parseJsonText(text, JsonContext { source, kModelInfoFormat }), source);
}

} // namespace shardscope
