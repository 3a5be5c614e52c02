// SPDX-License-Identifier: GPL-3.0-or-later
#include "painted_view.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

QString PaintedView::toolTipAt(QPointF, QSizeF) const
{
    return {};
}

QFont PaintedView::paintFrame(QPainter& painter, QSizeF size) const
{
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QPalette& pal = palette();
    painter.fillRect(QRectF(QPointF(0, 0), size), pal.color(QPalette::Base));
    painter.setPen(pal.color(QPalette::Text));
    QFont titleFont = font();
    titleFont.setBold(true);
    painter.setFont(titleFont);
    QString text = title();
    if (QFontMetricsF(titleFont).horizontalAdvance(text) > size.width() - 8) text = compactTitle();
    painter.drawText(QRectF(0, 6, size.width(), kTitleHeight - 8), Qt::AlignHCenter | Qt::AlignVCenter, text);
    painter.setFont(font());
    return titleFont;
}

bool PaintedView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos(), size());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void PaintedView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    render(painter, size());
}
