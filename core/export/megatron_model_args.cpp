// SPDX-License-Identifier: GPL-3.0-or-later
// The model's shape as Megatron-LM arguments (NVIDIA/Megatron-LM at d98e8a6): the flags of
// megatron/training/arguments.py (_add_network_size_args) and those ArgumentGroupFactory makes from the fields
// of TransformerConfig (megatron/core/transformer/transformer_config.py: field x_y is --x-y, unless its
// argparse_meta names the flag); the activation as core_transformer_config_from_args
// (megatron/training/argument_utils.py) sets it.
#include "export/megatron_args_detail.h"
#include "export/spec_json.h"
#include "util/input_error.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace shardscope::launch_detail {

namespace {

/// "8" for 8.0, "2.5" for 2.5: how a Python float argument is usually written.
std::string formatFloat(double v)
{
    std::ostringstream out;
    out << std::setprecision(12) << v;
    return out.str();
}

/// Where a plan file holds a TransformerSpec field: "$.inputs.model.transformer.parallel_block".
template <typename T> std::string fieldPosition(T TransformerSpec::*member)
{
    return "$.inputs.model.transformer." + std::string(specjson::transformerKey(member));
}

/// Norms that scale by 1 + weight, which Megatron calls a zero-centered gamma (--apply-layernorm-1p). The spec
/// has no field for it, so the Hugging Face model type tells: Nemotron's LayerNorm1P (modeling_nemotron.py at
/// 001ccfcb920be17dfbe8d9175dd2a4cc12b135f7) and Gemma's RMSNorm (modeling_gemma.py at 006e86931247d7bacf94ad00ada1fb6baf11e94b).
bool zeroCenteredNorms(const TransformerSpec& t)
{
    for (const char* type : { "nemotron", "gemma", "gemma2", "gemma3", "gemma3_text" })
        if (t.modelType == type)
            return true;
    return false;
}

/// Parameters Megatron's LayerNorm (a weight and a bias) has beyond this model's norms: the block norms, the
/// final norm and q/k norms of head_dim.
std::int64_t extraLayerNormParams(const TransformerSpec& t)
{
    const std::int64_t blockNorms = (t.inputNorm ? 1 : 0) + (t.mlpInputNorm ? 1 : 0) + (t.outputNorms ? 2 : 0);
    auto extra = [&](std::int64_t width) {
        return normParamCount(NormKind::LayerNorm, width) - normParamCount(t.norm, width);
    };
    return (t.layers * blockNorms + 1) * extra(t.hidden)
        + (t.qkNorm == QkNorm::PerHead ? 2 * t.layers * extra(t.effectiveHeadDim()) : 0);
}

/// The rotary base, part and llama3-style scaling. Flags checked in megatron/training/arguments.py
/// (_add_network_size_args; stored copy at 000c4ac, --rotary-percent at d98e8a6): --rotary-base (int, default
/// 10000), --rotary-percent (float, default 1.0), --use-rope-scaling (llama3.x), --rope-scaling-factor (float,
/// default 8.0).
void addRope(const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    if (t.positions != PositionKind::Rotary)
        return;
    if (!t.ropeTheta)
        notes.push_back("The model's source gives no rotary base (rope_theta), so Megatron's default --rotary-base "
                        "10000 applies; add --rotary-base if the model was trained with another base.");
    else if (*t.ropeTheta == std::floor(*t.ropeTheta))
        a.add("--rotary-base", static_cast<std::int64_t>(*t.ropeTheta)); // <= 1e12 (kMaxRopeTheta)
    else
        notes.push_back("The rotary base " + formatFloat(*t.ropeTheta) + " is not an integer and Megatron's "
                        "--rotary-base takes integers only; no --rotary-base, so Megatron's 10000 applies unless "
                        "you patch it.");
    // Megatron rotates kv_channels x rotary_percent dimensions of each head, as Hugging Face's
    // partial_rotary_factor (rotary_pct) does.
    if (t.rotaryFraction != 1)
        a.add("--rotary-percent", formatFloat(t.rotaryFraction));
    if (!t.ropeScaling)
        return;
    const RopeScaling& r = *t.ropeScaling;
    if (!r.isLlama3()) {
        notes.push_back("RoPE scaling \"" + r.type + "\" is not exported: Megatron's --use-rope-scaling is the "
                        "llama3 kind only; set this model's scaling by hand.");
        return;
    }
    a.add("--use-rope-scaling");
    a.add("--rope-scaling-factor", formatFloat(r.factor));
    // Megatron's RotaryEmbedding._apply_scaling takes only the factor; the rest are its defaults.
    if (r.lowFreqFactor != 1 || r.highFreqFactor != 4 || r.originalMaxPositions != 8192)
        notes.push_back("Megatron's llama3 RoPE scaling fixes low_freq_factor 1, high_freq_factor 4 and an original "
                        "context of 8192; this model has " + formatFloat(r.lowFreqFactor) + ", "
                        + formatFloat(r.highFreqFactor) + " and " + std::to_string(r.originalMaxPositions)
                        + ", so its positions differ in Megatron unless you patch RotaryEmbedding.");
}

/// --normalization (TransformerConfig.normalization: "LayerNorm" or "RMSNorm") and --apply-layernorm-1p
/// (TransformerConfig.layernorm_zero_centered_gamma); Megatron's LayerNorm always has a weight and a bias.
void addNorm(const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    a.add("--normalization", t.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    if (zeroCenteredNorms(t)) {
        a.add("--apply-layernorm-1p");
        notes.push_back("The model's norms scale by 1 + weight (model_type \"" + t.modelType + "\"): "
                        "--apply-layernorm-1p, Megatron's zero-centered gamma"
                        + std::string(t.norm == NormKind::RmsNorm ? ", which RMSNorm has in Transformer Engine's norms only."
                                                                  : "."));
    }
    if (t.norm == NormKind::LayerNormNoBias || t.norm == NormKind::LayerNormNoAffine)
        notes.push_back(std::string(t.norm == NormKind::LayerNormNoBias
                                        ? "The model's LayerNorms have no bias (Cohere's)"
                                        : "The model's LayerNorms have no weights (OLMo's non-parametric LayerNorm)")
                        + "; Megatron's LayerNorm learns a weight and a bias, so its model has "
                        + std::to_string(extraLayerNormParams(t))
                        + " more parameters than the plan counted and its norms learn where this model's do not.");
    if (t.qkNorm == QkNorm::PerHead)
        a.add("--qk-layernorm"); // TransformerConfig.qk_layernorm: a norm of kind --normalization over head_dim
}

/// The MLP: --swiglu (gated, SiLU), --squared-relu (Nemotron's relu2; not with --swiglu), else Megatron's
/// default GELU (F.gelu). --quick-geglu is x * sigmoid(1.702 x), no GELU of Hugging Face's; --openai-gelu is
/// read by nothing at d98e8a6.
void addActivation(const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    const std::string& act = t.activation;
    if (t.gatedMlp) {
        a.add("--swiglu");
        if (!act.empty() && act != "silu" && act != "swish")
            notes.push_back("The model's gated MLP uses \"" + act + "\"; Megatron's gated MLPs are --swiglu (SiLU) and "
                            "--quick-geglu (x * sigmoid(1.702 x)), so --swiglu builds the planned shapes with SiLU; set "
                            "activation_func in the TransformerConfig to train with \"" + act + "\".");
    } else if (act == "relu2") {
        a.add("--squared-relu");
    } else if (!act.empty() && act != "gelu") {
        notes.push_back("The model's MLP activation \"" + act + "\" has no Megatron flag (its plain MLP uses exact "
                        "GELU, or squared ReLU with --squared-relu), so Megatron trains it with GELU; set "
                        "activation_func in the TransformerConfig to train with \"" + act + "\".");
    }
}

} // namespace

void checkMegatronModel(const PlanView& v, const TransformerSpec& t)
{
    const PlanDocument& d = *v.document;
    // --position-embedding-type choices at d98e8a6: learned_absolute, rope, yarn, mrope, relative (T5's
    // buckets), none.
    if (t.positions == PositionKind::Alibi)
        throw InputError(v.source, fieldPosition(&TransformerSpec::positions),
                         "Megatron-LM has no ALiBi: --position-embedding-type takes learned_absolute, rope, yarn, mrope, "
                         "relative (T5's buckets) or none, and training this model without its attention bias changes "
                         "it; export for torchtitan or deepspeed, whose model code is yours");
    // TransformerLayer (megatron/core/transformer/transformer_layer.py at d98e8a6) runs input_layernorm,
    // self-attention, pre_mlp_layernorm and the MLP in sequence, each output added to the residual; the q/k
    // norms (--qk-layernorm) are built over head_dim (attention.py).
    std::string position;
    std::vector<std::string> what;
    auto unbuildable = [&](std::string where, std::string description) {
        if (position.empty())
            position = std::move(where);
        what.push_back(std::move(description));
    };
    if (t.parallelBlock)
        unbuildable(fieldPosition(&TransformerSpec::parallelBlock),
                    "attention and MLP in parallel on the same input (GPT-J style: Falcon, GPT-NeoX, Phi, Cohere)");
    if (!t.inputNorm)
        unbuildable(fieldPosition(&TransformerSpec::inputNorm), "no norm before attention (OLMo 2)");
    if (!t.mlpInputNorm && !t.parallelBlock)
        unbuildable(fieldPosition(&TransformerSpec::mlpInputNorm), "no norm before the MLP (OLMo 2)");
    if (t.outputNorms)
        unbuildable(fieldPosition(&TransformerSpec::outputNorms),
                    "norms on the attention and MLP outputs before the residual adds (Gemma 2 and 3, OLMo 2)");
    if (t.qkNorm == QkNorm::Full)
        unbuildable(fieldPosition(&TransformerSpec::qkNorm),
                    "q and k norms over the whole projections (OLMo 2, Cohere), where --qk-layernorm normalises each "
                    "head");
    if (!what.empty()) {
        std::string list;
        for (std::size_t i = 0; i < what.size(); ++i)
            list += (i == 0 ? "" : "; ") + what[i];
        throw InputError(v.source, position,
                         "Megatron-LM cannot build this model's blocks: " + list
                             + ". Its transformer layer runs a norm, attention, a norm and the MLP one after the other, "
                               "with no norms on their outputs, and no flag changes that; write a layer spec for this "
                               "block, or export for torchtitan or deepspeed, whose model code is yours");
    }
    if (t.positions == PositionKind::Learned && t.maxPositions > 0 && d.training.seqLength > t.maxPositions)
        throw InputError(v.source, "$.inputs.training.seq_length",
                         "Megatron-LM requires --max-position-embeddings >= --seq-length with learned positions; the "
                         "model has " + std::to_string(t.maxPositions) + " positions, the plan trains on "
                             + std::to_string(d.training.seqLength));
}

void addMegatronModel(const PlanView& v, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    const PlanDocument& d = *v.document;
    a.add("--num-layers", t.layers);
    a.add("--hidden-size", t.hidden);
    a.add("--ffn-hidden-size", t.ffn);
    a.add("--num-attention-heads", t.heads);
    // Multi-head latent attention sets its own head dimensions (addMegatronMoeModel).
    if (!t.isMla() && t.kvHeads > 0 && t.kvHeads < t.heads) {
        a.add("--group-query-attention");
        a.add("--num-query-groups", t.kvHeads);
    }
    if (!t.isMla() && t.headDim > 0 && t.heads > 0 && t.headDim != t.hidden / t.heads)
        a.add("--kv-channels", t.headDim);
    a.add("--seq-length", d.training.seqLength);
    // Megatron asserts max_position_embeddings >= seq_length whatever the positions (megatron/training/arguments.py
    // at d98e8a6, validate_args); rotary models train past their config's positions (context extension), learned
    // ones were refused above.
    a.add("--max-position-embeddings", std::max<std::int64_t>(t.maxPositions, d.training.seqLength));
    // ALiBi was refused (checkMegatronModel).
    a.add("--position-embedding-type", t.positions == PositionKind::Rotary   ? "rope"
                                       : t.positions == PositionKind::Learned ? "learned_absolute"
                                                                             : "none");
    addRope(t, a, notes);
    addNorm(t, a, notes);
    addActivation(t, a, notes);
    if (!t.attnOutBias && !t.mlpBias) {
        a.add("--disable-bias-linear");
        if (t.qkvBias)
            a.add("--add-qkv-bias");
    } else if (!(t.qkvBias && t.attnOutBias && t.mlpBias)) {
        notes.push_back("Megatron has no flag for this model's mix of biases (QKV " + std::string(t.qkvBias ? "yes" : "no")
                        + ", attention output " + (t.attnOutBias ? "yes" : "no") + ", MLP " + (t.mlpBias ? "yes" : "no")
                        + "); all linear layers keep their biases.");
    }
    // GPTModel's output_layer is built with bias=False (megatron/core/models/gpt/gpt_model.py at d98e8a6).
    if (t.lmHeadBias)
        notes.push_back("The model's output head has a bias (Phi's lm_head); Megatron's output layer has none, so its "
                        "model has " + std::to_string(t.vocab) + " fewer parameters than the plan counted.");
    if (!t.tiedEmbeddings)
        a.add("--untie-embeddings-and-output-weights");
    if (!t.dropout) {
        a.add("--attention-dropout", "0");
        a.add("--hidden-dropout", "0");
    }
    addMegatronMoeModel(v, t, a, notes);
    notes.push_back("Vocabulary " + std::to_string(t.vocab)
                    + " comes from the tokenizer (--tokenizer-type, --tokenizer-model); add data, tokenizer, optimizer "
                      "and schedule arguments.");
}

} // namespace shardscope::launch_detail
