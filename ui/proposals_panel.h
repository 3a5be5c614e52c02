// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class ProposalsController;
class QLabel;
class QListView;
class QPushButton;

/**
 * The notes and proposals dock: the selected plan's notes and ranked proposals, the rationale of the
 * one selected, and Apply (a double click or Enter applies too). A proposal that is an estimate, not a
 * configuration, cannot be applied.
 */
class ProposalsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ProposalsPanel(ProposalsController* proposals, QWidget* parent = nullptr);

    QListView* list() const { return m_list; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* undoButton() const { return m_undo; } ///< beside Apply: undoes the last applied proposal

signals:
    /// Why a proposal could not be applied.
    void statusMessage(const QString& text);

private:
    void apply(int proposal);
    void updateApplyButton();

    ProposalsController* m_proposals;
    QListView* m_list;
    QLabel* m_rationale;
    QPushButton* m_apply;
    QPushButton* m_undo;
};
