// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: menus and shortcuts, settings and theme, drag and drop, closing with unsaved work.
#include "app_theme.h"
#include "compare_controller.h"
#include "export_controller.h"
#include "main_window.h"

#include "glossary.h"
#include "plan_table_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QMenuBar>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Model…"), QKeySequence::Open, m_files, &FileController::openModelDialog);
    m_files->setRecentMenu(file->addMenu(tr("Open &Recent")));
    file->addAction(tr("Open &Example"), m_files, &FileController::openExampleAction);
    file->addSeparator();
    file->addAction(tr("Open &Session…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), m_files,
        &FileController::openSessionDialog);
    file->addAction(
        tr("&Save Session"), QKeySequence::Save, this, [this] { m_files->saveSessionDialog(false); });
    file->addAction(
        tr("Save Session &As…"), QKeySequence::SaveAs, this, [this] { m_files->saveSessionDialog(true); });
    file->addSeparator();
    file->addAction(tr("Export Plan &JSON…"), QKeySequence(Qt::CTRL | Qt::Key_E), m_exports,
        &ExportController::exportPlanDialog);
    file->addAction(tr("Export &Launch Config…"), QKeySequence(Qt::CTRL | Qt::Key_K), m_exports,
        &ExportController::exportLaunchConfigDialog);
    QMenu* exportMenu = file->addMenu(tr("Export &View as PNG/SVG"));
    exportMenu->addAction(tr("&Current View…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
        [this] { m_exports->exportViewDialog(viewTabs()->currentIndex()); });
    exportMenu->addSeparator();
    for (int v = 0; v < m_views->count(); ++v)
        exportMenu->addAction(tr("%1…").arg(viewTabs()->tabText(v).remove(QLatin1Char('&'))), this,
            [this, v] { m_exports->exportViewDialog(v); });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Whole &Window…"), this, [this] { m_exports->exportViewDialog(-1); });
    file->addAction(tr("Add &GPUs from File…"), m_files, &FileController::addGpusDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* plan = menuBar()->addMenu(tr("&Plan"));
    plan->addAction(
        tr("&Search Again"), QKeySequence(Qt::Key_F5), m_planning, &PlanningController::searchNow);
    QAction* cancel
        = plan->addAction(tr("&Cancel Search"), QKeySequence(Qt::Key_Escape), m_cancel, &QToolButton::click);
    cancel->setShortcutContext(Qt::WindowShortcut);
    QAction* infeasible = plan->addAction(tr("Show Plans That Do &Not Fit"));
    infeasible->setCheckable(true);
    infeasible->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(infeasible, &QAction::toggled, m_planning, &PlanningController::setShowInfeasible);
    connect(m_planning, &PlanningController::showInfeasibleChanged, infeasible, &QAction::setChecked);
    plan->addAction(tr("Go to &Plans Table"), QKeySequence(Qt::CTRL | Qt::Key_L), planTable(),
        qOverload<>(&QWidget::setFocus));
    plan->addSeparator();
    plan->addActions(m_compare->actions());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int v = 0; v < m_views->count(); ++v)
        view->addAction(viewTabs()->tabText(v).remove(QLatin1Char('&')),
            QKeySequence(Qt::CTRL | (Qt::Key_1 + v)), this, [this, v] { viewTabs()->setCurrentIndex(v); });
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    QMenu* theme = view->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    const std::pair<QString, QString> themes[] = { { QStringLiteral("system"), tr("&System") },
        { QStringLiteral("light"), tr("&Light") }, { QStringLiteral("dark"), tr("&Dark") } };
    for (const auto& [key, label] : themes) {
        QAction* a = theme->addAction(label, this, [this, k = key] { setTheme(k); });
        a->setCheckable(true);
        a->setData(key);
        m_themeGroup->addAction(a);
    }
    //: Menu of user-interface languages; each language is named in itself.
    QMenu* language = view->addMenu(tr("L&anguage"));
    auto* languageGroup = new QActionGroup(this);
    const QString chosen = QSettings().value(QStringLiteral("language")).toString();
    const std::pair<QString, QString> languages[]
        = { { QString(), tr("&System") }, { QStringLiteral("en"), QStringLiteral("English") },
              { QStringLiteral("de"), QStringLiteral("Deutsch") },
              { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto& [key, label] : languages) {
        QAction* a = language->addAction(label, this, [this, k = key] {
            QSettings().setValue(QStringLiteral("language"), k);
            QMessageBox::information(
                this, tr("Language"), tr("The new language applies after ShardScope restarts."));
        });
        a->setCheckable(true);
        a->setChecked(key == chosen);
        a->setData(key);
        languageGroup->addAction(a);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Glossary"), QKeySequence::HelpContents, this, [this] {
        // Every column and term, with links to the docs (ui/glossary.cpp); one dialog, brought back to front.
        auto* dialog = findChild<GlossaryDialog*>();
        if (!dialog)
            dialog = new GlossaryDialog(this);
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    help->addAction(tr("&About ShardScope"), this, [this] {
        QMessageBox::about(this, tr("About ShardScope"),
            tr("<p><b>ShardScope %1</b></p><p>Plans tensor, pipeline and data parallelism, ZeRO, "
               "recomputation and schedules for training large models, from published cost models.</p>")
                .arg(QCoreApplication::applicationVersion()));
    });
}

// ---- drag and drop, closing, settings, theme ---------------------------------------------------------

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().value(0).isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile()) return;
    event->acceptProposedAction();
    if (m_files->confirmReplace(tr("opening %1").arg(QFileInfo(urls.front().toLocalFile()).fileName())))
        m_files->openFile(urls.front().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A normal exit deletes the autosave: unsaved inputs would be gone, so ask first (the same question as
    // every action that replaces the inputs).
    if (!m_files->confirmReplace(tr("closing"))) {
        event->ignore(); // cancelled, or the save was cancelled or failed
        return;
    }
    saveSettings();
    m_planning->worker()->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray())) {
        // The first start: most of the screen, centred (the layout's minimum is cramped); all of a laptop's
        // (below 1600 x 900 every row of the plan table counts).
        if (const QScreen* screen = this->screen()) {
            const QRect available = screen->availableGeometry();
            const bool small = available.width() < 1600 || available.height() < 900;
            const QSize size = (small ? available.size() : available.size() * 0.85)
                                   .expandedTo(minimumSizeHint())
                                   .boundedTo(available.size());
            setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
        }
    }
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        splitter->restoreState(settings.value(QStringLiteral("splitter")).toByteArray());
    viewTabs()->setCurrentIndex(settings.value(QStringLiteral("currentView"), 0).toInt());
    setTheme(settings.value(QStringLiteral("theme"), QStringLiteral("system")).toString());
    m_files->rebuildRecentMenu();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        settings.setValue(QStringLiteral("splitter"), splitter->saveState());
    settings.setValue(QStringLiteral("currentView"), viewTabs()->currentIndex());
    if (QAction* a = m_themeGroup->checkedAction()) settings.setValue(QStringLiteral("theme"), a->data());
}

void MainWindow::setTheme(const QString& theme)
{
    AppTheme::apply(theme);
    for (QAction* a : m_themeGroup->actions())
        a->setChecked(a->data().toString() == theme);
}
