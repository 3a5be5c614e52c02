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

/// What a command line asks for, told from its first argument before any window exists.
enum class CliRoute {
    Command, ///< a subcommand (plan, sweep, inspect, export, models, gpus, help, --version)
    Render,  ///< render: pictures of the desktop planner's views (shardscope-gui)
    Window,  ///< the desktop planner: no argument, an existing file, a bundled model or a Qt option
    Unknown, ///< none of these: a usage error (exit 2), never a window on a file that is not there
};

/// The command-line front end: `shardscope plan|sweep|inspect|export|models|gpus ...`.
class Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
public:
    static bool isCommand(const QString& word);
    static CliRoute route(const QStringList& arguments); ///< arguments without the program name
    /// Says that `word` is not a command, a file or a bundled model, lists the commands; ExitUsage.
    static int unknownWord(const QString& word);
    static int run(const QStringList& arguments); ///< arguments without the program name
    static QString mainHelp();

private:
    static int plan(const QStringList& arguments);
    static int inspect(const QStringList& arguments);
    static int models();
    static int gpus();
};
