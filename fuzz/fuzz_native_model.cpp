// SPDX-License-Identifier: GPL-3.0-or-later
// ShardScope's own model file (core/import/native_model_format.h), then what `inspect` does with it.
#include "fuzz_common.h"

#include "import/native_model_format.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importNativeModel(fuzz::asText(data, size), "fuzz/model.json")); });
    return 0;
}
