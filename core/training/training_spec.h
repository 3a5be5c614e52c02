// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

enum class Precision { Bf16, Fp16, Fp8, Fp32 };
enum class OptimizerKind { AdamMixed, SgdMomentum };
enum class Recompute : std::uint8_t { None, Selective, Full };
/// How full recomputation checkpoints a model chunk's blocks (Megatron --recompute-method, megatron/core/recompute.py
/// at d98e8a6): uniform, groups of FullRecompute::layers blocks, each group keeping only its input and rebuilt whole
/// in the backward; block, only the first FullRecompute::layers blocks of each chunk, one at a time, the rest
/// running without recomputation.
enum class RecomputeMethod : std::uint8_t { Uniform, Block };
/// How FP8 training scales its tensors (Megatron --fp8-recipe, megatron/core/enums.py at d98e8a6), by the quantizers
/// Transformer Engine runs for each (transformer_engine/pytorch/csrc/quantizer.cpp at d0067d0): delayed, one cast
/// with the scale from earlier steps' amax history; tensorwise (current scaling), an amax pass over the tensor, the
/// scale, then the cast; blockwise (Hopper, 1x128 activation and 128x128 weight blocks), one cast that computes each
/// block's scale, plus the FP32 scales.
enum class Fp8Recipe : std::uint8_t { Delayed, Tensorwise, Blockwise };
/// Pipeline schedules. The zero-bubble ones (Qi et al. 2024, "Zero Bubble Pipeline Parallelism") split each
/// backward into the input gradient (B) and the weight gradient (W) and fill the bubbles with W passes:
/// ZB-H1 (1F1B's memory), torchtitan's interleaved zero bubble (v chunks) and ZBV (two chunks in a V).
enum class Schedule : std::uint8_t { GPipe, OneFOneB, Interleaved1F1B, ZeroBubbleH1, InterleavedZeroBubble, ZeroBubbleV };
/// Context parallelism's attention: Megatron's ring (K/V passed around the CP ring by point-to-point,
/// overlapped with the attention blocks) or DeepSpeed Ulysses' all-to-all (sequence to heads and back).
enum class CpCommType : std::uint8_t { P2P, AllToAll };

std::string_view toString(Precision p);
std::string_view toString(OptimizerKind o);
std::string_view toString(Recompute r);
std::string_view toString(Schedule s);
std::string_view toString(CpCommType c);
std::optional<Precision> precisionFromString(std::string_view text);
std::optional<OptimizerKind> optimizerFromString(std::string_view text);
std::optional<Recompute> recomputeFromString(std::string_view text);
std::optional<Schedule> scheduleFromString(std::string_view text); ///< gpipe, 1f1b, interleaved, zb-h1, interleaved-zb, zbv
std::optional<CpCommType> cpCommTypeFromString(std::string_view text); ///< p2p, a2a
std::string_view toString(RecomputeMethod m);
std::string_view toString(Fp8Recipe r);
std::optional<Fp8Recipe> fp8RecipeFromString(std::string_view text); ///< delayed, tensorwise, blockwise
std::optional<RecomputeMethod> recomputeMethodFromString(std::string_view text); ///< uniform, block

/// Schedules that run several model chunks per device (vpp >= 2).
constexpr bool isInterleaved(Schedule s) { return s == Schedule::Interleaved1F1B || s == Schedule::InterleavedZeroBubble || s == Schedule::ZeroBubbleV; }
/// Schedules that split the backward into input and weight gradients.
constexpr bool isZeroBubble(Schedule s) { return s == Schedule::ZeroBubbleH1 || s == Schedule::InterleavedZeroBubble || s == Schedule::ZeroBubbleV; }

/// One point in the space of parallelization knobs: what the search enumerates. A search holds one in each of
/// its million candidates, so the one-byte knobs sit together (48 bytes, not 68): the first nine keep their
/// order, which brace initialisation relies on.
struct ParallelConfig
{
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int vpp = 1;               ///< model chunks per device (interleaved 1F1B); 1 otherwise
    int microBatch = 1;        ///< sequences per micro-batch
    int zeroStage = 0;         ///< 0-3; Megatron's distributed optimizer is stage 1
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    Schedule schedule = Schedule::OneFOneB;
    /// TP all-gathers and reduce-scatters overlapped with the GEMMs that need them (Megatron
    /// --tp-comm-overlap, Transformer Engine userbuffers); needs sequence parallelism.
    bool tpCommOverlap = false;
    /// Pipeline sends and receives overlapped with compute (Megatron's overlap_p2p_comm, the default of the
    /// interleaved schedule, off with --no-overlap-p2p-communication); needs the interleaved schedule, which
    /// over 2 stages requires it.
    bool ppCommOverlap = false;
    CpCommType cpCommType = CpCommType::P2P; ///< how context parallelism exchanges K/V (cp > 1)
    /// ZeRO-3 / FSDP: free the gathered parameters after each forward (true, FSDP's default) or keep them
    /// until the backward (torchtitan reshard_after_forward = false, Llama 3's pipeline setting).
    bool reshardAfterForward = true;
    /// The all-to-alls of one micro-batch overlapped with another's computation (Megatron
    /// --overlap-moe-expert-parallel-comm: the combined 1F1B schedule runs one micro-batch's forward and another's
    /// backward layer by layer); needs EP > 1, no full recomputation, and with PP > 1 the interleaved schedule.
    bool epCommOverlap = false;
    int cp = 1;                ///< context parallelism: the sequence split over cp GPUs
    /// Hybrid sharding (HSDP, Megatron's distributed optimizer instances): ZeRO shards over groups of
    /// dp x cp / dpReplicate ranks and replicates across dpReplicate of them; 1 shards over all.
    int dpReplicate = 1;
    /// Expert parallelism: a MoE layer's routed experts spread over ep GPUs (each holds experts / ep).
    /// Megatron's MoE parallel folding: the expert part of a stage's tp x cp x dp GPUs is laid out as
    /// etp x ep x expert-DP (etp innermost), independently of the attention part's tp x cp x dp.
    int ep = 1;
    int etp = 1;               ///< expert tensor parallelism: each routed expert's matrices split over etp GPUs

    /// GPUs one ZeRO shard group spans: data- and context-parallel ranks hold the same weights.
    int zeroShardSize() const { return dp * cp / (dpReplicate > 0 ? dpReplicate : 1); }
    /// Expert data parallelism: the GPUs of a stage holding the same routed experts.
    int expertDataParallel() const { return ep * etp > 0 ? tp * cp * dp / (ep * etp) : 0; }
    /// GPUs one ZeRO shard group of the routed experts spans (hybrid sharding's replicas divide it too).
    int expertZeroShardSize() const
    {
        const int edp = expertDataParallel();
        const int r = dpReplicate > 0 ? dpReplicate : 1;
        return edp % r == 0 && edp / r >= 1 ? edp / r : edp;
    }
    int worldSize() const { return tp * cp * pp * dp; }
    bool operator==(const ParallelConfig&) const = default;
};

static_assert(sizeof(ParallelConfig) <= 48, "a search holds a million of them: keep the one-byte knobs together");

/// Knobs the user fixed; unset ones are searched.
struct PlanPins
{
    std::optional<int> tp, cp, pp, dp, vpp, microBatch, zeroStage, dpReplicate, ep, etp;
    std::optional<Recompute> recompute;
    std::optional<bool> sequenceParallel;
    std::optional<Schedule> schedule;
    std::optional<bool> tpCommOverlap, ppCommOverlap, reshardAfterForward, epCommOverlap;
    std::optional<CpCommType> cpCommType;

    bool operator==(const PlanPins&) const = default;
};

/// True when every pinned knob has the pinned value in `config` (what the search enumerates).
bool satisfiesPins(const ParallelConfig& config, const PlanPins& pins);

/**
 * Which blocks each pipeline stage holds. Balanced (ShardScope's default): the partitioner places them so the
 * slowest stage is as fast as memory allows. Even: as Megatron-LM splits them unless told otherwise, blocks /
 * (pp x vpp) to every model chunk, the embedding with the first and the output head with the last
 * (megatron/core/transformer/transformer_block.py get_num_layers_to_build at d98e8a6); with firstStageBlocks and
 * lastStageBlocks (--decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers, without
 * interleaving here) the first and last stage hold those and the others split the rest evenly. Layout: every model
 * chunk's blocks as a Megatron --pipeline-model-parallel-layout string gives them (training/pipeline_layout.h).
 */
struct PipelineSplit
{
    bool even = false;
    int firstStageBlocks = 0; ///< 0: as the even split gives
    int lastStageBlocks = 0;
    std::string layout;       ///< non-empty: the blocks of each chunk as this layout string places them (not even)
    /// The blocks are placed by a rule rather than by the partitioner.
    bool pinned() const { return even || !layout.empty(); }
    bool operator==(const PipelineSplit&) const = default;
};

/// The submodules selective recomputation redoes (Megatron --recompute-modules, transformer_config.py at d98e8a6),
/// those the cost model knows, as bits: core_attn the attention core (Korthikanti et al. 2022 Sec. 4.2), mlp the
/// dense MLP, moe the MoE layer, shared_experts the MoE layer's shared experts; each of the last three keeps only its
/// input and runs its forward again in the backward. Megatron's default is core_attn alone.
enum RecomputeModule : std::uint8_t { kRecomputeCoreAttn = 1, kRecomputeMlp = 2, kRecomputeMoe = 4, kRecomputeSharedExperts = 8 };
std::vector<std::string_view> recomputeModuleNames(std::uint8_t modules); ///< {"core_attn", "mlp"}, in that order
std::string recomputeModulesToString(std::uint8_t modules, char separator = ','); ///< "core_attn,mlp"
/// Parses a comma- or space-separated list; nullopt names the first unknown module in `unknown`.
std::optional<std::uint8_t> recomputeModulesFromString(std::string_view text, std::string* unknown = nullptr);

/// What full recomputation (ParallelConfig::recompute Full) does with each model chunk's blocks; the default,
/// uniform over 1 block, checkpoints every block on its own (Megatron --recompute-method uniform
/// --recompute-num-layers 1).
struct FullRecompute
{
    RecomputeMethod method = RecomputeMethod::Uniform;
    int layers = 1; ///< --recompute-num-layers: blocks a group (uniform) or blocks recomputed a chunk (block)
    bool isDefault() const { return method == RecomputeMethod::Uniform && layers == 1; }
    bool operator==(const FullRecompute&) const = default;
};

/// FP8 training's recipe and the transformer blocks it leaves in BF16 (Megatron --first-last-layers-bf16 with
/// --num-layers-at-start-in-bf16 / --num-layers-at-end-in-bf16; transformer_config.py at d98e8a6, which refuses
/// them with the delayed recipe). Read only when TrainingSpec::precision is FP8.
struct Fp8Settings
{
    Fp8Recipe recipe = Fp8Recipe::Delayed; ///< Megatron's default
    int bf16FirstBlocks = 0;
    int bf16LastBlocks = 0;
    /// Bytes a quantized element costs to produce from 16 bits (reads, the FP8 write, its scales) and the kernels
    /// that do it.
    double castBytesPerElement() const;
    int castKernels() const;
    /// Block `block` of a model of `blocks` is one the recipe keeps in BF16.
    bool keepsBf16(int block, int blocks) const
    {
        return block < bf16FirstBlocks || (bf16LastBlocks > 0 && block >= blocks - bf16LastBlocks);
    }
    bool operator==(const Fp8Settings&) const = default;
};

/// The training job: what is fixed regardless of the parallel layout, plus the user's pins.
struct TrainingSpec
{
    std::int64_t seqLength = 4096;
    std::int64_t globalBatch = 512;    ///< sequences per optimizer step
    Precision precision = Precision::Bf16;
    OptimizerKind optimizer = OptimizerKind::AdamMixed;
    bool fp32Gradients = true;         ///< Megatron keeps fp32 main grads (4 bytes); DeepSpeed/ZeRO paper 2 bytes
    bool flashAttention = true;        ///< attention scores never stored (the 5as/h term of Korthikanti vanishes)
    /// The backward's TP collectives run asynchronously behind the dgrad/wgrad GEMMs (Megatron since 2022:
    /// async all-reduce of the input gradient, and with SP the input all-gather and gradient reduce-scatter);
    /// off for Megatron of 2021 (Narayanan et al.) and frameworks whose TP backward is synchronous.
    bool asyncTpBackward = true;
    /// Element-wise work in fused kernels (Megatron's bias-GELU, bias-dropout-add, fused norm, rotary and
    /// softmax); off for plain PyTorch, where each operation reads and writes HBM on its own.
    bool fusedKernels = true;
    /// Extra per-GPU allowance beyond the itemised "other" memory (CUDA context, NCCL buffers, optimizer
    /// transient: OtherMemoryBytes), e.g. for a framework's own buffers; 0 by default.
    double frameworkOverheadBytes = 0;
    double memoryMargin = 0.05;        ///< fraction of device memory kept free (fragmentation)
    /// Override: the fraction of DP/ZeRO communication hidden behind compute. Unset (the default), the
    /// cost model overlaps as the frameworks do (per bucket, behind the backward passes that produce it).
    std::optional<double> dpOverlap;
    /// Mixture of experts, dropless routing (Megatron's default): the busiest expert's tokens over the mean.
    /// 1.25 is the capacity factor at which Switch Transformer routing drops under 1 % of tokens (Fedus et al.
    /// 2022, JMLR 23, Sec. 2.2 and Table 1), the usual bound for a balanced router; a GPU holding several
    /// experts averages their loads (UnitCostModel). 1 is perfect balance.
    double moeImbalance = 1.25;
    /// Mixture of experts with token dropping (Megatron --moe-expert-capacity-factor with
    /// --moe-pad-expert-input-to-capacity): every expert computes exactly this many times its average tokens,
    /// the rest are dropped. Unset: dropless, moeImbalance applies.
    std::optional<double> moeCapacityFactor;
    PipelineSplit pipelineSplit; ///< the blocks of each stage: balanced by the partitioner, or Megatron's even split
    FullRecompute fullRecompute; ///< how full recomputation, where a plan uses it, checkpoints the blocks
    std::uint8_t recomputeModules = kRecomputeCoreAttn; ///< what selective recomputation redoes (RecomputeModule bits)
    Fp8Settings fp8;             ///< with precision FP8: the scaling recipe and the blocks kept in BF16
    PlanPins pins;

    /// Throws InputError(source, field, ...) for a zero, negative or absurd value.
    void validate(const std::string& source) const;

    /// Every setting alike (sessions' "modified" and autosave, plan round trips, proposals that change the job).
    bool operator==(const TrainingSpec&) const = default;

    int bytesPerParam() const;        ///< bytes of one weight in the training precision's working copy
    int bytesPerActivation() const;   ///< bytes of one stored activation element
    int gradientBytesPerParam() const;
    int optimizerBytesPerParam() const; ///< fp32 master + moments (Adam: 12, SGD with momentum: 8)
};

} // namespace shardscope
