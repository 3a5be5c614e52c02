// SPDX-License-Identifier: GPL-3.0-or-later
// Fits each software-stack profile's constants (large-GEMM fraction of peak, NVLink and network efficiencies,
// attention scale; one set per GPU family) to that stack's measured runs and nothing else (docs/measured-runs.md),
// cross-validates them (leave one model out, leave one source out), prints every run's residual and writes
// resources/calibration.json: the constants, each regime's in-sample and cross-validated error, and each run's
// residual (which CI compares: tst_validation).
//
//   shardscope-calibrate [--write resources/calibration.json] [--date YYYY-MM-DD] [--profile NAME]...
#include "calibration/validation.h"
#include "hardware/hardware_catalog.h"
#include "util/embedded_resources.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <set>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

std::string today()
{
    const std::time_t now = std::time(nullptr);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
    return buf;
}

std::string pct(double e) { char b[32]; std::snprintf(b, sizeof b, "%+.1f%%", 100 * e); return b; }

void printValidation(const Validation& v)
{
    std::printf("  %-10s %-28s %-32s %9s %9s %8s %8s %8s\n", "run", "regime", "layout", "measured", "predicted", "error",
                "cv-model", "cv-src");
    for (const RowResult& r : v.rows) {
        const ValidationRow& row = *r.row;
        if (!row.evaluable()) {
            std::printf("  %-10s not evaluated: %s\n", row.id.c_str(), row.notEvaluated.c_str());
            continue;
        }
        if (!r.inSample.feasible) {
            std::printf("  %-10s %-28s %-32s %8.2fs  %s\n", row.id.c_str(), row.regime().c_str(), row.layout.c_str(),
                        row.measuredStepSeconds, r.inSample.reason.c_str());
            continue;
        }
        std::printf("  %-10s %-28s %-32s %8.2fs %8.2fs %8s %8s %8s%s\n", row.id.c_str(), row.regime().c_str(),
                    row.layout.c_str(), row.measuredStepSeconds, r.inSample.stepSeconds, pct(r.inSample.error).c_str(),
                    r.cvModel ? pct(*r.cvModel).c_str() : "-", r.cvSource ? pct(*r.cvSource).c_str() : "-",
                    row.fittable() ? "" : (" (not fitted: " + row.notFitted + ")").c_str());
    }
    std::printf("  %-30s %5s %6s %9s %9s %9s %9s\n", "regime", "rows", "fitted", "mean|e|", "max|e|", "cv-model", "cv-src");
    for (const RegimeSummary& s : v.regimes)
        std::printf("  %-30s %5d %6d %8.1f%% %8.1f%% %8.1f%% %8.1f%%\n", s.regime.c_str(), s.rows, s.fittedRows,
                    100 * s.inSampleMean, 100 * s.inSampleMax, 100 * s.cvModelMean, 100 * s.cvSourceMean);
}

} // namespace

int main(int argc, char** argv)
{
    std::string writePath, date = today();
    std::set<std::string> only;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--write") && i + 1 < argc)
            writePath = argv[++i];
        else if (!std::strcmp(argv[i], "--date") && i + 1 < argc)
            date = argv[++i];
        else if (!std::strcmp(argv[i], "--profile") && i + 1 < argc)
            only.insert(argv[++i]);
        else {
            std::fprintf(stderr, "usage: shardscope-calibrate [--write resources/calibration.json] [--date YYYY-MM-DD] "
                                 "[--profile NAME]...\n");
            return 2;
        }
    }
    // The catalog without any fitted constants: every fit starts from hardware.json alone.
    const HardwareCatalog base = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "resources/hardware.json");
    CalibrationConstants out = CalibrationConstants::builtin();
    out.calibrationSet = "docs/measured-runs.md";
    out.date = date;
    for (Profile& profile : out.profiles) {
        if (!only.empty() && !only.count(profile.name))
            continue;
        std::printf("profile %s (%s)\n", profile.name.c_str(), profile.title.c_str());
        std::set<std::string> families;
        for (const ValidationRow& row : validationRows())
            if (row.profile == profile.name && row.fittable())
                families.insert(row.family);
        std::vector<FamilyConstants> fitted;
        for (const std::string& family : families) {
            std::vector<const ValidationRow*> rows;
            for (const ValidationRow& row : validationRows())
                if (row.profile == profile.name && row.family == family && row.fittable())
                    rows.push_back(&row);
            // From the catalog's own figures (hardware.json): a constant the runs cannot identify keeps them.
            FamilyConstants start;
            start.family = family;
            for (const GpuSpec& g : base.gpus())
                if (g.family == family) {
                    start.gemmFraction = g.matmulEfficiency;
                    start.scaleUpEfficiency = g.scaleUp.efficiency;
                    start.scaleOutEfficiency = g.scaleOut.efficiency;
                    start.attentionScale = 1.0;
                    break;
                }
            FamilyConstants c = fitFamily(rows, start, base);
            c.runsFrom = profile.runsFrom;
            c.info.family = family;
            c.info.profile = profile.name;
            std::printf("  %s: gemm fraction %.3f, scale-up %.3f, scale-out %.3f, attention scale %.3f (%zu runs fitted)\n",
                        family.c_str(), c.gemmFraction, c.scaleUpEfficiency, c.scaleOutEfficiency, c.attentionScale,
                        rows.size());
            fitted.push_back(c);
        }
        const Validation v = validate(profile.name, fitted, base, true);
        printValidation(v);
        // In-sample rms and max over the fitted runs of each family; every evaluated run's residual.
        for (FamilyConstants& c : fitted) {
            double sq = 0, mx = 0;
            int n = 0;
            for (const RowResult& r : v.rows)
                if (r.row->family == c.family && r.row->fittable()) {
                    const double e = r.inSample.feasible ? r.inSample.error : 1.0;
                    sq += e * e;
                    mx = std::max(mx, std::abs(e));
                    ++n;
                }
            c.info.runs = n;
            c.info.rmsError = n ? std::round(std::sqrt(sq / n) * 10000) / 10000 : 0;
            c.info.maxError = std::round(mx * 10000) / 10000;
        }
        profile.families = fitted;
        profile.regimes.clear();
        for (const RegimeSummary& s : v.regimes) {
            auto r4 = [](double x) { return std::round(x * 10000) / 10000; };
            profile.regimes.push_back({ s.regime, s.rows, r4(s.inSampleMean), r4(s.inSampleMax), s.cvModelRows, r4(s.cvModelMean),
                                        r4(s.cvSourceMean) });
        }
        profile.residuals.clear();
        for (const RowResult& r : v.rows)
            if (r.row->evaluable() && r.inSample.feasible)
                profile.residuals.emplace_back(r.row->id, std::round(r.inSample.error * 1e6) / 1e6);
        std::printf("\n");
    }
    if (!writePath.empty()) {
        std::ofstream file(writePath, std::ios::binary | std::ios::trunc);
        file << out.toJson();
        if (!file) {
            std::fprintf(stderr, "cannot write %s\n", writePath.c_str());
            return 1;
        }
        std::printf("wrote %s\n", writePath.c_str());
    }
    return 0;
}
