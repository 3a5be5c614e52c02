// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/transformer_spec.h"

#include "model/model_graph.h"

#include <string>

namespace shardscope {

namespace {

// Parameter counts per piece, shared by paramCount() and buildModelGraph() so the two never disagree.
struct Pieces
{
    std::int64_t h, f, q, kvd, normParams, embedding, positions;
    std::int64_t qkvWeights, qkvBias, outWeights, outBias, qkNorm, sinks;
    std::int64_t mlpWeights, mlpBias;        // the dense MLP (ffn)
    std::int64_t expertWeights, expertBias;  // one routed expert (routedExpertFfn)
    std::int64_t sharedWeights, sharedGate;  // the shared expert MLP
    std::int64_t router, lmHeadBias;
    int blockNorms; // norm layers per block
    // Multi-head latent attention: the query down projection (h x qLora) and its norm, the query up projection
    // (qLora or h x heads (nope + rope)), the key/value down projection (h x (kvLora + rope)) and its norm, the
    // key/value up projection (kvLora x heads (nope + v)); the output projection is outWeights (heads v x h).
    std::int64_t qDown, qDownNorm, qUp, kvDown, kvDownNorm, kvUp;
};

Pieces pieces(const TransformerSpec& s)
{
    Pieces p {};
    p.h = s.hidden;
    p.f = s.ffn;
    p.q = s.heads * s.effectiveHeadDim();
    p.kvd = s.kvHeads * s.effectiveHeadDim();
    p.normParams = normParamCount(s.norm, p.h);
    p.embedding = s.vocab * p.h;
    p.positions = s.positions == PositionKind::Learned ? s.maxPositions * p.h : 0;
    if (s.isMla()) {
        const std::int64_t qk = s.qkNopeHeadDim + s.qkRopeHeadDim;
        p.qDown = s.qLoraRank > 0 ? p.h * s.qLoraRank : 0;
        p.qDownNorm = s.qLoraRank > 0 ? normParamCount(s.norm, s.qLoraRank) : 0;
        p.qUp = (s.qLoraRank > 0 ? s.qLoraRank : p.h) * s.heads * qk;
        p.kvDown = p.h * (s.kvLoraRank + s.qkRopeHeadDim);
        p.kvDownNorm = normParamCount(s.norm, s.kvLoraRank);
        p.kvUp = s.kvLoraRank * s.heads * (s.qkNopeHeadDim + s.vHeadDim);
        p.qkvWeights = p.qDown + p.qUp + p.kvDown + p.kvUp;
        p.qkvBias = 0;
        p.outWeights = s.heads * s.vHeadDim * p.h;
    } else {
        p.qkvWeights = p.h * (p.q + 2 * p.kvd);
        p.qkvBias = s.qkvBias ? p.q + 2 * p.kvd : 0;
        p.outWeights = p.q * p.h;
    }
    p.outBias = s.attnOutBias ? p.h : 0;
    switch (s.qkNorm) {
    case QkNorm::PerHead: // one weight vector of head_dim each for q and k, shared by the heads
        p.qkNorm = 2 * normParamCount(s.norm, s.effectiveHeadDim());
        break;
    case QkNorm::Full:
        p.qkNorm = normParamCount(s.norm, p.q) + normParamCount(s.norm, p.kvd);
        break;
    case QkNorm::None:
        p.qkNorm = 0;
        break;
    }
    p.sinks = s.attentionSinks ? s.heads : 0;
    const std::int64_t matrices = s.gatedMlp ? 3 : 2;
    p.mlpWeights = matrices * p.h * p.f;
    p.mlpBias = s.mlpBias ? (matrices - 1) * p.f + p.h : 0;
    const std::int64_t fe = s.routedExpertFfn();
    p.expertWeights = matrices * p.h * fe;
    p.expertBias = s.mlpBias ? (matrices - 1) * fe + p.h : 0;
    p.sharedWeights = matrices * p.h * s.sharedExpertFfn;
    p.sharedGate = s.sharedExpertGate && s.sharedExpertFfn > 0 ? p.h : 0;
    p.router = s.isMoe() ? p.h * s.experts + (s.routerBias ? s.experts : 0) : 0;
    p.lmHeadBias = s.lmHeadBias ? s.vocab : 0;
    p.blockNorms = (s.inputNorm ? 1 : 0) + (s.mlpInputNorm ? 1 : 0) + (s.outputNorms ? 2 : 0);
    return p;
}

std::int64_t attentionParams(const Pieces& p)
{
    return p.qkvWeights + p.qkvBias + p.outWeights + p.outBias + p.qkNorm + p.qDownNorm + p.kvDownNorm + p.sinks;
}
std::int64_t denseMlpParams(const Pieces& p) { return p.mlpWeights + p.mlpBias; }
std::int64_t oneExpertParams(const Pieces& p) { return p.expertWeights + p.expertBias; }
std::int64_t sharedExpertParams(const Pieces& p) { return p.sharedWeights + p.sharedGate; }
/// A block's MLP part: dense, or router + routed experts (all of them, or the top-k) + shared experts.
std::int64_t mlpParams(const TransformerSpec& s, const Pieces& p, bool moe, bool activeOnly)
{
    if (!moe)
        return denseMlpParams(p);
    return (activeOnly ? s.expertsPerToken : s.experts) * oneExpertParams(p) + p.router + sharedExpertParams(p);
}
std::int64_t blockParams(const TransformerSpec& s, const Pieces& p, bool moe, bool activeOnly)
{
    return p.blockNorms * p.normParams + attentionParams(p) + mlpParams(s, p, moe, activeOnly);
}

} // namespace

std::string_view normKindName(NormKind kind)
{
    switch (kind) {
    case NormKind::LayerNorm:
        return "layernorm";
    case NormKind::LayerNormNoBias:
        return "layernorm_no_bias";
    case NormKind::LayerNormNoAffine:
        return "layernorm_no_affine";
    case NormKind::RmsNorm:
        break;
    }
    return "rmsnorm";
}

std::string_view positionKindName(PositionKind kind)
{
    switch (kind) {
    case PositionKind::Learned:
        return "learned";
    case PositionKind::None:
        return "none";
    case PositionKind::Alibi:
        return "alibi";
    case PositionKind::Rotary:
        break;
    }
    return "rotary";
}

std::string_view qkNormName(QkNorm kind)
{
    switch (kind) {
    case QkNorm::PerHead:
        return "head";
    case QkNorm::Full:
        return "full";
    case QkNorm::None:
        break;
    }
    return "none";
}

std::optional<NormKind> normKindFromString(std::string_view text)
{
    for (NormKind k : { NormKind::RmsNorm, NormKind::LayerNorm, NormKind::LayerNormNoBias, NormKind::LayerNormNoAffine })
        if (normKindName(k) == text)
            return k;
    return std::nullopt;
}

std::optional<PositionKind> positionKindFromString(std::string_view text)
{
    for (PositionKind k : { PositionKind::Rotary, PositionKind::Learned, PositionKind::None, PositionKind::Alibi })
        if (positionKindName(k) == text)
            return k;
    return std::nullopt;
}

std::optional<QkNorm> qkNormFromString(std::string_view text)
{
    for (QkNorm k : { QkNorm::None, QkNorm::PerHead, QkNorm::Full })
        if (qkNormName(k) == text)
            return k;
    return std::nullopt;
}

std::int64_t normParamCount(NormKind kind, std::int64_t width)
{
    switch (kind) {
    case NormKind::LayerNorm:
        return 2 * width; // weight and bias
    case NormKind::LayerNormNoAffine:
        return 0;
    case NormKind::RmsNorm:
    case NormKind::LayerNormNoBias:
        break;
    }
    return width;
}

std::int64_t TransformerSpec::moeBlockCount() const
{
    if (experts <= 0)
        return 0;
    std::int64_t n = 0;
    for (std::int64_t b = 0; b < layers; ++b)
        n += isMoeBlock(b) ? 1 : 0;
    return n;
}

namespace {
std::int64_t countParams(const TransformerSpec& s, bool activeOnly)
{
    const Pieces p = pieces(s);
    const std::int64_t moe = s.moeBlockCount();
    return p.embedding + p.positions + moe * blockParams(s, p, true, activeOnly)
        + (s.layers - moe) * blockParams(s, p, false, activeOnly) + p.normParams + (s.tiedEmbeddings ? 0 : p.embedding)
        + p.lmHeadBias;
}
} // namespace

std::int64_t TransformerSpec::paramCount() const { return countParams(*this, false); }
std::int64_t TransformerSpec::activeParamCount() const { return countParams(*this, true); }

std::int64_t TransformerSpec::mtpParamCount() const
{
    if (mtpLayers <= 0)
        return 0;
    // DeepSeek-V3 (its modeling code and Megatron's multi_token_prediction.py): enorm and hnorm, eh_proj
    // (2h -> h, no bias), one block like the model's last, shared_head's norm; embedding and head shared.
    const Pieces p = pieces(*this);
    const bool moe = isMoeBlock(layers - 1);
    return mtpLayers * (3 * p.normParams + 2 * p.h * p.h + blockParams(*this, p, moe, false));
}

std::int64_t TransformerSpec::routedExpertParamCount() const
{
    return moeBlockCount() * experts * oneExpertParams(pieces(*this));
}

namespace {

/// The per-channel element-wise traffic of an MLP's activation function and of the bias-dropout-add of its output
/// into the residual, shared by the dense MLP, the shared experts and the routed experts of a block.
struct MlpKernels
{
    bool geglu = false;
    bool sharedInput = false;
    double actPerF = 0, actBackPerF = 0, actExtraPerF = 0;
    double bda = 0, bdaBack = 0, bdaExtra = 0;
    double upColumns = 0;
};

/// buildModelGraph() in phases: each function makes one kind of layer (or adds one part of the model) from the
/// spec and the sizes derived from it once.
struct GraphBuilder
{
    explicit GraphBuilder(const TransformerSpec& s)
        : spec(s)
        , p(pieces(s))
        , h(double(p.h))
        , dropMask(s.dropout ? 1.0 : 0.0) // 1-byte dropout masks (Korthikanti Table 2)
        , a(double(s.heads))
    {
    }

    Layer normLayer(std::string name, int block) const;
    Layer embeddingLayer() const;
    Layer attentionLayer(const std::string& prefix, int b) const;
    void setLatentAttention(Layer& attn) const;
    void setMultiHeadAttention(Layer& attn) const;
    MlpKernels mlpKernels() const;
    Layer denseMlpLayer(const MlpKernels& m, const std::string& prefix, int b) const;
    Layer sharedExpertLayer(const MlpKernels& m, const std::string& prefix, int b) const;
    Layer moeLayer(const MlpKernels& m, const std::string& prefix, int b) const;
    std::vector<int> addBlock(ModelGraph& g, const std::string& prefix, int b, bool moe) const;
    std::vector<TransformerBlock> addBlocks(ModelGraph& g) const;
    Layer outputHeadLayer(std::string name) const;
    Layer lmHeadLayer() const;
    Layer mtpProjectionLayer(const std::string& prefix) const;
    void addMtpModules(ModelGraph& g) const;

    const TransformerSpec& spec;
    const Pieces p;
    const double h;
    const double dropMask;
    const double a;
};

Layer GraphBuilder::normLayer(std::string name, int block) const
{
    Layer l;
    l.name = std::move(name);
    l.kind = LayerKind::Norm;
    l.op = spec.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm";
    l.params = p.normParams;
    l.actReplicatedBytesPerToken = 2 * h; // its 16-bit input (Korthikanti: two norms, 4sbh)
    l.inputBytesPerToken = 2 * h;
    l.outputElementsPerToken = h;
    l.block = block;
    // Fused norm kernel: reads x, writes y (2 x 2h bytes); backward reads x and dy, writes dx, and the
    // residual stream's two gradients are summed (read 2h, write h).
    l.elementwiseForward = { 0, 4 * h, 0, 1 };
    l.elementwiseBackward = block >= 0 ? ElementwiseTraffic { 0, 12 * h, 0, 2 } : ElementwiseTraffic { 0, 6 * h, 0, 1 };
    // Unfused RMSNorm (as Hugging Face writes it): cast to fp32, square, mean, scale, cast back, times
    // the weight: about 36h bytes instead of 4h; its backward about 1.5x that. PyTorch's LayerNorm is
    // one kernel already.
    if (spec.norm == NormKind::RmsNorm) {
        l.unfusedExtraForward = { 0, 32 * h, 0, 5 };
        l.unfusedExtraBackward = { 0, 48 * h, 0, 6 };
    }
    return l;
}

// Embedding (vocab-parallel under TP, Megatron's VocabParallelEmbedding).
Layer GraphBuilder::embeddingLayer() const
{
    Layer l;
    l.name = "model.embed_tokens";
    l.kind = LayerKind::Embedding;
    l.op = "Embedding";
    l.params = p.embedding + p.positions;
    l.tpShardedParams = p.embedding;
    l.actReplicatedBytesPerToken = 8 + dropMask * h; // int64 token ids + embedding dropout mask
    l.outputElementsPerToken = h;
    l.tpCommElementsPerToken = h;
    l.tpShardable = true;
    // Row gather (read and write h); dropout reads, writes and keeps a 1-byte mask. Backward:
    // scatter-add of the gradient rows, dropout's backward.
    l.elementwiseForward = { 0, 4 * h + dropMask * 5 * h, 0, 1 + int(dropMask) };
    l.elementwiseBackward = { 0, 4 * h + dropMask * 5 * h, 0, 1 + int(dropMask) };
    return l;
}

// A block's attention: what latent and multi-head (grouped-query) attention share, then their own costs.
Layer GraphBuilder::attentionLayer(const std::string& prefix, int b) const
{
    Layer attn;
    attn.name = prefix + "self_attn";
    attn.kind = LayerKind::Attention;
    attn.op = spec.isMla() ? "MultiLatentAttention" : "SelfAttention";
    attn.params = attentionParams(p);
    attn.tpShardable = true;
    attn.block = b;
    attn.inputBytesPerToken = 2 * h;
    attn.outputElementsPerToken = h;
    attn.tpCommElementsPerToken = h;
    attn.attentionHeads = int(spec.heads);
    if (spec.isMla())
        setLatentAttention(attn);
    else
        setMultiHeadAttention(attn);
    return attn;
}

void GraphBuilder::setLatentAttention(Layer& attn) const
{
    // Multi-head latent attention (DeepSeek-V2, arXiv 2405.04434, Sec. 2.1.2; Megatron's
    // MLASelfAttention): the down projections and their norms are replicated over TP, the up projections
    // column-parallel by heads, the output row-parallel. Scores over qk = nope + rope dims, values of v.
    const double qkDim = double(spec.qkNopeHeadDim + spec.qkRopeHeadDim);
    const double vDim = double(spec.vHeadDim);
    const double heads = double(spec.heads);
    const double qLora = double(spec.qLoraRank);
    const double kvLora = double(spec.kvLoraRank);
    const double rope = double(spec.qkRopeHeadDim);
    attn.tpShardedParams = p.qUp + p.kvUp + p.outWeights + p.sinks;
    attn.flopsPerToken = 2.0 * double(p.qkvWeights + p.outWeights);
    attn.flopsPerTokenPerSeq = 2.0 * heads * (qkDim + vDim); // Q K^T over qk dims, P V over v dims
    attn.gemms.clear();
    if (spec.qLoraRank > 0)
        attn.gemms.push_back(LayerGemm { qLora, h, 1, 1, TpSplit::None });
    attn.gemms.push_back(LayerGemm { heads * qkDim, spec.qLoraRank > 0 ? qLora : h, 1, 1, TpSplit::Columns });
    attn.gemms.push_back(LayerGemm { kvLora + rope, h, 1, 1, TpSplit::None });
    attn.gemms.push_back(LayerGemm { heads * (double(spec.qkNopeHeadDim) + vDim), kvLora, 1, 1, TpSplit::Columns });
    attn.gemms.push_back(LayerGemm { h, heads * vDim, 1, 1, TpSplit::Rows });
    attn.attentionKvHeads = int(spec.heads);
    attn.attentionHeadDim = int(qkDim);
    attn.attentionValueDim = int(vDim);
    // Stored: the block input and the compressed latents (the query latent and its norm, the key/value
    // latent with the rotary key, its norm) replicated; Q, K (qk dims), V and the core's output (v dims)
    // split by heads.
    attn.actReplicatedBytesPerToken = 2 * h + dropMask * h + 4.0 * qLora + 2.0 * (kvLora + rope) + 2.0 * kvLora;
    attn.actShardedBytesPerToken = 4.0 * heads * qkDim + 4.0 * heads * vDim;
    attn.actScoreBytesPerTokenPerSeq = 2 * a + dropMask * 3 * a;
    // Rotary on the queries' and the shared key's rope dims; the two latent norms; bias-dropout-add.
    const double ropeBytes = 4.0 * rope * (heads + 1);
    const double norms = 4.0 * (qLora + kvLora);
    const double bda = 6 * h + dropMask * h;
    attn.elementwiseForward = { ropeBytes, bda + norms, 4 * a + dropMask * 5 * a, 2 + (qLora > 0 ? 2 : 1) };
    attn.elementwiseBackward = { ropeBytes + 4.0 * heads * vDim, 1.5 * norms + dropMask * 5 * h,
                                 6 * a + dropMask * 5 * a, 2 + (qLora > 0 ? 2 : 1) };
    attn.unfusedExtraForward = { 14.0 * rope * (heads + 1), 8.0 * (qLora + kvLora) * 4, 8 * a, 7 };
    attn.unfusedExtraBackward = { 14.0 * rope * (heads + 1), 12.0 * (qLora + kvLora) * 4, 8 * a, 8 };
}

void GraphBuilder::setMultiHeadAttention(Layer& attn) const
{
    const bool qkNorm = spec.qkNorm != QkNorm::None;
    attn.tpShardedParams = p.qkvWeights + p.qkvBias + p.outWeights + p.sinks;
    attn.flopsPerToken = 2.0 * double(p.qkvWeights + p.outWeights);
    attn.flopsPerTokenPerSeq = 4.0 * double(p.q); // Q K^T and scores x V, 2 FLOPs per MAC each
    // Korthikanti Table 2, attention: QKV input 2sbh + dropout mask sbh replicated;
    // Q, K, V and the projection input split by TP (8sbh for MHA; K and V shrink with GQA);
    // softmax 2as^2b, its dropout mask as^2b and output 2as^2b split by TP.
    attn.actReplicatedBytesPerToken = 2 * h + dropMask * h;
    // Q/K norms keep their inputs too (2 bytes an element of q and k).
    const double qk = double(p.q + p.kvd);
    attn.actShardedBytesPerToken = 4.0 * double(p.q) + 4.0 * double(p.kvd) + (qkNorm ? 2.0 * qk : 0.0);
    attn.actScoreBytesPerTokenPerSeq = 2 * a + dropMask * 3 * a;
    attn.gemms = { LayerGemm { double(p.q + 2 * p.kvd), h, 1, 1, TpSplit::Columns },
                   LayerGemm { h, double(p.q), 1, 1, TpSplit::Rows } };
    attn.attentionKvHeads = int(spec.kvHeads > 0 ? spec.kvHeads : spec.heads);
    attn.attentionHeadDim = int(spec.effectiveHeadDim());
    // Forward: rotary on Q and K (fused kernel: read and write q + k); the unfused core's fused
    // scale-mask-softmax (read and write a s per token) and attention dropout (read, write, 1-byte
    // mask); fused bias-dropout-add of the output into the residual (read 2h, write h, mask h).
    // Backward: the same kernels' gradients (softmax reads y and dy, writes dx; dropout reads dy
    // and the mask), flash attention's dO.O row sums, the dropout-add's gradient.
    // Partial rotary (GPT-NeoX, Phi) rotates only that part of each head. Q/K norms: a fused norm
    // kernel over q and k (read and write; backward reads x and dy, writes dx).
    const double rotary = spec.positions == PositionKind::Rotary ? spec.rotaryFraction : 0.0;
    const double rope = 4.0 * rotary * qk;
    const double norms = qkNorm ? 4.0 * qk : 0.0;
    const double bda = 6 * h + dropMask * h;
    const double bdaBack = dropMask * 5 * h + (spec.attnOutBias ? 2 * h : 0.0);
    attn.elementwiseForward = { rope + norms, bda, 4 * a + dropMask * 5 * a,
                                (rope > 0 ? 1 : 0) + (qkNorm ? 1 : 0) + 1 };
    attn.elementwiseBackward = { rope + 4.0 * double(p.q) + 1.5 * norms, bdaBack, 6 * a + dropMask * 5 * a,
                                 (rope > 0 ? 1 : 0) + (qkNorm ? 1 : 0) + 1 + (bdaBack > 0 ? 1 : 0) };
    // Unfused: rotary as rotate-half, two products and a sum (18 bytes an element of Q and K
    // instead of 4); the softmax as scale, mask and softmax (three passes instead of one); the
    // output's bias add and dropout before the residual add (4h bytes each). Backward alike.
    // Q/K RMSNorms unfused as the block's (32 extra bytes an element forward, 48 backward); ALiBi's
    // bias is one more pass over the scores (the fused kernels add it in place).
    const double ropeExtra = 14.0 * rotary * qk;
    const double bdaExtra = (spec.attnOutBias ? 4 * h : 0.0) + dropMask * 4 * h;
    const bool rmsQk = qkNorm && spec.norm == NormKind::RmsNorm;
    const double alibi = spec.positions == PositionKind::Alibi ? 4 * a : 0.0;
    const int extraKernels = (ropeExtra > 0 ? 3 : 0) + 2 + (bdaExtra > 0 ? 2 : 0) + (alibi > 0 ? 1 : 0);
    attn.unfusedExtraForward = { ropeExtra + (rmsQk ? 32.0 * qk : 0.0), bdaExtra, 8 * a + alibi,
                                 extraKernels + (rmsQk ? 5 : 0) };
    attn.unfusedExtraBackward = { ropeExtra + (rmsQk ? 48.0 * qk : 0.0), bdaExtra, 8 * a + alibi,
                                  extraKernels + (rmsQk ? 6 : 0) };
}

MlpKernels GraphBuilder::mlpKernels() const
{
    MlpKernels m;
    m.geglu = spec.activation.find("gelu") != std::string::npos;
    // A parallel block whose MLP shares the attention's input norm reads the tensor attention kept.
    m.sharedInput = spec.parallelBlock && spec.inputNorm && !spec.mlpInputNorm;
    // Forward: fused bias-GELU (read f, write f) or SwiGLU (read 2f, write f) per routed expert;
    // Backward: GELU reads x and dy, writes dx (3f); SwiGLU reads gate, up and dy, writes both gradients (5f).
    // Unfused: the bias add before GELU (4f bytes), or SwiGLU as SiLU then product (10f instead of 6f).
    m.actPerF = spec.gatedMlp ? 6.0 : 4.0;
    m.actBackPerF = spec.gatedMlp ? 10.0 : 6.0;
    m.actExtraPerF = spec.gatedMlp ? 4.0 : (spec.mlpBias ? 4.0 : 0.0);
    m.bda = 6 * h + dropMask * h;
    m.bdaBack = dropMask * 5 * h + (spec.mlpBias ? 2 * h : 0.0);
    m.bdaExtra = (spec.mlpBias ? 4 * h : 0.0) + dropMask * 4 * h;
    // Megatron computes gate and up projections as one GEMM of 2f columns.
    m.upColumns = spec.gatedMlp ? 2.0 : 1.0;
    return m;
}

Layer GraphBuilder::denseMlpLayer(const MlpKernels& m, const std::string& prefix, int b) const
{
    Layer mlp;
    mlp.name = prefix + "mlp";
    mlp.kind = LayerKind::Mlp;
    mlp.op = spec.gatedMlp ? (m.geglu ? "GeGLU-MLP" : "SwiGLU-MLP") : "MLP";
    mlp.params = denseMlpParams(p);
    mlp.tpShardedParams = p.mlpWeights + (spec.mlpBias ? p.mlpBias - p.h : 0);
    mlp.flopsPerToken = 2.0 * double(p.mlpWeights);
    // Korthikanti Table 2, MLP: input 2sbh + dropout mask sbh replicated; first linear output and
    // activation output split by TP (4 x 2 bytes x f, 16sbh for f = 4h). Gated MLPs keep gate and up
    // outputs (4f bytes) and the product (2f).
    mlp.actReplicatedBytesPerToken = (m.sharedInput ? 0.0 : 2 * h) + dropMask * h;
    mlp.actShardedBytesPerToken = m.actPerF * double(p.f);
    mlp.inputBytesPerToken = 2 * h;
    mlp.outputElementsPerToken = h;
    mlp.tpCommElementsPerToken = h;
    mlp.tpShardable = true;
    mlp.block = b;
    const double f = double(p.f);
    mlp.gemms = { LayerGemm { m.upColumns * f, h, 1, 1, TpSplit::Columns }, LayerGemm { h, f, 1, 1, TpSplit::Rows } };
    mlp.elementwiseForward = { m.actPerF * f, m.bda, 0, 2 };
    mlp.elementwiseBackward = { m.actBackPerF * f, m.bdaBack, 0, 1 + (m.bdaBack > 0 ? 1 : 0) };
    mlp.unfusedExtraForward = { m.actExtraPerF * f, m.bdaExtra, 0,
                                (m.actExtraPerF > 0 ? 1 : 0) + (m.bdaExtra > 0 ? 2 : 0) };
    mlp.unfusedExtraBackward = { 1.5 * m.actExtraPerF * f, m.bdaExtra, 0,
                                 (m.actExtraPerF > 0 ? 1 : 0) + (m.bdaExtra > 0 ? 2 : 0) };
    return mlp;
}

// Shared experts (DeepSeekMoE, arXiv 2401.06066; Megatron's SharedExpertMLP): a dense MLP every
// token passes, tensor-parallel like the dense one (gather of the input, reduce-scatter of the
// output with SP); its output is added to the routed experts' (Qwen: through a sigmoid gate).
Layer GraphBuilder::sharedExpertLayer(const MlpKernels& m, const std::string& prefix, int b) const
{
    const double fs = double(spec.sharedExpertFfn);
    Layer shared;
    shared.name = prefix + "mlp.shared_experts";
    shared.kind = LayerKind::Mlp;
    shared.op = "SharedExpertMLP";
    shared.sharedExpert = true;
    shared.params = sharedExpertParams(p);
    shared.tpShardedParams = p.sharedWeights;
    shared.flopsPerToken = 2.0 * double(p.sharedWeights + p.sharedGate);
    shared.actReplicatedBytesPerToken = (m.sharedInput ? 0.0 : 2 * h) + dropMask * h;
    shared.actShardedBytesPerToken = m.actPerF * fs;
    shared.inputBytesPerToken = 2 * h;
    shared.outputElementsPerToken = h;
    shared.tpCommElementsPerToken = h;
    shared.tpShardable = true;
    shared.block = b;
    shared.gemms = { LayerGemm { m.upColumns * fs, h, 1, 1, TpSplit::Columns }, LayerGemm { h, fs, 1, 1, TpSplit::Rows } };
    if (p.sharedGate > 0)
        shared.gemms.push_back(LayerGemm { 1, h, 1, 1, TpSplit::None });
    // Its activation function; the sum into the routed output (read 2 x 2h, write 2h).
    shared.elementwiseForward = { m.actPerF * fs, 6 * h, 0, 2 };
    shared.elementwiseBackward = { m.actBackPerF * fs, 0, 0, 1 };
    shared.unfusedExtraForward = { m.actExtraPerF * fs, 0, 0, m.actExtraPerF > 0 ? 1 : 0 };
    shared.unfusedExtraBackward = { 1.5 * m.actExtraPerF * fs, 0, 0, m.actExtraPerF > 0 ? 1 : 0 };
    return shared;
}

// The routed experts and their router (Megatron's MoELayer with the all-to-all dispatcher). Tokens
// are sequence-split over TP (Megatron requires SP for MoE with TP), so the per-token sizes below
// divide by TP like the TP-split ones; the experts' own sharding (EP, ETP) is the cost model's.
Layer GraphBuilder::moeLayer(const MlpKernels& m, const std::string& prefix, int b) const
{
    const double fe = double(spec.routedExpertFfn());
    const double k = double(spec.expertsPerToken);
    const double e = double(spec.experts);
    Layer mlp;
    mlp.name = prefix + "mlp";
    mlp.kind = LayerKind::Moe;
    mlp.op = "MoE";
    mlp.experts = int(spec.experts);
    mlp.expertsPerToken = int(spec.expertsPerToken);
    mlp.expertFfn = fe;
    mlp.expertParams = spec.experts * oneExpertParams(p);
    mlp.params = mlp.expertParams + p.router;
    mlp.activeParams = spec.expertsPerToken * oneExpertParams(p) + p.router;
    mlp.tpShardedParams = 0;
    mlp.flopsPerToken = 2.0 * (k * double(p.expertWeights) + h * e);
    // Stored: the block input (router and dispatcher), the router's fp32 scores, the permuted tokens
    // each routed expert reads (k x 2h) and the experts' intermediates (k x 6 fe gated).
    mlp.actReplicatedBytesPerToken = (m.sharedInput || spec.sharedExpertFfn > 0 ? 0.0 : 2 * h) + dropMask * h + 4 * e;
    mlp.actShardedBytesPerToken = k * (2 * h + m.actPerF * fe);
    mlp.inputBytesPerToken = 2 * h;
    mlp.outputElementsPerToken = h;
    mlp.tpCommElementsPerToken = 0;
    mlp.tpShardable = true;
    mlp.block = b;
    const double share = k / e;
    mlp.gemms = { LayerGemm { m.upColumns * fe, h, share, int(spec.experts), TpSplit::Columns, true },
                  LayerGemm { h, fe, share, int(spec.experts), TpSplit::Rows, true },
                  LayerGemm { e, h, 1, 1, TpSplit::None } }; // router
    // Tokens permuted to their experts and back (read and write k x h each way); the router's softmax
    // or sigmoid and top-k over fp32 scores (about 12 bytes an expert).
    const double permute = 8.0 * k * h;
    mlp.elementwiseForward = { k * m.actPerF * fe, m.bda + permute + 12 * e, 0, 6 };
    mlp.elementwiseBackward = { k * m.actBackPerF * fe, m.bdaBack + permute + 12 * e, 0, 4 + (m.bdaBack > 0 ? 1 : 0) };
    mlp.unfusedExtraForward = { k * m.actExtraPerF * fe, m.bdaExtra, 0,
                                (m.actExtraPerF > 0 ? 1 : 0) + (m.bdaExtra > 0 ? 2 : 0) };
    mlp.unfusedExtraBackward = { 1.5 * k * m.actExtraPerF * fe, m.bdaExtra, 0,
                                 (m.actExtraPerF > 0 ? 1 : 0) + (m.bdaExtra > 0 ? 2 : 0) };
    return mlp;
}

// One block's layers under `prefix`; `b` is the block index (-1 for a multi-token-prediction module's block,
// which the partitioner keeps with the output head).
std::vector<int> GraphBuilder::addBlock(ModelGraph& g, const std::string& prefix, int b, bool moe) const
{
    std::vector<int> layers;
    if (spec.inputNorm)
        layers.push_back(g.addLayer(normLayer(prefix + "input_layernorm", b)));
    layers.push_back(g.addLayer(attentionLayer(prefix, b)));

    // Gemma 2/3 and OLMo 2 normalise the attention output; the MLP's own input norm is Llama's
    // post_attention_layernorm, Gemma's pre_feedforward_layernorm.
    if (spec.outputNorms)
        layers.push_back(g.addLayer(normLayer(prefix + "post_attention_layernorm", b)));
    if (spec.mlpInputNorm)
        layers.push_back(g.addLayer(
            normLayer(prefix + (spec.outputNorms ? "pre_feedforward_layernorm" : "post_attention_layernorm"), b)));

    const MlpKernels m = mlpKernels();
    if (!moe) {
        layers.push_back(g.addLayer(denseMlpLayer(m, prefix, b)));
    } else {
        if (spec.sharedExpertFfn > 0)
            layers.push_back(g.addLayer(sharedExpertLayer(m, prefix, b)));
        layers.push_back(g.addLayer(moeLayer(m, prefix, b)));
    }
    if (spec.outputNorms)
        layers.push_back(g.addLayer(normLayer(prefix + "post_feedforward_layernorm", b)));
    return layers;
}

// The model's blocks "model.layers.<b>.", each with its parameters and FLOPs summed.
std::vector<TransformerBlock> GraphBuilder::addBlocks(ModelGraph& g) const
{
    std::vector<TransformerBlock> blocks;
    for (int b = 0; b < int(spec.layers); ++b) {
        TransformerBlock block;
        block.index = b;
        block.layers = addBlock(g, "model.layers." + std::to_string(b) + ".", b, spec.isMoeBlock(b));
        for (int li : block.layers) {
            block.params += g.layer(li).params;
            block.flopsPerToken += g.layer(li).flopsPerToken;
        }
        blocks.push_back(std::move(block));
    }
    return blocks;
}

// The output head and its loss: a vocab-parallel GEMM of the hidden state (the model's head, and each MTP
// module's pass through that same head, which holds no weights of its own).
Layer GraphBuilder::outputHeadLayer(std::string name) const
{
    Layer l;
    l.name = std::move(name);
    l.kind = LayerKind::OutputHead;
    l.op = "Linear";
    l.flopsPerToken = 2.0 * double(p.embedding);
    // Input 2sbh; fp32 logits for the cross-entropy, vocab-parallel (Megatron theoretical memory: 4sbV/t).
    l.actReplicatedBytesPerToken = 2 * h;
    l.actShardedBytesPerToken = 4.0 * double(spec.vocab);
    l.inputBytesPerToken = 2 * h;
    l.tpCommElementsPerToken = h;
    l.tpShardable = true;
    l.gemms = { LayerGemm { double(spec.vocab), h, 1, 1, TpSplit::Columns } };
    // Megatron's vocab-parallel cross-entropy, unfused (megatron/core/tensor_parallel/cross_entropy.py at
    // core_r0.8.0), bytes per logit: .float() 2 + 4, max 4, -= max 4 + 4, exp 4 + 4, sum 4, /= sum 4 + 4
    // (38 forward); backward: the gradient's in-place product 4 + 4 and its cast back to 16 bits 4 + 2 (14).
    l.elementwiseForward = { 38.0 * double(spec.vocab), 0, 0, 6 };
    l.elementwiseBackward = { 14.0 * double(spec.vocab), 0, 0, 2 };
    return l;
}

Layer GraphBuilder::lmHeadLayer() const
{
    Layer l = outputHeadLayer("lm_head");
    l.params = (spec.tiedEmbeddings ? 0 : p.embedding) + p.lmHeadBias; // a bias stays the head's own
    l.activeParams = l.params;
    l.tpShardedParams = l.params;
    l.tiedToLayer = spec.tiedEmbeddings ? 0 : -1;
    return l;
}

// An MTP module's eh_proj: its normalised embedding and hidden state, concatenated, projected 2h -> h.
Layer GraphBuilder::mtpProjectionLayer(const std::string& prefix) const
{
    Layer proj;
    proj.name = prefix + "eh_proj";
    proj.kind = LayerKind::Other;
    proj.op = "Linear";
    proj.params = 2 * p.h * p.h;
    proj.activeParams = proj.params;
    proj.flopsPerToken = 2.0 * double(proj.params);
    proj.actReplicatedBytesPerToken = 4 * h; // the concatenated input
    proj.inputBytesPerToken = 4 * h;
    proj.outputElementsPerToken = h;
    proj.gemms = { LayerGemm { h, 2 * h, 1, 1, TpSplit::None } };
    proj.elementwiseForward = { 0, 8 * h, 0, 2 }; // the embedding row gather and the concatenation
    proj.elementwiseBackward = { 0, 8 * h, 0, 2 };
    return proj;
}

// Multi-token prediction (DeepSeek-V3, arXiv 2412.19437, Sec. 2.2; Megatron's MultiTokenPredictionBlock on
// the last pipeline stage): per module the normalised hidden state and the next token's embedding are
// concatenated and projected (2h -> h), run through one more block, and scored by the shared output head.
void GraphBuilder::addMtpModules(ModelGraph& g) const
{
    for (int d = 0; d < int(spec.mtpLayers); ++d) {
        // No number of its own in the names: block detection would take one for a block index on re-reading.
        const std::string prefix = "model.mtp_" + std::to_string(d) + ".";
        g.addLayer(normLayer(prefix + "enorm", -1));
        g.addLayer(normLayer(prefix + "hnorm", -1));
        g.addLayer(mtpProjectionLayer(prefix));
        addBlock(g, prefix + "layer.", -1, spec.isMoeBlock(spec.layers - 1));
        g.addLayer(normLayer(prefix + "shared_head.norm", -1));
        g.addLayer(outputHeadLayer(prefix + "shared_head.head")); // the model's output head, on the same stage
    }
}

} // namespace

ModelGraph buildModelGraph(const TransformerSpec& spec)
{
    const GraphBuilder build(spec);
    ModelGraph g(spec.name);
    g.setSourceFormat("transformer-spec");
    g.setSpec(spec);
    g.addLayer(build.embeddingLayer());
    std::vector<TransformerBlock> blocks = build.addBlocks(g);
    g.addLayer(build.normLayer("model.norm", -1));
    g.addLayer(build.lmHeadLayer());
    build.addMtpModules(g);
    g.addSequentialEdges();
    g.setBlocks(std::move(blocks));
    return g;
}

} // namespace shardscope
