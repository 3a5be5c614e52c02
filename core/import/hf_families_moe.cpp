// SPDX-License-Identifier: GPL-3.0-or-later
// The mixture-of-experts families of the config.json importer: each family's experts, router, shared
// experts, dense blocks and attention as its modeling_<family>.py (huggingface/transformers, commits cited
// per family) builds the parameters, and the defaults of its configuration_<family>.py. Exact totals of
// released checkpoints are checked in tests/core/tst_hf_moe_families.cpp.
#include "import/hf_families_moe.h"

#include <algorithm>
#include <set>

namespace shardscope {

namespace {

constexpr std::int64_t kMaxDim = 1 << 22; // TransformerSpec::validate's limit

/// Qwen2-MoE and Qwen3-MoE (modeling_qwen2_moe.py at 00a3f9386614dde0dc41cf4e9b8d0abd3af0671d): block i is
/// sparse when i is not in mlp_only_layers and (i + 1) % decoder_sparse_step == 0. ShardScope's MoE blocks
/// are those from firstDenseLayers on at multiples of moeLayerFreq, so only decoder_sparse_step 1 with
/// mlp_only_layers a prefix 0 .. k-1 (k leading dense blocks) is the same model.
void readQwenSparseLayout(const JsonObjectReader& cfg, TransformerSpec& s)
{
    const std::int64_t step = cfg.integerOr("decoder_sparse_step", 1, 1, kMaxDim);
    if (step != 1)
        cfg.fail("decoder_sparse_step",
                 "decoder_sparse_step " + std::to_string(step) + " makes blocks " + std::to_string(step - 1) + ", "
                     + std::to_string(2 * step - 1) + ", ... mixtures of experts ((index + 1) % "
                     + std::to_string(step) + " == 0), which ShardScope cannot represent (it places MoE blocks "
                     "after leading dense blocks at multiples of a frequency); expected 1");
    if (!cfg.has("mlp_only_layers"))
        return;
    const nlohmann::json& list = cfg.array("mlp_only_layers");
    std::set<std::int64_t> dense;
    for (std::size_t i = 0; i < list.size(); ++i)
        dense.insert(readInteger(list[i], cfg.pathOf("mlp_only_layers") + "[" + std::to_string(i) + "]",
                                 cfg.context(), 0, s.layers - 1));
    const auto k = std::int64_t(dense.size());
    if (!dense.empty() && *dense.rbegin() != k - 1)
        cfg.fail("mlp_only_layers",
                 "dense blocks other than the leading ones (here up to block " + std::to_string(*dense.rbegin())
                     + " with " + std::to_string(k) + " listed) cannot be represented; expected the blocks 0 to k-1 "
                     "or an empty list");
    s.firstDenseLayers = k;
}

/// DeepSeek-V2 and V3 (configuration_deepseek_v3.py at 001f85b38fb432858ace93f18622f07cec46d874,
/// modular_deepseek_v2.py and modular_deepseek_v3.py at 000c33fdfde12e1ffafbfcdb3c926df5727a00b6, and
/// DeepSeek's own modeling_deepseek.py for moe_layer_freq and the router's e_score_correction_bias).
void readDeepseek(const JsonObjectReader& cfg, bool v3, TransformerSpec& s)
{
    if (cfg.booleanOr("attention_bias", false))
        cfg.fail("attention_bias", "biases on the multi-head latent attention projections are not supported; "
                                   "expected false (as every released DeepSeek model has)");
    if (cfg.booleanOr("mlp_bias", false))
        cfg.fail("mlp_bias", "biases on the dense and shared MLPs but not the routed experts are not supported; "
                             "expected false");
    // Multi-head latent attention: q_lora_rank null projects the queries directly (DeepSeek-V2-Lite).
    s.qLoraRank = cfg.isNull("q_lora_rank") ? 0 : cfg.integerOr("q_lora_rank", 1536, 1, kMaxDim);
    s.kvLoraRank = cfg.integerOr("kv_lora_rank", 512, 1, kMaxDim);
    s.qkNopeHeadDim = cfg.integerOr("qk_nope_head_dim", 128, 0, 65536);
    s.qkRopeHeadDim = cfg.integerOr("qk_rope_head_dim", 64, 1, 65536);
    s.vHeadDim = cfg.integerOr("v_head_dim", 128, 1, 65536);
    s.headDim = s.qkNopeHeadDim + s.qkRopeHeadDim; // the query/key head; hidden need not divide by heads
    s.mtpLayers = cfg.integerOr("num_nextn_predict_layers", 0, 0, 16);

    // n_routed_experts null is a dense model (DeepSeek's modeling code: "n_routed_experts is not None").
    if (cfg.isNull("n_routed_experts"))
        return;
    s.experts = cfg.integerOr("n_routed_experts", v3 ? 256 : 64, 1, kMaxDim);
    // DeepseekV2Config's num_experts_per_tok defaults to None, which no MoE model can route with.
    s.expertsPerToken = v3 ? cfg.integerOr("num_experts_per_tok", 8, 1, kMaxDim)
                           : cfg.integer("num_experts_per_tok", 1, kMaxDim);
    s.expertFfn = cfg.integerOr("moe_intermediate_size", v3 ? 2048 : 1407, 1, kMaxDim);
    const std::int64_t shared = cfg.isNull("n_shared_experts") ? 0 : cfg.integerOr("n_shared_experts", v3 ? 1 : 2, 0, 1024);
    s.sharedExpertFfn = shared * s.expertFfn;
    s.firstDenseLayers = cfg.integerOr("first_k_dense_replace", v3 ? 3 : 0, 0, kMaxDim);
    s.moeLayerFreq = cfg.integerOr("moe_layer_freq", 1, 1, kMaxDim);
    // The router: gate.weight (experts x hidden); with "noaux_tc" (auxiliary-loss-free balancing, DeepSeek-V3)
    // also e_score_correction_bias, a Parameter of n_routed_experts in DeepSeek's code and in the checkpoint.
    const std::string method = cfg.stringOr("topk_method", v3 ? "noaux_tc" : "greedy");
    if (method != "greedy" && method != "group_limited_greedy" && method != "noaux_tc")
        cfg.fail("topk_method", "expected \"greedy\", \"group_limited_greedy\" or \"noaux_tc\", got \""
                                    + method.substr(0, 64) + "\"");
    s.routerBias = method == "noaux_tc";
}

} // namespace

bool isHfMoeFamily(HfFamily f)
{
    switch (f) {
    case HfFamily::Mixtral:
    case HfFamily::Qwen2Moe:
    case HfFamily::Qwen3Moe:
    case HfFamily::DeepseekV2:
    case HfFamily::DeepseekV3:
    case HfFamily::Olmoe:
    case HfFamily::Phimoe:
    case HfFamily::GptOss:
    case HfFamily::GraniteMoe:
        return true;
    default:
        return false;
    }
}

void readHfMoeFamily(const JsonObjectReader& cfg, HfFamily family, TransformerSpec& s)
{
    switch (family) {
    case HfFamily::Mixtral:
        // modeling_mixtral.py: Mistral's block; block_sparse_moe with gate (no bias) and num_local_experts
        // experts w1, w2, w3 of intermediate_size.
        s.experts = cfg.integer("num_local_experts", 1, kMaxDim);
        s.expertsPerToken = cfg.integer("num_experts_per_tok", 1, kMaxDim);
        break;
    case HfFamily::Qwen2Moe:
        // modeling_qwen2_moe.py (above) and configuration_qwen2_moe.py at 008e574391258935f3ecc3035c882e73bbcac419:
        // q, k and v with biases (qkv_bias, default true), o without; gate (no bias) over num_experts experts of
        // moe_intermediate_size; one shared_expert of shared_expert_intermediate_size with shared_expert_gate
        // (hidden -> 1, no bias); mlp_only_layers blocks have a dense MLP of intermediate_size.
        s.qkvBias = cfg.booleanOr("qkv_bias", true);
        s.experts = cfg.integerOr("num_experts", 60, 0, kMaxDim);
        if (s.experts == 0) // "num_experts > 0" in the layer rule: every block dense
            break;
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 4, 1, kMaxDim);
        s.expertFfn = cfg.integerOr("moe_intermediate_size", 1408, 1, kMaxDim);
        s.sharedExpertFfn = cfg.integerOr("shared_expert_intermediate_size", 5632, 1, kMaxDim);
        s.sharedExpertGate = true;
        readQwenSparseLayout(cfg, s);
        break;
    case HfFamily::Qwen3Moe:
        // configuration_qwen3_moe.py at 008e574391258935f3ecc3035c882e73bbcac419: Qwen3's attention (q_norm and
        // k_norm of head_dim, attention_bias default false); gate (no bias) over num_experts (128) experts of
        // moe_intermediate_size (768), top num_experts_per_tok (8); no shared expert; Qwen2-MoE's layer rule.
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.qkNorm = QkNorm::PerHead;
        s.experts = cfg.integerOr("num_experts", 128, 0, kMaxDim);
        if (s.experts == 0)
            break;
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 8, 1, kMaxDim);
        s.expertFfn = cfg.integerOr("moe_intermediate_size", 768, 1, kMaxDim);
        readQwenSparseLayout(cfg, s);
        break;
    case HfFamily::DeepseekV2:
    case HfFamily::DeepseekV3:
        readDeepseek(cfg, family == HfFamily::DeepseekV3, s);
        break;
    case HfFamily::Olmoe:
        // modular_olmoe.py at 12e8d45900eea2958464541c99d598e8ddb2415e: Llama's attention (attention_bias,
        // default false) with q_norm over hidden_size and k_norm over kv heads x head_dim (RMSNorm); gate (no
        // bias) over num_experts (64) experts of intermediate_size, top num_experts_per_tok (8).
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.qkNorm = QkNorm::Full;
        if (s.headDim != 0 && s.headDim * s.heads != s.hidden)
            cfg.fail("head_dim", "OLMoE's q_norm spans hidden_size; a head_dim other than hidden_size / "
                                 "num_attention_heads is not supported");
        s.experts = cfg.integerOr("num_experts", 64, 1, kMaxDim);
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 8, 1, kMaxDim);
        break;
    case HfFamily::Phimoe:
        // modeling_phimoe.py at c4cdd1a0d93642f0143c66609d4273efc74c22cf: q, k, v and o with biases when
        // attention_bias; input_layernorm, post_attention_layernorm and the final norm are LayerNorms with bias;
        // gate (no bias) over num_local_experts (16) experts w1, w2, w3 of intermediate_size; sparsemixer
        // routing takes exactly 2 experts; lm_head with a bias when lm_head_bias.
        s.norm = NormKind::LayerNorm;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.lmHeadBias = cfg.booleanOr("lm_head_bias", false);
        s.experts = cfg.integerOr("num_local_experts", 16, 2, kMaxDim);
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 2, 1, kMaxDim);
        if (s.expertsPerToken != 2)
            cfg.fail("num_experts_per_tok", "Phi-MoE's sparsemixer routing selects exactly 2 experts; got "
                                                + std::to_string(s.expertsPerToken));
        break;
    case HfFamily::GptOss:
        // modular_gpt_oss.py at 0261a467116de4a9103b58200f9d82f8fb5a0e86, configuration_gpt_oss.py at
        // 02b8f42b4240dddea1b27c45d2dc95fb2682f841: q, k, v and o with biases (attention_bias, default true), a
        // learned sink logit per head; router with weight and bias over num_local_experts (128); experts'
        // gate_up_proj (hidden x 2 intermediate) and down_proj with biases; head_dim defaults to 64.
        if (!cfg.has("head_dim"))
            s.headDim = 64;
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", true);
        s.attentionSinks = true;
        s.mlpBias = true;
        s.routerBias = true;
        s.experts = cfg.integerOr("num_local_experts", 128, 1, kMaxDim);
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 4, 1, kMaxDim);
        break;
    case HfFamily::GraniteMoe:
        // modeling_granitemoe.py at c7a438e9d42b8c427670de4a674d06b7a728aa1b: Granite's attention (attention_bias,
        // default false) and multipliers (no weights); block_sparse_moe with input_linear (experts x 2
        // intermediate x hidden), output_linear and router.layer (no biases); num_local_experts (8), top 2.
        s.qkvBias = s.attnOutBias = cfg.booleanOr("attention_bias", false);
        s.experts = cfg.integerOr("num_local_experts", 8, 1, kMaxDim);
        s.expertsPerToken = cfg.integerOr("num_experts_per_tok", 2, 1, kMaxDim);
        break;
    default:
        break;
    }
}

std::optional<std::string> hfMoeKeyOf(const std::string& field, HfFamily family, const JsonObjectReader& cfg)
{
    const bool deepseek = family == HfFamily::DeepseekV2 || family == HfFamily::DeepseekV3;
    const bool qwen = family == HfFamily::Qwen2Moe || family == HfFamily::Qwen3Moe;
    if (field == "experts") {
        if (deepseek)
            return "n_routed_experts";
        if (qwen || family == HfFamily::Olmoe)
            return "num_experts";
    }
    if (field == "expert_ffn" && (deepseek || qwen))
        return "moe_intermediate_size";
    if (field == "shared_expert_ffn")
        return deepseek ? "n_shared_experts" : "shared_expert_intermediate_size";
    if (field == "first_dense_layers")
        return deepseek ? "first_k_dense_replace" : "mlp_only_layers";
    if (field == "moe_layer_freq")
        return deepseek ? "moe_layer_freq" : "decoder_sparse_step";
    if (field == "mtp_layers")
        return "num_nextn_predict_layers";
    if (field == "kv_heads" && deepseek)
        return "num_key_value_heads";
    if (field == "head_dim" && deepseek)
        return cfg.has("qk_rope_head_dim") ? "qk_rope_head_dim" : "qk_nope_head_dim";
    return std::nullopt;
}

} // namespace shardscope
