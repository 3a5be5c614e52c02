// SPDX-License-Identifier: GPL-3.0-or-later
// SweepView's drawing: the legend, the panels (axes, ticks, the curve and its points, the usable-memory line,
// the smallest-fit and fit-limit markers, the hovered point) and the caption. Labels are placed whole or left
// out (labels::Placer), never elided.
#include "label_layout.h"
#include "sweep_view.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

using namespace shardscope;

namespace {

/// a blended towards b by t (0: a, 1: b).
QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
        float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

bool isDark(const QPalette& pal)
{
    return pal.color(QPalette::Base).lightnessF() < 0.5;
}

QColor seriesColour(const QPalette& pal)
{
    return isDark(pal) ? QColor(110, 170, 235) : QColor(31, 100, 180);
}
QColor noFitColour(const QPalette& pal)
{
    return mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.5);
}
QColor smallestColour(const QPalette& pal)
{
    return isDark(pal) ? QColor(90, 200, 120) : QColor(0, 130, 60);
}
QColor limitColour(const QPalette& pal)
{
    return isDark(pal) ? QColor(240, 170, 80) : QColor(190, 110, 0);
}
QColor usableColour(const QPalette& pal)
{
    return isDark(pal) ? QColor(240, 110, 110) : QColor(200, 30, 30);
}

void drawCross(QPainter& painter, QPointF c, double r)
{
    painter.drawLine(QPointF(c.x() - r, c.y() - r), QPointF(c.x() + r, c.y() + r));
    painter.drawLine(QPointF(c.x() - r, c.y() + r), QPointF(c.x() + r, c.y() - r));
}

/// The rectangle a single-line label of `text` takes with its top left at `topLeft`.
QRectF labelRect(const QFontMetricsF& metrics, const QString& text, QPointF topLeft)
{
    return { topLeft, QSizeF(std::ceil(metrics.horizontalAdvance(text)) + 1, metrics.height()) };
}

QList<labels::LegendEntry> legendEntries(const QPalette& pal, bool errors, bool limit, bool memoryLine)
{
    QList<labels::LegendEntry> entries;
    const QColor series = seriesColour(pal), noFit = noFitColour(pal);
    entries.append({ { QCoreApplication::translate("SweepView", "best plan (a plan fits)"),
                         QCoreApplication::translate("SweepView", "plan fits") },
        [series](QPainter& p, const QRectF& r) {
            p.setRenderHint(QPainter::Antialiasing, true);
            p.setPen(QPen(series, 1.6));
            p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
            p.setBrush(series);
            p.drawEllipse(r.center(), SweepView::kDotRadius, SweepView::kDotRadius);
            p.setBrush(Qt::NoBrush);
        } });
    entries.append({ { QCoreApplication::translate("SweepView", "no plan fits (hover for why)"),
                         QCoreApplication::translate("SweepView", "no plan fits") },
        [noFit](QPainter& p, const QRectF& r) {
            p.setRenderHint(QPainter::Antialiasing, true);
            p.setPen(QPen(noFit, 1.3));
            p.setBrush(Qt::NoBrush);
            p.drawEllipse(r.center(), SweepView::kDotRadius, SweepView::kDotRadius);
        } });
    if (errors)
        entries.append({ { QCoreApplication::translate("SweepView", "cannot be planned (hover for why)"),
                             QCoreApplication::translate("SweepView", "cannot be planned") },
            [noFit](QPainter& p, const QRectF& r) {
                p.setRenderHint(QPainter::Antialiasing, true);
                p.setPen(QPen(noFit, 1.3));
                drawCross(p, r.center(), SweepView::kDotRadius);
            } });
    const auto vertical = [](const QColor& colour) {
        return [colour](QPainter& p, const QRectF& r) {
            QPen pen(colour, 1.6, Qt::CustomDashLine);
            pen.setDashPattern({ 2, 1.5 });
            p.setPen(pen);
            p.drawLine(QPointF(r.center().x(), r.top()), QPointF(r.center().x(), r.bottom()));
        };
    };
    entries.append({ { QCoreApplication::translate("SweepView", "smallest that fits"),
                         QCoreApplication::translate("SweepView", "smallest fit") },
        vertical(smallestColour(pal)) });
    if (limit)
        entries.append({ { QCoreApplication::translate("SweepView", "largest that fits"),
                             QCoreApplication::translate("SweepView", "largest fit") },
            vertical(limitColour(pal)) });
    if (memoryLine) {
        const QColor usable = usableColour(pal);
        entries.append({ { QCoreApplication::translate("SweepView", "usable memory per GPU"),
                             QCoreApplication::translate("SweepView", "usable memory") },
            [usable](QPainter& p, const QRectF& r) {
                p.setPen(QPen(usable, 1.4, Qt::DashLine));
                p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
            } });
    }
    return entries;
}

} // namespace

double SweepView::legendHeight(double width) const
{
    if (m_values.empty()) return 0;
    return labels::Legend(legendEntries(palette(), hasErrors(), fitLimit().has_value(), usableBytes() > 0),
        QFontMetricsF(font()), width)
        .height();
}

void SweepView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    paintFrame(painter, size);
    const QPalette& pal = palette();
    const QFontMetricsF metrics(font());
    if (m_values.empty()) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRectF(0, kTitleHeight, size.width(), size.height() - kTitleHeight), Qt::AlignCenter,
            labels::fitting(metrics,
                { tr("Choose what to sweep and its values, then Run: each point is a full search"),
                    tr("Choose what to sweep, then Run") },
                size.width() - 16));
        painter.restore();
        return;
    }
    const Layout l = layout(size);
    const labels::Legend legend(legendEntries(pal, hasErrors(), fitLimit().has_value(), usableBytes() > 0),
        metrics, size.width() - 20);
    legend.paint(painter, QPointF(10, l.legendTop), pal.color(QPalette::Text));
    for (int panel = 0; panel < kPanelCount; ++panel)
        paintPanel(painter, panel, l.panels[std::size_t(panel)]);

    const QString axis = axisName(m_axis);
    const QString caption = labels::fitting(metrics,
        { tr("Across: %1 on a log scale. Each point is the best plan of a full search at that value.")
                .arg(axis),
            tr("Across: %1 (log scale)").arg(axis) },
        l.caption.width());
    painter.setPen(pal.color(QPalette::PlaceholderText));
    painter.drawText(l.caption, Qt::AlignHCenter | Qt::AlignVCenter, caption);
    painter.restore();
}

/// One panel being painted: its geometry, the labels placed so far, and what its data takes in the plot.
struct SweepView::PanelPaint
{
    PanelPaint(const SweepView& owner, int index, const Panel& geometry)
        : view(owner)
        , panel(index)
        , p(geometry)
    {
        placer.setBounds(p.cell);
    }
    /// The x of value `i` in the plot.
    double xOf(std::size_t i) const
    {
        return p.plot.left() + view.xFraction(view.m_values[i]) * p.plot.width();
    }
    /// The y of `v` in the plot.
    double yOf(double v) const { return p.plot.bottom() - p.y.fraction(v) * p.plot.height(); }
    bool clearOfData(const QRectF& r) const;
    bool plotLabel(
        QPainter& painter, const QString& label, const std::vector<QRectF>& rects, const QColor& colour);

    const SweepView& view;
    const int panel;
    const Panel& p;
    labels::Placer placer;
    std::vector<QLineF> segments; ///< the curve's, broken where no plan fits
    std::vector<QPointF> dots; ///< every finished point (on the floor where no plan fits)
    std::vector<QLineF> lines; ///< the segments and the lines across the plot: what labels avoid
    bool memoryLine = false; ///< the panel draws the usable memory per GPU
    QLineF usableLine;
    std::optional<std::size_t> smallest, limit;
};

/// Whether the label rectangle `r` keeps clear of the points and of every line drawn across the plot.
bool SweepView::PanelPaint::clearOfData(const QRectF& r) const
{
    const QRectF grown = r.adjusted(-kDotRadius - 1, -kDotRadius - 1, kDotRadius + 1, kDotRadius + 1);
    for (const QPointF& d : dots)
        if (grown.contains(d)) return false;
    const QRectF box = r.adjusted(-1, -1, 1, 1);
    for (const QLineF& l : lines) {
        if (box.contains(l.p1()) || box.contains(l.p2())) return false;
        const QLineF edges[] = { { box.topLeft(), box.topRight() }, { box.topRight(), box.bottomRight() },
            { box.bottomRight(), box.bottomLeft() }, { box.bottomLeft(), box.topLeft() } };
        for (const QLineF& e : edges)
            if (l.intersects(e, nullptr) == QLineF::BoundedIntersection) return false;
    }
    return true;
}

/// A label inside the plot, on the first of `rects` that is clear of the data and of other labels.
bool SweepView::PanelPaint::plotLabel(
    QPainter& painter, const QString& label, const std::vector<QRectF>& rects, const QColor& colour)
{
    for (const QRectF& r : rects) {
        if (!p.plot.contains(r) || !clearOfData(r) || !placer.take(r)) continue;
        painter.setPen(colour);
        painter.drawText(r, Qt::AlignCenter, label);
        return true;
    }
    return false;
}

/// Panel `panel`: its title, axes and grid, then its data, markers and their labels.
void SweepView::paintPanel(QPainter& painter, int panel, const Panel& p) const
{
    PanelPaint d(*this, panel, p);
    painter.setRenderHint(QPainter::Antialiasing, false);
    paintPanelTitle(painter, d);
    paintPanelAxes(painter, d);
    collectPanelData(d);
    painter.setRenderHint(QPainter::Antialiasing, true);
    paintPanelLines(painter, d);
    paintPanelPoints(painter, d);
    paintPanelLabels(painter, d);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

/// The panel's title: the metric and its unit, in bold above the plot (the metric alone where that fits).
void SweepView::paintPanelTitle(QPainter& painter, PanelPaint& d) const
{
    const QRectF& plot = d.p.plot;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);
    const QString heading = labels::fitting(boldMetrics,
        { d.p.y.title, ExplorerAxes::name(panelMetric(d.panel)) }, d.p.cell.right() - plot.left() - 4);
    if (heading.isEmpty()) return;
    const QRectF r(QPointF(plot.left(), d.p.cell.top()),
        QSizeF(std::ceil(boldMetrics.horizontalAdvance(heading)) + 1, boldMetrics.height()));
    if (!d.placer.take(r)) return;
    painter.setFont(bold);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, heading);
    painter.setFont(font());
}

/// The grid, the y ticks and their labels, the x ticks at every value with the labels that fit, the axes.
void SweepView::paintPanelAxes(QPainter& painter, PanelPaint& d) const
{
    const QPalette& pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = mix(pal.color(QPalette::Base), text, 0.12);
    const QFontMetricsF metrics(font());
    const double lineHeight = metrics.height();
    const QRectF& plot = d.p.plot;
    for (std::size_t k = 0; k < d.p.y.ticks.size(); ++k) {
        const double y = d.yOf(d.p.y.ticks[k]);
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(text);
        painter.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y));
        const QString label = d.p.y.tickLabels.value(qsizetype(k));
        const double w = std::ceil(metrics.horizontalAdvance(label)) + 1;
        const QRectF r(plot.left() - 6 - w, y - lineHeight / 2, w, lineHeight);
        if (d.placer.take(r)) painter.drawText(r, Qt::AlignRight | Qt::AlignVCenter, label);
    }
    // x ticks at every value, labelled from the left wherever a label fits whole.
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const double x = d.xOf(i);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(text);
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        const QString label = valueLabel(m_values[i]);
        const double w = std::ceil(metrics.horizontalAdvance(label)) + 1;
        // A little air each side so that neighbouring labels never read as one number.
        const QRectF r(x - w / 2, plot.bottom() + 6, w, lineHeight);
        if (d.placer.fits(r.adjusted(-4, 0, 4, 0))) {
            d.placer.take(r.adjusted(-4, 0, 4, 0));
            painter.drawText(r, Qt::AlignCenter, label);
        }
    }
    painter.setPen(text);
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
}

/// What the data takes in the plot: the curve's segments, the points, the lines drawn across the plot.
void SweepView::collectPanelData(PanelPaint& d) const
{
    const QRectF& plot = d.p.plot;
    std::optional<QPointF> previous;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        if (!m_points[i]) continue;
        const double v = metricOf(d.panel, i);
        const QPointF at(d.xOf(i), std::isfinite(v) ? d.yOf(v) : plot.bottom() - kDotRadius - 1);
        d.dots.push_back(at);
        if (!std::isfinite(v)) {
            previous.reset(); // the curve breaks where no plan fits
            continue;
        }
        if (previous) d.segments.emplace_back(*previous, at);
        previous = at;
    }
    d.memoryLine = panelMetric(d.panel) == ExplorerMetric::MemoryPerGpu && usableBytes() > 0;
    d.usableLine
        = QLineF(QPointF(plot.left(), d.yOf(usableBytes())), QPointF(plot.right(), d.yOf(usableBytes())));
    d.lines = d.segments; // what labels keep clear of
    if (d.memoryLine) d.lines.push_back(d.usableLine);
    d.smallest = smallestFitting();
    d.limit = fitLimit();
    for (const std::optional<std::size_t>& m : { d.smallest, d.limit })
        if (m) d.lines.emplace_back(QPointF(d.xOf(*m), plot.top()), QPointF(d.xOf(*m), plot.bottom()));
}

/// The lines across the plot: the usable memory per GPU, the hovered point's band, the fit markers.
void SweepView::paintPanelLines(QPainter& painter, const PanelPaint& d) const
{
    const QPalette& pal = palette();
    const QRectF& plot = d.p.plot;
    // The usable memory per GPU: plans above it do not fit.
    if (d.memoryLine) {
        painter.setPen(QPen(usableColour(pal), 1.4, Qt::DashLine));
        painter.drawLine(d.usableLine);
    }
    // The hovered point: a band across the panel.
    if (m_hovered >= 0 && std::size_t(m_hovered) < m_values.size()) {
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(45);
        const double x = d.xOf(std::size_t(m_hovered));
        painter.fillRect(QRectF(x - kHitRadius, plot.top(), 2 * kHitRadius, plot.height()), band);
    }
    // The smallest point that fits, and the largest where larger ones do not: vertical lines.
    if (d.smallest) {
        painter.setPen(QPen(smallestColour(pal), 1.6, Qt::DashLine));
        painter.drawLine(QPointF(d.xOf(*d.smallest), plot.top()), QPointF(d.xOf(*d.smallest), plot.bottom()));
    }
    if (d.limit) {
        painter.setPen(QPen(limitColour(pal), 1.6, Qt::DashLine));
        painter.drawLine(QPointF(d.xOf(*d.limit), plot.top()), QPointF(d.xOf(*d.limit), plot.bottom()));
    }
}

/// The curve, broken where no plan fits, and the points: filled where a plan fits, hollow rings on the floor
/// where none does, crosses where the point could not be planned; a ring around the hovered point.
void SweepView::paintPanelPoints(QPainter& painter, const PanelPaint& d) const
{
    const QPalette& pal = palette();
    const QRectF& plot = d.p.plot;
    const QColor series = seriesColour(pal);
    painter.setPen(QPen(series, 1.8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    for (const QLineF& segment : d.segments)
        painter.drawLine(segment);
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        if (!m_points[i]) continue;
        const double v = metricOf(d.panel, i);
        if (std::isfinite(v)) {
            painter.setPen(QPen(pal.color(QPalette::Base), 1));
            painter.setBrush(series);
            painter.drawEllipse(QPointF(d.xOf(i), d.yOf(v)), kDotRadius, kDotRadius);
        } else {
            painter.setPen(QPen(noFitColour(pal), 1.3));
            painter.setBrush(pal.color(QPalette::Base));
            const QPointF c(d.xOf(i), plot.bottom() - kDotRadius - 1);
            if (m_points[i]->status == SweepPointStatus::Error)
                drawCross(painter, c, kDotRadius);
            else
                painter.drawEllipse(c, kDotRadius, kDotRadius);
        }
        painter.setBrush(Qt::NoBrush);
    }
    if (m_hovered >= 0 && std::size_t(m_hovered) < m_points.size() && m_points[std::size_t(m_hovered)]) {
        const double v = metricOf(d.panel, std::size_t(m_hovered));
        const QPointF c(
            d.xOf(std::size_t(m_hovered)), std::isfinite(v) ? d.yOf(v) : plot.bottom() - kDotRadius - 1);
        painter.setPen(QPen(pal.color(QPalette::Text), 1.5));
        painter.drawEllipse(c, kDotRadius + 3, kDotRadius + 3);
    }
}

/// The labels, last: the usable memory at the right end of its line (above, else below it); the markers'
/// beside their lines (right, else left), from the top row down, wherever the data leaves room.
void SweepView::paintPanelLabels(QPainter& painter, PanelPaint& d) const
{
    const QPalette& pal = palette();
    const QFontMetricsF metrics(font());
    const QRectF& plot = d.p.plot;
    if (d.memoryLine) {
        const double y = d.yOf(usableBytes());
        const QString amount = ExplorerAxes::format(ExplorerMetric::MemoryPerGpu, usableBytes());
        for (const QString& label : { tr("usable %1").arg(amount), amount }) {
            // From the right end leftwards, above the line, else below it.
            std::vector<QRectF> rects;
            QRectF r = labelRect(metrics, label, QPointF());
            for (double right = plot.right() - 4; right - r.width() >= plot.left() + 4; right -= 16) {
                r.moveBottomRight(QPointF(right, y - 2));
                rects.push_back(r);
                rects.push_back(r.translated(0, r.height() + 4));
            }
            if (d.plotLabel(painter, label, rects, usableColour(pal))) break;
        }
    }
    if (d.smallest)
        paintMarkerLabel(painter, d, *d.smallest, smallestColour(pal),
            tr("fits from %1").arg(valueWithUnit(m_axis, m_values[*d.smallest])));
    if (d.limit)
        paintMarkerLabel(painter, d, *d.limit, limitColour(pal),
            tr("fits up to %1").arg(valueWithUnit(m_axis, m_values[*d.limit])));
}

/// The label of the marker at value `index`: `longText`, else the value alone, beside its line from the top.
void SweepView::paintMarkerLabel(
    QPainter& painter, PanelPaint& d, std::size_t index, const QColor& colour, const QString& longText) const
{
    const QFontMetricsF metrics(font());
    const double lineHeight = metrics.height();
    const QRectF& plot = d.p.plot;
    const double x = d.xOf(index);
    for (const QString& label : { longText, valueWithUnit(m_axis, m_values[index]) }) {
        std::vector<QRectF> rects;
        for (double y = plot.top() + 2; y + lineHeight <= plot.bottom() - 2 * kDotRadius - 2;
             y += lineHeight + 2) {
            const QRectF right = labelRect(metrics, label, QPointF(x + 4, y));
            rects.push_back(right);
            rects.push_back(right.translated(-right.width() - 8, 0));
        }
        if (d.plotLabel(painter, label, rects, colour)) return;
    }
}
