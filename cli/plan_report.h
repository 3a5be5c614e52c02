// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/training_budget.h"
#include "partition/planner.h"

#include <QCoreApplication>
#include <QString>

class QTextStream;

/// The human-readable output of `shardscope plan`: summary, ranked table, best plan in detail.
class PlanReport
{
    Q_DECLARE_TR_FUNCTIONS(PlanReport)
public:
    static void printInputs(QTextStream& out, const shardscope::PlanningProblem& problem);
    /// The "Model ..." line of printInputs: name, format, size, layers and blocks.
    static void printModel(QTextStream& out, const shardscope::ModelGraph& model);
    /// "  training on 15.00 T tokens: 54.3 days, 21.4 M GPU-hours on 16384 GPUs, cost ..." (nothing for a
    /// plan without throughput).
    static void printTrainingTime(QTextStream& out, const shardscope::TrainingBudget& budget,
                                  const shardscope::PlanEstimate& plan);
    /// The ranked table, then (when a plan fits) one line with the cost model's measured error on
    /// `calibration`'s GPU family, which every step time, tokens/s and MFU in the table carries.
    /// With a budget, each row ends with the days and GPU-hours the tokens take (and the cost, with a price).
    static void printRanking(QTextStream& out, const shardscope::PlanningOutcome& outcome, int top,
                             const shardscope::CalibrationInfo& calibration,
                             const std::optional<shardscope::TrainingBudget>& budget = std::nullopt);
    /// The budget's line under the inputs: "Budget   15.0 T tokens, 2.5 per GPU-hour".
    static void printBudget(QTextStream& out, const shardscope::TrainingBudget& budget);
    /// A plan's layout as the ranked table's columns (tp cp pp dp ep vpp mb zero recompute sp schedule
    /// overlap), and their header.
    static QString configColumns(const shardscope::ParallelConfig& config);
    static QString configHeader();
    /// The budget columns' header ("      days   GPU-hours", "        cost" with a price) and a plan's
    /// values under it ("-" where the plan has no throughput).
    static QString budgetHeader(const shardscope::TrainingBudget& budget);
    static QString budgetColumns(const shardscope::TrainingBudget& budget, const std::optional<shardscope::TrainingTime>& time);
    static void printDetails(QTextStream& out, const shardscope::PlanningProblem& problem, const shardscope::PlanEstimate& plan);
    static void printInfeasible(QTextStream& out, const shardscope::PlanningOutcome& outcome, int count);
    /// The ranked proposals (shardscope::proposeChanges) for `plan`, at most `count`.
    static void printProposals(QTextStream& out, const shardscope::PlanningProblem& problem,
                               const shardscope::PlanEstimate& plan, int count);
};
