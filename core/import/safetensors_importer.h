// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/safetensors_header.h"
#include "model/model_graph.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace shardscope {

/// True when `firstBytes` (at least 9 bytes of the file) start like a safetensors file: a
/// little-endian u64 header length N with 8 + N <= fileSize, followed by '{'.
bool looksLikeSafetensors(std::string_view firstBytes, std::uintmax_t fileSize);

/// Imports one .safetensors file from its header alone (8 + N bytes; the tensor data is never read).
ModelGraph importSafetensors(const std::string& path);

/// The same from a pipe, FIFO or standard input at its first byte (the data is read, counted and dropped).
ModelGraph importSafetensors(std::istream& in, const std::string& source);

/// The model a checked header describes (what both readers above return).
ModelGraph safetensorsModel(const SafetensorsHeader& header, const std::string& path);

/// Imports a sharded checkpoint from its parsed model.safetensors.index.json; shard files are
/// resolved relative to the folder of `indexPath`, and only their headers are read.
ModelGraph importSafetensorsIndex(const nlohmann::json& index, const std::string& indexPath);

} // namespace shardscope
