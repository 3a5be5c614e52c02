// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/message.h"

#include <QCoreApplication>
#include <QString>
#include <QTextStream>

#include <string>

/// The command line's streams, shared by every subcommand.
namespace Console {

/// The human-readable report: standard output, or nowhere once standard output carries data
/// (`--json -`, `--csv -`: see reserveStdoutForData).
QTextStream& out();
/// Errors and warnings: standard error.
QTextStream& err();
inline QString qs(const std::string& s) { return QString::fromStdString(s); }
inline QString qs(const char* s) { return QString::fromUtf8(s); }
/// A message of core (a proposal, a finding) in the installed translation (English without one).
inline QString qs(const shardscope::Message& m)
{
    return QString::fromStdString(m.format([](const shardscope::MessageTemplate& t) {
        return QCoreApplication::translate(t.context, t.text).toStdString();
    }));
}

/// True for "-", the Unix name of standard output (or input) as a file argument.
inline bool isStdStream(const QString& path) { return path == QLatin1String("-"); }

/// From now on standard output carries data only: out() discards the report.
void reserveStdoutForData();

/// Writes `text` to `path`: standard output for "-", else the file, atomically (a reader never
/// sees half a file). Throws std::runtime_error with the reason.
void writeOutput(const QString& path, const std::string& text);

} // namespace Console
