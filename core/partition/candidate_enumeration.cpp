// SPDX-License-Identifier: GPL-3.0-or-later
// The search space: every combination of parallel degrees, sharding, kernels, schedules and chunks that the
// pins allow (enumerateCandidates, forEachCandidate); plan_search.cpp evaluates them.
#include "partition/plan_search.h"

#include "util/huge_pages.h"

#include <algorithm>
#include <limits>

namespace shardscope {

namespace {

    std::vector<int> divisors(long long n)
    {
        std::vector<int> out;
        for (long long d = 1; d * d <= n; ++d)
            if (n % d == 0) {
                out.push_back(int(d));
                if (d * d != n) out.push_back(int(n / d));
            }
        std::sort(out.begin(), out.end());
        return out;
    }

    template <typename T> std::vector<T> pinnedOr(const std::optional<T>& pin, std::vector<T> all)
    {
        if (pin) return { *pin };
        return all;
    }

    /// The data-parallel sharding choices: (ZeRO stage, DP replicas, reshard after forward). ZeRO-3 comes as
    /// FSDP (regathering for the backward), also hybrid (HSDP: shard inside a node, replicate across) where
    /// that differs. Keeping parameters from forward to backward (torchtitan reshard_after_forward = false,
    /// Llama 3) is searched only when pinned: it holds the stage's gathered weights like ZeRO-2 and gathers
    /// them every micro-batch where ZeRO-2 gathers once a step, so ZeRO-2 is never worse in memory or time.
    struct Sharding
    {
        int zero = 0;
        int replicate = 1;
        bool reshard = true;
    };

    std::vector<Sharding> shardings(const PlanPins& pins, int tp, int cp, int dp, int gpusPerNode)
    {
        std::vector<Sharding> out;
        const std::vector<int> zeros = pinnedOr(pins.zeroStage, std::vector<int> { 0, 1, 2, 3 });
        // HSDP: shard over the DP x CP ranks of one node, replicate across nodes.
        std::vector<int> replicas { 1 };
        const int shardInNode = std::max(1, gpusPerNode / tp);
        if (dp * cp > shardInNode && shardInNode >= 2 && (dp * cp) % shardInNode == 0
            && dp % ((dp * cp) / shardInNode) == 0)
            replicas.push_back((dp * cp) / shardInNode);
        for (int z : zeros) {
            const std::vector<int> rs
                = pinnedOr(pins.dpReplicate, z == 3 ? replicas : std::vector<int> { 1 });
            const std::vector<bool> reshards = pinnedOr(pins.reshardAfterForward, std::vector<bool> { true });
            for (int r : rs)
                for (bool re : reshards)
                    out.push_back({ z, r, re });
        }
        return out;
    }

    /// The product of parallel degrees (each >= 1), or -1 past what an int holds (ParallelConfig::worldSize):
    /// pins may be any positive int.
    long long degreeProduct(std::initializer_list<int> degrees)
    {
        long long product = 1;
        for (int d : degrees) {
            if (d < 1 || product > std::numeric_limits<int>::max() / d) return -1;
            product *= d;
        }
        return product;
    }

    /// `base` (its TP, CP, PP and DP set) with every other knob as pinned, or a default: a candidate that only
    /// carries the rule it breaks. `vpp` is the chunk count when the virtual stages are not pinned.
    ParallelConfig ruleCandidate(ParallelConfig base, const PlanPins& pins, int vpp)
    {
        base.microBatch = pins.microBatch.value_or(1);
        base.zeroStage = pins.zeroStage.value_or(1);
        base.recompute = pins.recompute.value_or(Recompute::None);
        base.sequenceParallel = pins.sequenceParallel.value_or(false);
        base.schedule = pins.schedule.value_or(Schedule::OneFOneB);
        base.vpp = pins.vpp.value_or(vpp);
        base.tpCommOverlap = pins.tpCommOverlap.value_or(false);
        base.ppCommOverlap = pins.ppCommOverlap.value_or(false);
        base.cpCommType = pins.cpCommType.value_or(CpCommType::P2P);
        base.dpReplicate = pins.dpReplicate.value_or(1);
        base.reshardAfterForward = pins.reshardAfterForward.value_or(true);
        base.ep = pins.ep.value_or(1);
        base.etp = pins.etp.value_or(1);
        base.epCommOverlap = pins.epCommOverlap.value_or(false);
        return base;
    }

    /// Chunks per stage tried for an interleaved schedule: 2 to 8, and up to 16 where they split the blocks
    /// evenly (pp x vpp chunks need at least pp x vpp - 2 blocks: the first chunk may hold only the
    /// embedding, the last only the loss). More chunks shrink the bubble by less than their point-to-point
    /// traffic grows; a pin may ask for any count.
    std::vector<int> chunkCounts(int blocks, int pp)
    {
        std::vector<int> out;
        for (int v = 2; v <= 16 && pp * v <= blocks + 2; ++v)
            if (v <= 8 || blocks % (pp * v) == 0) out.push_back(v);
        return out;
    }

    /// The knobs that change what a unit costs, in the order the search varies them: recomputation, sequence
    /// parallelism, CP exchange and TP overlap (only the fields they set are meaningful).
    std::vector<ParallelConfig> kernelVariants(const PlanPins& pins, const TrainingSpec& training, int tp,
        const std::vector<CpCommType>& cpTypes, bool moe)
    {
        // With flash attention the scores are never stored, so selective recomputation of the attention core
        // alone (which drops exactly them) is the same plan as none: searched only when pinned, or when the
        // training's recompute modules name whole layers (mlp, moe, shared_experts).
        const bool selectiveDiffers = !training.flashAttention || (training.recomputeModules & ~kRecomputeCoreAttn) != 0;
        const auto recomputes = pinnedOr(pins.recompute,
            selectiveDiffers ? std::vector<Recompute> { Recompute::None, Recompute::Selective, Recompute::Full }
                             : std::vector<Recompute> { Recompute::None, Recompute::Full });
        // A mixture of experts with TP needs sequence parallelism (expertParallelProblem).
        const auto sps = pinnedOr(pins.sequenceParallel,
            tp > 1 ? (moe ? std::vector<bool> { true } : std::vector<bool> { false, true })
                   : std::vector<bool> { false });
        std::vector<ParallelConfig> out;
        for (Recompute r : recomputes)
            for (bool sp : sps) {
                // TP overlap is searched where it applies: it needs SP.
                const auto tpOverlaps = pinnedOr(pins.tpCommOverlap,
                    sp && tp > 1 ? std::vector<bool> { false, true } : std::vector<bool> { false });
                for (CpCommType cpType : cpTypes)
                    for (bool tpo : tpOverlaps) {
                        ParallelConfig c;
                        c.recompute = r;
                        c.sequenceParallel = sp;
                        c.cpCommType = cpType;
                        c.tpCommOverlap = tpo;
                        out.push_back(c);
                    }
            }
        return out;
    }

    /// The routed experts' layouts tried for a stage of tp x cp x dp GPUs (MoE parallel folding): EP any
    /// divisor of the experts, ETP 1 or TP (Megatron's two common choices; fine-grained experts run best
    /// unsplit), ETP x EP dividing the stage's GPUs. Dense models: (1, 1).
    std::vector<std::pair<int, int>> expertLayouts(
        const PlanPins& pins, const ExpertShape& shape, int tp, int stageGpus)
    {
        if (shape.experts <= 0) return { { pins.ep.value_or(1), pins.etp.value_or(1) } };
        std::vector<int> etps { 1 };
        if (tp > 1 && shape.expertFfn > 0 && std::int64_t(shape.expertFfn) % tp == 0) etps.push_back(tp);
        etps = pinnedOr(pins.etp, etps);
        std::vector<std::pair<int, int>> out;
        for (int etp : etps)
            for (int ep : pinnedOr(pins.ep, divisors(shape.experts)))
                if (stageGpus % (std::int64_t(ep) * etp) == 0 || pins.ep) out.emplace_back(ep, etp);
        return out;
    }

    /// Megatron's all-to-all overlap for the layout `c`: tried both ways where its rules allow it (it holds
    /// one more micro-batch), off elsewhere, or as pinned.
    std::vector<bool> epOverlaps(
        const PlanPins& pins, const ExpertShape& shape, const ParallelConfig& c, const TrainingSpec& training)
    {
        std::vector<bool> out { false };
        if (c.ep > 1 && epOverlapProblem(shape, c, training).empty()) out.push_back(true);
        return pinnedOr(pins.epCommOverlap, out);
    }

    /// What every layout of one enumeration reads: the pins and the problem's sizes.
    struct Space
    {
        const PlanEvaluator& evaluator;
        const PlanPins& pins;
        const PlanningProblem& problem;
        int maxMicroBatch;
        int gpus;
        long long batch;
        long long seq;
        int units;
        int blocks;
        int layoutChunks; ///< the model chunks of TrainingSpec::pipelineSplit.layout, 0 without one
    };

    /// TP degrees: the divisors of the GPUs that divide the attention and key/value heads, or as pinned.
    std::vector<int> tpDegrees(const Space& s)
    {
        const auto& spec = s.problem.model.spec();
        std::vector<int> tps;
        for (int t : divisors(s.gpus))
            if (!spec || (spec->heads % t == 0 && spec->kvHeads % t == 0)) tps.push_back(t);
        return pinnedOr(s.pins.tp, tps);
    }

    /// CP degrees for `tp`, or as pinned.
    std::vector<int> cpDegrees(const Space& s, int tp)
    {
        // Context parallelism where each rank keeps at least kMinContextChunk tokens (shorter chunks leave
        // the ring's transfers exposed behind small attention blocks; pin --cp for more).
        std::vector<int> cps;
        if (s.gpus % tp == 0)
            for (int cp : divisors(s.gpus / tp))
                if (cp == 1
                    || (s.problem.training.flashAttention && s.seq % (2LL * cp) == 0
                        && s.seq / cp >= kMinContextChunk))
                    cps.push_back(cp);
        return pinnedOr(s.pins.cp, cps);
    }

    /// The CP exchanges searched for `tp` x `cp`, or as pinned.
    std::vector<CpCommType> cpCommTypes(const Space& s, int tp, int cp)
    {
        const auto& spec = s.problem.model.spec();
        // Ulysses needs the heads of a TP rank to divide over CP; searched where they do.
        std::vector<CpCommType> cpTypes { CpCommType::P2P };
        if (cp > 1 && spec && (spec->heads / tp) % cp == 0 && (spec->kvHeads / tp) % cp == 0)
            cpTypes.push_back(CpCommType::AllToAll);
        return pinnedOr(s.pins.cpCommType, cpTypes);
    }

    /// PP degrees for `tp` x `cp`: the divisors of the GPUs left, at most one stage a unit, or as pinned.
    std::vector<int> ppDegrees(const Space& s, int tp, int cp)
    {
        std::vector<int> pps;
        const long long tpCp = degreeProduct({ tp, cp });
        if (tpCp > 0 && s.gpus % tpCp == 0)
            for (int p : divisors(s.gpus / tpCp))
                if (p <= s.units) pps.push_back(p);
        return pinnedOr(s.pins.pp, pps);
    }

    /// The pipeline schedules searched for `pp` stages, or as pinned.
    std::vector<Schedule> schedulesFor(const PlanPins& pins, int pp)
    {
        // GPipe holds all m micro-batches' activations for the same bubble as 1F1B: searched only when
        // pinned.
        std::vector<Schedule> schedules = pp > 1
            ? std::vector<Schedule> { Schedule::OneFOneB, Schedule::Interleaved1F1B, Schedule::ZeroBubbleH1,
                  Schedule::InterleavedZeroBubble, Schedule::ZeroBubbleV }
            : std::vector<Schedule> { Schedule::OneFOneB };
        return pinnedOr(pins.schedule, schedules);
    }

    /// The variants of one layout that do not depend on the micro-batch or schedule (forEachCandidate).
    struct LayoutVariants
    {
        std::vector<Sharding> shards;
        std::vector<ParallelConfig> kernels;
        std::vector<std::pair<int, int>> experts;
    };

    /// Emits the candidates of `base` (TP, CP, PP, DP set) with micro-batch `b` and schedule `sched`: every
    /// chunk count, kernel variant, expert layout, overlap and sharding.
    template <typename Push>
    void emitSchedule(const Space& s, const ParallelConfig& base, long long local, int b, Schedule sched,
        const LayoutVariants& variants, Push& push)
    {
        const PlanPins& pins = s.pins;
        const int pp = base.pp;
        const long long m = local / b;
        std::vector<int> vpps { 1 };
        if (sched == Schedule::ZeroBubbleV)
            vpps = { 2 };
        else if (isInterleaved(sched))
            vpps = m % pp == 0 && s.blocks > 0 ? chunkCounts(s.blocks, pp) : std::vector<int> {};
        // A layout string fixes the model chunks: PP x VPP of them (structuralProblem rejects the rest).
        if (s.layoutChunks > 0 && isInterleaved(sched) && sched != Schedule::ZeroBubbleV)
            vpps = s.layoutChunks % pp == 0 && s.layoutChunks / pp >= 2 && m % pp == 0 ? std::vector<int> { s.layoutChunks / pp }
                                                                                      : std::vector<int> {};
        vpps = pinnedOr(pins.vpp, vpps);
        // The p2p overlap of Megatron's interleaved schedule (its default) costs no memory and is never
        // slower: off only when pinned.
        const auto ppOverlaps
            = pinnedOr(pins.ppCommOverlap, std::vector<bool> { sched == Schedule::Interleaved1F1B });
        // Sharding innermost: its variants share stage times, which the pipeline model reuses between
        // consecutive candidates.
        for (int v : vpps)
            for (const ParallelConfig& k : variants.kernels)
                for (const auto& [ep, etp] : variants.experts) {
                    ParallelConfig c = k;
                    c.tp = base.tp;
                    c.cp = base.cp;
                    c.pp = base.pp;
                    c.dp = base.dp;
                    c.microBatch = b;
                    c.schedule = sched;
                    c.vpp = v;
                    c.ep = ep;
                    c.etp = etp;
                    for (bool epo : epOverlaps(pins, s.evaluator.experts(), c, s.problem.training))
                        for (bool ppo : ppOverlaps)
                            for (const Sharding& sh : variants.shards) {
                                c.epCommOverlap = epo;
                                c.ppCommOverlap = ppo;
                                c.zeroStage = sh.zero;
                                c.dpReplicate = sh.replicate;
                                c.reshardAfterForward = sh.reshard;
                                push(c);
                            }
                }
    }

    /// Emits the candidates of the layout `tp` x `cp` x `pp` (DP the GPUs left, or as pinned), or the one
    /// candidate that carries the rule it breaks.
    template <typename Push>
    void emitLayout(
        const Space& s, int tp, int cp, int pp, const std::vector<CpCommType>& cpTypes, Push& push)
    {
        const PlanPins& pins = s.pins;
        ParallelConfig base;
        base.tp = tp;
        base.cp = cp;
        base.pp = pp;
        const long long modelParallel = degreeProduct({ tp, cp, pp });
        base.dp = modelParallel < 0 ? 1 : int(std::max<long long>(1, s.gpus / modelParallel));
        if (pins.dp) base.dp = *pins.dp;
        // Degrees whose product overflows (absurd pins) make no candidate; search_diagnosis names them.
        if (degreeProduct({ tp, cp, pp, base.dp }) < 0) return;
        // A layout that cannot work at all (sizes, batch): one candidate that carries the reason.
        if (base.worldSize() != s.gpus || s.batch % base.dp != 0) {
            push(ruleCandidate(base, pins, 1));
            return;
        }
        const long long local = s.batch / base.dp;
        std::vector<int> micro;
        for (int b : divisors(local))
            if (b <= s.maxMicroBatch) micro.push_back(b);
        micro = pinnedOr(pins.microBatch, micro);
        const LayoutVariants variants { shardings(pins, tp, cp, base.dp, s.problem.cluster.gpusPerNode),
            kernelVariants(pins, s.problem.training, tp, cpTypes, s.evaluator.experts().experts > 0),
            expertLayouts(pins, s.evaluator.experts(), tp, tp * cp * base.dp) };
        const std::vector<Schedule> schedules = schedulesFor(pins, pp);
        for (int b : micro)
            for (Schedule sched : schedules)
                emitSchedule(s, base, local, b, sched, variants, push);
    }

    /// Pins that leave nothing to enumerate (a TP that does not divide the GPUs, an interleaved schedule
    /// whose micro-batch count never divides by PP, ...) still give one candidate: it carries the first
    /// rule it breaks. (Not for degrees whose product overflows an int: ParallelConfig::worldSize could not
    /// hold it.)
    template <typename Push> void emitRuleFallback(const PlanPins& pins, int gpus, Push& push)
    {
        ParallelConfig base;
        base.tp = std::max(1, pins.tp.value_or(1));
        base.cp = std::max(1, pins.cp.value_or(1));
        base.pp = std::max(1, pins.pp.value_or(1));
        base.dp = std::max(1, pins.dp.value_or(gpus / base.tp / base.cp / base.pp));
        const Schedule schedule = pins.schedule.value_or(Schedule::OneFOneB);
        if (degreeProduct({ base.tp, base.cp, base.pp, base.dp }) > 0)
            push(ruleCandidate(base, pins, isInterleaved(schedule) ? 2 : 1));
    }

} // namespace

std::size_t forEachCandidate(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch,
                         const std::function<void(const ParallelConfig&)>& emit)
{
    std::size_t count = 0;
    auto push = [&](const ParallelConfig& c) {
        emit(c);
        ++count;
    };
    const PlanningProblem& problem = evaluator.problem();
    const Space space { evaluator, pins, problem, maxMicroBatch, problem.cluster.totalGpus(),
        problem.training.globalBatch, problem.training.seqLength, int(evaluator.units().size()),
        evaluator.blockCount(), evaluator.layoutChunks() };
    for (int tp : tpDegrees(space))
        for (int cp : cpDegrees(space, tp)) {
            const std::vector<CpCommType> cpTypes = cpCommTypes(space, tp, cp);
            for (int pp : ppDegrees(space, tp, cp))
                emitLayout(space, tp, cp, pp, cpTypes, push);
        }
    if (count == 0) emitRuleFallback(pins, space.gpus, push);
    return count;
}

std::vector<ParallelConfig> enumerateCandidates(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch)
{
    std::vector<ParallelConfig> out;
    forEachCandidate(evaluator, pins, maxMicroBatch, [&](const ParallelConfig& c) { pushBackOnHugePages(out, c); });
    return out;
}

} // namespace shardscope
