// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/sweep_export.h"

#include "export/budget_json.h"
#include "export/plan_document.h"
#include "export/plan_json.h"
#include "export/spec_json.h"

#include <charconv>
#include <stdexcept>
#include <vector>

namespace shardscope {

namespace {

    using Json = nlohmann::ordered_json;

    void requireParts(const SweepReport& r)
    {
        if (!r.base || !r.result)
            throw std::invalid_argument("sweep export: the report needs its base problem and its result");
    }

    std::optional<TrainingTime> timeOf(const SweepReport& r, const SweepPoint& p)
    {
        return r.budget && p.fits() ? trainingTime(*r.budget, p.best) : std::nullopt;
    }

    Json bestJson(const SweepReport& r, const SweepPoint& p)
    {
        if (!p.fits()) return Json(nullptr);
        const PlanSummary& s = p.best;
        const PlanEstimate& e = p.bestEstimate;
        Json j { { "config", specjson::toJson(s.config) }, { "score", p.score },
            { "num_micro_batches", e.numMicroBatches }, { "peak_memory_bytes", s.peakMemoryBytes },
            { "capacity_bytes", s.capacityBytes }, { "step_seconds", s.stepSeconds },
            { "tokens_per_second", s.tokensPerSecond }, { "mfu", s.mfu }, { "hfu", e.hfu },
            { "bubble_fraction", s.bubbleFraction }, { "compute_imbalance", s.computeImbalance },
            { "exposed_comm_seconds", s.exposedCommSeconds } };
        if (r.budget) j["training_time"] = budgetjson::toJson(timeOf(r, p));
        return j;
    }

    Json indexJson(const std::optional<std::size_t>& i)
    {
        return i ? Json(*i) : Json(nullptr);
    }

    /// Shortest digits that read back to the same double.
    std::string number(double v)
    {
        char buffer[32];
        const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
        return ec == std::errc() ? std::string(buffer, ptr) : std::string();
    }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled.
    std::string csvField(const std::string& s)
    {
        if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
        std::string out = "\"";
        for (char c : s) {
            if (c == '"') out += '"';
            out += c;
        }
        return out + "\"";
    }

    std::string yesNo(bool b)
    {
        return b ? "true" : "false";
    }

} // namespace

Json sweepToJson(const SweepReport& r)
{
    requireParts(r);
    const PlanningProblem& base = *r.base;
    const SweepResult& result = *r.result;
    const PlanModelSummary model = PlanModelSummary::from(base.model);
    Json values = Json::array();
    for (const SweepPoint& p : result.points)
        values.push_back(p.value);
    Json points = Json::array();
    for (std::size_t i = 0; i < result.points.size(); ++i) {
        const SweepPoint& p = result.points[i];
        points.push_back(Json { { "value", p.value }, { "gpus", p.gpus }, { "global_batch", p.globalBatch },
            { "seq_length", p.seqLength }, { "status", toString(p.status) }, { "reason", p.reason },
            { "candidates_evaluated", p.candidateCount }, { "feasible_count", p.feasibleCount },
            { "search_seconds", p.searchSeconds }, { "smallest_fitting", result.smallestFitting == i },
            { "prediction_error", predictionErrorJson(p.calibration) }, { "best", bestJson(r, p) } });
    }
    Json out { { "format", SweepReport::kFormat }, { "version", SweepReport::kVersion },
        { "generator", r.generator },
        { "inputs",
            Json { { "model",
                       Json { { "name", model.name }, { "source_format", model.sourceFormat },
                           { "total_params", model.totalParams }, { "active_params", model.activeParams },
                           { "layer_count", model.layerCount }, { "block_count", model.blockCount } } },
                { "cluster", specjson::toJson(base.cluster) },
                { "training", specjson::toJson(base.training) }, { "strategy", toString(r.strategy) },
                { "weights", specjson::toJson(r.weights) }, { "axis", toString(result.axis) },
                { "values", std::move(values) },
                { "budget", r.budget ? budgetjson::toJson(*r.budget) : Json(nullptr) } } },
        { "smallest_fitting", indexJson(result.smallestFitting) },
        { "largest_fitting", indexJson(result.largestFitting) }, { "cancelled", result.cancelled },
        { "elapsed_seconds", result.elapsedSeconds }, { "points", std::move(points) } };
    specjson::requireFinite(out, "$", "sweep JSON");
    return out;
}

std::string writeSweepJson(const SweepReport& report)
{
    return sweepToJson(report).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string writeSweepCsv(const SweepReport& r)
{
    requireParts(r);
    const SweepResult& result = *r.result;
    const bool cost = r.budget && r.budget->gpuHourPrice;
    std::vector<std::string> header { "sweep_" + std::string(toString(result.axis)), "gpus", "global_batch",
        "seq_length", "status", "smallest_fitting", "tp", "cp", "pp", "dp", "dp_replicate", "ep", "etp",
        "vpp", "micro_batch", "zero_stage", "recompute", "sequence_parallel", "schedule", "tp_comm_overlap",
        "pp_comm_overlap", "ep_comm_overlap", "cp_comm_type", "peak_memory_bytes", "capacity_bytes",
        "step_seconds", "tokens_per_second", "mfu", "bubble_fraction", "candidates_evaluated",
        "feasible_count" };
    if (r.budget) header.insert(header.end(), { "training_days", "gpu_hours" });
    if (cost) header.push_back("cost");
    header.push_back("reason");
    std::string out;
    auto row = [&out](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i)
            out += (i ? "," : "") + csvField(fields[i]);
        out += "\r\n";
    };
    row(header);
    for (std::size_t i = 0; i < result.points.size(); ++i) {
        const SweepPoint& p = result.points[i];
        std::vector<std::string> f { std::to_string(p.value), std::to_string(p.gpus),
            std::to_string(p.globalBatch), std::to_string(p.seqLength), std::string(toString(p.status)),
            yesNo(result.smallestFitting == i) };
        if (p.fits()) {
            const ParallelConfig& c = p.best.config;
            f.insert(f.end(),
                { std::to_string(c.tp), std::to_string(c.cp), std::to_string(c.pp), std::to_string(c.dp),
                    std::to_string(c.dpReplicate), std::to_string(c.ep), std::to_string(c.etp),
                    std::to_string(c.vpp), std::to_string(c.microBatch), std::to_string(c.zeroStage),
                    std::string(toString(c.recompute)), yesNo(c.sequenceParallel),
                    std::string(toString(c.schedule)), yesNo(c.tpCommOverlap), yesNo(c.ppCommOverlap),
                    yesNo(c.epCommOverlap), std::string(toString(c.cpCommType)),
                    number(p.best.peakMemoryBytes), number(p.best.capacityBytes), number(p.best.stepSeconds),
                    number(p.best.tokensPerSecond), number(p.best.mfu), number(p.best.bubbleFraction) });
        } else {
            f.resize(f.size() + 23);
        }
        f.insert(f.end(), { std::to_string(p.candidateCount), std::to_string(p.feasibleCount) });
        const std::optional<TrainingTime> t = timeOf(r, p);
        if (r.budget)
            f.insert(
                f.end(), { t ? number(t->days) : std::string(), t ? number(t->gpuHours) : std::string() });
        if (cost) f.push_back(t && t->cost ? number(*t->cost) : std::string());
        f.push_back(p.reason);
        row(f);
    }
    return out;
}

} // namespace shardscope
