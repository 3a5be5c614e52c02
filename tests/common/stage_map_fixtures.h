// SPDX-License-Identifier: GPL-3.0-or-later
// The stage map tests' rendering helpers (tst_stage_map_view, tst_stage_map_deep): the view painted into an
// image, the texts it draws, and the colour of the slowest stage's frame.
#pragma once

#include "stage_map_view.h"
#include "text_recorder.h"
#include "view_fixtures.h"

#include <QColor>
#include <QImage>
#include <QList>
#include <QSet>
#include <QStringList>

namespace shardscope::testing {

/// The frame of the slowest stage: the left border of its card, or of its row in the table.
inline const QColor kSlowestBorder(230, 120, 0);

/// The view painted into a white image of `size` (saved as `name` where $SHARDSCOPE_SAVE_RENDERS says).
inline QImage rendered(const StageMapView& view, QSize size, const char* name)
{
    return testing::renderToImage(view, size, name);
}

/// The texts the view draws at `size`, where it draws them.
inline QList<testing::DrawnText> recorded(const StageMapView& view, QSize size)
{
    return testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
}

/// The texts alone, in drawing order.
inline QStringList strings(const QList<testing::DrawnText>& texts)
{
    QStringList out;
    for (const testing::DrawnText& t : texts)
        out.append(t.text);
    return out;
}

/// The distinct colours on a grid of every fifth pixel.
inline int colourCount(const QImage& image)
{
    QSet<QRgb> colours;
    for (int x = 0; x < image.width(); x += 5)
        for (int y = 0; y < image.height(); y += 5)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace shardscope::testing
