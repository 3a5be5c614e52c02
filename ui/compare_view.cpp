// SPDX-License-Identifier: GPL-3.0-or-later
// CompareView's plans, texts and layout; its painting is in compare_view_paint.cpp.
#include "compare_view.h"

#include "compare_view_style.h"
#include "cost/pipeline_schedule.h"
#include "label_layout.h"
#include "memory_chart.h"
#include "partition/plan_ties.h"
#include "plan_text.h"
#include "stage_map_view.h"
#include "timeline_view.h"

#include <QBarSet>
#include <QFontMetricsF>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

using namespace shardscope;
using namespace compare_view;

CompareView::CompareView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    m_columns.emplace_back(); // the baseline's slot
    // The memory bars in the memory chart's colours (its chart theme's, the same in light and dark).
    MemoryChartView chart;
    for (QBarSet* set : chart.barSets())
        m_memoryColours.append(set->color());
}

CompareView::~CompareView() = default;

CompareView::Column CompareView::makeColumn(
    const PlanEstimate& plan, const ModelGraph& model, const QString& label)
{
    Column c;
    c.plan = plan;
    c.label = label;
    for (const Layer& layer : model.layers())
        c.layerBlocks.push_back(layer.block);
    c.stages = new StageMapView(this);
    c.stages->hide();
    c.timeline = new TimelineView(this);
    c.timeline->hide();
    if (plan.stages.empty()) {
        c.stages->clearPlan();
        c.timeline->clearTimeline(tr("No schedule: the layout cannot run"));
        return c;
    }
    c.stages->setPlan(plan, model);
    // Forward and backward per micro-batch, chunk and stage (and W in zero-bubble schedules): past
    // kMaxTimelinePasses a column's timeline would be a solid block.
    const double passes = (isZeroBubble(plan.config.schedule) ? 3.0 : 2.0) * plan.numMicroBatches
        * plan.config.pp * std::max(1, plan.config.vpp);
    if (passes > kMaxTimelinePasses) {
        c.timeline->clearTimeline(tr("%1 micro-batches on %2 stages: too many passes to draw")
                                      .arg(plan.numMicroBatches)
                                      .arg(plan.config.pp));
        return c;
    }
    try {
        c.timeline->setTimeline(planTimeline(plan), plan.config.recompute);
    } catch (const std::exception& e) {
        c.timeline->clearTimeline(tr("No schedule: %1").arg(QString::fromUtf8(e.what())));
    }
    return c;
}

void CompareView::destroyColumn(Column& column)
{
    delete column.stages;
    delete column.timeline;
    column.stages = nullptr;
    column.timeline = nullptr;
}

void CompareView::setBaseline(const PlanEstimate& plan, const ModelGraph& model, const QString& label)
{
    destroyColumn(m_columns.front());
    m_columns.front() = makeColumn(plan, model, label.isEmpty() ? tr("Baseline") : label);
    m_hasBaseline = true;
    rebuild();
}

void CompareView::clearBaseline()
{
    destroyColumn(m_columns.front());
    m_columns.front() = Column {};
    m_hasBaseline = false;
    rebuild();
}

QString CompareView::addPlan(const PlanEstimate& plan, const ModelGraph& model, const QString& label)
{
    if (planCount() >= kMaxComparedPlans)
        return tr("At most %1 plans are compared with the baseline: remove one before adding another.")
            .arg(kMaxComparedPlans);
    for (int i = 0; i < int(m_columns.size()); ++i)
        if ((i > 0 || m_hasBaseline) && m_columns[std::size_t(i)].plan.config == plan.config)
            return i == 0 ? tr("This plan is the baseline.") : tr("This plan is already compared.");
    m_columns.push_back(
        makeColumn(plan, model, label.isEmpty() ? tr("Plan %1").arg(planCount() + 1) : label));
    rebuild();
    return {};
}

bool CompareView::removePlan(int index)
{
    if (index < 0 || index >= planCount()) return false;
    destroyColumn(m_columns[std::size_t(index + 1)]);
    m_columns.erase(m_columns.begin() + index + 1);
    rebuild();
    return true;
}

void CompareView::clearPlans()
{
    for (std::size_t i = 1; i < m_columns.size(); ++i)
        destroyColumn(m_columns[i]);
    m_columns.resize(1);
    rebuild();
}

const PlanEstimate& CompareView::plan(int column) const
{
    return m_columns.at(std::size_t(column)).plan;
}

QStringList CompareView::columnLabels() const
{
    QStringList out;
    for (const Column& c : m_columns)
        out << c.label;
    return out;
}

void CompareView::setPredictionError(const CalibrationInfo& calibration)
{
    if (m_calibration == calibration) return;
    m_calibration = calibration;
    rebuild();
}

QString CompareView::bandText() const
{
    const double within = 100 * tieRuleFor(m_calibration).relativeTolerance;
    return m_calibration.calibrated()
        ? tr("predicted times %1: step-time changes under %2 % are within error")
              .arg(QString::fromStdString(m_calibration.errorText()), QLocale().toString(within, 'g', 3))
        : tr("predicted times uncalibrated on this GPU: step-time changes under %1 % are within error")
              .arg(QLocale().toString(within, 'g', 3));
}

void CompareView::rebuild()
{
    m_comparison = {};
    if (m_hasBaseline) {
        std::vector<PlanEstimate> others;
        for (std::size_t i = 1; i < m_columns.size(); ++i)
            others.push_back(m_columns[i].plan);
        m_comparison = comparePlans(m_columns.front().plan, others, tieRuleFor(m_calibration).relativeTolerance);
    }
    const double range = timeRangeSeconds();
    for (const Column& c : m_columns)
        if (c.timeline) c.timeline->setTimeRange(range);
    updateGeometry(); // the minimum grows with the columns and the table's rows
    update();
}

double CompareView::timeRangeSeconds() const
{
    double range = 0;
    for (const Column& c : m_columns)
        if (!c.plan.stages.empty() && c.timeline) {
            range = std::max(range, c.plan.time.stepSeconds);
            range = std::max(range, c.timeline->timeline().makespan);
        }
    return range;
}

const TimelineView* CompareView::timeline(int column) const
{
    return column >= 0 && column < int(m_columns.size()) ? m_columns[std::size_t(column)].timeline : nullptr;
}

const StageMapView* CompareView::stageMap(int column) const
{
    return column >= 0 && column < int(m_columns.size()) ? m_columns[std::size_t(column)].stages : nullptr;
}

QString CompareView::metricName(ComparisonMetric metric)
{
    switch (metric) {
    case ComparisonMetric::StepSeconds:
        return tr("Step time");
    case ComparisonMetric::TokensPerSecond:
        return tr("Tokens/s");
    case ComparisonMetric::Mfu:
        return tr("MFU");
    case ComparisonMetric::Hfu:
        return tr("HFU");
    case ComparisonMetric::BubbleFraction:
        return tr("Pipeline bubble");
    case ComparisonMetric::PeakMemoryBytes:
        return tr("Peak memory per GPU");
    case ComparisonMetric::UsableMemoryBytes:
        return tr("Usable memory per GPU");
    case ComparisonMetric::MemoryHeadroomBytes:
        return tr("Memory headroom");
    case ComparisonMetric::ExposedCommSeconds:
        return tr("Exposed communication");
    case ComparisonMetric::TpCommSeconds:
        return tr("TP communication");
    case ComparisonMetric::PpCommSeconds:
        return tr("PP communication");
    case ComparisonMetric::CpCommSeconds:
        return tr("CP communication");
    case ComparisonMetric::EpCommSeconds:
        return tr("EP all-to-all");
    case ComparisonMetric::DpExposedSeconds:
        return tr("DP communication exposed");
    case ComparisonMetric::DpCommSeconds:
        return tr("DP traffic (before overlap)");
    case ComparisonMetric::ComputeImbalance:
        return tr("Compute imbalance");
    case ComparisonMetric::MicroBatches:
        return tr("Micro-batches per step");
    }
    return {};
}

QString CompareView::rowName(int row) const
{
    return row >= 0 && row < rowCount() ? metricName(m_comparison.rows[std::size_t(row)].metric) : QString();
}

QString CompareView::valueText(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= m_comparison.planCount) return {};
    const ComparisonRow& r = m_comparison.rows[std::size_t(row)];
    const ComparisonCell& cell = r.cells[std::size_t(column)];
    return cell.value ? formatValue(r.unit, *cell.value) : QStringLiteral("–");
}

QString CompareView::deltaText(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column <= 0 || column >= m_comparison.planCount) return {};
    const ComparisonRow& r = m_comparison.rows[std::size_t(row)];
    const ComparisonCell& cell = r.cells[std::size_t(column)];
    if (!cell.delta) return {};
    QString text = formatDelta(r.unit, *cell.delta);
    if (cell.relative && r.unit != MetricUnit::Fraction)
        text = tr("%1 (%2)").arg(text, formatRelative(*cell.relative));
    if (cell.verdict == Verdict::WithinError)
        text = tr("%1, within error").arg(text);
    return text;
}

QColor CompareView::deltaColour(int row, int column) const
{
    const QColor text = palette().color(QPalette::Text);
    if (row < 0 || row >= rowCount() || column <= 0 || column >= m_comparison.planCount) return text;
    const ComparisonRow& r = m_comparison.rows[std::size_t(row)];
    const ComparisonCell& cell = r.cells[std::size_t(column)];
    // A change that rounds to nothing in the digits shown is drawn as none.
    if (!cell.delta
        || !formatDelta(r.unit, *cell.delta).contains(QRegularExpression(QStringLiteral("[1-9]"))))
        return text;
    switch (cell.verdict) {
    case Verdict::Better:
        return betterColour();
    case Verdict::Worse:
        return worseColour();
    default:
        return text;
    }
}

QColor CompareView::betterColour() const
{
    return isDark(palette()) ? kBetterDark : kBetterLight;
}
QColor CompareView::worseColour() const
{
    return isDark(palette()) ? kWorseDark : kWorseLight;
}

QString CompareView::title() const
{
    if (!m_hasBaseline) return tr("Pin a baseline to compare plans with it");
    if (planCount() == 0)
        return tr("Baseline only: add up to %1 plans to compare with it").arg(kMaxComparedPlans);
    const ComparisonRow* step = m_comparison.row(ComparisonMetric::StepSeconds);
    int fastest = -1;
    for (int i = 0; i < m_comparison.planCount; ++i) {
        const auto& v = step->cells[std::size_t(i)].value;
        if (v && *v > 0 && (fastest < 0 || *v < *step->cells[std::size_t(fastest)].value)) fastest = i;
    }
    if (fastest < 0) return compactTitle();
    if (fastest == 0)
        return tr("%1: the baseline is the fastest, %2 per step; %3")
            .arg(compactTitle(), formatValue(MetricUnit::Seconds, *step->cells[0].value), bandText());
    const ComparisonCell& cell = step->cells[std::size_t(fastest)];
    return tr("%1: the fastest, %2, takes %3 per step")
               .arg(compactTitle(), m_columns[std::size_t(fastest)].label,
                   formatValue(MetricUnit::Seconds, *cell.value))
        + (cell.relative ? tr(" (%1 against the baseline)").arg(formatRelative(*cell.relative)) : QString())
        + (cell.verdict == Verdict::WithinError ? tr(", within error") : QString()) + tr("; %1").arg(bandText());
}

QString CompareView::compactTitle() const
{
    if (!m_hasBaseline) return tr("No baseline");
    return planCount() == 1 ? tr("Baseline and 1 plan") : tr("Baseline and %1 plans").arg(planCount());
}

CompareView::ChildGeometry CompareView::childGeometry(const QRectF& rect)
{
    ChildGeometry g;
    g.scale = std::min(1.0, rect.width() / kMinViewWidth);
    g.size = rect.size() / g.scale;
    return g;
}

QStringList CompareView::configLines(int column, double width) const
{
    const Column& c = m_columns[std::size_t(column)];
    if (column == 0 && !m_hasBaseline) return {};
    const QFontMetricsF fm(font());
    QStringList lines;
    QString line;
    for (const QString& part : PlanText::describe(c.plan.config).split(QStringLiteral(" · "))) {
        const QString longer = line.isEmpty() ? part : line + QStringLiteral(" · ") + part;
        if (!line.isEmpty() && fm.horizontalAdvance(longer) > width) {
            lines << line;
            line = part;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty()) lines << line;
    return lines;
}

QString CompareView::statusText(int column) const
{
    const PlanEstimate& p = m_columns[std::size_t(column)].plan;
    if (p.stages.empty()) return tr("Cannot run: %1").arg(QString::fromStdString(p.infeasibleReason));
    if (!p.feasible) return tr("Does not fit: %1").arg(QString::fromStdString(p.infeasibleReason));
    return tr("Fits in memory");
}

double CompareView::headerHeight(double width) const
{
    const QFontMetricsF fm(font());
    double lines = 0;
    for (int i = 0; i < int(m_columns.size()); ++i) {
        if (i == 0 && !m_hasBaseline) continue;
        const QRectF status = fm.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, statusText(i));
        lines = std::max(
            lines, 1 + configLines(i, width).size() + std::ceil(status.height() / fm.height() - 0.01));
    }
    return lines * fm.height() + 8;
}

CompareView::Layout CompareView::layout(QSizeF size) const
{
    const QFontMetricsF fm(font());
    Layout l;
    double names = 0;
    for (const ComparisonRow& r : m_comparison.rows)
        names = std::max(names, fm.horizontalAdvance(metricName(r.metric)));
    for (const QString& s : sectionNames())
        names = std::max(names, fm.horizontalAdvance(s));
    l.left = kMargin + names + kGap;
    const int columns = int(m_columns.size());
    l.columnWidth = std::max(1.0, (size.width() - l.left - kMargin) / columns);
    l.headerTop = kTitleHeight;
    l.headerHeight = headerHeight(l.columnWidth - 2 * kPad);
    l.rowHeight = fm.height() + 3;
    l.tableTop = l.headerTop + l.headerHeight;
    const double tableBottom = l.tableTop + rowCount() * l.rowHeight + kGap;
    // The rest: memory bars with their legend, stage maps and timelines, by these shares.
    const double legend = memoryLegend(size.width() - l.left - kMargin).height() + 6;
    // Each section its minimum (minimumSizeHint makes room for them all), and of the height beyond those, memory a
    // fifth, the stages 42 % and the timelines the rest.
    const double least = kMinMemoryHeight + kMinStagesHeight + kMinTimelineHeight;
    const double rest = std::max(least, size.height() - tableBottom - legend - kMargin - 2 * kGap);
    const double extra = rest - least;
    l.memoryTop = tableBottom;
    l.memoryHeight = kMinMemoryHeight + extra * 0.2;
    l.memoryLegendTop = l.memoryTop + l.memoryHeight;
    l.stagesTop = l.memoryLegendTop + legend + kGap;
    l.stagesHeight = kMinStagesHeight + extra * 0.42;
    // Stage lists (where a stage map would not show every stage) take the height their rows need; the
    // timelines the rest.
    l.stageLists = !stageMapsFit(l);
    if (l.stageLists) {
        int stages = 0;
        for (const Column& c : m_columns)
            stages = std::max(stages, int(c.plan.stages.size()));
        l.stagesHeight = std::min(l.stagesHeight, 3 * fm.height() + 14 + stages * (fm.height() + 1));
    }
    l.timelineTop = l.stagesTop + l.stagesHeight + kGap;
    l.timelineHeight = rest - l.memoryHeight - l.stagesHeight; // at least kMinTimelineHeight
    return l;
}

QSize CompareView::minimumSizeHint() const
{
    const QFontMetricsF fm(font());
    double names = 0;
    for (const ComparisonRow& r : m_comparison.rows)
        names = std::max(names, fm.horizontalAdvance(metricName(r.metric)));
    for (const QString& s : sectionNames())
        names = std::max(names, fm.horizontalAdvance(s));
    const double width = kMargin + names + kGap + double(m_columns.size()) * kMinColumnWidth + kMargin;
    // The layout at that width, as short as it goes: its timelines end at the least height.
    const Layout l = layout(QSizeF(width, 0));
    return QSize(int(std::ceil(width)), int(std::ceil(l.timelineTop + l.timelineHeight + kMargin))).expandedTo(QSize(640, 480));
}

CompareView::Sections CompareView::sections(QSizeF size) const
{
    const Layout l = layout(size);
    const double width = size.width() - l.left - kMargin;
    return { QRectF(l.left, l.tableTop, width, l.memoryTop - l.tableTop), QRectF(l.left, l.memoryTop, width, l.memoryHeight),
             QRectF(l.left, l.stagesTop, width, l.stagesHeight), QRectF(l.left, l.timelineTop, width, l.timelineHeight) };
}

QRectF CompareView::columnRect(const Layout& l, int column, double top, double height) const
{
    return QRectF(l.left + column * l.columnWidth + 2, top, l.columnWidth - 4, height);
}

QString CompareView::toolTipAt(QPointF pos, QSizeF size) const
{
    if (!m_hasBaseline) return {};
    const Layout l = layout(size);
    const int column = int(std::floor((pos.x() - l.left) / l.columnWidth));
    if (column < 0 || column >= int(m_columns.size())) return {};
    const Column& c = m_columns[std::size_t(column)];
    const QRectF stages = columnRect(l, column, l.stagesTop, l.stagesHeight);
    if (stages.contains(pos) && c.stages) {
        const ChildGeometry g = childGeometry(stages);
        return c.stages->toolTipAt((pos - stages.topLeft()) / g.scale, g.size);
    }
    const QRectF timeline = columnRect(l, column, l.timelineTop, l.timelineHeight);
    if (timeline.contains(pos) && c.timeline) {
        const ChildGeometry g = childGeometry(timeline);
        return c.timeline->toolTipAt((pos - timeline.topLeft()) / g.scale, g.size);
    }
    if (pos.y() >= l.headerTop && pos.y() < l.tableTop)
        return c.label + QLatin1Char('\n') + statusText(column);
    const int row = int(std::floor((pos.y() - l.tableTop) / l.rowHeight));
    if (pos.y() >= l.tableTop && row >= 0 && row < rowCount()) {
        const QString delta = deltaText(row, column);
        return delta.isEmpty() ? tr("%1 of %2: %3").arg(rowName(row), c.label, valueText(row, column))
                               : tr("%1 of %2: %3, %4 against the baseline")
                                     .arg(rowName(row), c.label, valueText(row, column), delta);
    }
    return {};
}

Figure CompareView::figure(const QString& subtitle) const
{
    Figure f;
    f.title = tr("Plan comparison");
    f.subtitle = subtitle;
    f.viewSize = QSizeF(size().expandedTo(sizeHint()).expandedTo(minimumSizeHint()));
    f.paint = [this](QPainter& p, QSizeF s) { render(p, s); };
    return f;
}
