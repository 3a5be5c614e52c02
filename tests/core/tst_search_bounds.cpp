// SPDX-License-Identifier: GPL-3.0-or-later
// The search's step-time bound (SearchPruning) against the search that evaluates every candidate: 200 random
// small problems (dense and MoE models, clusters, memory, pins; seeds fixed), compared field by field where the
// bound promises exactness; the floors themselves below every candidate's step; one thread against two. And
// rerank's fast path (rankAndCollapse: compact columns, integer sort keys, a radix sort) against the ranking
// spelled out with std::sort on the documented keys.
#include "gpt_fixtures.h"
#include "random_problems.h"
#include "cost/step_model.h"
#include "partition/planner.h"
#include "partition/plan_ties.h"
#include "partition/plan_config_text.h"
#include "util/text.h"

#include <QtTest>

#include <random>
#include <thread>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

SearchOptions options(SearchPruning pruning, int threads)
{
    SearchOptions o;
    o.maxMicroBatch = 2;
    o.threads = threads;
    o.pruning = pruning;
    return o;
}

/// Every field of a summary (a bounded search must give these exactly where it evaluated a plan in full).
bool sameSummary(const PlanSummary& a, const PlanSummary& b)
{
    return a.config == b.config && a.feasible == b.feasible && a.infeasibleReason == b.infeasibleReason
        && a.peakMemoryBytes == b.peakMemoryBytes && a.capacityBytes == b.capacityBytes && a.stepSeconds == b.stepSeconds
        && a.tokensPerSecond == b.tokensPerSecond && a.mfu == b.mfu && a.bubbleFraction == b.bubbleFraction
        && a.computeImbalance == b.computeImbalance && a.exposedCommSeconds == b.exposedCommSeconds
        && a.commBytes == b.commBytes && a.score == b.score && a.bounded == b.bounded;
}

/// The `keep`-th largest distinct tokens/s among the plans that fit (0 when fewer): the bound's final value.
double keepThFastest(const std::vector<PlanSummary>& plans, int keep)
{
    std::vector<double> speeds;
    for (const PlanSummary& s : plans)
        if (s.feasible) speeds.push_back(s.tokensPerSecond);
    std::sort(speeds.begin(), speeds.end(), std::greater<>());
    speeds.erase(std::unique(speeds.begin(), speeds.end()), speeds.end());
    return int(speeds.size()) >= keep ? speeds[std::size_t(keep - 1)] : 0.0;
}

} // namespace

class TestSearchBounds : public QObject
{
    Q_OBJECT
private slots:
    void floorsBoundEveryStep();
    void floorsBeforePlacingSeeTheFill();
    void boundedSearchMatchesTheFullSearch();
    void boundOnlyWhereRankedByThroughput();
    void fastRankingMatchesTheDocumentedOrder();
    void largeTailRankedOnTwoThreadsAsInOnePass();
    void reasonsKeptAsNumbersReadAsSentences();
    void memosNeverChangeAResult();
};

void TestSearchBounds::floorsBoundEveryStep()
{
    // Each floor, for every candidate placed, is at most its step; and the bound is not vacuous: the floors are
    // within a factor of 2 of the step for most candidates.
    std::size_t checked = 0, close = 0;
    forEachPlacedCandidate(1000, 1020, [&](const RandomProblem& r, const PlanEvaluator& evaluator, const ParallelConfig& c) {
        if (QTest::currentTestFailed()) return; // the first failure is the one to read
        const PlanSummary full = evaluator.summarize(c);
        const double before = evaluator.stepFloorBeforePlacement(c).seconds();
        double after = 0;
        bool cut = true;
        const PlanSummary same = evaluator.summarizeUnlessSlower(c, 0, after, cut);
        QVERIFY(!cut);
        QVERIFY(sameSummary(same, full));
        // Placed and cut at once (the search's placing pass), the first pass alone: the same memory, feasibility,
        // reason and floor as the whole stage estimates give.
        double placedFloor = 0;
        const PlanSummary placed = evaluator.summarizeUnlessSlower(c, std::numeric_limits<double>::infinity(), placedFloor, cut);
        QVERIFY(cut);
        const PlanEstimate e = evaluator.evaluate(c);
        double peak = 0, optimizer = 0;
        for (const StageEstimate& st : e.stages) {
            peak = std::max(peak, st.memory.totalBytes());
            optimizer = std::max(optimizer, st.optimizerSeconds);
        }
        QCOMPARE(placed.peakMemoryBytes, peak);
        QCOMPARE(placed.feasible, full.feasible);
        QCOMPARE(placed.infeasibleReason.text(), full.infeasibleReason.text());
        const int chunks = isInterleaved(c.schedule) ? c.vpp : 1;
        QCOMPARE(placedFloor, PlanEvaluator::kFloorSlack * (pipelineFloorSeconds(c.schedule, e.stages, e.numMicroBatches, chunks) + optimizer));
        QCOMPARE(after, placedFloor);
        QVERIFY2(before <= full.stepSeconds && after <= full.stepSeconds,
            qPrintable(QStringLiteral("%1, %2: floors %3 and %4 s, step %5 s")
                           .arg(QString::fromStdString(r.text), QString::fromStdString(planConfigText(c)))
                           .arg(before, 0, 'g', 17)
                           .arg(after, 0, 'g', 17)
                           .arg(full.stepSeconds, 0, 'g', 17)));
        ++checked;
        close += after > 0.5 * full.stepSeconds ? 1 : 0;
    });
    if (QTest::currentTestFailed()) return;
    qInfo("%zu candidates placed, %zu with the floor after placing above half their step", checked, close);
    QVERIFY(checked > 1000);
    QVERIFY2(close > checked * 3 / 4, qPrintable(QStringLiteral("%1 of %2").arg(close).arg(checked)));
}

void TestSearchBounds::floorsBeforePlacingSeeTheFill()
{
    // A zero-bubble plan of one micro-batch runs its stages one after another: the micro-batch's forward crosses
    // every stage, then its input gradient crosses them back (only the weight gradients W wait). GPT 48 x 8192 on
    // 64 A100s, TP 8, PP 8, global batch 1: the floor before placing is most of the step, not the m x the average
    // stage it would be without the fill (an eighth of the stages' work, about a fifth of the step). A search then
    // places plans like it only where they might win, and probes the fast plans first.
    const PlanningProblem problem = megatronProblem(megatronGpt(8192, 64, 48), 64, 1);
    const PlanEvaluator evaluator(problem);
    for (const auto& [schedule, vpp] : std::vector<std::pair<Schedule, int>> {
             { Schedule::ZeroBubbleH1, 1 }, { Schedule::ZeroBubbleV, 2 }, { Schedule::InterleavedZeroBubble, 2 } }) {
        const ParallelConfig c { .tp = 8, .pp = 8, .dp = 1, .vpp = vpp, .microBatch = 1, .recompute = Recompute::Full,
                                 .schedule = schedule };
        const PlanEstimate e = evaluator.evaluate(c);
        QVERIFY2(!e.stages.empty() && e.numMicroBatches == 1, e.infeasibleReason.c_str());
        const double before = evaluator.stepFloorBeforePlacement(c).seconds();
        QVERIFY2(before <= e.time.stepSeconds && before > 0.5 * e.time.stepSeconds,
                 qPrintable(QStringLiteral("%1: floor %2 s, step %3 s")
                                .arg(QString::fromUtf8(toString(schedule).data()))
                                .arg(before)
                                .arg(e.time.stepSeconds)));
    }
}

void TestSearchBounds::boundedSearchMatchesTheFullSearch()
{
    std::size_t bounded = 0, unplaced = 0, candidates = 0, withBounds = 0;
    for (unsigned seed = 1; seed <= 200; ++seed) {
        const RandomProblem r = randomProblem(seed);
        const QByteArray what = QByteArray::fromStdString(r.text);
        const PlanningOutcome full = runPlanning(r.problem, Strategy::Exhaustive, {}, r.top, options(SearchPruning::None, 2));
        const std::vector<PlanSummary>& all = full.search.candidates;
        candidates += all.size();
        // runPlanning keeps the plans a tie group among the first places can hold after them exact too
        // (keepFastestFor): a bounded plan is slower than that many fastest.
        const double toBeat = keepThFastest(all, keepFastestFor(r.top));

        for (const SearchPruning pruning : { SearchPruning::KeepFit, SearchPruning::FastestOnly }) {
            const PlanningOutcome b = runPlanning(r.problem, Strategy::Exhaustive, {}, r.top, options(pruning, 2));
            const std::vector<PlanSummary>& got = b.search.candidates;
            QVERIFY2(got.size() == all.size(), what);
            QVERIFY2(b.search.pruning == pruning, what);
            // The first places, the plans evaluated in full for them, the fastest, and what its score is relative to.
            const std::size_t first = std::min<std::size_t>(std::size_t(r.top), full.order.size());
            QVERIFY2(b.order.size() >= first, what);
            for (std::size_t i = 0; i < first; ++i) {
                QVERIFY2(b.order[i] == full.order[i], what);
                QVERIFY2(b.equivalents[i] == full.equivalents[i], what);
            }
            QVERIFY2(b.top.size() == full.top.size(), what);
            for (std::size_t i = 0; i < full.top.size(); ++i)
                QVERIFY2(b.top[i].config == full.top[i].config && b.top[i].time.stepSeconds == full.top[i].time.stepSeconds
                        && b.top[i].peakMemoryBytes == full.top[i].peakMemoryBytes,
                    what);
            QVERIFY2(b.fastest == full.fastest, what);
            QVERIFY2(b.bestTokensPerSecond == full.bestTokensPerSecond, what);
            std::size_t boundedHere = 0, unplacedHere = 0;
            for (std::size_t i = 0; i < all.size(); ++i) {
                const PlanSummary& x = all[i];
                const PlanSummary& y = got[i];
                if (!y.bounded) {
                    QVERIFY2(sameSummary(x, y), what + " candidate " + QByteArray::number(qulonglong(i)));
                    continue;
                }
                // Bounded: never one of the fastest, its step only floored.
                ++boundedHere;
                QVERIFY2(x.config == y.config && y.stepSeconds <= x.stepSeconds, what);
                QVERIFY2(!x.feasible || x.tokensPerSecond < toBeat, what);
                if (y.peakMemoryBytes > 0 || y.feasible) { // placed: memory and feasibility exact
                    QVERIFY2(y.feasible == x.feasible && y.infeasibleReason == x.infeasibleReason
                            && y.peakMemoryBytes == x.peakMemoryBytes,
                        what);
                } else {
                    QVERIFY2(pruning == SearchPruning::FastestOnly, what);
                    ++unplacedHere;
                }
            }
            QVERIFY2(boundedHere == b.search.bounded() && unplacedHere == b.search.boundedBeforePlacing, what);
            if (pruning == SearchPruning::KeepFit) {
                QVERIFY2(b.search.feasibleCount == full.search.feasibleCount, what);
                bounded += boundedHere;
                withBounds += boundedHere > 0 ? 1 : 0;
            } else {
                unplaced += unplacedHere;
            }
            // One thread gives the same result (every 8th problem: the bound is the same whatever the timing).
            if (seed % 8 == 0) {
                const SearchResult serial = searchPlans(PlanEvaluator(r.problem), r.problem.training.pins, [&] {
                    SearchOptions o = options(pruning, 1);
                    o.keepFastest = keepFastestFor(r.top);
                    return o;
                }());
                QVERIFY2(serial.candidates.size() == got.size(), what);
                for (std::size_t i = 0; i < got.size(); ++i) {
                    PlanSummary s = serial.candidates[i];
                    s.score = got[i].score; // runPlanning scored its copy
                    QVERIFY2(sameSummary(s, got[i]), what + " serial candidate " + QByteArray::number(qulonglong(i)));
                }
            }
        }
    }
    qInfo("%zu of 200 problems bounded; %zu of %zu candidates bounded after placing (KeepFit), %zu before (FastestOnly)",
        withBounds, bounded, candidates, unplaced);
    // The bound did bound: in many problems, a good share of the candidates.
    QVERIFY2(withBounds > 100 && bounded > candidates / 5 && unplaced > 0,
        qPrintable(QStringLiteral("%1 problems bounded, %2 of %3 candidates (%4 unplaced)")
                       .arg(withBounds)
                       .arg(bounded)
                       .arg(candidates)
                       .arg(unplaced)));
}

void TestSearchBounds::boundOnlyWhereRankedByThroughput()
{
    QVERIFY(ranksByThroughput(Strategy::Exhaustive, {}));
    QVERIFY(ranksByThroughput(Strategy::Hybrid, ScoreWeights { 0, 2, 0 }));
    QVERIFY(!ranksByThroughput(Strategy::Exhaustive, ScoreWeights { 0.1, 0.9, 0 }));
    QVERIFY(!ranksByThroughput(Strategy::Hybrid, defaultWeights(Strategy::Hybrid)));
    QVERIFY(!ranksByThroughput(Strategy::MemoryOptimal, {}));
    // A ranking with weight on memory reads every plan's memory and time: runPlanning evaluates all of them.
    const RandomProblem r = randomProblem(7);
    const PlanningOutcome full = runPlanning(r.problem, Strategy::Exhaustive, {}, 1, options(SearchPruning::KeepFit, 2));
    QVERIFY(full.search.bounded() > 0);
    const PlanningOutcome weighted
        = runPlanning(r.problem, Strategy::Exhaustive, ScoreWeights { 0.5, 0.5, 0 }, 1, options(SearchPruning::KeepFit, 2));
    QVERIFY(weighted.search.pruning == SearchPruning::None);
    QCOMPARE(weighted.search.bounded(), std::size_t(0));
    for (const PlanSummary& s : weighted.search.candidates)
        QVERIFY(!s.bounded);
}

void TestSearchBounds::fastRankingMatchesTheDocumentedOrder()
{
    // 40,000 plans (sorted by radix on the first key, ties on the rest) with many ties: speeds, memory
    // and imbalance from small sets, equivalent pairs (ZeRO-0/1 at DP 1), bounded plans, rule violations.
    std::mt19937 rng(5);
    auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    std::vector<PlanSummary> plans(40000);
    for (std::size_t i = 0; i < plans.size(); ++i) {
        PlanSummary& p = plans[i];
        if (i % 7 == 3) { // the same plan as its predecessor but for a setting that changes nothing
            p = plans[i - 1];
            p.config.zeroStage = 1 - std::min(1, p.config.zeroStage);
            continue;
        }
        p.config.tp = 1 << below(4);
        p.config.pp = 1 << below(4);
        p.config.microBatch = 1 + below(2);
        p.config.zeroStage = below(2);
        const int kind = below(10);
        p.feasible = kind < 6;
        p.bounded = kind == 6;
        p.feasible = p.feasible || p.bounded;
        p.capacityBytes = 80e9;
        p.peakMemoryBytes = kind == 9 ? 0.0 : 1e9 * (1 + below(400));
        p.infeasibleReason = InfeasibleReason(p.feasible ? "" : kind == 9 ? "a rule" : "exceeds memory");
        p.stepSeconds = 1 + 0.001 * below(2000);
        p.tokensPerSecond = 1e6 / p.stepSeconds;
        p.exposedCommSeconds = 0.1 * below(3);
        p.computeImbalance = 1 + 0.0004 * below(5);
        p.commBytes = 1e9 * below(4);
    }
    // rankPlans' documented keys (smaller first, then the index), as it sorted before the fast path.
    using Key = std::tuple<double, double, double>;
    auto documentedOrder = [&](Strategy strategy) {
        std::vector<std::pair<Key, std::uint32_t>> fit, bounded, over;
        std::vector<std::uint32_t> broken;
        for (std::uint32_t i = 0; i < plans.size(); ++i) {
            const PlanSummary& p = plans[i];
            const double speed = -p.tokensPerSecond;
            Key key { -p.score, speed, 0 };
            if (strategy == Strategy::MemoryOptimal) key = { p.peakMemoryBytes, speed, 0 };
            if (strategy == Strategy::ComputeBalanced) key = { std::round(p.computeImbalance * 1000.0), speed, 0 };
            if (strategy == Strategy::CommunicationMinimal) key = { p.commBytes, speed, 0 };
            if (strategy == Strategy::TensorParallelFirst) key = { -(p.config.tp <= 8 ? p.config.tp : 0.0), double(p.config.pp), speed };
            if (strategy == Strategy::PipelineParallelFirst) key = { double(p.config.tp), speed, double(-p.config.pp) };
            if (p.feasible)
                (p.bounded ? bounded : fit).emplace_back(key, i);
            else if (p.peakMemoryBytes > 0)
                over.emplace_back(Key { p.peakMemoryBytes / p.capacityBytes, 0, 0 }, i);
            else
                broken.push_back(i);
        }
        std::vector<std::uint32_t> order;
        for (auto* part : { &fit, &bounded, &over }) {
            std::sort(part->begin(), part->end());
            for (const auto& [key, i] : *part)
                order.push_back(i);
        }
        order.insert(order.end(), broken.begin(), broken.end());
        return order;
    };
    // One workspace through every strategy and several weights, as the window re-ranks while a slider is dragged
    // (the columns read once, the buffers reused); and a fresh one each time.
    std::vector<PlanSummary> dragged = plans;
    RankingWorkspace workspace;
    Ranking reused;
    std::vector<std::pair<Strategy, ScoreWeights>> rankings;
    for (const Strategy strategy : allStrategies())
        rankings.emplace_back(strategy, strategy == Strategy::Hybrid ? defaultWeights(Strategy::Hybrid) : ScoreWeights { 0.2, 0.7, 0.1 });
    for (const ScoreWeights& w : { ScoreWeights { 0, 1, 0 }, ScoreWeights { 1, 0, 0 }, ScoreWeights { 0.3, 0.3, 0.4 } })
        rankings.emplace_back(Strategy::Exhaustive, w);
    for (const auto& [strategy, weights] : rankings) {
        std::vector<PlanSummary> copy = plans;
        const Ranking fast = rankAndCollapse(copy, strategy, weights, 8);
        rankAndCollapse(dragged, strategy, weights, 8, workspace, reused);
        QVERIFY(workspace.holds(dragged));
        QVERIFY(reused.order == fast.order);
        QVERIFY(reused.equivalents == fast.equivalents);
        QCOMPARE(reused.feasibleRanked, fast.feasibleRanked);
        QVERIFY(reused.fastest == fast.fastest);
        for (std::size_t i = 0; i < plans.size(); ++i)
            QCOMPARE(dragged[i].score, copy[i].score);
        scorePlans(plans, weights);
        for (std::size_t i = 0; i < plans.size(); ++i)
            QCOMPARE(copy[i].score, plans[i].score);
        std::vector<std::uint32_t> order = documentedOrder(strategy);
        QVERIFY(rankPlans(plans, strategy, 8) == order);
        const std::vector<std::uint32_t> stands = collapseEquivalents(plans, order);
        QVERIFY(fast.order == order);
        QVERIFY(fast.equivalents == stands);
        QVERIFY(order.size() < plans.size()); // equivalents were merged
        const auto fits = std::size_t(std::find_if(order.begin(), order.end(), [&](std::uint32_t i) { return !plans[i].feasible; })
                                      - order.begin());
        QCOMPARE(fast.feasibleRanked, fits);
        std::optional<std::uint32_t> fastest;
        for (std::size_t i = 0; i < fits; ++i)
            if (!fastest || plans[order[i]].tokensPerSecond > plans[*fastest].tokensPerSecond) fastest = order[i];
        QVERIFY(fast.fastest == fastest);
        QCOMPARE(fast.bestTokensPerSecond, bestFeasibleTokensPerSecond(plans));
    }
    // Candidates changed in place: read afresh after clear().
    std::optional<std::uint32_t> slowestOne; // the slowest plan timed in full becomes the fastest
    for (std::uint32_t i = 0; i < dragged.size(); ++i)
        if (dragged[i].feasible && !dragged[i].bounded
            && (!slowestOne || dragged[i].tokensPerSecond < dragged[*slowestOne].tokensPerSecond))
            slowestOne = i;
    QVERIFY(slowestOne);
    const std::uint32_t slowest = *slowestOne;
    dragged[slowest].tokensPerSecond = 1e9;
    dragged[slowest].stepSeconds = 1e-3;
    workspace.clear();
    QVERIFY(!workspace.holds(dragged));
    rankAndCollapse(dragged, Strategy::Exhaustive, ScoreWeights { 0, 1, 0 }, 8, workspace, reused);
    QVERIFY(reused.fastest == slowest);
    QCOMPARE(reused.order.front(), slowest);
    QCOMPARE(reused.bestTokensPerSecond, 1e9);
    // Other candidates (another span) with the same workspace: read afresh.
    std::vector<PlanSummary> other = dragged;
    other[slowest].tokensPerSecond = 1;
    QVERIFY(!workspace.holds(other));
    rankAndCollapse(other, Strategy::Exhaustive, ScoreWeights { 0, 1, 0 }, 8, workspace, reused);
    const Ranking fresh = rankAndCollapse(other, Strategy::Exhaustive, ScoreWeights { 0, 1, 0 }, 8);
    QVERIFY(reused.order == fresh.order);
    QVERIFY(reused.fastest == fresh.fastest);
    QVERIFY(reused.fastest != slowest);
}

void TestSearchBounds::largeTailRankedOnTwoThreadsAsInOnePass()
{
    // 200,000 plans, most of them over memory (the ranking sorts and collapses a tail this large on two threads):
    // memory from 300 values, so runs of equal memory are long and cross the middle, and few settings and times, so
    // plans far apart in a run are equivalent too; every fourth plan the same as its predecessor but for a setting
    // that changes nothing (equivalent, to be collapsed); rule violations. The
    // order and equivalents equal rankPlans' documented order collapsed in one pass (collapseEquivalents).
    std::mt19937 rng(17);
    auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    std::vector<PlanSummary> plans(200000);
    std::size_t over = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        PlanSummary& p = plans[i];
        if (i % 4 == 3) {
            p = plans[i - 1];
            p.config.zeroStage = 1 - std::min(1, p.config.zeroStage);
            over += !p.feasible && p.peakMemoryBytes > 0 ? 1 : 0;
            continue;
        }
        p.config.tp = 1 << below(2);
        p.config.pp = 1 << below(2);
        p.config.zeroStage = below(2);
        const int kind = below(20);
        p.feasible = kind < 3;
        p.capacityBytes = 80e9;
        p.peakMemoryBytes = kind == 19 ? 0.0 : 1e9 * (81 + below(300));
        p.infeasibleReason = InfeasibleReason(p.feasible ? "" : kind == 19 ? "a rule" : "exceeds memory");
        p.stepSeconds = 1 + 0.1 * below(5);
        p.tokensPerSecond = 1e6 / p.stepSeconds;
        over += !p.feasible && p.peakMemoryBytes > 0 ? 1 : 0;
    }
    QVERIFY2(over > 2 * kTwoThreadTailFrom, qPrintable(QString::number(over))); // both halves above the threshold
    std::vector<PlanSummary> copy = plans;
    const Ranking fast = rankAndCollapse(copy, Strategy::Exhaustive, ScoreWeights { 0, 1, 0 }, 8);
    scorePlans(plans, ScoreWeights { 0, 1, 0 });
    std::vector<std::uint32_t> order = rankPlans(plans, Strategy::Exhaustive, 8);
    const std::vector<std::uint32_t> stands = collapseEquivalents(plans, order);
    QCOMPARE(fast.order.size(), order.size());
    QVERIFY(fast.order == order);
    QVERIFY(fast.equivalents == stands);
    QVERIFY(order.size() < plans.size() * 4 / 5); // the equivalents were merged
}

void TestSearchBounds::reasonsKeptAsNumbersReadAsSentences()
{
    // The two reasons the search gives most candidates are kept as numbers and read as the sentences they were.
    const double gib = 1024.0 * 1024 * 1024;
    QCOMPARE(InfeasibleReason::memoryFloor(120.5 * gib, 74.5 * gib).text(),
             std::string("stage memory of at least 120 GiB per GPU on the fullest stage however the layers are placed (model "
                         "states and activations), but 74.5 GiB is usable: exceeds memory by at least 46.0 GiB"));
    QCOMPARE(InfeasibleReason::searchBound().text(),
             std::string("not evaluated: slower than the fastest plans found (search bound)"));
    QVERIFY(!InfeasibleReason::memoryFloor(0, 0).empty());
    QVERIFY(!InfeasibleReason::searchBound().empty());
    QVERIFY(InfeasibleReason().empty());
    QVERIFY(InfeasibleReason(std::string()).empty());
    QCOMPARE(InfeasibleReason("a rule").text(), std::string("a rule"));
    // Equal where the sentences are (equivalent plans compare them), different otherwise.
    QVERIFY(InfeasibleReason::memoryFloor(2e11, 8e10) == InfeasibleReason::memoryFloor(2e11, 8e10));
    QVERIFY(!(InfeasibleReason::memoryFloor(2e11, 8e10) == InfeasibleReason::memoryFloor(2.1e11, 8e10)));
    QVERIFY(!(InfeasibleReason::memoryFloor(2e11, 8e10) == InfeasibleReason::searchBound()));
    // A search's memory-floor rejection: its peak memory is the floor, its capacity the usable memory.
    for (unsigned seed = 1000; seed < 1040; ++seed) {
        const RandomProblem r = randomProblem(seed);
        const PlanEvaluator evaluator(r.problem);
        for (const ParallelConfig& c : enumerateCandidates(evaluator, r.problem.training.pins, 2)) {
            PlanSummary s;
            if (!evaluator.rejectBeforePlacing(c, s) || s.peakMemoryBytes <= 0) continue;
            QCOMPARE(s.infeasibleReason.text(),
                     "stage memory of at least " + formatBytes(s.peakMemoryBytes)
                         + " per GPU on the fullest stage however the layers are placed (model states and activations), but " + formatBytes(s.capacityBytes)
                         + " is usable: exceeds memory by at least " + formatBytes(s.peakMemoryBytes - s.capacityBytes));
            return;
        }
    }
    QFAIL("no random problem had a candidate ruled out by the memory floor");
}

QTEST_APPLESS_MAIN(TestSearchBounds)

void TestSearchBounds::memosNeverChangeAResult()
{
    // Each search thread keeps what its last candidates shared (unit costs, the partition and the chunk placement
    // by time alone, pipeline simulations): a candidate evaluated after its neighbours in enumeration order must
    // come out exactly as in a thread that evaluates nothing else. The random problems' small GPUs make memory
    // bind for some ZeRO variants of a configuration and not for others.
    std::size_t compared = 0, interleaved = 0;
    forEachPlacedCandidate(1100, 1130, [&](const RandomProblem& r, const PlanEvaluator& evaluator, const ParallelConfig& c) {
        if (c.pp == 1 || QTest::currentTestFailed()) return;
        const PlanEstimate inOrder = evaluator.evaluate(c);
        PlanEstimate alone;
        std::thread([&] { alone = evaluator.evaluate(c); }).join();
        QVERIFY2(inOrder.chunkLayers == alone.chunkLayers && inOrder.peakMemoryBytes == alone.peakMemoryBytes
                     && inOrder.time.stepSeconds == alone.time.stepSeconds && inOrder.feasible == alone.feasible,
                 qPrintable(QString::fromStdString(r.text + ", " + planConfigText(c))));
        ++compared;
        interleaved += isInterleaved(c.schedule) ? 1 : 0;
    });
    if (QTest::currentTestFailed()) return;
    qInfo("%zu pipelined candidates compared, %zu of them interleaved", compared, interleaved);
    QVERIFY(compared > 300 && interleaved > 50);
}

#include "tst_search_bounds.moc"
