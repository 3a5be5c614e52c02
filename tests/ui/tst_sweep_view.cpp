// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/sweep_view.*: on a real sweep (Llama-3-70B over 8, 12, 16, 32 and 64 H100: at 8 GPUs nothing fits,
// 12 is not whole nodes) the panels plot the SweepResult's points one for one, each metric read back from its
// pixel and compared with the point's best plan written out here; x is log2 of the value; the smallest-fit
// marker stands at 16 GPUs; the hover text names the point's plan (or why none fits); points arriving one by
// one paint the same picture as the whole result; a click emits pointClicked; no label overlaps another, is
// elided or leaves the picture, at wide, narrow and tall sizes, with 64 points, light and dark.
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "plan_text.h"
#include "sweep_view.h"
#include "text_recorder.h"
#include "view_fixtures.h"

#include <QSignalSpy>
#include <QtTest>
#include <cmath>

using namespace shardscope;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// Llama-3-70B on H100 (8 a node), sequence 4096, global batch 256, swept over 8, 12, 16, 32 and 64 GPUs.
const SweepResult& llamaSweep()
{
    static const SweepResult result = [] {
        PlanningProblem base;
        base.model = *findBundledModel("llama-3-70b");
        base.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 8, 8);
        base.training.seqLength = 4096;
        base.training.globalBatch = 256;
        SweepOptions options;
        options.threads = 2;
        return runSweep(base, SweepSpec { SweepAxis::Gpus, { 8, 12, 16, 32, 64 } }, Strategy::Exhaustive,
            defaultWeights(Strategy::Exhaustive), options);
    }();
    return result;
}

SweepViewInputs llamaInputs()
{
    SweepViewInputs in;
    in.modelName = QStringLiteral("llama-3-70b");
    in.gpuName = QStringLiteral("H100-SXM");
    in.gpusPerNode = 8;
    in.usableBytes = 0.95 * 80 * kGiB; // H100's 80 GiB less the default 5 % margin
    return in;
}

/// "fits", "no_fit" or "error": statuses compared as their names.
QString name(SweepPointStatus status)
{
    return QString::fromStdString(std::string(toString(status)));
}

/// The panel's metric of a plan, from its summary's fields.
double metricOf(int panel, const PlanSummary& s)
{
    switch (panel) {
    case 0:
        return s.tokensPerSecond;
    case 1:
        return s.mfu;
    case 2:
        return s.bubbleFraction;
    case 3:
        return s.stepSeconds;
    case 4:
        return s.peakMemoryBytes;
    }
    return std::nan("");
}

/// A made-up sweep of 64 GPU counts (8, 16, ..., 512): every fourth point does not fit, the rest have round
/// numbers; for label layout only.
SweepResult manyPoints()
{
    SweepResult r;
    r.axis = SweepAxis::Gpus;
    for (int i = 1; i <= 64; ++i) {
        SweepPoint p;
        p.value = 8 * i;
        p.gpus = 8 * i;
        if (i % 4 == 1) {
            p.status = SweepPointStatus::NoFit;
            p.reason = "stage 0 exceeds memory by 1.0 GiB";
        } else {
            p.status = SweepPointStatus::Fits;
            p.best.config.dp = 8 * i;
            p.best.feasible = true;
            p.best.tokensPerSecond = 1000.0 * 8 * i;
            p.best.mfu = 0.4 + 0.001 * i;
            p.best.bubbleFraction = 0.01 * (i % 7);
            p.best.stepSeconds = 100.0 / i;
            p.best.peakMemoryBytes = (40 + i % 10) * kGiB;
            p.best.capacityBytes = 76 * kGiB;
            if (!r.smallestFitting) r.smallestFitting = r.points.size();
        }
        r.points.push_back(p);
    }
    return r;
}

QImage paint(const SweepView& view, QSize size)
{
    return testing::renderToImage(view, size, "sweep_view.png");
}

} // namespace

class TestSweepView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const SweepResult& r = llamaSweep();
        QCOMPARE(r.points.size(), std::size_t(5));
        QVERIFY(!r.cancelled);
        // 8 GPUs: weights, gradients and Adam states alone are at least 16 bytes a parameter, 70.6 B x 16 / 8
        // = 141 GB a GPU whatever the layout, past the 76 GiB usable.
        QCOMPARE(name(r.points[0].status), QStringLiteral("no_fit"));
        QCOMPARE(name(r.points[1].status), QStringLiteral("error")); // 12 GPUs is not whole 8-GPU nodes
        for (std::size_t i = 2; i < 5; ++i)
            QVERIFY(r.points[i].fits());
    }

    /// Every panel plots every point: its value, status and metric; the metric read back from the pixel.
    void plottedPointsAreTheResultsPoints()
    {
        const SweepResult& r = llamaSweep();
        SweepView view;
        view.setResult(r, llamaInputs());
        const QSizeF size(1400, 900);
        for (int panel = 0; panel < SweepView::kPanelCount; ++panel) {
            const std::vector<SweepPlotPoint> plotted = view.plotted(panel);
            QCOMPARE(plotted.size(), r.points.size());
            const QRectF plot = view.plotRect(panel, size);
            const ExplorerAxis axis = view.yAxis(panel, size);
            for (std::size_t i = 0; i < r.points.size(); ++i) {
                const SweepPoint& p = r.points[i];
                QCOMPARE(plotted[i].index, i);
                QCOMPARE(plotted[i].value, p.value);
                QCOMPARE(name(plotted[i].status), name(p.status));
                const QPointF at = view.pointPosition(panel, i, size);
                if (!p.fits()) {
                    QVERIFY(std::isnan(plotted[i].metric));
                    QCOMPARE(at.y(), plot.bottom()); // on the floor
                    continue;
                }
                const double expected = metricOf(panel, p.best);
                QCOMPARE(plotted[i].metric, expected);
                QVERIFY2(axis.min <= expected && expected <= axis.max, qPrintable(axis.title));
                const double readBack
                    = axis.min + (plot.bottom() - at.y()) / plot.height() * (axis.max - axis.min);
                QVERIFY2(std::abs(readBack - expected) <= 1e-9 * std::abs(axis.max - axis.min),
                    qPrintable(QStringLiteral("panel %1 point %2: %3 drawn as %4")
                                   .arg(panel)
                                   .arg(i)
                                   .arg(expected)
                                   .arg(readBack)));
            }
            // x is log2 of the GPU count: 8 -> 16 -> 32 -> 64 are equal steps, 12 is log2(12/8) of one.
            const auto x = [&](std::size_t i) { return view.pointPosition(panel, i, size).x(); };
            const double doubling = x(3) - x(2);
            QVERIFY(doubling > 20);
            QVERIFY(std::abs((x(4) - x(3)) - doubling) < 1e-6);
            QVERIFY(std::abs((x(2) - x(0)) - doubling) < 1e-6);
            QVERIFY(std::abs((x(1) - x(0)) - std::log2(1.5) * doubling) < 1e-6);
            QVERIFY(plot.contains(QPointF(x(0), plot.center().y()))
                && plot.contains(QPointF(x(4), plot.center().y())));
        }
        // The memory panel's axis reaches the usable memory, so its line is drawn.
        QVERIFY(view.yAxis(4, size).max >= llamaInputs().usableBytes);
    }

    void smallestFitMarker()
    {
        const SweepResult& r = llamaSweep();
        SweepView view;
        view.setResult(r, llamaInputs());
        QCOMPARE(view.smallestFitting(), r.smallestFitting);
        QCOMPARE(r.points[*view.smallestFitting()].value, 16);
        QVERIFY(!view.fitLimit()); // the largest point fits
        const QSize size(1400, 900);
        const QList<testing::DrawnText> texts
            = testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
        int labels = 0;
        for (int panel = 0; panel < SweepView::kPanelCount; ++panel) {
            const std::optional<double> x = view.smallestFitX(panel, size);
            QVERIFY(x);
            QCOMPARE(*x, view.pointPosition(panel, 2, size).x());
            // Its label stands beside the line, inside the panel.
            for (const testing::DrawnText& t : texts)
                if (t.text == QStringLiteral("fits from 16 GPUs")
                    && view.plotRect(panel, size).contains(t.rect)) {
                    QVERIFY2(
                        std::abs(t.rect.left() - (*x + 4)) < 3 || std::abs(t.rect.right() - (*x - 4)) < 3,
                        qPrintable(QStringLiteral("label at %1..%2, line at %3")
                                       .arg(t.rect.left())
                                       .arg(t.rect.right())
                                       .arg(*x)));
                    ++labels;
                }
        }
        QCOMPARE(labels, SweepView::kPanelCount);
        QVERIFY(view.title().contains(QStringLiteral("smallest cluster that fits: 16 GPUs")));

        // Without a point that fits there is no marker.
        SweepResult none = r;
        for (SweepPoint& p : none.points)
            if (p.fits()) p.status = SweepPointStatus::NoFit;
        view.setResult(none, llamaInputs());
        QVERIFY(!view.smallestFitting());
        QVERIFY(!view.smallestFitX(0, size));
        QVERIFY(view.title().contains(QStringLiteral("no plan fits")));
    }

    /// A sequence sweep where long sequences stop fitting: the largest that fits is marked too.
    void fitLimitMarker()
    {
        SweepResult r = llamaSweep();
        r.points[4].status = SweepPointStatus::NoFit;
        r.points[4].reason = "made up";
        SweepView view;
        view.setResult(r, llamaInputs());
        QCOMPARE(view.fitLimit(), std::optional<std::size_t>(3));
        QStringList strings;
        for (const testing::DrawnText& t :
            testing::recordTexts(QSize(1400, 900), [&](QPainter&p, QSizeF s) { view.render(p, s); }))
            strings << t.text;
        QVERIFY(strings.contains(QStringLiteral("fits up to 32 GPUs")));
        QVERIFY(strings.contains(QStringLiteral("largest that fits")));
    }

    void hoverNamesThePlan()
    {
        const SweepResult& r = llamaSweep();
        SweepView view;
        view.setResult(r, llamaInputs());
        const QSizeF size(1200, 800);
        for (int panel = 0; panel < SweepView::kPanelCount; ++panel)
            for (std::size_t i = 0; i < r.points.size(); ++i) {
                const QPointF at = view.pointPosition(panel, i, size);
                QCOMPARE(view.pointAt(at, size), int(i));
                const QString tip = view.toolTipAt(at, size);
                const SweepPoint& p = r.points[i];
                QVERIFY2(tip.startsWith(QStringLiteral("%1 GPUs").arg(p.value)), qPrintable(tip));
                if (p.fits()) {
                    QVERIFY2(tip.contains(PlanText::describe(p.best.config)), qPrintable(tip));
                    QVERIFY2(tip.contains(QStringLiteral("%1 nodes of 8").arg(p.value / 8)), qPrintable(tip));
                    QVERIFY(tip.contains(QLocale().toString(p.best.tokensPerSecond, 'f', 0)));
                } else {
                    QVERIFY2(tip.contains(QString::fromStdString(p.reason)), qPrintable(tip));
                }
            }
        QVERIFY(view.toolTipAt(view.pointPosition(0, 2, size), size)
                    .contains(QStringLiteral("smallest cluster that fits")));
        // Between two points, further than the hit radius from both: nothing.
        const QPointF a = view.pointPosition(0, 3, size), b = view.pointPosition(0, 4, size);
        QVERIFY(b.x() - a.x() > 3 * SweepView::kHitRadius);
        QCOMPARE(view.toolTipAt(QPointF((a.x() + b.x()) / 2, a.y()), size), QString());
        QCOMPARE(view.toolTipAt(QPointF(2, 2), size), QString());
    }

    /// Points arriving one at a time: the panels fill in; when all are in the picture equals the whole
    /// result's.
    void pointsArriveOneByOne()
    {
        const SweepResult& r = llamaSweep();
        SweepView incremental;
        std::vector<std::int64_t> values;
        for (const SweepPoint& p : r.points)
            values.push_back(p.value);
        incremental.start(SweepAxis::Gpus, values, llamaInputs());
        QCOMPARE(incremental.plotted(0).size(), std::size_t(0));
        QVERIFY(incremental.title().contains(QStringLiteral("0 of 5 points")));
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            incremental.setPoint(i, r.points[i]);
            QCOMPARE(incremental.plotted(0).size(), i + 1);
        }
        SweepView whole;
        whole.setResult(r, llamaInputs());
        QCOMPARE(incremental.title(), whole.title());
        QCOMPARE(paint(incremental, QSize(1200, 800)), paint(whole, QSize(1200, 800)));
    }

    void clickEmitsPointClicked()
    {
        SweepView view;
        view.setResult(llamaSweep(), llamaInputs());
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &SweepView::pointClicked);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.pointPosition(3, 3, view.size()).toPoint());
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 3);
        QTest::mouseMove(&view, view.pointPosition(1, 4, view.size()).toPoint());
        QTRY_COMPARE(view.hoveredIndex(), 4);
    }

    void valueLabels_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("label");
        QTest::newRow("64") << qint64(64) << QStringLiteral("64");
        QTest::newRow("1000 stays") << qint64(1000) << QStringLiteral("1000");
        QTest::newRow("1024") << qint64(1024) << QStringLiteral("1k");
        QTest::newRow("1536") << qint64(1536) << QStringLiteral("1.5k");
        QTest::newRow("16384") << qint64(16384) << QStringLiteral("16k");
        QTest::newRow("2^20") << qint64(1048576) << QStringLiteral("1M");
        QTest::newRow("3 x 2^19") << qint64(3 * 524288) << QStringLiteral("1.5M");
    }
    void valueLabels()
    {
        QFETCH(qint64, value);
        QFETCH(QString, label);
        QCOMPARE(SweepView::valueLabel(value), label);
    }

    void labelsNeitherOverlapNorElide_data()
    {
        QTest::addColumn<bool>("many");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        for (const bool many : { false, true })
            for (const QSize size : { QSize(1600, 1000), QSize(1000, 700), QSize(700, 900), QSize(420, 560) })
                for (const bool dark : { false, true })
                    QTest::addRow("%s %dx%d %s", many ? "64 points" : "llama sweep", size.width(),
                        size.height(), dark ? "dark" : "light")
                        << many << size << dark;
    }
    void labelsNeitherOverlapNorElide()
    {
        QFETCH(bool, many);
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        SweepView view;
        if (dark) {
            QPalette pal = view.palette();
            pal.setColor(QPalette::Base, QColor(30, 30, 30));
            pal.setColor(QPalette::Text, QColor(230, 230, 230));
            view.setPalette(pal);
        }
        view.setResult(many ? manyPoints() : llamaSweep(), llamaInputs());
        const QList<testing::DrawnText> texts
            = testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
        const QStringList problems = testing::labelProblems(texts, QSizeF(size));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // What must be there whatever the size: every panel names its metric; the ends of the x axis are
        // labelled in the first panel.
        QStringList strings;
        for (const testing::DrawnText& t : texts)
            strings << t.text;
        for (int panel = 0; panel < SweepView::kPanelCount; ++panel) {
            const ExplorerMetric m = SweepView::panelMetric(panel);
            QVERIFY2(
                strings.contains(view.yAxis(panel, size).title) || strings.contains(ExplorerAxes::name(m)),
                qPrintable(strings.join(QStringLiteral(" | "))));
        }
        const std::int64_t first = view.values().front();
        QVERIFY(strings.contains(SweepView::valueLabel(first)));
        if (size.width() >= 1000) {
            QVERIFY(strings.contains(
                QStringLiteral("fits from %1 GPUs").arg(view.values()[*view.smallestFitting()])));
            QVERIFY2(std::any_of(strings.begin(), strings.end(),
                         [](const QString& s) { return s.startsWith(QStringLiteral("usable ")); }),
                qPrintable(strings.join(QStringLiteral(" | "))));
        }
        if (many) { // 64 ticks: the labels thin out, but the left ones are there and in order
            int labelled = 0;
            for (std::int64_t v : view.values())
                labelled += strings.contains(SweepView::valueLabel(v)) ? 1 : 0;
            QVERIFY2(labelled >= 3, qPrintable(QString::number(labelled)));
        }
    }

    void emptyViewSaysWhatToDo()
    {
        SweepView view;
        const QStringList strings
            = testing::svgTexts(QSize(900, 600), [&](QPainter& p, QSizeF s) { view.render(p, s); });
        QVERIFY(strings.contains(QStringLiteral("Sweep")));
        QVERIFY(std::any_of(strings.begin(), strings.end(),
            [](const QString& s) { return s.contains(QStringLiteral("Run")); }));
        QCOMPARE(view.pointAt(QPointF(450, 300), QSizeF(900, 600)), -1);
    }
};

QTEST_MAIN(TestSweepView)
#include "tst_sweep_view.moc"
