// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/attention_curves.h"
#include "hardware/gpu_spec.h"
#include "training/training_spec.h"

namespace shardscope {

/**
 * Time of the kernels one GPU runs, by shape (docs/cost-model.md, "Kernels"):
 * - GEMMs: the output is cut into CTA tiles that run in waves over the SMs, so a GEMM takes whole
 *   waves (wave quantization, tile padding); each tile pays a prologue/epilogue worth a fixed depth of
 *   K; the rest runs at the fitted fraction of peak; a thin GEMM is bound by HBM traffic instead
 *   (roofline). The library may pick a tile of half the columns when that fills the waves better.
 * - Flash attention: the published throughput of the stack's kernel by sequence length, head size,
 *   masking and direction (cost/attention_curves.h: FlashAttention-2 on A100; FlashAttention-2, cuDNN and
 *   FlashAttention-3 on H100) times the profile's fitted factor; for a GPU without curves a measured
 *   fraction of peak with, per query block, a fixed cost of the diagonal block and the epilogue. Causal
 *   masking does half the score work; the backward does 2.5 x the forward's FLOPs.
 * - Memory-bound kernels: bytes / (HBM bandwidth x achievable fraction).
 * Every kernel also costs the gap between back-to-back kernels.
 */
class KernelModel
{
public:
    KernelModel(const GpuSpec& gpu, Precision precision);

    /// [m x k] x [k x n], `batch` independent times (batched GEMM), inputs and output in `bytesPerElement`.
    double gemmSeconds(double m, double n, double k, double batch = 1) const;
    /// The same GEMM with the large-GEMM rate only (no tiles, no roofline): what a flat model would say.
    double flatGemmSeconds(double m, double n, double k, double batch = 1) const;
    /// Flash-attention forward (or backward) of `sequences` sequences of length `seq`, `heads` query heads of
    /// dimension `headDim` on this GPU; `causal` halves the score work.
    double flashAttentionSeconds(double sequences, double seq, double heads, double headDim, bool causal, bool backward) const;
    /// The same for `queries` query rows against `keys` key rows (a block of ring attention under context
    /// parallelism); `causal` masks the upper triangle of a square block.
    double flashAttentionSeconds(double sequences, double queries, double keys, double heads, double headDim, bool causal,
                                 bool backward) const;
    double memoryBoundSeconds(double bytes) const;
    double kernelGapSeconds() const { return m_kernels.kernelGapSeconds; }
    double peakFlops() const { return m_peak; }
    double gemmFraction() const { return m_gemmFraction; }
    double bytesPerElement() const { return m_bytesPerElement; }

    /// Fraction of the large-GEMM rate a GEMM of this shape reaches from tiles and waves alone (0..1].
    double tileEfficiency(double m, double n, double k, double batch = 1) const;

private:
    KernelSpec m_kernels;         ///< copied: a model may outlive the GpuSpec it was made from
    double m_gemmFraction = 0;    ///< GpuSpec::matmulEfficiency
    double m_peak = 0;            ///< tensor-core peak of the precision
    double m_attentionPeak = 0;   ///< attention runs in 16 bits (FP8 attention is not modelled)
    double m_bytesPerElement = 2;
    double m_hbm = 0;             ///< achievable HBM bytes per second
    const AttentionCurves* m_attention = nullptr; ///< the stack's attention kernel on this GPU family, if published
    double m_attentionScale = 1;
};

} // namespace shardscope
