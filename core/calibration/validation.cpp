// SPDX-License-Identifier: GPL-3.0-or-later
// Predicting the validation rows (validation_rows.cpp) with their layouts pinned, fitting a family's constants to
// them within their physical ranges, and the regimes' in-sample and cross-validated errors.
#include "calibration/validation.h"

#include "calibration/calibration_set.h"
#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <thread>

namespace shardscope {

RowPrediction predictRow(const ValidationRow& row, const HardwareCatalog& catalog)
{
    RowPrediction out;
    if (!row.evaluable()) {
        out.reason = row.notEvaluated;
        return out;
    }
    const PlanningProblem problem = row.problem(catalog);
    std::optional<ParallelConfig> overMemory;
    const std::optional<PlanSummary> best = fastestPinnedPlan(problem, row.training.pins, out.reason, &overMemory);
    if (best) {
        out.feasible = true;
        out.config = best->config;
        out.stepSeconds = best->stepSeconds;
    } else if (overMemory) {
        // The published run fit its GPUs, so when only memory rules its layout out, the memory model over-counts
        // it: the candidate closest to fitting is predicted as it is, with the memory to spare (its step time does
        // not depend on the capacity once its knobs are fixed), and the row says so.
        PlanningProblem roomy = problem;
        roomy.cluster.gpu.memoryBytes *= 4;
        const PlanEstimate e = PlanEvaluator(roomy).evaluate(*overMemory);
        if (e.feasible) {
            out.feasible = true;
            out.config = *overMemory;
            out.stepSeconds = e.time.stepSeconds;
            out.memoryOverCount = out.reason;
        }
    }
    if (!out.feasible) {
        out.reason = out.reason.empty() ? "no candidate satisfies the published layout" : "no plan fits: " + out.reason;
        return out;
    }
    out.error = out.stepSeconds / row.measuredStepSeconds - 1;
    return out;
}

HardwareCatalog withConstants(const HardwareCatalog& base, const FamilyConstants& constants)
{
    HardwareCatalog trial = base;
    // applyCalibration marks GPUs of other families uncalibrated: only this family's GPUs change here.
    for (const GpuSpec& gpu : base.gpus())
        if (gpu.family == constants.family) {
            GpuSpec g = gpu;
            constants.applyTo(g);
            trial.add(g);
        }
    return trial;
}

namespace {

/// Each row's prediction, rows spread over the machine's cores (a search each, single-threaded).
std::vector<RowPrediction> predictAll(const std::vector<const ValidationRow*>& rows, const HardwareCatalog& catalog)
{
    std::vector<RowPrediction> out(rows.size());
    const std::size_t threads = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), unsigned(rows.size())));
    std::vector<std::thread> pool;
    std::atomic<std::size_t> next { 0 };
    for (std::size_t t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            for (std::size_t i = next++; i < rows.size(); i = next++)
                out[i] = predictRow(*rows[i], catalog);
        });
    for (std::thread& t : pool)
        t.join();
    return out;
}

double rmsError(const std::vector<const ValidationRow*>& rows, const FamilyConstants& c, const HardwareCatalog& base)
{
    const std::vector<RowPrediction> p = predictAll(rows, withConstants(base, c));
    double sq = 0;
    for (const RowPrediction& r : p) {
        const double e = r.feasible ? r.error : 1.0; // a run no plan fits counts as 100 % off
        sq += e * e;
    }
    return p.empty() ? 0 : std::sqrt(sq / double(p.size()));
}

/// Golden-section search of f on [lo, hi].
template <typename F> double minimise(F f, double lo, double hi)
{
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
    double fc = f(c), fd = f(d);
    for (int i = 0; i < 16; ++i) {
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

} // namespace

FamilyConstants fitFamily(const std::vector<const ValidationRow*>& rows, const FamilyConstants& start,
                          const HardwareCatalog& base, const FitRanges& ranges)
{
    FamilyConstants c = start;
    if (rows.empty())
        return c;
    auto along = [&](double FamilyConstants::*field, ConstantRange range) {
        c.*field = minimise(
            [&](double x) {
                FamilyConstants trial = c;
                trial.*field = x;
                return rmsError(rows, trial, base);
            },
            range.lo, range.hi);
    };
    const bool flash = std::any_of(rows.begin(), rows.end(), [](const ValidationRow* r) { return r->training.flashAttention; });
    // Runs of fewer than 4 distinct setups (model, layout, GPUs, batch) cannot tell the constants apart: the GEMM
    // fraction alone moves (one overall factor), the others keep `start`.
    std::set<std::string> setups;
    for (const ValidationRow* r : rows)
        setups.insert(r->model + '|' + r->layout + '|' + std::to_string(r->gpus) + '|'
                      + std::to_string(r->training.globalBatch) + '|' + std::to_string(r->seq));
    const bool few = setups.size() < 4;
    for (int round = 0; round < (few ? 1 : 2); ++round) {
        if (flash && !few)
            along(&FamilyConstants::attentionScale, ranges.attentionScale);
        along(&FamilyConstants::gemmFraction, ranges.gemmFraction);
        if (!few) {
            along(&FamilyConstants::scaleUpEfficiency, ranges.scaleUpEfficiency);
            along(&FamilyConstants::scaleOutEfficiency, ranges.scaleOutEfficiency);
        }
    }
    auto round3 = [](double x) { return std::round(x * 1000) / 1000; };
    c.gemmFraction = round3(c.gemmFraction);
    c.scaleUpEfficiency = round3(c.scaleUpEfficiency);
    c.scaleOutEfficiency = round3(c.scaleOutEfficiency);
    c.attentionScale = round3(c.attentionScale);
    return c;
}

namespace {

void summarise(Validation& v)
{
    std::map<std::string, RegimeSummary> by;
    for (const RowResult& r : v.rows) {
        if (!r.row->evaluable() || !r.inSample.feasible)
            continue;
        RegimeSummary& s = by[r.row->regime()];
        s.regime = r.row->regime();
        ++s.rows;
        s.fittedRows += r.row->fittable() ? 1 : 0;
        const double e = std::abs(r.inSample.error);
        s.inSampleMean += e;
        s.inSampleMax = std::max(s.inSampleMax, e);
        if (r.cvModel) {
            ++s.cvModelRows;
            s.cvModelMean += std::abs(*r.cvModel);
        }
        if (r.cvSource) {
            ++s.cvSourceRows;
            s.cvSourceMean += std::abs(*r.cvSource);
        }
    }
    for (auto& [k, s] : by) {
        s.inSampleMean /= std::max(1, s.rows);
        s.cvModelMean /= std::max(1, s.cvModelRows);
        s.cvSourceMean /= std::max(1, s.cvSourceRows);
        v.regimes.push_back(s);
    }
}

} // namespace

Validation validate(const std::string& profile, const std::vector<FamilyConstants>& constants, const HardwareCatalog& base,
                    bool crossValidate)
{
    Validation v;
    v.profile = profile;
    HardwareCatalog catalog = base;
    for (const FamilyConstants& c : constants)
        catalog = withConstants(catalog, c);
    std::vector<const ValidationRow*> rows;
    for (const ValidationRow& row : validationRows())
        if (row.profile == profile)
            rows.push_back(&row);
    const std::vector<RowPrediction> predictions = predictAll(rows, catalog);
    for (std::size_t i = 0; i < rows.size(); ++i)
        v.rows.push_back({ rows[i], predictions[i], std::nullopt, std::nullopt });
    if (crossValidate) {
        // Each family refitted without each model and without each source; every evaluable row of the family is then
        // predicted by the fit that did not see its model (its source).
        for (const FamilyConstants& c : constants) {
            std::vector<const ValidationRow*> fitRows;
            for (const ValidationRow* r : rows)
                if (r->family == c.family && r->fittable())
                    fitRows.push_back(r);
            for (int pass = 0; pass < 2; ++pass) {
                auto group = [&](const ValidationRow* r) { return pass == 0 ? r->model : r->source; };
                std::map<std::string, std::vector<std::size_t>> targets; // group -> rows of v.rows
                for (std::size_t i = 0; i < v.rows.size(); ++i)
                    if (rows[i]->family == c.family && rows[i]->evaluable() && v.rows[i].inSample.feasible)
                        targets[group(rows[i])].push_back(i);
                for (const auto& [g, members] : targets) {
                    std::vector<const ValidationRow*> without;
                    for (const ValidationRow* r : fitRows)
                        if (group(r) != g)
                            without.push_back(r);
                    if (without.empty())
                        continue; // the family's only model (source): nothing to fit without it, no such prediction
                    const bool same = without.size() == fitRows.size(); // the group was never fitted
                    const FamilyConstants refit = same ? c : fitFamily(without, c, base);
                    std::vector<const ValidationRow*> targetRows;
                    for (std::size_t i : members)
                        targetRows.push_back(rows[i]);
                    const std::vector<RowPrediction> p = same
                        ? std::vector<RowPrediction> {}
                        : predictAll(targetRows, withConstants(base, refit)); // applied once, to hardware.json's figures
                    for (std::size_t j = 0; j < members.size(); ++j) {
                        const RowPrediction& q = same ? v.rows[members[j]].inSample : p[j];
                        const std::optional<double> e = q.feasible ? std::optional<double>(q.error) : std::optional<double>(1.0);
                        (pass == 0 ? v.rows[members[j]].cvModel : v.rows[members[j]].cvSource) = e;
                    }
                }
            }
        }
    }
    summarise(v);
    return v;
}

} // namespace shardscope
