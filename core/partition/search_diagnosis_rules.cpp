// SPDX-License-Identifier: GPL-3.0-or-later
// pinRuleFindings and batchDivisorFinding: the pins no candidate can satisfy, and the data-parallel degrees
// the global batch rules out, each with its rule and numbers. Every check here is a necessary condition of
// PlanEvaluator::structuralProblem (or of the search's enumeration): when it fails, no candidate passes.
#include "cost/plan_evaluator.h"
#include "partition/search_diagnosis.h"
#include "partition/search_diagnosis_text.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace shardscope {

using namespace diagnosis_detail;

namespace {

    std::string n(std::int64_t v)
    {
        return grouped(v);
    }

    /// a x b, or nullopt past 2^62 (pins may be any positive int: products of several must not overflow).
    std::optional<std::int64_t> times(std::int64_t a, std::int64_t b)
    {
        constexpr std::int64_t kLimit = std::int64_t(1) << 62;
        if (a <= 0 || b <= 0 || a > kLimit / b) return std::nullopt;
        return a * b;
    }

    /// "TP can be 1, 2, 4, 8", "TP can only be 1", "no TP value can" (`knob`: knobName's, or "the
    /// micro-batch" where some value can).
    Message canBe(const Message& knob, const std::vector<std::int64_t>& allowed)
    {
        if (allowed.empty()) return { SHARDSCOPE_TR_NOOP("Diagnosis", "no %1 value can"), { knob } };
        if (allowed.size() == 1)
            return { SHARDSCOPE_TR_NOOP("Diagnosis", "%1 can only be %2"), { knob, n(allowed.front()) } };
        return { SHARDSCOPE_TR_NOOP("Diagnosis", "%1 can be %2"), { knob, valueList(allowed) } };
    }

    /// "TP 4": a knob set to a value (a way out's label, the pinned degrees of a message).
    Message knobSetting(PinKnob knob, std::int64_t value)
    {
        //: A knob's name and its value: "TP 4", "micro-batch 2".
        return { SHARDSCOPE_TR_NOOP("Diagnosis", "%1 %2"), { knobName(knob), n(value) } };
    }

    /// "%1; %2": the rule broken, then the values it allows (canBe).
    Message ruleAndAllowed(Message reason, Message allowed)
    {
        return { SHARDSCOPE_TR_NOOP("Diagnosis", "%1; %2"), { std::move(reason), std::move(allowed) } };
    }

    /// What every rule here reads of the problem.
    struct Inputs
    {
        const PlanningProblem& problem;
        const PlanPins& pins;
        std::int64_t gpus = 0;
        std::int64_t batch = 0;
        std::int64_t seq = 0;
        std::int64_t heads = 0; ///< 0 without a transformer spec (no head rule)
        std::int64_t kvHeads = 0;
        int units = 0;
        int blocks = 0;
        int pinnedDegrees = 0; ///< how many of TP, CP, PP, DP are pinned (two or more: worldSizeRule's)
        ExpertShape experts;

        Inputs(const PlanningProblem& p, const PlanEvaluator& ev)
            : problem(p)
            , pins(p.training.pins)
            , gpus(p.cluster.totalGpus())
            , batch(p.training.globalBatch)
            , seq(p.training.seqLength)
            , units(int(ev.units().size()))
            , blocks(ev.blockCount())
            , experts(ev.experts())
        {
            pinnedDegrees = int(pins.tp.has_value()) + int(pins.cp.has_value()) + int(pins.pp.has_value())
                + int(pins.dp.has_value());
            if (const auto& spec = p.model.spec()) {
                heads = spec->heads;
                kvHeads = spec->kvHeads;
            }
        }

        bool tpAllowed(std::int64_t t) const
        {
            return t >= 1 && gpus % t == 0 && (heads <= 0 || (heads % t == 0 && kvHeads % t == 0));
        }
        /// CP `c` over `sequenceTp` (TP when sequence parallelism is pinned on with TP, else 1): the sequence
        /// rule.
        bool cpAllowed(std::int64_t c, std::int64_t sequenceTp) const
        {
            if (c == 1) return true;
            const std::optional<std::int64_t> chunks = times(2 * c, sequenceTp);
            return problem.training.flashAttention && chunks && seq % *chunks == 0;
        }
        /// The GPUs left after dividing by the pinned degrees among `knobs` (all of the cluster's when they
        /// do not divide it).
        std::int64_t gpusLeft(std::initializer_list<PinKnob> knobs) const
        {
            std::int64_t product = 1;
            for (PinKnob k : knobs) {
                const std::optional<int>& pin = k == PinKnob::Tp ? pins.tp
                    : k == PinKnob::Cp                           ? pins.cp
                    : k == PinKnob::Pp                           ? pins.pp
                                                                 : pins.dp;
                if (!pin || *pin < 1) continue;
                const std::optional<std::int64_t> next = times(product, *pin);
                if (!next || *next > gpus) return gpus;
                product = *next;
            }
            return gpus % product == 0 ? gpus / product : gpus;
        }

        /// The data-parallel degrees the search can reach: GPUs / (TP x CP x PP) over the TP, CP and PP it
        /// enumerates (or the pinned ones), or the pinned DP.
        std::vector<std::int64_t> reachableDp() const
        {
            if (pins.dp) return { *pins.dp };
            std::set<std::int64_t> out;
            std::vector<std::int64_t> tps;
            for (std::int64_t t : divisorsOf(gpus))
                if (tpAllowed(t)) tps.push_back(t);
            if (pins.tp) tps = { *pins.tp };
            for (std::int64_t t : tps) {
                if (t < 1 || gpus % t != 0) continue;
                std::vector<std::int64_t> cps;
                for (std::int64_t c : divisorsOf(gpus / t))
                    if (c == 1 || (cpAllowed(c, 1) && seq / c >= kMinContextChunk)) cps.push_back(c);
                if (pins.cp) cps = { *pins.cp };
                for (std::int64_t c : cps) {
                    if (c < 1 || gpus % (t * c) != 0) continue;
                    std::vector<std::int64_t> pps;
                    for (std::int64_t p : divisorsOf(gpus / (t * c)))
                        if (p <= units) pps.push_back(p);
                    if (pins.pp) pps = { *pins.pp };
                    for (std::int64_t p : pps)
                        if (p >= 1 && gpus % (t * c * p) == 0) out.insert(gpus / (t * c * p));
                }
            }
            return { out.begin(), out.end() };
        }
    };

    Finding pinRule(PinKnob knob, const PlanPins& pins, Message message, std::vector<std::int64_t> allowed)
    {
        Finding f;
        f.kind = FindingKind::PinRule;
        f.severity = FindingSeverity::Blocking;
        f.knob = knob;
        f.message = std::move(message);
        f.allowedValues = std::move(allowed);
        if (knob != PinKnob::WorldSize)
            f.changes.push_back({ Message(SHARDSCOPE_TR_NOOP("Diagnosis", "unpin %1"), { knobName(knob) }),
                withoutPin(pins, knob), {}, {}, false });
        return f;
    }

    /// The allowed values nearest to `pinned` (the largest below it, the smallest above it) as pin changes.
    void addNearest(Finding& f, const PlanPins& pins, PinKnob knob, std::optional<int> PlanPins::*field,
        std::int64_t pinned)
    {
        std::optional<std::int64_t> below, above;
        for (std::int64_t v : f.allowedValues) {
            if (v < pinned) below = v;
            if (v > pinned && !above) above = v;
        }
        for (const auto& v : { below, above })
            if (v) {
                PlanPins changed = pins;
                changed.*field = int(*v);
                f.changes.push_back({ knobSetting(knob, *v), changed, {}, {}, false });
            }
    }

    void tpRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (!in.pins.tp || *in.pins.tp < 1) return;
        const std::int64_t t = *in.pins.tp;
        Message reason;
        if (in.heads > 0 && in.heads % t != 0)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "TP %1 does not divide the %2 attention heads"),
                { n(t), n(in.heads) } };
        else if (in.kvHeads > 0 && in.kvHeads % t != 0)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "TP %1 does not divide the %2 key/value heads"),
                { n(t), n(in.kvHeads) } };
        else if (in.gpus % t != 0 && in.pinnedDegrees == 1)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "TP %1 does not divide the %2 GPUs"),
                { n(t), n(in.gpus) } };
        if (reason.empty()) return;
        std::vector<std::int64_t> allowed;
        for (std::int64_t d : divisorsOf(in.gpus))
            if (in.tpAllowed(d)) allowed.push_back(d);
        Message why { SHARDSCOPE_TR_NOOP("Diagnosis", "dividing the %1 GPUs"), { n(in.gpus) } };
        if (in.heads > 0)
            why = in.heads == in.kvHeads
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "dividing the %1 attention heads and the %2 GPUs"),
                    { n(in.heads), n(in.gpus) })
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "dividing the %1 attention heads, the %2 key/value heads and the %3 GPUs"),
                    { n(in.heads), n(in.kvHeads), n(in.gpus) });
        Finding f = pinRule(PinKnob::Tp, in.pins,
            { SHARDSCOPE_TR_NOOP("Diagnosis", "%1; %2 (%3)"),
                { reason, canBe(knobName(PinKnob::Tp), allowed), why } },
            allowed);
        addNearest(f, in.pins, PinKnob::Tp, &PlanPins::tp, t);
        out.push_back(std::move(f));
    }

    void cpRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (!in.pins.cp || *in.pins.cp < 1) return;
        const std::int64_t c = *in.pins.cp;
        // Sequence parallelism splits each CP rank's part over TP as well (structuralProblem).
        const std::int64_t sequenceTp
            = in.pins.sequenceParallel.value_or(false) && in.pins.tp ? *in.pins.tp : 1;
        Message reason;
        if (c > 1 && !in.problem.training.flashAttention)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "CP %1 needs fused (flash) attention, which is off"),
                { n(c) } };
        else if (!in.cpAllowed(c, sequenceTp))
            reason = sequenceTp > 1
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "CP %1 needs the sequence length %2 divisible by 2 x CP x TP = %3 "
                              "(sequence parallelism splits each CP rank's part over TP %4)"),
                    { n(c), n(in.seq), n(2 * c * sequenceTp), n(sequenceTp) })
                : Message(SHARDSCOPE_TR_NOOP(
                              "Diagnosis", "CP %1 needs the sequence length %2 divisible by 2 x CP = %3"),
                    { n(c), n(in.seq), n(2 * c * sequenceTp) });
        else if (in.gpus % c != 0 && in.pinnedDegrees == 1)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "CP %1 does not divide the %2 GPUs"),
                { n(c), n(in.gpus) } };
        if (reason.empty()) return;
        std::vector<std::int64_t> allowed;
        for (std::int64_t d : divisorsOf(in.gpusLeft({ PinKnob::Tp })))
            if (in.cpAllowed(d, sequenceTp)) allowed.push_back(d);
        Finding f = pinRule(PinKnob::Cp, in.pins,
            ruleAndAllowed(std::move(reason), canBe(knobName(PinKnob::Cp), allowed)), allowed);
        addNearest(f, in.pins, PinKnob::Cp, &PlanPins::cp, c);
        out.push_back(std::move(f));
    }

    void ppRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (!in.pins.pp || *in.pins.pp < 1) return;
        const std::int64_t p = *in.pins.pp;
        const std::optional<Schedule> schedule = in.pins.schedule;
        const bool interleaved = schedule && isInterleaved(*schedule);
        const bool needsStages = schedule && (isInterleaved(*schedule) || isZeroBubble(*schedule));
        const std::int64_t v = in.pins.vpp.value_or(2); // the fewest chunks an interleaved schedule runs
        auto chunksFit = [&](std::int64_t stages) { return stages * v <= std::int64_t(in.blocks) + 2; };
        Message reason;
        if (p > in.units)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis",
                           "PP %1 needs at least %1 blocks or layers to place; the model has %2"),
                { n(p), n(in.units) } };
        else if (in.gpus % p != 0 && in.pinnedDegrees == 1)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "PP %1 does not divide the %2 GPUs"),
                { n(p), n(in.gpus) } };
        else if (needsStages && p < 2)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "the %1 schedule needs PP >= 2"),
                { std::string(toString(*schedule)) } };
        else if (interleaved && !chunksFit(p))
            reason = in.pins.vpp
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "PP %1 x vpp %2 chunks = %3 model chunks need at least %4 transformer "
                              "blocks (the first chunk may hold only the embedding, the last only "
                              "the loss); the model has %5"),
                    { n(p), n(v), n(p * v), n(p * v - 2), n(in.blocks) })
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "PP %1 x at least %2 chunks = %3 model chunks need at least %4 "
                              "transformer blocks (the first chunk may hold only the embedding, the "
                              "last only the loss); the model has %5"),
                    { n(p), n(v), n(p * v), n(p * v - 2), n(in.blocks) });
        if (reason.empty()) return;
        std::vector<std::int64_t> allowed;
        for (std::int64_t d : divisorsOf(in.gpusLeft({ PinKnob::Tp, PinKnob::Cp })))
            if (d <= in.units && (!needsStages || d >= 2) && (!interleaved || chunksFit(d)))
                allowed.push_back(d);
        Finding f = pinRule(PinKnob::Pp, in.pins,
            ruleAndAllowed(std::move(reason), canBe(knobName(PinKnob::Pp), allowed)), allowed);
        addNearest(f, in.pins, PinKnob::Pp, &PlanPins::pp, p);
        out.push_back(std::move(f));
    }

    void dpRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (!in.pins.dp || *in.pins.dp < 1) return;
        const std::int64_t d = *in.pins.dp;
        Message reason;
        if (in.gpus % d != 0 && in.pinnedDegrees == 1)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "DP %1 does not divide the %2 GPUs"),
                { n(d), n(in.gpus) } };
        else if (in.batch < d)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis",
                           "DP %1 is more than the global batch of %2 sequences (every "
                           "data-parallel rank needs one)"),
                { n(d), n(in.batch) } };
        else if (in.batch % d != 0)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "DP %1 does not divide the global batch %2"),
                { n(d), n(in.batch) } };
        if (reason.empty()) return;
        std::vector<std::int64_t> allowed;
        for (std::int64_t x : divisorsOf(in.gpusLeft({ PinKnob::Tp, PinKnob::Cp, PinKnob::Pp })))
            if (in.batch % x == 0) allowed.push_back(x);
        Finding f = pinRule(PinKnob::Dp, in.pins,
            { SHARDSCOPE_TR_NOOP("Diagnosis", "%1; %2 (dividing the GPUs left and the global batch %3)"),
                { reason, canBe(knobName(PinKnob::Dp), allowed), n(in.batch) } },
            allowed);
        addNearest(f, in.pins, PinKnob::Dp, &PlanPins::dp, d);
        out.push_back(std::move(f));
    }

    void microBatchRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (!in.pins.microBatch || *in.pins.microBatch < 1) return;
        const std::int64_t b = *in.pins.microBatch;
        const std::vector<std::int64_t> dps = in.reachableDp();
        auto works = [&](std::int64_t mb) {
            return in.batch % mb == 0 && std::any_of(dps.begin(), dps.end(), [&](std::int64_t d) {
                return in.batch % (d * mb) == 0;
            });
        };
        if (works(b) || dps.empty()) return;
        Message reason;
        if (in.batch % b != 0)
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "micro-batch %1 does not divide the global batch %2"),
                { n(b), n(in.batch) } };
        else if (dps.size() == 1)
            reason = { SHARDSCOPE_TR_NOOP(
                           "Diagnosis", "DP %1 x micro-batch %2 = %3 does not divide the global batch %4"),
                { n(dps.front()), n(b), n(dps.front() * b), n(in.batch) } };
        else
            reason = { SHARDSCOPE_TR_NOOP("Diagnosis",
                           "DP x micro-batch %1 divides the global batch %2 for no DP the GPUs and "
                           "pins allow (DP %3)"),
                { n(b), n(in.batch), valueList(dps) } };
        std::vector<std::int64_t> allowed;
        for (std::int64_t x : divisorsOf(in.batch))
            if (x <= std::max<std::int64_t>(32, b) && works(x)) allowed.push_back(x);
        Finding f = pinRule(PinKnob::MicroBatch, in.pins,
            ruleAndAllowed(std::move(reason),
                // "the micro-batch can be 1, 2", but "no micro-batch value can".
                canBe(allowed.empty() ? knobName(PinKnob::MicroBatch)
                                      : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "the micro-batch")),
                    allowed)),
            allowed);
        addNearest(f, in.pins, PinKnob::MicroBatch, &PlanPins::microBatch, b);
        out.push_back(std::move(f));
    }

    void expertRules(const Inputs& in, std::vector<Finding>& out)
    {
        const std::int64_t experts = in.experts.experts;
        const std::int64_t etp = in.pins.etp.value_or(1);
        if (in.pins.ep && *in.pins.ep >= 1) {
            const std::int64_t e = *in.pins.ep;
            // The expert groups (EP x ETP) lay out the TP x CP x DP GPUs of one pipeline stage.
            const std::int64_t stage = in.gpusLeft({ PinKnob::Pp });
            Message reason;
            std::vector<std::int64_t> allowed { 1 };
            if (experts <= 0) {
                if (e != 1)
                    reason = { SHARDSCOPE_TR_NOOP("Diagnosis",
                                   "EP %1 needs a mixture-of-experts model; this model has no "
                                   "routed experts"),
                        { n(e) } };
            } else {
                allowed.clear();
                for (std::int64_t x : divisorsOf(experts))
                    if (stage % (x * etp) == 0) allowed.push_back(x);
                if (experts % e != 0)
                    reason = { SHARDSCOPE_TR_NOOP("Diagnosis", "EP %1 does not divide the %2 routed experts"),
                        { n(e), n(experts) } };
                else if (stage % (e * etp) != 0)
                    reason = in.pins.pp
                        ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                      "EP %1 x ETP %2 = %3 does not divide the %4 GPUs of a pipeline stage"),
                            { n(e), n(etp), n(e * etp), n(stage) })
                        : Message(SHARDSCOPE_TR_NOOP(
                                      "Diagnosis", "EP %1 x ETP %2 = %3 does not divide the %4 GPUs"),
                            { n(e), n(etp), n(e * etp), n(stage) });
            }
            if (!reason.empty()) {
                Finding f = pinRule(PinKnob::Ep, in.pins,
                    ruleAndAllowed(std::move(reason), canBe(knobName(PinKnob::Ep), allowed)), allowed);
                addNearest(f, in.pins, PinKnob::Ep, &PlanPins::ep, e);
                out.push_back(std::move(f));
            }
        }
        if (in.pins.etp && etp > 1) {
            const double ffn = in.experts.expertFfn;
            Message reason;
            std::vector<std::int64_t> allowed { 1 };
            if (experts <= 0) {
                reason = { SHARDSCOPE_TR_NOOP("Diagnosis",
                               "ETP %1 needs a mixture-of-experts model; this model has no "
                               "routed experts"),
                    { n(etp) } };
            } else if (ffn > 0 && std::fmod(ffn, double(etp)) != 0) {
                reason = { SHARDSCOPE_TR_NOOP(
                               "Diagnosis", "ETP %1 does not divide the experts' intermediate size %2"),
                    { n(etp), n(std::int64_t(ffn)) } };
                allowed.clear();
                for (std::int64_t x : divisorsOf(in.gpus))
                    if (std::fmod(ffn, double(x)) == 0) allowed.push_back(x);
            }
            if (!reason.empty()) {
                Finding f = pinRule(PinKnob::Etp, in.pins,
                    ruleAndAllowed(std::move(reason), canBe(knobName(PinKnob::Etp), allowed)), allowed);
                addNearest(f, in.pins, PinKnob::Etp, &PlanPins::etp, etp);
                out.push_back(std::move(f));
            }
        }
    }

    /// A parallel degree a pin may set: its knob and its field of PlanPins (worldSizeRule).
    struct Degree
    {
        PinKnob knob;
        std::optional<int> PlanPins::*field;
    };

    /// The pinned ones of TP, CP, PP and DP (in that order), their product and their settings.
    struct PinnedProduct
    {
        std::vector<Degree> pinned;
        std::int64_t product = 1;
        std::vector<Message> settings; // "TP 4", "PP 2": joined by " x "
    };

    /// The pinned degrees and their product, or nullopt where it overflows.
    std::optional<PinnedProduct> pinnedProduct(const PlanPins& pins)
    {
        const Degree all[] = { { PinKnob::Tp, &PlanPins::tp }, { PinKnob::Cp, &PlanPins::cp },
            { PinKnob::Pp, &PlanPins::pp }, { PinKnob::Dp, &PlanPins::dp } };
        PinnedProduct out;
        for (const Degree& d : all) {
            const std::optional<int>& v = pins.*d.field;
            if (!v) continue;
            const std::optional<std::int64_t> next = times(out.product, *v);
            if (!next) return std::nullopt; // absurd pins: the rules' generic reasons speak for them
            out.pinned.push_back(d);
            out.product = *next;
            out.settings.push_back(knobSetting(d.knob, *v));
        }
        return out;
    }

    /// The values the last pinned degree can take given the product of the others: all four pinned, the one
    /// that makes the GPU count; else the divisors of the GPUs the others leave (PP at most the units).
    std::vector<std::int64_t> lastDegreeAllowed(
        const Inputs& in, std::size_t pinnedCount, PinKnob lastKnob, std::int64_t others)
    {
        std::vector<std::int64_t> allowed;
        if (in.gpus % others == 0) {
            if (pinnedCount == 4)
                allowed.push_back(in.gpus / others);
            else
                for (std::int64_t x : divisorsOf(in.gpus / others))
                    if (lastKnob != PinKnob::Pp || x <= in.units) allowed.push_back(x);
        }
        return allowed;
    }

    /// The rule's message: the pinned product (`values` = it) against the GPU count, then what the last
    /// pinned degree can be given the others.
    Message worldSizeMessage(const Inputs& in, const PinnedProduct& p, const Message& values, bool divides,
        const std::vector<std::int64_t>& allowed)
    {
        const Message othersText = Message::join({ p.settings.begin(), p.settings.end() - 1 }, " x ");
        const std::vector<Message> args { values, n(p.product), n(in.gpus), othersText,
            canBe(knobName(p.pinned.back().knob), allowed) };
        Message message = divides
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "%1 = %2, but the cluster has %3 GPUs (TP x CP x PP x DP must equal the "
                          "GPU count); with %4, %5"),
                args)
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "%1 = %2 does not divide the %3 GPUs (TP x CP x PP x DP must equal the "
                          "GPU count); with %4, %5"),
                args);
        return message;
    }

    /// Whole nodes of GPUs that the pinned product divides, nearest below and above, leaving (with the
    /// unpinned degrees at 1) a DP that divides the global batch; all four pinned, the product itself where
    /// it is whole nodes.
    std::vector<std::int64_t> nearbyGpuCounts(const Inputs& in, std::int64_t product, std::size_t pinnedCount)
    {
        const std::int64_t perNode = in.problem.cluster.gpusPerNode;
        const std::int64_t step = product <= in.gpus * perNode ? std::lcm(product, perNode) : 0;
        auto batchFits = [&](std::int64_t count) {
            return in.pins.dp || (count / product >= 1 && in.batch % (count / product) == 0);
        };
        std::vector<std::int64_t> counts;
        if (step == 0) {
            // a product far beyond the cluster: no nearby GPU count to suggest
        } else if (pinnedCount < 4) {
            for (std::int64_t k = in.gpus / step; k >= 1 && k > in.gpus / step - 64; --k)
                if (k * step != in.gpus && batchFits(k * step)) {
                    counts.push_back(k * step);
                    break;
                }
            for (std::int64_t k = in.gpus / step + 1; k <= in.gpus / step + 64; ++k)
                if (batchFits(k * step)) {
                    counts.push_back(k * step);
                    break;
                }
        } else if (product % perNode == 0) {
            counts.push_back(product);
        }
        return counts;
    }

    /// The GPU `counts` as changes ("2 nodes (16 GPUs)") and in the message ("8 or 24 GPUs would fit ...").
    void addGpuCounts(const Inputs& in, Finding& f, const std::vector<std::int64_t>& counts,
        const Message& values, std::int64_t product)
    {
        const std::int64_t perNode = in.problem.cluster.gpusPerNode;
        for (std::int64_t c : counts)
            f.changes.push_back(
                { Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 nodes (%2 GPUs)"), { n(c / perNode), n(c) }),
                    {}, {}, int(c / perNode), false });
        // "8 or 24 GPUs would fit TP 4 x PP 2 (DP 1 or 3, dividing the global batch 24)": the DP each count
        // leaves where DP is not pinned (the unpinned degrees at 1).
        const bool dpText = !in.pins.dp;
        if (counts.size() == 1) {
            const std::int64_t c = counts.front();
            f.message.append(dpText
                    ? Message(SHARDSCOPE_TR_NOOP(
                                  "Diagnosis", "%1 GPUs would fit %2 (DP %3, dividing the global batch %4)"),
                        { n(c), values, n(c / product), n(in.batch) })
                    : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 GPUs would fit %2"), { n(c), values }),
                "; ");
        } else if (counts.size() == 2) {
            const std::int64_t c0 = counts[0], c1 = counts[1];
            f.message.append(dpText
                    ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "%1 or %2 GPUs would fit %3 (DP %4 or %5, dividing the global "
                                  "batch %6)"),
                        { n(c0), n(c1), values, n(c0 / product), n(c1 / product), n(in.batch) })
                    : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 or %2 GPUs would fit %3"),
                        { n(c0), n(c1), values }),
                "; ");
        }
    }

    /// The pinned degrees together: each may divide the GPUs while their product does not (or, all four
    /// pinned, does not equal the GPU count).
    void worldSizeRule(const Inputs& in, std::vector<Finding>& out)
    {
        const std::optional<PinnedProduct> p = pinnedProduct(in.pins);
        if (!p || p->pinned.size() < 2) return;
        const bool divides = in.gpus % p->product == 0;
        if (divides && (p->pinned.size() < 4 || p->product == in.gpus)) return;
        // The last pinned degree, given the others.
        const Degree last = p->pinned.back();
        const std::int64_t others = p->product / (in.problem.training.pins.*last.field).value();
        const std::vector<std::int64_t> allowed = lastDegreeAllowed(in, p->pinned.size(), last.knob, others);
        const Message values = Message::join(p->settings, " x ");
        Finding f = pinRule(
            PinKnob::WorldSize, in.pins, worldSizeMessage(in, *p, values, divides, allowed), allowed);
        addGpuCounts(in, f, nearbyGpuCounts(in, p->product, p->pinned.size()), values, p->product);
        addNearest(f, in.pins, last.knob, last.field, (in.pins.*last.field).value());
        out.push_back(std::move(f));
    }

    /// A pinned interleaved 1F1B schedule needs the micro-batches per step divisible by PP (Megatron-LM
    /// asserts it): the global batch divisible by PP x DP x micro-batch for some DP the search reaches.
    void interleavedBatchRule(const Inputs& in, std::vector<Finding>& out)
    {
        if (in.pins.schedule != Schedule::Interleaved1F1B || !in.pins.pp || *in.pins.pp < 2
            || *in.pins.pp > in.units)
            return;
        const std::int64_t p = *in.pins.pp;
        const std::int64_t b = in.pins.microBatch.value_or(1);
        std::vector<std::int64_t> dps;
        for (std::int64_t d : in.reachableDp())
            if (in.batch % (d * b) == 0) dps.push_back(d); // the others break the batch rule first
        if (dps.empty()) return;
        std::optional<std::int64_t> suggestion;
        for (std::int64_t d : dps) {
            const std::int64_t unit = p * d * b;
            if (in.batch % unit == 0) return;
            const std::int64_t up = (in.batch / unit + 1) * unit;
            suggestion = std::min(suggestion.value_or(up), up);
        }
        Message message = in.pins.microBatch
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "the interleaved schedule needs the number of micro-batches divisible by "
                          "PP %1 (Megatron-LM requires it), so the global batch divisible by PP x "
                          "DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3, "
                          "micro-batch %4); global batch %5 would be"),
                { n(p), n(in.batch), valueList(dps), n(b), n(*suggestion) })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "the interleaved schedule needs the number of micro-batches divisible by "
                          "PP %1 (Megatron-LM requires it), so the global batch divisible by PP x "
                          "DP x micro-batch: %2 is not for any DP the GPUs and pins allow (DP %3); "
                          "global batch %4 would be"),
                { n(p), n(in.batch), valueList(dps), n(*suggestion) });
        Finding f = pinRule(PinKnob::Schedule, in.pins, std::move(message), {});
        f.changes.insert(f.changes.begin(),
            { Message(SHARDSCOPE_TR_NOOP("Diagnosis", "global batch %1"), { n(*suggestion) }), {},
                *suggestion, {}, false });
        out.push_back(std::move(f));
    }

} // namespace

std::vector<Finding> pinRuleFindings(const PlanningProblem& problem)
{
    const PlanEvaluator evaluator(problem);
    const Inputs in(problem, evaluator);
    std::vector<Finding> out;
    tpRule(in, out);
    cpRule(in, out);
    ppRule(in, out);
    dpRule(in, out);
    worldSizeRule(in, out);
    microBatchRule(in, out);
    expertRules(in, out);
    interleavedBatchRule(in, out);
    return out;
}

std::optional<Finding> batchDivisorFinding(const PlanningProblem& problem)
{
    if (problem.training.pins.dp) return std::nullopt;
    const PlanEvaluator evaluator(problem);
    const Inputs in(problem, evaluator);
    std::vector<std::int64_t> allowed, excluded;
    std::int64_t common = 1; // every reachable DP divides it: a global batch divisible by it allows them all
    for (std::int64_t d : in.reachableDp()) {
        (in.batch % d == 0 ? allowed : excluded).push_back(d);
        common = std::lcm(common, d);
    }
    if (excluded.empty()) return std::nullopt;
    const std::int64_t below = in.batch / common * common;
    const std::int64_t above = below + common;
    Finding f;
    f.kind = FindingKind::BatchLimitsDp;
    f.severity = FindingSeverity::Warning;
    f.knob = PinKnob::Dp;
    f.allowedValues = allowed;
    f.ruledOutValues = excluded;
    // No DP at all (1,000,000 GPUs for 512 sequences): said so, not as an empty set.
    const bool one = excluded.size() == 1;
    Message limit;
    if (allowed.empty())
        limit = one ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "global batch %1 allows no DP degree on %2 GPUs: DP %3 is "
                                  "impossible (DP must divide the global batch)"),
                    { n(in.batch), n(in.gpus), valueList(excluded) })
                    : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "global batch %1 allows no DP degree on %2 GPUs: DP %3 are "
                                  "impossible (DP must divide the global batch)"),
                        { n(in.batch), n(in.gpus), valueList(excluded) });
    else
        limit = one ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 is "
                                  "impossible (DP must divide the global batch)"),
                    { n(in.batch), valueList(allowed), n(in.gpus), valueList(excluded) })
                    : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "global batch %1 allows DP only in {%2} on %3 GPUs: DP %4 are "
                                  "impossible (DP must divide the global batch)"),
                        { n(in.batch), valueList(allowed), n(in.gpus), valueList(excluded) });
    Message wayOut;
    if (below > 0)
        wayOut = one
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 or %2 would allow it"), { n(below), n(above) })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 or %2 would allow them"), { n(below), n(above) });
    else
        wayOut = one ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 would allow it"), { n(above) })
                     : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 would allow them"), { n(above) });
    f.message = Message::join({ std::move(limit), std::move(wayOut) }, "; ");
    for (std::int64_t batch : { above, below })
        if (batch > 0)
            f.changes.push_back({ Message(SHARDSCOPE_TR_NOOP("Diagnosis", "global batch %1"), { n(batch) }),
                {}, batch, {}, false });
    return f;
}

} // namespace shardscope
