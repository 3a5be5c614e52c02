// SPDX-License-Identifier: GPL-3.0-or-later
// Graphviz DOT layer graphs (core/import/graph_file_importer.h, dot_scan.h), then what `inspect` does.
#include "fuzz_common.h"

#include "import/graph_file_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importGraphviz(fuzz::asText(data, size), "fuzz/graph.dot")); });
    return 0;
}
