// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeline_view.h"

#include "label_layout.h"

#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kTop = PaintedView::kTitleHeight; // title
constexpr double kRight = 12;
constexpr double kTickGap = 16; // least space between two tick labels
const QColor kForwardColour(52, 120, 210);
const QColor kBackwardColour(60, 160, 90);
const QColor kPhaseShade(120, 120, 140, 45);
constexpr int kWeightGradLighter = 150; // weight-gradient passes: this much lighter than input gradients
constexpr double kMinVisibleShare = 1e-4; // the deepest zoom: this share of the axis

QString milliseconds(double seconds)
{
    return QLocale().toString(seconds * 1e3, 'f', 2);
}
} // namespace

TimelineView::TimelineView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 160);
    setFocusPolicy(Qt::ClickFocus);
}

void TimelineView::setTimeline(PipelineTimeline timeline, Recompute recompute)
{
    m_timeline = std::move(timeline);
    m_recompute = recompute;
    const auto has = [&](PassKind kind) {
        return std::any_of(m_timeline.passes.begin(), m_timeline.passes.end(),
            [kind](const ScheduleSlot& s) { return s.pass == kind; });
    };
    m_hasBackward = has(PassKind::Backward);
    m_hasWeightGrad = has(PassKind::WeightGrad);
    m_emptyReason.clear();
    m_visibleStart = m_visibleEnd = 0;
    update();
}

void TimelineView::clearTimeline(const QString& reason)
{
    setTimeline({});
    m_emptyReason = reason;
    update();
}

QString TimelineView::title() const
{
    if (m_timeline.passes.empty())
        return m_emptyReason.isEmpty() ? tr("No pipeline schedule") : m_emptyReason;
    QString schedule;
    switch (m_timeline.schedule) {
    case Schedule::GPipe:
        schedule = tr("GPipe");
        break;
    case Schedule::OneFOneB:
        schedule = tr("1F1B");
        break;
    case Schedule::Interleaved1F1B:
        schedule = tr("Interleaved 1F1B (%1 chunks per stage)").arg(m_timeline.chunks);
        break;
    case Schedule::ZeroBubbleH1:
        schedule = tr("Zero bubble H1");
        break;
    case Schedule::InterleavedZeroBubble:
        schedule = tr("Interleaved zero bubble (%1 chunks per stage)").arg(m_timeline.chunks);
        break;
    case Schedule::ZeroBubbleV:
        schedule = tr("Zero bubble V (2 chunks per stage)");
        break;
    }
    return tr("%1, %2 stages, %3 micro-batches: the bubble is %4 % of the step")
        .arg(schedule)
        .arg(m_timeline.stages)
        .arg(m_timeline.microBatches)
        .arg(100.0 * m_timeline.bubbleFraction(), 0, 'f', 1);
}

QString TimelineView::compactTitle() const
{
    if (m_timeline.passes.empty())
        return m_emptyReason.isEmpty() ? tr("No pipeline schedule") : tr("No schedule");
    return tr("%1 stages, %2 micro-batches: bubble %3 %")
        .arg(m_timeline.stages)
        .arg(m_timeline.microBatches)
        .arg(100.0 * m_timeline.bubbleFraction(), 0, 'f', 1);
}

// ---- the time axis ---------------------------------------------------------------------------------

void TimelineView::setTimeRange(double seconds)
{
    m_sharedRange = std::isfinite(seconds) && seconds > 0 ? seconds : 0;
    m_visibleStart = m_visibleEnd = 0;
    update();
}

double TimelineView::timeRange() const
{
    const double range = std::max(m_sharedRange, m_timeline.makespan);
    return range > 0 ? range : 1;
}

void TimelineView::setVisibleRange(double startSeconds, double endSeconds)
{
    const double range = timeRange();
    if (!std::isfinite(startSeconds) || !std::isfinite(endSeconds)) return;
    double span = std::clamp(endSeconds - startSeconds, range * kMinVisibleShare, range);
    if (span >= range * (1 - 1e-9)) {
        resetZoom();
        return;
    }
    const double start = std::clamp(startSeconds, 0.0, range - span);
    m_visibleStart = start;
    m_visibleEnd = start + span;
    update();
}

void TimelineView::zoom(double factor, double anchorSeconds)
{
    if (!(factor > 0) || !std::isfinite(factor)) return;
    const double start = visibleStart(), span = visibleEnd() - start;
    const double wanted = std::clamp(span * factor, timeRange() * kMinVisibleShare, timeRange());
    const double anchor = std::clamp(anchorSeconds, start, start + span);
    const double newStart = anchor - (anchor - start) * wanted / span;
    setVisibleRange(newStart, newStart + wanted);
}

void TimelineView::resetZoom()
{
    m_visibleStart = m_visibleEnd = 0;
    update();
}

bool TimelineView::isZoomed() const
{
    return m_visibleEnd > 0;
}

QString TimelineView::axisUnit() const
{
    return visibleEnd() - visibleStart() < 2 ? tr("ms") : tr("s");
}

double TimelineView::unitScale() const
{
    return visibleEnd() - visibleStart() < 2 ? 1e3 : 1;
}

QString TimelineView::tickText(double seconds, double step) const
{
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    return QLocale().toString(seconds * unitScale(), 'f', decimals);
}

double TimelineView::xOf(double seconds, const QRectF& plot) const
{
    return plot.left() + (seconds - visibleStart()) / (visibleEnd() - visibleStart()) * plot.width();
}

double TimelineView::secondsAt(double x, const QRectF& plot) const
{
    return visibleStart() + (x - plot.left()) / plot.width() * (visibleEnd() - visibleStart());
}

QList<double> TimelineView::tickSeconds(QSizeF size) const
{
    const QRectF plot = plotArea(size);
    const QFontMetricsF metrics(font());
    const double u = unitScale(), from = visibleStart() * u, to = visibleEnd() * u, span = to - from;
    // The smallest round step whose labels keep kTickGap apart.
    for (double step = labels::roundStep(span / 16);; step = labels::roundStep(step * 1.01)) {
        QList<double> ticks;
        double widest = 0;
        for (double k = std::ceil(from / step - 1e-9); k * step <= to + step * 1e-9; ++k) {
            ticks.append(k * step / u);
            widest = std::max(widest, metrics.horizontalAdvance(tickText(k * step / u, step)));
        }
        if (ticks.size() <= 1 || step / span * plot.width() >= widest + kTickGap) return ticks;
    }
}

// ---- layout ------------------------------------------------------------------------------------------

QList<TimelineView::LegendItem> TimelineView::legendItems() const
{
    QList<LegendItem> items;
    if (m_timeline.passes.empty()) return items;
    const bool split = m_hasWeightGrad;
    items.append({ { tr("forward pass"), tr("forward") }, kForwardColour });
    // What the backward pass holds: recomputation only when the plan recomputes.
    QStringList backward;
    if (m_recompute == Recompute::Full)
        backward = split
            ? QStringList { tr("input gradients (B), with full recomputation"), tr("input gradients (B)") }
            : QStringList { tr("backward pass, with full recomputation"), tr("backward pass") };
    else if (m_recompute == Recompute::Selective)
        backward = split
            ? QStringList { tr("input gradients (B), with selective recomputation"),
                  tr("input gradients (B)") }
            : QStringList { tr("backward pass, with selective recomputation"), tr("backward pass") };
    else
        backward = split ? QStringList { tr("input gradients (B)") }
                         : QStringList { tr("backward pass"), tr("backward") };
    if (m_hasBackward) items.append({ backward, kBackwardColour });
    if (split)
        items.append({ { tr("weight gradients (W), deferred into the bubble"), tr("weight gradients (W)") },
            kBackwardColour.lighter(kWeightGradLighter), true });
    if (m_timeline.chunks > 1)
        items.append({ { tr("later model chunks are lighter"), tr("later chunks lighter") },
            kForwardColour.lighter(170) });
    items.append({ { tr("warm-up and drain (shaded)"), tr("warm-up, drain") }, kPhaseShade });
    if (m_timeline.bubbleFraction() > 0)
        items.append(
            { { tr("idle: the pipeline bubble"), tr("idle (bubble)") }, palette().color(QPalette::Base) });
    return items;
}

QStringList TimelineView::legendTexts() const
{
    QStringList texts;
    for (const LegendItem& item : legendItems())
        texts.append(item.texts.front());
    return texts;
}

double TimelineView::leftWidth() const
{
    const QFontMetricsF metrics(font());
    return std::max(
        40.0, metrics.horizontalAdvance(tr("stage %1").arg(std::max(0, m_timeline.stages - 1))) + 12);
}

double TimelineView::bottomHeight(QSizeF size) const
{
    const QFontMetricsF metrics(font());
    QList<labels::LegendEntry> entries;
    for (const LegendItem& item : legendItems())
        entries.append({ item.texts, {} });
    const labels::Legend legend(entries, metrics, std::max(1.0, size.width() - 16));
    return 4 + metrics.height() + 2 + metrics.height() + 4 + legend.height() + 4;
}

TimelineView::Layout TimelineView::layout(QSizeF size) const
{
    const QFontMetricsF metrics(font());
    Layout l;
    l.phaseTop = kTop;
    const double top = kTop + metrics.height() + 6;
    const double left = leftWidth();
    const double bottom = bottomHeight(size);
    l.plot = QRectF(
        left, top, std::max(1.0, size.width() - left - kRight), std::max(1.0, size.height() - top - bottom));
    l.axisTitleTop = l.plot.bottom() + 4 + metrics.height() + 2;
    l.legendTop = l.axisTitleTop + metrics.height() + 4;
    return l;
}

QRectF TimelineView::plotArea(QSizeF size) const
{
    return layout(size).plot;
}

int TimelineView::rowLabelStep(QSizeF size) const
{
    const double rowHeight = plotArea(size).height() / std::max(1, m_timeline.stages);
    const double lh = QFontMetricsF(font()).height();
    return rowHeight >= lh ? 1 : int(std::lround(labels::roundStep(lh / rowHeight)));
}

QRectF TimelineView::passRect(const ScheduleSlot& pass, QSizeF size) const
{
    return passRectIn(pass, plotArea(size));
}

QRectF TimelineView::passRectIn(const ScheduleSlot& pass, const QRectF& area) const
{
    const double rowHeight = area.height() / std::max(1, m_timeline.stages);
    const double pad = std::min(2.0, rowHeight * 0.12);
    const double x0 = xOf(pass.start, area), x1 = xOf(pass.end, area);
    return QRectF(x0, area.top() + pass.stage * rowHeight + pad, std::max(0.5, x1 - x0), rowHeight - 2 * pad);
}

QList<TimelineView::Phase> TimelineView::phases() const
{
    if (m_timeline.passes.empty()) return {};
    double firstBackward = m_timeline.makespan, lastForward = 0;
    for (const ScheduleSlot& s : m_timeline.passes) {
        if (s.pass == PassKind::Backward)
            firstBackward = std::min(firstBackward, s.start);
        else if (s.pass == PassKind::Forward)
            lastForward = std::max(lastForward, s.end);
    }
    QList<Phase> out { { tr("warm-up"), 0, firstBackward } };
    if (lastForward > firstBackward) out.append({ tr("steady state"), firstBackward, lastForward });
    out.append({ tr("drain"), std::max(firstBackward, lastForward), m_timeline.makespan });
    return out;
}

QString TimelineView::passName(const ScheduleSlot& pass) const
{
    const bool split = isZeroBubble(m_timeline.schedule);
    QString name = pass.pass == PassKind::Forward ? tr("forward")
        : pass.pass == PassKind::WeightGrad       ? tr("weight gradient (W)")
        : split                                   ? tr("input gradient (B)")
                                                  : tr("backward");
    if (pass.pass == PassKind::Backward && m_recompute != Recompute::None)
        name = tr("%1 with recomputation").arg(name);
    return m_timeline.chunks > 1 ? tr("%1 (chunk %2)").arg(name).arg(pass.chunk) : name;
}

const ScheduleSlot* TimelineView::passAt(QPointF pos, QSizeF size) const
{
    const QRectF plot = plotArea(size);
    if (!plot.contains(pos)) return nullptr;
    for (const ScheduleSlot& pass : m_timeline.passes)
        if (passRectIn(pass, plot).contains(pos)) return &pass;
    return nullptr;
}

QString TimelineView::toolTipAt(QPointF pos, QSizeF size) const
{
    const ScheduleSlot* pass = passAt(pos, size);
    if (!pass) return {};
    QString phase;
    for (const Phase& p : phases())
        if (pass->start >= p.start - 1e-12 && pass->start < p.end) phase = p.name;
    return tr("Stage %1, micro-batch %2: %3\n%4 ms to %5 ms (%6 ms), in the %7")
        .arg(pass->stage)
        .arg(pass->microBatch)
        .arg(passName(*pass), milliseconds(pass->start), milliseconds(pass->end),
            milliseconds(pass->end - pass->start), phase);
}

// ---- painting ----------------------------------------------------------------------------------------

void TimelineView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    paintFrame(painter, size);
    const QPalette& pal = palette();
    if (m_timeline.passes.empty()) {
        painter.restore();
        return;
    }
    const QFontMetricsF metrics(font());
    const double lh = metrics.height();
    const Layout l = layout(size);
    const QRectF area = l.plot;
    const int stages = std::max(1, m_timeline.stages);
    const double rowHeight = area.height() / stages;

    // Rows, the warm-up and drain shaded, then the passes, all clipped to the plot (zoomed passes run out of
    // it).
    painter.save();
    painter.setClipRect(area);
    if (rowHeight >= 3)
        for (int s = 1; s < stages; s += 2)
            painter.fillRect(QRectF(area.left(), area.top() + s * rowHeight, area.width(), rowHeight),
                pal.color(QPalette::AlternateBase));
    const QList<Phase> phaseList = phases();
    for (const Phase& p : phaseList)
        if (&p == &phaseList.front() || &p == &phaseList.back())
            painter.fillRect(
                QRectF(QPointF(xOf(p.start, area), area.top()), QPointF(xOf(p.end, area), area.bottom())),
                kPhaseShade);
    const double start = visibleStart(), end = visibleEnd();
    QFont small = font();
    small.setPointSizeF(std::max(5.0, font().pointSizeF() * 0.75));
    const QFontMetricsF smallMetrics(small);
    for (const ScheduleSlot& pass : m_timeline.passes) {
        if (pass.end < start || pass.start > end) continue;
        const QRectF r = passRectIn(pass, area);
        const int lighter = 100
            + 70 * pass.chunk / std::max(1, m_timeline.chunks - 1); // the last chunk still far from white
        const QColor fill
            = (pass.pass == PassKind::Forward ? kForwardColour : kBackwardColour).lighter(lighter);
        if (pass.pass == PassKind::WeightGrad) {
            // Weight gradients: a lighter shade of the backward colour, hatched with it, so that they stay
            // apart from a later chunk's (lighter) input gradients.
            painter.fillRect(r, fill.lighter(kWeightGradLighter));
            painter.fillRect(r, QBrush(fill, Qt::BDiagPattern));
        } else {
            painter.fillRect(r, fill);
        }
        if (r.width() > 6 && r.height() > 3) { // a hairline between neighbouring passes keeps them apart
            painter.setPen(pal.color(QPalette::Base));
            painter.drawLine(r.topLeft(), r.bottomLeft());
        }
        // The micro-batch number, centred in the part of the pass in view, where it fits whole (in a smaller
        // font where the rows are thin).
        const QRectF seen = r.intersected(area);
        const QString label = QString::number(pass.microBatch);
        const QFontMetricsF& m = lh <= seen.height() ? metrics : smallMetrics;
        if (m.horizontalAdvance(label) + 4 < seen.width() && m.height() <= seen.height()) {
            painter.setFont(&m == &metrics ? font() : small);
            painter.setPen(
                pass.pass == PassKind::WeightGrad ? kBackwardColour.darker(250) : QColor(Qt::white));
            painter.drawText(seen, Qt::AlignCenter, label);
        }
    }
    painter.setFont(font());
    painter.restore();

    labels::Placer placer;
    placer.setBounds(QRectF(QPointF(0, 0), size));
    // The phases named above the plot: a bracket over each, its name where it fits.
    painter.setPen(pal.color(QPalette::Mid));
    for (const Phase& p : phaseList) {
        const double x0 = std::max(area.left(), xOf(p.start, area)),
                     x1 = std::min(area.right(), xOf(p.end, area));
        if (x1 - x0 < 2) continue;
        const double y = area.top() - 3;
        painter.setPen(pal.color(QPalette::Mid));
        painter.drawLine(QPointF(x0 + 1, y), QPointF(x1 - 1, y));
        painter.drawLine(QPointF(x0 + 1, y), QPointF(x0 + 1, y - 3));
        painter.drawLine(QPointF(x1 - 1, y), QPointF(x1 - 1, y - 3));
        const double w = metrics.horizontalAdvance(p.name);
        const QRectF text((x0 + x1 - w) / 2, l.phaseTop + 1, w, lh);
        if (w + 6 <= x1 - x0 && placer.take(text)) {
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(text, Qt::AlignCenter, p.name);
        }
    }

    // Row labels: every n-th stage where the rows are thin, the last one where it does not collide.
    painter.setPen(pal.color(QPalette::Text));
    const int step = rowLabelStep(size);
    QList<int> labelled;
    for (int s = 0; s < stages; s += step)
        labelled.append(s);
    if (labelled.back() != stages - 1) labelled.append(stages - 1);
    for (const int s : labelled) {
        const QString text = tr("stage %1").arg(s);
        const double w = metrics.horizontalAdvance(text);
        const double centre
            = std::clamp(area.top() + (s + 0.5) * rowHeight, area.top() + lh / 2, area.bottom() - lh / 2);
        const QRectF r(area.left() - 6 - w, centre - lh / 2, w, lh);
        if (placer.take(r)) painter.drawText(r, Qt::AlignRight | Qt::AlignVCenter, text);
    }

    // Time axis: round ticks in the visible span, the unit in the axis title.
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    const QList<double> ticks = tickSeconds(size);
    const double tickStep = ticks.size() > 1 ? (ticks[1] - ticks[0]) * unitScale() : 1;
    for (const double t : ticks) {
        const double x = xOf(t, area);
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const QString text = tickText(t, tickStep);
        const double w = metrics.horizontalAdvance(text);
        const QRectF r(std::clamp(x - w / 2, 0.0, size.width() - w), area.bottom() + 5, w, lh);
        if (placer.take(r)) painter.drawText(r, Qt::AlignCenter, text);
    }
    const QString unit = axisUnit();
    const QString zoomed = tr("%1 to %2 %3 of the step")
                               .arg(tickText(start, unitScale() > 1 ? 0.1 : 0.001),
                                   tickText(end, unitScale() > 1 ? 0.1 : 0.001), unit);
    const QStringList axisTitles = isZoomed()
        ? QStringList { tr("time in the step (%1), zoomed to %2: double-click to show the whole step")
                            .arg(unit, zoomed),
              tr("time in the step (%1), zoomed: double-click to reset").arg(unit),
              tr("time (%1), zoomed").arg(unit) }
        : QStringList { tr("time from the start of the step (%1); the wheel zooms, dragging pans").arg(unit),
              tr("time from the start of the step (%1)").arg(unit), tr("time (%1)").arg(unit) };
    const QString axisTitle = labels::fitting(metrics, axisTitles, area.width());
    if (!axisTitle.isEmpty()) {
        const double w = metrics.horizontalAdvance(axisTitle);
        const QRectF r(area.center().x() - w / 2, l.axisTitleTop, w, lh);
        if (placer.take(r)) painter.drawText(r, Qt::AlignCenter, axisTitle);
    }

    // Legend: what the colours mean, only what this schedule has.
    QList<labels::LegendEntry> entries;
    for (const LegendItem& item : legendItems())
        entries.append({ item.texts, [item, &pal](QPainter& p, const QRectF& r) {
                            p.fillRect(r, item.colour);
                            if (item.hatched) p.fillRect(r, QBrush(kBackwardColour, Qt::BDiagPattern));
                            p.setPen(pal.color(QPalette::Mid));
                            p.drawRect(r);
                        } });
    const labels::Legend legend(entries, metrics, std::max(1.0, size.width() - 16));
    legend.paint(painter, QPointF(8, l.legendTop), pal.color(QPalette::Text));
    painter.restore();
}

// ---- interaction -------------------------------------------------------------------------------------

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0 || m_timeline.passes.empty()) {
        event->ignore();
        return;
    }
    zoom(std::pow(0.8, steps), secondsAt(event->position().x(), plotArea(size())));
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !isZoomed()) return PaintedView::mousePressEvent(event);
    m_dragging = true;
    m_dragX = event->position().x();
    m_dragStart = visibleStart();
    setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging) return PaintedView::mouseMoveEvent(event);
    const QRectF plot = plotArea(size());
    const double span = visibleEnd() - visibleStart();
    const double shift = (event->position().x() - m_dragX) / plot.width() * span;
    setVisibleRange(m_dragStart - shift, m_dragStart - shift + span);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (!m_dragging) return PaintedView::mouseReleaseEvent(event);
    m_dragging = false;
    unsetCursor();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) resetZoom();
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const double centre = (visibleStart() + visibleEnd()) / 2;
    switch (event->key()) {
    case Qt::Key_Home:
    case Qt::Key_0:
        resetZoom();
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoom(0.5, centre);
        break;
    case Qt::Key_Minus:
        zoom(2, centre);
        break;
    default:
        PaintedView::keyPressEvent(event);
    }
}
