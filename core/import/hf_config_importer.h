// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"
#include "model/transformer_spec.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace shardscope {

/**
 * Hugging Face config.json -> TransformerSpec. Knows the decoder model_types of hf_families.h (llama,
 * mistral, mixtral, qwen2, qwen3, gpt2, gpt_neox, gemma, gemma2, gemma3_text, gemma3's text_config,
 * phi, phi3, olmo, olmo2, granite, starcoder2, falcon, nemotron, cohere), each with its block layout
 * and config defaults; any other type with the standard fields (hidden_size, intermediate_size,
 * num_hidden_layers, num_attention_heads, vocab_size) is read as a Llama-style decoder. State-space and
 * hybrid models (mamba, jamba, ...) are refused at "$.model_type".
 * Errors are InputErrors at the JSON path of the field ("$.hidden_size", "$.text_config.vocab_size").
 */
TransformerSpec transformerSpecFromHfConfig(const nlohmann::json& config, const std::string& source);

/// The parsed config expanded into a graph; an unknown model_type adds a warning saying what was assumed.
ModelGraph modelGraphFromHfConfig(const nlohmann::json& config, const std::string& source);

/// Parses the text (syntax errors at line and column) and imports it. The graph is named from
/// "_name_or_path", else from the file (".../Llama-3-8B/config.json" -> "Llama-3-8B").
ModelGraph importHfConfig(std::string_view text, const std::string& source);

/// The name the importers give a model read from `source` when the file names none.
std::string modelNameFromSource(const std::string& source);

} // namespace shardscope
