// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "cost/training_budget.h"
#include "partition/strategy.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

/// What `shardscope plan` was asked to do, parsed and validated.
struct PlanOptions
{
    QString modelArgument;
    shardscope::PlanningProblem problem;
    shardscope::Strategy strategy = shardscope::Strategy::Exhaustive;
    shardscope::ScoreWeights weights;
    int top = 10;
    int showInfeasible = 0;
    QString jsonPath;
    int proposals = 0; ///< --proposals: ranked proposals to print for the best plan (0: none)
    /// --token-budget TOKENS [--gpu-hour-price PRICE]: days, GPU-hours and cost of each listed plan
    std::optional<shardscope::TrainingBudget> budget;
};

/// Thrown for a bad command line (exit code 2); input-file problems are shardscope::InputError (exit 3).
struct UsageError
{
    QString message;
};

class PlanOptionsParser
{
    Q_DECLARE_TR_FUNCTIONS(PlanOptionsParser)
public:
    /// Parses `plan` arguments (without the subcommand). Throws UsageError or shardscope::InputError.
    static PlanOptions parse(const QStringList& arguments);
    static QString helpText();
    /// The help's cluster, training, pins, ranking and budget sections (shared with `shardscope sweep`).
    static QString optionsHelp();
    /// A model file of any supported format, or the name of a bundled model. Throws InputError.
    static shardscope::ModelGraph loadModel(const QString& argument);
};
