// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/proposals/scale_proposals.*: the proposals that change the job (global batch, GPU count) come
// from evaluating the changed problem: applying one (cluster, training, config) reproduces its numbers, its
// speedup is the tokens/s ratio, and the plans it picks are what independent searches of the changed problem
// find.
#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "partition/plan_search.h"
#include "partition/planner.h"
#include "proposals/scale_proposals.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

PlanningProblem makeProblem(int gpus, std::int64_t globalBatch, const char* gpu = "H100-SXM", int perNode = 8)
{
    PlanningProblem p;
    p.model = buildModelGraph(llama3_8b());
    p.cluster = ClusterSpec::make(catalogGpu(gpu), gpus, perNode);
    p.training.seqLength = 4096;
    p.training.globalBatch = globalBatch;
    return p;
}

/// The proposal applied: its cluster (or the problem's) and training, its configuration evaluated afresh.
PlanEstimate reapply(const PlanningProblem& base, const Proposal& p)
{
    PlanningProblem applied = base;
    applied.training = p.training;
    if (p.cluster) applied.cluster = *p.cluster;
    return PlanEvaluator(applied).evaluate(p.config);
}

/// The fastest plan that fits in an independent search of `p` (nullopt when none fits).
std::optional<PlanSummary> fastest(const PlanningProblem& p, const PlanPins& pins)
{
    const PlanEvaluator evaluator(p);
    std::optional<PlanSummary> best;
    for (const PlanSummary& s : searchPlans(evaluator, pins).candidates)
        if (s.feasible && (!best || s.tokensPerSecond > best->tokensPerSecond)) best = s;
    return best;
}

} // namespace

class TestProposalsScale : public QObject
{
    Q_OBJECT

private slots:
    void kindNames()
    {
        QCOMPARE(toString(ProposalKind::GlobalBatch), std::string_view("global_batch"));
        QCOMPARE(toString(ProposalKind::ClusterSize), std::string_view("cluster_size"));
        QVERIFY(proposalKindFromString("global_batch") == ProposalKind::GlobalBatch);
        QVERIFY(proposalKindFromString("cluster_size") == ProposalKind::ClusterSize);
    }

    // PP 16 with 16 micro-batches: a large bubble. The global batch doubles (same DP and micro-batch, so m
    // doubles) until the bubble is under 15 %; each proposal reproduces when applied, its speedup is the
    // tokens/s ratio, and throughput grows with m as the bubble shrinks.
    void bubbleRaisesGlobalBatch()
    {
        const PlanningProblem p = makeProblem(16, 16);
        ParallelConfig c;
        c.pp = 16;
        c.zeroStage = 1;
        const PlanEstimate current = PlanEvaluator(p).evaluate(c);
        QVERIFY2(current.feasible, current.infeasibleReason.c_str());
        QVERIFY(current.bubbleFraction > kBubbleWarningFraction);
        const std::vector<Proposal> list = proposeGlobalBatchChanges(p, current);
        QVERIFY(!list.empty());
        double previousBubble = current.bubbleFraction;
        double previousTokens = current.tokensPerSecond;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Proposal& prop = list[i];
            const std::int64_t batch = 16LL << (i + 1);
            QVERIFY(prop.kind == ProposalKind::GlobalBatch);
            QCOMPARE(prop.training.globalBatch, batch);
            QCOMPARE(prop.config, c);
            QVERIFY(!prop.cluster);
            QCOMPARE(prop.title.text(),
                "Raise global batch to " + std::to_string(batch) + " sequences (m = " + std::to_string(batch)
                    + " micro-batches)");
            const PlanEstimate again = reapply(p, prop);
            QCOMPARE(again.numMicroBatches, int(batch));
            QCOMPARE(again.time.stepSeconds, prop.estimate.time.stepSeconds);
            QCOMPARE(again.bubbleFraction, prop.estimate.bubbleFraction);
            QCOMPARE(prop.speedup, again.tokensPerSecond / current.tokensPerSecond);
            QVERIFY(prop.estimate.bubbleFraction < previousBubble);
            QVERIFY(prop.estimate.tokensPerSecond > previousTokens);
            // Stops at the first under the threshold (or at 8x).
            const bool last = i + 1 == list.size();
            QCOMPARE(prop.estimate.bubbleFraction <= kBubbleWarningFraction || batch == 16 * 8, last);
            previousBubble = prop.estimate.bubbleFraction;
            previousTokens = prop.estimate.tokensPerSecond;
        }
        // No bubble worth a warning, no proposal: PP 16 with 512 micro-batches.
        const PlanningProblem big = makeProblem(16, 512);
        const PlanEstimate small = PlanEvaluator(big).evaluate(c);
        QVERIFY(small.bubbleFraction < kBubbleWarningFraction);
        QVERIFY(proposeGlobalBatchChanges(big, small).empty());
    }

    // A global batch of 1,000 on 64 GPUs rules out DP 16, 32, 64: the proposal raises it to 1,024 (the next
    // multiple of 64) with the fastest plan an independent search of that problem finds.
    void divisorsRaiseGlobalBatch()
    {
        const PlanningProblem p = makeProblem(64, 1000);
        const PlanningOutcome o = runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, 1);
        QVERIFY(!o.top.empty() && o.top.front().feasible);
        const PlanEstimate& current = o.top.front();
        const std::vector<Proposal> list = proposeGlobalBatchChanges(p, current);
        const Proposal* prop = nullptr;
        for (const Proposal& x : list)
            if (x.training.globalBatch == (1000 / 64 + 1) * 64) prop = &x;
        QVERIFY(prop);
        QString ruledOut;
        for (int d = 1; d <= 64; d *= 2)
            if (1000 % d != 0)
                ruledOut += (ruledOut.isEmpty() ? QString() : QStringLiteral(", ")) + QString::number(d);
        QCOMPARE(QString::fromStdString(prop->title.text()),
            QStringLiteral("Raise global batch to 1,024 sequences (allows DP %1)").arg(ruledOut));
        PlanningProblem raised = p;
        raised.training.globalBatch = 1024;
        const std::optional<PlanSummary> best = fastest(raised, raised.training.pins);
        QVERIFY(best);
        QCOMPARE(prop->config, best->config);
        const PlanEstimate again = reapply(p, *prop);
        QCOMPARE(again.tokensPerSecond, prop->estimate.tokensPerSecond);
        QCOMPARE(prop->speedup, again.tokensPerSecond / current.tokensPerSecond);
        QCOMPARE(prop->memoryDeltaBytes, again.peakMemoryBytes - current.peakMemoryBytes);
        // No such proposal when the batch allows every DP.
        const PlanningProblem even = makeProblem(64, 1024);
        const PlanningOutcome oe = runPlanning(even, Strategy::Exhaustive, ScoreWeights {}, 1);
        for (const Proposal& x : proposeGlobalBatchChanges(even, oe.top.front()))
            QVERIFY(x.title.text().find("allows DP") == std::string::npos);
    }

    // Nothing fits on one A100-40GB: "use N GPUs" with N the first node count at which an independent search
    // finds a plan, its plan the fastest there, reproducible on its cluster.
    void clusterSize()
    {
        const PlanningProblem p = makeProblem(1, 512, "A100-SXM-40GB", 1);
        const ClusterSweep sweep = smallestFittingCluster(p);
        std::optional<int> first;
        std::optional<PlanSummary> best;
        for (int nodes = 2; nodes <= 16 && !first; ++nodes)
            if ((best = fastest(withNodes(p, nodes), sweep.pins))) first = nodes;
        QVERIFY(first);
        const PlanEvaluator evaluator(p);
        ParallelConfig single;
        single.zeroStage = 1;
        single.recompute = Recompute::Full;
        const PlanEstimate closest = evaluator.evaluate(single);
        QVERIFY(!closest.feasible);
        const std::optional<Proposal> prop = proposeClusterSize(p, sweep, &closest);
        QVERIFY(prop);
        QVERIFY(prop->kind == ProposalKind::ClusterSize);
        QVERIFY(prop->cluster);
        QCOMPARE(prop->cluster->totalGpus(), *first);
        QCOMPARE(prop->cluster->gpu.name, p.cluster.gpu.name);
        QCOMPARE(prop->config, best->config);
        QCOMPARE(prop->training.pins, sweep.pins);
        QVERIFY(prop->feasible);
        QCOMPARE(prop->title,
            "Use " + std::to_string(*first) + " GPUs: " + std::to_string(*first)
                + " nodes of 1 A100-SXM-40GB (now 1)");
        const PlanEstimate again = reapply(p, *prop);
        QCOMPARE(again.peakMemoryBytes, prop->estimate.peakMemoryBytes);
        QCOMPARE(again.tokensPerSecond, best->tokensPerSecond);
        QCOMPARE(prop->speedup, 0.0); // nothing fits now: no throughput to compare with
        QCOMPARE(prop->memoryDeltaBytes, again.peakMemoryBytes - closest.peakMemoryBytes);
        // Against a plan that fits, the speedup is the tokens/s ratio.
        const PlanEstimate& fits = prop->estimate;
        const std::optional<Proposal> again2 = proposeClusterSize(p, sweep, &fits);
        QVERIFY(again2);
        QCOMPARE(again2->speedup, 1.0);
        // No cluster found: no proposal.
        QVERIFY(!proposeClusterSize(p, ClusterSweep {}, &closest));
    }
};

QTEST_GUILESS_MAIN(TestProposalsScale)
#include "tst_proposals_scale.moc"
