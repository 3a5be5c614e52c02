// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace shardscope {

/// Writes all of `bytes` to the descriptor, retrying interrupted and partial writes. False on an
/// error (errno says which). POSIX only; async-signal-safe enough for a forked child (no allocation).
bool writeAll(int fd, std::string_view bytes);

} // namespace shardscope
