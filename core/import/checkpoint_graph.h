// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/checkpoint_layers.h"
#include "model/model_graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace shardscope {

/**
 * The graph of a checkpoint: its layers in order with the parameters its tensors hold, sequential
 * edges and blocks. Compute and activation costs come from `costs` (a buildModelGraph() graph,
 * matched to the layers by role and block number) where it has a matching layer; every other layer
 * gets an estimate from its tensor shapes (2 FLOPs per token per matrix weight). A tied output
 * head the checkpoint leaves out is added from `costs` with 0 parameters.
 * `estimated` receives the names of the layers whose costs were estimated.
 */
ModelGraph buildCheckpointGraph(const std::vector<CheckpointLayer>& layers, const std::vector<CheckpointTensor>& tensors,
                                std::int64_t hidden, const ModelGraph* costs, std::vector<std::string>& estimated);

} // namespace shardscope
