// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

/// The prototype's LayerType, kept so its files import with the same meaning.
enum class SeedLayerType { Embedding, Linear, Attention, Normalization, Activation, Convolution, Pooling, Residual, Other };

std::optional<SeedLayerType> seedLayerTypeFromString(std::string_view text); ///< "Linear", ... (case-insensitive)
std::string_view toString(SeedLayerType type);
/// ModelInfo::from_layer_sizes' rule: "embed" -> Embedding, "attention"/"attn" -> Attention,
/// "norm" -> Normalization, anything else -> Linear (matched case-insensitively).
SeedLayerType seedLayerTypeFromName(std::string_view layerName);

/**
 * LayerInfo::new: forward FLOPs per token 2 x params for Linear, 4 x for Attention, 1 x otherwise;
 * TP-shardable for Linear, Embedding and Attention (all their parameters). Kinds: Embedding ->
 * Embedding, Linear -> Mlp (a dense matmul layer the planner may split by TP), Attention ->
 * Attention, Normalization -> Norm, the rest -> Other; Layer::op keeps the seed's type name.
 * Activation fields stay 0: the seed formats carry no activation sizes.
 */
Layer seedLayer(std::string name, std::int64_t params, SeedLayerType type);

/// The warning every seed-format graph carries: activations (and inter-layer traffic) are not counted.
std::string seedActivationWarning(std::string_view format);

/// A JSON array of [name, size_bytes] pairs, like ModelInfo::from_layer_sizes: params = size_bytes / 4
/// (fp32 weights), layers chained in order, blocks detected from the names.
ModelGraph seedLayerSizesFromJson(const nlohmann::json& document, const std::string& source);
ModelGraph importSeedLayerSizes(std::string_view text, const std::string& source);

/**
 * The prototype's serialized ModelInfo: {name, total_params, total_memory, layers: [{name,
 * param_count, memory_bytes, flops, layer_type, is_tp_shardable, connections}], is_sequential,
 * transformer_blocks}. A connection between two layers becomes a DAG edge from the earlier to the
 * later one in execution order (whichever of the two lists it); without any connections the layers
 * form a chain. memory_bytes (the seed's 16-bytes-per-parameter guess) and transformer_blocks are
 * ignored: the cost model computes memory and blocks are detected again from the names.
 */
ModelGraph seedModelInfoFromJson(const nlohmann::json& document, const std::string& source);
ModelGraph importSeedModelInfo(std::string_view text, const std::string& source);

} // namespace shardscope
