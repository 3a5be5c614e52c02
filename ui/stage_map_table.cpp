// SPDX-License-Identifier: GPL-3.0-or-later
// StageMapView's table (past MaxCardStages stages, or where cards would not hold their lines): a row per
// stage (stage, blocks, GPU ranks, GiB per GPU with a bar, ms per micro-batch) in as many side-by-side column
// groups as the height needs. Columns are as wide as their widest cell; where a group is too narrow the
// table drops, in turn, the layers outside blocks, the long headers, the memory bar and the ranks (the
// tooltips keep them all), and where even one group of the narrowest columns does not fit every row it
// shows some and the wheel scrolls. Nothing is elided.
#include "label_layout.h"
#include "partition/layer_partition.h"
#include "stage_map_style.h"
#include "stage_map_view.h"

#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

using namespace shardscope;
using namespace stage_map;

namespace {
constexpr double kColumnGap = 8, kGroupGap = 14, kCellPad = 4, kBarWidth = 36;
enum Column
{
    StageColumn,
    BlocksColumn,
    RanksColumn,
    MemoryColumn,
    TimeColumn,
    ColumnCount
};
} // namespace

QString StageMapView::tableBlocksCell(int stage, bool longForm) const
{
    // The blocks of each chunk, joined; the long form names the layers outside blocks ("embedding, 0–16").
    QStringList parts;
    for (const Range& r : m_ranges[stage]) {
        if (!m_hasBlocks) {
            parts.append(span(r.first, r.end - 1));
            continue;
        }
        if (r.firstBlock < 0) {
            parts.append((longForm ? r.before : r.beforeBrief).join(QStringLiteral(", ")));
            continue;
        }
        QStringList cell;
        if (longForm) cell.append(r.before);
        cell.append(span(r.firstBlock, r.lastBlock));
        if (longForm) cell.append(r.after);
        parts.append(cell.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

namespace {
struct Headers
{
    QString texts[ColumnCount];
};
} // namespace

const StageMapView::TableWidths& StageMapView::tableWidths() const
{
    if (m_tableWidths) return *m_tableWidths;
    TableWidths w;
    const QFontMetricsF metrics(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetricsF bold(boldFont);
    const ParallelConfig& c = m_plan.config;
    for (int s = 0; s < int(m_plan.stages.size()); ++s) {
        const StageEstimate& st = m_plan.stages[std::size_t(s)];
        w.stage = std::max(w.stage, bold.horizontalAdvance(QString::number(s)));
        w.blocksLong = std::max(w.blocksLong, metrics.horizontalAdvance(tableBlocksCell(s, true)));
        w.blocksShort = std::max(w.blocksShort, metrics.horizontalAdvance(tableBlocksCell(s, false)));
        const auto [first, end] = stageDeviceRange(c, s);
        w.ranks = std::max(w.ranks, metrics.horizontalAdvance(span(first, end - 1)));
        w.memory = std::max(w.memory, metrics.horizontalAdvance(gib(st.memory.totalBytes())));
        w.time = std::max(w.time, metrics.horizontalAdvance(ms(st.microBatchSeconds())));
    }
    m_tableWidths = w;
    return *m_tableWidths;
}

void StageMapView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) m_tableWidths.reset();
    PaintedView::changeEvent(event);
}

StageMapView::Table StageMapView::table(QSizeF size) const
{
    return tableIn(cardsArea(size));
}

StageMapView::Table StageMapView::tableIn(const QRectF& area) const
{
    Table t;
    const int p = int(m_plan.stages.size());
    if (p == 0) return t;
    const QFontMetricsF metrics(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetricsF bold(boldFont);
    const double lh = metrics.height();
    t.rowHeight = lh + 1;
    t.headerHeight = lh + 4;
    const int rowsFit = int((area.height() - t.headerHeight) / t.rowHeight);
    if (rowsFit < 1) return t;

    const TableWidths& widest = tableWidths();
    const QString blocksHeader = m_hasBlocks ? tr("blocks") : tr("layers");
    const Headers longHeaders { { tr("stage"), blocksHeader, tr("GPU ranks"), tr("GiB per GPU"),
        tr("ms per micro-batch") } };
    const Headers shortHeaders { { tr("stage"), blocksHeader, tr("ranks"), tr("GiB"), tr("ms") } };

    // The first form whose columns fit a group, with as many groups as the rows need (fewer, and scrolling,
    // where even the narrowest form is too wide).
    struct Form
    {
        bool longBlocks, longHeaders, bar, ranks;
    };
    const Form forms[] = { { true, true, true, true }, { false, true, true, true },
        { false, false, true, true }, { false, false, false, true }, { false, false, false, false } };
    const int groupsNeeded = (p + rowsFit - 1) / rowsFit;
    for (int groups = groupsNeeded; groups >= 1; --groups) {
        const double groupWidth = (area.width() - kGroupGap * (groups - 1)) / groups;
        for (const Form& f : forms) {
            const Headers& h = f.longHeaders ? longHeaders : shortHeaders;
            QList<double> widths(ColumnCount, 0);
            widths[StageColumn] = std::max(widest.stage, bold.horizontalAdvance(h.texts[StageColumn]));
            widths[BlocksColumn] = std::max(f.longBlocks ? widest.blocksLong : widest.blocksShort,
                bold.horizontalAdvance(h.texts[BlocksColumn]));
            widths[RanksColumn]
                = f.ranks ? std::max(widest.ranks, bold.horizontalAdvance(h.texts[RanksColumn])) : 0;
            widths[MemoryColumn] = std::max(
                widest.memory + (f.bar ? 4 + kBarWidth : 0), bold.horizontalAdvance(h.texts[MemoryColumn]));
            widths[TimeColumn] = std::max(widest.time, bold.horizontalAdvance(h.texts[TimeColumn]));
            double total = 2 * kCellPad;
            int shown = 0;
            for (const double w : widths) {
                total += w;
                shown += w > 0 ? 1 : 0;
            }
            total += kColumnGap * (shown - 1);
            if (total > groupWidth) continue;
            t.groups = groups;
            t.groupWidth = groupWidth;
            t.rowsPerGroup = std::min(rowsFit, (p + groups - 1) / groups);
            t.shownRows = std::min(p, t.rowsPerGroup * groups);
            t.firstRow = std::clamp(m_firstRow, 0, p - t.shownRows);
            t.longBlocks = f.longBlocks;
            t.longHeaders = f.longHeaders;
            t.bar = f.bar;
            t.ranks = f.ranks;
            t.columnWidths = widths;
            return t;
        }
    }
    return t; // not even one group of the narrowest columns: nothing but the legend
}

QRectF StageMapView::tableRowRect(int stage, const Table& t, QSizeF size) const
{
    const int index = stage - t.firstRow;
    if (t.groups == 0 || index < 0 || index >= t.shownRows) return {};
    const QRectF area = cardsArea(size);
    const int group = index / t.rowsPerGroup, row = index % t.rowsPerGroup;
    return QRectF(area.left() + group * (t.groupWidth + kGroupGap),
        area.top() + t.headerHeight + row * t.rowHeight, t.groupWidth, t.rowHeight);
}

void StageMapView::setFirstTableRow(int stage)
{
    m_firstRow = std::clamp(stage, 0, std::max(0, int(m_plan.stages.size()) - 1));
    update();
}

void StageMapView::wheelEvent(QWheelEvent* event)
{
    const Table t = isTable(size()) ? table(size()) : Table {};
    const int p = int(m_plan.stages.size());
    if (t.groups == 0 || t.shownRows >= p) {
        event->ignore();
        return;
    }
    const int rows = -int(std::lround(event->angleDelta().y() / 120.0 * 3));
    m_firstRow = std::clamp(t.firstRow + rows, 0, p - t.shownRows);
    update();
    event->accept();
}

void StageMapView::paintTable(QPainter& painter, const Table& t, QSizeF size) const
{
    if (t.groups == 0) return;
    const QPalette& pal = palette();
    const QRectF area = cardsArea(size);
    const QFontMetricsF metrics(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const double lh = metrics.height();
    const ParallelConfig& c = m_plan.config;
    const QString blocksHeader = m_hasBlocks ? tr("blocks") : tr("layers");
    const Headers headers = t.longHeaders
        ? Headers { { tr("stage"), blocksHeader, tr("GPU ranks"), tr("GiB per GPU"),
            tr("ms per micro-batch") } }
        : Headers { { tr("stage"), blocksHeader, tr("ranks"), tr("GiB"), tr("ms") } };
    // Column x positions within a group; numbers right-aligned, texts left-aligned.
    const auto columnLeft = [&](double groupLeft, int column) {
        double x = groupLeft + kCellPad;
        for (int k = 0; k < column; ++k)
            x += t.columnWidths[k] > 0 ? t.columnWidths[k] + kColumnGap : 0;
        return x;
    };
    const auto cell = [&](double groupLeft, int column, double y, const QString& text, bool right) {
        const double w = QFontMetricsF(painter.font()).horizontalAdvance(text);
        const double left = columnLeft(groupLeft, column);
        const double x = right ? left + t.columnWidths[column] - w : left;
        painter.drawText(
            QRectF(x, y + (t.rowHeight - lh) / 2, w + 1, lh), Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    const bool numeric[ColumnCount] = { true, false, false, true, true };

    for (int g = 0; g < t.groups; ++g) {
        const double left = area.left() + g * (t.groupWidth + kGroupGap);
        if (t.firstRow + g * t.rowsPerGroup >= int(m_plan.stages.size())) break;
        painter.setFont(boldFont);
        painter.setPen(pal.color(QPalette::Text));
        for (int k = 0; k < ColumnCount; ++k)
            if (t.columnWidths[k] > 0)
                cell(left, k, area.top() + (t.headerHeight - t.rowHeight) / 2 - 1, headers.texts[k],
                    numeric[k] && k != StageColumn);
        painter.setPen(pal.color(QPalette::Mid));
        painter.drawLine(QPointF(left, area.top() + t.headerHeight - 1.5),
            QPointF(left + t.groupWidth, area.top() + t.headerHeight - 1.5));
    }
    for (int index = 0; index < t.shownRows; ++index) {
        const int stage = t.firstRow + index;
        const StageEstimate& s = m_plan.stages[std::size_t(stage)];
        const QRectF row = tableRowRect(stage, t, size);
        const double left = row.left();
        if (index % t.rowsPerGroup % 2) painter.fillRect(row, pal.color(QPalette::AlternateBase));
        const bool slowest = stage == m_slowest;
        if (slowest) {
            painter.setPen(QPen(kSlowest, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(row.adjusted(1, 1, -1, -1));
        }
        painter.setFont(boldFont);
        painter.setPen(slowest ? kSlowest : pal.color(QPalette::Text));
        cell(left, StageColumn, row.top(), QString::number(stage), true);
        painter.setFont(font());
        painter.setPen(pal.color(QPalette::Text));
        cell(left, BlocksColumn, row.top(), tableBlocksCell(stage, t.longBlocks), false);
        if (t.ranks) {
            const auto [first, end] = stageDeviceRange(c, stage);
            cell(left, RanksColumn, row.top(), span(first, end - 1), false);
        }
        // GiB right-aligned before the bar (when there is room for one), the bar against the usable capacity.
        const double bytes = s.memory.totalBytes();
        const QString memory = gib(bytes);
        const double memoryLeft = columnLeft(left, MemoryColumn);
        const double numberRight = memoryLeft + t.columnWidths[MemoryColumn] - (t.bar ? kBarWidth + 4 : 0);
        const double w = metrics.horizontalAdvance(memory);
        painter.drawText(QRectF(numberRight - w, row.top() + (t.rowHeight - lh) / 2, w + 1, lh),
            Qt::AlignLeft | Qt::AlignVCenter, memory);
        if (t.bar && m_plan.capacityBytes > 0) {
            const QRectF bar(numberRight + 4, row.top() + t.rowHeight * 0.3, kBarWidth, t.rowHeight * 0.4);
            painter.fillRect(bar, pal.color(QPalette::Base));
            painter.fillRect(QRectF(bar.left(), bar.top(),
                                 bar.width() * std::min(1.0, bytes / m_plan.capacityBytes), bar.height()),
                memoryColour(bytes, m_plan.capacityBytes));
            painter.setPen(pal.color(QPalette::Mid));
            painter.drawRect(bar);
            painter.setPen(pal.color(QPalette::Text));
        }
        cell(left, TimeColumn, row.top(), ms(s.microBatchSeconds()), true);
    }
}
