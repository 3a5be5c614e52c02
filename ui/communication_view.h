// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include "painted_view.h"

#include <QRectF>

/**
 * One step's communication on the critical device: a bar each for tensor-, pipeline- and
 * data-parallel traffic (DP split into the part exposed after backward and the part hidden behind
 * it), each with its bytes per step and its share of the step time; the exposed total in the title.
 * Painted by hand (fast, and exports to SVG).
 */
class CommunicationView : public PaintedView
{
    Q_OBJECT
public:
    /// The bars: TP and PP on their own rows, DP exposed and hidden stacked on the third row.
    enum Kind
    {
        Tp,
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
    /// "TP: 1.23 s, 45.6 GiB per step, 18.0 % of the step": the label over a row (row 2 is DP).
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
    double share(double secondsPerStep) const;

    shardscope::PlanEstimate m_plan;
    bool m_hasPlan = false;
};
