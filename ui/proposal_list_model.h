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
 * and the evaluator attached, then the proposals engine's changes in two groups under a header row each:
 * "Fits and helps" (the proposed plan fits and is faster, or fits where the current plan does not), fastest
 * first, and "Other changes" (slower trade-offs and plans that do not fit). Each row says what changes with the
 * numbers that mean something for it (no memory delta for a plan that does not fit: how far over it is
 * instead); its colour and arrow say good (faster, now fits) or bad (slower, does not fit). The rationale is the
 * tooltip. KindRole tells the row's kind, GoodRole +1 good / -1 bad / 0 neutral, ProposalRole the index into
 * proposals() (-1 for the other rows).
 */
class ProposalListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Kind { Infeasible, Warning, Note, Proposal, Header };
    static constexpr int KindRole = Qt::UserRole + 1;
    static constexpr int ProposalRole = Qt::UserRole + 2;
    static constexpr int GoodRole = Qt::UserRole + 3;

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
    /// The one-line text of a proposal: "Interleave 2 model chunks per GPU (vpp 2): 1.18x faster, -3.2 GiB per GPU".
    static QString describe(const shardscope::Proposal& proposal);
    /// Whether the proposal helps: it fits and is faster (by more than 0.5 %), or it fits where `currentFits` is false.
    static bool helps(const shardscope::Proposal& proposal, bool currentFits);
    /// +1 good (helps), -1 bad (slower by more than 0.5 %, or does not fit), 0 neither.
    static int goodness(const shardscope::Proposal& proposal, bool currentFits);

    int rowCount(const QModelIndex& parent = {}) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
    std::vector<shardscope::Proposal> m_proposals;
    bool m_currentFits = true;
};
