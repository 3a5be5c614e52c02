// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer_axes.h"
#include "explorer_categories.h"
#include "explorer_dots.h"
#include "explorer_point_grid.h"
#include "painted_view.h"
#include "partition/planner.h"

#include <QImage>
#include <QRectF>
#include <cstdint>
#include <memory>
#include <vector>

/// One searched plan in the explorer: outcome->search.candidates[candidate] at (x, y).
struct ExplorerPoint
{
    std::uint32_t candidate = 0;
    double x = 0, y = 0; ///< the axes' metrics in their own units; NaN where the plan has no estimate
    double u = 0,
           v = 0; ///< position as fractions of the plot (u left to right, v bottom to top); NaN unplotted
    std::uint16_t category = 0; ///< colour: index into categories()
    bool feasible = false;
    bool plotted = false; ///< x and y are both finite
    bool beyond = false; ///< outside the shown range (or <= 0 on a log axis): drawn at the plot's edge
};

/**
 * The plan explorer: every candidate of a search as a point, x and y chosen among step time, tokens/s, MFU,
 * memory per GPU, bubble and communication share, coloured by one parallelism knob. Plans that fit are filled
 * dots, those that do not hollow grey rings (or hidden); the Pareto front of the plans that fit (each axis
 * minimised or maximised as its metric is better) is drawn as a line. Hovering shows a plan, a click selects
 * it (candidateClicked), dragging a rubber band filters the plans (filterChanged; Esc or a double click
 * clears it).
 *
 * The shown range is at first the one around the plans that fit (the fast end whole, the slow end cut where the
 * values run far beyond their quartiles); points outside it are drawn at the plot's edge and counted. The wheel
 * zooms around the cursor, a right- or middle-button drag pans, resetView (Home) returns to the first range;
 * either axis may be logarithmic.
 *
 * Fast for 100,000 points: the values, colours, projection, Pareto front and a grid index for hit-testing are
 * computed once per data, axis or colour change; a redraw stamps the dots into an image pixel by pixel (each
 * overlapping pixel about once) and keeps that image until the data or the size changes.
 */
class ExplorerView : public PaintedView
{
    Q_OBJECT
public:
    explicit ExplorerView(QWidget* parent = nullptr);

    /// Shows every candidate of `outcome` (nullptr: none). Clears the selection and the filter.
    void setOutcome(std::shared_ptr<const shardscope::PlanningOutcome> outcome);
    const std::shared_ptr<const shardscope::PlanningOutcome>& outcome() const { return m_outcome; }

    /// The metrics on the axes (default: step time across, memory per GPU up). Clears the filter.
    void setAxes(ExplorerMetric x, ExplorerMetric y);
    ExplorerMetric xMetric() const { return m_xMetric; }
    ExplorerMetric yMetric() const { return m_yMetric; }
    /// What colours the points (default: TP).
    void setColouring(ExplorerColouring colouring);
    ExplorerColouring colouring() const { return m_categories.colouring(); }
    /// Whether plans that do not fit are drawn (as grey rings), hit and filtered (default: shown).
    void setShowInfeasible(bool show);
    bool showInfeasible() const { return m_showInfeasible; }

    /// Logarithmic axes (default: both linear). Keeps the zoom's ranges where they are positive.
    void setLogAxes(bool x, bool y);
    bool logX() const { return m_logX; }
    bool logY() const { return m_logY; }
    /// Zooms by `factor` (< 1 in, > 1 out) around `pos` in a view of `size`: the values under `pos` stay there.
    void zoom(double factor, QPointF pos, QSizeF size);
    /// Moves the shown range by `pixels` (the drag's movement) in a view of `size`.
    void pan(QPointF pixels, QSizeF size);
    /// Back to the range around the plans that fit.
    void resetView();
    /// A range that holds every shown plan, outliers and plans that do not fit included (round ends).
    void fitAll();
    bool isZoomed() const { return m_zoomed; }
    /// The shown points drawn at the edge because they lie outside the range.
    std::size_t beyondCount() const { return m_beyondCount; }

    /// Marks one candidate (index into outcome->search.candidates) as selected, -1 for none; emits nothing.
    void setSelectedCandidate(int candidate);
    int selectedCandidate() const { return m_selected; }
    int hoveredCandidate() const { return m_hovered; }

    /// The rubber band's filter: the shown plans with x in [xMin, xMax] and y in [yMin, yMax] (the axes'
    /// units). Emits filterChanged with them.
    void setFilter(double xMin, double xMax, double yMin, double yMax);
    /// Removes the filter (emits filterCleared when there was one).
    void clearFilter();
    bool hasFilter() const { return m_hasFilter; }
    /// The filtered candidates, increasing; empty without a filter.
    const std::vector<std::uint32_t>& filteredCandidates() const { return m_filtered; }
    /// Whether the plan table should show `candidate`: every one without a filter, else those in the band.
    bool filterAccepts(std::uint32_t candidate) const;
    /// The filter in the axes' units: left/right are x, top/bottom are the y range (top < bottom).
    QRectF filterRange() const { return m_filterRange; }

    /// One point per candidate, in candidate order.
    const std::vector<ExplorerPoint>& points() const { return m_points; }
    /// The points drawn (plotted, and fitting unless infeasible plans are shown).
    std::size_t shownCount() const { return m_drawOrder.size(); }
    bool isShown(std::uint32_t candidate) const;
    const ExplorerAxis& xAxis() const { return m_xAxis; }
    const ExplorerAxis& yAxis() const { return m_yAxis; }
    const ExplorerCategories& categories() const { return m_categories; }
    /// The Pareto front of the plotted plans that fit, in increasing x (the line drawn).
    const std::vector<std::uint32_t>& paretoCandidates() const { return m_front; }
    /// Usable memory per GPU, drawn as a dashed line on a memory axis; 0 when unknown.
    double capacityBytes() const { return m_capacityBytes; }

    /// "Plan explorer: 9,852 plans, 1,575 fit; Pareto front of 12"
    QString title() const override;
    /// Paints title, axes, points, Pareto front, usable memory, filter, selection and legend into any device
    /// at `size`.
    void render(QPainter& painter, QSizeF size) const override;
    /// The plan under `pos` (planText), or an empty string.
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    QSize sizeHint() const override { return { 900, 600 }; }

    /// Where the points are drawn in a view of `size`.
    QRectF plotRect(QSizeF size) const;
    /// Where `candidate` is drawn in a view of `size`; NaN coordinates when it is not plotted.
    QPointF pointPosition(std::uint32_t candidate, QSizeF size) const;
    /// The shown candidate nearest to `pos` within kHitRadius pixels (the one on top among equals), or -1.
    int candidateAt(QPointF pos, QSizeF size) const;
    /// The rank, layout and numbers of a plan: the hover text.
    QString planText(std::uint32_t candidate) const;

    static constexpr double kHitRadius = 6; ///< pixels around a point that hover and click hit it
    /// A dot's radius in pixels: smaller the more points are shown, so dense clouds keep their shape.
    double dotRadius() const;

signals:
    /// The user clicked on a plan (it is now the selected one).
    void candidateClicked(int candidate);
    /// The rubber band now holds these candidates (increasing); the plan table shows only them.
    void filterChanged(const std::vector<std::uint32_t>& candidates);
    /// The filter is gone: the plan table shows every plan again.
    void filterCleared();
    /// The shown range changed (zoom, pan, reset, log axes).
    void rangeChanged();

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuildValues(); ///< metrics, Pareto front (data or axis change)
    void rebuildProjection(); ///< axes, positions, draw order, grid (also when infeasible plans are shown or
                              ///< hidden, and when the range changes)
    void setRange(double x0, double x1, double y0, double y1); ///< a zoomed range, in the metrics' units
    void refilter(); ///< the filter's candidates again, emitting filterChanged
    void setHovered(int candidate);
    void invalidateLayer() { ++m_generation; } ///< the dots, margins and legend are drawn anew
    double legendWidth() const;
    QRectF filterRect(const QRectF& plot) const; ///< the filter on screen (clipped to the plot), or null
    void paintAxes(QPainter& painter, const QRectF& plot) const;
    void paintPoints(QPainter& painter, const QRectF& plot) const;
    void paintOverlays(QPainter& painter, const QRectF& plot) const;
    void paintLegend(QPainter& painter, const QRectF& plot, QSizeF size) const;

    std::shared_ptr<const shardscope::PlanningOutcome> m_outcome;
    ExplorerMetric m_xMetric = ExplorerMetric::StepTime;
    ExplorerMetric m_yMetric = ExplorerMetric::MemoryPerGpu;
    bool m_showInfeasible = true;
    std::vector<ExplorerPoint> m_points;
    std::vector<int> m_rank; ///< position of each candidate in outcome->order, -1 if absent
    ExplorerCategories m_categories;
    ExplorerAxis m_xAxis, m_yAxis;
    std::vector<std::uint32_t> m_front;
    std::vector<std::uint32_t> m_drawOrder; ///< shown candidates: those that do not fit first, then in order
    ExplorerPointGrid m_grid; ///< over m_drawOrder
    std::size_t m_feasibleCount = 0;
    double m_capacityBytes = 0; ///< usable memory per GPU (the plans' largest): a line on a memory axis

    int m_selected = -1;
    int m_hovered = -1;
    bool m_hasFilter = false;
    QRectF m_filterRange;
    std::vector<std::uint32_t> m_filtered;

    bool m_logX = false, m_logY = false;
    bool m_zoomed = false;
    double m_range[4] = { 0, 1, 0, 1 }; ///< zoomed: x from, x to, y from, y to in the metrics' units
    std::size_t m_beyondCount = 0;
    bool m_panning = false;
    QPointF m_panPos;

    // Mouse: a press that moves further than the drag distance becomes a rubber band.
    bool m_pressed = false;
    bool m_dragging = false;
    QPointF m_pressPos, m_dragPos;

    // The stamped dots, kept until the data, the colours or the plot's pixel size change.
    struct Layer
    {
        QImage image;
        std::uint64_t generation = 0;
        QRectF plot;
        double scale = 0;
        QRgb base = 0, text = 0;
    };
    std::uint64_t m_generation = 1; ///< counts changes of the data, axes, colours, palette or font
    mutable Layer m_layer;
    struct Margins
    {
        std::uint64_t generation = 0;
        double left = 0, bottom = 0, right = 0;
    };
    mutable Margins m_margins; ///< around the plot, measured for m_generation
    mutable ExplorerDotStamper m_stamper;
    mutable std::vector<ExplorerDot> m_dots;
};
