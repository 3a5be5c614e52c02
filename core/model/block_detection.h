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
 */
std::optional<int> extractBlockIndex(std::string_view layerName);

/**
 * Groups layers into transformer blocks by the index in their names (like the seed's
 * detect_transformer_blocks, but for real checkpoint names). Layers of one block must be
 * contiguous in execution order; sets Layer::block and returns the blocks in order.
 */
std::vector<TransformerBlock> detectTransformerBlocks(ModelGraph& graph);

} // namespace shardscope
