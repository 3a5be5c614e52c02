// SPDX-License-Identifier: GPL-3.0-or-later
// FP8 as Transformer Engine trains it: the blocks' GEMMs in FP8 with their cached FP8 weight copies, the
// embedding, output head and attention core in bf16.
#include "cost/plan_evaluator.h"
#include "cost/unit_costs.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

PlanningProblem llama8b(Precision precision)
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3-8b");
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 8, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = 64;
    p.training.precision = precision;
    return p;
}

ParallelConfig tp2dp4()
{
    ParallelConfig c;
    c.tp = 2;
    c.dp = 4;
    c.zeroStage = 1;
    c.sequenceParallel = true;
    return c;
}

} // namespace

class TestFp8Training : public QObject
{
    Q_OBJECT
private slots:
    // Llama-3-8B's block GEMM weights by hand: q and o 4096 x 4096, k and v 4096 x 1024 (8 key/value heads of
    // 128), gate, up and down 4096 x 14336; 32 blocks. FP8 keeps 2 more bytes of each (weight and transpose).
    void fp8WeightCopies()
    {
        const PlanningProblem bf16 = llama8b(Precision::Bf16);
        const PlanningProblem fp8 = llama8b(Precision::Fp8);
        const PlanEstimate a = PlanEvaluator(bf16).evaluate(tp2dp4());
        const PlanEstimate b = PlanEvaluator(fp8).evaluate(tp2dp4());
        const double perBlock = 4096.0 * (4096 + 1024 + 1024 + 4096) + 3.0 * 4096 * 14336;
        const double copies = 2.0 * 32 * perBlock / 2; // over TP 2
        QCOMPARE(b.stages[0].memory.weightsBytes - a.stages[0].memory.weightsBytes, copies);
        // The master weights, gradients and optimizer states are the same.
        QCOMPARE(b.stages[0].memory.optimizerBytes, a.stages[0].memory.optimizerBytes);
        QCOMPARE(b.stages[0].memory.gradientsBytes, a.stages[0].memory.gradientsBytes);
    }

    // The output head stays a bf16 GEMM; the blocks get faster.
    void headStaysBf16()
    {
        const PlanningProblem bf16 = llama8b(Precision::Bf16);
        const PlanningProblem fp8 = llama8b(Precision::Fp8);
        const PlanEvaluator ev(bf16);
        const std::vector<PartitionUnit>& units = ev.units();
        const PartitionUnit& head = units.back();
        QVERIFY(head.block < 0);
        const PartitionUnit* block = nullptr;
        for (const PartitionUnit& u : units)
            if (u.block >= 0 && !block)
                block = &u;
        const UnitCostModel m16(bf16, tp2dp4()), m8(fp8, tp2dp4());
        QCOMPARE(m8.cost(head, false).computeSeconds, m16.cost(head, false).computeSeconds);
        QVERIFY(m8.cost(*block, false).gemmSeconds < 0.75 * m16.cost(*block, false).gemmSeconds);
        QVERIFY(PlanEvaluator(fp8).evaluate(tp2dp4()).time.stepSeconds < ev.evaluate(tp2dp4()).time.stepSeconds);
    }
};

QTEST_GUILESS_MAIN(TestFp8Training)
#include "tst_fp8_training.moc"
