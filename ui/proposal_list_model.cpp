// SPDX-License-Identifier: GPL-3.0-or-later
#include "proposal_list_model.h"

#include <QApplication>
#include <QStyle>

ProposalListModel::ProposalListModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ProposalListModel::setPlan(const shardscope::PlanEstimate& plan)
{
    beginResetModel();
    m_entries.clear();
    if (!plan.feasible)
        m_entries.append({ Infeasible, tr("Does not fit: %1").arg(QString::fromStdString(plan.infeasibleReason)) });
    for (const std::string& w : plan.warnings)
        m_entries.append({ Warning, QString::fromStdString(w) });
    if (m_entries.isEmpty())
        m_entries.append({ Note, tr("No warnings for this plan. Ranked proposals (what to change and what it gains) "
                                    "come with the proposals engine.") });
    endResetModel();
}

void ProposalListModel::clear()
{
    beginResetModel();
    m_entries.clear();
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
    case Qt::ToolTipRole:
        return e.text;
    case KindRole:
        return int(e.kind);
    case Qt::DecorationRole: {
        if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
            return {};
        const QStyle::StandardPixmap icon = e.kind == Infeasible ? QStyle::SP_MessageBoxCritical
            : e.kind == Warning                                  ? QStyle::SP_MessageBoxWarning
                                                                 : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    default:
        return {};
    }
}
