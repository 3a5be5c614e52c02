// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/model_importer.h"
#include "model/model_graph.h"

#include <string>
#include <string_view>

namespace shardscope {

/**
 * Imports an ONNX ModelProto: binds symbolic dimensions from `options`, runs ONNX shape
 * inference, counts parameters from initializers (external data is never read), derives per-node
 * FLOPs and activation sizes, and groups nodes into layers by name scope. The nodes stay
 * available as ModelGraph::nodes().
 */
ModelGraph importOnnx(const std::string& path, const ImportOptions& options = {});

/// The same for bytes already in memory; `source` names them in errors.
ModelGraph importOnnxBytes(std::string_view bytes, const std::string& source, const ImportOptions& options = {});

} // namespace shardscope
