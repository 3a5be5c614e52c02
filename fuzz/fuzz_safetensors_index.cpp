// SPDX-License-Identifier: GPL-3.0-or-later
// model.safetensors.index.json (core/import/safetensors_importer.h): the index is the input; it sits
// in a scratch folder beside the three shards and config.json of tests/data/safetensors/tiny-llama-sharded,
// so mapping tensors to those shards (or to missing ones) is reachable.
#include "fuzz_common.h"

#include "util/json_reader.h"
#include "import/safetensors_importer.h"

#ifndef SHARDSCOPE_FUZZ_SHARDS
#error "SHARDSCOPE_FUZZ_SHARDS must name tests/data/safetensors/tiny-llama-sharded"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    namespace fs = std::filesystem;
    static const fs::path folder = [] {
        const fs::path d = fuzz::scratchDir() / "tiny-llama-sharded";
        fs::create_directories(d);
        for (const fs::directory_entry& e : fs::directory_iterator(SHARDSCOPE_FUZZ_SHARDS))
            if (e.path().extension() == ".safetensors" || e.path().filename() == "config.json")
                fs::copy_file(e.path(), d / e.path().filename(), fs::copy_options::overwrite_existing);
        return d;
    }();
    const std::string indexPath = (folder / "model.safetensors.index.json").string();
    fuzz::expectInputErrorsOnly([&] {
        const nlohmann::json index = parseJsonText(fuzz::asText(data, size), JsonContext { indexPath, "safetensors index" });
        fuzz::exerciseModel(importSafetensorsIndex(index, indexPath));
    });
    return 0;
}
