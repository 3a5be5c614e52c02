// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/calibration_constants.h"
#include "hardware/gpu_spec.h"

#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * GPU models by name. The built-in catalog is resources/hardware.json compiled into the
 * library, with the fitted constants of resources/calibration.json applied per family; users add their own GPUs from a JSON file of the same format (docs/hardware-format.md).
 */
class HardwareCatalog
{
public:
    /// Parses the catalog format; errors name the source and JSON path.
    static HardwareCatalog fromJson(std::string_view text, const std::string& source);
    static const HardwareCatalog& builtin(); ///< with the default profile's constants
    /// The built-in catalog with the constants of the named software-stack profile (resources/calibration.json);
    /// nullptr for an unknown profile. Built once per profile.
    static const HardwareCatalog* builtin(std::string_view profile);

    /// Case-insensitive lookup by name or alias ("h100", "H100-SXM", "h100-sxm5-80gb").
    const GpuSpec* find(std::string_view name) const;
    /// Adds or replaces (same name) a GPU.
    void add(GpuSpec gpu, std::vector<std::string> aliases = {});
    /// Sets the fitted constants and calibration info of every GPU whose family `constants` names.
    void applyCalibration(const CalibrationConstants& constants); ///< the default profile's
    void applyCalibration(const std::vector<FamilyConstants>& families);
    /// Adds every GPU of another catalog (user GPUs override built-in ones of the same name); a GPU whose
    /// `family` has fitted constants (resources/calibration.json) gets them and that family's error, in the
    /// named software-stack profile (empty or unknown: the default profile).
    void merge(const HardwareCatalog& other, std::string_view profile = {});
    const std::vector<GpuSpec>& gpus() const { return m_gpus; }

private:
    std::vector<GpuSpec> m_gpus;
    std::vector<std::vector<std::string>> m_aliases; // parallel to m_gpus, lower-case
};

} // namespace shardscope
