// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/plan_search.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace shardscope {

namespace {

std::vector<int> divisors(long long n)
{
    std::vector<int> out;
    for (long long d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            out.push_back(int(d));
            if (d * d != n)
                out.push_back(int(n / d));
        }
    std::sort(out.begin(), out.end());
    return out;
}

template <typename T>
std::vector<T> pinnedOr(const std::optional<T>& pin, std::vector<T> all)
{
    if (pin)
        return { *pin };
    return all;
}

} // namespace

std::vector<ParallelConfig> enumerateCandidates(const PlanEvaluator& evaluator, const PlanPins& pins, int maxMicroBatch)
{
    const PlanningProblem& problem = evaluator.problem();
    const int gpus = problem.cluster.totalGpus();
    const long long batch = problem.training.globalBatch;
    const auto& spec = problem.model.spec();
    const int units = int(evaluator.units().size());

    std::vector<int> tps;
    for (int t : divisors(gpus))
        if (!spec || (spec->heads % t == 0 && spec->kvHeads % t == 0))
            tps.push_back(t);
    tps = pinnedOr(pins.tp, tps);

    std::vector<ParallelConfig> out;
    for (int tp : tps) {
        std::vector<int> pps;
        if (gpus % tp == 0)
            for (int p : divisors(gpus / tp))
                if (p <= units)
                    pps.push_back(p);
        pps = pinnedOr(pins.pp, pps);
        for (int pp : pps) {
            ParallelConfig base;
            base.tp = tp;
            base.pp = pp;
            base.dp = (tp * pp > 0 && gpus % (tp * pp) == 0) ? gpus / (tp * pp) : std::max(1, gpus / std::max(1, tp * pp));
            if (pins.dp)
                base.dp = *pins.dp;
            // A layout that cannot work at all (sizes, batch): one candidate that carries the reason.
            if (base.worldSize() != gpus || batch % base.dp != 0) {
                base.microBatch = pins.microBatch.value_or(1);
                base.zeroStage = pins.zeroStage.value_or(1);
                base.recompute = pins.recompute.value_or(Recompute::None);
                base.sequenceParallel = pins.sequenceParallel.value_or(false);
                base.schedule = pins.schedule.value_or(Schedule::OneFOneB);
                base.vpp = pins.vpp.value_or(1);
                base.tpCommOverlap = pins.tpCommOverlap.value_or(false);
                base.ppCommOverlap = pins.ppCommOverlap.value_or(false);
                out.push_back(base);
                continue;
            }
            const long long local = batch / base.dp;
            std::vector<int> micro;
            for (int b : divisors(local))
                if (b <= maxMicroBatch)
                    micro.push_back(b);
            micro = pinnedOr(pins.microBatch, micro);
            const std::vector<int> zeros = pinnedOr(pins.zeroStage, pp > 1 ? std::vector<int> { 0, 1 } : std::vector<int> { 0, 1, 2, 3 });
            // With flash attention the scores are never stored, so selective recomputation (which drops
            // exactly them) is the same plan as none: searched only when pinned.
            const auto recomputes = pinnedOr(pins.recompute, problem.training.flashAttention
                                                 ? std::vector<Recompute> { Recompute::None, Recompute::Full }
                                                 : std::vector<Recompute> { Recompute::None, Recompute::Selective, Recompute::Full });
            const auto sps = pinnedOr(pins.sequenceParallel, tp > 1 ? std::vector<bool> { false, true } : std::vector<bool> { false });
            std::vector<Schedule> schedules = pp > 1 ? std::vector<Schedule> { Schedule::OneFOneB, Schedule::GPipe, Schedule::Interleaved1F1B }
                                                     : std::vector<Schedule> { Schedule::OneFOneB };
            schedules = pinnedOr(pins.schedule, schedules);
            for (int b : micro)
                for (Schedule sched : schedules) {
                    std::vector<int> vpps { 1 };
                    if (sched == Schedule::Interleaved1F1B) {
                        vpps.clear();
                        const long long m = local / b;
                        const int blocks = evaluator.blockCount();
                        if (blocks > 0 && blocks % pp == 0 && m % pp == 0)
                            for (int v : divisors(blocks / pp))
                                if (v >= 2)
                                    vpps.push_back(v);
                    }
                    vpps = pinnedOr(pins.vpp, vpps);
                    for (int v : vpps)
                        for (int z : zeros)
                            for (Recompute r : recomputes)
                                for (bool sp : sps) {
                                    // Overlaps are searched where they apply (TP overlap needs SP, PP overlap
                                    // the interleaved schedule, which over 2 stages requires it).
                                    const auto tpOverlaps = pinnedOr(pins.tpCommOverlap, sp && tp > 1 ? std::vector<bool> { false, true }
                                                                                                        : std::vector<bool> { false });
                                    const auto ppOverlaps = pinnedOr(pins.ppCommOverlap,
                                                                     sched != Schedule::Interleaved1F1B ? std::vector<bool> { false }
                                                                     : pp == 2 ? std::vector<bool> { true }
                                                                               : std::vector<bool> { false, true });
                                    for (bool tpo : tpOverlaps)
                                        for (bool ppo : ppOverlaps) {
                                            ParallelConfig c = base;
                                            c.microBatch = b;
                                            c.schedule = sched;
                                            c.vpp = v;
                                            c.zeroStage = z;
                                            c.recompute = r;
                                            c.sequenceParallel = sp;
                                            c.tpCommOverlap = tpo;
                                            c.ppCommOverlap = ppo;
                                            out.push_back(c);
                                        }
                                }
                }
        }
    }
    return out;
}

SearchResult searchPlans(const PlanEvaluator& evaluator, const PlanPins& pins, const SearchOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    const std::vector<ParallelConfig> configs = enumerateCandidates(evaluator, pins, options.maxMicroBatch);
    SearchResult result;
    result.candidates.resize(configs.size());

    std::atomic<std::size_t> next { 0 };
    std::atomic<std::size_t> done { 0 };
    std::atomic<bool> stop { false };
    constexpr std::size_t kChunk = 64;
    auto worker = [&](bool reportsProgress) {
        for (;;) {
            if (stop.load(std::memory_order_relaxed) || (options.cancel && options.cancel->load(std::memory_order_relaxed))) {
                stop = true;
                return;
            }
            const std::size_t begin = next.fetch_add(kChunk);
            if (begin >= configs.size())
                return;
            const std::size_t end = std::min(begin + kChunk, configs.size());
            for (std::size_t i = begin; i < end; ++i)
                result.candidates[i] = PlanSummary::from(evaluator.evaluate(configs[i]));
            const std::size_t d = done.fetch_add(end - begin) + (end - begin);
            if (reportsProgress && options.progress && !options.progress(d, configs.size()))
                stop = true;
        }
    };
    int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::min<int>(threads, int(configs.size() / kChunk) + 1);
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(worker, false);
    worker(true);
    for (auto& t : pool)
        t.join();

    result.cancelled = stop.load();
    if (result.cancelled)
        result.candidates.clear();
    for (const PlanSummary& s : result.candidates)
        result.feasibleCount += s.feasible ? 1 : 0;
    result.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace shardscope
