// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the shardscope executable for the command-line tests.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace shardscope::testing {

struct CliRun
{
    int exitCode = -1; ///< -1 when the process did not finish in two minutes
    QString out;
    QString err;
};

/// Runs SHARDSCOPE_CLI with `args`; `unset` names environment variables the child must not see.
inline CliRun runCli(const QStringList& args, const QStringList& unset = {})
{
    QProcess p;
    if (!unset.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& name : unset)
            env.remove(name);
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(SHARDSCOPE_CLI), args);
    if (!p.waitForFinished(120000))
        return {};
    return { p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError()) };
}

} // namespace shardscope::testing
