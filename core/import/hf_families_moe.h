// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/import: the mixture-of-experts families of the config.json importer (hf_families.cpp
// dispatches to them).
#pragma once

#include "import/hf_families.h"

#include <optional>
#include <string>

namespace shardscope {

bool isHfMoeFamily(HfFamily family);

/// A MoE family's block on top of `s`, the keys every family shares (Llama's names) already read:
/// routed and shared experts, router, dense blocks, multi-head latent attention, MTP modules.
/// Errors are InputErrors at the config key.
void readHfMoeFamily(const JsonObjectReader& cfg, HfFamily family, TransformerSpec& s);

/// The config.json key of a TransformerSpec field for a MoE family, when it differs from the common one.
std::optional<std::string> hfMoeKeyOf(const std::string& field, HfFamily family, const JsonObjectReader& cfg);

} // namespace shardscope
