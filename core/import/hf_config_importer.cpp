// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/hf_config_importer.h"

#include "import/json_reader.h"
#include "util/input_error.h"
#include "util/text.h"

#include <filesystem>

namespace shardscope {

namespace {

constexpr const char* kFormat = "Hugging Face config.json";
constexpr std::int64_t kMaxDim = 1 << 22;        // TransformerSpec::validate's limit
constexpr std::int64_t kMaxPositions = 1 << 30;

enum class Family { Llama, Mistral, Mixtral, Qwen2, Gpt2, GptNeox, Unknown };

Family familyOf(const std::string& type)
{
    if (type == "llama")
        return Family::Llama;
    if (type == "mistral")
        return Family::Mistral;
    if (type == "mixtral")
        return Family::Mixtral;
    if (type == "qwen2")
        return Family::Qwen2;
    if (type == "gpt2")
        return Family::Gpt2;
    if (type == "gpt_neox")
        return Family::GptNeox;
    return Family::Unknown;
}

// The config.json key behind each TransformerSpec field, so validate()'s errors point into the file.
std::string hfKey(const std::string& field, Family family)
{
    const bool gpt2 = family == Family::Gpt2;
    if (field == "hidden")
        return gpt2 ? "n_embd" : "hidden_size";
    if (field == "ffn")
        return gpt2 ? "n_inner" : "intermediate_size";
    if (field == "layers")
        return gpt2 ? "n_layer" : "num_hidden_layers";
    if (field == "heads")
        return gpt2 ? "n_head" : "num_attention_heads";
    if (field == "kv_heads")
        return gpt2 ? "n_head" : "num_key_value_heads";
    if (field == "vocab")
        return "vocab_size";
    if (field == "max_positions")
        return gpt2 ? "n_positions" : "max_position_embeddings";
    if (field == "experts")
        return "num_local_experts";
    if (field == "experts_per_token")
        return "num_experts_per_tok";
    return field;
}

bool anyPositive(const JsonObjectReader& cfg, std::initializer_list<std::string_view> keys, double fallback)
{
    for (std::string_view key : keys)
        if (cfg.numberOr(key, fallback, 0, 1) > 0)
            return true;
    return false;
}

TransformerSpec readGpt2(const JsonObjectReader& cfg)
{
    TransformerSpec s;
    s.hidden = cfg.integer("n_embd", 1, kMaxDim);
    s.layers = cfg.integer("n_layer", 1, kMaxDim);
    s.heads = cfg.integer("n_head", 1, kMaxDim);
    s.kvHeads = s.heads;
    s.ffn = cfg.integerOr("n_inner", 4 * s.hidden, 1, kMaxDim);
    s.vocab = cfg.integer("vocab_size", 1, kMaxDim);
    s.maxPositions = cfg.has("n_positions") ? cfg.integer("n_positions", 1, kMaxPositions)
                                            : cfg.integer("n_ctx", 1, kMaxPositions);
    s.norm = NormKind::LayerNorm;
    s.qkvBias = s.attnOutBias = s.mlpBias = true;
    s.positions = PositionKind::Learned;
    s.tiedEmbeddings = cfg.booleanOr("tie_word_embeddings", true);
    s.gatedMlp = false;
    // GPT2Config's defaults are 0.1 for both, so an absent field means dropout is on.
    s.dropout = anyPositive(cfg, { "attn_pdrop", "resid_pdrop" }, 0.1);
    return s;
}

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

TransformerSpec readStandard(const JsonObjectReader& cfg, Family family)
{
    TransformerSpec s;
    s.hidden = cfg.integer("hidden_size", 1, kMaxDim);
    s.ffn = cfg.integer("intermediate_size", 1, kMaxDim);
    s.layers = cfg.integer("num_hidden_layers", 1, kMaxDim);
    s.heads = cfg.integer("num_attention_heads", 1, kMaxDim);
    s.kvHeads = cfg.integerOr("num_key_value_heads", s.heads, 1, kMaxDim);
    s.headDim = cfg.integerOr("head_dim", 0, 1, kMaxDim);
    s.vocab = cfg.integer("vocab_size", 1, kMaxDim);
    s.maxPositions = cfg.integerOr("max_position_embeddings", 0, 1, kMaxPositions);
    s.tiedEmbeddings = cfg.booleanOr("tie_word_embeddings", false);
    s.dropout = anyPositive(cfg, { "attention_dropout", "hidden_dropout" }, 0.0);
    s.positions = PositionKind::Rotary;
    readRope(cfg, s);

    switch (family) {
    case Family::GptNeox: {
        s.norm = NormKind::LayerNorm;
        s.gatedMlp = false;
        const bool bias = cfg.booleanOr("attention_bias", true);
        s.qkvBias = s.attnOutBias = bias;
        s.mlpBias = true;
        break;
    }
    case Family::Qwen2:
        s.qkvBias = true; // Qwen2 has biases on q, k and v only
        break;
    case Family::Mixtral:
        s.experts = cfg.integer("num_local_experts", 1, kMaxDim);
        s.expertsPerToken = cfg.integer("num_experts_per_tok", 1, kMaxDim);
        break;
    case Family::Mistral:
        break;
    case Family::Llama:
    case Family::Unknown:
    case Family::Gpt2:
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.mlpBias = cfg.booleanOr("mlp_bias", false);
        if (family == Family::Unknown && cfg.has("num_local_experts")) {
            s.experts = cfg.integer("num_local_experts", 1, kMaxDim);
            s.expertsPerToken = cfg.integer("num_experts_per_tok", 1, kMaxDim);
        }
        break;
    }
    return s;
}

struct Parsed
{
    TransformerSpec spec;
    std::string warning;
};

Parsed parse(const nlohmann::json& config, const std::string& source)
{
    const JsonContext context { source, kFormat };
    const JsonObjectReader cfg(config, "$", context);
    const std::string type = toLower(cfg.stringOr("model_type", ""));
    // Architecture names are short ("llama", "qwen2_moe"); a long one is damage, and would fill the notes.
    constexpr std::size_t kMaxModelTypeBytes = 256;
    if (type.size() > kMaxModelTypeBytes)
        cfg.fail("model_type", "model_type is " + std::to_string(type.size()) + " bytes long; expected a short "
                                   "architecture name such as \"llama\" (at most "
                                   + std::to_string(kMaxModelTypeBytes) + " bytes)");
    Family family = familyOf(type);
    if (family == Family::Unknown && type.empty() && cfg.has("n_embd"))
        family = Family::Gpt2; // GPT-2 configs from before model_type existed

    Parsed out;
    out.spec = family == Family::Gpt2 ? readGpt2(cfg) : readStandard(cfg, family);
    out.spec.modelType = type;
    out.spec.name = modelNameFromSource(source);
    if (const std::string n = cfg.stringOr("_name_or_path", ""); !n.empty())
        out.spec.name = n;
    if (family == Family::Unknown)
        out.warning = (type.empty() ? std::string("the config has no model_type")
                                    : "model_type \"" + type + "\" is not one ShardScope knows")
            + "; read it as a Llama-style decoder (RMSNorm, SwiGLU MLP, rotary positions, biases only "
              "where attention_bias/mlp_bias say so). Check the parameter count against the model card.";

    try {
        out.spec.validate(source);
    } catch (const InputError& e) {
        const std::string& field = e.position();
        std::string key = hfKey(field, family);
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
        context.fail("$." + key, e.message());
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
