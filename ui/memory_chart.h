// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <QChartView>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class QBarCategoryAxis;
class QBarSet;
class QLineSeries;
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
struct MemoryChartData
{
    Q_DECLARE_TR_FUNCTIONS(MemoryChartData)
public:
    QList<MemoryBar> bars;
    double capacityBytes = 0;
    bool grouped = false;

    static MemoryChartData fromPlan(const shardscope::PlanEstimate& plan, int maxDeviceBars = 64);
    /// The stacked parts, in drawing order, and their names.
    static QStringList partNames();
    static double part(const shardscope::MemoryBreakdown& m, int index);
    static constexpr int PartCount = 6;
};

/// Per-device stacked memory bars (weights, gradients, optimizer, activations, embedding/logits,
/// other) in GiB with the device capacity as a dashed line. Updates remove and bulk-append values.
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
    /// The bar sets in MemoryChartData::partNames() order, and the capacity line (for tests and export).
    const QList<QBarSet*>& barSets() const { return m_sets; }
    QLineSeries* capacityLine() const { return m_capacity; }
    QString title() const;
    /// Paints the chart (with its legend) into any device at `size`, e.g. for PNG/SVG export.
    void render(QPainter& painter, QSizeF size);

    /// The x axis (categories) and y axis (GiB); created once and reused by every update.
    QBarCategoryAxis* categoryAxis() const { return m_x; }
    QValueAxis* valueAxis() const { return m_y; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateAxes(const QStringList& labels, double maxGiB);
    void applyPalette();

    MemoryChartData m_data;
    QList<QBarSet*> m_sets;
    QLineSeries* m_capacity = nullptr;
    QBarCategoryAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
    int m_maxDeviceBars = 64;
};
