// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "partition/sweep.h"

#include <QString>
#include <QStringList>
#include <functional>

/// The words each sweep command (shardscope sweep, render --view sweep) says its own way.
struct SweepAxisMessages
{
    std::function<QString(const QString& option)> needsValue; ///< an option without its value
    std::function<QString(const QString& first, const QString& second)> twoAxes; ///< two options give lists
    QString noAxis; ///< no option gives a list
};

/// What splitSweepAxis leaves: the swept input and the arguments for PlanOptionsParser::parse.
struct SweepAxisSplit
{
    shardscope::SweepSpec spec;
    QString axisOption; ///< --gpus, --batch, --global-batch or --seq
    QStringList rest; ///< the plan options, with --gpus set to one node for a GPU sweep
};

/**
 * Splits the swept input off a sweep command's arguments: the one of --gpus, --batch / --global-batch and
 * --seq given a range or a list (parseSweepValues); the same options with a single value stay plan options.
 * `own(option, value)` is asked first about every argument and returns true for the caller's own options
 * (`value()` takes the option's value). Throws UsageError with `messages`, or with the option and core's
 * parse error.
 */
SweepAxisSplit splitSweepAxis(const QStringList& args, const SweepAxisMessages& messages,
    const std::function<bool(const QString& option, const std::function<QString()>& value)>& own = {});
