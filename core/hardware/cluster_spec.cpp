// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware/cluster_spec.h"

#include "util/input_error.h"

namespace shardscope {

ClusterSpec ClusterSpec::make(const GpuSpec& gpu, int totalGpus, int gpusPerNode)
{
    if (totalGpus <= 0)
        throw InputError("--gpus", "", "expected a positive number of GPUs, got " + std::to_string(totalGpus));
    if (gpusPerNode <= 0)
        throw InputError("--gpus-per-node", "", "expected a positive number of GPUs per node, got "
                             + std::to_string(gpusPerNode));
    ClusterSpec c;
    c.gpu = gpu;
    if (totalGpus < gpusPerNode) { // a partial node: one node with that many GPUs
        c.nodes = 1;
        c.gpusPerNode = totalGpus;
    } else {
        if (totalGpus % gpusPerNode != 0)
            throw InputError("--gpus", "", std::to_string(totalGpus) + " GPUs cannot be split into nodes of "
                                 + std::to_string(gpusPerNode) + "; expected a multiple of " + std::to_string(gpusPerNode));
        c.nodes = totalGpus / gpusPerNode;
        c.gpusPerNode = gpusPerNode;
    }
    c.intraNode = gpu.scaleUp;
    c.interNode = gpu.scaleOut;
    return c;
}

void ClusterSpec::validate(const std::string& source) const
{
    auto fail = [&](const char* field, const std::string& message) { throw InputError(source, field, message); };
    if (nodes <= 0)
        fail("nodes", "expected a positive number of nodes, got " + std::to_string(nodes));
    if (gpusPerNode <= 0)
        fail("gpus_per_node", "expected a positive number of GPUs per node, got " + std::to_string(gpusPerNode));
    if (double(nodes) * double(gpusPerNode) > 1e7)
        fail("nodes", "more than 10 million GPUs is not a cluster ShardScope can plan");
    if (!(gpu.memoryBytes > 0))
        fail("gpu.memory", "the GPU needs a positive memory size");
    if (!(gpu.peakFlopsBf16 > 0))
        fail("gpu.peak_tflops.bf16", "the GPU needs a positive bf16 peak");
    if (!(gpu.hbmBytesPerSecond > 0))
        fail("gpu.hbm_gb_per_s", "the GPU needs a positive memory bandwidth");
    auto link = [&](const LinkSpec& l, const char* field) {
        if (!(l.bandwidthBytesPerSecond > 0))
            fail(field, "expected a positive link bandwidth");
        if (!(l.efficiency > 0 && l.efficiency <= 1))
            fail(field, "link efficiency must be in (0, 1]");
        if (!(l.latencySeconds >= 0))
            fail(field, "link latency must not be negative");
    };
    link(intraNode, "intra_node");
    if (nodes > 1)
        link(interNode, "inter_node");
}

} // namespace shardscope
