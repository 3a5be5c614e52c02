// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's pages beyond the selected plan's views (issue 15): the explorer of every candidate and the
// sweeps. Each is a PlanViews page wired to the planning controller here.
#include "main_window.h"

#include "explorer_panel.h"
#include "explorer_view.h"
#include "input_panel.h"
#include "plan_views.h"
#include "planning_controller.h"
#include "sweep_panel.h"
#include "sweep_view.h"

#include <QSpinBox>

using namespace shardscope;

void MainWindow::addExplorerPage()
{
    m_explorer = new ExplorerPanel;
    ExplorerView* view = m_explorer->view();
    PlanViews::Page page;
    page.widget = m_explorer;
    page.name = QStringLiteral("explorer");
    page.tabText = tr("E&xplorer");
    page.toolTip = tr("Every plan the search evaluated as a point: pick the axes and the colouring, see the Pareto "
                      "front, click a point to select its plan, drag a rectangle to filter the plan table.");
    page.figureTitle = tr("Every plan searched");
    page.paint = [view](QPainter& painter, QSizeF size) { view->render(painter, size); };
    m_views->addPage(std::move(page));
    connect(m_planning, &PlanningController::outcomeChanged, view, [this, view] {
        m_planning->setCandidateFilter(std::nullopt); // a new search: the old rectangle means nothing
        view->setOutcome(m_planning->sharedOutcome());
    });
    connect(m_planning, &PlanningController::selectionChanged, view,
            [this, view] { view->setSelectedCandidate(m_planning->selectedCandidate()); });
    connect(view, &ExplorerView::candidateClicked, m_planning, &PlanningController::selectCandidate);
    connect(view, &ExplorerView::filterChanged, m_planning,
            [this](const std::vector<std::uint32_t>& candidates) { m_planning->setCandidateFilter(candidates); });
    connect(view, &ExplorerView::filterCleared, m_planning, [this] { m_planning->setCandidateFilter(std::nullopt); });
}

void MainWindow::addSweepPage()
{
    m_sweep = new SweepPanel;
    m_sweep->setInputsProvider([this]() -> std::optional<SweepInputs> {
        if (!m_inputs->hasModel())
            return std::nullopt;
        try {
            const PlanRequest request = m_planning->currentRequest();
            return SweepInputs { request.problem, request.strategy, request.weights, m_inputs->budget() };
        } catch (const std::exception& e) {
            showError(tr("The sweep cannot start: %1").arg(QString::fromUtf8(e.what())));
            return std::nullopt;
        }
    });
    PlanViews::Page page;
    page.widget = m_sweep;
    page.name = QStringLiteral("sweep");
    page.tabText = tr("S&weep");
    page.toolTip = tr("The best plan at every GPU count, global batch or sequence length: throughput, MFU, bubble, "
                      "step time and memory, with the smallest cluster that fits marked.");
    page.figureTitle = tr("Best plan by cluster size");
    SweepPanel* sweep = m_sweep;
    page.paint = [sweep](QPainter& painter, QSizeF size) { sweep->view()->render(painter, size); };
    m_views->addPage(std::move(page));
    // A click on a point plans it: the form takes the point's value and the search follows.
    connect(m_sweep, &SweepPanel::pointActivated, this, [this](SweepAxis axis, qint64 value) {
        switch (axis) {
        case SweepAxis::Gpus:
            m_inputs->nodesBox()->setValue(int(value / std::max(1, m_inputs->cluster().gpusPerNode)));
            break;
        case SweepAxis::GlobalBatch:
            m_inputs->globalBatchBox()->setValue(int(value));
            break;
        case SweepAxis::SeqLength:
            m_inputs->seqBox()->setValue(int(value));
            break;
        }
    });
}
