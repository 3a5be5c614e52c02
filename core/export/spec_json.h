// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/export: the JSON of the planning inputs that plan files (plan_json*.cpp) and
// session files (session_document.cpp) share, written and read key for key the same way; and the
// model's transformer shape that plan files embed.
#pragma once

#include "export/plan_json_detail.h"
#include "hardware/cluster_spec.h"
#include "model/transformer_spec.h"
#include "partition/strategy.h"
#include "training/training_spec.h"

#include <string>
#include <string_view>
#include <type_traits>

namespace shardscope::specjson {

using planjson::Json;
using planjson::ObjectReader;

/// Whether a plan file must have a transformer key. Those of the format's first version must be there; the
/// rotary ones (written only when the model's source gave them) and the block layout (written only where it
/// is not the Llama block) may be absent or null, which reads as TransformerSpec's default.
enum class SpecKey { Required, Optional };

/**
 * Every field of a plan file's inputs.model.transformer, by its key, in the order toJson(TransformerSpec)
 * writes them: name and model_type, then the model format's transformer object (transformerSpecToJson,
 * core/import/native_model_format.cpp). readTransformer reads and the document comparison
 * (plan_document.cpp) compares exactly these; tst_plan_json checks that each key written is both.
 * visit(key, member pointer, SpecKey) is called once a field.
 */
template <typename Visit> void forEachTransformerField(Visit&& visit)
{
    using S = TransformerSpec;
    constexpr SpecKey req = SpecKey::Required;
    constexpr SpecKey opt = SpecKey::Optional;
    visit("name", &S::name, req);
    visit("model_type", &S::modelType, req);
    visit("hidden", &S::hidden, req);
    visit("ffn", &S::ffn, req);
    visit("layers", &S::layers, req);
    visit("heads", &S::heads, req);
    visit("kv_heads", &S::kvHeads, req);
    visit("head_dim", &S::headDim, req);
    visit("vocab", &S::vocab, req);
    visit("max_positions", &S::maxPositions, req);
    visit("tied_embeddings", &S::tiedEmbeddings, req);
    visit("gated_mlp", &S::gatedMlp, req);
    visit("norm", &S::norm, req);
    visit("qkv_bias", &S::qkvBias, req);
    visit("attn_out_bias", &S::attnOutBias, req);
    visit("mlp_bias", &S::mlpBias, req);
    visit("positions", &S::positions, req);
    visit("rope_theta", &S::ropeTheta, opt);
    visit("rope_scaling", &S::ropeScaling, opt);
    visit("dropout", &S::dropout, req);
    visit("experts", &S::experts, req);
    visit("experts_per_token", &S::expertsPerToken, req);
    visit("input_norm", &S::inputNorm, opt);
    visit("mlp_input_norm", &S::mlpInputNorm, opt);
    visit("output_norms", &S::outputNorms, opt);
    visit("parallel_block", &S::parallelBlock, opt);
    visit("qk_norm", &S::qkNorm, opt);
    visit("rotary_fraction", &S::rotaryFraction, opt);
    visit("lm_head_bias", &S::lmHeadBias, opt);
    visit("activation", &S::activation, opt);
    // Mixture of experts and multi-head latent attention (written where they differ from a dense model).
    visit("expert_ffn", &S::expertFfn, opt);
    visit("shared_expert_ffn", &S::sharedExpertFfn, opt);
    visit("shared_expert_gate", &S::sharedExpertGate, opt);
    visit("router_bias", &S::routerBias, opt);
    visit("first_dense_layers", &S::firstDenseLayers, opt);
    visit("moe_layer_freq", &S::moeLayerFreq, opt);
    visit("q_lora_rank", &S::qLoraRank, opt);
    visit("kv_lora_rank", &S::kvLoraRank, opt);
    visit("qk_nope_head_dim", &S::qkNopeHeadDim, opt);
    visit("qk_rope_head_dim", &S::qkRopeHeadDim, opt);
    visit("v_head_dim", &S::vHeadDim, opt);
    visit("mtp_layers", &S::mtpLayers, opt);
    visit("attention_sinks", &S::attentionSinks, opt);
}

/// The plan-file key of a TransformerSpec member: "parallel_block" for &TransformerSpec::parallelBlock.
template <typename T> std::string_view transformerKey(T TransformerSpec::*member)
{
    std::string_view key;
    forEachTransformerField([&](std::string_view k, auto m, SpecKey) {
        if constexpr (std::is_same_v<decltype(m), T TransformerSpec::*>)
            if (m == member)
                key = k;
    });
    return key;
}

Json toJson(const ClusterSpec& cluster);    ///< full GPU spec, node counts, both links
Json toJson(const TrainingSpec& training);  ///< incl. "pins" (null where unpinned)
Json toJson(const ParallelConfig& config);
Json toJson(const ScoreWeights& weights);
/// name, model_type and the model format's transformer object (transformerSpecToJson).
Json toJson(const TransformerSpec& spec);

ClusterSpec readCluster(const ObjectReader& o);
TrainingSpec readTraining(const ObjectReader& o);
/// Every key of forEachTransformerField, checked for presence, type and range, and the rotary fields
/// for consistency (TransformerSpec::validateRope).
TransformerSpec readTransformer(const ObjectReader& o);
ParallelConfig readConfig(const ObjectReader& o);
ScoreWeights readWeights(const ObjectReader& o);
Strategy readStrategy(const ObjectReader& o, std::string_view key);

/// Parses a whole document; errors are InputError(source, "line L, column C", "<kind>: ...").
Json parseDocument(std::string_view text, const std::string& source, std::string_view kind);

/// Throws std::invalid_argument("<what>: <path> is not a finite number") for NaN or infinity anywhere
/// in v (nlohmann would write them as null, which the readers then reject as missing).
void requireFinite(const Json& v, const std::string& path, std::string_view what);

} // namespace shardscope::specjson
