// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "proposals/proposals.h"

#include <QAbstractListModel>
#include <QList>
#include <QString>

#include <vector>

/**
 * The proposals panel's rows for the selected plan: why it does not fit, the warnings the importer
 * and the evaluator attached, then the proposals engine's ranked changes (predicted speedup,
 * memory change, whether it fits; the rationale as tooltip). KindRole tells the row's kind,
 * ProposalRole the index into proposals() (-1 for the other rows).
 */
class ProposalListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Kind { Infeasible, Warning, Note, Proposal };
    static constexpr int KindRole = Qt::UserRole + 1;
    static constexpr int ProposalRole = Qt::UserRole + 2;

    struct Entry
    {
        Kind kind = Note;
        QString text;
        int proposal = -1;
    };

    explicit ProposalListModel(QObject* parent = nullptr);

    /// The plan's own notes; its proposals arrive later through setProposals().
    void setPlan(const shardscope::PlanEstimate& plan);
    /// Appends the ranked proposals for the plan last given to setPlan() (replacing earlier ones).
    void setProposals(std::vector<shardscope::Proposal> proposals);
    void clear();
    const QList<Entry>& entries() const { return m_entries; }
    const std::vector<shardscope::Proposal>& proposals() const { return m_proposals; }
    /// The one-line text of a proposal: "1.18x faster, -3.2 GiB per GPU: Interleave 2 model chunks ...".
    static QString describe(const shardscope::Proposal& proposal);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
    std::vector<shardscope::Proposal> m_proposals;
};
