// SPDX-License-Identifier: GPL-3.0-or-later
// SweepView's drawing: the legend, the panels (axes, ticks, the curve and its points, the usable-memory line,
// the smallest-fit and fit-limit markers, the hovered point) and the caption. Labels are placed whole or left
// out (labels::Placer), never elided.
#include "label_layout.h"
#include "sweep_view.h"

#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

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
            p.setPen(QPen(colour, 1.6, Qt::DashLine));
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

    // A label inside the plot on a background, so that it reads over the curve.
    const auto plotLabel = [&](const QStringList& candidates, const QList<QPointF>& corners,
                               const QColor& colour, Qt::Alignment side) {
        for (const QString& candidate : candidates) {
            if (candidate.isEmpty()) continue;
            for (const QPointF& corner : corners) {
                QRectF r = labelRect(metrics, candidate, corner);
                if (side & Qt::AlignRight) r.moveRight(corner.x());
                if (side & Qt::AlignBottom) r.moveBottom(corner.y());
                if (!plot.contains(r) || !placer.take(r)) continue;
                QColor back = pal.color(QPalette::Base);
                back.setAlpha(220);
                painter.fillRect(r, back);
                painter.setPen(colour);
                painter.drawText(r, Qt::AlignCenter, candidate);
                return;
            }
        }
    };

    // The usable memory per GPU: plans above it do not fit.
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (metric == ExplorerMetric::MemoryPerGpu && usableBytes() > 0) {
        const double y = yOf(usableBytes());
        painter.setPen(QPen(usableColour(pal), 1.4, Qt::DashLine));
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        const QString amount = ExplorerAxes::format(ExplorerMetric::MemoryPerGpu, usableBytes());
        plotLabel({ tr("usable %1").arg(amount), amount },
            { QPointF(plot.right() - 4, y - 2), QPointF(plot.right() - 4, y + 2 + lineHeight) },
            usableColour(pal), Qt::AlignRight | Qt::AlignBottom);
    }

    // The hovered point: a band across the panel.
    if (m_hovered >= 0 && std::size_t(m_hovered) < m_values.size()) {
        QColor band = pal.color(QPalette::Highlight);
        band.setAlpha(45);
        const double x = xOf(std::size_t(m_hovered));
        painter.fillRect(QRectF(x - kHitRadius, plot.top(), 2 * kHitRadius, plot.height()), band);
    }

    // The curve: fitting points joined in order, broken where none fits.
    const QColor series = seriesColour(pal);
    painter.setPen(QPen(series, 1.8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    QPolygonF run;
    const auto flush = [&] {
        if (run.size() > 1) painter.drawPolyline(run);
        run.clear();
    };
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const double v = metricOf(panel, i);
        if (!std::isfinite(v)) {
            if (m_points[i]) flush();
            continue;
        }
        run << QPointF(xOf(i), yOf(v));
    }
    flush();
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

    // The smallest point that fits, and the largest where larger ones do not: labelled vertical lines.
    const auto markerAt = [&](std::size_t index, const QColor& colour, const QString& longText, int row) {
        const double x = xOf(index);
        painter.setPen(QPen(colour, 1.6, Qt::DashLine));
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        const double y = plot.top() + 2 + row * (lineHeight + 2);
        const QStringList texts { longText, valueWithUnit(m_axis, m_values[index]) };
        for (const QString& t : texts) {
            // Right of the line first, then left of it, on this row or the next.
            const double w = std::ceil(metrics.horizontalAdvance(t)) + 1;
            const QPointF tries[] = { { x + 4, y }, { x - 4 - w, y }, { x + 4, y + lineHeight + 2 },
                { x - 4 - w, y + lineHeight + 2 } };
            for (const QPointF& corner : tries) {
                const QRectF r = labelRect(metrics, t, corner);
                if (!plot.contains(r) || !placer.take(r)) continue;
                QColor back = pal.color(QPalette::Base);
                back.setAlpha(220);
                painter.fillRect(r, back);
                painter.setPen(colour);
                painter.drawText(r, Qt::AlignCenter, t);
                return;
            }
        }
    };
    if (const auto smallest = smallestFitting())
        markerAt(*smallest, smallestColour(pal),
            tr("fits from %1").arg(valueWithUnit(m_axis, m_values[*smallest])), 0);
    if (const auto limit = fitLimit())
        markerAt(
            *limit, limitColour(pal), tr("fits up to %1").arg(valueWithUnit(m_axis, m_values[*limit])), 1);
    painter.setRenderHint(QPainter::Antialiasing, false);
}
