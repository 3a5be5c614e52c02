// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * The one entry point for model files; picks the importer by content first, then by extension:
 * a safetensors file (little-endian header length, then '{'; only the header is read), an ONNX
 * ModelProto (.onnx or protobuf content), and otherwise a text format read by importModelText
 * (JSON kinds, GraphML, Graphviz DOT). A directory is read as a checkpoint folder: its
 * model.safetensors.index.json, model.safetensors or config.json, in that order.
 * A missing, unreadable or empty file is an InputError naming the file; every error names the format.
 * "-" reads standard input; a FIFO, a pipe (/dev/fd/N) or another non-seekable file is read once as a
 * stream, its format told by content (a safetensors stream's tensor data is counted, not kept).
 */
ModelGraph importModel(const std::string& path);

/**
 * Detects the format by content, not by name: GraphML (XML with a <graphml> element), Graphviz
 * DOT ("digraph"/"graph"/"strict"), a safetensors index (JSON with "weight_map"; shards are
 * resolved relative to `source`), a JSON object with "format": "shardscope-model"
 * (ShardScope model); with "model_type", "architectures", "hidden_size" or "n_embd" (Hugging Face
 * config.json); with "layers" whose entries have "param_count" (prototype ModelInfo); a JSON array
 * of [name, size_bytes] pairs (layer-size list).
 * Every error names the source, the position and the format being read.
 */
ModelGraph importModelText(std::string_view text, const std::string& source);

/// A model bundled with ShardScope (resources/models), by file stem, case-insensitive, ".json" optional.
std::optional<ModelGraph> findBundledModel(std::string_view name);
std::vector<std::string> bundledModelNames();

} // namespace shardscope
