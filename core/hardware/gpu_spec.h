// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>

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

    bool operator==(const KernelSpec&) const = default;
};

/// Where this GPU's fitted constants came from and how far the model is off on the runs they were fitted to.
struct CalibrationInfo
{
    std::string family;       ///< calibration family whose runs the constants were fitted to ("A100", "H100")
    int runs = 0;             ///< calibration runs of that family; 0: uncalibrated
    double rmsError = 0;      ///< root-mean-square relative error of predicted step times on those runs
    double maxError = 0;      ///< largest relative error on one run
    std::string fittedOn;     ///< the calibration set and date, e.g. "Narayanan 2021 Table 1, 2026-12-01"

    bool calibrated() const { return runs > 0; }
    /// "± 5 %": the rms error rounded up to a whole percent; empty when uncalibrated.
    std::string errorText() const;
    /// "± 5 % (9 calibration runs, H100)", or "uncalibrated: no calibration runs on this GPU's family (B200)".
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
