// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer_axes.h"
#include "painted_view.h"
#include "partition/sweep.h"

#include <QRectF>
#include <QString>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

/// What the sweep view says about the inputs around the points (its title, the memory panel's line).
struct SweepViewInputs
{
    QString modelName; ///< "llama-3-8b"
    QString gpuName; ///< "H100-SXM"
    int gpus = 0; ///< the cluster's GPUs when the axis is not the GPU count
    int gpusPerNode = 8;
    double usableBytes = 0; ///< usable memory per GPU (the memory panel's line); 0: the points' own
};

/// One point as a panel plots it.
struct SweepPlotPoint
{
    std::size_t index = 0; ///< into the sweep's values
    std::int64_t value = 0; ///< the axis value
    double metric = 0; ///< the panel's metric of the best plan, in its own units; NaN without a plan
    shardscope::SweepPointStatus status = shardscope::SweepPointStatus::Error;
};

/**
 * A sweep as small multiples: one panel per metric of each point's best plan (tokens/s, MFU, pipeline bubble,
 * step time, memory per GPU with the usable-memory line) against the swept value on a log2 axis, ticks at the
 * points. Points where a plan fits are filled dots joined by a line; where none fits, hollow rings on the
 * panel's floor (a cross where the point could not be planned), their reason on hover. The smallest point
 * that fits is marked in every panel by a labelled vertical line (and the largest, where larger points do not
 * fit). Hovering a point shows its best plan and numbers and marks it in every panel; a click emits
 * pointClicked. Points can arrive one at a time while the sweep runs (start, setPoint) or all at once
 * (setResult).
 */
class SweepView : public PaintedView
{
    Q_OBJECT
public:
    static constexpr int kPanelCount = 5;
    /// The metric panel `panel` shows: tokens/s, MFU, bubble, step time, memory per GPU.
    static ExplorerMetric panelMetric(int panel);

    explicit SweepView(QWidget* parent = nullptr);

    /// A sweep starts: its axis and values (ascending) fix the x axis; no point is in yet.
    void start(shardscope::SweepAxis axis, std::vector<std::int64_t> values, const SweepViewInputs& inputs);
    /// Point `index` of the values is finished (ignored when out of range).
    void setPoint(std::size_t index, const shardscope::SweepPoint& point);
    /// A whole result: the x axis holds its points' values (a cancelled sweep: those finished).
    void setResult(const shardscope::SweepResult& result, const SweepViewInputs& inputs);
    /// Shows nothing.
    void clear();

    shardscope::SweepAxis axis() const { return m_axis; }
    const std::vector<std::int64_t>& values() const { return m_values; }
    /// One entry a value; empty until the point is finished.
    const std::vector<std::optional<shardscope::SweepPoint>>& points() const { return m_points; }
    const SweepViewInputs& inputs() const { return m_inputs; }
    std::size_t finishedCount() const;
    /// The first (smallest) finished point where a plan fits.
    std::optional<std::size_t> smallestFitting() const;
    /// The last point where a plan fits when a larger finished point does not fit (a limit), else none.
    std::optional<std::size_t> fitLimit() const;
    /// Usable memory per GPU: the inputs', else the fitting plans' capacity; 0 when unknown.
    double usableBytes() const;

    /// The finished points as panel `panel` plots them, ascending.
    std::vector<SweepPlotPoint> plotted(int panel) const;
    /// Panel `panel`'s y axis in a view of `size` (round ticks enclosing 0 and its points' values).
    ExplorerAxis yAxis(int panel, QSizeF size) const;
    /// Where panel `panel` draws its points in a view of `size`.
    QRectF plotRect(int panel, QSizeF size) const;
    /// Where point `index` is drawn in panel `panel` (on the floor when no plan fits); NaN when not finished.
    QPointF pointPosition(int panel, std::size_t index, QSizeF size) const;
    /// The x of the vertical line marking the smallest point that fits, in panel `panel`; none without one.
    std::optional<double> smallestFitX(int panel, QSizeF size) const;
    /// The finished point under `pos` (the nearest along x within kHitRadius in a panel), or -1.
    int pointAt(QPointF pos, QSizeF size) const;
    /// The hover text of point `index`: the value, the best plan's layout and numbers, or why none fits.
    QString pointText(std::size_t index) const;

    int hoveredIndex() const { return m_hovered; }
    void setHoveredIndex(int index);

    QString title() const override;
    QString compactTitle() const override;
    void render(QPainter& painter, QSizeF size) const override;
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    QSize sizeHint() const override { return { 1200, 760 }; }
    QSize minimumSizeHint() const override { return { 360, 200 }; }

    /// "GPU count", "global batch", "sequence length"
    static QString axisName(shardscope::SweepAxis axis);
    /// A tick label: "64", "1k" (1,024), "1.5k", "16k", "1M" (2^20); others as they are.
    static QString valueLabel(std::int64_t value);
    /// "128 GPUs", "512 sequences", "8,192 tokens"
    static QString valueWithUnit(shardscope::SweepAxis axis, std::int64_t value);
    /// "smallest cluster that fits: 128 GPUs", "smallest global batch that fits: ...", "shortest ..."
    static QString smallestText(shardscope::SweepAxis axis, std::int64_t value);

    static constexpr double kHitRadius = 10; ///< pixels along x around a point that hover and click hit it
    static constexpr double kDotRadius = 3.5;

signals:
    /// The user clicked point `index` (a finished one).
    void pointClicked(int index);

protected:
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Panel
    {
        QRectF cell; ///< the panel with its title and tick labels
        QRectF plot;
        ExplorerAxis y;
    };
    struct Layout
    {
        double legendTop = 0;
        double legendHeight = 0;
        QRectF caption;
        std::array<Panel, kPanelCount> panels;
    };
    Layout layout(QSizeF size) const;
    double legendHeight(double width) const;
    /// 0 at the left end of the x axis, 1 at the right; the values on a log2 scale with a margin.
    double xFraction(std::int64_t value) const;
    double metricOf(int panel, std::size_t index) const; ///< NaN without a fitting plan
    bool hasErrors() const;
    struct PanelPaint; ///< one panel being painted (sweep_view_render.cpp)
    void paintPanel(QPainter& painter, int panel, const Panel& p) const;
    void paintPanelTitle(QPainter& painter, PanelPaint& d) const;
    void paintPanelAxes(QPainter& painter, PanelPaint& d) const;
    void collectPanelData(PanelPaint& d) const;
    void paintPanelLines(QPainter& painter, const PanelPaint& d) const;
    void paintPanelPoints(QPainter& painter, const PanelPaint& d) const;
    void paintPanelLabels(QPainter& painter, PanelPaint& d) const;
    void paintMarkerLabel(QPainter& painter, PanelPaint& d, std::size_t index, const QColor& colour,
        const QString& longText) const;

    shardscope::SweepAxis m_axis = shardscope::SweepAxis::Gpus;
    std::vector<std::int64_t> m_values;
    std::vector<std::optional<shardscope::SweepPoint>> m_points;
    SweepViewInputs m_inputs;
    bool m_complete = false; ///< every value's point is in (or the result was set)
    int m_hovered = -1;
};
