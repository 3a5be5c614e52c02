// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_config_text.h"

#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <vector>

namespace shardscope {

namespace {

    constexpr std::string_view kKnownKeys
        = "tp, pp, dp, cp, vpp, mb, zero, recompute, sp, schedule, tp-overlap, "
          "pp-overlap, cp-comm, dp-replicate, reshard, ep, etp, ep-overlap";

    std::string_view trimmed(std::string_view s)
    {
        const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
        while (!s.empty() && space(s.front()))
            s.remove_prefix(1);
        while (!s.empty() && space(s.back()))
            s.remove_suffix(1);
        return s;
    }

    /// The key's canonical name ("micro_batch" -> "mb", "TP_Comm_Overlap" -> "tp-overlap"), or "" when
    /// unknown.
    std::string canonicalKey(std::string_view key)
    {
        std::string k = toLower(key);
        std::replace(k.begin(), k.end(), '_', '-');
        static const std::map<std::string, std::string, std::less<>> aliases {
            { "micro-batch", "mb" },
            { "microbatch", "mb" },
            { "zero-stage", "zero" },
            { "sequence-parallel", "sp" },
            { "tp-comm-overlap", "tp-overlap" },
            { "pp-comm-overlap", "pp-overlap" },
            { "ep-comm-overlap", "ep-overlap" },
            { "cp-comm-type", "cp-comm" },
            { "reshard-after-forward", "reshard" },
            { "virtual-stages", "vpp" },
        };
        if (const auto a = aliases.find(k); a != aliases.end()) return a->second;
        static const std::vector<std::string_view> keys { "tp", "pp", "dp", "cp", "vpp", "mb", "zero",
            "recompute", "sp", "schedule", "tp-overlap", "pp-overlap", "cp-comm", "dp-replicate", "reshard",
            "ep", "etp", "ep-overlap" };
        return std::find(keys.begin(), keys.end(), k) != keys.end() ? k : std::string();
    }

    struct Reader
    {
        const std::string& source;

        [[noreturn]] void fail(const std::string& key, const std::string& message) const
        {
            throw InputError(source, key, message);
        }

        int positive(const std::string& key, std::string_view value, int max = 1 << 24) const
        {
            int v = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (ec != std::errc() || end != value.data() + value.size() || v < 1 || v > max)
                fail(key, "expected a positive integer, got \"" + escapedBytes(value) + "\"");
            return v;
        }

        bool onOff(const std::string& key, std::string_view value) const
        {
            if (equalsIgnoreCase(value, "on")) return true;
            if (equalsIgnoreCase(value, "off")) return false;
            fail(key, "expected on or off, got \"" + escapedBytes(value) + "\"");
        }
    };

} // namespace

ParallelConfig parsePlanConfig(std::string_view text, int totalGpus, const std::string& source)
{
    const Reader r { source };
    if (trimmed(text).empty())
        r.fail("", "expected key=value pairs separated by commas, e.g. \"tp=8,pp=4\", got nothing");

    std::map<std::string, std::string> given; // canonical key -> value
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = trimmed(text.substr(start, comma - start));
        start = comma + 1;
        if (item.empty()) {
            if (comma == text.size() && !given.empty()) break; // a trailing comma
            r.fail("", "an empty item between commas in \"" + escapedBytes(text) + "\"");
        }
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            r.fail("", "\"" + escapedBytes(item) + "\" is not key=value (e.g. tp=8)");
        const std::string_view rawKey = trimmed(item.substr(0, eq));
        const std::string_view value = trimmed(item.substr(eq + 1));
        const std::string key = canonicalKey(rawKey);
        if (key.empty()) r.fail(escapedBytes(rawKey), "unknown key; known: " + std::string(kKnownKeys));
        if (value.empty()) r.fail(key, "no value after '='");
        if (!given.emplace(key, std::string(value)).second) r.fail(key, "given twice");
    }
    const auto has = [&](const char* key) { return given.count(key) > 0; };
    const auto value = [&](const char* key) -> std::string_view { return given.at(key); };

    ParallelConfig c;
    if (has("tp")) c.tp = r.positive("tp", value("tp"));
    if (has("pp")) c.pp = r.positive("pp", value("pp"));
    if (has("cp")) c.cp = r.positive("cp", value("cp"));
    if (has("mb")) c.microBatch = r.positive("mb", value("mb"));
    if (has("ep")) c.ep = r.positive("ep", value("ep"));
    if (has("etp")) c.etp = r.positive("etp", value("etp"));
    if (has("dp-replicate")) c.dpReplicate = r.positive("dp-replicate", value("dp-replicate"));
    if (has("vpp")) c.vpp = r.positive("vpp", value("vpp"), 1 << 10);
    if (has("dp")) {
        c.dp = r.positive("dp", value("dp"));
    } else {
        const long long modelParallel = static_cast<long long>(c.tp) * c.cp * c.pp;
        if (totalGpus < 1 || modelParallel > totalGpus || totalGpus % modelParallel != 0)
            r.fail("dp",
                "not given, and tp x cp x pp = " + std::to_string(modelParallel) + " does not divide the "
                    + std::to_string(totalGpus) + " GPUs; give dp");
        c.dp = int(totalGpus / modelParallel);
    }
    if (has("zero")) {
        const std::string_view v = value("zero");
        if (v.size() != 1 || v[0] < '0' || v[0] > '3')
            r.fail("zero", "expected 0, 1, 2 or 3, got \"" + escapedBytes(v) + "\"");
        c.zeroStage = v[0] - '0';
    } else {
        c.zeroStage = 1;
    }
    if (has("recompute")) {
        const auto p = recomputeFromString(value("recompute"));
        if (!p)
            r.fail("recompute",
                "expected none, selective or full, got \"" + escapedBytes(value("recompute")) + "\"");
        c.recompute = *p;
    }
    c.sequenceParallel = has("sp") ? r.onOff("sp", value("sp")) : c.tp > 1;
    if (has("schedule")) {
        const auto p = scheduleFromString(value("schedule"));
        if (!p)
            r.fail("schedule",
                "expected gpipe, 1f1b, interleaved, zb-h1, interleaved-zb or zbv, got \""
                    + escapedBytes(value("schedule")) + "\"");
        c.schedule = *p;
    } else {
        c.schedule = c.vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    }
    if (!has("vpp") && isInterleaved(c.schedule)) c.vpp = 2;
    c.tpCommOverlap = has("tp-overlap") && r.onOff("tp-overlap", value("tp-overlap"));
    c.ppCommOverlap = has("pp-overlap") ? r.onOff("pp-overlap", value("pp-overlap"))
                                        : c.schedule == Schedule::Interleaved1F1B;
    c.epCommOverlap = has("ep-overlap") && r.onOff("ep-overlap", value("ep-overlap"));
    c.reshardAfterForward = !has("reshard") || r.onOff("reshard", value("reshard"));
    if (has("cp-comm")) {
        const auto p = cpCommTypeFromString(value("cp-comm"));
        if (!p) r.fail("cp-comm", "expected p2p or a2a, got \"" + escapedBytes(value("cp-comm")) + "\"");
        c.cpCommType = *p;
    }
    return c;
}

std::string planConfigText(const ParallelConfig& c)
{
    const auto onOff = [](bool b) { return std::string(b ? "on" : "off"); };
    std::string out = "tp=" + std::to_string(c.tp) + ",pp=" + std::to_string(c.pp)
        + ",dp=" + std::to_string(c.dp) + ",cp=" + std::to_string(c.cp) + ",vpp=" + std::to_string(c.vpp)
        + ",mb=" + std::to_string(c.microBatch) + ",zero=" + std::to_string(c.zeroStage)
        + ",recompute=" + std::string(toString(c.recompute)) + ",sp=" + onOff(c.sequenceParallel)
        + ",schedule=" + std::string(toString(c.schedule));
    if (c.tpCommOverlap) out += ",tp-overlap=on";
    if (c.ppCommOverlap != (c.schedule == Schedule::Interleaved1F1B))
        out += ",pp-overlap=" + onOff(c.ppCommOverlap);
    if (c.cpCommType != CpCommType::P2P) out += ",cp-comm=" + std::string(toString(c.cpCommType));
    if (c.dpReplicate != 1) out += ",dp-replicate=" + std::to_string(c.dpReplicate);
    if (!c.reshardAfterForward) out += ",reshard=off";
    if (c.ep != 1) out += ",ep=" + std::to_string(c.ep);
    if (c.etp != 1) out += ",etp=" + std::to_string(c.etp);
    if (c.epCommOverlap) out += ",ep-overlap=on";
    return out;
}

} // namespace shardscope
