// SPDX-License-Identifier: GPL-3.0-or-later
// One .safetensors file (core/import/safetensors_header.h, safetensors_importer.h). The reader takes
// a path (it reads only the 8 + N header bytes of a file that may be gigabytes), so each input is
// written to a file in the process's scratch directory first.
#include "fuzz_common.h"

#include "import/safetensors_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    static const std::filesystem::path file = fuzz::scratchDir() / "model.safetensors";
    fuzz::writeFile(file, fuzz::asText(data, size));
    fuzz::expectInputErrorsOnly([&] { fuzz::exerciseModel(importSafetensors(file.string())); });
    return 0;
}
