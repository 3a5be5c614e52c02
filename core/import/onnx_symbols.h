// SPDX-License-Identifier: GPL-3.0-or-later
// The symbolic dimensions of an ONNX graph's inputs and outputs, bound to numbers before shape
// inference (docs/onnx-import.md, "Shapes and the sequence length"). The importer and the shape
// inference helper (onnx_shape_inference.h) bind the same way, each on its own copy of the model.
#pragma once

#include <cstdint>
#include <set>
#include <string>

namespace onnx {
class ModelProto;
}

namespace shardscope::onnx_import {

// Sequence-like symbolic dimensions are bound to this prime for shape inference. Every inferred
// size is then a product of model constants and powers of it, so counting its factors splits a
// FLOP or activation count into the part linear in the sequence length and the part quadratic
// in it (attention scores), for any training sequence length. Batch-like dimensions are bound
// to 1, so "per execution" is "per sequence".
constexpr std::int64_t kSeqProbe = 10007;

/// What binding found.
struct SymbolBinding
{
    bool hasSequence = false;  ///< a sequence-like symbol was bound to kSeqProbe
    double fixedTokens = 1;    ///< tokens per execution for fixed-shape graphs
    double fixedSeq = 1;
    std::set<std::string> unknownSymbols; ///< bound to 1: neither batch nor sequence
    std::set<std::string> pastSymbols;    ///< key/value-cache dimensions, bound to 0
};

/// Binds the symbolic dimensions of the graph's real inputs (not initializers listed as inputs)
/// and outputs: batch to 1, sequence to kSeqProbe, cache to 0, others to 1; and clears the
/// exporter's value_info, which would only be merged with (and may contradict) the bound shapes.
SymbolBinding bindSymbolicDimensions(onnx::ModelProto& model);

} // namespace shardscope::onnx_import
