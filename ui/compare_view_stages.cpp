// SPDX-License-Identifier: GPL-3.0-or-later
// CompareView's compact stage maps: where a column is too narrow for StageMapView to show every stage (an
// interleaved plan's block ranges need more than a quarter of the page), each column lists its stages
// instead.
#include "compare_view.h"
#include "compare_view_style.h"
#include "stage_map_view.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <set>

using namespace shardscope;
using namespace compare_view;

bool CompareView::stageMapsFit(const Layout& l) const
{
    for (int c = 0; c < int(m_columns.size()); ++c) {
        const Column& column = m_columns[std::size_t(c)];
        if (!column.stages || column.plan.stages.empty()) continue;
        const QSizeF size = childGeometry(columnRect(l, c, l.stagesTop, l.stagesHeight)).size;
        for (int s = 0; s < int(column.plan.stages.size()); ++s)
            if (column.stages->stageRect(s, size).isEmpty()) return false;
    }
    return true;
}

QString CompareView::stageBlocksText(int column, int stage) const
{
    const Column& c = m_columns[std::size_t(column)];
    const StageEstimate& s = c.plan.stages[std::size_t(stage)];
    std::set<int> blocks;
    int firstLayer = -1, lastLayer = -1;
    for (const auto& [first, end] : s.layerRanges)
        for (int i = first; i < end; ++i) {
            if (firstLayer < 0) firstLayer = i;
            lastLayer = i;
            if (i >= 0 && i < int(c.layerBlocks.size()) && c.layerBlocks[std::size_t(i)] >= 0)
                blocks.insert(c.layerBlocks[std::size_t(i)]);
        }
    if (firstLayer < 0) return tr("none");
    if (s.layerRanges.size() > 1) return tr("%1 in %2 chunks").arg(blocks.size()).arg(s.layerRanges.size());
    if (blocks.empty())
        return firstLayer == lastLayer ? tr("layer %1").arg(firstLayer)
                                       : tr("layers %1–%2").arg(firstLayer).arg(lastLayer);
    const int first = *blocks.begin(), last = *blocks.rbegin();
    if (last - first + 1 != int(blocks.size())) return tr("%1 blocks").arg(blocks.size());
    return first == last ? QString::number(first) : tr("%1–%2").arg(first).arg(last);
}

void CompareView::paintStageList(QPainter& painter, int column, const QRectF& rect) const
{
    const Column& c = m_columns[std::size_t(column)];
    const QFontMetricsF fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);
    const QColor text = palette().color(QPalette::Text);
    const double lh = fm.height(), rowHeight = lh + 1;
    painter.save();
    painter.fillRect(rect, palette().color(QPalette::Base));
    if (c.plan.stages.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const QString none = tr("no stages: the layout cannot run");
        if (fm.horizontalAdvance(none) <= rect.width()) painter.drawText(rect, Qt::AlignCenter, none);
        painter.restore();
        return;
    }
    const int p = int(c.plan.stages.size());
    // The title: the stage map's own where it fits.
    double top = rect.top() + 4;
    const QString title = c.stages ? c.stages->compactTitle() : QString();
    if (boldMetrics.horizontalAdvance(title) <= rect.width()) {
        painter.setFont(bold);
        painter.setPen(text);
        painter.drawText(QRectF(rect.left(), top, rect.width(), lh), Qt::AlignCenter, title);
    }
    top += lh + 4;

    // Columns: stage, blocks, GiB per GPU, ms per micro-batch.
    const QStringList headers { tr("stage"), tr("blocks"), tr("GiB"), tr("ms") };
    QList<QStringList> rows;
    const QLocale locale;
    for (int s = 0; s < p; ++s) {
        const StageEstimate& st = c.plan.stages[std::size_t(s)];
        rows.append({ QString::number(s), stageBlocksText(column, s),
            locale.toString(st.memory.totalBytes() / kGiB, 'f', 1),
            locale.toString(st.microBatchSeconds() * 1e3, 'f', 1) });
    }
    QList<double> widths;
    for (int k = 0; k < headers.size(); ++k) {
        double w = boldMetrics.horizontalAdvance(headers[k]);
        for (const QStringList& r : rows)
            w = std::max(w, fm.horizontalAdvance(r[k]));
        widths << w;
    }
    constexpr double kColumnGap = 10, kGroupGap = 16;
    // With the blocks column, or without it where that shows more stages (side by side).
    struct Form
    {
        QList<double> widths;
        double groupWidth = 0;
        int groups = 0, rowsFit = 0;
        int capacity() const { return groups * rowsFit; }
    };
    const auto form = [&](bool blocks) {
        Form f;
        f.widths = widths;
        if (!blocks) f.widths[1] = 0;
        f.groupWidth = 2 * kPad - kColumnGap;
        for (double w : f.widths)
            f.groupWidth += w > 0 ? w + kColumnGap : 0;
        f.groups = std::max(0, int((rect.width() + kGroupGap) / (f.groupWidth + kGroupGap)));
        f.rowsFit = std::max(0, int((rect.bottom() - top - (lh + 2)) / rowHeight));
        return f;
    };
    Form chosen = form(true);
    if (chosen.capacity() < p) {
        const Form narrow = form(false);
        if (narrow.capacity() > chosen.capacity()) chosen = narrow;
    }
    widths = chosen.widths;
    const double groupWidth = chosen.groupWidth;
    const int groupsPossible = chosen.groups;
    int rowsFit = chosen.rowsFit;
    if (groupsPossible == 0 || rowsFit < 1) {
        painter.restore();
        return;
    }
    bool note = false;
    if (rowsFit * groupsPossible < p) {
        note = true; // a line saying which stages are shown
        rowsFit = int((rect.bottom() - top - (lh + 2) - lh) / rowHeight);
        if (rowsFit < 1) {
            painter.restore();
            return;
        }
    }
    const int shown = std::min(p, rowsFit * groupsPossible);
    const int groups = (shown + rowsFit - 1) / rowsFit;
    const int rowsPerGroup = (shown + groups - 1) / groups;
    const int slowest = c.stages ? c.stages->slowestStage() : -1;
    for (int g = 0; g < groups; ++g) {
        const double left = rect.left() + g * (groupWidth + kGroupGap);
        double x = left + kPad;
        painter.setFont(bold);
        painter.setPen(text);
        for (int k = 0; k < headers.size(); ++k) {
            if (widths[k] <= 0) continue;
            painter.drawText(QRectF(x, top, widths[k], lh),
                (k == 1 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, headers[k]);
            x += widths[k] + kColumnGap;
        }
        painter.setFont(font());
        for (int i = 0; i < rowsPerGroup; ++i) {
            const int s = g * rowsPerGroup + i;
            if (s >= shown) break;
            const double y = top + lh + 2 + i * rowHeight;
            const StageEstimate& st = c.plan.stages[std::size_t(s)];
            x = left + kPad;
            for (int k = 0; k < headers.size(); ++k) {
                if (widths[k] <= 0) continue;
                const bool over = k == 2 && st.memory.totalBytes() > c.plan.capacityBytes;
                painter.setPen(over ? worseColour() : text);
                painter.drawText(QRectF(x, y, widths[k], rowHeight),
                    (k == 1 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, rows[s][k]);
                x += widths[k] + kColumnGap;
            }
            if (s == slowest) {
                painter.setPen(QPen(kSlowest, 1.5));
                painter.drawRect(QRectF(left + 1, y, groupWidth - 2, rowHeight));
            }
        }
    }
    if (note) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        const QString shownText = tr("stages 0–%1 of %2 shown").arg(shown - 1).arg(p);
        const QRectF noteRect(
            rect.left() + kPad, top + lh + 2 + rowsPerGroup * rowHeight, rect.width() - kPad, lh);
        if (fm.horizontalAdvance(shownText) <= noteRect.width())
            painter.drawText(noteRect, Qt::AlignLeft | Qt::AlignVCenter, shownText);
    }
    painter.restore();
}
