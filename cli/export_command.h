// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

/**
 * `shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]`:
 * writes the launch configuration of one plan of a plan file (core/export/launch_config.h) to FILE
 * (atomically) or stdout. Exit codes as Cli's: 2 bad arguments, 3 an unreadable plan file or a plan
 * the framework cannot express, 4 the output cannot be written.
 */
class ExportCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportCommand)
public:
    static int run(const QStringList& arguments); ///< arguments after "export"; returns the exit code
    static QString helpText();
};
