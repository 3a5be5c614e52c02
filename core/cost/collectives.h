// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/cluster_spec.h"

namespace shardscope {

enum class AllReduceAlgorithm { Hierarchical, Ring };

/**
 * A communication group laid out on the cluster: `size` ranks, `perNode` of them in each node.
 * Megatron orders ranks TP fastest, then DP, then PP, which fixes how groups map onto nodes.
 */
struct CommGroup
{
    int size = 1;
    int perNode = 1;
    int nodes() const { return (size + perNode - 1) / perNode; }

    static CommGroup tensorParallel(int tp, int gpusPerNode);
    static CommGroup dataParallel(int dp, int tp, int gpusPerNode);
};

/// Time of collectives over `bytes` per rank. Ring volumes: all-reduce moves 2(n-1)/n of the
/// buffer per rank, reduce-scatter and all-gather (n-1)/n each (Narayanan et al. 2021, Sec. 3.2).
class Collectives
{
public:
    explicit Collectives(const ClusterSpec& cluster, AllReduceAlgorithm algorithm = AllReduceAlgorithm::Hierarchical);

    double allReduceSeconds(double bytes, const CommGroup& group) const;
    double reduceScatterSeconds(double bytes, const CommGroup& group) const;
    double allGatherSeconds(double bytes, const CommGroup& group) const;
    /// One message between pipeline neighbours; `interNode` when they sit on different nodes.
    double sendSeconds(double bytes, bool interNode) const;

private:
    double halfAllReduce(double bytes, const CommGroup& group) const; // reduce-scatter == all-gather cost

    const ClusterSpec& m_cluster;
    AllReduceAlgorithm m_algorithm;
};

} // namespace shardscope
