// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

/// Exit codes scripts can rely on (also listed by `shardscope --help`).
enum CliExit : int {
    ExitOk = 0,          ///< a plan that fits was found (or the command succeeded)
    ExitNoFeasible = 1,  ///< the run worked but no plan fits in memory
    ExitUsage = 2,       ///< bad command line
    ExitInput = 3,       ///< a model, hardware or other input file is invalid
    ExitOutput = 4,      ///< an output file could not be written
};

/// The command-line front end: `shardscope plan|sweep|inspect|export|models|gpus ...`.
class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
public:
    static bool isCommand(const QString& word);
    static int run(const QStringList& arguments); ///< arguments without the program name
    static QString mainHelp();

private:
    static int plan(const QStringList& arguments);
    static int inspect(const QStringList& arguments);
    static int models();
    static int gpus();
};
