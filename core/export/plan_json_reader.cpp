// SPDX-License-Identifier: GPL-3.0-or-later
// The reading half of plan_json.h: every key plan_json.cpp writes, checked for presence, type and range.
#include "export/plan_json.h"

#include "export/budget_json.h"
#include "export/spec_json.h"

namespace shardscope {

namespace {

using namespace planjson;
using specjson::readCluster;
using specjson::readConfig;
using specjson::readTraining;
using specjson::readTransformer;

PlanModelSummary readModel(const ObjectReader& o)
{
    PlanModelSummary m;
    m.name = o.string("name");
    m.sourceFormat = o.string("source_format");
    m.totalParams = o.integer("total_params", 0, kMaxInt64);
    m.activeParams = o.integer("active_params", 0, kMaxInt64);
    m.layerCount = o.count("layer_count");
    m.blockCount = o.count("block_count");
    if (o.find("transformer"))
        m.transformer = readTransformer(o.object("transformer"));
    return m;
}

StageEstimate readStage(const ObjectReader& o, const ParallelConfig& config, std::vector<LayerRangeNames>& names)
{
    StageEstimate s;
    s.stage = o.count("stage");
    if (s.stage >= config.pp)
        o.fail(o.pathOf("stage"),
            "expected a stage from 0 to " + std::to_string(config.pp - 1) + " (the plan's pp is "
                + std::to_string(config.pp) + "), got " + std::to_string(s.stage));
    o.forEach("layer_ranges", [&](const Json& v, const std::string& path) {
        const ObjectReader r(v, path, o.source());
        const int first = r.count("first_layer");
        const int end = r.count("end_layer", first + 1);
        s.layerRanges.emplace_back(first, end);
        names.push_back({ r.string("first_layer_name"), r.string("last_layer_name") });
    });
    // Devices follow from the config; a file that disagrees was edited inconsistently.
    const ObjectReader d = o.object("devices");
    const auto [first, end] = stageDeviceRange(config, s.stage);
    if (d.count("first") != first || d.count("end") != end)
        o.fail(o.pathOf("devices"),
            "expected devices [" + std::to_string(first) + ", " + std::to_string(end) + ") for stage "
                + std::to_string(s.stage) + " of this plan's TP x DP");
    s.paramsPerDevice = o.number("params_per_device");
    s.inFlightMicroBatches = o.number("in_flight_micro_batches");
    const ObjectReader m = o.object("memory");
    // Fields of cost model v2 and of mixture of experts are absent in older files: zero.
    auto optionalNumber = [](const ObjectReader& r, std::string_view key) { return r.find(key) ? r.number(key) : 0.0; };
    s.memory = { m.number("weights_bytes"), m.number("gradients_bytes"), m.number("optimizer_bytes"),
        m.number("activations_bytes"), m.number("embedding_logits_bytes"), m.number("overhead_bytes"), {} };
    if (m.find("other")) { // files before cost model v2 have the total only
        const ObjectReader other = m.object("other");
        s.memory.other = { other.number("cuda_context_bytes"), other.number("nccl_buffers_bytes"),
            other.number("optimizer_transient_bytes"), other.number("zero3_gather_bytes"),
            other.number("recompute_working_set_bytes"), other.number("allowance_bytes"),
            optionalNumber(other, "moe_dispatch_bytes") };
    }
    s.memory.routedExpertBytes = optionalNumber(m, "routed_expert_bytes");
    s.memory.sharedExpertBytes = optionalNumber(m, "shared_expert_bytes");
    s.memory.moeActivationBytes = optionalNumber(m, "moe_activation_bytes");
    const ObjectReader t = o.object("micro_batch_time");
    s.computeSeconds = t.number("compute_seconds");
    s.forwardSeconds = optionalNumber(t, "forward_seconds");
    s.gemmSeconds = optionalNumber(t, "gemm_seconds");
    s.recomputeSeconds = t.number("recompute_seconds");
    s.tpCommSeconds = t.number("tp_comm_seconds");
    s.ppCommSeconds = t.number("pp_comm_seconds");
    s.cpCommSeconds = optionalNumber(t, "cp_comm_seconds"); // absent before context parallelism: none
    s.epCommSeconds = optionalNumber(t, "ep_comm_seconds"); // absent before expert parallelism: none
    s.routedExpertParamsPerDevice = optionalNumber(o, "routed_expert_params_per_device");
    if (o.find("chunk_shares"))
        o.forEach("chunk_shares", [&](const Json& v, const std::string& path) {
            if (!v.is_number() || !(v.get<double>() >= 0 && v.get<double>() <= 1))
                o.fail(path, "expected a fraction from 0 to 1 (a chunk's share of the stage's time), got " + v.dump());
            s.chunkShares.push_back(v.get<double>());
        });
    s.dpCommSeconds = o.number("dp_comm_seconds");
    s.dpExposedSeconds = optionalNumber(o, "dp_exposed_seconds");
    s.optimizerSeconds = optionalNumber(o, "optimizer_seconds");
    return s;
}

LayerPartition readPartition(const ObjectReader& o)
{
    LayerPartition p;
    p.layerName = o.string("layer_name");
    p.strategy = o.name<ShardingKind>(
        "strategy", shardingKindFromString, "\"Replicated\", \"TensorWise\" or \"LayerWise\"");
    o.forEach("device_ids", [&](const Json& v, const std::string& path) {
        p.deviceIds.push_back(int(o.integerValue(v, path, 0, kMaxInt)));
    });
    p.tpSize = o.count("tp_size", 1);
    p.ppStage = o.count("pp_stage");
    p.chunk = o.count("chunk");
    return p;
}

SeedShardingPlan readSharding(const ObjectReader& o)
{
    SeedShardingPlan s;
    s.modelName = o.string("model_name");
    o.forEach("layer_partitions", [&](const Json& v, const std::string& path) {
        s.layerPartitions.push_back(readPartition(ObjectReader(v, path, o.source())));
    });
    s.numPpStages = o.count("num_pp_stages", 1);
    s.tpSize = o.count("tp_size", 1);
    s.dpSize = o.count("dp_size", 1);
    s.estimatedMemoryPerDevice = std::uint64_t(o.integer("estimated_memory_per_device", 0, kMaxInt64));
    s.computeImbalance = o.number("compute_imbalance");
    s.communicationVolume = std::uint64_t(o.integer("communication_volume", 0, kMaxInt64));
    s.optimizationScore = o.number("optimization_score", -kHuge);
    return s;
}

/// A proposal as plan_json.cpp writes it; its training spec is the document's with dp_overlap replaced.
Proposal readProposal(const ObjectReader& o, const TrainingSpec& training)
{
    Proposal p;
    p.kind = o.name<ProposalKind>("kind", proposalKindFromString,
        "\"data_parallel\", \"tensor_parallel\", \"pipeline_parallel\", \"sequence_parallel\", "
        "\"gradient_communication\", \"zero_stage\", \"recomputation\" or \"micro_batch\"");
    p.title = o.string("title");
    p.evaluated = o.boolean("evaluated");
    p.config = readConfig(o.object("config"));
    p.training = training;
    p.training.dpOverlap = o.find("dp_overlap") ? std::optional<double>(o.number("dp_overlap", 0, 1)) : std::nullopt;
    p.speedup = o.number("speedup");
    p.memoryDeltaBytes = o.number("memory_delta_bytes", -kHuge);
    p.feasible = o.boolean("feasible");
    p.rationale = o.string("rationale");
    PlanEstimate& e = p.estimate;
    e.config = p.config;
    e.feasible = p.feasible;
    e.infeasibleReason = o.string("infeasible_reason");
    e.time.stepSeconds = o.number("step_seconds");
    e.peakMemoryBytes = o.number("peak_memory_bytes");
    e.bubbleFraction = o.number("bubble_fraction");
    e.mfu = o.number("mfu");
    return p;
}

/// The model's pipeline chunks in model order (plans[].chunk_layers): pp x vpp contiguous [first, end) ranges
/// from layer 0 to the model's last, each non-empty one inside a layer range of a stage (which stage runs
/// which chunk depends on the schedule: j % pp when looped, a V for ZBV); empty for a plan rejected before
/// partitioning (and in files from before the key).
std::vector<std::pair<int, int>> readChunkLayers(const ObjectReader& o, const PlanEstimate& e, int layerCount)
{
    std::vector<std::pair<int, int>> chunks;
    if (!o.find("chunk_layers"))
        return chunks;
    const ParallelConfig& c = e.config;
    o.forEach("chunk_layers", [&](const Json& v, const std::string& path) {
        const ObjectReader r(v, path, o.source());
        const int expectedFirst = chunks.empty() ? 0 : chunks.back().second;
        const int first = r.count("first_layer");
        if (first != expectedFirst)
            r.fail(r.pathOf("first_layer"), "expected " + std::to_string(expectedFirst)
                    + (chunks.empty() ? " (the first chunk starts at layer 0)" : " (where the previous chunk ends)")
                    + ", got " + std::to_string(first) + "; chunks are contiguous, in model order");
        const int end = r.count("end_layer", first);
        if (end > layerCount)
            r.fail(r.pathOf("end_layer"), "expected at most the model's layer count " + std::to_string(layerCount)
                                              + ", got " + std::to_string(end));
        if (end > first && !e.stages.empty()) {
            bool inStage = false;
            for (const StageEstimate& st : e.stages)
                for (const auto& [a, b] : st.layerRanges)
                    inStage = inStage || (a <= first && end <= b);
            if (!inStage)
                r.fail(path, "chunk " + std::to_string(chunks.size()) + " (layers " + std::to_string(first) + " to "
                                 + std::to_string(end) + ") lies in no layer range of the plan's stages; a chunk runs "
                                 "on one stage");
        }
        chunks.emplace_back(first, end);
    });
    const std::size_t expected = std::size_t(c.pp) * std::size_t(c.vpp);
    if (!chunks.empty() && chunks.size() != expected)
        o.fail(o.pathOf("chunk_layers"), "expected pp x vpp = " + std::to_string(expected) + " chunks, got "
                                             + std::to_string(chunks.size()));
    if (!chunks.empty() && chunks.back().second != layerCount)
        o.fail(o.pathOf("chunk_layers"), "the chunks end at layer " + std::to_string(chunks.back().second)
                                             + ", but the model has " + std::to_string(layerCount)
                                             + " layers; every layer belongs to one chunk");
    return chunks;
}

DocumentPlan readPlan(const ObjectReader& o, const TrainingSpec& training, int layerCount)
{
    DocumentPlan plan;
    PlanEstimate& e = plan.estimate;
    plan.rank = o.count("rank", 1);
    plan.tiedWith = o.find("tied_with_rank") ? o.count("tied_with_rank", 1) : 0; // absent before ties, and alone
    plan.score = o.number("score", -kHuge);
    e.config = readConfig(o.object("config"));
    e.feasible = o.boolean("feasible");
    e.infeasibleReason = o.string("infeasible_reason");
    o.forEach("warnings", [&](const Json& v, const std::string& path) {
        if (!v.is_string())
            o.fail(path, "expected a string, got " + typeName(v));
        e.warnings.push_back(v.get<std::string>());
    });
    e.numMicroBatches = o.count("num_micro_batches");
    e.capacityBytes = o.number("capacity_bytes");
    e.peakMemoryBytes = o.number("peak_memory_bytes");
    e.peakStage = o.count("peak_stage");
    o.forEach("stages", [&](const Json& v, const std::string& path) {
        e.stages.push_back(readStage(ObjectReader(v, path, o.source()), e.config, plan.rangeNames.emplace_back()));
    });
    e.chunkLayers = readChunkLayers(o, e, layerCount);
    // Field by field, in the file's key order (so the first bad key is the one reported); keys newer than
    // the format's first version are optional, 0 when absent.
    auto optionalNumber = [](const ObjectReader& r, std::string_view key) { return r.find(key) ? r.number(key) : 0.0; };
    const ObjectReader t = o.object("time");
    e.time.computeSeconds = t.number("compute_seconds");
    e.time.recomputeSeconds = t.number("recompute_seconds");
    e.time.tpCommSeconds = t.number("tp_comm_seconds");
    e.time.ppCommSeconds = t.number("pp_comm_seconds");
    e.time.cpCommSeconds = optionalNumber(t, "cp_comm_seconds");
    e.time.epCommSeconds = optionalNumber(t, "ep_comm_seconds");
    e.time.bubbleSeconds = t.number("bubble_seconds");
    e.time.imbalanceSeconds = optionalNumber(t, "imbalance_seconds");
    e.time.dpExposedSeconds = t.number("dp_exposed_seconds");
    e.time.optimizerSeconds = optionalNumber(t, "optimizer_seconds");
    e.time.stepSeconds = t.number("step_seconds");
    const ObjectReader c = o.object("comm");
    e.comm.tpBytes = c.number("tp_bytes");
    e.comm.tpSeconds = c.number("tp_seconds");
    e.comm.ppBytes = c.number("pp_bytes");
    e.comm.ppSeconds = c.number("pp_seconds");
    e.comm.cpBytes = optionalNumber(c, "cp_bytes");
    e.comm.cpSeconds = optionalNumber(c, "cp_seconds");
    e.comm.epBytes = optionalNumber(c, "ep_bytes");
    e.comm.epSeconds = optionalNumber(c, "ep_seconds");
    e.comm.dpBytes = c.number("dp_bytes");
    e.comm.dpSeconds = c.number("dp_seconds");
    e.comm.dpExposedSeconds = c.number("dp_exposed_seconds");
    e.tokensPerSecond = o.number("tokens_per_second");
    e.modelFlopsPerStep = o.number("model_flops_per_step");
    e.hardwareFlopsPerStep = o.number("hardware_flops_per_step");
    e.mfu = o.number("mfu");
    // Since both FLOP conventions (2026-12-07); older files have only the full count.
    e.mfuCausalHalf = o.find("mfu_causal_half") ? o.number("mfu_causal_half") : 0.0;
    e.hfu = o.number("hfu");
    e.bubbleFraction = o.number("bubble_fraction");
    e.computeImbalance = o.number("compute_imbalance");
    plan.sharding = readSharding(o.object("sharding_plan"));
    // Files written before proposals existed have none.
    if (o.find("proposals"))
        o.forEach("proposals", [&](const Json& v, const std::string& path) {
            plan.proposals.push_back(readProposal(ObjectReader(v, path, o.source()), training));
        });
    return plan;
}

} // namespace

PlanDocument readPlanJson(std::string_view text, const std::string& source)
{
    const Json json = specjson::parseDocument(text, source, "plan file");
    const ObjectReader root(json, "$", source);
    const std::string format = root.string("format");
    if (format != PlanDocument::kFormat)
        root.fail("$.format",
            "expected \"" + std::string(PlanDocument::kFormat) + "\", got \"" + format
                + "\"; this is not a ShardScope plan file");
    const std::int64_t version = root.integer("version", 1, kMaxInt64);
    if (version > PlanDocument::kVersion)
        root.fail("$.version",
            "version " + std::to_string(version) + " is newer than this ShardScope reads ("
                + std::to_string(PlanDocument::kVersion) + "); update ShardScope");

    PlanDocument d;
    d.generator = root.string("generator");
    const ObjectReader inputs = root.object("inputs");
    d.model = readModel(inputs.object("model"));
    d.cluster = readCluster(inputs.object("cluster"));
    d.training = readTraining(inputs.object("training"));
    d.strategy = specjson::readStrategy(inputs, "strategy");
    d.weights = specjson::readWeights(inputs.object("weights"));
    // Files from before budgets, and those planned without one, have none; plans[].training_time is derived.
    if (inputs.find("budget"))
        d.budget = budgetjson::readBudget(inputs.object("budget"));
    const ObjectReader search = root.object("search");
    d.search.candidatesEvaluated = std::uint64_t(search.integer("candidates_evaluated", 0, kMaxInt64));
    d.search.feasibleCount = std::uint64_t(search.integer("feasible_count", 0, kMaxInt64));
    d.search.elapsedSeconds = search.number("elapsed_seconds");
    // "prediction_error" is derived from inputs.cluster.gpu.calibration (read with the cluster) and
    // written from it again; files from before it have none.
    root.forEach("plans",
        [&](const Json& v, const std::string& path) {
            d.plans.push_back(readPlan(ObjectReader(v, path, source), d.training, d.model.layerCount));
        });
    if (const Json* analysis = root.find("analysis")) {
        if (!analysis->is_object())
            root.fail("$.analysis", "expected an object or null, got " + typeName(*analysis));
        d.analysis = *analysis;
    }
    return d;
}

} // namespace shardscope
