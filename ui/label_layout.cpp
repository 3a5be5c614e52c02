// SPDX-License-Identifier: GPL-3.0-or-later
#include "label_layout.h"

#include <QPainter>
#include <cmath>

namespace labels {

double roundStep(double minimum)
{
    if (!(minimum > 0) || !std::isfinite(minimum)) return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(minimum)));
    for (const double m : { 1.0, 2.0, 5.0, 10.0 })
        if (m * magnitude >= minimum * (1 - 1e-12)) return m * magnitude;
    return 10 * magnitude;
}

bool isRoundStep(double step)
{
    if (!(step > 0) || !std::isfinite(step)) return false;
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    for (const double m : { 1.0, 2.0, 5.0, 10.0 })
        if (std::abs(mantissa - m) < 1e-6) return true;
    return false;
}

QString fitting(const QFontMetricsF& metrics, const QStringList& candidates, double width)
{
    for (const QString& text : candidates)
        if (!text.isEmpty() && metrics.horizontalAdvance(text) <= width) return text;
    return {};
}

bool Placer::fits(const QRectF& rect) const
{
    if (!m_bounds.isNull() && !m_bounds.adjusted(-0.01, -0.01, 0.01, 0.01).contains(rect)) return false;
    // Rectangles that only touch do not collide: labels on neighbouring lines share an edge.
    const QRectF inner = rect.adjusted(0.25, 0.25, -0.25, -0.25);
    for (const QRectF& other : m_taken)
        if (inner.intersects(other)) return false;
    return true;
}

bool Placer::take(const QRectF& rect)
{
    if (!fits(rect)) return false;
    m_taken.append(rect);
    return true;
}

Legend::Legend(const QList<LegendEntry>& entries, const QFontMetricsF& metrics, double width)
    : m_entries(entries)
    , m_metrics(metrics)
{
    m_textHeight = metrics.height();
    m_rowHeight = m_textHeight + 4;
    double x = 0;
    int row = 0;
    for (int i = 0; i < entries.size(); ++i) {
        // The longest text that fits the rest of this row, else the longest that fits a row of its own.
        const double rest = width - x - SwatchWidth - m_gap;
        QString text = fitting(metrics, entries[i].texts, rest);
        if (text.isEmpty() && x > 0) {
            text = fitting(metrics, entries[i].texts, width - SwatchWidth - m_gap);
            if (!text.isEmpty()) {
                ++row;
                x = 0;
            }
        }
        if (text.isEmpty()) continue;
        m_placed.append({ i, text, QPointF(x, row * m_rowHeight) });
        x += SwatchWidth + m_gap + metrics.horizontalAdvance(text) + Spacing;
    }
    m_rows = m_placed.isEmpty() ? 0 : row + 1;
}

double Legend::height() const
{
    return m_rows * m_rowHeight;
}

QStringList Legend::texts() const
{
    QStringList out;
    for (const Placed& p : m_placed)
        out.append(p.text);
    return out;
}

void Legend::paint(QPainter& painter, QPointF topLeft, const QColor& textColour) const
{
    const double box = std::max(6.0, m_textHeight - 5);
    for (const Placed& p : m_placed) {
        const QPointF at = topLeft + p.offset;
        painter.save();
        if (m_entries[p.entry].swatch)
            m_entries[p.entry].swatch(
                painter, QRectF(at.x(), at.y() + (m_rowHeight - box) / 2, SwatchWidth, box));
        painter.restore();
        painter.setPen(textColour);
        const double w = m_metrics.horizontalAdvance(p.text);
        painter.drawText(QRectF(at.x() + SwatchWidth + m_gap, at.y() + (m_rowHeight - m_textHeight) / 2,
                             w + 1, m_textHeight),
            Qt::AlignLeft | Qt::AlignVCenter, p.text);
    }
}

} // namespace labels
