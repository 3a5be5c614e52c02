// SPDX-License-Identifier: GPL-3.0-or-later
// proposeChanges: the parallelism and memory kinds, ranking and de-duplication. Gradient
// communication lives in proposals_communication.cpp.
#include "proposals/proposals.h"

#include "proposals/proposals_detail.h"
#include "util/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace shardscope {

namespace {

constexpr std::array<std::pair<ProposalKind, std::string_view>, 11> kKindNames { {
    { ProposalKind::DataParallel, "data_parallel" },
    { ProposalKind::TensorParallel, "tensor_parallel" },
    { ProposalKind::PipelineParallel, "pipeline_parallel" },
    { ProposalKind::SequenceParallel, "sequence_parallel" },
    { ProposalKind::GradientCommunication, "gradient_communication" },
    { ProposalKind::ZeroStage, "zero_stage" },
    { ProposalKind::Recomputation, "recomputation" },
    { ProposalKind::MicroBatch, "micro_batch" },
    { ProposalKind::ExpertParallel, "expert_parallel" },
    { ProposalKind::GlobalBatch, "global_batch" },
    { ProposalKind::ClusterSize, "cluster_size" },
} };

} // namespace

std::string_view toString(ProposalKind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return name;
    return "data_parallel";
}

std::optional<ProposalKind> proposalKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kKindNames)
        if (name == text)
            return k;
    return std::nullopt;
}

namespace proposals_detail {

std::string number(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}
std::string percent(double fraction) { return number(100.0 * fraction, 1) + " %"; }
std::string seconds(double s) { return formatSeconds(s); }
std::string bytes(double b) { return formatBytes(b); }

Message stepChange(const PlanEstimate& from, const PlanEstimate& to)
{
    const double speedup = to.time.stepSeconds > 0 ? from.time.stepSeconds / to.time.stepSeconds : 0;
    return { SHARDSCOPE_TR_NOOP("Proposals", "step %1 -> %2 (%3x)"),
        { seconds(from.time.stepSeconds), seconds(to.time.stepSeconds), number(speedup, 3) } };
}

Message memoryChange(const PlanEstimate& from, const PlanEstimate& to)
{
    return { SHARDSCOPE_TR_NOOP("Proposals", "peak memory %1 -> %2 per GPU of %3 usable"),
        { bytes(from.peakMemoryBytes), bytes(to.peakMemoryBytes), bytes(to.capacityBytes) } };
}

Message effects(const PlanEstimate& from, const PlanEstimate& to)
{
    if (!to.feasible && !to.infeasibleReason.empty())
        return { SHARDSCOPE_TR_NOOP("Proposals", "%1; %2 (does not fit: %3)"),
            { stepChange(from, to), memoryChange(from, to), to.infeasibleReason } };
    return { SHARDSCOPE_TR_NOOP("Proposals", "%1; %2"), { stepChange(from, to), memoryChange(from, to) } };
}

std::optional<Proposal> Context::evaluate(ProposalKind kind, const ParallelConfig& config, const TrainingSpec& training,
                                          Message title) const
{
    Proposal p;
    p.kind = kind;
    p.title = std::move(title);
    p.config = config;
    p.training = training;
    // The user's pins are constraints, as in the search: a change to a pinned knob is not proposed.
    if (evaluator.structuralProblem(config).size() || !satisfiesPins(config, problem.training.pins))
        return std::nullopt;
    if (training.dpOverlap == problem.training.dpOverlap) {
        p.estimate = evaluator.evaluate(config);
    } else {
        // The evaluator keeps a reference to its problem, so the changed spec needs its own copy.
        PlanningProblem changed = problem;
        changed.training = training;
        p.estimate = PlanEvaluator(changed).evaluate(config);
    }
    p.feasible = p.estimate.feasible;
    p.speedup = current.time.stepSeconds / p.estimate.time.stepSeconds;
    p.memoryDeltaBytes = p.estimate.peakMemoryBytes - current.peakMemoryBytes;
    return p;
}

} // namespace proposals_detail

namespace {

using namespace proposals_detail;

std::string n(long long v) { return std::to_string(v); }

/// The one-chunk counterpart of a schedule: 1F1B for interleaved 1F1B, ZB-H1 for the interleaved zero-bubble
/// schedules.
Schedule oneChunk(Schedule s)
{
    return isZeroBubble(s) ? Schedule::ZeroBubbleH1 : s == Schedule::Interleaved1F1B ? Schedule::OneFOneB : s;
}

/// Makes a traded configuration legal where a dependent knob obviously has to follow (expert groups must divide
/// a stage's GPUs, SP needs TP > 1,
/// TP communication overlap needs SP, interleaving and zero-bubble schedules need PP >= 2 (an invalid chunk
/// count falls back to the schedule's one-chunk counterpart), pipeline communication overlap the
/// interleaved schedule); returns false when it is still not evaluable.
bool repair(const PlanEvaluator& evaluator, ParallelConfig& c)
{
    // MoE parallel folding: a stage's TP x CP x DP GPUs hold whole expert groups (EP x ETP); EP, then ETP, follow
    // a smaller data-parallel degree.
    while (c.ep > 1 && (c.tp * c.cp * c.dp) % (c.ep * c.etp) != 0)
        c.ep /= 2;
    while (c.etp > 1 && (c.tp * c.cp * c.dp) % (c.ep * c.etp) != 0)
        c.etp /= 2;
    if (c.tp == 1)
        c.sequenceParallel = false;
    if ((isInterleaved(c.schedule) || isZeroBubble(c.schedule)) && c.pp >= 2) {
        ParallelConfig check = c;
        check.ppCommOverlap = false;
        if (!evaluator.structuralProblem(check).empty()) {
            c.schedule = oneChunk(c.schedule);
            c.vpp = 1;
        }
    } else if (isInterleaved(c.schedule) || isZeroBubble(c.schedule)) {
        c.schedule = Schedule::OneFOneB;
        c.vpp = 1;
    }
    if (c.schedule != Schedule::Interleaved1F1B)
        c.ppCommOverlap = false;
    if (c.sequenceParallel && !evaluator.structuralProblem(c).empty()) {
        ParallelConfig without = c;
        without.sequenceParallel = false;
        without.tpCommOverlap = false;
        if (evaluator.structuralProblem(without).empty())
            c = without;
    }
    if (!c.sequenceParallel)
        c.tpCommOverlap = false;
    return evaluator.structuralProblem(c).empty();
}

std::string layout(const ParallelConfig& c)
{
    return "TP " + n(c.tp) + " x PP " + n(c.pp) + " x DP " + n(c.dp);
}

/// Column/row-parallel MatMul chains or channel-parallel Conv, from the op histogram's FLOPs.
Message tensorMethod(const GraphAnalysis* analysis)
{
    double conv = 0, gemm = 0;
    int convCount = 0, gemmCount = 0;
    const auto has = [](const std::string& text, const char* word) { return toLower(text).find(word) != std::string::npos; };
    if (analysis)
        for (const OpCount& op : analysis->opHistogram) {
            if (has(op.op, "conv")) {
                conv += op.flops;
                convCount += op.count;
            } else if (has(op.op, "matmul") || has(op.op, "gemm") || has(op.op, "linear") || has(op.op, "attention")
                       || has(op.op, "mlp") || has(op.op, "moe") || has(op.op, "output_head") || has(op.op, "dense")) {
                gemm += op.flops;
                gemmCount += op.count;
            }
        }
    if (conv > gemm)
        return { SHARDSCOPE_TR_NOOP("Proposals", "channel-parallel Conv (%1 Conv operators, %2 of the FLOPs: output channels split, "
                                      "outputs all-gathered)"),
            { n(convCount), percent(conv / analysis->totalFlops) } };
    const Message chains = SHARDSCOPE_TR_NOOP("Proposals", "column-parallel then row-parallel MatMul chains (Megatron: QKV and "
                                                    "up-projection split by columns, output and down-projection by rows, "
                                                    "one all-reduce per pair)");
    if (analysis && gemmCount > 0 && analysis->totalFlops > 0)
        return { SHARDSCOPE_TR_NOOP("Proposals", "%1 over %2 GEMM-bearing %3 holding %4 of the FLOPs"),
            { chains, n(gemmCount), analysis->level, percent(gemm / analysis->totalFlops) } };
    return chains;
}

void addParallelism(Context& ctx, const GraphAnalysis* analysis)
{
    const ParallelConfig& c = ctx.current.config;
    const PlanEstimate& e = ctx.current;
    const int perNode = ctx.problem.cluster.gpusPerNode;

    // DP <-> PP at a fixed world size.
    auto tradePp = [&](int pp, int dp) {
        ParallelConfig t = c;
        t.pp = pp;
        t.dp = dp;
        if (!repair(ctx.evaluator, t))
            return;
        const Message title = dp > c.dp
            ? Message(SHARDSCOPE_TR_NOOP("Proposals", "More data parallelism: %1 instead of %2"), { layout(t), layout(c) })
            : Message(SHARDSCOPE_TR_NOOP("Proposals", "Fewer data-parallel replicas: %1 instead of %2"), { layout(t), layout(c) });
        auto p = ctx.evaluate(ProposalKind::DataParallel, t, title);
        if (!p)
            return;
        p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "DP %1 -> %2 with PP %3 -> %4: pipeline bubble %5 -> %6, exposed DP "
                                           "communication %7 -> %8 per step; %9"),
            { n(c.dp), n(dp), n(c.pp), n(pp), percent(e.bubbleFraction), percent(p->estimate.bubbleFraction),
                seconds(e.comm.dpExposedSeconds), seconds(p->estimate.comm.dpExposedSeconds), effects(e, p->estimate) } };
        ctx.out.push_back(std::move(*p));
    };
    if (c.pp % 2 == 0)
        tradePp(c.pp / 2, c.dp * 2);
    if (c.dp % 2 == 0)
        tradePp(c.pp * 2, c.dp / 2);

    // TP up/down within a node, traded against DP (or PP when DP cannot give).
    const Message method = tensorMethod(analysis);
    auto tradeTp = [&](ParallelConfig t) {
        if (!repair(ctx.evaluator, t))
            return;
        const Message title = t.tp > c.tp
            ? Message(SHARDSCOPE_TR_NOOP("Proposals", "Raise tensor parallelism to TP %1 (%2)"), { n(t.tp), layout(t) })
            : Message(SHARDSCOPE_TR_NOOP("Proposals", "Lower tensor parallelism to TP %1 (%2)"), { n(t.tp), layout(t) });
        auto p = ctx.evaluate(ProposalKind::TensorParallel, t, title);
        if (!p)
            return;
        const Message where = t.tp <= perNode ? Message(SHARDSCOPE_TR_NOOP("Proposals", "inside a node"))
                                              : Message(SHARDSCOPE_TR_NOOP("Proposals", "across nodes"));
        p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "TP %1 -> %2 as %3: TP communication %4 -> %5 per step (%6), compute %7 -> "
                                           "%8; %9"),
            { n(c.tp), n(t.tp), method, seconds(e.comm.tpSeconds), seconds(p->estimate.comm.tpSeconds), where,
                seconds(e.time.computeSeconds), seconds(p->estimate.time.computeSeconds), effects(e, p->estimate) } };
        ctx.out.push_back(std::move(*p));
    };
    if (c.tp * 2 <= perNode) {
        ParallelConfig t = c;
        t.tp *= 2;
        if (c.dp % 2 == 0) {
            t.dp /= 2;
            tradeTp(t);
        }
        if (c.pp % 2 == 0) {
            t = c;
            t.tp *= 2;
            t.pp /= 2;
            tradeTp(t);
        }
    }
    if (c.tp % 2 == 0) {
        ParallelConfig t = c;
        t.tp /= 2;
        t.dp *= 2;
        tradeTp(t);
    }

    // Pipeline: more micro-batches (smaller micro-batch), interleaving.
    if (c.pp > 1) {
        const Message bubbleNow { SHARDSCOPE_TR_NOOP("Proposals", "pipeline bubble is %1 of the step with m = %2"),
            { percent(e.bubbleFraction), n(e.numMicroBatches) } };
        for (int b = c.microBatch / 2; b >= 1; b /= 2) {
            if (c.microBatch % b != 0)
                continue;
            ParallelConfig t = c;
            t.microBatch = b;
            auto p = ctx.evaluate(ProposalKind::PipelineParallel, t,
                { SHARDSCOPE_TR_NOOP("Proposals", "More micro-batches: micro-batch %1 (m = %2)"),
                    { n(b), n(ctx.problem.training.globalBatch / (std::int64_t(c.dp) * b)) } });
            if (!p)
                continue;
            // Narayanan et al. 2021 Sec. 2.2: bubble (p - 1) / m of the ideal time.
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "%1; m = %2 cuts it to %3; %4"),
                { bubbleNow, n(p->estimate.numMicroBatches), percent(p->estimate.bubbleFraction), effects(e, p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
        std::vector<ParallelConfig> schedules;
        if (isInterleaved(c.schedule)) {
            ParallelConfig t = c;
            if (c.schedule != Schedule::ZeroBubbleV) { // ZBV runs exactly 2 chunks
                t.vpp = c.vpp * 2;
                schedules.push_back(t);
                t = c;
            }
            t.schedule = oneChunk(c.schedule);
            t.vpp = 1;
            schedules.push_back(t);
        } else {
            for (int v : { 2, 3, 4 }) {
                ParallelConfig t = c;
                t.schedule = c.schedule == Schedule::ZeroBubbleH1 ? Schedule::InterleavedZeroBubble : Schedule::Interleaved1F1B;
                t.vpp = v;
                schedules.push_back(t);
            }
        }
        for (const ParallelConfig& t : schedules) {
            const Message title = isInterleaved(t.schedule)
                ? Message(SHARDSCOPE_TR_NOOP("Proposals", "Interleave %1 model chunks per GPU (vpp %1)"), { n(t.vpp) })
                : t.schedule == Schedule::ZeroBubbleH1
                ? Message(SHARDSCOPE_TR_NOOP(
                    "Proposals", "ZB-H1 without interleaving (vpp 1; stages placed by the exact partitioner)"))
                : Message(SHARDSCOPE_TR_NOOP(
                    "Proposals", "Plain 1F1B without interleaving (vpp 1; stages placed by the exact partitioner)"));
            auto p = ctx.evaluate(ProposalKind::PipelineParallel, t, title);
            if (!p)
                continue;
            // Narayanan et al. 2021 Sec. 2.2.1: interleaving divides the bubble by v, multiplies P2P traffic by v.
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "%1 and v = %2; v = %3 makes it %4, PP communication %5 -> %6 per step; %7"),
                { bubbleNow, n(c.vpp), n(t.vpp), percent(p->estimate.bubbleFraction), seconds(e.comm.ppSeconds),
                    seconds(p->estimate.comm.ppSeconds), effects(e, p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
    }

    // Sequence parallelism on/off (off also ends the TP communication overlap, which needs it).
    if (c.tp > 1) {
        ParallelConfig t = c;
        t.sequenceParallel = !c.sequenceParallel;
        t.tpCommOverlap = c.tpCommOverlap && t.sequenceParallel;
        const Message title = t.sequenceParallel ? SHARDSCOPE_TR_NOOP("Proposals", "Turn on sequence parallelism")
            : c.tpCommOverlap
            ? SHARDSCOPE_TR_NOOP("Proposals", "Turn off sequence parallelism and the TP communication overlap it enables")
            : SHARDSCOPE_TR_NOOP("Proposals", "Turn off sequence parallelism");
        if (auto p = ctx.evaluate(ProposalKind::SequenceParallel, t, title)) {
            // Korthikanti et al. 2022 Sec. 4.2.2: SP splits the 10 sbh replicated activations by t at equal volume.
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "sequence parallelism splits the norm/dropout activations "
                                               "(Korthikanti's 10 sbh) by TP %1 with the same communication volume: "
                                               "block activations per GPU %2 -> %3 on the fullest stage; %4"),
                { n(c.tp), bytes(e.stages.empty() ? 0 : e.stages[std::size_t(e.peakStage)].memory.activationsBytes),
                    bytes(p->estimate.stages.empty()
                            ? 0
                            : p->estimate.stages[std::size_t(p->estimate.peakStage)].memory.activationsBytes),
                    effects(e, p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
    }
}

void addMemoryKnobs(Context& ctx)
{
    const ParallelConfig& c = ctx.current.config;
    const PlanEstimate& e = ctx.current;
    const MemoryBreakdown peak = e.stages.empty() ? MemoryBreakdown {} : e.stages[std::size_t(e.peakStage)].memory;

    for (int z = 0; z <= 3; ++z) {
        if (z == c.zeroStage)
            continue;
        ParallelConfig t = c;
        t.zeroStage = z;
        auto p = ctx.evaluate(
            ProposalKind::ZeroStage, t, { SHARDSCOPE_TR_NOOP("Proposals", "ZeRO stage %1 instead of %2"), { n(z), n(c.zeroStage) } });
        if (!p)
            continue;
        const MemoryBreakdown& m = p->estimate.stages[std::size_t(p->estimate.peakStage)].memory;
        // ZeRO paper Sec. 5.1 (states per device) and Sec. 7 (2 Psi traffic for stages 0-2, 3 Psi for stage 3).
        p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "model states (weights + gradients + optimizer) per GPU %1 -> %2, DP "
                                           "communication %3 -> %4 per step (%5 -> %6 exposed); %7"),
            { bytes(peak.weightsBytes + peak.gradientsBytes + peak.optimizerBytes),
                bytes(m.weightsBytes + m.gradientsBytes + m.optimizerBytes), seconds(e.comm.dpSeconds),
                seconds(p->estimate.comm.dpSeconds), seconds(e.comm.dpExposedSeconds),
                seconds(p->estimate.comm.dpExposedSeconds), effects(e, p->estimate) } };
        ctx.out.push_back(std::move(*p));
    }

    for (Recompute r : { Recompute::None, Recompute::Selective, Recompute::Full }) {
        if (r == c.recompute)
            continue;
        ParallelConfig t = c;
        t.recompute = r;
        auto p = ctx.evaluate(ProposalKind::Recomputation, t,
            { SHARDSCOPE_TR_NOOP("Proposals", "Recompute %1 instead of %2"), { std::string(toString(r)), std::string(toString(c.recompute)) } });
        if (!p)
            continue;
        const MemoryBreakdown& m = p->estimate.stages[std::size_t(p->estimate.peakStage)].memory;
        // Korthikanti et al. 2022 Sec. 5: selective drops the attention-score part, full keeps one block input.
        p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "stored activations per GPU %1 -> %2, recomputation %3 -> %4 per step; %5"),
            { bytes(peak.activationsBytes), bytes(m.activationsBytes), seconds(e.time.recomputeSeconds),
                seconds(p->estimate.time.recomputeSeconds), effects(e, p->estimate) } };
        ctx.out.push_back(std::move(*p));
    }

    for (int b : { c.microBatch * 2, c.microBatch / 2 }) {
        if (b < 1 || b == c.microBatch)
            continue;
        ParallelConfig t = c;
        t.microBatch = b;
        auto p = ctx.evaluate(
            ProposalKind::MicroBatch, t, { SHARDSCOPE_TR_NOOP("Proposals", "Micro-batch %1 instead of %2"), { n(b), n(c.microBatch) } });
        if (!p)
            continue;
        const MemoryBreakdown& m = p->estimate.stages[std::size_t(p->estimate.peakStage)].memory;
        std::vector<Message> args { n(e.numMicroBatches), n(p->estimate.numMicroBatches),
            bytes(peak.activationsBytes + peak.embeddingLogitsBytes), bytes(m.activationsBytes + m.embeddingLogitsBytes) };
        if (c.pp > 1) {
            args.insert(args.end(), { percent(e.bubbleFraction), percent(p->estimate.bubbleFraction), effects(e, p->estimate) });
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "m = %1 -> %2 micro-batches per step; activations in flight per GPU %3 -> "
                                               "%4, pipeline bubble %5 -> %6; %7"),
                std::move(args) };
        } else {
            args.push_back(effects(e, p->estimate));
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "m = %1 -> %2 micro-batches per step; activations in flight per GPU %3 -> "
                                               "%4; %5"),
                std::move(args) };
        }
        ctx.out.push_back(std::move(*p));
    }
}

bool rankedBefore(const Proposal& a, const Proposal& b)
{
    if (a.feasible != b.feasible)
        return a.feasible;
    if (a.speedup != b.speedup)
        return a.speedup > b.speedup;
    if (a.memoryDeltaBytes != b.memoryDeltaBytes)
        return a.memoryDeltaBytes < b.memoryDeltaBytes;
    if (a.kind != b.kind)
        return a.kind < b.kind;
    return a.title.text() < b.title.text();
}

} // namespace

std::vector<Proposal> proposeChanges(const PlanningProblem& problem, const PlanEstimate& current, int maxCount)
{
    if (current.stages.empty() || !(current.time.stepSeconds > 0) || maxCount <= 0)
        return {};
    const PlanEvaluator evaluator(problem);
    Context ctx { problem, current, evaluator, {} };
    std::optional<GraphAnalysis> analysis;
    try {
        analysis = analyzeModel(problem.model, double(problem.training.seqLength));
    } catch (const std::exception&) {
        // A graph the analysis refuses only loses the TP method's wording.
    }
    addParallelism(ctx, analysis ? &*analysis : nullptr);
    addMemoryKnobs(ctx);
    addCommunicationProposals(ctx);
    addExpertProposals(ctx);

    std::vector<Proposal> all = std::move(ctx.out);
    std::stable_sort(all.begin(), all.end(), rankedBefore);
    std::vector<Proposal> kept;
    for (Proposal& p : all) {
        // No effect: the same plan again, or a change the model cannot tell apart from the current one.
        const bool unchanged = p.evaluated && p.config == current.config
            && p.training.dpOverlap == problem.training.dpOverlap;
        const bool noEffect = std::fabs(p.speedup - 1.0) < 1e-4 && std::fabs(p.memoryDeltaBytes) < 1024.0 * 1024.0
            && p.feasible == current.feasible;
        if (unchanged || noEffect)
            continue;
        const bool duplicate = std::any_of(kept.begin(), kept.end(), [&](const Proposal& k) {
            if (p.evaluated && k.evaluated)
                return k.config == p.config && k.training.dpOverlap == p.training.dpOverlap;
            return !p.evaluated && !k.evaluated && k.kind == p.kind && k.title.text() == p.title.text();
        });
        if (duplicate)
            continue;
        kept.push_back(std::move(p));
        if (int(kept.size()) >= maxCount)
            break;
    }
    return kept;
}

} // namespace shardscope
