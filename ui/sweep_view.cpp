// SPDX-License-Identifier: GPL-3.0-or-later
// SweepView's data, geometry, texts and mouse; the drawing is in sweep_view_render.cpp.
#include "sweep_view.h"

#include "plan_text.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QLocale>
#include <QMouseEvent>
#include <algorithm>
#include <cmath>
#include <limits>

using namespace shardscope;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kMargin = 10; // around the grid of panels

} // namespace

ExplorerMetric SweepView::panelMetric(int panel)
{
    static constexpr ExplorerMetric kMetrics[kPanelCount] = { ExplorerMetric::TokensPerSecond,
        ExplorerMetric::Mfu, ExplorerMetric::Bubble, ExplorerMetric::StepTime, ExplorerMetric::MemoryPerGpu };
    return kMetrics[std::clamp(panel, 0, kPanelCount - 1)];
}

SweepView::SweepView(QWidget* parent)
    : PaintedView(parent)
{
    setMouseTracking(true);
    setMinimumSize(minimumSizeHint());
}

void SweepView::start(SweepAxis axis, std::vector<std::int64_t> values, const SweepViewInputs& inputs)
{
    m_axis = axis;
    m_values = std::move(values);
    m_points.assign(m_values.size(), std::nullopt);
    m_inputs = inputs;
    m_complete = m_values.empty();
    m_hovered = -1;
    update();
}

void SweepView::setPoint(std::size_t index, const SweepPoint& point)
{
    if (index >= m_points.size()) return;
    m_points[index] = point;
    m_complete = finishedCount() == m_points.size();
    update();
}

void SweepView::setResult(const SweepResult& result, const SweepViewInputs& inputs)
{
    std::vector<std::int64_t> values;
    for (const SweepPoint& p : result.points)
        values.push_back(p.value);
    start(result.axis, std::move(values), inputs);
    for (std::size_t i = 0; i < result.points.size(); ++i)
        m_points[i] = result.points[i];
    m_complete = true;
    update();
}

void SweepView::clear()
{
    start(SweepAxis::Gpus, {}, {});
}

std::size_t SweepView::finishedCount() const
{
    return std::size_t(
        std::count_if(m_points.begin(), m_points.end(), [](const auto& p) { return p.has_value(); }));
}

std::optional<std::size_t> SweepView::smallestFitting() const
{
    for (std::size_t i = 0; i < m_points.size(); ++i)
        if (m_points[i] && m_points[i]->fits()) return i;
    return std::nullopt;
}

std::optional<std::size_t> SweepView::fitLimit() const
{
    std::optional<std::size_t> largest;
    for (std::size_t i = 0; i < m_points.size(); ++i)
        if (m_points[i] && m_points[i]->fits()) largest = i;
    if (!largest) return std::nullopt;
    for (std::size_t i = *largest + 1; i < m_points.size(); ++i)
        if (m_points[i] && m_points[i]->status == SweepPointStatus::NoFit) return largest;
    return std::nullopt;
}

double SweepView::usableBytes() const
{
    if (m_inputs.usableBytes > 0) return m_inputs.usableBytes;
    double bytes = 0;
    for (const auto& p : m_points)
        if (p && p->fits()) bytes = std::max(bytes, p->best.capacityBytes);
    return bytes;
}

bool SweepView::hasErrors() const
{
    return std::any_of(m_points.begin(), m_points.end(),
        [](const auto& p) { return p && p->status == SweepPointStatus::Error; });
}

double SweepView::metricOf(int panel, std::size_t index) const
{
    if (index >= m_points.size() || !m_points[index] || !m_points[index]->fits()) return kNaN;
    return ExplorerAxes::value(panelMetric(panel), m_points[index]->best);
}

std::vector<SweepPlotPoint> SweepView::plotted(int panel) const
{
    std::vector<SweepPlotPoint> out;
    for (std::size_t i = 0; i < m_points.size(); ++i)
        if (m_points[i]) out.push_back({ i, m_values[i], metricOf(panel, i), m_points[i]->status });
    return out;
}

double SweepView::xFraction(std::int64_t value) const
{
    if (m_values.empty() || value <= 0) return 0.5;
    const double lo = std::log2(double(m_values.front())), hi = std::log2(double(m_values.back()));
    const double pad = std::max(0.4, 0.04 * (hi - lo)); // in doublings: keeps the end points off the frame
    return (std::log2(double(value)) - (lo - pad)) / (hi - lo + 2 * pad);
}

ExplorerAxis SweepView::yAxis(int panel, QSizeF size) const
{
    return layout(size).panels[std::size_t(std::clamp(panel, 0, kPanelCount - 1))].y;
}

SweepView::Layout SweepView::layout(QSizeF size) const
{
    const QFontMetricsF metrics(font());
    const double lineHeight = metrics.height();
    Layout out;
    out.legendTop = kTitleHeight;
    out.legendHeight = legendHeight(size.width() - 2 * kMargin);
    out.caption = QRectF(kMargin, size.height() - lineHeight - 6, size.width() - 2 * kMargin, lineHeight);
    const QRectF grid(kMargin, out.legendTop + out.legendHeight + 6, size.width() - 2 * kMargin,
        out.caption.top() - 4 - (out.legendTop + out.legendHeight + 6));

    // Three panels a row on a wide view (3 + 2), two (2 + 2 + 1) or one on narrower ones; a row's panels
    // share its width.
    const int columns = grid.width() >= 1050 ? 3 : grid.width() >= 620 ? 2 : 1;
    const int rows = (kPanelCount + columns - 1) / columns;
    const double cellHeight = grid.height() / rows;
    const double titleHeight = lineHeight + 6, xLabelsHeight = lineHeight + 8;
    const int targetTicks = std::clamp(int(cellHeight / (2.6 * lineHeight)), 2, 6);
    for (int panel = 0; panel < kPanelCount; ++panel) {
        const int row = panel / columns, column = panel % columns;
        const int inRow = std::min(columns, kPanelCount - row * columns);
        const double cellWidth = grid.width() / inRow;
        Panel& p = out.panels[std::size_t(panel)];
        p.cell
            = QRectF(grid.left() + column * cellWidth, grid.top() + row * cellHeight, cellWidth, cellHeight);

        // The y axis: round ticks from 0 over the fitting plans' values (and the usable memory).
        double hi = 0;
        bool any = false;
        for (std::size_t i = 0; i < m_points.size(); ++i)
            if (const double v = metricOf(panel, i); std::isfinite(v)) hi = std::max(hi, v), any = true;
        if (panelMetric(panel) == ExplorerMetric::MemoryPerGpu && usableBytes() > 0)
            hi = std::max(hi, usableBytes()), any = true;
        if (!any)
            hi = panelMetric(panel) == ExplorerMetric::Mfu || panelMetric(panel) == ExplorerMetric::Bubble
                ? 1
                : 0;
        p.y = ExplorerAxes::fit(panelMetric(panel), 0, hi, targetTicks);
        double labelWidth = 0;
        for (const QString& label : std::as_const(p.y.tickLabels))
            labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label));
        const double left = p.cell.left() + labelWidth + 10;
        p.plot = QRectF(left, p.cell.top() + titleHeight, std::max(10.0, p.cell.right() - 18 - left),
            std::max(10.0, p.cell.height() - titleHeight - xLabelsHeight - 10));
    }
    return out;
}

QRectF SweepView::plotRect(int panel, QSizeF size) const
{
    return layout(size).panels[std::size_t(std::clamp(panel, 0, kPanelCount - 1))].plot;
}

QPointF SweepView::pointPosition(int panel, std::size_t index, QSizeF size) const
{
    if (index >= m_points.size() || !m_points[index]) return { kNaN, kNaN };
    const Panel p = layout(size).panels[std::size_t(std::clamp(panel, 0, kPanelCount - 1))];
    const double x = p.plot.left() + xFraction(m_values[index]) * p.plot.width();
    const double v = metricOf(panel, index);
    const double y = std::isfinite(v) ? p.plot.bottom() - p.y.fraction(v) * p.plot.height() : p.plot.bottom();
    return { x, y };
}

std::optional<double> SweepView::smallestFitX(int panel, QSizeF size) const
{
    const std::optional<std::size_t> smallest = smallestFitting();
    if (!smallest) return std::nullopt;
    const QRectF plot = plotRect(panel, size);
    return plot.left() + xFraction(m_values[*smallest]) * plot.width();
}

int SweepView::pointAt(QPointF pos, QSizeF size) const
{
    const Layout l = layout(size);
    for (const Panel& p : l.panels) {
        if (!p.plot.adjusted(-kHitRadius, -kHitRadius, kHitRadius, kHitRadius).contains(pos)) continue;
        int best = -1;
        double bestDistance = kHitRadius;
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            if (!m_points[i]) continue;
            const double d = std::abs(p.plot.left() + xFraction(m_values[i]) * p.plot.width() - pos.x());
            if (d <= bestDistance) best = int(i), bestDistance = d;
        }
        return best;
    }
    return -1;
}

QString SweepView::axisName(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return tr("GPU count");
    case SweepAxis::GlobalBatch:
        return tr("global batch");
    case SweepAxis::SeqLength:
        return tr("sequence length");
    }
    return {};
}

QString SweepView::valueLabel(std::int64_t value)
{
    constexpr std::int64_t kKi = 1024, kMi = 1024 * 1024;
    if (value >= kMi && value % (kMi / 2) == 0)
        return value % kMi == 0 ? tr("%1M").arg(value / kMi)
                                : tr("%1M").arg(QLocale().toString(double(value) / kMi, 'f', 1));
    if (value >= kKi && value % (kKi / 2) == 0)
        return value % kKi == 0 ? tr("%1k").arg(value / kKi)
                                : tr("%1k").arg(QLocale().toString(double(value) / kKi, 'f', 1));
    return value < 10000 ? QString::number(value) : QLocale().toString(qlonglong(value));
}

QString SweepView::valueWithUnit(SweepAxis axis, std::int64_t value)
{
    const QString n = QLocale().toString(qlonglong(value));
    switch (axis) {
    case SweepAxis::Gpus:
        return value == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(n);
    case SweepAxis::GlobalBatch:
        return value == 1 ? tr("1 sequence") : tr("%1 sequences").arg(n);
    case SweepAxis::SeqLength:
        return value == 1 ? tr("1 token") : tr("%1 tokens").arg(n);
    }
    return n;
}

QString SweepView::smallestText(SweepAxis axis, std::int64_t value)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return tr("smallest cluster that fits: %1").arg(valueWithUnit(axis, value));
    case SweepAxis::GlobalBatch:
        return tr("smallest global batch that fits: %1").arg(valueWithUnit(axis, value));
    case SweepAxis::SeqLength:
        return tr("shortest sequence that fits: %1").arg(valueWithUnit(axis, value));
    }
    return {};
}

QString SweepView::pointText(std::size_t index) const
{
    if (index >= m_points.size() || !m_points[index]) return {};
    const SweepPoint& p = *m_points[index];
    const QLocale locale;
    QString head = valueWithUnit(m_axis, p.value);
    if (m_axis == SweepAxis::Gpus && p.gpus > 0 && m_inputs.gpusPerNode > 0) {
        const int nodes = p.gpus / m_inputs.gpusPerNode;
        head += nodes == 1 ? tr(" (1 node of %1)").arg(m_inputs.gpusPerNode)
                           : tr(" (%1 nodes of %2)").arg(nodes).arg(m_inputs.gpusPerNode);
    }
    QStringList lines;
    if (p.status == SweepPointStatus::Error) {
        lines << tr("%1: cannot be planned").arg(head) << QString::fromStdString(p.reason);
        return lines.join(QLatin1Char('\n'));
    }
    const QString searched
        = tr("%1 of %2 candidates fit (searched in %3 s)")
              .arg(locale.toString(qulonglong(p.feasibleCount)),
                  locale.toString(qulonglong(p.candidateCount)), locale.toString(p.searchSeconds, 'f', 2));
    if (p.status == SweepPointStatus::NoFit) {
        lines << tr("%1: no plan fits").arg(head) << QString::fromStdString(p.reason) << searched;
        return lines.join(QLatin1Char('\n'));
    }
    const PlanSummary& s = p.best;
    lines << tr("%1: best plan").arg(head) << PlanText::describe(s.config);
    for (int panel = 0; panel < kPanelCount; ++panel) {
        const ExplorerMetric m = panelMetric(panel);
        QString value = ExplorerAxes::format(m, ExplorerAxes::value(m, s));
        if (m == ExplorerMetric::MemoryPerGpu && s.capacityBytes > 0)
            value = tr("%1 of %2 usable").arg(value, ExplorerAxes::format(m, s.capacityBytes));
        lines << tr("%1: %2").arg(ExplorerAxes::name(m), value);
    }
    lines << searched;
    if (smallestFitting() == index) lines << smallestText(m_axis, p.value);
    return lines.join(QLatin1Char('\n'));
}

void SweepView::setHoveredIndex(int index)
{
    if (index == m_hovered) return;
    m_hovered = index;
    update();
}

QString SweepView::title() const
{
    if (m_values.empty()) return tr("Sweep");
    const QString where = m_axis == SweepAxis::Gpus
        ? tr("%1 on %2").arg(m_inputs.modelName, m_inputs.gpuName)
        : tr("%1 on %2 x %3").arg(m_inputs.modelName).arg(m_inputs.gpus).arg(m_inputs.gpuName);
    QString state;
    if (!m_complete)
        state = tr("%1 of %2 points").arg(finishedCount()).arg(m_values.size());
    else if (const auto smallest = smallestFitting())
        state = smallestText(m_axis, m_values[*smallest]);
    else
        state = tr("no plan fits at any point");
    return tr("Best plan at each %1: %2 — %3").arg(axisName(m_axis), where, state);
}

QString SweepView::compactTitle() const
{
    if (m_values.empty()) return tr("Sweep");
    if (!m_complete) return tr("Sweep: %1 of %2 points").arg(finishedCount()).arg(m_values.size());
    if (const auto smallest = smallestFitting())
        return tr("Sweep: fits from %1").arg(valueWithUnit(m_axis, m_values[*smallest]));
    return tr("Sweep: no plan fits");
}

QString SweepView::toolTipAt(QPointF pos, QSizeF size) const
{
    const int index = pointAt(pos, size);
    return index >= 0 ? pointText(std::size_t(index)) : QString();
}

void SweepView::mouseMoveEvent(QMouseEvent* event)
{
    setHoveredIndex(pointAt(event->position(), size()));
    PaintedView::mouseMoveEvent(event);
}

void SweepView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        const int index = pointAt(event->position(), size());
        if (index >= 0) emit pointClicked(index);
    }
    PaintedView::mouseReleaseEvent(event);
}

void SweepView::leaveEvent(QEvent* event)
{
    setHoveredIndex(-1);
    PaintedView::leaveEvent(event);
}

void SweepView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) update();
    PaintedView::changeEvent(event);
}
