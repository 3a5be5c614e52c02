// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline layouts beyond equal chunks: interleaved stages for any block count (checked against brute
// force), Llama 3's 405B recipe, and sharded data parallelism (ZeRO-2/3, FSDP, HSDP) together with pipelines.
#include "cost/plan_evaluator.h"
#include "cost/unit_costs.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "partition/plan_search.h"

#include <QtTest>

#include <functional>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

// An embedding, `blocks` identical MLP blocks and a heavy output head; free links, so stage time is compute.
PlanningProblem embeddingBlocksHead(int blocks, int gpus, std::int64_t batch)
{
    PlanningProblem p;
    Layer emb;
    emb.name = "embed";
    emb.kind = LayerKind::Embedding;
    emb.params = emb.tpShardedParams = 50'000'000;
    emb.flopsPerToken = 0.3 * 2.0 * 100'000'000;
    emb.outputElementsPerToken = 1024;
    p.model.addLayer(emb);
    for (int b = 0; b < blocks; ++b)
        p.model.addLayer(syntheticMlpBlock(b));
    Layer head = emb;
    head.name = "head";
    head.kind = LayerKind::OutputHead;
    head.flopsPerToken = 1.6 * 2.0 * 100'000'000;
    p.model.addLayer(head);
    p.model.addSequentialEdges();
    p.cluster = freeLinkCluster(gpus);
    p.training.seqLength = 1024;
    p.training.globalBatch = batch;
    return p;
}

double unitSeconds(const UnitCost& c) { return c.computeSeconds + c.recomputeSeconds + c.tpCommSeconds + c.cpCommSeconds; }

// Blocks held by a stage of an evaluated plan, from its layer ranges.
int blocksOf(const ModelGraph& g, const StageEstimate& st)
{
    std::set<int> blocks;
    for (const auto& [first, end] : st.layerRanges)
        for (int i = first; i < end; ++i)
            if (g.layer(i).block >= 0)
                blocks.insert(g.layer(i).block);
    return int(blocks.size());
}

PlanningProblem llama405b(std::int64_t seq, std::int64_t batch)
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3.1-405b");
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 16384, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = batch;
    return p;
}

} // namespace

class TestPipelineLayouts : public QObject
{
    Q_OBJECT
private slots:
    // The interleaved placement against every way of cutting the blocks into p x v chunks (empty chunks allowed):
    // its slowest stage is the fastest any layout achieves.
    void interleavedPlacementMatchesBruteForce_data()
    {
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::newRow("10 blocks, 4 x 2") << 10 << 4 << 2;
        QTest::newRow("9 blocks, 3 x 2") << 9 << 3 << 2;
        QTest::newRow("13 blocks, 2 x 3") << 13 << 2 << 3;
        QTest::newRow("6 blocks, 4 x 2") << 6 << 4 << 2;
    }
    void interleavedPlacementMatchesBruteForce()
    {
        QFETCH(int, blocks);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        const PlanningProblem p = embeddingBlocksHead(blocks, pp, 4L * pp);
        ParallelConfig c;
        c.pp = pp;
        c.vpp = vpp;
        c.schedule = Schedule::Interleaved1F1B;
        c.ppCommOverlap = true;
        const PlanEvaluator ev(p);
        const PlanEstimate e = ev.evaluate(c);
        QVERIFY2(e.feasible, e.infeasibleReason.c_str());
        QCOMPARE(int(e.chunkLayers.size()), pp * vpp);
        double worst = 0;
        for (const StageEstimate& st : e.stages)
            worst = std::max(worst, st.computeSeconds + st.recomputeSeconds + st.tpCommSeconds);

        const UnitCostModel costs(p, c);
        const std::vector<PartitionUnit>& units = ev.units();
        const double embed = unitSeconds(costs.cost(units.front(), true));
        const double block = unitSeconds(costs.cost(units[1], true));
        const double head = unitSeconds(costs.cost(units.back(), true));
        // Every composition of the blocks into pp x vpp chunk sizes, chunk j on stage j % pp.
        const int chunks = pp * vpp;
        std::vector<int> size(std::size_t(chunks), 0);
        double best = 1e300;
        std::function<void(int, int)> place = [&](int j, int left) {
            if (j == chunks - 1) {
                size[std::size_t(j)] = left;
                std::vector<double> stage(std::size_t(pp), 0.0);
                for (int k = 0; k < chunks; ++k)
                    stage[std::size_t(k % pp)] += size[std::size_t(k)] * block;
                stage[0] += embed;
                stage[std::size_t(pp - 1)] += head;
                best = std::min(best, *std::max_element(stage.begin(), stage.end()));
                return;
            }
            for (int n = 0; n <= left; ++n) {
                size[std::size_t(j)] = n;
                place(j + 1, left - n);
            }
        };
        place(0, blocks);
        QVERIFY2(qAbs(worst - best) <= 1e-9 * best, qPrintable(QStringLiteral("%1 vs brute force %2").arg(worst).arg(best)));
    }

    // Llama-3.1-405B on 16,384 H100 at sequence 8,192, 2,048 sequences a step, TP 8 and PP 16 pinned: 126 blocks
    // admit interleaving with one fewer block on the first and last stage (Llama 3 paper, Sec. 3.3.2), and the
    // best plan is such an interleaved plan with a bubble under 10 %.
    void llama405bInterleavedUneven()
    {
        const PlanningProblem p = llama405b(8192, 2048);
        const PlanEvaluator ev(p);
        PlanPins pins;
        pins.tp = 8;
        pins.pp = 16;
        const SearchResult r = searchPlans(ev, pins);
        const PlanSummary* best = nullptr;
        for (const PlanSummary& s : r.candidates)
            if (s.feasible && (!best || s.stepSeconds < best->stepSeconds))
                best = &s;
        QVERIFY(best);
        QVERIFY(isInterleaved(best->config.schedule));
        QVERIFY2(best->bubbleFraction < 0.10, qPrintable(QString::number(best->bubbleFraction)));
        const PlanEstimate e = ev.evaluate(best->config);
        QCOMPARE(int(e.chunkLayers.size()), 16 * best->config.vpp);
        QCOMPARE(blocksOf(p.model, e.stages.front()), 7);
        QCOMPARE(blocksOf(p.model, e.stages.back()), 7);
        for (int k = 1; k < 15; ++k)
            QCOMPARE(blocksOf(p.model, e.stages[std::size_t(k)]), 8);

        // Meta's own layout at CP 1, vpp 8 (what the paper ran at 8K): evaluable too, now that 126 blocks interleave.
        ParallelConfig meta;
        meta.tp = 8;
        meta.pp = 16;
        meta.dp = 128;
        meta.vpp = 8;
        meta.schedule = Schedule::Interleaved1F1B;
        meta.ppCommOverlap = true;
        meta.sequenceParallel = true;
        meta.zeroStage = 1;
        QCOMPARE(ev.structuralProblem(meta), std::string());
    }

    // ZeRO-2 and ZeRO-3 with pipelines, costed per micro-batch (the gathers and reduce-scatters of every
    // micro-batch) and found by the search.
    void shardedDataParallelWithPipelines()
    {
        PlanningProblem p;
        p.model = *findBundledModel("llama-3-70b");
        p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 64, 8);
        p.training.seqLength = 8192;
        p.training.globalBatch = 64;
        const PlanEvaluator ev(p);
        ParallelConfig c;
        c.tp = 8;
        c.pp = 2;
        c.dp = 4;
        c.sequenceParallel = true;
        c.zeroStage = 3;
        const PlanEstimate fsdp = ev.evaluate(c);
        QVERIFY2(fsdp.infeasibleReason.empty() || fsdp.infeasibleReason.rfind("stage", 0) == 0, fsdp.infeasibleReason.c_str());
        const int m = 64 / 4;
        QCOMPARE(fsdp.numMicroBatches, m);
        // Per micro-batch: gather bf16 weights for forward and again for backward, reduce-scatter fp32 gradients.
        const StageEstimate& st = fsdp.stages[std::size_t(fsdp.peakStage)];
        const double frac = 3.0 / 4;
        QVERIFY(qAbs(fsdp.comm.dpBytes - frac * m * (2 * 2 + 4) * fsdp.stages[0].paramsPerDevice)
                    < 1e-6 * fsdp.comm.dpBytes
                || qAbs(fsdp.comm.dpBytes - frac * m * (2 * 2 + 4) * fsdp.stages[1].paramsPerDevice) < 1e-6 * fsdp.comm.dpBytes);
        QCOMPARE(st.memory.weightsBytes, st.paramsPerDevice * 2 / 4);

        // Parameters kept from forward to backward (torchtitan reshard_after_forward = false): one gather per
        // micro-batch, and the stage's gathered weights held.
        c.reshardAfterForward = false;
        const PlanEstimate kept = ev.evaluate(c);
        QVERIFY(qAbs(kept.comm.dpBytes - frac * m * (2 + 4) * kept.stages[0].paramsPerDevice) < 1e-6 * kept.comm.dpBytes
                || qAbs(kept.comm.dpBytes - frac * m * (2 + 4) * kept.stages[1].paramsPerDevice) < 1e-6 * kept.comm.dpBytes);
        QCOMPARE(kept.stages[0].memory.other.zero3Gather, kept.stages[0].paramsPerDevice * 2);

        // ZeRO-2: gradients sharded, reduce-scattered every micro-batch; weights gathered once after the step.
        c.zeroStage = 2;
        c.reshardAfterForward = true;
        const PlanEstimate z2 = ev.evaluate(c);
        QCOMPARE(z2.stages[0].memory.gradientsBytes, z2.stages[0].paramsPerDevice * 4 / 4);
        QVERIFY(qAbs(z2.comm.dpBytes - frac * (m * 4 + 2) * z2.stages[0].paramsPerDevice) < 1e-6 * z2.comm.dpBytes
                || qAbs(z2.comm.dpBytes - frac * (m * 4 + 2) * z2.stages[1].paramsPerDevice) < 1e-6 * z2.comm.dpBytes);

        // The search offers FSDP with pipelines, feasible ones among them.
        bool found = false;
        for (const PlanSummary& s : searchPlans(ev, {}).candidates)
            found = found || (s.feasible && s.config.zeroStage == 3 && s.config.pp > 1);
        QVERIFY(found);
    }

    // HSDP: shards inside groups, then the shards' gradients all-reduced across the replicas.
    void hybridShardingTraffic()
    {
        PlanningProblem p;
        p.model = *findBundledModel("llama-3-8b");
        p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 32, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 32;
        ParallelConfig c;
        c.dp = 32;
        c.zeroStage = 3;
        c.dpReplicate = 4; // shard over 8 GPUs of a node, 4 replicas
        const PlanEvaluator ev(p);
        const PlanEstimate e = ev.evaluate(c);
        QVERIFY2(e.infeasibleReason.empty(), e.infeasibleReason.c_str());
        const double params = e.stages[0].paramsPerDevice;
        QCOMPARE(e.stages[0].memory.weightsBytes, params * 2 / 8);
        QCOMPARE(e.stages[0].memory.optimizerBytes, params * 12 / 8);
        const int m = 1;
        const double shard = 7.0 / 8 * m * (2 * 2 + 4) * params;
        const double replicas = m * 2.0 * 3 / 4 * (4 * params / 8);
        QVERIFY(qAbs(e.comm.dpBytes - (shard + replicas)) < 1e-6 * e.comm.dpBytes);
        c.zeroStage = 0;
        QVERIFY(ev.structuralProblem(c).find("hybrid") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestPipelineLayouts)
#include "tst_pipeline_layouts.moc"
