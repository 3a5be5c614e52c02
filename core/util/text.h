// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace shardscope {

bool equalsIgnoreCase(std::string_view a, std::string_view b);
std::string toLower(std::string_view text);
/// "80.0 GiB", "512 MiB", "1.2 TiB": binary units, one decimal when below 100.
std::string formatBytes(double bytes);
/// "6.74 B", "405.9 B", "124 M": parameter counts as people say them.
std::string formatCount(double count);
/// "1.23 s", "45.6 ms", "789 us"
std::string formatSeconds(double seconds);

/// Offset of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, surrogates or code
/// points past U+10FFFF, no truncated sequences), or std::string_view::npos when `text` is valid.
std::size_t invalidUtf8Offset(std::string_view text);
/// Printable ASCII as is, every other byte as \xNN: safe to put any name into a message.
std::string escapedBytes(std::string_view bytes);

} // namespace shardscope
