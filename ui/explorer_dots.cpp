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

} // namespace

QImage ExplorerDotStamper::stamp(QSize size, std::span<const ExplorerDot> dots,
    std::span<const ExplorerDotStyle> styles, double radiusPx, double ringWidthPx)
{
    QImage image(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    const int w = image.width(), h = image.height();
    const std::size_t pixelCount = std::size_t(w) * std::size_t(h);
    if (m_last.size() < pixelCount) m_last.resize(pixelCount);
    std::memset(m_last.data(), 0, pixelCount * sizeof(std::uint16_t));

    // Each style's stamp as premultiplied pixels: colour x coverage.
    const double radius = std::max(0.5, radiusPx);
    const int half = int(std::ceil(radius));
    const int side = 2 * half + 1;
    const std::vector<std::uint8_t> disc = coverageMask(half, radius, 0);
    const std::vector<std::uint8_t> ring
        = coverageMask(half, radius, std::max(0.0, radius - std::max(0.5, ringWidthPx)));
    std::vector<std::uint32_t> stamps(styles.size() * disc.size());
    for (std::size_t s = 0; s < styles.size(); ++s) {
        const std::uint32_t colour = qPremultiply(styles[s].colour.rgba());
        const std::vector<std::uint8_t>& mask = styles[s].hollow ? ring : disc;
        for (std::size_t k = 0; k < mask.size(); ++k)
            stamps[s * disc.size() + k] = byteMul(colour, mask[k]);
    }

    auto* bits = reinterpret_cast<std::uint32_t*>(image.bits());
    const std::size_t stride = std::size_t(image.bytesPerLine()) / sizeof(std::uint32_t);
    for (const ExplorerDot& dot : dots) {
        if (dot.style >= styles.size() || dot.x < -half || dot.y < -half || dot.x >= w + half
            || dot.y >= h + half)
            continue;
        if (dot.x >= 0 && dot.y >= 0 && dot.x < w && dot.y < h) {
            std::uint16_t& last = m_last[std::size_t(dot.y) * std::size_t(w) + std::size_t(dot.x)];
            if (last == dot.style + 1) continue; // the same dot is already on top here
            last = std::uint16_t(dot.style + 1);
        }
        const std::uint32_t* src = stamps.data() + std::size_t(dot.style) * disc.size();
        const int y0 = std::max(0, dot.y - half), y1 = std::min(h - 1, dot.y + half);
        const int x0 = std::max(0, dot.x - half), x1 = std::min(w - 1, dot.x + half);
        for (int y = y0; y <= y1; ++y) {
            std::uint32_t* row = bits + std::size_t(y) * stride;
            const std::uint32_t* srow = src + std::size_t((y - dot.y + half) * side);
            for (int x = x0; x <= x1; ++x) {
                const std::uint32_t s = srow[x - dot.x + half];
                const std::uint32_t alpha = s >> 24;
                if (alpha == 255)
                    row[x] = s;
                else if (alpha != 0)
                    row[x] = s + byteMul(row[x], 255 - alpha);
            }
        }
    }
    return image;
}
