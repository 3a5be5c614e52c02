// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/plan_document.h"

#include "export/spec_json.h"
#include "model/graph_analysis.h"
#include "proposals/proposals.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace shardscope {

PlanModelSummary PlanModelSummary::from(const ModelGraph& model)
{
    PlanModelSummary s;
    s.name = model.name();
    s.sourceFormat = model.sourceFormat();
    // The model's size as published: multi-token-prediction modules train with it but are counted apart
    // (TransformerSpec::mtpParamCount; the transformer object keeps mtp_layers).
    const std::int64_t mtp = model.spec() ? model.spec()->mtpParamCount() : 0;
    s.totalParams = model.totalParams() - mtp;
    s.activeParams = mtp > 0 ? model.spec()->activeParamCount() : model.activeParams();
    s.layerCount = model.layerCount();
    s.blockCount = static_cast<int>(model.blocks().size());
    s.transformer = model.spec();
    return s;
}

DocumentPlan makeDocumentPlan(const ModelGraph& model, const PlanEstimate& estimate, int rank, double score)
{
    DocumentPlan plan;
    plan.rank = rank;
    plan.score = score;
    plan.estimate = estimate;
    for (const StageEstimate& st : estimate.stages) {
        auto& names = plan.rangeNames.emplace_back();
        for (const auto& [first, end] : st.layerRanges) {
            if (first < 0 || end <= first || end > model.layerCount())
                throw std::invalid_argument(
                    "stage " + std::to_string(st.stage) + " has a layer range outside the model");
            names.push_back({ model.layer(first).name, model.layer(end - 1).name });
        }
    }
    SeedShardingPlan& seed = plan.sharding;
    seed.modelName = model.name();
    seed.layerPartitions = layerPartitions(model, estimate);
    seed.numPpStages = estimate.config.pp;
    seed.tpSize = estimate.config.tp;
    seed.dpSize = estimate.config.dp;
    seed.estimatedMemoryPerDevice
        = static_cast<std::uint64_t>(std::llround(std::max(0.0, estimate.peakMemoryBytes)));
    seed.computeImbalance = estimate.computeImbalance;
    const CommBreakdown& comm = estimate.comm;
    const double commBytes = comm.tpBytes + comm.ppBytes + comm.cpBytes + comm.epBytes + comm.dpBytes;
    seed.communicationVolume = static_cast<std::uint64_t>(std::llround(std::max(0.0, commBytes)));
    seed.optimizationScore = score;
    return plan;
}

namespace {

// Records the path of the first field that differs; the paths use the JSON key names.
class Differ
{
public:
    template <typename T> void field(const std::string& path, const T& a, const T& b)
    {
        if (!found && !(a == b)) {
            found = true;
            where = path;
        }
    }
    bool found = false;
    std::string where;
};

std::string at(const std::string& path, std::size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

template <typename T, typename F>
void list(Differ& d, const std::string& path, const std::vector<T>& a, const std::vector<T>& b, F each)
{
    d.field(path + ".length", a.size(), b.size());
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
        each(d, at(path, i), a[i], b[i]);
}

// Every field the plan file writes, under its key there.
void compare(Differ& d, const std::string& p, const TransformerSpec& a, const TransformerSpec& b)
{
    specjson::forEachTransformerField([&](std::string_view key, auto member, specjson::SpecKey) {
        d.field(p + "." + std::string(key), a.*member, b.*member);
    });
}

void compare(Differ& d, const std::string& p, const PlanModelSummary& a, const PlanModelSummary& b)
{
    d.field(p + ".name", a.name, b.name);
    d.field(p + ".source_format", a.sourceFormat, b.sourceFormat);
    d.field(p + ".total_params", a.totalParams, b.totalParams);
    d.field(p + ".active_params", a.activeParams, b.activeParams);
    d.field(p + ".layer_count", a.layerCount, b.layerCount);
    d.field(p + ".block_count", a.blockCount, b.blockCount);
    d.field(p + ".transformer", a.transformer.has_value(), b.transformer.has_value());
    if (a.transformer && b.transformer)
        compare(d, p + ".transformer", *a.transformer, *b.transformer);
}

void compare(Differ& d, const std::string& p, const ClusterSpec& a, const ClusterSpec& b)
{
    // The calibration first: the plan file's prediction_error is written from it.
    d.field(p + ".gpu.calibration", a.gpu.calibration, b.gpu.calibration);
    d.field(p + ".gpu", a.gpu, b.gpu); // GpuSpec and LinkSpec have defaulted ==
    d.field(p + ".nodes", a.nodes, b.nodes);
    d.field(p + ".gpus_per_node", a.gpusPerNode, b.gpusPerNode);
    d.field(p + ".intra_node", a.intraNode, b.intraNode);
    d.field(p + ".inter_node", a.interNode, b.interNode);
}

void compare(Differ& d, const std::string& p, const TrainingSpec& a, const TrainingSpec& b)
{
    d.field(p + ".seq_length", a.seqLength, b.seqLength);
    d.field(p + ".global_batch", a.globalBatch, b.globalBatch);
    d.field(p + ".precision", a.precision, b.precision);
    d.field(p + ".optimizer", a.optimizer, b.optimizer);
    d.field(p + ".fp32_gradients", a.fp32Gradients, b.fp32Gradients);
    d.field(p + ".flash_attention", a.flashAttention, b.flashAttention);
    d.field(p + ".async_tp_backward", a.asyncTpBackward, b.asyncTpBackward);
    d.field(p + ".fused_kernels", a.fusedKernels, b.fusedKernels);
    d.field(p + ".framework_overhead_bytes", a.frameworkOverheadBytes, b.frameworkOverheadBytes);
    d.field(p + ".memory_margin", a.memoryMargin, b.memoryMargin);
    d.field(p + ".dp_overlap", a.dpOverlap, b.dpOverlap);
    d.field(p + ".moe_imbalance", a.moeImbalance, b.moeImbalance);
    d.field(p + ".moe_capacity_factor", a.moeCapacityFactor, b.moeCapacityFactor);
    d.field(p + ".pipeline_split", a.pipelineSplit, b.pipelineSplit);
    d.field(p + ".recompute_method", a.fullRecompute, b.fullRecompute);
    d.field(p + ".recompute_modules", a.recomputeModules, b.recomputeModules);
    d.field(p + ".fp8_recipe", a.fp8, b.fp8);
    d.field(p + ".pins", a.pins, b.pins);
}

void compare(Differ& d, const std::string& p, const MemoryBreakdown& a, const MemoryBreakdown& b)
{
    d.field(p + ".weights_bytes", a.weightsBytes, b.weightsBytes);
    d.field(p + ".gradients_bytes", a.gradientsBytes, b.gradientsBytes);
    d.field(p + ".optimizer_bytes", a.optimizerBytes, b.optimizerBytes);
    d.field(p + ".activations_bytes", a.activationsBytes, b.activationsBytes);
    d.field(p + ".embedding_logits_bytes", a.embeddingLogitsBytes, b.embeddingLogitsBytes);
    d.field(p + ".overhead_bytes", a.overheadBytes, b.overheadBytes);
    d.field(p + ".other.cuda_context_bytes", a.other.cudaContext, b.other.cudaContext);
    d.field(p + ".other.nccl_buffers_bytes", a.other.ncclBuffers, b.other.ncclBuffers);
    d.field(p + ".other.optimizer_transient_bytes", a.other.optimizerTransient, b.other.optimizerTransient);
    d.field(p + ".other.zero3_gather_bytes", a.other.zero3Gather, b.other.zero3Gather);
    d.field(p + ".other.recompute_working_set_bytes", a.other.recomputeWorkingSet, b.other.recomputeWorkingSet);
    d.field(p + ".other.allowance_bytes", a.other.allowance, b.other.allowance);
    d.field(p + ".other.moe_dispatch_bytes", a.other.moeDispatch, b.other.moeDispatch);
    d.field(p + ".routed_expert_bytes", a.routedExpertBytes, b.routedExpertBytes);
    d.field(p + ".shared_expert_bytes", a.sharedExpertBytes, b.sharedExpertBytes);
    d.field(p + ".moe_activation_bytes", a.moeActivationBytes, b.moeActivationBytes);
}

void compare(Differ& d, const std::string& p, const StageEstimate& a, const StageEstimate& b)
{
    d.field(p + ".stage", a.stage, b.stage);
    d.field(p + ".layer_ranges", a.layerRanges, b.layerRanges);
    d.field(p + ".params_per_device", a.paramsPerDevice, b.paramsPerDevice);
    d.field(p + ".in_flight_micro_batches", a.inFlightMicroBatches, b.inFlightMicroBatches);
    compare(d, p + ".memory", a.memory, b.memory);
    d.field(p + ".micro_batch_time.compute_seconds", a.computeSeconds, b.computeSeconds);
    d.field(p + ".micro_batch_time.forward_seconds", a.forwardSeconds, b.forwardSeconds);
    d.field(p + ".micro_batch_time.gemm_seconds", a.gemmSeconds, b.gemmSeconds);
    d.field(p + ".micro_batch_time.recompute_seconds", a.recomputeSeconds, b.recomputeSeconds);
    d.field(p + ".micro_batch_time.tp_comm_seconds", a.tpCommSeconds, b.tpCommSeconds);
    d.field(p + ".micro_batch_time.pp_comm_seconds", a.ppCommSeconds, b.ppCommSeconds);
    d.field(p + ".micro_batch_time.cp_comm_seconds", a.cpCommSeconds, b.cpCommSeconds);
    d.field(p + ".micro_batch_time.ep_comm_seconds", a.epCommSeconds, b.epCommSeconds);
    d.field(p + ".routed_expert_params_per_device", a.routedExpertParamsPerDevice, b.routedExpertParamsPerDevice);
    d.field(p + ".chunk_shares", a.chunkShares, b.chunkShares);
    d.field(p + ".dp_comm_seconds", a.dpCommSeconds, b.dpCommSeconds);
    d.field(p + ".dp_exposed_seconds", a.dpExposedSeconds, b.dpExposedSeconds);
    d.field(p + ".optimizer_seconds", a.optimizerSeconds, b.optimizerSeconds);
}

void compare(Differ& d, const std::string& p, const PlanEstimate& a, const PlanEstimate& b)
{
    d.field(p + ".config", a.config, b.config);
    d.field(p + ".feasible", a.feasible, b.feasible);
    d.field(p + ".infeasible_reason", a.infeasibleReason, b.infeasibleReason);
    d.field(p + ".warnings", a.warnings, b.warnings);
    d.field(p + ".num_micro_batches", a.numMicroBatches, b.numMicroBatches);
    d.field(p + ".capacity_bytes", a.capacityBytes, b.capacityBytes);
    d.field(p + ".peak_memory_bytes", a.peakMemoryBytes, b.peakMemoryBytes);
    d.field(p + ".peak_stage", a.peakStage, b.peakStage);
    list(d, p + ".stages", a.stages, b.stages,
        [](Differ& dd, const std::string& q, const StageEstimate& x, const StageEstimate& y) {
            compare(dd, q, x, y);
        });
    d.field(p + ".chunk_layers", a.chunkLayers, b.chunkLayers);
    const std::string t = p + ".time";
    d.field(t + ".compute_seconds", a.time.computeSeconds, b.time.computeSeconds);
    d.field(t + ".recompute_seconds", a.time.recomputeSeconds, b.time.recomputeSeconds);
    d.field(t + ".tp_comm_seconds", a.time.tpCommSeconds, b.time.tpCommSeconds);
    d.field(t + ".pp_comm_seconds", a.time.ppCommSeconds, b.time.ppCommSeconds);
    d.field(t + ".cp_comm_seconds", a.time.cpCommSeconds, b.time.cpCommSeconds);
    d.field(t + ".ep_comm_seconds", a.time.epCommSeconds, b.time.epCommSeconds);
    d.field(t + ".bubble_seconds", a.time.bubbleSeconds, b.time.bubbleSeconds);
    d.field(t + ".imbalance_seconds", a.time.imbalanceSeconds, b.time.imbalanceSeconds);
    d.field(t + ".dp_exposed_seconds", a.time.dpExposedSeconds, b.time.dpExposedSeconds);
    d.field(t + ".optimizer_seconds", a.time.optimizerSeconds, b.time.optimizerSeconds);
    d.field(t + ".step_seconds", a.time.stepSeconds, b.time.stepSeconds);
    const std::string c = p + ".comm";
    d.field(c + ".tp_bytes", a.comm.tpBytes, b.comm.tpBytes);
    d.field(c + ".tp_seconds", a.comm.tpSeconds, b.comm.tpSeconds);
    d.field(c + ".pp_bytes", a.comm.ppBytes, b.comm.ppBytes);
    d.field(c + ".pp_seconds", a.comm.ppSeconds, b.comm.ppSeconds);
    d.field(c + ".cp_bytes", a.comm.cpBytes, b.comm.cpBytes);
    d.field(c + ".cp_seconds", a.comm.cpSeconds, b.comm.cpSeconds);
    d.field(c + ".ep_bytes", a.comm.epBytes, b.comm.epBytes);
    d.field(c + ".ep_seconds", a.comm.epSeconds, b.comm.epSeconds);
    d.field(c + ".dp_bytes", a.comm.dpBytes, b.comm.dpBytes);
    d.field(c + ".dp_seconds", a.comm.dpSeconds, b.comm.dpSeconds);
    d.field(c + ".dp_exposed_seconds", a.comm.dpExposedSeconds, b.comm.dpExposedSeconds);
    d.field(p + ".tokens_per_second", a.tokensPerSecond, b.tokensPerSecond);
    d.field(p + ".model_flops_per_step", a.modelFlopsPerStep, b.modelFlopsPerStep);
    d.field(p + ".hardware_flops_per_step", a.hardwareFlopsPerStep, b.hardwareFlopsPerStep);
    d.field(p + ".mfu", a.mfu, b.mfu);
    d.field(p + ".hfu", a.hfu, b.hfu);
    d.field(p + ".bubble_fraction", a.bubbleFraction, b.bubbleFraction);
    d.field(p + ".compute_imbalance", a.computeImbalance, b.computeImbalance);
}

void compare(Differ& d, const std::string& p, const SeedShardingPlan& a, const SeedShardingPlan& b)
{
    d.field(p + ".model_name", a.modelName, b.modelName);
    list(d, p + ".layer_partitions", a.layerPartitions, b.layerPartitions,
        [](Differ& dd, const std::string& q, const LayerPartition& x, const LayerPartition& y) {
            dd.field(q, x, y);
        });
    d.field(p + ".num_pp_stages", a.numPpStages, b.numPpStages);
    d.field(p + ".tp_size", a.tpSize, b.tpSize);
    d.field(p + ".dp_size", a.dpSize, b.dpSize);
    d.field(p + ".estimated_memory_per_device", a.estimatedMemoryPerDevice, b.estimatedMemoryPerDevice);
    d.field(p + ".compute_imbalance", a.computeImbalance, b.computeImbalance);
    d.field(p + ".communication_volume", a.communicationVolume, b.communicationVolume);
    d.field(p + ".optimization_score", a.optimizationScore, b.optimizationScore);
}

// What a plan file keeps of a proposal (plan_json.cpp).
void compare(Differ& d, const std::string& p, const Proposal& a, const Proposal& b)
{
    d.field(p + ".kind", a.kind, b.kind);
    d.field(p + ".title", a.title.text(), b.title.text());
    d.field(p + ".evaluated", a.evaluated, b.evaluated);
    d.field(p + ".config", a.config, b.config);
    d.field(p + ".dp_overlap", a.training.dpOverlap, b.training.dpOverlap);
    d.field(p + ".speedup", a.speedup, b.speedup);
    d.field(p + ".memory_delta_bytes", a.memoryDeltaBytes, b.memoryDeltaBytes);
    d.field(p + ".feasible", a.feasible, b.feasible);
    d.field(p + ".rationale", a.rationale.text(), b.rationale.text());
    d.field(p + ".infeasible_reason", a.estimate.infeasibleReason, b.estimate.infeasibleReason);
    d.field(p + ".step_seconds", a.estimate.time.stepSeconds, b.estimate.time.stepSeconds);
    d.field(p + ".peak_memory_bytes", a.estimate.peakMemoryBytes, b.estimate.peakMemoryBytes);
    d.field(p + ".bubble_fraction", a.estimate.bubbleFraction, b.estimate.bubbleFraction);
    d.field(p + ".mfu", a.estimate.mfu, b.estimate.mfu);
}

void compare(Differ& d, const std::string& p, const DocumentPlan& a, const DocumentPlan& b)
{
    d.field(p + ".rank", a.rank, b.rank);
    d.field(p + ".tied_with_rank", a.tiedWith, b.tiedWith);
    d.field(p + ".score", a.score, b.score);
    compare(d, p, a.estimate, b.estimate);
    d.field(p + ".stages[].layer_ranges[].names", a.rangeNames, b.rangeNames);
    compare(d, p + ".sharding_plan", a.sharding, b.sharding);
    list(d, p + ".proposals", a.proposals, b.proposals,
        [](Differ& dd, const std::string& q, const Proposal& x, const Proposal& y) { compare(dd, q, x, y); });
}

void compare(Differ& d, const std::string& p, const SearchStats& a, const SearchStats& b)
{
    d.field(p + ".candidates_evaluated", a.candidatesEvaluated, b.candidatesEvaluated);
    d.field(p + ".feasible_count", a.feasibleCount, b.feasibleCount);
    d.field(p + ".elapsed_seconds", a.elapsedSeconds, b.elapsedSeconds);
}

void compare(Differ& d, const PlanDocument& a, const PlanDocument& b)
{
    d.field("$.generator", a.generator, b.generator);
    compare(d, "$.inputs.model", a.model, b.model);
    compare(d, "$.inputs.cluster", a.cluster, b.cluster);
    compare(d, "$.inputs.training", a.training, b.training);
    d.field("$.inputs.strategy", a.strategy, b.strategy);
    d.field("$.inputs.weights", a.weights, b.weights);
    d.field("$.inputs.budget", a.budget, b.budget);
    compare(d, "$.search", a.search, b.search);
    list(d, "$.plans", a.plans, b.plans,
        [](Differ& dd, const std::string& q, const DocumentPlan& x, const DocumentPlan& y) {
            compare(dd, q, x, y);
        });
    d.field("$.analysis", a.analysis, b.analysis);
}

template <typename T> bool same(const T& a, const T& b)
{
    Differ d;
    compare(d, "", a, b);
    return !d.found;
}

} // namespace

bool operator==(const PlanModelSummary& a, const PlanModelSummary& b)
{
    return same(a, b);
}
bool operator==(const SeedShardingPlan& a, const SeedShardingPlan& b)
{
    return same(a, b);
}
bool operator==(const DocumentPlan& a, const DocumentPlan& b)
{
    return same(a, b);
}
bool operator==(const SearchStats& a, const SearchStats& b)
{
    return same(a, b);
}
bool operator==(const PlanDocument& a, const PlanDocument& b)
{
    return firstDifference(a, b).empty();
}

std::string firstDifference(const PlanDocument& a, const PlanDocument& b)
{
    Differ d;
    compare(d, a, b);
    return d.where;
}

PlanDocument makePlanDocument(const PlanningProblem& problem, Strategy strategy, const ScoreWeights& weights,
                              const PlanningOutcome& outcome, const std::string& generator)
{
    PlanDocument doc;
    doc.generator = generator;
    doc.model = PlanModelSummary::from(problem.model);
    doc.cluster = problem.cluster;
    doc.training = problem.training;
    doc.strategy = strategy;
    doc.weights = weights;
    doc.search.candidatesEvaluated = outcome.search.candidates.size();
    doc.search.feasibleCount = outcome.search.feasibleCount;
    doc.search.elapsedSeconds = outcome.search.elapsedSeconds;
    // The graph's shape travels with the plans, for the proposals engine and for reviews.
    doc.analysis = graphAnalysisToJson(analyzeModel(problem.model, double(problem.training.seqLength)));
    for (std::size_t i = 0; i < outcome.top.size(); ++i) {
        const double score = outcome.search.candidates[outcome.order[i]].score;
        doc.plans.push_back(makeDocumentPlan(problem.model, outcome.top[i], int(i) + 1, score));
        doc.plans.back().tiedWith = tiedWithRank(outcome, i);
    }
    // Ranked proposals for the best plan (docs/plan-format.md: plans[].proposals).
    if (!doc.plans.empty())
        doc.plans.front().proposals = proposeChanges(problem, outcome.top.front());
    return doc;
}

} // namespace shardscope
