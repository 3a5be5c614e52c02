// SPDX-License-Identifier: GPL-3.0-or-later
// How the findings of search_diagnosis write numbers, plans and knobs: grouped counts, value lists, GiB,
// layouts; PinKnob's names (English, and translatable for messages), the pinned knobs, a pin removed, a
// knob's value in a configuration.
#include "partition/search_diagnosis_text.h"

#include "partition/search_diagnosis.h"

#include <algorithm>
#include <cstdio>

namespace shardscope {

namespace diagnosis_detail {

    std::string grouped(std::int64_t value)
    {
        const bool negative = value < 0;
        std::string digits = std::to_string(negative ? -value : value);
        for (int i = int(digits.size()) - 3; i > 0; i -= 3)
            digits.insert(std::size_t(i), ",");
        return negative ? "-" + digits : digits;
    }

    std::string valueList(const std::vector<std::int64_t>& values, std::size_t maxShown)
    {
        std::string s;
        for (std::size_t i = 0; i < values.size() && i < maxShown; ++i)
            s += (i ? ", " : "") + grouped(values[i]);
        if (values.size() > maxShown) s += ", ...";
        return s;
    }

    std::string gib(double bytes)
    {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
        return buf;
    }

    std::string percentText(double fraction)
    {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * fraction);
        return buf;
    }

    std::vector<std::int64_t> divisorsOf(std::int64_t n)
    {
        std::vector<std::int64_t> out;
        for (std::int64_t d = 1; d * d <= n; ++d)
            if (n % d == 0) {
                out.push_back(d);
                if (d * d != n) out.push_back(n / d);
            }
        std::sort(out.begin(), out.end());
        return out;
    }

    std::string layoutText(const ParallelConfig& c)
    {
        std::string s = "TP " + grouped(c.tp);
        if (c.cp > 1) s += " x CP " + grouped(c.cp);
        s += " x PP " + grouped(c.pp) + " x DP " + grouped(c.dp);
        if (c.ep > 1 || c.etp > 1)
            s += ", EP " + grouped(c.ep) + (c.etp > 1 ? " x ETP " + grouped(c.etp) : std::string());
        return s;
    }

    std::string planText(const ParallelConfig& c)
    {
        std::string schedule(toString(c.schedule));
        if (isInterleaved(c.schedule)) schedule += " with " + grouped(c.vpp) + " chunks";
        return layoutText(c) + " (micro-batch " + grouped(c.microBatch) + ", ZeRO-" + grouped(c.zeroStage)
            + ", recompute " + std::string(toString(c.recompute)) + ", " + schedule + ")";
    }

} // namespace diagnosis_detail

using namespace diagnosis_detail;

std::string_view toString(PinKnob knob)
{
    switch (knob) {
    case PinKnob::None:
        return "none";
    case PinKnob::Tp:
        return "TP";
    case PinKnob::Cp:
        return "CP";
    case PinKnob::Pp:
        return "PP";
    case PinKnob::Dp:
        return "DP";
    case PinKnob::Vpp:
        return "vpp";
    case PinKnob::MicroBatch:
        return "micro-batch";
    case PinKnob::ZeroStage:
        return "ZeRO stage";
    case PinKnob::DpReplicate:
        return "DP replicate";
    case PinKnob::Ep:
        return "EP";
    case PinKnob::Etp:
        return "ETP";
    case PinKnob::Recompute:
        return "recompute";
    case PinKnob::SequenceParallel:
        return "sequence parallelism";
    case PinKnob::Schedule:
        return "schedule";
    case PinKnob::TpCommOverlap:
        return "TP communication overlap";
    case PinKnob::PpCommOverlap:
        return "pipeline communication overlap";
    case PinKnob::ReshardAfterForward:
        return "reshard after forward";
    case PinKnob::EpCommOverlap:
        return "EP communication overlap";
    case PinKnob::CpCommType:
        return "CP communication type";
    case PinKnob::WorldSize:
        return "TP x CP x PP x DP";
    }
    return "none";
}

Message knobName(PinKnob knob)
{
    switch (knob) {
    case PinKnob::None:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "none");
    case PinKnob::Tp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "TP");
    case PinKnob::Cp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "CP");
    case PinKnob::Pp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "PP");
    case PinKnob::Dp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "DP");
    case PinKnob::Vpp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "vpp");
    case PinKnob::MicroBatch:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "micro-batch");
    case PinKnob::ZeroStage:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "ZeRO stage");
    case PinKnob::DpReplicate:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "DP replicate");
    case PinKnob::Ep:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "EP");
    case PinKnob::Etp:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "ETP");
    case PinKnob::Recompute:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "recompute");
    case PinKnob::SequenceParallel:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "sequence parallelism");
    case PinKnob::Schedule:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "schedule");
    case PinKnob::TpCommOverlap:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "TP communication overlap");
    case PinKnob::PpCommOverlap:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "pipeline communication overlap");
    case PinKnob::ReshardAfterForward:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "reshard after forward");
    case PinKnob::EpCommOverlap:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "EP communication overlap");
    case PinKnob::CpCommType:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "CP communication type");
    case PinKnob::WorldSize:
        return SHARDSCOPE_TR_NOOP("Diagnosis", "TP x CP x PP x DP");
    }
    return SHARDSCOPE_TR_NOOP("Diagnosis", "none");
}

std::vector<PinKnob> pinnedKnobs(const PlanPins& p)
{
    std::vector<PinKnob> out;
    auto add = [&](bool pinned, PinKnob k) {
        if (pinned) out.push_back(k);
    };
    add(p.tp.has_value(), PinKnob::Tp);
    add(p.cp.has_value(), PinKnob::Cp);
    add(p.pp.has_value(), PinKnob::Pp);
    add(p.dp.has_value(), PinKnob::Dp);
    add(p.vpp.has_value(), PinKnob::Vpp);
    add(p.microBatch.has_value(), PinKnob::MicroBatch);
    add(p.zeroStage.has_value(), PinKnob::ZeroStage);
    add(p.dpReplicate.has_value(), PinKnob::DpReplicate);
    add(p.ep.has_value(), PinKnob::Ep);
    add(p.etp.has_value(), PinKnob::Etp);
    add(p.recompute.has_value(), PinKnob::Recompute);
    add(p.sequenceParallel.has_value(), PinKnob::SequenceParallel);
    add(p.schedule.has_value(), PinKnob::Schedule);
    add(p.tpCommOverlap.has_value(), PinKnob::TpCommOverlap);
    add(p.ppCommOverlap.has_value(), PinKnob::PpCommOverlap);
    add(p.reshardAfterForward.has_value(), PinKnob::ReshardAfterForward);
    add(p.epCommOverlap.has_value(), PinKnob::EpCommOverlap);
    add(p.cpCommType.has_value(), PinKnob::CpCommType);
    return out;
}

PlanPins withoutPin(PlanPins p, PinKnob knob)
{
    switch (knob) {
    case PinKnob::Tp:
        p.tp.reset();
        break;
    case PinKnob::Cp:
        p.cp.reset();
        break;
    case PinKnob::Pp:
        p.pp.reset();
        break;
    case PinKnob::Dp:
        p.dp.reset();
        break;
    case PinKnob::Vpp:
        p.vpp.reset();
        break;
    case PinKnob::MicroBatch:
        p.microBatch.reset();
        break;
    case PinKnob::ZeroStage:
        p.zeroStage.reset();
        break;
    case PinKnob::DpReplicate:
        p.dpReplicate.reset();
        break;
    case PinKnob::Ep:
        p.ep.reset();
        break;
    case PinKnob::Etp:
        p.etp.reset();
        break;
    case PinKnob::Recompute:
        p.recompute.reset();
        break;
    case PinKnob::SequenceParallel:
        p.sequenceParallel.reset();
        break;
    case PinKnob::Schedule:
        p.schedule.reset();
        break;
    case PinKnob::TpCommOverlap:
        p.tpCommOverlap.reset();
        break;
    case PinKnob::PpCommOverlap:
        p.ppCommOverlap.reset();
        break;
    case PinKnob::ReshardAfterForward:
        p.reshardAfterForward.reset();
        break;
    case PinKnob::EpCommOverlap:
        p.epCommOverlap.reset();
        break;
    case PinKnob::CpCommType:
        p.cpCommType.reset();
        break;
    case PinKnob::WorldSize:
        p.tp.reset();
        p.cp.reset();
        p.pp.reset();
        p.dp.reset();
        break;
    case PinKnob::None:
        break;
    }
    return p;
}

namespace diagnosis_detail {

    std::optional<std::int64_t> knobInt(const ParallelConfig& c, PinKnob knob)
    {
        switch (knob) {
        case PinKnob::Tp:
            return c.tp;
        case PinKnob::Cp:
            return c.cp;
        case PinKnob::Pp:
            return c.pp;
        case PinKnob::Dp:
            return c.dp;
        case PinKnob::Vpp:
            return c.vpp;
        case PinKnob::MicroBatch:
            return c.microBatch;
        case PinKnob::ZeroStage:
            return c.zeroStage;
        case PinKnob::DpReplicate:
            return c.dpReplicate;
        case PinKnob::Ep:
            return c.ep;
        case PinKnob::Etp:
            return c.etp;
        default:
            return std::nullopt;
        }
    }

} // namespace diagnosis_detail

std::string knobValue(const ParallelConfig& c, PinKnob knob)
{
    if (const auto v = knobInt(c, knob)) return grouped(*v);
    auto onOff = [](bool b) { return std::string(b ? "on" : "off"); };
    switch (knob) {
    case PinKnob::Recompute:
        return std::string(toString(c.recompute));
    case PinKnob::SequenceParallel:
        return onOff(c.sequenceParallel);
    case PinKnob::Schedule:
        return std::string(toString(c.schedule));
    case PinKnob::TpCommOverlap:
        return onOff(c.tpCommOverlap);
    case PinKnob::PpCommOverlap:
        return onOff(c.ppCommOverlap);
    case PinKnob::ReshardAfterForward:
        return onOff(c.reshardAfterForward);
    case PinKnob::EpCommOverlap:
        return onOff(c.epCommOverlap);
    case PinKnob::CpCommType:
        return std::string(toString(c.cpCommType));
    case PinKnob::WorldSize:
        return layoutText(c);
    default:
        return {};
    }
}

} // namespace shardscope
