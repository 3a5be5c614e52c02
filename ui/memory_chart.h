// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <QChartView>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class QBarSet;
class QCategoryAxis;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

/// One bar of the memory chart: a device, or a group of identical devices (one pipeline stage).
struct MemoryBar
{
    QString label;
    int firstDevice = 0;
    int endDevice = 0; ///< one past the last
    int stage = 0;
    shardscope::MemoryBreakdown memory;
};

/// What the memory chart draws for a plan: bars per device up to `maxDeviceBars`, else one bar per
/// pipeline stage (all TP x DP devices of a stage hold the same bytes), and the usable capacity.
///
/// A mixture-of-experts plan (any bar with routed or shared expert states, MoE activations or dispatcher
/// buffers) is stacked by the MoE parts instead: the estimate gives each expert part as weights, gradients
/// and optimizer states together, so the model states are drawn as routed experts, shared experts and the
/// rest, and the activations and "other" bytes with their MoE parts apart. The tooltips keep the weights,
/// gradients and optimizer states of every plan.
struct MemoryChartData
{
    Q_DECLARE_TR_FUNCTIONS(MemoryChartData)
public:
    QList<MemoryBar> bars;
    double capacityBytes = 0;
    bool grouped = false;
    bool moe = false; ///< stacked by the MoE parts (MoePartCount of them)

    static MemoryChartData fromPlan(const shardscope::PlanEstimate& plan, int maxDeviceBars = 64);
    /// The stacked parts, in drawing order, and their names (the MoE layout when `moe`).
    static QStringList partNames(bool moe = false);
    static double part(const shardscope::MemoryBreakdown& m, int index, bool moe = false);
    static int partCount(bool moe) { return moe ? MoePartCount : PartCount; }
    static constexpr int PartCount = 6;
    /// MoE layout: routed experts, shared experts, other model states, activations, MoE activations,
    /// embedding and logits, MoE dispatcher buffers, other.
    static constexpr int MoePartCount = 8;
    enum MoePart
    {
        RoutedExperts,
        SharedExperts,
        OtherModelStates,
        OtherActivations,
        MoeActivations,
        EmbeddingLogits,
        DispatcherBuffers,
        OtherOverhead
    };
    static bool hasMoeParts(const shardscope::MemoryBreakdown& m);
    /// Bar `bar`'s tooltip: what it stands for, its total against the capacity, weights, gradients, optimizer
    /// states, activations and the rest, and the MoE parts when it has them.
    QString toolTip(int bar) const;
};

/// Per-device stacked memory bars (weights, gradients, optimizer, activations, embedding/logits,
/// other) in GiB with the usable capacity as a dashed, labelled line. The GiB axis has round ticks (1, 2 or
/// 5 x 10^k); the bars are labelled every n-th where their labels would not fit under each (64 or 128 stages
/// stay readable); hovering a bar tells its values. Without a plan the chart is empty (no axes, no legend),
/// titled "No plan". Updates remove and bulk-append values.
class MemoryChartView : public QChartView
{
    Q_OBJECT
public:
    explicit MemoryChartView(QWidget* parent = nullptr);

    void setPlan(const shardscope::PlanEstimate& plan);
    void clearPlan();
    /// Draws one bar per device up to `count` devices, else one per pipeline stage (default 64).
    /// Applies from the next setPlan().
    void setMaxDeviceBars(int count) { m_maxDeviceBars = count; }
    int maxDeviceBars() const { return m_maxDeviceBars; }
    const MemoryChartData& data() const { return m_data; }
    /// The bar sets in MemoryChartData::partNames(data().moe) order, and the capacity line (for tests and
    /// export). A plan of the other layout (dense / MoE) replaces them.
    const QList<QBarSet*>& barSets() const { return m_sets; }
    QStackedBarSeries* barSeries() const { return m_series; }
    /// Whether part `index`'s legend entry is shown: every part of a dense plan; of a MoE plan those with
    /// bytes.
    bool legendShows(int index) const;
    QLineSeries* capacityLine() const { return m_capacity; }
    QString title() const;
    /// Paints the chart (with its legend) into any device at `size`, e.g. for PNG/SVG export.
    void render(QPainter& painter, QSizeF size);
    /// The hover text at `pos` (viewport coordinates): the values of the bar under it, or an empty string.
    QString toolTipAt(QPointF pos) const;
    /// Whether the chart shows a plan (false: the empty state, no axes and no legend).
    bool hasPlan() const { return !m_data.bars.isEmpty(); }

    /// The x axis (a label every labelStep() bars, at the bar) and the y axis (GiB, round ticks); created
    /// once and reused by every update.
    QCategoryAxis* categoryAxis() const { return m_x; }
    QValueAxis* valueAxis() const { return m_y; }
    /// Every n-th bar is labelled at the chart's current size (1, 2, 5, 10, ...: the labels do not touch).
    int labelStep() const { return m_labelStep; }
    /// The label under bar `bar` ("GPU 3", "17" past 16 bars, "S5" per stage), whether drawn or not.
    QString barLabel(int bar) const;
    /// The text of the capacity line's label ("usable 74.5 GiB"), empty without a plan.
    QString capacityLabel() const;
    /// The capacity label's box in chart coordinates (for tests).
    QRectF capacityLabelRect() const;

protected:
    void changeEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void updateAxes(double maxGiB);
    void updateLabels(); ///< after a resize: the thinned bar labels, the capacity label, the title that fits
    void showEmpty(const QString& title);
    void applyPalette();
    void useLayout(bool moe); ///< the bar sets of the dense or the MoE layout
    void updateLegend();

    MemoryChartData m_data;
    QStackedBarSeries* m_series = nullptr;
    bool m_moeLayout = false;
    QList<QColor> m_denseColours; ///< the theme's colours of the dense parts, reused by the MoE layout
    QList<QBarSet*> m_sets;
    QList<bool> m_legendShown; ///< per set: its legend marker is shown
    QLineSeries* m_capacity = nullptr;
    QGraphicsRectItem* m_capacityLabel = nullptr; ///< a patch of background with the label's text on it
    QGraphicsSimpleTextItem* m_capacityText = nullptr;
    QCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    int m_maxDeviceBars = 64;
    int m_labelStep = 1;
    QStringList m_titles; ///< the title, longest first: the first that fits the chart's width is shown
    bool m_updatingLabels = false;
};
