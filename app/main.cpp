// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

int main(int argc, char** argv)
{
    if (argc > 1 && Cli::isCommand(QString::fromLocal8Bit(argv[1]))) {
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("shardscope"));
        QStringList args = QCoreApplication::arguments();
        args.removeFirst();
        return Cli::run(args);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QMainWindow window;
    window.setWindowTitle(QApplication::translate("main", "ShardScope"));
    auto* label = new QLabel(QApplication::translate("main", "The desktop planner is on its way; "
                                                             "use \"shardscope plan\" from a terminal meanwhile."));
    label->setAlignment(Qt::AlignCenter);
    window.setCentralWidget(label);
    window.resize(900, 600);
    window.show();
    return app.exec();
}
