// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

class ModelGraph;

/// Norm layers and their weights: RMSNorm (weight), LayerNorm (weight + bias), LayerNorm without bias
/// (weight; Cohere) and LayerNorm without elementwise affine (no weights; OLMo 1).
enum class NormKind { RmsNorm, LayerNorm, LayerNormNoBias, LayerNormNoAffine };
/// Position encodings: rotary, learned absolute (weights), none, ALiBi (a bias on the scores, no weights).
enum class PositionKind { Rotary, Learned, None, Alibi };
/// Norms on the queries and keys before attention: none; per head with one weight vector of head_dim
/// shared by all heads (Qwen3, Gemma 3, Phi's qk_layernorm); or one weight per channel of the whole
/// q and k projections (OLMo 2 normalises across them; Cohere per head with a weight per head).
enum class QkNorm { None, PerHead, Full };

std::string_view normKindName(NormKind kind);             ///< "rmsnorm", "layernorm", "layernorm_no_bias", "layernorm_no_affine"
std::string_view positionKindName(PositionKind kind);     ///< "rotary", "learned", "none", "alibi"
std::string_view qkNormName(QkNorm kind);                 ///< "none", "head", "full"
std::optional<NormKind> normKindFromString(std::string_view text);
std::optional<PositionKind> positionKindFromString(std::string_view text);
std::optional<QkNorm> qkNormFromString(std::string_view text);
/// Parameters of one norm over `width` channels.
std::int64_t normParamCount(NormKind kind, std::int64_t width);

/// Plausible rotary bases: a base of 1 or less does not rotate; published models use 10^4 to 10^7.
constexpr double kMinRopeTheta = 2;
constexpr double kMaxRopeTheta = 1e12;
constexpr double kMaxRopeScalingFactor = 1e4;
/// Most transformer blocks a spec may have.
constexpr std::int64_t kMaxBlocks = 100000;

/// Hugging Face "rope_scaling" (Llama 3.1's "llama3" type and others), as the config gives it.
struct RopeScaling
{
    std::string type;                      ///< "rope_type" (or older "type"): "llama3", "linear", "yarn", ...
    double factor = 0;                     ///< context extension factor (>= 1); 0 when the config gives none
    double lowFreqFactor = 0;              ///< llama3: low_freq_factor; 0 when not given
    double highFreqFactor = 0;             ///< llama3: high_freq_factor; 0 when not given
    std::int64_t originalMaxPositions = 0; ///< original_max_position_embeddings; 0 when not given

    bool isLlama3() const { return type == "llama3"; }
    bool operator==(const RopeScaling&) const = default;
};

/**
 * The shape of a decoder-only transformer, as a Hugging Face config.json or a Megatron
 * command line describes it. Everything the cost model needs is derived from this.
 */
struct TransformerSpec
{
    std::string name;
    std::string modelType;         ///< "llama", "gpt2", ... (informational)

    std::int64_t hidden = 0;
    std::int64_t ffn = 0;          ///< intermediate size of the MLP (per expert for MoE)
    std::int64_t layers = 0;
    std::int64_t heads = 0;
    std::int64_t kvHeads = 0;      ///< GQA key/value heads; == heads for multi-head attention
    std::int64_t headDim = 0;      ///< 0 means hidden / heads
    std::int64_t vocab = 0;
    std::int64_t maxPositions = 0; ///< context length the model was built for (learned positions need it)

    bool tiedEmbeddings = false;
    bool gatedMlp = true;          ///< SwiGLU/GeGLU: three matrices instead of two
    NormKind norm = NormKind::RmsNorm;
    bool qkvBias = false;
    bool attnOutBias = false;
    bool mlpBias = false;
    PositionKind positions = PositionKind::Rotary;
    /// Rotary base (Hugging Face rope_theta). Unset when the source does not say: frameworks then
    /// apply their own default (Megatron 10000), which ShardScope does not assume.
    std::optional<double> ropeTheta;
    std::optional<RopeScaling> ropeScaling; ///< rope_scaling; unset for none
    bool dropout = false;          ///< dropout layers present in training (adds 1-byte masks, Korthikanti Table 2)

    // Block layout. The defaults are the Llama block: a norm before attention, a norm before the MLP,
    // attention then MLP, each added to the residual stream.
    bool inputNorm = true;         ///< a norm before attention (input_layernorm); OLMo 2 has none
    /// A norm of the MLP's own before it (Llama's post_attention_layernorm, Gemma 2's pre_feedforward_layernorm,
    /// the second norm of a GPT-NeoX or Falcon-40B parallel block); false where attention and MLP share
    /// the input norm (Falcon-7B, Phi, Cohere) or the block has none before the MLP (OLMo 2).
    bool mlpInputNorm = true;
    /// Norms on the attention and MLP outputs before the residual adds (Gemma 2 and 3, OLMo 2).
    bool outputNorms = false;
    /// Attention and MLP read the same block input and both outputs are added to the residual
    /// (GPT-J style: GPT-NeoX use_parallel_residual, Falcon parallel_attn, Phi, Cohere).
    bool parallelBlock = false;
    QkNorm qkNorm = QkNorm::None;  ///< norms on queries and keys (of kind `norm`)
    /// Part of each head's dimensions that rotary positions rotate (GPT-NeoX rotary_pct, Phi and Nemotron
    /// partial_rotary_factor); 1 for all. No weights either way.
    double rotaryFraction = 1;
    bool lmHeadBias = false;       ///< the output head has a bias (Phi)
    /// The MLP's activation as the source names it ("silu", "gelu_pytorch_tanh", "relu2" for Nemotron's
    /// squared ReLU); empty when unknown or SiLU (a gated MLP's default). Informational: gated or not is `gatedMlp`.
    std::string activation;

    // Mixture of experts. A block's MLP is a MoE layer (a router and `experts` routed experts of which each
    // token uses `expertsPerToken`, plus optional shared experts every token uses) when isMoeBlock(b).
    std::int64_t experts = 0;          ///< routed experts per MoE layer, 0 for dense
    std::int64_t expertsPerToken = 0;  ///< routed experts per token (top-k)
    std::int64_t expertFfn = 0;        ///< intermediate size of one routed expert (moe_intermediate_size); 0: ffn
    /// Intermediate size of the shared expert MLP, all shared experts together (DeepSeek n_shared_experts x
    /// moe_intermediate_size, Qwen shared_expert_intermediate_size); 0: none.
    std::int64_t sharedExpertFfn = 0;
    bool sharedExpertGate = false;     ///< Qwen2/3-MoE: a sigmoid gate (hidden -> 1) on the shared expert's output
    bool routerBias = false;           ///< a bias per expert on the router (DeepSeek-V3 e_score_correction_bias, gpt-oss)
    /// Leading blocks with a dense MLP of `ffn` (DeepSeek first_k_dense_replace); after them a block is MoE
    /// when its index is a multiple of moeLayerFreq (DeepSeek moe_layer_freq, Megatron --moe-layer-freq).
    std::int64_t firstDenseLayers = 0;
    std::int64_t moeLayerFreq = 1;

    // Multi-head latent attention (DeepSeek-V2/V3), when kvLoraRank > 0: queries through a rank-qLoraRank
    // bottleneck (0: projected directly), keys and values through a shared rank-kvLoraRank latent plus a
    // rotary key of qkRopeHeadDim shared by all heads; per head qk = nope + rope dims, v dims for values.
    std::int64_t qLoraRank = 0;
    std::int64_t kvLoraRank = 0;
    std::int64_t qkNopeHeadDim = 0;
    std::int64_t qkRopeHeadDim = 0;
    std::int64_t vHeadDim = 0;
    /// Multi-token prediction modules (DeepSeek-V3 num_nextn_predict_layers): each a projection of
    /// [norm(h); norm(embedding)] (2 hidden -> hidden) and one more block, sharing embedding and output head.
    /// Trained with the model and placed after the last block; their parameters are not in paramCount().
    std::int64_t mtpLayers = 0;
    bool attentionSinks = false;       ///< a learned logit per head (gpt-oss "sinks"): heads parameters a block

    std::int64_t effectiveHeadDim() const { return headDim > 0 ? headDim : (heads > 0 ? hidden / heads : 0); }
    bool isMoe() const { return experts > 0; }
    bool isMla() const { return kvLoraRank > 0; }
    bool isMoeBlock(std::int64_t block) const
    {
        return experts > 0 && block >= firstDenseLayers && block % std::max<std::int64_t>(1, moeLayerFreq) == 0;
    }
    std::int64_t routedExpertFfn() const { return expertFfn > 0 ? expertFfn : ffn; }
    std::int64_t moeBlockCount() const;     ///< blocks whose MLP is a mixture of experts

    /// Throws InputError(source, field, ...) for a zero, negative, inconsistent or absurd field.
    void validate(const std::string& source) const;
    /// The mixture-of-experts, latent-attention and MTP part of validate(): fields "experts", "experts_per_token",
    /// "expert_ffn", "shared_expert_ffn", "first_dense_layers", "moe_layer_freq", "q_lora_rank", "kv_lora_rank",
    /// "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim", "mtp_layers" (keys as in model files).
    void validateExperts(const std::string& source) const;
    /// The rotary part of validate(): fields "rope_theta" and "rope_scaling.<key>" (key as in model files).
    void validateRope(const std::string& source) const;

    std::int64_t paramCount() const;        ///< total parameters, tied weights counted once, without MTP modules
    std::int64_t activeParamCount() const;  ///< parameters used per token (MoE: top-k and shared experts, router)
    std::int64_t mtpParamCount() const;     ///< the multi-token-prediction modules' own parameters (embedding and head shared)
    std::int64_t routedExpertParamCount() const; ///< all routed experts of all MoE blocks
};

/// Expands a spec into layers (embedding, per block: input norm, attention, its output norm, MLP input
/// norm, MLP or MoE, its output norm, each norm where the spec has it; final norm; output head) with
/// Hugging Face style names, edges and blocks.
ModelGraph buildModelGraph(const TransformerSpec& spec);

} // namespace shardscope
