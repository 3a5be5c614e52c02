// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/collectives.h"
#include "cost/kernel_model.h"
#include "cost/planning_problem.h"

#include <vector>

namespace shardscope {

/// What one partition unit costs one device per micro-batch under a given configuration.
struct UnitCost
{
    double forwardSeconds = 0;    ///< forward kernels (GEMMs, attention, element-wise, gaps)
    double backwardSeconds = 0;   ///< backward kernels: input and weight gradients
    double weightGradSeconds = 0; ///< the weight-gradient GEMMs within backwardSeconds
    double computeSeconds = 0;    ///< forward + backward
    double gemmSeconds = 0;       ///< the weight GEMMs' part of forward + backward + recompute
    double recomputeSeconds = 0;
    double tpCommSeconds = 0;     ///< exposed TP communication, forward + backward + recompute
    double tpCommForwardSeconds = 0; ///< the forward pass's part of it
    double tpCommBytes = 0;       ///< per-rank ring volume
    double cpCommSeconds = 0;     ///< exposed context-parallel communication, forward + backward + recompute
    double cpCommForwardSeconds = 0; ///< the forward pass's part of it
    double cpCommBytes = 0;       ///< per-rank volume sent
    double epCommSeconds = 0;     ///< exposed expert-parallel dispatch and combine, forward + backward + recompute
    double epCommForwardSeconds = 0; ///< the forward pass's part of it
    double epCommBytes = 0;       ///< per-rank volume sent (all-to-alls and the expert-TP gathers)
    /// ParallelConfig::epCommOverlap, a unit of a micro-batch paired with another's (the combined 1F1B schedule's
    /// steady phase): the all-to-alls left exposed, and the compute lost to the SMs the communication takes.
    double epCommPairedSeconds = 0;
    double epOverlapSlowdownSeconds = 0;
    double params = 0;            ///< parameters held per device (after TP, EP and ETP; tied copies included)
    double routedExpertParams = 0;///< the routed experts' part of params (sharded by ZeRO over expert data parallelism)
    double sharedExpertParams = 0;///< the shared experts' part of params
    double moeActivationBytes = 0;///< MoE layers' part of activationBytes
    double dispatchBufferBytes = 0; ///< transient: the token dispatcher's buffers of the largest MoE layer
    double fp8WeightBytes = 0;    ///< FP8 training: the cached FP8 copies of the GEMM weights (and transposes)
    double activationBytes = 0;   ///< stored for backward: transformer blocks
    double embeddingLogitsBytes = 0; ///< stored for backward: embedding / head / other non-block units
    double workingSetBytes = 0;   ///< transient: a block's activations rebuilt during full recompute
    double largestLayerParams = 0;
    double modelFlops = 0;        ///< forward FLOPs of one micro-batch on the whole model-parallel group
    double causalScoreFlops = 0;  ///< of modelFlops, the attention scores a causal mask hides (counted in full)
    double recomputeFlops = 0;
    double outputElementsPerToken = 0;

    void add(const UnitCost& c); ///< sums everything, keeps the larger largestLayerParams and c's output
};

/**
 * Per-layer costs, summed per unit (docs/cost-model.md): GEMMs by shape and flash attention from
 * KernelModel, memory-bound kernels from their HBM bytes, TP collectives from Collectives, stored
 * activations by Korthikanti et al. 2022, Table 2.
 */
class UnitCostModel
{
public:
    /// `chunkBlocks`: each model chunk's blocks where a pinned split fixes them (full recomputation by method needs
    /// the largest); empty when the search places them.
    UnitCostModel(const PlanningProblem& problem, const ParallelConfig& config, const std::vector<int>& chunkBlocks = {});

    UnitCost cost(const PartitionUnit& unit, bool holdsTiedCopies) const;
    UnitCost layerCost(const Layer& layer) const;
    const KernelModel& kernels() const { return m_kernels; }

private:
    /// cost() with full recomputation checkpointing every block on its own (the default FullRecompute).
    UnitCost costEveryBlockAlone(const PartitionUnit& unit, bool holdsTiedCopies) const;
    struct PassTimes
    {
        double forward = 0, backward = 0;     ///< all kernels of the layer
        double gemmForward = 0, gemmBackward = 0;
        /// The TP-split GEMMs by role: column-parallel (QKV, MLP up) and row-parallel (output, MLP down),
        /// forward, input gradient (dgrad) and weight gradient (wgrad): what TP communication overlaps.
        double columnForward = 0, columnDgrad = 0, columnWgrad = 0;
        double rowForward = 0, rowDgrad = 0;
        double recompute = 0;                  ///< what the recomputation mode redoes
        double wgrad = 0;                      ///< the weight-gradient GEMMs within backward
        double coreForward = 0, coreBackward = 0; ///< the attention core
    };
    PassTimes passTimes(const Layer& layer, double fullActivationBytes) const;
    struct TpComm
    {
        double forward = 0, backward = 0; ///< exposed seconds per pass
        double slowdownForward = 0;       ///< compute lost to SMs the overlap takes from GEMMs
        double slowdownBackward = 0;
        double bytes = 0;                 ///< per-rank volume, forward + backward
    };
    TpComm tpCommunication(const Layer& layer, const PassTimes& p, double tokens) const;
    struct CpComm
    {
        double forward = 0, backward = 0; ///< exposed seconds per pass
        double bytes = 0;                 ///< sent per rank, forward + backward
    };
    /// Context parallelism's exchange for one attention layer with `tokens` local tokens.
    CpComm cpCommunication(const Layer& layer, const PassTimes& p, double tokens) const;
    /// How a MoE layer's routed experts sit on this GPU (inactive for other layers).
    struct MoeShape
    {
        bool active = false;
        double ep = 1, etp = 1;
        double localExperts = 0;   ///< routed experts on this GPU
        double localTokens = 0;    ///< this rank's tokens before dispatch
        double loadFactor = 1;     ///< the busiest GPU's routed tokens over the mean
        double tokensPerExpert = 0;///< rows of each expert's GEMMs on the busiest GPU
    };
    MoeShape moeShape(const Layer& layer) const;
    struct EpComm
    {
        double forward = 0, backward = 0; ///< exposed seconds per pass
        double bytes = 0;                 ///< sent per rank, forward + backward
    };
    /// Expert parallelism's token dispatch and combine for one MoE layer.
    EpComm epCommunication(const Layer& layer, const MoeShape& moe) const;

    // The phases of passTimes() and layerCost(), defined and used only in unit_costs.cpp; inline, as they ran
    // within those two (once per layer of every candidate a search evaluates).
    /// How one layer sits on this GPU: its GEMMs' precision, this rank's tokens, how TP, SP and CP split it.
    struct LayerShape
    {
        bool fp8 = false;                 ///< FP8 GEMMs (a transformer block's linear layers under FP8 training)
        const KernelModel* km = nullptr;  ///< the GEMMs' kernel model
        double t = 1, s = 0, b = 1, cp = 1;
        double tokens = 0;                ///< this rank's tokens (context parallelism splits them)
        bool sharded = false;             ///< TP splits the layer
        double split = 1;                 ///< t when sharded
        bool sp = false;                  ///< sequence parallelism
        bool flash = false;
        double actScale = 1;              ///< activation bytes over 16-bit ones
        MoeShape moe;
    };
    inline LayerShape layerShape(const Layer& layer) const;
    /// What the weight GEMMs add to the memory-bound kernels: their FP8 casts and launches.
    struct GemmOverhead
    {
        double castBytesForward = 0, castBytesBackward = 0;
        double kernels = 0;
    };
    inline GemmOverhead gemmTimes(const Layer& layer, const LayerShape& x, PassTimes& p) const;
    inline void attentionCoreTimes(const Layer& layer, const LayerShape& x, PassTimes& p) const;
    struct ElementwiseSeconds
    {
        double forward = 0, backward = 0;
    };
    inline ElementwiseSeconds elementwiseTimes(const Layer& layer, const LayerShape& x, double fullActivationBytes,
                                               const GemmOverhead& gemm) const;
    inline double recomputeTime(const Layer& layer, const LayerShape& x, const PassTimes& p) const;
    inline void paramCosts(const Layer& layer, const LayerShape& x, UnitCost& c) const;
    inline double activationCosts(const Layer& layer, const LayerShape& x, UnitCost& c) const;
    inline void timeCosts(const Layer& layer, const LayerShape& x, const PassTimes& p, UnitCost& c) const;
    inline void commCosts(const Layer& layer, const LayerShape& x, const PassTimes& p, UnitCost& c) const;

    /// Full recomputation by method (TrainingSpec::fullRecompute) over model chunks of B blocks on average: the share
    /// of blocks recomputed (block: N / B for the time, N over the largest chunk for the memory, so no chunk is
    /// under-counted), the inputs kept a block (uniform: the most any chunk keeps, ceil(b / N) / b) and the blocks
    /// rebuilt at once in the backward (uniform: N, at most the largest chunk).
    struct FullRecomputeShape
    {
        double timeShare = 1, memoryShare = 1, inputsPerBlock = 1, rebuiltBlocks = 1;
        bool everyBlockAlone() const { return timeShare == 1 && memoryShare == 1 && inputsPerBlock == 1 && rebuiltBlocks == 1; }
    };
    static FullRecomputeShape fullRecomputeShape(const PlanningProblem& problem, const ParallelConfig& config,
                                                 const std::vector<int>& chunkBlocks);

    const PlanningProblem& m_problem;
    ParallelConfig m_config;
    FullRecomputeShape m_full;
    int m_blocks = 0; ///< the model's transformer blocks, counted where FP8 keeps its last ones in BF16
    bool runsFp8(const Layer& layer) const;
    /// Selective recomputation redoes this whole layer (an MLP, MoE or shared-expert module the training names).
    bool recomputesLayer(const Layer& layer) const;
    /// Full recomputation of a block's layer, or selective recomputation of this layer: its forward runs again.
    bool redoesForward(const Layer& layer) const;
    Collectives m_collectives;
    CommGroup m_tpGroup;
    CommGroup m_cpGroup;
    CommGroup m_epGroup;
    CommGroup m_etpGroup;
    KernelModel m_kernels;   ///< the training precision's
    KernelModel m_kernels16; ///< bf16 where FP8 training keeps 16 bits (embedding, output head)
};

} // namespace shardscope
