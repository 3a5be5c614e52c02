// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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
    /// The ranked table, then (when a plan fits) one line with the cost model's measured error on
    /// `calibration`'s GPU family, which every step time, tokens/s and MFU in the table carries.
    static void printRanking(QTextStream& out, const shardscope::PlanningOutcome& outcome, int top,
                             const shardscope::CalibrationInfo& calibration);
    static void printDetails(QTextStream& out, const shardscope::PlanningProblem& problem, const shardscope::PlanEstimate& plan);
    static void printInfeasible(QTextStream& out, const shardscope::PlanningOutcome& outcome, int count);
    /// The ranked proposals (shardscope::proposeChanges) for `plan`, at most `count`.
    static void printProposals(QTextStream& out, const shardscope::PlanningProblem& problem,
                               const shardscope::PlanEstimate& plan, int count);
};
