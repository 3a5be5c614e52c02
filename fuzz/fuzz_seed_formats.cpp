// SPDX-License-Identifier: GPL-3.0-or-later
// The prototype's formats (core/import/seed_formats.h): the [name, size_bytes] layer list and the
// serialized ModelInfo; every input goes to both readers.
#include "fuzz_common.h"

#include "import/seed_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    const std::string_view text = fuzz::asText(data, size);
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importSeedLayerSizes(text, "fuzz/layers.json")); });
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importSeedModelInfo(text, "fuzz/model_info.json")); });
    return 0;
}
