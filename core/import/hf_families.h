// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/json_reader.h"
#include "model/transformer_spec.h"

#include <string>
#include <string_view>

namespace shardscope {

/// The Hugging Face model_type families the config.json importer knows, each with the block layout
/// of its modeling_<family>.py and the defaults of its configuration_<family>.py.
enum class HfFamily {
    Llama,
    Mistral,
    Mixtral,
    Qwen2,
    Qwen3,
    Gpt2,
    GptNeox,
    Gemma,
    Gemma2,
    Gemma3, ///< gemma3_text, and gemma3's text_config
    Phi,
    Phi3,
    Olmo,
    Olmo2,
    Granite,
    Starcoder2,
    Falcon,
    Nemotron,
    Cohere,
    // Mixtures of experts (hf_families_moe.cpp); Mixtral above.
    Qwen2Moe,
    Qwen3Moe,
    DeepseekV2,
    DeepseekV3,
    Olmoe,
    Phimoe,
    GptOss,
    GraniteMoe,
    Unknown,
};

HfFamily hfFamilyOf(std::string_view modelType);

/// model_types whose blocks are state-space or recurrent layers (alone or mixed with attention):
/// Mamba, Jamba, Zamba, RecurrentGemma, ... ShardScope models attention decoders only.
bool isRecurrentModelType(std::string_view modelType);

/// The decoder shape a config of this family describes: dimensions, biases, norms, block layout,
/// activation; a key the config omits takes the default of the family's Hugging Face config class.
/// Rotary settings (rope_theta, rope_scaling) are read by the caller. Errors are InputErrors at the key.
TransformerSpec readHfFamily(const JsonObjectReader& cfg, HfFamily family);

/// The config.json key behind a TransformerSpec field of TransformerSpec::validate's errors
/// ("hidden" -> "hidden_size", or "n_embd" for GPT-2), as this config spells it.
std::string hfKeyOf(const std::string& field, HfFamily family, const JsonObjectReader& cfg);

} // namespace shardscope
