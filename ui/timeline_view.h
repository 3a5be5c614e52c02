// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/pipeline_schedule.h"

#include "painted_view.h"

#include <QRectF>

/**
 * The pipeline schedule as a Gantt chart: one row per stage, forward passes in blue and backward
 * passes in green (lighter for later model chunks), the weight-gradient passes of zero-bubble schedules
 * in a lighter, hatched green, micro-batch numbers where they fit, idle time left blank, and the bubble
 * share in the title. Painted by hand (fast, and exports to SVG).
 */
class TimelineView : public PaintedView
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setTimeline(shardscope::PipelineTimeline timeline);
    /// Shows no schedule, and `reason` as the title.
    void clearTimeline(const QString& reason);
    const shardscope::PipelineTimeline& timeline() const { return m_timeline; }
    /// "1F1B, 4 stages, 8 micro-batches: the bubble is 27.3 % of the step"
    QString title() const override;
    /// Where a pass is drawn in a widget of `size` (for tests and hit-testing).
    QRectF passRect(const shardscope::ScheduleSlot& pass, QSizeF size) const;
    /// Paints the chart into any device (a PNG image, an SVG generator) at `size`.
    void render(QPainter& painter, QSizeF size) const override;

    QSize sizeHint() const override { return { 900, 320 }; }

private:
    QRectF plotArea(QSizeF size) const;

    shardscope::PipelineTimeline m_timeline;
    QString m_emptyReason;
};
