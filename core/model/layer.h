// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

enum class LayerKind { Embedding, Attention, Mlp, Moe, Norm, OutputHead, Other };

std::string_view toString(LayerKind kind);
std::optional<LayerKind> layerKindFromString(std::string_view text); ///< case-insensitive; accepts the names of toString
/// The kind a layer of this name (e.g. "model.layers.3.post_attention_layernorm": a norm) and
/// operator most likely is, for importers whose files do not say; Other when nothing matches.
LayerKind guessLayerKind(std::string_view name, std::string_view op = {});

/// How tensor parallelism splits a weight matrix (Megatron: column-parallel, then row-parallel).
enum class TpSplit { None, Columns, Rows };

/**
 * One weight GEMM of a layer, [tokens x k] x [k x n] per micro-batch, before tensor parallelism.
 * MoE experts: `count` experts each see `tokenShare` of the tokens (top-k / experts when balanced).
 */
struct LayerGemm
{
    double n = 0;
    double k = 0;
    double tokenShare = 1;
    int count = 1;
    TpSplit split = TpSplit::None;
    /// A routed expert's GEMM (`count` = all experts): its experts are spread over expert parallelism and its
    /// matrices split by expert tensor parallelism (`split` says how) instead of TP.
    bool routed = false;
    bool operator==(const LayerGemm&) const = default;
};

/**
 * HBM bytes per token that a layer's memory-bound kernels (norms, activation functions, bias and
 * residual adds, rotary, dropout, softmax) move in one pass, with 16-bit activations, split like
 * the stored activations: a part split by TP, a part split only by sequence parallelism, and the
 * attention-score part (per token per sequence position; zero with flash attention).
 */
struct ElementwiseTraffic
{
    double shardedBytes = 0;
    double replicatedBytes = 0;
    double scoreBytesPerSeq = 0;
    int kernels = 0;              ///< separate kernel launches
    bool operator==(const ElementwiseTraffic&) const = default;
    bool empty() const { return shardedBytes == 0 && replicatedBytes == 0 && scoreBytesPerSeq == 0; }
};

/**
 * One layer of a model, in execution order. All sizes are per token so the cost model can
 * scale them by sequence length and micro-batch. Activation bytes follow the decomposition of
 * Korthikanti et al. 2022, Table 2: a part split by tensor parallelism, a part split only when
 * sequence parallelism is on, and the attention-score part that grows with sequence length.
 */
struct Layer
{
    std::string name;
    LayerKind kind = LayerKind::Other;
    std::string op;                 ///< original operator or module type, when the importer knows it

    std::int64_t params = 0;        ///< all parameters (MoE: all experts)
    std::int64_t activeParams = 0;  ///< parameters used per token (MoE: routed experts only); == params otherwise
    std::int64_t tpShardedParams = 0; ///< part of params split across the TP group (the rest is replicated)
    int tiedToLayer = -1;           ///< index of the layer whose weights this one shares (tied output head), or -1

    double flopsPerToken = 0;        ///< forward FLOPs per token that do not depend on sequence length
    double flopsPerTokenPerSeq = 0;  ///< forward FLOPs per token per sequence position (attention scores)

    double actShardedBytesPerToken = 0;    ///< stored activations split by TP (the "24 sbh" part)
    double actReplicatedBytesPerToken = 0; ///< stored activations split only with sequence parallelism ("10 sbh")
    double actScoreBytesPerTokenPerSeq = 0; ///< attention scores/softmax/dropout ("5 a s^2 b"), split by TP
    double inputBytesPerToken = 0;         ///< the layer input, all that full recomputation keeps

    double outputElementsPerToken = 0;     ///< elements sent to the next pipeline stage if a stage ends here
    double tpCommElementsPerToken = 0;     ///< elements all-reduced across TP per token, per pass (fwd or bwd)

    bool tpShardable = false;
    int block = -1;                  ///< transformer block index, -1 outside any block

    // Kernel-level shape, when the source describes the layer's operations (transformer specs do);
    // without it the cost model treats flopsPerToken as one square GEMM and the stored activations
    // as the element-wise traffic.
    std::vector<LayerGemm> gemms;     ///< weight GEMMs (flopsPerToken = 2 n k tokenShare count summed)
    ElementwiseTraffic elementwiseForward;
    ElementwiseTraffic elementwiseBackward;
    /// What the same operations move on top when each runs as its own kernel (plain PyTorch) instead of
    /// Megatron's fused ones (TrainingSpec::fusedKernels off).
    ElementwiseTraffic unfusedExtraForward;
    ElementwiseTraffic unfusedExtraBackward;
    int attentionHeads = 0;           ///< query heads of the attention core (flopsPerTokenPerSeq = 4 heads headDim)
    int attentionHeadDim = 0;
    int attentionKvHeads = 0;         ///< key/value heads (grouped-query attention); 0: as many as query heads
    bool causal = true;               ///< causal mask: flash attention skips the masked half
    /// Attention heads' value dimension where it differs from attentionHeadDim (MLA: qk 192, v 128); 0: the same.
    int attentionValueDim = 0;

    // Mixture of experts (kind Moe: the router and the routed experts; shared experts are a Mlp layer of the
    // same block with sharedExpert set).
    std::int64_t expertParams = 0;    ///< the routed experts' parameters, part of params and not of tpShardedParams
    int experts = 0;                  ///< routed experts
    int expertsPerToken = 0;          ///< top-k
    double expertFfn = 0;             ///< one routed expert's intermediate size
    bool sharedExpert = false;        ///< a MoE block's shared expert MLP

    bool operator==(const Layer&) const = default;
};

/// The ranges a layer's numbers lie in (the native model format's, so that any model imported can be saved and
/// read back, and the cost model's sums stay finite): parameters 0 to 1e15, per-token values 0 to 1e18.
inline constexpr std::int64_t kMaxLayerParams = 1'000'000'000'000'000;
inline constexpr double kMaxPerTokenValue = 1e18;

/// What in `layer` lies outside those ranges, as "forward FLOPs per token (flops_per_token) 7.25e+24 is more than
/// ShardScope plans (at most 1e+18)"; empty when nothing does.
std::string layerRangeProblem(const Layer& layer);

} // namespace shardscope
