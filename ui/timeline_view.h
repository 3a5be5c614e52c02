// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/pipeline_schedule.h"
#include "painted_view.h"

#include <QList>
#include <QRectF>
#include <QStringList>

/**
 * The pipeline schedule as a Gantt chart: one row per stage, forward passes in blue and backward
 * passes in green (lighter for later model chunks), the weight-gradient passes of zero-bubble schedules
 * in a lighter, hatched green, micro-batch numbers where they fit, idle time left blank, and the bubble
 * share in the title. The warm-up and the drain (before the first backward pass starts, after the last
 * forward pass ends) are shaded and named above the chart. The time axis has round ticks in ms or s;
 * rows are labelled every n-th stage where they are thin; the legend names only what the schedule has.
 * The wheel zooms the time axis around the mouse, dragging pans, a double click (or Home) resets;
 * hovering a pass tells its stage, micro-batch, pass, start and end. Painted by hand (fast, and
 * exports to SVG).
 */
class TimelineView : public PaintedView
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    /// Shows `timeline`; `recompute` (the plan's) says whether the backward passes include recomputation.
    void setTimeline(
        shardscope::PipelineTimeline timeline, shardscope::Recompute recompute = shardscope::Recompute::None);
    /// Shows no schedule, and `reason` as the title.
    void clearTimeline(const QString& reason);
    const shardscope::PipelineTimeline& timeline() const { return m_timeline; }
    /// "1F1B, 4 stages, 8 micro-batches: the bubble is 27.3 % of the step"
    QString title() const override;
    /// "1F1B, 64 stages, 128 micro-batches: bubble 4.7 %"
    QString compactTitle() const override;

    /// A shared axis: the time axis spans [0, max(seconds, makespan)], so that views given the same range
    /// (timelines side by side) draw the same time at the same x. 0 (the default): the schedule's makespan.
    void setTimeRange(double seconds);
    /// The whole axis in seconds: the shared range or the makespan (1 without a schedule).
    double timeRange() const;
    /// Shows [start, end] seconds of the axis (clamped to it); the wheel and dragging move it.
    void setVisibleRange(double startSeconds, double endSeconds);
    double visibleStart() const { return m_visibleStart; }
    double visibleEnd() const { return m_visibleEnd > 0 ? m_visibleEnd : timeRange(); }
    /// Zooms by `factor` (< 1 in, > 1 out) keeping `anchorSeconds` where it is.
    void zoom(double factor, double anchorSeconds);
    void resetZoom();
    bool isZoomed() const;

    /// Where a pass is drawn in a widget of `size` (for tests and hit-testing).
    QRectF passRect(const shardscope::ScheduleSlot& pass, QSizeF size) const;
    /// The chart's plot (the rows) at `size`.
    QRectF plotArea(QSizeF size) const;
    /// The pass under `pos` at `size`, or nullptr.
    const shardscope::ScheduleSlot* passAt(QPointF pos, QSizeF size) const;
    /// The pass under `pos`: "Stage 3, micro-batch 17: forward (chunk 1)\n12.40 ms to 14.60 ms (2.20 ms)".
    QString toolTipAt(QPointF pos, QSizeF size) const override;

    /// The axis unit: "ms" for a visible span under 2 s, else "s".
    QString axisUnit() const;
    /// The tick times (seconds) at `size`: multiples of a round step (1, 2 or 5 x 10^k in the axis unit).
    QList<double> tickSeconds(QSizeF size) const;
    /// Every n-th stage gets a row label at `size` (1, 2, 5, 10, ...: labels never overprint).
    int rowLabelStep(QSizeF size) const;

    /// A phase of the step, from the schedule: the warm-up until the first backward pass starts, the
    /// steady state until the last forward pass ends, then the drain.
    struct Phase
    {
        QString name;
        double start = 0, end = 0;
    };
    QList<Phase> phases() const;
    /// The legend's entries for this schedule (the recomputation and weight-gradient entries only when
    /// there).
    QStringList legendTexts() const;

    /// Paints the chart into any device (a PNG image, an SVG generator) at `size`.
    void render(QPainter& painter, QSizeF size) const override;

    QSize sizeHint() const override { return { 900, 360 }; }

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Layout
    {
        QRectF plot;
        double phaseTop = 0; ///< the phase names' band, above the plot
        double legendTop = 0;
        double axisTitleTop = 0;
    };
    Layout layout(QSizeF size) const;
    double bottomHeight(QSizeF size) const;
    double leftWidth() const;
    double unitScale() const; ///< seconds to the axis unit
    QString tickText(double seconds, double step) const;
    QString passName(const shardscope::ScheduleSlot& pass) const;
    double xOf(double seconds, const QRectF& plot) const;
    QRectF passRectIn(const shardscope::ScheduleSlot& pass, const QRectF& plot) const;
    double secondsAt(double x, const QRectF& plot) const;
    struct LegendItem
    {
        QStringList texts;
        QColor colour;
        bool hatched = false;
    };
    QList<LegendItem> legendItems() const;

    shardscope::PipelineTimeline m_timeline;
    shardscope::Recompute m_recompute = shardscope::Recompute::None;
    bool m_hasBackward = false, m_hasWeightGrad = false; ///< what kinds of pass the schedule has
    QString m_emptyReason;
    double m_sharedRange = 0;
    double m_visibleStart = 0, m_visibleEnd = 0; ///< 0, 0: the whole axis
    bool m_dragging = false;
    double m_dragX = 0, m_dragStart = 0;
};
