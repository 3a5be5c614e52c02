// SPDX-License-Identifier: GPL-3.0-or-later
// Which keys of a Hugging Face config.json the importer may leave unread. Everything else a config
// holds is architecture: a reader that does not read it would plan a different model, so the import
// stops (hf_config_importer.cpp). The lists follow the config classes of huggingface/transformers
// (configuration_utils.py's PretrainedConfig and each configuration_<family>.py, at the commits
// hf_families.cpp cites); tests/core/tst_hf_config_keys.cpp checks them against released configs.
#include "import/hf_config_keys.h"

#include <algorithm>
#include <iterator>
#include <span>

namespace shardscope {

namespace {

bool contains(std::span<const std::string_view> list, std::string_view key)
{
    return std::find(list.begin(), list.end(), key) != list.end();
}

// PretrainedConfig's own attributes and the generation defaults older configs carry, the usual token
// ids, initialisation scales, normalisation epsilons, dropout rates (read as "dropout on or off" by
// the readers that model it), auxiliary-loss weights, and settings only inference reads.
constexpr std::string_view kBookkeeping[] {
    "architectures", "auto_map", "model_type", "transformers_version", "torch_dtype", "dtype", "use_cache",
    "bos_token_id", "eos_token_id", "pad_token_id", "sep_token_id", "unk_token_id", "decoder_start_token_id",
    "initializer_range", "initializer_factor", "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "norm_eps",
    "norm_epsilon", "attention_dropout", "hidden_dropout", "resid_pdrop", "embd_pdrop", "attn_pdrop",
    "residual_dropout", "embedding_dropout", "hidden_dropout_prob", "attention_probs_dropout_prob",
    "classifier_dropout", "max_position_embeddings", "model_max_length", "rope_theta", "rope_scaling",
    "rope_parameters", "rotary_emb_base", "original_max_position_embeddings", "output_router_logits",
    "router_aux_loss_coef", "router_z_loss_coef", "aux_loss_alpha", "seq_aux", "ep_size", "router_jitter_noise",
    "input_jitter_noise", "pretraining_tp",
    "cache_implementation", "quantization_config", "tokenizer_class", "id2label", "label2id", "problem_type",
    "return_dict", "output_attentions", "output_hidden_states", "torchscript", "use_return_dict",
    "finetuning_task", "task_specific_params", "num_labels", "prefix", "max_length", "min_length", "do_sample",
    "temperature", "top_k", "top_p", "repetition_penalty", "num_beams", "use_bfloat16", "is_decoder",
    "chunk_size_feed_forward", "bad_words_ids", "early_stopping", "length_penalty", "no_repeat_ngram_size",
    "num_return_sequences", "forced_bos_token_id", "forced_eos_token_id", "tie_word_embeddings",
};

// Sliding-window attention settings: the window changes no weights, and priced as full causal attention
// it over-counts (the importer notes it) until windowed attention has its own cost.
constexpr std::string_view kWindows[] { "sliding_window", "sliding_window_size", "use_sliding_window",
    "max_window_layers", "layer_types", "sliding_window_pattern" };

// configuration_gpt2.py: the sequence-summary head (not part of the language model), attention scaling
// switches and the activation name (the MLP's shape does not depend on it).
constexpr std::string_view kGpt2[] { "activation_function", "n_ctx", "scale_attn_weights",
    "scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn", "summary_activation", "summary_first_dropout",
    "summary_proj_to_labels", "summary_type", "summary_use_proj", "n_positions", "layer_norm_epsilon" };

// configuration_falcon.py: where the residual is taken (no weights); num_ln_in_parallel_attn is read only
// for parallel blocks.
constexpr std::string_view kFalcon[] { "apply_residual_connection_post_layernorm", "num_ln_in_parallel_attn" };

// configuration_gemma2.py / configuration_gemma3.py: logit soft-capping and the attention scale (no
// weights), the local layers' rotary base, and hidden_act where hidden_activation is the one read.
constexpr std::string_view kGemma[] { "attn_logit_softcapping", "final_logit_softcapping",
    "query_pre_attn_scalar", "rope_local_base_freq", "hidden_act", "use_bidirectional_attention" };

constexpr std::string_view kOlmo[] { "clip_qkv" }; // a clamp on q, k and v, no weights

// configuration_granite.py / configuration_granitemoe.py: scalar multipliers, no weights.
constexpr std::string_view kGranite[] { "attention_multiplier", "embedding_multiplier", "residual_multiplier",
                                        "logits_scaling" };

constexpr std::string_view kCohere[] { "logit_scale" }; // a scalar on the logits

// Routing details that set no weights (the experts are priced at uniform load), and the expert sizes a
// Qwen-MoE reader skips when num_experts is 0 (every block dense).
constexpr std::string_view kQwenMoe[] { "norm_topk_prob", "num_experts_per_tok", "moe_intermediate_size",
    "shared_expert_intermediate_size", "mlp_only_layers", "decoder_sparse_step", "qkv_bias" };

// configuration_deepseek_v3.py: group-limited routing and score scaling (no weights; the router's
// e_score_correction_bias is counted from topk_method), and MoE keys skipped when
// n_routed_experts is null (a dense model).
constexpr std::string_view kDeepseek[] { "n_group", "topk_group", "scoring_func",
    "routed_scaling_factor", "norm_topk_prob", "num_experts_per_tok", "moe_intermediate_size",
    "n_shared_experts", "first_k_dense_replace", "moe_layer_freq", "topk_method", "rope_interleave" };

constexpr std::string_view kOlmoe[] { "norm_topk_prob" };

// configuration_gpt_oss.py / OpenAI's original config: the SwiGLU clamp and the original context length
// (no weights), experts_per_token (OpenAI's name for num_experts_per_tok, which is read).
constexpr std::string_view kGptOss[] { "swiglu_limit", "initial_context_length", "experts_per_token" };

std::span<const std::string_view> familyPassive(HfFamily family)
{
    switch (family) {
    case HfFamily::Gpt2:
        return kGpt2;
    case HfFamily::Falcon:
        return kFalcon;
    case HfFamily::Gemma:
    case HfFamily::Gemma2:
    case HfFamily::Gemma3:
        return kGemma;
    case HfFamily::Olmo:
        return kOlmo;
    case HfFamily::Granite:
    case HfFamily::GraniteMoe:
        return kGranite;
    case HfFamily::Cohere:
        return kCohere;
    case HfFamily::Qwen2Moe:
    case HfFamily::Qwen3Moe:
        return kQwenMoe;
    case HfFamily::DeepseekV2:
    case HfFamily::DeepseekV3:
        return kDeepseek;
    case HfFamily::Olmoe:
        return kOlmoe;
    case HfFamily::GptOss:
        return kGptOss;
    default:
        return {};
    }
}

} // namespace

bool hfFamilyHasWindows(HfFamily family)
{
    switch (family) {
    case HfFamily::Mistral:
    case HfFamily::Mixtral:
    case HfFamily::Qwen2:
    case HfFamily::Qwen3:
    case HfFamily::Qwen2Moe:
    case HfFamily::Qwen3Moe:
    case HfFamily::Gemma2:
    case HfFamily::Gemma3:
    case HfFamily::Phi3:
    case HfFamily::Phimoe:
    case HfFamily::Starcoder2:
    case HfFamily::GptOss:
        return true;
    default:
        return false;
    }
}

bool isBookkeepingHfKey(std::string_view key)
{
    // "_name_or_path", "_attn_implementation", "_comment": private and annotation keys.
    return key.starts_with('_') || contains(kBookkeeping, key);
}

bool isPassiveHfKey(HfFamily family, std::string_view key)
{
    return contains(familyPassive(family), key) || (hfFamilyHasWindows(family) && contains(kWindows, key));
}

std::vector<std::string> unreadStructuralKeys(const nlohmann::json& config, const HfKeyLog& read, HfFamily family)
{
    std::vector<std::string> out;
    for (const auto& [key, value] : config.items()) {
        if (value.is_null() || (value.is_boolean() && !value.get<bool>()))
            continue;
        if (read.contains(key) || isBookkeepingHfKey(key) || isPassiveHfKey(family, key))
            continue;
        out.push_back(key);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool isGemma3WrapperKey(std::string_view key)
{
    static constexpr std::string_view kKeys[] { "text_config", "vision_config", "boi_token_index",
        "eoi_token_index", "image_token_index", "mm_tokens_per_image" };
    return contains(kKeys, key);
}

std::string_view hfFamilyTypeName(HfFamily family)
{
    static constexpr std::string_view kNames[] { "llama", "mistral", "mixtral", "qwen2", "qwen3",
        "gpt2", "gpt_neox", "gemma", "gemma2", "gemma3_text", "phi", "phi3", "olmo", "olmo2", "granite",
        "starcoder2", "falcon", "nemotron", "cohere", "qwen2_moe", "qwen3_moe", "deepseek_v2", "deepseek_v3",
        "olmoe", "phimoe", "gpt_oss", "granitemoe", "" };
    static_assert(std::size(kNames) == std::size_t(HfFamily::Unknown) + 1, "one name per HfFamily");
    return kNames[std::size_t(family)];
}

} // namespace shardscope
