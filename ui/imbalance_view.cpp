// SPDX-License-Identifier: GPL-3.0-or-later
#include "imbalance_view.h"

#include "label_layout.h"
#include "partition/layer_partition.h"

#include <QPaintEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kMinLeft = 70; // stage labels, at least
constexpr double kTop = PaintedView::kTitleHeight; // title
constexpr double kMinRight = 70; // the stage's total at the end of its bar, at least
constexpr double kTickGap = 16; // least space between two tick labels

// TP, CP, EP and PP communication in the communication view's colours.
const QColor kPartColours[ImbalanceView::PartCount] = { QColor(52, 120, 210), QColor(140, 90, 200),
    QColor(230, 140, 40), QColor(120, 170, 50), QColor(205, 75, 160), QColor(40, 160, 160) };

QString milliseconds(double seconds)
{
    return ImbalanceView::tr("%1 ms").arg(seconds * 1e3, 0, 'f', 1);
}

} // namespace

ImbalanceView::ImbalanceView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 160);
}

void ImbalanceView::setPlan(const PlanEstimate& plan)
{
    m_plan = plan;
    update();
}

void ImbalanceView::clearPlan()
{
    m_plan = {};
    update();
}

QStringList ImbalanceView::partNames()
{
    return { tr("Compute"), tr("Recompute"), tr("TP communication"), tr("CP communication"),
        tr("EP all-to-all"), tr("PP communication") };
}

double ImbalanceView::partSeconds(const StageEstimate& stage, int part)
{
    switch (part) {
    case 0:
        return stage.computeSeconds;
    case 1:
        return stage.recomputeSeconds;
    case 2:
        return stage.tpCommSeconds;
    case 3:
        return stage.cpCommSeconds;
    case 4:
        return stage.epCommSeconds;
    case 5:
        return stage.ppCommSeconds;
    default:
        return 0;
    }
}

int ImbalanceView::slowestStage() const
{
    int slowest = -1;
    for (int s = 0; s < int(m_plan.stages.size()); ++s)
        if (slowest < 0
            || m_plan.stages[std::size_t(s)].microBatchSeconds()
                >= m_plan.stages[std::size_t(slowest)].microBatchSeconds())
            slowest = s;
    return slowest;
}

int ImbalanceView::fastestStage() const
{
    int fastest = -1;
    for (int s = 0; s < int(m_plan.stages.size()); ++s)
        if (fastest < 0
            || m_plan.stages[std::size_t(s)].microBatchSeconds()
                < m_plan.stages[std::size_t(fastest)].microBatchSeconds())
            fastest = s;
    return fastest;
}

double ImbalanceView::imbalance() const
{
    if (m_plan.stages.empty()) return 1;
    const double fastest = m_plan.stages[std::size_t(fastestStage())].microBatchSeconds();
    return fastest > 0 ? m_plan.stages[std::size_t(slowestStage())].microBatchSeconds() / fastest : 1;
}

QString ImbalanceView::title() const
{
    if (m_plan.stages.empty())
        return m_plan.infeasibleReason.empty()
            ? tr("No plan")
            : tr("No estimate: %1").arg(QString::fromStdString(m_plan.infeasibleReason));
    const int slowest = slowestStage(), fastest = fastestStage();
    if (m_plan.stages.size() == 1)
        return tr("Compute imbalance: a single stage, %1 per micro-batch")
            .arg(milliseconds(m_plan.stages[0].microBatchSeconds()));
    return tr("Compute imbalance: slowest / fastest stage = %1 (stage %2: %3, stage %4: %5)")
        .arg(imbalance(), 0, 'f', 2)
        .arg(slowest)
        .arg(milliseconds(m_plan.stages[std::size_t(slowest)].microBatchSeconds()))
        .arg(fastest)
        .arg(milliseconds(m_plan.stages[std::size_t(fastest)].microBatchSeconds()));
}

QString ImbalanceView::compactTitle() const
{
    if (m_plan.stages.size() < 2) return title();
    const int slowest = slowestStage(), fastest = fastestStage();
    return tr("Imbalance %1: stage %2 %3, stage %4 %5")
        .arg(imbalance(), 0, 'f', 2)
        .arg(slowest)
        .arg(milliseconds(m_plan.stages[std::size_t(slowest)].microBatchSeconds()))
        .arg(fastest)
        .arg(milliseconds(m_plan.stages[std::size_t(fastest)].microBatchSeconds()));
}

QList<labels::LegendEntry> ImbalanceView::legendEntries() const
{
    QList<labels::LegendEntry> entries;
    if (m_plan.stages.empty()) return entries;
    const QStringList names = partNames();
    for (int part = 0; part < PartCount; ++part)
        if (showsPart(part))
            entries.append({ { names[part] },
                [part](QPainter& p, const QRectF& r) { p.fillRect(r, kPartColours[part]); } });
    double sum = 0;
    for (const StageEstimate& st : m_plan.stages)
        sum += st.microBatchSeconds();
    const QColor text = palette().color(QPalette::Text);
    entries.append({ { tr("mean %1").arg(milliseconds(sum / double(m_plan.stages.size()))) },
        [text](QPainter& p, const QRectF& r) {
            p.setPen(QPen(text, 1.5, Qt::DashLine));
            p.drawLine(QPointF(r.center().x(), r.top()), QPointF(r.center().x(), r.bottom()));
        } });
    return entries;
}

QRectF ImbalanceView::plotArea(QSizeF size) const
{
    // Left: the widest stage label (bold: the slowest and fastest are); right: the widest total; below: the
    // time axis' labels and the legend's rows at this width.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF metrics(font()), boldMetrics(bold);
    const int stages = int(m_plan.stages.size());
    const double left
        = std::max(kMinLeft, boldMetrics.horizontalAdvance(tr("stage %1").arg(std::max(0, stages - 1))) + 12);
    double right = kMinRight;
    for (const StageEstimate& s : m_plan.stages)
        right = std::max(right, metrics.horizontalAdvance(milliseconds(s.microBatchSeconds())) + 10);
    const labels::Legend legend(legendEntries(), metrics, std::max(1.0, size.width() - left - 8));
    const double bottom = 5 + metrics.height() + 6 + legend.height() + 4;
    return QRectF(
        left, kTop, std::max(1.0, size.width() - left - right), std::max(1.0, size.height() - kTop - bottom));
}

bool ImbalanceView::showsCp() const
{
    if (m_plan.config.cp > 1) return true;
    return std::any_of(m_plan.stages.begin(), m_plan.stages.end(),
        [](const StageEstimate& s) { return s.cpCommSeconds > 0; });
}

bool ImbalanceView::showsRecompute() const
{
    if (m_plan.config.recompute != Recompute::None) return true;
    return std::any_of(m_plan.stages.begin(), m_plan.stages.end(),
        [](const StageEstimate& s) { return s.recomputeSeconds > 0; });
}

bool ImbalanceView::showsEp() const
{
    if (m_plan.config.ep > 1 || m_plan.config.etp > 1) return true;
    return std::any_of(m_plan.stages.begin(), m_plan.stages.end(),
        [](const StageEstimate& s) { return s.epCommSeconds > 0; });
}

double ImbalanceView::maxSeconds() const
{
    double most = 0;
    for (const StageEstimate& s : m_plan.stages)
        most = std::max(most, s.microBatchSeconds());
    return most > 0 ? most : 1;
}

QRectF ImbalanceView::barRect(int stage, int part, QSizeF size) const
{
    if (stage < 0 || stage >= int(m_plan.stages.size()) || part < 0 || part >= PartCount) return {};
    return barRectIn(stage, part, plotArea(size));
}

QRectF ImbalanceView::barRectIn(int stage, int part, const QRectF& area) const
{
    const StageEstimate& s = m_plan.stages[std::size_t(stage)];
    const double rowHeight = area.height() / double(m_plan.stages.size());
    const double pad
        = std::max(std::min(4.0, rowHeight * 0.15), (rowHeight - 40) / 2); // bars at most 40 px thick
    double before = 0;
    for (int p = 0; p < part; ++p)
        before += partSeconds(s, p);
    const double scale = area.width() / maxSeconds();
    return QRectF(area.left() + before * scale, area.top() + stage * rowHeight + pad,
        partSeconds(s, part) * scale, rowHeight - 2 * pad);
}

double ImbalanceView::meanX(QSizeF size) const
{
    double sum = 0;
    for (const StageEstimate& s : m_plan.stages)
        sum += s.microBatchSeconds();
    const QRectF area = plotArea(size);
    return area.left()
        + (m_plan.stages.empty() ? 0 : sum / double(m_plan.stages.size())) / maxSeconds() * area.width();
}

QList<double> ImbalanceView::tickSeconds(QSizeF size) const
{
    if (m_plan.stages.empty()) return {};
    const QRectF area = plotArea(size);
    const QFontMetricsF metrics(font());
    const double span = maxSeconds();
    // The smallest round step (in ms) whose labels keep kTickGap apart.
    for (double step = labels::roundStep(span * 1e3 / 16);; step = labels::roundStep(step * 1.01)) {
        QList<double> ticks;
        double widest = 0;
        for (int i = 0; i * step <= span * 1e3 * (1 + 1e-9); ++i) {
            ticks.append(i * step * 1e-3);
            widest = std::max(widest, metrics.horizontalAdvance(tr("%1 ms").arg(i * step, 0, 'g', 6)));
        }
        if (ticks.size() <= 1 || step * 1e-3 / span * area.width() >= widest + kTickGap) return ticks;
    }
}

QList<int> ImbalanceView::labelledStages(QSizeF size) const
{
    // The slowest and fastest first, then every n-th stage (n = 1, 2, 5, 10, ... as the rows thin out).
    const int stages = int(m_plan.stages.size());
    if (stages == 0) return {};
    const double rowHeight = plotArea(size).height() / stages;
    const double lh = QFontMetricsF(font()).height();
    const int every = rowHeight >= lh ? 1 : int(std::lround(labels::roundStep(lh / rowHeight)));
    QList<int> order { slowestStage() };
    if (fastestStage() != slowestStage()) order.append(fastestStage());
    for (int s = 0; s < stages; s += every)
        if (!order.contains(s)) order.append(s);
    return order;
}

void ImbalanceView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    paintFrame(painter, size);
    const QPalette& pal = palette();
    if (m_plan.stages.empty()) {
        painter.restore();
        return;
    }

    const QRectF area = plotArea(size);
    const QFontMetricsF metrics(font());
    QFont boldFont = font();
    boldFont.setBold(true);
    const QFontMetricsF boldMetrics(boldFont);
    const double lh = metrics.height();
    const int stages = int(m_plan.stages.size());
    const double rowHeight = area.height() / stages;
    const int slowest = slowestStage(), fastest = fastestStage();
    labels::Placer placer; // every label whole, apart from the others and from the bars
    placer.setBounds(QRectF(QPointF(0, 0), size));
    for (int s = 0; s < stages; ++s) {
        const QRectF row(area.left(), area.top() + s * rowHeight, area.width(), rowHeight);
        if (s % 2 && rowHeight >= 3) painter.fillRect(row, pal.color(QPalette::AlternateBase));
        for (int part = 0; part < PartCount; ++part) {
            const QRectF bar = barRectIn(s, part, area);
            painter.fillRect(bar, kPartColours[part]);
            if (bar.width() > 0) placer.avoid(bar);
        }
    }

    // Stage names at the left, the slowest and fastest first (bold), then every n-th where they do not
    // collide.
    painter.setPen(pal.color(QPalette::Text));
    for (const int s : labelledStages(size)) {
        const bool marked = s == slowest || s == fastest;
        const QFontMetricsF& m = marked ? boldMetrics : metrics;
        const QString text = tr("stage %1").arg(s);
        const double w = m.horizontalAdvance(text);
        const double centre
            = std::clamp(area.top() + (s + 0.5) * rowHeight, area.top() + lh / 2, area.bottom() - lh / 2);
        const QRectF label(area.left() - 6 - w, centre - lh / 2, w, lh);
        if (!placer.take(label)) continue;
        painter.setFont(marked ? boldFont : font());
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, text);
    }
    painter.setFont(font());

    // The mean as a dashed line over the bars.
    const double mean = meanX(size);
    painter.setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    painter.drawLine(QPointF(mean, area.top()), QPointF(mean, area.bottom()));

    // Each stage's total after its bar, on a patch of background, where it clears every bar and label
    // (thin rows: the slowest and fastest first, then the others that fit).
    painter.setPen(pal.color(QPalette::Text));
    for (const int s : labelledStages(size)) {
        const QString text = milliseconds(m_plan.stages[std::size_t(s)].microBatchSeconds());
        const QRectF r(barRectIn(s, PartCount - 1, area).right() + 4,
            area.top() + (s + 0.5) * rowHeight - lh / 2, metrics.horizontalAdvance(text) + 2, lh);
        if (!placer.take(r)) continue;
        painter.fillRect(r, pal.color(s % 2 && rowHeight >= 3 ? QPalette::AlternateBase : QPalette::Base));
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, text);
    }

    // Time axis from 0 to the slowest stage, in round steps.
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    const QList<double> ticks = tickSeconds(size);
    for (const double t : ticks) {
        const double x = area.left() + area.width() * t / maxSeconds();
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const QString text = tr("%1 ms").arg(t * 1e3, 0, 'g', 6);
        const double w = metrics.horizontalAdvance(text);
        const QRectF r(std::clamp(x - w / 2, 0.0, size.width() - w), area.bottom() + 5, w, lh);
        if (placer.take(r)) painter.drawText(r, Qt::AlignCenter, text);
    }

    // Legend: the parts and the mean.
    const labels::Legend legend(legendEntries(), metrics, std::max(1.0, size.width() - area.left() - 8));
    legend.paint(painter, QPointF(area.left(), area.bottom() + 5 + lh + 6), pal.color(QPalette::Text));
    painter.restore();
}

QString ImbalanceView::toolTipAt(QPointF pos, QSizeF size) const
{
    const QRectF area = plotArea(size);
    if (m_plan.stages.empty() || pos.y() < area.top() || pos.y() >= area.bottom() || pos.x() < 0
        || pos.x() > size.width())
        return {};
    const int s = std::clamp(int((pos.y() - area.top()) / (area.height() / double(m_plan.stages.size()))), 0,
        int(m_plan.stages.size()) - 1);
    const StageEstimate& st = m_plan.stages[std::size_t(s)];
    QStringList lines { tr("Stage %1: %2 per micro-batch").arg(s).arg(milliseconds(st.microBatchSeconds())) };
    const QStringList names = partNames();
    for (int part = 0; part < PartCount; ++part)
        if (showsPart(part)) lines.append(tr("%1: %2").arg(names[part], milliseconds(partSeconds(st, part))));
    QStringList ranges;
    for (const auto& [first, end] : st.layerRanges)
        ranges.append(tr("%1–%2").arg(first).arg(end - 1));
    lines.append(tr("Layers %1").arg(ranges.join(QStringLiteral(", "))));
    const auto [first, end] = stageDeviceRange(m_plan.config, s);
    lines.append(tr("GPUs %1–%2").arg(first).arg(end - 1));
    return lines.join(QLatin1Char('\n'));
}
