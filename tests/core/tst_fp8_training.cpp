// SPDX-License-Identifier: GPL-3.0-or-later
// FP8 as Transformer Engine trains it: the blocks' GEMMs in FP8 with their cached FP8 weight copies, the
// embedding, output head and attention core in bf16.
#include "cost/plan_evaluator.h"
#include "cost/unit_costs.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "export/launch_config.h"
#include "util/input_error.h"

#include "launch_plan_fixtures.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;
using shardscope::testing::evaluatedDocument;

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

/// The first transformer block's unit.
const PartitionUnit& firstBlock(const PlanEvaluator& ev, int block = 0)
{
    for (const PartitionUnit& u : ev.units())
        if (u.block == block)
            return u;
    throw std::logic_error("no such block");
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

    // The recipes by Transformer Engine's quantizers (quantizer.cpp at d0067d0): current scaling (tensorwise) reads
    // every quantized tensor once more for its amax and runs two more kernels (amax, scale) than delayed scaling's
    // one cast; blockwise writes an FP32 scale per 128 elements, row-wise and column-wise. The quantized tensors of a
    // block by hand: each GEMM's input (tokens x k on this rank) forward, its output gradient (tokens x n) backward.
    void recipesCastAsTransformerEngineDoes()
    {
        PlanningProblem delayed = llama8b(Precision::Fp8);
        PlanningProblem tensorwise = delayed, blockwise = delayed;
        tensorwise.training.fp8.recipe = Fp8Recipe::Tensorwise;
        blockwise.training.fp8.recipe = Fp8Recipe::Blockwise;
        const PlanEvaluator ev(delayed);
        const PartitionUnit& unit = firstBlock(ev);
        double elements = 0, kernels = 0;
        for (int i = unit.firstLayer; i < unit.endLayer; ++i)
            for (const LayerGemm& g : delayed.model.layer(i).gemms) {
                const double n = g.n / (g.split == TpSplit::Columns ? 2 : 1), k = g.k / (g.split == TpSplit::Rows ? 2 : 1);
                elements += g.count * 8192.0 * (k + n); // micro-batch 1 of 8192 tokens, sequence-parallel TP 2
                kernels += g.count;
            }
        QVERIFY(elements > 0);
        const UnitCostModel md(delayed, tp2dp4()), mt(tensorwise, tp2dp4()), mb(blockwise, tp2dp4());
        const KernelModel& km = md.kernels();
        const double base = md.cost(unit, false).computeSeconds;
        const double amaxPass = km.memoryBoundSeconds(2.0 * elements) + 2 * 2 * kernels * km.kernelGapSeconds();
        QVERIFY(qFuzzyCompare(mt.cost(unit, false).computeSeconds - base, amaxPass));
        QVERIFY(qFuzzyCompare(mb.cost(unit, false).computeSeconds - base, km.memoryBoundSeconds(8.0 / 128 * elements)));
    }

    // Megatron's --first-last-layers-bf16: those blocks' GEMMs run in BF16 without FP8 weight copies.
    void firstAndLastBlocksInBf16()
    {
        PlanningProblem kept = llama8b(Precision::Fp8);
        kept.training.fp8 = { Fp8Recipe::Tensorwise, 1, 2 };
        PlanningProblem all = kept;
        all.training.fp8 = { Fp8Recipe::Tensorwise, 0, 0 };
        const PlanningProblem bf16 = llama8b(Precision::Bf16);
        const PlanEvaluator ev(kept);
        const UnitCostModel mk(kept, tp2dp4()), ma(all, tp2dp4()), m16(bf16, tp2dp4());
        for (int b : { 0, 30, 31 })
            QCOMPARE(mk.cost(firstBlock(ev, b), false).gemmSeconds, m16.cost(firstBlock(ev, b), false).gemmSeconds);
        QCOMPARE(mk.cost(firstBlock(ev, 1), false).gemmSeconds, ma.cost(firstBlock(ev, 1), false).gemmSeconds);
        // 3 of 32 blocks without the 2 bytes a weight of FP8 copies (fp8WeightCopies's count).
        const double perBlock = 4096.0 * (4096 + 1024 + 1024 + 4096) + 3.0 * 4096 * 14336;
        const double a = PlanEvaluator(all).evaluate(tp2dp4()).stages[0].memory.weightsBytes;
        const double k = PlanEvaluator(kept).evaluate(tp2dp4()).stages[0].memory.weightsBytes;
        QCOMPARE(a - k, 2.0 * 3 * perBlock / 2);
        // Megatron refuses them with delayed scaling (transformer_config.py at d98e8a6).
        kept.training.fp8.recipe = Fp8Recipe::Delayed;
        QVERIFY_THROWS_EXCEPTION(InputError, kept.training.validate("plan.json"));
    }

    // Megatron-LM's flags for the recipe and the BF16 blocks (arguments.py at d98e8a6).
    void megatronWritesTheRecipe()
    {
        PlanningProblem p = llama8b(Precision::Fp8);
        p.training.fp8 = { Fp8Recipe::Blockwise, 2, 1 };
        const std::string args = writeLaunchConfig(evaluatedDocument(p, { tp2dp4() }), 0, LaunchFormat::Megatron, "plan.json");
        for (const char* flag : { "--fp8-format hybrid", "--fp8-recipe blockwise", "--first-last-layers-bf16",
                                  "--num-layers-at-start-in-bf16 2", "--num-layers-at-end-in-bf16 1" })
            QVERIFY2(args.find(flag) != std::string::npos, flag);
    }
};

QTEST_GUILESS_MAIN(TestFp8Training)
#include "tst_fp8_training.moc"
