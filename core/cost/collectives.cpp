// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/collectives.h"

#include <algorithm>
#include <numeric>

namespace shardscope {

CommGroup CommGroup::tensorParallel(int tp, int gpusPerNode)
{
    // Consecutive ranks: as many share a node as both counts allow.
    return CommGroup { tp, std::max(1, std::gcd(tp, gpusPerNode)) };
}

CommGroup CommGroup::dataParallel(int dp, int tp, int gpusPerNode)
{
    // DP peers are tp ranks apart: gpusPerNode / tp of them share a node when tp divides the node.
    int perNode = 1;
    if (tp < gpusPerNode && gpusPerNode % tp == 0)
        perNode = std::min(dp, gpusPerNode / tp);
    return CommGroup { dp, std::max(1, perNode) };
}

Collectives::Collectives(const ClusterSpec& cluster, AllReduceAlgorithm algorithm)
    : m_cluster(cluster)
    , m_algorithm(algorithm)
{
}

double Collectives::halfAllReduce(double bytes, const CommGroup& group) const
{
    const int n = group.size;
    if (n <= 1 || bytes <= 0)
        return 0;
    const LinkSpec& intra = m_cluster.intraNode;
    const LinkSpec& inter = m_cluster.interNode;
    const int g = std::min(group.perNode, n);
    const int k = group.nodes();
    if (k <= 1)
        return double(n - 1) / n * bytes / intra.effectiveBandwidth() + (n - 1) * intra.latencySeconds;
    if (m_algorithm == AllReduceAlgorithm::Ring) {
        // One flat ring: every byte crosses the slowest link on its way round.
        const double bw = std::min(intra.effectiveBandwidth(), inter.effectiveBandwidth());
        return double(n - 1) / n * bytes / bw + (n - 1) * std::max(intra.latencySeconds, inter.latencySeconds);
    }
    // Hierarchical (what NCCL achieves with one ring per NIC): the g local ranks split the buffer,
    // each sends its 1/g share over its own NIC, then the pieces are exchanged inside the node.
    const double intraPart = double(g - 1) / g * bytes / intra.effectiveBandwidth() + (g - 1) * intra.latencySeconds;
    const double interPart = double(k - 1) / k * (bytes / g) / inter.effectiveBandwidth() + (k - 1) * inter.latencySeconds;
    return intraPart + interPart;
}

double Collectives::allReduceSeconds(double bytes, const CommGroup& group) const { return 2 * halfAllReduce(bytes, group); }
double Collectives::reduceScatterSeconds(double bytes, const CommGroup& group) const { return halfAllReduce(bytes, group); }
double Collectives::allGatherSeconds(double bytes, const CommGroup& group) const { return halfAllReduce(bytes, group); }

double Collectives::sendSeconds(double bytes, bool interNode) const
{
    if (bytes <= 0)
        return 0;
    const LinkSpec& link = interNode ? m_cluster.interNode : m_cluster.intraNode;
    return bytes / link.effectiveBandwidth() + link.latencySeconds;
}

} // namespace shardscope
