// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/spec_json.h"

#include "hardware/calibration_constants.h"
#include "hardware/hardware_catalog.h"
#include "training/pipeline_layout.h"
#include "util/json_reader.h"
#include "import/native_model_format.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace shardscope::specjson {

namespace {

using planjson::kMaxInt64;

const char* kRecomputeNames = "\"none\", \"selective\" or \"full\"";
const char* kScheduleNames = "\"gpipe\", \"1f1b\", \"interleaved\", \"zb-h1\", \"interleaved-zb\" or \"zbv\"";
const char* kCpCommTypeNames = "\"p2p\" (ring) or \"a2a\" (all-to-all)";

template <typename T> Json optional(const std::optional<T>& v)
{
    return v ? Json(*v) : Json(nullptr);
}

Json optionalName(const std::optional<Recompute>& v)
{
    return v ? Json(toString(*v)) : Json(nullptr);
}
Json optionalName(const std::optional<Schedule>& v)
{
    return v ? Json(toString(*v)) : Json(nullptr);
}
Json optionalName(const std::optional<CpCommType>& v)
{
    return v ? Json(toString(*v)) : Json(nullptr);
}

Json toJson(const LinkSpec& l)
{
    return Json { { "bandwidth_bytes_per_second", l.bandwidthBytesPerSecond },
        { "latency_seconds", l.latencySeconds }, { "efficiency", l.efficiency } };
}

LinkSpec readLink(const ObjectReader& o)
{
    return LinkSpec { o.number("bandwidth_bytes_per_second"), o.number("latency_seconds"),
        o.number("efficiency", 0, 1) };
}

Json toJson(const KernelSpec& k)
{
    return Json { { "sm_count", k.smCount }, { "gemm_tile_m", k.gemmTileM }, { "gemm_tile_n", k.gemmTileN },
        { "gemm_tile_k_overhead", k.gemmTileKOverhead }, { "attention_forward", k.attentionForwardEfficiency },
        { "attention_backward", k.attentionBackwardEfficiency }, { "hbm_efficiency", k.hbmEfficiency },
        { "kernel_gap_seconds", k.kernelGapSeconds }, { "attention_kernel", k.attentionKernel },
        { "attention_scale", k.attentionScale } };
}

Json toJson(const CalibrationInfo& c)
{
    Json j { { "family", c.family }, { "runs", c.runs }, { "rms_error", c.rmsError }, { "max_error", c.maxError },
        { "fitted_on", c.fittedOn } };
    if (!c.profile.empty())
        j["profile"] = c.profile;
    if (!c.regime.empty()) {
        j["regime"] = c.regime;
        j["cross_validated"] = c.crossValidated;
        j["in_sample_mean_error"] = c.inSampleMean;
        if (!c.nearestRegime.empty())
            j["nearest_regime"] = c.nearestRegime;
    }
    return j;
}

/// Files written before cost model v2 have no kernel figures: those of the built-in GPU of that name,
/// or the defaults.
void readKernelFigures(const ObjectReader& g, GpuSpec& gpu)
{
    if (const GpuSpec* known = HardwareCatalog::builtin().find(gpu.name)) {
        gpu.kernels = known->kernels;
        gpu.family = known->family;
    }
    if (g.find("family"))
        gpu.family = g.string("family");
    if (g.find("kernels")) {
        const ObjectReader k = g.object("kernels");
        gpu.kernels.smCount = k.count("sm_count", 1);
        gpu.kernels.gemmTileM = k.count("gemm_tile_m", 1);
        gpu.kernels.gemmTileN = k.count("gemm_tile_n", 1);
        gpu.kernels.gemmTileKOverhead = k.number("gemm_tile_k_overhead", 0, 1e5);
        gpu.kernels.attentionForwardEfficiency = k.number("attention_forward", 1e-9, 1);
        gpu.kernels.attentionBackwardEfficiency = k.number("attention_backward", 1e-9, 1);
        gpu.kernels.hbmEfficiency = k.number("hbm_efficiency", 1e-9, 1);
        gpu.kernels.kernelGapSeconds = k.number("kernel_gap_seconds", 0, 1);
        // Since attention curves (2026-12-07); older files keep the scalar fractions above.
        gpu.kernels.attentionKernel = k.find("attention_kernel") ? k.string("attention_kernel") : std::string();
        if (const std::string problem = KernelSpec::attentionKernelProblem(gpu.kernels.attentionKernel); !problem.empty())
            k.fail(k.pathOf("attention_kernel"), problem);
        gpu.kernels.attentionScale = k.find("attention_scale") ? k.number("attention_scale", 1e-9, 10) : 1.0;
    }
    if (g.find("calibration")) {
        const ObjectReader c = g.object("calibration");
        gpu.calibration.family = c.string("family");
        gpu.calibration.runs = c.count("runs", 0);
        gpu.calibration.rmsError = c.number("rms_error", 0, 10);
        gpu.calibration.maxError = c.number("max_error", 0, 10);
        gpu.calibration.fittedOn = c.string("fitted_on");
        // Since software-stack profiles: the profile and the regime whose cross-validated error is the band.
        if (c.find("profile"))
            gpu.calibration.profile = c.string("profile");
        if (c.find("regime"))
            gpu.calibration.regime = c.string("regime");
        if (c.find("cross_validated"))
            gpu.calibration.crossValidated = c.boolean("cross_validated");
        if (c.find("in_sample_mean_error"))
            gpu.calibration.inSampleMean = c.number("in_sample_mean_error", 0, 10);
        if (c.find("nearest_regime"))
            gpu.calibration.nearestRegime = c.string("nearest_regime");
        // The profile's regime table is the built-in profile's (not written: it is the profile's, not the plan's).
        if (const Profile* profile = CalibrationConstants::builtin().profile(gpu.calibration.profile))
            for (const FamilyConstants& f : CalibrationConstants::builtin().familiesOf(*profile))
                if (f.family == gpu.calibration.family)
                    gpu.calibration.regimes = f.info.regimes;
    }
}

/// "\"a\", \"b\" or \"c\"": the names a reader accepts, from the functions the writers name them with.
template <typename E, std::size_t N> std::string choiceList(const std::array<E, N>& values, std::string_view (*name)(E))
{
    std::string out;
    for (std::size_t i = 0; i < N; ++i)
        out += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + ("\"" + std::string(name(values[i])) + "\"");
    return out;
}

constexpr double kMaxMoeFactor = 64;         // TrainingSpec::validate's bound on moe_imbalance and moe_capacity_factor
constexpr double kMinRotaryFraction = 1e-6;   // as the model format reads it
constexpr std::size_t kMaxActivationBytes = 64; // "gelu_pytorch_tanh"; a longer name is damage, as in the model format

/// Reads one field of forEachTransformerField by the member's type; an optional key that is absent or null
/// keeps the default.
struct TransformerFieldReader
{
    const ObjectReader& o;
    TransformerSpec& s;

    template <typename T> void operator()(std::string_view key, T TransformerSpec::*member, SpecKey presence) const
    {
        if (presence == SpecKey::Optional && !o.find(key))
            return;
        read(key, s.*member);
    }

    void read(std::string_view key, std::string& v) const { v = o.string(key); }
    void read(std::string_view key, std::int64_t& v) const { v = o.integer(key, 0, kMaxInt64); }
    void read(std::string_view key, bool& v) const { v = o.boolean(key); }
    void read(std::string_view key, NormKind& v) const
    {
        const std::array all { NormKind::RmsNorm, NormKind::LayerNorm, NormKind::LayerNormNoBias,
            NormKind::LayerNormNoAffine };
        v = o.name<NormKind>(key, normKindFromString, choiceList(all, normKindName).c_str());
    }
    void read(std::string_view key, PositionKind& v) const
    {
        const std::array all { PositionKind::Rotary, PositionKind::Learned, PositionKind::None, PositionKind::Alibi };
        v = o.name<PositionKind>(key, positionKindFromString, choiceList(all, positionKindName).c_str());
    }
    void read(std::string_view key, QkNorm& v) const
    {
        const std::array all { QkNorm::None, QkNorm::PerHead, QkNorm::Full };
        v = o.name<QkNorm>(key, qkNormFromString, choiceList(all, qkNormName).c_str());
    }
    /// rotary_fraction, the spec's one plain number.
    void read(std::string_view key, double& v) const { v = o.number(key, kMinRotaryFraction, 1); }
    /// rope_theta; validateRope checks it against the positions.
    void read(std::string_view key, std::optional<double>& v) const { v = o.number(key, kMinRopeTheta, kMaxRopeTheta); }
    void read(std::string_view key, std::optional<RopeScaling>& v) const
    {
        const ObjectReader r = o.object(key);
        RopeScaling& scaling = v.emplace();
        scaling.type = r.string("type");
        scaling.factor = r.number("factor", 0, kMaxRopeScalingFactor);
        scaling.lowFreqFactor = r.number("low_freq_factor", 0, kMaxRopeScalingFactor);
        scaling.highFreqFactor = r.number("high_freq_factor", 0, kMaxRopeScalingFactor);
        scaling.originalMaxPositions = r.integer("original_max_positions", 0, std::int64_t(1) << 30);
    }
};

} // namespace

Json toJson(const TransformerSpec& s)
{
    Json j { { "name", s.name }, { "model_type", s.modelType } };
    j.update(transformerSpecToJson(s));
    return j;
}

TransformerSpec readTransformer(const ObjectReader& o)
{
    TransformerSpec s;
    forEachTransformerField(TransformerFieldReader { o, s });
    if (s.activation.size() > kMaxActivationBytes)
        o.fail(o.pathOf(transformerKey(&TransformerSpec::activation)),
            "expected an activation name such as \"relu2\" (at most " + std::to_string(kMaxActivationBytes)
                + " bytes), got " + std::to_string(s.activation.size()) + " bytes");
    try {
        s.validateRope(o.source());
        s.validateExperts(o.source());
    } catch (const InputError& e) { // names "rope_theta", "rope_scaling.<key>" or an expert key, keys of this object
        o.fail(o.pathOf(e.position()), e.message());
    }
    return s;
}

Json toJson(const ClusterSpec& c)
{
    const GpuSpec& g = c.gpu;
    Json gpu { { "name", g.name }, { "display_name", g.displayName }, { "vendor", g.vendor },
        { "memory_bytes", g.memoryBytes }, { "hbm_bytes_per_second", g.hbmBytesPerSecond },
        { "peak_bf16_flops_per_second", g.peakFlopsBf16 }, { "peak_fp16_flops_per_second", g.peakFlopsFp16 },
        { "peak_fp8_flops_per_second", g.peakFlopsFp8 }, { "peak_fp32_flops_per_second", g.peakFlopsFp32 },
        { "matmul_efficiency", g.matmulEfficiency }, { "scale_up", toJson(g.scaleUp) },
        { "scale_out", toJson(g.scaleOut) }, { "family", g.family }, { "kernels", toJson(g.kernels) },
        { "calibration", toJson(g.calibration) } };
    return Json { { "gpu", std::move(gpu) }, { "nodes", c.nodes }, { "gpus_per_node", c.gpusPerNode },
        { "intra_node", toJson(c.intraNode) }, { "inter_node", toJson(c.interNode) } };
}

namespace {
Json modulesJson(std::uint8_t modules)
{
    Json out = Json::array();
    for (std::string_view name : recomputeModuleNames(modules))
        out.push_back(name);
    return out;
}
} // namespace

Json toJson(const TrainingSpec& t)
{
    const PlanPins& p = t.pins;
    Json pins { { "tp", optional(p.tp) }, { "cp", optional(p.cp) }, { "pp", optional(p.pp) }, { "dp", optional(p.dp) },
        { "dp_replicate", optional(p.dpReplicate) }, { "vpp", optional(p.vpp) }, { "micro_batch", optional(p.microBatch) },
        { "zero_stage", optional(p.zeroStage) }, { "recompute", optionalName(p.recompute) },
        { "sequence_parallel", optional(p.sequenceParallel) }, { "schedule", optionalName(p.schedule) },
        { "tp_comm_overlap", optional(p.tpCommOverlap) }, { "pp_comm_overlap", optional(p.ppCommOverlap) },
        { "cp_comm_type", optionalName(p.cpCommType) }, { "reshard_after_forward", optional(p.reshardAfterForward) },
        { "ep", optional(p.ep) }, { "etp", optional(p.etp) }, { "ep_comm_overlap", optional(p.epCommOverlap) } };
    return Json { { "seq_length", t.seqLength }, { "global_batch", t.globalBatch },
        { "precision", toString(t.precision) }, { "optimizer", toString(t.optimizer) },
        { "fp32_gradients", t.fp32Gradients }, { "flash_attention", t.flashAttention },
        { "async_tp_backward", t.asyncTpBackward }, { "fused_kernels", t.fusedKernels },
        { "framework_overhead_bytes", t.frameworkOverheadBytes }, { "memory_margin", t.memoryMargin },
        { "dp_overlap", optional(t.dpOverlap) }, { "moe_imbalance", t.moeImbalance },
        { "moe_capacity_factor", optional(t.moeCapacityFactor) },
        { "pipeline_split", !t.pipelineSplit.layout.empty() ? "layout" : t.pipelineSplit.even ? "even" : "balanced" },
        { "first_stage_blocks", t.pipelineSplit.firstStageBlocks }, { "last_stage_blocks", t.pipelineSplit.lastStageBlocks },
        { "pipeline_layout", t.pipelineSplit.layout.empty() ? Json() : Json(t.pipelineSplit.layout) },
        { "recompute_method", toString(t.fullRecompute.method) }, { "recompute_num_layers", t.fullRecompute.layers },
        { "recompute_modules", modulesJson(t.recomputeModules) },
        { "fp8_recipe", toString(t.fp8.recipe) }, { "fp8_bf16_first_blocks", t.fp8.bf16FirstBlocks },
        { "fp8_bf16_last_blocks", t.fp8.bf16LastBlocks },
        { "pins", std::move(pins) } };
}

Json toJson(const ParallelConfig& c)
{
    return Json { { "tp", c.tp }, { "cp", c.cp }, { "pp", c.pp }, { "dp", c.dp }, { "dp_replicate", c.dpReplicate },
        { "vpp", c.vpp }, { "micro_batch", c.microBatch }, { "zero_stage", c.zeroStage },
        { "recompute", toString(c.recompute) }, { "sequence_parallel", c.sequenceParallel },
        { "schedule", toString(c.schedule) }, { "tp_comm_overlap", c.tpCommOverlap },
        { "pp_comm_overlap", c.ppCommOverlap }, { "cp_comm_type", toString(c.cpCommType) },
        { "reshard_after_forward", c.reshardAfterForward }, { "ep", c.ep }, { "etp", c.etp },
        { "ep_comm_overlap", c.epCommOverlap } };
}

Json toJson(const ScoreWeights& w)
{
    return Json { { "memory", w.memory }, { "compute", w.compute }, { "communication", w.communication } };
}

ClusterSpec readCluster(const ObjectReader& o)
{
    ClusterSpec c;
    const ObjectReader g = o.object("gpu");
    // Braced lists evaluate in order, so the first bad field is the one reported.
    c.gpu = { g.string("name"), g.string("display_name"), g.string("vendor"), g.bytes("memory_bytes"),
        g.number("hbm_bytes_per_second"), g.number("peak_bf16_flops_per_second"),
        g.number("peak_fp16_flops_per_second"), g.number("peak_fp8_flops_per_second"),
        g.number("peak_fp32_flops_per_second"), g.number("matmul_efficiency", 0, 1),
        readLink(g.object("scale_up")), readLink(g.object("scale_out")), KernelSpec {}, std::string(),
        CalibrationInfo {} };
    readKernelFigures(g, c.gpu);
    c.nodes = o.count("nodes", 1);
    c.gpusPerNode = o.count("gpus_per_node", 1);
    c.intraNode = readLink(o.object("intra_node"));
    c.interNode = readLink(o.object("inter_node"));
    return c;
}

TrainingSpec readTraining(const ObjectReader& o)
{
    TrainingSpec t;
    t.seqLength = o.integer("seq_length", 1, kMaxInt64);
    t.globalBatch = o.integer("global_batch", 1, kMaxInt64);
    t.precision
        = o.name<Precision>("precision", precisionFromString, "\"bf16\", \"fp16\", \"fp8\" or \"fp32\"");
    t.optimizer = o.name<OptimizerKind>("optimizer", optimizerFromString, "\"adam\" or \"sgd\"");
    t.fp32Gradients = o.boolean("fp32_gradients");
    t.flashAttention = o.boolean("flash_attention");
    t.asyncTpBackward = !o.find("async_tp_backward") || o.boolean("async_tp_backward"); // files before v2: on
    t.fusedKernels = !o.find("fused_kernels") || o.boolean("fused_kernels");
    t.frameworkOverheadBytes = o.bytes("framework_overhead_bytes");
    t.memoryMargin = o.number("memory_margin", 0, 1);
    if (o.find("dp_overlap")) // an override; absent or null: overlap as the frameworks do
        t.dpOverlap = o.number("dp_overlap", 0, 1);
    // Mixture of experts; files from before it have neither: the defaults (1.25, dropless).
    if (o.find("moe_imbalance"))
        t.moeImbalance = o.number("moe_imbalance", 1, kMaxMoeFactor);
    if (o.find("moe_capacity_factor")) { // null: dropless
        t.moeCapacityFactor = o.number("moe_capacity_factor", 0, kMaxMoeFactor);
        if (!(*t.moeCapacityFactor > 0))
            o.fail(o.pathOf("moe_capacity_factor"), "expected a capacity factor above 0 (tokens each expert computes "
                                                    "over its average), or null for dropless routing; got 0");
    }
    // Since Megatron's even split (2026-12-07); absent: balanced by the partitioner.
    if (o.find("pipeline_split")) {
        const std::string split = o.string("pipeline_split");
        if (split != "even" && split != "balanced" && split != "layout")
            o.fail(o.pathOf("pipeline_split"),
                   "expected \"balanced\", \"even\" or \"layout\", got \"" + split.substr(0, 64) + "\"");
        t.pipelineSplit.even = split == "even";
        // Since layout strings (2026-12-08): "layout" takes the chunks from "pipeline_layout".
        const bool hasLayout = o.find("pipeline_layout") && !o.find("pipeline_layout")->is_null();
        if (split == "layout") {
            if (!hasLayout)
                o.fail(o.pathOf("pipeline_layout"), "pipeline_split \"layout\" needs a pipeline_layout string");
            t.pipelineSplit.layout = o.string("pipeline_layout");
            try {
                (void)parsePipelineLayout(t.pipelineSplit.layout);
            } catch (const PipelineLayoutError& e) {
                o.fail(o.pathOf("pipeline_layout"), e.what());
            }
        } else if (hasLayout) {
            o.fail(o.pathOf("pipeline_layout"), "a pipeline_layout goes with pipeline_split \"layout\", not \"" + split + "\"");
        }
    } else if (o.find("pipeline_layout") && !o.find("pipeline_layout")->is_null()) {
        o.fail(o.pathOf("pipeline_layout"), "a pipeline_layout goes with pipeline_split \"layout\", which is absent");
    }
    if (o.find("first_stage_blocks"))
        t.pipelineSplit.firstStageBlocks = int(o.integer("first_stage_blocks", 0, 1 << 22));
    if (o.find("last_stage_blocks"))
        t.pipelineSplit.lastStageBlocks = int(o.integer("last_stage_blocks", 0, 1 << 22));
    // Since full recomputation by method (2026-12-08); absent: every block on its own (uniform, 1).
    if (o.find("recompute_method"))
        t.fullRecompute.method = o.name<RecomputeMethod>("recompute_method", recomputeMethodFromString, "\"uniform\" or \"block\"");
    if (o.find("recompute_num_layers"))
        t.fullRecompute.layers = int(o.integer("recompute_num_layers", 1, 1 << 22));
    // Since recompute modules (2026-12-08); absent: core_attn, Megatron's default.
    if (const Json* modules = o.find("recompute_modules")) {
        if (!modules->is_array())
            o.fail(o.pathOf("recompute_modules"), "expected a list of module names (core_attn, mlp, moe, shared_experts)");
        t.recomputeModules = 0;
        for (std::size_t i = 0; i < modules->size(); ++i) {
            const Json& m = (*modules)[i];
            std::string unknown;
            const auto bit = m.is_string() ? recomputeModulesFromString(m.get<std::string>(), &unknown) : std::nullopt;
            if (!bit || *bit == 0)
                o.fail(o.pathOf("recompute_modules") + "[" + std::to_string(i) + "]",
                       "expected core_attn, mlp, moe or shared_experts (the modules the cost model knows), got "
                           + (m.is_string() ? "\"" + m.get<std::string>().substr(0, 64) + "\"" : std::string(m.type_name())));
            t.recomputeModules |= *bit;
        }
    }
    // Since FP8 recipes (2026-12-08); absent: delayed scaling, Megatron's default, every block in FP8.
    if (o.find("fp8_recipe"))
        t.fp8.recipe = o.name<Fp8Recipe>("fp8_recipe", fp8RecipeFromString, "\"delayed\", \"tensorwise\" or \"blockwise\"");
    if (o.find("fp8_bf16_first_blocks"))
        t.fp8.bf16FirstBlocks = int(o.integer("fp8_bf16_first_blocks", 0, 1 << 22));
    if (o.find("fp8_bf16_last_blocks"))
        t.fp8.bf16LastBlocks = int(o.integer("fp8_bf16_last_blocks", 0, 1 << 22));
    const ObjectReader p = o.object("pins");
    t.pins.tp = p.optionalCount("tp", 1);
    t.pins.cp = p.optionalCount("cp", 1); // the CP and HSDP pins are absent in files from before them: searched
    t.pins.pp = p.optionalCount("pp", 1);
    t.pins.dp = p.optionalCount("dp", 1);
    t.pins.dpReplicate = p.optionalCount("dp_replicate", 1);
    t.pins.vpp = p.optionalCount("vpp", 1);
    t.pins.microBatch = p.optionalCount("micro_batch", 1);
    t.pins.zeroStage = p.optionalCount("zero_stage", 0);
    if (p.find("recompute"))
        t.pins.recompute = p.name<Recompute>("recompute", recomputeFromString, kRecomputeNames);
    if (p.find("sequence_parallel"))
        t.pins.sequenceParallel = p.boolean("sequence_parallel");
    if (p.find("schedule"))
        t.pins.schedule = p.name<Schedule>("schedule", scheduleFromString, kScheduleNames);
    if (p.find("tp_comm_overlap"))
        t.pins.tpCommOverlap = p.boolean("tp_comm_overlap");
    if (p.find("pp_comm_overlap"))
        t.pins.ppCommOverlap = p.boolean("pp_comm_overlap");
    if (p.find("cp_comm_type"))
        t.pins.cpCommType = p.name<CpCommType>("cp_comm_type", cpCommTypeFromString, kCpCommTypeNames);
    if (p.find("reshard_after_forward"))
        t.pins.reshardAfterForward = p.boolean("reshard_after_forward");
    t.pins.ep = p.optionalCount("ep", 1); // absent before expert parallelism: searched
    t.pins.etp = p.optionalCount("etp", 1);
    if (p.find("ep_comm_overlap")) // absent before the EP overlap was a knob: searched
        t.pins.epCommOverlap = p.boolean("ep_comm_overlap");
    return t;
}

ParallelConfig readConfig(const ObjectReader& o)
{
    ParallelConfig c;
    c.tp = o.count("tp", 1);
    c.cp = o.optionalCount("cp", 1).value_or(1); // files from before context parallelism: none
    c.pp = o.count("pp", 1);
    c.dp = o.count("dp", 1);
    c.dpReplicate = o.optionalCount("dp_replicate", 1).value_or(1);
    c.vpp = o.count("vpp", 1);
    c.microBatch = o.count("micro_batch", 1);
    c.zeroStage = int(o.integer("zero_stage", 0, 3));
    c.recompute = o.name<Recompute>("recompute", recomputeFromString, kRecomputeNames);
    c.sequenceParallel = o.boolean("sequence_parallel");
    c.schedule = o.name<Schedule>("schedule", scheduleFromString, kScheduleNames);
    // Files written before the overlaps were knobs have neither: off.
    c.tpCommOverlap = o.find("tp_comm_overlap") && o.boolean("tp_comm_overlap");
    c.ppCommOverlap = o.find("pp_comm_overlap") && o.boolean("pp_comm_overlap");
    // Files from before context parallelism and hybrid sharding: ring CP, parameters freed after forward.
    if (o.find("cp_comm_type"))
        c.cpCommType = o.name<CpCommType>("cp_comm_type", cpCommTypeFromString, kCpCommTypeNames);
    c.reshardAfterForward = !o.find("reshard_after_forward") || o.boolean("reshard_after_forward");
    // Files from before expert parallelism: experts sharded like the rest (EP 1, ETP 1).
    c.ep = o.optionalCount("ep", 1).value_or(1);
    c.etp = o.optionalCount("etp", 1).value_or(1);
    c.epCommOverlap = o.find("ep_comm_overlap") && o.boolean("ep_comm_overlap"); // absent before it: off
    // Device numbers are ints (stageDeviceRange); a product past that is no cluster.
    if (const double gpus = double(c.tp) * c.cp * c.pp * c.dp; gpus > double(planjson::kMaxInt))
        o.fail(o.path(), "tp x cp x pp x dp = " + std::to_string(c.tp) + " x " + std::to_string(c.cp) + " x "
                             + std::to_string(c.pp) + " x " + std::to_string(c.dp) + " GPUs is more than "
                             + std::to_string(planjson::kMaxInt) + "; the degrees are damaged");
    // HSDP: the ZeRO shard group is dp x cp / dp_replicate ranks (ParallelConfig::zeroShardSize).
    if ((std::int64_t(c.dp) * c.cp) % c.dpReplicate != 0)
        o.fail(o.pathOf("dp_replicate"), "expected a divisor of dp x cp = " + std::to_string(std::int64_t(c.dp) * c.cp)
                                             + " (ZeRO shards over dp x cp / dp_replicate ranks), got "
                                             + std::to_string(c.dpReplicate));
    // MoE parallel folding: the expert part of a stage's tp x cp x dp GPUs is etp x ep x expert-DP.
    if (const std::int64_t stageGpus = std::int64_t(c.tp) * c.cp * c.dp;
        stageGpus % (std::int64_t(c.ep) * c.etp) != 0)
        o.fail(o.pathOf(stageGpus % c.ep != 0 ? "ep" : "etp"),
            "expected ep x etp to divide a stage's tp x cp x dp = " + std::to_string(stageGpus)
                + " GPUs (the experts are laid out etp x ep x expert-DP over them), got ep " + std::to_string(c.ep)
                + " x etp " + std::to_string(c.etp));
    return c;
}

ScoreWeights readWeights(const ObjectReader& o)
{
    // Braced lists evaluate in order, so the first bad field is the one reported.
    return ScoreWeights { o.number("memory"), o.number("compute"), o.number("communication") };
}

Strategy readStrategy(const ObjectReader& o, std::string_view key)
{
    return o.name<Strategy>(
        key, strategyFromString, "\"exhaustive\" or one of the seed strategies (\"MemoryOptimal\", ...)");
}

Json parseDocument(std::string_view text, const std::string& source, std::string_view kind)
{
    const std::string prefix = std::string(kind) + ": ";
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InputError(source, "", prefix + "the input is empty; expected a JSON document");
    const JsonContext context { source, std::string(kind) };
    checkJsonText(text, context); // encoding and nesting depth
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const Json::out_of_range& e) {
        failJsonNumberOverflow(e, text, context);
    } catch (const Json::parse_error& e) {
        // e.byte is 1-based and one past the end when the input ran out.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        const std::string where = lineColumnAt(text, offset);
        if (offset >= text.size())
            throw InputError(source, where, prefix + "unexpected end of input; the JSON is truncated");
        throw InputError(source, where, prefix + "invalid JSON: " + jsonParseErrorDetail(e));
    }
}

void requireFinite(const Json& v, const std::string& path, std::string_view what)
{
    if (v.is_number_float() && !std::isfinite(v.get<double>()))
        throw std::invalid_argument(std::string(what) + ": " + path + " is not a finite number");
    if (v.is_object())
        for (const auto& [key, child] : v.items())
            requireFinite(child, path + "." + key, what);
    else if (v.is_array())
        for (std::size_t i = 0; i < v.size(); ++i)
            requireFinite(v[i], path + "[" + std::to_string(i) + "]", what);
}

} // namespace shardscope::specjson
