// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware/gpu_spec.h"

#include <cmath>
#include <iterator>

namespace shardscope {

std::string KernelSpec::attentionKernelProblem(std::string_view name)
{
    if (name.empty())
        return {};
    constexpr std::size_t n = std::size(kAttentionKernels);
    std::string expected;
    for (std::size_t i = 0; i < n; ++i) {
        if (name == kAttentionKernels[i])
            return {};
        expected += std::string(i == 0 ? "" : i + 1 == n ? " or " : ", ") + "\"" + kAttentionKernels[i] + "\"";
    }
    return "unknown attention kernel \"" + std::string(name.substr(0, 64)) + "\"; expected " + expected;
}

std::string CalibrationInfo::errorText() const
{
    if (!calibrated())
        return {};
    return errorText(rmsError);
}

std::string CalibrationInfo::describe() const
{
    const std::string where = profile.empty() ? std::string() : ", profile " + profile;
    if (!calibrated()) {
        if (!regime.empty()) {
            std::string text = "uncalibrated: fewer than 3 measured runs in " + regime + where;
            if (!nearestRegime.empty())
                text += "; the nearest regime, " + nearestRegime + ", is " + errorText(rmsError);
            return text;
        }
        return "uncalibrated: no calibration runs on this GPU's family" + (family.empty() ? std::string() : " (" + family + ")");
    }
    if (crossValidated)
        return errorText() + " cross-validated on " + std::to_string(runs) + " runs, " + regime + where;
    return errorText() + " (" + std::to_string(runs) + " calibration runs, " + family + where + ")";
}

std::string CalibrationInfo::errorText(double error)
{
    return "\u00b1 " + std::to_string(int(std::ceil(error * 100 - 1e-9))) + " %";
}

double GpuSpec::peakFlops(Precision precision) const
{
    switch (precision) {
    case Precision::Bf16:
        return peakFlopsBf16;
    case Precision::Fp16:
        return peakFlopsFp16 > 0 ? peakFlopsFp16 : peakFlopsBf16;
    case Precision::Fp8:
        return peakFlopsFp8 > 0 ? peakFlopsFp8 : peakFlopsBf16; // no fp8 units: runs at bf16 speed
    case Precision::Fp32:
        return peakFlopsFp32;
    }
    return peakFlopsBf16;
}

} // namespace shardscope
