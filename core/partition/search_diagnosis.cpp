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
    std::string fitText(const PlanSummary& s)
    {
        return planText(s.config) + ": " + gib(s.peakMemoryBytes) + " of " + gib(s.capacityBytes)
            + " usable, step " + formatSeconds(s.stepSeconds);
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
        f.message = (total == 1
                ? std::string("The only candidate the pins allow breaks a rule: ")
                : "All " + grouped(std::int64_t(total)) + " candidates the pins allow break a rule: ");
        for (std::size_t i = 0; i < sorted.size() && i < 3; ++i)
            f.message += (i ? "; " : "") + sorted[i].second
                + (total > 1 ? " (" + grouped(std::int64_t(sorted[i].first)) + " of them)" : std::string());
        if (sorted.size() > 3)
            f.message += "; and " + grouped(std::int64_t(sorted.size() - 3)) + " other reasons";
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
            f.message = "Unpinning " + std::string(toString(k)) + " gives "
                + grouped(std::int64_t(valid.size())) + " candidates that pass every rule, with "
                + std::string(toString(k)) + " " + values;
            f.changes.push_back({ "unpin " + std::string(toString(k)), relaxed, {}, {}, true });
            out.push_back(std::move(f));
        }
        if (!any && knobs.size() >= 2 && !cancelled(options)) {
            const std::vector<ParallelConfig> valid = passing(PlanPins {});
            if (valid.empty()) return;
            Finding f;
            f.kind = FindingKind::RelaxPin;
            f.severity = FindingSeverity::Hint;
            f.message = "No single pin is to blame; without any pin " + grouped(std::int64_t(valid.size()))
                + " candidates pass every rule";
            f.changes.push_back({ "unpin all", PlanPins {}, {}, {}, true });
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
        const std::pair<const char*, double> parts[] = {
            { "weights", m.weightsBytes },
            { "gradients", m.gradientsBytes },
            { "optimizer states", m.optimizerBytes },
            { "activations", m.activationsBytes + m.embeddingLogitsBytes },
            { "other (buffers, CUDA context, framework)", m.overheadBytes },
        };
        const auto* top = &parts[0];
        std::string held;
        for (const auto& part : parts) {
            held += std::string(held.empty() ? "" : ", ") + part.first + " " + gib(part.second);
            if (part.second > top->second) top = &part;
        }
        const double total = m.totalBytes();
        Finding f;
        f.kind = FindingKind::NothingFits;
        f.severity = FindingSeverity::Blocking;
        f.message = "Nothing fits in memory: the closest plan, " + planText(e.config) + ", needs "
            + gib(e.peakMemoryBytes) + " on its fullest GPU (stage " + grouped(e.peakStage) + ") but "
            + gib(usable) + " is usable (" + gib(problem.cluster.gpu.memoryBytes) + " less the "
            + percentText(problem.training.memoryMargin) + " margin): " + gib(e.peakMemoryBytes - usable)
            + " over. That GPU holds " + held + "; the largest part is " + top->first + " ("
            + percentText(total > 0 ? top->second / total : 0) + ")";
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
            f.message = "Unpinning " + std::string(toString(k)) + " makes "
                + grouped(std::int64_t(r.feasibleCount)) + " plans fit (" + std::string(toString(k)) + " "
                + values + "); the fastest uses " + std::string(toString(k)) + " "
                + knobValue(best->config, k) + ": " + fitText(*best);
            f.changes.push_back({ "unpin " + std::string(toString(k)), relaxed, {}, {}, true });
            out.push_back(std::move(f));
        }
        if (!any && knobs.size() >= 2 && !cancelled(options)) {
            const SearchResult r = searchPlans(evaluator, PlanPins {}, searchOptions(options));
            if (const PlanSummary* best = fastestFitting(r)) {
                Finding f;
                f.kind = FindingKind::RelaxPin;
                f.severity = FindingSeverity::Hint;
                f.message = "No single pin is to blame; without any pin "
                    + grouped(std::int64_t(r.feasibleCount)) + " plans fit; the fastest: " + fitText(*best);
                f.changes.push_back({ "unpin all", PlanPins {}, {}, {}, true });
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
        f.message = "Global batch " + grouped(problem.training.globalBatch) + " cannot keep "
            + grouped(std::int64_t(problem.cluster.nodes) * perNode) + " GPUs busy; a plan fits on "
            + grouped(*sweep.fitNodes) + (*sweep.fitNodes == 1 ? " node x " : " nodes x ") + grouped(perNode) + " = "
            + grouped(gpus) + " GPUs with the same pins (the most found by halving the nodes, then bisecting: "
            + grouped(std::int64_t(sweep.largestFailingNodes) * perNode) + " do not). Its fastest plan: " + fitText(*sweep.best);
        f.changes.push_back({ grouped(*sweep.fitNodes) + (*sweep.fitNodes == 1 ? " node (" : " nodes (") + grouped(gpus)
                                  + " GPUs)",
                              problem.training.pins.dp ? std::optional(sweep.pins) : std::nullopt, {}, *sweep.fitNodes,
                              true });
        return f;
    }

    Finding clusterFinding(const PlanningProblem& problem, const ClusterSweep& sweep)
    {
        const int perNode = problem.cluster.gpusPerNode;
        auto nodesText = [&](int nodes) {
            return grouped(nodes) + (nodes == 1 ? " node (" : " nodes (")
                + grouped(std::int64_t(nodes) * perNode) + " GPUs)";
        };
        const std::string dpNote = problem.training.pins.dp ? " (DP unpinned: it follows the GPU count)" : "";
        Finding f;
        f.severity = FindingSeverity::Hint;
        if (sweep.fitNodes && sweep.best) {
            f.kind = FindingKind::SmallestCluster;
            f.message = "The smallest cluster that fits: " + grouped(*sweep.fitNodes) + " nodes x "
                + grouped(perNode) + " = " + grouped(std::int64_t(*sweep.fitNodes) * perNode) + " "
                + problem.cluster.gpu.name + " GPUs, with the same pins" + dpNote + "; "
                + nodesText(sweep.largestFailingNodes)
                + " do not fit. Its fastest plan: " + fitText(*sweep.best);
            f.changes.push_back({ nodesText(*sweep.fitNodes),
                problem.training.pins.dp ? std::optional(sweep.pins) : std::nullopt, {}, *sweep.fitNodes,
                true });
        } else {
            f.kind = FindingKind::NoClusterFits;
            f.severity = FindingSeverity::Blocking;
            std::vector<std::int64_t> tried;
            for (const auto& [nodes, fits] : sweep.tried)
                tried.push_back(nodes);
            f.message = "No larger cluster fits either: nothing fits on " + valueList(tried, 24)
                + " nodes (up to " + grouped(std::int64_t(sweep.capNodes) * perNode)
                + " GPUs, the sweep's limit) with the same pins" + dpNote;
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
        f.message = "pipeline bubble " + percentText(plan.bubbleFraction) + " of the pipeline time (PP "
            + grouped(c.pp) + ", " + grouped(m) + " micro-batches of " + grouped(c.microBatch)
            + (c.microBatch == 1 ? " sequence, " : " sequences, ") + grouped(chunks)
            + (chunks == 1 ? " model chunk" : " model chunks")
            + " per stage): more micro-batches per step "
              "(a larger global batch, or a smaller micro-batch) or interleaving more model chunks per stage "
              "would reduce it";
        f.changes.push_back({ "global batch " + grouped(2 * problem.training.globalBatch), {},
            2 * problem.training.globalBatch, {}, false });
        out.push_back(std::move(f));
    }
    return out;
}

} // namespace shardscope
