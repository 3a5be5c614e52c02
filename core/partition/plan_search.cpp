// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_search.h"

#include "util/huge_pages.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <functional>
#include <limits>
#include <mutex>
#include <thread>

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

} // namespace

namespace {

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
        // With flash attention the scores are never stored, so selective recomputation (which drops exactly
        // them) is the same plan as none: searched only when pinned.
        const auto recomputes = pinnedOr(pins.recompute,
            training.flashAttention
                ? std::vector<Recompute> { Recompute::None, Recompute::Full }
                : std::vector<Recompute> { Recompute::None, Recompute::Selective, Recompute::Full });
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
        const PlanPins& pins, const ExpertShape& shape, const ParallelConfig& c, Precision precision)
    {
        std::vector<bool> out { false };
        if (c.ep > 1 && epOverlapProblem(shape, c, precision).empty()) out.push_back(true);
        return pinnedOr(pins.epCommOverlap, out);
    }

} // namespace

namespace {

    /// Hands every candidate to `emit` in enumeration order (enumerateCandidates' space) and returns how many.
    /// The search counts them first and then writes each straight into its place in the result: a million
    /// configurations are not gathered in a vector of their own (that vector grew by doubling, and the memory
    /// a search touches for the first time costs it the kernel's clearing of every page).
    template <typename Emit>
    std::size_t forEachCandidate(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch, Emit&& emit)
    {
        std::size_t count = 0;
        auto push = [&](const ParallelConfig& c) {
            emit(c);
            ++count;
        };
        const PlanningProblem& problem = evaluator.problem();
        const int gpus = problem.cluster.totalGpus();
        const long long batch = problem.training.globalBatch;
        const long long seq = problem.training.seqLength;
        const auto& spec = problem.model.spec();
        const int units = int(evaluator.units().size());
        const int blocks = evaluator.blockCount();

        std::vector<int> tps;
        for (int t : divisors(gpus))
            if (!spec || (spec->heads % t == 0 && spec->kvHeads % t == 0)) tps.push_back(t);
        tps = pinnedOr(pins.tp, tps);

        for (int tp : tps) {
            // Context parallelism where each rank keeps at least kMinContextChunk tokens (shorter chunks leave
            // the ring's transfers exposed behind small attention blocks; pin --cp for more).
            std::vector<int> cps;
            if (gpus % tp == 0)
                for (int cp : divisors(gpus / tp))
                    if (cp == 1
                        || (problem.training.flashAttention && seq % (2LL * cp) == 0
                            && seq / cp >= kMinContextChunk))
                        cps.push_back(cp);
            cps = pinnedOr(pins.cp, cps);
            for (int cp : cps) {
                // Ulysses needs the heads of a TP rank to divide over CP; searched where they do.
                std::vector<CpCommType> cpTypes { CpCommType::P2P };
                if (cp > 1 && spec && (spec->heads / tp) % cp == 0 && (spec->kvHeads / tp) % cp == 0)
                    cpTypes.push_back(CpCommType::AllToAll);
                cpTypes = pinnedOr(pins.cpCommType, cpTypes);
                std::vector<int> pps;
                const long long tpCp = degreeProduct({ tp, cp });
                if (tpCp > 0 && gpus % tpCp == 0)
                    for (int p : divisors(gpus / tpCp))
                        if (p <= units) pps.push_back(p);
                pps = pinnedOr(pins.pp, pps);
                for (int pp : pps) {
                    ParallelConfig base;
                    base.tp = tp;
                    base.cp = cp;
                    base.pp = pp;
                    const long long modelParallel = degreeProduct({ tp, cp, pp });
                    base.dp = modelParallel < 0 ? 1 : int(std::max<long long>(1, gpus / modelParallel));
                    if (pins.dp) base.dp = *pins.dp;
                    // Degrees whose product overflows (absurd pins) make no candidate; search_diagnosis names them.
                    if (degreeProduct({ tp, cp, pp, base.dp }) < 0) continue;
                    // A layout that cannot work at all (sizes, batch): one candidate that carries the reason.
                    if (base.worldSize() != gpus || batch % base.dp != 0) {
                        push(ruleCandidate(base, pins, 1));
                        continue;
                    }
                    const long long local = batch / base.dp;
                    std::vector<int> micro;
                    for (int b : divisors(local))
                        if (b <= maxMicroBatch) micro.push_back(b);
                    micro = pinnedOr(pins.microBatch, micro);
                    const std::vector<Sharding> shards
                        = shardings(pins, tp, cp, base.dp, problem.cluster.gpusPerNode);
                    const std::vector<ParallelConfig> kernels
                        = kernelVariants(pins, problem.training, tp, cpTypes, evaluator.experts().experts > 0);
                    const std::vector<std::pair<int, int>> experts
                        = expertLayouts(pins, evaluator.experts(), tp, tp * cp * base.dp);
                    // GPipe holds all m micro-batches' activations for the same bubble as 1F1B: searched only
                    // when pinned.
                    std::vector<Schedule> schedules = pp > 1
                        ? std::vector<Schedule> { Schedule::OneFOneB, Schedule::Interleaved1F1B,
                              Schedule::ZeroBubbleH1, Schedule::InterleavedZeroBubble, Schedule::ZeroBubbleV }
                        : std::vector<Schedule> { Schedule::OneFOneB };
                    schedules = pinnedOr(pins.schedule, schedules);
                    for (int b : micro)
                        for (Schedule sched : schedules) {
                            const long long m = local / b;
                            std::vector<int> vpps { 1 };
                            if (sched == Schedule::ZeroBubbleV)
                                vpps = { 2 };
                            else if (isInterleaved(sched))
                                vpps = m % pp == 0 && blocks > 0 ? chunkCounts(blocks, pp) : std::vector<int> {};
                            vpps = pinnedOr(pins.vpp, vpps);
                            // The p2p overlap of Megatron's interleaved schedule (its default) costs no memory
                            // and is never slower: off only when pinned.
                            const auto ppOverlaps = pinnedOr(
                                pins.ppCommOverlap, std::vector<bool> { sched == Schedule::Interleaved1F1B });
                            // Sharding innermost: its variants share stage times, which the pipeline model reuses
                            // between consecutive candidates.
                            for (int v : vpps)
                                for (const ParallelConfig& k : kernels)
                                    for (const auto& [ep, etp] : experts) {
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
                                        for (bool epo :
                                            epOverlaps(pins, evaluator.experts(), c, problem.training.precision))
                                            for (bool ppo : ppOverlaps)
                                                for (const Sharding& sh : shards) {
                                                    c.epCommOverlap = epo;
                                                    c.ppCommOverlap = ppo;
                                                    c.zeroStage = sh.zero;
                                                    c.dpReplicate = sh.replicate;
                                                    c.reshardAfterForward = sh.reshard;
                                                    push(c);
                                                }
                                    }
                        }
                }
            }
        }
        // Pins that leave nothing to enumerate (a TP that does not divide the GPUs, an interleaved schedule whose
        // micro-batch count never divides by PP, ...) still give one candidate: it carries the first rule it breaks.
        // (Not for degrees whose product overflows an int: ParallelConfig::worldSize could not hold it.)
        if (count == 0) {
            ParallelConfig base;
            base.tp = std::max(1, pins.tp.value_or(1));
            base.cp = std::max(1, pins.cp.value_or(1));
            base.pp = std::max(1, pins.pp.value_or(1));
            base.dp = std::max(1, pins.dp.value_or(gpus / base.tp / base.cp / base.pp));
            const Schedule schedule = pins.schedule.value_or(Schedule::OneFOneB);
            if (degreeProduct({ base.tp, base.cp, base.pp, base.dp }) > 0)
                push(ruleCandidate(base, pins, isInterleaved(schedule) ? 2 : 1));
        }
        return count;
    }

} // namespace

std::vector<ParallelConfig> enumerateCandidates(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch)
{
    std::vector<ParallelConfig> out;
    forEachCandidate(evaluator, pins, maxMicroBatch, [&](const ParallelConfig& c) { pushBackOnHugePages(out, c); });
    return out;
}

namespace {

    /// The search's threads, started once for all of its phases (the bounded search has three), so each worker
    /// keeps its thread_local caches warm from one phase to the next: unit costs, compiled pipeline orders,
    /// the evaluator's scratch vectors. Started on the first phase with enough work for them.
    class SearchThreads
    {
    public:
        explicit SearchThreads(int threads)
            : m_threads(std::max(1, threads))
        {
        }
        SearchThreads(const SearchThreads&) = delete;
        SearchThreads& operator=(const SearchThreads&) = delete;
        ~SearchThreads()
        {
            {
                const std::lock_guard lock(m_mutex);
                m_quit = true;
            }
            m_wake.notify_all();
            for (std::thread& t : m_workers)
                t.join();
        }

        /// Runs `work(begin, end)` over [0, n) in chunks on the threads (the calling thread too); stops early
        /// when `stop` is set or the options' cancel flag. Only the calling thread reports progress, as (done
        /// + `doneBefore`, `total`).
        template <typename Work>
        void forChunks(std::size_t n, const SearchOptions& options, std::atomic<bool>& stop, std::size_t doneBefore,
            std::size_t total, Work&& work)
        {
            constexpr std::size_t kChunk = 64;
            std::atomic<std::size_t> next { 0 };
            std::atomic<std::size_t> done { 0 };
            auto worker = [&](bool reportsProgress) {
                for (;;) {
                    if (stop.load(std::memory_order_relaxed)
                        || (options.cancel && options.cancel->load(std::memory_order_relaxed))) {
                        stop = true;
                        return;
                    }
                    const std::size_t begin = next.fetch_add(kChunk);
                    if (begin >= n) return;
                    const std::size_t end = std::min(begin + kChunk, n);
                    work(begin, end);
                    const std::size_t d = done.fetch_add(end - begin) + (end - begin);
                    if (reportsProgress && options.progress && !options.progress(doneBefore + d, total)) stop = true;
                }
            };
            if (m_workers.empty() && m_threads > 1 && n > kChunk)
                for (int i = 1; i < m_threads; ++i)
                    m_workers.emplace_back([this] { serve(); });
            if (m_workers.empty()) {
                worker(true);
                return;
            }
            std::unique_lock lock(m_mutex);
            m_job = [&] { worker(false); };
            m_running = m_workers.size();
            ++m_phase;
            lock.unlock();
            m_wake.notify_all();
            worker(true);
            lock.lock();
            m_finished.wait(lock, [&] { return m_running == 0; });
            m_job = nullptr;
        }

    private:
        void serve()
        {
            std::uint64_t seen = 0;
            std::unique_lock lock(m_mutex);
            for (;;) {
                m_wake.wait(lock, [&] { return m_quit || m_phase != seen; });
                if (m_quit) return;
                seen = m_phase;
                const std::function<void()> job = m_job;
                lock.unlock();
                job();
                lock.lock();
                if (--m_running == 0) m_finished.notify_one();
            }
        }

        int m_threads;
        std::vector<std::thread> m_workers;
        std::mutex m_mutex;
        std::condition_variable m_wake, m_finished;
        std::function<void()> m_job;
        std::uint64_t m_phase = 0;
        std::size_t m_running = 0;
        bool m_quit = false;
    };

    /// The keepFastest fastest distinct tokens/s of the plans found that fit, shared by the search threads:
    /// toBeat() is the slowest of them once there are that many (0 before), and only rises.
    class FastestFound
    {
    public:
        explicit FastestFound(int keep)
            : m_keep(std::size_t(std::max(1, keep)))
        {
        }
        double toBeat() const { return m_toBeat.load(std::memory_order_relaxed); }
        void offer(double tokensPerSecond)
        {
            if (!(tokensPerSecond > toBeat())) return;
            const std::lock_guard lock(m_mutex);
            if (std::find(m_fastest.begin(), m_fastest.end(), tokensPerSecond) != m_fastest.end()) return;
            m_fastest.insert(std::upper_bound(m_fastest.begin(), m_fastest.end(), tokensPerSecond, std::greater<>()),
                tokensPerSecond);
            if (m_fastest.size() > m_keep) m_fastest.pop_back();
            if (m_fastest.size() == m_keep) m_toBeat.store(m_fastest.back(), std::memory_order_relaxed);
        }

    private:
        std::size_t m_keep;
        std::mutex m_mutex;
        std::vector<double> m_fastest; ///< descending
        std::atomic<double> m_toBeat { 0 };
    };

    /// What a candidate the floor before placing rejects comes back as (its floor as its step).
    PlanSummary boundedBeforePlacing(const PlanEvaluator& evaluator, const ParallelConfig& c, double floor)
    {
        PlanSummary s;
        s.config = c;
        s.capacityBytes = evaluator.usableBytes();
        s.bounded = true;
        s.stepSeconds = floor;
        s.tokensPerSecond = evaluator.tokensPerSecond(floor);
        s.infeasibleReason = InfeasibleReason::searchBound();
        return s;
    }

    /// A placed candidate with its times left out: memory and feasibility kept, the floor as its step.
    void boundAfterPlacing(const PlanEvaluator& evaluator, PlanSummary& s, double floor)
    {
        PlanSummary b;
        b.config = s.config;
        b.feasible = s.feasible;
        b.infeasibleReason = std::move(s.infeasibleReason);
        b.peakMemoryBytes = s.peakMemoryBytes;
        b.capacityBytes = s.capacityBytes;
        b.bounded = true;
        b.stepSeconds = floor;
        b.tokensPerSecond = evaluator.tokensPerSecond(floor);
        s = std::move(b);
    }

    /// Bounds and evaluates result.candidates, each holding only its configuration on entry.
    void boundedSearch(const PlanEvaluator& evaluator, const SearchOptions& options, SearchThreads& threads,
        std::atomic<bool>& stop, SearchResult& result)
    {
        const std::size_t n = result.candidates.size();
        enum State : unsigned char { Rejected, Open, Evaluated, CutAfter, CutBefore };
        std::vector<unsigned char> state(n, Rejected);
        std::vector<double> floorBefore, floorAfter;
        reserveOnHugePages(floorBefore, n);
        reserveOnHugePages(floorAfter, n);
        floorBefore.resize(n, 0);
        floorAfter.resize(n, 0);
        // 1. The rules and the memory floor (as summarize), and the step floor before placing.
        SearchOptions quiet = options;
        quiet.progress = nullptr;
        threads.forChunks(n, quiet, stop, 0, n, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i) {
                const ParallelConfig c = result.candidates[i].config;
                if (evaluator.rejectBeforePlacing(c, result.candidates[i])) continue;
                const PlanEvaluator::StepFloor f = evaluator.stepFloorBeforePlacement(c);
                floorBefore[i] = f.seconds();
                state[i] = Open;
            }
        });
        if (stop) return;
        // 2. The candidates of cheapest floor first, so the fastest plans are found early and bound the rest; the
        // rest then in enumeration order, where consecutive candidates share unit costs and pipeline simulations.
        std::vector<std::uint32_t> open;
        for (std::size_t i = 0; i < n; ++i)
            if (state[i] == Open) open.push_back(std::uint32_t(i));
        std::vector<std::pair<double, std::uint32_t>> cheapest;
        cheapest.reserve(open.size());
        for (std::uint32_t i : open)
            cheapest.emplace_back(std::isnan(floorBefore[i]) ? 0.0 : floorBefore[i], i);
        const std::size_t probes = std::min(cheapest.size(), std::max<std::size_t>(256, cheapest.size() / 64));
        std::nth_element(cheapest.begin(), cheapest.begin() + std::ptrdiff_t(probes), cheapest.end());
        cheapest.resize(probes);
        std::sort(cheapest.begin(), cheapest.end());
        FastestFound fastest(options.keepFastest);
        const bool beforePlacing = options.pruning == SearchPruning::FastestOnly;
        auto visit = [&](std::uint32_t i) {
            const double toBeat = fastest.toBeat();
            const ParallelConfig c = result.candidates[i].config;
            if (beforePlacing && evaluator.tokensPerSecond(floorBefore[i]) < toBeat) {
                result.candidates[i] = boundedBeforePlacing(evaluator, c, floorBefore[i]);
                state[i] = CutBefore;
                return;
            }
            bool cut = false;
            PlanSummary s = evaluator.summarizeUnlessSlower(c, toBeat, floorAfter[i], cut);
            if (cut)
                boundAfterPlacing(evaluator, s, floorAfter[i]);
            else if (s.feasible)
                fastest.offer(s.tokensPerSecond);
            result.candidates[i] = std::move(s);
            state[i] = cut ? CutAfter : Evaluated;
        };
        threads.forChunks(probes, quiet, stop, 0, n, [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k)
                visit(cheapest[k].second);
        });
        if (stop) return;
        threads.forChunks(open.size(), options, stop, n - open.size(), n, [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k)
                if (state[open[k]] == Open) visit(open[k]);
        });
        if (stop) return;
        // 3. Against the final keepFastest-th fastest: what a thread evaluated before the bound rose is bounded as
        // if it had not been, so the result does not depend on the threads' timing. Every candidate bounded during
        // the search is bounded here the same way (the bound only rose).
        const double toBeat = fastest.toBeat();
        for (const std::uint32_t i : open) {
            PlanSummary& s = result.candidates[i];
            if (beforePlacing && evaluator.tokensPerSecond(floorBefore[i]) < toBeat) {
                if (state[i] != CutBefore) s = boundedBeforePlacing(evaluator, ParallelConfig(s.config), floorBefore[i]);
                ++result.boundedBeforePlacing;
            } else if (evaluator.tokensPerSecond(floorAfter[i]) < toBeat) {
                if (state[i] != CutAfter) boundAfterPlacing(evaluator, s, floorAfter[i]);
                ++result.boundedAfterPlacing;
            }
        }
    }

} // namespace

SearchResult searchPlans(const PlanEvaluator& evaluator, const PlanPins& pins, const SearchOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    SearchResult result;
    result.pruning = options.pruning;
    // Counted first, then each configuration written once, into its summary (forEachCandidate).
    const std::size_t n = forEachCandidate(evaluator, pins, options.maxMicroBatch, [](const ParallelConfig&) {});
    reserveOnHugePages(result.candidates, n);
    forEachCandidate(evaluator, pins, options.maxMicroBatch, [&](const ParallelConfig& c) {
        result.candidates.emplace_back();
        result.candidates.back().config = c;
    });

    std::atomic<bool> stop { false };
    SearchThreads threads(options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency())));
    if (options.pruning == SearchPruning::None) {
        threads.forChunks(n, options, stop, 0, n, [&](std::size_t begin, std::size_t end) {
            for (std::size_t i = begin; i < end; ++i)
                result.candidates[i] = evaluator.summarize(ParallelConfig(result.candidates[i].config));
        });
    } else {
        boundedSearch(evaluator, options, threads, stop, result);
    }

    result.cancelled = stop.load();
    if (result.cancelled) {
        result.candidates.clear();
        result.boundedBeforePlacing = result.boundedAfterPlacing = 0;
    }
    for (const PlanSummary& s : result.candidates)
        result.feasibleCount += s.feasible ? 1 : 0;
    result.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace shardscope
