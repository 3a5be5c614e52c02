// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QSizeF>
#include <QString>

#include <functional>

class QPainter;

/// A view prepared for a design review: a title band, the view's own drawing (with its legend), a footer.
struct Figure
{
    QString title;    ///< e.g. "Memory per GPU"
    QString subtitle; ///< e.g. "llama-3-70b on 64 x H100-SXM, seq 8192: TP 8, PP 4, DP 2, ..."
    QSizeF viewSize;  ///< logical size the view is drawn at
    std::function<void(QPainter&, QSizeF)> paint;
};

/**
 * Writes figures as PNG (at a scale factor: 2 gives a 2x bitmap of the same layout) or SVG
 * (vector, scale only sets the nominal size), chosen by the file extension. Files are written
 * through QSaveFile, so a failed export leaves an existing file untouched.
 */
class FigureExporter
{
    Q_DECLARE_TR_FUNCTIONS(FigureExporter)
public:
    /// Logical size of the whole figure: the view plus the title band and the footer.
    static QSizeF figureSize(const Figure& figure);
    /// Height the title band and the footer add to a view.
    static double chromeHeight();
    /// Paints the figure at logical coordinates (0, 0) .. figureSize().
    static void paint(QPainter& painter, const Figure& figure);
    /// Writes `path` (.png or .svg). Returns an empty string, or what went wrong, naming the file.
    static QString write(const QString& path, const Figure& figure, double scale = 1.0);
    /// File dialog filter for the supported formats.
    static QString fileFilter();
};
