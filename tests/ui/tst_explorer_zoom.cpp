// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer at scale (issue 29): the first range is the one around the plans that fit, a few outliers 50 times
// slower drawn at its edge and counted instead of squeezing the rest against the axis; the wheel zooms around the
// cursor (the value under it stays there), a right-button drag pans and never selects nor filters, Home and the
// panel's button reset; log axes place equal ratios at equal distances; a colouring with more values than colours
// keeps the nine most common and puts the rest in "other".
#include "explorer_fixtures.h"

#include <QWheelEvent>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// 200 plans that fit at 60-80 s a step and 40-70 GiB, and three that fit at 3,500 s (a deep pipeline's
/// bubble, say); 40 that do not fit at 90 GiB. EP degrees 1..62 (62 values) for the colouring.
std::shared_ptr<const PlanningOutcome> withOutliers()
{
    PlanningOutcome o;
    for (int i = 0; i < 243; ++i) {
        PlanSummary s;
        s.config.tp = 1;
        s.config.pp = 1;
        s.config.dp = 64;
        s.config.ep = i < 124 ? 1 + i % 4 : 1 + i % 62; // EP 1-4 are common, the rest rare
        s.feasible = i < 203;
        s.stepSeconds = i < 200 ? 60 + 20.0 * i / 199 : i < 203 ? 3500 + i : 70;
        s.tokensPerSecond = 1e6 / s.stepSeconds;
        s.peakMemoryBytes = (s.feasible ? 40 + 30.0 * ((i * 37) % 200) / 199 : 90) * kGiB;
        s.capacityBytes = 76 * kGiB;
        if (!s.feasible) s.infeasibleReason = InfeasibleReason("stage 0 needs more memory than is usable");
        o.order.push_back(std::uint32_t(i));
        o.search.candidates.push_back(s);
        o.search.feasibleCount += s.feasible;
    }
    return std::make_shared<const PlanningOutcome>(std::move(o));
}

void wheel(QWidget* w, QPointF pos, int delta)
{
    QWheelEvent event(pos, w->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(w, &event);
}

/// The value at a pixel of the plot, on each axis.
QPointF valueAt(const ExplorerView& view, QPointF pos)
{
    const QRectF plot = view.plotRect(kViewSize);
    return { view.xAxis().valueAt((pos.x() - plot.left()) / plot.width()), view.yAxis().valueAt((plot.bottom() - pos.y()) / plot.height()) };
}

} // namespace

class TestExplorerZoom : public QObject
{
    Q_OBJECT
private slots:
    void firstRangeIsAroundThePlansThatFit()
    {
        ExplorerView view;
        view.setOutcome(withOutliers());
        // Step time across: 60-80 s, not to 3,700 s; the three outliers and nothing else beyond on that axis.
        QVERIFY2(view.xAxis().min <= 60 && view.xAxis().max < 200, qPrintable(QStringLiteral("%1..%2").arg(view.xAxis().min).arg(view.xAxis().max)));
        std::size_t slowBeyond = 0;
        for (const ExplorerPoint& p : view.points())
            slowBeyond += p.beyond && p.x > 1000 ? 1 : 0;
        QCOMPARE(slowBeyond, std::size_t(3));
        // Memory up: the plans that fit (40-70 GiB); the 40 that do not fit (90 GiB) sit on the top edge.
        QVERIFY(view.yAxis().max < 90 * kGiB && view.yAxis().min <= 40 * kGiB);
        QCOMPARE(view.beyondCount(), std::size_t(43));
        const QRectF plot = view.plotRect(kViewSize);
        QCOMPARE(view.pointPosition(230, kViewSize).y(), plot.top());
        QCOMPARE(view.pointPosition(201, kViewSize).x(), plot.right());
        QVERIFY(view.title().size() > 0);
        // Every shown plan in range with fitAll; Home goes back.
        view.fitAll();
        QVERIFY(view.isZoomed() && view.xAxis().max >= 3702 && view.beyondCount() == 0);
        view.resetView();
        QVERIFY(!view.isZoomed() && view.xAxis().max < 200);
        // Without the cut (the old range) the 200 useful plans would fill under 1 % of the width; now over 30 %.
        QVERIFY((80.0 - 60.0) / (3702 - 60) < 0.01);
        QVERIFY((80.0 - 60.0) / (view.xAxis().max - view.xAxis().min) > 0.3);
    }

    void wheelZoomsAroundTheCursor()
    {
        ExplorerView view;
        view.resize(kViewSize);
        view.setOutcome(withOutliers());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy range(&view, &ExplorerView::rangeChanged);
        const QRectF plot = view.plotRect(kViewSize);
        const QPointF cursor(plot.left() + 0.3 * plot.width(), plot.top() + 0.6 * plot.height());
        const QPointF before = valueAt(view, cursor);
        const double width = view.xAxis().max - view.xAxis().min;
        wheel(&view, cursor, 120); // one notch in: 85 % of the range
        QCOMPARE(range.count(), 1);
        QVERIFY(view.isZoomed());
        QVERIFY(std::abs((view.xAxis().max - view.xAxis().min) / width - 0.85) < 1e-9);
        const QPointF after = valueAt(view, cursor);
        QVERIFY(std::abs(after.x() - before.x()) < 1e-9 * width);
        QVERIFY(std::abs(after.y() - before.y()) < 1e-6 * kGiB);
        wheel(&view, cursor, -120); // and out again
        QVERIFY(std::abs((view.xAxis().max - view.xAxis().min) / width - 1) < 1e-9);
        // The zoomed axes keep round ticks inside.
        wheel(&view, cursor, 360);
        QVERIFY(!view.xAxis().ticks.empty());
        for (double t : view.xAxis().ticks)
            QVERIFY(t >= view.xAxis().min - 1e-9 && t <= view.xAxis().max + 1e-9);
        QTest::keyClick(&view, Qt::Key_Home);
        QVERIFY(!view.isZoomed());
    }

    void rightDragPansAndNeverSelects()
    {
        ExplorerView view;
        view.resize(kViewSize);
        view.setOutcome(withOutliers());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &ExplorerView::candidateClicked);
        QSignalSpy filtered(&view, &ExplorerView::filterChanged);
        const QRectF plot = view.plotRect(kViewSize);
        const double x0 = view.xAxis().min, span = view.xAxis().max - view.xAxis().min;
        // Start the drag on a plan: a pan moves the range by the drag's length and selects nothing.
        const QPointF from = view.pointPosition(100, kViewSize);
        const QPointF to = from + QPointF(-0.25 * plot.width(), 0);
        sendMouse(&view, QEvent::MouseButtonPress, from, Qt::RightButton, Qt::RightButton);
        sendMouse(&view, QEvent::MouseMove, to, Qt::NoButton, Qt::RightButton);
        sendMouse(&view, QEvent::MouseButtonRelease, to, Qt::RightButton, Qt::NoButton);
        QVERIFY(std::abs(view.xAxis().min - (x0 + 0.25 * span)) < 1e-9 * span);
        QCOMPARE(clicked.count(), 0);
        QCOMPARE(filtered.count(), 0);
        QCOMPARE(view.selectedCandidate(), -1);
        // A left drag (the rubber band) filters and never selects, even when it starts on a plan.
        sendMouse(&view, QEvent::MouseButtonPress, view.pointPosition(120, kViewSize), Qt::LeftButton, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseMove, view.pointPosition(120, kViewSize) + QPointF(60, 40), Qt::NoButton, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseButtonRelease, view.pointPosition(120, kViewSize) + QPointF(60, 40), Qt::LeftButton, Qt::NoButton);
        QCOMPARE(clicked.count(), 0);
        QCOMPARE(view.selectedCandidate(), -1);
    }

    void logAxes()
    {
        ExplorerView view;
        view.setOutcome(withOutliers());
        view.setLogAxes(true, false);
        QVERIFY(view.xAxis().log && !view.yAxis().log);
        // Equal ratios at equal distances: the geometric mean of the ends halfway.
        const ExplorerAxis& x = view.xAxis();
        QVERIFY(std::abs(x.fraction(std::sqrt(x.min * x.max)) - 0.5) < 1e-12);
        QVERIFY(std::abs(x.valueAt(x.fraction(70)) - 70) < 1e-9);
        // Decade ends and ticks at 1, 2, 5 x 10^k.
        for (double t : x.ticks) {
            const double m = t / std::pow(10.0, std::floor(std::log10(t) + 1e-12));
            QVERIFY2(std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9, qPrintable(QString::number(t)));
        }
        // The outliers stay cut on a log axis too (their ratio to the quartiles is large), and fitAll reaches them.
        QVERIFY(x.max < 3500);
        view.fitAll();
        QVERIFY(view.xAxis().max >= 3702 && view.xAxis().log);
        // The panel's boxes drive it.
        ExplorerPanel panel;
        panel.view()->setOutcome(withOutliers());
        panel.logYBox()->setChecked(true);
        QVERIFY(panel.view()->logY() && panel.view()->yAxis().log);
        QVERIFY(!panel.resetViewButton()->isEnabled());
        panel.view()->fitAll();
        QVERIFY(panel.resetViewButton()->isEnabled());
        panel.resetViewButton()->click();
        QVERIFY(!panel.view()->isZoomed() && !panel.resetViewButton()->isEnabled());
    }

    void manyValuesBinnedIntoOther()
    {
        const auto outcome = withOutliers();
        const ExplorerCategories c(ExplorerColouring::Ep, outcome->search.candidates);
        QCOMPARE(c.count(), ExplorerCategories::kMaxCategories);
        QVERIFY(c.hasOther());
        // EP 1-4 are the most common (brute force over the plans): each keeps its own category.
        std::map<int, int> plansOf;
        for (const PlanSummary& s : outcome->search.candidates)
            ++plansOf[s.config.ep];
        std::vector<std::pair<int, int>> byCount(plansOf.begin(), plansOf.end());
        std::stable_sort(byCount.begin(), byCount.end(), [](auto a, auto b) { return a.second > b.second; });
        std::set<QString> kept;
        for (int k = 0; k < ExplorerCategories::kMaxCategories - 1; ++k)
            kept.insert(QStringLiteral("EP %1").arg(byCount[std::size_t(k)].first));
        QVERIFY(kept.count(QStringLiteral("EP 1")) && kept.count(QStringLiteral("EP 4")));
        std::set<QString> labels;
        for (int k = 0; k < c.count() - 1; ++k)
            labels.insert(c.label(k));
        QCOMPARE(labels, kept);
        QCOMPARE(c.label(c.count() - 1), QStringLiteral("other (%1 value(s))").arg(int(plansOf.size()) - 9));
        for (std::size_t i = 0; i < outcome->search.candidates.size(); ++i) {
            const bool own = kept.count(QStringLiteral("EP %1").arg(outcome->search.candidates[i].config.ep)) > 0;
            QCOMPARE(c.categoryOf(i) == c.count() - 1, !own);
        }
        // A knob with few values is not binned.
        QVERIFY(!ExplorerCategories(ExplorerColouring::Tp, outcome->search.candidates).hasOther());
    }
};

QTEST_MAIN(TestExplorerZoom)
#include "tst_explorer_zoom.moc"
