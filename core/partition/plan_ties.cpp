// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_ties.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {

/// Whole kHeadroomStep steps of free memory on the fullest GPU.
long headroomSteps(const PlanSummary& p)
{
    if (!(p.capacityBytes > 0))
        return 0;
    return long(std::floor(std::max(0.0, p.capacityBytes - p.peakMemoryBytes) / (kHeadroomStep * p.capacityBytes)));
}

} // namespace

TieRule tieRuleFor(const CalibrationInfo& calibration)
{
    // errorText(): the rms error rounded up to a whole percent.
    const double band = calibration.calibrated() ? std::ceil(calibration.rmsError * 100.0 - 1e-9) / 100.0 : kUncalibratedBand;
    return TieRule { .relativeTolerance = band / 2, .maxGroup = 10 };
}

int unusualSettings(const ParallelConfig& c)
{
    int n = 0;
    n += c.zeroStage == 2 ? 1 : 0;
    n += c.zeroStage == 3 ? 1 : 0;
    n += c.zeroStage == 3 && !c.reshardAfterForward ? 1 : 0;
    n += c.zeroStage >= 1 && c.dpReplicate > 1 ? 1 : 0;
    n += c.schedule == Schedule::GPipe || c.schedule == Schedule::ZeroBubbleH1 || c.schedule == Schedule::InterleavedZeroBubble
            || c.schedule == Schedule::ZeroBubbleV
        ? 1
        : 0;
    n += c.tpCommOverlap ? 1 : 0;
    n += c.epCommOverlap ? 1 : 0;
    n += c.cp > 1 && c.cpCommType == CpCommType::AllToAll ? 1 : 0;
    n += c.recompute == Recompute::Full ? 1 : 0;
    return n;
}

TieReason tieReason(const PlanSummary& first, const PlanSummary& second)
{
    if (headroomSteps(first) != headroomSteps(second))
        return TieReason::Headroom;
    if (unusualSettings(first.config) != unusualSettings(second.config))
        return TieReason::Defaults;
    return TieReason::Speed;
}

std::vector<std::uint32_t> breakTies(std::span<const PlanSummary> plans, std::span<std::uint32_t> order, std::size_t count,
                                     const TieRule& rule)
{
    count = std::min(count, order.size());
    std::vector<std::uint32_t> groupOf(count);
    const std::size_t most = std::max<std::size_t>(rule.maxGroup, 1);
    std::size_t i = 0;
    while (i < count) {
        const PlanSummary& lead = plans[order[i]];
        std::size_t end = i + 1;
        if (!lead.bounded && lead.stepSeconds > 0) {
            const double limit = lead.stepSeconds * (1.0 + rule.relativeTolerance);
            while (end < count && end - i < most) {
                const PlanSummary& p = plans[order[end]];
                if (p.bounded || !(p.stepSeconds <= limit))
                    break;
                ++end;
            }
        }
        if (end - i > 1) {
            // Speed is the order they came in (the ranking's, fastest first): the last key.
            std::stable_sort(order.begin() + std::ptrdiff_t(i), order.begin() + std::ptrdiff_t(end),
                             [&](std::uint32_t a, std::uint32_t b) {
                                 const long ha = headroomSteps(plans[a]), hb = headroomSteps(plans[b]);
                                 if (ha != hb)
                                     return ha > hb;
                                 return unusualSettings(plans[a].config) < unusualSettings(plans[b].config);
                             });
        }
        for (std::size_t k = i; k < end; ++k)
            groupOf[k] = std::uint32_t(i);
        i = end;
    }
    return groupOf;
}

} // namespace shardscope
