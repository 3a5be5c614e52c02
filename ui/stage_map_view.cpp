// SPDX-License-Identifier: GPL-3.0-or-later
#include "stage_map_view.h"

#include "moe_display.h"

#include "partition/layer_partition.h"

#include <QLocale>
#include <QPainter>
#include <QPaintEvent>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kTop = PaintedView::kTitleHeight, kLegend = 28, kMargin = 8; // title, legend, sides
constexpr double kGap = 6, kPad = 6;                   // between cards, inside a card
constexpr double kIdealCardWidth = 200, kMinCell = 7, kMaxCell = 26;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

const QColor kSlowest(230, 120, 0), kDevice(52, 120, 210), kCpGroup(20, 50, 110), kExperts(205, 75, 160);
const QColor kMemoryOk(60, 160, 90), kMemoryTight(220, 170, 30), kMemoryOver(200, 40, 40);

QColor memoryColour(double bytes, double capacity)
{
    return capacity <= 0 || bytes <= 0.9 * capacity ? kMemoryOk : bytes <= capacity ? kMemoryTight : kMemoryOver;
}

QString gib(double bytes) { return QLocale().toString(bytes / kGiB, 'f', 1); }
QString ms(double seconds) { return QLocale().toString(seconds * 1e3, 'f', 1); }

/// A global rank's coordinates in Megatron's order: rank = tp + TP x (cp + CP x (dp + DP x stage)).
struct RankCoordinates
{
    int stage = 0, tp = 0, cp = 0, dp = 0;
};

RankCoordinates coordinates(const ParallelConfig& c, int rank)
{
    RankCoordinates r;
    r.tp = rank % c.tp;
    rank /= c.tp;
    r.cp = rank % c.cp;
    rank /= c.cp;
    r.dp = rank % c.dp;
    r.stage = rank / c.dp;
    return r;
}
} // namespace

StageMapView::StageMapView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 200);
}

void StageMapView::setPlan(const PlanEstimate& plan, const ModelGraph& model)
{
    m_plan = plan;
    m_ranges.clear();
    const auto name = [&](int layer) {
        return layer >= 0 && layer < model.layerCount() ? QString::fromStdString(model.layers()[std::size_t(layer)].name)
                                                        : tr("layer %1").arg(layer);
    };
    double slowest = -1;
    m_slowest = -1;
    for (const StageEstimate& s : m_plan.stages) {
        QList<Range> ranges;
        for (const auto& [first, end] : s.layerRanges)
            ranges.append(Range { first, end, name(first), name(end - 1) });
        m_ranges.append(ranges);
        if (s.microBatchSeconds() >= slowest) { // ties: the later stage, like the evaluator's critical stage
            slowest = s.microBatchSeconds();
            m_slowest = int(m_ranges.size()) - 1;
        }
    }
    update();
}

void StageMapView::clearPlan()
{
    m_plan = {};
    m_ranges.clear();
    m_slowest = -1;
    update();
}

QString StageMapView::title() const
{
    if (m_plan.stages.empty())
        return m_plan.infeasibleReason.empty() ? tr("No plan") : tr("No estimate: %1").arg(QString::fromStdString(m_plan.infeasibleReason));
    const ParallelConfig& c = m_plan.config;
    const int p = int(m_plan.stages.size());
    // Explicit singular until issue 6 ships the English numerus forms (%n).
    const QString stages = p == 1 ? tr("1 pipeline stage") : tr("%1 pipeline stages").arg(p);
    const QString time = ms(m_plan.stages[std::size_t(m_slowest)].microBatchSeconds());
    const QString text = c.cp > 1
        ? tr("%1 x (TP %2 x CP %3 x DP %4): slowest stage %5, %6 ms per micro-batch")
              .arg(stages, QString::number(c.tp), QString::number(c.cp), QString::number(c.dp), QString::number(m_slowest), time)
        : tr("%1 x (TP %2 x DP %3): slowest stage %4, %5 ms per micro-batch")
              .arg(stages, QString::number(c.tp), QString::number(c.dp), QString::number(m_slowest), time);
    if (!usesExpertParallelism(c))
        return text;
    return text + tr("; experts EP %1 x ETP %2 x expert DP %3").arg(c.ep).arg(c.etp).arg(c.expertDataParallel());
}

QString StageMapView::deviceSummary(int stage) const
{
    const ParallelConfig& c = m_plan.config;
    const auto [first, end] = stageDeviceRange(c, stage);
    if (c.cp > 1)
        return tr("TP %1 x CP %2 x DP %3 = %4 GPUs, ranks %5–%6")
            .arg(c.tp)
            .arg(c.cp)
            .arg(c.dp)
            .arg(QLocale().toString(end - first))
            .arg(first)
            .arg(end - 1);
    return tr("TP %1 x DP %2 = %3 GPUs, ranks %4–%5").arg(c.tp).arg(c.dp).arg(QLocale().toString(end - first)).arg(first).arg(end - 1);
}

QStringList StageMapView::deviceSummaryLines(int stage) const
{
    const ParallelConfig& c = m_plan.config;
    const auto [first, end] = stageDeviceRange(c, stage);
    const QString gpus = QLocale().toString(end - first);
    return { c.cp > 1 ? tr("TP %1 x CP %2 x DP %3 = %4 GPUs").arg(c.tp).arg(c.cp).arg(c.dp).arg(gpus)
                      : tr("TP %1 x DP %2 = %3 GPUs").arg(c.tp).arg(c.dp).arg(gpus),
             tr("ranks %1–%2").arg(first).arg(end - 1) };
}

QString StageMapView::rankText(int rank) const
{
    const ParallelConfig& c = m_plan.config;
    const RankCoordinates r = coordinates(c, rank);
    QString text = c.cp > 1 ? tr("GPU %1: TP rank %2, CP rank %3, DP rank %4").arg(rank).arg(r.tp).arg(r.cp).arg(r.dp)
                            : tr("GPU %1: TP rank %2, DP rank %3").arg(rank).arg(r.tp).arg(r.dp);
    if (expertGroupCount() > 0) {
        // MoE parallel folding: the stage's GPUs again, ETP fastest, then EP, then expert DP.
        const int local = rank - stageDeviceRange(c, r.stage).first;
        const int etp = local % c.etp, ep = local / c.etp % c.ep, edp = local / (c.etp * c.ep);
        text += c.etp > 1 ? tr("; experts: EP rank %1, ETP rank %2, expert DP rank %3").arg(ep).arg(etp).arg(edp)
                          : tr("; experts: EP rank %1, expert DP rank %2").arg(ep).arg(edp);
    }
    return text;
}

int StageMapView::gridRows() const
{
    return m_plan.config.cp * m_plan.config.dp;
}

double StageMapView::gridGaps() const
{
    return m_plan.config.cp > 1 ? ReplicaGap * (m_plan.config.dp - 1) : 0;
}

QString StageMapView::layerRangeText(int stage, int range) const
{
    const Range& r = m_ranges[stage][range];
    const QString text = tr("layers %1–%2 (%3): %4 … %5").arg(r.first).arg(r.end - 1).arg(r.end - r.first).arg(r.firstName, r.lastName);
    return m_ranges[stage].size() > 1 ? tr("chunk %1: %2").arg(range).arg(text) : text;
}

QRectF StageMapView::cardsArea(QSizeF size) const
{
    return QRectF(kMargin, kTop, std::max(1.0, size.width() - 2 * kMargin), std::max(1.0, size.height() - kTop - kLegend));
}

StageMapView::Layout StageMapView::layout(QSizeF size) const
{
    Layout l;
    const int p = int(m_plan.stages.size());
    if (p == 0)
        return l;
    const QRectF area = cardsArea(size);
    const double lh = QFontMetricsF(font()).height();
    const ParallelConfig& c = m_plan.config;
    const bool gridAllowed = c.tp * c.cp * c.dp <= MaxGridDevices;
    const int deviceRows = gridRows();
    const double gaps = gridGaps();
    qsizetype maxRanges = 1;
    for (const QList<Range>& r : m_ranges)
        maxRanges = std::max(maxRanges, r.size());
    const auto cardSize = [&](int columns) {
        const int rows = (p + columns - 1) / columns;
        return QSizeF((area.width() - kGap * (columns - 1)) / columns, (area.height() - kGap * (rows - 1)) / rows);
    };
    const auto naturalHeight = [&](double width) {
        const double devices = gridAllowed ? deviceRows * std::clamp((width - 2 * kPad) / c.tp, kMinCell, kMaxCell) + gaps : lh;
        return 2 * kPad + lh * double(3 + 2 * maxRanges) + devices + 4; // two lines per range: span, then names
    };
    // The column count whose cards come closest to their natural size; ties go to fewer rows.
    double best = -1;
    for (int columns = 1; columns <= p; ++columns) {
        const QSizeF card = cardSize(columns);
        const double fit = std::min({ 1.0, card.width() / kIdealCardWidth, card.height() / naturalHeight(card.width()) });
        if (fit >= best - 1e-9) {
            best = fit;
            l.columns = columns;
        }
    }
    l.card = cardSize(l.columns);
    l.card.setHeight(std::min(l.card.height(), naturalHeight(l.card.width()))); // no stretched, empty cards

    // Fill a card by priority: header, memory and time, one layer line, devices, further layer lines.
    double avail = l.card.height() - 2 * kPad - lh - 2 * lh;
    l.statsOneLine = avail < 2 * lh;
    avail += l.statsOneLine ? lh : 0;
    l.layerLines = avail >= lh ? 1 : 0;
    avail -= l.layerLines * lh;
    const double widthCell = (l.card.width() - 2 * kPad) / c.tp;
    if (gridAllowed) {
        const double wanted = double(2 * maxRanges - l.layerLines) * lh;
        double cell = std::min({ kMaxCell, widthCell, (avail - wanted - 4 - gaps) / deviceRows });
        if (cell < kMinCell)
            cell = std::min({ kMaxCell, widthCell, (avail - 4 - gaps) / deviceRows });
        l.grid = cell >= kMinCell;
        l.cellSize = l.grid ? std::floor(cell) : 0;
        avail -= l.grid ? deviceRows * l.cellSize + gaps + 4 : 0;
    }
    if (!l.grid)
        avail -= lh;
    for (; l.layerLines < 2 * maxRanges && avail >= lh; avail -= lh)
        ++l.layerLines;
    // The last stage's summary is the widest (the largest ranks): when it does not fit on its line, a second one
    // if the layers left room, else paintCard shortens it.
    if (!l.grid && avail >= lh && QFontMetricsF(font()).horizontalAdvance(deviceSummary(p - 1)) > l.card.width() - 2 * kPad)
        l.summaryLines = 2;
    return l;
}

QRectF StageMapView::stageRect(int stage, QSizeF size) const
{
    if (stage < 0 || stage >= int(m_plan.stages.size()))
        return {};
    const Layout l = layout(size);
    const QRectF area = cardsArea(size);
    const int row = stage / l.columns, column = stage % l.columns;
    return QRectF(area.left() + column * (l.card.width() + kGap), area.top() + row * (l.card.height() + kGap), l.card.width(),
                  l.card.height());
}

QRectF StageMapView::gridRect(int stage, const Layout& l, QSizeF size) const
{
    const double lh = QFontMetricsF(font()).height();
    const QRectF card = stageRect(stage, size);
    const double top = card.top() + kPad + lh * (1 + layerLinesUsed(stage, l)) + 2;
    return QRectF(card.left() + kPad, top, l.cellSize * m_plan.config.tp, l.cellSize * gridRows() + gridGaps());
}

int StageMapView::layerLinesUsed(int stage, const Layout& l) const
{
    const int n = int(m_ranges[stage].size());
    if (n == 0)
        return 0;
    return l.layerLines >= 2 * n ? 2 * n : l.layerLines >= n ? n : std::min(l.layerLines, 1);
}

QRectF StageMapView::deviceCellRect(int rank, QSizeF size) const
{
    const ParallelConfig& c = m_plan.config;
    if (m_plan.stages.empty() || rank < 0 || rank >= c.worldSize())
        return {};
    const Layout l = layout(size);
    if (!l.grid)
        return {};
    // A column per TP rank; a row per (DP, CP) pair, the DP ranks' blocks apart when CP > 1.
    const RankCoordinates r = coordinates(c, rank);
    const QRectF grid = gridRect(r.stage, l, size);
    const double top = grid.top() + (r.dp * c.cp + r.cp) * l.cellSize + (c.cp > 1 ? r.dp * ReplicaGap : 0);
    return QRectF(grid.left() + r.tp * l.cellSize, top, l.cellSize, l.cellSize);
}

void StageMapView::paintCard(QPainter& painter, int stage, const Layout& l, QSizeF size) const
{
    const QPalette& pal = palette();
    const StageEstimate& s = m_plan.stages[std::size_t(stage)];
    const ParallelConfig& c = m_plan.config;
    const QRectF card = stageRect(stage, size);
    const QFontMetricsF metrics(painter.font());
    const double lh = metrics.height();
    const double textWidth = card.width() - 2 * kPad;
    painter.fillRect(card, pal.color(QPalette::Window));
    const bool slowest = stage == m_slowest;
    painter.setPen(slowest ? QPen(kSlowest, 3) : QPen(pal.color(QPalette::Mid), 1));
    painter.drawRect(slowest ? card.adjusted(1.5, 1.5, -1.5, -1.5) : card.adjusted(0.5, 0.5, -0.5, -0.5));

    painter.save();
    painter.setClipRect(card.adjusted(2, 2, -2, -2));
    double y = card.top() + kPad;
    const auto line = [&](const QString& text, Qt::TextElideMode mode = Qt::ElideRight) {
        painter.drawText(QRectF(card.left() + kPad, y, textWidth, lh), Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(text, mode, textWidth));
        y += lh;
    };
    QFont bold = painter.font();
    bold.setBold(true);
    painter.setFont(bold);
    const QFontMetricsF boldMetrics(bold);
    // The tag only where it does not run into the stage's name (narrow cards: the orange frame says it).
    if (slowest && boldMetrics.horizontalAdvance(tr("Stage %1").arg(stage)) + boldMetrics.horizontalAdvance(tr("slowest")) + 6 <= textWidth) {
        painter.setPen(kSlowest);
        painter.drawText(QRectF(card.left() + kPad, y, textWidth, lh), Qt::AlignRight | Qt::AlignVCenter, tr("slowest"));
    }
    painter.setPen(pal.color(QPalette::Text));
    line(tr("Stage %1").arg(stage));
    painter.setFont(font());

    // Layer ranges: two lines each (span, then first … last name) when there is room, else one line
    // each, else one line for all chunks.
    const QList<Range>& ranges = m_ranges[stage];
    const int n = int(ranges.size());
    const int used = layerLinesUsed(stage, l);
    if (used == 2 * n) {
        for (int i = 0; i < n; ++i) {
            const Range& r = ranges[i];
            const QString span = tr("layers %1–%2 (%3)").arg(r.first).arg(r.end - 1).arg(r.end - r.first);
            line(n > 1 ? tr("chunk %1: %2").arg(i).arg(span) : span);
            line(tr("%1 … %2").arg(r.firstName, r.lastName), Qt::ElideMiddle);
        }
    } else if (used == n) {
        for (int i = 0; i < n; ++i)
            line(layerRangeText(stage, i));
    } else if (used == 1) {
        int layers = 0;
        for (const Range& r : ranges)
            layers += r.end - r.first;
        line(tr("%1 chunks, %2 layers: %3 … %4").arg(n).arg(layers).arg(ranges.front().firstName, ranges.back().lastName));
    }

    const auto [first, end] = stageDeviceRange(c, stage);
    if (l.grid) {
        const QRectF grid = gridRect(stage, l, size);
        QFont small = font();
        small.setPointSizeF(std::max(5.0, font().pointSizeF() * 0.75));
        painter.setFont(small);
        const QFontMetricsF smallMetrics(small);
        // Numbers in every cell when the widest fits, else the stage's rank range beside the grid.
        const double inner = l.cellSize - 1;
        const bool labelled = smallMetrics.horizontalAdvance(QString::number(end - 1)) + 2 < inner && smallMetrics.height() - 2 < inner;
        for (int rank = first; rank < end; ++rank) {
            const QRectF cell = deviceCellRect(rank, size).adjusted(0.5, 0.5, -0.5, -0.5);
            painter.fillRect(cell, kDevice);
            if (labelled) {
                painter.setPen(Qt::white);
                painter.drawText(cell, Qt::AlignCenter, QString::number(rank));
            }
        }
        // Each CP group (one TP rank's CP ranks within a DP rank's block) framed from its first to its last cell.
        if (c.cp > 1) {
            painter.setPen(QPen(kCpGroup, 1.5));
            painter.setBrush(Qt::NoBrush);
            for (int group = first; group < end; group += c.tp * c.cp)
                for (int t = 0; t < c.tp; ++t)
                    painter.drawRect(deviceCellRect(group + t, size)
                                         .united(deviceCellRect(group + t + (c.cp - 1) * c.tp, size))
                                         .adjusted(0.75, 0.75, -0.75, -0.75));
        }
        if (expertGroupCount() > 0) // each expert group outlined (MoE parallel folding)
            paintExpertGroups(painter, stage, size);
        painter.setFont(font());
        painter.setPen(pal.color(QPalette::Text));
        if (!labelled) {
            const QRectF beside(grid.right() + 6, grid.top(), card.right() - kPad - grid.right() - 6, grid.height());
            QString ranks = tr("ranks %1–%2").arg(first).arg(end - 1);
            if (metrics.horizontalAdvance(ranks) > beside.width())
                ranks = tr("%1–%2").arg(first).arg(end - 1);
            if (metrics.horizontalAdvance(ranks) <= beside.width())
                painter.drawText(beside, Qt::AlignLeft | Qt::AlignVCenter, ranks);
        }
        y = grid.bottom() + 2;
    } else if (l.summaryLines == 2 && y + 2 * lh <= card.bottom() - kPad - (l.statsOneLine ? 1 : 2) * lh) {
        for (const QString& text : deviceSummaryLines(stage))
            line(text);
    } else if (y + lh <= card.bottom() - kPad - (l.statsOneLine ? 1 : 2) * lh) {
        // The whole summary, else the GPU count and ranks, else the ranks (the title has the degrees).
        const QString candidates[] = { deviceSummary(stage), tr("%1 GPUs, ranks %2–%3").arg(QLocale().toString(end - first)).arg(first).arg(end - 1),
                                       tr("ranks %1–%2").arg(first).arg(end - 1) };
        const QString* text = &candidates[0];
        while (text != &candidates[2] && metrics.horizontalAdvance(*text) > textWidth)
            ++text;
        line(*text);
    }

    // Memory per GPU with a bar against the usable capacity, then the time per micro-batch.
    const double bytes = s.memory.totalBytes();
    const QString memory = tr("%1 GiB").arg(gib(bytes));
    y = std::max(y, card.bottom() - kPad - (l.statsOneLine ? 1 : 2) * lh);
    if (l.statsOneLine) {
        line(tr("%1, %2 ms").arg(memory, ms(s.microBatchSeconds())));
    } else {
        const double barLeft = card.left() + kPad + metrics.horizontalAdvance(memory) + 6;
        const QRectF bar(barLeft, y + lh * 0.25, std::max(0.0, card.right() - kPad - barLeft), lh * 0.5);
        if (m_plan.capacityBytes > 0 && bar.width() > 8) {
            painter.fillRect(bar, pal.color(QPalette::Base));
            const double fraction = std::min(1.0, bytes / m_plan.capacityBytes);
            painter.fillRect(QRectF(bar.left(), bar.top(), bar.width() * fraction, bar.height()), memoryColour(bytes, m_plan.capacityBytes));
            if (s.memory.routedExpertBytes > 0) // the routed experts' share of it, from the left
                painter.fillRect(QRectF(bar.left(), bar.top(), bar.width() * std::min(fraction, s.memory.routedExpertBytes / m_plan.capacityBytes),
                                        bar.height()),
                                 kExperts);
            painter.setPen(pal.color(QPalette::Mid));
            painter.drawRect(bar);
            painter.setPen(pal.color(QPalette::Text));
        }
        line(memory);
        line(tr("%1 ms / micro-batch").arg(ms(s.microBatchSeconds())));
    }
    painter.restore();
}

void StageMapView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    const QFont titleFont = paintFrame(painter, size);
    const QPalette& pal = palette();
    if (m_plan.stages.empty()) {
        painter.restore();
        return;
    }
    const Layout l = layout(size);
    for (int s = 0; s < int(m_plan.stages.size()); ++s)
        paintCard(painter, s, l, size);

    // Legend: the slowest stage's frame, a GPU cell, the memory bar.
    const QFontMetricsF metrics(font());
    double x = kMargin;
    const double y = size.height() - kLegend + 6;
    const double box = metrics.height() - 4;
    const auto item = [&](const QString& text, auto&& swatch) {
        swatch(QRectF(x, y + 2, box * 1.6, box));
        x += box * 1.6 + 5;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(x, y, metrics.horizontalAdvance(text) + 2, box + 4), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += metrics.horizontalAdvance(text) + 18;
    };
    item(tr("slowest stage"), [&](QRectF r) { painter.setPen(QPen(kSlowest, 3)); painter.drawRect(r.adjusted(1.5, 1.5, -1.5, -1.5)); });
    if (m_plan.config.cp > 1)
        item(tr("GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank)"), [&](QRectF r) {
            painter.fillRect(r, kDevice);
            painter.setPen(QPen(kCpGroup, 1.5));
            painter.drawRect(r.adjusted(0.75, 0.75, -0.75, -0.75));
        });
    else
        item(tr("GPU (global rank; TP across, DP down)"), [&](QRectF r) { painter.fillRect(r, kDevice); });
    if (expertGroupCount() > 0)
        item(tr("expert group (EP x ETP GPUs holding every expert once, all-to-all inside); routed experts' memory"), [&](QRectF r) {
            painter.fillRect(r, kDevice);
            painter.setPen(QPen(kExperts, 2));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        });
    item(tr("memory per GPU of %1 GiB usable").arg(gib(m_plan.capacityBytes)), [&](QRectF r) {
        painter.fillRect(r, kMemoryOk);
        painter.setPen(pal.color(QPalette::Mid));
        painter.drawRect(r);
    });
    painter.restore();
}

QString StageMapView::toolTipAt(QPointF pos, QSizeF size) const
{
    for (int stage = 0; stage < int(m_plan.stages.size()); ++stage) {
        if (!stageRect(stage, size).contains(pos))
            continue;
        const StageEstimate& s = m_plan.stages[std::size_t(stage)];
        QStringList lines { stage == m_slowest ? tr("Stage %1 (slowest)").arg(stage) : tr("Stage %1").arg(stage) };
        for (int i = 0; i < int(m_ranges[stage].size()); ++i)
            lines.append(layerRangeText(stage, i));
        lines.append(deviceSummary(stage));
        const ParallelConfig& c = m_plan.config;
        const auto [first, end] = stageDeviceRange(c, stage);
        for (int rank = first; rank < end; ++rank)
            if (deviceCellRect(rank, size).contains(pos))
                lines.append(rankText(rank));
        lines.append(memoryText(s));
        if (s.epCommSeconds > 0 || usesExpertParallelism(c))
            lines.append(tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, EP all-to-all %6, PP %7 ms)")
                             .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds), ms(s.tpCommSeconds),
                                  ms(s.cpCommSeconds), ms(s.epCommSeconds), ms(s.ppCommSeconds)));
        else if (c.cp > 1)
            lines.append(tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, PP %6 ms)")
                             .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds), ms(s.tpCommSeconds),
                                  ms(s.cpCommSeconds), ms(s.ppCommSeconds)));
        else
            lines.append(tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, PP %5 ms)")
                             .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds), ms(s.tpCommSeconds), ms(s.ppCommSeconds)));
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}
