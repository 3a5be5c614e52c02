// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_comparison.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace shardscope {

namespace {

    struct MetricInfo
    {
        ComparisonMetric metric;
        std::string_view key;
        MetricUnit unit;
        BetterWhen better;
        bool onlyWhenPresent; ///< a row only when some plan has a non-zero value
    };

    // HFU counts recomputed FLOPs as work: a higher HFU at the same speed is more recomputation, not better.
    constexpr std::array<MetricInfo, 17> kMetrics { {
        { ComparisonMetric::StepSeconds, "step_seconds", MetricUnit::Seconds, BetterWhen::Lower, false },
        { ComparisonMetric::TokensPerSecond, "tokens_per_second", MetricUnit::TokensPerSecond,
            BetterWhen::Higher, false },
        { ComparisonMetric::Mfu, "mfu", MetricUnit::Fraction, BetterWhen::Higher, false },
        { ComparisonMetric::Hfu, "hfu", MetricUnit::Fraction, BetterWhen::Neither, false },
        { ComparisonMetric::BubbleFraction, "bubble_fraction", MetricUnit::Fraction, BetterWhen::Lower,
            false },
        { ComparisonMetric::PeakMemoryBytes, "peak_memory_bytes", MetricUnit::Bytes, BetterWhen::Lower,
            false },
        { ComparisonMetric::UsableMemoryBytes, "usable_memory_bytes", MetricUnit::Bytes, BetterWhen::Neither,
            false },
        { ComparisonMetric::MemoryHeadroomBytes, "memory_headroom_bytes", MetricUnit::Bytes,
            BetterWhen::Higher, false },
        { ComparisonMetric::ExposedCommSeconds, "exposed_comm_seconds", MetricUnit::Seconds,
            BetterWhen::Lower, false },
        { ComparisonMetric::TpCommSeconds, "tp_comm_seconds", MetricUnit::Seconds, BetterWhen::Lower, false },
        { ComparisonMetric::PpCommSeconds, "pp_comm_seconds", MetricUnit::Seconds, BetterWhen::Lower, false },
        { ComparisonMetric::CpCommSeconds, "cp_comm_seconds", MetricUnit::Seconds, BetterWhen::Lower, true },
        { ComparisonMetric::EpCommSeconds, "ep_comm_seconds", MetricUnit::Seconds, BetterWhen::Lower, true },
        { ComparisonMetric::DpExposedSeconds, "dp_exposed_seconds", MetricUnit::Seconds, BetterWhen::Lower,
            false },
        { ComparisonMetric::DpCommSeconds, "dp_comm_seconds", MetricUnit::Seconds, BetterWhen::Lower, false },
        { ComparisonMetric::ComputeImbalance, "compute_imbalance", MetricUnit::Ratio, BetterWhen::Lower,
            false },
        { ComparisonMetric::MicroBatches, "micro_batches", MetricUnit::Count, BetterWhen::Neither, false },
    } };

    const MetricInfo& info(ComparisonMetric metric)
    {
        for (const MetricInfo& m : kMetrics)
            if (m.metric == metric) return m;
        throw std::invalid_argument("unknown comparison metric");
    }

    /// Whether the evaluator got as far as the stages (a layout that breaks a rule has none and no numbers).
    bool evaluated(const PlanEstimate& plan)
    {
        return !plan.stages.empty();
    }

    std::optional<double> valueOf(const PlanEstimate& p, ComparisonMetric metric)
    {
        if (metric == ComparisonMetric::UsableMemoryBytes) return p.capacityBytes;
        if (!evaluated(p)) return std::nullopt;
        switch (metric) {
        case ComparisonMetric::StepSeconds:
            return p.time.stepSeconds;
        case ComparisonMetric::TokensPerSecond:
            return p.tokensPerSecond;
        case ComparisonMetric::Mfu:
            return p.mfu;
        case ComparisonMetric::Hfu:
            return p.hfu;
        case ComparisonMetric::BubbleFraction:
            return p.bubbleFraction;
        case ComparisonMetric::PeakMemoryBytes:
            return p.peakMemoryBytes;
        case ComparisonMetric::UsableMemoryBytes:
            return p.capacityBytes;
        case ComparisonMetric::MemoryHeadroomBytes:
            return p.capacityBytes - p.peakMemoryBytes;
        case ComparisonMetric::ExposedCommSeconds:
            return p.comm.exposedSeconds();
        case ComparisonMetric::TpCommSeconds:
            return p.comm.tpSeconds;
        case ComparisonMetric::PpCommSeconds:
            return p.comm.ppSeconds;
        case ComparisonMetric::CpCommSeconds:
            return p.comm.cpSeconds;
        case ComparisonMetric::EpCommSeconds:
            return p.comm.epSeconds;
        case ComparisonMetric::DpExposedSeconds:
            return p.comm.dpExposedSeconds;
        case ComparisonMetric::DpCommSeconds:
            return p.comm.dpSeconds;
        case ComparisonMetric::ComputeImbalance:
            return p.computeImbalance;
        case ComparisonMetric::MicroBatches:
            return double(p.numMicroBatches);
        }
        return std::nullopt;
    }

    Verdict verdictOf(double base, double value, BetterWhen better, double withinError)
    {
        const double delta = value - base;
        if (std::abs(delta) <= kSameWithin * std::max(std::abs(base), std::abs(value))) return Verdict::Same;
        if (better == BetterWhen::Neither) return Verdict::Changed;
        if (std::abs(delta) < withinError * std::abs(base)) return Verdict::WithinError;
        return (delta < 0) == (better == BetterWhen::Lower) ? Verdict::Better : Verdict::Worse;
    }

} // namespace

const ComparisonRow* PlanComparison::row(ComparisonMetric metric) const
{
    for (const ComparisonRow& r : rows)
        if (r.metric == metric) return &r;
    return nullptr;
}

bool followsPredictedTime(ComparisonMetric metric)
{
    return metric == ComparisonMetric::StepSeconds || metric == ComparisonMetric::TokensPerSecond
        || metric == ComparisonMetric::Mfu || metric == ComparisonMetric::Hfu;
}

PlanComparison comparePlans(const PlanEstimate& baseline, const std::vector<PlanEstimate>& others, double withinError)
{
    if (others.size() > std::size_t(kMaxComparedPlans))
        throw std::invalid_argument("at most " + std::to_string(kMaxComparedPlans)
            + " plans are compared with a baseline, got " + std::to_string(others.size()));
    std::vector<const PlanEstimate*> plans { &baseline };
    for (const PlanEstimate& p : others)
        plans.push_back(&p);

    PlanComparison out;
    out.planCount = int(plans.size());
    for (const MetricInfo& m : kMetrics) {
        ComparisonRow row;
        row.metric = m.metric;
        row.unit = m.unit;
        row.better = m.better;
        bool present = false;
        const std::optional<double> base = valueOf(baseline, m.metric);
        for (std::size_t i = 0; i < plans.size(); ++i) {
            ComparisonCell cell;
            cell.value = valueOf(*plans[i], m.metric);
            present = present || (cell.value && *cell.value != 0);
            if (i == 0) {
                cell.verdict = cell.value ? Verdict::Baseline : Verdict::Unknown;
                if (cell.value) cell.delta = 0.0;
                if (cell.value && *cell.value != 0) cell.relative = 0.0;
            } else if (cell.value && base) {
                cell.delta = *cell.value - *base;
                if (*base != 0) cell.relative = *cell.delta / std::abs(*base);
                cell.verdict = verdictOf(*base, *cell.value, m.better, followsPredictedTime(m.metric) ? withinError : 0.0);
            }
            row.cells.push_back(cell);
        }
        if (m.onlyWhenPresent && !present) continue;
        out.rows.push_back(std::move(row));
    }
    return out;
}

std::string_view toString(ComparisonMetric metric)
{
    return info(metric).key;
}
BetterWhen betterWhen(ComparisonMetric metric)
{
    return info(metric).better;
}
MetricUnit unitOf(ComparisonMetric metric)
{
    return info(metric).unit;
}

} // namespace shardscope
