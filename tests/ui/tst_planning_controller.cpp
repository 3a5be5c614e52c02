// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/planning_controller.*, without a window: a search's best plan is selected; a row beyond
// the fully evaluated top plans is evaluated on selection; a weight change re-ranks without a
// search, in the order core's ranking gives, keeping a plan the user picked; a candidate selects
// everywhere, with or without a row; unusable inputs raise an error; the worker's searches can be
// cancelled; a new result says whether it plans the same problem.
#include "partition/plan_ranking.h"
#include "planning_fixture.h"
#include "util/input_error.h"

#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>
#include <algorithm>

using namespace shardscope;
using fixture::rowPlan;
using fixture::selected;

Q_DECLARE_METATYPE(const shardscope::PlanEstimate*)

class TestPlanningController : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void aSearchSelectsTheBestPlan()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        QSignalSpy selections(&planning, &PlanningController::selectionChanged);
        QSignalSpy outcomes(&planning, &PlanningController::outcomeChanged);
        QSignalSpy shown(&planning, &PlanningController::planShown);
        QSignalSpy status(&planning, &PlanningController::statusMessage);
        fixture::setProblem(inputs);
        planning.planNow();
        QVERIFY(planning.outcome());
        QCOMPARE(shown.count(), 1);
        QCOMPARE(outcomes.count(), 1);
        QCOMPARE(outcomes.front().front().toBool(), true); // nothing was shown before
        // The best plan (rank 1) is selected and announced once; the signal carries the selected plan.
        QVERIFY(selected(planning).config == planning.outcome()->top.front().config);
        QCOMPARE(selections.count(), 1);
        QCOMPARE(selections.front().front().value<const PlanEstimate*>(), planning.selectedPlan());
        QCOMPARE(planning.selectionModel()->currentIndex().row(), 0);
        // The status counts every candidate and those that fit.
        const SearchResult& s = planning.outcome()->search;
        QVERIFY(s.candidates.size() > 1000 && s.feasibleCount > 0);
        const QString last = status.back().front().toString();
        QVERIFY2(last.startsWith(QLocale().toString(qulonglong(s.candidates.size()))
                     + QStringLiteral(" plans evaluated in "))
                && last.endsWith(QStringLiteral("; ") + QLocale().toString(qulonglong(s.feasibleCount))
                    + QStringLiteral(" fit in memory")),
            qPrintable(last));
        QCOMPARE(planning.shownRequest()->problem.cluster.totalGpus(), 8);
        QCOMPARE(planning.shownRequest()->topCount, PlanningController::kTopCount);
    }

    void aRowIsEvaluatedWhenSelected_data()
    {
        QTest::addColumn<int>("row");
        QTest::newRow("best") << 0;
        QTest::newRow("in the top") << 5;
        QTest::newRow("beyond the top") << PlanningController::kTopCount + 2; // evaluated on selection
    }
    void aRowIsEvaluatedWhenSelected()
    {
        QFETCH(int, row);
        fixture::Planned p;
        p.planning.selectRow(row);
        const PlanSummary& summary = rowPlan(p.planning, row);
        QVERIFY(selected(p.planning).config == summary.config);
        QCOMPARE(selected(p.planning).peakMemoryBytes, summary.peakMemoryBytes);
        QCOMPARE(selected(p.planning).time.stepSeconds, summary.stepSeconds);
        QVERIFY(!selected(p.planning).stages.empty()); // in full: stages and devices
        QCOMPARE(p.planning.selectionModel()->currentIndex().row(), row);
    }

    void aWeightChangeReranksWithoutSearching()
    {
        fixture::Planned p;
        QSignalSpy searches(p.planning.worker(), &PlannerWorker::searchStarted);
        QSignalSpy shown(&p.planning, &PlanningController::planShown);
        // Memory weight to the maximum, compute and communication to zero: the roomiest plan should lead.
        int changes = 0;
        for (const auto& [slider, value] : { std::pair { 0, 100 }, std::pair { 1, 0 }, std::pair { 2, 0 } }) {
            changes += p.inputs.weightSlider(slider)->value() != value;
            p.inputs.weightSlider(slider)->setValue(value);
        }
        QVERIFY(changes >= 2);
        QCOMPARE(shown.count(), changes); // re-ranked at once, synchronously, per change
        QVERIFY(!p.planning.worker()->isBusy());
        QCOMPARE(searches.count(), 0);
        QCOMPARE(p.planning.shownRequest()->weights, (ScoreWeights { 1.0, 0.0, 0.0 }));
        // Independent ranking of the same candidates with core's functions.
        std::vector<PlanSummary> plans = p.planning.outcome()->search.candidates;
        scorePlans(plans, ScoreWeights { 1.0, 0.0, 0.0 });
        std::vector<std::uint32_t> order = rankPlans(plans, Strategy::Exhaustive, 8);
        collapseEquivalents(plans, order);
        for (int row = 0; row < 5; ++row)
            QVERIFY(rowPlan(p.planning, row).config == plans[order[std::size_t(row)]].config);
        // The fullest GPU of the new first plan has at least as much headroom as every feasible plan's.
        double bestPeak = 1e300;
        for (const PlanSummary& plan : plans)
            if (plan.feasible) bestPeak = std::min(bestPeak, plan.peakMemoryBytes / plan.capacityBytes);
        const PlanSummary& first = rowPlan(p.planning, 0);
        QVERIFY(first.peakMemoryBytes / first.capacityBytes <= bestPeak + 1e-12);
        // The first row was selected, so the views follow the new best plan.
        QVERIFY(selected(p.planning).config == first.config);
        QVERIFY(p.planning.lastRerankMs() > 0);
    }

    void aPickedPlanStaysSelectedWhenTheRankingChanges()
    {
        fixture::Planned p;
        p.planning.selectRow(7);
        const ParallelConfig picked = selected(p.planning).config;
        p.inputs.weightSlider(0)->setValue(100); // memory counts now: the order changes
        QVERIFY(!(rowPlan(p.planning, 7).config == picked));
        QVERIFY(selected(p.planning).config == picked);
        QVERIFY(rowPlan(p.planning, p.planning.selectionModel()->currentIndex().row()).config == picked);
    }

    void aCandidateIsSelectedEverywhere()
    {
        fixture::Planned p;
        const PlanningOutcome& outcome = *p.planning.outcome();
        QSignalSpy selections(&p.planning, &PlanningController::selectionChanged);
        QSignalSpy infeasible(&p.planning, &PlanningController::showInfeasibleChanged);
        // A feasible candidate: its row becomes current.
        const std::uint32_t feasible = outcome.order[3];
        p.planning.selectCandidate(int(feasible));
        QVERIFY(selected(p.planning).config == outcome.search.candidates[feasible].config);
        QCOMPARE(p.planning.selectionModel()->currentIndex().row(), 3);
        QCOMPARE(p.planning.selectedCandidate(), int(feasible));
        QCOMPARE(selections.count(), 1);
        QCOMPARE(infeasible.count(), 0);
        // One that does not fit: the plans that do not fit are listed, and it is selected with its reason.
        const auto it = std::find_if(outcome.order.begin(), outcome.order.end(),
            [&](std::uint32_t c) { return !outcome.search.candidates[c].feasible; });
        QVERIFY(it != outcome.order.end());
        p.planning.selectCandidate(int(*it));
        QCOMPARE(infeasible.count(), 1);
        QVERIFY(p.planning.showInfeasible());
        QVERIFY(!selected(p.planning).feasible);
        QVERIFY(selected(p.planning).config == outcome.search.candidates[*it].config);
        QCOMPARE(p.planning.selectionModel()->currentIndex().row(), int(it - outcome.order.begin()));
        QCOMPARE(p.planning.selectedCandidate(), int(*it));
        // Out of range: nothing happens.
        const int before = int(selections.count());
        p.planning.selectCandidate(-1);
        p.planning.selectCandidate(int(outcome.search.candidates.size()));
        QCOMPARE(selections.count(), before);
    }

    void aPlanOutsideTheSearchIsShownWithoutARow()
    {
        // GPipe is searched only when pinned: a pipelined plan switched to GPipe is no candidate.
        fixture::Planned p;
        const PlanningOutcome& outcome = *p.planning.outcome();
        const auto pipelined = std::find_if(outcome.order.begin(), outcome.order.end(), [&](std::uint32_t c) {
            const PlanSummary& s = outcome.search.candidates[c];
            return s.feasible && s.config.pp > 1 && s.config.vpp == 1;
        });
        QVERIFY(pipelined != outcome.order.end());
        ParallelConfig gpipe = outcome.search.candidates[*pipelined].config;
        gpipe.schedule = Schedule::GPipe;
        QVERIFY(std::none_of(outcome.search.candidates.begin(), outcome.search.candidates.end(),
            [&](const PlanSummary& s) { return s.config == gpipe; }));
        p.planning.selectConfig(gpipe);
        QVERIFY(selected(p.planning).config == gpipe);
        QVERIFY(!p.planning.selectionModel()->currentIndex().isValid());
        QCOMPARE(p.planning.selectedCandidate(), -1);
        QCOMPARE(
            selected(p.planning).time.stepSeconds, p.planning.evaluator()->evaluate(gpipe).time.stepSeconds);
    }

    void aWantedPlanIsSelectedByTheNextResult()
    {
        fixture::Planned p;
        const ParallelConfig wanted = rowPlan(p.planning, 4).config;
        p.planning.setWantedSelection(wanted);
        p.planning.planNow();
        QVERIFY(selected(p.planning).config == wanted);
        QCOMPARE(p.planning.selectionModel()->currentIndex().row(), 4);
    }

    void listingThePlansThatDoNotFitKeepsTheSelection()
    {
        fixture::Planned p;
        p.planning.selectRow(3);
        const ParallelConfig picked = selected(p.planning).config;
        const int feasibleRows = p.planning.proxy()->rowCount();
        QSignalSpy changed(&p.planning, &PlanningController::showInfeasibleChanged);
        p.planning.setShowInfeasible(true);
        p.planning.setShowInfeasible(true); // no change, no signal
        QCOMPARE(changed.count(), 1);
        QCOMPARE(p.planning.proxy()->rowCount(), int(p.planning.outcome()->order.size()));
        QVERIFY(p.planning.proxy()->rowCount() > feasibleRows);
        QVERIFY(selected(p.planning).config == picked);
    }

    void nothingFits()
    {
        // Llama-3-70B on 8 GPUs at sequence 8192: every candidate exceeds the memory.
        InputPanel inputs;
        PlanningController planning(&inputs);
        QSignalSpy selections(&planning, &PlanningController::selectionChanged);
        fixture::setProblem(inputs, "llama-3-70b", 8, 8192, 64);
        planning.planNow();
        QCOMPARE(planning.outcome()->search.feasibleCount, std::size_t(0));
        QCOMPARE(planning.proxy()->rowCount(), 0);
        QVERIFY(!planning.selectedPlan());
        QVERIFY(!selections.isEmpty());
        QCOMPARE(selections.back().front().value<const PlanEstimate*>(), nullptr);
    }

    void unusableInputsRaiseAnError()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        fixture::setProblem(inputs);
        TrainingSpec training = inputs.training();
        training.dpOverlap = 2.0; // a fraction of the DP communication: at most 1
        inputs.setInputs(inputs.cluster(), training, inputs.strategy(), inputs.weights(), false);
        QVERIFY_THROWS_EXCEPTION(InputError, planning.currentRequest());
        QSignalSpy errors(&planning, &PlanningController::errorRaised);
        QSignalSpy ended(&planning, &PlanningController::searchEnded);
        QSignalSpy status(&planning, &PlanningController::statusMessage);
        planning.requestSearch();
        QCOMPARE(errors.count(), 1);
        QVERIFY2(errors.front().front().toString().contains(QStringLiteral("dp_overlap")),
            qPrintable(errors.front().front().toString()));
        QCOMPARE(ended.count(), 1);
        QVERIFY(!planning.worker()->isBusy());
        planning.planNow();
        QCOMPARE(errors.count(), 2);
        QCOMPARE(status.back().front().toString(), QStringLiteral("No plan: the inputs are not usable."));
        QVERIFY(!planning.outcome());
    }

    void theWorkerSearchesAndCanBeCancelled()
    {
        fixture::Planned p;
        QSignalSpy started(&p.planning, &PlanningController::searchStarted);
        QSignalSpy ended(&p.planning, &PlanningController::searchEnded);
        QSignalSpy shown(&p.planning, &PlanningController::planShown);
        QSignalSpy outcomes(&p.planning, &PlanningController::outcomeChanged);
        QSignalSpy status(&p.planning, &PlanningController::statusMessage);
        QVERIFY(!p.planning.cancelSearch()); // nothing runs: nothing changes
        QCOMPARE(status.count(), 0);
        p.inputs.nodesBox()->setValue(2); // 16 GPUs: another problem, searched on the worker
        QVERIFY(shown.wait(30000));
        QCOMPARE(started.count(), 1);
        QVERIFY(ended.count() >= 1);
        QCOMPARE(p.planning.outcome()->search.candidates.front().config.worldSize(), 16);
        QCOMPARE(outcomes.back().front().toBool(), false); // another cluster size
        p.planning.searchNow(); // the same problem again, at once
        QVERIFY(p.planning.worker()->isBusy());
        QVERIFY(p.planning.cancelSearch());
        QCOMPARE(status.back().front().toString(), QStringLiteral("Search cancelled."));
        QTRY_VERIFY(!p.planning.worker()->isBusy()); // the cancelled search stops at its next progress report
        p.planning.searchNow();
        QVERIFY(shown.wait(30000));
        QCOMPARE(outcomes.back().front().toBool(), true);
        QCOMPARE(p.planning.worker()->debounceInterval(), 150); // searchNow puts the debounce back
    }
};

QTEST_MAIN(TestPlanningController)
#include "tst_planning_controller.moc"
