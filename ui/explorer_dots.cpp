// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_dots.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace {

/// x (premultiplied ARGB) times a / 255, each channel rounded: the usual two-channels-at-once product.
inline std::uint32_t byteMul(std::uint32_t x, std::uint32_t a)
{
    std::uint32_t t = (x & 0xff00ffu) * a;
    t = ((t + ((t >> 8) & 0xff00ffu) + 0x800080u) >> 8) & 0xff00ffu;
    x = ((x >> 8) & 0xff00ffu) * a;
    x = (x + ((x >> 8) & 0xff00ffu) + 0x800080u) & 0xff00ff00u;
    return x | t;
}

/// Coverage (0-255) of a disc (inner = 0) or a ring around the centre of pixel (0, 0), for pixels within
/// +-half, row-major; 4 x 4 samples a pixel.
std::vector<std::uint8_t> coverageMask(int half, double outer, double inner)
{
    const int side = 2 * half + 1;
    std::vector<std::uint8_t> mask(std::size_t(side) * std::size_t(side));
    for (int dy = -half; dy <= half; ++dy) {
        for (int dx = -half; dx <= half; ++dx) {
            int hits = 0;
            for (int sy = 0; sy < 4; ++sy) {
                for (int sx = 0; sx < 4; ++sx) {
                    const double x = dx + (sx + 0.5) / 4 - 0.5, y = dy + (sy + 0.5) / 4 - 0.5;
                    const double r2 = x * x + y * y;
                    hits += r2 <= outer * outer && r2 >= inner * inner;
                }
            }
            mask[std::size_t((dy + half) * side + dx + half)] = std::uint8_t((hits * 255 + 8) / 16);
        }
    }
    return mask;
}

/// A stretch of one row of a stamp: opaque pixels filled with one value, or partly covered ones blended.
struct Run
{
    int dy, dx0, length;
    bool opaque;
    int offset; ///< of its first pixel in the stamp's pixels
};

/// The runs of a stamp's non-empty pixels, row by row; `pixels` are its premultiplied values (side x side).
std::vector<Run> runsOf(const std::vector<std::uint32_t>& pixels, int half)
{
    const int side = 2 * half + 1;
    std::vector<Run> runs;
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side;) {
            const std::uint32_t alpha = pixels[std::size_t(y * side + x)] >> 24;
            if (alpha == 0) {
                ++x;
                continue;
            }
            const bool opaque = alpha == 255;
            int end = x + 1;
            while (end < side && pixels[std::size_t(y * side + end)] >> 24 != 0
                && (pixels[std::size_t(y * side + end)] >> 24 == 255) == opaque)
                ++end;
            runs.push_back({ y - half, x - half, end - x, opaque, y * side + x });
            x = end;
        }
    }
    return runs;
}

} // namespace

QImage ExplorerDotStamper::stamp(QSize size, std::span<const ExplorerDot> dots,
    std::span<const ExplorerDotStyle> styles, double radiusPx, double ringWidthPx, int cellPx)
{
    QImage image(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const int w = image.width(), h = image.height();
    const int cell = std::max(1, cellPx);
    const int cw = (w + cell - 1) / cell, ch = (h + cell - 1) / cell;
    const std::size_t cellCount = std::size_t(cw) * std::size_t(ch);
    if (m_last.size() < cellCount) m_last.resize(cellCount);
    std::memset(m_last.data(), 0, cellCount * sizeof(std::uint16_t));

    // Each style's stamp as premultiplied pixels (colour x coverage), cut into runs: opaque ones are filled,
    // the antialiased rim blended.
    const double radius = std::max(0.5, radiusPx);
    const int half = int(std::ceil(radius));
    const std::vector<std::uint8_t> disc = coverageMask(half, radius, 0);
    const std::vector<std::uint8_t> ring
        = coverageMask(half, radius, std::max(0.0, radius - std::max(0.5, ringWidthPx)));
    std::vector<std::vector<std::uint32_t>> stamps(styles.size());
    std::vector<std::vector<Run>> runs(styles.size());
    for (std::size_t st = 0; st < styles.size(); ++st) {
        const std::uint32_t colour = qPremultiply(styles[st].colour.rgba());
        const std::vector<std::uint8_t>& mask = styles[st].hollow ? ring : disc;
        stamps[st].resize(mask.size());
        for (std::size_t k = 0; k < mask.size(); ++k)
            stamps[st][k] = byteMul(colour, mask[k]);
        runs[st] = runsOf(stamps[st], half);
    }

    auto* bits = reinterpret_cast<std::uint32_t*>(image.bits());
    const std::size_t stride = std::size_t(image.bytesPerLine()) / sizeof(std::uint32_t);
    for (const ExplorerDot& dot : dots) {
        if (dot.style >= styles.size() || dot.x < -half || dot.y < -half || dot.x >= w + half
            || dot.y >= h + half)
            continue;
        if (dot.x >= 0 && dot.y >= 0 && dot.x < w && dot.y < h) {
            std::uint16_t& last
                = m_last[std::size_t(dot.y / cell) * std::size_t(cw) + std::size_t(dot.x / cell)];
            if (last == dot.style + 1) continue; // the same dot is already on top here
            last = std::uint16_t(dot.style + 1);
        }
        const std::uint32_t* src = stamps[dot.style].data();
        for (const Run& run : runs[dot.style]) {
            const int y = dot.y + run.dy;
            if (y < 0 || y >= h) continue;
            const int x0 = std::max(0, dot.x + run.dx0), x1 = std::min(w, dot.x + run.dx0 + run.length);
            if (x0 >= x1) continue;
            std::uint32_t* row = bits + std::size_t(y) * stride;
            const std::uint32_t* from = src + run.offset + (x0 - dot.x - run.dx0);
            if (run.opaque) {
                std::fill(row + x0, row + x1, *from);
            } else {
                for (int x = x0; x < x1; ++x, ++from)
                    row[x] = *from + byteMul(row[x], 255 - (*from >> 24));
            }
        }
    }
    return image;
}
