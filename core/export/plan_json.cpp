// SPDX-License-Identifier: GPL-3.0-or-later
// The writing half of plan_json.h; plan_json_reader.cpp mirrors it key for key.
#include "export/plan_json.h"

#include "cost/pipeline_schedule.h"

#include "export/budget_json.h"
#include "export/spec_json.h"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace shardscope {

namespace {

using Json = nlohmann::ordered_json;
using specjson::toJson; // ClusterSpec, TrainingSpec, ParallelConfig, ScoreWeights, TransformerSpec

Json toJson(const PlanModelSummary& m)
{
    return Json { { "name", m.name }, { "source_format", m.sourceFormat }, { "total_params", m.totalParams },
        { "active_params", m.activeParams }, { "layer_count", m.layerCount }, { "block_count", m.blockCount },
        { "transformer", m.transformer ? toJson(*m.transformer) : Json(nullptr) } };
}

Json toJson(const StageEstimate& s, const std::vector<LayerRangeNames>& names, const ParallelConfig& config)
{
    if (names.size() != s.layerRanges.size())
        throw std::invalid_argument("plan JSON: stage " + std::to_string(s.stage)
            + " has layer ranges without names (build plans with makeDocumentPlan)");
    Json ranges = Json::array();
    for (std::size_t i = 0; i < s.layerRanges.size(); ++i)
        ranges.push_back(
            Json { { "first_layer", s.layerRanges[i].first }, { "end_layer", s.layerRanges[i].second },
                { "first_layer_name", names[i].first }, { "last_layer_name", names[i].last } });
    const auto [firstDevice, endDevice] = stageDeviceRange(config, s.stage);
    const MemoryBreakdown& m = s.memory;
    return Json { { "stage", s.stage }, { "layer_ranges", std::move(ranges) },
        { "devices", Json { { "first", firstDevice }, { "end", endDevice } } },
        { "params_per_device", s.paramsPerDevice }, { "in_flight_micro_batches", s.inFlightMicroBatches },
        { "memory",
            Json { { "weights_bytes", m.weightsBytes }, { "gradients_bytes", m.gradientsBytes },
                { "optimizer_bytes", m.optimizerBytes }, { "activations_bytes", m.activationsBytes },
                { "embedding_logits_bytes", m.embeddingLogitsBytes }, { "overhead_bytes", m.overheadBytes },
                { "other",
                    Json { { "cuda_context_bytes", m.other.cudaContext }, { "nccl_buffers_bytes", m.other.ncclBuffers },
                        { "optimizer_transient_bytes", m.other.optimizerTransient },
                        { "zero3_gather_bytes", m.other.zero3Gather },
                        { "recompute_working_set_bytes", m.other.recomputeWorkingSet },
                        { "allowance_bytes", m.other.allowance }, { "moe_dispatch_bytes", m.other.moeDispatch } } },
                { "routed_expert_bytes", m.routedExpertBytes }, { "shared_expert_bytes", m.sharedExpertBytes },
                { "moe_activation_bytes", m.moeActivationBytes }, { "total_bytes", m.totalBytes() } } },
        { "micro_batch_time",
            Json { { "compute_seconds", s.computeSeconds }, { "forward_seconds", s.forwardSeconds },
                { "gemm_seconds", s.gemmSeconds }, { "recompute_seconds", s.recomputeSeconds },
                { "tp_comm_seconds", s.tpCommSeconds }, { "pp_comm_seconds", s.ppCommSeconds },
                { "cp_comm_seconds", s.cpCommSeconds }, { "ep_comm_seconds", s.epCommSeconds },
                { "total_seconds", s.microBatchSeconds() } } },
        { "routed_expert_params_per_device", s.routedExpertParamsPerDevice },
        { "chunk_shares", s.chunkShares }, { "dp_comm_seconds", s.dpCommSeconds },
        { "dp_exposed_seconds", s.dpExposedSeconds }, { "optimizer_seconds", s.optimizerSeconds } };
}

/// The model's pipeline chunks in model order, with the stage that runs each (derived: the stage whose layer
/// ranges hold it; an empty chunk's is the schedule's placement, stageAndChunkOf) and its chunk number on it.
Json chunkLayersJson(const PlanEstimate& e)
{
    Json chunks = Json::array();
    const int pp = e.config.pp > 0 ? e.config.pp : 1;
    std::vector<int> chunksOnStage(std::size_t(pp), 0);
    for (std::size_t j = 0; j < e.chunkLayers.size(); ++j) {
        const auto [first, end] = e.chunkLayers[j];
        int stage = stageAndChunkOf(e.config.schedule, pp, int(j)).first;
        for (const StageEstimate& st : e.stages)
            for (const auto& [a, b] : st.layerRanges)
                if (end > first && a <= first && end <= b && st.stage >= 0 && st.stage < pp)
                    stage = st.stage;
        chunks.push_back(Json { { "stage", stage }, { "chunk", chunksOnStage[std::size_t(stage)]++ },
            { "first_layer", first }, { "end_layer", end } });
    }
    return chunks;
}

Json toJson(const LayerPartition& p)
{
    return Json { { "layer_name", p.layerName }, { "strategy", toString(p.strategy) },
        { "device_ids", p.deviceIds }, { "tp_size", p.tpSize }, { "pp_stage", p.ppStage },
        { "chunk", p.chunk } };
}

Json toJson(const SeedShardingPlan& s)
{
    Json partitions = Json::array();
    for (const LayerPartition& p : s.layerPartitions)
        partitions.push_back(toJson(p));
    return Json { { "model_name", s.modelName }, { "layer_partitions", std::move(partitions) },
        { "num_pp_stages", s.numPpStages }, { "tp_size", s.tpSize }, { "dp_size", s.dpSize },
        { "estimated_memory_per_device", s.estimatedMemoryPerDevice },
        { "compute_imbalance", s.computeImbalance }, { "communication_volume", s.communicationVolume },
        { "optimization_score", s.optimizationScore } };
}

Json toJson(const Proposal& p)
{
    const PlanEstimate& e = p.estimate;
    return Json { { "kind", toString(p.kind) }, { "title", p.title.text() }, { "evaluated", p.evaluated },
        { "config", toJson(p.config) }, { "dp_overlap", p.training.dpOverlap ? Json(*p.training.dpOverlap) : Json(nullptr) }, { "speedup", p.speedup },
        { "memory_delta_bytes", p.memoryDeltaBytes }, { "feasible", p.feasible }, { "rationale", p.rationale.text() },
        { "infeasible_reason", e.infeasibleReason }, { "step_seconds", e.time.stepSeconds },
        { "peak_memory_bytes", e.peakMemoryBytes }, { "bubble_fraction", e.bubbleFraction }, { "mfu", e.mfu } };
}

Json toJson(const DocumentPlan& plan, const std::optional<TrainingBudget>& budget)
{
    const PlanEstimate& e = plan.estimate;
    if (plan.rangeNames.size() != e.stages.size())
        throw std::invalid_argument("plan JSON: plan " + std::to_string(plan.rank)
            + " has stages without layer names (build plans with makeDocumentPlan)");
    Json stages = Json::array();
    for (std::size_t k = 0; k < e.stages.size(); ++k)
        stages.push_back(toJson(e.stages[k], plan.rangeNames[k], e.config));
    Json proposals = Json::array();
    for (const Proposal& p : plan.proposals)
        proposals.push_back(toJson(p));
    const TimeBreakdown& t = e.time;
    const CommBreakdown& c = e.comm;
    Json out { { "rank", plan.rank } };
    if (plan.tiedWith > 0)
        out["tied_with_rank"] = plan.tiedWith;
    out.update(Json { { "score", plan.score }, { "config", toJson(e.config) },
        { "feasible", e.feasible }, { "infeasible_reason", e.infeasibleReason }, { "warnings", e.warnings },
        { "num_micro_batches", e.numMicroBatches }, { "capacity_bytes", e.capacityBytes },
        { "peak_memory_bytes", e.peakMemoryBytes }, { "peak_stage", e.peakStage },
        { "stages", std::move(stages) }, { "chunk_layers", chunkLayersJson(e) },
        { "time",
            Json { { "compute_seconds", t.computeSeconds }, { "recompute_seconds", t.recomputeSeconds },
                { "tp_comm_seconds", t.tpCommSeconds }, { "pp_comm_seconds", t.ppCommSeconds },
                { "cp_comm_seconds", t.cpCommSeconds }, { "ep_comm_seconds", t.epCommSeconds },
                { "bubble_seconds", t.bubbleSeconds }, { "imbalance_seconds", t.imbalanceSeconds },
                { "dp_exposed_seconds", t.dpExposedSeconds },
                { "optimizer_seconds", t.optimizerSeconds }, { "step_seconds", t.stepSeconds } } },
        { "comm",
            Json { { "tp_bytes", c.tpBytes }, { "tp_seconds", c.tpSeconds }, { "pp_bytes", c.ppBytes },
                { "pp_seconds", c.ppSeconds }, { "cp_bytes", c.cpBytes }, { "cp_seconds", c.cpSeconds },
                { "ep_bytes", c.epBytes }, { "ep_seconds", c.epSeconds },
                { "dp_bytes", c.dpBytes }, { "dp_seconds", c.dpSeconds },
                { "dp_exposed_seconds", c.dpExposedSeconds } } },
        { "tokens_per_second", e.tokensPerSecond }, { "model_flops_per_step", e.modelFlopsPerStep },
        { "hardware_flops_per_step", e.hardwareFlopsPerStep }, { "mfu", e.mfu }, { "mfu_causal_half", e.mfuCausalHalf }, { "hfu", e.hfu },
        { "bubble_fraction", e.bubbleFraction }, { "compute_imbalance", e.computeImbalance },
        { "sharding_plan", toJson(plan.sharding) }, { "proposals", proposals } });
    // Derived from inputs.budget, only in files that have one.
    if (budget)
        out["training_time"] = budgetjson::toJson(trainingTime(*budget, e));
    return out;
}

} // namespace

Json planDocumentToJson(const PlanDocument& d)
{
    Json plans = Json::array();
    for (const DocumentPlan& p : d.plans)
        plans.push_back(toJson(p, d.budget));
    Json inputs { { "model", toJson(d.model) }, { "cluster", toJson(d.cluster) }, { "training", toJson(d.training) },
        { "strategy", toString(d.strategy) }, { "weights", toJson(d.weights) } };
    if (d.budget) // absent without one: files without a budget stay as they were
        inputs["budget"] = budgetjson::toJson(*d.budget);
    Json out { { "format", PlanDocument::kFormat }, { "version", PlanDocument::kVersion },
        { "generator", d.generator },
        { "inputs", std::move(inputs) },
        { "search",
            Json { { "candidates_evaluated", d.search.candidatesEvaluated },
                { "feasible_count", d.search.feasibleCount },
                { "elapsed_seconds", d.search.elapsedSeconds } } },
        { "prediction_error", predictionErrorJson(d.cluster.gpu.calibration) },
        { "plans", std::move(plans) }, { "analysis", d.analysis ? *d.analysis : Json(nullptr) } };
    // nlohmann writes NaN and infinity as null, which the reader would then reject as a missing field.
    specjson::requireFinite(out, "$", "plan JSON");
    return out;
}

/// How far the cost model is off on this GPU's family (derived from the cluster's gpu.calibration;
/// the reader ignores it). The errors are null when no calibration run covers the family.
Json predictionErrorJson(const CalibrationInfo& c)
{
    // The band is the regime's cross-validated mean |error| where one is known ("error", "cross_validated"); the
    // in-sample figures are kept apart.
    return Json { { "family", c.family }, { "profile", c.profile }, { "regime", c.regime },
        { "calibration_runs", c.runs }, { "cross_validated", c.crossValidated },
        { "error", c.calibrated() ? Json(c.rmsError) : Json(nullptr) },
        { "rms_error", c.calibrated() ? Json(c.rmsError) : Json(nullptr) },
        { "in_sample_mean_error", c.calibrated() && c.crossValidated ? Json(c.inSampleMean) : Json(nullptr) },
        { "max_error", c.calibrated() ? Json(c.maxError) : Json(nullptr) }, { "text", c.describe() } };
}

std::string writePlanJson(const PlanDocument& document)
{
    // Replace, not throw, on invalid UTF-8 in names taken from model files.
    return planDocumentToJson(document).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace shardscope
