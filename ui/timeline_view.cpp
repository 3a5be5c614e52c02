// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline_view.h"

#include <QPainter>
#include <QPaintEvent>

using namespace shardscope;

namespace {
constexpr double kLeft = 70;    // stage labels
constexpr double kTop = PaintedView::kTitleHeight; // title
constexpr double kBottom = 46;  // time axis and legend
constexpr double kRight = 12;
const QColor kForwardColour(52, 120, 210);
const QColor kBackwardColour(60, 160, 90);
constexpr int kWeightGradLighter = 150; // weight-gradient passes: this much lighter than input gradients
} // namespace

TimelineView::TimelineView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 160);
}

void TimelineView::setTimeline(PipelineTimeline timeline)
{
    m_timeline = std::move(timeline);
    m_emptyReason.clear();
    setToolTip(title());
    update();
}

void TimelineView::clearTimeline(const QString& reason)
{
    setTimeline({});
    m_emptyReason = reason;
    setToolTip(reason);
    update();
}

QString TimelineView::title() const
{
    if (m_timeline.passes.empty())
        return m_emptyReason.isEmpty() ? tr("No pipeline schedule") : m_emptyReason;
    QString schedule;
    switch (m_timeline.schedule) {
    case Schedule::GPipe: schedule = tr("GPipe"); break;
    case Schedule::OneFOneB: schedule = tr("1F1B"); break;
    case Schedule::Interleaved1F1B: schedule = tr("Interleaved 1F1B (%1 chunks per stage)").arg(m_timeline.chunks); break;
    case Schedule::ZeroBubbleH1: schedule = tr("Zero bubble H1"); break;
    case Schedule::InterleavedZeroBubble: schedule = tr("Interleaved zero bubble (%1 chunks per stage)").arg(m_timeline.chunks); break;
    case Schedule::ZeroBubbleV: schedule = tr("Zero bubble V (2 chunks per stage)"); break;
    }
    return tr("%1, %2 stages, %3 micro-batches: the bubble is %4 % of the step")
        .arg(schedule)
        .arg(m_timeline.stages)
        .arg(m_timeline.microBatches)
        .arg(100.0 * m_timeline.bubbleFraction(), 0, 'f', 1);
}

QRectF TimelineView::plotArea(QSizeF size) const
{
    return QRectF(kLeft, kTop, std::max(1.0, size.width() - kLeft - kRight), std::max(1.0, size.height() - kTop - kBottom));
}

QRectF TimelineView::passRect(const ScheduleSlot& pass, QSizeF size) const
{
    const QRectF area = plotArea(size);
    const double span = m_timeline.makespan > 0 ? m_timeline.makespan : 1;
    const double rowHeight = area.height() / std::max(1, m_timeline.stages);
    const double x0 = area.left() + pass.start / span * area.width();
    const double x1 = area.left() + pass.end / span * area.width();
    return QRectF(x0, area.top() + pass.stage * rowHeight + 2, std::max(0.5, x1 - x0), rowHeight - 4);
}

void TimelineView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    const QFont titleFont = paintFrame(painter, size);
    const QPalette& pal = palette();

    const QRectF area = plotArea(size);
    const double rowHeight = area.height() / std::max(1, m_timeline.stages);
    for (int s = 0; s < m_timeline.stages; ++s) {
        const QRectF row(area.left(), area.top() + s * rowHeight, area.width(), rowHeight);
        painter.fillRect(row, s % 2 ? pal.color(QPalette::AlternateBase) : pal.color(QPalette::Base));
        painter.drawText(QRectF(4, row.top(), kLeft - 8, rowHeight), Qt::AlignRight | Qt::AlignVCenter, tr("stage %1").arg(s));
    }
    const QFontMetricsF metrics(font());
    for (const ScheduleSlot& pass : m_timeline.passes) {
        const QRectF r = passRect(pass, size);
        const int lighter = 100 + 70 * pass.chunk / std::max(1, m_timeline.chunks - 1); // the last chunk still far from white
        const QColor fill = (pass.pass == PassKind::Forward ? kForwardColour : kBackwardColour).lighter(lighter);
        if (pass.pass == PassKind::WeightGrad) {
            // Weight gradients: a lighter shade of the backward colour, hatched with it, so that they stay
            // apart from a later chunk's (lighter) input gradients.
            painter.fillRect(r, fill.lighter(kWeightGradLighter));
            painter.fillRect(r, QBrush(fill, Qt::BDiagPattern));
        } else {
            painter.fillRect(r, fill);
        }
        if (r.width() > 3) { // a hairline between neighbouring passes keeps them apart
            painter.setPen(pal.color(QPalette::Base));
            painter.drawLine(r.topLeft(), r.bottomLeft());
        }
        const QString label = QString::number(pass.microBatch);
        if (metrics.horizontalAdvance(label) + 4 < r.width() && metrics.height() < r.height()) {
            painter.setPen(pass.pass == PassKind::WeightGrad ? kBackwardColour.darker(250) : QColor(Qt::white));
            painter.drawText(r, Qt::AlignCenter, label);
        }
    }
    // Time axis: the step from 0 to the makespan.
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    const double span = m_timeline.makespan;
    for (int i = 0; i <= 4 && span > 0; ++i) {
        const double x = area.left() + area.width() * i / 4.0;
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const double t = span * i / 4.0;
        const QString text = span < 1 ? tr("%1 ms").arg(t * 1e3, 0, 'f', 0) : tr("%1 s").arg(t, 0, 'f', 2);
        painter.drawText(QRectF(x - 40, area.bottom() + 5, 80, 18), Qt::AlignHCenter | Qt::AlignTop, text);
    }
    // Legend: what the colours mean, and that blank space is the bubble.
    struct LegendEntry
    {
        QColor colour;
        QString text;
        bool hatched = false;
    };
    const bool split = isZeroBubble(m_timeline.schedule);
    QList<LegendEntry> legend { { kForwardColour, tr("forward pass") },
                                { kBackwardColour, split ? tr("input gradients (with recomputation)")
                                                         : tr("backward pass (with recomputation)") } };
    if (split)
        legend.append({ kBackwardColour.lighter(kWeightGradLighter), tr("weight gradients, deferred into the bubble"), true });
    if (m_timeline.chunks > 1)
        legend.append({ kForwardColour.lighter(170), tr("later model chunks are lighter") });
    legend.append({ pal.color(QPalette::Base), tr("idle: the pipeline bubble") });
    double x = area.left();
    const double y = size.height() - 18;
    for (const auto& [colour, text, hatched] : legend) {
        painter.fillRect(QRectF(x, y + 3, 12, 10), colour);
        if (hatched)
            painter.fillRect(QRectF(x, y + 3, 12, 10), QBrush(kBackwardColour, Qt::BDiagPattern));
        painter.setPen(pal.color(QPalette::Mid));
        painter.drawRect(QRectF(x, y + 3, 12, 10));
        painter.setPen(pal.color(QPalette::Text));
        const double w = metrics.horizontalAdvance(text);
        painter.drawText(QRectF(x + 16, y, w + 4, 16), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += 16 + w + 18;
    }
    painter.restore();
}
