// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <QAbstractListModel>
#include <QList>
#include <QString>

/**
 * The proposals panel's rows for the selected plan. Until the proposals engine lands (issue 5)
 * these are the plan's own findings: why it does not fit, and the warnings the importer and the
 * evaluator attached. Each row has a kind (DisplayRole text, DecorationRole icon, KindRole).
 */
class ProposalListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Kind { Infeasible, Warning, Note };
    static constexpr int KindRole = Qt::UserRole + 1;

    struct Entry
    {
        Kind kind = Note;
        QString text;
    };

    explicit ProposalListModel(QObject* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan);
    void clear();
    const QList<Entry>& entries() const { return m_entries; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QList<Entry> m_entries;
};
