// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/hf_families.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/// Keys a config.json reader looked up (hf_families.cpp readers, through JsonObjectReader::recordKeysIn).
using HfKeyLog = std::set<std::string, std::less<>>;

/// Keys any config may carry that set no parameter and no cost ShardScope models: metadata, token ids,
/// initialisation, epsilons, dropout rates, generation and inference settings, auxiliary-loss weights,
/// and the rotary settings (read by the rotary reader where the family has rotary positions).
bool isBookkeepingHfKey(std::string_view key);

/// Keys a family's config class carries that its reader knows and passes over on purpose: they set no
/// weights and ShardScope's costs stay right (or over-count, with an import note) without them
/// (Granite's multipliers, Gemma's logit soft-capping, DeepSeek's routing groups, ...), and keys the
/// reader reads only in some settings (Qwen-MoE's expert sizes when num_experts is 0).
bool isPassiveHfKey(HfFamily family, std::string_view key);

/// Whether the family's config class has sliding-window settings (sliding_window, layer_types, ...).
bool hfFamilyHasWindows(HfFamily family);

/// The keys of `config` that neither the family's reader looked up (`read`) nor are bookkeeping or
/// passive for the family: parts of the model the reader would leave out. A key whose value is null or
/// false turns nothing on and is never listed. Sorted.
std::vector<std::string> unreadStructuralKeys(const nlohmann::json& config, const HfKeyLog& read, HfFamily family);

/// The top-level keys of a multimodal Gemma 3 config (Gemma3ForConditionalGeneration) that the text
/// decoder's reader does not need: the image token ids and the vision tower (noted, not planned).
bool isGemma3WrapperKey(std::string_view key);

/// One model_type per family, in HfFamily order: what an error names as "the nearest known type".
std::string_view hfFamilyTypeName(HfFamily family);

} // namespace shardscope
