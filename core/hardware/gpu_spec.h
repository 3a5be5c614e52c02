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
    double matmulEfficiency = 0.65; ///< achievable fraction of peak for large GEMMs (calibrated)
    LinkSpec scaleUp;             ///< default intra-node link
    LinkSpec scaleOut;            ///< default inter-node link (per GPU NIC)

    double peakFlops(Precision precision) const;
    bool operator==(const GpuSpec&) const = default;
};

} // namespace shardscope
