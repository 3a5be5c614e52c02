// SPDX-License-Identifier: GPL-3.0-or-later
// Fits the cost model's per-GPU-family constants (large-GEMM fraction of peak, NVLink and network
// efficiencies) to the calibration set and nothing else (docs/calibration-set.md), prints
// every run's residual before and after, and writes resources/calibration.json.
//
//   shardscope-calibrate [--write resources/calibration.json] [--date YYYY-MM-DD]
#include "calibration/calibration_set.h"
#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "util/embedded_resources.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

bool g_verbose = false;

struct Fit
{
    FamilyConstants constants;
    std::vector<RunPrediction> predictions;
    double rms = 0, maxAbs = 0, meanAbs = 0;
};

/// Predictions of every run of `family` with the GPUs' constants replaced by `c`.
Fit evaluate(const std::string& family, const FamilyConstants& c, const HardwareCatalog& base)
{
    Fit fit;
    fit.constants = c;
    double sq = 0, abs = 0;
    int n = 0;
    for (const CalibrationRun& run : calibrationRuns()) {
        if (run.family != family)
            continue;
        // The trial constants applied as the built-in catalog applies the committed ones.
        HardwareCatalog trial = base;
        trial.applyCalibration(CalibrationConstants { {}, {}, { c } });
        const PlanningProblem problem = run.problem(trial);
        RunPrediction p = predictRun(run, problem);
        if (g_verbose && p.feasible) {
            const PlanEstimate e = PlanEvaluator(problem).evaluate(p.config);
            const TimeBreakdown& t = e.time;
            double gemm = 0;
            for (const StageEstimate& st : e.stages)
                gemm = std::max(gemm, st.gemmSeconds);
            std::printf("    %-8s step %.3f s: compute %.3f (GEMMs %.3f) recompute %.3f tp %.3f pp %.3f bubble %.3f dp %.3f "
                        "(of %.3f) optimizer %.3f, m=%d\n",
                        run.label.c_str(), t.stepSeconds, t.computeSeconds, gemm * e.numMicroBatches, t.recomputeSeconds,
                        t.tpCommSeconds, t.ppCommSeconds, t.bubbleSeconds, t.dpExposedSeconds, e.comm.dpSeconds,
                        t.optimizerSeconds, e.numMicroBatches);
        }
        // A run no plan fits counts as 100 % off, so the fit never prefers it.
        const double r = p.feasible ? p.residual : 1.0;
        sq += r * r;
        abs += std::abs(r);
        fit.maxAbs = std::max(fit.maxAbs, std::abs(r));
        ++n;
        fit.predictions.push_back(std::move(p));
    }
    fit.rms = n > 0 ? std::sqrt(sq / n) : 0;
    fit.meanAbs = n > 0 ? abs / n : 0;
    return fit;
}

void print(const std::string& family, const Fit& fit, const char* heading)
{
    std::printf("%s %s: gemm fraction %.3f, scale-up efficiency %.3f, scale-out efficiency %.3f, attention scale %.3f\n",
                family.c_str(), heading, fit.constants.gemmFraction, fit.constants.scaleUpEfficiency,
                fit.constants.scaleOutEfficiency, fit.constants.attentionScale);
    std::printf("  %-8s %3s %3s %3s  %-26s %9s %9s %8s\n", "model", "t", "p", "d", "plan (b, v, recompute, overlaps)",
                "predicted", "published", "residual");
    std::size_t i = 0;
    for (const CalibrationRun& run : calibrationRuns()) {
        if (run.family != family)
            continue;
        const RunPrediction& p = fit.predictions[i++];
        if (!p.feasible) {
            std::printf("  %-8s %3d %3d %3d  no plan fits: %s\n", run.label.c_str(), run.tp, run.pp, run.dp, p.reason.c_str());
            continue;
        }
        char plan[64];
        std::snprintf(plan, sizeof plan, "b=%d v=%d %s%s%s", p.config.microBatch, p.config.vpp,
                      std::string(toString(p.config.recompute)).c_str(), p.config.tpCommOverlap ? " tpo" : "",
                      p.config.ppCommOverlap ? " ppo" : "");
        std::printf("  %-8s %3d %3d %3d  %-26s %9.1f %9.1f %+7.1f%%\n", run.label.c_str(), run.tp, run.pp, run.dp, plan,
                    p.predictedTflopsPerGpu, run.publishedTflopsPerGpu, 100 * p.residual);
    }
    std::printf("  mean |residual| %.1f %%, rms %.1f %%, max %.1f %%\n\n", 100 * fit.meanAbs, 100 * fit.rms, 100 * fit.maxAbs);
}

/// Golden-section search of f on [lo, hi] (f unimodal enough at this resolution), then refine.
template <typename F> double minimise(F f, double lo, double hi)
{
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
    double fc = f(c), fd = f(d);
    for (int i = 0; i < 18; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    return (a + b) / 2;
}

std::string today()
{
    const std::time_t now = std::time(nullptr);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
    return buf;
}

} // namespace

int main(int argc, char** argv)
{
    std::string writePath, date = today();
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--write") && i + 1 < argc)
            writePath = argv[++i];
        else if (!std::strcmp(argv[i], "--verbose"))
            g_verbose = true;
        else if (!std::strcmp(argv[i], "--date") && i + 1 < argc)
            date = argv[++i];
        else {
            std::fprintf(stderr, "usage: shardscope-calibrate [--verbose] [--write resources/calibration.json] [--date YYYY-MM-DD]\n");
            return 2;
        }
    }
    // The catalog without the constants fitted before: the fit starts from hardware.json alone.
    const HardwareCatalog base = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "resources/hardware.json");
    const CalibrationConstants& current = CalibrationConstants::builtin();

    CalibrationConstants out;
    out.calibrationSet = "docs/calibration-set.md";
    out.date = date;
    std::map<std::string, std::string> sources;
    for (const CalibrationRun& run : calibrationRuns())
        sources.emplace(run.family, run.source);
    for (const auto& entry : sources) {
        const auto& family = entry.first; // a plain reference: lambdas below capture it (clang 14 cannot capture bindings)
        FamilyConstants start;
        start.family = family;
        if (const FamilyConstants* f = current.find(family))
            start = *f;
        print(family, evaluate(family, start, base), "with the committed constants");

        // Coordinate descent on the three constants, minimising the rms residual.
        FamilyConstants c = start;
        auto rmsWith = [&](auto set) {
            return [&, set](double x) {
                FamilyConstants trial = c;
                set(trial, x);
                return evaluate(family, trial, base).rms;
            };
        };
        bool flash = false;
        for (const CalibrationRun& run : calibrationRuns())
            flash = flash || (run.family == family && run.training.flashAttention);
        for (int round = 0; round < 2; ++round) {
            if (flash) // only runs with flash attention say anything about it
                c.attentionScale = minimise(rmsWith([](FamilyConstants& f, double x) { f.attentionScale = x; }), 0.5, 1.2);
            // Ranges a real system can have: GEMMs at 50-90 % of peak, links at 60-95 % of their rate,
            // attention from FlashAttention-2-on-Hopper level (half of FA3's) to a little above the papers.
            c.gemmFraction = minimise(rmsWith([](FamilyConstants& f, double x) { f.gemmFraction = x; }), 0.5, 0.9);
            c.scaleUpEfficiency = minimise(rmsWith([](FamilyConstants& f, double x) { f.scaleUpEfficiency = x; }), 0.6, 0.95);
            c.scaleOutEfficiency = minimise(rmsWith([](FamilyConstants& f, double x) { f.scaleOutEfficiency = x; }), 0.6, 0.95);
        }
        auto round3 = [](double x) { return std::round(x * 1000) / 1000; };
        c.gemmFraction = round3(c.gemmFraction);
        c.scaleUpEfficiency = round3(c.scaleUpEfficiency);
        c.scaleOutEfficiency = round3(c.scaleOutEfficiency);
        c.attentionScale = round3(c.attentionScale);
        Fit fit = evaluate(family, c, base);
        c.runsFrom = entry.second;
        c.info.family = family;
        c.info.runs = int(fit.predictions.size());
        c.info.rmsError = std::round(fit.rms * 10000) / 10000;
        c.info.maxError = std::round(fit.maxAbs * 10000) / 10000;
        fit.constants = c;
        print(family, fit, "fitted");
        out.families.push_back(c);
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
