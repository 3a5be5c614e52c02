// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFontMetricsF>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <functional>

class QPainter;

/**
 * Laying out the labels of the hand-painted views so that no label is elided and none overprints
 * another or a bar: a label either fits whole where it belongs or is left out (the tooltips still have it).
 * Only placement lives here; every number comes from core.
 */
namespace labels {

/// The smallest round step (1, 2 or 5 x 10^k) that is at least `minimum` (> 0).
double roundStep(double minimum);
/// Whether `step` is 1, 2 or 5 x 10^k (up to rounding).
bool isRoundStep(double step);

/// The first of `candidates` (longest first) that fits `width`, or an empty string.
QString fitting(const QFontMetricsF& metrics, const QStringList& candidates, double width);

/// Keeps the rectangles of the labels drawn so far (and of bars and lines to keep clear of) and says
/// whether a new one would touch any of them.
class Placer
{
public:
    /// Takes `rect` if it lies inside the bounds (when set) and touches nothing taken before; false
    /// otherwise.
    bool take(const QRectF& rect);
    bool fits(const QRectF& rect) const;
    /// Something labels keep clear of (a bar), without taking it as a label.
    void avoid(const QRectF& rect) { m_taken.append(rect); }
    void setBounds(const QRectF& bounds) { m_bounds = bounds; }

private:
    QList<QRectF> m_taken;
    QRectF m_bounds;
};

/// A legend entry: a swatch and its text, the longest first (the first that fits is used; none: left out).
struct LegendEntry
{
    QStringList texts;
    std::function<void(QPainter&, const QRectF&)> swatch;
};

/// Legend entries flowed into rows within a width: each entry whole or not at all.
class Legend
{
public:
    Legend(const QList<LegendEntry>& entries, const QFontMetricsF& metrics, double width);
    /// Rows x row height (0 without entries).
    double height() const;
    /// The texts shown, in order (for tests and the views' own checks).
    QStringList texts() const;
    /// Paints the rows from `topLeft`, texts in `textColour`.
    void paint(QPainter& painter, QPointF topLeft, const QColor& textColour) const;

    static constexpr double SwatchWidth = 18, Spacing = 16;

private:
    struct Placed
    {
        int entry = 0;
        QString text;
        QPointF offset; ///< of the swatch, from the legend's top left
    };
    QList<LegendEntry> m_entries;
    QList<Placed> m_placed;
    double m_rowHeight = 0;
    int m_rows = 0;
    double m_textHeight = 0;
    double m_gap = 5; ///< swatch to text
    QFontMetricsF m_metrics;
};

} // namespace labels
