// SPDX-License-Identifier: GPL-3.0-or-later
#include "communication_view.h"

#include <QLocale>
#include <QPainter>
#include <QPaintEvent>

#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {
constexpr double kLeft = 44;    // row labels
constexpr double kTop = PaintedView::kTitleHeight; // title
constexpr double kBottom = 50;  // axis and legend
constexpr double kRight = 16;
constexpr double kMaxBarHeight = 30;

// TP, CP, EP and PP as in the imbalance view; DP exposed, and hidden (hatched) behind backward.
const QColor kColours[CommunicationView::KindCount] = { QColor(230, 140, 40), QColor(120, 170, 50), QColor(205, 75, 160),
                                                        QColor(40, 160, 160), QColor(200, 60, 60), QColor(235, 175, 175) };

void fillBar(QPainter& painter, const QRectF& r, int kind)
{
    painter.fillRect(r, kColours[kind]);
    if (kind == CommunicationView::DpHidden) // hatched: the traffic runs, but behind backward compute
        painter.fillRect(r, QBrush(kColours[CommunicationView::DpExposed], Qt::BDiagPattern));
}

QString qs(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

/// About four axis steps of 1, 2 or 5 x 10^k.
double niceStep(double span)
{
    const double raw = span / 4, magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    return raw <= magnitude ? magnitude : raw <= 2 * magnitude ? 2 * magnitude : raw <= 5 * magnitude ? 5 * magnitude : 10 * magnitude;
}
} // namespace

CommunicationView::CommunicationView(QWidget* parent)
    : PaintedView(parent)
{
    setAutoFillBackground(true);
    setMinimumSize(320, 160);
}

void CommunicationView::setPlan(const PlanEstimate& plan)
{
    m_plan = plan;
    m_hasPlan = !plan.stages.empty(); // a configuration rejected before evaluation has no numbers
    update();
}

void CommunicationView::clearPlan()
{
    m_plan = {};
    m_hasPlan = false;
    update();
}

QString CommunicationView::formatSeconds(double seconds)
{
    return seconds >= 1 ? tr("%1 s").arg(seconds, 0, 'f', 2) : tr("%1 ms").arg(seconds * 1e3, 0, 'f', 1);
}

QString CommunicationView::formatBytes(double bytes)
{
    return QLocale().formattedDataSize(qint64(std::llround(std::max(0.0, bytes))), 1, QLocale::DataSizeIecFormat);
}

double CommunicationView::seconds(Kind kind) const
{
    const CommBreakdown& c = m_plan.comm;
    switch (kind) {
    case Tp: return c.tpSeconds;
    case Cp: return c.cpSeconds;
    case Ep: return c.epSeconds;
    case Pp: return c.ppSeconds;
    case DpExposed: return c.dpExposedSeconds;
    case DpHidden: return std::max(0.0, c.dpSeconds - c.dpExposedSeconds);
    default: return 0;
    }
}

double CommunicationView::share(double secondsPerStep) const
{
    return m_plan.time.stepSeconds > 0 ? 100.0 * secondsPerStep / m_plan.time.stepSeconds : 0;
}

QString CommunicationView::title() const
{
    if (!m_hasPlan)
        return m_plan.infeasibleReason.empty() ? tr("No plan") : tr("No estimate: %1").arg(QString::fromStdString(m_plan.infeasibleReason));
    return tr("Communication: %1 per step exposed (%2 % of the step)")
        .arg(formatSeconds(m_plan.comm.exposedSeconds()))
        .arg(share(m_plan.comm.exposedSeconds()), 0, 'f', 1);
}

bool CommunicationView::showsCp() const
{
    return m_plan.config.cp > 1 || m_plan.comm.cpSeconds > 0 || m_plan.comm.cpBytes > 0;
}

bool CommunicationView::showsEp() const
{
    return m_plan.config.ep > 1 || m_plan.config.etp > 1 || m_plan.comm.epSeconds > 0 || m_plan.comm.epBytes > 0;
}

QList<CommunicationView::Kind> CommunicationView::rows() const
{
    QList<Kind> kinds { Tp };
    if (showsCp())
        kinds.append(Cp);
    if (showsEp())
        kinds.append(Ep);
    kinds.append({ Pp, DpExposed });
    return kinds;
}

int CommunicationView::rowOf(Kind kind) const
{
    return int(rows().indexOf(kind == DpHidden ? DpExposed : kind));
}

QString CommunicationView::rowText(int row) const
{
    const QList<Kind> kinds = rows();
    if (row < 0 || row >= kinds.size())
        return {};
    const CommBreakdown& c = m_plan.comm;
    switch (kinds[row]) {
    case Tp:
        return tr("Tensor parallel (TP %1): %2, %3 per step, %4 % of the step")
            .arg(m_plan.config.tp)
            .arg(formatSeconds(c.tpSeconds), formatBytes(c.tpBytes))
            .arg(share(c.tpSeconds), 0, 'f', 1);
    case Cp:
        // What the K/V exchange leaves exposed after overlapping it with the attention blocks.
        return tr("Context parallel (CP %1, %2): %3 exposed, %4 per step, %5 % of the step")
            .arg(m_plan.config.cp)
            .arg(qs(toString(m_plan.config.cpCommType)), formatSeconds(c.cpSeconds), formatBytes(c.cpBytes))
            .arg(share(c.cpSeconds), 0, 'f', 1);
    case Ep: {
        // The MoE token dispatch and combine (and the ETP gathers): nothing overlaps them.
        const ParallelConfig& p = m_plan.config;
        const QString degree = p.etp > 1 ? tr("EP %1 x ETP %2").arg(p.ep).arg(p.etp) : tr("EP %1").arg(p.ep);
        return tr("Expert parallel all-to-all (%1): %2 exposed, %3 per step, %4 % of the step")
            .arg(degree, formatSeconds(c.epSeconds), formatBytes(c.epBytes))
            .arg(share(c.epSeconds), 0, 'f', 1);
    }
    case Pp:
        return tr("Pipeline parallel (PP %1): %2, %3 per step, %4 % of the step")
            .arg(m_plan.config.pp)
            .arg(formatSeconds(c.ppSeconds), formatBytes(c.ppBytes))
            .arg(share(c.ppSeconds), 0, 'f', 1);
    case DpExposed: {
        // "ZeRO 3, HSDP x2": hybrid sharding's replicas next to the stage.
        const ParallelConfig& p = m_plan.config;
        const QString zero = p.zeroStage > 0 && p.dpReplicate > 1 ? tr("%1, HSDP x%2").arg(p.zeroStage).arg(p.dpReplicate)
                                                                   : QString::number(p.zeroStage);
        return tr("Data parallel (DP %1, ZeRO %2): %3, %4 per step; %5 exposed (%6 % of the step), %7 hidden behind backward")
            .arg(p.dp)
            .arg(zero)
            .arg(formatSeconds(c.dpSeconds), formatBytes(c.dpBytes), formatSeconds(c.dpExposedSeconds))
            .arg(share(c.dpExposedSeconds), 0, 'f', 1)
            .arg(formatSeconds(seconds(DpHidden)));
    }
    default: return {};
    }
}

QRectF CommunicationView::plotArea(QSizeF size) const
{
    return QRectF(kLeft, kTop, std::max(1.0, size.width() - kLeft - kRight), std::max(1.0, size.height() - kTop - kBottom));
}

QRectF CommunicationView::rowRect(int row, QSizeF size) const
{
    const QRectF area = plotArea(size);
    const double h = area.height() / std::max(1, rowCount());
    return QRectF(area.left(), area.top() + row * h, area.width(), h);
}

QRectF CommunicationView::barRect(Kind kind, QSizeF size) const
{
    if (!m_hasPlan || kind < Tp || kind >= KindCount)
        return {};
    const int row = rowOf(kind);
    if (row < 0)
        return {};
    const double most = std::max({ seconds(Tp), seconds(Cp), seconds(Ep), seconds(Pp), seconds(DpExposed) + seconds(DpHidden) });
    const double scale = plotArea(size).width() / (most > 0 ? most : 1);
    const QRectF r = rowRect(row, size);
    const double lh = QFontMetricsF(font()).height();
    const double height = std::clamp(r.height() - lh - 8, 2.0, kMaxBarHeight);
    const double left = r.left() + (kind == DpHidden ? seconds(DpExposed) * scale : 0);
    return QRectF(left, r.top() + lh + 3, seconds(kind) * scale, height);
}

void CommunicationView::render(QPainter& painter, QSizeF size) const
{
    painter.save();
    const QFont titleFont = paintFrame(painter, size);
    const QPalette& pal = palette();
    painter.setFont(titleFont); // this view keeps drawing in bold first
    if (!m_hasPlan) {
        painter.restore();
        return;
    }
    const QFontMetricsF metrics(font());
    const QRectF area = plotArea(size);
    const QList<Kind> kinds = rows();
    for (int row = 0; row < kinds.size(); ++row) {
        const Kind kind = kinds[row];
        const QString label = kind == Tp ? tr("TP") : kind == Cp ? tr("CP") : kind == Ep ? tr("EP") : kind == Pp ? tr("PP") : tr("DP");
        const QRectF r = rowRect(row, size);
        const QRectF bar = barRect(kind, size);
        painter.setFont(titleFont);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(4, bar.top(), kLeft - 10, bar.height()), Qt::AlignRight | Qt::AlignVCenter, label);
        painter.setFont(font());
        painter.drawText(QRectF(r.left(), r.top(), r.width(), metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(rowText(row), Qt::ElideRight, r.width()));
        painter.fillRect(QRectF(area.left(), bar.top(), area.width(), bar.height()), pal.color(QPalette::AlternateBase));
    }
    for (int kind = 0; kind < KindCount; ++kind)
        fillBar(painter, barRect(Kind(kind), size), kind);

    // Seconds axis from 0 to the longest bar, in round steps.
    painter.setPen(pal.color(QPalette::Text));
    painter.drawLine(area.bottomLeft(), area.bottomRight());
    const double most = std::max({ seconds(Tp), seconds(Cp), seconds(Ep), seconds(Pp), seconds(DpExposed) + seconds(DpHidden) });
    const double step = most > 0 ? niceStep(most) : 1;
    for (int i = 0; most > 0 && i * step <= most * (1 + 1e-9); ++i) {
        const double x = area.left() + area.width() * i * step / most;
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const QString text = step >= 1 ? tr("%1 s").arg(i * step, 0, 'g', 6) : tr("%1 ms").arg(i * step * 1e3, 0, 'g', 6);
        const QRectF box = QRectF(x - 40, area.bottom() + 5, 80, metrics.height());
        painter.drawText(box.translated(std::min(0.0, size.width() - 2 - box.right()), 0), Qt::AlignHCenter | Qt::AlignTop, text);
    }

    // Legend.
    const QString names[KindCount] = { tr("TP"), tr("CP, exposed"), tr("EP all-to-all, exposed"), tr("PP"), tr("DP, exposed"),
                                       tr("DP, hidden behind backward") };
    double x = kLeft;
    const double y = size.height() - metrics.height() - 4;
    const double box = metrics.height() - 4;
    for (int kind = 0; kind < KindCount; ++kind) {
        if (rowOf(Kind(kind)) < 0)
            continue;
        fillBar(painter, QRectF(x, y + 2, box * 1.6, box), kind);
        x += box * 1.6 + 5;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(x, y, metrics.horizontalAdvance(names[kind]) + 2, box + 4), Qt::AlignLeft | Qt::AlignVCenter, names[kind]);
        x += metrics.horizontalAdvance(names[kind]) + 18;
    }
    const QString stepText = tr("step: %1").arg(formatSeconds(m_plan.time.stepSeconds));
    painter.drawText(QRectF(x, y, size.width() - x - kRight, box + 4), Qt::AlignRight | Qt::AlignVCenter, stepText);
    painter.restore();
}

QString CommunicationView::toolTipAt(QPointF pos, QSizeF size) const
{
    if (!m_hasPlan)
        return {};
    for (int row = 0; row < rowCount(); ++row) {
        QRectF r = rowRect(row, size);
        r.setLeft(0);
        if (r.contains(pos))
            return rowText(row);
    }
    return {};
}
