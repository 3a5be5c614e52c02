// SPDX-License-Identifier: GPL-3.0-or-later
#include "proposal_list_model.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>

#include <cmath>

ProposalListModel::ProposalListModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ProposalListModel::setPlan(const shardscope::PlanEstimate& plan)
{
    beginResetModel();
    m_entries.clear();
    m_proposals.clear();
    if (!plan.feasible)
        m_entries.append({ Infeasible, tr("Does not fit: %1").arg(QString::fromStdString(plan.infeasibleReason)) });
    for (const std::string& w : plan.warnings)
        m_entries.append({ Warning, QString::fromStdString(w) });
    endResetModel();
}

void ProposalListModel::setProposals(std::vector<shardscope::Proposal> proposals)
{
    beginResetModel();
    m_entries.erase(std::remove_if(m_entries.begin(), m_entries.end(), [](const Entry& e) { return e.kind == Proposal || e.kind == Note; }),
                    m_entries.end());
    m_proposals = std::move(proposals);
    for (std::size_t i = 0; i < m_proposals.size(); ++i)
        m_entries.append({ Proposal, describe(m_proposals[i]), int(i) });
    if (m_proposals.empty())
        m_entries.append({ Note, tr("No change to this plan is predicted to help: it is the best the cost model finds nearby.") });
    endResetModel();
}

QString ProposalListModel::describe(const shardscope::Proposal& p)
{
    const QLocale locale;
    const double gib = p.memoryDeltaBytes / (1024.0 * 1024 * 1024);
    QString memory = std::abs(gib) < 0.05 ? tr("same memory")
                                          : tr("%1%2 GiB per GPU").arg(gib > 0 ? QStringLiteral("+") : QString(), locale.toString(gib, 'f', 1));
    QString text = tr("%1x, %2: %3").arg(locale.toString(p.speedup, 'f', 2), memory, QString::fromStdString(p.title));
    if (!p.feasible)
        text += tr(" (does not fit)");
    if (!p.evaluated)
        text += tr(" (estimate)");
    return text;
}

void ProposalListModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_proposals.clear();
    endResetModel();
}

int ProposalListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ProposalListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_entries[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return e.text;
    case Qt::ToolTipRole:
        return e.proposal >= 0 ? QString::fromStdString(m_proposals[std::size_t(e.proposal)].rationale) : e.text;
    case KindRole:
        return int(e.kind);
    case ProposalRole:
        return e.proposal;
    case Qt::DecorationRole: {
        if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
            return {};
        QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
        if (e.kind == Infeasible)
            icon = QStyle::SP_MessageBoxCritical;
        else if (e.kind == Warning)
            icon = QStyle::SP_MessageBoxWarning;
        else if (e.kind == Proposal)
            icon = m_proposals[std::size_t(e.proposal)].speedup > 1 ? QStyle::SP_ArrowUp : QStyle::SP_ArrowDown;
        return QApplication::style()->standardIcon(icon);
    }
    default:
        return {};
    }
}
