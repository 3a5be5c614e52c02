// SPDX-License-Identifier: GPL-3.0-or-later
// A user GPU catalog (core/hardware/hardware_catalog.h, docs/hardware-format.md), merged over the
// built-in one as the GUI and `--hardware` do, and every GPU looked up again by name.
#include "fuzz_common.h"

#include "hardware/hardware_catalog.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] {
        const HardwareCatalog user = HardwareCatalog::fromJson(fuzz::asText(data, size), "fuzz/hardware.json");
        HardwareCatalog merged = HardwareCatalog::builtin();
        merged.merge(user);
        for (const GpuSpec& gpu : user.gpus())
            if (!merged.find(gpu.name))
                fuzz::bug("GPU \"" + gpu.name + "\" of the user catalog is not found after merging");
    });
    return 0;
}
