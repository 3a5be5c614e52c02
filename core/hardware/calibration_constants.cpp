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
    gpu.calibration = info;
}

CalibrationConstants CalibrationConstants::fromJson(std::string_view text, const std::string& source)
{
    constexpr double kPositive = std::numeric_limits<double>::min();
    const JsonContext context { source, "calibration constants" };
    const nlohmann::json doc = parseJsonText(text, context);
    const JsonObjectReader root(doc, "$", context);
    if (root.string("format") != "shardscope-calibration")
        root.fail("format", "expected \"shardscope-calibration\", got \"" + root.string("format") + "\"");
    CalibrationConstants out;
    out.calibrationSet = root.string("calibration_set");
    out.date = root.string("date");
    const nlohmann::json& list = root.array("families");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonObjectReader f(list[i], "$.families[" + std::to_string(i) + "]", context);
        FamilyConstants c;
        c.family = f.string("family");
        c.gemmFraction = f.number("gemm_fraction", kPositive, 1);
        c.scaleUpEfficiency = f.number("scale_up_efficiency", kPositive, 1);
        c.scaleOutEfficiency = f.number("scale_out_efficiency", kPositive, 1);
        c.attentionScale = f.number("attention_scale", kPositive, 10);
        c.info.family = c.family;
        c.info.runs = int(f.integer("runs", 1, 100000));
        c.info.rmsError = f.number("rms_error", 0, 10);
        c.info.maxError = f.number("max_error", 0, 10);
        c.runsFrom = f.string("runs_from");
        c.info.fittedOn = c.runsFrom + ", fitted " + out.date;
        if (out.find(c.family))
            f.fail("family", "family \"" + c.family + "\" is listed twice");
        out.families.push_back(std::move(c));
    }
    return out;
}

std::string CalibrationConstants::toJson() const
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const FamilyConstants& f : families)
        list.push_back({ { "family", f.family }, { "gemm_fraction", f.gemmFraction },
                         { "scale_up_efficiency", f.scaleUpEfficiency }, { "scale_out_efficiency", f.scaleOutEfficiency },
                         { "attention_scale", f.attentionScale },
                         { "runs", f.info.runs }, { "rms_error", f.info.rmsError }, { "max_error", f.info.maxError },
                         { "runs_from", f.runsFrom } });
    const nlohmann::ordered_json doc { { "format", "shardscope-calibration" },
                                       { "calibration_set", calibrationSet },
                                       { "date", date },
                                       { "note", "Written by tools/shardscope-calibrate; do not edit by hand. Fitted to "
                                                 "nothing but the calibration set (docs/cost-model.md)." },
                                       { "families", std::move(list) } };
    return doc.dump(2) + "\n";
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
