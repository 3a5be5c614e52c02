// SPDX-License-Identifier: GPL-3.0-or-later
#include "view_export.h"

#include "atomic_save.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QFont>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPalette>
#include <QSvgGenerator>

namespace {
constexpr double kHeader = 56;
constexpr double kFooter = 22;
constexpr double kMargin = 12;
} // namespace

double FigureExporter::chromeHeight()
{
    return kHeader + kFooter;
}

QSizeF FigureExporter::figureSize(const Figure& figure)
{
    return { figure.viewSize.width(), figure.viewSize.height() + kHeader + kFooter };
}

void FigureExporter::paint(QPainter& painter, const Figure& figure)
{
    const QSizeF size = figureSize(figure);
    // The application's palette: white paper in the light theme, dark in the dark one.
    const QPalette palette = QGuiApplication::palette();
    const QColor paper = palette.color(QPalette::Base);
    const QColor ink = palette.color(QPalette::Text);
    const QColor faint = palette.color(QPalette::PlaceholderText);
    painter.save();
    painter.fillRect(QRectF(QPointF(), size), paper);
    QFont titleFont = painter.font();
    titleFont.setPointSizeF(13);
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(ink);
    painter.drawText(
        QRectF(kMargin, 6, size.width() - 2 * kMargin, 24), Qt::AlignLeft | Qt::AlignVCenter, figure.title);
    QFont subtitleFont = painter.font();
    subtitleFont.setPointSizeF(9.5);
    subtitleFont.setBold(false);
    // A subtitle wider than the figure is set smaller (down to 7 pt) before it is shortened at all.
    const double subtitleWidth = size.width() - 2 * kMargin;
    while (subtitleFont.pointSizeF() > 7.01
        && QFontMetricsF(subtitleFont, painter.device()).horizontalAdvance(figure.subtitle) > subtitleWidth)
        subtitleFont.setPointSizeF(subtitleFont.pointSizeF() - 0.5);
    painter.setFont(subtitleFont);
    painter.setPen(ink);
    painter.drawText(QRectF(kMargin, 30, subtitleWidth, 20), Qt::AlignLeft | Qt::AlignVCenter,
        painter.fontMetrics().elidedText(figure.subtitle, Qt::ElideRight, int(subtitleWidth)));
    painter.setPen(palette.color(QPalette::Mid));
    painter.drawLine(QPointF(0, kHeader - 1), QPointF(size.width(), kHeader - 1));
    painter.restore();

    painter.save();
    painter.translate(0, kHeader);
    painter.setClipRect(QRectF(QPointF(), figure.viewSize));
    if (figure.paint) figure.paint(painter, figure.viewSize);
    painter.restore();

    painter.save();
    QFont footerFont = painter.font();
    footerFont.setPointSizeF(8);
    painter.setFont(footerFont);
    painter.setPen(faint);
    const QString footer = tr("ShardScope %1 · predicted from published cost models · %2")
                               .arg(QCoreApplication::applicationVersion(),
                                   QLocale().toString(QDateTime::currentDateTime(), QLocale::ShortFormat));
    painter.drawText(QRectF(kMargin, size.height() - kFooter, size.width() - 2 * kMargin, kFooter),
        Qt::AlignRight | Qt::AlignVCenter, footer);
    painter.restore();
}

QString FigureExporter::write(const QString& path, const Figure& figure, double scale)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        return tr("%1: the file name must end in .png or .svg").arg(path);
    if (!(scale >= 0.1 && scale <= 8))
        return tr("%1: the scale must be between 0.1 and 8, got %2").arg(path).arg(scale);
    const QSizeF size = figureSize(figure);
    QBuffer
        buffer; // encoded in memory, then saved atomically: a failed export leaves an existing file as it was
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        QImage image((size * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        if (image.isNull())
            return tr("%1: a %2 x %3 picture does not fit in memory")
                .arg(path)
                .arg(image.width())
                .arg(image.height());
        image.setDevicePixelRatio(scale); // fonts and lines at scale: a sharp 2x bitmap of the same layout
        image.fill(QGuiApplication::palette().color(QPalette::Base));
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            paint(painter, figure);
        }
        image.setDevicePixelRatio(1);
        if (!image.save(&buffer, "PNG")) return tr("%1: could not encode the PNG image").arg(path);
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize((size * scale).toSize());
        svg.setViewBox(QRectF(QPointF(), size));
        svg.setTitle(figure.title);
        svg.setDescription(figure.subtitle);
        QPainter painter;
        if (!painter.begin(&svg)) return tr("%1: could not start the SVG document").arg(path);
        paint(painter, figure);
        painter.end();
    }
    if (const QString reason = saveFileAtomically(path, buffer.data()); !reason.isEmpty())
        return tr("%1: cannot write: %2").arg(path, reason);
    return {};
}

QString FigureExporter::fileFilter()
{
    return tr("PNG image (*.png);;SVG drawing (*.svg)");
}
