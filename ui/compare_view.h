// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "hardware/gpu_spec.h"
#include "model/model_graph.h"
#include "painted_view.h"
#include "partition/plan_comparison.h"
#include "view_export.h"

#include <QColor>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <vector>

class StageMapView;
class TimelineView;
namespace labels {
class Legend;
}

/**
 * A baseline (e.g. the layout a team runs today) and up to three plans side by side, one column each: a
 * metrics table (core's PlanComparison: step time, tokens/s, MFU, HFU, bubble, memory, each kind of
 * communication, imbalance, micro-batches), every plan's value with its change against the baseline in the
 * better or worse colour of the palette; then per plan its memory per GPU (a bar per pipeline stage, all
 * columns on one GiB scale, the usable capacity dashed), its stage map (StageMapView) and its schedule
 * (TimelineView), the timelines on one time axis that the longest step sets, each plan's step end dashed.
 * A plan that does not fit keeps its numbers (negative headroom, its column says by how much); a layout
 * that cannot run at all says why and has no numbers. Every label is drawn whole or not at all.
 */
class CompareView : public PaintedView
{
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);
    ~CompareView() override;

    /// Compares against `plan` (evaluated for `model`), labelled `label` ("Baseline" when empty).
    void setBaseline(
        const shardscope::PlanEstimate& plan, const shardscope::ModelGraph& model, const QString& label = {});
    void clearBaseline();
    bool hasBaseline() const { return m_hasBaseline; }
    /// How far the predicted times are off on the plans' GPU: the band the title shows; step-time changes under
    /// half of it (the tie rule, plan_ties.h) are "within error".
    void setPredictionError(const shardscope::CalibrationInfo& calibration);
    /// "predicted times ± 5 %: changes in step time under 2.5 % are within error"
    QString bandText() const;
    /// Adds a plan to compare, labelled `label` ("Plan n" when empty). Returns an empty string, or why not:
    /// already kMaxComparedPlans plans, or the plan (its configuration) is already shown.
    QString addPlan(
        const shardscope::PlanEstimate& plan, const shardscope::ModelGraph& model, const QString& label = {});
    /// Removes compared plan `index` (0 is the first after the baseline); false when out of range.
    bool removePlan(int index);
    void clearPlans();
    /// The plans compared with the baseline (not counting it).
    int planCount() const { return int(m_columns.size()) - 1; }
    /// Column `column`'s plan (0: the baseline).
    const shardscope::PlanEstimate& plan(int column) const;
    /// The columns' labels, the baseline's first.
    QStringList columnLabels() const;

    /// What the table shows (empty without a baseline).
    const shardscope::PlanComparison& comparison() const { return m_comparison; }
    int rowCount() const { return int(m_comparison.rows.size()); }
    /// "Step time", "Tokens/s", ...
    QString rowName(int row) const;
    /// A cell's value: "5.86 s", "412,345", "46.4 %", "62.1 GiB", "1.04", "16"; "–" without a number.
    QString valueText(int row, int column) const;
    /// A cell's change against the baseline: "−0.31 s (−5.0 %)", "+1.2 pp", "±0"; empty for the baseline's
    /// column and without a number.
    QString deltaText(int row, int column) const;
    /// The colour a cell's change is drawn in: better, worse, or the text's colour.
    QColor deltaColour(int row, int column) const;
    static QString metricName(shardscope::ComparisonMetric metric);

    /// The shared time axis of the timelines: the longest step of the plans shown (0 without plans).
    double timeRangeSeconds() const;
    /// Column `column`'s timeline and stage map (for tests; nullptr when out of range).
    const TimelineView* timeline(int column) const;
    const StageMapView* stageMap(int column) const;

    /// "Baseline and 3 plans: the fastest, Rank 2, takes 5.21 s per step (−11.1 % against the baseline)"
    QString title() const override;
    QString compactTitle() const override;
    void render(QPainter& painter, QSizeF size) const override;
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    /// The comparison as one exported page: "Plan comparison", `subtitle`, at the view's size (at least its
    /// hint).
    Figure figure(const QString& subtitle) const;

    QSize sizeHint() const override { return { 1600, 920 }; }
    /// Room for the table and each section at its least (kMinMemoryHeight, ...): narrower or shorter, the Compare
    /// tab scrolls and an export grows to it.
    QSize minimumSizeHint() const override;

    /// Where the memory bars, the stage maps and the timelines are drawn at `size` (for tests).
    struct Sections
    {
        QRectF table, memory, stages, timelines;
    };
    Sections sections(QSizeF size) const;

private:
    struct Column
    {
        shardscope::PlanEstimate plan;
        QString label;
        StageMapView* stages = nullptr;
        TimelineView* timeline = nullptr;
        std::vector<int>
            layerBlocks; ///< each layer's transformer block (-1 outside blocks), for the stage lists
    };
    struct Layout
    {
        double left = 0; ///< the gutter with the row names and section names
        double columnWidth = 0;
        double headerTop = 0, headerHeight = 0;
        double tableTop = 0, rowHeight = 0;
        double memoryTop = 0, memoryHeight = 0, memoryLegendTop = 0;
        double stagesTop = 0, stagesHeight = 0;
        bool stageLists = false; ///< compact stage lists instead of stage maps (stageMapsFit)
        double timelineTop = 0, timelineHeight = 0;
    };
    Layout layout(QSizeF size) const;
    QRectF columnRect(const Layout& l, int column, double top, double height) const;
    /// A stage map or timeline drawn into `rect`: at its logical size, scaled down where `rect` is narrower
    /// than kMinViewWidth (their titles and legends need that much).
    struct ChildGeometry
    {
        double scale = 1;
        QSizeF size;
    };
    static ChildGeometry childGeometry(const QRectF& rect);
    /// The column's header lines: its label, its configuration (wrapped at " · " to `width`), its status.
    QStringList configLines(int column, double width) const;
    QString statusText(int column) const;
    double headerHeight(double width) const;
    void rebuild(); ///< the comparison and the timelines' shared axis, after any change
    Column makeColumn(
        const shardscope::PlanEstimate& plan, const shardscope::ModelGraph& model, const QString& label);
    void destroyColumn(Column& column);

    void paintHeader(QPainter& painter, const Layout& l) const;
    void paintTable(QPainter& painter, const Layout& l, QSizeF size) const;
    void paintMemory(QPainter& painter, const Layout& l, QSizeF size) const;
    /// The memory bars' legend (their parts and the usable line) flowed into `width`.
    labels::Legend memoryLegend(double width) const;
    void paintViews(QPainter& painter, const Layout& l) const;
    /// Whether every column's stage map shows all its stages in `l`'s cells (else each column gets a stage
    /// list).
    bool stageMapsFit(const Layout& l) const;
    /// A compact stage map in `rect` (compare_view_stages.cpp): a row per stage (blocks, GiB per GPU, ms per
    /// micro-batch, the slowest framed) in as many side-by-side groups as the height needs.
    void paintStageList(QPainter& painter, int column, const QRectF& rect) const;
    /// The stage list's blocks cell: "0–19", "20 in 7 chunks", "layers 4–5", "none".
    QString stageBlocksText(int column, int stage) const;
    QColor betterColour() const;
    QColor worseColour() const;

    std::vector<Column> m_columns; ///< the baseline first (when there is one)
    bool m_hasBaseline = false;
    shardscope::CalibrationInfo m_calibration;
    shardscope::PlanComparison m_comparison;
    QList<QColor> m_memoryColours; ///< the memory chart's part colours
};
