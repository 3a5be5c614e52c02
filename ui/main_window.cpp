// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: the layout, the wiring of its controllers and the public functions that delegate to
// them (the menus, settings, theme, drag and drop and closing are in main_window_menus.cpp).
#include "main_window.h"

#include "app_theme.h"
#include "compare_controller.h"
#include "export_controller.h"
#include "input_panel.h"
#include "plan_table_panel.h"
#include "plan_text.h"
#include "proposals_panel.h"
#include "recovery_controller.h"
#include "sweep_panel.h"

#include <QDockWidget>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace shardscope;

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_inputs(new InputPanel)
    , m_planning(new PlanningController(m_inputs, this))
    , m_proposals(new ProposalsController(m_planning, m_inputs, this))
    , m_files(new FileController(m_inputs, m_planning, this, this))
    , m_recovery(new RecoveryController(m_files, this))
{
    setWindowTitle(tr("ShardScope[*]"));
    setAcceptDrops(true);
    buildLayout();
    m_exports = new ExportController(m_planning, m_views, this, this);
    buildActions();
    connectControllers();
    setTheme(QStringLiteral("system"));
}

MainWindow::~MainWindow()
{
    m_planning->worker()->cancel();
} // the controllers wait for their threads

void MainWindow::buildLayout()
{
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(
        m_inputs->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4);
    auto* inputsDock = new QDockWidget(tr("Inputs"), this);
    inputsDock->setObjectName(QStringLiteral("inputsDock"));
    inputsDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, inputsDock);

    m_planTable = new PlanTablePanel(m_planning);
    m_views = new PlanViews(m_planning);
    // Pages beyond the selected plan's views register here, before the menus list them.
    addExplorerPage();
    addSweepPage();
    m_compare = new CompareController(m_planning, m_views, this);
    m_compare->addTableActions(m_planTable);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_planTable);
    splitter->addWidget(m_views);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    // The ranked plans get two fifths of the room the views leave above their minimum at first (about twelve rows
    // on a 1080p screen); the splitter's state is kept between sessions.
    splitter->setSizes({ 2 * m_views->minimumSizeHint().height() / 3, m_views->minimumSizeHint().height() });

    m_errorBanner = new QLabel;
    m_errorBanner->setObjectName(QStringLiteral("errorBanner"));
    m_errorBanner->setWordWrap(true);
    m_errorBanner->setTextFormat(Qt::PlainText); // rich only for a dead end's links (showDeadEnd)
    // Selectable, and a dead end's "Try" links work by mouse and keyboard; nothing opens outside the window.
    m_errorBanner->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_errorBanner->setOpenExternalLinks(false);
    m_errorBanner->setStyleSheet(
        QStringLiteral("QLabel { background: #fde2e1; color: #5c0b0b; border: 1px solid #e0a0a0; "
                       "padding: 6px; }"));
    m_errorBanner->hide();
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->addWidget(m_recovery->bar());
    centralLayout->addWidget(m_errorBanner);
    centralLayout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_proposalsPanel = new ProposalsPanel(m_proposals);
    auto* notesDock = new QDockWidget(tr("Notes and proposals"), this);
    notesDock->setObjectName(QStringLiteral("notesDock"));
    notesDock->setWidget(m_proposalsPanel);
    addDockWidget(Qt::RightDockWidgetArea, notesDock);
    resizeDocks({ inputsDock, notesDock }, { 380, 230 }, Qt::Horizontal);

    m_status = new QLabel(tr("Open a model to start."));
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("%p % searched"));
    m_progress->hide();
    m_cancel = new QToolButton;
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running search (Esc)"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, m_planning, &PlanningController::cancelSearch);
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
}

void MainWindow::connectControllers()
{
    // Status, progress and errors from every controller end in the status bar and the error banner.
    connect(m_planning, &PlanningController::statusMessage, m_status, &QLabel::setText);
    connect(m_proposals, &ProposalsController::statusMessage, m_status, &QLabel::setText);
    connect(m_proposalsPanel, &ProposalsPanel::statusMessage, m_status, &QLabel::setText);
    connect(m_files, &FileController::statusMessage, m_status, &QLabel::setText);
    connect(m_exports, &ExportController::statusMessage, m_status, &QLabel::setText);
    connect(m_compare, &CompareController::statusMessage, m_status, &QLabel::setText);
    connect(m_planning, &PlanningController::errorRaised, this, &MainWindow::showError);
    connect(m_planning, &PlanningController::deadEndReached, this, &MainWindow::showDeadEnd);
    connect(m_errorBanner, &QLabel::linkActivated, this, &MainWindow::applyDeadEndLink);
    connect(m_files, &FileController::errorRaised, this, &MainWindow::showError);
    connect(m_exports, &ExportController::errorRaised, this, &MainWindow::showError);
    connect(m_recovery, &RecoveryController::errorRaised, this, &MainWindow::showError);
    connect(m_planning, &PlanningController::errorCleared, this, &MainWindow::clearError);
    connect(m_planning, &PlanningController::searchStarted, this, [this] {
        m_progress->setRange(0, 0);
        m_progress->show();
        m_cancel->show();
    });
    connect(m_planning, &PlanningController::searchProgress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_planning, &PlanningController::searchEnded, this, [this] {
        m_progress->hide();
        m_cancel->hide();
    });
    connect(m_files, &FileController::modelReplaced, this, [this](const QString& name) {
        m_proposals->undoStack()->clear();
        clearError();
        // The sweep and the comparison were of the model before: not shown as this one's.
        if (m_sweep->result() || m_sweep->isRunning())
            m_sweep->clear(tr("The model changed to %1: run the sweep again.").arg(name));
        m_compare->clear();
        setWindowTitle(tr("%1[*] — ShardScope").arg(name));
    });
    connect(m_files, &FileController::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_planning, &PlanningController::planShown, this, &MainWindow::planShown);
    connect(m_files, &FileController::modelLoaded, this, &MainWindow::modelLoaded);
    connect(m_proposals, &ProposalsController::proposalsShown, this, &MainWindow::proposalsShown);
}

void MainWindow::showError(const QString& message)
{
    m_errorBanner->setTextFormat(Qt::PlainText); // an error names files and values: never read as markup
    m_errorBanner->setText(message);
    m_errorBanner->show();
}

void MainWindow::showDeadEnd(const QString& richText)
{
    m_errorBanner->setTextFormat(Qt::RichText);
    m_errorBanner->setText(richText);
    m_errorBanner->show();
}

void MainWindow::applyDeadEndLink(const QString& link)
{
    if (const QString error = m_planning->applyDeadEndLink(link); !error.isEmpty())
        showError(error);
}

void MainWindow::clearError()
{
    m_errorBanner->clear();
    m_errorBanner->hide();
}

QString MainWindow::statusText() const
{
    return m_status->text();
}
QString MainWindow::errorText() const
{
    if (m_errorBanner->isHidden())
        return {};
    return m_errorBanner->textFormat() == Qt::RichText ? QTextDocumentFragment::fromHtml(m_errorBanner->text()).toPlainText()
                                                       : m_errorBanner->text();
}

// ---- delegation to the controllers ---------------------------------------------------------------

void MainWindow::loadExample()
{
    m_files->loadExample();
}
void MainWindow::openModel(const QString& path)
{
    m_files->openModel(path);
}
void MainWindow::setModel(ModelGraph model, const QString& source, bool bundled)
{
    m_files->setModel(std::move(model), source, bundled);
}
QString MainWindow::openSession(const QString& path)
{
    return m_files->openSession(path);
}
QString MainWindow::saveSession(const QString& path)
{
    return m_files->saveSession(path);
}
SessionDocument MainWindow::sessionDocument() const
{
    return m_files->sessionDocument();
}
std::optional<SessionDocument> MainWindow::unsavedSession() const
{
    return m_files->unsavedSession();
}

QString MainWindow::exportPlanJson(const QString& path) const
{
    return m_exports->exportPlanJson(path);
}
QString MainWindow::exportView(View view, const QString& path, double scale)
{
    return m_exports->exportView(view, path, scale);
}
QString MainWindow::exportWindow(const QString& path, double scale)
{
    return m_exports->exportWindow(path, scale);
}
QString MainWindow::exportLaunchConfig(const QString& path, LaunchFormat format) const
{
    return m_exports->exportLaunchConfig(path, format);
}

QString MainWindow::applyProposal(int index)
{
    return m_proposals->applyProposal(index);
}
void MainWindow::switchTo(const PlanChoice& choice)
{
    m_proposals->switchTo(choice);
}
QUndoStack* MainWindow::undoStack() const
{
    return m_proposals->undoStack();
}
ProposalListModel* MainWindow::proposals() const
{
    return m_proposals->model();
}

PlanRequest MainWindow::currentRequest() const
{
    return m_planning->currentRequest();
}
void MainWindow::planNow()
{
    m_planning->planNow();
}
void MainWindow::showResult(const PlanResult& result)
{
    m_planning->showResult(result);
}
void MainWindow::selectRow(int row)
{
    m_planning->selectRow(row);
}
void MainWindow::selectBest()
{
    m_planning->selectBest();
}
QTableView* MainWindow::planTable() const
{
    return m_planTable->table();
}

int MainWindow::offerRecovery()
{
    return m_recovery->offerRecovery();
}
Autosave* MainWindow::startAutosave(const QString& folder)
{
    return m_recovery->startAutosave(folder);
}
void MainWindow::restoreRecovery()
{
    m_recovery->restoreRecovery();
}
void MainWindow::discardRecovery()
{
    m_recovery->discardRecovery();
}
QString MainWindow::recoveryText() const
{
    return m_recovery->recoveryText();
}
Autosave* MainWindow::autosave() const
{
    return m_recovery->autosave();
}

Figure MainWindow::figure(View view)
{
    return m_views->figure(view);
}
Figure MainWindow::windowFigure()
{
    return m_views->windowFigure(this);
}
QString MainWindow::viewName(View view)
{
    return PlanViews::builtInName(PlanViews::View(view));
}
QString MainWindow::describe(const ParallelConfig& config)
{
    return PlanText::describe(config);
}

std::optional<MainWindow::View> MainWindow::viewFromName(const QString& name)
{
    for (int v = 0; v < ViewCount; ++v)
        if (viewName(View(v)) == name) return View(v);
    return std::nullopt;
}
