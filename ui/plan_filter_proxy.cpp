// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_filter_proxy.h"

#include "plan_table_model.h"

#include <algorithm>

void PlanFilterProxy::setCandidates(std::optional<std::vector<std::uint32_t>> candidates)
{
    if (candidates)
        std::sort(candidates->begin(), candidates->end());
    m_candidates = std::move(candidates);
    invalidateFilter();
}

bool PlanFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_candidates)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto candidate = std::uint32_t(index.data(PlanTableModel::CandidateRole).toULongLong());
    return std::binary_search(m_candidates->begin(), m_candidates->end(), candidate);
}
