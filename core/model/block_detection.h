// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <optional>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * The block index in a layer name: the first all-digit path component that follows a
 * block container ("layers", "h", "blocks", "block", "transformer", "decoder", ...), or
 * failing that the first all-digit component. "model.layers.12.self_attn.q_proj" -> 12,
 * "transformer.h.3.mlp.c_fc" -> 3, "transformer.12.attention" -> 12, "embedding" -> none.
 * Components are separated by '.' or '/' (ONNX node names); digits inside a component
 * ("fc1", "conv2d", "layers_3") are not an index.
 */
std::optional<int> extractBlockIndex(std::string_view layerName);

/// True for the path components that hold a numbered list of blocks ("layers", "h", "blocks",
/// "encoder", ...), case-insensitive: the containers extractBlockIndex looks for.
bool isBlockContainer(std::string_view component);

/**
 * Groups layers into transformer blocks by the index in their names (like the seed's
 * detect_transformer_blocks, but for real checkpoint names). Layers of one block must be
 * contiguous in execution order; sets Layer::block and returns the blocks in order.
 *
 * A block is keyed by its number and the name prefix before it, so "encoder.layer.0" and
 * "decoder.layer.0" are two blocks. A block spans from its first to its last layer, taking in
 * unnumbered layers between them (a dropout between attention and MLP). When a layer of a
 * block appears after another block has started (its block is not contiguous), that layer is
 * left outside any block (planned as its own unit) and the graph gets a warning naming it:
 * a stage partition could not keep such a block together anyway, and guessing would hide it.
 * TransformerBlock::index is the number in the name; Layer::block is the block's position in
 * the returned vector, unique even when two stacks both count from 0. Also calls
 * graph.setBlocks() with the result.
 */
std::vector<TransformerBlock> detectTransformerBlocks(ModelGraph& graph);

} // namespace shardscope
