// SPDX-License-Identifier: GPL-3.0-or-later
#include "stage_map_view.h"

#include "label_layout.h"
#include "moe_display.h"
#include "partition/layer_partition.h"
#include "stage_map_style.h"

#include <QLocale>
#include <QPaintEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

using namespace shardscope;

using namespace stage_map;

StageMapView::StageMapView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 200);
}

namespace {
/// What a layer outside the transformer blocks is, in a few words ("embedding"), or in one word for the table
/// ("head"); its name otherwise.
QString outsideBlockName(const Layer& layer, bool brief)
{
    switch (layer.kind) {
    case LayerKind::Embedding:
        return StageMapView::tr("embedding");
    case LayerKind::OutputHead:
        return brief ? StageMapView::tr("head") : StageMapView::tr("output head");
    case LayerKind::Norm:
        return brief ? StageMapView::tr("norm") : StageMapView::tr("final norm");
    default:
        return QString::fromStdString(layer.name);
    }
}
} // namespace

void StageMapView::setPlan(const PlanEstimate& plan, const ModelGraph& model)
{
    m_plan = plan;
    m_ranges.clear();
    m_firstRow = 0;
    m_tableWidths.reset();
    const auto name = [&](int layer) {
        return layer >= 0 && layer < model.layerCount()
            ? QString::fromStdString(model.layers()[std::size_t(layer)].name)
            : tr("layer %1").arg(layer);
    };
    m_hasBlocks = std::any_of(
        model.layers().begin(), model.layers().end(), [](const Layer& l) { return l.block >= 0; });
    double slowest = -1;
    m_slowest = -1;
    for (const StageEstimate& s : m_plan.stages) {
        QList<Range> ranges;
        for (const auto& [first, end] : s.layerRanges) {
            Range r;
            r.first = first;
            r.end = end;
            r.firstName = name(first);
            r.lastName = name(end - 1);
            for (int i = std::max(0, first); i < std::min(end, model.layerCount()); ++i) {
                const Layer& layer = model.layers()[std::size_t(i)];
                if (layer.block >= 0) {
                    r.firstBlock = r.firstBlock < 0 ? layer.block : std::min(r.firstBlock, layer.block);
                    r.lastBlock = std::max(r.lastBlock, layer.block);
                    continue;
                }
                QStringList& side = r.firstBlock < 0 ? r.before : r.after;
                const QString what = outsideBlockName(layer, false);
                if (side.isEmpty() || side.back() != what) {
                    side.append(what);
                    (r.firstBlock < 0 ? r.beforeBrief : r.afterBrief).append(outsideBlockName(layer, true));
                }
            }
            ranges.append(r);
        }
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
    m_firstRow = 0;
    m_tableWidths.reset();
    update();
}

QString StageMapView::title() const
{
    if (m_plan.stages.empty())
        return m_plan.infeasibleReason.empty()
            ? tr("No plan")
            : tr("No estimate: %1").arg(QString::fromStdString(m_plan.infeasibleReason));
    const ParallelConfig& c = m_plan.config;
    const int p = int(m_plan.stages.size());
    // Explicit singular until issue 6 ships the English numerus forms (%n).
    const QString stages = p == 1 ? tr("1 pipeline stage") : tr("%1 pipeline stages").arg(p);
    const QString time = ms(m_plan.stages[std::size_t(m_slowest)].microBatchSeconds());
    const QString text = c.cp > 1
        ? tr("%1 x (TP %2 x CP %3 x DP %4): slowest stage %5, %6 ms per micro-batch")
              .arg(stages, QString::number(c.tp), QString::number(c.cp), QString::number(c.dp),
                  QString::number(m_slowest), time)
        : tr("%1 x (TP %2 x DP %3): slowest stage %4, %5 ms per micro-batch")
              .arg(stages, QString::number(c.tp), QString::number(c.dp), QString::number(m_slowest), time);
    if (!usesExpertParallelism(c)) return text;
    return text
        + tr("; experts EP %1 x ETP %2 x expert DP %3").arg(c.ep).arg(c.etp).arg(c.expertDataParallel());
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
    return tr("TP %1 x DP %2 = %3 GPUs, ranks %4–%5")
        .arg(c.tp)
        .arg(c.dp)
        .arg(QLocale().toString(end - first))
        .arg(first)
        .arg(end - 1);
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
    QString text = c.cp > 1
        ? tr("GPU %1: TP rank %2, CP rank %3, DP rank %4").arg(rank).arg(r.tp).arg(r.cp).arg(r.dp)
        : tr("GPU %1: TP rank %2, DP rank %3").arg(rank).arg(r.tp).arg(r.dp);
    if (expertGroupCount() > 0) {
        // MoE parallel folding: the stage's GPUs again, ETP fastest, then EP, then expert DP.
        const int local = rank - stageDeviceRange(c, r.stage).first;
        const int etp = local % c.etp, ep = local / c.etp % c.ep, edp = local / (c.etp * c.ep);
        text += c.etp > 1
            ? tr("; experts: EP rank %1, ETP rank %2, expert DP rank %3").arg(ep).arg(etp).arg(edp)
            : tr("; experts: EP rank %1, expert DP rank %2").arg(ep).arg(edp);
    }
    return text;
}

int StageMapView::gridRows(int wrap) const
{
    const int blockRows = (m_plan.config.dp + wrap - 1) / wrap;
    return m_plan.config.cp * blockRows;
}

double StageMapView::gridGaps(int wrap) const
{
    const int blockRows = (m_plan.config.dp + wrap - 1) / wrap;
    return m_plan.config.cp > 1 ? ReplicaGap * (blockRows - 1) : 0;
}

double StageMapView::blockGap() const
{
    return m_plan.config.tp > 1 || m_plan.config.cp > 1 ? ReplicaGap : 0;
}

std::pair<int, double> StageMapView::bestWrap(double width, double room) const
{
    const ParallelConfig& c = m_plan.config;
    // Divisors of DP only: every row of blocks full.
    const auto cellAt = [&](int w) {
        return std::min({ kMaxCell, (width - (w - 1) * blockGap()) / (c.tp * w), (room - gridGaps(w)) / gridRows(w) });
    };
    double largest = -1;
    for (int w = 1; w <= c.dp; ++w)
        if (c.dp % w == 0) largest = std::max(largest, cellAt(w));
    // Unwrapped where that already gives the largest cells (DP down); else, of the wraps that give them, the grid
    // shaped most like the room.
    if (cellAt(1) >= largest - 1e-9) return { 1, cellAt(1) };
    std::pair<int, double> best { 1, -1 };
    double bestShape = 0;
    for (int w = 2; w <= c.dp; ++w) {
        if (c.dp % w != 0 || cellAt(w) < largest - 1e-9) continue;
        const double gridWidth = w * c.tp + (w - 1) * blockGap() / largest, gridHeight = gridRows(w);
        const double shape = std::abs(std::log((gridWidth / gridHeight) / (width / std::max(1.0, room))));
        if (best.second < 0 || shape < bestShape - 1e-9) {
            best = { w, cellAt(w) };
            bestShape = shape;
        }
    }
    return best;
}

QString StageMapView::compactTitle() const
{
    if (m_plan.stages.empty()) return m_plan.infeasibleReason.empty() ? tr("No plan") : tr("No estimate");
    return tr("%1 stages, slowest %2: %3 ms per micro-batch")
        .arg(m_plan.stages.size())
        .arg(m_slowest)
        .arg(ms(m_plan.stages[std::size_t(m_slowest)].microBatchSeconds()));
}

QString StageMapView::layerRangeText(int stage, int range) const
{
    const Range& r = m_ranges[stage][range];
    const QString text = tr("layers %1–%2 (%3): %4 … %5")
                             .arg(r.first)
                             .arg(r.end - 1)
                             .arg(r.end - r.first)
                             .arg(r.firstName, r.lastName);
    return m_ranges[stage].size() > 1 ? tr("chunk %1: %2").arg(range).arg(text) : text;
}

QStringList StageMapView::blockTexts(const Range& r) const
{
    if (!m_hasBlocks) {
        const QString layers = r.end - r.first == 1
            ? tr("layer %1").arg(r.first)
            : tr("layers %1–%2 (%3)").arg(r.first).arg(r.end - 1).arg(r.end - r.first);
        return { layers, span(r.first, r.end - 1) };
    }
    if (r.firstBlock < 0) { // only layers outside blocks (the embedding, the head)
        const QString names = r.before.join(QStringLiteral(", "));
        return names.isEmpty() ? QStringList { tr("no layers") } : QStringList { names };
    }
    const QString blocks = r.firstBlock == r.lastBlock
        ? tr("block %1").arg(r.firstBlock)
        : tr("blocks %1–%2").arg(r.firstBlock).arg(r.lastBlock);
    QStringList parts = r.before;
    parts.append(blocks);
    parts.append(r.after);
    if (r.before.size() + r.after.size() > 3) // many layers outside blocks: counted
        return { tr("%1 and %2 other layers").arg(blocks).arg(r.before.size() + r.after.size()), blocks,
            span(r.firstBlock, r.lastBlock) };
    QStringList out { parts.join(QStringLiteral(", ")) };
    if (parts.size() > 1) out.append(blocks);
    out.append(span(r.firstBlock, r.lastBlock));
    return out;
}

QString StageMapView::blockRangeText(int stage, int range) const
{
    if (stage < 0 || stage >= m_ranges.size() || range < 0 || range >= m_ranges[stage].size()) return {};
    const QString text = blockTexts(m_ranges[stage][range]).front();
    return m_ranges[stage].size() > 1 ? tr("chunk %1: %2").arg(range).arg(text) : text;
}

QStringList StageMapView::allRangesTexts(int stage) const
{
    // Each form of the ranges joined: "2 chunks: blocks 0–7, blocks 64–71", then shorter.
    const QList<Range>& ranges = m_ranges[stage];
    QStringList out;
    for (int form = 0; form < 3; ++form) {
        QStringList parts;
        for (const Range& r : ranges) {
            const QStringList texts = blockTexts(r);
            parts.append(texts[std::min<qsizetype>(form, texts.size() - 1)]);
        }
        const QString text = ranges.size() > 1
            ? tr("%1 chunks: %2").arg(ranges.size()).arg(parts.join(QStringLiteral(", ")))
            : parts.join(QStringLiteral(", "));
        if (!out.contains(text)) out.append(text);
    }
    return out;
}

namespace {
QRectF areaAbove(QSizeF size, double legendHeight)
{
    return QRectF(kMargin, kTop, std::max(1.0, size.width() - 2 * kMargin),
        std::max(1.0, size.height() - kTop - legendHeight - 8));
}
} // namespace

double StageMapView::legendHeight(QSizeF size) const
{
    // The taller of the cards' and the table's legends (which one is drawn depends on the area they leave),
    // the table's with its note on the rows shown where they do not all fit above it.
    const int p = int(m_plan.stages.size());
    const double height = std::max({ legend(size, false).height(), legend(size, false, -1, -1, true, 2).height(),
        legend(size, true, 0, p - 1).height() });
    if (p > 0 && tableIn(areaAbove(size, height)).shownRows < p)
        return std::max(height, legend(size, true).height());
    return height;
}

QRectF StageMapView::cardsArea(QSizeF size) const
{
    return areaAbove(size, legendHeight(size));
}

labels::Legend StageMapView::legend(
    QSizeF size, bool tableMode, int shownFirst, int shownLast, bool grid, int wrap) const
{
    const QPalette& pal = palette();
    const ParallelConfig& c = m_plan.config;
    QList<labels::LegendEntry> entries;
    entries.append({ { tr("slowest stage") }, [](QPainter& p, const QRectF& r) {
                        p.setPen(QPen(kSlowest, 3));
                        p.drawRect(r.adjusted(1.5, 1.5, -1.5, -1.5));
                    } });
    const auto device = [](QPainter& p, const QRectF& r) { p.fillRect(r, kDevice); };
    if (tableMode) {
        const int perStage = c.tp * c.cp * c.dp;
        const QString degrees = c.cp > 1 ? tr("TP %1 x CP %2 x DP %3").arg(c.tp).arg(c.cp).arg(c.dp)
                                         : tr("TP %1 x DP %2").arg(c.tp).arg(c.dp);
        entries.append({ { tr("GPUs of each stage: %1 = %2 (global ranks in Megatron's order)")
                                 .arg(degrees, QLocale().toString(perStage)),
                             tr("GPUs of each stage: %1 = %2").arg(degrees, QLocale().toString(perStage)),
                             tr("%1 GPUs a stage").arg(QLocale().toString(perStage)) },
            device });
    } else if (!grid) {
        // The cards' one-line summaries need no key.
    } else if (c.cp > 1 && wrap > 1) {
        entries.append(
            { { tr("GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank, %n a row)", "",
                    wrap),
                  tr("GPU (TP across, CP down, DP blocks in rows)"), tr("GPU") },
                [](QPainter& p, const QRectF& r) {
                    p.fillRect(r, kDevice);
                    p.setPen(QPen(kCpGroup, 1.5));
                    p.drawRect(r.adjusted(0.75, 0.75, -0.75, -0.75));
                } });
    } else if (c.cp > 1) {
        entries.append(
            { { tr("GPU (global rank; TP across; CP down, framed per CP group; a block per DP rank)"),
                  tr("GPU (TP across, CP and DP down)"), tr("GPU") },
                [](QPainter& p, const QRectF& r) {
                    p.fillRect(r, kDevice);
                    p.setPen(QPen(kCpGroup, 1.5));
                    p.drawRect(r.adjusted(0.75, 0.75, -0.75, -0.75));
                } });
    } else if (wrap > 1 && c.tp == 1) {
        entries.append({ { tr("GPU (global rank; DP ranks in rows of %n)", "", wrap), tr("GPU") }, device });
    } else if (wrap > 1) {
        entries.append(
            { { tr("GPU (global rank; TP across; a block per DP rank, %n a row)", "", wrap), tr("GPU") }, device });
    } else {
        entries.append({ { tr("GPU (global rank; TP across, DP down)"), tr("GPU") }, device });
    }
    if (!tableMode && grid && expertGroupCount() > 0)
        entries.append({ { tr("expert group (EP x ETP GPUs holding every expert once, all-to-all inside); "
                              "routed experts' memory"),
                             tr("expert group (EP x ETP GPUs); routed experts' memory"), tr("expert group") },
            [](QPainter& p, const QRectF& r) {
                p.fillRect(r, kDevice);
                p.setPen(QPen(kExperts, 2));
                p.drawRect(r.adjusted(1, 1, -1, -1));
            } });
    entries.append({ { tr("memory per GPU of %1 GiB usable").arg(gib(m_plan.capacityBytes)),
                         tr("memory of %1 GiB").arg(gib(m_plan.capacityBytes)) },
        [&pal](QPainter& p, const QRectF& r) {
            p.fillRect(r, kMemoryOk);
            p.setPen(pal.color(QPalette::Mid));
            p.drawRect(r);
        } });
    // Where the table's rows do not all fit: which ones it shows. Measured with the widest numbers.
    const int p = int(m_plan.stages.size());
    if (tableMode && (shownFirst < 0 || shownFirst > 0 || shownLast < p - 1)) {
        const int a = shownFirst < 0 ? p : shownFirst, b = shownFirst < 0 ? p : shownLast;
        entries.append({ { tr("stages %1–%2 of %3 shown: the wheel scrolls").arg(a).arg(b).arg(p),
                             tr("stages %1–%2 of %3").arg(a).arg(b).arg(p) },
            {} });
    }
    return labels::Legend(entries, QFontMetricsF(font()), std::max(1.0, size.width() - 2 * kMargin));
}

void StageMapView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    paintFrame(painter, size);
    if (m_plan.stages.empty()) {
        painter.restore();
        return;
    }
    const bool tableMode = isTable(size);
    int shownFirst = 0, shownLast = int(m_plan.stages.size()) - 1;
    bool grid = false;
    int wrap = 1;
    if (tableMode) {
        const Table t = table(size);
        paintTable(painter, t, size);
        shownFirst = t.firstRow;
        shownLast = t.firstRow + t.shownRows - 1;
    } else {
        const Layout l = layout(size);
        for (int s = 0; s < int(m_plan.stages.size()); ++s)
            paintCard(painter, s, l, size);
        grid = l.grid;
        wrap = l.wrap;
    }
    const labels::Legend key = legend(size, tableMode, shownFirst, shownLast, grid, wrap);
    key.paint(
        painter, QPointF(kMargin, size.height() - legendHeight(size) - 4), palette().color(QPalette::Text));
    painter.restore();
}

QString StageMapView::toolTipAt(QPointF pos, QSizeF size) const
{
    for (int stage = 0; stage < int(m_plan.stages.size()); ++stage) {
        if (!stageRect(stage, size).contains(pos)) continue;
        const StageEstimate& s = m_plan.stages[std::size_t(stage)];
        QStringList lines { stage == m_slowest ? tr("Stage %1 (slowest)").arg(stage)
                                               : tr("Stage %1").arg(stage) };
        for (int i = 0; i < int(m_ranges[stage].size()); ++i) {
            if (m_hasBlocks) lines.append(blockRangeText(stage, i));
            lines.append(layerRangeText(stage, i));
        }
        lines.append(deviceSummary(stage));
        const ParallelConfig& c = m_plan.config;
        const auto [first, end] = stageDeviceRange(c, stage);
        if (const Layout l = layout(size); !isTable(size) && l.grid) {
            const QRectF grid = gridRect(stage, l, size);
            for (int rank = first; rank < end; ++rank)
                if (cellIn(rank, l, grid).contains(pos)) lines.append(rankText(rank));
        }
        lines.append(memoryText(s));
        if (s.epCommSeconds > 0 || usesExpertParallelism(c))
            lines.append(
                tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, EP all-to-all %6, "
                   "PP %7 ms)")
                    .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds),
                        ms(s.tpCommSeconds), ms(s.cpCommSeconds), ms(s.epCommSeconds), ms(s.ppCommSeconds)));
        else if (c.cp > 1)
            lines.append(tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, CP %5, PP %6 ms)")
                             .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds),
                                 ms(s.tpCommSeconds), ms(s.cpCommSeconds), ms(s.ppCommSeconds)));
        else
            lines.append(tr("Time per micro-batch: %1 ms (compute %2, recompute %3, TP %4, PP %5 ms)")
                             .arg(ms(s.microBatchSeconds()), ms(s.computeSeconds), ms(s.recomputeSeconds),
                                 ms(s.tpCommSeconds), ms(s.ppCommSeconds)));
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}
