// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_chart.h"

#include "partition/layer_partition.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QPainter>
#include <QPen>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

using namespace shardscope;

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
}

MemoryChartData MemoryChartData::fromPlan(const PlanEstimate& plan, int maxDeviceBars)
{
    MemoryChartData d;
    d.capacityBytes = plan.capacityBytes;
    const int devices = plan.config.worldSize();
    d.grouped = devices > maxDeviceBars;
    for (const StageEstimate& s : plan.stages) {
        const auto [first, end] = stageDeviceRange(plan.config, s.stage);
        if (d.grouped) {
            // Short, unique labels ("S3"): the axis drops duplicates and elides long ones; the title
            // says how many GPUs a bar stands for.
            d.bars.append(MemoryBar { tr("S%1").arg(s.stage), first, end, s.stage, s.memory });
        } else {
            for (int g = first; g < end; ++g)
                d.bars.append(MemoryBar { tr("GPU %1").arg(g), g, g + 1, s.stage, s.memory });
        }
    }
    return d;
}

QStringList MemoryChartData::partNames()
{
    return { tr("Weights"), tr("Gradients"), tr("Optimizer states"), tr("Activations"), tr("Embedding and logits"),
             tr("Other (CUDA context, NCCL, buffers)") };
}

double MemoryChartData::part(const MemoryBreakdown& m, int index)
{
    switch (index) {
    case 0: return m.weightsBytes;
    case 1: return m.gradientsBytes;
    case 2: return m.optimizerBytes;
    case 3: return m.activationsBytes;
    case 4: return m.embeddingLogitsBytes;
    case 5: return m.overheadBytes;
    default: return 0;
    }
}

MemoryChartView::MemoryChartView(QWidget* parent)
    : QChartView(new QChart, parent)
{
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setTitle(tr("Memory per GPU"));
    chart()->legend()->setAlignment(Qt::AlignBottom);
    auto* series = new QStackedBarSeries;
    for (const QString& name : MemoryChartData::partNames()) {
        auto* set = new QBarSet(name);
        m_sets.append(set);
        series->append(set);
    }
    chart()->addSeries(series);
    m_capacity = new QLineSeries;
    m_capacity->setName(tr("Usable capacity"));
    m_capacity->setPen(QPen(QColor(200, 30, 30), 2, Qt::DashLine));
    chart()->addSeries(m_capacity);
    setRenderHint(QPainter::Antialiasing);
    // The axes live as long as the chart: removing and re-adding them per update leaks them
    // (QChart::removeAxis hands ownership back) and costs extra layout passes.
    m_x = new QBarCategoryAxis;
    m_y = new QValueAxis;
    m_y->setTitleText(tr("GiB"));
    m_y->setLabelFormat(QStringLiteral("%.0f"));
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart()->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    applyPalette();
    updateAxes({}, 1);
}

void MemoryChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QChartView::changeEvent(event);
}

void MemoryChartView::applyPalette()
{
    // Follow the application's light or dark palette; the data colours stay the same in both.
    const QPalette& pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = pal.color(QPalette::Mid);
    setBackgroundBrush(pal.color(QPalette::Window));
    chart()->setBackgroundBrush(pal.color(QPalette::Base));
    chart()->setTitleBrush(text);
    chart()->legend()->setLabelColor(text);
    for (QAbstractAxis* axis : { static_cast<QAbstractAxis*>(m_x), static_cast<QAbstractAxis*>(m_y) }) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
}

void MemoryChartView::clearPlan()
{
    m_data = {};
    for (QBarSet* set : m_sets)
        set->remove(0, set->count());
    m_capacity->clear();
    updateAxes({}, 1);
}

void MemoryChartView::setPlan(const PlanEstimate& plan)
{
    m_data = MemoryChartData::fromPlan(plan, m_maxDeviceBars);
    const qsizetype n = m_data.bars.size();
    QStringList labels;
    labels.reserve(n);
    double maxGiB = m_data.capacityBytes / kGiB;
    for (int part = 0; part < MemoryChartData::PartCount; ++part) {
        QList<qreal> values;
        values.reserve(n);
        for (const MemoryBar& bar : m_data.bars)
            values.append(MemoryChartData::part(bar.memory, part) / kGiB);
        QBarSet* set = m_sets[part];
        set->remove(0, set->count()); // Qt 6.4 has no bulk replace; per-value replace is quadratic
        set->append(values);
        set->setPen(n > 256 ? QPen(Qt::NoPen) : QPen(Qt::white, 0.5)); // dense bars: borders would hide the fills
    }
    for (const MemoryBar& bar : m_data.bars) {
        // Past 16 bars "GPU 12" no longer fits under a bar: the rank alone ("12"), and the axis title says what it is.
        labels.append(!m_data.grouped && n > 16 ? QString::number(bar.firstDevice) : bar.label);
        maxGiB = std::max(maxGiB, bar.memory.totalBytes() / kGiB);
    }
    m_capacity->clear();
    m_capacity->append(-0.5, m_data.capacityBytes / kGiB);
    m_capacity->append(double(n) - 0.5, m_data.capacityBytes / kGiB);
    chart()->setTitle(m_data.grouped ? tr("Memory per GPU: %1 GPUs, one bar per pipeline stage S0-S%2 of %3 identical GPUs")
                                           .arg(plan.config.worldSize())
                                           .arg(plan.config.pp - 1)
                                           .arg(plan.config.worldSize() / std::max(1, plan.config.pp)) // TP x CP x DP
                                     : tr("Memory per GPU"));
    // 1,024 thin bars: antialiasing only blurs them, and drawing them costs twice as much with it.
    setRenderHint(QPainter::Antialiasing, n <= 256);
    // Up to 32 bars the ranks fit under them; beyond, the axis title says which bar is which.
    m_x->setLabelsVisible(n <= 32);
    // (An axis title without labels is elided to "..." by Qt Charts 6.4: the order goes in the chart title.)
    m_x->setTitleText(!m_data.grouped && n > 16 && n <= 32 ? tr("GPU (global rank)") : QString());
    if (!m_data.grouped && n > 32)
        chart()->setTitle(tr("Memory per GPU: %1 GPUs, global ranks 0-%2 from left to right").arg(n).arg(n - 1));
    updateAxes(labels, maxGiB);
}

QString MemoryChartView::title() const
{
    return chart()->title();
}

void MemoryChartView::render(QPainter& painter, QSizeF size)
{
    // Lay the chart out at the asked size, paint its scene, and restore the on-screen layout.
    const QSizeF onScreen = chart()->size();
    chart()->resize(size);
    scene()->setSceneRect(QRectF(QPointF(), size));
    scene()->render(&painter, QRectF(QPointF(), size), QRectF(QPointF(), size));
    chart()->resize(onScreen);
    scene()->setSceneRect(QRectF(QPointF(), onScreen));
}

void MemoryChartView::updateAxes(const QStringList& labels, double maxGiB)
{
    m_x->setCategories(labels);
    m_y->setRange(0, maxGiB * 1.1);
}
