// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

namespace shardscope {

/**
 * The published throughput of one attention kernel on one GPU family in 16-bit precision: TFLOP/s by sequence
 * length (512 to 16k, doubling), head dimension (64, 128, 256), with or without a causal mask, forward and
 * backward, as the FlashAttention papers measured them (batch x sequence = 16k tokens, heads x head dimension =
 * 2048; causal counts half the score FLOPs, the backward 2.5 x the forward's). A figure the papers do not give is
 * NaN and lookups take the nearest head dimension that has one.
 */
struct AttentionCurves
{
    std::string_view family; ///< the GPU family it was measured on ("H100", "A100")
    std::string_view kernel; ///< "flash-attention-2", "flash-attention-3", "cudnn"
    double peakTflops;       ///< the dense 16-bit peak of the benchmark GPU
    double tflops[2][2][3][6]; ///< [backward][causal][head dim 64, 128, 256][sequence 512 .. 16k]
    std::string_view source;
};

/// The curves of `kernel` on `family`; nullptr when none is published (the caller keeps its scalar fractions).
const AttentionCurves* findAttentionCurves(std::string_view family, std::string_view kernel);

/**
 * The fraction of the benchmark GPU's peak the kernel reaches with `keys` keys per query block row: log-linear
 * interpolation in sequence length and head dimension between the published points; beyond 16k the 16k figure
 * (the kernels have reached their plateau there); below 512 the 512 figure scaled by the query block's fixed
 * costs, n / (n + 3) causal and n / (n + 1) otherwise for n = keys / 128 key blocks.
 */
double attentionFraction(const AttentionCurves& curves, double keys, double headDim, bool causal, bool backward);

/// The share of the SMs' last wave the papers' benchmark shape fills (262144 / headDim CTAs of 128 query rows on
/// `sms` SMs): a curve's figures already hold it, so a workload's own wave fill is taken relative to it.
double benchmarkWaveFill(double headDim, int sms);

} // namespace shardscope
