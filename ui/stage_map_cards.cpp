// SPDX-License-Identifier: GPL-3.0-or-later
// StageMapView's cards (up to MaxCardStages stages): how a card's lines, device grid and stats share its
// height, where each card, grid and cell lies, and painting one card. Every line is the first of its texts
// that fits the card's width, or left out: nothing is elided.
#include "label_layout.h"
#include "partition/layer_partition.h"
#include "stage_map_style.h"
#include "stage_map_view.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

using namespace shardscope;
using namespace stage_map;

StageMapView::Layout StageMapView::layout(QSizeF size) const
{
    Layout l;
    const int p = int(m_plan.stages.size());
    if (p == 0) return l;
    const QRectF area = cardsArea(size);
    const QFontMetricsF metrics(font());
    const double lh = metrics.height();
    const ParallelConfig& c = m_plan.config;
    const bool gridAllowed = c.tp * c.cp * c.dp <= MaxGridDevices;
    int maxRanges = 1;
    for (const QList<Range>& r : m_ranges)
        maxRanges = std::max(maxRanges, int(r.size()));
    const int namesWanted = m_hasBlocks ? 0 : maxRanges;
    const auto cardSize = [&](int columns) {
        const int rows = (p + columns - 1) / columns;
        return QSizeF(
            (area.width() - kGap * (columns - 1)) / columns, (area.height() - kGap * (rows - 1)) / rows);
    };
    const auto naturalHeight = [&](double width) {
        // The largest cells the width allows, in as few DP blocks side by side as give them.
        const auto [wrap, cell] = bestWrap(width - 2 * kPad, 1e9);
        const double devices
            = gridAllowed ? gridRows(wrap) * std::max(kMinCell, cell) + gridGaps(wrap) + lh : lh;
        return 2 * kPad + lh * double(3 + maxRanges + namesWanted) + devices + 4;
    };
    // The column count whose cards come closest to their natural size; ties go to fewer rows.
    double best = -1;
    for (int columns = 1; columns <= p; ++columns) {
        const QSizeF card = cardSize(columns);
        const double fit
            = std::min({ 1.0, card.width() / kIdealCardWidth, card.height() / naturalHeight(card.width()) });
        if (fit >= best - 1e-9) {
            best = fit;
            l.columns = columns;
        }
    }
    l.card = cardSize(l.columns);
    l.card.setHeight(std::min(l.card.height(), naturalHeight(l.card.width()))); // no stretched, empty cards

    // Fill a card by priority: header, one range line and one stats line; devices; the other ranges; the
    // second stats line; a second summary line; the layers' names.
    double avail = l.card.height() - 2 * kPad - 3 * lh;
    if (avail < 0) return l; // not even the essentials: the table
    l.rangeLines = 1;
    l.statsOneLine = true;
    const int laterLines = (maxRanges > 1 ? maxRanges - 1 : 0) + 1;
    if (gridAllowed) {
        QFont small = font();
        small.setPointSizeF(std::max(5.0, font().pointSizeF() * 0.75));
        const QFontMetricsF smallMetrics(small);
        const int lastDevice = stageDeviceRange(c, p - 1).second - 1; // a variable lambdas may capture (clang 14)
        const auto labelled = [&](double cell) {
            return smallMetrics.horizontalAdvance(QString::number(lastDevice)) + 2 < cell - 1
                && smallMetrics.height() - 2 < cell - 1;
        };
        // DP blocks wrapped into rows where that gives larger cells in the room the later lines leave.
        const double gridWidth = l.card.width() - 2 * kPad;
        l.wrap = bestWrap(gridWidth, avail - laterLines * lh - 4).first;
        const int deviceRows = gridRows(l.wrap);
        const double gaps = gridGaps(l.wrap);
        const double widthCell = (gridWidth - (l.wrap - 1) * blockGap()) / (c.tp * l.wrap);
        const auto cellFor = [&](double room) {
            return std::floor(std::min({ kMaxCell, widthCell, (room - 4 - gaps) / deviceRows }));
        };
        // Room for the later lines if the cells stay legible, else only for the essentials; a line with the
        // ranks below the grid where the cells are too small for their numbers.
        double cell = cellFor(avail - laterLines * lh);
        if (cell < kMinCell) cell = cellFor(avail);
        if (cell >= kMinCell && !labelled(cell)) {
            cell = cellFor(avail - laterLines * lh - lh);
            if (cell < kMinCell) cell = cellFor(avail - lh);
        }
        l.grid = cell >= kMinCell;
        l.gridLabelled = l.grid && labelled(cell);
        l.cellSize = l.grid ? cell : 0;
        if (!l.grid) l.wrap = 1;
        avail -= l.grid ? deviceRows * l.cellSize + gaps + 4 + (l.gridLabelled ? 0 : lh) : 0;
    }
    if (!l.grid && avail >= lh) {
        l.summaryLines = 1;
        avail -= lh;
    }
    if (maxRanges > 1 && avail >= (maxRanges - 1) * lh) {
        l.rangeLines = maxRanges;
        avail -= (maxRanges - 1) * lh;
    }
    if (avail >= lh) {
        l.statsOneLine = false;
        avail -= lh;
    }
    if (l.summaryLines == 1 && avail >= lh
        && metrics.horizontalAdvance(deviceSummary(p - 1)) > l.card.width() - 2 * kPad) {
        l.summaryLines = 2;
        avail -= lh;
    }
    if (l.rangeLines == maxRanges) l.nameLines = std::min(namesWanted, int(avail / lh));
    return l;
}

bool StageMapView::cardsFit(const Layout& l) const
{
    return l.rangeLines >= 1 && l.card.width() >= kMinCardWidth;
}

bool StageMapView::isTable(QSizeF size) const
{
    return int(m_plan.stages.size()) > MaxCardStages || !cardsFit(layout(size));
}

QRectF StageMapView::stageRect(int stage, QSizeF size) const
{
    if (stage < 0 || stage >= int(m_plan.stages.size())) return {};
    if (isTable(size)) return tableRowRect(stage, table(size), size);
    const Layout l = layout(size);
    const QRectF area = cardsArea(size);
    const int row = stage / l.columns, column = stage % l.columns;
    return QRectF(area.left() + column * (l.card.width() + kGap), area.top() + row * (l.card.height() + kGap),
        l.card.width(), l.card.height());
}

QRectF StageMapView::gridRect(int stage, const Layout& l, QSizeF size) const
{
    const double lh = QFontMetricsF(font()).height();
    const QRectF card = stageRect(stage, size);
    const double top = card.top() + kPad + lh * (1 + l.rangeLines + l.nameLines) + 2;
    const double width = l.wrap * l.cellSize * m_plan.config.tp + (l.wrap - 1) * blockGap();
    return QRectF(card.left() + kPad, top, width, l.cellSize * gridRows(l.wrap) + gridGaps(l.wrap));
}

QRectF StageMapView::deviceCellRect(int rank, QSizeF size) const
{
    const ParallelConfig& c = m_plan.config;
    if (m_plan.stages.empty() || rank < 0 || rank >= c.worldSize() || isTable(size)) return {};
    const Layout l = layout(size);
    if (!l.grid) return {};
    return cellIn(rank, l, gridRect(coordinates(c, rank).stage, l, size));
}

QRectF StageMapView::cellIn(int rank, const Layout& l, const QRectF& grid) const
{
    // A DP rank's block: a column per TP rank, a row per CP rank. The blocks in rows of l.wrap, apart where a
    // block is more than one cell (TP or CP > 1).
    const ParallelConfig& c = m_plan.config;
    const RankCoordinates r = coordinates(c, rank);
    const int blockRow = r.dp / l.wrap, blockColumn = r.dp % l.wrap;
    const double rowGap = c.cp > 1 ? ReplicaGap : 0;
    const double left = grid.left() + blockColumn * (c.tp * l.cellSize + blockGap()) + r.tp * l.cellSize;
    const double top = grid.top() + blockRow * (c.cp * l.cellSize + rowGap) + r.cp * l.cellSize;
    return QRectF(left, top, l.cellSize, l.cellSize);
}

void StageMapView::paintCard(QPainter& painter, int stage, const Layout& l, QSizeF size) const
{
    const QPalette& pal = palette();
    const StageEstimate& s = m_plan.stages[std::size_t(stage)];
    const ParallelConfig& c = m_plan.config;
    const QRectF card = stageRect(stage, size);
    const QFontMetricsF metrics(font());
    const double lh = metrics.height();
    const double textWidth = card.width() - 2 * kPad;
    painter.fillRect(card, pal.color(QPalette::Window));
    const bool slowest = stage == m_slowest;
    painter.setPen(slowest ? QPen(kSlowest, 3) : QPen(pal.color(QPalette::Mid), 1));
    painter.drawRect(slowest ? card.adjusted(1.5, 1.5, -1.5, -1.5) : card.adjusted(0.5, 0.5, -0.5, -0.5));

    // Every line whole or not at all: the first of its texts that fits the card's width.
    double y = card.top() + kPad;
    const auto line = [&](const QStringList& texts) {
        const QString text = labels::fitting(metrics, texts, textWidth);
        if (!text.isEmpty())
            painter.drawText(QRectF(card.left() + kPad, y, metrics.horizontalAdvance(text) + 1, lh),
                Qt::AlignLeft | Qt::AlignVCenter, text);
        y += lh;
    };
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const QFontMetricsF boldMetrics(bold);
    const QString name = tr("Stage %1").arg(stage);
    const double nameWidth = boldMetrics.horizontalAdvance(name),
                 tagWidth = boldMetrics.horizontalAdvance(tr("slowest"));
    painter.setPen(pal.color(QPalette::Text));
    if (nameWidth <= textWidth)
        painter.drawText(
            QRectF(card.left() + kPad, y, nameWidth + 1, lh), Qt::AlignLeft | Qt::AlignVCenter, name);
    // The tag only where it clears the stage's name (narrow cards: the orange frame says it).
    if (slowest && nameWidth + 8 + tagWidth <= textWidth) {
        painter.setPen(kSlowest);
        painter.drawText(QRectF(card.right() - kPad - tagWidth - 1, y, tagWidth + 1, lh),
            Qt::AlignRight | Qt::AlignVCenter, tr("slowest"));
    }
    painter.setFont(font());
    painter.setPen(pal.color(QPalette::Text));
    y += lh;

    // Blocks: a line per range (chunk) when there is room, else one line for all; then the layers' names.
    const QList<Range>& ranges = m_ranges[stage];
    const int n = int(ranges.size());
    const double rangesTop = y;
    if (l.rangeLines >= n && n > 0) {
        for (int i = 0; i < n; ++i) {
            QStringList texts = blockTexts(ranges[i]);
            if (n > 1)
                for (QString& t : texts)
                    t = tr("chunk %1: %2").arg(i).arg(t);
            line(texts);
        }
        for (int i = 0; i < std::min(n, l.nameLines); ++i)
            line({ tr("%1 – %2").arg(ranges[i].firstName, ranges[i].lastName) });
    } else if (l.rangeLines >= 1) {
        line(allRangesTexts(stage));
    }
    y = rangesTop + lh * (l.rangeLines + l.nameLines);

    const auto [first, end] = stageDeviceRange(c, stage);
    const QStringList rankTexts { tr("ranks %1–%2").arg(first).arg(end - 1),
        tr("%1–%2").arg(first).arg(end - 1) };
    if (l.grid) {
        const QRectF grid = gridRect(stage, l, size);
        QFont small = font();
        small.setPointSizeF(std::max(5.0, font().pointSizeF() * 0.75));
        painter.setFont(small);
        for (int rank = first; rank < end; ++rank) {
            const QRectF cell = cellIn(rank, l, grid).adjusted(0.5, 0.5, -0.5, -0.5);
            painter.fillRect(cell, kDevice);
            if (l.gridLabelled) {
                painter.setPen(Qt::white);
                painter.drawText(cell, Qt::AlignCenter, QString::number(rank));
            }
        }
        // Each CP group (one TP rank's CP ranks within a DP rank's block) framed from its first to its last
        // cell.
        if (c.cp > 1) {
            painter.setPen(QPen(kCpGroup, 1.5));
            painter.setBrush(Qt::NoBrush);
            for (int group = first; group < end; group += c.tp * c.cp)
                for (int t = 0; t < c.tp; ++t)
                    painter.drawRect(cellIn(group + t, l, grid)
                                         .united(cellIn(group + t + (c.cp - 1) * c.tp, l, grid))
                                         .adjusted(0.75, 0.75, -0.75, -0.75));
        }
        if (expertGroupCount() > 0) // each expert group outlined (MoE parallel folding)
            paintExpertGroups(painter, stage, size);
        painter.setFont(font());
        painter.setPen(pal.color(QPalette::Text));
        y = grid.bottom() + 2;
        if (!l.gridLabelled) // the cells are too small for their numbers: the stage's ranks below the grid
            line(rankTexts);
    } else if (l.summaryLines == 2) {
        for (const QString& text : deviceSummaryLines(stage))
            line({ text });
    } else if (l.summaryLines == 1) {
        // The whole summary, else the GPU count and ranks, else the ranks (the title has the degrees): the
        // same form on every card, the one the last stage's (widest) ranks fit.
        const auto forms = [&](int of) {
            const auto [a, b] = stageDeviceRange(c, of);
            return QStringList { deviceSummary(of),
                tr("%1 GPUs, ranks %2–%3").arg(QLocale().toString(b - a)).arg(a).arg(b - 1),
                tr("ranks %1–%2").arg(a).arg(b - 1), tr("%1–%2").arg(a).arg(b - 1) };
        };
        const QStringList widest = forms(int(m_plan.stages.size()) - 1);
        const qsizetype form = widest.indexOf(labels::fitting(metrics, widest, textWidth));
        line(forms(stage).mid(std::max<qsizetype>(0, form)));
    }

    // Memory per GPU with a bar against the usable capacity, then the time per micro-batch.
    const double bytes = s.memory.totalBytes();
    const QString memory = tr("%1 GiB").arg(gib(bytes));
    y = card.bottom() - kPad - (l.statsOneLine ? 1 : 2) * lh;
    if (l.statsOneLine) {
        line({ tr("%1, %2 ms per micro-batch").arg(memory, ms(s.microBatchSeconds())),
            tr("%1, %2 ms").arg(memory, ms(s.microBatchSeconds())), memory });
    } else {
        const double barLeft = card.left() + kPad + metrics.horizontalAdvance(memory) + 6;
        const QRectF bar(barLeft, y + lh * 0.25, std::max(0.0, card.right() - kPad - barLeft), lh * 0.5);
        if (m_plan.capacityBytes > 0 && bar.width() > 8) {
            painter.fillRect(bar, pal.color(QPalette::Base));
            const double fraction = std::min(1.0, bytes / m_plan.capacityBytes);
            painter.fillRect(QRectF(bar.left(), bar.top(), bar.width() * fraction, bar.height()),
                memoryColour(bytes, m_plan.capacityBytes));
            if (s.memory.routedExpertBytes > 0) // the routed experts' share of it, from the left
                painter.fillRect(
                    QRectF(bar.left(), bar.top(),
                        bar.width() * std::min(fraction, s.memory.routedExpertBytes / m_plan.capacityBytes),
                        bar.height()),
                    kExperts);
            painter.setPen(pal.color(QPalette::Mid));
            painter.drawRect(bar);
            painter.setPen(pal.color(QPalette::Text));
        }
        line({ memory });
        line({ tr("%1 ms / micro-batch").arg(ms(s.microBatchSeconds())),
            tr("%1 ms").arg(ms(s.microBatchSeconds())) });
    }
}
