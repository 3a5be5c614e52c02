// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/gpu_spec.h"

#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * The constants fitted to one GPU family's calibration runs (resources/calibration.json, written by
 * tools/shardscope-calibrate) and how far the model is from those runs afterwards.
 */
struct FamilyConstants
{
    std::string family;              ///< "A100", "H100": GpuSpec::family of the GPUs they apply to
    double gemmFraction = 0.65;      ///< GpuSpec::matmulEfficiency
    double scaleUpEfficiency = 0.8;  ///< LinkSpec::efficiency of the intra-node link
    double scaleOutEfficiency = 0.8; ///< LinkSpec::efficiency of the inter-node link
    /// Factor on the published flash-attention fractions (KernelSpec::attention*Efficiency); 1 for a family
    /// whose calibration runs use no flash attention (Narayanan 2021 predates it).
    double attentionScale = 1;
    std::string runsFrom;            ///< the publications of the runs ("Narayanan et al. 2021, Table 1")
    CalibrationInfo info;            ///< runs, residuals and where they came from (fittedOn: runsFrom + date)

    /// Sets the fitted constants and the calibration info of `gpu` (its default links included); the
    /// attention fractions are scaled, so apply this once to a GPU as hardware.json describes it.
    void applyTo(GpuSpec& gpu) const;
    bool operator==(const FamilyConstants&) const = default;
};

struct CalibrationConstants
{
    std::string calibrationSet;      ///< the set the constants may be fitted to (docs/calibration-set.md)
    std::string date;                ///< when they were fitted, YYYY-MM-DD
    std::vector<FamilyConstants> families;

    /// Parses resources/calibration.json; errors name the source and JSON path.
    static CalibrationConstants fromJson(std::string_view text, const std::string& source);
    std::string toJson() const; ///< the whole file, as fromJson reads it
    const FamilyConstants* find(std::string_view family) const; ///< nullptr for an empty or unknown family

    /// resources/calibration.json as compiled into the library, parsed once.
    static const CalibrationConstants& builtin();
};

} // namespace shardscope
