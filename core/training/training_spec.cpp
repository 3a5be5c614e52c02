// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/training_spec.h"

#include "training/pipeline_layout.h"
#include "util/input_error.h"
#include "util/text.h"

#include <array>
#include <utility>

namespace shardscope {

namespace {

template <typename E, std::size_t N>
std::string_view nameOf(const std::array<std::pair<E, std::string_view>, N>& table, E value)
{
    for (const auto& [e, name] : table)
        if (e == value)
            return name;
    return "?";
}

template <typename E, std::size_t N>
std::optional<E> parseName(const std::array<std::pair<E, std::string_view>, N>& table, std::string_view text)
{
    for (const auto& [e, name] : table)
        if (equalsIgnoreCase(name, text))
            return e;
    return std::nullopt;
}

constexpr std::array<std::pair<Precision, std::string_view>, 4> kPrecision { {
    { Precision::Bf16, "bf16" }, { Precision::Fp16, "fp16" }, { Precision::Fp8, "fp8" }, { Precision::Fp32, "fp32" } } };
constexpr std::array<std::pair<OptimizerKind, std::string_view>, 2> kOptimizer { {
    { OptimizerKind::AdamMixed, "adam" }, { OptimizerKind::SgdMomentum, "sgd" } } };
constexpr std::array<std::pair<Recompute, std::string_view>, 3> kRecompute { {
    { Recompute::None, "none" }, { Recompute::Selective, "selective" }, { Recompute::Full, "full" } } };
constexpr std::array<std::pair<Schedule, std::string_view>, 6> kSchedule { {
    { Schedule::GPipe, "gpipe" }, { Schedule::OneFOneB, "1f1b" }, { Schedule::Interleaved1F1B, "interleaved" },
    { Schedule::ZeroBubbleH1, "zb-h1" }, { Schedule::InterleavedZeroBubble, "interleaved-zb" }, { Schedule::ZeroBubbleV, "zbv" } } };
constexpr std::array<std::pair<CpCommType, std::string_view>, 2> kCpCommType { {
    { CpCommType::P2P, "p2p" }, { CpCommType::AllToAll, "a2a" } } };

} // namespace

std::string_view toString(Precision p) { return nameOf(kPrecision, p); }
std::string_view toString(OptimizerKind o) { return nameOf(kOptimizer, o); }
std::string_view toString(Recompute r) { return nameOf(kRecompute, r); }
std::string_view toString(Schedule s) { return nameOf(kSchedule, s); }
std::string_view toString(CpCommType c) { return nameOf(kCpCommType, c); }
std::optional<CpCommType> cpCommTypeFromString(std::string_view t)
{
    if (equalsIgnoreCase(t, "ring") || equalsIgnoreCase(t, "p2p"))
        return CpCommType::P2P;
    if (equalsIgnoreCase(t, "all-to-all") || equalsIgnoreCase(t, "alltoall") || equalsIgnoreCase(t, "ulysses"))
        return CpCommType::AllToAll;
    return parseName(kCpCommType, t);
}
std::optional<Precision> precisionFromString(std::string_view t) { return parseName(kPrecision, t); }
std::optional<OptimizerKind> optimizerFromString(std::string_view t) { return parseName(kOptimizer, t); }
std::optional<Recompute> recomputeFromString(std::string_view t) { return parseName(kRecompute, t); }
std::string_view toString(RecomputeMethod m) { return m == RecomputeMethod::Block ? "block" : "uniform"; }
std::optional<RecomputeMethod> recomputeMethodFromString(std::string_view t)
{
    if (equalsIgnoreCase(t, "uniform"))
        return RecomputeMethod::Uniform;
    if (equalsIgnoreCase(t, "block"))
        return RecomputeMethod::Block;
    return std::nullopt;
}
std::string_view toString(Fp8Recipe r)
{
    return r == Fp8Recipe::Tensorwise ? "tensorwise" : r == Fp8Recipe::Blockwise ? "blockwise" : "delayed";
}
std::optional<Fp8Recipe> fp8RecipeFromString(std::string_view t)
{
    for (Fp8Recipe r : { Fp8Recipe::Delayed, Fp8Recipe::Tensorwise, Fp8Recipe::Blockwise })
        if (equalsIgnoreCase(t, toString(r)))
            return r;
    return std::nullopt;
}

// Transformer Engine's quantizers (transformer_engine/pytorch/csrc/quantizer.cpp at d0067d0): delayed scaling casts
// in one pass (read 2 bytes, write 1); current scaling first reads the tensor for its amax (nvte_compute_amax), then
// computes the scale and casts (nvte_compute_scale_from_amax, nvte_quantize_v2); blockwise casts in one pass and
// writes an FP32 scale per 128 elements for the row-wise and the column-wise copy.
double Fp8Settings::castBytesPerElement() const
{
    switch (recipe) {
    case Fp8Recipe::Tensorwise: return 5.0;
    case Fp8Recipe::Blockwise: return 3.0 + 2.0 * 4.0 / 128.0;
    case Fp8Recipe::Delayed: break;
    }
    return 3.0;
}

int Fp8Settings::castKernels() const { return recipe == Fp8Recipe::Tensorwise ? 3 : 1; }

namespace {
constexpr std::array<std::pair<std::uint8_t, std::string_view>, 4> kModules { { { kRecomputeCoreAttn, "core_attn" },
    { kRecomputeMlp, "mlp" }, { kRecomputeMoe, "moe" }, { kRecomputeSharedExperts, "shared_experts" } } };
} // namespace

std::vector<std::string_view> recomputeModuleNames(std::uint8_t modules)
{
    std::vector<std::string_view> out;
    for (const auto& [bit, name] : kModules)
        if (modules & bit)
            out.push_back(name);
    return out;
}

std::string recomputeModulesToString(std::uint8_t modules, char separator)
{
    std::string out;
    for (std::string_view name : recomputeModuleNames(modules))
        out += (out.empty() ? std::string() : std::string(1, separator)) + std::string(name);
    return out;
}

std::optional<std::uint8_t> recomputeModulesFromString(std::string_view text, std::string* unknown)
{
    std::uint8_t modules = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t end = std::min(text.find_first_of(", ", i), text.size());
        const std::string_view word = text.substr(i, end - i);
        i = end + 1;
        if (word.empty())
            continue;
        bool known = false;
        for (const auto& [bit, name] : kModules)
            if (equalsIgnoreCase(word, name)) {
                modules |= bit;
                known = true;
            }
        if (!known) {
            if (unknown)
                *unknown = std::string(word.substr(0, 64));
            return std::nullopt;
        }
    }
    return modules;
}

std::optional<Schedule> scheduleFromString(std::string_view t)
{
    if (equalsIgnoreCase(t, "interleaved-1f1b") || equalsIgnoreCase(t, "interleaved1f1b"))
        return Schedule::Interleaved1F1B;
    if (equalsIgnoreCase(t, "zbh1") || equalsIgnoreCase(t, "zero-bubble-h1"))
        return Schedule::ZeroBubbleH1;
    if (equalsIgnoreCase(t, "interleavedzerobubble") || equalsIgnoreCase(t, "interleaved-zero-bubble"))
        return Schedule::InterleavedZeroBubble;
    if (equalsIgnoreCase(t, "zbvzerobubble") || equalsIgnoreCase(t, "zb-v"))
        return Schedule::ZeroBubbleV;
    return parseName(kSchedule, t);
}

void TrainingSpec::validate(const std::string& source) const
{
    auto fail = [&](const char* field, const std::string& message) { throw InputError(source, field, message); };
    constexpr int kMaxBlocks = 1 << 22;
    if (pipelineSplit.firstStageBlocks < 0 || pipelineSplit.firstStageBlocks > kMaxBlocks)
        fail("first_stage_blocks", "expected 0 (the even split) or a positive block count, got "
                                       + std::to_string(pipelineSplit.firstStageBlocks));
    if (pipelineSplit.lastStageBlocks < 0 || pipelineSplit.lastStageBlocks > kMaxBlocks)
        fail("last_stage_blocks", "expected 0 (the even split) or a positive block count, got "
                                      + std::to_string(pipelineSplit.lastStageBlocks));
    if (!pipelineSplit.even && (pipelineSplit.firstStageBlocks > 0 || pipelineSplit.lastStageBlocks > 0))
        fail("first_stage_blocks", "first and last stage block counts go with the even split (pipeline_split \"even\")");
    if (!pipelineSplit.layout.empty()) {
        if (pipelineSplit.even)
            fail("pipeline_layout", "a pipeline layout places every chunk's blocks itself: it does not go with the even split");
        try {
            (void)parsePipelineLayout(pipelineSplit.layout);
        } catch (const PipelineLayoutError& e) {
            fail("pipeline_layout", "\"" + pipelineSplit.layout.substr(0, 120) + "\" " + e.what());
        }
    }
    if (fp8.bf16FirstBlocks < 0 || fp8.bf16FirstBlocks > kMaxBlocks)
        fail("fp8_bf16_first_blocks", "expected 0 or a positive block count, got " + std::to_string(fp8.bf16FirstBlocks));
    if (fp8.bf16LastBlocks < 0 || fp8.bf16LastBlocks > kMaxBlocks)
        fail("fp8_bf16_last_blocks", "expected 0 or a positive block count, got " + std::to_string(fp8.bf16LastBlocks));
    if (fp8.recipe == Fp8Recipe::Delayed && (fp8.bf16FirstBlocks > 0 || fp8.bf16LastBlocks > 0))
        fail("fp8_bf16_first_blocks", "the delayed FP8 recipe cannot keep the first and last blocks in BF16 "
                                      "(Megatron: \"Delayed scaling does not support first / last layer in BF16\"); "
                                      "use the tensorwise or blockwise recipe");
    if (fullRecompute.layers < 1 || fullRecompute.layers > kMaxBlocks)
        fail("recompute_num_layers", "expected a positive number of blocks, got " + std::to_string(fullRecompute.layers));
    if (seqLength <= 0)
        fail("seq_length", "expected a positive sequence length, got " + std::to_string(seqLength));
    if (seqLength > (std::int64_t(1) << 24))
        fail("seq_length", "sequence length " + std::to_string(seqLength) + " is implausibly large (limit 16777216)");
    if (globalBatch <= 0)
        fail("global_batch", "expected a positive global batch (sequences), got " + std::to_string(globalBatch));
    if (globalBatch > (std::int64_t(1) << 24))
        fail("global_batch", "global batch " + std::to_string(globalBatch) + " is implausibly large (limit 16777216)");
    if (!(frameworkOverheadBytes >= 0))
        fail("framework_overhead", "expected a non-negative number of bytes");
    if (!(memoryMargin >= 0 && memoryMargin < 1))
        fail("memory_margin", "expected a fraction in [0, 1)");
    if (dpOverlap && !(*dpOverlap >= 0 && *dpOverlap <= 1))
        fail("dp_overlap", "expected a fraction in [0, 1]");
    if (!(moeImbalance >= 1 && moeImbalance <= 64))
        fail("moe_imbalance", "expected the busiest expert's load over the mean, from 1 to 64");
    if (moeCapacityFactor && !(*moeCapacityFactor > 0 && *moeCapacityFactor <= 64))
        fail("moe_capacity_factor", "expected a capacity factor above 0 and at most 64");
    auto positivePin = [&](const std::optional<int>& v, const char* field) {
        if (v && *v <= 0)
            fail(field, "expected a positive integer, got " + std::to_string(*v));
    };
    positivePin(pins.tp, "tp");
    positivePin(pins.cp, "cp");
    positivePin(pins.dpReplicate, "dp_replicate");
    positivePin(pins.pp, "pp");
    positivePin(pins.dp, "dp");
    positivePin(pins.ep, "ep");
    positivePin(pins.etp, "etp");
    positivePin(pins.vpp, "vpp");
    positivePin(pins.microBatch, "micro_batch");
    if (pins.zeroStage && (*pins.zeroStage < 0 || *pins.zeroStage > 3))
        fail("zero", "ZeRO stage must be 0, 1, 2 or 3, got " + std::to_string(*pins.zeroStage));
}

int TrainingSpec::bytesPerParam() const { return precision == Precision::Fp32 ? 4 : 2; } // fp8 keeps bf16 weights
int TrainingSpec::bytesPerActivation() const { return precision == Precision::Fp32 ? 4 : 2; }
int TrainingSpec::gradientBytesPerParam() const
{
    if (precision == Precision::Fp32)
        return 4;
    return fp32Gradients ? 4 : 2;
}
int TrainingSpec::optimizerBytesPerParam() const
{
    // ZeRO paper: Adam keeps fp32 master weights, momentum and variance (K = 12); fp32 training has no
    // separate master copy (K = 8). SGD with momentum: master + momentum (8), or momentum only in fp32 (4).
    const bool master = precision != Precision::Fp32;
    if (optimizer == OptimizerKind::AdamMixed)
        return master ? 12 : 8;
    return master ? 8 : 4;
}

bool satisfiesPins(const ParallelConfig& c, const PlanPins& p)
{
    auto ok = [](const auto& pin, const auto& value) { return !pin || *pin == value; };
    return ok(p.tp, c.tp) && ok(p.cp, c.cp) && ok(p.pp, c.pp) && ok(p.dp, c.dp) && ok(p.vpp, c.vpp) && ok(p.microBatch, c.microBatch)
        && ok(p.zeroStage, c.zeroStage) && ok(p.recompute, c.recompute) && ok(p.sequenceParallel, c.sequenceParallel)
        && ok(p.schedule, c.schedule) && ok(p.tpCommOverlap, c.tpCommOverlap) && ok(p.ppCommOverlap, c.ppCommOverlap)
        && ok(p.cpCommType, c.cpCommType) && ok(p.dpReplicate, c.dpReplicate) && ok(p.reshardAfterForward, c.reshardAfterForward)
        && ok(p.ep, c.ep) && ok(p.etp, c.etp) && ok(p.epCommOverlap, c.epCommOverlap);
}

} // namespace shardscope
