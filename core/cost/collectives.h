// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/cluster_spec.h"

namespace shardscope {

/**
 * A communication group laid out on the cluster: `size` ranks, `perNode` of them in each node.
 * Megatron orders ranks TP fastest, then CP, then DP, then PP, which fixes how groups map onto nodes.
 */
struct CommGroup
{
    int size = 1;
    int perNode = 1;
    int nodes() const { return (size + perNode - 1) / perNode; }

    static CommGroup tensorParallel(int tp, int gpusPerNode);
    /// `dp` ranks `stride` apart (Megatron's DP peers are tp x cp ranks apart; the DP x CP group that
    /// reduces gradients with context parallelism is tp apart).
    static CommGroup dataParallel(int dp, int stride, int gpusPerNode);
    /// The context-parallel group: cp ranks, tp apart (Megatron's order TP, CP, DP, PP).
    static CommGroup contextParallel(int cp, int tp, int gpusPerNode) { return dataParallel(cp, tp, gpusPerNode); }
};

/**
 * Whether a pipeline send between stages `from` and `to` crosses nodes, with `stageRanks` ranks a stage (tp x cp x dp).
 * Megatron puts PP outermost in its rank order (parallel_state.py, order "tp-cp-ep-dp-pp", Megatron-LM d98e8a6),
 * so stage k is ranks [k S, (k + 1) S) and rank j of one stage sends to rank j of the other; the send crosses
 * nodes when any of those pairs sits on two nodes (the slowest pair sets the pipeline's pace). With S a multiple
 * of the node every boundary crosses; with g / S stages a node only every (g / S)-th does.
 */
bool pipelineSendCrossesNodes(int from, int to, int stageRanks, int gpusPerNode);

/**
 * Time of NCCL-style collectives over `bytes` per rank, as latency + bandwidth per message
 * (Thakur, Rabenseifner & Gropp 2005; NCCL's PERFORMANCE.md "bus bandwidth"):
 * - ring all-reduce 2(n-1) steps moving 2(n-1)/n of the buffer, reduce-scatter and all-gather
 *   (n-1) steps moving (n-1)/n (Narayanan et al. 2021, Sec. 3.2); all-reduce may use a tree instead
 *   (NCCL's double binary tree: a chain inside each node, log2(nodes) hops between them), which wins
 *   for small messages;
 * - the bus bandwidth of a group is its slowest link: NVLink inside one node; across nodes the
 *   smaller of NVLink and the NICs the group's g members of a node own (g x this GPU's share of the
 *   node's NICs: groups of other ranks use the other NICs at the same time);
 * - every step of a ring that crosses nodes waits for the inter-node latency;
 * - `messages` splits the bytes into that many collectives (DP buckets), each paying its latency.
 */
class Collectives
{
public:
    explicit Collectives(const ClusterSpec& cluster);

    double allReduceSeconds(double bytes, const CommGroup& group, int messages = 1) const;
    double reduceScatterSeconds(double bytes, const CommGroup& group, int messages = 1) const;
    double allGatherSeconds(double bytes, const CommGroup& group, int messages = 1) const;
    /// All-to-all of `bytes` per rank (each rank keeps 1/n and sends (n-1)/n, a slice to every peer, all at
    /// once as NCCL's grouped send/recv does): the peers in the node over NVLink and the others over this
    /// GPU's NICs at the same time, the slower of the two, plus one latency.
    double allToAllSeconds(double bytes, const CommGroup& group) const;
    /// One message between pipeline neighbours; `interNode` when they sit on different nodes.
    double sendSeconds(double bytes, bool interNode) const;
    /// Bytes per second a rank's share of a ring moves through the group's slowest link.
    double busBandwidth(const CommGroup& group) const;

private:
    double ringStepLatency(const CommGroup& group) const;

    const ClusterSpec& m_cluster;
};

} // namespace shardscope
