// SPDX-License-Identifier: GPL-3.0-or-later
// Ties (partition/plan_ties.*): plans whose step times differ by less than half the shown band are one group, at
// most ten; inside a group more headroom first, then settings closer to the frameworks' defaults, then speed.
// Hand-built rankings with the expected order written out, the tolerance from the band, and a real search whose
// groups are checked against their definition and against the unpruned search (the bound keeps tied plans exact).
#include "gpt_fixtures.h"
#include "partition/planner.h"
#include "partition/plan_ties.h"

#include <QtTest>

#include <numeric>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

PlanSummary summary(double step, double peakGiB, ParallelConfig c = { .tp = 8, .pp = 4, .dp = 2, .zeroStage = 1 })
{
    PlanSummary s;
    s.config = c;
    s.feasible = true;
    s.stepSeconds = step;
    s.tokensPerSecond = 1e6 / step;
    s.peakMemoryBytes = peakGiB * kGiB;
    s.capacityBytes = 80 * kGiB;
    return s;
}

std::vector<std::uint32_t> identity(std::size_t n)
{
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    return order;
}

} // namespace

class TestPlanTies : public QObject
{
    Q_OBJECT
private slots:
    void toleranceIsHalfTheShownBand()
    {
        CalibrationInfo h100;
        h100.family = "H100";
        h100.runs = 9;
        h100.rmsError = 0.046;
        QCOMPARE(h100.errorText(), std::string("± 5 %")); // the band the window shows
        QCOMPARE(tieRuleFor(h100).relativeTolerance, 0.025);
        CalibrationInfo a100 = h100;
        a100.family = "A100";
        a100.rmsError = 0.027;
        QCOMPARE(tieRuleFor(a100).relativeTolerance, 0.015); // ± 3 %
        QCOMPARE(tieRuleFor(CalibrationInfo {}).relativeTolerance, 0.025); // uncalibrated: half of ± 5 %
        QCOMPARE(tieRuleFor(h100).maxGroup, std::size_t(10));
    }

    void unusualSettingsCounted()
    {
        const ParallelConfig usual { .tp = 8, .pp = 4, .dp = 2, .zeroStage = 1 };
        QCOMPARE(unusualSettings(usual), 0);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 0, .schedule = Schedule::Interleaved1F1B }), 0);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 2 }), 1);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 3 }), 1);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 3, .reshardAfterForward = false, .dpReplicate = 2 }), 3);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 1, .schedule = Schedule::ZeroBubbleV }), 1);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .zeroStage = 1, .recompute = Recompute::Full, .sequenceParallel = true,
                                   .tpCommOverlap = true }),
                 2);
        QCOMPARE(unusualSettings({ .tp = 8, .pp = 4, .dp = 2, .cpCommType = CpCommType::AllToAll, .cp = 2 }), 1);
    }

    // The complaint: at one speed, ZeRO-1 at 70 GiB ranked over ZeRO-3 at 50 GiB, and a ZeRO-2 plan over the
    // distributed optimizer. 2.5 % tolerance: A, B, C tie with the fastest (A); D is 2.6 % slower than A.
    void groupOrderedByHeadroomThenDefaults()
    {
        const ParallelConfig zero3 { .tp = 8, .pp = 4, .dp = 2, .zeroStage = 3 };
        const ParallelConfig zero2 { .tp = 8, .pp = 4, .dp = 2, .zeroStage = 2 };
        std::vector<PlanSummary> plans { summary(1.000, 70, zero2), summary(1.005, 70), summary(1.010, 50, zero3),
                                         summary(1.026, 20) };
        std::vector<std::uint32_t> order = identity(plans.size());
        const std::vector<std::uint32_t> group = breakTies(plans, order, order.size(), { .relativeTolerance = 0.025 });
        // C: 30 GiB free (7 steps of 4 GiB) against 10 (2 steps): first. A and B: the same headroom, B's ZeRO-1 is the default.
        QCOMPARE(order, (std::vector<std::uint32_t> { 2, 1, 0, 3 }));
        QCOMPARE(group, (std::vector<std::uint32_t> { 0, 0, 0, 3 }));
        QCOMPARE(int(tieReason(plans[2], plans[1])), int(TieReason::Headroom));
        QCOMPARE(int(tieReason(plans[1], plans[0])), int(TieReason::Defaults));
        QCOMPARE(int(tieReason(plans[1], summary(1.0, 71))), int(TieReason::Speed)); // 10 and 9 GiB free: two 4 GiB steps each
        // Without a tolerance nothing ties: the ranking's order stays.
        order = identity(plans.size());
        QCOMPARE(breakTies(plans, order, order.size(), { .relativeTolerance = 0 }), (std::vector<std::uint32_t> { 0, 1, 2, 3 }));
        QCOMPARE(order, identity(plans.size()));
    }

    void groupsAreCappedBoundedAndLimitedToTheCount()
    {
        // Twelve plans of one speed: groups of ten and two; headroom decides inside each.
        std::vector<PlanSummary> plans;
        for (int i = 0; i < 12; ++i)
            plans.push_back(summary(2.0, 70 - 4.0 * i));
        std::vector<std::uint32_t> order = identity(plans.size());
        std::vector<std::uint32_t> group = breakTies(plans, order, order.size(), { .relativeTolerance = 0.025 });
        for (std::size_t k = 0; k < 12; ++k)
            QCOMPARE(group[k], std::uint32_t(k < 10 ? 0 : 10));
        QCOMPARE(order, (std::vector<std::uint32_t> { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 11, 10 }));
        // A bounded plan (its time a floor) ties with none and ends the group before it.
        plans = { summary(1.0, 70), summary(1.01, 40), summary(1.01, 20), summary(1.02, 10) };
        plans[2].bounded = true;
        order = identity(plans.size());
        group = breakTies(plans, order, order.size(), { .relativeTolerance = 0.025 });
        QCOMPARE(order, (std::vector<std::uint32_t> { 1, 0, 2, 3 }));
        QCOMPARE(group, (std::vector<std::uint32_t> { 0, 0, 2, 3 }));
        // Only the first `count` entries (those that fit) take part.
        order = identity(plans.size());
        group = breakTies(plans, order, 1, { .relativeTolerance = 0.025 });
        QCOMPARE(group.size(), std::size_t(1));
        QCOMPARE(order, identity(plans.size()));
    }

    // A real search: every group is what the definition says (brute force over the ranked plans), and the pruned
    // search (its bound loosened by the tolerance) gives the first places and their groups of the full one.
    void searchGroupsFollowTheDefinition()
    {
        PlanningProblem p;
        p.model = buildModelGraph(llama3_70b());
        p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 64, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 512;
        const int top = 10;
        const PlanningOutcome full = runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, top);
        const double tol = full.tieRule.relativeTolerance;
        QCOMPARE(tol, tieRuleFor(p.cluster.gpu.calibration).relativeTolerance);
        QVERIFY(tol > 0);
        QCOMPARE(full.tieGroup.size(), full.feasibleRanked);
        QVERIFY(full.feasibleRanked > 100);
        const auto& c = full.search.candidates;
        std::size_t tied = 0;
        for (std::size_t start = 0; start < full.feasibleRanked;) {
            std::size_t end = start;
            double fastest = 1e300;
            while (end < full.feasibleRanked && full.tieGroup[end] == start)
                fastest = std::min(fastest, c[full.order[end++]].stepSeconds);
            QVERIFY(end > start && end - start <= 10);
            tied += end - start > 1 ? end - start : 0;
            for (std::size_t k = start; k < end; ++k)
                QVERIFY(c[full.order[k]].stepSeconds <= fastest * (1 + tol) * (1 + 1e-12));
            // Inside a group: headroom (in 5 % steps) never rises; at equal headroom the unusual settings never fall.
            for (std::size_t k = start + 1; k < end; ++k) {
                auto steps = [&](std::size_t i) {
                    const PlanSummary& s = c[full.order[i]];
                    return std::floor((s.capacityBytes - s.peakMemoryBytes) / (kHeadroomStep * s.capacityBytes));
                };
                QVERIFY(steps(k - 1) >= steps(k));
                if (steps(k - 1) == steps(k))
                    QVERIFY(unusualSettings(c[full.order[k - 1]].config) <= unusualSettings(c[full.order[k]].config));
            }
            // The next group's fastest is more than the tolerance slower than this one's, or this one is full.
            if (end < full.feasibleRanked && end - start < 10)
                QVERIFY(c[full.order[end]].stepSeconds > fastest * (1 + tol));
            start = end;
        }
        QVERIFY2(tied > 10, "the 70B search has ties");
        QCOMPARE(tiedWithRank(full, 0) == 0, full.tieGroup.size() < 2 || full.tieGroup[1] != 0);

        SearchOptions pruned;
        pruned.pruning = SearchPruning::FastestOnly;
        const PlanningOutcome fast = runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, top, pruned);
        QVERIFY(fast.search.bounded() > 0);
        for (int i = 0; i < top; ++i) {
            QCOMPARE(fast.search.candidates[fast.order[std::size_t(i)]].config, c[full.order[std::size_t(i)]].config);
            QCOMPARE(fast.tieGroup[std::size_t(i)], full.tieGroup[std::size_t(i)]);
        }
    }
};

QTEST_APPLESS_MAIN(TestPlanTies)
#include "tst_plan_ties.moc"
