// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

#include <cstdint>
#include <optional>
#include <vector>

/**
 * The plan table's sorting proxy, which can also show only a set of candidates (the explorer's rubber band):
 * a row passes when its PlanTableModel::CandidateRole is in the set. Without a set every row passes.
 */
class PlanFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    /// Candidate indices to show (any order); none: every row.
    void setCandidates(std::optional<std::vector<std::uint32_t>> candidates);
    bool isFiltered() const { return m_candidates.has_value(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::optional<std::vector<std::uint32_t>> m_candidates; ///< sorted
};
