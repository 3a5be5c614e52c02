// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "proposals/proposals.h"

#include <QFutureWatcher>
#include <QObject>

class InputPanel;
class PlanningController;
class ProposalListModel;
class QUndoStack;

/// Proposals for one selected plan, computed off the GUI thread.
struct ProposalBatch
{
    quint64 generation = 0;
    std::vector<shardscope::Proposal> proposals;
    QString error;
};

/// A plan to show: its configuration and the training spec it needs (what Apply and Undo switch between).
struct PlanChoice
{
    shardscope::ParallelConfig config;
    shardscope::TrainingSpec training;
};

/**
 * The selected plan's ranked proposals and switching to them. Each selection fills the list model
 * with the plan's own notes at once and computes the proposals (each a full re-evaluation: long for a
 * 100k-operator ONNX graph) off the GUI thread; a result for a plan no longer shown is dropped.
 * applyProposal() switches to a proposed plan through the undo stack; undo switches back.
 */
class ProposalsController : public QObject
{
    Q_OBJECT
public:
    ProposalsController(PlanningController* planning, InputPanel* inputs, QObject* parent = nullptr);
    ~ProposalsController() override; ///< waits for a running computation

    ProposalListModel* model() const { return m_model; }
    QUndoStack* undoStack() const { return m_undo; }

    /// Switches to the selected plan's proposal `index` (ProposalListModel::proposals()); undoable.
    /// Returns an error message when it cannot be applied (an estimate, not a configuration).
    QString applyProposal(int index);
    /// Shows `choice`: selects its row, or searches again first when its training spec differs.
    void switchTo(const PlanChoice& choice);

signals:
    /// The proposals for the selected plan are in the model.
    void proposalsShown();
    void statusMessage(const QString& text);

private:
    void selectionChanged(const shardscope::PlanEstimate* plan);
    void proposalsFinished();

    PlanningController* m_planning;
    InputPanel* m_inputs;
    ProposalListModel* m_model;
    QUndoStack* m_undo;
    QFutureWatcher<ProposalBatch>* m_watcher;
    quint64 m_generation = 0;
};
