// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace shardscope {

/**
 * Replaces `path` with `contents` so that readers see either the old file or the whole new one:
 * writes a temporary file in the same directory, flushes it to disk, then renames it over `path`.
 * On failure the temporary file is removed and std::runtime_error names the path and the reason
 * (strerror of errno). POSIX only.
 */
void writeFileAtomically(const std::string& path, std::string_view contents);

} // namespace shardscope
