// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/memory_chart.*: a selected plan's per-device memory lands in the chart series value by
// value, per device for small clusters and per pipeline stage for large ones, with the capacity line; a
// mixture-of-experts plan is stacked by its MoE parts (routed and shared experts, MoE activations,
// dispatcher buffers), in the legend when they hold bytes and in the tooltips. Round GiB ticks, a labelled
// capacity line, bar labels thinned out so that 64 and 128 stages stay readable (no elided or overlapping
// label, also in SVG), the wording of a bar of identical GPUs, hover values, and a real empty state.
#include "cost/plan_evaluator.h"
#include "deep_pipeline_fixtures.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "memory_chart.h"
#include "partition/layer_partition.h"
#include "text_recorder.h"
#include "view_fixtures.h"

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QHelpEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPointer>
#include <QRegularExpression>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <QtTest>
#include <cmath>

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
        if (device >= first && device < end) return s;
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

QList<testing::DrawnText> recorded(MemoryChartView& view, QSize size)
{
    return testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
}

QStringList strings(const QList<testing::DrawnText>& texts)
{
    QStringList out;
    for (const testing::DrawnText& t : texts)
        out.append(t.text);
    return out;
}

/// Whether `step` is 1, 2 or 5 times a power of ten (by hand: the mantissa of its decimal form).
bool oneTwoFive(double step)
{
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    return std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6;
}

QString gibText(double bytes)
{
    return QString::number(bytes / kGiB, 'f', 1);
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
        const PlanEstimate big
            = PlanEvaluator(testing::bundledOnH100("llama-3.1-405b", 16384)).evaluate(large);
        QVERIFY2(!big.stages.empty(), big.infeasibleReason.c_str());
        view.setPlan(big);
        QVERIFY(view.data().grouped);
        QCOMPARE(view.data().bars.size(), 16);
        QCOMPARE(view.data().bars[1].firstDevice, 1024);
        // A bar stands for a stage's TP 8 x CP 16 x DP 8 = 1,024 GPUs.
        view.resize(1400, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.title(),
            QStringLiteral("Memory per GPU: 16,384 GPUs in 16 pipeline stages; a bar per stage stands for "
                           "its 1,024 GPUs, which hold the same bytes"));
        QVERIFY(strings(recorded(view, QSize(700, 500)))
                    .contains(QStringLiteral("Memory per GPU: a bar per stage of 1,024 identical GPUs")));
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
        // The same two axes across updates (re-adding them leaked them), a label per bar where they fit.
        MemoryChartView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCategoryAxis* x = view.categoryAxis();
        QValueAxis* y = view.valueAxis();
        QPointer<QCategoryAxis> watch(x);
        const PlanEstimate big = plan("llama-3-70b", 64, 8, 4, 2);
        view.setPlan(big);
        view.setPlan(plan("llama-3-8b", 8, 2, 1, 4));
        QCOMPARE(view.chart()->axes().size(), 2);
        QCOMPARE(view.categoryAxis(), x);
        QVERIFY(watch);
        QCOMPARE(view.labelStep(), 1);
        QCOMPARE(x->categoriesLabels(),
            (QStringList { QStringLiteral("GPU 0"), QStringLiteral("GPU 1"), QStringLiteral("GPU 2"),
                QStringLiteral("GPU 3"), QStringLiteral("GPU 4"), QStringLiteral("GPU 5"),
                QStringLiteral("GPU 6"), QStringLiteral("GPU 7") }));
        // 32 bars: the rank alone under each bar, and the axis title says what it is.
        view.setPlan(plan("llama-3-8b", 32, 2, 2, 8));
        QCOMPARE(view.barLabel(17), QStringLiteral("17"));
        QCOMPARE(x->titleText(), QStringLiteral("GPU (global rank)"));
        // 64 bars in 900 px: every n-th labelled (n = 2, 5, 10, ...), at its bar.
        view.setPlan(big);
        const int step = view.labelStep();
        QVERIFY2(step > 1 && oneTwoFive(step), qPrintable(QString::number(step)));
        QCOMPARE(x->categoriesLabels().size(), (64 + step - 1) / step);
        QCOMPARE(x->categoriesLabels()[1], QString::number(step));
        QCOMPARE(x->endValue(QString::number(step)), double(step));
        QCOMPARE(view.title(), QStringLiteral("Memory per GPU: 64 GPUs"));
        double fullest = big.capacityBytes;
        for (const StageEstimate& st : big.stages)
            fullest = std::max(fullest, st.memory.totalBytes());
        QVERIFY(y->max() >= fullest / kGiB);
    }

    void roundTicks_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("70B on 64 GPUs") << 0;
        QTest::newRow("8B on 8 GPUs") << 1;
        QTest::newRow("405B over 64 stages") << 2;
        QTest::newRow("MoE by hand") << 3;
    }

    void roundTicks()
    {
        QFETCH(int, which);
        const PlanEstimate p = which == 0 ? plan("llama-3-70b", 64, 8, 4, 2)
            : which == 1                  ? plan("llama-3-8b", 8, 2, 1, 4)
            : which == 2                  ? testing::deepPipeline(64).plan
                                          : handBuiltMoe();
        MemoryChartView view;
        view.setPlan(p);
        double fullest = p.capacityBytes / kGiB;
        for (const StageEstimate& st : p.stages)
            fullest = std::max(fullest, st.memory.totalBytes() / kGiB);
        const QValueAxis* y = view.valueAxis();
        QCOMPARE(y->min(), 0.0);
        QVERIFY(y->tickCount() >= 3 && y->tickCount() <= 8);
        const double step = y->max() / (y->tickCount() - 1);
        QVERIFY2(
            oneTwoFive(step), qPrintable(QStringLiteral("%1 / %2").arg(y->max()).arg(y->tickCount() - 1)));
        QVERIFY(y->max() >= fullest); // every bar and the capacity line inside
        QVERIFY(y->max() < fullest * 1.05 + step); // and no more than one step above them
        // The tick labels painted are those round numbers.
        QStringList painted = strings(recorded(view, QSize(900, 500)));
        for (int i = 0; i < y->tickCount(); ++i)
            QVERIFY2(painted.contains(QString::number(i * step, 'f', step >= 1 ? 0 : 1)),
                qPrintable(painted.join(QLatin1Char('|'))));
    }

    void deepPipelinesStayReadable_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<QSize>("size");
        for (const int pp : { 64, 128 })
            for (const QSize size : { QSize(900, 500), QSize(1000, 560), QSize(1400, 900) })
                QTest::addRow("PP %d, %dx%d", pp, size.width(), size.height()) << pp << size;
    }

    void deepPipelinesStayReadable()
    {
        QFETCH(int, pp);
        QFETCH(QSize, size);
        const testing::DeepPipeline& d = testing::deepPipeline(pp);
        QVERIFY2(!d.plan.stages.empty(), d.plan.infeasibleReason.c_str());
        MemoryChartView view;
        view.setPlan(d.plan);
        QVERIFY(view.data().grouped);
        QCOMPARE(view.data().bars.size(), pp);
        const QList<testing::DrawnText> texts = recorded(view, size);
        const QStringList problems = testing::labelProblems(texts, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Stage labels at every n-th bar from S0 (n = 1, 2, 5, 10, ...), none missing in between.
        QList<int> labelled;
        const QRegularExpression stageLabel(QStringLiteral("^S(\\d+)$"));
        for (const testing::DrawnText& t : texts)
            if (const QRegularExpressionMatch m = stageLabel.match(t.text); m.hasMatch())
                labelled.append(m.captured(1).toInt());
        QVERIFY2(labelled.size() >= 2 && labelled[0] == 0, qPrintable(strings(texts).join(QLatin1Char('|'))));
        const int step = labelled[1];
        QVERIFY(oneTwoFive(step));
        QCOMPARE(labelled.size(), (pp + step - 1) / step);
        for (int i = 0; i < labelled.size(); ++i)
            QCOMPARE(labelled[i], i * step);
        // The wording of a bar of identical GPUs, and the capacity line's label.
        const QStringList painted = strings(texts);
        const QString perStage = QLocale().toString(16384 / pp);
        QVERIFY2(
            painted.contains(QStringLiteral("Memory per GPU: 16,384 GPUs in %1 pipeline stages; a bar per "
                                            "stage stands for its %2 GPUs, which hold the same bytes")
                                 .arg(pp)
                                 .arg(perStage))
                || painted.contains(
                    QStringLiteral("Memory per GPU: a bar per stage of %1 identical GPUs").arg(perStage)),
            qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY(painted.contains(QStringLiteral("usable %1 GiB").arg(gibText(d.plan.capacityBytes))));
        QCOMPARE(testing::svgTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); }), painted);
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(painter, size);
        painter.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir)
                + QStringLiteral("/memory-chart-405b-pp%1-%2x%3.png")
                      .arg(pp)
                      .arg(size.width())
                      .arg(size.height()));
    }

    void groupWording()
    {
        // One stage of 1,024 GPUs (TP 8 x DP 128): one bar for all of them, no "stage S0-S0".
        MemoryChartView view;
        view.resize(1200, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setPlan(plan("llama-3-8b", 1024, 8, 1, 128));
        QCOMPARE(view.data().bars.size(), 1);
        QCOMPARE(view.title(),
            QStringLiteral("Memory per GPU: one bar for all 1,024 GPUs, which hold the same bytes"));
        QVERIFY(!view.title().contains(QStringLiteral("S0")));
    }

    void capacityLineIsLabelled()
    {
        const PlanEstimate p = plan("llama-3-70b", 64, 8, 4, 2);
        MemoryChartView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setPlan(p);
        QCOMPARE(view.capacityLabel(), QStringLiteral("usable %1 GiB").arg(gibText(p.capacityBytes)));
        // The label sits in the plot, right-aligned, just above (or below) the dashed line.
        const QRectF label = view.capacityLabelRect();
        const QRectF plotArea = view.chart()->plotArea();
        const double lineY
            = view.chart()->mapToPosition(QPointF(0, p.capacityBytes / kGiB), view.capacityLine()).y();
        QVERIFY2(plotArea.contains(label),
            qPrintable(QStringLiteral("%1,%2").arg(label.top()).arg(plotArea.top())));
        QVERIFY(std::abs(label.bottom() - lineY) <= 4 || std::abs(label.top() - lineY) <= 4);
        QVERIFY(label.right() > plotArea.right() - 10);
        const QList<testing::DrawnText> texts = recorded(view, QSize(900, 500));
        QVERIFY(strings(texts).contains(view.capacityLabel()));
        const QStringList problems = testing::labelProblems(texts, QSizeF(900, 500));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void emptyStateWithoutAPlan()
    {
        MemoryChartView view;
        view.resize(900, 500);
        QVERIFY(!view.hasPlan());
        QCOMPARE(view.title(), QStringLiteral("No plan"));
        view.setPlan(plan("llama-3-70b", 64, 8, 4, 2));
        QVERIFY(view.hasPlan());
        QVERIFY(view.categoryAxis()->isVisible() && view.chart()->legend()->isVisible());
        view.clearPlan();
        QVERIFY(!view.hasPlan());
        QCOMPARE(view.title(), QStringLiteral("No plan"));
        QVERIFY(!view.categoryAxis()->isVisible());
        QVERIFY(!view.valueAxis()->isVisible());
        QVERIFY(!view.chart()->legend()->isVisible());
        QVERIFY(view.capacityLabelRect().isEmpty());
        // Nothing painted but the title: no axis numbers, legend or bars of the plan before.
        QCOMPARE(strings(recorded(view, QSize(900, 500))), QStringList { QStringLiteral("No plan") });
        QVERIFY(view.toolTipAt(QPointF(450, 250)).isEmpty());
        // A rejected plan says why.
        PlanEstimate rejected;
        rejected.infeasibleReason = "TP 3 does not divide the 64 attention heads";
        view.setPlan(rejected);
        QCOMPARE(view.title(), QStringLiteral("No estimate: TP 3 does not divide the 64 attention heads"));
        QVERIFY(!view.chart()->legend()->isVisible());
    }

    void hoverShowsTheBarsValues()
    {
        const PlanEstimate p = plan("llama-3-8b", 8, 2, 1, 4);
        MemoryChartView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setPlan(p);
        // The middle of GPU 2's bar, in the view's coordinates.
        const double total = p.stages[0].memory.totalBytes() / kGiB;
        const QPointF inChart = view.chart()->mapToPosition(QPointF(2, total / 2), view.barSeries());
        const QPoint at = view.mapFromScene(view.chart()->mapToScene(inChart));
        const QString tip = view.toolTipAt(at);
        QCOMPARE(tip, view.data().toolTip(2));
        QVERIFY2(tip.startsWith(QStringLiteral("GPU 2 (stage 0)\n%1 GiB of %2 GiB usable")
                                    .arg(gibText(p.stages[0].memory.totalBytes()), gibText(p.capacityBytes))),
            qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("Weights %1 GiB").arg(gibText(p.stages[0].memory.weightsBytes))));
        // GPU 5's column, near the axis: GPU 5's values; outside the plot: nothing.
        const QPointF low = view.chart()->mapToPosition(QPointF(5, total * 0.05), view.barSeries());
        QVERIFY(view.toolTipAt(view.mapFromScene(view.chart()->mapToScene(low)))
                    .startsWith(QStringLiteral("GPU 5 (stage 0)")));
        QVERIFY(view.toolTipAt(QPointF(2, 2)).isEmpty());
        // The tooltip event shows it.
        QHelpEvent help(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
        QApplication::sendEvent(view.viewport(), &help);
        QCOMPARE(QToolTip::text(), tip);
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
        QVERIFY2(
            tip.startsWith(QStringLiteral("GPU 1 (stage 0)\n47.0 GiB of 76.0 GiB usable")), qPrintable(tip));
        QVERIFY(
            tip.contains(QStringLiteral("Weights 8.0 GiB, gradients 8.0 GiB, optimizer states 16.0 GiB")));
        QVERIFY(tip.contains(QStringLiteral("Routed experts 20.0 GiB, shared experts 2.0 GiB")));
        QVERIFY(tip.contains(QStringLiteral(
            "MoE activations 6.0 GiB (of the activations), dispatcher buffers 1.5 GiB (of other)")));
        const QImage image = view.grab().toImage();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/memory-chart-moe.png"));

        // No shared experts anywhere: out of the legend, the other parts stay.
        PlanEstimate noShared = p;
        noShared.stages[0].memory.sharedExpertBytes = 0;
        view.setPlan(noShared);
        QVERIFY(!view.legendShows(MemoryChartData::SharedExperts));
        QVERIFY(
            !view.chart()->legend()->markers(view.barSeries())[MemoryChartData::SharedExperts]->isVisible());
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
