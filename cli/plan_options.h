// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "cost/training_budget.h"
#include "partition/strategy.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace shardscope {
class HardwareCatalog;
}

/// What `shardscope plan` was asked to do, parsed and validated.
struct PlanOptions
{
    QString modelArgument;
    shardscope::PlanningProblem problem;
    QString profile; ///< --profile NAME as given; empty: the default software-stack profile
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

private:
    /// parse()'s reading position and what the options set so far (defined in plan_options.cpp).
    struct ParseState;

    // One group of options each (the help's sections): apply `option` if it is one of the group's,
    // reading its value from the command line, and say whether it was. Throw UsageError for a bad value.
    static bool parseOption(ParseState& state, const QString& option);
    static bool parseClusterOption(ParseState& state, const QString& option);
    static bool parseTrainingOption(ParseState& state, const QString& option);
    static bool parseDegreePin(ParseState& state, const QString& option);
    static bool parseTechniquePin(ParseState& state, const QString& option);
    static bool parseRankingOption(ParseState& state, const QString& option);
    static bool parseOutputOption(ParseState& state, const QString& option);
    static bool parseBudgetOption(ParseState& state, const QString& option);

    // After the last argument: checks across options, defaults that depend on others, the cluster.
    static void finishBudget(ParseState& state);
    static void finishRanking(ParseState& state);
    static shardscope::HardwareCatalog loadCatalog(const QString& hardwareFile, const QString& profile = {});
    static shardscope::ClusterSpec makeCluster(const ParseState& state);
};
