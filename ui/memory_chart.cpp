// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_chart.h"

#include "partition/layer_partition.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QPen>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

using namespace shardscope;

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
const QColor kRoutedExperts(205, 75, 160); // the EP colour of the other views
QString gib(double bytes) { return QLocale().toString(bytes / kGiB, 'f', 1); }
}

MemoryChartData MemoryChartData::fromPlan(const PlanEstimate& plan, int maxDeviceBars)
{
    MemoryChartData d;
    d.capacityBytes = plan.capacityBytes;
    const int devices = plan.config.worldSize();
    d.grouped = devices > maxDeviceBars;
    d.moe = std::any_of(plan.stages.begin(), plan.stages.end(), [](const StageEstimate& s) { return hasMoeParts(s.memory); });
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

bool MemoryChartData::hasMoeParts(const MemoryBreakdown& m)
{
    return m.routedExpertBytes > 0 || m.sharedExpertBytes > 0 || m.moeActivationBytes > 0 || m.other.moeDispatch > 0;
}

QStringList MemoryChartData::partNames(bool moe)
{
    if (moe)
        return { tr("Routed experts"),
                 tr("Shared experts"),
                 tr("Other weights, gradients, optimizer"),
                 tr("Activations"),
                 tr("MoE activations"),
                 tr("Embedding and logits"),
                 tr("MoE dispatcher buffers"),
                 tr("Other (CUDA context, NCCL, buffers)") };
    return { tr("Weights"), tr("Gradients"), tr("Optimizer states"), tr("Activations"), tr("Embedding and logits"),
             tr("Other (CUDA context, NCCL, buffers)") };
}

double MemoryChartData::part(const MemoryBreakdown& m, int index, bool moe)
{
    if (moe) {
        // The MoE parts are parts of the totals (plan_estimate.h); the rest is what remains of each.
        switch (index) {
        case RoutedExperts: return m.routedExpertBytes;
        case SharedExperts: return m.sharedExpertBytes;
        case OtherModelStates:
            return std::max(0.0, m.weightsBytes + m.gradientsBytes + m.optimizerBytes - m.routedExpertBytes - m.sharedExpertBytes);
        case OtherActivations: return std::max(0.0, m.activationsBytes - m.moeActivationBytes);
        case MoeActivations: return m.moeActivationBytes;
        case EmbeddingLogits: return m.embeddingLogitsBytes;
        case DispatcherBuffers: return m.other.moeDispatch;
        case OtherOverhead: return std::max(0.0, m.overheadBytes - m.other.moeDispatch);
        default: return 0;
        }
    }
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

QString MemoryChartData::toolTip(int index) const
{
    if (index < 0 || index >= bars.size())
        return {};
    const MemoryBar& bar = bars[index];
    const MemoryBreakdown& m = bar.memory;
    QStringList lines;
    lines << (bar.endDevice - bar.firstDevice > 1
                  ? tr("Stage %1: GPUs %2–%3, each").arg(bar.stage).arg(bar.firstDevice).arg(bar.endDevice - 1)
                  : tr("GPU %1 (stage %2)").arg(bar.firstDevice).arg(bar.stage));
    lines << tr("%1 GiB of %2 GiB usable").arg(gib(m.totalBytes()), gib(capacityBytes));
    lines << tr("Weights %1 GiB, gradients %2 GiB, optimizer states %3 GiB").arg(gib(m.weightsBytes), gib(m.gradientsBytes), gib(m.optimizerBytes));
    lines << tr("Activations %1 GiB, embedding and logits %2 GiB, other %3 GiB")
                 .arg(gib(m.activationsBytes), gib(m.embeddingLogitsBytes), gib(m.overheadBytes));
    if (hasMoeParts(m)) {
        lines << tr("Routed experts %1 GiB, shared experts %2 GiB (their weights, gradients and optimizer states)")
                     .arg(gib(m.routedExpertBytes), gib(m.sharedExpertBytes));
        lines << tr("MoE activations %1 GiB (of the activations), dispatcher buffers %2 GiB (of other)")
                     .arg(gib(m.moeActivationBytes), gib(m.other.moeDispatch));
    }
    return lines.join(QLatin1Char('\n'));
}

MemoryChartView::MemoryChartView(QWidget* parent)
    : QChartView(new QChart, parent)
{
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setTitle(tr("Memory per GPU"));
    chart()->legend()->setAlignment(Qt::AlignBottom);
    m_series = new QStackedBarSeries;
    for (const QString& name : MemoryChartData::partNames()) {
        auto* set = new QBarSet(name);
        m_sets.append(set);
        m_series->append(set);
    }
    chart()->addSeries(m_series);
    for (QBarSet* set : m_sets) // the theme's colours, kept when the sets are replaced
        m_denseColours.append(set->color());
    connect(m_series, &QStackedBarSeries::hovered, this, [this](bool status, int index, QBarSet*) {
        setToolTip(status ? m_data.toolTip(index) : QString());
    });
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

void MemoryChartView::useLayout(bool moe)
{
    if (moe == m_moeLayout)
        return;
    m_moeLayout = moe;
    m_series->clear(); // deletes the sets
    m_sets.clear();
    const QStringList names = MemoryChartData::partNames(moe);
    // Dense: the theme's colours. MoE: the experts in the EP colour, the rest in their dense part's colour.
    const QColor moeColours[MemoryChartData::MoePartCount] = {
        kRoutedExperts, kRoutedExperts.lighter(150), m_denseColours[0], m_denseColours[3], m_denseColours[3].darker(135),
        m_denseColours[4], kRoutedExperts.darker(160), m_denseColours[5] };
    for (int i = 0; i < names.size(); ++i) {
        auto* set = new QBarSet(names[i]);
        set->setColor(moe ? moeColours[i] : m_denseColours[i]);
        m_sets.append(set);
    }
    m_series->append(m_sets);
    // Nine entries do not fit under the bars without eliding their names: a MoE plan's legend goes beside them.
    chart()->legend()->setAlignment(moe ? Qt::AlignRight : Qt::AlignBottom);
}

bool MemoryChartView::legendShows(int index) const
{
    return index >= 0 && index < m_legendShown.size() && m_legendShown[index];
}

void MemoryChartView::updateLegend()
{
    // A MoE plan's parts that hold nothing (no shared experts, say) stay out of the legend.
    const QList<QLegendMarker*> markers = chart()->legend()->markers(m_series);
    m_legendShown.clear();
    for (int i = 0; i < m_sets.size(); ++i) {
        bool any = !m_moeLayout;
        for (const MemoryBar& bar : m_data.bars)
            any = any || MemoryChartData::part(bar.memory, i, true) > 0;
        m_legendShown.append(any && i < markers.size());
        if (i < markers.size())
            markers[i]->setVisible(any);
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
    useLayout(m_data.moe);
    const qsizetype n = m_data.bars.size();
    QStringList labels;
    labels.reserve(n);
    double maxGiB = m_data.capacityBytes / kGiB;
    for (int part = 0; part < MemoryChartData::partCount(m_data.moe); ++part) {
        QList<qreal> values;
        values.reserve(n);
        for (const MemoryBar& bar : m_data.bars)
            values.append(MemoryChartData::part(bar.memory, part, m_data.moe) / kGiB);
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
    updateLegend();
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
