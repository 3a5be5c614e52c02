// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

/// `shardscope sweep MODEL --gpus A..B | --batch A..B | --seq A..B [plan options] [--csv FILE] [--json
/// FILE]`: the full search at each value of one input, one table row a value (shardscope::runSweep).
class SweepCommand
{
    Q_DECLARE_TR_FUNCTIONS(SweepCommand)
public:
    static int run(const QStringList& arguments); ///< arguments after "sweep"; returns a CliExit
    static QString helpText();
};
