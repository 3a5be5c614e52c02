// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>
#include <cstdint>
#include <span>
#include <vector>

/// What colours the plan explorer's points: one parallelism knob of each plan.
enum class ExplorerColouring
{
    Tp,
    Pp,
    Cp,
    Ep, ///< expert parallelism, with expert tensor parallelism when a plan has it ("EP 8 x ETP 2")
    Zero,
    Recompute,
    Schedule,
};
constexpr int kExplorerColouringCount = 7;

/// The distinct values of one knob over a set of plans, in increasing order, each a category with a colour. Beyond
/// kMaxCategories values (a DeepSeek-V3 search has 62 EP x ETP pairs) the kMaxCategories - 1 most common keep their
/// own colour and the rest share a last, grey "other" category.
class ExplorerCategories
{
    Q_DECLARE_TR_FUNCTIONS(ExplorerCategories)
public:
    ExplorerCategories() = default;
    /// The categories of `plans` under `colouring`; categoryOf(i) for each plan in the same order.
    ExplorerCategories(ExplorerColouring colouring, std::span<const shardscope::PlanSummary> plans);

    /// The most categories drawn in their own colours (Tableau 10's).
    static constexpr int kMaxCategories = 10;

    ExplorerColouring colouring() const { return m_colouring; }
    /// Whether the last category is "other": the values beyond the most common.
    bool hasOther() const { return m_otherValues > 0; }
    int count() const { return int(m_keys.size()) + (m_otherValues > 0 ? 1 : 0); }
    /// The category of plans[i].
    std::uint16_t categoryOf(std::size_t i) const { return m_ofPlan[i]; }
    /// "TP 8", "ZeRO 1", "Recompute: selective", "1f1b" for category `c`.
    QString label(int c) const;
    /// Category `c`'s colour on `palette` (10 qualitative colours that read on light and dark backgrounds;
    /// more categories get evenly spaced hues).
    QColor colour(int c, const QPalette& palette) const;

    /// "TP", "PP", ... (the combo box's items and the legend's heading).
    static QString name(ExplorerColouring colouring);
    /// The knob's value in `plan` as an orderable key.
    static int key(ExplorerColouring colouring, const shardscope::PlanSummary& plan);

private:
    ExplorerColouring m_colouring = ExplorerColouring::Tp;
    std::vector<int> m_keys; ///< sorted distinct keys
    std::vector<std::uint16_t> m_ofPlan; ///< category of each plan
    int m_otherValues = 0; ///< the distinct values in the "other" category (0: none)
};
