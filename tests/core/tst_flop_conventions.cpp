// SPDX-License-Identifier: GPL-3.0-or-later
// Tests the two MFU conventions of core/cost/plan_evaluator.cpp against a hand count: Megatron-LM logs model
// FLOPs with the attention scores in full; NVIDIA's published MFU counts the half a causal mask hides as not done.
#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QtTest>

using namespace shardscope;

class TestFlopConventions : public QObject
{
    Q_OBJECT
private slots:
    void causalAttentionCountedHalf()
    {
        PlanningProblem p;
        p.model = *findBundledModel("llama-2-7b"); // 32 blocks, 32 heads of 128: q = 4096
        p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 8, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 64;
        ParallelConfig c;
        c.tp = 1;
        c.dp = 8;
        c.microBatch = 1;
        c.zeroStage = 1;
        c.recompute = Recompute::Full;
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        const double tokens = 64.0 * 4096;
        // The scores per token and block, Q K^T and P V at 2 FLOPs a multiply-add: 4 q s (Korthikanti et al. 2022).
        const double scoresPerToken = 32 * 4.0 * 4096 * 4096;
        const double forwardPerToken = e.modelFlopsPerStep / (3 * tokens); // everything else, as the model counts it
        QVERIFY(scoresPerToken < forwardPerToken);
        QVERIFY(qFuzzyCompare(e.mfuCausalHalf, e.mfu * (forwardPerToken - scoresPerToken / 2) / forwardPerToken));
        // About 6 % of a 7B model's forward at 4k tokens, so the two figures differ visibly.
        QVERIFY(e.mfuCausalHalf < 0.95 * e.mfu);
        // Full recomputation adds hardware FLOPs, not model FLOPs: HFU moves, neither MFU does.
        QVERIFY(e.hfu > e.mfu);
    }
};

QTEST_GUILESS_MAIN(TestFlopConventions)
#include "tst_flop_conventions.moc"
