// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_controller.h"

#include "compare_view.h"
#include "partition/plan_comparison.h"
#include "partition/plan_config_text.h"
#include "plan_table_panel.h"
#include "plan_views.h"
#include "planning_controller.h"
#include "util/input_error.h"

#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QMessageBox>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

using namespace shardscope;

CompareController::CompareController(PlanningController* planning, PlanViews* views, QObject* parent)
    : QObject(parent)
    , m_planning(planning)
    , m_views(views)
    , m_page(new QWidget)
    , m_view(new CompareView)
    , m_pin(new QAction(tr("Pin as &Baseline"), this))
    , m_pinConfig(new QAction(tr("Pin Baseline by &Configuration…"), this))
    , m_add(new QAction(tr("Co&mpare With Baseline"), this))
    , m_remove(new QAction(tr("&Remove From Comparison"), this))
    , m_clear(new QAction(tr("C&lear Comparison"), this))
{
    m_pin->setToolTip(tr("Compare other plans against the selected plan"));
    m_pinConfig->setToolTip(
        tr("Compare against a layout given by its configuration, e.g. the one your team runs today"));
    m_add->setToolTip(
        tr("Show the selected plan beside the baseline (up to %1 plans)").arg(kMaxComparedPlans));
    m_remove->setToolTip(tr("Take the selected plan out of the comparison"));
    m_clear->setToolTip(tr("Remove the baseline and every compared plan"));
    connect(m_pin, &QAction::triggered, this, [this] { pinSelected(); });
    connect(m_pinConfig, &QAction::triggered, this, &CompareController::pinConfigDialog);
    connect(m_add, &QAction::triggered, this, [this] { addSelected(); });
    connect(m_remove, &QAction::triggered, this, [this] { removeSelected(); });
    connect(m_clear, &QAction::triggered, this, &CompareController::clear);

    // A tool bar: on a narrow window the actions that do not fit go behind its extension button.
    auto* buttons = new QToolBar;
    buttons->setToolButtonStyle(Qt::ToolButtonTextOnly);
    buttons->addActions(actions());
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(m_page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buttons);
    layout->addWidget(scroll, 1);

    PlanViews::Page page;
    page.widget = m_page;
    page.name = QStringLiteral("compare");
    page.tabText = tr("Com&pare");
    page.toolTip = tr("A pinned baseline and up to %1 plans side by side: their numbers with the changes, "
                      "memory, stages and schedules on one time axis.")
                       .arg(kMaxComparedPlans);
    page.figureTitle = tr("Plan comparison");
    page.paint = [this](QPainter& painter, QSizeF size) { m_view->render(painter, size); };
    // The view's own size (not the page's, which holds the tool bar and a scroll area), at least its hints: File >
    // Export View draws what `shardscope render --view compare` draws.
    page.exportSize = [this] { return m_view->figure(QString()).viewSize; };
    m_views->addPage(std::move(page));

    connect(m_planning, &PlanningController::planShown, this, &CompareController::refresh);
    connect(m_planning, &PlanningController::selectionChanged, this, &CompareController::updateActions);
    refresh();
}

QList<QAction*> CompareController::actions() const
{
    return { m_pin, m_pinConfig, m_add, m_remove, m_clear };
}

void CompareController::addTableActions(PlanTablePanel* panel)
{
    QTableView* table = panel->table();
    if (table->contextMenuPolicy() == Qt::DefaultContextMenu)
        table->setContextMenuPolicy(Qt::ActionsContextMenu);
    table->addActions({ m_pin, m_add, m_remove });
}

QString CompareController::report(const QString& message)
{
    if (!message.isEmpty()) emit statusMessage(message);
    return message;
}

void CompareController::showPage()
{
    m_views->tabs()->setCurrentWidget(m_page);
}

QString CompareController::pinSelected()
{
    const PlanEstimate* plan = m_planning->selectedPlan();
    if (!plan) return report(tr("Select a plan to pin as the baseline."));
    return pinBaseline(plan->config);
}

QString CompareController::pinConfig(const QString& text, const QString& source)
{
    const auto request = m_planning->shownRequest();
    if (!request) return report(tr("Plan a model first: the baseline is evaluated for its inputs."));
    try {
        return pinBaseline(
            parsePlanConfig(text.toStdString(), request->problem.cluster.totalGpus(), source.toStdString()));
    } catch (const InputError& e) {
        return report(QString::fromUtf8(e.what()));
    }
}

QString CompareController::pinBaseline(const ParallelConfig& config)
{
    m_plans.erase(std::remove(m_plans.begin(), m_plans.end(), config), m_plans.end());
    m_baseline = config;
    refresh();
    showPage();
    return report(QString());
}

QString CompareController::addSelected()
{
    const PlanEstimate* plan = m_planning->selectedPlan();
    if (!plan) return report(tr("Select a plan to compare with the baseline."));
    return addConfig(plan->config);
}

std::optional<ParallelConfig> CompareController::rankedConfig(int rank) const
{
    const PlanningOutcome* outcome = m_planning->outcome();
    if (!outcome || rank < 1 || rank > int(outcome->order.size())) return std::nullopt;
    return outcome->search.candidates[outcome->order[std::size_t(rank - 1)]].config;
}

QString CompareController::addRank(int rank)
{
    const auto config = rankedConfig(rank);
    if (!config) {
        const PlanningOutcome* outcome = m_planning->outcome();
        return report(tr("There is no plan of rank %1: %2 plans are ranked.")
                          .arg(rank)
                          .arg(outcome ? int(outcome->order.size()) : 0));
    }
    return addConfig(*config);
}

QString CompareController::addConfig(const ParallelConfig& config)
{
    const PlanEvaluator* evaluator = m_planning->evaluator();
    const auto request = m_planning->shownRequest();
    if (!evaluator || !request) return report(tr("Plan a model first."));
    // The view says whether it takes one more (at most kMaxComparedPlans, no plan twice).
    const QString refused
        = m_view->addPlan(evaluator->evaluate(config), request->problem.model, rankLabel(config));
    if (!refused.isEmpty()) return report(refused);
    m_plans.push_back(config);
    refresh();
    showPage();
    return report(QString());
}

QString CompareController::removeSelected()
{
    const PlanEstimate* plan = m_planning->selectedPlan();
    if (!plan) return report(tr("Select a plan to remove from the comparison."));
    const auto it = std::find(m_plans.begin(), m_plans.end(), plan->config);
    if (it != m_plans.end()) {
        m_plans.erase(it);
    } else if (m_baseline == plan->config) {
        m_baseline.reset();
    } else {
        return report(tr("The selected plan is not in the comparison."));
    }
    refresh();
    return report(QString());
}

void CompareController::clear()
{
    m_baseline.reset();
    m_plans.clear();
    refresh();
}

QString CompareController::rankLabel(const ParallelConfig& config) const
{
    const PlanningOutcome* outcome = m_planning->outcome();
    if (outcome)
        for (std::size_t i = 0; i < outcome->order.size(); ++i)
            if (outcome->search.candidates[outcome->order[i]].config == config)
                return tr("Rank %1").arg(i + 1);
    return tr("Not ranked");
}

void CompareController::refresh()
{
    m_view->clearPlans();
    m_view->clearBaseline();
    const PlanEvaluator* evaluator = m_planning->evaluator();
    const auto request = m_planning->shownRequest();
    if (evaluator && request) {
        const ModelGraph& model = request->problem.model;
        m_view->setPredictionError(request->problem.cluster.gpu.calibration);
        if (m_baseline) {
            const QString rank = rankLabel(*m_baseline);
            m_view->setBaseline(evaluator->evaluate(*m_baseline), model, tr("Baseline (%1)").arg(rank));
        }
        for (const ParallelConfig& c : m_plans)
            m_view->addPlan(evaluator->evaluate(c), model, rankLabel(c));
    }
    updateActions();
}

void CompareController::updateActions()
{
    const PlanEstimate* selected = m_planning->selectedPlan();
    const bool compared = selected
        && (m_baseline == selected->config
            || std::find(m_plans.begin(), m_plans.end(), selected->config) != m_plans.end());
    m_pin->setEnabled(selected != nullptr);
    m_pinConfig->setEnabled(bool(m_planning->shownRequest()));
    m_add->setEnabled(selected && !compared);
    m_remove->setEnabled(compared);
    m_clear->setEnabled(m_baseline || !m_plans.empty());
}

void CompareController::pinConfigDialog()
{
    const PlanEstimate* selected = m_planning->selectedPlan();
    QString text = m_baseline ? QString::fromStdString(planConfigText(*m_baseline))
        : selected            ? QString::fromStdString(planConfigText(selected->config))
                              : QString();
    for (;;) {
        bool ok = false;
        text = QInputDialog::getText(m_page->window(), tr("Pin Baseline by Configuration"),
            tr("The layout to compare against, as key=value pairs separated by commas\n"
               "(tp, pp, dp, cp, vpp, mb, zero, recompute, sp, schedule, ...; dp defaults to the GPUs "
               "left):"),
            QLineEdit::Normal, text, &ok);
        if (!ok) return;
        const QString error = pinConfig(text);
        if (error.isEmpty()) return;
        QMessageBox::warning(m_page->window(), tr("Pin Baseline by Configuration"), error);
    }
}

Figure CompareController::figure() const
{
    QString subtitle;
    if (const auto request = m_planning->shownRequest()) {
        const PlanningProblem& p = request->problem;
        subtitle = tr("%1 on %2 x %3, sequence %4, global batch %5")
                       .arg(QString::fromStdString(p.model.name()))
                       .arg(p.cluster.totalGpus())
                       .arg(QString::fromStdString(p.cluster.gpu.name))
                       .arg(p.training.seqLength)
                       .arg(p.training.globalBatch);
        if (m_baseline)
            subtitle += tr(" — baseline %1").arg(QString::fromStdString(planConfigText(*m_baseline)));
    }
    return m_view->figure(subtitle);
}
