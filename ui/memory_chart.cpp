// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_chart.h"

#include "label_layout.h"
#include "partition/layer_partition.h"

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHelpEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPainter>
#include <QPen>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
const QColor kRoutedExperts(205, 75, 160); // the EP colour of the other views
QString gib(double bytes)
{
    return QLocale().toString(bytes / kGiB, 'f', 1);
}
}

MemoryChartData MemoryChartData::fromPlan(const PlanEstimate& plan, int maxDeviceBars)
{
    MemoryChartData d;
    d.capacityBytes = plan.capacityBytes;
    const int devices = plan.config.worldSize();
    d.grouped = devices > maxDeviceBars;
    d.moe = std::any_of(
        plan.stages.begin(), plan.stages.end(), [](const StageEstimate& s) { return hasMoeParts(s.memory); });
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
    return m.routedExpertBytes > 0 || m.sharedExpertBytes > 0 || m.moeActivationBytes > 0
        || m.other.moeDispatch > 0;
}

QStringList MemoryChartData::partNames(bool moe)
{
    if (moe)
        return { tr("Routed experts"), tr("Shared experts"), tr("Other weights, gradients, optimizer"),
            tr("Activations"), tr("MoE activations"), tr("Embedding and logits"),
            tr("MoE dispatcher buffers"), tr("Other (CUDA context, NCCL, buffers)") };
    return { tr("Weights"), tr("Gradients"), tr("Optimizer states"), tr("Activations"),
        tr("Embedding and logits"), tr("Other (CUDA context, NCCL, buffers)") };
}

double MemoryChartData::part(const MemoryBreakdown& m, int index, bool moe)
{
    if (moe) {
        // The MoE parts are parts of the totals (plan_estimate.h); the rest is what remains of each.
        switch (index) {
        case RoutedExperts:
            return m.routedExpertBytes;
        case SharedExperts:
            return m.sharedExpertBytes;
        case OtherModelStates:
            return std::max(0.0,
                m.weightsBytes + m.gradientsBytes + m.optimizerBytes - m.routedExpertBytes
                    - m.sharedExpertBytes);
        case OtherActivations:
            return std::max(0.0, m.activationsBytes - m.moeActivationBytes);
        case MoeActivations:
            return m.moeActivationBytes;
        case EmbeddingLogits:
            return m.embeddingLogitsBytes;
        case DispatcherBuffers:
            return m.other.moeDispatch;
        case OtherOverhead:
            return std::max(0.0, m.overheadBytes - m.other.moeDispatch);
        default:
            return 0;
        }
    }
    switch (index) {
    case 0:
        return m.weightsBytes;
    case 1:
        return m.gradientsBytes;
    case 2:
        return m.optimizerBytes;
    case 3:
        return m.activationsBytes;
    case 4:
        return m.embeddingLogitsBytes;
    case 5:
        return m.overheadBytes;
    default:
        return 0;
    }
}

QString MemoryChartData::toolTip(int index) const
{
    if (index < 0 || index >= bars.size()) return {};
    const MemoryBar& bar = bars[index];
    const MemoryBreakdown& m = bar.memory;
    QStringList lines;
    lines << (bar.endDevice - bar.firstDevice > 1
            ? tr("Stage %1: GPUs %2–%3, each").arg(bar.stage).arg(bar.firstDevice).arg(bar.endDevice - 1)
            : tr("GPU %1 (stage %2)").arg(bar.firstDevice).arg(bar.stage));
    lines << tr("%1 GiB of %2 GiB usable").arg(gib(m.totalBytes()), gib(capacityBytes));
    lines << tr("Weights %1 GiB, gradients %2 GiB, optimizer states %3 GiB")
                 .arg(gib(m.weightsBytes), gib(m.gradientsBytes), gib(m.optimizerBytes));
    lines << tr("Activations %1 GiB, embedding and logits %2 GiB, other %3 GiB")
                 .arg(gib(m.activationsBytes), gib(m.embeddingLogitsBytes), gib(m.overheadBytes));
    if (hasMoeParts(m)) {
        lines << tr(
            "Routed experts %1 GiB, shared experts %2 GiB (their weights, gradients and optimizer states)")
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
    // Hovering a bar shows its values at once (the tooltip event shows them too, where the hover signal does
    // not come).
    connect(m_series, &QStackedBarSeries::hovered, this, [this](bool status, int index, QBarSet*) {
        const QString text = status ? m_data.toolTip(index) : QString();
        setToolTip(text);
        if (!text.isEmpty() && isVisible()) QToolTip::showText(QCursor::pos(), text, this);
    });
    m_capacity = new QLineSeries;
    m_capacity->setName(tr("Usable capacity"));
    m_capacity->setPen(QPen(QColor(200, 30, 30), 2, Qt::DashLine));
    chart()->addSeries(m_capacity);
    setRenderHint(QPainter::Antialiasing);
    // The axes live as long as the chart: removing and re-adding them per update leaks them
    // (QChart::removeAxis hands ownership back) and costs extra layout passes. The x axis is a category axis
    // over the bar indices with a label at every n-th bar (QBarCategoryAxis labels every bar, elided when
    // thin).
    m_x = new QCategoryAxis;
    m_x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_x->setGridLineVisible(false);
    m_y = new QValueAxis;
    m_y->setTitleText(tr("GiB per GPU"));
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart()->series()) {
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    // The capacity line's label: its text on a patch of background, right-aligned above the line.
    m_capacityLabel = new QGraphicsRectItem(chart());
    m_capacityLabel->setPen(Qt::NoPen);
    m_capacityLabel->setZValue(20);
    m_capacityText = new QGraphicsSimpleTextItem(m_capacityLabel);
    m_capacityText->setBrush(QColor(200, 30, 30));
    connect(chart(), &QChart::plotAreaChanged, this, [this] { updateLabels(); });
    applyPalette();
    showEmpty(tr("No plan"));
}

void MemoryChartView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) applyPalette();
    QChartView::changeEvent(event);
}

bool MemoryChartView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QChartView::viewportEvent(event);
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
    QColor patch = pal.color(QPalette::Base);
    patch.setAlpha(225);
    m_capacityLabel->setBrush(patch);
}

void MemoryChartView::useLayout(bool moe)
{
    if (moe == m_moeLayout) return;
    m_moeLayout = moe;
    m_series->clear(); // deletes the sets
    m_sets.clear();
    const QStringList names = MemoryChartData::partNames(moe);
    // Dense: the theme's colours. MoE: the experts in the EP colour, the rest in their dense part's colour.
    const QColor moeColours[MemoryChartData::MoePartCount] = { kRoutedExperts, kRoutedExperts.lighter(150),
        m_denseColours[0], m_denseColours[3], m_denseColours[3].darker(135), m_denseColours[4],
        kRoutedExperts.darker(160), m_denseColours[5] };
    for (int i = 0; i < names.size(); ++i) {
        auto* set = new QBarSet(names[i]);
        set->setColor(moe ? moeColours[i] : m_denseColours[i]);
        m_sets.append(set);
    }
    m_series->append(m_sets);
    // Nine entries do not fit under the bars without eliding their names: a MoE plan's legend goes beside
    // them.
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
        if (i < markers.size()) markers[i]->setVisible(any);
    }
}

void MemoryChartView::showEmpty(const QString& title)
{
    // A real empty state: no bars, no axes, no legend, no capacity line or label; the title says why.
    m_data = {};
    for (QBarSet* set : m_sets)
        set->remove(0, set->count());
    m_capacity->clear();
    m_x->setVisible(false);
    m_y->setVisible(false);
    chart()->legend()->setVisible(false);
    m_capacityLabel->setVisible(false);
    m_titles = QStringList { title };
    chart()->setTitle(title);
    setToolTip({});
}

void MemoryChartView::clearPlan()
{
    showEmpty(tr("No plan"));
}

void MemoryChartView::setPlan(const PlanEstimate& plan)
{
    if (plan.stages.empty()) {
        showEmpty(plan.infeasibleReason.empty()
                ? tr("No plan")
                : tr("No estimate: %1").arg(QString::fromStdString(plan.infeasibleReason)));
        return;
    }
    m_data = MemoryChartData::fromPlan(plan, m_maxDeviceBars);
    useLayout(m_data.moe);
    const qsizetype n = m_data.bars.size();
    double maxGiB = m_data.capacityBytes / kGiB;
    for (int part = 0; part < MemoryChartData::partCount(m_data.moe); ++part) {
        QList<qreal> values;
        values.reserve(n);
        for (const MemoryBar& bar : m_data.bars)
            values.append(MemoryChartData::part(bar.memory, part, m_data.moe) / kGiB);
        QBarSet* set = m_sets[part];
        set->remove(0, set->count()); // Qt 6.4 has no bulk replace; per-value replace is quadratic
        set->append(values);
        set->setPen(
            n > 256 ? QPen(Qt::NoPen) : QPen(Qt::white, 0.5)); // dense bars: borders would hide the fills
    }
    for (const MemoryBar& bar : m_data.bars)
        maxGiB = std::max(maxGiB, bar.memory.totalBytes() / kGiB);
    m_capacity->clear();
    m_capacity->append(-0.5, m_data.capacityBytes / kGiB);
    m_capacity->append(double(n) - 0.5, m_data.capacityBytes / kGiB);
    m_capacityText->setText(capacityLabel());

    // The title, longest first (updateLabels shows the first that fits): what a bar stands for.
    const int world = plan.config.worldSize(), pp = std::max(1, plan.config.pp), per = world / pp;
    const QString worldText = QLocale().toString(world), perText = QLocale().toString(per);
    if (!m_data.grouped)
        m_titles = n > 16 ? QStringList { tr("Memory per GPU: %1 GPUs").arg(worldText), tr("Memory per GPU") }
                          : QStringList { tr("Memory per GPU") };
    else if (pp == 1)
        m_titles = { tr("Memory per GPU: one bar for all %1 GPUs, which hold the same bytes").arg(worldText),
            tr("Memory per GPU: all %1 GPUs alike").arg(worldText), tr("Memory per GPU") };
    else if (per == 1)
        m_titles = { tr("Memory per GPU: a bar per pipeline stage, one GPU each"), tr("Memory per GPU") };
    else
        m_titles = { tr("Memory per GPU: %1 GPUs in %2 pipeline stages; a bar per stage stands for its %3 "
                        "GPUs, which hold the same bytes")
                         .arg(worldText)
                         .arg(pp)
                         .arg(perText),
            tr("Memory per GPU: a bar per stage of %1 identical GPUs").arg(perText), tr("Memory per GPU") };
    // 1,024 thin bars: antialiasing only blurs them, and drawing them costs twice as much with it.
    setRenderHint(QPainter::Antialiasing, n <= 256);
    m_x->setTitleText(m_data.grouped ? tr("pipeline stage") : n > 16 ? tr("GPU (global rank)") : QString());
    m_x->setVisible(true);
    m_y->setVisible(true);
    chart()->legend()->setVisible(true);
    m_capacityLabel->setVisible(true);
    updateAxes(maxGiB);
    updateLegend();
    updateLabels();
}

QString MemoryChartView::barLabel(int bar) const
{
    if (bar < 0 || bar >= m_data.bars.size()) return {};
    // Past 16 bars "GPU 12" is too wide for a bar: the rank alone, and the axis title says what it is.
    return !m_data.grouped && m_data.bars.size() > 16 ? QString::number(m_data.bars[bar].firstDevice)
                                                      : m_data.bars[bar].label;
}

QString MemoryChartView::capacityLabel() const
{
    return m_data.bars.isEmpty() ? QString() : tr("usable %1 GiB").arg(gib(m_data.capacityBytes));
}

QRectF MemoryChartView::capacityLabelRect() const
{
    return m_capacityLabel->isVisible() ? m_capacityLabel->mapRectToParent(m_capacityLabel->rect())
                                        : QRectF();
}

void MemoryChartView::updateLabels()
{
    if (m_updatingLabels) // relabelling the axis moves the plot area again
        return;
    m_updatingLabels = true;
    // The legend below the bars where its entries fit side by side, else beside them (Qt Charts would elide
    // them). A MoE plan's nine entries are always beside them.
    if (!m_moeLayout && int(m_data.bars.size()) > 0) {
        const QFontMetricsF legendMetrics(chart()->legend()->font());
        double needed = 40;
        for (const QLegendMarker* marker : chart()->legend()->markers())
            if (marker->isVisible())
                needed += legendMetrics.horizontalAdvance(marker->label()) + 2 * legendMetrics.height() + 12;
        const Qt::Alignment side = needed <= chart()->size().width() ? Qt::AlignBottom : Qt::AlignRight;
        if (chart()->legend()->alignment() != side) chart()->legend()->setAlignment(side);
    }
    // The legend's side decides the plot's width: lay the chart out again before measuring the bars' pitch.
    if (QGraphicsLayout* layout = chart()->layout())
        layout->activate();
    const int n = int(m_data.bars.size());
    const QRectF plot = chart()->plotArea();
    // Bar labels: every n-th (1, 2, 5, 10, ...) so that the widest keeps 8 px from its neighbours.
    const QFontMetricsF metrics(m_x->labelsFont());
    double widest = 0;
    for (int i = 0; i < n; ++i)
        widest = std::max(widest, metrics.horizontalAdvance(barLabel(i)));
    const double pitch = n > 0 && plot.width() > 0 ? plot.width() / n : 1;
    const int step = n == 0 ? 1 : std::max(1, int(std::lround(labels::roundStep((widest + 8) / pitch))));
    QStringList wanted;
    for (int i = 0; i < n; i += step)
        wanted.append(barLabel(i));
    if (step != m_labelStep || m_x->categoriesLabels() != wanted) {
        m_labelStep = step;
        for (const QString& label : m_x->categoriesLabels())
            m_x->remove(label);
        m_x->setStartValue(-0.5);
        for (int i = 0; i < n; i += step)
            m_x->append(barLabel(i), i);
    }
    m_x->setRange(-0.5, std::max(0.5, n - 0.5));
    // The title that fits the chart's width.
    QFont titleFont = chart()->titleFont();
    const QString title = labels::fitting(QFontMetricsF(titleFont), m_titles, chart()->size().width() - 40);
    chart()->setTitle(title.isEmpty() ? m_titles.value(m_titles.size() - 1) : title);
    // The capacity line's label, right-aligned above the line (below it where the line runs along the top).
    if (n > 0 && plot.isValid()) {
        const QPointF end = chart()->mapToPosition(QPointF(n - 0.5, m_data.capacityBytes / kGiB), m_capacity);
        const QRectF text = m_capacityText->boundingRect();
        const double pad = 2;
        double y = end.y() - text.height() - pad * 2 - 1;
        if (y < plot.top()) y = end.y() + 2;
        m_capacityLabel->setRect(0, 0, text.width() + 2 * pad, text.height() + 2 * pad);
        m_capacityLabel->setPos(plot.right() - text.width() - 2 * pad - 2, y);
        m_capacityText->setPos(pad, pad);
    }
    m_updatingLabels = false;
}

QString MemoryChartView::title() const
{
    return chart()->title();
}

void MemoryChartView::render(QPainter& painter, QSizeF size)
{
    // Lay the chart out at the asked size (labels thinned for it), paint its scene, and restore the on-screen
    // layout.
    const QSizeF onScreen = chart()->size();
    const auto layOut = [this](QSizeF at) {
        chart()->resize(at);
        // Qt Charts lays out (and shortens the title to its width) on the next event loop pass: here now,
        // twice, as the labels follow the plot area and the legend moves it.
        for (int pass = 0; pass < 3; ++pass) {
            updateLabels();
            if (chart()->layout()) chart()->layout()->activate();
        }
    };
    layOut(size);
    scene()->setSceneRect(QRectF(QPointF(), size));
    scene()->render(&painter, QRectF(QPointF(), size), QRectF(QPointF(), size));
    layOut(onScreen);
    scene()->setSceneRect(QRectF(QPointF(), onScreen));
}

QString MemoryChartView::toolTipAt(QPointF pos) const
{
    const int n = int(m_data.bars.size());
    if (n == 0) return {};
    const QPointF inChart = chart()->mapFromScene(mapToScene(pos.toPoint()));
    if (!chart()->plotArea().contains(inChart)) return {};
    const QPointF value = chart()->mapToValue(inChart, m_series);
    const int bar = int(std::lround(value.x()));
    return bar >= 0 && bar < n ? m_data.toolTip(bar) : QString();
}

void MemoryChartView::updateAxes(double maxGiB)
{
    // Round ticks: a 1-2-5 step giving at most about six intervals, the top a multiple of it above the
    // fullest bar and the capacity.
    const double top = std::max(maxGiB, 1e-3) * 1.05;
    const double step = labels::roundStep(top / 6);
    const int intervals = std::max(1, int(std::ceil(top / step - 1e-9)));
    m_y->setRange(0, intervals * step);
    m_y->setTickCount(intervals + 1);
    m_y->setLabelFormat(step >= 1 ? QStringLiteral("%.0f")
            : step >= 0.1         ? QStringLiteral("%.1f")
                                  : QStringLiteral("%.2f"));
}
