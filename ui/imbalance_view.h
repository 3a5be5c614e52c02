// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "painted_view.h"

#include <QList>
#include <QRectF>
#include <QStringList>

namespace labels {
struct LegendEntry;
}

/**
 * How evenly the pipeline stages are loaded: one horizontal bar per stage of its time per
 * micro-batch, stacked as compute, recompute, TP, CP, EP and PP communication (CP and EP in the legend
 * and tooltips only when the plan uses them), with the mean as a dashed
 * line and slowest / fastest in the title. Stage names and totals never overprint each other or a bar: with
 * thin rows the slowest and fastest are named first, then every n-th stage where there is room. Painted by
 * hand (fast, and exports to SVG).
 */
class ImbalanceView : public PaintedView
{
    Q_OBJECT
public:
    explicit ImbalanceView(QWidget* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan);
    void clearPlan();
    const shardscope::PlanEstimate& plan() const { return m_plan; }
    /// "Compute imbalance: slowest / fastest stage = 1.12 (stage 3: 45.1 ms, stage 0: 40.2 ms)"
    QString title() const override;
    /// "Imbalance 1.12: stage 3 45.1 ms, stage 0 40.2 ms"
    QString compactTitle() const override;
    /// Slowest over fastest time per micro-batch (the evaluator's computeImbalance); 1 without stages.
    double imbalance() const;
    int slowestStage() const; ///< ties: the later stage; -1 without a plan
    int fastestStage() const; ///< ties: the earlier stage; -1 without a plan
    /// Where part `part` (PartCount order) of stage `stage` is drawn at `size`; empty when out of range.
    QRectF barRect(int stage, int part, QSizeF size) const;
    /// x of the dashed mean line at `size`.
    double meanX(QSizeF size) const;
    /// The time axis' ticks (seconds) at `size`: multiples of a round step (1, 2 or 5 x 10^k ms) whose labels
    /// do not touch.
    QList<double> tickSeconds(QSizeF size) const;
    /// The stages whose names (and totals) are drawn where there is room, in that order: the slowest, the
    /// fastest, then every n-th stage (n = 1, 2, 5, ... as rows thin out); a label that would touch another
    /// or a bar is left out (the tooltip has it).
    QList<int> labelledStages(QSizeF size) const;
    /// The tooltip at `pos` in a view of `size`: the stage's parts in ms, its layers and GPUs.
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    /// Paints the whole chart (title, bars, axis, legend) into any device at `size`.
    void render(QPainter& painter, QSizeF size) const override;

    QSize sizeHint() const override { return { 900, 360 }; }

    /// The stacked parts, in drawing order: compute, recompute, TP, CP, EP and PP communication.
    static QStringList partNames();
    static double partSeconds(const shardscope::StageEstimate& stage, int part);
    static constexpr int PartCount = 6;
    static constexpr int RecomputePart = 1;
    static constexpr int CpPart = 3;
    static constexpr int EpPart = 4; ///< expert parallelism's token dispatch and combine (MoE all-to-alls)
    /// Whether the plan uses context parallelism (CP > 1 or CP time on a stage): its part is then in the
    /// legend and tooltips.
    bool showsCp() const;
    /// Whether the plan uses expert parallelism (EP or ETP > 1, or EP time on a stage): likewise.
    bool showsEp() const;
    /// Whether the plan recomputes (its recompute setting, or recompute time on a stage): likewise.
    bool showsRecompute() const;
    /// Whether `part` is in the legend and tooltips (recompute, CP and EP only when used).
    bool showsPart(int part) const
    {
        return (part != RecomputePart || showsRecompute()) && (part != CpPart || showsCp())
            && (part != EpPart || showsEp());
    }

    /// The bars' area at `size` (the stage names left of it, the totals right, the axis and legend below).
    QRectF plotArea(QSizeF size) const;

private:
    QList<labels::LegendEntry> legendEntries() const;
    QRectF barRectIn(int stage, int part, const QRectF& area) const;
    double maxSeconds() const;

    shardscope::PlanEstimate m_plan;
};
