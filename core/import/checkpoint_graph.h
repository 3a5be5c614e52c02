// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/checkpoint_layers.h"
#include "model/model_graph.h"
#include "model/transformer_spec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope {

/// What the tensor shapes alone say about the architecture (docs/safetensors-import.md, "Inference").
struct CheckpointShape
{
    std::int64_t hidden = 0;              ///< from the token embedding [vocab, hidden], else the commonest matrix side
    std::int64_t vocab = 0;
    std::int64_t blocks = 0;              ///< largest block number + 1 in the main stack
    std::optional<TransformerSpec> spec;  ///< when the blocks read as a standard decoder
    std::string why;                      ///< why there is no spec
    std::vector<std::string> warnings;    ///< what had to be guessed (head count)
};

CheckpointShape inferCheckpointShape(const std::vector<CheckpointLayer>& layers,
                                     const std::vector<CheckpointTensor>& tensors);

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
