// SPDX-License-Identifier: GPL-3.0-or-later
#include "imbalance_view.h"

#include "partition/layer_partition.h"

#include <QPainter>
#include <QPaintEvent>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kLeft = 70;    // stage labels
constexpr double kTop = PaintedView::kTitleHeight; // title
constexpr double kBottom = 50;  // time axis and legend
constexpr double kRight = 70;   // the stage's total at the end of its bar

// TP, CP, EP and PP communication in the communication view's colours.
const QColor kPartColours[ImbalanceView::PartCount] = { QColor(52, 120, 210), QColor(140, 90, 200), QColor(230, 140, 40),
                                                        QColor(120, 170, 50), QColor(205, 75, 160), QColor(40, 160, 160) };

QString milliseconds(double seconds)
{
    return ImbalanceView::tr("%1 ms").arg(seconds * 1e3, 0, 'f', 1);
}

/// About four axis steps of 1, 2 or 5 x 10^k.
double niceStep(double span)
{
    const double raw = span / 4, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    return raw <= magnitude ? magnitude : raw <= 2 * magnitude ? 2 * magnitude : raw <= 5 * magnitude ? 5 * magnitude : 10 * magnitude;
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
    return { tr("Compute"),          tr("Recompute"),        tr("TP communication"),
             tr("CP communication"), tr("EP all-to-all"),    tr("PP communication") };
}

double ImbalanceView::partSeconds(const StageEstimate& stage, int part)
{
    switch (part) {
    case 0: return stage.computeSeconds;
    case 1: return stage.recomputeSeconds;
    case 2: return stage.tpCommSeconds;
    case 3: return stage.cpCommSeconds;
    case 4: return stage.epCommSeconds;
    case 5: return stage.ppCommSeconds;
    default: return 0;
    }
}

int ImbalanceView::slowestStage() const
{
    int slowest = -1;
    for (int s = 0; s < int(m_plan.stages.size()); ++s)
        if (slowest < 0 || m_plan.stages[std::size_t(s)].microBatchSeconds() >= m_plan.stages[std::size_t(slowest)].microBatchSeconds())
            slowest = s;
    return slowest;
}

int ImbalanceView::fastestStage() const
{
    int fastest = -1;
    for (int s = 0; s < int(m_plan.stages.size()); ++s)
        if (fastest < 0 || m_plan.stages[std::size_t(s)].microBatchSeconds() < m_plan.stages[std::size_t(fastest)].microBatchSeconds())
            fastest = s;
    return fastest;
}

double ImbalanceView::imbalance() const
{
    if (m_plan.stages.empty())
        return 1;
    const double fastest = m_plan.stages[std::size_t(fastestStage())].microBatchSeconds();
    return fastest > 0 ? m_plan.stages[std::size_t(slowestStage())].microBatchSeconds() / fastest : 1;
}

QString ImbalanceView::title() const
{
    if (m_plan.stages.empty())
        return m_plan.infeasibleReason.empty() ? tr("No plan") : tr("No estimate: %1").arg(QString::fromStdString(m_plan.infeasibleReason));
    const int slowest = slowestStage(), fastest = fastestStage();
    if (m_plan.stages.size() == 1)
        return tr("Compute imbalance: a single stage, %1 per micro-batch").arg(milliseconds(m_plan.stages[0].microBatchSeconds()));
    return tr("Compute imbalance: slowest / fastest stage = %1 (stage %2: %3, stage %4: %5)")
        .arg(imbalance(), 0, 'f', 2)
        .arg(slowest)
        .arg(milliseconds(m_plan.stages[std::size_t(slowest)].microBatchSeconds()))
        .arg(fastest)
        .arg(milliseconds(m_plan.stages[std::size_t(fastest)].microBatchSeconds()));
}

QRectF ImbalanceView::plotArea(QSizeF size) const
{
    return QRectF(kLeft, kTop, std::max(1.0, size.width() - kLeft - kRight), std::max(1.0, size.height() - kTop - kBottom));
}

bool ImbalanceView::showsCp() const
{
    if (m_plan.config.cp > 1)
        return true;
    return std::any_of(m_plan.stages.begin(), m_plan.stages.end(), [](const StageEstimate& s) { return s.cpCommSeconds > 0; });
}

bool ImbalanceView::showsEp() const
{
    if (m_plan.config.ep > 1 || m_plan.config.etp > 1)
        return true;
    return std::any_of(m_plan.stages.begin(), m_plan.stages.end(), [](const StageEstimate& s) { return s.epCommSeconds > 0; });
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
    if (stage < 0 || stage >= int(m_plan.stages.size()) || part < 0 || part >= PartCount)
        return {};
    const QRectF area = plotArea(size);
    const StageEstimate& s = m_plan.stages[std::size_t(stage)];
    const double rowHeight = area.height() / double(m_plan.stages.size());
    const double pad = std::max(std::min(4.0, rowHeight * 0.15), (rowHeight - 40) / 2); // bars at most 40 px thick
    double before = 0;
    for (int p = 0; p < part; ++p)
        before += partSeconds(s, p);
    const double scale = area.width() / maxSeconds();
    return QRectF(area.left() + before * scale, area.top() + stage * rowHeight + pad, partSeconds(s, part) * scale, rowHeight - 2 * pad);
}

double ImbalanceView::meanX(QSizeF size) const
{
    double sum = 0;
    for (const StageEstimate& s : m_plan.stages)
        sum += s.microBatchSeconds();
    const QRectF area = plotArea(size);
    return area.left() + (m_plan.stages.empty() ? 0 : sum / double(m_plan.stages.size())) / maxSeconds() * area.width();
}

void ImbalanceView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    const QFont titleFont = paintFrame(painter, size);
    const QPalette& pal = palette();
    if (m_plan.stages.empty()) {
        painter.restore();
        return;
    }

    const QRectF area = plotArea(size);
    const QFontMetricsF metrics(font());
    const int stages = int(m_plan.stages.size());
    const double rowHeight = area.height() / stages;
    const int labelEvery = std::max(1, int(std::ceil(metrics.height() / rowHeight))); // thin rows: label every n-th
    const int slowest = slowestStage(), fastest = fastestStage();
    for (int s = 0; s < stages; ++s) {
        const QRectF row(area.left(), area.top() + s * rowHeight, area.width(), rowHeight);
        if (s % 2)
            painter.fillRect(row, pal.color(QPalette::AlternateBase));
        for (int part = 0; part < PartCount; ++part)
            painter.fillRect(barRect(s, part, size), kPartColours[part]);
        if (s % labelEvery == 0 || s == slowest || s == fastest) {
            QFont f = font();
            f.setBold(s == slowest || s == fastest);
            painter.setFont(f);
            painter.setPen(pal.color(QPalette::Text));
            const QRectF label(4, row.center().y() - metrics.height() / 2, kLeft - 8, metrics.height());
            painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, tr("stage %1").arg(s));
            painter.setFont(font());
        }
    }

    // The mean as a dashed line over the bars, then each stage's total on a patch of background.
    const double mean = meanX(size);
    painter.setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
    painter.drawLine(QPointF(mean, area.top()), QPointF(mean, area.bottom()));
    painter.setPen(pal.color(QPalette::Text));
    for (int s = 0; s < stages; ++s) {
        if (rowHeight < metrics.height() * 0.8 && s != slowest && s != fastest)
            continue;
        const QString text = milliseconds(m_plan.stages[std::size_t(s)].microBatchSeconds());
        const QRectF r(barRect(s, PartCount - 1, size).right() + 4, area.top() + (s + 0.5) * rowHeight - metrics.height() / 2,
                       metrics.horizontalAdvance(text) + 2, metrics.height());
        painter.fillRect(r, pal.color(s % 2 ? QPalette::AlternateBase : QPalette::Base));
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, text);
    }

    // Time axis from 0 to the slowest stage, in round steps.
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    const double span = maxSeconds(), step = niceStep(span);
    for (int i = 0; i * step <= span * (1 + 1e-9); ++i) {
        const double x = area.left() + area.width() * i * step / span;
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const QString text = tr("%1 ms").arg(i * step * 1e3, 0, 'g', 6);
        painter.drawText(QRectF(x - 40, area.bottom() + 5, 80, metrics.height()), Qt::AlignHCenter | Qt::AlignTop, text);
    }

    // Legend: the parts and the mean.
    double x = kLeft;
    const double y = size.height() - metrics.height() - 4;
    const double box = metrics.height() - 4;
    const QStringList names = partNames();
    for (int part = 0; part <= PartCount; ++part) {
        if (part < PartCount && !showsPart(part))
            continue;
        const QRectF swatch(x, y + 2, box * 1.6, box);
        QString text;
        if (part < PartCount) {
            painter.fillRect(swatch, kPartColours[part]);
            text = names[part];
        } else {
            painter.setPen(QPen(pal.color(QPalette::Text), 1.5, Qt::DashLine));
            painter.drawLine(QPointF(swatch.center().x(), swatch.top()), QPointF(swatch.center().x(), swatch.bottom()));
            double sum = 0;
            for (const StageEstimate& st : m_plan.stages)
                sum += st.microBatchSeconds();
            text = tr("mean %1").arg(milliseconds(sum / stages));
        }
        x += box * 1.6 + 5;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(x, y, metrics.horizontalAdvance(text) + 2, box + 4), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += metrics.horizontalAdvance(text) + 18;
    }
    painter.restore();
}

QString ImbalanceView::toolTipAt(QPointF pos, QSizeF size) const
{
    const QRectF area = plotArea(size);
    if (m_plan.stages.empty() || pos.y() < area.top() || pos.y() >= area.bottom() || pos.x() < 0 || pos.x() > size.width())
        return {};
    const int s = std::clamp(int((pos.y() - area.top()) / (area.height() / double(m_plan.stages.size()))), 0, int(m_plan.stages.size()) - 1);
    const StageEstimate& st = m_plan.stages[std::size_t(s)];
    QStringList lines { tr("Stage %1: %2 per micro-batch").arg(s).arg(milliseconds(st.microBatchSeconds())) };
    const QStringList names = partNames();
    for (int part = 0; part < PartCount; ++part)
        if (showsPart(part))
            lines.append(tr("%1: %2").arg(names[part], milliseconds(partSeconds(st, part))));
    QStringList ranges;
    for (const auto& [first, end] : st.layerRanges)
        ranges.append(tr("%1–%2").arg(first).arg(end - 1));
    lines.append(tr("Layers %1").arg(ranges.join(QStringLiteral(", "))));
    const auto [first, end] = stageDeviceRange(m_plan.config, s);
    lines.append(tr("GPUs %1–%2").arg(first).arg(end - 1));
    return lines.join(QLatin1Char('\n'));
}
