// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/// A link kind (NVLink within a node, InfiniBand/RoCE between nodes), per GPU, each way.
struct LinkSpec
{
    double bandwidthBytesPerSecond = 0;
    double latencySeconds = 0;
    double efficiency = 0.8;   ///< fraction of the peak that collectives reach

    double effectiveBandwidth() const { return bandwidthBytesPerSecond * efficiency; }
    bool operator==(const LinkSpec&) const = default;
};

/**
 * How this GPU's kernels behave, for the cost model's GEMM, attention and memory-bound kernel times
 * (docs/cost-model.md). Facts of the chip (SM count, the tile its GEMM library uses) and published
 * kernel measurements; nothing here is fitted to training runs.
 */
struct KernelSpec
{
    int smCount = 108;               ///< streaming multiprocessors (NVIDIA) or compute units (AMD)
    int gemmTileM = 128;             ///< CTA tile of the library's large 16-bit GEMM kernels: rows...
    int gemmTileN = 256;             ///< ...and columns
    double gemmTileKOverhead = 128;  ///< per-tile prologue and epilogue, in units of the reduction depth K
    double attentionForwardEfficiency = 0.6;  ///< flash-attention forward, fraction of peak at long sequences
    double attentionBackwardEfficiency = 0.5; ///< flash-attention backward, fraction of peak at long sequences
    double hbmEfficiency = 0.85;     ///< fraction of the HBM bandwidth memory-bound kernels reach
    double kernelGapSeconds = 2e-6;  ///< idle time between back-to-back kernels on one stream
    /// The attention kernel whose published throughput by sequence length, head size and masking prices
    /// attention (cost/attention_curves.h: "flash-attention-2", "flash-attention-3", "cudnn"); empty, or a
    /// kernel without a curve on this GPU's family: the two fractions above with a block-count shape.
    std::string attentionKernel;
    double attentionScale = 1; ///< a profile's fitted factor on that kernel's curve (1: as published)

    /// The attention kernels attentionKernel may name.
    static constexpr const char* kAttentionKernels[] = { "flash-attention-2", "flash-attention-3", "cudnn" };
    /// Why `name` cannot be an attentionKernel ("unknown attention kernel ...; expected ..."); empty when it can
    /// (one of kAttentionKernels, or empty: none).
    static std::string attentionKernelProblem(std::string_view name);

    bool operator==(const KernelSpec&) const = default;
};

/// How far the model is off in one regime (GPU family x dense/MoE x precision x sequence bucket) of a profile's runs.
struct RegimeBand
{
    std::string regime;        ///< "H100 dense FP8 <=8k" (regimeKey in cost/prediction_band.h)
    int rows = 0;              ///< runs of the regime the model evaluated
    double inSampleMean = 0;   ///< mean |error| with the fitted constants
    double inSampleMax = 0;
    int cvRows = 0;            ///< runs with a leave-one-model-out prediction
    double cvMean = 0;         ///< mean |error| leaving the run's model out of the fit
    double cvSourceMean = 0;   ///< mean |error| leaving the run's source (publication or container) out
    bool operator==(const RegimeBand&) const = default;
};

/// Where this GPU's fitted constants came from and how far the model is off, in the profile's regimes.
struct CalibrationInfo
{
    std::string family;       ///< calibration family whose runs the constants were fitted to ("A100", "H100")
    int runs = 0;             ///< runs behind the shown band; 0: uncalibrated
    double rmsError = 0;      ///< the band: the cross-validated mean |error| of the regime (in-sample rms before one is known)
    double maxError = 0;      ///< largest relative error on one run
    std::string fittedOn;     ///< the runs and date, e.g. "Narayanan 2021 Table 1, fitted 2026-12-01"
    std::string profile;      ///< the software-stack profile ("megatron-bridge")
    std::string regime;       ///< the plan's regime once resolved (cost/prediction_band.h); empty before
    bool crossValidated = false; ///< rmsError is a cross-validated figure of `regime`
    double inSampleMean = 0;  ///< the regime's in-sample mean |error|, kept apart
    /// A regime with too few runs: the nearest regime whose figure is shown ("uncalibrated" otherwise).
    std::string nearestRegime;
    std::vector<RegimeBand> regimes; ///< the profile's regimes of this family

    bool calibrated() const { return runs > 0; }
    /// "± 5 %": the band rounded up to a whole percent; empty when uncalibrated.
    std::string errorText() const;
    static std::string errorText(double error); ///< "± 8 %" for 0.075
    /// "± 8 % cross-validated on 23 runs, H100 dense FP8 <=8k", or "uncalibrated: ..." saying why and the nearest
    /// regime's figure.
    std::string describe() const;
    bool operator==(const CalibrationInfo&) const = default;
};

/// One accelerator model with the figures the cost model needs (dense peaks).
struct GpuSpec
{
    std::string name;             ///< catalog key, e.g. "H100-SXM"
    std::string displayName;      ///< e.g. "NVIDIA H100 SXM 80GB"
    std::string vendor;
    double memoryBytes = 0;
    double hbmBytesPerSecond = 0;
    double peakFlopsBf16 = 0;
    double peakFlopsFp16 = 0;
    double peakFlopsFp8 = 0;      ///< 0 when the GPU has no fp8 tensor cores
    double peakFlopsFp32 = 0;     ///< the fp32 (TF32 tensor-core) peak used for fp32 training
    double matmulEfficiency = 0.65; ///< achievable fraction of peak for large GEMMs (fitted: calibration)
    LinkSpec scaleUp;             ///< default intra-node link
    LinkSpec scaleOut;            ///< default inter-node link (this GPU's share of the node's NICs)
    KernelSpec kernels;
    std::string family;           ///< calibration family ("A100", "H100"); empty: none
    CalibrationInfo calibration;

    double peakFlops(Precision precision) const;
    bool operator==(const GpuSpec&) const = default;
};

} // namespace shardscope
