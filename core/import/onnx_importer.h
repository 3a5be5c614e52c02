// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <chrono>
#include <string>
#include <string_view>

namespace shardscope {

/**
 * Imports an ONNX ModelProto (docs/onnx-import.md): binds the symbolic dimensions (batch to 1,
 * sequence to a probe length), runs ONNX shape inference once, counts parameters from the
 * initializers (external data is never read), derives per-node FLOPs and output sizes from the
 * inferred shapes and splits them into per-token and per-token-per-position parts, and groups
 * nodes into layers by name scope. The nodes stay available as ModelGraph::nodes().
 * Errors are InputErrors naming the file, the node or byte offset, and "ONNX".
 */
ModelGraph importOnnx(const std::string& path);

/// The same for bytes already in memory; `source` names them in errors. Shape inference runs in a
/// helper process stopped after `inferenceTimeLimit` (core/import/onnx_shape_inference.h; the
/// fuzz harness passes less than libFuzzer's own timeout).
ModelGraph importOnnxBytes(std::string_view bytes, const std::string& source,
                           std::chrono::milliseconds inferenceTimeLimit = std::chrono::seconds(60));

} // namespace shardscope
