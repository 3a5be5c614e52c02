// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/explorer_view.* under the mouse, on the same real search as tst_explorer_view: a click on a
// point emits candidateClicked with its index; a rubber band filters exactly the points inside it; the
// hover text names the plan; hiding plans that do not fit removes them from the picture, the hit test
// and the filter.
#include "explorer_fixtures.h"

using namespace shardscope;
using namespace shardscope::testing;

class TestExplorerInteraction : public QObject
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
        view.fitAll(); // every point inside the plot: the band's brute force reads drawn positions
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
                + QString::fromStdString(outcome->search.candidates[infeasible.front()].infeasibleReason.text())),
            qPrintable(why));
        QVERIFY(view.toolTipAt(QPointF(3, 3), kViewSize).isEmpty());
    }

    /// Plans that do not fit: grey rings, gone from the picture, the hit test and the filter when hidden.
    void hideInfeasible()
    {
        const auto outcome = lattice();
        ExplorerView view;
        view.setOutcome(outcome);
        view.fitAll(); // the plans that do not fit too: in the first range they sit on its edge
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
};

QTEST_MAIN(TestExplorerInteraction)
#include "tst_explorer_interaction.moc"
