// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/explorer_view.* (and explorer_panel, explorer_axes): on a real search (Qwen2.5-0.5B's config.json
// on 16 H100), the explorer's points are the search's candidates one for one with the metrics written out
// here from each PlanSummary; a click on a point emits candidateClicked with its index; the drawn Pareto
// front equals a brute-force front of the plans that fit (and core's); a rubber band filters exactly the
// points inside it; the hover text names the plan; hiding plans that do not fit removes them from the
// picture, the hit test and the filter; points are coloured by their category; axes have round ticks that
// enclose the points.
#include "explorer_panel.h"
#include "explorer_view.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/pareto.h"
#include "view_fixtures.h"

#include <QCheckBox>
#include <QComboBox>
#include <QPicture>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

using namespace shardscope;

Q_DECLARE_METATYPE(ExplorerMetric)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const QSize kViewSize(1000, 640);

/// Qwen2.5-0.5B on 16 H100 (2 nodes), sequence 4096, global batch 256: a search of a few thousand candidates,
/// some of which do not fit.
std::shared_ptr<const PlanningOutcome> smallSearch()
{
    static const std::shared_ptr<const PlanningOutcome> outcome = [] {
        PlanningProblem p;
        p.model = importModel(SHARDSCOPE_TEST_DATA "/models/hf/qwen2.5-0.5b.json");
        p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 256;
        return std::make_shared<const PlanningOutcome>(
            runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, 3));
    }();
    return outcome;
}

/// The metric of a plan, from its summary's fields; NaN where the search left it without an estimate.
double metricOf(ExplorerMetric m, const PlanSummary& s)
{
    if (m == ExplorerMetric::MemoryPerGpu) return s.peakMemoryBytes > 0 ? s.peakMemoryBytes : kNaN;
    if (!(s.stepSeconds > 0)) return kNaN;
    switch (m) {
    case ExplorerMetric::StepTime:
        return s.stepSeconds;
    case ExplorerMetric::TokensPerSecond:
        return s.tokensPerSecond;
    case ExplorerMetric::Mfu:
        return s.mfu;
    case ExplorerMetric::Bubble:
        return s.bubbleFraction;
    case ExplorerMetric::CommShare:
        return s.exposedCommSeconds / s.stepSeconds;
    default:
        return kNaN;
    }
}

/// Lower step time, memory, bubble and communication share are better; more tokens/s and MFU.
bool higherIsBetter(ExplorerMetric m)
{
    return m == ExplorerMetric::TokensPerSecond || m == ExplorerMetric::Mfu;
}

/// The plans that fit, with both metrics finite, that no other such plan beats on one axis without losing on
/// the other.
std::set<std::uint32_t> bruteForceFront(
    const std::vector<PlanSummary>& plans, ExplorerMetric mx, ExplorerMetric my)
{
    const auto better = [](double a, double b, bool higher) { return higher ? a > b : a < b; };
    const auto atLeast = [](double a, double b, bool higher) { return higher ? a >= b : a <= b; };
    std::vector<std::uint32_t> candidates;
    for (std::uint32_t i = 0; i < plans.size(); ++i)
        if (plans[i].feasible && std::isfinite(metricOf(mx, plans[i]))
            && std::isfinite(metricOf(my, plans[i])))
            candidates.push_back(i);
    std::set<std::uint32_t> front;
    for (std::uint32_t i : candidates) {
        const double xi = metricOf(mx, plans[i]), yi = metricOf(my, plans[i]);
        bool dominated = false;
        for (std::uint32_t j : candidates) {
            const double xj = metricOf(mx, plans[j]), yj = metricOf(my, plans[j]);
            if (atLeast(xj, xi, higherIsBetter(mx)) && atLeast(yj, yi, higherIsBetter(my))
                && (better(xj, xi, higherIsBetter(mx)) || better(yj, yi, higherIsBetter(my)))) {
                dominated = true;
                break;
            }
        }
        if (!dominated) front.insert(i);
    }
    return front;
}

double distance(QPointF a, QPointF b)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

/// Where each candidate is drawn in a view of kViewSize (NaN where not plotted).
std::vector<QPointF> positions(const ExplorerView& view)
{
    std::vector<QPointF> at;
    for (const ExplorerPoint& p : view.points())
        at.push_back(view.pointPosition(p.candidate, kViewSize));
    return at;
}

/// Shown candidates that a click at their drawn position (rounded to a pixel, as a mouse gives it) hits:
/// every other shown point within the hit radius of that pixel is farther from it by half a pixel or more.
std::vector<std::uint32_t> clickablePoints(const ExplorerView& view, bool feasible)
{
    const std::vector<QPointF> at = positions(view);
    std::vector<std::uint32_t> shown;
    for (const ExplorerPoint& p : view.points())
        if (view.isShown(p.candidate)) shown.push_back(p.candidate);
    std::sort(
        shown.begin(), shown.end(), [&](std::uint32_t a, std::uint32_t b) { return at[a].x() < at[b].x(); });
    const double reach = ExplorerView::kHitRadius + 1;
    std::vector<std::uint32_t> clickable;
    for (std::size_t k = 0; k < shown.size(); ++k) {
        const std::uint32_t c = shown[k];
        if (view.points()[c].feasible != feasible) continue;
        const QPointF click = at[c].toPoint();
        const double own = distance(click, at[c]);
        bool unique = true;
        for (std::size_t j = k; j-- > 0 && at[shown[j]].x() >= click.x() - reach && unique;)
            unique = distance(click, at[shown[j]]) >= own + 0.5;
        for (std::size_t j = k + 1; j < shown.size() && at[shown[j]].x() <= click.x() + reach && unique; ++j)
            unique = distance(click, at[shown[j]]) >= own + 0.5;
        if (unique) clickable.push_back(c);
    }
    std::sort(clickable.begin(), clickable.end());
    return clickable;
}

/// Sixteen plans on a 4 x 4 lattice of step time (1-4 s) and memory (10-40 GiB), TP 1-8 by column, PP 1-8
/// by row; every fifth does not fit. Far apart on screen: for tests that look at single dots.
std::shared_ptr<const PlanningOutcome> lattice()
{
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    PlanningOutcome o;
    for (int i = 0; i < 16; ++i) {
        PlanSummary s;
        s.config.tp = 1 << (i % 4);
        s.config.pp = 1 << (i / 4);
        s.config.dp = 64 / (s.config.tp * s.config.pp);
        s.config.zeroStage = i % 3;
        s.config.schedule = i % 2 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
        s.feasible = i % 5 != 0;
        if (!s.feasible) s.infeasibleReason = "stage 0 needs more memory than is usable";
        s.stepSeconds = 1 + i % 4 + 0.1 * (i / 4);
        s.tokensPerSecond = 1e6 / s.stepSeconds;
        s.mfu = 0.4 / s.stepSeconds;
        s.peakMemoryBytes = (10 + 10 * (i / 4) + i % 4) * GiB;
        s.capacityBytes = 72 * GiB;
        o.order.push_back(std::uint32_t(i));
        o.search.candidates.push_back(s);
        o.search.feasibleCount += s.feasible;
    }
    return std::make_shared<const PlanningOutcome>(std::move(o));
}

/// The pixel a point at `at` is centred in.
QPoint pixelOf(QPointF at)
{
    return QPoint(int(std::floor(at.x())), int(std::floor(at.y())));
}

/// Distance from p to the drawn Pareto front's polyline.
double distanceToFront(const ExplorerView& view, QPointF p)
{
    double best = std::numeric_limits<double>::infinity();
    const std::vector<std::uint32_t>& front = view.paretoCandidates();
    for (std::size_t k = 0; k < front.size(); ++k) {
        const QPointF a = view.pointPosition(front[k], kViewSize);
        const QPointF b = k + 1 < front.size() ? view.pointPosition(front[k + 1], kViewSize) : a;
        const QPointF ab = b - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
        best = std::min(best, distance(p, a + t * ab));
    }
    return best;
}

void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, w->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &event);
}

/// 1, 2 or 5 x 10^k.
bool isRoundStep(double step)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double r = step / magnitude;
    return std::abs(r - 1) < 1e-6 || std::abs(r - 2) < 1e-6 || std::abs(r - 5) < 1e-6
        || std::abs(r - 10) < 1e-6;
}

} // namespace

class TestExplorerView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const auto outcome = smallSearch();
        QVERIFY(outcome->search.candidates.size() > 500);
        QVERIFY(outcome->search.feasibleCount > 50);
        QVERIFY(outcome->search.feasibleCount < outcome->search.candidates.size()); // some do not fit
        qInfo("%zu candidates, %zu fit", outcome->search.candidates.size(), outcome->search.feasibleCount);
    }

    void axes_data()
    {
        QTest::addColumn<ExplorerMetric>("x");
        QTest::addColumn<ExplorerMetric>("y");
        QTest::newRow("step time / memory") << ExplorerMetric::StepTime << ExplorerMetric::MemoryPerGpu;
        QTest::newRow("tokens/s / memory") << ExplorerMetric::TokensPerSecond << ExplorerMetric::MemoryPerGpu;
        QTest::newRow("MFU / bubble") << ExplorerMetric::Mfu << ExplorerMetric::Bubble;
        QTest::newRow("communication / tokens/s")
            << ExplorerMetric::CommShare << ExplorerMetric::TokensPerSecond;
        QTest::newRow("memory / MFU") << ExplorerMetric::MemoryPerGpu << ExplorerMetric::Mfu;
        QTest::newRow("step time / step time") << ExplorerMetric::StepTime << ExplorerMetric::StepTime;
    }

    /// One point per candidate, in candidate order, at the candidate's metrics; positions on the axes.
    void pointsAreTheCandidates_data() { axes_data(); }
    void pointsAreTheCandidates()
    {
        QFETCH(ExplorerMetric, x);
        QFETCH(ExplorerMetric, y);
        const auto outcome = smallSearch();
        const std::vector<PlanSummary>& plans = outcome->search.candidates;
        ExplorerView view;
        view.setAxes(x, y);
        view.setOutcome(outcome);
        QCOMPARE(view.points().size(), plans.size());
        std::size_t plotted = 0, plottedFeasible = 0, noEstimate = 0;
        const QRectF plot = view.plotRect(kViewSize);
        for (std::size_t i = 0; i < plans.size(); ++i) {
            const ExplorerPoint& p = view.points()[i];
            QCOMPARE(p.candidate, std::uint32_t(i));
            QCOMPARE(p.feasible, plans[i].feasible);
            const double ex = metricOf(x, plans[i]), ey = metricOf(y, plans[i]);
            QCOMPARE(std::isfinite(p.x), std::isfinite(ex));
            QCOMPARE(std::isfinite(p.y), std::isfinite(ey));
            if (std::isfinite(ex)) QCOMPARE(p.x, ex);
            if (std::isfinite(ey)) QCOMPARE(p.y, ey);
            QCOMPARE(p.plotted, std::isfinite(ex) && std::isfinite(ey));
            noEstimate += !(plans[i].stepSeconds > 0);
            if (!p.plotted) continue;
            ++plotted;
            plottedFeasible += p.feasible;
            // Inside the axes, at its value's place along them.
            QVERIFY(ex >= view.xAxis().min && ex <= view.xAxis().max);
            QVERIFY(ey >= view.yAxis().min && ey <= view.yAxis().max);
            const QPointF at = view.pointPosition(std::uint32_t(i), kViewSize);
            QVERIFY(std::abs(at.x()
                        - (plot.left()
                            + (ex - view.xAxis().min) / (view.xAxis().max - view.xAxis().min) * plot.width()))
                < 1e-6);
            QVERIFY(
                std::abs(at.y()
                    - (plot.bottom()
                        - (ey - view.yAxis().min) / (view.yAxis().max - view.yAxis().min) * plot.height()))
                < 1e-6);
        }
        QVERIFY(plottedFeasible > 50);
        QCOMPARE(view.shownCount(), plotted); // infeasible plans are shown by default
        if (x != ExplorerMetric::MemoryPerGpu || y != ExplorerMetric::MemoryPerGpu)
            QVERIFY(noEstimate == 0
                || plotted < plans.size()); // plans cut before evaluation have no time metrics
        view.setShowInfeasible(false);
        QCOMPARE(view.shownCount(), plottedFeasible);
    }

    /// Round ticks (1, 2 or 5 x 10^k in the shown unit), evenly spaced from the axis' minimum to its maximum.
    void ticksAreRound_data() { axes_data(); }
    void ticksAreRound()
    {
        QFETCH(ExplorerMetric, x);
        QFETCH(ExplorerMetric, y);
        ExplorerView view;
        view.setAxes(x, y);
        view.setOutcome(smallSearch());
        for (const ExplorerAxis* axis : { &view.xAxis(), &view.yAxis() }) {
            QVERIFY(axis->ticks.size() >= 2);
            QCOMPARE(qsizetype(axis->ticks.size()), axis->tickLabels.size());
            QCOMPARE(axis->ticks.front(), axis->min);
            QVERIFY(std::abs(axis->ticks.back() - axis->max) <= 1e-9 * std::abs(axis->max));
            const double step = (axis->ticks[1] - axis->ticks[0]) * axis->unitFactor;
            QVERIFY2(isRoundStep(step), qPrintable(QString::number(step)));
            for (std::size_t k = 1; k < axis->ticks.size(); ++k)
                QVERIFY(
                    std::abs((axis->ticks[k] - axis->ticks[k - 1]) * axis->unitFactor - step) < 1e-6 * step);
            QVERIFY(axis->ticks.size() <= 12);
            QVERIFY(axis->title.contains(QLatin1Char('('))); // "Step time (ms)": the unit
        }
    }

    void axisUnits()
    {
        // 0.2 s to 0.7 s: milliseconds, steps of 100 ms; a tick more at both ends where the range ends on
        // one.
        const ExplorerAxis ms = ExplorerAxes::fit(ExplorerMetric::StepTime, 0.2, 0.7);
        QCOMPARE(ms.unitFactor, 1e3);
        QCOMPARE(ms.tickLabels.front(), QStringLiteral("100"));
        QCOMPARE(ms.tickLabels.back(), QStringLiteral("800"));
        QCOMPARE(ms.tickLabels.size(), 8);
        QCOMPARE(ms.title, QStringLiteral("Step time (ms)"));
        // 0 to 0.37: percent from 0 (not below), steps of 10 %.
        const ExplorerAxis bubble = ExplorerAxes::fit(ExplorerMetric::Bubble, 0, 0.37);
        QCOMPARE(bubble.min, 0.0);
        QCOMPARE(bubble.tickLabels.back(), QStringLiteral("40"));
        // 12 to 61 GiB: ticks every 10 GiB from 10 to 70.
        const double GiB = 1024.0 * 1024.0 * 1024.0;
        const ExplorerAxis mem = ExplorerAxes::fit(ExplorerMetric::MemoryPerGpu, 12 * GiB, 61 * GiB);
        QCOMPARE(mem.min, 10 * GiB);
        QCOMPARE(mem.max, 70 * GiB);
        QCOMPARE(mem.tickLabels.size(), 7);
        QCOMPARE(mem.title, QStringLiteral("Memory per GPU (GiB)"));
        // MFU 0.312 to 0.447: percent, enclosing the range.
        const ExplorerAxis mfu = ExplorerAxes::fit(ExplorerMetric::Mfu, 0.312, 0.447);
        QCOMPARE(mfu.unitFactor, 100.0);
        QVERIFY(mfu.min <= 0.312 && mfu.max >= 0.447);
        // One value: a range around it, still round and still enclosing it.
        const ExplorerAxis one = ExplorerAxes::fit(ExplorerMetric::TokensPerSecond, 5e5, 5e5);
        QVERIFY(one.min < 5e5 && one.max > 5e5);
    }

    /// A click on a point selects that plan: candidateClicked with its index.
    void clickSelects()
    {
        ExplorerView view;
        view.resize(kViewSize);
        view.setOutcome(smallSearch());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &ExplorerView::candidateClicked);
        const std::vector<std::uint32_t> clickable = clickablePoints(view, true);
        QVERIFY(clickable.size() >= 20);
        int clicks = 0;
        for (std::size_t k = 0; k < clickable.size(); k += clickable.size() / 12) {
            const std::uint32_t c = clickable[k];
            QTest::mouseClick(&view, Qt::LeftButton, {}, view.pointPosition(c, kViewSize).toPoint());
            ++clicks;
            QCOMPARE(clicked.count(), clicks);
            QCOMPARE(clicked.last().at(0).toInt(), int(c));
            QCOMPARE(view.selectedCandidate(), int(c));
        }
        // A plan that does not fit too, and nothing for a click far from every point.
        const std::vector<std::uint32_t> infeasible = clickablePoints(view, false);
        QVERIFY(!infeasible.empty());
        QTest::mouseClick(
            &view, Qt::LeftButton, {}, view.pointPosition(infeasible.back(), kViewSize).toPoint());
        QCOMPARE(clicked.count(), ++clicks);
        QCOMPARE(clicked.last().at(0).toInt(), int(infeasible.back()));
        QTest::mouseClick(
            &view, Qt::LeftButton, {}, QPoint(3, kViewSize.height() - 3)); // the corner: no point
        QCOMPARE(clicked.count(), clicks);
        // Selecting from outside (the plan table) marks it and emits nothing.
        view.setSelectedCandidate(int(clickable.front()));
        QCOMPARE(view.selectedCandidate(), int(clickable.front()));
        QCOMPARE(clicked.count(), clicks);
    }

    /// The drawn front is the brute-force front of the plans that fit, and core's, in increasing x.
    void paretoFront_data() { axes_data(); }
    void paretoFront()
    {
        QFETCH(ExplorerMetric, x);
        QFETCH(ExplorerMetric, y);
        const auto outcome = smallSearch();
        ExplorerView view;
        view.setAxes(x, y);
        view.setOutcome(outcome);
        const std::vector<std::uint32_t>& drawn = view.paretoCandidates();
        const std::set<std::uint32_t> expected = bruteForceFront(outcome->search.candidates, x, y);
        QVERIFY(!expected.empty());
        QCOMPARE(std::set<std::uint32_t>(drawn.begin(), drawn.end()), expected);
        QCOMPARE(drawn.size(), expected.size()); // no candidate twice
        for (std::size_t k = 1; k < drawn.size(); ++k)
            QVERIFY(metricOf(x, outcome->search.candidates[drawn[k - 1]])
                <= metricOf(x, outcome->search.candidates[drawn[k]]));
        // Core's front of the same numbers.
        std::vector<double> xs, ys;
        for (const PlanSummary& s : outcome->search.candidates) {
            xs.push_back(s.feasible ? metricOf(x, s) : kNaN);
            ys.push_back(s.feasible ? metricOf(y, s) : kNaN);
        }
        const auto objective
            = [](ExplorerMetric m) { return higherIsBetter(m) ? Objective::Maximize : Objective::Minimize; };
        QCOMPARE(drawn, shardscope::paretoFront(xs, ys, objective(x), objective(y)));
        // Hiding the plans that do not fit leaves the front alone.
        view.setShowInfeasible(false);
        QCOMPARE(std::set<std::uint32_t>(view.paretoCandidates().begin(), view.paretoCandidates().end()),
            expected);
    }

    /// On the lattice, written out: plans 4 (1.1 s, 20 GiB) and 1 (2.0 s, 11 GiB) are the front of the plans
    /// that fit; plan 0 (1.0 s, 10 GiB) would beat both but does not fit. Tokens/s against MFU: both grow as
    /// the step shrinks, so the fastest plan that fits (4) alone.
    void paretoFrontOfLattice()
    {
        ExplorerView view;
        view.setOutcome(lattice());
        QCOMPARE(view.paretoCandidates(), (std::vector<std::uint32_t> { 4, 1 }));
        view.setAxes(ExplorerMetric::TokensPerSecond, ExplorerMetric::Mfu);
        QCOMPARE(view.paretoCandidates(), (std::vector<std::uint32_t> { 4 }));
    }

    /// Dragging a rectangle filters exactly the shown points inside it; Esc and a double click clear it.
    void rubberBandFilters_data()
    {
        QTest::addColumn<bool>("showInfeasible");
        QTest::addColumn<QRectF>("band"); // fractions of the plot
        QTest::newRow("middle, all plans") << true << QRectF(0.2, 0.2, 0.45, 0.5);
        QTest::newRow("lower left, plans that fit") << false << QRectF(0.0, 0.4, 0.5, 0.6);
        QTest::newRow("everything") << true << QRectF(-0.1, -0.1, 1.2, 1.2);
    }
    void rubberBandFilters()
    {
        QFETCH(bool, showInfeasible);
        QFETCH(QRectF, band);
        const auto outcome = smallSearch();
        ExplorerView view;
        view.resize(kViewSize);
        view.setOutcome(outcome);
        view.setShowInfeasible(showInfeasible);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy changed(&view, &ExplorerView::filterChanged);
        QSignalSpy cleared(&view, &ExplorerView::filterCleared);
        QSignalSpy clicked(&view, &ExplorerView::candidateClicked);

        const QRectF plot = view.plotRect(kViewSize);
        const QPointF a(plot.left() + band.left() * plot.width(), plot.top() + band.top() * plot.height());
        const QPointF b(
            plot.left() + band.right() * plot.width(), plot.top() + band.bottom() * plot.height());
        sendMouse(&view, QEvent::MouseButtonPress, a, Qt::LeftButton, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseMove, (a + b) / 2, Qt::NoButton, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseMove, b, Qt::NoButton, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseButtonRelease, b, Qt::LeftButton, Qt::NoButton);
        QCOMPARE(clicked.count(), 0); // a drag is no click
        QCOMPARE(changed.count(), 1);
        QVERIFY(view.hasFilter());

        // Brute force: every shown point whose drawn position is inside the band (clipped to the plot).
        const QRectF inside = QRectF(a, b).normalized().intersected(plot);
        std::vector<std::uint32_t> expected;
        std::size_t shown = 0;
        for (const ExplorerPoint& p : view.points()) {
            if (!p.plotted || (!showInfeasible && !p.feasible)) continue;
            ++shown;
            const QPointF at = view.pointPosition(p.candidate, kViewSize);
            if (at.x() >= inside.left() && at.x() <= inside.right() && at.y() >= inside.top()
                && at.y() <= inside.bottom())
                expected.push_back(p.candidate);
        }
        const auto got = changed.first().at(0).value<std::vector<std::uint32_t>>();
        QCOMPARE(got, expected);
        QCOMPARE(view.filteredCandidates(), expected);
        QVERIFY(!expected.empty());
        if (band.width() > 1)
            QCOMPARE(expected.size(), shown);
        else
            QVERIFY(expected.size() < shown);
        for (std::uint32_t c = 0; c < view.points().size(); ++c)
            QCOMPARE(view.filterAccepts(c), std::binary_search(expected.begin(), expected.end(), c));
        QVERIFY(view.title().contains(QLocale().toString(qulonglong(expected.size()))));

        view.setSelectedCandidate(int(expected.front()));
        testing::renderToImage(view, kViewSize, "explorer-search-filter.png");
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(cleared.count(), 1);
        QVERIFY(!view.hasFilter());
        QVERIFY(view.filterAccepts(0));

        // Again, then a double click clears it; a new outcome or other axes clear it too.
        view.setFilter(view.xAxis().min, view.xAxis().max, view.yAxis().min, view.yAxis().max);
        QCOMPARE(changed.count(), 2);
        QTest::mouseDClick(&view, Qt::LeftButton, {}, QPoint(3, 3));
        QCOMPARE(cleared.count(), 2);
        view.setFilter(view.xAxis().min, view.xAxis().max, view.yAxis().min, view.yAxis().max);
        view.setAxes(ExplorerMetric::Mfu, ExplorerMetric::Bubble);
        QCOMPARE(cleared.count(), 3);
    }

    /// The hover text names the plan: its layout and numbers.
    void hoverNamesThePlan()
    {
        const auto outcome = smallSearch();
        ExplorerView view;
        view.resize(kViewSize);
        view.setOutcome(outcome);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const std::vector<std::uint32_t> clickable = clickablePoints(view, true);
        QVERIFY(clickable.size() >= 2);
        for (std::uint32_t c : { clickable.front(), clickable[clickable.size() / 2], clickable.back() }) {
            const PlanSummary& s = outcome->search.candidates[c];
            const QPointF at = view.pointPosition(c, kViewSize).toPoint();
            const QString text = view.toolTipAt(at, kViewSize);
            QVERIFY2(text.contains(QStringLiteral("TP %1").arg(s.config.tp)), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("PP %1").arg(s.config.pp)), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("DP %1").arg(s.config.dp)), qPrintable(text));
            QVERIFY2(
                text.contains(QStringLiteral("micro-batch %1").arg(s.config.microBatch)), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("ZeRO %1").arg(s.config.zeroStage)), qPrintable(text));
            QVERIFY2(text.contains(QString::fromLatin1(
                         toString(s.config.schedule).data(), qsizetype(toString(s.config.schedule).size()))),
                qPrintable(text));
            // Its step time as the step time column would give it, and its place in the ranking.
            const QString step = s.stepSeconds >= 1
                ? QLocale().toString(s.stepSeconds, 'f', 2) + QStringLiteral(" s")
                : QLocale().toString(s.stepSeconds * 1e3, 'f', 1) + QStringLiteral(" ms");
            QVERIFY2(text.contains(step), qPrintable(text));
            const auto rank = std::find(outcome->order.begin(), outcome->order.end(), c);
            if (rank != outcome->order.end())
                QVERIFY2(text.contains(QStringLiteral("Plan %1 of")
                                           .arg(QLocale().toString(int(rank - outcome->order.begin()) + 1))),
                    qPrintable(text));
            // Hovering with the mouse marks it.
            sendMouse(&view, QEvent::MouseMove, at, Qt::NoButton, Qt::NoButton);
            QCOMPARE(view.hoveredCandidate(), int(c));
        }
        // A plan that does not fit says why.
        const std::vector<std::uint32_t> infeasible = clickablePoints(view, false);
        QVERIFY(!infeasible.empty());
        const QString why
            = view.toolTipAt(view.pointPosition(infeasible.front(), kViewSize).toPoint(), kViewSize);
        QVERIFY2(
            why.contains(QStringLiteral("Does not fit: ")
                + QString::fromStdString(outcome->search.candidates[infeasible.front()].infeasibleReason)),
            qPrintable(why));
        QVERIFY(view.toolTipAt(QPointF(3, 3), kViewSize).isEmpty());
    }

    /// Plans that do not fit: grey rings, gone from the picture, the hit test and the filter when hidden.
    void hideInfeasible()
    {
        const auto outcome = lattice();
        ExplorerView view;
        view.setOutcome(outcome);
        QPalette pal = view.palette();
        pal.setColor(QPalette::Base, Qt::white);
        pal.setColor(QPalette::Text, Qt::black);
        view.setPalette(pal);
        const QColor background(Qt::white),
            grid(224, 224, 224); // grid lines: 12 % black over white, 255 x 0.88
        const auto inkAround = [&](const QImage& image, QPointF at) {
            int ink = 0;
            for (int dy = -3; dy <= 3; ++dy)
                for (int dx = -3; dx <= 3; ++dx) {
                    const QColor px = image.pixelColor(int(at.x()) + dx, int(at.y()) + dy);
                    ink += px != background && px != grid;
                }
            return ink;
        };
        const std::vector<std::uint32_t> notFitting { 0, 5, 10, 15 };

        // Shown: each has its grey ring (not filled: the centre stays white) and is hit.
        const QImage shown = testing::renderToImage(view, kViewSize, "explorer-lattice-all.png");
        QCOMPARE(view.shownCount(), std::size_t(16));
        // The ring's middle: a pixel its width (1.1 px) inside the dot's radius below the centre.
        const QPoint down(0, int(std::round(view.dotRadius() - 0.55)));
        const QColor ring = shown.pixelColor(pixelOf(view.pointPosition(0, kViewSize)) + down);
        for (std::uint32_t c : notFitting) {
            const QPointF at = view.pointPosition(c, kViewSize);
            QVERIFY(inkAround(shown, at) >= 8);
            QVERIFY(shown.pixelColor(pixelOf(at)) == background || shown.pixelColor(pixelOf(at)) == grid);
            QCOMPARE(shown.pixelColor(pixelOf(at) + down), ring);
            QCOMPARE(view.candidateAt(at, kViewSize), int(c));
        }
        QVERIFY(std::abs(ring.red() - ring.green()) < 3 && std::abs(ring.red() - ring.blue()) < 3); // grey
        QVERIFY(ring.red() > 60 && ring.red() < 200);

        // Hidden: nothing drawn where they would be, not hit, not filtered.
        view.setShowInfeasible(false);
        QCOMPARE(view.shownCount(), std::size_t(12));
        const QImage hidden = testing::renderToImage(view, kViewSize, "explorer-lattice-fitting.png");
        int checked = 0;
        for (std::uint32_t c : notFitting) {
            QVERIFY(!view.isShown(c));
            const QPointF at = view.pointPosition(c, kViewSize);
            QCOMPARE(view.candidateAt(at, kViewSize), -1);
            if (distanceToFront(view, at) > 10
                && view.plotRect(kViewSize).adjusted(5, 5, -5, -5).contains(at)) {
                QCOMPARE(inkAround(hidden, at), 0);
                ++checked;
            }
        }
        QVERIFY(checked >= 2);
        view.setFilter(-1e30, 1e30, -1e30, 1e30);
        QCOMPARE(view.filteredCandidates(),
            (std::vector<std::uint32_t> { 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14 }));

        // The real search: hidden, no plan that does not fit is hit at its place, and all that fit still are
        // there.
        ExplorerView search;
        search.setOutcome(smallSearch());
        search.setShowInfeasible(false);
        std::size_t fitting = 0;
        for (const ExplorerPoint& p : search.points()) {
            fitting += p.plotted && p.feasible;
            if (!p.plotted || p.feasible) continue;
            const int hit = search.candidateAt(search.pointPosition(p.candidate, kViewSize), kViewSize);
            QVERIFY(hit < 0 || search.points()[std::size_t(hit)].feasible);
        }
        QCOMPARE(search.shownCount(), fitting);
    }

    /// Points are coloured by their category: a dot's centre has its category's colour.
    void colourByCategory_data()
    {
        QTest::addColumn<int>("colouring");
        for (int c = 0; c < kExplorerColouringCount; ++c)
            QTest::addRow("%s", qPrintable(ExplorerCategories::name(ExplorerColouring(c)))) << c;
    }
    void colourByCategory()
    {
        QFETCH(int, colouring);
        const ExplorerColouring by = ExplorerColouring(colouring);
        // The real search has as many categories as distinct values of the knob.
        {
            const auto outcome = smallSearch();
            ExplorerView view;
            view.setOutcome(outcome);
            view.setColouring(by);
            std::set<int> values;
            for (const PlanSummary& s : outcome->search.candidates)
                values.insert(ExplorerCategories::key(by, s));
            QCOMPARE(view.categories().count(), int(values.size()));
            for (const ExplorerPoint& p : view.points())
                QCOMPARE(int(p.category),
                    int(std::distance(values.begin(),
                        values.find(ExplorerCategories::key(by, outcome->search.candidates[p.candidate])))));
        }
        // On the lattice each dot that fits (away from the front's line) is filled with its category's
        // colour.
        const auto outcome = lattice();
        ExplorerView view;
        view.setOutcome(outcome);
        view.setColouring(by);
        const QImage image = testing::renderToImage(view, kViewSize, "explorer-lattice-colours.png");
        std::set<QRgb> colours;
        int checked = 0;
        for (const ExplorerPoint& p : view.points()) {
            const QPointF at = view.pointPosition(p.candidate, kViewSize);
            if (!p.feasible || distanceToFront(view, at) < 8) continue;
            const QColor expected = view.categories().colour(p.category, view.palette());
            QCOMPARE(
                image.pixelColor(int(std::floor(at.x())), int(std::floor(at.y()))).rgb(), expected.rgb());
            colours.insert(expected.rgb());
            ++checked;
        }
        QVERIFY(checked >= 6);
        QCOMPARE(int(colours.size()) <= view.categories().count(), true);
        if (by == ExplorerColouring::Tp
            || by == ExplorerColouring::Pp) // four values, spread over the lattice
            QVERIFY(colours.size() >= 3);
    }

    /// A dark palette: dark background, dots in their (lightened) category colours, grey rings lighter than
    /// the background. Rendered after a light picture: the cached dots are stamped again in the new colours.
    void darkTheme()
    {
        const auto outcome = lattice();
        ExplorerView view;
        view.setOutcome(outcome);
        const QImage light = testing::renderToImage(view, kViewSize, "explorer-lattice-light.png");
        QPalette dark = view.palette();
        dark.setColor(QPalette::Window, QColor(37, 37, 38));
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        dark.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
        view.setPalette(dark);
        const QImage image = testing::renderToImage(view, kViewSize, "explorer-lattice-dark.png");
        QCOMPARE(image.pixelColor(3, kViewSize.height() - 3), QColor(30, 30, 30));
        int checked = 0;
        for (const ExplorerPoint& p : view.points()) {
            const QPointF at = view.pointPosition(p.candidate, kViewSize);
            if (distanceToFront(view, at) < 8) continue;
            if (p.feasible) {
                const QColor colour = view.categories().colour(p.category, dark);
                QCOMPARE(image.pixelColor(pixelOf(at)).rgb(), colour.rgb());
                QVERIFY(colour.lightnessF() > 0.45); // stands out from the dark base
                QVERIFY(light.pixelColor(pixelOf(at)).rgb() != colour.rgb()); // lightened for the dark theme
            } else {
                const QPoint down(0, int(std::round(view.dotRadius() - 0.55)));
                QVERIFY(image.pixelColor(pixelOf(at) + down).lightnessF() > 0.35);
            }
            ++checked;
        }
        QVERIFY(checked >= 10);
    }

    /// Vector devices (SVG, PDF, QPicture) get vector dots; the panel's controls drive the view.
    void vectorRenderAndPanel()
    {
        ExplorerPanel panel;
        panel.view()->setOutcome(smallSearch());
        QPicture picture;
        QPainter painter(&picture);
        panel.view()->render(painter, QSizeF(kViewSize));
        painter.end();
        QVERIFY(picture.size() > 10000); // thousands of dots recorded, not one image... and not nothing

        // The lattice through the vector path, played back into an image: each dot that fits (away from the
        // front's line) has its category's colour at its centre, as on the raster path.
        ExplorerView view;
        view.setOutcome(lattice());
        QPicture vectors;
        QPainter recorder(&vectors);
        view.render(recorder, QSizeF(kViewSize));
        recorder.end();
        QImage image(kViewSize, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter player(&image);
        vectors.play(&player);
        player.end();
        if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
            image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/explorer-lattice-vector.png"));
        int checked = 0;
        for (const ExplorerPoint& p : view.points()) {
            const QPointF at = view.pointPosition(p.candidate, kViewSize);
            if (!p.feasible || distanceToFront(view, at) < 8) continue;
            QCOMPARE(image.pixelColor(pixelOf(at)).rgb(),
                view.categories().colour(p.category, view.palette()).rgb());
            ++checked;
        }
        QVERIFY(checked >= 6);

        panel.xCombo()->setCurrentIndex(panel.xCombo()->findData(int(ExplorerMetric::TokensPerSecond)));
        QCOMPARE(panel.view()->xMetric(), ExplorerMetric::TokensPerSecond);
        panel.yCombo()->setCurrentIndex(panel.yCombo()->findData(int(ExplorerMetric::Mfu)));
        QCOMPARE(panel.view()->yMetric(), ExplorerMetric::Mfu);
        panel.colourCombo()->setCurrentIndex(panel.colourCombo()->findData(int(ExplorerColouring::Schedule)));
        QCOMPARE(panel.view()->colouring(), ExplorerColouring::Schedule);
        panel.showInfeasibleBox()->setChecked(false);
        QVERIFY(!panel.view()->showInfeasible());
        QVERIFY(!panel.clearFilterButton()->isEnabled());
        panel.view()->setFilter(0, 1e30, 0, 1e30);
        QVERIFY(panel.clearFilterButton()->isEnabled());
        panel.clearFilterButton()->click();
        QVERIFY(!panel.view()->hasFilter());
    }

    void emptyAndCleared()
    {
        ExplorerView view;
        QCOMPARE(view.shownCount(), std::size_t(0));
        QCOMPARE(view.candidateAt(QPointF(100, 100), kViewSize), -1);
        testing::renderToImage(view, kViewSize, "explorer-empty.png"); // no crash without data
        view.setOutcome(smallSearch());
        view.setSelectedCandidate(5);
        view.setOutcome(nullptr);
        QCOMPARE(view.points().size(), std::size_t(0));
        QCOMPARE(view.selectedCandidate(), -1);
        view.setSelectedCandidate(5); // out of range: none
        QCOMPARE(view.selectedCandidate(), -1);
    }
};

QTEST_MAIN(TestExplorerView)
#include "tst_explorer_view.moc"
