// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/text.h"

#include <cctype>
#include <cmath>
#include <cstdio>

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
    char buf[64];
    if (std::fabs(v) >= 100 || u == 0)
        std::snprintf(buf, sizeof buf, "%.0f %s", v, units[u]);
    else
        std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
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

} // namespace shardscope
