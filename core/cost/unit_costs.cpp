// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/unit_costs.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

void UnitCost::add(const UnitCost& c)
{
    forwardSeconds += c.forwardSeconds;
    backwardSeconds += c.backwardSeconds;
    weightGradSeconds += c.weightGradSeconds;
    computeSeconds += c.computeSeconds;
    gemmSeconds += c.gemmSeconds;
    recomputeSeconds += c.recomputeSeconds;
    tpCommSeconds += c.tpCommSeconds;
    tpCommForwardSeconds += c.tpCommForwardSeconds;
    tpCommBytes += c.tpCommBytes;
    cpCommSeconds += c.cpCommSeconds;
    cpCommForwardSeconds += c.cpCommForwardSeconds;
    cpCommBytes += c.cpCommBytes;
    epCommSeconds += c.epCommSeconds;
    epCommForwardSeconds += c.epCommForwardSeconds;
    epCommBytes += c.epCommBytes;
    epCommPairedSeconds += c.epCommPairedSeconds;
    epOverlapSlowdownSeconds += c.epOverlapSlowdownSeconds;
    routedExpertParams += c.routedExpertParams;
    sharedExpertParams += c.sharedExpertParams;
    moeActivationBytes += c.moeActivationBytes;
    dispatchBufferBytes = std::max(dispatchBufferBytes, c.dispatchBufferBytes);
    fp8WeightBytes += c.fp8WeightBytes;
    params += c.params;
    activationBytes += c.activationBytes;
    embeddingLogitsBytes += c.embeddingLogitsBytes;
    workingSetBytes += c.workingSetBytes;
    largestLayerParams = std::max(largestLayerParams, c.largestLayerParams);
    modelFlops += c.modelFlops;
    causalScoreFlops += c.causalScoreFlops;
    recomputeFlops += c.recomputeFlops;
    outputElementsPerToken = c.outputElementsPerToken;
}

namespace {

/// Transformer blocks by the layers' block indices (Layer::block), which full recomputation and FP8's BF16 blocks count.
int blockCount(const ModelGraph& model)
{
    int blocks = 0;
    for (const Layer& l : model.layers())
        blocks = std::max(blocks, l.block + 1);
    return blocks;
}

} // namespace

UnitCostModel::UnitCostModel(const PlanningProblem& problem, const ParallelConfig& config, const std::vector<int>& chunkBlocks)
    : m_problem(problem)
    , m_config(config)
    , m_collectives(problem.cluster)
    , m_tpGroup(CommGroup::tensorParallel(config.tp, problem.cluster.gpusPerNode))
    , m_cpGroup(CommGroup::contextParallel(config.cp, config.tp, problem.cluster.gpusPerNode))
    // MoE parallel folding (Megatron-Core, arXiv 2504.14960): the expert ranks of a stage in the order ETP, EP,
    // expert-DP, so an EP group's ranks are etp apart and an ETP group is contiguous.
    , m_epGroup(CommGroup::dataParallel(config.ep, config.etp, problem.cluster.gpusPerNode))
    , m_etpGroup(CommGroup::tensorParallel(config.etp, problem.cluster.gpusPerNode))
    , m_kernels(problem.cluster.gpu, problem.training.precision)
    , m_kernels16(problem.cluster.gpu, problem.training.precision == Precision::Fp8 ? Precision::Bf16 : problem.training.precision)
{
    if (config.recompute == Recompute::Full && !problem.training.fullRecompute.isDefault())
        m_full = fullRecomputeShape(problem, config, chunkBlocks);
    if (problem.training.fp8.bf16LastBlocks > 0)
        m_blocks = blockCount(problem.model);
}

// FP8 as Transformer Engine trains it (Megatron --fp8-format hybrid): the transformer blocks' linear layers run FP8
// GEMMs, but for the first and last blocks the recipe keeps in BF16 (fp8_utils.py get_fp8_context at d98e8a6); the
// embedding, the output head (Megatron's own ColumnParallelLinear, not TE's) and the attention core stay in bf16.
bool UnitCostModel::runsFp8(const Layer& layer) const
{
    return m_problem.training.precision == Precision::Fp8 && layer.block >= 0
        && !m_problem.training.fp8.keepsBf16(layer.block, m_blocks);
}

// Megatron's full recomputation (megatron/core/recompute.py at d98e8a6) walks each model chunk's blocks: uniform
// checkpoints them in groups of N (one input kept a group, every block recomputed, a group's blocks rebuilt together),
// block checkpoints the first N alone and runs the others without recomputation. Every block gets the same shares, so
// the memory ones take the chunk that needs the most: with the chunks' block counts known (a pinned split), the largest
// (block: its stored blocks; uniform: its group) and the one keeping the most inputs a block; placed by the search,
// the worst any placement of whole blocks allows (one chunk holding all but one block a chunk, chunks of one block).
// The time share is the average chunk's.
UnitCostModel::FullRecomputeShape UnitCostModel::fullRecomputeShape(const PlanningProblem& problem, const ParallelConfig& c,
                                                                    const std::vector<int>& chunkBlocks)
{
    FullRecomputeShape out;
    const int blocks = blockCount(problem.model);
    const int chunks = std::max(1, c.pp * (isInterleaved(c.schedule) ? c.vpp : 1));
    if (blocks <= 0)
        return out;
    const double perChunk = double(blocks) / chunks;
    const double n = problem.training.fullRecompute.layers;
    double largest = std::max(1, blocks - (chunks - 1)), inputShare = 1;
    if (!chunkBlocks.empty()) {
        largest = 1;
        inputShare = 0;
        for (int b : chunkBlocks) {
            largest = std::max(largest, double(b));
            if (b > 0)
                inputShare = std::max(inputShare, std::ceil(b / n) / b);
        }
    }
    if (problem.training.fullRecompute.method == RecomputeMethod::Block) {
        out.timeShare = std::min(1.0, n / perChunk);
        out.memoryShare = std::min(1.0, n / largest);
    } else {
        out.inputsPerBlock = std::min(1.0, inputShare);
        out.rebuiltBlocks = std::min(n, largest);
    }
    return out;
}

inline UnitCostModel::LayerShape UnitCostModel::layerShape(const Layer& layer) const
{
    // This layer's precision, this rank's tokens and how TP, SP and CP split it: what every phase below reads.
    const TrainingSpec& tr = m_problem.training;
    LayerShape x;
    x.fp8 = runsFp8(layer);
    x.km = x.fp8 ? &m_kernels : &m_kernels16;
    x.t = m_config.tp;
    x.s = double(tr.seqLength);
    x.b = m_config.microBatch;
    x.cp = std::max(1, m_config.cp);
    x.tokens = x.s * x.b / x.cp; // context parallelism: this rank's share of the sequence
    x.sharded = layer.tpShardable && x.t > 1;
    x.split = x.sharded ? x.t : 1.0;
    x.sp = m_config.sequenceParallel && x.t > 1;
    x.flash = tr.flashAttention;
    x.actScale = tr.bytesPerActivation() / 2.0; // layer fields assume 16-bit activations
    x.moe = moeShape(layer);
    return x;
}

inline UnitCostModel::GemmOverhead UnitCostModel::gemmTimes(const Layer& layer, const LayerShape& x, PassTimes& p) const
{
    // The weight GEMMs' forward, dgrad and wgrad seconds into p, by TP role; returns their FP8 casts and launches.
    const KernelModel& km = *x.km;
    const double t = x.t;
    const double tokens = x.tokens;
    const bool sharded = x.sharded;
    const bool fp8 = x.fp8;
    const MoeShape& moe = x.moe;
    const double castBytes = m_problem.training.fp8.castBytesPerElement();
    // Weight GEMMs by shape. Backward: dX = dY W^T is [m x n] x [n x k], dW = X^T dY is [k x m] x [m x n].
    GemmOverhead o;
    if (!layer.gemms.empty()) {
        for (const LayerGemm& g : layer.gemms) {
            double m = tokens * g.tokenShare;
            double n = g.n / (sharded && g.split == TpSplit::Columns ? t : 1.0);
            double k = g.k / (sharded && g.split == TpSplit::Rows ? t : 1.0);
            double batch = g.count; // independent GEMMs of this shape on this GPU
            if (g.routed) {
                // Grouped GEMM over this GPU's experts (Megatron --moe-grouped-gemm): each gets the tokens of
                // the etp x ep ranks routed to it, times the busiest GPU's load factor; few tokens per expert
                // run the library's small-M tiles (KernelModel). Matrices split over ETP like TP's.
                m = moe.tokensPerExpert;
                n = g.n / (g.split == TpSplit::Columns ? moe.etp : 1.0);
                k = g.k / (g.split == TpSplit::Rows ? moe.etp : 1.0);
                batch = moe.localExperts;
            } else if (moe.active) {
                m = moe.localTokens; // the router sees this rank's sequence-parallel tokens
            }
            // A grouped GEMM's experts share the waves of one launch (a batched GEMM); other layers' repeated
            // GEMMs run one after another.
            const double forward = g.routed ? km.gemmSeconds(m, n, k, batch) : batch * km.gemmSeconds(m, n, k);
            const double dgrad = g.routed ? km.gemmSeconds(m, k, n, batch) : batch * km.gemmSeconds(m, k, n);
            const double wgrad = g.routed ? km.gemmSeconds(k, n, m, batch) : batch * km.gemmSeconds(k, n, m);
            p.gemmForward += forward;
            p.gemmBackward += dgrad + wgrad;
            p.wgrad += wgrad;
            if (sharded && g.split == TpSplit::Columns) {
                p.columnForward += forward;
                p.columnDgrad += dgrad;
                p.columnWgrad += wgrad;
            } else if (sharded && g.split == TpSplit::Rows) {
                p.rowForward += forward;
                p.rowDgrad += dgrad;
            }
            o.kernels += g.routed ? 1 : g.count; // a grouped GEMM is one launch
            // FP8 (Transformer Engine): the GEMM input is quantized in the forward, the output gradient in the
            // backward, as the recipe does it (Fp8Settings).
            o.castBytesForward += fp8 ? castBytes * batch * m * k : 0.0;
            o.castBytesBackward += fp8 ? castBytes * batch * m * n : 0.0;
        }
    } else if (layer.flopsPerToken > 0) {
        // No shapes known: one square GEMM with the layer's FLOPs.
        const double side = std::sqrt(layer.flopsPerToken / 2.0 / x.split);
        p.gemmForward = km.gemmSeconds(tokens, side, side);
        p.gemmBackward = 2.0 * p.gemmForward;
        p.wgrad = p.gemmForward;
        o.kernels = 1;
    }
    return o;
}

inline void UnitCostModel::attentionCoreTimes(const Layer& layer, const LayerShape& x, PassTimes& p) const
{
    // The attention core's forward and backward seconds into p.coreForward and p.coreBackward.
    if (layer.flopsPerTokenPerSeq <= 0)
        return;
    const KernelModel& km = *x.km;
    const double s = x.s;
    const double b = x.b;
    const double cp = x.cp;
    const double split = x.split;
    const bool flash = x.flash;
    double coreForward = 0, coreBackward = 0;
    const double heads = layer.attentionHeads > 0 ? layer.attentionHeads / split : 0;
    // MLA scores over qk dims and values of v dims: the kernels' work is that of their mean.
    const double d = layer.attentionValueDim > 0 ? 0.5 * (layer.attentionHeadDim + layer.attentionValueDim)
                                                 : layer.attentionHeadDim;
    if (heads > 0 && d > 0 && flash && cp > 1 && m_config.cpCommType == CpCommType::AllToAll) {
        // Ulysses: after the all-to-all each rank runs the whole sequence for heads / cp of its heads.
        coreForward = km.flashAttentionSeconds(b, s, heads / cp, d, layer.causal, false);
        coreBackward = km.flashAttentionSeconds(b, s, heads / cp, d, layer.causal, true);
    } else if (heads > 0 && d > 0 && flash && cp > 1) {
        // Megatron's ring attention (megatron/core/transformer/custom_layers/transformer_engine.py ->
        // TE attention with cp_comm_type p2p): the sequence is cut into 2 cp chunks and rank r holds chunks
        // r and 2cp - 1 - r, so every rank does the same causal work. cp steps: the local block (s/cp
        // queries against their own s/cp keys, causal), then cp - 1 blocks of half size (all local queries
        // against half the received keys, or half the queries against all of them), unmasked.
        const double local = s / cp;
        for (const bool backward : { false, true }) {
            (backward ? coreBackward : coreForward) = layer.causal
                ? km.flashAttentionSeconds(b, local, local, heads, d, true, backward)
                    + (cp - 1) * km.flashAttentionSeconds(b, local, local / 2, heads, d, false, backward)
                : cp * km.flashAttentionSeconds(b, local, local, heads, d, false, backward);
        }
    } else if (heads > 0 && d > 0 && flash) {
        coreForward = km.flashAttentionSeconds(b, s, heads, d, layer.causal, false);
        coreBackward = km.flashAttentionSeconds(b, s, heads, d, layer.causal, true);
    } else if (heads > 0 && d > 0) {
        // Unfused (Megatron before flash attention): batched GEMMs over b x heads, the full s x s scores
        // computed and then masked. Backward: two GEMMs for each of Q K^T and P V.
        const double batch = b * heads;
        const KernelModel& k16 = m_kernels16; // the attention core is not an FP8 GEMM
        coreForward = k16.gemmSeconds(s, s, d, batch) + k16.gemmSeconds(s, d, s, batch);
        coreBackward = 3.0 * k16.gemmSeconds(s, d, s, batch) + k16.gemmSeconds(s, s, d, batch);
    } else {
        const double flops = layer.flopsPerTokenPerSeq * s * x.tokens / split;
        coreForward = flops / (m_kernels16.peakFlops() * m_kernels16.gemmFraction());
        coreBackward = 2.0 * coreForward;
    }
    p.coreForward = coreForward;
    p.coreBackward = coreBackward;
}

inline UnitCostModel::ElementwiseSeconds UnitCostModel::elementwiseTimes(const Layer& layer, const LayerShape& x,
                                                                          double fullActivationBytes,
                                                                          const GemmOverhead& gemm) const
{
    // The memory-bound kernels' seconds per pass: element-wise traffic, FP8 casts and the launch gaps.
    const TrainingSpec& tr = m_problem.training;
    const KernelModel& km = *x.km;
    const double t = x.t;
    const double s = x.s;
    const double tokens = x.tokens;
    const double split = x.split;
    const bool sp = x.sp;
    const bool flash = x.flash;
    const double actScale = x.actScale;
    const MoeShape& moe = x.moe;
    // Memory-bound kernels: their HBM bytes, split like the activations (Korthikanti Table 2 regions).
    auto elementwise = [&](const ElementwiseTraffic& e) {
        // A MoE layer's sharded part is its experts' work per routed token: the busiest GPU's load.
        const double bytes = e.shardedBytes / split * moe.loadFactor + e.replicatedBytes / (sp ? t : 1.0)
            + (flash ? 0.0 : e.scoreBytesPerSeq * s / split);
        return bytes * tokens * actScale;
    };
    double ewForward, ewBackward, ewKernels;
    int forwardKernels = layer.elementwiseForward.kernels;
    if (!layer.elementwiseForward.empty() || !layer.elementwiseBackward.empty()) {
        ewForward = elementwise(layer.elementwiseForward);
        ewBackward = elementwise(layer.elementwiseBackward);
        ewKernels = layer.elementwiseForward.kernels + layer.elementwiseBackward.kernels;
        if (!tr.fusedKernels) {
            ewForward += elementwise(layer.unfusedExtraForward);
            ewBackward += elementwise(layer.unfusedExtraBackward);
            ewKernels += layer.unfusedExtraForward.kernels + layer.unfusedExtraBackward.kernels;
            forwardKernels += layer.unfusedExtraForward.kernels;
        }
    } else {
        // Operations unknown: each stored activation is written once in the forward and read and its
        // gradient written in the backward.
        ewForward = fullActivationBytes;
        ewBackward = 2.0 * fullActivationBytes;
        ewKernels = fullActivationBytes > 0 ? 2 : 0;
    }
    const double gap = km.kernelGapSeconds();
    const double gemmKernels = gemm.kernels;
    ElementwiseSeconds out;
    const double castKernels = x.fp8 ? gemmKernels * m_problem.training.fp8.castKernels() : 0.0;
    out.forward = km.memoryBoundSeconds(ewForward + gemm.castBytesForward) + gap * (forwardKernels + castKernels);
    out.backward = km.memoryBoundSeconds(ewBackward + gemm.castBytesBackward) + gap * (ewKernels - forwardKernels + castKernels);
    return out;
}

// Megatron's selective recomputation of whole submodules (transformer_config.py recompute_modules at d98e8a6):
// "mlp" the dense MLP, "moe" the MoE layer, "shared_experts" its shared experts, each checkpointed at its input.
bool UnitCostModel::recomputesLayer(const Layer& layer) const
{
    if (m_config.recompute != Recompute::Selective || layer.block < 0)
        return false;
    const std::uint8_t modules = m_problem.training.recomputeModules;
    if (layer.kind == LayerKind::Moe)
        return modules & kRecomputeMoe;
    // Megatron's "moe" checkpoint wraps the whole MoE layer, its shared experts included (moe_layer.py at d98e8a6).
    if (layer.kind == LayerKind::Mlp)
        return modules & (layer.sharedExpert ? kRecomputeSharedExperts | kRecomputeMoe : kRecomputeMlp);
    return false;
}

bool UnitCostModel::redoesForward(const Layer& layer) const
{
    return (m_config.recompute == Recompute::Full && layer.block >= 0) || recomputesLayer(layer);
}

inline double UnitCostModel::recomputeTime(const Layer& layer, const LayerShape& x, const PassTimes& p) const
{
    // What the recomputation mode redoes in the backward: the whole forward, the attention core, or nothing.
    if (redoesForward(layer))
        return p.forward;
    if (m_config.recompute == Recompute::Selective && (m_problem.training.recomputeModules & kRecomputeCoreAttn)
        && !x.flash && layer.flopsPerTokenPerSeq > 0) {
        // Korthikanti Sec. 4.2: recompute only the attention core (Q K^T, softmax, dropout, x V).
        return p.coreForward
            + x.km->memoryBoundSeconds(layer.elementwiseForward.scoreBytesPerSeq * x.s / x.split * x.tokens * x.actScale);
    }
    return 0.0;
}

UnitCostModel::PassTimes UnitCostModel::passTimes(const Layer& layer, double fullActivationBytes) const
{
    // One layer's kernel seconds per pass on this GPU: weight GEMMs, attention core, memory-bound kernels.
    const LayerShape x = layerShape(layer);
    PassTimes p;
    const GemmOverhead gemm = gemmTimes(layer, x, p);
    attentionCoreTimes(layer, x, p);
    const ElementwiseSeconds ew = elementwiseTimes(layer, x, fullActivationBytes, gemm);
    p.forward = p.gemmForward + p.coreForward + ew.forward;
    p.backward = p.gemmBackward + p.coreBackward + ew.backward;
    p.recompute = recomputeTime(layer, x, p);
    return p;
}

UnitCostModel::TpComm UnitCostModel::tpCommunication(const Layer& layer, const PassTimes& p, double tokens) const
{
    // Megatron's tensor parallelism (Narayanan 2021 Sec. 3.2, Korthikanti 2022 Sec. 4.2.2): per TP layer
    // (attention or MLP block half) an all-reduce of the output forward and of the input gradient backward;
    // with sequence parallelism an all-gather before the column-parallel GEMM and a reduce-scatter after the
    // row-parallel one, and backward an all-gather of the output gradient, a second all-gather of the input
    // for the weight gradient and a reduce-scatter of the input gradient. Megatron overlaps the backward's
    // input gather with the dgrad GEMM and the input-gradient reduction with the wgrad GEMM (asynchronous
    // collectives, megatron/core/tensor_parallel/layers.py; TrainingSpec::asyncTpBackward); the forward
    // ones are exposed.
    const TrainingSpec& tr = m_problem.training;
    const double t = m_config.tp;
    const bool sp = m_config.sequenceParallel && t > 1;
    const double bytes = layer.tpCommElementsPerToken * tokens * tr.bytesPerActivation();
    const double ring = (t - 1) / t * bytes;
    TpComm out;
    if (!sp) {
        const double allReduce = m_collectives.allReduceSeconds(bytes, m_tpGroup);
        out.forward = allReduce;
        out.backward = tr.asyncTpBackward ? std::max(0.0, allReduce - p.columnWgrad) : allReduce;
        out.bytes = 4 * ring;
        return out;
    }
    const double gather = m_collectives.allGatherSeconds(bytes, m_tpGroup);
    const double scatter = m_collectives.reduceScatterSeconds(bytes, m_tpGroup);
    out.bytes = 5 * ring;
    if (!m_config.tpCommOverlap) {
        out.forward = gather + scatter;
        out.backward = tr.asyncTpBackward
            ? gather + std::max(0.0, gather - p.columnDgrad) + std::max(0.0, scatter - p.columnWgrad)
            : 2 * gather + scatter;
        return out;
    }
    // --tp-comm-overlap, Transformer Engine userbuffers with its default per-GEMM methods (TE
    // transformer_engine/pytorch/module/base.py, initialize_ub, at d0067d0): all-gathers by ring exchange
    // in t chunks (one chunk exposed); the forward reduce-scatter pipelined in 4 chunks with the row-parallel
    // GEMM, and the backward gather and reduce-scatter as bulk overlaps of the column GEMMs, both on 16 SMs
    // taken from those GEMMs ("set_sm_margin").
    const double sms = std::max(2, m_problem.cluster.gpu.kernels.smCount);
    const double margin = std::min(16.0, sms - 1);
    const double slower = sms / (sms - margin) - 1;
    out.forward = std::max(gather / t, gather - p.columnForward) + std::max(scatter / 4, scatter - p.rowForward);
    out.backward = std::max(gather / t, gather - p.rowDgrad) + std::max(0.0, gather - p.columnDgrad)
        + std::max(0.0, scatter - p.columnWgrad);
    out.slowdownForward = slower * p.rowForward;
    out.slowdownBackward = slower * (p.columnDgrad + p.columnWgrad);
    return out;
}

UnitCostModel::CpComm UnitCostModel::cpCommunication(const Layer& layer, const PassTimes& p, double tokens) const
{
    const TrainingSpec& tr = m_problem.training;
    const double cp = m_config.cp;
    const double split = layer.tpShardable && m_config.tp > 1 ? m_config.tp : 1.0;
    const double heads = layer.attentionHeads / split;
    const double kvHeads = (layer.attentionKvHeads > 0 ? layer.attentionKvHeads : layer.attentionHeads) / split;
    const double d = layer.attentionHeadDim;
    const double dv = layer.attentionValueDim > 0 ? layer.attentionValueDim : d; // MLA: values narrower than keys
    const double bytes = tr.bytesPerActivation();
    CpComm out;
    if (m_config.cpCommType == CpCommType::AllToAll) {
        // DeepSpeed Ulysses (Jacobs et al. 2023, Sec. 3): an all-to-all turns Q, K, V from sequence-split to
        // head-split before the attention core and one turns the output back; the backward runs the same
        // four in reverse (dO in, dQ, dK, dV out). Nothing overlaps them.
        const double qkv = (heads * d + kvHeads * (d + dv)) * tokens * bytes;
        const double o = heads * dv * tokens * bytes;
        const double pass = m_collectives.allToAllSeconds(qkv, m_cpGroup) + m_collectives.allToAllSeconds(o, m_cpGroup);
        out.forward = pass;
        out.backward = pass;
        out.bytes = 2 * (cp - 1) / cp * (qkv + o);
        return out;
    }
    // Ring (Megatron p2p, Liu et al. 2023 "Ring Attention"): at each of the cp - 1 steps every rank passes the
    // K and V block it holds to the next rank while it computes attention with the current one; the backward
    // passes K, V and the accumulated dK, dV (twice the bytes). A step's transfer hides behind that step's
    // attention block (an average block: the step's share of the core); what it does not cover is exposed.
    const double kv = kvHeads * (d + dv) * tokens * bytes;
    const bool interNode = m_cpGroup.nodes() > 1;
    const double sendForward = m_collectives.sendSeconds(kv, interNode);
    const double sendBackward = m_collectives.sendSeconds(2 * kv, interNode);
    const double steps = cp - 1;
    const double blockForward = p.coreForward / cp;
    const double blockBackward = p.coreBackward / cp;
    out.forward = steps * std::max(0.0, sendForward - blockForward);
    out.backward = steps * std::max(0.0, sendBackward - blockBackward);
    out.bytes = steps * 3 * kv;
    return out;
}

UnitCostModel::MoeShape UnitCostModel::moeShape(const Layer& layer) const
{
    MoeShape s;
    if (layer.experts <= 0 || layer.expertsPerToken <= 0)
        return s;
    const TrainingSpec& tr = m_problem.training;
    const double t = m_config.tp;
    const bool sp = m_config.sequenceParallel && t > 1;
    s.active = true;
    s.ep = std::max(1, m_config.ep);
    s.etp = std::max(1, m_config.etp);
    s.localExperts = double(layer.experts) / s.ep;
    // Tokens before dispatch: this rank's share of the micro-batch (context parallelism and, with TP, sequence
    // parallelism split it; Megatron requires SP for MoE with TP).
    s.localTokens = double(tr.seqLength) * m_config.microBatch / std::max(1, m_config.cp) / (sp ? t : 1.0);
    // Load of the busiest GPU over the mean. Token dropping pads every expert to its capacity; dropless routing
    // leaves the busiest expert moeImbalance times the mean, and a GPU holding n experts averages n loads whose
    // deviations are independent: 1 + (imbalance - 1) / sqrt(n).
    s.loadFactor = tr.moeCapacityFactor ? *tr.moeCapacityFactor
                                        : 1.0 + (tr.moeImbalance - 1.0) / std::sqrt(std::max(1.0, s.localExperts));
    // Each expert receives from the etp x ep ranks of its expert group the tokens routed to it.
    s.tokensPerExpert = s.localTokens * s.etp * s.ep * double(layer.expertsPerToken) / double(layer.experts) * s.loadFactor;
    return s;
}

UnitCostModel::EpComm UnitCostModel::epCommunication(const Layer& layer, const MoeShape& moe) const
{
    // Megatron's all-to-all token dispatcher (megatron/core/transformer/moe/token_dispatcher.py,
    // MoEAlltoAllTokenDispatcher): each rank sends every token once per routed expert (k copies of h elements)
    // to the expert's EP rank and gets them back after the experts (combine); with ETP the received tokens are
    // all-gathered over the ETP group before the experts and reduce-scattered after. The backward runs the same
    // collectives on the gradients. The busiest rank receives loadFactor times the mean. All exposed here; with
    // ParallelConfig::epCommOverlap, cost() hides a block's worth behind a paired micro-batch's compute.
    const TrainingSpec& tr = m_problem.training;
    const double h = layer.outputElementsPerToken;
    const double sent = moe.localTokens * layer.expertsPerToken * h * tr.bytesPerActivation();
    EpComm out;
    double pass = 0;
    if (moe.ep > 1) {
        pass += 2.0 * m_collectives.allToAllSeconds(sent * moe.loadFactor, m_epGroup);
        out.bytes += 2.0 * 2.0 * (moe.ep - 1) / moe.ep * sent;
    }
    if (moe.etp > 1) {
        const double gathered = sent * moe.etp * moe.loadFactor;
        pass += m_collectives.allGatherSeconds(gathered, m_etpGroup) + m_collectives.reduceScatterSeconds(gathered, m_etpGroup);
        out.bytes += 2.0 * 2.0 * (moe.etp - 1) / moe.etp * gathered;
    }
    out.forward = pass;
    out.backward = pass;
    return out;
}

inline void UnitCostModel::paramCosts(const Layer& layer, const LayerShape& x, UnitCost& c) const
{
    // Parameters held per device (TP, EP and ETP shards) and the cached FP8 weight copies.
    const double t = x.t;
    const bool sharded = x.sharded;
    const MoeShape& moe = x.moe;
    // Routed experts spread over EP and split over ETP; the rest as TP splits it.
    c.routedExpertParams = moe.active ? double(layer.expertParams) / (moe.ep * moe.etp) : 0.0;
    c.params = double(layer.tpShardedParams) / x.split + double(layer.params - layer.tpShardedParams - layer.expertParams)
        + c.routedExpertParams;
    c.sharedExpertParams = layer.sharedExpert ? c.params : 0.0;
    c.largestLayerParams = c.params;
    // Transformer Engine keeps each FP8 GEMM weight cast once per step for all micro-batches, and its
    // transpose for the backward (transformer_engine/pytorch/module/linear.py, weight caching with
    // is_first_microbatch): 2 bytes per GEMM weight of the blocks. The scaling state (amax history,
    // Megatron's default length 1) is a few floats per GEMM and not counted.
    if (runsFp8(layer) && !layer.gemms.empty()) {
        double gemmParams = 0;
        for (const LayerGemm& g : layer.gemms)
            gemmParams += g.routed ? g.count * g.n * g.k / (moe.ep * moe.etp) : g.count * g.n * g.k / (sharded ? t : 1.0);
        c.fp8WeightBytes = 2.0 * std::min(gemmParams, c.params);
    }
}

inline double UnitCostModel::activationCosts(const Layer& layer, const LayerShape& x, UnitCost& c) const
{
    // Activation memory: stored for backward, the MoE dispatcher's buffers, full recompute's working set;
    // returns the activations the layer would store without recomputation.
    const TrainingSpec& tr = m_problem.training;
    const double t = x.t;
    const double s = x.s;
    const double tokens = x.tokens;
    const double split = x.split;
    const double actScale = x.actScale;
    const bool isBlockLayer = layer.block >= 0;
    const MoeShape& moe = x.moe;
    // Stored activations, Korthikanti Table 2: the sharded part / t, the replicated part / t only with
    // sequence parallelism, the s^2 attention part / t unless selective recompute or flash attention drops it.
    // MoE: the experts' part is per routed token on the busiest GPU; with ETP it also keeps the gathered
    // copy of the permuted tokens (k x 2h per token, etp - 1 more) for the weight gradients.
    const double etpCopies = moe.active ? (moe.etp - 1) * 2.0 * layer.outputElementsPerToken * layer.expertsPerToken : 0.0;
    const double sharded1 = (layer.actShardedBytesPerToken + etpCopies) / split * moe.loadFactor;
    const double replicated1 = layer.actReplicatedBytesPerToken / (x.sp ? t : 1.0);
    const double score1 = x.flash ? 0.0 : layer.actScoreBytesPerTokenPerSeq * s / split;
    const double fullAct = (sharded1 + replicated1 + score1) * tokens * actScale;
    double stored = fullAct;
    if (recomputesLayer(layer)) // the module keeps its input (sequence-parallel: its shard)
        stored = layer.inputBytesPerToken / (x.sp ? t : 1.0) * tokens * actScale;
    else if (m_config.recompute == Recompute::Selective && (m_problem.training.recomputeModules & kRecomputeCoreAttn))
        stored = (sharded1 + replicated1) * tokens * actScale;
    else if (m_config.recompute == Recompute::Full && isBlockLayer)
        stored = 0; // the block keeps only its input, added once per block in cost()
    if (moe.active || layer.sharedExpert)
        c.moeActivationBytes = stored;
    if (moe.active) {
        // The dispatcher's transient buffers on the busiest GPU: the permuted tokens it sends, those it
        // receives (gathered over ETP) and the experts' outputs before the combine.
        const double sent = moe.localTokens * layer.expertsPerToken * layer.outputElementsPerToken * tr.bytesPerActivation();
        c.dispatchBufferBytes = sent * (1.0 + 2.0 * moe.etp * moe.loadFactor);
    }
    if (isBlockLayer)
        c.activationBytes = stored;
    else
        c.embeddingLogitsBytes = stored;
    if (redoesForward(layer))
        c.workingSetBytes = fullAct;
    return fullAct;
}

inline void UnitCostModel::timeCosts(const Layer& layer, const LayerShape& x, const PassTimes& p, UnitCost& c) const
{
    // The kernels' seconds per pass and recomputation, and the model and recomputation FLOPs.
    const double s = x.s;
    const double cp = x.cp;
    const double tokens = x.tokens;
    c.forwardSeconds = p.forward;
    c.backwardSeconds = p.backward;
    c.weightGradSeconds = p.wgrad;
    c.computeSeconds = p.forward + p.backward;
    c.recomputeSeconds = p.recompute;
    const bool fullRecompute = redoesForward(layer);
    c.gemmSeconds = p.gemmForward + p.gemmBackward + (fullRecompute ? p.gemmForward : 0.0);

    // Model FLOPs as Megatron counts them (full attention scores), for the whole micro-batch (all CP ranks);
    // recomputation's hardware FLOPs.
    c.modelFlops = (layer.flopsPerToken + layer.flopsPerTokenPerSeq * s) * tokens * cp;
    // The half of the scores a causal mask hides, which NVIDIA's published MFU leaves out (Megatron-Bridge's
    // performance summaries: "causal attention counted as half").
    c.causalScoreFlops = layer.causal ? 0.5 * layer.flopsPerTokenPerSeq * s * tokens * cp : 0.0;
    if (fullRecompute)
        c.recomputeFlops = c.modelFlops;
    else if (m_config.recompute == Recompute::Selective && (m_problem.training.recomputeModules & kRecomputeCoreAttn)
             && !x.flash && layer.actScoreBytesPerTokenPerSeq > 0)
        c.recomputeFlops = layer.flopsPerTokenPerSeq * s * tokens;
}

inline void UnitCostModel::commCosts(const Layer& layer, const LayerShape& x, const PassTimes& p, UnitCost& c) const
{
    // Exposed TP, CP and EP communication (recomputing a forward repeats its), TP overlap's slowdown, volumes.
    const double tokens = x.tokens;
    const MoeShape& moe = x.moe;
    const bool fullRecompute = redoesForward(layer);
    if (x.sharded && layer.tpCommElementsPerToken > 0) {
        const TpComm tp = tpCommunication(layer, p, tokens);
        c.tpCommForwardSeconds = tp.forward;
        c.tpCommSeconds = tp.forward + tp.backward + (fullRecompute ? tp.forward : 0.0);
        c.forwardSeconds += tp.slowdownForward;
        c.backwardSeconds += tp.slowdownBackward;
        c.computeSeconds += tp.slowdownForward + tp.slowdownBackward;
        if (fullRecompute)
            c.recomputeSeconds += tp.slowdownForward;
        c.tpCommBytes = tp.bytes;
    }
    if (x.cp > 1 && layer.flopsPerTokenPerSeq > 0 && layer.attentionHeads > 0) {
        const CpComm cc = cpCommunication(layer, p, tokens);
        c.cpCommForwardSeconds = cc.forward;
        c.cpCommSeconds = cc.forward + cc.backward + (fullRecompute ? cc.forward : 0.0);
        c.cpCommBytes = cc.bytes;
    }
    if (moe.active && (moe.ep > 1 || moe.etp > 1)) {
        const EpComm ec = epCommunication(layer, moe);
        c.epCommForwardSeconds = ec.forward;
        c.epCommSeconds = ec.forward + ec.backward + (fullRecompute ? ec.forward : 0.0);
        c.epCommBytes = ec.bytes;
    }
}

UnitCost UnitCostModel::layerCost(const Layer& layer) const
{
    // One layer's cost on this GPU per micro-batch: parameters, activations, times and communication.
    const LayerShape x = layerShape(layer);
    UnitCost c;
    paramCosts(layer, x, c);
    const double fullAct = activationCosts(layer, x, c);
    const PassTimes p = passTimes(layer, fullAct);
    timeCosts(layer, x, p, c);
    commCosts(layer, x, p, c);
    c.outputElementsPerToken = layer.outputElementsPerToken;
    return c;
}

namespace {

/// `recomputed` for `share` of the blocks and `stored` for the rest: times and volumes at `timeShare`, memory at
/// `memoryShare`; the working set of any recomputed block.
UnitCost blend(const UnitCost& recomputed, const UnitCost& stored, double timeShare, double memoryShare)
{
    auto mix = [](double a, double b, double share) { return share * a + (1 - share) * b; };
    UnitCost c = recomputed;
    for (double UnitCost::*f : { &UnitCost::forwardSeconds, &UnitCost::backwardSeconds, &UnitCost::weightGradSeconds,
                                 &UnitCost::computeSeconds, &UnitCost::gemmSeconds, &UnitCost::recomputeSeconds,
                                 &UnitCost::tpCommSeconds, &UnitCost::tpCommForwardSeconds, &UnitCost::tpCommBytes,
                                 &UnitCost::cpCommSeconds, &UnitCost::cpCommForwardSeconds, &UnitCost::cpCommBytes,
                                 &UnitCost::epCommSeconds, &UnitCost::epCommForwardSeconds, &UnitCost::epCommBytes,
                                 &UnitCost::epCommPairedSeconds, &UnitCost::epOverlapSlowdownSeconds,
                                 &UnitCost::modelFlops, &UnitCost::causalScoreFlops, &UnitCost::recomputeFlops })
        c.*f = mix(recomputed.*f, stored.*f, timeShare);
    for (double UnitCost::*f : { &UnitCost::moeActivationBytes, &UnitCost::activationBytes })
        c.*f = mix(recomputed.*f, stored.*f, memoryShare);
    c.workingSetBytes = timeShare > 0 ? recomputed.workingSetBytes : 0.0;
    return c;
}

} // namespace

UnitCost UnitCostModel::cost(const PartitionUnit& unit, bool holdsTiedCopies) const
{
    UnitCost sum = costEveryBlockAlone(unit, holdsTiedCopies);
    if (m_config.recompute != Recompute::Full || unit.block < 0 || m_full.everyBlockAlone())
        return sum;
    // Uniform over N: a block keeps a share of its group's input, and the backward rebuilds the group's N blocks.
    sum.activationBytes *= m_full.inputsPerBlock;
    sum.workingSetBytes *= m_full.rebuiltBlocks;
    if (m_full.timeShare < 1 || m_full.memoryShare < 1) {
        ParallelConfig none = m_config;
        none.recompute = Recompute::None;
        sum = blend(sum, UnitCostModel(m_problem, none, {}).cost(unit, holdsTiedCopies), m_full.timeShare, m_full.memoryShare);
    }
    return sum;
}

UnitCost UnitCostModel::costEveryBlockAlone(const PartitionUnit& unit, bool holdsTiedCopies) const
{
    UnitCost sum;
    const ModelGraph& g = m_problem.model;
    if (m_config.recompute == Recompute::Full && unit.block >= 0 && unit.endLayer > unit.firstLayer) {
        // Korthikanti Table 2, full recomputation: a transformer layer keeps only its input, 2sbh
        // (2sbh/t when sequence parallelism splits it).
        const Layer& first = g.layer(unit.firstLayer);
        const bool sp = m_config.sequenceParallel && m_config.tp > 1;
        sum.activationBytes = first.inputBytesPerToken / (sp ? m_config.tp : 1.0) * double(m_problem.training.seqLength)
            / std::max(1, m_config.cp) * m_config.microBatch * (m_problem.training.bytesPerActivation() / 2.0);
    }
    for (int i = unit.firstLayer; i < unit.endLayer; ++i) {
        const Layer& layer = g.layer(i);
        UnitCost c = layerCost(layer);
        if (holdsTiedCopies && layer.tiedToLayer >= 0 && layer.tiedToLayer < g.layerCount()) {
            // Megatron keeps a copy of the tied embedding on the last stage and all-reduces its gradient.
            const Layer& owner = g.layer(layer.tiedToLayer);
            const double split = (owner.tpShardable && m_config.tp > 1) ? m_config.tp : 1.0;
            c.params += double(owner.tpShardedParams) / split;
            c.largestLayerParams = std::max(c.largestLayerParams, c.params);
        }
        sum.add(c);
    }
    if (m_config.epCommOverlap && sum.epCommSeconds > 0) {
        // Megatron's combined 1F1B (megatron/core/pipeline_parallel/combined_1f1b.py at d98e8a6) runs this
        // micro-batch's forward of the block beside another's backward of it, sub-module by sub-module, so each
        // pass's all-to-alls run while the other computes: what the block's compute cannot cover stays exposed.
        // The communication kernels take SMs from the computation meanwhile: 20 of them, what DeepSeek-V3 found
        // enough to saturate NVLink and InfiniBand (arXiv 2412.19437, Sec. 3.2.2).
        const double window = sum.computeSeconds + sum.recomputeSeconds;
        const double sms = std::max(2, m_problem.cluster.gpu.kernels.smCount);
        const double slower = sms / (sms - std::min(20.0, sms - 1)) - 1;
        sum.epCommPairedSeconds = std::max(0.0, sum.epCommSeconds - window);
        sum.epOverlapSlowdownSeconds = slower * std::min(sum.epCommSeconds, window);
    }
    return sum;
}

} // namespace shardscope
