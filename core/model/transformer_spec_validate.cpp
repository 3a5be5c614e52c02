// SPDX-License-Identifier: GPL-3.0-or-later
// TransformerSpec's checks: every field of a model's shape in range and consistent, with the field named.
#include "model/transformer_spec.h"

#include "util/input_error.h"

#include <cmath>
#include <iomanip>
#include <sstream>
#include <string>

namespace shardscope {

namespace {

void require(bool ok, const std::string& source, const char* field, const std::string& message)
{
    if (!ok)
        throw InputError(source, field, message);
}

std::string number(double v)
{
    std::ostringstream out;
    out << std::setprecision(12) << v;
    return out.str();
}

} // namespace

void TransformerSpec::validate(const std::string& source) const
{
    constexpr std::int64_t kMaxDim = 1 << 22;   // 4M: far beyond any published model
    auto positive = [&](std::int64_t v, const char* field) {
        require(v > 0, source, field, "expected a positive integer, got " + std::to_string(v));
        require(v <= kMaxDim, source, field, "value " + std::to_string(v) + " is implausibly large (limit 4194304)");
    };
    positive(hidden, "hidden");
    positive(ffn, "ffn");
    positive(layers, "layers");
    // Each block expands into four layers with their kernel shapes: a million blocks would take seconds and
    // gigabytes to build. The deepest published models have a few hundred.
    require(layers <= kMaxBlocks, source, "layers",
            "value " + std::to_string(layers) + " is implausibly large (limit " + std::to_string(kMaxBlocks)
                + " transformer blocks; published models have at most a few hundred)");
    positive(heads, "heads");
    positive(kvHeads, "kv_heads");
    positive(vocab, "vocab");
    require(heads % kvHeads == 0, source, "kv_heads",
            "attention heads (" + std::to_string(heads) + ") must be a multiple of key/value heads ("
                + std::to_string(kvHeads) + ")");
    if (headDim == 0)
        require(hidden % heads == 0, source, "heads",
                "hidden size " + std::to_string(hidden) + " is not divisible by " + std::to_string(heads)
                    + " heads; give head_dim explicitly");
    else
        positive(headDim, "head_dim");
    require(maxPositions >= 0, source, "max_positions", "expected a non-negative integer");
    require(positions != PositionKind::Learned || maxPositions > 0, source, "max_positions",
            "learned position embeddings need the maximum number of positions");
    validateExperts(source);
    require(!isMla() || kvHeads == heads, source, "kv_heads", "multi-head latent attention has as many key/value heads as heads");
    // Dimensions within limits can still multiply into nonsense; keep totals in a range doubles and
    // int64 represent exactly and that a real cluster could hold (10^15 parameters).
    const double approx = double(layers) * (4.0 * double(hidden) * double(hidden)
                                            + 3.0 * double(hidden) * double(std::max(ffn, expertFfn)) * double(std::max<std::int64_t>(experts, 1)))
        + 2.0 * double(vocab) * double(hidden);
    require(approx < 1e15, source, "layers", "the model would have about " + std::to_string(approx)
                + " parameters; the limit is 1e15");
    require(std::isfinite(rotaryFraction) && rotaryFraction > 0 && rotaryFraction <= 1, source, "rotary_fraction",
            "expected the rotary part of each head, above 0 and at most 1, got " + number(rotaryFraction));
    validateRope(source);
}

void TransformerSpec::validateExperts(const std::string& source) const
{
    constexpr std::int64_t kMaxDim = 1 << 22;
    require(experts >= 0, source, "experts", "expected a non-negative integer");
    if (experts > 0)
        require(expertsPerToken >= 1 && expertsPerToken <= experts, source, "experts_per_token",
                "expected between 1 and " + std::to_string(experts) + " experts per token, got "
                    + std::to_string(expertsPerToken));
    if (experts > 0) {
        require(expertFfn >= 0 && expertFfn <= kMaxDim, source, "expert_ffn",
                "expected a non-negative intermediate size (0: ffn) up to 4194304, got " + std::to_string(expertFfn));
        require(sharedExpertFfn >= 0 && sharedExpertFfn <= kMaxDim, source, "shared_expert_ffn",
                "expected a non-negative intermediate size (0: no shared expert) up to 4194304, got "
                    + std::to_string(sharedExpertFfn));
        require(firstDenseLayers >= 0 && firstDenseLayers < layers, source, "first_dense_layers",
                "expected from 0 to " + std::to_string(layers - 1) + " leading dense blocks, got "
                    + std::to_string(firstDenseLayers));
        require(moeLayerFreq >= 1 && moeLayerFreq <= layers, source, "moe_layer_freq",
                "expected a MoE block every 1 to " + std::to_string(layers) + " blocks, got " + std::to_string(moeLayerFreq));
        require(moeBlockCount() > 0, source, "first_dense_layers", "no block is left a mixture of experts");
    } else {
        require(expertFfn == 0 && sharedExpertFfn == 0 && !sharedExpertGate && !routerBias && firstDenseLayers == 0,
                source, "experts", "expert settings (expert_ffn, shared experts, router bias, dense blocks) need experts > 0");
    }
    if (kvLoraRank != 0 || qLoraRank != 0 || qkNopeHeadDim != 0 || qkRopeHeadDim != 0 || vHeadDim != 0) {
        require(kvLoraRank > 0 && kvLoraRank <= kMaxDim, source, "kv_lora_rank",
                "multi-head latent attention needs a positive key/value compression rank, got " + std::to_string(kvLoraRank));
        require(qLoraRank >= 0 && qLoraRank <= kMaxDim, source, "q_lora_rank",
                "expected a non-negative query compression rank (0: none), got " + std::to_string(qLoraRank));
        require(qkNopeHeadDim >= 0 && qkNopeHeadDim <= 65536, source, "qk_nope_head_dim",
                "expected a non-negative head dimension up to 65536, got " + std::to_string(qkNopeHeadDim));
        require(qkRopeHeadDim > 0 && qkRopeHeadDim <= 65536, source, "qk_rope_head_dim",
                "expected a positive rotary head dimension up to 65536, got " + std::to_string(qkRopeHeadDim));
        require(vHeadDim > 0 && vHeadDim <= 65536, source, "v_head_dim",
                "expected a positive value head dimension up to 65536, got " + std::to_string(vHeadDim));
    }
    require(mtpLayers >= 0 && mtpLayers <= 16, source, "mtp_layers",
            "expected from 0 to 16 multi-token-prediction modules, got " + std::to_string(mtpLayers));
}

void TransformerSpec::validateRope(const std::string& source) const
{
    if (ropeTheta) {
        require(positions == PositionKind::Rotary, source, "rope_theta",
                "a rotary base applies to rotary positions only; the model has \""
                    + std::string(positionKindName(positions)) + "\" positions");
        require(std::isfinite(*ropeTheta) && *ropeTheta >= kMinRopeTheta && *ropeTheta <= kMaxRopeTheta, source,
                "rope_theta",
                "expected a rotary base from " + number(kMinRopeTheta) + " to " + number(kMaxRopeTheta)
                    + " (published models use 10000 to 10000000), got " + number(*ropeTheta));
    }
    if (!ropeScaling)
        return;
    const RopeScaling& r = *ropeScaling;
    require(positions == PositionKind::Rotary, source, "rope_scaling",
            "rope scaling applies to rotary positions only; the model has \""
                + std::string(positionKindName(positions)) + "\" positions");
    constexpr std::size_t kMaxTypeBytes = 64;
    bool typeOk = !r.type.empty() && r.type.size() <= kMaxTypeBytes;
    for (char c : r.type)
        typeOk = typeOk && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    require(typeOk, source, "rope_scaling.type",
            "expected a rope scaling type such as \"llama3\" or \"linear\" (lowercase letters, digits and _, at "
            "most 64), got \"" + r.type.substr(0, kMaxTypeBytes) + (r.type.size() > kMaxTypeBytes ? "..." : "") + "\"");
    const bool llama3 = r.isLlama3();
    // Hugging Face requires factor >= 1 for every type that has one; llama3 requires all four keys.
    require(std::isfinite(r.factor) && ((!llama3 && r.factor == 0) || (r.factor >= 1 && r.factor <= kMaxRopeScalingFactor)),
            source, "rope_scaling.factor",
            "expected a scaling factor from 1 to " + number(kMaxRopeScalingFactor)
                + (llama3 ? std::string() : std::string(" (or 0 for none given)")) + ", got " + number(r.factor));
    const bool freqsGiven = r.lowFreqFactor != 0 || r.highFreqFactor != 0;
    if (llama3 || freqsGiven) {
        require(std::isfinite(r.lowFreqFactor) && r.lowFreqFactor > 0 && r.lowFreqFactor <= kMaxRopeScalingFactor,
                source, "rope_scaling.low_freq_factor",
                "expected a positive number up to " + number(kMaxRopeScalingFactor) + ", got " + number(r.lowFreqFactor));
        require(std::isfinite(r.highFreqFactor) && r.highFreqFactor > r.lowFreqFactor
                    && r.highFreqFactor <= kMaxRopeScalingFactor,
                source, "rope_scaling.high_freq_factor",
                "expected a number above low_freq_factor (" + number(r.lowFreqFactor) + ") up to "
                    + number(kMaxRopeScalingFactor) + ", got " + number(r.highFreqFactor));
    }
    constexpr std::int64_t kMaxOriginal = std::int64_t(1) << 30;
    require((llama3 ? r.originalMaxPositions >= 1 : r.originalMaxPositions >= 0) && r.originalMaxPositions <= kMaxOriginal,
            source, "rope_scaling.original_max_positions",
            "expected " + std::string(llama3 ? "a positive integer" : "a non-negative integer") + " up to "
                + std::to_string(kMaxOriginal) + ", got " + std::to_string(r.originalMaxPositions));
}

} // namespace shardscope
