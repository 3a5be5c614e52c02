// SPDX-License-Identifier: GPL-3.0-or-later
// Session files: the writer, the strict reader and the model path resolution. The inputs share
// their JSON with plan files (export/spec_json.h).
#include "export/session_document.h"

#include "export/budget_json.h"
#include "export/spec_json.h"
#include "hardware/calibration_constants.h"

#include <array>
#include <filesystem>
#include <system_error>
#include <utility>

namespace shardscope {

namespace {

namespace fs = std::filesystem;
using specjson::Json;
using specjson::ObjectReader;
using specjson::toJson;

constexpr std::string_view kKind = "session file";

bool sameCluster(const ClusterSpec& a, const ClusterSpec& b)
{
    return a.gpu == b.gpu && a.nodes == b.nodes && a.gpusPerNode == b.gpusPerNode && a.intraNode == b.intraNode
        && a.interNode == b.interNode;
}

bool sameTraining(const TrainingSpec& a, const TrainingSpec& b) { return a == b; }

Json optionalString(const std::string& s)
{
    return s.empty() ? Json(nullptr) : Json(s);
}

Json toJsonDocument(const SessionDocument& d)
{
    Json out { { "format", SessionDocument::kFormat }, { "version", SessionDocument::kVersion },
        { "generator", d.generator },
        { "model",
            Json { { "source", d.model }, { "bundled", d.modelIsBundled },
                { "relative_path", optionalString(d.modelRelative) } } },
        { "cluster", toJson(d.cluster) }, { "profile", optionalString(d.profile) }, { "training", toJson(d.training) },
        { "strategy", toString(d.strategy) }, { "weights", toJson(d.weights) }, { "top_count", d.topCount },
        { "show_infeasible", d.showInfeasible },
        { "selected_plan", d.selectedPlan ? toJson(*d.selectedPlan) : Json(nullptr) },
        { "budget", d.budget ? budgetjson::toJson(*d.budget) : Json(nullptr) } };
    // nlohmann writes NaN and infinity as null, which the reader would then reject as a missing field.
    specjson::requireFinite(out, "$", "session JSON");
    return out;
}

/// The JSON key of a field that ClusterSpec::validate or TrainingSpec::validate names differently.
std::string jsonField(std::string_view field)
{
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> renamed { {
        { "gpu.memory", "gpu.memory_bytes" },
        { "gpu.peak_tflops.bf16", "gpu.peak_bf16_flops_per_second" },
        { "gpu.hbm_gb_per_s", "gpu.hbm_bytes_per_second" },
        { "framework_overhead", "framework_overhead_bytes" },
        { "zero", "pins.zero_stage" },
        { "tp", "pins.tp" },
        { "cp", "pins.cp" },
        { "pp", "pins.pp" },
        { "dp", "pins.dp" },
        { "dp_replicate", "pins.dp_replicate" },
        { "vpp", "pins.vpp" },
        { "micro_batch", "pins.micro_batch" },
        { "ep", "pins.ep" },
        { "etp", "pins.etp" },
    } };
    for (const auto& [from, to] : renamed)
        if (field == from)
            return std::string(to);
    return std::string(field);
}

/// Runs a validate(source) and reports its error at the JSON path of the field under `path`.
template <typename Spec> void validateAt(const Spec& spec, const std::string& path, const std::string& source)
{
    try {
        spec.validate(source);
    } catch (const InputError& e) {
        throw InputError(source, path + "." + jsonField(e.position()), std::string(kKind) + ": " + e.message());
    }
}

bool pathExists(const fs::path& p)
{
    std::error_code ec;
    return fs::exists(p, ec);
}

} // namespace

bool operator==(const SessionDocument& a, const SessionDocument& b)
{
    return a.generator == b.generator && a.model == b.model && a.modelIsBundled == b.modelIsBundled
        && a.modelRelative == b.modelRelative && sameCluster(a.cluster, b.cluster) && a.profile == b.profile
        && sameTraining(a.training, b.training) && a.strategy == b.strategy && a.weights == b.weights
        && a.topCount == b.topCount && a.showInfeasible == b.showInfeasible && a.selectedPlan == b.selectedPlan
        && a.budget == b.budget;
}

std::string writeSessionJson(const SessionDocument& document)
{
    // Replace, not throw, on invalid UTF-8 in names (paths and GPU names come from the user).
    return toJsonDocument(document).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string writeSessionJson(const SessionDocument& document, const std::string& sessionPath)
{
    SessionDocument d = document;
    d.modelRelative = d.modelIsBundled ? std::string() : sessionRelativeModelPath(d.model, sessionPath);
    return writeSessionJson(d);
}

std::string sessionRelativeModelPath(const std::string& model, const std::string& sessionPath)
{
    if (model.empty() || sessionPath.empty())
        return {};
    std::error_code ec;
    const fs::path absoluteModel = fs::absolute(fs::path(model), ec);
    if (ec)
        return {};
    const fs::path absoluteSession = fs::absolute(fs::path(sessionPath), ec);
    if (ec)
        return {};
    const fs::path relative
        = absoluteModel.lexically_normal().lexically_relative(absoluteSession.parent_path().lexically_normal());
    return relative.empty() ? std::string() : relative.generic_string();
}

SessionDocument readSessionJson(std::string_view text, const std::string& source)
{
    const Json json = specjson::parseDocument(text, source, kKind);
    const ObjectReader root(json, "$", source, kKind);
    const std::string format = root.string("format");
    if (format != SessionDocument::kFormat)
        root.fail("$.format",
            "expected \"" + std::string(SessionDocument::kFormat) + "\", got \"" + format
                + "\"; this is not a ShardScope session file");
    const std::int64_t version = root.integer("version", 1, planjson::kMaxInt64);
    if (version > SessionDocument::kVersion)
        root.fail("$.version",
            "version " + std::to_string(version) + " is newer than this ShardScope reads ("
                + std::to_string(SessionDocument::kVersion) + "); update ShardScope");

    SessionDocument d;
    d.generator = root.string("generator");
    const ObjectReader model = root.object("model");
    d.model = model.string("source");
    d.modelIsBundled = model.boolean("bundled");
    if (d.modelIsBundled && d.model.empty())
        model.fail("$.model.source", "a bundled model needs its name");
    if (model.find("relative_path"))
        d.modelRelative = model.string("relative_path");
    d.cluster = specjson::readCluster(root.object("cluster"));
    validateAt(d.cluster, "$.cluster", source);
    if (root.find("profile")) { // since software-stack profiles
        d.profile = root.string("profile");
        if (!CalibrationConstants::builtin().profile(d.profile)) {
            std::string known;
            for (const std::string& n : CalibrationConstants::builtin().profileNames())
                known += (known.empty() ? "\"" : ", \"") + n + "\"";
            root.fail("$.profile", "unknown software-stack profile \"" + d.profile.substr(0, 64) + "\"; expected one of "
                                       + known);
        }
    }
    d.training = specjson::readTraining(root.object("training"));
    validateAt(d.training, "$.training", source);
    d.strategy = specjson::readStrategy(root, "strategy");
    d.weights = specjson::readWeights(root.object("weights"));
    d.topCount = root.count("top_count", 1);
    d.showInfeasible = root.boolean("show_infeasible");
    if (root.find("selected_plan"))
        d.selectedPlan = specjson::readConfig(root.object("selected_plan"));
    if (root.find("budget"))
        d.budget = budgetjson::readBudget(root.object("budget"));
    return d;
}

std::string resolveSessionModelPath(const SessionDocument& document, const std::string& sessionPath)
{
    if (document.modelIsBundled || document.model.empty())
        return document.model;
    const fs::path model(document.model);
    if (model.is_absolute() && pathExists(model))
        return document.model;
    const fs::path folder = fs::path(sessionPath).parent_path();
    auto inFolder = [&](const std::string& p) { return (folder / fs::path(p)).lexically_normal(); };
    if (!document.modelRelative.empty())
        if (const fs::path candidate = inFolder(document.modelRelative); pathExists(candidate))
            return candidate.string();
    if (model.is_relative())
        return inFolder(document.model).string();
    return document.model;
}

} // namespace shardscope
