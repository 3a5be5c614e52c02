// SPDX-License-Identifier: GPL-3.0-or-later
// Fixture file access shared by the tests (SHARDSCOPE_TEST_DATA is tests/data).
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace shardscope::testing {

inline std::string dataFile(const char* name) { return std::string(SHARDSCOPE_TEST_DATA) + "/models/" + name; }

/// The whole file, bytes as they are.
inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace shardscope::testing
