// SPDX-License-Identifier: GPL-3.0-or-later
#include "proposals_panel.h"

#include "message_text.h"
#include "proposal_list_model.h"
#include "proposals_controller.h"

#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QHBoxLayout>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace shardscope;

ProposalsPanel::ProposalsPanel(ProposalsController* proposals, QWidget* parent)
    : QWidget(parent)
    , m_proposals(proposals)
    , m_list(new QListView)
    , m_rationale(new QLabel)
    , m_apply(new QPushButton(tr("&Apply proposal")))
    , m_undo(new QPushButton(tr("&Undo")))
{
    m_list->setModel(proposals->model());
    m_list->setWordWrap(true);
    m_list->setUniformItemSizes(false);
    m_list->setToolTip(tr("Changes to the selected plan, each re-evaluated with the cost model and ranked by "
                          "predicted speedup; select one to read why."));
    m_rationale->setWordWrap(true);
    m_rationale->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_apply->setToolTip(tr("Switch to the proposed plan (Undo goes back)."));
    m_apply->setEnabled(false);
    // Undo beside Apply: the same stack as Edit > Undo.
    QUndoStack* stack = proposals->undoStack();
    m_undo->setEnabled(stack->canUndo());
    connect(stack, &QUndoStack::canUndoChanged, m_undo, &QPushButton::setEnabled);
    connect(stack, &QUndoStack::undoTextChanged, m_undo, [this](const QString& text) {
        m_undo->setToolTip(text.isEmpty() ? tr("Nothing to undo") : tr("Undo %1").arg(text));
    });
    connect(m_undo, &QPushButton::clicked, stack, &QUndoStack::undo);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
        &ProposalsPanel::updateApplyButton);
    connect(proposals->model(), &QAbstractItemModel::modelReset, this, &ProposalsPanel::updateApplyButton);
    connect(m_list, &QListView::activated, this, [this](const QModelIndex& index) {
        if (const int p = index.data(ProposalListModel::ProposalRole).toInt(); p >= 0) apply(p);
    });
    connect(m_apply, &QPushButton::clicked, this,
        [this] { apply(m_list->currentIndex().data(ProposalListModel::ProposalRole).toInt()); });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 3);
    layout->addWidget(m_rationale, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_apply, 1);
    buttons->addWidget(m_undo);
    layout->addLayout(buttons);
}

void ProposalsPanel::apply(int proposal)
{
    if (const QString error = m_proposals->applyProposal(proposal); !error.isEmpty())
        emit statusMessage(error);
}

void ProposalsPanel::updateApplyButton()
{
    const QModelIndex current = m_list->currentIndex();
    const int p = current.isValid() ? current.data(ProposalListModel::ProposalRole).toInt() : -1;
    const auto& proposals = m_proposals->model()->proposals();
    if (p < 0 || std::size_t(p) >= proposals.size()) {
        m_apply->setEnabled(false);
        m_rationale->setText(current.isValid() ? current.data(Qt::ToolTipRole).toString() : QString());
        return;
    }
    const Proposal& proposal = proposals[std::size_t(p)];
    m_rationale->setText(messageText(proposal.rationale));
    m_apply->setEnabled(proposal.evaluated);
}
