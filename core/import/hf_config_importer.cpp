// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/hf_config_importer.h"

#include "import/hf_families.h"
#include "util/json_reader.h"
#include "util/input_error.h"
#include "util/text.h"

#include <filesystem>

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

struct Parsed
{
    TransformerSpec spec;
    std::string warning;
};

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
    const JsonObjectReader cfg(decoder, textConfig ? top.pathOf("text_config") : "$", context);

    Parsed out;
    out.spec = readHfFamily(cfg, family);
    if (out.spec.positions == PositionKind::Rotary)
        readRope(cfg, out.spec);
    if (textConfig && !cfg.has("tie_word_embeddings"))
        out.spec.tiedEmbeddings = top.booleanOr("tie_word_embeddings", true);
    out.spec.modelType = type;
    out.spec.name = modelNameFromSource(source);
    if (const std::string n = top.stringOr("_name_or_path", ""); !n.empty())
        out.spec.name = n;
    if (family == HfFamily::Unknown)
        out.warning = (type.empty() ? std::string("the config has no model_type")
                                    : "model_type \"" + type + "\" is not one ShardScope knows")
            + "; read it as a Llama-style decoder (RMSNorm, SwiGLU MLP, rotary positions, biases only "
              "where attention_bias/mlp_bias say so). Check the parameter count against the model card.";

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
    if (!parsed.warning.empty())
        graph.addWarning(parsed.warning);
    return graph;
}

ModelGraph importHfConfig(std::string_view text, const std::string& source)
{
    const nlohmann::json config = parseJsonText(text, JsonContext { source, kFormat });
    return modelGraphFromHfConfig(config, source);
}

} // namespace shardscope
