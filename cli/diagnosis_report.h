// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "partition/planner.h"

#include <QCoreApplication>
#include <QString>

class QTextStream;

/**
 * `shardscope plan`'s explanations (core/partition/search_diagnosis.h): when nothing passes the rules or
 * fits, which rule or limit stopped the search, with its numbers, the pins that would work and the smallest
 * cluster that fits ("use N GPUs"); when a plan fits, the warnings on it (a pipeline bubble over 15 %, a
 * global batch that rules out DP degrees) with the proposals that raise the global batch.
 */
class DiagnosisReport
{
    Q_DECLARE_TR_FUNCTIONS(DiagnosisReport)
public:
    /// After the ranking when no plan fits: diagnoseSearch's findings and the cluster sweep's proposal.
    static void printDeadEnds(QTextStream& out, const shardscope::PlanningProblem& problem,
        const shardscope::PlanningOutcome& outcome);
    /// After the best plan's details: planWarnings and batchDivisorFinding, and proposeGlobalBatchChanges
    /// when either fires. Prints nothing when there is nothing to warn about.
    static void printWarnings(
        QTextStream& out, const shardscope::PlanningProblem& problem, const shardscope::PlanEstimate& best);
};
