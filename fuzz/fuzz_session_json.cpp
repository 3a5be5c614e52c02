// SPDX-License-Identifier: GPL-3.0-or-later
// Desktop session files (core/export/session_document.h, docs/session-format.md). A session that
// reads must write back and read as the same document.
#include "fuzz_common.h"

#include "export/session_document.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace shardscope;
    fuzz::expectInputErrorsOnly([&] {
        const SessionDocument document = readSessionJson(fuzz::asText(data, size), "fuzz/session.shardscope");
        const std::string written = writeSessionJson(document);
        try {
            if (!(readSessionJson(written, "written.shardscope") == document))
                fuzz::bug("a session written and read back differs from the one read");
        } catch (const InputError& e) {
            fuzz::bug(std::string("a session file written from a session that read does not read back: ") + e.what());
        }
    });
    return 0;
}
