// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFont>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <QWidget>

/**
 * The shape every hand-painted plan view shares: one render() paints the whole view (title,
 * data, legend) into any QPainter at any size, so the widget, PNG/SVG exports and
 * `shardscope render` draw the same picture; tooltips come from toolTipAt(); colours come from
 * the widget's palette (light and dark themes).
 */
class PaintedView : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    /// One line naming the view's key number, drawn at the top.
    virtual QString title() const = 0;
    /// A shorter title, drawn instead of title() where that does not fit the width (the view painted
    /// small, e.g. side by side with another); title() by default.
    virtual QString compactTitle() const { return title(); }
    /// Paints the view into any device (the widget, a PNG image, an SVG generator) at `size`.
    virtual void render(QPainter& painter, QSizeF size) const = 0;
    /// The tooltip for a point of a view drawn at `size`, or an empty string.
    virtual QString toolTipAt(QPointF pos, QSizeF size) const;

    static constexpr double kTitleHeight = 34;

protected:
    /// Fills the background, draws the title in bold in the top kTitleHeight (compactTitle() where
    /// title() is wider than the view), and leaves the painter with the normal font, the text colour
    /// and no antialiasing. Returns the bold font.
    QFont paintFrame(QPainter& painter, QSizeF size) const;

    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
};
