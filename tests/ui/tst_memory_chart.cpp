// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/memory_chart.*: a selected plan's per-device memory lands in the chart series value by
// value, per device for small clusters and per pipeline stage for large ones, with the capacity line.
#include "memory_chart.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/layer_partition.h"

#include <QBarSet>
#include <QLineSeries>
#include <QtTest>

using namespace shardscope;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

PlanEstimate plan(const char* model, int gpus, int tp, int pp, int dp)
{
    PlanningProblem p;
    p.model = *findBundledModel(model);
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), gpus, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 1024;
    ParallelConfig c;
    c.tp = tp;
    c.pp = pp;
    c.dp = dp;
    c.zeroStage = 1;
    c.sequenceParallel = true;
    return PlanEvaluator(p).evaluate(c);
}

int stageOf(const ParallelConfig& c, int device)
{
    for (int s = 0; s < c.pp; ++s) {
        const auto [first, end] = stageDeviceRange(c, s);
        if (device >= first && device < end)
            return s;
    }
    return -1;
}

} // namespace

class TestMemoryChart : public QObject
{
    Q_OBJECT
private slots:
    void everyDeviceGetsItsStageBytes()
    {
        const PlanEstimate p = plan("llama-3-70b", 64, 8, 4, 2);
        QCOMPARE(int(p.stages.size()), 4);
        MemoryChartView view;
        view.setPlan(p);
        QVERIFY(!view.data().grouped);
        QCOMPARE(view.barSets().size(), MemoryChartData::PartCount);
        for (QBarSet* set : view.barSets())
            QCOMPARE(set->count(), 64);
        for (int device = 0; device < 64; ++device) {
            const MemoryBreakdown& m = p.stages[std::size_t(stageOf(p.config, device))].memory;
            QCOMPARE(view.barSets()[0]->at(device), m.weightsBytes / kGiB);
            QCOMPARE(view.barSets()[1]->at(device), m.gradientsBytes / kGiB);
            QCOMPARE(view.barSets()[2]->at(device), m.optimizerBytes / kGiB);
            QCOMPARE(view.barSets()[3]->at(device), m.activationsBytes / kGiB);
            QCOMPARE(view.barSets()[4]->at(device), m.embeddingLogitsBytes / kGiB);
            QCOMPARE(view.barSets()[5]->at(device), m.overheadBytes / kGiB);
        }
        // The stacks add up to each stage's total, and the tallest is the plan's peak.
        double tallest = 0;
        for (int device = 0; device < 64; ++device) {
            double sum = 0;
            for (QBarSet* set : view.barSets())
                sum += set->at(device);
            tallest = std::max(tallest, sum);
        }
        QVERIFY(std::abs(tallest - p.peakMemoryBytes / kGiB) < 1e-9 * tallest);
        QCOMPARE(view.capacityLine()->count(), 2);
        QCOMPARE(view.capacityLine()->at(0).y(), p.capacityBytes / kGiB);
        QCOMPARE(view.capacityLine()->at(1).x(), 63.5);
    }

    void largeClustersGroupByStage()
    {
        const PlanEstimate p = plan("llama-3.1-405b", 1024, 8, 16, 8);
        MemoryChartView view;
        view.setPlan(p);
        QVERIFY(view.data().grouped);
        QCOMPARE(view.data().bars.size(), 16);
        QCOMPARE(view.barSets()[3]->count(), 16);
        for (int s = 0; s < 16; ++s) {
            const MemoryBar& bar = view.data().bars[s];
            const auto [first, end] = stageDeviceRange(p.config, s);
            QCOMPARE(bar.firstDevice, first);
            QCOMPARE(bar.endDevice, end);
            QCOMPARE(end - first, 64); // TP 8 x DP 8 identical devices
            QCOMPARE(bar.label, QStringLiteral("S%1").arg(s));
            QCOMPARE(view.barSets()[3]->at(s), p.stages[std::size_t(s)].memory.activationsBytes / kGiB);
        }
    }

    void switchingPlansLeavesNoOldValues()
    {
        MemoryChartView view;
        view.setPlan(plan("llama-3-70b", 64, 8, 4, 2));
        const PlanEstimate second = plan("llama-3-8b", 16, 2, 1, 8);
        view.setPlan(second);
        for (QBarSet* set : view.barSets())
            QCOMPARE(set->count(), 16);
        QCOMPARE(view.barSets()[0]->at(15), second.stages[0].memory.weightsBytes / kGiB);
        view.clearPlan();
        QCOMPARE(view.barSets()[0]->count(), 0);
        QCOMPARE(view.capacityLine()->count(), 0);
    }

    void rendersOffscreen()
    {
        MemoryChartView view;
        view.resize(900, 500);
        view.setPlan(plan("llama-3.1-405b", 1024, 8, 16, 8));
        const QImage image = view.grab().toImage();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty()) // to look at it
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/memory-chart-1024.png"));
        QCOMPARE(image.size(), QSize(900, 500) * view.devicePixelRatio());
        // Not blank: the bars paint more than one colour.
        QSet<QRgb> colours;
        for (int x = 0; x < image.width(); x += 7)
            for (int y = 0; y < image.height(); y += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 4);
    }
};

QTEST_MAIN(TestMemoryChart)
#include "tst_memory_chart.moc"
