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

    /// The search's threads, started once for all of its phases (the bounded search has three), each with its
    /// EvaluationContext, which stays warm from one phase to the next: unit costs, compiled pipeline orders,
    /// the evaluator's scratch vectors. Started on the first phase with enough work for them.
    class SearchThreads
    {
    public:
        explicit SearchThreads(int threads)
            : m_threads(std::max(1, threads))
            , m_contexts(std::size_t(m_threads))
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

        /// Runs `work(begin, end, context)` over [0, n) in chunks on the threads (the calling thread too), each
        /// passing its own EvaluationContext (the calling thread's is the first); stops early
        /// when `stop` is set or the options' cancel flag. Only the calling thread reports progress, as (done
        /// + `doneBefore`, `total`), and it reports the end too where the other threads did the last chunks
        /// (or all of them): whatever the timing, a phase that reports progress reports its end before it
        /// returns, and a cancel set by that report stops the search.
        template <typename Work>
        void forChunks(std::size_t n, const SearchOptions& options, std::atomic<bool>& stop, std::size_t doneBefore,
            std::size_t total, Work&& work)
        {
            constexpr std::size_t kChunk = 64;
            std::atomic<std::size_t> next { 0 };
            std::atomic<std::size_t> done { 0 };
            auto cancelled = [&] {
                if (stop.load(std::memory_order_relaxed)
                    || (options.cancel && options.cancel->load(std::memory_order_relaxed)))
                    stop = true;
                return stop.load(std::memory_order_relaxed);
            };
            std::size_t reported = 0; // the calling thread's last report
            auto worker = [&](bool reportsProgress, EvaluationContext& context) {
                while (!cancelled()) {
                    const std::size_t begin = next.fetch_add(kChunk);
                    if (begin >= n) return;
                    const std::size_t end = std::min(begin + kChunk, n);
                    work(begin, end, context);
                    const std::size_t d = done.fetch_add(end - begin) + (end - begin);
                    if (reportsProgress && options.progress) {
                        reported = d;
                        if (!options.progress(doneBefore + d, total)) stop = true;
                    }
                }
            };
            if (m_workers.empty() && m_threads > 1 && n > kChunk)
                for (int i = 1; i < m_threads; ++i)
                    m_workers.emplace_back([this, i] { serve(m_contexts[std::size_t(i)]); });
            if (m_workers.empty()) {
                worker(true, m_contexts[0]);
            } else {
                std::unique_lock lock(m_mutex);
                m_job = [&](EvaluationContext& context) { worker(false, context); };
                m_running = m_workers.size();
                ++m_phase;
                lock.unlock();
                m_wake.notify_all();
                worker(true, m_contexts[0]);
                lock.lock();
                m_finished.wait(lock, [&] { return m_running == 0; });
                m_job = nullptr;
            }
            if (options.progress && n > 0 && !cancelled() && reported != n) {
                if (!options.progress(doneBefore + n, total)) stop = true;
                cancelled();
            }
        }

    private:
        void serve(EvaluationContext& context)
        {
            std::uint64_t seen = 0;
            std::unique_lock lock(m_mutex);
            for (;;) {
                m_wake.wait(lock, [&] { return m_quit || m_phase != seen; });
                if (m_quit) return;
                seen = m_phase;
                const std::function<void(EvaluationContext&)> job = m_job;
                lock.unlock();
                job(context);
                lock.lock();
                if (--m_running == 0) m_finished.notify_one();
            }
        }

        int m_threads;
        std::vector<EvaluationContext> m_contexts; ///< one a thread, the calling thread's first
        std::vector<std::thread> m_workers;
        std::mutex m_mutex;
        std::condition_variable m_wake, m_finished;
        std::function<void(EvaluationContext&)> m_job;
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

    /// Orders the cheapest max(256, n/64) of (floor, candidate) `floors` first, cheapest first (a NaN floor counts
    /// as 0), the rest after them in no order; returns how many were sorted.
    std::size_t cheapestFirst(std::vector<std::pair<double, std::uint32_t>>& floors)
    {
        for (auto& [floor, i] : floors)
            if (std::isnan(floor)) floor = 0.0;
        const std::size_t first = std::min(floors.size(), std::max<std::size_t>(256, floors.size() / 64));
        std::nth_element(floors.begin(), floors.begin() + std::ptrdiff_t(first), floors.end());
        std::sort(floors.begin(), floors.begin() + std::ptrdiff_t(first));
        return first;
    }

    /// Where a candidate stands in the bounded search.
    enum BoundState : unsigned char
    {
        Rejected,
        Open,
        Evaluated,
        CutAfter,
        CutBefore
    };

    /// What the phases of a bounded search share: each candidate's state and floors, the candidates the rules
    /// leave open, and the fastest plans found.
    struct Bounding
    {
        Bounding(const PlanEvaluator& ev, SearchResult& r, const SearchOptions& options)
            : evaluator(ev)
            , result(r)
            , n(r.candidates.size())
            , beforePlacing(options.pruning == SearchPruning::FastestOnly)
            , state(n, Rejected)
            , fastest(options.keepFastest)
        {
            if (beforePlacing) {
                reserveOnHugePages(floorBefore, n);
                floorBefore.resize(n, 0);
            }
            reserveOnHugePages(floorAfter, n);
            floorAfter.resize(n, 0);
        }

        /// Candidate i placed and evaluated in full, unless its floor after placing is slower than `toBeat`
        /// (then bounded after placing; a candidate placed before keeps its summary).
        void evaluate(std::uint32_t i, double toBeat, EvaluationContext& context)
        {
            bool cut = false;
            PlanSummary s = evaluator.summarizeUnlessSlower(
                ParallelConfig(result.candidates[i].config), toBeat, floorAfter[i], cut, context);
            if (cut && state[i] == CutAfter) return;
            if (cut)
                boundAfterPlacing(evaluator, s, floorAfter[i]);
            else if (s.feasible)
                fastest.offer(s.tokensPerSecond);
            result.candidates[i] = std::move(s);
            state[i] = cut ? CutAfter : Evaluated;
        }

        const PlanEvaluator& evaluator;
        SearchResult& result;
        const std::size_t n;
        /// FastestOnly: a step floor before placing too (KeepFit places every candidate and bounds it by its
        /// floor after placing alone).
        const bool beforePlacing;
        std::vector<unsigned char> state; ///< BoundState
        std::vector<double> floorBefore, floorAfter;
        std::vector<std::uint32_t> open; ///< the candidates the rules and the memory floor leave, in order
        FastestFound fastest;
    };

    /// 1. The rules and the memory floor (as summarize), and FastestOnly's step floor before placing; then
    /// the candidates left open, in enumeration order.
    void screenCandidates(
        Bounding& b, SearchThreads& threads, const SearchOptions& quiet, std::atomic<bool>& stop)
    {
        threads.forChunks(b.n, quiet, stop, 0, b.n, [&](std::size_t begin, std::size_t end, EvaluationContext& context) {
            for (std::size_t i = begin; i < end; ++i) {
                const ParallelConfig c = b.result.candidates[i].config;
                if (b.evaluator.rejectBeforePlacing(c, b.result.candidates[i], context)) continue;
                if (b.beforePlacing) b.floorBefore[i] = b.evaluator.stepFloorBeforePlacement(c, context).seconds();
                b.state[i] = Open;
            }
        });
        if (stop) return;
        reserveOnHugePages(b.open, b.n);
        for (std::size_t i = 0; i < b.n; ++i)
            if (b.state[i] == Open) b.open.push_back(std::uint32_t(i));
    }

    /// 2. FastestOnly: the candidates of cheapest floor before placing first, evaluated in full, so the
    /// fastest plans bound the rest before they are placed.
    void probeCheapest(
        Bounding& b, SearchThreads& threads, const SearchOptions& quiet, std::atomic<bool>& stop)
    {
        std::vector<std::pair<double, std::uint32_t>> cheapest;
        reserveOnHugePages(cheapest, b.open.size());
        for (std::uint32_t i : b.open)
            cheapest.emplace_back(b.floorBefore[i], i);
        const std::size_t probes = cheapestFirst(cheapest);
        threads.forChunks(probes, quiet, stop, 0, b.n, [&](std::size_t begin, std::size_t end, EvaluationContext& context) {
            for (std::size_t k = begin; k < end; ++k)
                b.evaluate(cheapest[k].second, b.fastest.toBeat(), context);
        });
    }

    /// 3. The other candidates in enumeration order, where consecutive ones share unit costs, partitions and
    /// pipeline simulations. FastestOnly skips those whose floor before placing is slower than the bound, and
    /// evaluates the others in full unless their floor after placing is slower (the bound rises as it goes).
    /// KeepFit places every one, its times left out: memory and feasibility exact, and its floor after
    /// placing; then (4) evaluates in full where that floor might beat the bound, the cheapest floors first
    /// (best first: the fastest plans raise the bound at once, and every plan at least as fast as the final
    /// bound is evaluated in whatever order), then the rest, most of them slower than the bound by then.
    /// Against a bound raised as the enumeration order goes, a 405B search evaluated 2,200 candidates in
    /// full, 480 so.
    void evaluateInOrder(
        Bounding& b, SearchThreads& threads, const SearchOptions& options, std::atomic<bool>& stop)
    {
        threads.forChunks(
            b.open.size(), options, stop, b.n - b.open.size(), b.n,
            [&](std::size_t begin, std::size_t end, EvaluationContext& context) {
                for (std::size_t k = begin; k < end; ++k) {
                    const std::uint32_t i = b.open[k];
                    if (b.state[i] != Open) continue;
                    if (b.beforePlacing) {
                        if (b.evaluator.tokensPerSecond(b.floorBefore[i]) < b.fastest.toBeat()) {
                            b.result.candidates[i] = boundedBeforePlacing(
                                b.evaluator, ParallelConfig(b.result.candidates[i].config), b.floorBefore[i]);
                            b.state[i] = CutBefore;
                        } else {
                            b.evaluate(i, b.fastest.toBeat(), context);
                        }
                    } else {
                        b.evaluate(i, std::numeric_limits<double>::infinity(), context);
                    }
                }
            });
    }

    /// 4. KeepFit: the candidates bounded after placing, cheapest floor first, evaluated in full where their
    /// floor might still beat the bound.
    void evaluatePlaced(
        Bounding& b, SearchThreads& threads, const SearchOptions& quiet, std::atomic<bool>& stop)
    {
        std::vector<std::pair<double, std::uint32_t>> placed;
        reserveOnHugePages(placed, b.open.size());
        for (std::uint32_t i : b.open)
            if (b.state[i] == CutAfter) placed.emplace_back(b.floorAfter[i], i);
        cheapestFirst(placed);
        threads.forChunks(placed.size(), quiet, stop, 0, b.n, [&](std::size_t begin, std::size_t end, EvaluationContext& context) {
            for (std::size_t k = begin; k < end; ++k)
                if (!(b.evaluator.tokensPerSecond(placed[k].first) < b.fastest.toBeat()))
                    b.evaluate(placed[k].second, b.fastest.toBeat(), context);
        });
    }

    /// 5. Against the final keepFastest-th fastest: what a thread evaluated before the bound rose is bounded
    /// as if it had not been, so the result does not depend on the threads' timing. Every candidate bounded
    /// during the search is bounded here the same way (the bound only rose).
    void boundByFinal(Bounding& b)
    {
        const double toBeat = b.fastest.toBeat();
        for (const std::uint32_t i : b.open) {
            PlanSummary& s = b.result.candidates[i];
            if (b.beforePlacing && b.evaluator.tokensPerSecond(b.floorBefore[i]) < toBeat) {
                if (b.state[i] != CutBefore)
                    s = boundedBeforePlacing(b.evaluator, ParallelConfig(s.config), b.floorBefore[i]);
                ++b.result.boundedBeforePlacing;
            } else if (b.evaluator.tokensPerSecond(b.floorAfter[i]) < toBeat) {
                if (b.state[i] != CutAfter) boundAfterPlacing(b.evaluator, s, b.floorAfter[i]);
                ++b.result.boundedAfterPlacing;
            }
        }
    }

    /// Bounds and evaluates result.candidates, each holding only its configuration on entry.
    void boundedSearch(const PlanEvaluator& evaluator, const SearchOptions& options, SearchThreads& threads,
        std::atomic<bool>& stop, SearchResult& result)
    {
        Bounding b(evaluator, result, options);
        SearchOptions quiet = options;
        quiet.progress = nullptr;
        screenCandidates(b, threads, quiet, stop);
        if (stop) return;
        if (b.beforePlacing) {
            probeCheapest(b, threads, quiet, stop);
            if (stop) return;
        }
        evaluateInOrder(b, threads, options, stop);
        if (stop) return;
        if (!b.beforePlacing) {
            evaluatePlaced(b, threads, quiet, stop);
            if (stop) return;
        }
        boundByFinal(b);
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
        threads.forChunks(n, options, stop, 0, n, [&](std::size_t begin, std::size_t end, EvaluationContext& context) {
            for (std::size_t i = begin; i < end; ++i)
                result.candidates[i] = evaluator.summarize(ParallelConfig(result.candidates[i].config), context);
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
