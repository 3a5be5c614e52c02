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

/**
 * A software-stack profile: the constants fitted to one stack's measured runs (one per GPU family it has runs
 * on), what the stack does that the cost model knows of, and the provenance: its runs, the fit date and each
 * regime's in-sample and cross-validated error (shardscope validate prints them; tools/shardscope-calibrate writes
 * them).
 */
struct Profile
{
    std::string name;                      ///< "megatron-bridge"
    std::string title;                     ///< "Megatron-Bridge / NeMo 25.09+ (2025-2026)"
    std::string runsFrom;                  ///< the runs' publications
    std::vector<std::string> capabilities; ///< "TE communication overlap", "CUDA graphs", ...
    std::vector<FamilyConstants> families;
    std::vector<RegimeBand> regimes;
    std::vector<std::pair<std::string, double>> residuals; ///< each evaluated run's in-sample error, by id

    const FamilyConstants* find(std::string_view family) const;
    bool operator==(const Profile&) const = default;
};

struct CalibrationConstants
{
    std::string calibrationSet;      ///< the set the constants may be fitted to (docs/measured-runs.md)
    std::string date;                ///< when they were fitted, YYYY-MM-DD
    std::string defaultProfile;      ///< the profile plans use unless told otherwise
    std::vector<Profile> profiles;
    /// Compatibility for callers of one set: the default profile's families (and, for a family it has no runs
    /// of, the first profile's that has).
    std::vector<FamilyConstants> families;

    /// Parses resources/calibration.json; errors name the source and JSON path.
    static CalibrationConstants fromJson(std::string_view text, const std::string& source);
    std::string toJson() const; ///< the whole file, as fromJson reads it
    const FamilyConstants* find(std::string_view family) const; ///< in `families`; nullptr when unknown
    const Profile* profile(std::string_view name) const;        ///< nullptr for an unknown name
    /// The constants a profile gives each family: its own, else those of the first profile with runs of it
    /// (their info says which profile); each with the profile's regime bands of that family.
    std::vector<FamilyConstants> familiesOf(const Profile& profile) const;
    /// The profiles' names, default first.
    std::vector<std::string> profileNames() const;

    /// resources/calibration.json as compiled into the library, parsed once.
    static const CalibrationConstants& builtin();
};

} // namespace shardscope
