// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_controller.h"

#include "atomic_save.h"
#include "export/plan_json.h"
#include "plan_views.h"
#include "planning_controller.h"

#include <QFileDialog>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>
#include <memory>

using namespace shardscope;

namespace {

/// Writes the plan file for `outcome` of `problem` (what the plan export runs, on any thread).
QString writePlanFile(const QString& path, const PlanningProblem& problem, Strategy strategy,
    const ScoreWeights& weights, const PlanningOutcome& outcome, const std::string& generator)
{
    std::string text;
    try {
        text = writePlanJson(makePlanDocument(problem, strategy, weights, outcome, generator));
    } catch (const std::exception& e) {
        return ExportController::tr("%1: the plan could not be written: %2")
            .arg(path, QString::fromUtf8(e.what()));
    }
    if (const QString reason = saveFileAtomically(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        return ExportController::tr("%1: cannot write: %2").arg(path, reason);
    return {};
}

std::string generator()
{
    return "ShardScope " + QCoreApplication::applicationVersion().toStdString();
}

} // namespace

ExportController::ExportController(
    PlanningController* planning, PlanViews* views, QWidget* window, QObject* parent)
    : QObject(parent)
    , m_planning(planning)
    , m_views(views)
    , m_window(window)
{
    connect(
        this, &ExportController::planJsonExported, this, [this](const QString& path, const QString& error) {
            if (!error.isEmpty())
                emit errorRaised(error);
            else
                emit statusMessage(tr("Plan written to %1").arg(path));
        });
}

ExportController::~ExportController()
{
    for (QFutureWatcherBase* running : findChildren<QFutureWatcherBase*>())
        running->waitForFinished();
}

QString ExportController::exportPlanJson(const QString& path) const
{
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    const PlanningOutcome* outcome = m_planning->outcome();
    if (!outcome || !request) return tr("There is no plan to export yet.");
    return writePlanFile(path, request->problem, request->strategy, request->weights, *outcome, generator());
}

void ExportController::exportPlanJsonInBackground(const QString& path)
{
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, path] {
        emit planJsonExported(path, watcher->result());
        watcher->deleteLater();
    });
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    const PlanningOutcome* outcome = m_planning->outcome();
    if (!outcome || !request) {
        watcher->setFuture(QtFuture::makeReadyFuture(tr("There is no plan to export yet.")));
        return;
    }
    // Copies of what is on screen: the GUI re-ranks the outcome in place and may search again meanwhile
    // (the request's problem never changes, its strategy and weights do).
    watcher->setFuture(QtConcurrent::run(
        [path, request, strategy = request->strategy, weights = request->weights,
            outcome = std::make_shared<const PlanningOutcome>(*outcome), gen = generator()] {
            return writePlanFile(path, request->problem, strategy, weights, *outcome, gen);
        }));
}

QString ExportController::exportLaunchConfig(const QString& path, LaunchFormat format) const
{
    const std::shared_ptr<const PlanRequest> shown = m_planning->shownRequest();
    const PlanningOutcome* outcome = m_planning->outcome();
    const PlanEstimate* selected = m_planning->selectedPlan();
    if (!outcome || !shown || !selected) return tr("There is no plan to export yet.");
    std::string text;
    try {
        // A document holding just the selected plan, with its rank in the current ranking (no graph
        // analysis or proposals: a launch config needs neither, and they would run on the GUI thread).
        PlanDocument doc;
        doc.generator = generator();
        doc.model = PlanModelSummary::from(shown->problem.model);
        doc.cluster = shown->problem.cluster;
        doc.training = shown->problem.training;
        doc.strategy = shown->strategy;
        doc.weights = shown->weights;
        int rank = 0;
        double score = 0;
        for (std::size_t i = 0; i < outcome->order.size(); ++i) {
            const PlanSummary& p = outcome->search.candidates[outcome->order[i]];
            if (p.config == selected->config) {
                rank = int(i) + 1;
                score = p.score;
                break;
            }
        }
        doc.search.candidatesEvaluated = outcome->search.candidates.size();
        doc.search.feasibleCount = outcome->search.feasibleCount;
        doc.search.elapsedSeconds = outcome->search.elapsedSeconds;
        doc.plans = { makeDocumentPlan(shown->problem.model, *selected, std::max(rank, 1), score) };
        text = writeLaunchConfig(doc, 0, format, path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    if (const QString reason = saveFileAtomically(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        return tr("%1: cannot write: %2").arg(path, reason);
    return {};
}

QString ExportController::exportView(int view, const QString& path, double scale) const
{
    return FigureExporter::write(path, m_views->figure(view), scale);
}

QString ExportController::exportWindow(const QString& path, double scale) const
{
    return FigureExporter::write(path, m_views->windowFigure(m_window), scale);
}

// ---- dialogs -------------------------------------------------------------------------------------

void ExportController::exportPlanDialog()
{
    const QString path
        = QFileDialog::getSaveFileName(m_window, tr("Export Plan JSON"), {}, tr("Plan files (*.json)"));
    if (!path.isEmpty())
        exportPlanJsonInBackground(path); // the graph analysis and the proposals run on a worker
}

void ExportController::exportLaunchConfigDialog()
{
    const QStringList formats { tr("Megatron-LM arguments (*.sh)"), tr("DeepSpeed config (*.json)"),
        tr("torchtitan job config (*.toml)") };
    bool ok = false;
    const QString choice = QInputDialog::getItem(
        m_window, tr("Export Launch Config"), tr("Framework:"), formats, 0, false, &ok);
    if (!ok) return;
    const int index = int(formats.indexOf(choice));
    const LaunchFormat format = index == 0 ? LaunchFormat::Megatron
        : index == 1                       ? LaunchFormat::DeepSpeed
                                           : LaunchFormat::Torchtitan;
    QFileDialog dialog(m_window, tr("Export Launch Config"),
        QSettings().value(QStringLiteral("lastDirectory")).toString(), choice);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(index == 0 ? QStringLiteral("sh")
            : index == 1               ? QStringLiteral("json")
                                       : QStringLiteral("toml"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
    const QString path = dialog.selectedFiles().front();
    if (const QString error = exportLaunchConfig(path, format); !error.isEmpty())
        emit errorRaised(error);
    else
        emit statusMessage(tr("Launch config written to %1").arg(path));
}

void ExportController::exportViewDialog(int view)
{
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export as PNG or SVG"), {}, FigureExporter::fileFilter());
    if (path.isEmpty()) return;
    double scale = 1;
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        bool ok = false;
        scale = QInputDialog::getDouble(
            m_window, tr("Export Scale"), tr("Scale (2 doubles the pixels for print):"), 2, 0.5, 8, 1, &ok);
        if (!ok) return;
    }
    const QString error = view < 0 ? exportWindow(path, scale) : exportView(view, path, scale);
    if (!error.isEmpty())
        emit errorRaised(error);
    else
        emit statusMessage(tr("Picture written to %1").arg(path));
}
