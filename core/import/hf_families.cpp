// SPDX-License-Identifier: GPL-3.0-or-later
// The block layout and config defaults of each Hugging Face family, as its modeling_<family>.py builds
// the parameters and its configuration_<family>.py fills keys a config.json omits. Parameter counts
// of real checkpoints are checked in tests/core/tst_hf_families.cpp.
#include "import/hf_families.h"

#include "import/hf_families_moe.h"

#include <array>

namespace shardscope {

namespace {

constexpr std::int64_t kMaxDim = 1 << 22;        // TransformerSpec::validate's limit
constexpr std::int64_t kMaxPositions = 1 << 30;
constexpr std::size_t kMaxActivationBytes = 64;  // "gelu_pytorch_tanh"; a longer one is damage

bool anyPositive(const JsonObjectReader& cfg, std::initializer_list<std::string_view> keys, double fallback)
{
    for (std::string_view key : keys)
        if (cfg.numberOr(key, fallback, 0, 1) > 0)
            return true;
    return false;
}

/// `key` if the config has it, else `alias` if it has that (older spellings), else `key`.
std::string spelled(const JsonObjectReader& cfg, std::string_view key, std::string_view alias)
{
    return !cfg.has(key) && cfg.has(alias) ? std::string(alias) : std::string(key);
}

std::string readActivation(const JsonObjectReader& cfg, std::string_view key, std::string fallback)
{
    std::string act = cfg.stringOr(key, std::move(fallback));
    if (act.size() > kMaxActivationBytes)
        cfg.fail(key, "expected an activation name such as \"silu\" (at most " + std::to_string(kMaxActivationBytes)
                          + " bytes), got " + std::to_string(act.size()) + " bytes");
    return act;
}

/// Dropout rates under every name the families use; any above 0 means dropout layers in training.
bool readDropout(const JsonObjectReader& cfg)
{
    return anyPositive(cfg, { "attention_dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "residual_dropout",
                              "embedding_dropout" },
                       0.0);
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

/// Falcon (modeling_falcon.py at 00dcc6dda6f6d8e69541a6b51f97986a80242367; FalconConfig defaults):
/// fused query_key_value of heads + 2 kv heads (new_decoder_architecture: num_kv_heads; multi_query:
/// one; else all heads), dense, dense_h_to_4h and dense_4h_to_h (GELU), biases where "bias" says
/// (default false); LayerNorms: input_layernorm and post_attention_layernorm for sequential blocks,
/// for parallel_attn blocks ln_attn and ln_mlp when num_ln_in_parallel_attn is 2 (the default of the
/// new decoder architecture) else one input_layernorm; ln_f; ALiBi or rotary; tied head by default.
TransformerSpec readFalcon(const JsonObjectReader& cfg)
{
    TransformerSpec s;
    s.hidden = cfg.integer("hidden_size", 1, kMaxDim);
    s.layers = cfg.integer(spelled(cfg, "num_hidden_layers", "n_layer"), 1, kMaxDim);
    s.heads = cfg.integer(spelled(cfg, "num_attention_heads", "n_head"), 1, kMaxDim);
    s.vocab = cfg.integer("vocab_size", 1, kMaxDim);
    s.ffn = cfg.integerOr("ffn_hidden_size", 4 * s.hidden, 1, kMaxDim);
    s.maxPositions = cfg.integerOr("max_position_embeddings", 2048, 1, kMaxPositions);
    const bool newArchitecture = cfg.booleanOr("new_decoder_architecture", false);
    const bool multiQuery = cfg.booleanOr("multi_query", true);
    const std::int64_t kvHeads = cfg.integerOr(spelled(cfg, "num_kv_heads", "n_head_kv"), s.heads, 1, kMaxDim);
    s.kvHeads = newArchitecture ? kvHeads : (multiQuery ? 1 : s.heads);
    s.norm = NormKind::LayerNorm;
    s.qkvBias = s.attnOutBias = s.mlpBias = cfg.booleanOr("bias", false);
    s.gatedMlp = false;
    s.activation = readActivation(cfg, "activation", "gelu");
    s.parallelBlock = cfg.booleanOr("parallel_attn", true);
    if (s.parallelBlock)
        s.mlpInputNorm = cfg.integerOr("num_ln_in_parallel_attn", newArchitecture ? 2 : 1, 1, 2) == 2;
    s.positions = cfg.booleanOr("alibi", false) ? PositionKind::Alibi : PositionKind::Rotary;
    s.tiedEmbeddings = cfg.booleanOr("tie_word_embeddings", true);
    s.dropout = readDropout(cfg);
    return s;
}

/// The keys most families share (Llama's names); `tied` is the config class's tie_word_embeddings default.
TransformerSpec readStandard(const JsonObjectReader& cfg, bool tied)
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
    s.tiedEmbeddings = cfg.booleanOr("tie_word_embeddings", tied);
    s.dropout = readDropout(cfg);
    s.positions = PositionKind::Rotary;
    // SwiGLU's SiLU is what a gated MLP without a name means; left empty so Llama-style shapes are
    // written as before.
    if (std::string act = readActivation(cfg, "hidden_act", "silu"); act != "silu")
        s.activation = std::move(act);
    return s;
}

/// Gemma3TextConfig's defaults (configuration_gemma3.py at 008f5c8c29be84d4721dc6d1e0fcd72300580be4):
/// released gemma3 configs give only what differs in their text_config (google/gemma-3-4b-pt gives
/// hidden_size, intermediate_size, num_hidden_layers, rope_scaling and sliding_window).
TransformerSpec readGemma3(const JsonObjectReader& cfg)
{
    TransformerSpec s;
    s.hidden = cfg.integerOr("hidden_size", 2304, 1, kMaxDim);
    s.ffn = cfg.integerOr("intermediate_size", 9216, 1, kMaxDim);
    s.layers = cfg.integerOr("num_hidden_layers", 26, 1, kMaxDim);
    s.heads = cfg.integerOr("num_attention_heads", 8, 1, kMaxDim);
    s.kvHeads = cfg.integerOr("num_key_value_heads", 4, 1, kMaxDim);
    s.headDim = cfg.integerOr("head_dim", 256, 1, kMaxDim);
    s.vocab = cfg.integerOr("vocab_size", 262208, 1, kMaxDim);
    s.maxPositions = cfg.integerOr("max_position_embeddings", 131072, 1, kMaxPositions);
    s.tiedEmbeddings = cfg.booleanOr("tie_word_embeddings", true);
    s.dropout = readDropout(cfg);
    s.positions = PositionKind::Rotary;
    if (!cfg.has("rope_theta") && !cfg.has("rope_parameters"))
        s.ropeTheta = 1'000'000.0;
    return s;
}

} // namespace

HfFamily hfFamilyOf(std::string_view t)
{
    struct Entry
    {
        std::string_view type;
        HfFamily family;
    };
    static constexpr std::array<Entry, 31> kTypes { {
        { "llama", HfFamily::Llama },         { "mistral", HfFamily::Mistral },   { "mixtral", HfFamily::Mixtral },
        { "qwen2", HfFamily::Qwen2 },         { "qwen3", HfFamily::Qwen3 },       { "gpt2", HfFamily::Gpt2 },
        { "gpt_neox", HfFamily::GptNeox },    { "gemma", HfFamily::Gemma },       { "gemma2", HfFamily::Gemma2 },
        { "gemma3_text", HfFamily::Gemma3 },  { "gemma3", HfFamily::Gemma3 },     { "phi", HfFamily::Phi },
        { "phi3", HfFamily::Phi3 },           { "olmo", HfFamily::Olmo },         { "olmo2", HfFamily::Olmo2 },
        { "granite", HfFamily::Granite },     { "starcoder2", HfFamily::Starcoder2 }, { "falcon", HfFamily::Falcon },
        { "nemotron", HfFamily::Nemotron },   { "cohere", HfFamily::Cohere },
        // Falcon's configs from before it joined transformers (n_head, n_layer, n_head_kv).
        { "refinedweb", HfFamily::Falcon },   { "refinedwebmodel", HfFamily::Falcon },
        { "qwen2_moe", HfFamily::Qwen2Moe },  { "qwen3_moe", HfFamily::Qwen3Moe }, { "deepseek_v2", HfFamily::DeepseekV2 },
        { "deepseek_v3", HfFamily::DeepseekV3 },
        // Kimi K2 is DeepSeek-V3's architecture under its own name (MoonshotAI/Kimi-K2 docs/deploy_guidance.md
        // at c6157be: "Kimi-K2 reuses the DeepSeekV3CausalLM architecture"); the V3 reader reads all its keys.
        { "kimi_k2", HfFamily::DeepseekV3 },
        { "olmoe", HfFamily::Olmoe },   { "phimoe", HfFamily::Phimoe },
        { "gpt_oss", HfFamily::GptOss },      { "granitemoe", HfFamily::GraniteMoe },
    } };
    for (const Entry& e : kTypes)
        if (e.type == t)
            return e.family;
    return HfFamily::Unknown;
}

bool isRecurrentModelType(std::string_view t)
{
    static constexpr std::array<std::string_view, 20> kTypes { "mamba", "mamba2", "falcon_mamba", "jamba", "zamba",
        "zamba2", "bamba", "recurrent_gemma", "rwkv", "rwkv5", "rwkv6", "rwkv7", "xlstm", "nemotron_h", "falcon_h1",
        "granitemoehybrid", "lfm2", "plamo2", "qwen3_next", "minimax" };
    for (std::string_view r : kTypes)
        if (r == t)
            return true;
    return false;
}

TransformerSpec readHfFamily(const JsonObjectReader& cfg, HfFamily family)
{
    if (family == HfFamily::Gpt2)
        return readGpt2(cfg);
    if (family == HfFamily::Falcon)
        return readFalcon(cfg);
    if (family == HfFamily::Gemma3) {
        TransformerSpec s = readGemma3(cfg);
        // modeling_gemma3.py: Gemma 2's block (below) plus q_norm and k_norm of head_dim.
        s.outputNorms = true;
        s.qkNorm = QkNorm::PerHead;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.activation = readActivation(cfg, "hidden_activation", "gelu_pytorch_tanh");
        return s;
    }

    // Config classes that tie the output head to the embedding unless the config says otherwise.
    const bool tiedByDefault = family == HfFamily::Gemma || family == HfFamily::Gemma2 || family == HfFamily::Cohere
        || family == HfFamily::Starcoder2;
    TransformerSpec s = readStandard(cfg, tiedByDefault);
    if (isHfMoeFamily(family)) {
        readHfMoeFamily(cfg, family, s);
        return s;
    }
    switch (family) {
    case HfFamily::GptNeox: {
        // modeling_gpt_neox.py: fused query_key_value and dense (biases unless attention_bias is false),
        // dense_h_to_4h and dense_4h_to_h with biases, input_layernorm and post_attention_layernorm
        // (LayerNorm), parallel when use_parallel_residual (default true), rotary on rotary_pct (0.25).
        s.norm = NormKind::LayerNorm;
        s.gatedMlp = false;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", true);
        s.mlpBias = true;
        s.parallelBlock = cfg.booleanOr("use_parallel_residual", true);
        s.rotaryFraction = cfg.numberOr("rotary_pct", 0.25, 1e-6, 1);
        s.activation = readActivation(cfg, "hidden_act", "gelu");
        break;
    }
    case HfFamily::Qwen2:
        s.qkvBias = true; // Qwen2Attention: biases on q, k and v only
        break;
    case HfFamily::Qwen3:
        // modeling_qwen3.py: Llama's block with q_norm and k_norm of head_dim (RMSNorm); Qwen3Config
        // defaults head_dim to 128 and attention_bias to false.
        s.headDim = cfg.integerOr("head_dim", 128, 1, kMaxDim);
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.qkNorm = QkNorm::PerHead;
        break;
    case HfFamily::Gemma:
    case HfFamily::Gemma2:
        // modeling_gemma.py, modeling_gemma2.py (at 006e86931247d7bacf94ad00ada1fb6baf11e94b): q, k, v and o
        // of head_dim (default 256) with attention_bias, GeGLU MLP, RMSNorm (1 + weight); Gemma 2 adds
        // post_attention_layernorm on the attention output and pre/post_feedforward_layernorm around the MLP.
        s.headDim = cfg.integerOr("head_dim", 256, 1, kMaxDim);
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.activation = readActivation(cfg, cfg.has("hidden_activation") ? "hidden_activation" : "hidden_act",
                                      "gelu_pytorch_tanh");
        s.outputNorms = family == HfFamily::Gemma2;
        break;
    case HfFamily::Phi:
        // modeling_phi.py: q, k, v and dense with biases, fc1 and fc2 with biases (GELU), one LayerNorm
        // before attention and MLP in parallel, final_layernorm, lm_head with a bias; qk_layernorm (default
        // false) adds LayerNorms of head_dim; partial_rotary_factor defaults to 0.5.
        s.norm = NormKind::LayerNorm;
        s.gatedMlp = false;
        s.qkvBias = s.attnOutBias = s.mlpBias = true;
        s.parallelBlock = true;
        s.mlpInputNorm = false;
        s.lmHeadBias = true;
        s.qkNorm = cfg.booleanOr("qk_layernorm", false) ? QkNorm::PerHead : QkNorm::None;
        s.rotaryFraction = cfg.numberOr("partial_rotary_factor", 0.5, 1e-6, 1);
        s.activation = readActivation(cfg, "hidden_act", "gelu_new");
        break;
    case HfFamily::Phi3:
        // modeling_phi3.py: fused qkv_proj and gate_up_proj (the same weights as separate ones), no biases,
        // RMSNorm, Llama's block; partial_rotary_factor (default 1).
        s.rotaryFraction = cfg.numberOr("partial_rotary_factor", 1, 1e-6, 1);
        break;
    case HfFamily::Olmo:
        // modeling_olmo.py: OlmoLayerNorm is a LayerNorm without weights (F.layer_norm with none);
        // otherwise Llama's block.
        s.norm = NormKind::LayerNormNoAffine;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        break;
    case HfFamily::Olmo2:
        // modeling_olmo2.py at 000c33fdfde12e1ffafbfcdb3c926df5727a00b6: no input norm; RMSNorms on the
        // attention output (post_attention_layernorm) and the MLP output (post_feedforward_layernorm);
        // q_norm over all heads x head_dim, k_norm over kv heads x head_dim.
        s.inputNorm = false;
        s.mlpInputNorm = false;
        s.outputNorms = true;
        s.qkNorm = QkNorm::Full;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        break;
    case HfFamily::Starcoder2:
        // modeling_starcoder2.py: q, k, v, o, c_fc and c_proj with biases when use_bias (default true),
        // LayerNorms with bias, plain GELU MLP; Starcoder2Config (configuration_starcoder2.py at
        // 008e574391258935f3ecc3035c882e73bbcac419) defaults tie_word_embeddings to true.
        s.norm = NormKind::LayerNorm;
        s.gatedMlp = false;
        s.qkvBias = s.attnOutBias = s.mlpBias = cfg.booleanOr("use_bias", true);
        s.activation = readActivation(cfg, "hidden_act", "gelu_pytorch_tanh");
        // BigCode's released configs also name the block's parts; only the ones built above are read.
        if (cfg.has("norm_type") && cfg.string("norm_type") != "layer_norm")
            cfg.fail("norm_type", "Starcoder2 blocks use LayerNorm; expected \"layer_norm\"");
        if (cfg.has("mlp_type") && cfg.string("mlp_type") != "default")
            cfg.fail("mlp_type", "Starcoder2 blocks have a plain (not gated) MLP; expected \"default\"");
        break;
    case HfFamily::Nemotron:
        // modeling_nemotron.py at 001ccfcb920be17dfbe8d9175dd2a4cc12b135f7: LayerNorm1P (a LayerNorm with
        // weight and bias, applied as 1 + weight), up_proj and down_proj with squared ReLU (not gated),
        // biases per attention_bias and mlp_bias (default false), partial_rotary_factor (default 0.5).
        s.norm = NormKind::LayerNorm;
        s.gatedMlp = false;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.mlpBias = cfg.booleanOr("mlp_bias", false);
        s.rotaryFraction = cfg.numberOr("partial_rotary_factor", 0.5, 1e-6, 1);
        s.activation = readActivation(cfg, "hidden_act", "relu2");
        break;
    case HfFamily::Cohere:
        // modeling_cohere.py at 015bfeb86891c5f5e450f48942260ac3e2cd2bf2: CohereLayerNorm has a weight and
        // no bias; one input_layernorm before attention and MLP in parallel; use_qk_norm adds q_norm of
        // (heads, head_dim) and k_norm of (kv heads, head_dim) weights; logit_scale has no weights.
        s.norm = NormKind::LayerNormNoBias;
        s.parallelBlock = true;
        s.mlpInputNorm = false;
        s.qkNorm = cfg.booleanOr("use_qk_norm", false) ? QkNorm::Full : QkNorm::None;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        break;
    case HfFamily::Mistral:
        break;
    case HfFamily::Granite: // Llama's block; its multipliers (embedding, residual, attention, logits) have no weights
    case HfFamily::Llama:
    case HfFamily::Unknown:
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.mlpBias = cfg.booleanOr("mlp_bias", false);
        if (family == HfFamily::Unknown && cfg.has("num_local_experts")) {
            s.experts = cfg.integer("num_local_experts", 1, kMaxDim);
            s.expertsPerToken = cfg.integer("num_experts_per_tok", 1, kMaxDim);
        }
        break;
    case HfFamily::Gpt2:
    case HfFamily::Falcon:
    case HfFamily::Gemma3:
        break; // read above
    case HfFamily::Mixtral:
    case HfFamily::Qwen2Moe:
    case HfFamily::Qwen3Moe:
    case HfFamily::DeepseekV2:
    case HfFamily::DeepseekV3:
    case HfFamily::Olmoe:
    case HfFamily::Phimoe:
    case HfFamily::GptOss:
    case HfFamily::GraniteMoe:
        break; // hf_families_moe.cpp
    }
    return s;
}

std::string hfKeyOf(const std::string& field, HfFamily family, const JsonObjectReader& cfg)
{
    if (family == HfFamily::Gpt2) {
        if (field == "hidden")
            return "n_embd";
        if (field == "ffn")
            return "n_inner";
        if (field == "layers")
            return "n_layer";
        if (field == "heads" || field == "kv_heads")
            return "n_head";
        if (field == "max_positions")
            return "n_positions";
    }
    if (family == HfFamily::Falcon) {
        if (field == "ffn")
            return cfg.has("ffn_hidden_size") ? "ffn_hidden_size" : "hidden_size";
        if (field == "layers")
            return spelled(cfg, "num_hidden_layers", "n_layer");
        if (field == "heads")
            return spelled(cfg, "num_attention_heads", "n_head");
        if (field == "kv_heads")
            return cfg.booleanOr("new_decoder_architecture", false) ? spelled(cfg, "num_kv_heads", "n_head_kv")
                                                                    : spelled(cfg, "num_attention_heads", "n_head");
    }
    if (auto key = hfMoeKeyOf(field, family, cfg))
        return *key;
    if (field == "hidden")
        return "hidden_size";
    if (field == "ffn")
        return "intermediate_size";
    if (field == "layers")
        return "num_hidden_layers";
    if (field == "heads")
        return "num_attention_heads";
    if (field == "kv_heads")
        return "num_key_value_heads";
    if (field == "vocab")
        return "vocab_size";
    if (field == "max_positions")
        return "max_position_embeddings";
    if (field == "experts")
        return "num_local_experts";
    if (field == "experts_per_token")
        return "num_experts_per_tok";
    if (field == "rotary_fraction")
        return family == HfFamily::GptNeox ? "rotary_pct" : "partial_rotary_factor";
    return field;
}

} // namespace shardscope
