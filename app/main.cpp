// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"
#include "main_window.h"
#include "render_command.h"

#include "import/model_importer.h"

#include <QApplication>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace {
void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QCoreApplication::setOrganizationDomain(QStringLiteral("shardscope.org"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));
}

// The GUI's language: View > Language ("language" in QSettings: "", "en", "de", "zh_CN"), else the
// system locale. ShardScope's catalog is embedded at :/i18n; Qt's own (dialog buttons) comes from
// the system's Qt translations when installed. The command line stays English for scripts.
void installTranslators(QApplication& app)
{
    const QString chosen = QSettings().value(QStringLiteral("language")).toString();
    const QLocale locale = chosen.isEmpty() ? QLocale() : QLocale(chosen);
    if (locale.language() == QLocale::English || locale.language() == QLocale::C)
        return;
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("shardscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}
// Qt's platform plugins look up the runtime folder and, where a login shell set none (a container, a
// cron job, ssh without a session), say so on stderr each start; ShardScope keeps no sockets or
// runtime files there, so that one line is noise. Every other message passes through.
QtMessageHandler g_qtHandler = nullptr;
void quietRuntimeDirWarning(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (g_qtHandler)
        g_qtHandler(type, context, message);
}
} // namespace

int main(int argc, char** argv)
{
    QStringList words;
    for (int i = 1; i < argc; ++i)
        words << QString::fromLocal8Bit(argv[i]);
    const CliRoute route = Cli::route(words);
    if (route == CliRoute::Unknown)
        return Cli::unknownWord(words.front());
    g_qtHandler = qInstallMessageHandler(quietRuntimeDirWarning);
    if (route == CliRoute::Render) {
        // Pictures need no display: draw on the offscreen platform unless the caller chose one.
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("shardscope"));
        setIdentity();
        QStringList args = QCoreApplication::arguments();
        args.remove(0, 2);
        return RenderCommand::run(args);
    }
    if (route == CliRoute::Command) {
        // The same subcommands as the shardscope command line, without a window.
        QCoreApplication app(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("shardscope"));
        setIdentity();
        QStringList args = QCoreApplication::arguments();
        args.removeFirst();
        return Cli::run(args);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QApplication::setApplicationDisplayName(QStringLiteral("ShardScope"));
    QApplication::setDesktopFileName(QStringLiteral("org.shardscope.ShardScope"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.shardscope.ShardScope"))); // hicolor, installed by the .deb
    setIdentity();
    installTranslators(app);
    MainWindow window;
    window.restoreSettings();
    window.show();
    // shardscope [MODEL or SESSION]: open it; otherwise start with the planned example.
    const QStringList args = QCoreApplication::arguments();
    if (args.size() > 1 && !QFileInfo::exists(args[1])) {
        // A bundled model by name, or a path that is not there (said, not silently replaced).
        if (std::optional<shardscope::ModelGraph> bundled = shardscope::findBundledModel(args[1].toStdString())) {
            window.loadExample();
            window.setModel(std::move(*bundled), args[1], true);
        } else {
            window.loadExample();
            window.showError(QApplication::translate("main", "%1: no such file, and not a bundled model").arg(args[1]));
        }
    } else if (args.size() > 1) {
        if (args[1].endsWith(QLatin1String(".shardscope"))) {
            if (const QString error = window.openSession(args[1]); !error.isEmpty()) {
                window.loadExample();
                window.showError(error); // after the example, which clears old errors
            }
        } else {
            window.openModel(args[1]);
        }
    } else {
        window.loadExample();
    }
    // Unsaved work goes to the application data folder every 30 s; work a crash left there is offered back.
    window.startAutosave();
    window.offerRecovery();
    return app.exec();
}
