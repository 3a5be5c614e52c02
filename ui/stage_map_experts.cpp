// SPDX-License-Identifier: GPL-3.0-or-later
// StageMapView's expert-parallel part: which GPUs of a stage form an expert group (Megatron's MoE parallel
// folding: a stage's TP x CP x DP GPUs laid out again as ETP x EP x expert DP, ETP fastest), their outlines
// in the device grid, and the MoE lines of the tooltips.
#include "moe_display.h"
#include "partition/layer_partition.h"
#include "stage_map_view.h"

#include <QLocale>
#include <QPainter>
#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
const QColor kExpertGroup(205, 75, 160); // the communication and imbalance views' EP colour
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
QString gib(double bytes)
{
    return QLocale().toString(bytes / kGiB, 'f', 1);
}
} // namespace

int StageMapView::expertGroupCount() const
{
    const ParallelConfig& c = m_plan.config;
    const int perStage = c.tp * c.cp * c.dp, block = c.ep * c.etp;
    if (m_plan.stages.empty() || !usesExpertParallelism(c) || block <= 0 || perStage % block != 0) return 0;
    return perStage / block;
}

QList<int> StageMapView::expertGroupRanks(int stage, int group) const
{
    if (stage < 0 || stage >= int(m_plan.stages.size()) || group < 0 || group >= expertGroupCount())
        return {};
    const ParallelConfig& c = m_plan.config;
    const int block = c.ep * c.etp;
    const int first = stageDeviceRange(c, stage).first + group * block;
    QList<int> ranks;
    for (int r = first; r < first + block; ++r)
        ranks.append(r);
    return ranks;
}

QPainterPath StageMapView::expertGroupOutline(int stage, int group, QSizeF size) const
{
    const QList<int> ranks = expertGroupRanks(stage, group);
    QPainterPath path;
    if (ranks.isEmpty() || deviceCellRect(ranks.front(), size).isEmpty()) return path;
    // The sides of each cell with no cell of the group next to it (wrapped DP blocks put a rank's neighbours in
    // rank order beside it or a block apart, so the neighbours are found where they are drawn).
    QList<QRectF> cells;
    for (int rank : ranks)
        cells.append(deviceCellRect(rank, size));
    const double step = cells.front().width();
    const auto occupied = [&](QPointF topLeft) {
        return std::any_of(cells.begin(), cells.end(), [&](const QRectF& r) {
            return std::abs(r.left() - topLeft.x()) < 0.25 && std::abs(r.top() - topLeft.y()) < 0.25;
        });
    };
    const auto edge = [&](QPointF a, QPointF b) {
        path.moveTo(a);
        path.lineTo(b);
    };
    for (const QRectF& cell : cells) {
        const QPointF at = cell.topLeft();
        if (!occupied(at - QPointF(step, 0))) edge(cell.topLeft(), cell.bottomLeft());
        if (!occupied(at + QPointF(step, 0))) edge(cell.topRight(), cell.bottomRight());
        if (!occupied(at - QPointF(0, step))) edge(cell.topLeft(), cell.topRight());
        if (!occupied(at + QPointF(0, step))) edge(cell.bottomLeft(), cell.bottomRight());
    }
    return path;
}

void StageMapView::paintExpertGroups(QPainter& painter, int stage, QSizeF size) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(kExpertGroup, 2, Qt::SolidLine, Qt::SquareCap));
    painter.setBrush(Qt::NoBrush);
    for (int g = 0; g < expertGroupCount(); ++g)
        painter.drawPath(expertGroupOutline(stage, g, size));
    painter.restore();
}

QString StageMapView::memoryText(const StageEstimate& s) const
{
    const MemoryBreakdown& m = s.memory;
    QString text
        = tr("Memory per GPU: %1 GiB of %2 GiB usable").arg(gib(m.totalBytes()), gib(m_plan.capacityBytes));
    const double dispatch = m.other.moeDispatch;
    if (m.routedExpertBytes > 0 || m.sharedExpertBytes > 0 || m.moeActivationBytes > 0 || dispatch > 0)
        text += QLatin1Char('\n')
            + tr("of which MoE: routed experts %1 GiB, shared experts %2 GiB (weights, gradients, optimizer "
                 "states); "
                 "MoE activations %3 GiB; dispatcher buffers %4 GiB")
                  .arg(gib(m.routedExpertBytes), gib(m.sharedExpertBytes), gib(m.moeActivationBytes),
                      gib(dispatch));
    return text;
}
