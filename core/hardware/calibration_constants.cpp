// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware/calibration_constants.h"

#include "util/json_reader.h"
#include "util/embedded_resources.h"

#include <algorithm>
#include <limits>

namespace shardscope {

void FamilyConstants::applyTo(GpuSpec& gpu) const
{
    gpu.matmulEfficiency = gemmFraction;
    gpu.scaleUp.efficiency = scaleUpEfficiency;
    gpu.scaleOut.efficiency = scaleOutEfficiency;
    gpu.kernels.attentionForwardEfficiency = std::min(1.0, gpu.kernels.attentionForwardEfficiency * attentionScale);
    gpu.kernels.attentionBackwardEfficiency = std::min(1.0, gpu.kernels.attentionBackwardEfficiency * attentionScale);
    gpu.kernels.attentionScale = attentionScale; // on the attention kernel's published curve, where it has one
    gpu.calibration = info;
}

namespace {

FamilyConstants readFamily(const JsonObjectReader& f, const std::string& profile, const std::string& runsFrom,
                           const std::string& date)
{
    constexpr double kPositive = std::numeric_limits<double>::min();
    FamilyConstants c;
    c.family = f.string("family");
    c.gemmFraction = f.number("gemm_fraction", kPositive, 1);
    c.scaleUpEfficiency = f.number("scale_up_efficiency", kPositive, 1);
    c.scaleOutEfficiency = f.number("scale_out_efficiency", kPositive, 1);
    c.attentionScale = f.number("attention_scale", kPositive, 10);
    c.info.family = c.family;
    c.info.runs = int(f.integer("runs", 0, 100000));
    c.info.rmsError = f.number("rms_error", 0, 10);
    c.info.maxError = f.number("max_error", 0, 10);
    c.info.profile = profile;
    c.runsFrom = runsFrom;
    c.info.fittedOn = runsFrom + ", fitted " + date;
    return c;
}

RegimeBand readRegime(const JsonObjectReader& r)
{
    RegimeBand b;
    b.regime = r.string("regime");
    b.rows = int(r.integer("rows", 0, 100000));
    b.inSampleMean = r.number("in_sample_mean", 0, 10);
    b.inSampleMax = r.number("in_sample_max", 0, 10);
    b.cvRows = int(r.integer("cv_rows", 0, 100000));
    b.cvMean = r.number("cv_mean", 0, 10);
    b.cvSourceMean = r.number("cv_source_mean", 0, 10);
    return b;
}

Profile readProfile(const JsonObjectReader& p, const std::string& date)
{
    Profile out;
    out.name = p.string("name");
    out.title = p.string("title");
    out.runsFrom = p.string("runs_from");
    const nlohmann::json& caps = p.array("capabilities");
    for (std::size_t i = 0; i < caps.size(); ++i)
        out.capabilities.push_back(readString(caps[i], p.pathOf("capabilities") + "[" + std::to_string(i) + "]", p.context()));
    const nlohmann::json& families = p.array("families");
    for (std::size_t i = 0; i < families.size(); ++i) {
        const JsonObjectReader f(families[i], p.pathOf("families") + "[" + std::to_string(i) + "]", p.context());
        FamilyConstants c = readFamily(f, out.name, out.runsFrom, date);
        if (out.find(c.family))
            f.fail("family", "family \"" + c.family + "\" is listed twice");
        out.families.push_back(std::move(c));
    }
    const nlohmann::json& regimes = p.array("regimes");
    for (std::size_t i = 0; i < regimes.size(); ++i)
        out.regimes.push_back(readRegime(JsonObjectReader(regimes[i], p.pathOf("regimes") + "[" + std::to_string(i) + "]", p.context())));
    const JsonObjectReader residuals(p.object("residuals"), p.pathOf("residuals"), p.context());
    for (const auto& [id, value] : p.object("residuals").items())
        out.residuals.emplace_back(id, residuals.number(id, -10, 10));
    return out;
}

} // namespace

CalibrationConstants CalibrationConstants::fromJson(std::string_view text, const std::string& source)
{
    const JsonContext context { source, "calibration constants" };
    const nlohmann::json doc = parseJsonText(text, context);
    const JsonObjectReader root(doc, "$", context);
    if (root.string("format") != "shardscope-calibration")
        root.fail("format", "expected \"shardscope-calibration\", got \"" + root.string("format") + "\"");
    if (root.integer("version", 1, 1000) != 2)
        root.fail("version", "expected 2 (software-stack profiles), got " + std::to_string(root.integer("version", 1, 1000)));
    CalibrationConstants out;
    out.calibrationSet = root.string("calibration_set");
    out.date = root.string("date");
    out.defaultProfile = root.string("default_profile");
    const nlohmann::json& list = root.array("profiles");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonObjectReader p(list[i], "$.profiles[" + std::to_string(i) + "]", context);
        Profile profile = readProfile(p, out.date);
        if (out.profile(profile.name))
            p.fail("name", "profile \"" + profile.name + "\" is listed twice");
        out.profiles.push_back(std::move(profile));
    }
    const Profile* def = out.profile(out.defaultProfile);
    if (!def)
        root.fail("default_profile", "expected the name of a listed profile, got \"" + out.defaultProfile + "\"");
    out.families = out.familiesOf(*def);
    return out;
}

std::string CalibrationConstants::toJson() const
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Profile& p : profiles) {
        nlohmann::ordered_json familyList = nlohmann::ordered_json::array();
        for (const FamilyConstants& f : p.families)
            familyList.push_back({ { "family", f.family }, { "gemm_fraction", f.gemmFraction },
                                 { "scale_up_efficiency", f.scaleUpEfficiency }, { "scale_out_efficiency", f.scaleOutEfficiency },
                                 { "attention_scale", f.attentionScale }, { "runs", f.info.runs },
                                 { "rms_error", f.info.rmsError }, { "max_error", f.info.maxError } });
        nlohmann::ordered_json regimes = nlohmann::ordered_json::array();
        for (const RegimeBand& b : p.regimes)
            regimes.push_back({ { "regime", b.regime }, { "rows", b.rows }, { "in_sample_mean", b.inSampleMean },
                                { "in_sample_max", b.inSampleMax }, { "cv_rows", b.cvRows }, { "cv_mean", b.cvMean },
                                { "cv_source_mean", b.cvSourceMean } });
        nlohmann::ordered_json residuals = nlohmann::ordered_json::object();
        for (const auto& [id, e] : p.residuals)
            residuals[id] = e;
        list.push_back({ { "name", p.name }, { "title", p.title }, { "runs_from", p.runsFrom },
                         { "capabilities", p.capabilities }, { "families", std::move(familyList) },
                         { "regimes", std::move(regimes) }, { "residuals", std::move(residuals) } });
    }
    const nlohmann::ordered_json doc { { "format", "shardscope-calibration" },
                                       { "version", 2 },
                                       { "calibration_set", calibrationSet },
                                       { "date", date },
                                       { "note", "Written by tools/shardscope-calibrate; do not edit by hand. Fitted to "
                                                 "nothing but the measured runs of docs/measured-runs.md; every regime's "
                                                 "error in-sample and cross-validated (docs/cost-model.md)." },
                                       { "default_profile", defaultProfile },
                                       { "profiles", std::move(list) } };
    return doc.dump(2) + "\n";
}

const Profile* CalibrationConstants::profile(std::string_view name) const
{
    for (const Profile& p : profiles)
        if (p.name == name)
            return &p;
    return nullptr;
}

std::vector<std::string> CalibrationConstants::profileNames() const
{
    std::vector<std::string> names { defaultProfile };
    for (const Profile& p : profiles)
        if (p.name != defaultProfile)
            names.push_back(p.name);
    return names;
}

std::vector<FamilyConstants> CalibrationConstants::familiesOf(const Profile& chosen) const
{
    std::vector<FamilyConstants> out;
    auto add = [&](const Profile& from, const FamilyConstants& f) {
        for (const FamilyConstants& have : out)
            if (have.family == f.family)
                return;
        FamilyConstants c = f;
        c.info.regimes.clear();
        for (const RegimeBand& b : from.regimes)
            if (b.regime.starts_with(f.family + " "))
                c.info.regimes.push_back(b);
        out.push_back(std::move(c));
    };
    for (const FamilyConstants& f : chosen.families)
        add(chosen, f);
    for (const Profile& p : profiles)
        for (const FamilyConstants& f : p.families)
            add(p, f);
    return out;
}

const FamilyConstants* Profile::find(std::string_view family) const
{
    for (const FamilyConstants& f : families)
        if (f.family == family)
            return &f;
    return nullptr;
}

const CalibrationConstants& CalibrationConstants::builtin()
{
    static const CalibrationConstants constants = fromJson(embeddedCalibration(), "resources/calibration.json");
    return constants;
}

const FamilyConstants* CalibrationConstants::find(std::string_view family) const
{
    if (family.empty())
        return nullptr;
    for (const FamilyConstants& f : families)
        if (f.family == family)
            return &f;
    return nullptr;
}

} // namespace shardscope
