// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the shardscope executable for the command-line tests.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace shardscope::testing {

struct CliRun
{
    /// -1 when the process did not finish in two minutes; kSanitizerReport when the child printed
    /// an AddressSanitizer, LeakSanitizer or UBSan report (the report is in `err`)
    int exitCode = -1;
    QString out;
    QString err;
};

/// No exit status: a sanitizer report fails every check of exitCode, even where the expected
/// code (1) is the one the sanitizer runtime exits with.
inline constexpr int kSanitizerReport = -2;

/// True when `err` holds a report of the asan preset's sanitizers.
inline bool hasSanitizerReport(const QString& err)
{
    return err.contains(QLatin1String("ERROR: AddressSanitizer")) || err.contains(QLatin1String("ERROR: LeakSanitizer"))
        || err.contains(QLatin1String(": runtime error: "));
}

/// Runs `program` with `args` and `input` on its standard input; `unset` names environment variables
/// the child must not see.
inline CliRun runProgram(const QString& program, const QStringList& args, const QStringList& unset = {},
                         const QByteArray& input = {})
{
    QProcess p;
    if (!unset.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& name : unset)
            env.remove(name);
        p.setProcessEnvironment(env);
    }
    p.start(program, args);
    if (!p.waitForStarted(120000))
        return {};
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    CliRun run { p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()) };
    if (hasSanitizerReport(run.err)) {
        qWarning("shardscope %s: sanitizer report:\n%s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(run.err));
        run.exitCode = kSanitizerReport;
    }
    return run;
}

/// Runs SHARDSCOPE_CLI with `args`; `unset` names environment variables the child must not see.
inline CliRun runCli(const QStringList& args, const QStringList& unset = {})
{
    return runProgram(QStringLiteral(SHARDSCOPE_CLI), args, unset);
}

} // namespace shardscope::testing
