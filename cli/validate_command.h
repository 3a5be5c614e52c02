// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

/// `shardscope validate [--profile NAME] [--json FILE] [--in-sample]`: every measured run of a software-stack
/// profile with its layout pinned, predicted against measured step time, summarised by regime in-sample and
/// cross-validated (shardscope::validate).
class ValidateCommand
{
    Q_DECLARE_TR_FUNCTIONS(ValidateCommand)
public:
    static int run(const QStringList& arguments); ///< arguments after "validate"; returns a CliExit
    static QString helpText();
};
