// SPDX-License-Identifier: GPL-3.0-or-later
// ExplorerView's drawing: axes, the dots (stamped into an image on raster devices, vector dots elsewhere),
// the Pareto front, the filter and selection, and the legend.
#include "explorer_view.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

namespace {

constexpr double kLegendGap = 16; // between the plot and the legend
constexpr double kSwatch = 14; // legend symbol column

/// a blended towards b by t (0: a, 1: b).
QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
        float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QColor infeasibleColour(const QPalette& pal)
{
    return mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.45);
}

} // namespace

QRectF ExplorerView::filterRect(const QRectF& plot) const
{
    if (!m_hasFilter) return {};
    const auto x = [&](double value) {
        return plot.left() + std::clamp(m_xAxis.fraction(value), 0.0, 1.0) * plot.width();
    };
    const auto y = [&](double value) {
        return plot.bottom() - std::clamp(m_yAxis.fraction(value), 0.0, 1.0) * plot.height();
    };
    return QRectF(QPointF(x(m_filterRange.left()), y(m_filterRange.bottom())),
        QPointF(x(m_filterRange.right()), y(m_filterRange.top())));
}

double ExplorerView::dotRadius() const
{
    const std::size_t n = m_drawOrder.size();
    return n <= 2000 ? 3.5 : n <= 20000 ? 3.0 : 2.6;
}

double ExplorerView::legendWidth() const
{
    const QFontMetricsF metrics(font());
    QFont bold = font();
    bold.setBold(true);
    double width
        = QFontMetricsF(bold).horizontalAdvance(tr("Colour: %1").arg(ExplorerCategories::name(colouring())));
    const QString fixed[] = { tr("fits in memory"), tr("does not fit (hidden)"), tr("Pareto front"),
        tr("selected"), tr("%1: %2 is better").arg(ExplorerAxes::name(m_xMetric), tr("lower")),
        tr("%1: %2 is better").arg(ExplorerAxes::name(m_yMetric), tr("higher")) };
    for (const QString& text : fixed)
        width = std::max(width, kSwatch + 6 + metrics.horizontalAdvance(text));
    for (int c = 0; c < m_categories.count(); ++c)
        width = std::max(width, kSwatch + 6 + metrics.horizontalAdvance(m_categories.label(c)));
    return kLegendGap + std::clamp(width, 110.0, 260.0) + 8;
}

void ExplorerView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    paintFrame(painter, size);
    const QRectF plot = plotRect(size);
    paintAxes(painter, plot);
    const QRectF band = filterRect(plot);
    if (!band.isNull()) { // under the dots, so they keep their colours
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(40);
        painter.fillRect(band, fill);
    }
    if (!m_drawOrder.empty()) paintPoints(painter, plot);
    paintOverlays(painter, plot);
    paintLegend(painter, plot, size);
    if (m_drawOrder.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter,
            m_points.empty() ? tr("Run a search to see its plans here")
                             : tr("No plan has both %1 and %2")
                                   .arg(ExplorerAxes::name(m_xMetric), ExplorerAxes::name(m_yMetric)));
    }
    painter.restore();
}

void ExplorerView::paintAxes(QPainter& painter, const QRectF& plot) const
{
    const QPalette& pal = palette();
    const QFontMetricsF metrics(font());
    const QColor grid = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.12);
    painter.setRenderHint(QPainter::Antialiasing, false);
    for (std::size_t k = 0; k < m_xAxis.ticks.size(); ++k) {
        const double x = plot.left() + m_xAxis.fraction(m_xAxis.ticks[k]) * plot.width();
        painter.setPen(grid);
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(pal.color(QPalette::Text));
        painter.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        painter.drawText(QRectF(x - 50, plot.bottom() + 6, 100, metrics.height()),
            Qt::AlignHCenter | Qt::AlignTop, m_xAxis.tickLabels.value(qsizetype(k)));
    }
    for (std::size_t k = 0; k < m_yAxis.ticks.size(); ++k) {
        const double y = plot.bottom() - m_yAxis.fraction(m_yAxis.ticks[k]) * plot.height();
        painter.setPen(grid);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(pal.color(QPalette::Text));
        painter.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y));
        painter.drawText(QRectF(0, y - metrics.height() / 2, plot.left() - 6, metrics.height()),
            Qt::AlignRight | Qt::AlignVCenter, m_yAxis.tickLabels.value(qsizetype(k)));
    }
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + 8 + metrics.height(), plot.width(), metrics.height()),
        Qt::AlignHCenter | Qt::AlignTop, m_xAxis.title);
    painter.save();
    painter.translate(8, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()),
        Qt::AlignHCenter | Qt::AlignTop, m_yAxis.title);
    painter.restore();
}

void ExplorerView::paintPoints(QPainter& painter, const QRectF& plot) const
{
    const QPalette& pal = palette();
    std::vector<ExplorerDotStyle> styles { { infeasibleColour(pal), true } };
    for (int c = 0; c < m_categories.count(); ++c)
        styles.push_back({ m_categories.colour(c, pal), false });

    const QTransform t = painter.deviceTransform();
    const bool raster = painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster
        && t.type() <= QTransform::TxScale && t.m11() > 0 && std::abs(t.m11() - t.m22()) < 1e-9;
    if (raster) {
        // The dots in device pixels, stamped into an image that covers the plot and a margin for dots on its
        // edge.
        const double s = t.m11();
        const QPointF origin = t.map(plot.topLeft());
        const int margin = int(std::ceil(dotRadius() * s)) + 2;
        const int left = int(std::floor(origin.x())) - margin, top = int(std::floor(origin.y())) - margin;
        const QSize pixels(int(std::ceil(origin.x() + plot.width() * s)) + margin - left,
            int(std::ceil(origin.y() + plot.height() * s)) + margin - top);
        const QPointF offset(origin.x() - left, origin.y() - top); // the plot's corner in the image
        const QRect device(left, top, pixels.width(), pixels.height());
        const QRgb base = pal.color(QPalette::Base).rgba(), text = pal.color(QPalette::Text).rgba();
        Layer& layer = m_layer;
        const QRectF key(offset, plot.size());
        if (layer.generation != m_generation || layer.plot != key || layer.scale != s || layer.base != base
            || layer.text != text || layer.image.size() != pixels) {
            m_dots.resize(m_drawOrder.size());
            const double w = plot.width() * s, h = plot.height() * s;
            for (std::size_t k = 0; k < m_drawOrder.size(); ++k) {
                const ExplorerPoint& p = m_points[m_drawOrder[k]];
                m_dots[k] = { std::int32_t(std::floor(offset.x() + p.u * w)),
                    std::int32_t(std::floor(offset.y() + (1 - p.v) * h)),
                    std::uint16_t(p.feasible ? p.category + 1 : 0) };
            }
            layer.image
                = m_stamper.stamp(pixels, m_dots, styles, dotRadius() * s, 1.1 * s, std::max(1, int(s)));
            layer.image.setDevicePixelRatio(s);
            layer.generation = m_generation;
            layer.plot = key;
            layer.scale = s;
            layer.base = base;
            layer.text = text;
        }
        painter.drawImage(t.inverted().map(QPointF(device.topLeft())), layer.image);
        return;
    }

    // Vector devices (SVG, PDF): one dot per style and pixel of the plot.
    painter.setRenderHint(QPainter::Antialiasing, true);
    const int w = std::max(1, int(std::ceil(plot.width()))), h = std::max(1, int(std::ceil(plot.height())));
    std::vector<std::uint16_t> last(std::size_t(w) * std::size_t(h), 0);
    std::vector<std::vector<QPointF>> byStyle(styles.size());
    for (std::uint32_t candidate : m_drawOrder) {
        const ExplorerPoint& p = m_points[candidate];
        const int style = p.feasible ? p.category + 1 : 0;
        const int x = std::clamp(int(p.u * plot.width()), 0, w - 1),
                  y = std::clamp(int((1 - p.v) * plot.height()), 0, h - 1);
        std::uint16_t& seen = last[std::size_t(y) * std::size_t(w) + std::size_t(x)];
        if (seen == style + 1) continue;
        seen = std::uint16_t(style + 1);
        byStyle[std::size_t(style)].push_back(
            { plot.left() + p.u * plot.width(), plot.bottom() - p.v * plot.height() });
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(styles[0].colour, 1.1));
    for (const QPointF& centre : byStyle[0])
        painter.drawEllipse(centre, dotRadius() - 0.55, dotRadius() - 0.55);
    for (std::size_t s = 1; s < styles.size(); ++s) {
        painter.setPen(QPen(styles[s].colour, 2 * dotRadius(), Qt::SolidLine, Qt::RoundCap));
        painter.drawPoints(byStyle[s].data(), int(byStyle[s].size()));
    }
}

void ExplorerView::paintOverlays(QPainter& painter, const QRectF& plot) const
{
    const QPalette& pal = palette();
    const auto at = [&](std::uint32_t candidate) {
        const ExplorerPoint& p = m_points[candidate];
        return QPointF(plot.left() + p.u * plot.width(), plot.bottom() - p.v * plot.height());
    };
    painter.setRenderHint(QPainter::Antialiasing, true);

    if (const QRectF band = filterRect(plot); !band.isNull()) {
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(band);
    }
    if (m_dragging) {
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(m_pressPos, m_dragPos).normalized().intersected(plot));
    }

    // Usable memory per GPU on a memory axis: the plans beyond it do not fit.
    if (m_capacityBytes > 0) {
        QColor colour = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.6);
        painter.setPen(QPen(colour, 1.2, Qt::DashLine));
        const QString label
            = tr("usable memory %1").arg(ExplorerAxes::format(ExplorerMetric::MemoryPerGpu, m_capacityBytes));
        const QFontMetricsF metrics(font());
        if (m_yMetric == ExplorerMetric::MemoryPerGpu && m_yAxis.fraction(m_capacityBytes) >= 0
            && m_yAxis.fraction(m_capacityBytes) <= 1) {
            const double y = plot.bottom() - m_yAxis.fraction(m_capacityBytes) * plot.height();
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            painter.drawText(
                QRectF(plot.left(), y - metrics.height() - 1, plot.width() - 4, metrics.height()),
                Qt::AlignRight | Qt::AlignBottom, label);
        }
        if (m_xMetric == ExplorerMetric::MemoryPerGpu && m_xAxis.fraction(m_capacityBytes) >= 0
            && m_xAxis.fraction(m_capacityBytes) <= 1) {
            const double x = plot.left() + m_xAxis.fraction(m_capacityBytes) * plot.width();
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            painter.save();
            painter.translate(x - 3, plot.top() + 4);
            painter.rotate(-90);
            painter.drawText(QRectF(-plot.height(), -metrics.height(), plot.height() - 4, metrics.height()),
                Qt::AlignRight | Qt::AlignBottom, label);
            painter.restore();
        }
    }

    // Plans outside the shown range lie on its edge: say how many, and how to see them.
    if (m_beyondCount > 0) {
        const QFontMetricsF metrics(font());
        const QString text = tr("%n plan(s) beyond the range, drawn at its edge (wheel to zoom out, Home to reset)", nullptr,
                                int(m_beyondCount));
        const QRectF box(plot.left() + 4, plot.top() + 4, std::min(plot.width() - 8, metrics.horizontalAdvance(text) + 8),
                         metrics.height() + 2);
        QColor back = pal.color(QPalette::Base);
        back.setAlphaF(0.85f); // over the points on the top edge, still legible
        painter.fillRect(box, back);
        painter.setPen(mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.7));
        painter.drawText(box.adjusted(4, 1, -4, -1), Qt::AlignLeft | Qt::AlignVCenter, text);
    }

    // The Pareto front: a line through its plans in increasing x, each ringed.
    if (!m_front.empty()) {
        QPolygonF line;
        for (std::uint32_t candidate : m_front)
            if (isShown(candidate)) line << at(candidate);
        painter.setPen(QPen(pal.color(QPalette::Text), 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(line);
        for (const QPointF& p : std::as_const(line))
            painter.drawEllipse(p, dotRadius() + 1.5, dotRadius() + 1.5);
    }
    if (m_hovered >= 0 && isShown(std::uint32_t(m_hovered))) {
        painter.setPen(QPen(pal.color(QPalette::Text), 1.5));
        painter.drawEllipse(at(std::uint32_t(m_hovered)), kHitRadius, kHitRadius);
    }
    if (m_selected >= 0 && isShown(std::uint32_t(m_selected))) {
        const QPointF p = at(std::uint32_t(m_selected));
        painter.setPen(QPen(pal.color(QPalette::Highlight), 2.5));
        painter.drawEllipse(p, kHitRadius + 2, kHitRadius + 2);
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void ExplorerView::paintLegend(QPainter& painter, const QRectF& plot, QSizeF size) const
{
    const QPalette& pal = palette();
    const QFontMetricsF metrics(font());
    const double rowHeight = metrics.height() + 4;
    const double x = plot.right() + kLegendGap, width = size.width() - x - 8;
    double y = plot.top();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const auto text = [&](const QString& s, const QColor& colour) {
        painter.setPen(colour);
        painter.drawText(QRectF(x + kSwatch + 6, y, width - kSwatch - 6, rowHeight),
            Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(s, Qt::ElideRight, width - kSwatch - 6));
    };
    const auto dot = [&](const QColor& colour, bool hollow) {
        const QPointF centre(x + kSwatch / 2, y + rowHeight / 2);
        painter.setPen(hollow ? QPen(colour, 1.1) : Qt::NoPen);
        painter.setBrush(hollow ? QBrush() : QBrush(colour));
        painter.drawEllipse(centre, hollow ? dotRadius() + 0.5 : dotRadius() + 1,
            hollow ? dotRadius() + 0.5 : dotRadius() + 1);
        painter.setBrush(Qt::NoBrush);
    };

    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(QRectF(x, y, width, rowHeight), Qt::AlignLeft | Qt::AlignVCenter,
        tr("Colour: %1").arg(ExplorerCategories::name(colouring())));
    painter.setFont(font());
    y += rowHeight;

    // The categories, as many as leave room for the six rows below them.
    const int room = std::max(1, int((plot.bottom() - y) / rowHeight) - 7);
    const int count = m_categories.count();
    const int listed = count <= room ? count : room - 1;
    for (int c = 0; c < listed; ++c, y += rowHeight) {
        dot(m_categories.colour(c, pal), false);
        text(m_categories.label(c), pal.color(QPalette::Text));
    }
    if (listed < count) {
        text(tr("and %1 more").arg(count - listed), pal.color(QPalette::PlaceholderText));
        y += rowHeight;
    }
    y += rowHeight / 2;

    dot(pal.color(QPalette::Text), false);
    text(tr("fits in memory"), pal.color(QPalette::Text));
    y += rowHeight;
    dot(infeasibleColour(pal), true);
    text(m_showInfeasible ? tr("does not fit") : tr("does not fit (hidden)"), pal.color(QPalette::Text));
    y += rowHeight;
    painter.setPen(QPen(pal.color(QPalette::Text), 1.6));
    painter.drawLine(QPointF(x, y + rowHeight / 2), QPointF(x + kSwatch, y + rowHeight / 2));
    text(tr("Pareto front"), pal.color(QPalette::Text));
    y += rowHeight;
    const auto better = [&](ExplorerMetric m) {
        return tr("%1: %2 is better")
            .arg(ExplorerAxes::name(m),
                ExplorerAxes::objective(m) == shardscope::Objective::Minimize ? tr("lower") : tr("higher"));
    };
    text(better(m_xMetric), pal.color(QPalette::PlaceholderText));
    y += rowHeight;
    text(better(m_yMetric), pal.color(QPalette::PlaceholderText));
    y += rowHeight;
    painter.setPen(QPen(pal.color(QPalette::Highlight), 2.5));
    painter.drawEllipse(QPointF(x + kSwatch / 2, y + rowHeight / 2), kSwatch / 2 - 1, kSwatch / 2 - 1);
    text(tr("selected"), pal.color(QPalette::Text));
    painter.setRenderHint(QPainter::Antialiasing, false);
}
