// SPDX-License-Identifier: GPL-3.0-or-later
// What the ONNX importer knows about operators, tensor types and node names
// (docs/onnx-import.md); used by the ONNX importer (core/import/onnx_*.cpp) only.
#pragma once

#include "model/layer.h"

#include <string>
#include <string_view>
#include <vector>

namespace shardscope::onnx_import {

/// The role of a symbolic dimension, from its name ("batch_size", "sequence_length", "past_seq").
enum class DimRole { Batch, Sequence, Past, Other };
DimRole classifySymbol(const std::string& symbol);

bool isFloatType(int onnxDataType);
/// Bytes a stored activation of this type takes in mixed-precision training (floats: 2).
double storedBytesPerElement(int onnxDataType);

bool isMatmulClass(const std::string& op); ///< MatMul, Gemm, Conv, ConvTranspose, Einsum and the integer forms
bool isNormalization(const std::string& op);
bool isViewOp(const std::string& op);      ///< output is a view of input 0 (Reshape, Transpose, Split, ...)
/// Forward FLOPs per output element of element-wise and normalization operators; 0 for others.
double elementwiseFlops(const std::string& op);

/// "/model/layers.0/self_attn/q_proj/MatMul" -> [model, layers, 0, self_attn, q_proj] (with
/// dropLast); repeated neighbours are merged. The views point into `text`.
void scopeTokens(std::string_view text, bool dropLast, std::vector<std::string_view>& out);
/// The layer a scope belongs to: up to a block index plus one component, else two components.
void layerKey(const std::vector<std::string_view>& tokens, std::string& out);
/// "model.layers.0" is a strict prefix of "model.layers.0.mlp".
bool isStrictPrefix(const std::string& prefix, const std::string& key);

/// Where a node sits, for messages: "graph.node[3]", or "graph.node[3] (name)" when it has one.
std::string nodePosition(int index, const std::string& name);

} // namespace shardscope::onnx_import
