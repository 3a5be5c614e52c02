// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/training_budget.h"
#include "partition/planner.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>

/**
 * The ranked plans of one search as a table: one row per candidate in rank order (feasible plans
 * first, then those that do not fit, with their reason). Display text is formatted; SortRole
 * holds the raw number so a QSortFilterProxyModel sorts numerically.
 */
class PlanTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The layout degrees, then the numbers people rank by (kept in view on narrow screens), then the
    // settings that rarely decide, then the status.
    enum Column {
        Rank,
        Tp,
        Cp,
        Ep, ///< expert parallelism ("EP x ETP"); shown for mixture-of-experts models only
        Pp,
        Dp,
        Vpp,
        MicroBatch,
        Schedule,     ///< the pipeline schedule (1F1B, interleaved, ZB-H1, ...): kept in view at the default width
        MemoryPerGpu,
        StepTime,
        TokensPerSecond,
        Mfu,
        Bubble,
        Score,
        TrainingDays, ///< days to train the token budget; shown when a budget is set
        GpuHours,     ///< GPU-hours for the budget; shown when a budget is set
        Cost,         ///< GPU-hours x the price; shown when the budget has a price
        Zero,
        Recompute,
        SequenceParallel,
        TpCommOverlap,
        PpCommOverlap,
        EpCommOverlap, ///< MoE all-to-alls overlapped across micro-batches; shown for mixture-of-experts models only
        Status,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int CandidateRole = Qt::UserRole + 2; ///< index into outcome->search.candidates

    explicit PlanTableModel(QObject* parent = nullptr);

    void setOutcome(std::shared_ptr<const shardscope::PlanningOutcome> outcome);
    const std::shared_ptr<const shardscope::PlanningOutcome>& outcome() const { return m_outcome; }
    /// The calibration of the planned cluster's GPU: the step time, tokens/s and MFU headers' tooltips
    /// state the cost model's measured error on its family.
    void setCalibration(const shardscope::CalibrationInfo& calibration);
    /// "14.70 s ± 5 %": what follows a predicted step time (the error, or "(uncalibrated)").
    static QString errorText(const shardscope::CalibrationInfo& calibration);
    /// "Predicted step time, tokens/s and MFU: ± 5 % (9 calibration runs, H100), ..." (describe()).
    static QString errorToolTip(const shardscope::CalibrationInfo& calibration);
    /// Whether the planned model has routed experts: the EP and EP overlap columns apply only then (off by default).
    void setMixtureOfExperts(bool moe);
    bool mixtureOfExperts() const { return m_moe; }
    /// Whether a view should show `column`: every column but EP and EP overlap always, those two for
    /// mixture-of-experts models. The columns stay in place (their numbers are the Column values); views hide the
    /// ones not shown.
    bool isColumnShown(int column) const
    {
        if (column == Ep || column == EpCommOverlap)
            return m_moe;
        if (column == TrainingDays || column == GpuHours)
            return m_budget.has_value();
        if (column == Cost)
            return m_budget && m_budget->gpuHourPrice;
        return true;
    }
    /// The token budget (and price per GPU-hour) of the days, GPU-hours and cost columns; none hides them.
    void setBudget(const std::optional<shardscope::TrainingBudget>& budget);
    const std::optional<shardscope::TrainingBudget>& budget() const { return m_budget; }
    /// "Score 0.912 = throughput 0.95 x weight 0.80 + headroom ... ": the score's parts for `row`.
    QString scoreExplanation(int row) const;
    /// Why the plan in `row` is ranked where it is, in one line (the strategy's rule with the plan's numbers,
    /// and how it compares with the fastest plan that fits).
    QString rankExplanation(int row) const;
    /// The row of the fastest plan that fits (marked in the table), or -1.
    int fastestRow() const;
    /// How many equivalent plans (settings without effect, identical numbers) `row` stands for.
    int equivalentCount(int row) const;
    /// The row of the first plan of `row`'s tie group (plan_ties.h), and how many plans the group has (1: no tie).
    int tieGroupFirstRow(int row) const;
    int tieGroupSize(int row) const;
    /// Plans that do not fit are listed after the others when shown (off by default).
    void setShowInfeasible(bool show);
    bool showInfeasible() const { return m_showInfeasible; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The candidate shown in `row`, or nullptr.
    const shardscope::PlanSummary* plan(int row) const;

private:
    QVariant display(const shardscope::PlanSummary& p, int row, int column) const;
    QVariant sortValue(const shardscope::PlanSummary& p, int row, int column) const;

    std::shared_ptr<const shardscope::PlanningOutcome> m_outcome;
    std::optional<shardscope::CalibrationInfo> m_calibration;
    int m_fastestRow = -1; ///< cached by setOutcome
    std::optional<shardscope::TrainingBudget> m_budget;
    bool m_showInfeasible = false;
    bool m_moe = false;
};
