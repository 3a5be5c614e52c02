// SPDX-License-Identifier: GPL-3.0-or-later
// The search, its pins and reasons, the strategies and presets, and the prototype's partitioner tests.
#include "cost/unit_costs.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "import/seed_formats.h"
#include "partition/layer_partition.h"
#include "partition/planner.h"
#include "partition/plan_config_text.h"
#include "util/input_error.h"

#include <QtTest>

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <thread>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

PlanningProblem llama70b(int gpus, std::int64_t batch = 512)
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3-70b");
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), gpus, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = batch;
    return p;
}

// A model of identical blocks only (no embedding or head), so every stage costs the same.
PlanningProblem uniformBlocks(int blocks, int gpus, std::int64_t batch)
{
    PlanningProblem p;
    for (int b = 0; b < blocks; ++b)
        p.model.addLayer(syntheticMlpBlock(b));
    p.model.addSequentialEdges();
    p.cluster = freeLinkCluster(gpus);
    p.training.seqLength = 1024;
    p.training.globalBatch = batch;
    return p;
}

} // namespace

class TestPlanSearch : public QObject
{
    Q_OBJECT
private slots:
    void pipelineBubbleMatchesNarayanan_data();
    void pipelineBubbleMatchesNarayanan();
    void tensorParallelTrafficMatchesNarayanan();
    void searchCoversEveryLayout();
    void structuralReasons_data();
    void structuralReasons();
    void pinnedKnobThatCannotWork();
    void clusterErrors();
    void rerankingDoesNotReevaluate();
    void progressReachesTheWholeOnTheCallingThread();
    void everyStrategyProducesACompletePlan_data();
    void everyStrategyProducesACompletePlan();
    void strategiesOrderAsDocumented();
    // Ported from the prototype (seeds/000, mod tests); names kept.
    void test_auto_partition_config_default();
    void test_auto_partition_config_memory_optimized();
    void test_partition_strategy_variants();
    void test_auto_partitioner_single_device();
    void test_auto_partitioner_large_model();
    void test_effective_memory();
};

void TestPlanSearch::pipelineBubbleMatchesNarayanan_data()
{
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("vpp");
    QTest::addColumn<int>("batch");
    QTest::newRow("p4 m8 1F1B") << 4 << 1 << 8;
    QTest::newRow("p8 m32 1F1B") << 8 << 1 << 32;
    QTest::newRow("p4 m8 v2") << 4 << 2 << 8;
    QTest::newRow("p8 m16 v4") << 8 << 4 << 16;
}

void TestPlanSearch::pipelineBubbleMatchesNarayanan()
{
    QFETCH(int, pp);
    QFETCH(int, vpp);
    QFETCH(int, batch);
    const PlanningProblem problem = uniformBlocks(32, pp, batch);
    const PlanEvaluator evaluator(problem);
    ParallelConfig c;
    c.pp = pp;
    c.vpp = vpp;
    c.schedule = vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    const PlanEstimate e = evaluator.evaluate(c);
    QVERIFY2(e.feasible, e.infeasibleReason.c_str());
    const double m = batch;
    // Narayanan 2021: bubble (p - 1)/(m + p - 1) of the pipeline; interleaved (p - 1)/v over m + (p - 1)/v.
    const double expected = (pp - 1.0) / vpp / (m + (pp - 1.0) / vpp);
    QVERIFY2(std::abs(e.bubbleFraction - expected) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(e.bubbleFraction).arg(expected)));
    QVERIFY(std::abs(e.computeImbalance - 1.0) < 1e-6); // edge stages send one message fewer
}

void TestPlanSearch::tensorParallelTrafficMatchesNarayanan()
{
    // Narayanan 2021 Sec. 3.2: 8 b s h (t - 1)/t elements per layer per device per micro-batch (forward +
    // backward), 16-bit: twice that in bytes.
    const PlanningProblem problem = megatronProblem(megatronGpt(4096, 32, 4), 8, 8);
    ParallelConfig c;
    c.tp = 8;
    c.dp = 1;
    c.microBatch = 2;
    const UnitCostModel model(problem, c);
    const PlanEvaluator evaluator(problem);
    for (const PartitionUnit& u : evaluator.units())
        if (u.block >= 0) {
            const double b = 2, s = 2048, h = 4096, t = 8;
            QCOMPARE(model.cost(u, false).tpCommBytes, 2.0 * 8 * b * s * h * (t - 1) / t);
            return;
        }
    QFAIL("no block found");
}

void TestPlanSearch::searchCoversEveryLayout()
{
    // Llama-3-8B (32 heads, 8 kv heads) on 16 GPUs: TP in {1, 2, 4, 8} (16 does not divide 8 kv heads).
    PlanningProblem p;
    p.model = *findBundledModel("llama-3-8b");
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 16, 8);
    p.training.globalBatch = 64;
    p.training.flashAttention = false; // selective recomputation differs from none
    const PlanEvaluator evaluator(p);
    const std::vector<ParallelConfig> configs = enumerateCandidates(evaluator, {}, 32);
    std::set<std::pair<int, int>> layouts;
    std::set<std::pair<int, int>> shardings; // (ZeRO stage, DP replicas) of TP 1, PP 1
    for (const ParallelConfig& c : configs) {
        QCOMPARE(c.worldSize(), 16);
        layouts.insert({ c.tp, c.pp });
        if (c.tp == 1 && c.pp == 1)
            shardings.insert({ c.zeroStage, c.dpReplicate });
        QVERIFY(c.sequenceParallel == false || c.tp > 1);
        // Nothing pinned: the search enumerates only what the rules allow (a rule broken here would be a
        // candidate that can never run).
        QVERIFY2(evaluator.structuralProblem(c).empty(), (planConfigText(c) + ": " + evaluator.structuralProblem(c)).c_str());
        QVERIFY(c.cp == 1); // no flash attention, no context parallelism
        QVERIFY(c.dpReplicate == 1 || c.zeroStage == 3);
    }
    // ZeRO 0-3 over the 16 DP ranks, and ZeRO-3 hybrid: sharded inside the node (8), 2 replicas.
    const std::set<std::pair<int, int>> expectedShardings { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 }, { 3, 2 } };
    QCOMPARE(shardings, expectedShardings);
    const std::set<std::pair<int, int>> expected { { 1, 1 }, { 1, 2 }, { 1, 4 }, { 1, 8 }, { 1, 16 }, { 2, 1 }, { 2, 2 },
                                                   { 2, 4 }, { 2, 8 }, { 4, 1 }, { 4, 2 }, { 4, 4 }, { 8, 1 }, { 8, 2 } };
    QCOMPARE(layouts, expected);
    // Brute-force count for TP 1, PP 1, DP 16: local batch 4 -> micro-batch 1, 2, 4; ZeRO 0, 1, 2 and ZeRO-3
    // over all 16 ranks or hybrid (8 per node, 2 replicas): 3 + 2; recompute none/selective/full; no SP; 1F1B
    // only: 3 x 5 x 3 = 45.
    QCOMPARE(std::count_if(configs.begin(), configs.end(), [](const ParallelConfig& c) { return c.tp == 1 && c.pp == 1; }), 45);
    const SearchResult r = searchPlans(evaluator, {});
    QCOMPARE(r.candidates.size(), configs.size());
    QVERIFY(r.feasibleCount > 0);
}

void TestPlanSearch::structuralReasons_data()
{
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("dp");
    QTest::addColumn<int>("micro");
    QTest::addColumn<int>("zero");
    QTest::addColumn<int>("schedule");
    QTest::addColumn<int>("vpp");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<QString>("reason");
    QTest::newRow("batch") << 8 << 1 << 8 << 3 << 1 << int(Schedule::OneFOneB) << 1 << false << "global batch 512 is not divisible by DP 8 x micro-batch 3";
    QTest::newRow("kv heads") << 16 << 1 << 4 << 1 << 1 << int(Schedule::OneFOneB) << 1 << false << "TP 16 does not divide the 8 key/value heads";
    QTest::newRow("world") << 8 << 2 << 2 << 1 << 1 << int(Schedule::OneFOneB) << 1 << false << "= 32 GPUs, but the cluster has 64";
    QTest::newRow("sp tp1") << 1 << 8 << 8 << 1 << 1 << int(Schedule::OneFOneB) << 1 << true << "sequence parallelism needs TP > 1";
    QTest::newRow("vpp blocks") << 8 << 8 << 1 << 1 << 1 << int(Schedule::Interleaved1F1B) << 11 << false << "PP 8 x vpp 11 = 88 model chunks need at least 86 transformer blocks; the model has 80";
    QTest::newRow("vpp schedule") << 8 << 8 << 1 << 1 << 1 << int(Schedule::OneFOneB) << 2 << false << "need the interleaved schedule";
}

void TestPlanSearch::structuralReasons()
{
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, dp);
    QFETCH(int, micro);
    QFETCH(int, zero);
    QFETCH(int, schedule);
    QFETCH(int, vpp);
    QFETCH(bool, sp);
    QFETCH(QString, reason);
    const PlanningProblem problem = llama70b(64);
    const PlanEvaluator evaluator(problem);
    ParallelConfig c { tp, pp, dp, vpp, micro, zero, Recompute::None, sp, Schedule(schedule) };
    const PlanEstimate e = evaluator.evaluate(c);
    QVERIFY(!e.feasible);
    QVERIFY2(QString::fromStdString(e.infeasibleReason).contains(reason), e.infeasibleReason.c_str());
}

void TestPlanSearch::pinnedKnobThatCannotWork()
{
    PlanningProblem p = llama70b(64);
    p.training.pins.tp = 16; // Llama-3-70B has 8 key/value heads
    const PlanningOutcome o = runPlanning(p, Strategy::Exhaustive, {}, 3);
    QCOMPARE(o.search.feasibleCount, std::size_t(0));
    QVERIFY(!o.search.candidates.empty());
    for (const PlanSummary& s : o.search.candidates)
        QVERIFY2(QString::fromStdString(s.infeasibleReason.text()).contains(QStringLiteral("key/value heads")), s.infeasibleReason.text().c_str());

    p.training.pins = {};
    p.training.globalBatch = 4; // smaller than any DP size above 4
    p.training.pins.dp = 8;
    p.training.pins.tp = 8;
    const PlanningOutcome small = runPlanning(p, Strategy::Exhaustive, {}, 3);
    QCOMPARE(small.search.feasibleCount, std::size_t(0));
    QVERIFY(QString::fromStdString(small.search.candidates.front().infeasibleReason.text()).contains(QStringLiteral("smaller than the data-parallel size 8")));
}

void TestPlanSearch::clusterErrors()
{
    const GpuSpec& h100 = catalogGpu("H100-SXM");
    QVERIFY_THROWS_EXCEPTION(InputError, ClusterSpec::make(h100, 0, 8));
    QVERIFY_THROWS_EXCEPTION(InputError, ClusterSpec::make(h100, 12, 8)); // not whole nodes
    try {
        ClusterSpec::make(h100, 12, 8);
    } catch (const InputError& e) {
        QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("multiple of 8")));
    }
    PlanningProblem p = llama70b(8);
    p.training.seqLength = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, runPlanning(p, Strategy::Exhaustive, {}, 1));
}

void TestPlanSearch::rerankingDoesNotReevaluate()
{
    const PlanningProblem problem = llama70b(64);
    const PlanEvaluator evaluator(problem);
    PlanningOutcome o = runPlanning(problem, Strategy::Exhaustive, {}, 1);
    const std::vector<PlanSummary> before = o.search.candidates;
    rerank(o, evaluator, Strategy::Exhaustive, ScoreWeights { 1, 0, 0 }, 1);
    // Same candidates, same numbers: only scores and order changed.
    QCOMPARE(o.search.candidates.size(), before.size());
    for (std::size_t i = 0; i < before.size(); ++i)
        QCOMPARE(o.search.candidates[i].stepSeconds, before[i].stepSeconds);
    // All weight on memory: the winner has the least memory among feasible plans.
    double least = 1e300;
    for (const PlanSummary& s : o.search.candidates)
        if (s.feasible)
            least = std::min(least, s.peakMemoryBytes);
    QCOMPARE(o.search.candidates[o.order.front()].peakMemoryBytes, least);
    rerank(o, evaluator, Strategy::Exhaustive, ScoreWeights { 0, 1, 0 }, 1);
    double fastest = 0;
    for (const PlanSummary& s : o.search.candidates)
        if (s.feasible)
            fastest = std::max(fastest, s.tokensPerSecond);
    // The fastest, or a plan tied with it (plan_ties.h); the fastest is named either way.
    QVERIFY(o.search.candidates[o.order.front()].tokensPerSecond * (1 + o.tieRule.relativeTolerance) >= fastest);
    QCOMPARE(o.search.candidates[*o.fastest].tokensPerSecond, fastest);
}

void TestPlanSearch::progressReachesTheWholeOnTheCallingThread()
{
    // Whichever thread does the last chunks, the calling thread's reports rise to (total, total) before the
    // search returns, and a cancel set in that last report still cancels it (a sweep cancelled "during" a
    // point must not keep that point). Two threads, small searches: the other thread often does the last chunk.
    const std::thread::id caller = std::this_thread::get_id();
    int searches = 0;
    for (int gpus : { 8, 16, 64 })
        for (SearchPruning pruning : { SearchPruning::None, SearchPruning::KeepFit, SearchPruning::FastestOnly })
            for (int round = 0; round < 2; ++round) {
                const PlanningProblem problem = uniformBlocks(24, gpus, 64);
                const PlanEvaluator evaluator(problem);
                SearchOptions options;
                options.threads = 2;
                options.pruning = pruning;
                std::vector<std::pair<std::size_t, std::size_t>> reports;
                bool otherThread = false;
                options.progress = [&](std::size_t done, std::size_t total) {
                    otherThread = otherThread || std::this_thread::get_id() != caller;
                    reports.emplace_back(done, total);
                    return true;
                };
                const SearchResult r = searchPlans(evaluator, problem.training.pins, options);
                const QString where = QStringLiteral("%1 GPUs, pruning %2, round %3").arg(gpus).arg(int(pruning)).arg(round);
                QVERIFY2(!r.cancelled && !reports.empty() && !otherThread, qPrintable(where));
                for (std::size_t k = 0; k < reports.size(); ++k) {
                    QCOMPARE(reports[k].second, r.candidates.size());
                    if (k > 0) QVERIFY2(reports[k].first >= reports[k - 1].first, qPrintable(where));
                }
                QVERIFY2(reports.back().first == r.candidates.size(), qPrintable(where));

                std::atomic<bool> cancel { false };
                options.cancel = &cancel;
                options.progress = [&](std::size_t done, std::size_t total) {
                    if (done == total) cancel = true;
                    return true;
                };
                const SearchResult cancelled = searchPlans(evaluator, problem.training.pins, options);
                QVERIFY2(cancelled.cancelled && cancelled.candidates.empty(), qPrintable(where));
                ++searches;
            }
    QCOMPARE(searches, 18);
}

void TestPlanSearch::everyStrategyProducesACompletePlan_data()
{
    QTest::addColumn<QString>("name");
    for (Strategy s : allStrategies())
        QTest::newRow(toString(s).data()) << QString::fromUtf8(toString(s).data(), int(toString(s).size()));
    for (const Preset& p : presets())
        QTest::newRow(p.name.data()) << QString::fromUtf8(p.name.data(), int(p.name.size()));
}

void TestPlanSearch::everyStrategyProducesACompletePlan()
{
    QFETCH(QString, name);
    const Preset* preset = findPreset(name.toStdString());
    const Strategy strategy = preset ? preset->strategy : *strategyFromString(name.toStdString());
    // One search per memory margin (the presets differ in it), re-ranked per strategy as the GUI does.
    PlanningProblem problem = llama70b(64);
    if (preset)
        problem.training.memoryMargin = preset->memoryMargin;
    static std::map<double, std::pair<std::unique_ptr<PlanningProblem>, PlanningOutcome>> searched;
    auto& [kept, o] = searched[problem.training.memoryMargin];
    if (!kept) {
        kept = std::make_unique<PlanningProblem>(problem);
        o = runPlanning(*kept, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), 0);
    }
    rerank(o, PlanEvaluator(*kept), strategy, preset ? preset->weights : defaultWeights(strategy), 1);
    QVERIFY(!o.top.empty());
    const PlanEstimate& best = o.top.front();
    QVERIFY2(best.feasible, best.infeasibleReason.c_str());
    // Complete: every layer on exactly one stage, contiguous, with the seed's per-layer fields.
    const std::vector<LayerPartition> parts = layerPartitions(problem.model, best);
    QCOMPARE(int(parts.size()), problem.model.layerCount());
    int previousStage = 0;
    for (const LayerPartition& lp : parts) {
        QVERIFY(lp.ppStage >= previousStage || isInterleaved(best.config.schedule));
        previousStage = lp.ppStage;
        QCOMPARE(lp.tpSize, best.config.tp);
        QCOMPARE(int(lp.deviceIds.size()), best.config.tp);
    }
}

void TestPlanSearch::strategiesOrderAsDocumented()
{
    const PlanningProblem problem = llama70b(64);
    const PlanEvaluator evaluator(problem);
    PlanningOutcome o = runPlanning(problem, Strategy::MemoryOptimal, {}, 0);
    auto feasible = [&] {
        std::vector<const PlanSummary*> f;
        for (const PlanSummary& s : o.search.candidates)
            if (s.feasible)
                f.push_back(&s);
        return f;
    };
    const PlanSummary& mem = o.search.candidates[o.order.front()];
    for (const PlanSummary* s : feasible())
        QVERIFY(mem.peakMemoryBytes <= s->peakMemoryBytes);
    rerank(o, evaluator, Strategy::CommunicationMinimal, {}, 0);
    const PlanSummary& comm = o.search.candidates[o.order.front()];
    for (const PlanSummary* s : feasible())
        QVERIFY(comm.commBytes <= s->commBytes);
    rerank(o, evaluator, Strategy::ComputeBalanced, {}, 0);
    const PlanSummary& bal = o.search.candidates[o.order.front()];
    for (const PlanSummary* s : feasible())
        QVERIFY(bal.computeImbalance <= s->computeImbalance + 1e-3);
    rerank(o, evaluator, Strategy::TensorParallelFirst, {}, 0);
    QCOMPARE(o.search.candidates[o.order.front()].config.tp, 8);
    rerank(o, evaluator, Strategy::PipelineParallelFirst, {}, 0);
    int leastTp = 1 << 20;
    for (const PlanSummary* s : feasible())
        leastTp = std::min(leastTp, s->config.tp);
    QCOMPARE(o.search.candidates[o.order.front()].config.tp, leastTp);
    // Infeasible candidates come after every feasible one.
    bool seenInfeasible = false;
    for (std::uint32_t i : o.order) {
        seenInfeasible |= !o.search.candidates[i].feasible;
        QVERIFY(!(seenInfeasible && o.search.candidates[i].feasible));
    }
}

void TestPlanSearch::test_auto_partition_config_default()
{
    // Seed: the default strategy is Hybrid with weights 0.4 / 0.3 / 0.3. ShardScope's default is the
    // exhaustive search (docs/seed-differences.md); Hybrid keeps the seed's weights.
    QVERIFY(defaultWeights(Strategy::Hybrid) == (ScoreWeights { 0.4, 0.3, 0.3 }));
}

void TestPlanSearch::test_auto_partition_config_memory_optimized()
{
    const Preset* p = findPreset("memory_optimized");
    QVERIFY(p);
    QVERIFY(p->strategy == Strategy::MemoryOptimal);
    QCOMPARE(p->memoryMargin, 0.15);
    QVERIFY(p->weights == (ScoreWeights { 0.6, 0.2, 0.2 }));
}

void TestPlanSearch::test_partition_strategy_variants()
{
    // Seven strategies, each its own name, and each name read back as its strategy.
    std::set<std::string_view> names;
    for (Strategy s : allStrategies()) {
        names.insert(toString(s));
        QVERIFY(strategyFromString(toString(s)) == std::optional<Strategy>(s));
    }
    QCOMPARE(names.size(), std::size_t(7));
    QVERIFY(strategyFromString("compute_balanced") == std::optional<Strategy>(Strategy::ComputeBalanced));
    QVERIFY(strategyFromString("memory_optimal") == std::optional<Strategy>(Strategy::MemoryOptimal));
    QVERIFY(!strategyFromString("fastest"));
}

void TestPlanSearch::test_auto_partitioner_single_device()
{
    PlanningProblem p;
    p.model = importSeedLayerSizes(R"([["embed", 1000000], ["fc1", 500000]])", "seed-layers.json");
    p.cluster = ClusterSpec::make(catalogGpu("A100-SXM-80GB"), 1, 8);
    p.training.seqLength = 128;
    p.training.globalBatch = 8;
    const PlanningOutcome o = runPlanning(p, Strategy::Hybrid, defaultWeights(Strategy::Hybrid), 1);
    QVERIFY(o.top.front().feasible);
    QCOMPARE(o.top.front().config.tp, 1);
    QCOMPARE(o.top.front().config.pp, 1);
}

void TestPlanSearch::test_auto_partitioner_large_model()
{
    // Seed: 10 layers of 1 GiB (fp32) on 8 devices of 10 GB must be distributed. 2.68B parameters need
    // 43 GB of model states; one 10 GB device cannot hold them, so every fitting plan shards model states:
    // TP, PP, or ZeRO-2/3 across the data-parallel ranks (the seed only knew TP and PP).
    std::string layers = "[";
    for (int i = 0; i < 10; ++i)
        layers += std::string(i ? "," : "") + "[\"layer" + std::to_string(i) + "\", 1073741824]";
    layers += "]";
    PlanningProblem p;
    p.model = importSeedLayerSizes(layers, "seed-layers.json");
    GpuSpec small = catalogGpu("A100-SXM-80GB");
    small.memoryBytes = 10.0 * 1024 * 1024 * 1024;
    p.cluster = ClusterSpec::make(small, 8, 8);
    p.training.seqLength = 128;
    p.training.globalBatch = 8;
    p.training.frameworkOverheadBytes = 0;
    p.training.memoryMargin = 0.1;
    const PlanningOutcome o = runPlanning(p, Strategy::Hybrid, defaultWeights(Strategy::Hybrid), 1);
    QVERIFY(o.search.feasibleCount > 0);
    for (const PlanSummary& s : o.search.candidates)
        if (s.feasible)
            QVERIFY(s.config.tp > 1 || s.config.pp > 1 || s.config.zeroStage >= 2);
}

void TestPlanSearch::test_effective_memory()
{
    PlanningProblem p = llama70b(8);
    p.cluster.gpu.memoryBytes = 100;
    p.training.memoryMargin = 0.1;
    QCOMPARE(PlanEvaluator(p).usableBytes(), 90.0);
}

QTEST_APPLESS_MAIN(TestPlanSearch)
#include "tst_plan_search.moc"
