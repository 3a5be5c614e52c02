// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/layer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/// A weight tensor of a checkpoint: its name and shape, nothing of its data.
struct CheckpointTensor
{
    std::string name;                 ///< "model.layers.0.self_attn.q_proj.weight"
    std::vector<std::int64_t> shape;
    std::int64_t elements = 0;
};

/// Where a module sits in a decoder; decides its execution order and which cost it gets.
enum class LayerRole
{
    TokenEmbedding,
    PositionEmbedding,
    InputNorm,          ///< the norm before attention in a block (input_layernorm, ln_1)
    Attention,
    PostAttentionNorm,  ///< the norm before the MLP (post_attention_layernorm, ln_2)
    Mlp,                ///< dense MLP or mixture of experts (its router and routed experts)
    SharedExpert,       ///< a MoE block's shared expert MLP (DeepSeek's mlp.shared_experts, Qwen's mlp.shared_expert)
    FinalNorm,
    OutputHead,
    Other,
};

/// The tensors of one module ("model.layers.3.self_attn"), the unit ShardScope plans with.
struct CheckpointLayer
{
    std::string name;
    LayerKind kind = LayerKind::Other;
    LayerRole role = LayerRole::Other;
    std::string stack;           ///< name prefix of its block stack ("model.layers."), empty outside blocks
    int blockIndex = -1;         ///< the number in the name, -1 outside blocks
    std::vector<int> tensors;    ///< indices into the tensor list
    std::int64_t params = 0;     ///< sum of the tensors' elements
    int experts = 0;             ///< a MoE layer's routed experts, when its tensors number them (experts.N.) or stack them
    std::int64_t expertParams = 0; ///< the routed experts' tensors' elements
};

/**
 * Groups tensors into layers by module and orders the layers for execution (docs/safetensors-import.md):
 * a tensor belongs to its name without ".weight"/".bias", cut after the component that follows the
 * block number ("model.layers.3.mlp.gate_proj.weight" -> "model.layers.3.mlp"); a MoE block's shared expert
 * is a module of its own ("model.layers.3.mlp.shared_experts", Qwen's shared_expert_gate with its
 * "shared_expert"), and tensors under "experts" make the MLP a MoE layer. Order: token and
 * position embeddings, other layers outside blocks, blocks by stack and number (within a block:
 * input norm, attention, post-attention norm, MLP, then the rest), final norm, output head.
 */
std::vector<CheckpointLayer> groupCheckpointTensors(const std::vector<CheckpointTensor>& tensors);

/// The block stack with the most block numbers ("model.layers."), empty when there are no blocks;
/// `blockCount` receives its largest block number + 1, `stackCount` the number of stacks.
std::string mainBlockStack(const std::vector<CheckpointLayer>& layers, std::int64_t* blockCount = nullptr,
                           int* stackCount = nullptr);

/// The first layer with `role`, or nullptr.
const CheckpointLayer* findLayerWithRole(const std::vector<CheckpointLayer>& layers, LayerRole role);

/// "model.layers.3.mlp.gate_proj.weight" -> {"model", "layers", "3", "mlp", "gate_proj", "weight"}.
std::vector<std::string_view> nameComponents(std::string_view name);

} // namespace shardscope
