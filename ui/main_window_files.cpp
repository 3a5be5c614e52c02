// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's files: sessions, plan and picture exports, their dialogs, recent files, drag and
// drop, settings and themes (the layout and planning are in main_window.cpp).
#include "main_window.h"

#include "atomic_save.h"
#include "input_panel.h"
#include "painted_view.h"
#include "memory_chart.h"
#include "communication_view.h"
#include "imbalance_view.h"
#include "session_file.h"
#include "stage_map_view.h"
#include "timeline_view.h"

#include "export/plan_json.h"
#include "export/session_document.h"
#include "import/model_importer.h"
#include "util/input_error.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>

using namespace shardscope;

namespace {

constexpr int kMaxRecent = 8;

QString qs(const std::string& s) { return QString::fromStdString(s); }

QPalette darkPalette()
{
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(230, 230, 230), disabled(127, 127, 127);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(100, 160, 255));
    p.setColor(QPalette::Highlight, QColor(42, 110, 200));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(90, 90, 95));
    p.setColor(QPalette::Dark, QColor(25, 25, 27));
    p.setColor(QPalette::Light, QColor(75, 75, 80));
    for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

// ---- files -----------------------------------------------------------------------------------

void MainWindow::openFile(const QString& path)
{
    if (path.endsWith(QLatin1String(".shardscope"), Qt::CaseInsensitive)) {
        if (const QString error = openSession(path); !error.isEmpty())
            showError(error);
    } else {
        openModel(path);
    }
}

QString MainWindow::openSession(const QString& path)
{
    SessionDocument session;
    try {
        session = loadSessionFile(path);
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return applySession(session, path);
}

QString MainWindow::applySession(const SessionDocument& session, const QString& path, bool restored)
{
    // A restored autosave is unsaved work: no session path to save over, no recent-files entry.
    const QString sessionPath = restored ? QString() : path;
    if (session.modelIsBundled) {
        std::optional<ModelGraph> model = findBundledModel(session.model);
        if (!model) // checked before anything changes
            return tr("%1: the bundled model \"%2\" is not part of this version").arg(path, qs(session.model));
        applySessionInputs(session, sessionPath);
        setModel(std::move(*model), qs(session.model), true);
    } else if (!session.model.empty()) {
        // The inputs are applied when the model has been imported: until then the window stays
        // as it is, and a model that cannot be opened changes nothing.
        m_pendingSession = session;
        m_pendingSessionPath = path;
        m_pendingSessionRestored = restored;
        openModel(qs(resolveSessionModelPath(session, path.toStdString())));
        return {};
    } else {
        applySessionInputs(session, sessionPath);
        requestSearch();
    }
    if (!restored)
        markSaved();
    updateModified();
    return {};
}

void MainWindow::applySessionInputs(const SessionDocument& session, const QString& path)
{
    m_sessionPath = path;
    if (!path.isEmpty())
        addRecentFile(path);
    m_wantedSelection = session.selectedPlan;
    m_showInfeasible->setChecked(session.showInfeasible);
    m_inputs->setInputs(session.cluster, session.training, session.strategy, session.weights, false);
    m_wantedSelection = session.selectedPlan;
}

SessionDocument MainWindow::sessionDocument() const
{
    SessionDocument s;
    s.generator = "ShardScope " + QCoreApplication::applicationVersion().toStdString();
    s.model = m_inputs->modelSource().toStdString();
    s.modelIsBundled = m_inputs->modelIsBundled();
    if (!s.modelIsBundled && !s.model.empty())
        s.model = QFileInfo(m_inputs->modelSource()).absoluteFilePath().toStdString();
    s.cluster = m_inputs->cluster();
    s.training = m_inputs->training();
    s.strategy = m_inputs->strategy();
    s.weights = m_inputs->weights();
    s.topCount = kTopCount;
    s.showInfeasible = m_showInfeasible->isChecked();
    if (m_selected)
        s.selectedPlan = m_selected->config;
    return s;
}

QString MainWindow::saveSession(const QString& path)
{
    try {
        saveSessionFile(path, sessionDocument());
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    m_sessionPath = path;
    addRecentFile(path);
    markSaved();
    return {};
}

QString MainWindow::exportPlanJson(const QString& path) const
{
    if (!m_outcome || !m_shown)
        return tr("There is no plan to export yet.");
    std::string text;
    try {
        const PlanDocument doc = makePlanDocument(m_shown->problem, m_shown->strategy, m_shown->weights, *m_outcome,
                                                  "ShardScope " + QCoreApplication::applicationVersion().toStdString());
        text = writePlanJson(doc);
    } catch (const std::exception& e) {
        return tr("%1: the plan could not be written: %2").arg(path, QString::fromUtf8(e.what()));
    }
    if (const QString reason = saveFileAtomically(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        return tr("%1: cannot write: %2").arg(path, reason);
    return {};
}

QString MainWindow::exportLaunchConfig(const QString& path, LaunchFormat format) const
{
    if (!m_outcome || !m_shown || !m_selected)
        return tr("There is no plan to export yet.");
    std::string text;
    try {
        // A document holding just the selected plan, with its rank in the current ranking (no graph
        // analysis or proposals: a launch config needs neither, and they would run on the GUI thread).
        PlanDocument doc;
        doc.generator = "ShardScope " + QCoreApplication::applicationVersion().toStdString();
        doc.model = PlanModelSummary::from(m_shown->problem.model);
        doc.cluster = m_shown->problem.cluster;
        doc.training = m_shown->problem.training;
        doc.strategy = m_shown->strategy;
        doc.weights = m_shown->weights;
        int rank = 0;
        double score = 0;
        for (std::size_t i = 0; i < m_outcome->order.size(); ++i) {
            const PlanSummary& p = m_outcome->search.candidates[m_outcome->order[i]];
            if (p.config == m_selected->config) {
                rank = int(i) + 1;
                score = p.score;
                break;
            }
        }
        doc.search.candidatesEvaluated = m_outcome->search.candidates.size();
        doc.search.feasibleCount = m_outcome->search.feasibleCount;
        doc.search.elapsedSeconds = m_outcome->search.elapsedSeconds;
        doc.plans = { makeDocumentPlan(m_shown->problem.model, *m_selected, std::max(rank, 1), score) };
        text = writeLaunchConfig(doc, 0, format, path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    if (const QString reason = saveFileAtomically(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        return tr("%1: cannot write: %2").arg(path, reason);
    return {};
}

// ---- exports -----------------------------------------------------------------------------------

QString MainWindow::viewName(View view)
{
    static const char* const names[] = { "memory", "stages", "timeline", "imbalance", "communication" };
    return view >= 0 && view < ViewCount ? QString::fromLatin1(names[view]) : QString();
}

std::optional<MainWindow::View> MainWindow::viewFromName(const QString& name)
{
    for (int v = 0; v < ViewCount; ++v)
        if (viewName(View(v)) == name)
            return View(v);
    return std::nullopt;
}

QString MainWindow::subtitle() const
{
    if (!m_shown)
        return {};
    const PlanningProblem& p = m_shown->problem;
    QString text = tr("%1 on %2 x %3, sequence %4, global batch %5")
                       .arg(qs(p.model.name()))
                       .arg(p.cluster.totalGpus())
                       .arg(qs(p.cluster.gpu.name))
                       .arg(p.training.seqLength)
                       .arg(p.training.globalBatch);
    if (m_selected)
        text += QStringLiteral(" — ") + describe(m_selected->config);
    return text;
}

Figure MainWindow::figure(View view)
{
    static const char* const titles[] = { QT_TR_NOOP("Memory per GPU"), QT_TR_NOOP("Pipeline stages"),
                                          QT_TR_NOOP("Pipeline schedule"), QT_TR_NOOP("Compute imbalance"),
                                          QT_TR_NOOP("Communication") };
    Figure f;
    f.subtitle = subtitle();
    QWidget* widget = m_tabs->widget(view);
    f.viewSize = widget->size().expandedTo(widget->sizeHint());
    if (view == MemoryView)
        f.paint = [this](QPainter& p, QSizeF s) { m_memory->render(p, s); };
    else if (auto* painted = qobject_cast<PaintedView*>(widget))
        f.paint = [painted](QPainter& p, QSizeF s) { painted->render(p, s); };
    f.title = m_shown ? tr("%1 — %2").arg(tr(titles[view]), qs(m_shown->problem.model.name())) : tr(titles[view]);
    return f;
}

QString MainWindow::exportView(View view, const QString& path, double scale)
{
    return FigureExporter::write(path, figure(view), scale);
}

QString MainWindow::exportWindow(const QString& path, double scale)
{
    return FigureExporter::write(path, windowFigure(), scale);
}

Figure MainWindow::windowFigure()
{
    Figure f;
    f.title = tr("ShardScope — %1").arg(m_shown ? qs(m_shown->problem.model.name()) : tr("no model"));
    f.subtitle = subtitle();
    f.viewSize = size();
    f.paint = [this](QPainter& p, QSizeF) { render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren); };
    return f;
}

// ---- dialogs -------------------------------------------------------------------------------------

void MainWindow::openModelDialog()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Model"), settings.value(QStringLiteral("lastDirectory")).toString(),
        tr("Models (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QStringLiteral("lastDirectory"), QFileInfo(path).absolutePath());
    openModel(path);
}

void MainWindow::openSessionDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), QSettings().value(QStringLiteral("lastDirectory")).toString(),
                                                      tr("ShardScope sessions (*.shardscope)"));
    if (!path.isEmpty())
        if (const QString error = openSession(path); !error.isEmpty())
            showError(error);
}

void MainWindow::saveSessionDialog(bool saveAs)
{
    QString path = m_sessionPath;
    if (saveAs || path.isEmpty()) {
        QFileDialog dialog(this, tr("Save Session"), QSettings().value(QStringLiteral("lastDirectory")).toString(),
                           tr("ShardScope sessions (*.shardscope)"));
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        dialog.setDefaultSuffix(QStringLiteral("shardscope")); // the dialog asks before replacing "x.shardscope"
        if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
            return;
        path = dialog.selectedFiles().front();
    }
    if (const QString error = saveSession(path); !error.isEmpty())
        showError(error);
    else
        m_status->setText(tr("Session saved to %1").arg(path));
}

void MainWindow::exportPlanDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Plan JSON"), {}, tr("Plan files (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString error = exportPlanJson(path); !error.isEmpty())
        showError(error);
    else
        m_status->setText(tr("Plan written to %1").arg(path));
}

void MainWindow::exportLaunchConfigDialog()
{
    const QStringList formats { tr("Megatron-LM arguments (*.sh)"), tr("DeepSpeed config (*.json)"), tr("torchtitan job config (*.toml)") };
    bool ok = false;
    const QString choice = QInputDialog::getItem(this, tr("Export Launch Config"), tr("Framework:"), formats, 0, false, &ok);
    if (!ok)
        return;
    const int index = int(formats.indexOf(choice));
    const LaunchFormat format = index == 0 ? LaunchFormat::Megatron : index == 1 ? LaunchFormat::DeepSpeed : LaunchFormat::Torchtitan;
    QFileDialog dialog(this, tr("Export Launch Config"), QSettings().value(QStringLiteral("lastDirectory")).toString(), choice);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(index == 0 ? QStringLiteral("sh") : index == 1 ? QStringLiteral("json") : QStringLiteral("toml"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return;
    const QString path = dialog.selectedFiles().front();
    if (const QString error = exportLaunchConfig(path, format); !error.isEmpty())
        showError(error);
    else
        m_status->setText(tr("Launch config written to %1").arg(path));
}

void MainWindow::exportViewDialog(int view)
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export as PNG or SVG"), {}, FigureExporter::fileFilter());
    if (path.isEmpty())
        return;
    double scale = 1;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        bool ok = false;
        scale = QInputDialog::getDouble(this, tr("Export Scale"), tr("Scale (2 doubles the pixels for print):"), 2, 0.5, 8, 1, &ok);
        if (!ok)
            return;
    }
    const QString error = view < 0 ? exportWindow(path, scale) : exportView(View(view), path, scale);
    if (!error.isEmpty())
        showError(error);
    else
        m_status->setText(tr("Picture written to %1").arg(path));
}

// ---- recent files, drag and drop, settings, theme ----------------------------------------------------

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (int i = 0; i < recent.size(); ++i) {
        const QString& path = recent[i];
        QAction* a = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this, [this, path] { openFile(path); });
        a->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().value(0).isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    openFile(urls.front().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A normal exit deletes the autosave: unsaved inputs would be gone, so ask first.
    if (isWindowModified()) {
        const QMessageBox::StandardButton answer = QMessageBox::question(this, tr("Unsaved Changes"),
            tr("The inputs have changed since the session was last saved. Save them as a session before closing?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Save)
            saveSessionDialog(false);
        if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && isWindowModified())) {
            event->ignore(); // cancelled, or the save was cancelled or failed
            return;
        }
    }
    saveSettings();
    m_worker->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray())) {
        // The first start: most of the screen, centred (the layout's minimum is cramped).
        if (const QScreen* screen = this->screen()) {
            const QRect available = screen->availableGeometry();
            const QSize size = (available.size() * 0.85).expandedTo(minimumSizeHint()).boundedTo(available.size());
            setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
        }
    }
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        splitter->restoreState(settings.value(QStringLiteral("splitter")).toByteArray());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("currentView"), 0).toInt());
    setTheme(settings.value(QStringLiteral("theme"), QStringLiteral("system")).toString());
    rebuildRecentMenu();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        settings.setValue(QStringLiteral("splitter"), splitter->saveState());
    settings.setValue(QStringLiteral("currentView"), m_tabs->currentIndex());
    if (QAction* a = m_themeGroup->checkedAction())
        settings.setValue(QStringLiteral("theme"), a->data());
}

void MainWindow::setTheme(const QString& theme)
{
    static const QPalette systemPalette = QApplication::palette();
    static QString systemStyle = QApplication::style()->name();
    if (theme == QLatin1String("dark")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
    } else if (theme == QLatin1String("light")) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    } else {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
    }
    for (QAction* a : m_themeGroup->actions())
        a->setChecked(a->data().toString() == theme);
}
