// SPDX-License-Identifier: GPL-3.0-or-later
// Sweeps (core/partition/sweep.h): each point's best plan is a separate runPlanning's, the smallest point
// that fits, per-point errors, progress and cancellation, and the value parser.
#include "cost/prediction_band.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/planner.h"
#include "partition/sweep.h"
#include "test_files.h"
#include "util/input_error.h"

#include <QtTest>
#include <atomic>

using namespace shardscope;

// Readable QCOMPARE failures (found by argument-dependent lookup).
namespace std {
char* toString(const optional<size_t>& i)
{
    return qstrdup(i ? std::to_string(*i).c_str() : "none");
}
} // namespace std

namespace {

/// "fits", "no_fit" or "error": statuses compared as their names.
QString status(const SweepPoint& p)
{
    return QString::fromStdString(std::string(toString(p.status)));
}

const GpuSpec& h100()
{
    return *HardwareCatalog::builtin().find("H100-SXM");
}

/// Qwen2.5-0.5B (24 blocks, 14 heads, 2 key/value heads: TP 1 or 2): a real search of a few thousand
/// candidates a point.
PlanningProblem qwenProblem(int gpus)
{
    PlanningProblem p;
    p.model = importModel(testing::dataFile("hf/qwen2.5-0.5b.json"));
    p.cluster = ClusterSpec::make(h100(), gpus, 8);
    p.training.seqLength = 2048;
    p.training.globalBatch = 64;
    return p;
}

/// Llama-2-7B on GPUs of 16 GiB with one layout pinned (pure data parallelism, ZeRO-3, full recomputation):
/// each GPU holds 1/N of the 18 bytes a parameter of weights, fp32 gradients and Adam states (121 GB), so
/// it fits only from some number of GPUs on.
PlanningProblem shardedLlama7b()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-2-7b");
    GpuSpec small = h100();
    small.memoryBytes = 16.0 * 1024 * 1024 * 1024;
    p.cluster = ClusterSpec::make(small, 8, 8);
    p.training.seqLength = 2048;
    p.training.globalBatch = 256;
    PlanPins& pins = p.training.pins;
    pins.tp = 1;
    pins.cp = 1;
    pins.pp = 1;
    pins.microBatch = 1;
    pins.zeroStage = 3;
    pins.recompute = Recompute::Full;
    pins.dpReplicate = 1;
    return p;
}

SweepOptions twoThreads()
{
    SweepOptions o;
    o.threads = 2;
    return o;
}

/// Every number of the best plan the sweep keeps, against a separate run's.
void compareBest(const SweepPoint& point, const PlanningOutcome& separate)
{
    QVERIFY(!separate.order.empty());
    const PlanSummary& first = separate.search.candidates[separate.order.front()];
    QCOMPARE(point.candidateCount, separate.search.candidates.size());
    QCOMPARE(point.feasibleCount, separate.search.feasibleCount);
    QCOMPARE(point.fits(), first.feasible);
    if (!first.feasible) {
        QCOMPARE(point.reason, first.infeasibleReason.text());
        return;
    }
    QVERIFY(point.best.config == first.config);
    QVERIFY(point.bestEstimate.config == first.config);
    QCOMPARE(point.best.tokensPerSecond, first.tokensPerSecond);
    QCOMPARE(point.best.stepSeconds, first.stepSeconds);
    QCOMPARE(point.best.mfu, first.mfu);
    QCOMPARE(point.best.bubbleFraction, first.bubbleFraction);
    QCOMPARE(point.best.peakMemoryBytes, first.peakMemoryBytes);
    QCOMPARE(point.score, first.score);
    const PlanEstimate& e = separate.top.front();
    QCOMPARE(point.bestEstimate.tokensPerSecond, e.tokensPerSecond);
    QCOMPARE(point.bestEstimate.time.stepSeconds, e.time.stepSeconds);
    QCOMPARE(point.bestEstimate.peakMemoryBytes, e.peakMemoryBytes);
    QCOMPARE(point.bestEstimate.mfu, e.mfu);
    QCOMPARE(point.bestEstimate.numMicroBatches, e.numMicroBatches);
    QCOMPARE(point.bestEstimate.stages.size(), e.stages.size());
}

} // namespace

class TestSweep : public QObject
{
    Q_OBJECT
private slots:
    void bestPlanIsASeparateRunsBest_data();
    void bestPlanIsASeparateRunsBest();
    void marksTheSmallestThatFits();
    void perPointErrors();
    void pointSettingsKeepTheBase();
    void sequenceSweepShowsEachRegimesBand();
    void progressAndPointsInOrder();
    void cancellation_data();
    void cancellation();
    void refusesAnUnusableSpec();
    void parsesValues_data();
    void parsesValues();
    void rejectsBadValues_data();
    void rejectsBadValues();
};

void TestSweep::bestPlanIsASeparateRunsBest_data()
{
    QTest::addColumn<int>("axis");
    QTest::addColumn<QList<qint64>>("values");
    QTest::addColumn<int>("strategy");
    QTest::newRow("gpus 8..32") << int(SweepAxis::Gpus) << QList<qint64> { 8, 16, 32 }
                                << int(Strategy::Exhaustive);
    QTest::newRow("batch 32,64,128") << int(SweepAxis::GlobalBatch) << QList<qint64> { 32, 64, 128 }
                                     << int(Strategy::Exhaustive);
    QTest::newRow("seq 1024..4096 memory-optimal")
        << int(SweepAxis::SeqLength) << QList<qint64> { 1024, 2048, 4096 } << int(Strategy::MemoryOptimal);
}

void TestSweep::bestPlanIsASeparateRunsBest()
{
    QFETCH(int, axis);
    QFETCH(QList<qint64>, values);
    QFETCH(int, strategy);
    const PlanningProblem base = qwenProblem(16);
    SweepSpec spec { SweepAxis(axis), {} };
    for (qint64 v : values)
        spec.values.push_back(v);
    const ScoreWeights weights { 0.2, 0.7, 0.1 };
    const SweepResult r = runSweep(base, spec, Strategy(strategy), weights, twoThreads());
    QVERIFY(!r.cancelled);
    QCOMPARE(r.points.size(), spec.values.size());
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        // The point's problem built by hand, independently of sweepPointProblem.
        PlanningProblem p = base;
        if (SweepAxis(axis) == SweepAxis::Gpus)
            p.cluster = ClusterSpec::make(h100(), int(spec.values[i]), 8);
        else if (SweepAxis(axis) == SweepAxis::GlobalBatch)
            p.training.globalBatch = spec.values[i];
        else
            p.training.seqLength = spec.values[i];
        const PlanningOutcome separate = runPlanning(p, Strategy(strategy), weights, 1);
        QCOMPARE(r.points[i].value, spec.values[i]);
        QCOMPARE(r.points[i].gpus, p.cluster.totalGpus());
        QCOMPARE(r.points[i].globalBatch, p.training.globalBatch);
        QCOMPARE(r.points[i].seqLength, p.training.seqLength);
        QVERIFY(r.points[i].candidateCount > 100); // a real search, not a pinned layout
        compareBest(r.points[i], separate);
        if (QTest::currentTestFailed()) return;
    }
}

void TestSweep::marksTheSmallestThatFits()
{
    const PlanningProblem base = shardedLlama7b();
    const SweepSpec spec { SweepAxis::Gpus, { 8, 16, 32, 64, 128 } };
    const SweepResult r = runSweep(base, spec, Strategy::Exhaustive, {}, twoThreads());
    QCOMPARE(r.points.size(), spec.values.size());
    // Where a plan fits, by separate runs: the sweep's mark is the first of them.
    std::optional<std::size_t> first, last;
    for (std::size_t i = 0; i < spec.values.size(); ++i) {
        PlanningProblem p = base;
        p.cluster.nodes = int(spec.values[i] / 8);
        const PlanningOutcome separate = runPlanning(p, Strategy::Exhaustive, {}, 1);
        compareBest(r.points[i], separate);
        if (separate.search.feasibleCount > 0) {
            first = first ? first : std::optional<std::size_t>(i);
            last = i;
        }
    }
    // 121 GB of states over 8 GPUs of 15.2 GiB usable does not fit; over 128 GPUs (0.95 GB each) it does.
    QVERIFY(first && *first > 0);
    QCOMPARE(r.smallestFitting, first);
    QCOMPARE(r.largestFitting, last);
    QCOMPARE(*r.largestFitting, spec.values.size() - 1);
    QCOMPARE(status(r.points.front()), QStringLiteral("no_fit"));
    QVERIFY2(QString::fromStdString(r.points.front().reason).contains(QStringLiteral("exceeds")),
        r.points.front().reason.c_str());
    for (std::size_t i = 0; i < *first; ++i)
        QVERIFY(!r.points[i].fits());
    QVERIFY(r.points[*first].fits());
}

void TestSweep::perPointErrors()
{
    PlanningProblem base = qwenProblem(8);
    base.training.pins.dp = 8; // with micro-batch 1: the global batch must be a multiple of 8
    base.training.pins.microBatch = 1;
    // GPU counts that are not whole nodes, next to ones that are: errors in their rows, the rest planned.
    const SweepResult gpus
        = runSweep(base, { SweepAxis::Gpus, { 4, 8, 12, 16 } }, Strategy::Exhaustive, {}, twoThreads());
    QCOMPARE(gpus.points.size(), std::size_t(4));
    QVERIFY(!gpus.cancelled);
    QCOMPARE(status(gpus.points[0]), QStringLiteral("error"));
    QCOMPARE(gpus.points[0].reason,
        std::string("sweep point:gpus: 4 GPUs is not a whole number of 8-GPU nodes; a GPU sweep takes "
                    "multiples of 8"));
    QCOMPARE(gpus.points[0].candidateCount, std::size_t(0));
    QCOMPARE(status(gpus.points[2]), QStringLiteral("error"));
    QVERIFY(gpus.points[1].fits());
    QVERIFY(gpus.points[3].fits());
    QCOMPARE(gpus.smallestFitting, std::optional<std::size_t>(1));
    // A batch the pinned DP does not divide: no plan at that point, with the search's reason.
    const SweepResult batch
        = runSweep(base, { SweepAxis::GlobalBatch, { 12, 16 } }, Strategy::Exhaustive, {}, twoThreads());
    QCOMPARE(batch.points.size(), std::size_t(2));
    QCOMPARE(status(batch.points[0]), QStringLiteral("no_fit"));
    QVERIFY2(QString::fromStdString(batch.points[0].reason)
                 .contains(QStringLiteral("global batch 12 is not divisible by DP 8")),
        batch.points[0].reason.c_str());
    QVERIFY(batch.points[1].fits());
    QCOMPARE(batch.smallestFitting, std::optional<std::size_t>(1));
    // A value past the axis' limit (the parser refuses it; runSweep takes any list): that point's error.
    const SweepResult seq = runSweep(base, { SweepAxis::SeqLength, { 2048, (std::int64_t(1) << 24) + 1 } },
        Strategy::Exhaustive, {}, twoThreads());
    QCOMPARE(seq.points.size(), std::size_t(2));
    QVERIFY(seq.points[0].fits());
    QCOMPARE(status(seq.points[1]), QStringLiteral("error"));
    QVERIFY2(QString::fromStdString(seq.points[1].reason)
                 .contains(QStringLiteral("out of range; expected 1 to 16777216")),
        seq.points[1].reason.c_str());
    // An input runPlanning refuses at every point (the model has no layers): an error a point, no abort.
    PlanningProblem empty = base;
    empty.model = ModelGraph();
    const SweepResult none
        = runSweep(empty, { SweepAxis::Gpus, { 8, 16 } }, Strategy::Exhaustive, {}, twoThreads());
    QCOMPARE(none.points.size(), std::size_t(2));
    for (const SweepPoint& p : none.points) {
        QCOMPARE(status(p), QStringLiteral("error"));
        QVERIFY2(QString::fromStdString(p.reason).contains(QStringLiteral("the model has no layers")),
            p.reason.c_str());
    }
    QVERIFY(!none.smallestFitting);
}

void TestSweep::pointSettingsKeepTheBase()
{
    PlanningProblem base = qwenProblem(16);
    base.cluster.interNode.bandwidthBytesPerSecond = 12.5e9; // an override the GPU's defaults do not have
    base.training.pins.zeroStage = 2;
    const PlanningProblem p = sweepPointProblem(base, SweepAxis::Gpus, 64);
    QCOMPARE(p.cluster.nodes, 8);
    QCOMPARE(p.cluster.gpusPerNode, 8);
    QCOMPARE(p.cluster.interNode.bandwidthBytesPerSecond, 12.5e9);
    QVERIFY(p.training.pins == base.training.pins);
    QCOMPARE(p.training.globalBatch, base.training.globalBatch);
    QCOMPARE(sweepPointProblem(base, SweepAxis::GlobalBatch, 96).training.globalBatch, std::int64_t(96));
    QCOMPARE(sweepPointProblem(base, SweepAxis::SeqLength, 8192).training.seqLength, std::int64_t(8192));
    QCOMPARE(sweepPointProblem(base, SweepAxis::SeqLength, 8192).cluster.nodes, 2);
    QVERIFY_THROWS_EXCEPTION(InputError, sweepPointProblem(base, SweepAxis::Gpus, 20));
    QVERIFY_THROWS_EXCEPTION(InputError, sweepPointProblem(base, SweepAxis::GlobalBatch, 0));
}

// A sequence sweep crosses sequence buckets: each point carries its own regime's band, not the base's.
void TestSweep::sequenceSweepShowsEachRegimesBand()
{
    PlanningProblem base = qwenProblem(8);
    base.training.precision = Precision::Fp8;
    resolvePredictionBand(base);
    QCOMPARE(QString::fromStdString(base.cluster.gpu.calibration.regime), QStringLiteral("H100 dense FP8 <=8k"));
    QVERIFY(base.cluster.gpu.calibration.crossValidated);
    const RegimeBand* shortBand = nullptr;
    for (const RegimeBand& b : h100().calibration.regimes)
        if (b.regime == "H100 dense FP8 <=8k")
            shortBand = &b;
    QVERIFY(shortBand);

    SweepSpec spec;
    spec.axis = SweepAxis::SeqLength;
    spec.values = { 2048, 65536 };
    const SweepResult r = runSweep(base, spec, Strategy::Exhaustive, ScoreWeights {}, twoThreads());
    QCOMPARE(int(r.points.size()), 2);
    const CalibrationInfo& near = r.points[0].calibration;
    QCOMPARE(QString::fromStdString(near.regime), QStringLiteral("H100 dense FP8 <=8k"));
    QCOMPARE(near.runs, shortBand->cvRows);
    QCOMPARE(near.rmsError, shortBand->cvMean);
    const CalibrationInfo& far = r.points[1].calibration;
    QCOMPARE(QString::fromStdString(far.regime), QStringLiteral("H100 dense FP8 >32k"));
    QVERIFY(!far.calibrated()); // no measured run at 64k in the default profile
    QCOMPARE(QString::fromStdString(far.nearestRegime), QStringLiteral("H100 dense FP8 <=8k"));
}

void TestSweep::progressAndPointsInOrder()
{
    const PlanningProblem base = qwenProblem(8);
    SweepOptions options = twoThreads();
    std::vector<SweepProgress> reports;
    std::vector<std::size_t> finished;
    options.progress = [&](const SweepProgress& p) {
        reports.push_back(p);
        return true;
    };
    options.pointFinished = [&](std::size_t i, const SweepPoint& p) {
        finished.push_back(i);
        QCOMPARE(p.value, std::int64_t(8) << i);
    };
    const SweepResult r
        = runSweep(base, { SweepAxis::Gpus, { 8, 16, 32 } }, Strategy::Exhaustive, {}, options);
    QCOMPARE(finished, (std::vector<std::size_t> { 0, 1, 2 }));
    QVERIFY(!reports.empty());
    double last = -1;
    std::size_t lastPoint = 0;
    for (const SweepProgress& p : reports) {
        QCOMPARE(p.pointCount, std::size_t(3));
        QVERIFY(p.point >= lastPoint);
        QVERIFY2(p.fraction() >= last, "progress never goes back");
        QVERIFY(p.fraction() >= 0 && p.fraction() <= 1);
        QVERIFY(p.done <= p.total);
        last = p.fraction();
        lastPoint = p.point;
    }
    // Each point announces itself, and its search reports its end: point 2's last report is all of its
    // candidates.
    QCOMPARE(reports.back().point, std::size_t(2));
    QCOMPARE(reports.back().done, r.points[2].candidateCount);
    QCOMPARE(reports.back().fraction(), 1.0);
    // fraction() by hand: point 1 of 4, half its candidates done: (1 + 0.5) / 4.
    QCOMPARE((SweepProgress { 1, 4, 50, 100 }).fraction(), 0.375);
}

void TestSweep::cancellation_data()
{
    QTest::addColumn<bool>("byFlag"); // the cancel flag, else progress returning false
    QTest::addColumn<bool>("beforeStart");
    QTest::newRow("flag during point 1") << true << false;
    QTest::newRow("progress false during point 1") << false << false;
    QTest::newRow("flag before the start") << true << true;
}

void TestSweep::cancellation()
{
    QFETCH(bool, byFlag);
    QFETCH(bool, beforeStart);
    const PlanningProblem base = qwenProblem(8);
    std::atomic<bool> cancel { beforeStart };
    SweepOptions options = twoThreads();
    options.cancel = &cancel;
    bool searchedAfterCancel = false;
    options.progress = [&](const SweepProgress& p) {
        if (cancel.load() && p.total > 0 && p.done > 0 && p.point > 1) searchedAfterCancel = true;
        if (p.point == 1 && p.total > 0) { // inside point 1's search
            if (byFlag)
                cancel = true;
            else
                return false;
        }
        return true;
    };
    const SweepResult r
        = runSweep(base, { SweepAxis::Gpus, { 8, 16, 32, 64 } }, Strategy::Exhaustive, {}, options);
    QVERIFY(r.cancelled);
    QVERIFY(!searchedAfterCancel);
    if (beforeStart) {
        QVERIFY(r.points.empty());
        QVERIFY(!r.smallestFitting);
        return;
    }
    // Point 0 finished before the cancel and is kept; point 1 was cut short and is left out.
    QCOMPARE(r.points.size(), std::size_t(1));
    QCOMPARE(r.points[0].value, std::int64_t(8));
    QVERIFY(r.points[0].fits());
}

void TestSweep::refusesAnUnusableSpec()
{
    const PlanningProblem base = qwenProblem(8);
    QVERIFY_THROWS_EXCEPTION(InputError, runSweep(base, { SweepAxis::Gpus, {} }, Strategy::Exhaustive, {}));
    QVERIFY_THROWS_EXCEPTION(
        InputError, runSweep(base, { SweepAxis::Gpus, { 16, 8 } }, Strategy::Exhaustive, {}));
    QVERIFY_THROWS_EXCEPTION(
        InputError, runSweep(base, { SweepAxis::Gpus, { 8, 8 } }, Strategy::Exhaustive, {}));
    SweepSpec many { SweepAxis::GlobalBatch, {} };
    for (std::int64_t v = 1; v <= std::int64_t(kMaxSweepPoints) + 1; ++v)
        many.values.push_back(v);
    QVERIFY_THROWS_EXCEPTION(InputError, runSweep(base, many, Strategy::Exhaustive, {}));
}

void TestSweep::parsesValues_data()
{
    QTest::addColumn<int>("axis");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("values");
    QTest::newRow("64..16384") << int(SweepAxis::Gpus) << QStringLiteral("64..16384")
                               << QList<qint64> { 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384 };
    QTest::newRow("ends not powers of two")
        << int(SweepAxis::GlobalBatch) << QStringLiteral("48..1000") << QList<qint64> { 64, 128, 256, 512 };
    QTest::newRow("one-point range") << int(SweepAxis::SeqLength) << QStringLiteral("8192..8192")
                                     << QList<qint64> { 8192 };
    QTest::newRow("from 1") << int(SweepAxis::GlobalBatch) << QStringLiteral("1..8")
                            << QList<qint64> { 1, 2, 4, 8 };
    QTest::newRow("list sorted") << int(SweepAxis::Gpus) << QStringLiteral("64,8,24")
                                 << QList<qint64> { 8, 24, 64 };
    QTest::newRow("list with spaces") << int(SweepAxis::SeqLength) << QStringLiteral("2048, 3072 ,4096")
                                      << QList<qint64> { 2048, 3072, 4096 };
    QTest::newRow("single value") << int(SweepAxis::Gpus) << QStringLiteral("512") << QList<qint64> { 512 };
    QTest::newRow("seq at the limit") << int(SweepAxis::SeqLength) << QStringLiteral("8388608..16777216")
                                      << QList<qint64> { 8388608, 16777216 };
}

void TestSweep::parsesValues()
{
    QFETCH(int, axis);
    QFETCH(QString, text);
    QFETCH(QList<qint64>, values);
    const std::vector<std::int64_t> parsed = parseSweepValues(SweepAxis(axis), text.toStdString(), "--x");
    QCOMPARE(QList<qint64>(parsed.begin(), parsed.end()), values);
}

void TestSweep::rejectsBadValues_data()
{
    QTest::addColumn<int>("axis");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const int gpus = int(SweepAxis::Gpus);
    QTest::newRow("empty") << gpus << QString() << QStringLiteral("expected sweep values");
    QTest::newRow("open end") << gpus << QStringLiteral("64..")
                              << QStringLiteral("expected a positive integer GPU count, got \"\"");
    QTest::newRow("open start") << gpus << QStringLiteral("..64") << QStringLiteral("got \"\" in \"..64\"");
    QTest::newRow("backwards") << gpus << QStringLiteral("128..64")
                               << QStringLiteral("the range \"128..64\" runs backwards");
    QTest::newRow("no power of two") << gpus << QStringLiteral("3..3")
                                     << QStringLiteral("holds no power of two");
    QTest::newRow("zero") << gpus << QStringLiteral("0..8")
                          << QStringLiteral("GPU count 0 is out of range; expected 1 to 10000000");
    QTest::newRow("negative") << gpus << QStringLiteral("-8,8")
                              << QStringLiteral("GPU count -8 is out of range");
    QTest::newRow("past the limit") << int(SweepAxis::GlobalBatch) << QStringLiteral("1024..33554432")
                                    << QStringLiteral(
                                           "global batch 33554432 is out of range; expected 1 to 16777216");
    QTest::newRow("twice") << int(SweepAxis::SeqLength) << QStringLiteral("2048,4096,2048")
                           << QStringLiteral("sequence length 2048 is given twice");
    QTest::newRow("empty item") << gpus << QStringLiteral("8,,16") << QStringLiteral("got \"\" in \"8,,16\"");
    QTest::newRow("not a number") << gpus << QStringLiteral("8,sixteen") << QStringLiteral("got \"sixteen\"");
    QTest::newRow("fraction") << gpus << QStringLiteral("8.5,16") << QStringLiteral("got \"8.5\"");
    QTest::newRow("two ranges") << gpus << QStringLiteral("8..16..32")
                                << QStringLiteral("ranges and lists do not mix");
    QTest::newRow("range and list") << gpus << QStringLiteral("8..16,64")
                                    << QStringLiteral("ranges and lists do not mix");
    QTest::newRow("too large") << gpus << QStringLiteral("99999999999999999999")
                               << QStringLiteral("expected a positive integer");
    QString many;
    for (int v = 1; v <= 65; ++v)
        many += (v > 1 ? QStringLiteral(",") : QString()) + QString::number(v);
    QTest::newRow("65 values") << int(SweepAxis::GlobalBatch) << many
                               << QStringLiteral("65 sweep points are too many; a sweep has at most 64");
}

void TestSweep::rejectsBadValues()
{
    QFETCH(int, axis);
    QFETCH(QString, text);
    QFETCH(QString, message);
    bool thrown = false;
    try {
        parseSweepValues(SweepAxis(axis), text.toStdString(), "--x");
    } catch (const InputError& e) {
        thrown = true;
        QCOMPARE(QString::fromStdString(e.source()), QStringLiteral("--x"));
        QVERIFY2(QString::fromStdString(e.message()).contains(message), e.what());
    }
    QVERIFY(thrown);
}

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
