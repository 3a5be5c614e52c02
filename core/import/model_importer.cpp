// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/model_importer.h"

#include "import/hf_config_importer.h"
#include "import/json_reader.h"
#include "import/native_model_format.h"
#include "import/seed_formats.h"
#include "util/embedded_resources.h"
#include "util/input_error.h"
#include "util/text.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace shardscope {

namespace {

constexpr std::uintmax_t kMaxFileBytes = 512ull * 1024 * 1024; // model descriptions, not weights

// Formats a later release reads; until then a clear "not yet" beats a JSON syntax error.
std::optional<std::string> unsupportedFormat(const std::string& source)
{
    const std::string ext = toLower(std::filesystem::path(source).extension().string());
    if (ext == ".onnx")
        return "ONNX";
    if (ext == ".safetensors")
        return "safetensors";
    if (ext == ".graphml")
        return "GraphML";
    if (ext == ".dot" || ext == ".gv")
        return "Graphviz DOT";
    return std::nullopt;
}

// Only for naming the format in a syntax error, before the JSON can be inspected.
std::string guessFormat(std::string_view text)
{
    if (text.find("shardscope-model") != std::string_view::npos)
        return "ShardScope model";
    if (text.find("\"model_type\"") != std::string_view::npos || text.find("\"hidden_size\"") != std::string_view::npos
        || text.find("\"n_embd\"") != std::string_view::npos)
        return "Hugging Face config.json";
    if (text.find("\"param_count\"") != std::string_view::npos)
        return "prototype ModelInfo";
    return "JSON model file";
}

bool isLayerSizeList(const nlohmann::json& doc)
{
    if (!doc.is_array() || doc.empty())
        return false;
    const nlohmann::json& first = doc.front();
    return first.is_array() && first.size() == 2 && first[0].is_string();
}

bool isSeedModelInfo(const nlohmann::json& doc)
{
    const auto it = doc.find("layers");
    if (it == doc.end() || !it->is_array())
        return false;
    if (it->empty())
        return doc.contains("total_params") || doc.contains("is_sequential");
    return it->front().is_object() && it->front().contains("param_count");
}

} // namespace

ModelGraph importModelText(std::string_view text, const std::string& source)
{
    const auto firstChar = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (firstChar == std::string_view::npos)
        throw InputError(source, "", "the file is empty; expected a model description (a Hugging Face "
                                     "config.json, a ShardScope model or a layer list)");
    if (text[firstChar] != '{' && text[firstChar] != '[') {
        if (const auto format = unsupportedFormat(source))
            throw InputError(source, "", *format + " models are not supported yet; export the model's "
                                                   "config.json or a ShardScope model file instead");
        throw InputError(source, lineColumnAt(text, firstChar),
                         "not a model file ShardScope can read: expected JSON (a Hugging Face config.json, a "
                         "ShardScope model or a layer list)");
    }

    const nlohmann::json doc = parseJsonText(text, JsonContext { source, guessFormat(text) });
    if (doc.is_array()) {
        if (isLayerSizeList(doc) || doc.empty())
            return seedLayerSizesFromJson(doc, source);
        throw InputError(source, "$[0]", "layer-size list: expected [name, size_bytes] pairs, got "
                                             + jsonTypeName(doc.front()));
    }
    if (!doc.is_object())
        throw InputError(source, "$", "expected a JSON object or array, got " + jsonTypeName(doc));

    if (const auto it = doc.find("format"); it != doc.end()) {
        if (*it == "shardscope-hardware")
            throw InputError(source, "$.format", "this is a hardware catalog, not a model; pass it as the "
                                                 "hardware catalog instead");
        return nativeModelFromJson(doc, source);
    }
    if (doc.contains("weight_map"))
        throw InputError(source, "$.weight_map", "safetensors index files are not supported yet; import the "
                                                 "model's config.json instead");
    if (doc.contains("model_type") || doc.contains("architectures") || doc.contains("hidden_size")
        || doc.contains("n_embd"))
        return modelGraphFromHfConfig(doc, source);
    if (isSeedModelInfo(doc))
        return seedModelInfoFromJson(doc, source);
    throw InputError(source, "$", "could not tell the model format: expected \"format\": \"shardscope-model\", a "
                                  "Hugging Face config.json (with \"model_type\" or \"hidden_size\"), a prototype "
                                  "ModelInfo (\"layers\" with \"param_count\") or an array of [name, size_bytes] pairs");
}

ModelGraph importModel(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw InputError(path, "", "no such file");
    if (fs::is_directory(status))
        throw InputError(path, "", "is a directory; expected a model file (for a Hugging Face checkpoint, pass its "
                                   "config.json)");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (!ec && size > kMaxFileBytes)
        throw InputError(path, "", "the file is " + formatBytes(double(size))
                                       + "; model descriptions are far smaller (is this a weights file?)");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "", "cannot open the file for reading (check its permissions)");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad())
        throw InputError(path, "", "reading the file failed");
    return importModelText(buffer.str(), path);
}

std::optional<ModelGraph> findBundledModel(std::string_view name)
{
    std::string_view stem = name;
    if (stem.size() > 5 && equalsIgnoreCase(stem.substr(stem.size() - 5), ".json"))
        stem.remove_suffix(5);
    for (const EmbeddedResource& r : embeddedModels())
        if (equalsIgnoreCase(r.name, stem)) {
            const std::string file(r.name);
            ModelGraph graph = importModelText(r.text, "resources/models/" + file + ".json");
            graph.setName(file);
            return graph;
        }
    return std::nullopt;
}

std::vector<std::string> bundledModelNames()
{
    std::vector<std::string> names;
    for (const EmbeddedResource& r : embeddedModels())
        names.emplace_back(r.name);
    return names;
}

} // namespace shardscope
