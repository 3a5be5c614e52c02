// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/gpu_spec.h"

#include <string>

namespace shardscope {

/// Nodes x GPUs per node of one GPU type, with the links between them.
struct ClusterSpec
{
    GpuSpec gpu;
    int nodes = 1;
    int gpusPerNode = 8;
    LinkSpec intraNode;   ///< defaults to gpu.scaleUp
    LinkSpec interNode;   ///< defaults to gpu.scaleOut

    static ClusterSpec make(const GpuSpec& gpu, int totalGpus, int gpusPerNode); ///< throws InputError
    int totalGpus() const { return nodes * gpusPerNode; }
    /// Throws InputError(source, field, ...) when counts or links are not usable.
    void validate(const std::string& source) const;
};

} // namespace shardscope
