// SPDX-License-Identifier: GPL-3.0-or-later
// Proposals for mixtures of experts (core/proposals/proposals.*): EP up where the routed experts fill memory,
// EP down or back inside a node where the all-to-all crosses nodes, expert tensor parallelism up, down and
// traded for EP; the numbers are the evaluator's expert memory and all-to-all time, pins stop both knobs, and a
// dense model gets no expert proposal. The other proposals: tst_proposals.cpp.
#include "proposals/proposals.h"

#include "cost/plan_evaluator.h"
#include "util/text.h"

#include "proposal_fixtures.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

/// A small mixture of experts: 8 blocks of hidden 2048, 32 routed experts (intermediate 1408) of which 2 per token.
PlanningProblem smallMoe(int gpus)
{
    TransformerSpec s = llama(2048, 5632, 8, 16, 4, "tiny-moe");
    s.modelType = "mixtral";
    s.vocab = 32000;
    s.experts = 32;
    s.expertsPerToken = 2;
    s.expertFfn = 1408;
    return problem(s, gpus, 256);
}

/// Data parallelism over all GPUs with the routed experts over EP x ETP.
ParallelConfig moeConfig(int dp, int ep, int etp = 1)
{
    ParallelConfig c = config(1, 1, dp, 1, 1, Recompute::Selective);
    c.ep = ep;
    c.etp = etp;
    return c;
}

const MemoryBreakdown& peakOf(const PlanEstimate& e) { return e.stages[std::size_t(e.peakStage)].memory; }

} // namespace

class TestProposalsMoe : public QObject
{
    Q_OBJECT

private slots:
    // Gradient compression is priced by the evaluator's own data-parallel tail (issue 30: the int8 proposal
    // used to copy it and left the routed experts' expert-DP group out). The "now" of its rationale is the
    // evaluator's DP time, on a MoE plan whose experts reduce over a smaller group than the dense weights.
    void gradientCompressionCountsTheExpertGroup()
    {
        PlanningProblem p = smallMoe(32);
        p.cluster.interNode.bandwidthBytesPerSecond *= 0.125; // DP traffic that backward cannot hide
        const PlanEvaluator evaluator(p);
        for (const ParallelConfig& c : { moeConfig(32, 8), moeConfig(32, 32), moeConfig(32, 4, 2) }) {
            const PlanEstimate current = evaluator.evaluate(c);
            QVERIFY2(!current.stages.empty(), current.infeasibleReason.c_str());
            QVERIFY(current.stages.front().routedExpertParamsPerDevice > 0);
            const std::vector<Proposal> list = proposeChanges(p, current, 100);
            const Proposal* int8 = find(list, ProposalKind::GradientCommunication, "int8");
            QVERIFY(int8);
            const std::string now = "DP communication " + formatSeconds(current.comm.dpSeconds) + " -> ";
            QVERIFY2(int8->rationale.text().find(now) != std::string::npos,
                qPrintable(QString::fromStdString(now + " in: " + int8->rationale.text())));
        }
    }

    // Experts filling memory: EP up spreads them; the proposal quotes the evaluator's routed-expert bytes before
    // and after, and applying it reproduces the prediction.
    void expertParallelismUpForExpertMemory()
    {
        const PlanningProblem p = smallMoe(32);
        const PlanEvaluator evaluator(p);
        const PlanEstimate current = evaluator.evaluate(moeConfig(32, 1));
        QVERIFY2(!current.stages.empty(), current.infeasibleReason.c_str());
        QVERIFY(peakOf(current).routedExpertBytes > 0);
        const std::vector<Proposal> list = proposeChanges(p, current, 100);
        const Proposal* up = find(list, ProposalKind::ExpertParallel, "Raise expert parallelism to EP 2");
        QVERIFY(up);
        QVERIFY(up->evaluated);
        QCOMPARE(up->config.ep, 2);
        QCOMPARE(up->config.etp, 1);
        QVERIFY(up->config.dp == 32 && up->config.tp == 1); // the same GPUs, folded
        const double before = peakOf(current).routedExpertBytes, after = peakOf(up->estimate).routedExpertBytes;
        QVERIFY2(after < before, qPrintable(QString::number(after / before)));
        QVERIFY(up->memoryDeltaBytes < 0);
        QVERIFY2(up->rationale.text().find("routed experts hold " + formatBytes(before)) != std::string::npos, up->rationale.text().c_str());
        QVERIFY(up->rationale.text().find("routed experts per GPU " + formatBytes(before) + " -> " + formatBytes(after)) != std::string::npos);
        const PlanEstimate applied = evaluator.evaluate(up->config);
        QCOMPARE(applied.time.stepSeconds, up->estimate.time.stepSeconds);
        QCOMPARE(applied.peakMemoryBytes - current.peakMemoryBytes, up->memoryDeltaBytes);
        // No EP 1 plan can lower EP or ETP.
        for (const Proposal& q : list)
            if (q.kind == ProposalKind::ExpertParallel)
                QVERIFY(q.config.ep >= 1 && q.config.etp >= 1 && (q.config.ep > 1 || q.config.etp > 1));
    }

    // An EP group spanning four nodes: EP down and EP back inside a node, each cutting the exposed all-to-all;
    // the rationale names the current all-to-all time and that it crosses nodes.
    void expertParallelismDownWhenTheAllToAllCrossesNodes()
    {
        const PlanningProblem p = smallMoe(32);
        const PlanEstimate current = PlanEvaluator(p).evaluate(moeConfig(32, 32));
        QVERIFY2(!current.stages.empty(), current.infeasibleReason.c_str());
        QVERIFY(current.comm.epSeconds > 0 && current.comm.epBytes > 0);
        const std::vector<Proposal> list = proposeChanges(p, current, 100);
        const Proposal* down = find(list, ProposalKind::ExpertParallel, "Lower expert parallelism to EP 16");
        const Proposal* inNode = find(list, ProposalKind::ExpertParallel, "Keep the expert all-to-all inside a node: EP 8");
        QVERIFY(down && inNode);
        QCOMPARE(inNode->config.ep, 8);
        QVERIFY2(down->rationale.text().find("expose " + formatSeconds(current.comm.epSeconds) + " per step") != std::string::npos,
                 down->rationale.text().c_str());
        QVERIFY(down->rationale.text().find(", across nodes") != std::string::npos);
        QVERIFY2(inNode->rationale.text().find("(inside a node)") != std::string::npos, inNode->rationale.text().c_str());
        QVERIFY2(inNode->estimate.comm.epSeconds < current.comm.epSeconds,
                 qPrintable(QStringLiteral("%1 -> %2").arg(current.comm.epSeconds).arg(inNode->estimate.comm.epSeconds)));
        // More experts per GPU: their memory grows.
        QVERIFY(peakOf(inNode->estimate).routedExpertBytes > peakOf(current).routedExpertBytes);
    }

    // Expert tensor parallelism: up from ETP 1, down and traded for EP from ETP 2; pins stop both knobs; a dense
    // model gets no expert proposal.
    void expertTensorParallelismAndPins()
    {
        PlanningProblem p = smallMoe(32);
        const PlanEstimate ep4 = PlanEvaluator(p).evaluate(moeConfig(32, 4));
        QVERIFY2(!ep4.stages.empty(), ep4.infeasibleReason.c_str());
        const std::vector<Proposal> fromEp4 = proposeChanges(p, ep4, 100);
        const Proposal* split = find(fromEp4, ProposalKind::ExpertParallel, "Split each expert over EP 4 x ETP 2");
        QVERIFY(split);
        QCOMPARE(split->config.etp, 2);
        QVERIFY(split->rationale.text().find("intermediate size 1408") != std::string::npos);

        const PlanEstimate etp2 = PlanEvaluator(p).evaluate(moeConfig(32, 4, 2));
        QVERIFY2(!etp2.stages.empty(), etp2.infeasibleReason.c_str());
        const std::vector<Proposal> fromEtp2 = proposeChanges(p, etp2, 100);
        const Proposal* less = find(fromEtp2, ProposalKind::ExpertParallel, "Less expert tensor parallelism: EP 4");
        const Proposal* traded = find(fromEtp2, ProposalKind::ExpertParallel, "Trade expert tensor parallelism for expert parallelism: EP 8");
        QVERIFY(less && traded);
        QCOMPARE(traded->config.ep * traded->config.etp, 8);

        p.training.pins.ep = 4;
        p.training.pins.etp = 1;
        const std::vector<Proposal> pinned = proposeChanges(p, PlanEvaluator(p).evaluate(moeConfig(32, 4)), 100);
        QVERIFY(!pinned.empty());
        for (const Proposal& q : pinned) {
            QVERIFY(q.kind != ProposalKind::ExpertParallel);
            QVERIFY(satisfiesPins(q.config, p.training.pins));
        }

        const PlanningProblem dense = llama8b(32, 256);
        for (const Proposal& q : proposeChanges(dense, PlanEvaluator(dense).evaluate(config(8, 4, 1)), 100))
            QVERIFY(q.kind != ProposalKind::ExpertParallel && q.config.ep == 1 && q.config.etp == 1);
    }
};

QTEST_GUILESS_MAIN(TestProposalsMoe)
#include "tst_proposals_moe.moc"
