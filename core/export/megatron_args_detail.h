// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/export: the two halves of the Megatron-LM writer. megatron_args.cpp writes the parallel
// layout, batch, sharding and precision; megatron_model_args.cpp the model's shape.
#pragma once

#include "export/launch_config_detail.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace shardscope::launch_detail {

/// Megatron-LM's command line for pretrain_gpt.py, in the order written.
struct MegatronArgs
{
    std::vector<std::pair<std::string, std::string>> flags; ///< flag, value ("" for a switch)
    void add(std::string flag, std::string value = {}) { flags.emplace_back(std::move(flag), std::move(value)); }
    void add(std::string flag, std::int64_t value) { add(std::move(flag), std::to_string(value)); }
};

/// Refuses (InputError at $.inputs.model.transformer.<key>) a model Megatron-LM's GPT model cannot build:
/// ALiBi positions, or blocks other than norm, attention, norm, MLP in sequence (parallel attention and MLP,
/// norms on their outputs or none before them, q/k norms over the whole projection).
void checkMegatronModel(const PlanView& view, const TransformerSpec& t);

/// The model's shape (--num-layers ... and addMegatronMoeModel's flags), with a note for each detail Megatron
/// builds differently (norm weights, activation, output-head bias, rotary settings).
void addMegatronModel(const PlanView& view, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes);

/// megatron_moe_args.cpp: multi-head latent attention, attention sinks, MTP modules and the mixture of experts
/// (--num-experts ... --moe-token-dispatcher-type, the capacity factor of the training).
void addMegatronMoeModel(const PlanView& view, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes);
/// --expert-model-parallel-size and --expert-tensor-parallel-size of a MoE model; refuses ETP > 1 with biases.
void addMegatronExpertParallel(const PlanView& view, const TransformerSpec& t, MegatronArgs& a,
                               std::vector<std::string>& notes);
/// --moe-layer-freq's value: "" for Megatron's default (every block), "N" for every N-th block, or a Python
/// list expression such as "([0]*3+[1]*58)" when leading blocks are dense.
std::string moeLayerPattern(const TransformerSpec& t);

} // namespace shardscope::launch_detail
