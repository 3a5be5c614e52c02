// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QImage>
#include <QSize>
#include <cstdint>
#include <span>
#include <vector>

/// One dot to stamp: the pixel its centre falls in and its style.
struct ExplorerDot
{
    std::int32_t x, y;
    std::uint16_t style;
};

/// A dot's look: a filled disc, or a ring (hollow).
struct ExplorerDotStyle
{
    QColor colour;
    bool hollow = false;
};

/**
 * Stamps antialiased dots into an image by writing its pixels (no QPainter per dot): the fast path of the
 * plan explorer, which draws up to some 100,000 of them. Dots are stamped in order, a later one over an
 * earlier one; a dot whose centre pixel and style equal those of the last dot stamped there is skipped, so
 * where thousands of plans overlap each pixel is written about once. Reuses its buffers between calls.
 */
class ExplorerDotStamper
{
public:
    /// A transparent premultiplied-ARGB image of `size` with the dots; radii in the image's pixels. Dots are
    /// told apart in cells of `cellPx` x `cellPx` pixels (2 on a high-DPI device: half a logical pixel
    /// apart).
    QImage stamp(QSize size, std::span<const ExplorerDot> dots, std::span<const ExplorerDotStyle> styles,
        double radiusPx, double ringWidthPx, int cellPx = 1);

private:
    std::vector<std::uint16_t> m_last; ///< per cell: 1 + the style of the last dot centred there, 0 for none
};
