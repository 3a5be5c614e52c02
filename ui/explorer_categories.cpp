// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_categories.h"

#include <algorithm>
#include <limits>

using namespace shardscope;

namespace {

QString qs(std::string_view s)
{
    return QString::fromLatin1(s.data(), qsizetype(s.size()));
}

constexpr int kEtpFactor = 1 << 16; // EP key: ep x 2^16 + etp

// Tableau 10: distinguishable, and legible on white and on a dark base alike.
const QRgb kQualitative[]
    = { 0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac };

} // namespace

ExplorerCategories::ExplorerCategories(ExplorerColouring colouring, std::span<const PlanSummary> plans)
    : m_colouring(colouring)
{
    std::vector<int> keys(plans.size());
    for (std::size_t i = 0; i < plans.size(); ++i)
        keys[i] = key(colouring, plans[i]);
    m_keys = keys;
    std::sort(m_keys.begin(), m_keys.end());
    m_keys.erase(std::unique(m_keys.begin(), m_keys.end()), m_keys.end());
    // Too many values to tell apart by colour: the most common keep theirs (in key order), the rest are "other".
    std::vector<int> other;
    if (m_keys.size() > std::size_t(kMaxCategories)) {
        std::vector<std::size_t> plansOf(m_keys.size(), 0);
        for (int k : keys)
            ++plansOf[std::size_t(std::lower_bound(m_keys.begin(), m_keys.end(), k) - m_keys.begin())];
        std::vector<std::size_t> byCount(m_keys.size());
        for (std::size_t i = 0; i < byCount.size(); ++i)
            byCount[i] = i;
        std::stable_sort(byCount.begin(), byCount.end(), [&](std::size_t a, std::size_t b) { return plansOf[a] > plansOf[b]; });
        std::vector<int> kept;
        for (std::size_t r = 0; r < byCount.size(); ++r)
            (r < std::size_t(kMaxCategories - 1) ? kept : other).push_back(m_keys[byCount[r]]);
        std::sort(kept.begin(), kept.end());
        std::sort(other.begin(), other.end());
        m_keys = kept;
        m_otherValues = int(other.size());
    }
    m_ofPlan.resize(plans.size());
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const auto it = std::lower_bound(m_keys.begin(), m_keys.end(), keys[i]);
        m_ofPlan[i] = it != m_keys.end() && *it == keys[i] ? std::uint16_t(it - m_keys.begin()) : std::uint16_t(m_keys.size());
    }
}

int ExplorerCategories::key(ExplorerColouring colouring, const PlanSummary& plan)
{
    const ParallelConfig& c = plan.config;
    switch (colouring) {
    case ExplorerColouring::Tp:
        return c.tp;
    case ExplorerColouring::Pp:
        return c.pp;
    case ExplorerColouring::Cp:
        return c.cp;
    case ExplorerColouring::Ep:
        return c.ep * kEtpFactor + c.etp;
    case ExplorerColouring::Zero:
        return c.zeroStage;
    case ExplorerColouring::Recompute:
        return int(c.recompute);
    case ExplorerColouring::Schedule:
        return int(c.schedule);
    }
    return 0;
}

QString ExplorerCategories::name(ExplorerColouring colouring)
{
    switch (colouring) {
    case ExplorerColouring::Tp:
        return tr("TP");
    case ExplorerColouring::Pp:
        return tr("PP");
    case ExplorerColouring::Cp:
        return tr("CP");
    case ExplorerColouring::Ep:
        return tr("EP");
    case ExplorerColouring::Zero:
        return tr("ZeRO stage");
    case ExplorerColouring::Recompute:
        return tr("Recompute");
    case ExplorerColouring::Schedule:
        return tr("Schedule");
    }
    return {};
}

QString ExplorerCategories::label(int c) const
{
    if (hasOther() && c == int(m_keys.size()))
        return tr("other (%n value(s))", nullptr, m_otherValues);
    if (c < 0 || c >= int(m_keys.size())) return {};
    const int k = m_keys[std::size_t(c)];
    switch (m_colouring) {
    case ExplorerColouring::Tp:
        return tr("TP %1").arg(k);
    case ExplorerColouring::Pp:
        return tr("PP %1").arg(k);
    case ExplorerColouring::Cp:
        return tr("CP %1").arg(k);
    case ExplorerColouring::Ep:
        return k % kEtpFactor > 1 ? tr("EP %1 x ETP %2").arg(k / kEtpFactor).arg(k % kEtpFactor)
                                  : tr("EP %1").arg(k / kEtpFactor);
    case ExplorerColouring::Zero:
        return tr("ZeRO %1").arg(k);
    case ExplorerColouring::Recompute:
        return tr("Recompute: %1").arg(qs(toString(Recompute(k))));
    case ExplorerColouring::Schedule:
        return qs(toString(Schedule(k)));
    }
    return {};
}

QColor ExplorerCategories::colour(int c, const QPalette& palette) const
{
    if (hasOther() && c == int(m_keys.size())) // "other": grey between the text and the base
        return QColor::fromRgbF(0.6f, 0.6f, 0.6f);
    const int n = count();
    QColor colour = n <= int(std::size(kQualitative))
        ? QColor(kQualitative[std::max(0, c)])
        : QColor::fromHsvF(float(c) / float(std::max(1, n)), 0.65f, 0.85f);
    if (palette.color(QPalette::Base).lightnessF() < 0.5) // a dark theme: a little lighter to stand out
        colour = colour.lighter(115);
    return colour;
}
