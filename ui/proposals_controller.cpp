// SPDX-License-Identifier: GPL-3.0-or-later
#include "proposals_controller.h"

#include "message_text.h"
#include "proposals/scale_proposals.h"

#include "input_panel.h"
#include "planning_controller.h"
#include "proposal_list_model.h"

#include <QUndoCommand>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

using namespace shardscope;

namespace {

/// Apply's undo step: switches between the plan shown before and the proposed one.
class SwitchPlan : public QUndoCommand
{
public:
    SwitchPlan(ProposalsController* proposals, PlanChoice from, PlanChoice to, const QString& text)
        : QUndoCommand(text)
        , m_proposals(proposals)
        , m_from(std::move(from))
        , m_to(std::move(to))
    {
    }
    void redo() override { m_proposals->switchTo(m_to); }
    void undo() override { m_proposals->switchTo(m_from); }

private:
    ProposalsController* m_proposals;
    PlanChoice m_from, m_to;
};

} // namespace

ProposalsController::ProposalsController(PlanningController* planning, InputPanel* inputs, QObject* parent)
    : QObject(parent)
    , m_planning(planning)
    , m_inputs(inputs)
    , m_model(new ProposalListModel(this))
    , m_undo(new QUndoStack(this))
    , m_watcher(new QFutureWatcher<ProposalBatch>(this))
{
    connect(planning, &PlanningController::selectionChanged, this, &ProposalsController::selectionChanged);
    connect(planning, &PlanningController::outcomeChanged, this, [this](bool sameProblem) {
        if (!sameProblem)
            m_undo->clear(); // plans of another model or cluster: switching back to them makes no sense
    });
    connect(m_watcher, &QFutureWatcherBase::finished, this, &ProposalsController::proposalsFinished);
}

ProposalsController::~ProposalsController()
{
    m_watcher->waitForFinished();
}

void ProposalsController::selectionChanged(const PlanEstimate* plan)
{
    const quint64 generation = ++m_generation; // a running computation is for a plan no longer shown
    if (!plan) {
        m_model->clear();
        return;
    }
    m_model->setPlan(*plan);
    // Each proposal is a full re-evaluation: tens of them take milliseconds for a layer graph but
    // longer for a 100k-operator ONNX graph, so they are computed off the GUI thread.
    m_watcher->setFuture(QtConcurrent::run([request = m_planning->shownRequest(), plan = *plan, generation] {
        ProposalBatch batch { generation, {}, {} };
        try {
            batch.proposals = proposeChanges(request->problem, plan);
            // Changes to the job rather than the plan: a larger global batch where the bubble is large or the
            // batch's divisors rule out DP degrees (Apply puts the new batch in the form and searches).
            for (Proposal& p : proposeGlobalBatchChanges(request->problem, plan))
                batch.proposals.push_back(std::move(p));
        } catch (const std::exception& e) {
            batch.error = QString::fromUtf8(e.what());
        }
        return batch;
    }));
}

void ProposalsController::proposalsFinished()
{
    const ProposalBatch batch = m_watcher->result();
    if (batch.generation != m_generation) return; // for a plan no longer shown
    if (!batch.error.isEmpty()) emit statusMessage(tr("No proposals: %1").arg(batch.error));
    m_model->setProposals(batch.proposals);
    emit proposalsShown();
}

QString ProposalsController::applyProposal(int index)
{
    const auto& proposals = m_model->proposals();
    const PlanEstimate* selected = m_planning->selectedPlan();
    if (index < 0 || std::size_t(index) >= proposals.size() || !selected)
        return tr("No proposal is selected.");
    const Proposal& p = proposals[std::size_t(index)];
    if (!p.evaluated)
        return tr("\"%1\" is an estimate, not a configuration the planner can switch to.")
            .arg(messageText(p.title));
    // The training spec of what is on screen (the form may hold edits not searched yet).
    m_undo->push(
        new SwitchPlan(this, PlanChoice { selected->config, m_planning->shownRequest()->problem.training },
            PlanChoice { p.config, p.training }, tr("Apply \"%1\"").arg(messageText(p.title))));
    return {};
}

void ProposalsController::switchTo(const PlanChoice& choice)
{
    const TrainingSpec now = m_inputs->training();
    if (!(choice.training == now)) {
        // A knob of the training spec changes: search again, then select the plan.
        m_inputs->setInputs(
            m_inputs->cluster(), choice.training, m_inputs->strategy(), m_inputs->weights(), false);
        m_planning->searchAndSelect(choice.config);
        return;
    }
    m_planning->selectConfig(choice.config);
}
