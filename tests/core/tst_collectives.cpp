// SPDX-License-Identifier: GPL-3.0-or-later
// Collectives against hand calculations: ring latency and bandwidth terms, the tree for small
// all-reduces, the bus bandwidth of groups spanning nodes (NIC shares), DP buckets.
#include "cost/collectives.h"
#include "cost/step_model.h"

#include <QtTest>

using namespace shardscope;

namespace {

/// 4 nodes of 8 GPUs; NVLink 400 GB/s at 0.75 (300 GB/s), 2 us; NIC share 50 GB/s at 0.8 (40 GB/s), 10 us.
ClusterSpec cluster()
{
    ClusterSpec c;
    c.nodes = 4;
    c.gpusPerNode = 8;
    c.intraNode = LinkSpec { 400e9, 2e-6, 0.75 };
    c.interNode = LinkSpec { 50e9, 10e-6, 0.8 };
    return c;
}

} // namespace

class TestCollectives : public QObject
{
    Q_OBJECT
private slots:
    void ringInsideANode()
    {
        const ClusterSpec c = cluster();
        const Collectives coll(c);
        const CommGroup tp8 = CommGroup::tensorParallel(8, 8);
        const double bytes = 64e6;
        // Reduce-scatter: 7 steps of 2 us, 7/8 of 64 MB at 300 GB/s.
        QCOMPARE(coll.reduceScatterSeconds(bytes, tp8), 7 * 2e-6 + 7.0 / 8 * bytes / 300e9);
        QCOMPARE(coll.allGatherSeconds(bytes, tp8), coll.reduceScatterSeconds(bytes, tp8));
        // All-reduce: the ring (14 steps) against the tree (a chain of 8: 2 x 7 steps): the same here.
        QCOMPARE(coll.allReduceSeconds(bytes, tp8), 14 * 2e-6 + 2 * 7.0 / 8 * bytes / 300e9);
    }

    void groupsAcrossNodesShareNics()
    {
        const ClusterSpec c = cluster();
        const Collectives coll(c);
        // DP 32 with TP 1: 8 ranks a node, 4 nodes: min(300, 8 x 40) = 300 GB/s.
        QCOMPARE(coll.busBandwidth(CommGroup::dataParallel(32, 1, 8)), 300e9);
        // DP 4 with TP 8: one rank a node owns one NIC share: 40 GB/s.
        QCOMPARE(coll.busBandwidth(CommGroup::dataParallel(4, 8, 8)), 40e9);
        // DP 16 with TP 2: 4 ranks a node: 160 GB/s.
        QCOMPARE(coll.busBandwidth(CommGroup::dataParallel(16, 2, 8)), 160e9);
        // TP 16 spans two nodes: its ring steps wait for the network latency.
        const CommGroup tp16 = CommGroup::tensorParallel(16, 8);
        QCOMPARE(coll.reduceScatterSeconds(1e6, tp16), 15 * 10e-6 + 15.0 / 16 * 1e6 / 300e9);
    }

    void treeWinsForSmallMessagesAcrossNodes()
    {
        const ClusterSpec c = cluster();
        const Collectives coll(c);
        const CommGroup dp = CommGroup::dataParallel(32, 1, 8);
        const double small = 1e3;
        const double ring = 2 * 31 * 10e-6 + 2 * 31.0 / 32 * small / 300e9;
        const double tree = 2 * (7 * 2e-6 + 2 * 10e-6) + 2 * 31.0 / 32 * small / 300e9;
        QVERIFY(tree < ring);
        QCOMPARE(coll.allReduceSeconds(small, dp), tree);
    }

    void bucketsPayLatencyEach()
    {
        const ClusterSpec c = cluster();
        const Collectives coll(c);
        const CommGroup dp = CommGroup::dataParallel(4, 8, 8);
        const double one = coll.reduceScatterSeconds(400e6, dp);
        const double ten = coll.reduceScatterSeconds(400e6, dp, 10);
        QCOMPARE(ten - one, 9 * 3 * 10e-6);
        QCOMPARE(dpBucketParams(8), 40e6);
        QCOMPARE(dpBucketParams(128), 128e6);
    }

    void dpOverlapFollowsTheSchedule()
    {
        const ClusterSpec c = cluster();
        const Collectives coll(c);
        const CommGroup dp = CommGroup::dataParallel(4, 8, 8);
        const double params = 1e9; // 4 GB of fp32 gradients, 25 buckets of 40M
        DpOverlapWindow w;
        w.forwardSeconds = 0.05;
        w.backwardSeconds = 0.10;
        w.microBatches = 8;
        // ZeRO-0: the all-reduce hides behind the last backward only, the last bucket never.
        const DpCommunication z0 = dataParallelCommunication(coll, dp, params, 4, 2, 0, w);
        const double allReduce = coll.allReduceSeconds(4e9, dp, 25);
        QCOMPARE(z0.seconds, allReduce);
        QCOMPARE(z0.exposedSeconds, allReduce - 0.10);
        QCOMPARE(z0.buckets, 25);
        // The drain of a later pipeline stage widens the window until only the last bucket (160 MB) is left.
        w.drainSlackSeconds = 0.2;
        QVERIFY(allReduce < 0.30);
        QCOMPARE(dataParallelCommunication(coll, dp, params, 4, 2, 0, w).exposedSeconds, coll.allReduceSeconds(160e6, dp));
        // ZeRO-2 pays a reduce-scatter per micro-batch, each behind its own backward.
        w.drainSlackSeconds = 0;
        const DpCommunication z2 = dataParallelCommunication(coll, dp, params, 4, 2, 2, w);
        const double rs = coll.reduceScatterSeconds(4e9, dp, 25), ag = coll.allGatherSeconds(2e9, dp, 25);
        QCOMPARE(z2.seconds, 8 * rs + ag);
        QCOMPARE(z2.exposedSeconds, 7 * std::max(0.0, rs - 0.10) + std::max(rs - 0.10, coll.reduceScatterSeconds(160e6, dp))
                     + std::max(ag - 0.05, coll.allGatherSeconds(80e6, dp)));
        // An override replaces the schedule: half hidden.
        const DpCommunication o = dataParallelCommunication(coll, dp, params, 4, 2, 0, w, 0.5);
        QCOMPARE(o.exposedSeconds, allReduce / 2);
    }

    // Megatron's rank order puts PP outermost: stage k holds ranks [k S, (k + 1) S). By hand on 8-GPU nodes.
    void pipelineSendsCrossNodesWhereTheStagesDo()
    {
        // TP 4 x PP 4 on 2 nodes: stages 0-1 on node 0 (ranks 0-7), 2-3 on node 1 (8-15).
        QVERIFY(!pipelineSendCrossesNodes(0, 1, 4, 8));
        QVERIFY(pipelineSendCrossesNodes(1, 2, 4, 8));
        QVERIFY(pipelineSendCrossesNodes(2, 1, 4, 8));
        QVERIFY(!pipelineSendCrossesNodes(2, 3, 4, 8));
        QVERIFY(pipelineSendCrossesNodes(3, 0, 4, 8)); // the interleaved wrap-around
        // A stage of a whole node (TP 8): every boundary crosses.
        for (int k = 0; k < 3; ++k)
            QVERIFY(pipelineSendCrossesNodes(k, k + 1, 8, 8));
        // PP 4 x TP 2 in one node: none does, the wrap-around neither.
        for (int k = 0; k < 4; ++k)
            QVERIFY(!pipelineSendCrossesNodes(k, (k + 1) % 4, 2, 8));
        // Stages of 3 ranks: stage 2 (ranks 6-8) straddles two nodes, so its sends cross either way.
        QVERIFY(!pipelineSendCrossesNodes(0, 1, 3, 8));
        QVERIFY(pipelineSendCrossesNodes(1, 2, 3, 8));
        QVERIFY(pipelineSendCrossesNodes(2, 3, 3, 8));
    }

    void pipelineMakespan()
    {
        // Uniform stages: (m + p - 1) t and (m + (p - 1)/v) t (Narayanan 2021, Sec. 2.2).
        const std::vector<double> four(4, 1.0);
        QCOMPARE(pipelineSeconds(four, 8, 1), 11.0);
        QCOMPARE(pipelineSeconds(four, 8, 2), 9.5);
    }
};

QTEST_APPLESS_MAIN(TestCollectives)
#include "tst_collectives.moc"
