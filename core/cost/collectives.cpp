// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/collectives.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace shardscope {

CommGroup CommGroup::tensorParallel(int tp, int gpusPerNode)
{
    // Consecutive ranks: as many share a node as both counts allow.
    return CommGroup { tp, std::max(1, std::gcd(tp, gpusPerNode)) };
}

CommGroup CommGroup::dataParallel(int dp, int stride, int gpusPerNode)
{
    // Peers `stride` ranks apart: gpusPerNode / stride of them share a node when stride divides the node.
    int perNode = 1;
    if (stride < gpusPerNode && gpusPerNode % stride == 0)
        perNode = std::min(dp, gpusPerNode / stride);
    return CommGroup { dp, std::max(1, perNode) };
}

Collectives::Collectives(const ClusterSpec& cluster)
    : m_cluster(cluster)
{
}

double Collectives::busBandwidth(const CommGroup& group) const
{
    const double intra = m_cluster.intraNode.effectiveBandwidth();
    if (group.nodes() <= 1)
        return intra;
    const int g = std::min(group.perNode, group.size);
    return std::min(intra, double(g) * m_cluster.interNode.effectiveBandwidth());
}

double Collectives::ringStepLatency(const CommGroup& group) const
{
    return group.nodes() <= 1 ? m_cluster.intraNode.latencySeconds
                              : std::max(m_cluster.intraNode.latencySeconds, m_cluster.interNode.latencySeconds);
}

double Collectives::allReduceSeconds(double bytes, const CommGroup& group, int messages) const
{
    const int n = group.size;
    if (n <= 1 || bytes <= 0)
        return 0;
    messages = std::max(1, messages);
    const double perMessage = bytes / messages;
    const double bandwidth = 2.0 * (n - 1) / n * perMessage / busBandwidth(group);
    const double ring = 2.0 * (n - 1) * ringStepLatency(group) + bandwidth;
    // Tree: up and down a chain of the g local ranks and a binary tree over the k nodes.
    const int g = std::min(group.perNode, n);
    const int k = group.nodes();
    const double treeLatency = 2.0 * ((g - 1) * m_cluster.intraNode.latencySeconds
                                      + std::ceil(std::log2(double(k))) * m_cluster.interNode.latencySeconds);
    const double tree = treeLatency + bandwidth;
    return messages * std::min(ring, tree);
}

double Collectives::reduceScatterSeconds(double bytes, const CommGroup& group, int messages) const
{
    const int n = group.size;
    if (n <= 1 || bytes <= 0)
        return 0;
    messages = std::max(1, messages);
    const double perMessage = bytes / messages;
    return messages * ((n - 1) * ringStepLatency(group) + double(n - 1) / n * perMessage / busBandwidth(group));
}

double Collectives::allGatherSeconds(double bytes, const CommGroup& group, int messages) const
{
    return reduceScatterSeconds(bytes, group, messages); // the same ring, run the other way
}

double Collectives::allToAllSeconds(double bytes, const CommGroup& group) const
{
    const int n = group.size;
    if (n <= 1 || bytes <= 0)
        return 0;
    const int g = std::min(group.perNode, n);
    const double intra = double(g - 1) / n * bytes / m_cluster.intraNode.effectiveBandwidth();
    const double inter = group.nodes() > 1 ? double(n - g) / n * bytes / m_cluster.interNode.effectiveBandwidth() : 0.0;
    return std::max(intra, inter) + ringStepLatency(group);
}

bool pipelineSendCrossesNodes(int from, int to, int stageRanks, int gpusPerNode)
{
    const std::int64_t s = stageRanks, g = std::max(gpusPerNode, 1);
    const std::int64_t x = from * s, y = to * s; // the first rank of each stage
    // Every pair (x + j, y + j) shares a node exactly when both stages lie inside one node, the same one.
    return x / g != (x + s - 1) / g || y / g != (y + s - 1) / g || x / g != y / g;
}

double Collectives::sendSeconds(double bytes, bool interNode) const
{
    if (bytes <= 0)
        return 0;
    const LinkSpec& link = interNode ? m_cluster.interNode : m_cluster.intraNode;
    return bytes / link.effectiveBandwidth() + link.latencySeconds;
}

} // namespace shardscope
