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

void SweepView::paintPanel(QPainter& painter, int panel, const Panel& p) const
{
    const QPalette& pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = mix(pal.color(QPalette::Base), text, 0.12);
    const QFontMetricsF metrics(font());
    const double lineHeight = metrics.height();
    const QRectF& plot = p.plot;
    const ExplorerMetric metric = panelMetric(panel);
    labels::Placer placer;
    placer.setBounds(p.cell);
    const auto xOf = [&](std::size_t i) { return plot.left() + xFraction(m_values[i]) * plot.width(); };
    const auto yOf = [&](double v) { return plot.bottom() - p.y.fraction(v) * plot.height(); };
    painter.setRenderHint(QPainter::Antialiasing, false);

    // The panel's title: the metric and its unit.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);
    const QString heading = labels::fitting(
        boldMetrics, { p.y.title, ExplorerAxes::name(metric) }, p.cell.right() - plot.left() - 4);
    if (!heading.isEmpty()) {
        const QRectF r(QPointF(plot.left(), p.cell.top()),
            QSizeF(std::ceil(boldMetrics.horizontalAdvance(heading)) + 1, boldMetrics.height()));
        if (placer.take(r)) {
            painter.setFont(bold);
            painter.setPen(text);
            painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, heading);
            painter.setFont(font());
        }
    }

    // Grid, y ticks and their labels.
    for (std::size_t k = 0; k < p.y.ticks.size(); ++k) {
        const double y = yOf(p.y.ticks[k]);
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(text);
        painter.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y));
        const QString label = p.y.tickLabels.value(qsizetype(k));
        const double w = std::ceil(metrics.horizontalAdvance(label)) + 1;
        const QRectF r(plot.left() - 6 - w, y - lineHeight / 2, w, lineHeight);
        if (placer.take(r)) painter.drawText(r, Qt::AlignRight | Qt::AlignVCenter, label);
    }
    // x ticks at every value, labelled from the left wherever a label fits whole.
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const double x = xOf(i);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(text);
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        const QString label = valueLabel(m_values[i]);
        const double w = std::ceil(metrics.horizontalAdvance(label)) + 1;
        // A little air each side so that neighbouring labels never read as one number.
        const QRectF r(x - w / 2, plot.bottom() + 6, w, lineHeight);
        if (placer.fits(r.adjusted(-4, 0, 4, 0))) {
            placer.take(r.adjusted(-4, 0, 4, 0));
            painter.drawText(r, Qt::AlignCenter, label);
        }
    }
    painter.setPen(text);
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());

    // What the data takes: the curve's segments, the points, the lines drawn across the plot.
    std::vector<QLineF> segments;
    std::vector<QPointF> dots;
    std::optional<QPointF> previous;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        if (!m_points[i]) continue;
        const double v = metricOf(panel, i);
        const QPointF at(xOf(i), std::isfinite(v) ? yOf(v) : plot.bottom() - kDotRadius - 1);
        dots.push_back(at);
        if (!std::isfinite(v)) {
            previous.reset(); // the curve breaks where no plan fits
            continue;
        }
        if (previous) segments.emplace_back(*previous, at);
        previous = at;
    }
    const bool memoryLine = metric == ExplorerMetric::MemoryPerGpu && usableBytes() > 0;
    const QLineF usableLine(
        QPointF(plot.left(), yOf(usableBytes())), QPointF(plot.right(), yOf(usableBytes())));
    std::vector<QLineF> lines = segments; // what labels keep clear of
    if (memoryLine) lines.push_back(usableLine);
    const std::optional<std::size_t> smallest = smallestFitting(), limit = fitLimit();
    for (const std::optional<std::size_t>& m : { smallest, limit })
        if (m) lines.emplace_back(QPointF(xOf(*m), plot.top()), QPointF(xOf(*m), plot.bottom()));
    const auto clearOfData = [&](const QRectF& r) {
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
    };
    // A label inside the plot, on the first of `rects` that is clear of the data and of other labels.
    const auto plotLabel = [&](const QString& label, const std::vector<QRectF>& rects, const QColor& colour) {
        for (const QRectF& r : rects) {
            if (!plot.contains(r) || !clearOfData(r) || !placer.take(r)) continue;
            painter.setPen(colour);
            painter.drawText(r, Qt::AlignCenter, label);
            return true;
        }
        return false;
    };

    painter.setRenderHint(QPainter::Antialiasing, true);
    // The usable memory per GPU: plans above it do not fit.
    if (memoryLine) {
        painter.setPen(QPen(usableColour(pal), 1.4, Qt::DashLine));
        painter.drawLine(usableLine);
    }
    // The hovered point: a band across the panel.
    if (m_hovered >= 0 && std::size_t(m_hovered) < m_values.size()) {
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(45);
        const double x = xOf(std::size_t(m_hovered));
        painter.fillRect(QRectF(x - kHitRadius, plot.top(), 2 * kHitRadius, plot.height()), band);
    }
    // The smallest point that fits, and the largest where larger ones do not: vertical lines.
    if (smallest) {
        painter.setPen(QPen(smallestColour(pal), 1.6, Qt::DashLine));
        painter.drawLine(QPointF(xOf(*smallest), plot.top()), QPointF(xOf(*smallest), plot.bottom()));
    }
    if (limit) {
        painter.setPen(QPen(limitColour(pal), 1.6, Qt::DashLine));
        painter.drawLine(QPointF(xOf(*limit), plot.top()), QPointF(xOf(*limit), plot.bottom()));
    }

    // The curve, broken where no plan fits, and the points: filled where a plan fits, hollow rings on the
    // floor where none does, crosses where the point could not be planned.
    const QColor series = seriesColour(pal);
    painter.setPen(QPen(series, 1.8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    for (const QLineF& segment : segments)
        painter.drawLine(segment);
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        if (!m_points[i]) continue;
        const double v = metricOf(panel, i);
        if (std::isfinite(v)) {
            painter.setPen(QPen(pal.color(QPalette::Base), 1));
            painter.setBrush(series);
            painter.drawEllipse(QPointF(xOf(i), yOf(v)), kDotRadius, kDotRadius);
        } else {
            painter.setPen(QPen(noFitColour(pal), 1.3));
            painter.setBrush(pal.color(QPalette::Base));
            const QPointF c(xOf(i), plot.bottom() - kDotRadius - 1);
            if (m_points[i]->status == SweepPointStatus::Error)
                drawCross(painter, c, kDotRadius);
            else
                painter.drawEllipse(c, kDotRadius, kDotRadius);
        }
        painter.setBrush(Qt::NoBrush);
    }
    if (m_hovered >= 0 && std::size_t(m_hovered) < m_points.size() && m_points[std::size_t(m_hovered)]) {
        const double v = metricOf(panel, std::size_t(m_hovered));
        const QPointF c(
            xOf(std::size_t(m_hovered)), std::isfinite(v) ? yOf(v) : plot.bottom() - kDotRadius - 1);
        painter.setPen(QPen(text, 1.5));
        painter.drawEllipse(c, kDotRadius + 3, kDotRadius + 3);
    }

    // The labels, last: the usable memory at the right end of its line (above, else below it); the markers'
    // beside their lines (right, else left), from the top row down, wherever the data leaves room.
    if (memoryLine) {
        const double y = yOf(usableBytes());
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
            if (plotLabel(label, rects, usableColour(pal))) break;
        }
    }
    const auto markerLabel = [&](std::size_t index, const QColor& colour, const QString& longText) {
        const double x = xOf(index);
        for (const QString& label : { longText, valueWithUnit(m_axis, m_values[index]) }) {
            std::vector<QRectF> rects;
            for (double y = plot.top() + 2; y + lineHeight <= plot.bottom() - 2 * kDotRadius - 2;
                 y += lineHeight + 2) {
                const QRectF right = labelRect(metrics, label, QPointF(x + 4, y));
                rects.push_back(right);
                rects.push_back(right.translated(-right.width() - 8, 0));
            }
            if (plotLabel(label, rects, colour)) return;
        }
    };
    if (smallest)
        markerLabel(*smallest, smallestColour(pal),
            tr("fits from %1").arg(valueWithUnit(m_axis, m_values[*smallest])));
    if (limit)
        markerLabel(
            *limit, limitColour(pal), tr("fits up to %1").arg(valueWithUnit(m_axis, m_values[*limit])));
    painter.setRenderHint(QPainter::Antialiasing, false);
}
