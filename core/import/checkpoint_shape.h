// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/checkpoint_layers.h"
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

/// Reads hidden size, vocabulary, blocks and, when block 0 is a standard decoder block (input norm,
/// attention, post-attention norm, dense MLP of known forms), a TransformerSpec.
CheckpointShape inferCheckpointShape(const std::vector<CheckpointLayer>& layers,
                                     const std::vector<CheckpointTensor>& tensors);

} // namespace shardscope
