// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/hf_config_importer.h"

#include "import/hf_config_keys.h"
#include "import/hf_families.h"
#include "util/json_reader.h"
#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <optional>
#include <vector>

namespace shardscope {

namespace {

constexpr const char* kFormat = "Hugging Face config.json";
constexpr std::int64_t kMaxPositions = 1 << 30;

/// Where a config keeps its rotary settings: "rope_theta" and "rope_scaling" at the top level, or
/// (transformers 5) both in one "rope_parameters" object, where rope_type "default" means no scaling.
struct RopeKeys
{
    std::string theta = "rope_theta";
    std::string scaling = "rope_scaling";
};

RopeKeys ropeKeysOf(const JsonObjectReader& cfg)
{
    RopeKeys keys;
    if (!cfg.has("rope_theta") && cfg.has("rotary_emb_base")) // GPT-NeoX configs' older name for it
        keys.theta = "rotary_emb_base";
    else if (cfg.has("rope_parameters") && !cfg.has("rope_theta")) {
        keys.theta = "rope_parameters.rope_theta";
        keys.scaling = "rope_parameters";
    }
    return keys;
}

/// The key the scaling object names its type with: "rope_type", or the older "type".
std::string scalingTypeKey(const JsonObjectReader& cfg)
{
    const nlohmann::json* o = cfg.find(ropeKeysOf(cfg).scaling);
    return o && o->is_object() && !o->contains("rope_type") && o->contains("type") ? "type" : "rope_type";
}

RopeScaling readRopeScaling(const JsonObjectReader& r)
{
    RopeScaling out;
    // Older configs say "type", newer "rope_type" (transformers keeps both readable).
    out.type = toLower(r.has("rope_type") ? r.string("rope_type") : r.stringOr("type", ""));
    if (out.type.empty())
        r.fail("rope_type", "expected the rope scaling type (\"rope_type\", such as \"llama3\" or \"linear\")");
    if (out.isLlama3()) { // transformers' _validate_llama3_parameters requires all four
        out.factor = r.number("factor", 1, kMaxRopeScalingFactor);
        out.lowFreqFactor = r.number("low_freq_factor", 0, kMaxRopeScalingFactor);
        out.highFreqFactor = r.number("high_freq_factor", 0, kMaxRopeScalingFactor);
        out.originalMaxPositions = r.integer("original_max_position_embeddings", 1, kMaxPositions);
    } else {
        out.factor = r.numberOr("factor", 0, 1, kMaxRopeScalingFactor);
        out.originalMaxPositions = r.integerOr("original_max_position_embeddings", 0, 1, kMaxPositions);
    }
    return out;
}

/// rope_theta and rope_scaling as the config gives them; absent ones stay unset (no default base).
void readRope(const JsonObjectReader& cfg, TransformerSpec& s)
{
    const RopeKeys keys = ropeKeysOf(cfg);
    if (keys.scaling == "rope_parameters") {
        const JsonObjectReader params(cfg.object("rope_parameters"), cfg.pathOf("rope_parameters"), cfg.context());
        if (params.has("rope_theta"))
            s.ropeTheta = params.number("rope_theta", kMinRopeTheta, kMaxRopeTheta);
        const std::string type = toLower(params.stringOr("rope_type", params.stringOr("type", "default")));
        if (type != "default")
            s.ropeScaling = readRopeScaling(params);
        return;
    }
    if (cfg.has(keys.theta))
        s.ropeTheta = cfg.number(keys.theta, kMinRopeTheta, kMaxRopeTheta);
    if (cfg.has("rope_scaling")) {
        const JsonObjectReader r(cfg.object("rope_scaling"), cfg.pathOf("rope_scaling"), cfg.context());
        if (toLower(r.stringOr("rope_type", r.stringOr("type", ""))) != "default")
            s.ropeScaling = readRopeScaling(r);
    }
}

/// The decoder's shape by `family`'s reader, with the rotary settings where it has rotary positions.
TransformerSpec readDecoder(const JsonObjectReader& cfg, HfFamily family)
{
    TransformerSpec spec = readHfFamily(cfg, family);
    if (spec.positions == PositionKind::Rotary)
        readRope(cfg, spec);
    return spec;
}

struct Parsed
{
    TransformerSpec spec;
    std::vector<std::string> warnings;
};

/// "a, b and c" of at most 24 keys, then "and N more".
std::string listKeys(const std::vector<std::string>& keys)
{
    constexpr std::size_t kShown = 24; // a real config has fewer; more is damage
    std::string out;
    const std::size_t shown = std::min(keys.size(), kShown);
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0)
            out += (i + 1 == shown && keys.size() <= kShown) ? " and " : ", ";
        out += keys[i];
    }
    if (keys.size() > kShown)
        out += " and " + std::to_string(keys.size() - kShown) + " more";
    return out;
}

/// Reads `decoder` with `family`'s reader; the structural keys it leaves unread, or nullopt when the
/// reader rejects the config outright.
std::optional<std::vector<std::string>> unreadBy(const nlohmann::json& decoder, HfFamily family,
                                                 const JsonContext& context)
{
    JsonObjectReader cfg(decoder, "$", context);
    HfKeyLog read;
    cfg.recordKeysIn(&read);
    try {
        (void)readDecoder(cfg, family);
    } catch (const InputError&) {
        return std::nullopt;
    }
    return unreadStructuralKeys(decoder, read, family);
}

/// Whether the config's "architectures" names the family ("DeepseekV3ForCausalLM" for deepseek_v3).
bool architecturesName(const nlohmann::json& config, std::string_view type)
{
    std::string family;
    for (char c : type)
        if (c != '_')
            family += c;
    const auto it = config.find("architectures");
    if (it == config.end() || !it->is_array())
        return false;
    for (const nlohmann::json& a : *it)
        if (a.is_string() && toLower(a.get<std::string>()).starts_with(family))
            return true;
    return false;
}

/// The known model_type whose reader leaves the fewest of the config's structural keys unread; of
/// readers that tie, the one the config's "architectures" names.
std::string nearestKnownType(const nlohmann::json& config, const nlohmann::json& decoder, const JsonContext& context,
                             std::size_t& leftUnread)
{
    std::string best;
    std::pair<std::size_t, bool> bestScore { std::numeric_limits<std::size_t>::max(), true };
    for (int f = 0; f < int(HfFamily::Unknown); ++f) {
        const auto family = HfFamily(f);
        const auto unread = unreadBy(decoder, family, context);
        if (!unread)
            continue;
        const std::string_view type = hfFamilyTypeName(family);
        const std::pair<std::size_t, bool> score { unread->size(), !architecturesName(config, type) };
        if (score < bestScore) {
            bestScore = score;
            best = std::string(type);
        }
    }
    leftUnread = bestScore.first;
    return best;
}

/// A config whose structural keys the reader did not all read describes a model the reader would
/// plan wrongly: stop, naming the keys and the known type that reads the most of them.
void refuseUnread(const JsonObjectReader& cfg, const nlohmann::json& config, const nlohmann::json& decoder,
                  const std::string& type, HfFamily family, const std::vector<std::string>& unread)
{
    const std::string reader = family == HfFamily::Unknown
        ? std::string("model_type \"") + (type.empty() ? std::string("(none)") : type)
            + "\" is not one ShardScope knows, and the Llama-style reader it would fall back to"
        : "ShardScope's reader of model_type \"" + type + "\"";
    std::string message = reader + " does not read " + listKeys(unread)
        + (unread.size() == 1 ? std::string(", which describes") : std::string(", which describe"))
        + " parts of the model it would leave out or price wrongly; it stops rather than plan a different model.";
    std::size_t left = 0;
    const std::string nearest = nearestKnownType(config, decoder, cfg.context(), left);
    if (!nearest.empty() && nearest != type) {
        message += " The nearest known model_type is \"" + nearest + "\"";
        message += left == 0 ? std::string(", whose reader reads every key of this config")
                             : ", whose reader leaves " + std::to_string(left) + (left == 1 ? " key" : " keys") + " unread";
        message += ".";
    }
    cfg.fail(unread.front(), message);
}

/// layer_types lists each block's attention; ShardScope knows full and sliding-window attention.
void checkLayerTypes(const JsonObjectReader& cfg, std::int64_t layers)
{
    if (!cfg.has("layer_types"))
        return;
    const nlohmann::json& list = cfg.array("layer_types");
    if (std::int64_t(list.size()) != layers)
        cfg.fail("layer_types", "expected one entry per block (" + std::to_string(layers) + "), got "
                                    + std::to_string(list.size()));
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = cfg.pathOf("layer_types") + "[" + std::to_string(i) + "]";
        const std::string kind = readString(list[i], path, cfg.context());
        if (kind != "full_attention" && kind != "sliding_attention")
            cfg.context().fail(path, "block " + std::to_string(i) + " is \"" + kind.substr(0, 64)
                                         + "\"; ShardScope plans blocks of \"full_attention\" and "
                                           "\"sliding_attention\" only, and stops rather than price another "
                                           "kind of block as attention");
    }
}

/// The import note of a config whose blocks attend within a sliding window (Mistral, Gemma 2/3, gpt-oss,
/// Phi-3, Starcoder2, Qwen with use_sliding_window): priced as full causal attention, an over-count.
std::string windowNote(const JsonObjectReader& cfg)
{
    bool windowed = cfg.has("sliding_window") && cfg.booleanOr("use_sliding_window", true);
    if (cfg.has("layer_types")) {
        windowed = false;
        for (const nlohmann::json& kind : cfg.array("layer_types"))
            windowed = windowed || kind == "sliding_attention";
    }
    // A window as long as the longest sequence the model takes never narrows (Phi-3.5-MoE: 131072 both).
    const nlohmann::json* w = cfg.find("sliding_window");
    const bool sized = w && w->is_number_integer();
    const std::int64_t positions = cfg.integerOr("max_position_embeddings", 0, 0, std::int64_t(1) << 40);
    if (sized && positions > 0 && w->get<std::int64_t>() >= positions)
        windowed = false;
    if (!windowed)
        return {};
    const std::string window = sized ? std::to_string(w->get<std::int64_t>()) + " tokens" : std::string("a window");
    return "Some or all blocks attend within a sliding window of " + window
        + " (sliding_window); ShardScope prices them as full causal attention, which over-counts their attention "
          "FLOPs and activation memory at sequences longer than the window.";
}

Parsed parse(const nlohmann::json& config, const std::string& source)
{
    const JsonContext context { source, kFormat };
    const JsonObjectReader top(config, "$", context);
    const std::string type = toLower(top.stringOr("model_type", ""));
    // Architecture names are short ("llama", "qwen2_moe"); a long one is damage, and would fill the notes.
    constexpr std::size_t kMaxModelTypeBytes = 256;
    if (type.size() > kMaxModelTypeBytes)
        top.fail("model_type", "model_type is " + std::to_string(type.size()) + " bytes long; expected a short "
                                   "architecture name such as \"llama\" (at most "
                                   + std::to_string(kMaxModelTypeBytes) + " bytes)");
    if (isRecurrentModelType(type))
        top.fail("model_type", "model_type \"" + type + "\" is a state-space or recurrent model (Mamba-style or "
                                   "hybrid layers); ShardScope plans attention decoders only (llama, qwen3, gemma2, "
                                   "falcon, ... with attention and MLP in every block)");
    HfFamily family = hfFamilyOf(type);
    if (family == HfFamily::Unknown && type.empty() && top.has("n_embd"))
        family = HfFamily::Gpt2; // GPT-2 configs from before model_type existed

    // A multimodal Gemma 3 (Gemma3ForConditionalGeneration) keeps its decoder in text_config; without one
    // it is Gemma3TextConfig's defaults.
    const nlohmann::json emptyObject = nlohmann::json::object();
    const bool textConfig = type == "gemma3";
    const nlohmann::json& decoder = textConfig ? (top.has("text_config") ? top.object("text_config") : emptyObject) : config;
    JsonObjectReader cfg(decoder, textConfig ? top.pathOf("text_config") : "$", context);
    HfKeyLog read;
    cfg.recordKeysIn(&read);

    Parsed out;
    out.spec = readDecoder(cfg, family);
    if (const std::vector<std::string> unread = unreadStructuralKeys(decoder, read, family); !unread.empty())
        refuseUnread(cfg, config, decoder, type, family, unread);
    if (textConfig) {
        std::vector<std::string> wrapper;
        for (const auto& [key, value] : config.items())
            if (!value.is_null() && !isGemma3WrapperKey(key) && !isBookkeepingHfKey(key))
                wrapper.push_back(key);
        if (!wrapper.empty())
            top.fail(wrapper.front(), "a multimodal Gemma 3 config keeps its decoder in text_config; ShardScope does "
                                      "not read " + listKeys(wrapper) + " beside it and stops rather than plan a "
                                      "different model");
        if (top.has("vision_config"))
            out.warnings.push_back("The config has a vision tower (vision_config); ShardScope plans the text decoder "
                                   "only, without the vision encoder's parameters and compute.");
    }
    if (hfFamilyHasWindows(family)) {
        checkLayerTypes(cfg, out.spec.layers);
        if (std::string note = windowNote(cfg); !note.empty())
            out.warnings.push_back(std::move(note));
    }
    if (textConfig && !cfg.has("tie_word_embeddings"))
        out.spec.tiedEmbeddings = top.booleanOr("tie_word_embeddings", true);
    out.spec.modelType = type;
    out.spec.name = modelNameFromSource(source);
    if (const std::string n = top.stringOr("_name_or_path", ""); !n.empty())
        out.spec.name = n;
    if (family == HfFamily::Unknown)
        out.warnings.push_back((type.empty() ? std::string("the config has no model_type")
                                    : "model_type \"" + type + "\" is not one ShardScope knows")
            + "; read it as a Llama-style decoder (RMSNorm, SwiGLU MLP, rotary positions, biases only "
              "where attention_bias/mlp_bias say so), as it reads every key of the config. Check the parameter "
              "count against the model card.");

    try {
        out.spec.validate(source);
    } catch (const InputError& e) {
        const std::string& field = e.position();
        std::string key = hfKeyOf(field, family, cfg);
        if (field == "rope_theta") {
            key = ropeKeysOf(cfg).theta;
        } else if (field.starts_with("rope_scaling")) {
            key = ropeKeysOf(cfg).scaling;
            const std::string sub = field.size() > 13 ? field.substr(13) : std::string();
            if (sub == "original_max_positions")
                key += ".original_max_position_embeddings";
            else if (sub == "type")
                key += "." + scalingTypeKey(cfg);
            else if (!sub.empty())
                key += "." + sub;
        }
        context.fail(cfg.pathOf(key), e.message());
    }
    return out;
}

} // namespace

std::string modelNameFromSource(const std::string& source)
{
    const std::filesystem::path path(source);
    std::string stem = path.stem().string();
    if (stem == "config" && path.has_parent_path() && !path.parent_path().filename().empty())
        stem = path.parent_path().filename().string();
    return stem.empty() ? std::string("model") : stem;
}

TransformerSpec transformerSpecFromHfConfig(const nlohmann::json& config, const std::string& source)
{
    return parse(config, source).spec;
}

ModelGraph modelGraphFromHfConfig(const nlohmann::json& config, const std::string& source)
{
    Parsed parsed = parse(config, source);
    ModelGraph graph = buildModelGraph(parsed.spec);
    graph.setSourceFormat("hf-config");
    for (const std::string& warning : parsed.warnings)
        graph.addWarning(warning);
    return graph;
}

ModelGraph importHfConfig(std::string_view text, const std::string& source)
{
    const nlohmann::json config = parseJsonText(text, JsonContext { source, kFormat });
    return modelGraphFromHfConfig(config, source);
}

} // namespace shardscope
