// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * The one entry point for model files. Reads the file and imports it with importModelText.
 * A missing, unreadable or empty file, or a directory, is an InputError naming the file.
 */
ModelGraph importModel(const std::string& path);

/**
 * Detects the format by content, not by name: a JSON object with "format": "shardscope-model"
 * (ShardScope model); with "model_type", "architectures", "hidden_size" or "n_embd" (Hugging Face
 * config.json); with "layers" whose entries have "param_count" (prototype ModelInfo); a JSON array
 * of [name, size_bytes] pairs (layer-size list). Content that is not JSON is reported as a
 * not-yet-supported format when `source` ends in .onnx, .safetensors, .graphml, .dot or .gv.
 * Every error names the source, the position and the format being read.
 */
ModelGraph importModelText(std::string_view text, const std::string& source);

/// A model bundled with ShardScope (resources/models), by file stem, case-insensitive, ".json" optional.
std::optional<ModelGraph> findBundledModel(std::string_view name);
std::vector<std::string> bundledModelNames();

} // namespace shardscope
