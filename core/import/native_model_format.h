// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace shardscope {

/**
 * ShardScope's own model file (docs/model-format.md): {"format": "shardscope-model",
 * "version": 1, "name", then a "transformer" shape, a "layers" list with optional "edges",
 * or both (the layers win; the shape is kept as the graph's spec), and optional "warnings"}.
 */
ModelGraph importNativeModel(std::string_view text, const std::string& source);
ModelGraph nativeModelFromJson(const nlohmann::json& document, const std::string& source);

/// Writes the layers form (every layer field and every edge), plus "transformer" when the graph
/// has a spec and "warnings" when it has any, so importing the result gives the same graph.
nlohmann::ordered_json nativeModelToJson(const ModelGraph& graph);

/// The "transformer" shape object of the model format (also embedded in plan files).
nlohmann::ordered_json transformerSpecToJson(const TransformerSpec& spec);

} // namespace shardscope
