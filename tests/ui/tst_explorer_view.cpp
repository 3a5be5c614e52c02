// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/explorer_view.* (and explorer_panel, explorer_axes) as a picture: on a real search (Qwen2.5-0.5B's
// config.json on 16 H100), the explorer's points are the search's candidates one for one with the metrics
// written out here from each PlanSummary; the drawn Pareto front equals a brute-force front of the plans that
// fit (and core's); points are coloured by their category; axes have round ticks that enclose the points.
// Clicks, the rubber band, hover and hiding plans that do not fit: tst_explorer_interaction.cpp.
#include "explorer_fixtures.h"

using namespace shardscope;
using namespace shardscope::testing;

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
        std::size_t plotted = 0, plottedFeasible = 0, noEstimate = 0, beyond = 0;
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
            const QPointF at = view.pointPosition(std::uint32_t(i), kViewSize);
            // The first range holds the plans that fit from their best end: none cut there.
            if (p.feasible) {
                QVERIFY(higherIsBetter(x) ? ex <= view.xAxis().max : ex >= view.xAxis().min);
                QVERIFY(higherIsBetter(y) ? ey <= view.yAxis().max : ey >= view.yAxis().min);
            }
            // Beyond the range: on the plot's edge.
            const bool outside = ex < view.xAxis().min || ex > view.xAxis().max || ey < view.yAxis().min || ey > view.yAxis().max;
            QCOMPARE(p.beyond, outside);
            if (outside) {
                ++beyond;
                QVERIFY(std::abs(at.x() - plot.left()) < 1e-6 || std::abs(at.x() - plot.right()) < 1e-6
                        || std::abs(at.y() - plot.top()) < 1e-6 || std::abs(at.y() - plot.bottom()) < 1e-6);
                QVERIFY(plot.adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(at));
                continue;
            }
            // Inside the axes, at its value's place along them.
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
        QCOMPARE(view.beyondCount(), beyond);
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
