// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration/measured_runs.h"

#include "util/embedded_resources.h"
#include "util/json_reader.h"

#include <cmath>
#include <limits>

namespace shardscope {

namespace {

std::optional<int> optionalInt(const JsonObjectReader& row, std::string_view key, int min, int max)
{
    if (!row.has(key))
        return std::nullopt; // absent or null: not stated
    return int(row.integer(key, min, max));
}

MeasuredRun readRow(const JsonObjectReader& r, const std::string& source)
{
    MeasuredRun run;
    run.file = source;
    run.id = r.string("id");
    run.source = r.string("source");
    run.locator = r.string("locator");
    run.stack = r.string("stack");
    run.model = r.string("model");
    run.label = r.stringOr("label", run.model);
    run.gpu = r.string("gpu");
    run.gpus = int(r.integer("gpus", 1, 1 << 20));
    run.seq = r.integer("seq", 1, std::int64_t(1) << 24);
    run.globalBatch = r.integer("global_batch", 1, std::int64_t(1) << 30);
    run.microBatch = optionalInt(r, "micro_batch", 1, 1 << 16);
    run.tp = optionalInt(r, "tp", 1, 1 << 12);
    run.pp = optionalInt(r, "pp", 1, 1 << 12);
    run.cp = optionalInt(r, "cp", 1, 1 << 12);
    run.ep = optionalInt(r, "ep", 1, 1 << 12);
    run.vpp = optionalInt(r, "vpp", 1, 1 << 12);
    run.fsdpShards = optionalInt(r, "fsdp_shards", 0, 1 << 20);
    run.precision = r.has("precision") ? r.string("precision") : std::string();
    run.tokensPerSecondPerGpu = r.number("tokens_per_second_per_gpu", std::numeric_limits<double>::min(), 1e9);
    run.stepSeconds = r.number("step_seconds_derived", std::numeric_limits<double>::min(), 1e7);
    const double derived = double(run.globalBatch) * double(run.seq) / (run.tokensPerSecondPerGpu * run.gpus);
    if (std::abs(derived / run.stepSeconds - 1) > 1e-3)
        r.fail("step_seconds_derived",
               "expected global_batch x seq / (tokens_per_second_per_gpu x gpus) = " + std::to_string(derived) + " s, got "
                   + std::to_string(run.stepSeconds) + " s");
    if (r.has("notes")) {
        const nlohmann::json& notes = r.array("notes");
        for (std::size_t i = 0; i < notes.size(); ++i)
            run.notes.push_back(readString(notes[i], r.pathOf("notes") + "[" + std::to_string(i) + "]", r.context()));
    }
    return run;
}

} // namespace

std::string MeasuredRun::container() const
{
    // "Megatron-Bridge (NeMo 26.04.01 container)" -> "NeMo 26.04.01"
    const auto open = stack.find('(');
    const auto end = stack.find(" container)");
    if (open == std::string::npos || end == std::string::npos || end <= open)
        return stack;
    return stack.substr(open + 1, end - open - 1);
}

std::vector<MeasuredRun> readMeasuredRuns(std::string_view text, const std::string& source)
{
    const JsonContext context { source, "measured-runs corpus" };
    const nlohmann::json doc = parseJsonText(text, context);
    const JsonObjectReader root(doc, "$", context);
    const nlohmann::json& rows = root.array("rows");
    std::vector<MeasuredRun> out;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const JsonObjectReader r(rows[i], "$.rows[" + std::to_string(i) + "]", context);
        MeasuredRun run = readRow(r, source);
        for (const MeasuredRun& other : out)
            if (other.id == run.id)
                r.fail("id", "expected a unique id, \"" + run.id + "\" is listed twice");
        out.push_back(std::move(run));
    }
    return out;
}

const std::vector<MeasuredRun>& builtinMeasuredRuns()
{
    static const std::vector<MeasuredRun> runs = [] {
        std::vector<MeasuredRun> all;
        for (const EmbeddedResource& file : embeddedRuns()) {
            if (!file.name.starts_with("measured-runs"))
                continue; // the recipes beside them
            std::vector<MeasuredRun> rows = readMeasuredRuns(file.text, "resources/runs/" + std::string(file.name) + ".json");
            all.insert(all.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
        }
        return all;
    }();
    return runs;
}

std::string_view corpusModelConfig(std::string_view model)
{
    const auto slash = model.rfind('/');
    const std::string_view stem = slash == std::string_view::npos ? model : model.substr(slash + 1);
    for (const EmbeddedResource& file : embeddedRunModels())
        if (file.name == stem)
            return file.text;
    return {};
}

} // namespace shardscope
