// SPDX-License-Identifier: GPL-3.0-or-later
// The memory floor before placing (PlanEvaluator::rejectBeforePlacing): a candidate is rejected without placing its
// layers only where every placement needs more than is usable. Held against the placements themselves (random
// problems and Llama-3-70B) and against a brute force over every split of whole blocks.
#include "gpt_fixtures.h"
#include "random_problems.h"
#include "cost/memory_model.h"
#include "partition/plan_config_text.h"
#include "proposals/proposals.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

class TestMemoryFloor : public QObject
{
    Q_OBJECT
private slots:
    void memoryFloorBelowEveryPlacement();
    void wholeBlocksFloorSeesTheUnevenSplit();
    void oneRecordMovesEvaluatorFloorAndProposal();
};

void TestMemoryFloor::memoryFloorBelowEveryPlacement()
{
    // The memory floor before placing rejects a candidate only where every placement needs more than is usable: the
    // candidate placed anyway (evaluate() applies the rules, not the floor) needs at least the floor on its fullest
    // stage. Random problems (small GPUs, 1F1B, interleaved, zero-bubble and ZBV schedules whose stages keep
    // different micro-batches in flight, heads of large vocabularies on the last stage) and Llama-3-70B on 64 H100
    // at seq 8192, the window's example. The floor is not vacuous: many rejections are within 30 % of the placement.
    std::size_t rejected = 0, close = 0;
    auto check = [&](const std::string& what, const PlanningProblem& problem) {
        const PlanEvaluator evaluator(problem);
        for (const ParallelConfig& c : enumerateCandidates(evaluator, problem.training.pins, 2)) {
            PlanSummary s;
            if (!evaluator.rejectBeforePlacing(c, s) || s.peakMemoryBytes <= 0) continue; // a rule, or placed
            const PlanEstimate e = evaluator.evaluate(c);
            if (!e.infeasibleReason.empty() && e.stages.empty()) continue; // a rule after all
            QVERIFY2(!e.feasible && e.peakMemoryBytes >= s.peakMemoryBytes,
                qPrintable(QStringLiteral("%1, %2: floor %3, placed %4 (%5)")
                               .arg(QString::fromStdString(what), QString::fromStdString(planConfigText(c)))
                               .arg(s.peakMemoryBytes, 0, 'g', 17)
                               .arg(e.peakMemoryBytes, 0, 'g', 17)
                               .arg(e.feasible ? "fits" : "does not fit")));
            ++rejected;
            close += e.peakMemoryBytes < 1.3 * s.peakMemoryBytes ? 1 : 0;
        }
    };
    for (unsigned seed = 1200; seed < 1260 && !QTest::currentTestFailed(); ++seed)
        check(randomProblem(seed).text, randomProblem(seed).problem);
    PlanningProblem llama;
    llama.model = buildModelGraph(llama3_70b());
    llama.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 64, 8);
    llama.training.seqLength = 8192;
    llama.training.globalBatch = 512;
    if (!QTest::currentTestFailed()) check("Llama-3-70B on 64 H100", llama);
    if (QTest::currentTestFailed()) return;
    qInfo("%zu candidates rejected by the memory floor, %zu of them within 30 %% of their placement", rejected, close);
    QVERIFY(rejected > 1000 && close > rejected / 4);
}

void TestMemoryFloor::wholeBlocksFloorSeesTheUnevenSplit()
{
    // Five identical blocks over four stages: some stage holds two whatever the placement, which the average stage
    // (1.25 blocks) and the relaxation that may split blocks miss. The floor before placing is the least fullest
    // stage over every split of whole blocks (brute force here: each stage needs F + n_k (s + f_k a), s a block's
    // model states, a its activations per micro-batch, f_k the stage's micro-batches in flight, F the memory every
    // GPU has besides). With the usable memory a quarter block below it, the candidate is rejected before placing
    // with that floor, and placed anyway it needs at least as much on its fullest stage, which holds two blocks.
    for (const Schedule schedule : { Schedule::GPipe, Schedule::OneFOneB, Schedule::ZeroBubbleH1 }) {
        PlanningProblem problem;
        for (int b = 0; b < 5; ++b) {
            Layer l = syntheticMlpBlock(b);
            l.actShardedBytesPerToken = 150'000;
            problem.model.addLayer(l);
        }
        problem.model.addSequentialEdges();
        problem.cluster = freeLinkCluster(4);
        problem.training.seqLength = 1024;
        problem.training.globalBatch = 8;
        problem.training.pins.pp = 4;
        problem.training.pins.tp = 1;
        problem.training.pins.microBatch = 1;
        problem.training.pins.zeroStage = 0;
        problem.training.pins.recompute = Recompute::None;
        problem.training.pins.schedule = schedule;
        const TrainingSpec& tr = problem.training;
        const std::vector<ParallelConfig> configs = enumerateCandidates(PlanEvaluator(problem), tr.pins, 1);
        QVERIFY(!configs.empty());
        const ParallelConfig c = configs.front();
        const int m = 8; // micro-batches: global batch 8, DP 1, micro-batch 1
        const double s = modelStateBytes(100'000'000, tr, 0, 1).total();
        const double a = 150'000.0 * 1024; // bf16: bytes per token x tokens of a micro-batch
        const double fixed = otherMemoryBytes(tr, c, 0, 0, 100'000'000, 0, false).total();
        auto inFlight = [&](int k) { // GPipe keeps every micro-batch, 1F1B p - k of them (Narayanan 2021), ZB-H1 p
            return schedule == Schedule::GPipe ? double(m)    // on every stage (Qi et al. 2024, Sec. 2.1)
                : schedule == Schedule::OneFOneB ? double(std::min(4 - k, m))
                                                  : double(std::min(4, m));
        };
        double least = 1e300;
        for (int n0 = 0; n0 <= 5; ++n0)
            for (int n1 = 0; n0 + n1 <= 5; ++n1)
                for (int n2 = 0; n0 + n1 + n2 <= 5; ++n2) {
                    const int n[4] = { n0, n1, n2, 5 - n0 - n1 - n2 };
                    double fullest = 0;
                    for (int k = 0; k < 4; ++k)
                        fullest = std::max(fullest, fixed + n[k] * (s + inFlight(k) * a));
                    least = std::min(least, fullest);
                }
        const double usable = least - 0.25 * (s + a);
        problem.cluster.gpu.memoryBytes = usable / (1.0 - tr.memoryMargin);
        const PlanEvaluator evaluator(problem);
        PlanSummary summary;
        const QByteArray what = QByteArray(toString(schedule).data(), qsizetype(toString(schedule).size()));
        QVERIFY2(evaluator.rejectBeforePlacing(c, summary), what);
        QVERIFY2(summary.infeasibleReason.text().find("however the layers are placed") != std::string::npos,
                 what + ": " + QByteArray::fromStdString(summary.infeasibleReason.text()));
        QVERIFY2(summary.peakMemoryBytes <= least && summary.peakMemoryBytes >= least * (1.0 - 2.0 / 1024),
                 qPrintable(QStringLiteral("%1: floor %2, least fullest stage %3")
                                .arg(QString::fromLatin1(what)).arg(summary.peakMemoryBytes, 0, 'g', 17).arg(least, 0, 'g', 17)));
        const PlanEstimate placed = evaluator.evaluate(c);
        QVERIFY2(!placed.feasible && placed.peakMemoryBytes >= summary.peakMemoryBytes, what);
        int blocks = 0;
        for (const auto& [first, end] : placed.stages[std::size_t(placed.peakStage)].layerRanges)
            blocks += end - first;
        QVERIFY2(blocks == 2, what);
    }
}

QTEST_APPLESS_MAIN(TestMemoryFloor)
void TestMemoryFloor::oneRecordMovesEvaluatorFloorAndProposal()
{
    // What a unit needs of its stage is one record (UnitNeeds, core/cost/unit_need.h), read by the evaluator, the
    // memory floors and, through the evaluator, the proposals. One term of it changed -- the optimizer states, Adam's
    // 12 bytes a parameter (fp32 master weights, momentum, variance) against SGD with momentum's 8 (ZeRO paper
    // Sec. 3.1, K) -- moves all three by the amounts written out here, which a copy of the formula left behind in
    // any one of them would miss.
    // A 1.3 B GPT (hidden 2048, 24 layers) on one node of 8 A100, TP 2 x DP 4, one stage, ZeRO 0.
    auto problemWith = [](OptimizerKind optimizer, double memoryBytes) {
        PlanningProblem p = megatronProblem(megatronGpt(2048, 16, 24), 8, 64);
        p.training.optimizer = optimizer;
        p.cluster.gpu.memoryBytes = memoryBytes;
        return p;
    };
    const ParallelConfig c { .tp = 2, .pp = 1, .dp = 4, .zeroStage = 0, .recompute = Recompute::Selective,
                             .sequenceParallel = true, .schedule = Schedule::OneFOneB };
    struct Seen
    {
        double params = 0, peak = 0, optimizer = 0, floor = 0, zeroOneDelta = 0;
    };
    auto see = [&](OptimizerKind optimizer) {
        Seen seen;
        const PlanningProblem problem = problemWith(optimizer, 80 * kGiB);
        const PlanEstimate e = PlanEvaluator(problem).evaluate(c);
        if (!e.feasible || e.stages.size() != 1)
            return seen;
        seen.params = e.stages[0].paramsPerDevice;
        seen.peak = e.peakMemoryBytes;
        seen.optimizer = e.stages[0].memory.optimizerBytes;
        // The floor before placing: on a 1 GiB GPU the average stage's floor already rejects the plan and is
        // reported (PlanSummary::peakMemoryBytes); one stage is the average stage.
        PlanSummary s;
        if (PlanEvaluator(problemWith(optimizer, 1 * kGiB)).rejectBeforePlacing(c, s))
            seen.floor = s.peakMemoryBytes;
        for (const Proposal& q : proposeChanges(problem, e, 100))
            if (q.kind == ProposalKind::ZeroStage && q.config.zeroStage == 1)
                seen.zeroOneDelta = q.memoryDeltaBytes;
        return seen;
    };
    const Seen adam = see(OptimizerKind::AdamMixed), sgd = see(OptimizerKind::SgdMomentum);
    QVERIFY(adam.params > 0 && sgd.params == adam.params);
    QVERIFY(adam.floor > 0 && sgd.floor > 0 && adam.zeroOneDelta < 0 && sgd.zeroOneDelta < 0);
    const double P = adam.params; // the parameters one GPU holds (TP 2 halves the blocks)
    auto near = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); };
    // The evaluator: 12 P and 8 P bytes of optimizer states, so the peak 4 P apart.
    QCOMPARE(adam.optimizer, 12.0 * P);
    QCOMPARE(sgd.optimizer, 8.0 * P);
    QVERIFY2(near(adam.peak - sgd.peak, 4.0 * P), qPrintable(QString::number(adam.peak - sgd.peak, 'g', 17)));
    // The floor (model states + activations + the rest, all but the states the same for both): 4 P apart too.
    QVERIFY2(near(adam.floor - sgd.floor, 4.0 * P), qPrintable(QString::number(adam.floor - sgd.floor, 'g', 17)));
    // The ZeRO-1 proposal shards the optimizer states over the 4 DP ranks: it saves 3/4 of 12 P or of 8 P (the
    // rest of its change -- the optimizer step's fp32 temporaries -- is the same for both).
    QVERIFY2(near(sgd.zeroOneDelta - adam.zeroOneDelta, 0.75 * 4.0 * P),
        qPrintable(QString::number(sgd.zeroOneDelta - adam.zeroOneDelta, 'g', 17)));
}

#include "tst_memory_floor.moc"
