// SPDX-License-Identifier: GPL-3.0-or-later
#include "proposal_list_model.h"

#include "message_text.h"
#include <QApplication>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kSameSpeed = 0.005; ///< within 0.5 %: the same speed for a user
constexpr double kGiB = 1024.0 * 1024 * 1024;

bool darkPalette() { return QGuiApplication::palette().color(QPalette::Window).lightness() < 128; }

QColor goodColor() { return darkPalette() ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32); }
QColor badColor() { return darkPalette() ? QColor(0xef, 0x9a, 0x9a) : QColor(0xc6, 0x28, 0x28); }

/// A small arrow (up: good, down: bad) or a dash (neither) in the row's colour.
QIcon arrowIcon(int good)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    if (good == 0) {
        p.setBrush(QGuiApplication::palette().color(QPalette::PlaceholderText));
        p.drawRect(QRectF(3, 7, 10, 2));
        return QIcon(pixmap);
    }
    p.setBrush(good > 0 ? goodColor() : badColor());
    QPainterPath path;
    if (good > 0) {
        path.moveTo(8, 2);
        path.lineTo(14, 9);
        path.lineTo(2, 9);
    } else {
        path.moveTo(8, 14);
        path.lineTo(14, 7);
        path.lineTo(2, 7);
    }
    path.closeSubpath();
    p.drawPath(path);
    p.drawRect(good > 0 ? QRectF(6, 9, 4, 5) : QRectF(6, 2, 4, 5));
    return QIcon(pixmap);
}

bool changesThroughput(shardscope::ProposalKind kind)
{
    // Their speedup compares tokens/s: the step's work changes with the batch or the cluster.
    return kind == shardscope::ProposalKind::GlobalBatch || kind == shardscope::ProposalKind::ClusterSize;
}

} // namespace

ProposalListModel::ProposalListModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ProposalListModel::setPlan(const shardscope::PlanEstimate& plan)
{
    beginResetModel();
    m_entries.clear();
    m_proposals.clear();
    m_currentFits = plan.feasible;
    if (!plan.feasible)
        m_entries.append({ Infeasible, tr("Does not fit: %1").arg(QString::fromStdString(plan.infeasibleReason)) });
    for (const std::string& w : plan.warnings)
        m_entries.append({ Warning, QString::fromStdString(w) });
    endResetModel();
}

bool ProposalListModel::helps(const shardscope::Proposal& p, bool currentFits)
{
    return p.feasible && (p.speedup > 1 + kSameSpeed || !currentFits);
}

int ProposalListModel::goodness(const shardscope::Proposal& p, bool currentFits)
{
    if (helps(p, currentFits))
        return 1;
    if (!p.feasible || p.speedup < 1 - kSameSpeed)
        return -1;
    return 0;
}

void ProposalListModel::setProposals(std::vector<shardscope::Proposal> proposals)
{
    beginResetModel();
    m_entries.erase(std::remove_if(m_entries.begin(), m_entries.end(),
                                   [](const Entry& e) { return e.kind == Proposal || e.kind == Note || e.kind == Header; }),
                    m_entries.end());
    m_proposals = std::move(proposals);
    // Indices into m_proposals, in the two groups: those that help fastest first, then the rest in the engine's order.
    std::vector<int> helping, other;
    for (std::size_t i = 0; i < m_proposals.size(); ++i)
        (helps(m_proposals[i], m_currentFits) ? helping : other).push_back(int(i));
    std::stable_sort(helping.begin(), helping.end(),
                     [&](int a, int b) { return m_proposals[std::size_t(a)].speedup > m_proposals[std::size_t(b)].speedup; });
    std::stable_sort(other.begin(), other.end(), [&](int a, int b) {
        return m_proposals[std::size_t(a)].feasible > m_proposals[std::size_t(b)].feasible; // those that fit first
    });
    if (!helping.empty()) {
        m_entries.append({ Header, tr("Fits and helps") });
        for (int i : helping)
            m_entries.append({ Proposal, describe(m_proposals[std::size_t(i)]), i });
    } else if (!m_proposals.empty()) {
        m_entries.append({ Note, tr("No change fits and helps: this plan is the best the cost model finds nearby.") });
    }
    if (!other.empty()) {
        m_entries.append({ Header, tr("Other changes") });
        for (int i : other)
            m_entries.append({ Proposal, describe(m_proposals[std::size_t(i)]), i });
    }
    if (m_proposals.empty())
        m_entries.append({ Note, tr("No change to this plan is predicted to help: it is the best the cost model finds nearby.") });
    endResetModel();
}

QString ProposalListModel::describe(const shardscope::Proposal& p)
{
    const QLocale locale;
    QStringList effects;
    const bool tokens = changesThroughput(p.kind);
    if (std::abs(p.speedup - 1) <= kSameSpeed)
        effects << (tokens ? tr("same tokens/s") : tr("same speed"));
    else if (p.speedup > 1)
        effects << (tokens ? tr("%1x the tokens/s").arg(locale.toString(p.speedup, 'f', 2))
                           : tr("%1x faster").arg(locale.toString(p.speedup, 'f', 2)));
    else if (p.speedup > 0)
        effects << (tokens ? tr("%1x the tokens/s").arg(locale.toString(p.speedup, 'f', 2))
                           : tr("%1x slower").arg(locale.toString(1 / p.speedup, 'f', 2)));
    if (p.feasible) {
        // A memory change means something only for a plan that fits.
        const double gib = p.memoryDeltaBytes / kGiB;
        if (std::abs(gib) >= 0.05)
            effects << tr("%1%2 GiB per GPU").arg(gib > 0 ? QStringLiteral("+") : QString(), locale.toString(gib, 'f', 1));
    } else if (p.estimate.capacityBytes > 0 && p.estimate.peakMemoryBytes > 0) {
        effects << tr("does not fit: %1 GiB of %2 GiB usable")
                       .arg(locale.toString(p.estimate.peakMemoryBytes / kGiB, 'f', 1),
                            locale.toString(p.estimate.capacityBytes / kGiB, 'f', 1));
    } else {
        effects << tr("does not fit");
    }
    QString text = effects.isEmpty() ? messageText(p.title)
                                     : tr("%1: %2").arg(messageText(p.title), effects.join(QStringLiteral(", ")));
    if (!p.evaluated)
        text += tr(" (estimate)");
    return text;
}

void ProposalListModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_proposals.clear();
    m_currentFits = true;
    endResetModel();
}

int ProposalListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

Qt::ItemFlags ProposalListModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    // Group headers are labels, not choices.
    return m_entries[index.row()].kind == Header ? Qt::ItemIsEnabled : Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QVariant ProposalListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_entries[index.row()];
    const shardscope::Proposal* proposal = e.proposal >= 0 ? &m_proposals[std::size_t(e.proposal)] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return e.text;
    case Qt::ToolTipRole:
        return proposal ? messageText(proposal->rationale) : e.text;
    case KindRole:
        return int(e.kind);
    case ProposalRole:
        return e.proposal;
    case GoodRole:
        return proposal ? goodness(*proposal, m_currentFits) : 0;
    case Qt::FontRole:
        if (e.kind == Header) {
            QFont bold = QGuiApplication::font();
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (proposal) {
            const int good = goodness(*proposal, m_currentFits);
            if (good != 0)
                return good > 0 ? goodColor() : badColor();
        }
        return {};
    case Qt::DecorationRole: {
        if (!qobject_cast<QApplication*>(QCoreApplication::instance()) || e.kind == Header)
            return {};
        if (proposal)
            return arrowIcon(goodness(*proposal, m_currentFits));
        QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
        if (e.kind == Infeasible)
            icon = QStyle::SP_MessageBoxCritical;
        else if (e.kind == Warning)
            icon = QStyle::SP_MessageBoxWarning;
        return QApplication::style()->standardIcon(icon);
    }
    default:
        return {};
    }
}
