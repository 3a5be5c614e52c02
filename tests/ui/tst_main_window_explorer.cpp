// SPDX-License-Identifier: GPL-3.0-or-later
// The window's issue-15 wiring: the explorer shows every candidate and a click on one selects that plan in the
// table and every view; its rectangle filters the table; a dead end says which rule stopped the search, and its
// ways out are links that make the change and search again; the budget adds its columns; the "why this rank"
// line; Undo beside Apply; the glossary on F1.
#include "explorer_panel.h"
#include "explorer_view.h"
#include "glossary.h"
#include "import/model_importer.h"
#include "partition/plan_ranking.h"
#include "input_panel.h"
#include "main_window.h"
#include "plan_table_model.h"
#include "plan_table_panel.h"
#include "plan_text.h"
#include "plan_views.h"
#include "planning_controller.h"
#include "proposal_list_model.h"
#include "proposals_panel.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

#include <optional>
#include <set>

using namespace shardscope;

namespace {

// Llama-2-7B on 8 H100, planned on the calling thread (about 9,000 candidates).
void planSmall(MainWindow& w, PlanPins pins = {})
{
    TrainingSpec training;
    training.seqLength = 4096;
    training.globalBatch = 64;
    training.pins = pins;
    w.inputs()->setInputs(ClusterSpec::make(*w.inputs()->catalog().find("H100-SXM"), 8, 8), training,
                          Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), false);
    w.setModel(*findBundledModel("llama-2-7b"), QStringLiteral("llama-2-7b"), true);
    w.planNow();
}

const PlanEstimate& sel(const MainWindow& w)
{
    if (!w.selectedPlan())
        throw std::runtime_error("no plan is selected");
    return *w.selectedPlan();
}

} // namespace

class TestMainWindowExplorer : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void clickSelectsEverywhere()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        planSmall(w);
        ExplorerView* view = w.explorer()->view();
        const PlanningOutcome* outcome = w.outcome();
        QVERIFY(outcome);
        // One point per candidate, in candidate order.
        QCOMPARE(view->points().size(), outcome->search.candidates.size());
        w.viewTabs()->setCurrentWidget(w.explorer());
        QTRY_VERIFY(view->isVisible());
        // A plan that fits, ranked well below the first: click its point.
        const std::uint32_t target = outcome->order[std::min<std::size_t>(7, outcome->feasibleRanked - 1)];
        const QPointF at = view->pointPosition(target, view->size());
        QVERIFY(std::isfinite(at.x()) && std::isfinite(at.y()));
        const int hit = view->candidateAt(at, view->size());
        QVERIFY(hit >= 0);
        QTest::mouseClick(view, Qt::LeftButton, {}, at.toPoint());
        // Whatever point is on top there is now the plan of the table's current row and of every view.
        const ParallelConfig& clicked = outcome->search.candidates[std::size_t(hit)].config;
        QVERIFY(sel(w).config == clicked);
        const QModelIndex current = w.planTable()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(PlanTableModel::CandidateRole).toInt(), hit);
        QVERIFY(w.planViews()->title()->text().contains(PlanText::describe(clicked).toHtmlEscaped()));
        QCOMPARE(view->selectedCandidate(), hit);
    }

    void clickOnAFoldedPlanSelectsItsRow()
    {
        // Plans that differ only in a setting without effect are one row; the explorer draws each candidate, the
        // folded ones on their row's point. Selecting one selects the row that stands for it.
        MainWindow w;
        planSmall(w);
        const PlanningOutcome* outcome = w.outcome();
        QVERIFY(outcome);
        const auto& candidates = outcome->search.candidates;
        const std::set<std::uint32_t> ranked(outcome->order.begin(), outcome->order.end());
        std::optional<std::uint32_t> folded;
        for (std::uint32_t i = 0; i < candidates.size() && !folded; ++i)
            if (candidates[i].feasible && !ranked.count(i)) folded = i;
        QVERIFY(folded); // e.g. ZeRO 0 beside ZeRO 1 at DP 1
        // The row standing for it: the first ranked plan equivalent to it, by brute force over the ranking.
        std::optional<std::uint32_t> standsFor;
        for (std::uint32_t i : outcome->order)
            if (!standsFor && equivalentPlans(candidates[i], candidates[*folded])) standsFor = i;
        QVERIFY(standsFor);
        QVERIFY(!(candidates[*standsFor].config == candidates[*folded].config));
        QCOMPARE(candidates[*standsFor].tokensPerSecond, candidates[*folded].tokensPerSecond);
        w.planning()->selectCandidate(int(*folded));
        const QModelIndex current = w.planTable()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(PlanTableModel::CandidateRole).toInt(), int(*standsFor));
        QVERIFY(sel(w).config == candidates[*standsFor].config);
        QCOMPARE(w.explorer()->view()->selectedCandidate(), int(*standsFor));
    }

    void rectangleFiltersTheTable()
    {
        MainWindow w;
        planSmall(w);
        ExplorerView* view = w.explorer()->view();
        const PlanningOutcome* outcome = w.outcome();
        // The middle of the x range, the whole y range.
        const ExplorerAxis& x = view->xAxis();
        const ExplorerAxis& y = view->yAxis();
        const double lo = x.min + 0.25 * (x.max - x.min);
        const double hi = x.min + 0.6 * (x.max - x.min);
        view->setFilter(lo, hi, y.min, y.max);
        const std::set<std::uint32_t> inBand(view->filteredCandidates().begin(), view->filteredCandidates().end());
        QVERIFY(!inBand.empty());
        // The table shows exactly the ranked rows whose candidate is in the band.
        std::set<std::uint32_t> expected;
        for (std::size_t r = 0; r < outcome->feasibleRanked; ++r)
            if (inBand.count(outcome->order[r]))
                expected.insert(outcome->order[r]);
        std::set<std::uint32_t> shown;
        for (int r = 0; r < w.planProxy()->rowCount(); ++r)
            shown.insert(std::uint32_t(w.planProxy()->index(r, 0).data(PlanTableModel::CandidateRole).toULongLong()));
        QCOMPARE(shown, expected);
        QVERIFY(w.planTablePanel()->filterNote()->isVisibleTo(&w));
        view->clearFilter();
        QCOMPARE(std::size_t(w.planProxy()->rowCount()), outcome->feasibleRanked);
        QVERIFY(!w.planTablePanel()->filterNote()->isVisibleTo(&w));
    }

    void deadEndSaysWhichRule()
    {
        // TP 3 with Llama-2-7B's 32 heads: no plan, and the banner says why with the numbers.
        MainWindow w;
        PlanPins pins;
        pins.tp = 3;
        planSmall(w, pins);
        const QString error = w.errorText();
        QVERIFY2(error.contains(QStringLiteral("TP 3 does not divide the 32 attention heads")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("TP can be 1, 2, 4, 8")), qPrintable(error));
    }

    void deadEndLinksMakeTheChange_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("kind"); // the FindingKind whose first way out is taken
        // TP 3 breaks a rule: the pin's finding offers the TP values that work.
        QTest::newRow("rule: TP 3") << 8 << 3 << int(FindingKind::PinRule);
        // One H100 cannot hold Llama-2-7B's weights, gradients and Adam states (16 bytes a parameter, 108 GB):
        // the smallest cluster that fits is offered ("Use N GPUs" of the command line's dead end).
        QTest::newRow("memory: one GPU") << 1 << 0 << int(FindingKind::SmallestCluster);
    }

    void deadEndLinksMakeTheChange()
    {
        QFETCH(int, gpus);
        QFETCH(int, tp);
        QFETCH(int, kind);
        MainWindow w;
        TrainingSpec training;
        training.seqLength = 4096;
        training.globalBatch = 64;
        if (tp) training.pins.tp = tp;
        w.inputs()->setInputs(ClusterSpec::make(*w.inputs()->catalog().find("H100-SXM"), gpus, std::min(gpus, 8)),
                              training, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), false);
        QSignalSpy shown(w.planning(), &PlanningController::planShown);
        w.setModel(*findBundledModel("llama-2-7b"), QStringLiteral("llama-2-7b"), true);
        QVERIFY(shown.wait(60000));
        QCOMPARE(w.outcome()->search.feasibleCount, std::size_t(0));
        const std::vector<Finding> findings = w.planning()->findings();
        const auto it = std::find_if(findings.begin(), findings.end(), [&](const Finding& f) {
            return int(f.kind) == kind && !f.changes.empty();
        });
        QVERIFY2(it != findings.end(), qPrintable(w.errorText()));
        const int index = int(it - findings.begin());
        const DiagnosisChange change = it->changes.front();
        // The banner shows the way out as a link with its label, and reads as plain text.
        auto* banner = w.findChild<QLabel*>(QStringLiteral("errorBanner"));
        QVERIFY(banner && banner->isVisibleTo(&w));
        QCOMPARE(banner->textFormat(), Qt::RichText);
        const QString link = QStringLiteral("change:%1:0").arg(index);
        QVERIFY2(banner->text().contains(
                     QStringLiteral("<a href=\"%1\">%2</a>")
                         .arg(link, QString::fromStdString(change.label.text()).toHtmlEscaped())),
            qPrintable(banner->text()));
        QVERIFY(
            w.errorText().contains(QStringLiteral("Try: ") + QString::fromStdString(change.label.text())));
        QVERIFY(!w.errorText().contains(QLatin1Char('<')));
        // Following it puts the change in the inputs and searches them: now plans fit and the banner goes.
        emit banner->linkActivated(link);
        QVERIFY(shown.wait(60000));
        const TrainingSpec now = w.inputs()->training();
        if (change.pins) QCOMPARE(now.pins, *change.pins);
        if (change.nodes) QCOMPARE(w.inputs()->cluster().nodes, *change.nodes);
        QCOMPARE(now.seqLength, training.seqLength);
        QCOMPARE(now.globalBatch, training.globalBatch);
        // (The rule's first value, searched only now, and the cluster the sweep found both fit Llama-2-7B.)
        QVERIFY(w.outcome()->search.feasibleCount > 0);
        QVERIFY(w.selectedPlan() && w.selectedPlan()->feasible);
        QCOMPARE(w.errorText(), QString());
        // A link of findings no longer on screen changes nothing and says so.
        emit banner->linkActivated(link);
        QVERIFY(w.errorText().contains(QStringLiteral("no longer offered")));
        QCOMPARE(w.inputs()->training().pins, now.pins);
    }

    void budgetWhyAndUndo()
    {
        MainWindow w;
        planSmall(w);
        QTableView* table = w.planTable();
        QVERIFY(table->isColumnHidden(PlanTableModel::TrainingDays));
        w.inputs()->tokenBudgetBox()->setValue(1); // 1 T tokens
        QVERIFY(!table->isColumnHidden(PlanTableModel::TrainingDays));
        QVERIFY(table->isColumnHidden(PlanTableModel::Cost)); // no price: no cost
        const PlanSummary& best = *w.planModel()->plan(0);
        QCOMPARE(w.planModel()->index(0, PlanTableModel::TrainingDays).data(PlanTableModel::SortRole).toDouble(),
                 1e12 / best.tokensPerSecond / 86400);
        // The why line names the rule for the selected plan.
        QVERIFY2(w.planTablePanel()->whyText().contains(QStringLiteral("the fastest plan that fits")),
                 qPrintable(w.planTablePanel()->whyText()));
        // Undo sits beside Apply and follows the undo stack.
        auto* panel = w.findChild<ProposalsPanel*>();
        QVERIFY(panel);
        QVERIFY(!panel->undoButton()->isEnabled());
        const ParallelConfig before = sel(w).config;
        QTRY_VERIFY_WITH_TIMEOUT(!w.proposals()->proposals().empty(), 30000);
        int applicable = -1;
        const auto& proposals = w.proposals()->proposals();
        for (std::size_t i = 0; i < proposals.size() && applicable < 0; ++i)
            if (proposals[i].evaluated && proposals[i].training.globalBatch == 64 && proposals[i].feasible)
                applicable = int(i);
        QVERIFY(applicable >= 0);
        QVERIFY(w.applyProposal(applicable).isEmpty());
        QTRY_VERIFY(panel->undoButton()->isEnabled());
        QVERIFY(!(sel(w).config == before));
        panel->undoButton()->click();
        QTRY_VERIFY(w.selectedPlan() && sel(w).config == before);
    }

    void largerBatchIsProposedAndApplied()
    {
        // PP 4 in 1F1B with 8 sequences a step: a large bubble. A larger global batch is proposed, and Apply puts it
        // in the form (a knob the user can see) and plans it.
        MainWindow w;
        PlanPins pins;
        pins.pp = 4;
        pins.microBatch = 1;
        pins.schedule = Schedule::OneFOneB;
        TrainingSpec training;
        training.seqLength = 4096;
        training.globalBatch = 8;
        training.pins = pins;
        w.inputs()->setInputs(ClusterSpec::make(*w.inputs()->catalog().find("H100-SXM"), 8, 8), training,
                              Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), false);
        w.setModel(*findBundledModel("llama-2-7b"), QStringLiteral("llama-2-7b"), true);
        w.planNow();
        QVERIFY(sel(w).bubbleFraction > 0.15);
        QVERIFY(std::any_of(sel(w).warnings.begin(), sel(w).warnings.end(),
                            [](const std::string& m) { return m.find("pipeline bubble") != std::string::npos; }));
        QTRY_VERIFY_WITH_TIMEOUT(!w.proposals()->proposals().empty(), 30000);
        const auto& proposals = w.proposals()->proposals();
        const auto batch = std::find_if(proposals.begin(), proposals.end(),
                                        [](const Proposal& p) { return p.kind == ProposalKind::GlobalBatch; });
        QVERIFY(batch != proposals.end());
        QVERIFY(batch->training.globalBatch > 8);
        const std::int64_t proposed = batch->training.globalBatch;
        QSignalSpy shown(&w, &MainWindow::planShown);
        QVERIFY(w.applyProposal(int(batch - proposals.begin())).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && w.inputs()->training().globalBatch == proposed, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(w.selectedPlan() && sel(w).bubbleFraction < 0.15, 30000);
    }

    void glossaryOnF1()
    {
        MainWindow w;
        w.show();
        QAction* glossary = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text() == QStringLiteral("&Glossary"))
                glossary = a;
        QVERIFY(glossary);
        QVERIFY(glossary->shortcuts().contains(QKeySequence(Qt::Key_F1)));
        glossary->trigger();
        auto* dialog = w.findChild<GlossaryDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY(dialog->text().contains(QStringLiteral("Tokens/s")));
    }
};

QTEST_MAIN(TestMainWindowExplorer)
#include "tst_main_window_explorer.moc"
