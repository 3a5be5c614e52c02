// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace shardscope {

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string toLower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

namespace {
std::string scaled(double value, const char* const* units, int unitCount, double step)
{
    int u = 0;
    double v = value;
    while (std::fabs(v) >= step && u + 1 < unitCount) {
        v /= step;
        ++u;
    }
    // As printf's "%.0f %s" / "%.1f %s" (to_chars with a precision is specified as printf in the C locale), without
    // printf's cost: tables and reasons format many of these.
    char buf[400]; // the longest double in fixed notation has 309 digits before the point
    const int precision = std::fabs(v) >= 100 || u == 0 ? 0 : 1;
    char* end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, precision).ptr;
    std::string out;
    const std::size_t unitLength = std::char_traits<char>::length(units[u]);
    out.reserve(std::size_t(end - buf) + 1 + unitLength);
    out.append(buf, end).push_back(' ');
    out.append(units[u], unitLength);
    return out;
}
} // namespace

std::string formatBytes(double bytes)
{
    static const char* const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
    return scaled(bytes, units, 6, 1024.0);
}

std::string formatCount(double count)
{
    static const char* const units[] = { "", "K", "M", "B", "T" };
    char buf[64];
    int u = 0;
    double v = count;
    while (std::fabs(v) >= 1000 && u < 4) {
        v /= 1000;
        ++u;
    }
    if (u == 0)
        std::snprintf(buf, sizeof buf, "%.0f", v);
    else
        std::snprintf(buf, sizeof buf, std::fabs(v) >= 100 ? "%.1f %s" : "%.2f %s", v, units[u]);
    return buf;
}

std::string formatSeconds(double seconds)
{
    char buf[64];
    if (seconds >= 1.0)
        std::snprintf(buf, sizeof buf, "%.2f s", seconds);
    else if (seconds >= 1e-3)
        std::snprintf(buf, sizeof buf, "%.1f ms", seconds * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f us", seconds * 1e6);
    return buf;
}

std::size_t invalidUtf8Offset(std::string_view text)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    std::size_t i = 0;
    while (i < text.size()) {
        // Model descriptions are ASCII almost throughout: 16 bytes at a time while no byte has its high bit set
        // (a 35 MB GraphML file in 1 ms instead of 11, warm).
        constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
        for (std::uint64_t a, b; i + 16 <= text.size(); i += 16) {
            std::memcpy(&a, text.data() + i, 8);
            std::memcpy(&b, text.data() + i + 8, 8);
            if ((a | b) & kHighBits)
                break;
        }
        if (i >= text.size())
            break;
        const unsigned char c = byte(i);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t length = 0;
        unsigned char low = 0x80; // allowed range of the second byte (excludes overlongs and surrogates)
        unsigned char high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            low = c == 0xE0 ? 0xA0 : 0x80;
            high = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            low = c == 0xF0 ? 0x90 : 0x80;
            high = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return i;
        }
        if (i + length > text.size())
            return i;
        if (byte(i + 1) < low || byte(i + 1) > high)
            return i;
        for (std::size_t k = 2; k < length; ++k)
            if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
                return i;
        i += length;
    }
    return std::string_view::npos;
}

std::string escapedBytes(std::string_view bytes)
{
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    out.reserve(bytes.size());
    for (char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 0xF];
        }
    }
    return out;
}

} // namespace shardscope
