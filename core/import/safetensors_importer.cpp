// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/safetensors_importer.h"

#include "import/checkpoint_graph.h"
#include "import/checkpoint_layers.h"
#include "import/checkpoint_shape.h"
#include "import/hf_config_importer.h"
#include "util/json_reader.h"
#include "import/safetensors_header.h"
#include "util/input_error.h"
#include "util/text.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <unordered_map>

namespace shardscope {

namespace {

namespace fs = std::filesystem;

constexpr double kConfigTolerance = 0.005; // config.json and tensors may differ by buffers, not by whole matrices

std::string withCommas(std::int64_t n)
{
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return (n < 0 ? "-" : "") + out;
}

// "a, b, c and 4 more"
std::string listSome(const std::vector<std::string>& items, std::size_t shown = 3)
{
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i)
        out += (i ? ", " : "") + items[i];
    if (items.size() > shown)
        out += " and " + std::to_string(items.size() - shown) + " more";
    return out;
}

// model.safetensors, model-00001-of-00004.safetensors and the index are named after the folder.
std::string checkpointName(const std::string& path)
{
    const fs::path p(path);
    std::string stem = p.filename().string();
    if (const auto dot = stem.find(".safetensors"); dot != std::string::npos)
        stem.resize(dot);
    const bool generic = stem.empty() || stem == "model" || stem.rfind("model-0", 0) == 0 || stem == "consolidated";
    const std::string folder = p.has_parent_path() ? p.parent_path().filename().string() : std::string();
    if (generic && !folder.empty() && folder != "." && folder != "..")
        return folder;
    return stem.empty() ? std::string("model") : stem;
}

std::vector<CheckpointTensor> toCheckpointTensors(const SafetensorsHeader& header)
{
    std::vector<CheckpointTensor> out;
    out.reserve(header.tensors.size());
    for (const SafetensorsTensor& t : header.tensors)
        out.push_back(CheckpointTensor { t.name, t.shape, t.elements });
    return out;
}

void warnUnknownDtypes(const std::vector<const SafetensorsTensor*>& unknown, ModelGraph& graph)
{
    if (unknown.empty())
        return;
    std::map<std::string, int> dtypes;
    std::vector<std::string> names;
    for (const SafetensorsTensor* t : unknown) {
        ++dtypes[t->dtype];
        names.push_back(t->name);
    }
    std::string list;
    for (const auto& [dtype, n] : dtypes)
        list += (list.empty() ? "" : ", ") + dtype;
    graph.addWarning(std::to_string(unknown.size()) + " tensor(s) have a dtype ShardScope does not know (" + list
                     + ": " + listSome(names) + "); their byte sizes were not checked, and their parameters are "
                       "counted from their shapes");
}

bool isBuffer(const CheckpointTensor& t)
{
    const std::string_view n = t.name;
    auto ends = [&](std::string_view tail) { return n.size() >= tail.size() && n.substr(n.size() - tail.size()) == tail; };
    return ends("inv_freq") || ends("masked_bias") || ((ends("attn.bias") || ends("attention.bias")) && t.shape.size() == 4);
}

void warnBuffers(const std::vector<CheckpointTensor>& tensors, ModelGraph& graph)
{
    std::vector<std::string> buffers;
    for (const CheckpointTensor& t : tensors)
        if (isBuffer(t))
            buffers.push_back(t.name);
    if (!buffers.empty())
        graph.addWarning(std::to_string(buffers.size()) + " tensor(s) look like buffers rather than trained weights ("
                         + listSome(buffers) + "); they are counted as parameters like every stored tensor");
}

// config.json beside the checkpoint, when there is one and it describes a transformer ShardScope reads.
std::optional<ModelGraph> configBeside(const std::string& checkpointPath, std::vector<std::string>& warnings)
{
    const fs::path config = fs::path(checkpointPath).parent_path() / "config.json";
    std::error_code ec;
    if (!fs::is_regular_file(config, ec))
        return std::nullopt;
    try {
        std::ifstream in(config, std::ios::binary);
        if (!in)
            throw InputError(config.string(), "", "cannot open the file for reading");
        std::ostringstream text;
        text << in.rdbuf();
        ModelGraph graph = importHfConfig(text.str(), config.string());
        return graph;
    } catch (const InputError& e) {
        warnings.push_back(std::string("config.json beside the checkpoint was not used (") + e.what()
                           + "); the shape was read from the tensors instead");
    }
    return std::nullopt;
}

/// Block-quantisation scales stored beside FP8 weights (DeepSeek-V3's "<weight>.weight_scale_inv", one float
/// per 128 x 128 tile): not parameters of the model.
bool isQuantScale(const CheckpointTensor& t)
{
    const std::string_view n = t.name;
    constexpr std::string_view tail = "_scale_inv";
    return n.size() >= tail.size() && n.substr(n.size() - tail.size()) == tail;
}

ModelGraph checkpointModel(const std::vector<CheckpointTensor>& allTensors, const std::string& source, std::string format)
{
    std::vector<CheckpointTensor> tensors;
    std::vector<std::string> scales;
    tensors.reserve(allTensors.size());
    for (const CheckpointTensor& t : allTensors) {
        if (isQuantScale(t))
            scales.push_back(t.name);
        else
            tensors.push_back(t);
    }
    const std::vector<CheckpointLayer> layers = groupCheckpointTensors(tensors);
    // What a shape is compared with: every tensor but buffers (those get a warning of their own).
    std::int64_t total = 0;
    bool buffers = false;
    for (const CheckpointTensor& t : tensors) {
        buffers = buffers || isBuffer(t);
        if (!isBuffer(t))
            total += t.elements;
    }
    const std::string aside = buffers ? " besides buffers" : "";

    std::vector<std::string> warnings;
    const CheckpointShape shape = inferCheckpointShape(layers, tensors);
    std::optional<ModelGraph> costs = configBeside(source, warnings);
    std::string name = checkpointName(source);
    std::vector<std::string> estimated;
    ModelGraph graph;

    if (costs) {
        format += " + hf-config";
        name = costs->name();
        const std::int64_t configParams = costs->spec()->paramCount();
        if (std::fabs(double(configParams) - double(total)) > kConfigTolerance * double(total))
            warnings.push_back("config.json describes a model of " + withCommas(configParams)
                               + " parameters, but the checkpoint's tensors hold " + withCommas(total) + aside
                               + "; parameters follow the tensors, compute and activation costs follow config.json");
        graph = buildCheckpointGraph(layers, tensors, shape.hidden, &*costs, estimated);
        for (const std::string& w : costs->warnings())
            warnings.push_back(w);
        if (!estimated.empty())
            warnings.push_back(std::to_string(estimated.size()) + " layer(s) have no counterpart in config.json's shape ("
                               + listSome(estimated) + "); their costs are estimated from their tensor shapes");
    } else if (shape.spec) {
        TransformerSpec spec = *shape.spec;
        spec.name = name;
        const ModelGraph specGraph = buildModelGraph(spec);
        graph = buildCheckpointGraph(layers, tensors, shape.hidden, &specGraph, estimated);
        warnings.insert(warnings.end(), shape.warnings.begin(), shape.warnings.end());
        if (spec.paramCount() != total)
            warnings.push_back("the transformer shape read from the tensors (hidden " + std::to_string(spec.hidden)
                               + ", " + std::to_string(spec.layers) + " blocks) accounts for " + withCommas(spec.paramCount())
                               + " parameters, but the tensors hold " + withCommas(total) + aside
                               + "; parameters follow the tensors, costs follow the shape");
        if (!estimated.empty())
            warnings.push_back(std::to_string(estimated.size()) + " layer(s) are not part of the standard decoder shape ("
                               + listSome(estimated) + "); their costs are estimated from their tensor shapes");
    } else {
        graph = buildCheckpointGraph(layers, tensors, shape.hidden, nullptr, estimated);
        warnings.push_back(
            "the tensors do not read as a standard decoder (" + shape.why
            + "), so compute and activation costs are estimates from the tensor shapes: forward FLOPs per token = 2 x "
              "the weights of every matrix, activations from the matrix widths at hidden size "
            + std::to_string(shape.hidden)
            + ", attention scores for head_dim 128. Put the model's config.json beside the checkpoint for exact costs");
    }
    graph.setName(name);
    graph.setSourceFormat(format);
    warnBuffers(tensors, graph);
    if (!scales.empty())
        graph.addWarning(std::to_string(scales.size()) + " tensor(s) are quantisation scales of FP8 weights ("
                         + listSome(scales) + "), not parameters; they are not counted");
    for (std::string& w : warnings)
        graph.addWarning(std::move(w));
    return graph;
}

std::uint64_t littleEndian64(std::string_view bytes)
{
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | static_cast<unsigned char>(bytes[std::size_t(i)]);
    return n;
}

} // namespace

bool looksLikeSafetensors(std::string_view firstBytes, std::uintmax_t fileSize)
{
    if (firstBytes.size() < 9 || fileSize < 9)
        return false;
    const std::uint64_t n = littleEndian64(firstBytes);
    return n >= 1 && n <= fileSize - 8 && firstBytes[8] == '{';
}

ModelGraph importSafetensors(const std::string& path)
{
    return safetensorsModel(readSafetensorsHeader(path), path);
}

ModelGraph importSafetensors(std::istream& in, const std::string& source)
{
    return safetensorsModel(readSafetensorsHeader(in, std::nullopt, source), source);
}

ModelGraph safetensorsModel(const SafetensorsHeader& header, const std::string& path)
{
    if (header.tensors.empty())
        throw InputError(path, "byte 8", "safetensors: the header lists no tensors; there is nothing to plan");
    std::vector<const SafetensorsTensor*> unknown;
    for (const SafetensorsTensor& t : header.tensors)
        if (!t.dtypeKnown)
            unknown.push_back(&t);
    ModelGraph graph = checkpointModel(toCheckpointTensors(header), path, "safetensors");
    warnUnknownDtypes(unknown, graph);
    return graph;
}

ModelGraph importSafetensorsIndex(const nlohmann::json& index, const std::string& indexPath)
{
    const JsonContext context { indexPath, "safetensors index" };
    const JsonObjectReader root(index, "$", context);
    const nlohmann::json& weightMap = root.object("weight_map");
    if (weightMap.empty())
        context.fail("$.weight_map", "lists no tensors; expected {\"tensor name\": \"shard file\", ...}");

    // Shard file -> the tensors the index puts there, shards in name order (model-00001-of-... first).
    std::map<std::string, std::vector<std::string>> shards;
    std::unordered_map<std::string, const std::string*> shardOf; // tensor -> shard file (key of `shards`)
    for (const auto& [tensor, file] : weightMap.items()) {
        const std::string entry = "$.weight_map" + safetensorsEntryPath(tensor).substr(1);
        const std::string shard = readString(file, entry, context);
        if (shard.empty() || fs::path(shard).is_absolute())
            context.fail(entry, "expected a shard file name relative to the index's folder, got \"" + shard + "\"");
        shards[shard].push_back(tensor);
    }
    for (const auto& [shard, tensors] : shards)
        for (const std::string& t : tensors)
            shardOf.emplace(t, &shard);

    std::optional<std::int64_t> totalSize;
    if (root.has("metadata")) {
        const JsonObjectReader metadata(root.object("metadata"), "$.metadata", context);
        if (metadata.has("total_size"))
            totalSize = metadata.integer("total_size", 0, std::numeric_limits<std::int64_t>::max());
    }

    const fs::path folder = fs::path(indexPath).parent_path();
    std::vector<SafetensorsHeader> headers;
    std::unordered_map<std::string, std::string> storedIn; // tensor -> shard file holding it
    std::vector<CheckpointTensor> tensors;
    std::vector<std::string> unlisted;
    std::vector<const SafetensorsTensor*> unknown;
    std::int64_t knownBytes = 0;
    headers.reserve(shards.size());
    for (const auto& [shard, mapped] : shards) {
        const fs::path shardPath = folder / shard;
        const std::string entry = "$.weight_map" + safetensorsEntryPath(mapped.front()).substr(1);
        std::error_code ec;
        if (!fs::is_regular_file(shardPath, ec))
            context.fail(entry, "shard \"" + shard + "\" is missing: there is no file " + shardPath.string() + " ("
                                    + std::to_string(mapped.size()) + " tensor(s) are mapped to it)");
        headers.push_back(readSafetensorsHeader(shardPath.string()));
        for (const SafetensorsTensor& t : headers.back().tensors) {
            if (const auto [it, added] = storedIn.emplace(t.name, shard); !added)
                throw InputError(shardPath.string(), safetensorsEntryPath(t.name),
                                 "safetensors index: tensor \"" + t.name + "\" is stored in both \"" + it->second
                                     + "\" and \"" + shard + "\"; a checkpoint holds each tensor once");
            if (!shardOf.count(t.name))
                unlisted.push_back(t.name + " (" + shard + ")");
            if (t.dtypeKnown)
                knownBytes += std::int64_t(t.dataEnd - t.dataBegin);
            else
                unknown.push_back(&t);
            tensors.push_back(CheckpointTensor { t.name, t.shape, t.elements });
        }
    }

    for (const auto& [tensor, shard] : shardOf) {
        const auto it = storedIn.find(tensor);
        if (it != storedIn.end() && it->second == *shard)
            continue;
        const std::string entry = "$.weight_map" + safetensorsEntryPath(tensor).substr(1);
        if (it != storedIn.end())
            context.fail(entry, "tensor \"" + tensor + "\" is mapped to \"" + *shard + "\" but stored in \"" + it->second
                                    + "\"; the index does not belong to these shards");
        context.fail(entry, "tensor \"" + tensor + "\" is mapped to \"" + *shard
                                + "\", but that shard's header has no such tensor; the index does not belong to these "
                                  "shards, or the shard is incomplete");
    }

    ModelGraph graph = checkpointModel(tensors, indexPath, "safetensors index");
    if (!unlisted.empty())
        graph.addWarning(std::to_string(unlisted.size()) + " tensor(s) are stored in the shards but missing from "
                         "weight_map (" + listSome(unlisted) + "); they are counted, as loaders read whole shards");
    warnUnknownDtypes(unknown, graph);
    if (totalSize && unknown.empty() && *totalSize != knownBytes)
        graph.addWarning("metadata.total_size says " + withCommas(*totalSize) + " bytes, but the shards' tensors take "
                         + withCommas(knownBytes) + " bytes; the parameter count follows the shard headers");
    return graph;
}

} // namespace shardscope
