// SPDX-License-Identifier: GPL-3.0-or-later
// ONNX ModelProto bytes (core/import/onnx_importer.h): parsing, shape inference, FLOP counting, then
// what `inspect` does with the operator graph. Shape inference runs in a helper process (a crash in
// libonnx is contained there); its time limit is 3 s here, below the 10 s -timeout of .ci/fuzz, so
// a hang inside libonnx is contained too rather than reported as a timeout of this process.
#include "fuzz_common.h"

#include "import/onnx_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importOnnxBytes(fuzz::asText(data, size), "fuzz/model.onnx", std::chrono::seconds(3))); });
    return 0;
}
