// SPDX-License-Identifier: GPL-3.0-or-later
// CompareController (ui/compare_controller): the Compare tab pins a baseline (the selected plan, or a
// configuration typed as text) and adds ranked plans, refuses a fourth with the view's message, evaluates
// them again when the inputs change, and puts its actions in the plan table's context menu and the window.
#include "compare_controller.h"
#include "compare_view.h"
#include "main_window.h"
#include "partition/plan_config_text.h"
#include "plan_table_panel.h"
#include "plan_views.h"
#include "planning_fixture.h"

#include <QAction>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace shardscope;

class TestCompareController : public QObject
{
    Q_OBJECT

private slots:
    void pageIsRegistered()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        const auto index = views.find(QStringLiteral("compare"));
        QVERIFY(index);
        QCOMPARE(views.tabs()->tabText(*index), QStringLiteral("Com&pare"));
        QCOMPARE(views.page(*index).widget, compare.page());
        QCOMPARE(views.figure(*index).title.startsWith(QStringLiteral("Plan comparison")), true);
    }

    void pinAndAddRankedPlans()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        QSignalSpy status(&compare, &CompareController::statusMessage);
        p.planning.selectBest();
        QCOMPARE(compare.pinSelected(), QString());
        QVERIFY(compare.baseline() == p.planning.selectedPlan()->config);
        QVERIFY(compare.baseline() == fixture::rowPlan(p.planning, 0).config);
        for (int rank : { 2, 3, 4 })
            QCOMPARE(compare.addRank(rank), QString());
        QCOMPARE(compare.view()->columnLabels(),
            QStringList({ "Baseline (Rank 1)", "Rank 2", "Rank 3", "Rank 4" }));
        // Each column is the evaluator's estimate of that rank's configuration.
        for (int c = 1; c < 4; ++c)
            QCOMPARE(compare.view()->plan(c).time.stepSeconds,
                p.planning.evaluator()->evaluate(*compare.rankedConfig(c + 1)).time.stepSeconds);
        const QString refused = compare.addRank(5);
        QCOMPARE(refused,
            QStringLiteral(
                "At most 3 plans are compared with the baseline: remove one before adding another."));
        QCOMPARE(status.size(), 1);
        QCOMPARE(status.last().first().toString(), refused);
        QCOMPARE(compare.plans().size(), std::size_t(3));
        QCOMPARE(
            compare.addRank(100000).startsWith(QStringLiteral("There is no plan of rank 100000: ")), true);
    }

    void baselineByConfiguration()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        QCOMPARE(compare.pinConfig(QStringLiteral("tp=2,pp=2,mb=1")), QString());
        // dp from the 8 GPUs: 8 / (2 x 2) = 2.
        QCOMPARE(compare.baseline()->dp, 2);
        const PlanEstimate expected = p.planning.evaluator()->evaluate(*compare.baseline());
        QCOMPARE(compare.view()->plan(0).time.stepSeconds, expected.time.stepSeconds);
        QCOMPARE(compare.view()->plan(0).numMicroBatches, 64 / (2 * 1));
        QCOMPARE(compare.pinConfig(QStringLiteral("tp=two")),
            QStringLiteral("baseline:tp: expected a positive integer, got \"two\""));
        QVERIFY(compare.baseline()->tp == 2); // the old baseline stays
        // A layout that cannot run is shown with its reason, not refused.
        QCOMPARE(compare.pinConfig(QStringLiteral("tp=3,dp=1,pp=1")), QString());
        QVERIFY(compare.view()->plan(0).stages.empty());
        QVERIFY(!compare.view()->plan(0).infeasibleReason.empty());
    }

    void followsTheInputs()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        QCOMPARE(compare.pinConfig(QStringLiteral("tp=2,pp=1,mb=2")), QString()); // dp 4
        QCOMPARE(compare.view()->plan(0).numMicroBatches, 64 / (4 * 2));
        // The global batch doubles: the same layout runs twice the micro-batches.
        fixture::setProblem(p.inputs, "llama-2-7b", 8, 4096, 128);
        p.planning.planNow();
        QCOMPARE(compare.view()->plan(0).numMicroBatches, 128 / (4 * 2));
    }

    void removeAndClear()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        p.planning.selectRow(0);
        compare.pinSelected();
        p.planning.selectRow(1);
        QCOMPARE(compare.addSelected(), QString());
        QCOMPARE(compare.addSelected(), QStringLiteral("This plan is already compared."));
        QCOMPARE(compare.removeSelected(), QString());
        QCOMPARE(compare.plans().size(), std::size_t(0));
        QCOMPARE(compare.removeSelected(), QStringLiteral("The selected plan is not in the comparison."));
        compare.clear();
        QVERIFY(!compare.baseline());
        QVERIFY(!compare.view()->hasBaseline());
    }

    void tableContextMenu()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        PlanTablePanel table(&p.planning);
        CompareController compare(&p.planning, &views);
        compare.addTableActions(&table);
        QCOMPARE(table.table()->contextMenuPolicy(), Qt::ActionsContextMenu);
        QStringList texts;
        for (QAction* a : table.table()->actions())
            texts << a->text();
        QCOMPARE(
            texts, QStringList({ "Pin as &Baseline", "Co&mpare With Baseline", "&Remove From Comparison" }));
    }

    void inTheWindow()
    {
        MainWindow window;
        QVERIFY(window.compare());
        QVERIFY(window.planViews()->find(QStringLiteral("compare")));
        QStringList texts;
        for (QAction* a : window.planTable()->actions())
            texts << a->text();
        QVERIFY(texts.contains(QStringLiteral("Pin as &Baseline")));
    }

    // Issue 29: File > Export View of the Compare tab collapsed "Memory per GPU" and "Pipeline stages" to empty space
    // and the schedules to strips (it painted at the tab's size), while `shardscope render --view compare` drew the
    // page. Both now paint the view at its own size, at least its minimum, where every section has room.
    void exportDrawsWhatTheRenderDraws()
    {
        fixture::Planned p;
        PlanViews views(&p.planning);
        CompareController compare(&p.planning, &views);
        views.resize(1000, 600); // a laptop's tab: the page shorter than the view's minimum
        views.show();
        p.planning.selectBest();
        QCOMPARE(compare.pinSelected(), QString());
        for (int rank : { 2, 3 })
            QCOMPARE(compare.addRank(rank), QString());
        QCoreApplication::processEvents();
        const CompareView& view = *compare.view();
        const QSize min = view.minimumSizeHint();
        const Figure tab = views.figure(*views.find(QStringLiteral("compare")));
        const Figure render = compare.figure(); // what the render command draws
        QVERIFY2(tab.viewSize.width() >= min.width() && tab.viewSize.height() >= min.height(),
                 qPrintable(QStringLiteral("%1x%2 below %3x%4").arg(tab.viewSize.width()).arg(tab.viewSize.height()).arg(min.width()).arg(min.height())));
        QCOMPARE(tab.viewSize, render.viewSize);
        auto draw = [](const Figure& f, QSizeF size) {
            QImage image(size.toSize(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            f.paint(painter, size);
            return image;
        };
        // One size, the two paths: the same picture.
        const QImage a = draw(tab, tab.viewSize), b = draw(render, tab.viewSize);
        QCOMPARE(a, b);
        // At the view's least size every section has its room and something drawn in it: the memory bars, the
        // stage maps or lists, the timelines.
        const QImage least = draw(render, QSizeF(min));
        const CompareView::Sections s = view.sections(QSizeF(min));
        QVERIFY(s.memory.height() >= 150 && s.stages.height() >= 60 && s.timelines.height() >= 130);
        QVERIFY2(s.timelines.bottom() <= min.height(), qPrintable(QStringLiteral("timelines end at %1 of %2 (memory %3, stages %4 at %5)").arg(s.timelines.bottom()).arg(min.height()).arg(s.memory.height()).arg(s.stages.height()).arg(s.stages.top())));
        auto inked = [&](const QRectF& r) {
            int n = 0;
            for (int y = int(r.top()); y < int(r.bottom()); ++y)
                for (int x = int(r.left()); x < int(r.right()); ++x)
                    n += least.pixelColor(x, y) != QColor(Qt::white) ? 1 : 0;
            return double(n) / (r.width() * r.height());
        };
        for (const auto& [name, rect] : { std::pair { "memory", s.memory }, std::pair { "stages", s.stages }, std::pair { "timelines", s.timelines } })
            QVERIFY2(inked(rect) > 0.03, qPrintable(QStringLiteral("%1: %2 of the section drawn").arg(QLatin1String(name)).arg(inked(rect))));
        // The tab scrolls rather than squeezing the view below that.
        QCoreApplication::processEvents();
        QVERIFY2(view.width() >= min.width() && view.height() >= min.height(),
                 qPrintable(QStringLiteral("%1x%2 below %3x%4").arg(view.width()).arg(view.height()).arg(min.width()).arg(min.height())));
    }
};

QTEST_MAIN(TestCompareController)
#include "tst_compare_controller.moc"
