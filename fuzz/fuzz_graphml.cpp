// SPDX-License-Identifier: GPL-3.0-or-later
// GraphML layer graphs (core/import/graph_file_importer.h, graphml_scan.h), then what `inspect` does.
#include "fuzz_common.h"

#include "import/graph_file_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importGraphml(fuzz::asText(data, size), "fuzz/graph.graphml")); });
    return 0;
}
