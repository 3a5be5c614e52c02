// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "model/model_graph.h"
#include "painted_view.h"

#include <QList>
#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace labels {
class Legend;
}

/**
 * Where the model lands: one card per pipeline stage with its transformer blocks ("embedding, blocks 0–16",
 * one line per model chunk when interleaved; layer indices only for models without blocks), its GPUs as a
 * grid of global ranks (a one-line summary when the grid would not be legible), memory per GPU against the
 * usable capacity and the time per micro-batch. Past MaxCardStages stages (or where cards would not hold
 * their lines) the stages are a compact table instead, a row per stage (stage, blocks, GPU ranks, GiB per
 * GPU with a bar, ms per micro-batch) in as many side-by-side column groups as the height needs, scrolled
 * by the wheel where even that does not fit. Every label is drawn whole or not at all: nothing is elided
 * and no two labels overprint, at any pipeline degree.
 *
 * Global ranks follow Megatron's order, TP fastest, then CP, DP and PP:
 * rank = tp + TP x (cp + CP x (dp + DP x stage)). The grid has a column per TP rank and a row per
 * (DP, CP) pair; with context parallelism each DP rank's CP x TP block stands apart and each CP group
 * (one TP rank's CP ranks, which exchange keys and values) is framed. With expert parallelism (a MoE plan
 * with EP or ETP > 1) the same GPUs also hold the routed experts in Megatron's MoE parallel folding order,
 * ETP fastest, then EP, then expert DP: each expert group (the EP x ETP consecutive GPUs of a stage that
 * hold every expert once, exchanging tokens by all-to-all) is outlined, and the memory bar shows the
 * routed experts' part. The slowest stage is framed and tagged. Painted by hand (fast, and exports to SVG).
 */
class StageMapView : public PaintedView
{
    Q_OBJECT
public:
    explicit StageMapView(QWidget* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan, const shardscope::ModelGraph& model);
    void clearPlan();
    const shardscope::PlanEstimate& plan() const { return m_plan; }
    /// "4 pipeline stages x (TP 8 x DP 2): slowest stage 2, 41.3 ms per micro-batch"; "x (TP 8 x CP 2 x DP
    /// 2)" with CP
    QString title() const override;
    /// "64 stages, slowest 12: 41.3 ms per micro-batch"
    QString compactTitle() const override;
    /// The stage with the highest time per micro-batch (ties: the later stage, as the evaluator's
    /// critical stage), or -1 without a plan.
    int slowestStage() const { return m_slowest; }
    /// Whether the stages are drawn as a table (past MaxCardStages, or cards too small) at `size`.
    bool isTable(QSizeF size) const;
    /// The card of `stage` (its row in the table) in a view of `size` (for tests and hit-testing); empty when
    /// out of range or scrolled out of view.
    QRectF stageRect(int stage, QSizeF size) const;
    /// The cell of global rank `rank` in its stage's device grid; empty when the stage shows the
    /// one-line summary instead (too many GPUs per stage, or cells too small at `size`) or the table.
    QRectF deviceCellRect(int rank, QSizeF size) const;
    /// "TP 8 x DP 128 = 1,024 GPUs, ranks 0–1023" ("TP 8 x CP 16 x DP 8 = ..." with CP): a stage's devices in
    /// one line.
    QString deviceSummary(int stage) const;
    /// Expert groups of one stage: its TP x CP x DP GPUs over EP x ETP (0 without expert parallelism).
    int expertGroupCount() const;
    /// The global ranks of expert group `group` of `stage`: EP x ETP consecutive ranks (etp innermost, so one
    /// EP group's ranks are ETP apart), in rank order; empty when out of range.
    QList<int> expertGroupRanks(int stage, int group) const;
    /// The outline drawn around expert group `group` of `stage` (the sides of its cells that do not touch
    /// another cell of the group); empty when the stage shows no grid or the plan has no expert parallelism.
    QPainterPath expertGroupOutline(int stage, int group, QSizeF size) const;
    /// "layers 0–19 (20): model.embed_tokens … model.layers.18.mlp", with "chunk k: " when interleaved
    /// (tooltips).
    QString layerRangeText(int stage, int range) const;
    /// The model's transformer blocks in range `range` of `stage`, with the layers outside blocks by what
    /// they are: "embedding, blocks 0–16", "blocks 109–125, final norm, output head", "chunk 1: block 64";
    /// for a model without blocks the layer indices, "layers 4–5 (2)".
    QString blockRangeText(int stage, int range) const;
    /// The tooltip at `pos` in a view of `size`: stage, blocks, layers, devices (the rank under the mouse),
    /// GiB, ms.
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    /// Paints the whole view (title, cards or table, legend) into any device at `size`.
    void render(QPainter& painter, QSizeF size) const override;
    /// The first stage the table shows (the wheel scrolls it where the rows do not all fit).
    int firstTableRow() const { return m_firstRow; }
    void setFirstTableRow(int stage);

    QSize sizeHint() const override { return { 1000, 560 }; }

    /// Most GPUs per stage drawn as a grid of cells (tp 8 x dp 8).
    static constexpr int MaxGridDevices = 64;
    /// Most stages drawn as cards; more are a table.
    static constexpr int MaxCardStages = 16;
    /// Pixels between the blocks of two DP ranks when CP > 1.
    static constexpr double ReplicaGap = 4;

protected:
    void wheelEvent(QWheelEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Range
    {
        int first = 0, end = 0;
        QString firstName, lastName;
        int firstBlock = -1, lastBlock = -1; ///< the transformer blocks in the range; -1: none
        QStringList before, after; ///< the layers outside blocks before and after them, by what they are
        QStringList beforeBrief, afterBrief; ///< the same in a word each ("head")
    };
    struct Layout
    {
        int columns = 1;
        QSizeF card;
        int rangeLines = 0; ///< lines for the block ranges: one per range, or one for all
        int nameLines = 0; ///< lines with the first and last layer's names (models without blocks)
        bool grid = false; ///< device grid (else the summary line)
        bool gridLabelled = false; ///< rank numbers in the cells (else a line with the stage's ranks below)
        double cellSize = 0; ///< grid cells are square
        /// DP ranks' blocks side by side: where TP x CP is narrow the replicas wrap into rows of this many (rank
        /// order read left to right, then down), so that TP 1 x DP 32 is a labelled 8 x 4 grid, not a column
        int wrap = 1;
        int summaryLines = 0; ///< without the grid: the summary on one line, or two (devices, then ranks)
        bool statsOneLine = false; ///< memory and time share a line
    };
    struct Table
    {
        int groups = 0, rowsPerGroup = 0, firstRow = 0, shownRows = 0;
        double rowHeight = 0, headerHeight = 0, groupWidth = 0;
        bool longBlocks = true, bar = true, ranks = true, longHeaders = true;
        QList<double> columnWidths; ///< stage, blocks, ranks (0 when dropped), GiB (with the bar), ms
    };
    Layout layout(QSizeF size) const;
    bool cardsFit(const Layout& l) const;
    Table table(QSizeF size) const;
    Table tableIn(const QRectF& area) const;
    /// The cards' or the table's legend; the table's says which stages it shows when they do not all fit
    /// (`shown` first and last; -1: measured with the widest such note).
    /// `grid`: the cards show device grids (else the GPU entry is left out).
    /// `wrap`: the cards' DP blocks side by side (Layout::wrap).
    labels::Legend legend(QSizeF size, bool tableMode, int shownFirst = -1, int shownLast = -1, bool grid = true,
        int wrap = 1) const;
    double legendHeight(QSizeF size) const;
    QRectF cardsArea(QSizeF size) const;
    QRectF gridRect(int stage, const Layout& l, QSizeF size) const;
    /// Rank `rank`'s cell in its stage's `grid` (gridRect) of layout `l`.
    QRectF cellIn(int rank, const Layout& l, const QRectF& grid) const;
    /// The wrap (DP blocks side by side, a divisor of DP) with the largest cells in a grid `width` wide and at
    /// most `room` high, and that cell size (unrounded, at most kMaxCell); ties: fewer blocks side by side.
    std::pair<int, double> bestWrap(double width, double room) const;
    int gridRows(int wrap) const; ///< rows of cells: CP x the DP blocks' rows
    double gridGaps(int wrap) const; ///< the height of the gaps between rows of DP blocks (CP > 1)
    double blockGap() const; ///< the width of the gap between DP blocks side by side (none for TP 1 x CP 1)
    QString rankText(int rank) const; ///< "GPU 37: TP rank 5, CP rank 0, DP rank 1"; EP rank with experts
    QString memoryText(
        const shardscope::StageEstimate& s) const; ///< the tooltip's memory lines, MoE parts included
    void paintExpertGroups(QPainter& painter, int stage, QSizeF size) const;
    QStringList deviceSummaryLines(
        int stage) const; ///< deviceSummary() in two lines: the degrees, then the ranks
    /// A range's blocks, longest first: with the layers outside blocks, the blocks alone, the numbers alone.
    QStringList blockTexts(const Range& r) const;
    /// One line for all of a stage's ranges, longest first.
    QStringList allRangesTexts(int stage) const;
    QString tableBlocksCell(int stage, bool longForm) const;
    /// The widest cell of each table column (measured once per plan and font).
    struct TableWidths
    {
        double stage = 0, blocksLong = 0, blocksShort = 0, ranks = 0, memory = 0, time = 0;
    };
    const TableWidths& tableWidths() const;
    void paintCard(QPainter& painter, int stage, const Layout& l, QSizeF size) const;
    void paintTable(QPainter& painter, const Table& t, QSizeF size) const;
    QRectF tableRowRect(int stage, const Table& t, QSizeF size) const;

    shardscope::PlanEstimate m_plan;
    QList<QList<Range>> m_ranges; ///< per stage
    bool m_hasBlocks = false; ///< the model has transformer blocks (else ranges are layer indices)
    int m_slowest = -1;
    int m_firstRow = 0;
    mutable std::optional<TableWidths> m_tableWidths;
};
