// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files (core/export/plan_json.h, docs/plan-format.md). A file that reads must write back, and
// write -> read -> write must be byte-identical, as plan_json.h promises.
#include "fuzz_common.h"

#include "export/plan_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] {
        const PlanDocument document = readPlanJson(fuzz::asText(data, size), "fuzz/plan.json");
        const std::string written = writePlanJson(document);
        std::string again;
        try {
            again = writePlanJson(readPlanJson(written, "written.json"));
        } catch (const InputError& e) {
            fuzz::bug(std::string("a plan file written from a plan that read does not read back: ") + e.what());
        }
        if (again != written)
            fuzz::bug("plan file write -> read -> write is not byte-identical");
    });
    return 0;
}
