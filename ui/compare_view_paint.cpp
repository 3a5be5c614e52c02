// SPDX-License-Identifier: GPL-3.0-or-later
// CompareView's painting: the column headers, the metrics table, the memory bars, the stage maps and
// timelines.
#include "compare_view.h"
#include "compare_view_style.h"
#include "label_layout.h"
#include "memory_chart.h"
#include "stage_map_view.h"
#include "timeline_view.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

using namespace shardscope;
using namespace compare_view;

void CompareView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    const QFont bold = paintFrame(painter, size);
    if (!m_hasBaseline) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(
            QRectF(kMargin, kTitleHeight, size.width() - 2 * kMargin, size.height() - kTitleHeight),
            Qt::AlignCenter | Qt::TextWordWrap,
            tr("Pin a plan as the baseline (the plan table's context menu, or Plan > Pin as baseline), then "
               "add up "
               "to %1 plans to compare with it.")
                .arg(kMaxComparedPlans));
        painter.restore();
        return;
    }
    const Layout l = layout(size);
    paintHeader(painter, l);
    paintTable(painter, l, size);
    painter.setFont(font());
    paintMemory(painter, l, size);
    paintViews(painter, l);
    (void)bold;
    painter.restore();
}

void CompareView::paintHeader(QPainter& painter, const Layout& l) const
{
    const QFontMetricsF fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QColor text = palette().color(QPalette::Text);
    for (int i = 0; i < int(m_columns.size()); ++i) {
        const QRectF cell = columnRect(l, i, l.headerTop, l.headerHeight).adjusted(kPad, 2, -kPad, 0);
        double y = cell.top();
        painter.setFont(bold);
        painter.setPen(text);
        painter.drawText(QRectF(cell.left(), y, cell.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
            m_columns[std::size_t(i)].label);
        y += fm.height();
        painter.setFont(font());
        for (const QString& line : configLines(i, cell.width())) {
            painter.drawText(
                QRectF(cell.left(), y, cell.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter, line);
            y += fm.height();
        }
        const PlanEstimate& p = m_columns[std::size_t(i)].plan;
        painter.setPen(p.feasible ? betterColour() : worseColour());
        painter.drawText(QRectF(cell.left(), y, cell.width(), cell.bottom() - y),
            Qt::AlignLeft | Qt::TextWordWrap, statusText(i));
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(
        QPointF(kMargin, l.tableTop - 1), QPointF(l.left + m_columns.size() * l.columnWidth, l.tableTop - 1));
}

void CompareView::paintTable(QPainter& painter, const Layout& l, QSizeF size) const
{
    Q_UNUSED(size);
    const QFontMetricsF fm(font());
    const QColor text = palette().color(QPalette::Text);
    const double right = l.left + m_columns.size() * l.columnWidth;
    // The widest value of each column: the values right-aligned to it, the changes after them.
    QList<double> valueWidths;
    for (int c = 0; c < int(m_columns.size()); ++c) {
        double w = 0;
        for (int r = 0; r < rowCount(); ++r)
            w = std::max(w, fm.horizontalAdvance(valueText(r, c)));
        valueWidths << w;
    }
    for (int r = 0; r < rowCount(); ++r) {
        const double y = l.tableTop + r * l.rowHeight;
        if (r % 2 == 1)
            painter.fillRect(
                QRectF(kMargin, y, right - kMargin, l.rowHeight), palette().color(QPalette::AlternateBase));
        painter.setPen(text);
        painter.drawText(
            QRectF(kMargin, y, l.left - kMargin, l.rowHeight), Qt::AlignLeft | Qt::AlignVCenter, rowName(r));
        for (int c = 0; c < int(m_columns.size()); ++c) {
            const QRectF cell = columnRect(l, c, y, l.rowHeight).adjusted(kPad, 0, -kPad, 0);
            const QString value = valueText(r, c);
            const double valueRight = cell.left() + valueWidths[c];
            if (valueRight > cell.right()) continue; // the tooltip has it
            painter.setPen(text);
            painter.drawText(QRectF(cell.left(), y, valueWidths[c], l.rowHeight),
                Qt::AlignRight | Qt::AlignVCenter, value);
            // The change whole, or without its relative part, or not at all (the tooltip has it).
            const QString delta = deltaText(r, c);
            if (delta.isEmpty()) continue;
            const double room = cell.right() - valueRight - 2 * kGap;
            const ComparisonRow& row = m_comparison.rows[std::size_t(r)];
            const ComparisonCell& cellData = row.cells[std::size_t(c)];
            const QString shown
                = labels::fitting(fm, { delta, formatDelta(row.unit, *cellData.delta) }, room);
            if (shown.isEmpty()) continue;
            painter.setPen(deltaColour(r, c));
            painter.drawText(
                QRectF(valueRight + 2 * kGap, y, room, l.rowHeight), Qt::AlignLeft | Qt::AlignVCenter, shown);
        }
    }
    painter.setPen(palette().color(QPalette::Mid));
    for (int c = 1; c < int(m_columns.size()); ++c) {
        const double x = l.left + c * l.columnWidth;
        painter.drawLine(QPointF(x, l.headerTop + 2), QPointF(x, l.tableTop + rowCount() * l.rowHeight));
    }
}

void CompareView::paintMemory(QPainter& painter, const Layout& l, QSizeF size) const
{
    Q_UNUSED(size);
    const QFontMetricsF fm(font());
    const QColor text = palette().color(QPalette::Text);
    const double right = l.left + m_columns.size() * l.columnWidth;
    painter.setPen(text);
    painter.drawText(QRectF(kMargin, l.memoryTop, l.left - kMargin, fm.height()),
        Qt::AlignLeft | Qt::AlignVCenter, sectionNames()[0]);
    // One GiB scale for every column: the largest stage or capacity.
    double maxBytes = 0;
    for (const Column& c : m_columns) {
        maxBytes = std::max(maxBytes, c.plan.capacityBytes);
        for (const StageEstimate& s : c.plan.stages)
            maxBytes = std::max(maxBytes, s.memory.totalBytes());
    }
    const double labelHeight = fm.height();
    const QRectF plotBand(l.left, l.memoryTop + labelHeight / 2 + 2, right - l.left,
        std::max(1.0, l.memoryHeight - labelHeight - labelHeight / 2 - 6));
    if (maxBytes <= 0 || plotBand.height() < 2 * labelHeight) return;
    const double maxGiB = maxBytes / kGiB * 1.05;
    const auto yOf
        = [&](double bytes) { return plotBand.bottom() - bytes / kGiB / maxGiB * plotBand.height(); };
    // Round ticks at least two lines apart, labelled in the gutter, gridlines across the columns.
    const double step = labels::roundStep(maxGiB * 2 * labelHeight / plotBand.height());
    labels::Placer placer;
    placer.avoid(QRectF(kMargin, l.memoryTop, fm.horizontalAdvance(sectionNames()[0]), labelHeight));
    const QLocale locale;
    for (double g = 0; g <= maxGiB; g += step) {
        const double y = yOf(g * kGiB);
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(QPointF(l.left, y), QPointF(right, y));
        const QString label = tr("%1 GiB").arg(locale.toString(g, 'f', step < 1 ? 1 : 0));
        const double w = fm.horizontalAdvance(label);
        const QRectF rect(l.left - kGap - w, y - labelHeight / 2, w, labelHeight);
        if (placer.take(rect)) {
            painter.setPen(text);
            painter.drawText(rect, Qt::AlignRight | Qt::AlignVCenter, label);
        }
    }
    for (int c = 0; c < int(m_columns.size()); ++c) {
        const PlanEstimate& p = m_columns[std::size_t(c)].plan;
        const QRectF cell = columnRect(l, c, plotBand.top(), plotBand.height()).adjusted(kPad, 0, -kPad, 0);
        if (p.stages.empty()) {
            painter.setPen(palette().color(QPalette::PlaceholderText));
            painter.drawText(cell, Qt::AlignCenter, tr("no numbers"));
            continue;
        }
        const int n = int(p.stages.size());
        const double slot = cell.width() / n;
        const double barWidth = std::clamp(slot * 0.7, 1.0, 40.0);
        // Stage labels under the bars, every n-th where they would touch.
        const double labelWidth = fm.horizontalAdvance(tr("S%1").arg(n - 1)) + 4;
        const int every = slot >= labelWidth ? 1 : int(std::lround(labels::roundStep(labelWidth / slot)));
        for (int s = 0; s < n; ++s) {
            const MemoryBreakdown& m = p.stages[std::size_t(s)].memory;
            const double x = cell.left() + s * slot + (slot - barWidth) / 2;
            double bottom = plotBand.bottom();
            for (int part = 0; part < MemoryChartData::PartCount; ++part) {
                const double bytes = MemoryChartData::part(m, part);
                const double top = yOf(bytes) - plotBand.bottom() + bottom;
                if (bytes > 0 && part < m_memoryColours.size())
                    painter.fillRect(QRectF(x, top, barWidth, bottom - top), m_memoryColours[part]);
                bottom = top;
            }
            if (s % every == 0) {
                painter.setPen(text);
                painter.drawText(QRectF(cell.left() + s * slot + slot / 2 - labelWidth / 2,
                                     plotBand.bottom() + 1, labelWidth, labelHeight),
                    Qt::AlignCenter, tr("S%1").arg(s));
            }
        }
        painter.setPen(QPen(kCapacity, 1.5, Qt::DashLine));
        const double capY = yOf(p.capacityBytes);
        painter.drawLine(QPointF(cell.left(), capY), QPointF(cell.right(), capY));
    }
    memoryLegend(right - l.left).paint(painter, QPointF(l.left, l.memoryLegendTop + 3), text);
}

labels::Legend CompareView::memoryLegend(double width) const
{
    QList<labels::LegendEntry> entries;
    const QStringList names = MemoryChartData::partNames();
    for (int i = 0; i < names.size() && i < m_memoryColours.size(); ++i) {
        const QColor colour = m_memoryColours[i];
        entries.append({ { names[i] }, [colour](QPainter& p, const QRectF& r) { p.fillRect(r, colour); } });
    }
    entries.append({ { tr("usable memory per GPU") }, [](QPainter& p, const QRectF& r) {
                        p.setPen(QPen(kCapacity, 1.5, Qt::DashLine));
                        p.drawLine(QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y()));
                    } });
    return labels::Legend(entries, QFontMetricsF(font()), std::max(1.0, width));
}

void CompareView::paintViews(QPainter& painter, const Layout& l) const
{
    const QFontMetricsF fm(font());
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    const QStringList sections = sectionNames();
    painter.drawText(QRectF(kMargin, l.stagesTop, l.left - kMargin, fm.height()),
        Qt::AlignLeft | Qt::AlignVCenter, sections[1]);
    painter.drawText(QRectF(kMargin, l.timelineTop, l.left - kMargin, fm.height()),
        Qt::AlignLeft | Qt::AlignVCenter, sections[2]);
    // The timelines share one axis; each plan's step (with its exposed data-parallel communication and
    // optimizer step after the pipeline drains) ends at the dashed line.
    const QString note = tr("one time axis; dashed: the step's end");
    const QRectF noteRect(kMargin, l.timelineTop + fm.height() + 2, l.left - kMargin - kGap,
        l.timelineHeight - fm.height() - 2);
    if (fm.boundingRect(noteRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, note).height()
        <= noteRect.height()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(noteRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, note);
    }
    const bool stagesFit = !l.stageLists;
    for (int c = 0; c < int(m_columns.size()); ++c) {
        const Column& column = m_columns[std::size_t(c)];
        // Each view at its own logical size (scaled down where the column is narrower than kMinViewWidth).
        const auto paintInto = [&](const PaintedView* view, const QRectF& rect, const auto& more) {
            const ChildGeometry g = childGeometry(rect);
            if (!view || g.size.width() < 2 || g.size.height() < 2) return;
            painter.save();
            painter.translate(rect.topLeft());
            painter.scale(g.scale, g.scale);
            painter.setClipRect(QRectF(QPointF(0, 0), g.size));
            view->render(painter, g.size);
            more(g.size);
            painter.restore();
        };
        if (stagesFit)
            paintInto(column.stages, columnRect(l, c, l.stagesTop, l.stagesHeight), [](QSizeF) {});
        else
            paintStageList(painter, c, columnRect(l, c, l.stagesTop, l.stagesHeight));
        paintInto(column.timeline, columnRect(l, c, l.timelineTop, l.timelineHeight), [&](QSizeF size) {
            if (column.plan.stages.empty() || column.timeline->timeline().passes.empty()) return;
            const QRectF plot = column.timeline->plotArea(size);
            const double start = column.timeline->visibleStart(), end = column.timeline->visibleEnd();
            const double x
                = plot.left() + (column.plan.time.stepSeconds - start) / (end - start) * plot.width();
            painter.setPen(QPen(text, 1, Qt::DashLine));
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        });
    }
}
