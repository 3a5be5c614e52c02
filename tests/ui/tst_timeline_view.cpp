// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/timeline_view.*: passes land where their times say, the title carries the simulated
// bubble, and the view paints forward, backward and weight-gradient passes offscreen. At scale (64 and
// 128 stages, 128 micro-batches): no label elided or overprinted (also in SVG), row labels thinned out;
// the legend names only what the plan has; round ticks with a unit; warm-up / steady / drain from the
// schedule; zoom, pan and reset; hover details; a shared time axis for views side by side.
#include "deep_pipeline_fixtures.h"
#include "text_recorder.h"
#include "timeline_view.h"

#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <QtTest>
#include <array>
#include <cmath>

using namespace shardscope;

namespace {

/// 1F1B, 4 stages, 8 micro-batches, forward 1 ms and backward 2 ms on every stage.
PipelineTimeline equalStages()
{
    return simulatePipeline(
        Schedule::OneFOneB, 8, 1, std::vector<double>(4, 1e-3), std::vector<double>(4, 2e-3));
}

const ScheduleSlot& findPass(const TimelineView& view, int stage, int microBatch, PassKind kind)
{
    const auto& passes = view.timeline().passes;
    return *std::find_if(passes.begin(), passes.end(), [&](const ScheduleSlot& s) {
        return s.stage == stage && s.microBatch == microBatch && s.pass == kind;
    });
}

QList<testing::DrawnText> recorded(const TimelineView& view, QSize size)
{
    return testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
}

/// Whether `step` is 1, 2 or 5 times a power of ten (by hand: the mantissa of its decimal form).
bool oneTwoFive(double step)
{
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    return std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6;
}

} // namespace

class TestTimelineView : public QObject
{
    Q_OBJECT
private slots:
    void geometryFollowsTime()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(
            Schedule::OneFOneB, 8, 1, std::vector<double>(4, 1.0), std::vector<double>(4, 2.0)));
        const QSizeF size(1000, 400);
        // Makespan (m + p - 1)(F + B) = 33 s; the first forward on stage 0 spans 1/33 of the plot.
        QCOMPARE(view.timeline().makespan, 33.0);
        const ScheduleSlot& first = view.timeline().passes.front();
        QCOMPARE(first.stage, 0);
        const QRectF r = view.passRect(first, size);
        const double plotWidth
            = r.left() > 0 ? (size.width() - r.left() - 12) : 0; // kLeft = r.left() for t = 0
        QVERIFY(std::abs(r.width() - plotWidth / 33.0) < 1e-9);
        // Later stages are lower rows; the step's last pass (stage 0's last backward) ends at the right edge.
        const auto lastStage = std::find_if(view.timeline().passes.begin(), view.timeline().passes.end(),
            [](const ScheduleSlot& s) { return s.stage == 3; });
        QVERIFY(view.passRect(*lastStage, size).top() > r.top());
        double right = 0;
        for (const ScheduleSlot& pass : view.timeline().passes)
            right = std::max(right, view.passRect(pass, size).right());
        QVERIFY(std::abs(right - (size.width() - 12)) < 1e-9);
    }

    void titleCarriesTheBubble()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(
            Schedule::Interleaved1F1B, 8, 2, std::vector<double>(4, 1.0), std::vector<double>(4, 1.0)));
        // Ideal 16 s, bubble (p - 1)(F + B) / v = 3 s: 3 / 19 = 15.8 % of the step.
        QCOMPARE(view.title(),
            QStringLiteral("Interleaved 1F1B (2 chunks per stage), 4 stages, 8 micro-batches: the bubble is "
                           "15.8 % of the step"));
    }

    void paintsForwardAndBackward()
    {
        TimelineView view;
        view.setTimeline(simulatePipeline(
            Schedule::GPipe, 4, 1, std::vector<double>(4, 1.0), std::vector<double>(4, 2.0)));
        QImage image(900, 320, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(painter, image.size());
        painter.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/timeline-gpipe.png"));
        // A forward pass's centre is blue-ish, a backward pass's green-ish.
        const auto& passes = view.timeline().passes;
        const auto forward = std::find_if(
            passes.begin(), passes.end(), [](const ScheduleSlot& s) { return s.pass == PassKind::Forward; });
        const auto backward = std::find_if(
            passes.begin(), passes.end(), [](const ScheduleSlot& s) { return s.pass == PassKind::Backward; });
        const QColor f
            = image.pixelColor(view.passRect(*forward, image.size()).center().toPoint() + QPoint(0, 8));
        const QColor b
            = image.pixelColor(view.passRect(*backward, image.size()).center().toPoint() + QPoint(0, 8));
        QVERIFY2(f.blue() > f.green() && f.blue() > f.red(), qPrintable(f.name()));
        QVERIFY2(b.green() > b.blue() && b.green() > b.red(), qPrintable(b.name()));
    }

    void paintsWeightGradientPasses()
    {
        // ZB-H1, 4 stages, 8 micro-batches, F = B = W = 1 s: the weight-gradient passes are drawn in a
        // lighter green than the input gradients; the bubble is 3 s of 27 (Qi et al. 2024: (p - 1)(F + B -
        // W)).
        TimelineView view;
        StagePassSeconds stage;
        stage.forwardSeconds = 1;
        stage.backwardSeconds = 2;
        stage.weightGradSeconds = 1;
        view.setTimeline(
            simulatePipeline(Schedule::ZeroBubbleH1, 8, 1, std::vector<StagePassSeconds>(4, stage)));
        QCOMPARE(view.title(),
            QStringLiteral("Zero bubble H1, 4 stages, 8 micro-batches: the bubble is 11.1 % of the step"));
        QImage image(1200, 320, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        view.render(painter, image.size());
        painter.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/timeline-zb-h1.png"));
        // The mean colour over a pass (the hatching included, the label and the separating hairline left
        // out).
        const auto meanColour = [&](PassKind kind) {
            const auto& passes = view.timeline().passes;
            const ScheduleSlot& s = *std::find_if(
                passes.begin(), passes.end(), [kind](const ScheduleSlot& p) { return p.pass == kind; });
            const QRect r = view.passRect(s, image.size()).toRect().adjusted(3, 3, -3, -3);
            double red = 0, green = 0, blue = 0, n = 0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x) {
                    if (std::abs(y - r.center().y()) < 10) continue; // the micro-batch number
                    const QColor c = image.pixelColor(x, y);
                    red += c.red();
                    green += c.green();
                    blue += c.blue();
                    ++n;
                }
            return std::array<double, 3> { red / n, green / n, blue / n };
        };
        const auto b = meanColour(PassKind::Backward);
        const auto w = meanColour(PassKind::WeightGrad);
        QVERIFY2(w[1] > w[0] && w[1] > w[2], "weight gradients are green");
        QVERIFY2(w[0] + w[1] + w[2] > b[0] + b[1] + b[2] + 60, "and lighter than input gradients");
    }

    void deepPipelinesHaveNoElidedOrOverlappingLabels_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<QSize>("size");
        for (const int pp : { 64, 128 })
            for (const QSize size : { QSize(900, 360), QSize(1400, 900), QSize(600, 420) })
                QTest::addRow("PP %d, %dx%d", pp, size.width(), size.height()) << pp << size;
    }

    void deepPipelinesHaveNoElidedOrOverlappingLabels()
    {
        QFETCH(int, pp);
        QFETCH(QSize, size);
        const testing::DeepPipeline& d = testing::deepPipeline(pp);
        QVERIFY2(!d.plan.stages.empty(), d.plan.infeasibleReason.c_str());
        QCOMPARE(int(d.plan.stages.size()), pp);
        TimelineView view;
        view.setTimeline(planTimeline(d.plan), d.plan.config.recompute);
        QCOMPARE(view.timeline().microBatches, 128);
        const QList<testing::DrawnText> texts = recorded(view, size);
        const QStringList problems = testing::labelProblems(texts, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Rows are labelled every n-th stage (n = 1, 2, 5, 10, ...), the last one where it fits.
        const int step = view.rowLabelStep(size);
        QVERIFY(oneTwoFive(step));
        QVERIFY2(step > 1, "64 rows do not all get a label at these sizes");
        int rowLabels = 0;
        for (const testing::DrawnText& t : texts)
            if (t.text.startsWith(QStringLiteral("stage "))) {
                const int stage = t.text.mid(6).toInt();
                QVERIFY2(stage % step == 0 || stage == pp - 1, qPrintable(t.text));
                ++rowLabels;
            }
        QVERIFY(rowLabels >= pp / step);
        // The SVG export has the same texts, none elided.
        const QStringList svg = testing::svgTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
        QStringList painted;
        for (const testing::DrawnText& t : texts)
            painted.append(t.text);
        QCOMPARE(svg, painted);
        testing::renderToImage(view, size,
            qPrintable(
                QStringLiteral("timeline-405b-pp%1-%2x%3.png").arg(pp).arg(size.width()).arg(size.height())));
        // Zoomed into the steady state (an eighth of the step): still nothing overprints, and no number is
        // cut by the plot's edge (the passes run out of it).
        view.zoom(0.125, view.timeline().makespan / 2);
        QVERIFY(view.isZoomed());
        const QStringList zoomedProblems = testing::labelProblems(recorded(view, size), size);
        QVERIFY2(zoomedProblems.isEmpty(), qPrintable(zoomedProblems.join(QLatin1Char('\n'))));
        testing::renderToImage(view, size,
            qPrintable(QStringLiteral("timeline-405b-pp%1-%2x%3-zoomed.png")
                           .arg(pp)
                           .arg(size.width())
                           .arg(size.height())));
    }

    void legendFollowsThePlan()
    {
        const PipelineTimeline oneFOneB = equalStages();
        TimelineView view;
        view.setTimeline(oneFOneB); // no recomputation
        QCOMPARE(view.legendTexts(),
            (QStringList { QStringLiteral("forward pass"), QStringLiteral("backward pass"),
                QStringLiteral("warm-up and drain (shaded)"), QStringLiteral("idle: the pipeline bubble") }));
        QStringList painted;
        for (const testing::DrawnText& t : recorded(view, QSize(1200, 360)))
            painted.append(t.text);
        QVERIFY2(
            painted.contains(QStringLiteral("backward pass")), qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY(!painted.join(QLatin1Char('|')).contains(QStringLiteral("recomputation")));
        QVERIFY(!painted.join(QLatin1Char('|')).contains(QStringLiteral("weight gradients")));

        view.setTimeline(oneFOneB, Recompute::Full);
        QVERIFY(view.legendTexts().contains(QStringLiteral("backward pass, with full recomputation")));
        view.setTimeline(oneFOneB, Recompute::Selective);
        QVERIFY(view.legendTexts().contains(QStringLiteral("backward pass, with selective recomputation")));

        // Zero bubble: input and weight gradients apart; interleaved: the chunks' shades.
        StagePassSeconds stage;
        stage.forwardSeconds = 1e-3;
        stage.backwardSeconds = 2e-3;
        stage.weightGradSeconds = 1e-3;
        view.setTimeline(
            simulatePipeline(Schedule::ZeroBubbleH1, 8, 1, std::vector<StagePassSeconds>(4, stage)));
        QCOMPARE(view.legendTexts().mid(0, 3),
            (QStringList { QStringLiteral("forward pass"), QStringLiteral("input gradients (B)"),
                QStringLiteral("weight gradients (W), deferred into the bubble") }));
        view.setTimeline(simulatePipeline(
            Schedule::Interleaved1F1B, 8, 2, std::vector<double>(4, 1e-3), std::vector<double>(4, 2e-3)));
        QVERIFY(view.legendTexts().contains(QStringLiteral("later model chunks are lighter")));
        QVERIFY(!view.legendTexts().join(QLatin1Char('|')).contains(QStringLiteral("weight gradients")));

        // A real plan without recomputation: no recomputation entry; with full recomputation: there.
        const testing::DeepPipeline& none = testing::deepPipeline(64);
        view.setTimeline(planTimeline(none.plan), none.plan.config.recompute);
        QVERIFY(!view.legendTexts().join(QLatin1Char('|')).contains(QStringLiteral("recomputation")));
        const testing::DeepPipeline& full = testing::deepPipeline(64, Recompute::Full);
        view.setTimeline(planTimeline(full.plan), full.plan.config.recompute);
        QVERIFY(view.legendTexts().contains(QStringLiteral("backward pass, with full recomputation")));
    }

    void axisHasAUnitAndRoundTicks_data()
    {
        QTest::addColumn<double>("scale"); // pass times x this: 1e-3 gives a 33 ms step, 1 a 33 s one
        QTest::addColumn<QString>("unit");
        QTest::newRow("33 ms") << 1e-3 << QStringLiteral("ms");
        QTest::newRow("33 s") << 1.0 << QStringLiteral("s");
        QTest::newRow("0.33 s") << 1e-2 << QStringLiteral("ms");
    }

    void axisHasAUnitAndRoundTicks()
    {
        QFETCH(double, scale);
        QFETCH(QString, unit);
        TimelineView view;
        view.setTimeline(simulatePipeline(
            Schedule::OneFOneB, 8, 1, std::vector<double>(4, scale), std::vector<double>(4, 2 * scale)));
        QCOMPARE(view.timeline().makespan, 33 * scale); // (m + p - 1)(F + B)
        QCOMPARE(view.axisUnit(), unit);
        const QSize size(1000, 360);
        const QList<double> ticks = view.tickSeconds(size);
        QVERIFY(ticks.size() >= 3);
        const double perUnit = unit == QStringLiteral("ms") ? 1e3 : 1;
        const double step = (ticks[1] - ticks[0]) * perUnit;
        QVERIFY2(oneTwoFive(step), qPrintable(QString::number(step)));
        for (int i = 0; i < ticks.size(); ++i) {
            QVERIFY(std::abs(ticks[i] * perUnit / step - std::round(ticks[i] * perUnit / step))
                < 1e-6); // multiples of the step
            QVERIFY(ticks[i] <= 33 * scale * (1 + 1e-9));
        }
        QCOMPARE(ticks.front(), 0.0);
        // The axis title names the unit; the tick labels are the numbers.
        QStringList painted;
        for (const testing::DrawnText& t : recorded(view, size))
            painted.append(t.text);
        const QString titled = painted.filter(QStringLiteral("(%1)").arg(unit)).value(0);
        QVERIFY2(titled.startsWith(QStringLiteral("time from the start of the step (%1)").arg(unit)),
            qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY(painted.contains(QLocale().toString(ticks[1] * perUnit, 'f', step < 1 ? 1 : 0)));
    }

    void phasesComeFromTheSchedule()
    {
        // 1F1B with equal stages (F = 1 ms, B = 2 ms, p = 4, m = 8): the last stage runs forward k at
        // (p - 1) F + k (F + B), then its backward at once. So the first backward starts at 4 ms (warm-up
        // until then), the last forward (k = 7) ends at 3 + 21 + 1 = 25 ms (drain after), the step ends at
        // (m + p - 1)(F + B) = 33 ms.
        TimelineView view;
        view.setTimeline(equalStages());
        const QList<TimelineView::Phase> phases = view.phases();
        QCOMPARE(phases.size(), 3);
        QCOMPARE(phases[0].name, QStringLiteral("warm-up"));
        QVERIFY(std::abs(phases[0].end - 4e-3) < 1e-12);
        QCOMPARE(phases[1].name, QStringLiteral("steady state"));
        QVERIFY(std::abs(phases[1].end - 25e-3) < 1e-12);
        QCOMPARE(phases[2].name, QStringLiteral("drain"));
        QVERIFY(std::abs(phases[2].start - 25e-3) < 1e-12 && std::abs(phases[2].end - 33e-3) < 1e-12);
        // Named above the chart, each over its own span.
        const QSize size(1000, 360);
        const QRectF plot = view.plotArea(size);
        for (const testing::DrawnText& t : recorded(view, size)) {
            for (const TimelineView::Phase& p : phases)
                if (t.text == p.name) {
                    const double x0 = plot.left() + p.start / 33e-3 * plot.width(),
                                 x1 = plot.left() + p.end / 33e-3 * plot.width();
                    QVERIFY2(t.rect.left() >= x0 && t.rect.right() <= x1 && t.rect.bottom() <= plot.top(),
                        qPrintable(t.text));
                }
        }
        // GPipe: all forwards, then all backwards: no steady state.
        view.setTimeline(simulatePipeline(
            Schedule::GPipe, 4, 1, std::vector<double>(4, 1e-3), std::vector<double>(4, 2e-3)));
        QCOMPARE(view.phases().size(), 2);
    }

    void hoverTellsThePass()
    {
        TimelineView view;
        view.setTimeline(equalStages());
        const QSizeF size(1000, 360);
        // The last stage's first backward: 4 ms to 6 ms (see phasesComeFromTheSchedule), in the steady state.
        const ScheduleSlot& b0 = findPass(view, 3, 0, PassKind::Backward);
        QCOMPARE(view.toolTipAt(view.passRect(b0, size).center(), size),
            QStringLiteral(
                "Stage 3, micro-batch 0: backward\n4.00 ms to 6.00 ms (2.00 ms), in the steady state"));
        // Stage 0's first forward: 0 to 1 ms, in the warm-up.
        const ScheduleSlot& f0 = findPass(view, 0, 0, PassKind::Forward);
        QCOMPARE(view.toolTipAt(view.passRect(f0, size).center(), size),
            QStringLiteral("Stage 0, micro-batch 0: forward\n0.00 ms to 1.00 ms (1.00 ms), in the warm-up"));
        view.setTimeline(equalStages(), Recompute::Full);
        const ScheduleSlot& recomputed = findPass(view, 3, 0, PassKind::Backward);
        QVERIFY(view.toolTipAt(view.passRect(recomputed, size).center(), size)
                    .startsWith(QStringLiteral("Stage 3, micro-batch 0: backward with recomputation")));
        // Idle time (stage 3 at 0.5 ms, before its first forward at 3 ms) and the margins: nothing.
        QVERIFY(view.toolTipAt(QPointF(5, 5), size).isEmpty());
        const QRectF f0Rect = view.passRect(findPass(view, 0, 0, PassKind::Forward), size);
        QVERIFY(view.toolTipAt(QPointF(f0Rect.center().x(),
                                   view.passRect(findPass(view, 3, 0, PassKind::Forward), size).center().y()),
                        size)
                    .isEmpty());
    }

    void zoomPanAndReset()
    {
        TimelineView view;
        view.resize(1000, 360);
        view.setTimeline(equalStages());
        const QSizeF size = view.size();
        const QRectF plot = view.plotArea(size);
        const ScheduleSlot& b0 = findPass(view, 3, 0, PassKind::Backward); // 4 to 6 ms
        const double wholeWidth = view.passRect(b0, size).width();
        QVERIFY(std::abs(wholeWidth - 2.0 / 33 * plot.width()) < 1e-9);
        // Zooming in 2x around 5 ms keeps 5 ms where it was and doubles the pass' width.
        const double x5 = plot.left() + 5.0 / 33 * plot.width();
        view.zoom(0.5, 5e-3);
        QVERIFY(view.isZoomed());
        QVERIFY(std::abs(view.passRect(b0, size).width() - 2 * wholeWidth) < 1e-9);
        QVERIFY(std::abs(view.passRect(b0, size).center().x() - x5) < 1e-9);
        QVERIFY(std::abs((view.visibleEnd() - view.visibleStart()) - 16.5e-3) < 1e-12);
        // The wheel zooms around the mouse: one notch in (0.8x span) at b0's centre keeps it there.
        const QPointF at = view.passRect(b0, size).center();
        QWheelEvent wheel(at, view.mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
        QVERIFY(std::abs((view.visibleEnd() - view.visibleStart()) - 16.5e-3 * 0.8) < 1e-12);
        QVERIFY(std::abs(view.passRect(b0, size).center().x() - at.x()) < 1e-6);
        // Dragging pans: 100 px to the right shows 100 px' worth of earlier time.
        const double span = view.visibleEnd() - view.visibleStart(), before = view.visibleStart();
        const QPointF from(500, 150), to(600, 150);
        QMouseEvent press(QEvent::MouseButtonPress, from, view.mapToGlobal(from), Qt::LeftButton,
            Qt::LeftButton, Qt::NoModifier);
        QMouseEvent move(
            QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QMouseEvent release(QEvent::MouseButtonRelease, to, view.mapToGlobal(to), Qt::LeftButton,
            Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &press);
        QApplication::sendEvent(&view, &move);
        QApplication::sendEvent(&view, &release);
        QVERIFY(std::abs(view.visibleStart() - (before - 100 / plot.width() * span)) < 1e-12);
        // The axis says it is zoomed; a double click shows the whole step again.
        QStringList painted;
        for (const testing::DrawnText& t : recorded(view, size.toSize()))
            painted.append(t.text);
        QVERIFY2(
            !painted.filter(QStringLiteral("zoomed")).isEmpty(), qPrintable(painted.join(QLatin1Char('|'))));
        QMouseEvent twice(QEvent::MouseButtonDblClick, from, view.mapToGlobal(from), Qt::LeftButton,
            Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &twice);
        QVERIFY(!view.isZoomed());
        QVERIFY(std::abs(view.passRect(b0, size).width() - wholeWidth) < 1e-9);
        // Zooming never goes past the step.
        view.zoom(10, 0);
        QVERIFY(!view.isZoomed());
        view.setVisibleRange(-5, 0.01);
        QCOMPARE(view.visibleStart(), 0.0);
    }

    void sharedTimeRangeAlignsTimelines()
    {
        // Two 1F1B schedules side by side on one axis (4 stages, F = 1 ms, B = 2 ms): 8 micro-batches take
        // (8 + 4 - 1) x 3 = 33 ms, 4 micro-batches 21 ms.
        TimelineView longer, shorter;
        longer.setTimeline(equalStages());
        shorter.setTimeline(simulatePipeline(
            Schedule::OneFOneB, 4, 1, std::vector<double>(4, 1e-3), std::vector<double>(4, 2e-3)));
        QCOMPARE(shorter.timeline().makespan, 21e-3); // (4 + 4 - 1) x 3 ms
        const double range = std::max(longer.timeline().makespan, shorter.timeline().makespan);
        longer.setTimeRange(range);
        shorter.setTimeRange(range);
        QCOMPARE(shorter.timeRange(), 33e-3);
        const QSizeF size(1000, 360);
        // The same time lands at the same x: stage 3's first backward starts at 4 ms in both.
        const double x = longer.passRect(findPass(longer, 3, 0, PassKind::Backward), size).left();
        QVERIFY(
            std::abs(shorter.passRect(findPass(shorter, 3, 0, PassKind::Backward), size).left() - x) < 1e-9);
        // The shorter step ends at 21/33 of the plot.
        const QRectF plot = shorter.plotArea(size);
        double right = 0;
        for (const ScheduleSlot& pass : shorter.timeline().passes)
            right = std::max(right, shorter.passRect(pass, size).right());
        QVERIFY(std::abs(right - (plot.left() + 21.0 / 33 * plot.width())) < 1e-9);
        // 0 goes back to the own makespan.
        shorter.setTimeRange(0);
        QCOMPARE(shorter.timeRange(), 21e-3);
    }
};

QTEST_MAIN(TestTimelineView)
#include "tst_timeline_view.moc"
