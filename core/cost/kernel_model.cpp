// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/kernel_model.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {

/// Useful share of the SM-tile slots a grid of tm x tn tiles occupies: tile padding and the last,
/// partly filled wave (wave quantization; NVIDIA's "Matrix Multiplication Background" guide).
double waveUtilisation(double m, double n, double batch, double tm, double tn, double sms)
{
    const double tiles = std::ceil(m / tm) * std::ceil(n / tn) * batch;
    const double waves = std::ceil(tiles / sms);
    return (m * n * batch) / (waves * sms * tm * tn);
}

} // namespace

KernelModel::KernelModel(const GpuSpec& gpu, Precision precision)
    : m_kernels(gpu.kernels)
    , m_gemmFraction(gpu.matmulEfficiency)
    , m_peak(gpu.peakFlops(precision))
    , m_attentionPeak(gpu.peakFlops(precision == Precision::Fp8 ? Precision::Bf16 : precision))
    , m_bytesPerElement(precision == Precision::Fp8 ? 1.0 : precision == Precision::Fp32 ? 4.0 : 2.0)
    , m_hbm(gpu.hbmBytesPerSecond * gpu.kernels.hbmEfficiency)
    , m_attention(gpu.kernels.attentionKernel.empty() ? nullptr
                                                      : findAttentionCurves(gpu.family, gpu.kernels.attentionKernel))
    , m_attentionScale(gpu.kernels.attentionScale)
{
}

double KernelModel::tileEfficiency(double m, double n, double k, double batch) const
{
    if (m <= 0 || n <= 0 || k <= 0 || batch <= 0)
        return 1;
    const KernelSpec& ks = m_kernels;
    const double sms = std::max(1, ks.smCount);
    // Skinny GEMMs (few tokens: small micro-batches, experts) get the library's small-M kernels: the
    // smallest power-of-two tile height from 16 up that covers m.
    double tm = std::max(1, ks.gemmTileM);
    const double tn = std::max(1, ks.gemmTileN);
    if (m < tm)
        tm = std::min(tm, std::max(std::min(16.0, tm), std::exp2(std::ceil(std::log2(std::max(1.0, m))))));
    // cuBLAS/CUTLASS heuristics switch to a narrower tile when it fills the waves better; a narrower tile
    // reuses each loaded operand half as often, which costs about as much as one more prologue.
    const double wide = waveUtilisation(m, n, batch, tm, tn, sms);
    const double narrow = waveUtilisation(m, n, batch, tm, std::max(1.0, tn / 2), sms) * 0.9;
    // Each tile loads its pipeline and writes its output once: a fixed depth of K per tile.
    const double depth = k / (k + ks.gemmTileKOverhead);
    return std::max(wide, narrow) * depth;
}

double KernelModel::gemmSeconds(double m, double n, double k, double batch) const
{
    if (m <= 0 || n <= 0 || k <= 0 || batch <= 0)
        return 0;
    const double flops = 2.0 * m * n * k * batch;
    const double compute = flops / (m_peak * m_gemmFraction * tileEfficiency(m, n, k, batch));
    // Roofline: both operands read and the output written once.
    const double bytes = (m * k + k * n + m * n) * batch * m_bytesPerElement;
    return std::max(compute, bytes / m_hbm) + kernelGapSeconds();
}

double KernelModel::flatGemmSeconds(double m, double n, double k, double batch) const
{
    return 2.0 * m * n * k * batch / (m_peak * m_gemmFraction);
}

double KernelModel::flashAttentionSeconds(double sequences, double seq, double heads, double headDim, bool causal,
                                          bool backward) const
{
    return flashAttentionSeconds(sequences, seq, seq, heads, headDim, causal, backward);
}

double KernelModel::flashAttentionSeconds(double sequences, double queries, double keys, double heads, double headDim,
                                          bool causal, bool backward) const
{
    if (sequences <= 0 || queries <= 0 || keys <= 0 || heads <= 0 || headDim <= 0)
        return 0;
    // Q K^T and P V: 4 s^2 d FLOPs per head, half under a causal mask; the backward recomputes the
    // scores and forms dV, dP, dQ, dK: 2.5 x the forward (flash-attention's benchmark counting).
    const double forwardFlops = 4.0 * queries * keys * headDim * heads * sequences * (causal ? 0.5 : 1.0);
    const double flops = backward ? 2.5 * forwardFlops : forwardFlops;
    const KernelSpec& ks = m_kernels;
    double efficiency = 0;
    if (m_attention) {
        // The kernel's published curve (FlashAttention-2 and -3 papers) already holds the query blocks' fixed costs.
        efficiency = attentionFraction(*m_attention, keys, headDim, causal, backward) * m_attentionScale;
    } else {
        // Query blocks of 128 rows walk key blocks of 128; per query block the diagonal block (causal) and
        // the prologue/epilogue cost about one block each on top of the useful ones: n / (n + 3) causal,
        // n / (n + 1) otherwise, with n = keys / 128 blocks (FA2/FA3 reach their peak only at long sequences).
        const double blocks = std::max(1.0, keys / 128.0);
        const double shape = causal ? blocks / (blocks + 3.0) : blocks / (blocks + 1.0);
        efficiency = (backward ? ks.attentionBackwardEfficiency : ks.attentionForwardEfficiency) * shape;
    }
    // One CTA per (sequence, head, query block): few of them leave SMs idle in the last wave.
    const double ctas = sequences * heads * std::ceil(queries / 128.0);
    const double sms = std::max(1, ks.smCount);
    const double waves = std::ceil(ctas / sms);
    double fill = ctas / (waves * sms);
    if (m_attention) // the published curve was measured at the benchmark's own fill
        fill /= benchmarkWaveFill(headDim, ks.smCount);
    return flops / (m_attentionPeak * std::min(1.0, efficiency * fill)) + kernelGapSeconds();
}

double KernelModel::memoryBoundSeconds(double bytes) const { return bytes > 0 ? bytes / m_hbm : 0; }

} // namespace shardscope
