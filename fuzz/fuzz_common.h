// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the libFuzzer harnesses (docs/fuzzing.md). A reader may reject any input with an
// InputError; anything else it throws, and every crash, hang, leak or sanitizer report, is a bug.
#pragma once

#include "export/session_document.h"
#include "import/native_model_format.h"
#include "model/model_graph.h"
#include "model/graph_analysis.h"
#include "util/input_error.h"
#include "util/text.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace shardscope::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return { reinterpret_cast<const char*>(data), size };
}

/// Stops the run with a message: an invariant the readers promise does not hold.
[[noreturn]] inline void bug(const std::string& what)
{
    std::fprintf(stderr, "fuzz: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

/// Runs `read`; an InputError is the expected answer to bad input and ends the case quietly.
template <typename Read>
void expectInputErrorsOnly(Read&& read)
{
    try {
        read();
    } catch (const InputError&) {
    }
}

/// A directory of this process: $SHARDSCOPE_FUZZ_SCRATCH/files (.ci/fuzz gives each harness its
/// own; one process per scratch directory), else /dev/shm/shardscope-fuzz-<pid>. Its path has no
/// pid under .ci/fuzz, because paths reach error messages and libFuzzer's string-comparison
/// tracing, and a fixed-seed run must not depend on the pid. Removed at a normal exit; libFuzzer
/// ends its runs with _Exit, which skips that, hence the variable.
inline const std::filesystem::path& scratchDir()
{
    static const std::filesystem::path dir = [] {
        namespace fs = std::filesystem;
        std::error_code ec;
        const char* scratch = std::getenv("SHARDSCOPE_FUZZ_SCRATCH");
        fs::path d;
        if (scratch && *scratch)
            d = fs::path(scratch) / "files";
        else
            d = (fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path(ec))
                / ("shardscope-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(d);
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(scratchDir(), ignored);
        });
        return d;
    }();
    return dir;
}

inline void writeFile(const std::filesystem::path& path, std::string_view bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out)
        bug("cannot write " + path.string());
}

/// True when the names importModel checks (checkedNames in model_importer.cpp) are all UTF-8.
inline bool namesAreUtf8(const ModelGraph& graph)
{
    if (invalidUtf8Offset(graph.name()) != std::string_view::npos)
        return false;
    for (const Layer& layer : graph.layers())
        if (invalidUtf8Offset(layer.name) != std::string_view::npos)
            return false;
    for (const auto& node : graph.nodes())
        if (invalidUtf8Offset(node.name) != std::string_view::npos)
            return false;
    return true;
}

/// Graphs above this many layers skip the model file's round trip: legal (a config.json may ask for thousands
/// of blocks), but writing and re-reading tens of megabytes of JSON takes longer than the fuzzer's 10 s timeout
/// under the sanitizers (8,320 blocks: 33,283 layers, 21 MB, 14 s) while exercising nothing the smaller graphs
/// do not.
constexpr int kMaxRoundTripLayers = 20000;

/// What the command line does after an import (`shardscope inspect --json`), kept cheap: the graph
/// analysis, and, for graphs whose names are UTF-8 (importModel rejects the rest), the analysis as
/// JSON and the ShardScope model file written and read back, which must give the same graph size.
inline void exerciseModel(const ModelGraph& graph)
{
    const GraphAnalysis analysis = analyzeModel(graph, 2048);
    if (!namesAreUtf8(graph) || graph.layerCount() > kMaxRoundTripLayers)
        return;
    (void)graphAnalysisToJson(analysis).dump();
    const std::string written = nativeModelToJson(graph).dump(2);
    try {
        const ModelGraph again = importNativeModel(written, "written.json");
        if (again.layerCount() != graph.layerCount() || again.totalParams() != graph.totalParams())
            bug("the ShardScope model file written for an imported graph reads back as a different graph");
    } catch (const InputError& e) {
        bug(std::string("the ShardScope model file written for an imported graph does not read back: ") + e.what());
    }
}

} // namespace shardscope::fuzz
