// SPDX-License-Identifier: GPL-3.0-or-later
// diagnoseSearch: why a search found nothing that passes the rules or fits, and what would (relaxed pins, the
// smallest cluster); planWarnings; the smallest cluster that fits. The pin rules are in
// search_diagnosis_rules.cpp, the wording helpers in search_diagnosis_text.cpp.
#include "partition/search_diagnosis.h"

#include "cost/plan_evaluator.h"
#include "partition/search_diagnosis_text.h"
#include "util/text.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace shardscope {

using namespace diagnosis_detail;

PlanningProblem withNodes(const PlanningProblem& problem, int nodes)
{
    PlanningProblem p = problem;
    p.cluster.nodes = nodes;
    return p;
}

PlanningProblem withChange(const PlanningProblem& problem, const DiagnosisChange& change)
{
    PlanningProblem p = change.nodes ? withNodes(problem, *change.nodes) : problem;
    if (change.pins)
        p.training.pins = *change.pins;
    if (change.globalBatch)
        p.training.globalBatch = *change.globalBatch;
    return p;
}

namespace {

    bool cancelled(const DiagnosisOptions& o)
    {
        return o.cancel && o.cancel->load(std::memory_order_relaxed);
    }

    SearchOptions searchOptions(const DiagnosisOptions& o)
    {
        SearchOptions s;
        s.threads = o.threads;
        s.maxMicroBatch = o.maxMicroBatch;
        s.cancel = o.cancel;
        // What fits (counts, knob values) and the fastest plan alone are read: the step-time bound keeps them.
        s.pruning = SearchPruning::KeepFit;
        return s;
    }

    /// The fastest plan that fits in `result`, if any.
    const PlanSummary* fastestFitting(const SearchResult& result)
    {
        const PlanSummary* best = nullptr;
        for (const PlanSummary& s : result.candidates)
            if (s.feasible && (!best || s.tokensPerSecond > best->tokensPerSecond)) best = &s;
        return best;
    }

    /// "TP 8 x PP 4 x DP 2 (...): 36.1 GiB of 38.0 GiB usable, step 1.23 s"
    Message fitText(const PlanSummary& s)
    {
        return { SHARDSCOPE_TR_NOOP("Diagnosis", "%1: %2 of %3 usable, step %4"),
            { planText(s.config), gib(s.peakMemoryBytes), gib(s.capacityBytes),
                formatSeconds(s.stepSeconds) } };
    }

    /// "1 node (8 GPUs)", "4 nodes (32 GPUs)"
    Message nodesText(int nodes, int perNode)
    {
        const std::string gpus = grouped(std::int64_t(nodes) * perNode);
        return nodes == 1
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 node (%2 GPUs)"), { grouped(nodes), gpus })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 nodes (%2 GPUs)"), { grouped(nodes), gpus });
    }

    /// The knob's values among `configs`: numbers for the integer knobs (into `numbers`), words for the
    /// others.
    std::string valuesOf(
        const std::vector<ParallelConfig>& configs, PinKnob knob, std::vector<std::int64_t>& numbers)
    {
        std::set<std::int64_t> ints;
        std::set<std::string> words;
        for (const ParallelConfig& c : configs) {
            if (const auto v = knobInt(c, knob))
                ints.insert(*v);
            else
                words.insert(knobValue(c, knob));
        }
        numbers.assign(ints.begin(), ints.end());
        if (!numbers.empty()) return valueList(numbers);
        std::string s;
        for (const std::string& w : words)
            s += (s.empty() ? "" : ", ") + w;
        return s;
    }

    /// Every candidate breaks a rule and no pin rule names it: the distinct reasons, most common first.
    Finding ruleDeadEnd(const SearchResult& result, const std::map<std::string, std::size_t>& reasons)
    {
        std::vector<std::pair<std::size_t, std::string>> sorted;
        for (const auto& [reason, count] : reasons)
            sorted.emplace_back(count, reason);
        std::stable_sort(
            sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        Finding f;
        f.kind = FindingKind::RuleDeadEnd;
        f.severity = FindingSeverity::Blocking;
        const std::size_t total = result.candidates.size();
        // The reasons are the evaluator's (structuralProblem): English literals.
        std::vector<Message> listed;
        for (std::size_t i = 0; i < sorted.size() && i < 3; ++i)
            listed.push_back(total > 1 ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 (%2 of them)"),
                                 { sorted[i].second, grouped(std::int64_t(sorted[i].first)) })
                                       : Message(sorted[i].second));
        if (sorted.size() == 4)
            listed.push_back(Message(SHARDSCOPE_TR_NOOP("Diagnosis", "and one other reason")));
        else if (sorted.size() > 4)
            listed.push_back(Message(SHARDSCOPE_TR_NOOP("Diagnosis", "and %1 other reasons"),
                { grouped(std::int64_t(sorted.size() - 3)) }));
        const Message reasonList = Message::join(std::move(listed), "; ");
        f.message = total == 1
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "The only candidate the pins allow breaks a rule: %1"),
                { reasonList })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "All %1 candidates the pins allow break a rule: %2"),
                { grouped(std::int64_t(total)), reasonList });
        return f;
    }

    /// No candidate passes the rules: which pin, once removed, gives candidates that do (checked by
    /// enumerating).
    void relaxRules(const PlanEvaluator& evaluator, const PlanPins& pins, const DiagnosisOptions& options,
        const std::set<PinKnob>& named, std::vector<Finding>& out)
    {
        auto passing = [&](const PlanPins& relaxed) {
            std::vector<ParallelConfig> valid;
            for (const ParallelConfig& c : enumerateCandidates(evaluator, relaxed, options.maxMicroBatch))
                if (evaluator.structuralProblem(c).empty()) valid.push_back(c);
            return valid;
        };
        const std::vector<PinKnob> knobs = pinnedKnobs(pins);
        bool any = false;
        for (PinKnob k : knobs) {
            if (cancelled(options)) return;
            const PlanPins relaxed = withoutPin(pins, k);
            const std::vector<ParallelConfig> valid = passing(relaxed);
            if (valid.empty()) continue;
            any = true;
            if (named.count(k)) continue; // its PinRule already lists the values allowed
            Finding f;
            f.kind = FindingKind::RelaxPin;
            f.severity = FindingSeverity::Hint;
            f.knob = k;
            const std::string values = valuesOf(valid, k, f.allowedValues);
            f.message = valid.size() == 1
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "Unpinning %1 gives one candidate that passes every rule, with %1 %2"),
                    { knobName(k), values })
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "Unpinning %1 gives %2 candidates that pass every rule, with %1 %3"),
                    { knobName(k), grouped(std::int64_t(valid.size())), values });
            f.changes.push_back({ Message(SHARDSCOPE_TR_NOOP("Diagnosis", "unpin %1"), { knobName(k) }),
                relaxed, {}, {}, true });
            out.push_back(std::move(f));
        }
        if (!any && knobs.size() >= 2 && !cancelled(options)) {
            const std::vector<ParallelConfig> valid = passing(PlanPins {});
            if (valid.empty()) return;
            Finding f;
            f.kind = FindingKind::RelaxPin;
            f.severity = FindingSeverity::Hint;
            f.message = valid.size() == 1
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                    "No single pin is to blame; without any pin one candidate passes every rule"))
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "No single pin is to blame; without any pin %1 candidates pass every rule"),
                    { grouped(std::int64_t(valid.size())) });
            f.changes.push_back(
                { Message(SHARDSCOPE_TR_NOOP("Diagnosis", "unpin all")), PlanPins {}, {}, {}, true });
            out.push_back(std::move(f));
        }
    }

    /// The plan closest to fitting among the candidates that pass the rules: the lowest peaks (lower bounds
    /// for those rejected before placement) evaluated in full, the lowest full peak kept.
    std::optional<PlanEstimate> closestPlan(
        const PlanEvaluator& evaluator, const SearchResult& result, const std::vector<std::size_t>& valid)
    {
        constexpr std::size_t kEvaluated = 12;
        std::vector<std::size_t> order = valid;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return result.candidates[a].peakMemoryBytes < result.candidates[b].peakMemoryBytes;
        });
        std::optional<PlanEstimate> best;
        for (std::size_t i = 0; i < order.size() && i < kEvaluated; ++i) {
            PlanEstimate e = evaluator.evaluate(result.candidates[order[i]].config);
            if (e.stages.empty()) continue;
            if (!best || e.peakMemoryBytes < best->peakMemoryBytes) best = std::move(e);
        }
        return best;
    }

    Finding nothingFits(const PlanningProblem& problem, const PlanEstimate& e)
    {
        const StageEstimate& stage = e.stages[std::size_t(e.peakStage)];
        const MemoryBreakdown& m = stage.memory;
        const double usable = e.capacityBytes;
        struct Part
        {
            MessageTemplate name; ///< "weights"
            MessageTemplate amount; ///< "weights %1"
            double bytes;
        };
        const Part parts[] = {
            { SHARDSCOPE_TR_NOOP("Diagnosis", "weights"), SHARDSCOPE_TR_NOOP("Diagnosis", "weights %1"),
                m.weightsBytes },
            { SHARDSCOPE_TR_NOOP("Diagnosis", "gradients"), SHARDSCOPE_TR_NOOP("Diagnosis", "gradients %1"),
                m.gradientsBytes },
            { SHARDSCOPE_TR_NOOP("Diagnosis", "optimizer states"),
                SHARDSCOPE_TR_NOOP("Diagnosis", "optimizer states %1"), m.optimizerBytes },
            { SHARDSCOPE_TR_NOOP("Diagnosis", "activations"),
                SHARDSCOPE_TR_NOOP("Diagnosis", "activations %1"),
                m.activationsBytes + m.embeddingLogitsBytes },
            { SHARDSCOPE_TR_NOOP("Diagnosis", "other (buffers, CUDA context, framework)"),
                SHARDSCOPE_TR_NOOP("Diagnosis", "other (buffers, CUDA context, framework) %1"),
                m.overheadBytes },
        };
        const Part* top = &parts[0];
        std::vector<Message> held;
        for (const Part& part : parts) {
            held.push_back(Message(part.amount, { gib(part.bytes) }));
            if (part.bytes > top->bytes) top = &part;
        }
        const double total = m.totalBytes();
        Finding f;
        f.kind = FindingKind::NothingFits;
        f.severity = FindingSeverity::Blocking;
        const Message over { SHARDSCOPE_TR_NOOP("Diagnosis",
                                 "Nothing fits in memory: the closest plan, %1, needs %2 on its "
                                 "fullest GPU (stage %3) but %4 is usable (%5 less the %6 margin): "
                                 "%7 over."),
            { planText(e.config), gib(e.peakMemoryBytes), grouped(e.peakStage), gib(usable),
                gib(problem.cluster.gpu.memoryBytes), percentText(problem.training.memoryMargin),
                gib(e.peakMemoryBytes - usable) } };
        const Message holds { SHARDSCOPE_TR_NOOP(
                                  "Diagnosis", "That GPU holds %1; the largest part is %2 (%3)"),
            { Message::join(std::move(held), ", "), Message(top->name),
                percentText(total > 0 ? top->bytes / total : 0) } };
        f.message = Message::join({ over, holds }, " ");
        return f;
    }

    /// Candidates pass the rules but nothing fits: which pin, once removed, makes plans fit (checked by
    /// searching).
    void relaxMemory(const PlanEvaluator& evaluator, const PlanPins& pins, const DiagnosisOptions& options,
        std::vector<Finding>& out)
    {
        const std::vector<PinKnob> knobs = pinnedKnobs(pins);
        bool any = false;
        auto fitting = [&](const SearchResult& r) {
            std::vector<ParallelConfig> configs;
            for (const PlanSummary& s : r.candidates)
                if (s.feasible) configs.push_back(s.config);
            return configs;
        };
        for (PinKnob k : knobs) {
            if (cancelled(options)) return;
            const PlanPins relaxed = withoutPin(pins, k);
            const SearchResult r = searchPlans(evaluator, relaxed, searchOptions(options));
            const PlanSummary* best = fastestFitting(r);
            if (!best) continue;
            any = true;
            Finding f;
            f.kind = FindingKind::RelaxPin;
            f.severity = FindingSeverity::Hint;
            f.knob = k;
            const std::string values = valuesOf(fitting(r), k, f.allowedValues);
            f.message = r.feasibleCount == 1
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "Unpinning %1 makes one plan fit (%1 %2): %3"),
                    { knobName(k), values, fitText(*best) })
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "Unpinning %1 makes %2 plans fit (%1 %3); the fastest uses %1 %4: %5"),
                    { knobName(k), grouped(std::int64_t(r.feasibleCount)), values, knobValue(best->config, k),
                        fitText(*best) });
            f.changes.push_back({ Message(SHARDSCOPE_TR_NOOP("Diagnosis", "unpin %1"), { knobName(k) }),
                relaxed, {}, {}, true });
            out.push_back(std::move(f));
        }
        if (!any && knobs.size() >= 2 && !cancelled(options)) {
            const SearchResult r = searchPlans(evaluator, PlanPins {}, searchOptions(options));
            if (const PlanSummary* best = fastestFitting(r)) {
                Finding f;
                f.kind = FindingKind::RelaxPin;
                f.severity = FindingSeverity::Hint;
                f.message = r.feasibleCount == 1
                    ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "No single pin is to blame; without any pin one plan fits: %1"),
                        { fitText(*best) })
                    : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                                  "No single pin is to blame; without any pin %1 plans fit; the fastest: %2"),
                        { grouped(std::int64_t(r.feasibleCount)), fitText(*best) });
                f.changes.push_back(
                    { Message(SHARDSCOPE_TR_NOOP("Diagnosis", "unpin all")), PlanPins {}, {}, {}, true });
                out.push_back(std::move(f));
            }
        }
    }

    /// A cluster sweep's search on `nodes` (sweep.pins): records it in sweep.tried and, where a plan fits, keeps its
    /// fastest as sweep.best when `nodes` is the fewest (`fewest`) or the most fitting count so far. Whether a
    /// plan fits; false and sweep.cancelled when cancelled.
    bool searchNodes(const PlanningProblem& problem, const DiagnosisOptions& options, int nodes, bool fewest, ClusterSweep& sweep)
    {
        const PlanningProblem changed = withNodes(problem, nodes); // the evaluator keeps a reference to it
        const PlanEvaluator evaluator(changed);
        const SearchResult r = searchPlans(evaluator, sweep.pins, searchOptions(options));
        if (r.cancelled || cancelled(options)) {
            sweep.cancelled = true;
            return false;
        }
        sweep.tried.emplace_back(nodes, r.feasibleCount);
        const PlanSummary* best = fastestFitting(r);
        if (best && (!sweep.fitNodes || (fewest ? nodes < *sweep.fitNodes : nodes > *sweep.fitNodes))) {
            sweep.fitNodes = nodes;
            sweep.best = *best;
        }
        return best != nullptr;
    }

    Finding fewerGpusFinding(const PlanningProblem& problem, const ClusterSweep& sweep)
    {
        const int perNode = problem.cluster.gpusPerNode;
        const std::int64_t gpus = std::int64_t(*sweep.fitNodes) * perNode;
        Finding f;
        f.kind = FindingKind::FewerGpus;
        f.severity = FindingSeverity::Hint;
        const std::vector<Message> args { grouped(problem.training.globalBatch),
            grouped(std::int64_t(problem.cluster.nodes) * perNode), grouped(*sweep.fitNodes),
            grouped(perNode), grouped(gpus), grouped(std::int64_t(sweep.largestFailingNodes) * perNode),
            fitText(*sweep.best) };
        f.message = *sweep.fitNodes == 1
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 node x %4 = "
                          "%5 GPUs with the same pins (the most found by halving the nodes, then "
                          "bisecting: %6 do not). Its fastest plan: %7"),
                args)
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                          "Global batch %1 cannot keep %2 GPUs busy; a plan fits on %3 nodes x %4 = "
                          "%5 GPUs with the same pins (the most found by halving the nodes, then "
                          "bisecting: %6 do not). Its fastest plan: %7"),
                args);
        f.changes.push_back({ nodesText(*sweep.fitNodes, perNode),
            problem.training.pins.dp ? std::optional(sweep.pins) : std::nullopt, {}, *sweep.fitNodes, true });
        return f;
    }

    Finding clusterFinding(const PlanningProblem& problem, const ClusterSweep& sweep)
    {
        const int perNode = problem.cluster.gpusPerNode;
        // DP pinned: the sweep unpinned it (it follows the GPU count), and the messages say so.
        const bool dpNote = problem.training.pins.dp.has_value();
        Finding f;
        f.severity = FindingSeverity::Hint;
        if (sweep.fitNodes && sweep.best) {
            f.kind = FindingKind::SmallestCluster;
            const std::vector<Message> args { grouped(*sweep.fitNodes), grouped(perNode),
                grouped(std::int64_t(*sweep.fitNodes) * perNode), problem.cluster.gpu.name,
                nodesText(sweep.largestFailingNodes, perNode), fitText(*sweep.best) };
            f.message = dpNote
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the "
                              "same pins (DP unpinned: it follows the GPU count); %5 do not fit. "
                              "Its fastest plan: %6"),
                    args)
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "The smallest cluster that fits: %1 nodes x %2 = %3 %4 GPUs, with the "
                              "same pins; %5 do not fit. Its fastest plan: %6"),
                    args);
            f.changes.push_back({ nodesText(*sweep.fitNodes, perNode),
                problem.training.pins.dp ? std::optional(sweep.pins) : std::nullopt, {}, *sweep.fitNodes,
                true });
        } else {
            f.kind = FindingKind::NoClusterFits;
            f.severity = FindingSeverity::Blocking;
            std::vector<std::int64_t> tried;
            for (const auto& [nodes, fits] : sweep.tried)
                tried.push_back(nodes);
            const std::vector<Message> args { valueList(tried, 24),
                grouped(std::int64_t(sweep.capNodes) * perNode) };
            f.message = dpNote
                ? Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, "
                              "the sweep's limit) with the same pins (DP unpinned: it follows the "
                              "GPU count)"),
                    args)
                : Message(SHARDSCOPE_TR_NOOP("Diagnosis",
                              "No larger cluster fits either: nothing fits on %1 nodes (up to %2 GPUs, "
                              "the sweep's limit) with the same pins"),
                    args);
        }
        return f;
    }

} // namespace

ClusterSweep smallestFittingCluster(const PlanningProblem& problem, const DiagnosisOptions& options)
{
    ClusterSweep sweep;
    sweep.pins = withoutPin(problem.training.pins, PinKnob::Dp);
    const int perNode = std::max(1, problem.cluster.gpusPerNode);
    sweep.startNodes = problem.cluster.nodes;
    sweep.largestFailingNodes = sweep.startNodes;
    const std::int64_t byFactor = std::int64_t(sweep.startNodes) * std::max(1, options.maxNodeFactor);
    sweep.capNodes = int(std::max<std::int64_t>(
        sweep.startNodes, std::min<std::int64_t>(byFactor, options.maxGpus / perNode)));
    if (sweep.capNodes <= sweep.startNodes) return sweep;
    sweep.ran = true;
    int searches = 0;
    // Whether a plan fits on `nodes`, keeping the fastest for the smallest fitting count.
    auto fits = [&](int nodes) {
        ++searches;
        return searchNodes(problem, options, nodes, true, sweep);
    };
    // Doubling up to the cap (the cap itself last), then halving the gap below the first count that fits.
    int low = sweep.startNodes;
    std::optional<int> high;
    for (std::int64_t nodes = std::int64_t(sweep.startNodes) * 2;; nodes *= 2) {
        const int n = int(std::min<std::int64_t>(nodes, sweep.capNodes));
        if (searches >= options.maxSweepSearches || sweep.cancelled) break;
        if (fits(n)) {
            high = n;
            break;
        }
        low = n;
        if (n >= sweep.capNodes) break;
    }
    while (high && *high - low > 1 && searches < options.maxSweepSearches && !sweep.cancelled) {
        const int mid = low + (*high - low) / 2;
        if (fits(mid))
            high = mid;
        else
            low = mid;
    }
    sweep.largestFailingNodes = low;
    return sweep;
}

ClusterSweep largestFittingCluster(const PlanningProblem& problem, const DiagnosisOptions& options)
{
    ClusterSweep sweep;
    sweep.pins = withoutPin(problem.training.pins, PinKnob::Dp);
    sweep.startNodes = problem.cluster.nodes;
    sweep.largestFailingNodes = sweep.startNodes;
    sweep.capNodes = sweep.startNodes;
    if (sweep.startNodes <= 1) return sweep;
    sweep.ran = true;
    int searches = 0;
    // Whether a plan fits on `nodes`, keeping the fastest for the largest fitting count.
    auto fits = [&](int nodes) {
        ++searches;
        return searchNodes(problem, options, nodes, false, sweep);
    };
    // Halving down to one node, then halving the gap above the first count that fits.
    int high = sweep.startNodes; // does not fit
    std::optional<int> low;
    for (int n = sweep.startNodes / 2; n >= 1 && searches < options.maxSweepSearches && !sweep.cancelled; n /= 2) {
        if (fits(n)) {
            low = n;
            break;
        }
        high = n;
    }
    while (low && high - *low > 1 && searches < options.maxSweepSearches && !sweep.cancelled) {
        const int mid = *low + (high - *low) / 2;
        if (fits(mid))
            low = mid;
        else
            high = mid;
    }
    sweep.largestFailingNodes = high;
    return sweep;
}

SearchDiagnosis diagnoseSearch(
    const PlanningProblem& problem, const SearchResult& result, const DiagnosisOptions& options)
{
    SearchDiagnosis d;
    if (result.cancelled || cancelled(options)) {
        d.cancelled = true;
        return d;
    }
    const PlanPins& pins = problem.training.pins;
    if (result.feasibleCount == 0) {
        const PlanEvaluator evaluator(problem);
        std::vector<Finding> rules = pinRuleFindings(problem);
        std::set<PinKnob> named;
        for (const Finding& f : rules)
            named.insert(f.knob);
        // Which candidates pass the rules (the others' reasons, counted).
        std::vector<std::size_t> valid;
        std::map<std::string, std::size_t> reasons;
        for (std::size_t i = 0; i < result.candidates.size(); ++i) {
            std::string reason = evaluator.structuralProblem(result.candidates[i].config);
            if (reason.empty())
                valid.push_back(i);
            else
                ++reasons[reason];
        }
        d.findings = std::move(rules);
        if (valid.empty()) {
            if (d.findings.empty()) d.findings.push_back(ruleDeadEnd(result, reasons));
            if (options.relaxPins) relaxRules(evaluator, pins, options, named, d.findings);
            // The global batch leaves these GPUs no DP degree at all: fewer GPUs are the way out.
            const std::optional<Finding> batch = batchDivisorFinding(problem);
            if (options.sweepClusters && batch && batch->allowedValues.empty() && !cancelled(options)) {
                const ClusterSweep fewer = largestFittingCluster(problem, options);
                if (fewer.fitNodes && fewer.best && !fewer.cancelled)
                    d.findings.push_back(fewerGpusFinding(problem, fewer));
            }
        } else {
            d.closest = closestPlan(evaluator, result, valid);
            if (d.closest) d.findings.push_back(nothingFits(problem, *d.closest));
            if (options.relaxPins) relaxMemory(evaluator, pins, options, d.findings);
            if (options.sweepClusters && !cancelled(options)) {
                d.cluster = smallestFittingCluster(problem, options);
                if (d.cluster.ran && !d.cluster.cancelled)
                    d.findings.push_back(clusterFinding(problem, d.cluster));
            }
        }
    }
    if (auto f = batchDivisorFinding(problem)) d.findings.push_back(std::move(*f));
    d.cancelled = cancelled(options) || d.cluster.cancelled;
    return d;
}

std::vector<Finding> planWarnings(
    const PlanningProblem& problem, const PlanSummary& plan, double bubbleThreshold)
{
    std::vector<Finding> out;
    const ParallelConfig& c = plan.config;
    if (c.pp > 1 && plan.bubbleFraction > bubbleThreshold) {
        const std::int64_t perStep = std::int64_t(c.dp) * c.microBatch;
        const std::int64_t m = perStep > 0 ? problem.training.globalBatch / perStep : 0;
        const int chunks = isInterleaved(c.schedule) ? c.vpp : 1;
        Finding f;
        f.kind = FindingKind::LargeBubble;
        f.severity = FindingSeverity::Warning;
        const Message microBatches = c.microBatch == 1
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 micro-batches of %2 sequence"),
                { grouped(m), grouped(c.microBatch) })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 micro-batches of %2 sequences"),
                { grouped(m), grouped(c.microBatch) });
        const Message modelChunks = chunks == 1
            ? Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 model chunk"), { grouped(chunks) })
            : Message(SHARDSCOPE_TR_NOOP("Diagnosis", "%1 model chunks"), { grouped(chunks) });
        f.message = { SHARDSCOPE_TR_NOOP("Diagnosis",
                          "pipeline bubble %1 of the pipeline time (PP %2, %3, %4 per stage): more "
                          "micro-batches per step (a larger global batch, or a smaller micro-batch) "
                          "or interleaving more model chunks per stage would reduce it"),
            { percentText(plan.bubbleFraction), grouped(c.pp), microBatches, modelChunks } };
        f.changes.push_back({ Message(SHARDSCOPE_TR_NOOP("Diagnosis", "global batch %1"),
                                  { grouped(2 * problem.training.globalBatch) }),
            {}, 2 * problem.training.globalBatch, {}, false });
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace shardscope
