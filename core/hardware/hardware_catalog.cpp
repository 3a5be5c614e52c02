// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware/hardware_catalog.h"

#include "util/json_reader.h"
#include "util/embedded_resources.h"
#include "util/text.h"

#include <algorithm>
#include <limits>

namespace shardscope {

namespace {

constexpr double kPositive = std::numeric_limits<double>::min();
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// "H100 SXM", "h100_sxm" and "H100-SXM" name the same GPU.
std::string lookupKey(std::string_view name)
{
    std::string out;
    for (char c : toLower(name))
        if (c != '-' && c != '_' && c != ' ')
            out += c;
    return out;
}

LinkSpec readLink(const JsonObjectReader& gpu, std::string_view key)
{
    const JsonObjectReader link(gpu.object(key), gpu.pathOf(key), gpu.context());
    LinkSpec spec;
    spec.bandwidthBytesPerSecond = link.number("gb_per_s", kPositive, 1e6) * 1e9;
    spec.latencySeconds = link.number("latency_us", 0, 1e6) * 1e-6;
    spec.efficiency = link.numberOr("efficiency", 0.8, kPositive, 1.0);
    link.stringOr("kind", ""); // informational, but must be a string when given
    return spec;
}

KernelSpec readKernels(const JsonObjectReader& gpu)
{
    KernelSpec k;
    if (!gpu.has("kernels"))
        return k;
    const JsonObjectReader o(gpu.object("kernels"), gpu.pathOf("kernels"), gpu.context());
    k.smCount = int(o.integerOr("sm_count", k.smCount, 1, 100000));
    if (const nlohmann::json* tile = o.find("gemm_tile")) {
        if (!tile->is_array() || tile->size() != 2)
            o.fail("gemm_tile", "expected [rows, columns] of the GEMM tile, e.g. [128, 256]");
        for (std::size_t i = 0; i < 2; ++i) {
            const nlohmann::json& v = (*tile)[i];
            if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 4096)
                o.fail("gemm_tile", "expected two integers from 1 to 4096, e.g. [128, 256]");
        }
        k.gemmTileM = (*tile)[0].get<int>();
        k.gemmTileN = (*tile)[1].get<int>();
    }
    k.gemmTileKOverhead = o.numberOr("gemm_tile_k_overhead", k.gemmTileKOverhead, 0, 1e5);
    k.attentionForwardEfficiency = o.numberOr("attention_forward", k.attentionForwardEfficiency, kPositive, 1.0);
    k.attentionBackwardEfficiency = o.numberOr("attention_backward", k.attentionBackwardEfficiency, kPositive, 1.0);
    k.hbmEfficiency = o.numberOr("hbm_efficiency", k.hbmEfficiency, kPositive, 1.0);
    k.kernelGapSeconds = o.numberOr("kernel_gap_us", k.kernelGapSeconds * 1e6, 0, 1e4) * 1e-6;
    k.attentionKernel = o.stringOr("attention_kernel", "");
    if (const std::string problem = KernelSpec::attentionKernelProblem(k.attentionKernel); !problem.empty())
        o.fail("attention_kernel", problem);
    return k;
}

} // namespace

HardwareCatalog HardwareCatalog::fromJson(std::string_view text, const std::string& source)
{
    const JsonContext context { source, "hardware catalog" };
    const nlohmann::json doc = parseJsonText(text, context);
    const JsonObjectReader root(doc, "$", context);
    if (root.has("format") && root.string("format") != "shardscope-hardware")
        root.fail("format", "expected \"shardscope-hardware\", got \"" + root.string("format") + "\"");
    const std::int64_t version = root.integerOr("version", 1, 1, std::numeric_limits<std::int64_t>::max());
    if (version != 1)
        root.fail("version", "version " + std::to_string(version)
                      + " is newer than this ShardScope reads (1); update ShardScope or use version 1");

    const nlohmann::json& list = root.array("gpus");
    if (list.empty())
        root.fail("gpus", "expected at least one GPU");

    HardwareCatalog catalog;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonObjectReader gpu(list[i], "$.gpus[" + std::to_string(i) + "]", context);
        GpuSpec spec;
        spec.name = gpu.string("name");
        if (lookupKey(spec.name).empty())
            gpu.fail("name", "expected a non-empty GPU name");
        if (catalog.find(spec.name) && lookupKey(catalog.find(spec.name)->name) == lookupKey(spec.name))
            gpu.fail("name", "GPU \"" + spec.name + "\" is listed twice");
        spec.displayName = gpu.stringOr("display_name", spec.name);
        spec.vendor = gpu.stringOr("vendor", "");
        spec.memoryBytes = gpu.number("memory_gib", kPositive, 1e5) * kGiB;
        spec.hbmBytesPerSecond = gpu.number("hbm_gb_per_s", kPositive, 1e6) * 1e9;

        const JsonObjectReader peaks(gpu.object("peak_tflops"), gpu.pathOf("peak_tflops"), context);
        spec.peakFlopsBf16 = peaks.number("bf16", kPositive, 1e6) * 1e12;
        spec.peakFlopsFp16 = peaks.numberOr("fp16", 0, 0, 1e6) * 1e12;
        spec.peakFlopsFp8 = peaks.numberOr("fp8", 0, 0, 1e6) * 1e12;
        spec.peakFlopsFp32 = peaks.number("fp32", kPositive, 1e6) * 1e12;

        spec.matmulEfficiency = gpu.numberOr("matmul_efficiency", 0.65, kPositive, 1.0);
        spec.scaleUp = readLink(gpu, "scale_up");
        spec.scaleOut = readLink(gpu, "scale_out");
        spec.kernels = readKernels(gpu);
        spec.family = gpu.stringOr("family", "");

        std::vector<std::string> aliases;
        if (const nlohmann::json* list2 = gpu.find("aliases")) {
            if (!list2->is_array())
                gpu.fail("aliases", "expected an array of strings, got " + jsonTypeName(*list2));
            for (std::size_t a = 0; a < list2->size(); ++a)
                aliases.push_back(
                    readString((*list2)[a], gpu.pathOf("aliases") + "[" + std::to_string(a) + "]", context));
        }
        catalog.add(std::move(spec), std::move(aliases));
    }
    return catalog;
}

const HardwareCatalog& HardwareCatalog::builtin()
{
    return *builtin(CalibrationConstants::builtin().defaultProfile);
}

const HardwareCatalog* HardwareCatalog::builtin(std::string_view profile)
{
    // One catalog per profile, built on first use (a handful of profiles: a list, not a map).
    static const std::vector<std::pair<std::string, HardwareCatalog>> catalogs = [] {
        const CalibrationConstants& constants = CalibrationConstants::builtin();
        const HardwareCatalog base = fromJson(embeddedHardwareCatalog(), "resources/hardware.json");
        std::vector<std::pair<std::string, HardwareCatalog>> out;
        for (const Profile& p : constants.profiles) {
            HardwareCatalog c = base;
            c.applyCalibration(constants.familiesOf(p));
            out.emplace_back(p.name, std::move(c));
        }
        return out;
    }();
    for (const auto& [name, catalog] : catalogs)
        if (name == profile)
            return &catalog;
    return nullptr;
}

const GpuSpec* HardwareCatalog::find(std::string_view name) const
{
    const std::string key = lookupKey(name);
    if (key.empty())
        return nullptr;
    for (const GpuSpec& gpu : m_gpus) // names first: an alias never shadows another GPU's name
        if (lookupKey(gpu.name) == key)
            return &gpu;
    for (std::size_t i = 0; i < m_gpus.size(); ++i)
        for (const std::string& alias : m_aliases[i])
            if (lookupKey(alias) == key)
                return &m_gpus[i];
    return nullptr;
}

void HardwareCatalog::add(GpuSpec gpu, std::vector<std::string> aliases)
{
    for (std::string& a : aliases)
        a = toLower(a);
    for (std::size_t i = 0; i < m_gpus.size(); ++i)
        if (lookupKey(m_gpus[i].name) == lookupKey(gpu.name)) {
            m_gpus[i] = std::move(gpu);
            m_aliases[i] = std::move(aliases);
            return;
        }
    m_gpus.push_back(std::move(gpu));
    m_aliases.push_back(std::move(aliases));
}

void HardwareCatalog::applyCalibration(const CalibrationConstants& constants)
{
    applyCalibration(constants.families);
}

void HardwareCatalog::applyCalibration(const std::vector<FamilyConstants>& families)
{
    for (GpuSpec& gpu : m_gpus) {
        const auto f = std::find_if(families.begin(), families.end(),
                                    [&](const FamilyConstants& c) { return !gpu.family.empty() && c.family == gpu.family; });
        if (f != families.end())
            f->applyTo(gpu);
        else
        {
            gpu.calibration = CalibrationInfo {};
            gpu.calibration.family = gpu.family; // says "uncalibrated" with the family
        }
    }
}

void HardwareCatalog::merge(const HardwareCatalog& other, std::string_view profile)
{
    // A user GPU that names a calibrated family gets that family's fitted constants and error, as the
    // built-in GPUs do; one without a family keeps its own efficiencies and is uncalibrated.
    HardwareCatalog calibrated = other;
    const CalibrationConstants& constants = CalibrationConstants::builtin();
    if (const Profile* p = profile.empty() ? nullptr : constants.profile(profile))
        calibrated.applyCalibration(constants.familiesOf(*p));
    else
        calibrated.applyCalibration(constants);
    for (std::size_t i = 0; i < calibrated.m_gpus.size(); ++i)
        add(calibrated.m_gpus[i], calibrated.m_aliases[i]);
}

} // namespace shardscope
