// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json (core/import/hf_config_importer.h), then what `inspect` does with it.
#include "fuzz_common.h"

#include "import/hf_config_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importHfConfig(fuzz::asText(data, size), "fuzz/config.json")); });
    return 0;
}
