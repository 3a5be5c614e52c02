// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/layer_partition.h"

#include "model/transformer_spec.h"

#include <QtTest>

using namespace shardscope;

namespace {

// A small dense model: embedding, 4 blocks of 4 layers, final norm, output head (19 layers).
ModelGraph smallModel(std::int64_t blocks = 4)
{
    TransformerSpec s;
    s.name = "tiny";
    s.hidden = 256;
    s.ffn = 1024;
    s.layers = blocks;
    s.heads = 4;
    s.kvHeads = 4;
    s.vocab = 1000;
    return buildModelGraph(s);
}

// Two stages split after block 1; the layer indices are the graph's, as PlanEvaluator reports them.
PlanEstimate twoStages(const ModelGraph& g, ParallelConfig c)
{
    PlanEstimate e;
    e.config = c;
    const int split = g.blocks().at(2).layers.front();
    e.stages.resize(2);
    e.stages[0].stage = 0;
    e.stages[0].layerRanges = { { 0, split } };
    e.stages[1].stage = 1;
    e.stages[1].layerRanges = { { split, g.layerCount() } };
    return e;
}

// shardscope::toString(ShardingKind) returns a string_view, which QtTest's ADL toString lookup trips
// over in QCOMPARE; comparing names also reads better in a failure message.
QString name(ShardingKind kind)
{
    return QString::fromLatin1(toString(kind));
}

} // namespace

class TestLayerPartition : public QObject
{
    Q_OBJECT

private slots:
    void stageDeviceRanges()
    {
        ParallelConfig c;
        c.tp = 2;
        c.pp = 2;
        c.dp = 2;
        QCOMPARE(stageDeviceRange(c, 0), std::make_pair(0, 4));
        QCOMPARE(stageDeviceRange(c, 1), std::make_pair(4, 8));
        c.tp = 8;
        c.pp = 4;
        c.dp = 3;
        QCOMPARE(stageDeviceRange(c, 3), std::make_pair(72, 96));
    }

    void tp2pp2dp2ByHand()
    {
        const ModelGraph g = smallModel();
        QCOMPARE(g.layerCount(), 19);
        ParallelConfig c;
        c.tp = 2;
        c.pp = 2;
        c.dp = 2;
        const std::vector<LayerPartition> parts = layerPartitions(g, twoStages(g, c));
        QCOMPARE(int(parts.size()), g.layerCount());
        const int split = g.blocks().at(2).layers.front();
        for (int i = 0; i < g.layerCount(); ++i) {
            const LayerPartition& p = parts[std::size_t(i)];
            const Layer& layer = g.layer(i);
            QCOMPARE(p.layerName, layer.name);
            QCOMPARE(p.tpSize, 2);
            QCOMPARE(p.chunk, 0);
            QCOMPARE(p.ppStage, i < split ? 0 : 1);
            // Stage 0 holds ranks 0..3, stage 1 ranks 4..7; replica 0's TP group opens each range.
            const std::vector<int> expected
                = i < split ? std::vector<int> { 0, 1 } : std::vector<int> { 4, 5 };
            QCOMPARE(p.deviceIds, expected);
            QCOMPARE(name(p.strategy),
                name(layer.tpShardable ? ShardingKind::TensorWise : ShardingKind::LayerWise));
        }
        // The attention of block 3 is split by TP; the final norm is not shardable, so LayerWise.
        const int attn = g.findLayer("model.layers.3.self_attn");
        QVERIFY(attn >= 0);
        QCOMPARE(name(parts[std::size_t(attn)].strategy), name(ShardingKind::TensorWise));
        QCOMPARE(parts[std::size_t(attn)].deviceIds, (std::vector<int> { 4, 5 }));
        const int norm = g.findLayer("model.norm");
        QVERIFY(norm >= 0);
        QCOMPARE(name(parts[std::size_t(norm)].strategy), name(ShardingKind::LayerWise));
    }

    void strategyWithoutTpOrPp()
    {
        const ModelGraph g = smallModel();
        ParallelConfig c;
        c.dp = 4;
        PlanEstimate e;
        e.config = c;
        e.stages.resize(1);
        e.stages[0].layerRanges = { { 0, g.layerCount() } };
        for (const LayerPartition& p : layerPartitions(g, e)) {
            QCOMPARE(name(p.strategy), name(ShardingKind::Replicated));
            QCOMPARE(p.deviceIds, std::vector<int> { 0 });
        }
        c.tp = 1;
        c.pp = 2;
        const auto parts = layerPartitions(g, twoStages(g, c));
        QCOMPARE(name(parts.front().strategy), name(ShardingKind::LayerWise));
        QCOMPARE(parts.back().deviceIds, std::vector<int> { 4 }); // stage 1 starts at 1 x 4 ranks
    }

    void interleavedChunks()
    {
        // 4 blocks, pp 2, vpp 2: chunks hold one block each; stage 0 = chunks 0 and 2, stage 1 = 1 and 3.
        const ModelGraph g = smallModel();
        ParallelConfig c;
        c.pp = 2;
        c.vpp = 2;
        c.schedule = Schedule::Interleaved1F1B;
        auto firstOf = [&](int b) { return g.blocks().at(std::size_t(b)).layers.front(); };
        PlanEstimate e;
        e.config = c;
        e.stages.resize(2);
        e.stages[0].layerRanges = { { 0, firstOf(1) }, { firstOf(2), firstOf(3) } };
        e.stages[1].layerRanges = { { firstOf(1), firstOf(2) }, { firstOf(3), g.layerCount() } };
        const auto parts = layerPartitions(g, e);
        QCOMPARE(parts[std::size_t(firstOf(0))].chunk, 0);
        QCOMPARE(parts[std::size_t(firstOf(1))].chunk, 0);
        QCOMPARE(parts[std::size_t(firstOf(1))].ppStage, 1);
        QCOMPARE(parts[std::size_t(firstOf(2))].chunk, 1);
        QCOMPARE(parts[std::size_t(firstOf(2))].ppStage, 0);
        QCOMPARE(parts.back().chunk, 1);
        QCOMPARE(parts.back().ppStage, 1);
    }

    void badRanges()
    {
        const ModelGraph g = smallModel();
        PlanEstimate e;
        e.stages.resize(1);
        e.stages[0].layerRanges = { { 0, g.layerCount() - 1 } };
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, layerPartitions(g, e)); // last layer uncovered
        e.stages[0].layerRanges = { { 0, g.layerCount() + 1 } };
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, layerPartitions(g, e));
        e.stages.clear(); // rejected before partitioning: nothing to place
        QVERIFY(layerPartitions(g, e).empty());
    }

    // Port of the seed's test_sharding_plan_creation: a plan with one Replicated partition on
    // device 0 has one layer partition.
    void shardingPlanCreation()
    {
        ModelGraph g("test_model");
        Layer layer;
        layer.name = "layer1";
        g.addLayer(layer);
        PlanEstimate e; // tp 1, pp 1, dp 1
        e.stages.resize(1);
        e.stages[0].layerRanges = { { 0, 1 } };
        const auto parts = layerPartitions(g, e);
        QCOMPARE(parts.size(), std::size_t(1));
        QCOMPARE(parts[0], (LayerPartition { "layer1", ShardingKind::Replicated, { 0 }, 1, 0, 0 }));
    }

    void names()
    {
        for (ShardingKind k : { ShardingKind::Replicated, ShardingKind::TensorWise, ShardingKind::LayerWise })
            QCOMPARE(shardingKindFromString(toString(k)), std::optional<ShardingKind>(k));
        QCOMPARE(shardingKindFromString("tensorwise"), std::optional<ShardingKind>(ShardingKind::TensorWise));
        QVERIFY(!shardingKindFromString("Pipeline"));
    }
};

QTEST_GUILESS_MAIN(TestLayerPartition)
#include "tst_layer_partition.moc"
