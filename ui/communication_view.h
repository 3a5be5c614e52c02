// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include "painted_view.h"

#include <QList>
#include <QRectF>

/**
 * One step's communication on the critical device: a bar each for tensor-, context- (only when the
 * plan uses CP), expert- (only when the plan uses EP or ETP: the MoE token dispatch and combine
 * all-to-alls), pipeline- and data-parallel traffic (DP split into the part exposed after backward
 * and the part hidden behind it), each with its bytes per step and its share of the step time; the
 * exposed total in the title. Painted by hand (fast, and exports to SVG).
 */
class CommunicationView : public PaintedView
{
    Q_OBJECT
public:
    /// The bars: TP, CP, EP and PP on their own rows, DP exposed and hidden stacked on the last row.
    enum Kind
    {
        Tp,
        Cp, ///< exposed context-parallel time (K/V ring or all-to-alls)
        Ep, ///< exposed expert-parallel time (MoE token dispatch and combine all-to-alls, ETP gathers)
        Pp,
        DpExposed,
        DpHidden,
        KindCount
    };

    explicit CommunicationView(QWidget* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan);
    void clearPlan();
    const shardscope::PlanEstimate& plan() const { return m_plan; }
    /// "Communication: 1.23 s per step exposed (18.0 % of the step)"
    QString title() const override;
    /// Seconds per step of `kind` (DP hidden = all DP seconds minus the exposed part).
    double seconds(Kind kind) const;
    /// The rows from the top: TP, CP (when the plan has CP > 1 or CP traffic), EP (when the plan has EP or
    /// ETP > 1 or EP traffic), PP, DP.
    int rowCount() const { return int(rows().size()); }
    /// The row `kind` is drawn on, or -1 when it has none (CP without context parallelism, EP without experts).
    int rowOf(Kind kind) const;
    /// "Tensor parallel (TP 8): 1.23 s, 45.6 GiB per step, 18.0 % of the step": the label over a row
    /// (the last row is DP).
    QString rowText(int row) const;
    /// Where bar `kind` is drawn at `size`; empty without a plan.
    QRectF barRect(Kind kind, QSizeF size) const;
    /// The tooltip at `pos` in a view of `size`: the row's seconds, bytes and share of the step.
    QString toolTipAt(QPointF pos, QSizeF size) const override;
    /// Paints the whole chart (title, bars, axis, legend) into any device at `size`.
    void render(QPainter& painter, QSizeF size) const override;

    QSize sizeHint() const override { return { 900, 320 }; }

    /// "1.23 s" from one second up, "45.6 ms" below.
    static QString formatSeconds(double seconds);
    /// "12.3 GiB": binary units from the current locale.
    static QString formatBytes(double bytes);

private:
    QRectF plotArea(QSizeF size) const;
    QRectF rowRect(int row, QSizeF size) const;
    QList<Kind> rows() const; ///< the first kind of each row, top to bottom
    bool showsCp() const;
    bool showsEp() const;
    double share(double secondsPerStep) const;

    shardscope::PlanEstimate m_plan;
    bool m_hasPlan = false;
};
