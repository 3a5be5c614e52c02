// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_views.h"

#include "communication_view.h"
#include "cost/pipeline_schedule.h"
#include "imbalance_view.h"
#include "memory_chart.h"
#include "painted_view.h"
#include "plan_table_model.h"
#include "plan_text.h"
#include "planning_controller.h"
#include "stage_map_view.h"
#include "timeline_view.h"

#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

using namespace shardscope;

namespace {

constexpr double kMaxTimelinePasses = 200000; // beyond this the Gantt is a solid block and slow to paint

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

PlanViews::PlanViews(PlanningController* planning, QWidget* parent)
    : QWidget(parent)
    , m_planning(planning)
    , m_title(new QLabel)
    , m_tabs(new QTabWidget)
    , m_memory(new MemoryChartView)
    , m_stageMap(new StageMapView)
    , m_timeline(new TimelineView)
    , m_imbalance(new ImbalanceView)
    , m_communication(new CommunicationView)
{
    m_title->setObjectName(QStringLiteral("planTitle"));
    m_title->setWordWrap(true);
    // The headline wraps to four lines in a 1280-pixel window: its minimum says so, so that a splitter or a short
    // window takes the room from elsewhere instead of squeezing the views under it.
    m_title->setMinimumHeight(4 * m_title->fontMetrics().lineSpacing() + 2 * m_title->margin());
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tabs, 1);
    addBuiltInPages();
    connect(planning, &PlanningController::selectionChanged, this, &PlanViews::selectionChanged);
}

void PlanViews::addBuiltInPages()
{
    addPage({ m_memory, builtInName(Memory), tr("&Memory"),
        tr("Bytes per GPU by what they hold, against the usable capacity."), tr("Memory per GPU"),
        [this](const PlanEstimate& plan, const PlanRequest&) { m_memory->setPlan(plan); },
        [this] { m_memory->clearPlan(); }, [this](QPainter& p, QSizeF s) { m_memory->render(p, s); }, {} });
    addPage({ m_stageMap, builtInName(Stages), tr("&Stages"),
        tr("Pipeline stages: their layers, their GPUs (TP x DP grid), memory and time."),
        tr("Pipeline stages"),
        [this](const PlanEstimate& plan, const PlanRequest& request) {
            m_stageMap->setPlan(plan, request.problem.model);
        },
        [this] { m_stageMap->clearPlan(); }, {}, {} });
    addPage({ m_timeline, builtInName(Timeline), tr("&Timeline"),
        tr("One training step's pipeline schedule: forward and backward passes per stage. The bubble is the "
           "time "
           "stages sit idle while the pipeline fills and drains."),
        tr("Pipeline schedule"), [this](const PlanEstimate& plan, const PlanRequest&) { showTimeline(plan); },
        [this] { m_timeline->setTimeline({}); }, {}, {} });
    addPage({ m_imbalance, builtInName(Imbalance), tr("&Imbalance"),
        tr("Time per micro-batch of each stage: the slowest stage sets the pace."), tr("Compute imbalance"),
        [this](const PlanEstimate& plan, const PlanRequest&) { m_imbalance->setPlan(plan); },
        [this] { m_imbalance->clearPlan(); }, {}, {} });
    addPage({ m_communication, builtInName(Communication), tr("&Communication"),
        tr("Tensor-, pipeline- and data-parallel communication of one step."), tr("Communication"),
        [this](const PlanEstimate& plan, const PlanRequest&) { m_communication->setPlan(plan); },
        [this] { m_communication->clearPlan(); }, {}, {} });
}

int PlanViews::addPage(Page page)
{
    const int index = m_tabs->addTab(page.widget, page.tabText);
    m_tabs->setTabToolTip(index, page.toolTip);
    if (!page.paint)
        if (auto* painted = qobject_cast<PaintedView*>(page.widget))
            page.paint = [painted](QPainter& p, QSizeF s) { painted->render(p, s); };
    m_pages.push_back(std::move(page));
    return index;
}

std::optional<int> PlanViews::find(const QString& name) const
{
    for (int i = 0; i < count(); ++i)
        if (m_pages[std::size_t(i)].name == name) return i;
    return std::nullopt;
}

QString PlanViews::builtInName(View view)
{
    static const char* const names[] = { "memory", "stages", "timeline", "imbalance", "communication" };
    return view >= 0 && view < BuiltInCount ? QString::fromLatin1(names[view]) : QString();
}

void PlanViews::selectionChanged(const PlanEstimate* plan)
{
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    if (plan && request) {
        for (const Page& page : m_pages)
            if (page.show) page.show(*plan, *request);
        const CalibrationInfo& calibration = request->problem.cluster.gpu.calibration;
        m_title->setText(PlanText::headline(*plan, calibration));
        m_title->setToolTip(plan->feasible ? PlanTableModel::errorToolTip(calibration) : QString());
        return;
    }
    for (const Page& page : m_pages)
        if (page.clear) page.clear();
    const PlanningOutcome* outcome = m_planning->outcome();
    // A candidate that passed the layout rules has its memory (PlanSummary::peakMemoryBytes); where none did, a
    // rule, not memory, blocked the search.
    const bool passedRules = outcome
        && std::any_of(outcome->search.candidates.begin(), outcome->search.candidates.end(),
                       [](const PlanSummary& s) { return s.feasible || s.peakMemoryBytes > 0; });
    if (outcome && outcome->search.feasibleCount == 0 && !m_planning->showInfeasible() && passedRules)
        m_title->setText(
            tr("<b>No plan fits in memory.</b> Tick \"Show plans that do not fit\" to see each one's reason, "
               "or add GPUs, shorten the sequence, or pin recomputation and ZeRO."));
    else if (outcome && outcome->search.feasibleCount == 0 && !m_planning->showInfeasible())
        m_title->setText(
            tr("<b>No layout passes the rules</b> (memory was not the limit): the banner above names the rule and the "
               "values it allows; tick \"Show plans that do not fit\" to see each layout's reason."));
    else
        m_title->setText(outcome ? tr("No plan is selected.") : QString());
    m_title->setToolTip(QString());
}

void PlanViews::showTimeline(const PlanEstimate& plan)
{
    // Forward and backward per micro-batch, chunk and stage, and the weight gradient apart in zero-bubble
    // schedules.
    const double passes = (isZeroBubble(plan.config.schedule) ? 3.0 : 2.0) * plan.numMicroBatches
        * plan.config.pp * std::max(1, plan.config.vpp);
    if (passes > kMaxTimelinePasses) {
        m_timeline->clearTimeline(
            tr("%1 micro-batches on %2 stages: too many passes to draw (%3); the bubble is %4 % of the step")
                .arg(plan.numMicroBatches)
                .arg(plan.config.pp)
                .arg(QLocale().toString(passes, 'f', 0))
                .arg(QLocale().toString(plan.bubbleFraction * 100, 'f', 1)));
        return;
    }
    try {
        m_timeline->setTimeline(planTimeline(plan), plan.config.recompute);
    } catch (const std::exception& e) {
        m_timeline->clearTimeline(tr("No schedule: %1").arg(QString::fromUtf8(e.what())));
    }
}

QString PlanViews::subtitle() const
{
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    if (!request) return {};
    const PlanningProblem& p = request->problem;
    QString text = tr("%1 on %2 x %3, sequence %4, global batch %5")
                       .arg(qs(p.model.name()))
                       .arg(p.cluster.totalGpus())
                       .arg(qs(p.cluster.gpu.name))
                       .arg(p.training.seqLength)
                       .arg(p.training.globalBatch);
    if (const PlanEstimate* plan = m_planning->selectedPlan())
        text += QStringLiteral(" — ") + PlanText::describe(plan->config);
    return text;
}

Figure PlanViews::figure(int index) const
{
    const Page& page = m_pages[std::size_t(index)];
    Figure f;
    f.subtitle = subtitle();
    f.viewSize = page.exportSize ? page.exportSize() : QSizeF(page.widget->size().expandedTo(page.widget->sizeHint()));
    f.paint = page.paint;
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    f.title
        = request ? tr("%1 — %2").arg(page.figureTitle, qs(request->problem.model.name())) : page.figureTitle;
    return f;
}

Figure PlanViews::windowFigure(QWidget* window) const
{
    const std::shared_ptr<const PlanRequest> request = m_planning->shownRequest();
    Figure f;
    f.title = tr("ShardScope — %1").arg(request ? qs(request->problem.model.name()) : tr("no model"));
    f.subtitle = subtitle();
    f.viewSize = window->size();
    f.paint = [window](QPainter& p, QSizeF) {
        window->render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    };
    return f;
}
