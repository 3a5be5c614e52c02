// SPDX-License-Identifier: GPL-3.0-or-later
// Tests the pipeline sends of core/cost/plan_evaluator.cpp against hand calculations: each boundary goes
// over NVLink when its two stages sit on one node and over the network when they do not, by Megatron's rank
// order (PP outermost). Before, every boundary of a job spanning nodes was priced as inter-node.
#include "cost/plan_evaluator.h"
#include "cost/step_model.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QtTest>

using namespace shardscope;

namespace {

/// Llama-2-7B on 2 nodes of 8 H100, sequence 4096, 16 sequences a step, bf16.
PlanningProblem twoNodes()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-2-7b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 16;
    p.training.precision = Precision::Bf16;
    return p;
}

/// One send of a boundary: b s h bf16 elements split over TP (Narayanan 2021 Sec. 4.1) at the link's
/// effective bandwidth, plus its latency.
double send(const LinkSpec& link, int tp)
{
    const double bytes = 1.0 * 4096 * 4096 * 2 / tp;
    return bytes / (link.bandwidthBytesPerSecond * link.efficiency) + link.latencySeconds;
}

} // namespace

class TestPipelineLinks : public QObject
{
    Q_OBJECT
private slots:
    // TP 4 x PP 4 x DP 1 on 2 nodes, 1F1B without overlap: stages 0 and 1 share node 0, stages 2 and 3 node 1.
    void twoNodePipelineOfFourStages()
    {
        const PlanningProblem problem = twoNodes();
        ParallelConfig c;
        c.tp = 4;
        c.pp = 4;
        c.dp = 1;
        c.microBatch = 1;
        c.sequenceParallel = true;
        c.schedule = Schedule::OneFOneB;
        const PlanEstimate e = PlanEvaluator(problem).evaluate(c);
        QCOMPARE(int(e.stages.size()), 4);
        const double nvlink = send(problem.cluster.intraNode, 4), network = send(problem.cluster.interNode, 4);
        QVERIFY(network > 5 * nvlink); // the two links differ enough for the test to tell them apart
        const double host = 2 * kPipelineStepHostSeconds; // a synchronous send and receive step each
        // Stage 0 sends forward to 1 (same node); 1 backward to 0 (same) and forward to 2 (other node);
        // 2 backward to 1 (other) and forward to 3 (same); 3 backward to 2 (same).
        const double expected[4] = { nvlink + host, nvlink + network + host, network + nvlink + host, nvlink + host };
        for (int k = 0; k < 4; ++k)
            QVERIFY2(qFuzzyCompare(e.stages[std::size_t(k)].ppCommSeconds, expected[k]),
                     qPrintable(QStringLiteral("stage %1: %2 s, by hand %3 s")
                                    .arg(k)
                                    .arg(e.stages[std::size_t(k)].ppCommSeconds)
                                    .arg(expected[k])));
    }

    // TP 8 fills a node: every boundary crosses, as before.
    void stagesOfAWholeNodeAlwaysCross()
    {
        const PlanningProblem problem = twoNodes();
        ParallelConfig c;
        c.tp = 8;
        c.pp = 2;
        c.dp = 1;
        c.microBatch = 1;
        c.sequenceParallel = true;
        const PlanEstimate e = PlanEvaluator(problem).evaluate(c);
        const double network = send(problem.cluster.interNode, 8);
        for (const StageEstimate& st : e.stages)
            QVERIFY(qFuzzyCompare(st.ppCommSeconds, network + 2 * kPipelineStepHostSeconds));
    }
};

QTEST_GUILESS_MAIN(TestPipelineLinks)
#include "tst_pipeline_links.moc"
