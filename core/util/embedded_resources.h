// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <span>
#include <string_view>

namespace shardscope {

/// A text file from resources/ compiled into the library, so the CLI and tests need no install paths.
struct EmbeddedResource
{
    std::string_view name;  ///< file stem, e.g. "llama-3-70b"
    std::string_view text;
};

/// The bundled example models (resources/models/*.json, Hugging Face config.json format), sorted by name.
std::span<const EmbeddedResource> embeddedModels();
/// resources/hardware.json
std::string_view embeddedHardwareCatalog();
/// resources/calibration.json (written by tools/shardscope-calibrate)
std::string_view embeddedCalibration();
/// The measured-runs corpus, resources/runs/*.json by file stem ("measured-runs"), sorted by name.
std::span<const EmbeddedResource> embeddedRuns();
/// The corpus's models, resources/runs/models/*.json (Hugging Face config.json) by file stem ("Meta-Llama-3-70B").
std::span<const EmbeddedResource> embeddedRunModels();

} // namespace shardscope
