// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "model/model_graph.h"

#include <QList>
#include "painted_view.h"

#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <QStringList>

/**
 * Where the model lands: one card per pipeline stage with its layer ranges (first and last layer
 * names, one line per model chunk when interleaved), its GPUs as a grid of global ranks (a one-line
 * summary when the grid would not be legible), memory per GPU against the usable capacity and the
 * time per micro-batch. Global ranks follow Megatron's order, TP fastest, then CP, DP and PP:
 * rank = tp + TP x (cp + CP x (dp + DP x stage)). The grid has a column per TP rank and a row per
 * (DP, CP) pair; with context parallelism each DP rank's CP x TP block stands apart and each CP group
 * (one TP rank's CP ranks, which exchange keys and values) is framed. With expert parallelism (a MoE plan
 * with EP or ETP > 1) the same GPUs also hold the routed experts in Megatron's MoE parallel folding order,
 * ETP fastest, then EP, then expert DP: each expert group (the EP x ETP consecutive GPUs of a stage that
 * hold every expert once, exchanging tokens by all-to-all) is outlined, and the memory bar shows the
 * routed experts' part. The slowest stage is framed and tagged. Cards wrap into rows, so
 * 64 stages stay legible. Painted by hand (fast, and exports to SVG).
 */
class StageMapView : public PaintedView
{
    Q_OBJECT
public:
    explicit StageMapView(QWidget* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan, const shardscope::ModelGraph& model);
    void clearPlan();
    const shardscope::PlanEstimate& plan() const { return m_plan; }
    /// "4 pipeline stages x (TP 8 x DP 2): slowest stage 2, 41.3 ms per micro-batch"; "x (TP 8 x CP 2 x DP 2)" with CP
    QString title() const override;
    /// The stage with the highest time per micro-batch (ties: the later stage, as the evaluator's
    /// critical stage), or -1 without a plan.
    int slowestStage() const { return m_slowest; }
    /// The card of `stage` in a view of `size` (for tests and hit-testing); empty when out of range.
    QRectF stageRect(int stage, QSizeF size) const;
    /// The cell of global rank `rank` in its stage's device grid; empty when the stage shows the
    /// one-line summary instead (too many GPUs per stage, or cells too small at `size`).
    QRectF deviceCellRect(int rank, QSizeF size) const;
    /// "TP 8 x DP 128 = 1,024 GPUs, ranks 0–1023" ("TP 8 x CP 16 x DP 8 = ..." with CP): a stage's devices in one line.
    QString deviceSummary(int stage) const;
    /// Expert groups of one stage: its TP x CP x DP GPUs over EP x ETP (0 without expert parallelism).
    int expertGroupCount() const;
    /// The global ranks of expert group `group` of `stage`: EP x ETP consecutive ranks (etp innermost, so one
    /// EP group's ranks are ETP apart), in rank order; empty when out of range.
    QList<int> expertGroupRanks(int stage, int group) const;
    /// The outline drawn around expert group `group` of `stage` (the sides of its cells that do not touch
    /// another cell of the group); empty when the stage shows no grid or the plan has no expert parallelism.
    QPainterPath expertGroupOutline(int stage, int group, QSizeF size) const;
    /// "layers 0–19 (20): model.embed_tokens … model.layers.18.mlp", with "chunk k: " when interleaved.
    QString layerRangeText(int stage, int range) const;
    /// The tooltip at `pos` in a view of `size`: stage, layers, devices (the rank under the mouse), GiB, ms.
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    /// Paints the whole view (title, cards, legend) into any device at `size`.
    void render(QPainter& painter, QSizeF size) const override;

    QSize sizeHint() const override { return { 1000, 560 }; }

    /// Most GPUs per stage drawn as a grid of cells (tp 8 x dp 8).
    static constexpr int MaxGridDevices = 64;
    /// Pixels between the blocks of two DP ranks when CP > 1.
    static constexpr double ReplicaGap = 4;

private:
    struct Range
    {
        int first = 0, end = 0;
        QString firstName, lastName;
    };
    struct Layout
    {
        int columns = 1;
        QSizeF card;
        int layerLines = 0;    ///< lines available for layer ranges (two per range at most)
        bool grid = false;     ///< device grid (else the summary line)
        double cellSize = 0;   ///< grid cells are square
        bool statsOneLine = false; ///< memory and time share a line
        int summaryLines = 1;  ///< without the grid: the summary on one line, or two (devices, then ranks) when narrow
    };
    Layout layout(QSizeF size) const;
    QRectF cardsArea(QSizeF size) const;
    QRectF gridRect(int stage, const Layout& l, QSizeF size) const;
    int gridRows() const;                       ///< DP x CP rows of cells
    double gridGaps() const;                    ///< the height of the gaps between DP blocks
    QString rankText(int rank) const;           ///< "GPU 37: TP rank 5, CP rank 0, DP rank 1"; EP rank with experts
    QString memoryText(const shardscope::StageEstimate& s) const; ///< the tooltip's memory lines, MoE parts included
    void paintExpertGroups(QPainter& painter, int stage, QSizeF size) const;
    QStringList deviceSummaryLines(int stage) const; ///< deviceSummary() in two lines: the degrees, then the ranks
    int layerLinesUsed(int stage, const Layout& l) const;
    void paintCard(QPainter& painter, int stage, const Layout& l, QSizeF size) const;

    shardscope::PlanEstimate m_plan;
    QList<QList<Range>> m_ranges; ///< per stage
    int m_slowest = -1;
};
