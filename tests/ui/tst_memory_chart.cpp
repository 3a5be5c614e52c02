// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/memory_chart.*: a selected plan's per-device memory lands in the chart series value by
// value, per device for small clusters and per pipeline stage for large ones, with the capacity line; a
// mixture-of-experts plan is stacked by its MoE parts (routed and shared experts, MoE activations,
// dispatcher buffers), in the legend when they hold bytes and in the tooltips.
#include "memory_chart.h"
#include "view_fixtures.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/layer_partition.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QStackedBarSeries>
#include <QPointer>
#include <QValueAxis>
#include <QLineSeries>
#include <QtTest>

using namespace shardscope;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

PlanEstimate plan(const char* model, int gpus, int tp, int pp, int dp)
{
    return PlanEvaluator(testing::bundledOnH100(model, gpus)).evaluate(testing::viewConfig(tp, pp, dp));
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

/// Two stages of TP 2 x DP 2 (8 GPUs, EP 4) with hand-set MoE parts: stage 0 holds 20 GiB of routed experts,
/// 2 GiB of shared experts, 6 of its 10 GiB of activations are MoE's and 1.5 of its 4 GiB "other" the
/// dispatcher's buffers; stage 1 has no shared experts.
PlanEstimate handBuiltMoe()
{
    PlanEstimate p;
    p.config = testing::viewConfig(2, 2, 2);
    p.config.ep = 4;
    p.capacityBytes = 76 * kGiB;
    for (int s = 0; s < 2; ++s) {
        StageEstimate st;
        st.stage = s;
        st.layerRanges = { { 3 * s, 3 * s + 3 } };
        MemoryBreakdown& m = st.memory;
        m.weightsBytes = 8 * kGiB;
        m.gradientsBytes = 8 * kGiB;
        m.optimizerBytes = 16 * kGiB;
        m.activationsBytes = 10 * kGiB;
        m.embeddingLogitsBytes = (s == 0 ? 1 : 3) * kGiB;
        m.overheadBytes = 4 * kGiB;
        m.other.moeDispatch = 1.5 * kGiB;
        m.routedExpertBytes = 20 * kGiB;
        m.sharedExpertBytes = s == 0 ? 2 * kGiB : 0;
        m.moeActivationBytes = 6 * kGiB;
        p.stages.push_back(st);
    }
    p.peakMemoryBytes = p.stages[1].memory.totalBytes();
    return p;
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

    // Context parallelism: every GPU of TP x CP x DP per stage gets a bar (16 for TP 2 x CP 2 x DP 4), and a
    // stage bar of a large cluster stands for TP x CP x DP GPUs (title).
    void contextParallelGpusAreCounted()
    {
        ParallelConfig c = testing::viewConfig(2, 1, 4);
        c.cp = 2;
        PlanningProblem problem = testing::bundledOnH100("llama-3-8b", 16);
        problem.training.seqLength = 32768;
        const PlanEstimate small = PlanEvaluator(problem).evaluate(c);
        QVERIFY2(!small.stages.empty(), small.infeasibleReason.c_str());
        MemoryChartView view;
        view.setPlan(small);
        QVERIFY(!view.data().grouped);
        QCOMPARE(view.data().bars.size(), 16);
        QCOMPARE(view.data().bars.back().label, QStringLiteral("GPU 15"));

        ParallelConfig large = testing::viewConfig(8, 16, 8);
        large.cp = 16;
        const PlanEstimate big = PlanEvaluator(testing::bundledOnH100("llama-3.1-405b", 16384)).evaluate(large);
        QVERIFY2(!big.stages.empty(), big.infeasibleReason.c_str());
        view.setPlan(big);
        QVERIFY(view.data().grouped);
        QCOMPARE(view.data().bars.size(), 16);
        QCOMPARE(view.data().bars[1].firstDevice, 1024);
        QCOMPARE(view.title(), QStringLiteral("Memory per GPU: 16384 GPUs, one bar per pipeline stage S0-S15 of 1024 identical GPUs"));
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

    void axesAreReusedAndLabelled()
    {
        // The same two axes across updates (re-adding them leaked them), categories per bar,
        // the y range covering the fullest bar and the capacity.
        MemoryChartView view;
        QBarCategoryAxis* x = view.categoryAxis();
        QValueAxis* y = view.valueAxis();
        QPointer<QBarCategoryAxis> watch(x);
        const PlanEstimate big = plan("llama-3-70b", 64, 8, 4, 2);
        view.setPlan(big);
        view.setPlan(plan("llama-3-8b", 8, 2, 1, 4));
        QCOMPARE(view.chart()->axes().size(), 2);
        QCOMPARE(view.categoryAxis(), x);
        QVERIFY(watch);
        QCOMPARE(x->categories(), (QStringList { QStringLiteral("GPU 0"), QStringLiteral("GPU 1"), QStringLiteral("GPU 2"),
                                                 QStringLiteral("GPU 3"), QStringLiteral("GPU 4"), QStringLiteral("GPU 5"),
                                                 QStringLiteral("GPU 6"), QStringLiteral("GPU 7") }));
        // 32 bars: the rank alone under each bar, and the axis title says what it is.
        view.setPlan(plan("llama-3-8b", 32, 2, 2, 8));
        QCOMPARE(x->count(), 32);
        QCOMPARE(x->at(17), QStringLiteral("17"));
        QVERIFY(x->labelsVisible());
        QCOMPARE(x->titleText(), QStringLiteral("GPU (global rank)"));
        // 64 bars: no room for labels; the title names the order.
        view.setPlan(big);
        QCOMPARE(x->count(), 64);
        QVERIFY(!x->labelsVisible());
        QCOMPARE(view.title(), QStringLiteral("Memory per GPU: 64 GPUs, global ranks 0-63 from left to right"));
        double fullest = big.capacityBytes;
        for (const StageEstimate& st : big.stages)
            fullest = std::max(fullest, st.memory.totalBytes());
        QCOMPARE(y->max(), fullest / kGiB * 1.1);
    }

    void followsTheDarkPalette()
    {
        MemoryChartView view;
        view.resize(600, 400);
        view.setPlan(plan("llama-3-8b", 8, 2, 1, 4));
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::Window, QColor(45, 45, 48));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        view.setPalette(dark);
        QCOMPARE(view.chart()->backgroundBrush().color(), QColor(30, 30, 32));
        QCOMPARE(view.chart()->legend()->labelColor(), QColor(230, 230, 230));
        QCOMPARE(view.categoryAxis()->labelsColor(), QColor(230, 230, 230));
        // A pixel in the chart's margin (inside its rounded background, outside the plot) is dark.
        const QImage image = view.grab().toImage();
        QVERIFY(qGray(image.pixel(image.width() / 2, int(12 * view.devicePixelRatio()))) < 80);
    }

    void mixtureOfExpertsParts()
    {
        const PlanEstimate p = handBuiltMoe();
        MemoryChartView view;
        view.resize(900, 500);
        view.setPlan(p);
        QVERIFY(view.data().moe);
        QCOMPARE(view.barSets().size(), MemoryChartData::MoePartCount);
        QStringList names;
        for (QBarSet* set : view.barSets())
            names << set->label();
        QCOMPARE(names, MemoryChartData::partNames(true));
        QCOMPARE(names[MemoryChartData::RoutedExperts], QStringLiteral("Routed experts"));
        QCOMPARE(names[MemoryChartData::SharedExperts], QStringLiteral("Shared experts"));
        QCOMPARE(names[MemoryChartData::MoeActivations], QStringLiteral("MoE activations"));
        QCOMPARE(names[MemoryChartData::DispatcherBuffers], QStringLiteral("MoE dispatcher buffers"));
        // GPU 1 (stage 0) and GPU 6 (stage 1): the parts by hand, and the stack adds up to the total.
        const auto at = [&](int part, int device) { return view.barSets()[part]->at(device); };
        QCOMPARE(at(MemoryChartData::RoutedExperts, 1), 20.0);
        QCOMPARE(at(MemoryChartData::SharedExperts, 1), 2.0);
        QCOMPARE(at(MemoryChartData::OtherModelStates, 1), 8.0 + 8 + 16 - 20 - 2);
        QCOMPARE(at(MemoryChartData::OtherActivations, 1), 4.0);
        QCOMPARE(at(MemoryChartData::MoeActivations, 1), 6.0);
        QCOMPARE(at(MemoryChartData::EmbeddingLogits, 1), 1.0);
        QCOMPARE(at(MemoryChartData::DispatcherBuffers, 1), 1.5);
        QCOMPARE(at(MemoryChartData::OtherOverhead, 1), 2.5);
        QCOMPARE(at(MemoryChartData::SharedExperts, 6), 0.0);
        QCOMPARE(at(MemoryChartData::OtherModelStates, 6), 12.0);
        for (int device : { 1, 6 }) {
            double sum = 0;
            for (QBarSet* set : view.barSets())
                sum += set->at(device);
            QCOMPARE(sum, p.stages[std::size_t(device / 4)].memory.totalBytes() / kGiB);
        }
        // Legend: every part with bytes; the experts in the EP colour.
        const QList<QLegendMarker*> markers = view.chart()->legend()->markers(view.barSeries());
        QCOMPARE(markers.size(), MemoryChartData::MoePartCount);
        for (int part = 0; part < MemoryChartData::MoePartCount; ++part) {
            QVERIFY2(view.legendShows(part), qPrintable(names[part]));
            QCOMPARE(markers[part]->label(), names[part]);
        }
        QCOMPARE(view.barSets()[MemoryChartData::RoutedExperts]->color(), QColor(205, 75, 160));
        // Tooltips: the weights, gradients and optimizer states, and the MoE parts.
        const QString tip = view.data().toolTip(1);
        QVERIFY2(tip.startsWith(QStringLiteral("GPU 1 (stage 0)\n47.0 GiB of 76.0 GiB usable")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("Weights 8.0 GiB, gradients 8.0 GiB, optimizer states 16.0 GiB")));
        QVERIFY(tip.contains(QStringLiteral("Routed experts 20.0 GiB, shared experts 2.0 GiB")));
        QVERIFY(tip.contains(QStringLiteral("MoE activations 6.0 GiB (of the activations), dispatcher buffers 1.5 GiB (of other)")));
        const QImage image = view.grab().toImage();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/memory-chart-moe.png"));

        // No shared experts anywhere: out of the legend, the other parts stay.
        PlanEstimate noShared = p;
        noShared.stages[0].memory.sharedExpertBytes = 0;
        view.setPlan(noShared);
        QVERIFY(!view.legendShows(MemoryChartData::SharedExperts));
        QVERIFY(!view.chart()->legend()->markers(view.barSeries())[MemoryChartData::SharedExperts]->isVisible());
        QVERIFY(view.legendShows(MemoryChartData::RoutedExperts));
        QVERIFY(view.legendShows(MemoryChartData::DispatcherBuffers));

        // A dense plan afterwards: the six dense parts again, all in the legend, no MoE lines in the tooltip.
        const PlanEstimate dense = plan("llama-3-8b", 8, 2, 1, 4);
        view.setPlan(dense);
        QVERIFY(!view.data().moe);
        QCOMPARE(view.barSets().size(), MemoryChartData::PartCount);
        QCOMPARE(view.barSets()[0]->label(), QStringLiteral("Weights"));
        QCOMPARE(view.barSets()[0]->at(3), dense.stages[0].memory.weightsBytes / kGiB);
        for (int part = 0; part < MemoryChartData::PartCount; ++part)
            QVERIFY(view.legendShows(part));
        QVERIFY(!view.data().toolTip(0).contains(QStringLiteral("experts")));
        QVERIFY(view.data().toolTip(0).startsWith(QStringLiteral("GPU 0 (stage 0)")));
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
