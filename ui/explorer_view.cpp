// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_view.h"

#include "moe_display.h"

#include <QApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QStringList>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

using namespace shardscope;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString qs(std::string_view s)
{
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

} // namespace

ExplorerView::ExplorerView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(360, 200);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    m_xAxis = ExplorerAxes::fit(m_xMetric, 0, 1);
    m_yAxis = ExplorerAxes::fit(m_yMetric, 0, 1);
}

void ExplorerView::setOutcome(std::shared_ptr<const PlanningOutcome> outcome)
{
    m_outcome = std::move(outcome);
    m_selected = -1;
    m_hovered = -1;
    const std::size_t n = m_outcome ? m_outcome->search.candidates.size() : 0;
    m_rank.assign(n, -1);
    if (m_outcome)
        for (std::size_t r = 0; r < m_outcome->order.size(); ++r)
            if (m_outcome->order[r] < n) m_rank[m_outcome->order[r]] = int(r);
    m_categories = m_outcome ? ExplorerCategories(colouring(), m_outcome->search.candidates)
                             : ExplorerCategories(colouring(), {});
    const bool wasZoomed = std::exchange(m_zoomed, false); // new plans: the range around them
    rebuildValues();
    clearFilter();
    update();
    if (wasZoomed) emit rangeChanged();
}

void ExplorerView::setAxes(ExplorerMetric x, ExplorerMetric y)
{
    if (x == m_xMetric && y == m_yMetric) return;
    m_xMetric = x;
    m_yMetric = y;
    m_hovered = -1;
    const bool wasZoomed = std::exchange(m_zoomed, false); // the range was in the old metrics' units
    if (wasZoomed) emit rangeChanged();
    rebuildValues();
    clearFilter(); // the band was drawn in the old axes' units
    update();
}

void ExplorerView::setColouring(ExplorerColouring colouring)
{
    if (colouring == m_categories.colouring()) return;
    m_categories = m_outcome ? ExplorerCategories(colouring, m_outcome->search.candidates)
                             : ExplorerCategories(colouring, {});
    for (ExplorerPoint& p : m_points)
        p.category = m_categories.categoryOf(p.candidate);
    invalidateLayer();
    update();
}

void ExplorerView::setShowInfeasible(bool show)
{
    if (show == m_showInfeasible) return;
    m_showInfeasible = show;
    if (m_hovered >= 0 && !isShown(std::uint32_t(m_hovered))) m_hovered = -1;
    rebuildProjection();
    if (m_hasFilter) refilter();
    update();
}

void ExplorerView::setSelectedCandidate(int candidate)
{
    if (candidate < -1 || candidate >= int(m_points.size())) candidate = -1;
    if (candidate == m_selected) return;
    m_selected = candidate;
    update();
}

void ExplorerView::rebuildValues()
{
    const std::vector<PlanSummary> none;
    const std::vector<PlanSummary>& plans = m_outcome ? m_outcome->search.candidates : none;
    m_points.resize(plans.size());
    std::vector<double> fx(plans.size()), fy(plans.size()); // the plans that fit, NaN for the others
    m_feasibleCount = 0;
    m_capacityBytes = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        ExplorerPoint& p = m_points[i];
        p.candidate = std::uint32_t(i);
        p.x = ExplorerAxes::value(m_xMetric, plans[i]);
        p.y = ExplorerAxes::value(m_yMetric, plans[i]);
        p.feasible = plans[i].feasible;
        p.plotted = std::isfinite(p.x) && std::isfinite(p.y);
        p.category = m_categories.categoryOf(i);
        m_feasibleCount += p.feasible;
        m_capacityBytes = std::max(m_capacityBytes, plans[i].capacityBytes);
        fx[i] = p.feasible ? p.x : kNaN;
        fy[i] = p.feasible ? p.y : kNaN;
    }
    m_front = paretoFront(fx, fy, ExplorerAxes::objective(m_xMetric), ExplorerAxes::objective(m_yMetric));
    rebuildProjection();
}

bool ExplorerView::isShown(std::uint32_t candidate) const
{
    return candidate < m_points.size() && m_points[candidate].plotted
        && (m_showInfeasible || m_points[candidate].feasible);
}

namespace {

/// The first range of one axis: around the values of the plans that fit (all shown plans when none fits). The
/// good end is kept whole; the bad end is cut at 3 interquartile ranges past the quartile (Tukey's far fence), so
/// that a few plans 50 times slower do not squeeze the useful ones against the axis. Positive values only on a
/// log axis.
std::pair<double, double> firstRange(std::vector<double> values, Objective objective, bool log)
{
    if (log)
        values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !(v > 0); }), values.end());
    if (values.empty())
        return { log ? 1.0 : 0.0, log ? 10.0 : 1.0 };
    std::sort(values.begin(), values.end());
    const auto quantile = [&](double q) { return values[std::size_t(q * double(values.size() - 1))]; };
    const double lo = values.front(), hi = values.back(), q1 = quantile(0.25), q3 = quantile(0.75);
    // On a log axis the fences are ratios.
    if (log) {
        const double spread = q3 / q1;
        return objective == Objective::Minimize ? std::pair { lo, std::min(hi, q3 * std::pow(spread, 3)) }
                                                : std::pair { std::max(lo, q1 / std::pow(spread, 3)), hi };
    }
    const double iqr = q3 - q1;
    return objective == Objective::Minimize ? std::pair { lo, std::min(hi, q3 + 3 * iqr) }
                                            : std::pair { std::max(lo, q1 - 3 * iqr), hi };
}

} // namespace

void ExplorerView::rebuildProjection()
{
    // Those that fit are drawn over those that do not.
    m_drawOrder.clear();
    for (int pass = 0; pass < 2; ++pass)
        for (const ExplorerPoint& p : m_points)
            if (p.feasible == (pass == 1) && isShown(p.candidate))
                m_drawOrder.push_back(p.candidate);
    if (m_zoomed) {
        m_xAxis = ExplorerAxes::fit(m_xMetric, m_range[0], m_range[1], 6, m_logX, true);
        m_yAxis = ExplorerAxes::fit(m_yMetric, m_range[2], m_range[3], 6, m_logY, true);
    } else {
        std::vector<double> xs, ys;
        const bool anyFit = std::any_of(m_drawOrder.begin(), m_drawOrder.end(), [&](std::uint32_t c) { return m_points[c].feasible; });
        for (std::uint32_t c : m_drawOrder)
            if (m_points[c].feasible || !anyFit) {
                xs.push_back(m_points[c].x);
                ys.push_back(m_points[c].y);
            }
        const auto [x0, x1] = firstRange(std::move(xs), ExplorerAxes::objective(m_xMetric), m_logX);
        const auto [y0, y1] = firstRange(std::move(ys), ExplorerAxes::objective(m_yMetric), m_logY);
        m_xAxis = ExplorerAxes::fit(m_xMetric, x0, x1, 6, m_logX);
        m_yAxis = ExplorerAxes::fit(m_yMetric, y0, y1, 6, m_logY);
    }
    // Beyond the range: at the edge, counted.
    m_beyondCount = 0;
    for (ExplorerPoint& p : m_points) {
        p.u = p.plotted ? m_xAxis.fraction(p.x) : kNaN;
        p.v = p.plotted ? m_yAxis.fraction(p.y) : kNaN;
        p.beyond = p.plotted && (p.u < 0 || p.u > 1 || p.v < 0 || p.v > 1);
        if (p.beyond) {
            p.u = std::clamp(p.u, 0.0, 1.0);
            p.v = std::clamp(p.v, 0.0, 1.0);
            m_beyondCount += isShown(p.candidate) ? 1 : 0;
        }
    }
    std::vector<float> u(m_drawOrder.size()), v(m_drawOrder.size());
    for (std::size_t k = 0; k < m_drawOrder.size(); ++k) {
        u[k] = float(m_points[m_drawOrder[k]].u);
        v[k] = float(m_points[m_drawOrder[k]].v);
    }
    m_grid.build(u, v);
    invalidateLayer();
}

// ---- range -------------------------------------------------------------------------------------------

void ExplorerView::setLogAxes(bool x, bool y)
{
    if (x == m_logX && y == m_logY) return;
    m_logX = x;
    m_logY = y;
    // A zoomed range that a log axis cannot show (an end <= 0) goes back to the first range.
    if (m_zoomed && ((x && !(m_range[0] > 0)) || (y && !(m_range[2] > 0)))) m_zoomed = false;
    rebuildProjection();
    if (m_hasFilter) refilter();
    update();
    emit rangeChanged();
}

void ExplorerView::setRange(double x0, double x1, double y0, double y1)
{
    if (!(x1 > x0) || !(y1 > y0) || !std::isfinite(x0 + x1 + y0 + y1)) return;
    m_zoomed = true;
    m_range[0] = x0, m_range[1] = x1, m_range[2] = y0, m_range[3] = y1;
    rebuildProjection();
    update();
    emit rangeChanged();
}

void ExplorerView::zoom(double factor, QPointF pos, QSizeF size)
{
    const QRectF plot = plotRect(size);
    if (plot.isEmpty() || !(factor > 0)) return;
    // The fractions under the cursor stay under it; on a log axis the zoom is in ratios (valueAt).
    const double fu = std::clamp((pos.x() - plot.left()) / plot.width(), 0.0, 1.0);
    const double fv = std::clamp((plot.bottom() - pos.y()) / plot.height(), 0.0, 1.0);
    setRange(m_xAxis.valueAt(fu - fu * factor), m_xAxis.valueAt(fu + (1 - fu) * factor),
             m_yAxis.valueAt(fv - fv * factor), m_yAxis.valueAt(fv + (1 - fv) * factor));
}

void ExplorerView::pan(QPointF pixels, QSizeF size)
{
    const QRectF plot = plotRect(size);
    if (plot.isEmpty()) return;
    const double du = -pixels.x() / plot.width(), dv = pixels.y() / plot.height();
    setRange(m_xAxis.valueAt(du), m_xAxis.valueAt(1 + du), m_yAxis.valueAt(dv), m_yAxis.valueAt(1 + dv));
}

void ExplorerView::fitAll()
{
    double x0 = HUGE_VAL, x1 = -HUGE_VAL, y0 = HUGE_VAL, y1 = -HUGE_VAL;
    for (std::uint32_t c : m_drawOrder) {
        const ExplorerPoint& p = m_points[c];
        if (m_logX && !(p.x > 0)) continue;
        if (m_logY && !(p.y > 0)) continue;
        x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
    if (!(x1 >= x0) || !(y1 >= y0)) return;
    // The round ends a first fit of that range would have.
    const ExplorerAxis x = ExplorerAxes::fit(m_xMetric, x0, x1, 6, m_logX), y = ExplorerAxes::fit(m_yMetric, y0, y1, 6, m_logY);
    setRange(x.min, x.max, y.min, y.max);
}

void ExplorerView::resetView()
{
    if (!m_zoomed) return;
    m_zoomed = false;
    rebuildProjection();
    update();
    emit rangeChanged();
}

// ---- filter ------------------------------------------------------------------------------------------

void ExplorerView::setFilter(double xMin, double xMax, double yMin, double yMax)
{
    m_hasFilter = true;
    m_filterRange = QRectF(QPointF(std::min(xMin, xMax), std::min(yMin, yMax)),
        QPointF(std::max(xMin, xMax), std::max(yMin, yMax)));
    refilter();
    update();
}

void ExplorerView::refilter()
{
    // The grid finds the candidates near the band (its positions are floats); the axes' units decide.
    const QRectF r = m_filterRange;
    const double slackU = 1e-5, slackV = 1e-5;
    const std::vector<std::uint32_t> near
        = m_grid.inside(m_xAxis.fraction(r.left()) - slackU, m_xAxis.fraction(r.right()) + slackU,
            m_yAxis.fraction(r.top()) - slackV, m_yAxis.fraction(r.bottom()) + slackV);
    m_filtered.clear();
    for (std::uint32_t k : near) {
        const ExplorerPoint& p = m_points[m_drawOrder[k]];
        if (p.x >= r.left() && p.x <= r.right() && p.y >= r.top() && p.y <= r.bottom())
            m_filtered.push_back(p.candidate);
    }
    std::sort(m_filtered.begin(), m_filtered.end());
    emit filterChanged(m_filtered);
}

void ExplorerView::clearFilter()
{
    const bool had = m_hasFilter;
    m_hasFilter = false;
    m_filterRange = {};
    m_filtered.clear();
    if (had) {
        update();
        emit filterCleared();
    }
}

bool ExplorerView::filterAccepts(std::uint32_t candidate) const
{
    return !m_hasFilter || std::binary_search(m_filtered.begin(), m_filtered.end(), candidate);
}

// ---- geometry ----------------------------------------------------------------------------------------

QRectF ExplorerView::plotRect(QSizeF size) const
{
    // The margins depend on the tick labels, the legend and the font only: measured once per change of them.
    if (m_margins.generation != m_generation) {
        const QFontMetricsF metrics(font());
        double labelWidth = 0;
        for (const QString& label : m_yAxis.tickLabels)
            labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label));
        m_margins.left = std::ceil(8 + metrics.height() + 6 + labelWidth + 6);
        m_margins.bottom = std::ceil(6 + 2 * metrics.height() + 10);
        m_margins.right = std::ceil(legendWidth());
        m_margins.generation = m_generation;
    }
    const double top = kTitleHeight + 8;
    return QRectF(m_margins.left, top, std::max(1.0, size.width() - m_margins.left - m_margins.right),
        std::max(1.0, size.height() - top - m_margins.bottom));
}

QPointF ExplorerView::pointPosition(std::uint32_t candidate, QSizeF size) const
{
    if (candidate >= m_points.size() || !m_points[candidate].plotted) return { kNaN, kNaN };
    const QRectF plot = plotRect(size);
    const ExplorerPoint& p = m_points[candidate];
    return { plot.left() + p.u * plot.width(), plot.bottom() - p.v * plot.height() };
}

int ExplorerView::candidateAt(QPointF pos, QSizeF size) const
{
    const QRectF plot = plotRect(size);
    const long long k = m_grid.nearest((pos.x() - plot.left()) / plot.width(),
        (plot.bottom() - pos.y()) / plot.height(), plot.width(), plot.height(), kHitRadius);
    return k >= 0 ? int(m_drawOrder[std::size_t(k)]) : -1;
}

// ---- text --------------------------------------------------------------------------------------------

QString ExplorerView::title() const
{
    if (!m_outcome || m_points.empty()) return tr("Plan explorer: no plans");
    const QLocale locale;
    QString text
        = tr("Plan explorer: %1 plans, %2 fit; Pareto front of %3")
              .arg(locale.toString(qulonglong(m_points.size())), locale.toString(qulonglong(m_feasibleCount)),
                  locale.toString(qulonglong(m_front.size())));
    if (m_hasFilter) text += tr("; %1 in the band").arg(locale.toString(qulonglong(m_filtered.size())));
    return text;
}

QString ExplorerView::planText(std::uint32_t candidate) const
{
    if (!m_outcome || candidate >= m_outcome->search.candidates.size()) return {};
    const PlanSummary& p = m_outcome->search.candidates[candidate];
    const ParallelConfig& c = p.config;
    const QLocale locale;
    QStringList lines;
    lines << (m_rank[candidate] >= 0
            ? tr("Plan %1 of %2 in the ranking")
                  .arg(locale.toString(m_rank[candidate] + 1), locale.toString(qulonglong(m_rank.size())))
            : tr("Candidate %1").arg(locale.toString(candidate)));

    QStringList layout { tr("TP %1").arg(c.tp) };
    if (c.cp > 1) layout << tr("CP %1 (%2)").arg(c.cp).arg(qs(toString(c.cpCommType)));
    layout << tr("PP %1").arg(c.pp) << tr("DP %1").arg(c.dp);
    if (usesExpertParallelism(c)) layout << tr("EP %1").arg(expertDegreeText(c));
    lines << tr("%1 = %2 GPUs").arg(layout.join(QStringLiteral(" · "))).arg(c.worldSize());

    QStringList knobs { tr("micro-batch %1").arg(c.microBatch) };
    knobs << (c.zeroStage > 0 && c.dpReplicate > 1
            ? tr("ZeRO %1 (HSDP x%2)").arg(c.zeroStage).arg(c.dpReplicate)
            : tr("ZeRO %1").arg(c.zeroStage));
    knobs << tr("recompute %1").arg(qs(toString(c.recompute)));
    if (c.sequenceParallel) knobs << tr("sequence parallel");
    knobs << (c.vpp > 1 ? tr("%1, %2 chunks").arg(qs(toString(c.schedule))).arg(c.vpp)
                        : qs(toString(c.schedule)));
    lines << knobs.join(QStringLiteral(" · "));

    if (p.stepSeconds > 0) {
        lines << tr("step %1 · %2 · MFU %3")
                     .arg(ExplorerAxes::format(ExplorerMetric::StepTime, p.stepSeconds),
                         ExplorerAxes::format(ExplorerMetric::TokensPerSecond, p.tokensPerSecond),
                         ExplorerAxes::format(ExplorerMetric::Mfu, p.mfu));
        lines << tr("memory %1 of %2 per GPU · bubble %3 · communication %4 of the step")
                     .arg(ExplorerAxes::format(ExplorerMetric::MemoryPerGpu, p.peakMemoryBytes),
                         ExplorerAxes::format(ExplorerMetric::MemoryPerGpu, p.capacityBytes),
                         ExplorerAxes::format(ExplorerMetric::Bubble, p.bubbleFraction),
                         ExplorerAxes::format(
                             ExplorerMetric::CommShare, ExplorerAxes::value(ExplorerMetric::CommShare, p)));
    }
    if (!p.feasible) lines << tr("Does not fit: %1").arg(QString::fromStdString(p.infeasibleReason.text()));
    return lines.join(QLatin1Char('\n'));
}

QString ExplorerView::toolTipAt(QPointF pos, QSizeF size) const
{
    const int candidate = candidateAt(pos, size);
    return candidate >= 0 ? planText(std::uint32_t(candidate)) : QString();
}

// ---- interaction -------------------------------------------------------------------------------------

void ExplorerView::setHovered(int candidate)
{
    if (candidate == m_hovered) return;
    m_hovered = candidate;
    update();
}

void ExplorerView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton) {
        m_panning = true; // a drag with these pans; the left button's drag is the rubber band
        m_panPos = event->position();
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton) return PaintedView::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_dragPos = event->position();
    event->accept();
}

void ExplorerView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning && (event->buttons() & (Qt::RightButton | Qt::MiddleButton))) {
        pan(event->position() - m_panPos, size());
        m_panPos = event->position();
        event->accept();
        return;
    }
    if (m_pressed && (event->buttons() & Qt::LeftButton)) {
        m_dragPos = event->position();
        if (!m_dragging && (m_dragPos - m_pressPos).manhattanLength() >= QApplication::startDragDistance())
            m_dragging = true;
        if (m_dragging) update();
    } else {
        setHovered(candidateAt(event->position(), size()));
    }
    event->accept();
}

void ExplorerView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && (event->button() == Qt::RightButton || event->button() == Qt::MiddleButton)) {
        m_panning = false;
        event->accept();
        return;
    }
    if (event->button() != Qt::LeftButton || !m_pressed) return PaintedView::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        const QRectF plot = plotRect(size());
        const QRectF band = QRectF(m_pressPos, event->position()).normalized().intersected(plot);
        if (!band.isEmpty()) // a band outside the plot, or a flat one, filters nothing
            setFilter(m_xAxis.valueAt((band.left() - plot.left()) / plot.width()),
                m_xAxis.valueAt((band.right() - plot.left()) / plot.width()),
                m_yAxis.valueAt((plot.bottom() - band.bottom()) / plot.height()),
                m_yAxis.valueAt((plot.bottom() - band.top()) / plot.height()));
        update();
    } else if (const int candidate = candidateAt(event->position(), size()); candidate >= 0) {
        setSelectedCandidate(candidate);
        emit candidateClicked(candidate);
    }
    event->accept();
}

void ExplorerView::mouseDoubleClickEvent(QMouseEvent* event)
{
    clearFilter();
    event->accept();
}

void ExplorerView::wheelEvent(QWheelEvent* event)
{
    // A notch (120) zooms in or out by 15 % around the cursor.
    const double notches = event->angleDelta().y() / 120.0;
    if (notches != 0) zoom(std::pow(0.85, notches), event->position(), size());
    event->accept();
}

void ExplorerView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Home && m_zoomed) {
        resetView();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape && m_hasFilter) {
        clearFilter();
        event->accept();
        return;
    }
    PaintedView::keyPressEvent(event);
}

void ExplorerView::leaveEvent(QEvent* event)
{
    setHovered(-1);
    PaintedView::leaveEvent(event);
}

void ExplorerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) invalidateLayer();
    PaintedView::changeEvent(event);
}
