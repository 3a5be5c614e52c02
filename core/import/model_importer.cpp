// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/model_importer.h"

#include "import/graph_file_importer.h"
#include "import/hf_config_importer.h"
#include "import/huge_page_allocator.h"
#include "util/json_reader.h"
#include "import/native_model_format.h"
#include "import/onnx_importer.h"
#include "import/safetensors_importer.h"
#include "import/seed_formats.h"
#include "util/embedded_resources.h"
#include "util/input_error.h"
#include "util/text.h"

#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <streambuf>
#include <system_error>

namespace shardscope {

namespace {

constexpr std::uintmax_t kMaxFileBytes = 512ull * 1024 * 1024; // model descriptions, not weights
constexpr std::uintmax_t kMaxOnnxStreamBytes = 2ull * 1024 * 1024 * 1024; // protobuf's message limit

std::string_view trimLeft(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

bool startsWithWord(std::string_view text, std::string_view word)
{
    if (text.size() < word.size() || !equalsIgnoreCase(text.substr(0, word.size()), word))
        return false;
    return text.size() == word.size() || !(std::isalnum(static_cast<unsigned char>(text[word.size()])) || text[word.size()] == '_');
}

// Graphviz: optional "strict", then "graph" or "digraph"; comments may come first.
bool looksLikeGraphviz(std::string_view text)
{
    while (true) {
        text = trimLeft(text);
        if (text.substr(0, 2) == "//" || text.substr(0, 1) == "#") {
            const auto eol = text.find('\n');
            if (eol == std::string_view::npos)
                return false;
            text.remove_prefix(eol + 1);
        } else if (text.substr(0, 2) == "/*") {
            const auto close = text.find("*/");
            if (close == std::string_view::npos)
                return false;
            text.remove_prefix(close + 2);
        } else {
            break;
        }
    }
    if (startsWithWord(text, "strict"))
        text = trimLeft(text.substr(6));
    return startsWithWord(text, "digraph") || startsWithWord(text, "graph");
}

bool looksLikeXml(std::string_view text)
{
    return !text.empty() && text.front() == '<';
}

std::string extensionOf(const std::string& path)
{
    return toLower(std::filesystem::path(path).extension().string());
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

namespace {

// Names reach messages, the GUI and JSON output, which must be UTF-8; importers check where they
// can name a precise position, and this catches what any format lets through.
ModelGraph checkedModel(ModelGraph graph, const std::string& source)
{
    const auto check = [&](const std::string& name, const std::string& position, const char* what) {
        if (const std::size_t bad = invalidUtf8Offset(name); bad != std::string_view::npos)
            throw InputError(source, position, graph.sourceFormat() + ": the " + what + " \"" + escapedBytes(name)
                                                   + "\" is not valid UTF-8 (byte " + std::to_string(bad) + ")");
    };
    check(graph.name(), "", "model name");
    for (int i = 0; i < graph.layerCount(); ++i)
        check(graph.layer(i).name, "layer " + std::to_string(i), "layer name");
    // Numbers past what ShardScope plans (an ONNX graph of absurd shapes): stop here rather than give a model
    // that cannot be saved, read back or planned with finite times.
    double total = 0;
    for (int i = 0; i < graph.layerCount(); ++i) {
        const Layer& layer = graph.layer(i);
        if (const std::string problem = layerRangeProblem(layer); !problem.empty())
            throw InputError(source, "layer " + std::to_string(i),
                             graph.sourceFormat() + ": layer \"" + escapedBytes(layer.name) + "\": " + problem
                                 + "; check the file's shapes and sizes");
        total += double(layer.params);
    }
    if (total > double(kMaxLayerParams))
        throw InputError(source, "", graph.sourceFormat() + ": the layers add up to " + formatCount(total)
                                         + " parameters, more than ShardScope plans (at most 1e+15)");
    for (std::size_t i = 0; i < graph.nodes().size(); ++i)
        check(graph.nodes()[i].name, "operator " + std::to_string(i), "operator name");
    return graph;
}

ModelGraph importModelTextUnchecked(std::string_view text, const std::string& source);

} // namespace

ModelGraph importModelText(std::string_view text, const std::string& source)
{
    return checkedModel(importModelTextUnchecked(text, source), source);
}

namespace {

ModelGraph importModelTextUnchecked(std::string_view text, const std::string& source)
{
    const auto firstChar = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (firstChar == std::string_view::npos)
        throw InputError(source, "", std::string("the file is empty")
                                         + (text.empty() ? "" : " (" + std::to_string(text.size()) + " bytes of whitespace)")
                                         + "; expected a model description (a Hugging Face config.json, a "
                                           "ShardScope model or a layer list)");
    if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
        // The ASCII characters of the UTF-16 text tell the format the user meant.
        const bool little = text[0] == '\xFF';
        std::string ascii;
        for (std::size_t i = 2; i + 1 < text.size() && ascii.size() < 4096; i += 2)
            ascii += text[little ? i : i + 1];
        const std::string_view rest = trimLeft(ascii);
        const std::string format = looksLikeXml(rest) ? "GraphML" : looksLikeGraphviz(rest) ? "Graphviz DOT" : guessFormat(rest);
        throw InputError(source, "byte 0", format + ": the file is UTF-16 " + (little ? "little-endian" : "big-endian")
                                               + " (it starts with a UTF-16 byte-order mark); model files must be "
                                                 "UTF-8: save it as UTF-8");
    }
    if (text[firstChar] != '{' && text[firstChar] != '[') {
        const std::string_view rest = text.substr(firstChar);
        // JSON is checked by parseJsonText; the XML and DOT scanners take bytes as they are.
        const std::size_t bad = invalidUtf8Offset(text);
        if (bad != std::string_view::npos && (looksLikeXml(rest) || looksLikeGraphviz(rest))) {
            char byte[8];
            std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
            const char* format = looksLikeXml(rest) ? "GraphML" : "Graphviz DOT";
            throw InputError(source, lineColumnAt(text, bad),
                             std::string(format) + ": byte " + byte
                                 + " is not valid UTF-8; ShardScope reads text model files as UTF-8 (Latin-1 or "
                                   "Windows-1252 text: save it as UTF-8)");
        }
        if (looksLikeXml(rest)) {
            if (rest.find("<graphml") != std::string_view::npos)
                return importGraphml(text, source);
            throw InputError(source, lineColumnAt(text, firstChar),
                             "XML without a <graphml> element; ShardScope reads GraphML graphs (docs/graph-formats.md)");
        }
        if (looksLikeGraphviz(rest))
            return importGraphviz(text, source);
        const std::string ext = extensionOf(source);
        if (ext == ".graphml")
            throw InputError(source, lineColumnAt(text, firstChar), "GraphML: expected an XML document with a <graphml> element");
        if (ext == ".dot" || ext == ".gv")
            throw InputError(source, lineColumnAt(text, firstChar),
                             "Graphviz DOT: expected \"digraph\", \"graph\" or \"strict\" at the start");
        throw InputError(source, lineColumnAt(text, firstChar),
                         "not a model file ShardScope can read: expected JSON (a Hugging Face config.json, a "
                         "ShardScope model, a safetensors index or a layer list), GraphML, Graphviz DOT, ONNX or "
                         "safetensors");
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
        return importSafetensorsIndex(doc, source);
    if (doc.contains("model_type") || doc.contains("architectures") || doc.contains("hidden_size")
        || doc.contains("n_embd"))
        return modelGraphFromHfConfig(doc, source);
    if (isSeedModelInfo(doc))
        return seedModelInfoFromJson(doc, source);
    throw InputError(source, "$", "could not tell the model format: expected \"format\": \"shardscope-model\", a "
                                  "Hugging Face config.json (with \"model_type\" or \"hidden_size\"), a prototype "
                                  "ModelInfo (\"layers\" with \"param_count\") or an array of [name, size_bytes] pairs");
}

// A stream's first bytes already read, then the rest of the stream: lets the format be told from
// the head without seeking (a pipe cannot seek back).
class PrefixedStreamBuf : public std::streambuf
{
public:
    PrefixedStreamBuf(std::string prefix, std::streambuf* rest)
        : m_prefix(std::move(prefix))
        , m_rest(rest)
    {
        setg(m_prefix.data(), m_prefix.data(), m_prefix.data() + m_prefix.size());
    }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr())
            return traits_type::to_int_type(*gptr());
        const std::streamsize got = m_rest->sgetn(m_chunk.data(), std::streamsize(m_chunk.size()));
        if (got <= 0)
            return traits_type::eof();
        setg(m_chunk.data(), m_chunk.data(), m_chunk.data() + got);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::string m_prefix;
    std::streambuf* m_rest;
    std::array<char, 1 << 16> m_chunk {};
};

// Reads the rest of `in` into one buffer, on huge pages when large, refusing more than `limit` bytes (said with
// the source's name; `noun`: "stream" or "file"). `expected` is the size where it is known (a file's): one read
// then fills the buffer, and the byte asked for beyond it tells whether more came. (A string grown by appends,
// or an ostringstream and its copy, touched about three times a 35 MB text in fresh memory, which a cold
// process faults in 4 KB at a time.)
HugePageVector<char> readAll(std::istream& in, std::uintmax_t limit, const std::string& source, const char* what,
                             const char* noun, std::size_t expected = 0)
{
    const auto most = static_cast<std::size_t>(limit) + 1; // enough to tell that the limit is passed
    HugePageVector<char> bytes(std::min(most, std::max<std::size_t>(expected + 1, std::size_t(1) << 16)));
    std::size_t got = 0;
    for (;;) {
        in.read(bytes.data() + got, static_cast<std::streamsize>(bytes.size() - got));
        got += static_cast<std::size_t>(in.gcount());
        if (got > limit)
            throw InputError(source, "", "more than " + formatBytes(double(limit)) + " came from the " + noun + "; " + what);
        if (got < bytes.size())
            break;
        bytes.resize(std::min(most, 2 * bytes.size()));
    }
    if (in.bad())
        throw InputError(source, "byte " + std::to_string(got), std::string("reading the ") + noun + " failed");
    bytes.resize(got);
    return bytes;
}

std::string_view view(const HugePageVector<char>& bytes) { return { bytes.data(), bytes.size() }; }

// A model from a stream (standard input, a FIFO, /dev/fd/N): read once, format told by content.
ModelGraph importModelStream(const std::string& path, const std::string& source)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw InputError(source, "", "cannot open the stream for reading");
    std::string head(16, '\0');
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    if (head.empty())
        throw InputError(source, "", "the stream is empty; expected a model description");
    PrefixedStreamBuf buffer(head, file.rdbuf());
    std::istream in(&buffer);
    // safetensors: the header is parsed and the tensor data only counted (the size is not known ahead).
    if (looksLikeSafetensors(head, std::numeric_limits<std::uintmax_t>::max()))
        return checkedModel(importSafetensors(in, source), source);
    const bool text = trimLeft(head).empty() || std::string_view("{[<").find(trimLeft(head)[0]) != std::string_view::npos
                      || looksLikeGraphviz(head);
    if (!text && head[0] == '\x08') // ModelProto field 1 (ir_version), varint
        return checkedModel(importOnnxBytes(view(readAll(in, kMaxOnnxStreamBytes, source,
                                                         "an ONNX ModelProto is at most 2 GiB (protobuf's limit)", "stream")),
                                            source),
                            source);
    return importModelText(
        view(readAll(in, kMaxFileBytes, source, "model descriptions are far smaller (is this a weights file?)", "stream")),
        source);
}

} // namespace

ModelGraph importModel(const std::string& path)
{
    namespace fs = std::filesystem;
    if (path == "-")
        return importModelStream("/dev/stdin", "standard input");
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw InputError(path, "", "no such file");
    // A FIFO, a pipe (/dev/fd/N from a shell's <(...)), a character device or a socket: read as a
    // stream, once, from its start.
    if (fs::is_fifo(status) || fs::is_character_file(status) || fs::is_socket(status))
        return importModelStream(path, path);
    if (fs::is_directory(status)) {
        // A checkpoint folder: the most complete description it holds.
        for (const char* name : { "model.safetensors.index.json", "model.safetensors", "config.json" }) {
            const fs::path candidate = fs::path(path) / name;
            if (fs::is_regular_file(candidate, ec))
                return importModel(candidate.string());
        }
        throw InputError(path, "", "is a directory without model.safetensors.index.json, model.safetensors or "
                                   "config.json; pass a model file");
    }
    const std::uintmax_t size = fs::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (!in || ec)
        throw InputError(path, "", "cannot open the file for reading (check its permissions)");

    std::string head(16, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    const std::string ext = extensionOf(path);
    // safetensors: only the header is read, whatever the size of the weights behind it.
    if (looksLikeSafetensors(head, size) || (ext == ".safetensors" && trimLeft(head).substr(0, 1) != "{"))
        return checkedModel(importSafetensors(path), path);
    const bool text = !head.empty() && (trimLeft(head).empty() || std::string_view("{[<").find(trimLeft(head)[0]) != std::string_view::npos
                                        || looksLikeGraphviz(head) || ext == ".json");
    // ModelProto field 1 (ir_version), varint; an empty file is ONNX only by its name.
    if (!text && (ext == ".onnx" || (!head.empty() && head[0] == '\x08')))
        return checkedModel(importOnnx(path), path);

    if (size > kMaxFileBytes)
        throw InputError(path, "", "the file is " + formatBytes(double(size))
                                       + "; model descriptions are far smaller (is this a weights file?)");
    in.clear();
    in.seekg(0);
    return importModelText(view(readAll(in, kMaxFileBytes, path, "model descriptions are far smaller (is this a weights file?)",
                                        "file", std::size_t(size))),
                           path);
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
