// SPDX-License-Identifier: GPL-3.0-or-later
// Proposals that change the global batch or the GPU count, each evaluated on the changed problem.
#include "proposals/scale_proposals.h"

#include "cost/plan_evaluator.h"
#include "partition/plan_search.h"
#include "proposals/proposals_detail.h"
#include "util/text.h"

#include <algorithm>

namespace shardscope {

namespace {

    using proposals_detail::number;
    using proposals_detail::percent;
    using proposals_detail::seconds;

    /// "1,024"
    std::string grouped(std::int64_t value)
    {
        std::string digits = std::to_string(value < 0 ? -value : value);
        for (int i = int(digits.size()) - 3; i > 0; i -= 3)
            digits.insert(std::size_t(i), ",");
        return (value < 0 ? "-" : "") + digits;
    }

    Message tokensText(double tokensPerSecond)
    {
        return { SHARDSCOPE_TR_NOOP("Proposals", "%1 tokens/s"), { formatCount(tokensPerSecond) } };
    }

    std::string layout(const ParallelConfig& c)
    {
        std::string s = "TP " + std::to_string(c.tp);
        if (c.cp > 1) s += " x CP " + std::to_string(c.cp);
        s += " x PP " + std::to_string(c.pp) + " x DP " + std::to_string(c.dp);
        if (c.ep > 1) s += ", EP " + std::to_string(c.ep);
        return s;
    }

    /// A proposal for `config` on `changed`, evaluated there; nullopt when the configuration breaks a rule of
    /// it.
    std::optional<Proposal> evaluateOn(const PlanningProblem& changed, ProposalKind kind,
        const ParallelConfig& config, const PlanEstimate* current, Message title)
    {
        const PlanEvaluator evaluator(changed);
        if (!evaluator.structuralProblem(config).empty()) return std::nullopt;
        Proposal p;
        p.kind = kind;
        p.title = std::move(title);
        p.config = config;
        p.training = changed.training;
        p.estimate = evaluator.evaluate(config);
        p.feasible = p.estimate.feasible;
        const bool comparable = current && current->feasible && current->tokensPerSecond > 0;
        p.speedup = comparable ? p.estimate.tokensPerSecond / current->tokensPerSecond : 0;
        p.memoryDeltaBytes = p.estimate.peakMemoryBytes - (current ? current->peakMemoryBytes : 0);
        return p;
    }

    /// "tokens/s 1.2 M -> 1.6 M (1.33x), step 5.12 s -> 7.80 s; peak memory ..."
    Message throughputChange(const PlanEstimate& from, const PlanEstimate& to)
    {
        const double ratio = from.tokensPerSecond > 0 ? to.tokensPerSecond / from.tokensPerSecond : 0;
        return { SHARDSCOPE_TR_NOOP("Proposals", "%1 -> %2 (%3x), step %4 -> %5; %6"),
            { tokensText(from.tokensPerSecond), tokensText(to.tokensPerSecond), number(ratio, 3),
                seconds(from.time.stepSeconds), seconds(to.time.stepSeconds), proposals_detail::memoryChange(from, to) } };
    }

    /// `rationale` with the note every larger batch needs.
    Message withOptimisationNote(Message rationale)
    {
        return { SHARDSCOPE_TR_NOOP("Proposals", "%1; a larger batch changes the optimisation (tokens per step, learning-rate "
                                   "schedule)"),
            { std::move(rationale) } };
    }

    void addBubbleProposals(const PlanningProblem& problem, const PlanEstimate& current,
        const ScaleProposalOptions& options, std::vector<Proposal>& out)
    {
        const ParallelConfig& c = current.config;
        if (c.pp <= 1 || !(current.bubbleFraction > options.bubbleThreshold)) return;
        const std::int64_t batch = problem.training.globalBatch;
        for (int factor = 2; factor <= std::max(2, options.maxBatchFactor); factor *= 2) {
            PlanningProblem changed = problem;
            changed.training.globalBatch = batch * factor;
            auto p = evaluateOn(changed, ProposalKind::GlobalBatch, c, &current,
                { SHARDSCOPE_TR_NOOP("Proposals", "Raise global batch to %1 sequences (m = %2 micro-batches)"),
                    { grouped(batch * factor), grouped(batch * factor / (std::int64_t(c.dp) * c.microBatch)) } });
            if (!p) continue;
            p->rationale = withOptimisationNote({ SHARDSCOPE_TR_NOOP("Proposals", "pipeline bubble %1 of the pipeline with m = %2 "
                                                                   "micro-batches on PP %3: global batch %4 -> %5 makes "
                                                                   "m = %6 and the bubble %7; %8"),
                { percent(current.bubbleFraction), grouped(current.numMicroBatches), std::to_string(c.pp), grouped(batch),
                    grouped(batch * factor), grouped(p->estimate.numMicroBatches), percent(p->estimate.bubbleFraction),
                    throughputChange(current, p->estimate) } });
            const bool enough = p->estimate.bubbleFraction <= options.bubbleThreshold;
            out.push_back(std::move(*p));
            if (enough) return;
        }
    }

    void addDivisorProposal(const PlanningProblem& problem, const PlanEstimate& current,
        const ScaleProposalOptions& options, std::vector<Proposal>& out)
    {
        const std::optional<Finding> finding = batchDivisorFinding(problem);
        if (!finding || finding->changes.empty() || !finding->changes.front().globalBatch) return;
        const std::int64_t batch = *finding->changes.front().globalBatch;
        if (batch <= problem.training.globalBatch) return;
        PlanningProblem changed = problem;
        changed.training.globalBatch = batch;
        const PlanEvaluator evaluator(changed);
        SearchOptions search;
        search.threads = options.threads;
        search.maxMicroBatch = options.maxMicroBatch;
        search.cancel = options.cancel;
        search.pruning = SearchPruning::FastestOnly; // only its fastest plan that fits is read
        const SearchResult result = searchPlans(evaluator, changed.training.pins, search);
        const PlanSummary* best = nullptr;
        for (const PlanSummary& s : result.candidates)
            if (s.feasible && (!best || s.tokensPerSecond > best->tokensPerSecond)) best = &s;
        // Only when the raised batch's fastest plan uses a DP the current batch rules out: otherwise the
        // limit costs nothing (those DP degrees do not fit or are slower).
        const auto& ruled = finding->ruledOutValues;
        if (!best || result.cancelled
            || std::find(ruled.begin(), ruled.end(), best->config.dp) == ruled.end())
            return;
        std::string ruledOut;
        for (std::int64_t d : finding->ruledOutValues)
            ruledOut += (ruledOut.empty() ? "" : ", ") + grouped(d);
        auto p = evaluateOn(changed, ProposalKind::GlobalBatch, best->config, &current,
            { SHARDSCOPE_TR_NOOP("Proposals", "Raise global batch to %1 sequences (allows DP %2)"), { grouped(batch), ruledOut } });
        if (!p) return;
        p->rationale = withOptimisationNote({ SHARDSCOPE_TR_NOOP("Proposals", "global batch %1 rules out DP %2 on %3 GPUs (DP must divide "
                                                               "it); with %4 the fastest plan that fits is %5 "
                                                               "(micro-batch %6); %7"),
            { grouped(problem.training.globalBatch), ruledOut, grouped(problem.cluster.totalGpus()), grouped(batch),
                layout(best->config), std::to_string(best->config.microBatch), throughputChange(current, p->estimate) } });
        out.push_back(std::move(*p));
    }

} // namespace

std::vector<Proposal> proposeGlobalBatchChanges(
    const PlanningProblem& problem, const PlanEstimate& current, const ScaleProposalOptions& options)
{
    std::vector<Proposal> out;
    if (current.stages.empty() || !(current.time.stepSeconds > 0)) return out;
    addBubbleProposals(problem, current, options, out);
    addDivisorProposal(problem, current, options, out);
    return out;
}

std::optional<Proposal> proposeClusterSize(
    const PlanningProblem& problem, const ClusterSweep& sweep, const PlanEstimate* current)
{
    if (!sweep.fitNodes || !sweep.best) return std::nullopt;
    const int nodes = *sweep.fitNodes;
    const int perNode = problem.cluster.gpusPerNode;
    PlanningProblem changed = withNodes(problem, nodes);
    changed.training.pins = sweep.pins;
    const std::int64_t gpus = std::int64_t(nodes) * perNode;
    auto p = evaluateOn(changed, ProposalKind::ClusterSize, sweep.best->config, current,
        { SHARDSCOPE_TR_NOOP("Proposals", "Use %1 GPUs: %2 nodes of %3 %4 (now %5)"),
            { grouped(gpus), grouped(nodes), std::to_string(perNode), problem.cluster.gpu.name,
                grouped(problem.cluster.totalGpus()) } });
    if (!p) return std::nullopt;
    p->cluster = changed.cluster;
    const PlanEstimate& e = p->estimate;
    const std::string total = grouped(problem.cluster.totalGpus());
    const Message now = current && current->feasible
        ? Message(SHARDSCOPE_TR_NOOP("Proposals", "the current plan runs at %1 on %2 GPUs"), { tokensText(current->tokensPerSecond), total })
        : !current ? problem.cluster.totalGpus() == 1 ? Message(SHARDSCOPE_TR_NOOP("Proposals", "no plan fits on %1 GPU"), { total })
                                                     : Message(SHARDSCOPE_TR_NOOP("Proposals", "no plan fits on %1 GPUs"), { total })
        : problem.cluster.totalGpus() == 1
        ? Message(SHARDSCOPE_TR_NOOP("Proposals", "no plan fits on %1 GPU (the closest needs %2 per GPU of %3 usable)"),
            { total, formatBytes(current->peakMemoryBytes), formatBytes(current->capacityBytes) })
        : Message(SHARDSCOPE_TR_NOOP("Proposals", "no plan fits on %1 GPUs (the closest needs %2 per GPU of %3 usable)"),
            { total, formatBytes(current->peakMemoryBytes), formatBytes(current->capacityBytes) });
    p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "%1; on %2 nodes (%3 GPUs) the fastest plan that fits is %4: peak %5 per GPU of %6 "
                                       "usable, step %7, %8; %9 nodes (%10 GPUs) do not fit"),
        { now, grouped(nodes), grouped(gpus), layout(e.config), formatBytes(e.peakMemoryBytes),
            formatBytes(e.capacityBytes), seconds(e.time.stepSeconds), tokensText(e.tokensPerSecond),
            grouped(sweep.largestFailingNodes), grouped(std::int64_t(sweep.largestFailingNodes) * perNode) } };
    return p;
}

} // namespace shardscope
