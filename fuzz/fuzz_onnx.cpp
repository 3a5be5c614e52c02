// SPDX-License-Identifier: GPL-3.0-or-later
// ONNX ModelProto bytes (core/import/onnx_importer.h): parsing, shape inference, FLOP counting, then
// what `inspect` does with the operator graph.
#include "fuzz_common.h"

#include "import/onnx_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importOnnxBytes(fuzz::asText(data, size), "fuzz/model.onnx")); });
    return 0;
}
