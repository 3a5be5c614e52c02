// SPDX-License-Identifier: GPL-3.0-or-later
// EvaluationContext (core/cost/evaluation_context.h): a context changes how fast an answer comes, never the
// answer. One context carried across evaluators of different problems (the unit-cost cache is keyed to its
// evaluator, the pipeline programs and partitions to their shapes) gives exactly what a fresh context gives,
// and a search's per-thread contexts give what one thread gives.
#include "cost/evaluation_context.h"
#include "cost/plan_evaluator.h"
#include "partition/plan_search.h"
#include "proposal_fixtures.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

/// Every number of an estimate the views and plan JSON read, compared exactly.
void compareEstimates(const PlanEstimate& a, const PlanEstimate& b)
{
    QCOMPARE(a.feasible, b.feasible);
    QCOMPARE(a.infeasibleReason, b.infeasibleReason);
    QCOMPARE(a.time.stepSeconds, b.time.stepSeconds);
    QCOMPARE(a.time.computeSeconds, b.time.computeSeconds);
    QCOMPARE(a.time.bubbleSeconds, b.time.bubbleSeconds);
    QCOMPARE(a.time.dpExposedSeconds, b.time.dpExposedSeconds);
    QCOMPARE(a.peakMemoryBytes, b.peakMemoryBytes);
    QCOMPARE(a.comm.tpBytes, b.comm.tpBytes);
    QCOMPARE(a.comm.dpBytes, b.comm.dpBytes);
    QCOMPARE(a.stages.size(), b.stages.size());
    for (std::size_t s = 0; s < a.stages.size(); ++s) {
        QCOMPARE(a.stages[s].layerRanges, b.stages[s].layerRanges);
        QCOMPARE(a.stages[s].memory.totalBytes(), b.stages[s].memory.totalBytes());
        QCOMPARE(a.stages[s].microBatchSeconds(), b.stages[s].microBatchSeconds());
    }
}

} // namespace

class TestEvaluationContext : public QObject
{
    Q_OBJECT
private slots:
    void oneContextAcrossProblemsAnswersAsFreshOnes()
    {
        // Two problems whose unit costs differ (sequence 4,096 and 8,192, flash attention off in the second)
        // with the same configuration: the context's unit-cost cache must not hand the first's costs to the
        // second, nor its pipeline simulations and partitions.
        const PlanningProblem a = llama8b(64, 512);
        PlanningProblem b = problem(llama(4096, 14336, 32, 32, 8, "llama-8b-like"), 64, 512, 8192);
        b.training.flashAttention = false;
        const PlanEvaluator first(a), second(b);
        const std::vector<ParallelConfig> configs { config(2, 4, 8), config(1, 2, 32, 2), config(4, 2, 8, 1, 3),
            config(2, 4, 8, 1, 1, Recompute::Full) };
        EvaluationContext shared;
        for (int round = 0; round < 2; ++round)
            for (const ParallelConfig& c : configs) {
                EvaluationContext freshA, freshB;
                const PlanEstimate expectedA = first.evaluate(c, freshA), expectedB = second.evaluate(c, freshB);
                QVERIFY(expectedA.time.stepSeconds != expectedB.time.stepSeconds); // the problems do differ
                compareEstimates(first.evaluate(c, shared), expectedA);
                compareEstimates(second.evaluate(c, shared), expectedB);
            }
        // Cleared, it still answers the same.
        shared.clear();
        EvaluationContext fresh;
        compareEstimates(second.evaluate(configs.front(), shared), second.evaluate(configs.front(), fresh));
    }

    void searchThreadsAnswerAsOne()
    {
        // Each search thread owns a context: two threads give every candidate's summary exactly as one does,
        // with and without the step-time bound.
        const PlanningProblem p = llama8b(64, 512);
        const PlanEvaluator evaluator(p);
        for (SearchPruning pruning : { SearchPruning::None, SearchPruning::KeepFit }) {
            SearchOptions one, two;
            one.threads = 1;
            two.threads = 2;
            one.pruning = two.pruning = pruning;
            const SearchResult r1 = searchPlans(evaluator, p.training.pins, one);
            const SearchResult r2 = searchPlans(evaluator, p.training.pins, two);
            QCOMPARE(r1.candidates.size(), r2.candidates.size());
            QVERIFY(r1.candidates.size() > 1000);
            QCOMPARE(r1.feasibleCount, r2.feasibleCount);
            for (std::size_t i = 0; i < r1.candidates.size(); ++i) {
                const PlanSummary& x = r1.candidates[i];
                const PlanSummary& y = r2.candidates[i];
                QVERIFY(x.config == y.config);
                QCOMPARE(x.feasible, y.feasible);
                QCOMPARE(x.bounded, y.bounded);
                QCOMPARE(x.stepSeconds, y.stepSeconds);
                QCOMPARE(x.peakMemoryBytes, y.peakMemoryBytes);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestEvaluationContext)
#include "tst_evaluation_context.moc"
