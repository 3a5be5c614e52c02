// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope: the command line. Links core and QtCore only, so it runs where no display or GUI
// library is (a cluster login node). The desktop planner and `render` are shardscope-gui's: this
// program starts it, from its own folder, with the same arguments.
#include "cli.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace {

// shardscope-gui beside this program, as built (build/<preset>/bin) and as installed (/usr/bin).
QString guiProgram()
{
    const QString self = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();
    return QFileInfo(self).absolutePath() + QStringLiteral("/shardscope-gui");
}

int startGui(char** argv, CliRoute route)
{
    const QString gui = guiProgram();
    const QByteArray path = QFile::encodeName(gui);
    if (::access(path.constData(), X_OK) == 0) {
        argv[0] = const_cast<char*>(path.constData());
        ::execv(path.constData(), argv);
    }
    const int error = errno;
    std::fprintf(stderr, "%s\n",
                 qPrintable(route == CliRoute::Render
                                ? Cli::tr("shardscope render: pictures are drawn by the desktop planner, %1, which is "
                                          "not here (%2); the other commands work without it (shardscope --help)")
                                      .arg(gui, QString::fromLocal8Bit(std::strerror(error)))
                                : Cli::tr("shardscope: the desktop planner, %1, is not here (%2); this is the command "
                                          "line only (shardscope --help)")
                                      .arg(gui, QString::fromLocal8Bit(std::strerror(error)))));
    return ExitUsage;
}

} // namespace

int main(int argc, char** argv)
{
    QStringList args;
    for (int i = 1; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    const CliRoute route = Cli::route(args);
    switch (route) {
    case CliRoute::Window:
    case CliRoute::Render:
        return startGui(argv, route);
    case CliRoute::Unknown:
        return Cli::unknownWord(args.front());
    case CliRoute::Command:
        break;
    }
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardscope"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("shardscope.org"));
    QStringList arguments = QCoreApplication::arguments();
    arguments.removeFirst();
    return Cli::run(arguments);
}
