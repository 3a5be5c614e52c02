// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/layer.h"

#include "util/text.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <functional>
#include <optional>
#include <utility>

namespace shardscope {

namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

// '.'- or '/'-separated components of a lower-case name.
bool anyComponent(std::string_view name, const std::function<bool(std::string_view)>& test)
{
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i)
        if (i == name.size() || name[i] == '.' || name[i] == '/') {
            if (i > start && test(name.substr(start, i - start)))
                return true;
            start = i + 1;
        }
    return false;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::optional<LayerKind> kindFromText(std::string_view lower)
{
    if (lower.empty())
        return std::nullopt;
    // Norms first: "post_attention_layernorm" is a norm, not attention. "ln_f", "ln1", "ln".
    if (contains(lower, "norm") || anyComponent(lower, [](std::string_view c) {
            return c == "ln" || (c.size() > 2 && c.substr(0, 2) == "ln" && (c[2] == '_' || isDigit(c[2])));
        }))
        return LayerKind::Norm;
    if (contains(lower, "embed") || anyComponent(lower, [](std::string_view c) { return c == "wte" || c == "wpe"; }))
        return LayerKind::Embedding;
    if (contains(lower, "moe") || contains(lower, "expert"))
        return LayerKind::Moe;
    if (contains(lower, "attn") || contains(lower, "attention"))
        return LayerKind::Attention;
    if (contains(lower, "lm_head") || contains(lower, "output_head") || contains(lower, "output_layer") || contains(lower, "classifier")
        || anyComponent(lower, [](std::string_view c) { return c == "head"; }))
        return LayerKind::OutputHead;
    for (std::string_view word : { "mlp", "ffn", "feed_forward", "feedforward", "intermediate", "linear", "dense", "gemm", "matmul" })
        if (contains(lower, word))
            return LayerKind::Mlp;
    if (anyComponent(lower, [](std::string_view c) {
            return c == "c_fc" || (c.substr(0, 2) == "fc" && (c.size() == 2 || isDigit(c[2])));
        }))
        return LayerKind::Mlp;
    return std::nullopt;
}

constexpr std::array<std::pair<LayerKind, std::string_view>, 7> kKindNames { {
    { LayerKind::Embedding, "embedding" },
    { LayerKind::Attention, "attention" },
    { LayerKind::Mlp, "mlp" },
    { LayerKind::Moe, "moe" },
    { LayerKind::Norm, "norm" },
    { LayerKind::OutputHead, "output_head" },
    { LayerKind::Other, "other" },
} };
} // namespace

std::string_view toString(LayerKind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return name;
    return "other";
}

std::optional<LayerKind> layerKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kKindNames)
        if (equalsIgnoreCase(text, name))
            return k;
    return std::nullopt;
}

LayerKind guessLayerKind(std::string_view name, std::string_view op)
{
    if (const auto kind = kindFromText(toLower(name)))
        return *kind;
    return kindFromText(toLower(op)).value_or(LayerKind::Other);
}

std::string layerRangeProblem(const Layer& layer)
{
    auto outside = [](double value, double most) { return !(value >= 0 && value <= most); }; // NaN too
    auto numberText = [](double value) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", value);
        return std::string(buf);
    };
    const std::pair<const char*, std::int64_t> counts[] = {
        { "parameters (params)", layer.params },
        { "active parameters (active_params)", layer.activeParams },
        { "TP-sharded parameters (tp_sharded_params)", layer.tpShardedParams },
        { "routed experts' parameters (expert_params)", layer.expertParams },
    };
    for (const auto& [what, value] : counts)
        if (outside(double(value), double(kMaxLayerParams)))
            return std::string(what) + " " + std::to_string(value) + " is "
                + (value < 0 ? "negative" : "more than ShardScope plans (at most 1e+15)");
    const std::pair<const char*, double> perToken[] = {
        { "forward FLOPs per token (flops_per_token)", layer.flopsPerToken },
        { "forward FLOPs per token per position (flops_per_token_per_seq)", layer.flopsPerTokenPerSeq },
        { "activation bytes per token (act_sharded_bytes_per_token)", layer.actShardedBytesPerToken },
        { "activation bytes per token (act_replicated_bytes_per_token)", layer.actReplicatedBytesPerToken },
        { "score bytes per token per position (act_score_bytes_per_token_per_seq)", layer.actScoreBytesPerTokenPerSeq },
        { "input bytes per token (input_bytes_per_token)", layer.inputBytesPerToken },
        { "output elements per token (output_elements_per_token)", layer.outputElementsPerToken },
        { "TP elements per token (tp_comm_elements_per_token)", layer.tpCommElementsPerToken },
    };
    for (const auto& [what, value] : perToken)
        if (outside(value, kMaxPerTokenValue))
            return std::string(what) + " " + numberText(value) + " is "
                + (value < 0 ? "negative" : std::isnan(value) ? "not a number" : "more than ShardScope plans (at most 1e+18)");
    return {};
}

} // namespace shardscope
