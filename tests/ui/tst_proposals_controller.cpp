// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/proposals_controller.* and ui/proposals_panel.*, without a window: the selected plan's
// proposals arrive from a worker thread and are core's proposals for that plan; applying one shows
// the proposed plan with the numbers it predicted, undo and redo switch back and forth; a proposal
// that changes the training spec searches again first; estimates are refused with a reason; plans
// of another problem clear the undo stack.
#include "planning_fixture.h"
#include "proposal_list_model.h"
#include "proposals_controller.h"
#include "proposals_panel.h"

#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>

using namespace shardscope;
using fixture::selected;

namespace {

bool sameProposals(const std::vector<Proposal>& a, const std::vector<Proposal>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Proposal& x, const Proposal& y) {
        return x.title == y.title && x.evaluated == y.evaluated && x.config == y.config
            && x.speedup == y.speedup && x.memoryDeltaBytes == y.memoryDeltaBytes;
    });
}

} // namespace

class TestProposalsController : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theSelectedPlansProposalsArrive()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        ProposalsController proposals(&planning, &inputs);
        QSignalSpy arrived(&proposals, &ProposalsController::proposalsShown);
        fixture::setProblem(inputs);
        planning.planNow();
        // Two selections in a row: only the proposals for the plan shown last are kept.
        planning.selectRow(1);
        planning.selectRow(2);
        QTRY_VERIFY_WITH_TIMEOUT(!arrived.isEmpty() && !proposals.model()->proposals().empty(), 30000);
        QVERIFY(sameProposals(proposals.model()->proposals(),
            proposeChanges(planning.shownRequest()->problem, selected(planning))));
        // No plan: no proposals.
        planning.selectRow(-1);
        QVERIFY(proposals.model()->proposals().empty());
    }

    void applyingAProposalIsUndoable()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        ProposalsController proposals(&planning, &inputs);
        ProposalsPanel panel(&proposals);
        fixture::setProblem(inputs);
        planning.planNow();
        QTRY_VERIFY_WITH_TIMEOUT(!proposals.model()->proposals().empty(), 30000);
        const PlanEstimate before = selected(planning);
        const auto& list = proposals.model()->proposals();
        const auto applicable = std::find_if(list.begin(), list.end(), [&](const Proposal& p) {
            return p.evaluated
                && p.training.dpOverlap == inputs.training().dpOverlap; // a plan switch, not a new search
        });
        QVERIFY(applicable != list.end());
        const Proposal proposal = *applicable;
        // The panel's Apply follows the proposal selected in its list.
        QVERIFY(!panel.applyButton()->isEnabled());
        const int row
            = int(std::find_if(proposals.model()->entries().begin(), proposals.model()->entries().end(),
                      [&](const ProposalListModel::Entry& e) {
                          return e.proposal == int(applicable - list.begin());
                      })
                - proposals.model()->entries().begin());
        panel.list()->setCurrentIndex(proposals.model()->index(row));
        QVERIFY(panel.applyButton()->isEnabled());
        panel.applyButton()->click();
        // The proposed plan is on screen, with the numbers the proposal predicted.
        QVERIFY(selected(planning).config == proposal.config);
        QVERIFY(std::abs(before.time.stepSeconds / selected(planning).time.stepSeconds - proposal.speedup)
            < 1e-9 * proposal.speedup);
        QVERIFY(std::abs(
                    (selected(planning).peakMemoryBytes - before.peakMemoryBytes) - proposal.memoryDeltaBytes)
            < 1.0);
        QCOMPARE(proposals.undoStack()->count(), 1);
        QCOMPARE(proposals.undoStack()->undoText(),
            QStringLiteral("Apply \"%1\"").arg(QString::fromStdString(proposal.title.text())));
        proposals.undoStack()->undo();
        QVERIFY(selected(planning).config == before.config);
        proposals.undoStack()->redo();
        QVERIFY(selected(planning).config == proposal.config);
        // The same problem searched again keeps the history; another problem clears it.
        planning.planNow();
        QCOMPARE(proposals.undoStack()->count(), 1);
        fixture::setProblem(inputs, "llama-2-7b", 16);
        planning.planNow();
        QCOMPARE(proposals.undoStack()->count(), 0);
    }

    void aProposalThatChangesTheTrainingSearchesFirst()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        ProposalsController proposals(&planning, &inputs);
        fixture::setProblem(inputs);
        planning.planNow();
        QSignalSpy shown(&planning, &PlanningController::planShown);
        PlanChoice choice { selected(planning).config, inputs.training() };
        choice.training.globalBatch = 128; // a knob of the training spec: the plans must be searched again
        proposals.switchTo(choice);
        QCOMPARE(inputs.training().globalBatch, std::int64_t(128));
        QVERIFY(shown.wait(30000));
        QCOMPARE(planning.shownRequest()->problem.training.globalBatch, std::int64_t(128));
        QVERIFY(selected(planning).config == choice.config);
    }

    void estimatesAndNothingSelectedAreRefused()
    {
        InputPanel inputs;
        PlanningController planning(&inputs);
        ProposalsController proposals(&planning, &inputs);
        QCOMPARE(proposals.applyProposal(0), QStringLiteral("No proposal is selected."));
        fixture::setProblem(inputs);
        planning.planNow();
        QTRY_VERIFY_WITH_TIMEOUT(!proposals.model()->proposals().empty(), 30000);
        const auto& list = proposals.model()->proposals();
        QVERIFY(!proposals.applyProposal(-1).isEmpty());
        QVERIFY(!proposals.applyProposal(int(list.size())).isEmpty());
        const auto estimate
            = std::find_if(list.begin(), list.end(), [](const Proposal& p) { return !p.evaluated; });
        if (estimate != list.end())
            QVERIFY(proposals.applyProposal(int(estimate - list.begin()))
                        .contains(QStringLiteral("is an estimate")));
        QCOMPARE(proposals.undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestProposalsController)
#include "tst_proposals_controller.moc"
