// SPDX-License-Identifier: GPL-3.0-or-later
// Expert-parallel proposals for mixture-of-experts plans: EP up when the routed experts fill the GPUs' memory,
// EP down (or back inside a node) when the token all-to-alls cost step time, ETP up for large experts and down
// again. Every one is evaluated by PlanEvaluator; the rationales quote the evaluator's numbers before and after.
#include "cost/collectives.h"
#include "proposals/proposals_detail.h"
#include "util/text.h"

#include <algorithm>

namespace shardscope::proposals_detail {

namespace {

std::string n(long long v) { return std::to_string(v); }

std::string expertLayout(const ParallelConfig& c)
{
    return c.etp > 1 ? "EP " + n(c.ep) + " x ETP " + n(c.etp) : "EP " + n(c.ep);
}

/// The routed-expert layer with the most experts, or nullptr for a dense model.
const Layer* largestMoeLayer(const ModelGraph& model)
{
    const Layer* found = nullptr;
    for (const Layer& l : model.layers())
        if (l.experts > 0 && (!found || l.experts > found->experts))
            found = &l;
    return found;
}

/// Whether one EP group's all-to-all leaves the node: ep ranks etp apart (MoE parallel folding), as the cost
/// model groups them.
bool crossesNodes(const ParallelConfig& c, int gpusPerNode)
{
    return CommGroup::dataParallel(c.ep, c.etp, gpusPerNode).nodes() > 1;
}

const MemoryBreakdown& peakMemory(const PlanEstimate& e)
{
    static const MemoryBreakdown none;
    return e.stages.empty() ? none : e.stages[std::size_t(e.peakStage)].memory;
}

std::string effects(const PlanEstimate& from, const PlanEstimate& to)
{
    std::string s = stepChange(from, to) + "; " + memoryChange(from, to);
    if (!to.feasible && !to.infeasibleReason.empty())
        s += " (does not fit: " + to.infeasibleReason + ")";
    return s;
}

} // namespace

void addExpertProposals(Context& ctx)
{
    const Layer* moe = largestMoeLayer(ctx.problem.model);
    if (!moe)
        return;
    const PlanEstimate& e = ctx.current;
    const ParallelConfig& c = e.config;
    const int perNode = ctx.problem.cluster.gpusPerNode;
    const MemoryBreakdown& peak = peakMemory(e);
    const double step = e.time.stepSeconds;
    const std::string memoryNow = "routed experts hold " + bytes(peak.routedExpertBytes) + " per GPU ("
        + percent(peak.totalBytes() > 0 ? peak.routedExpertBytes / peak.totalBytes() : 0) + " of the fullest GPU's "
        + bytes(peak.totalBytes()) + ")";
    const std::string allToAllNow = "the token all-to-alls of " + expertLayout(c) + " expose " + seconds(e.comm.epSeconds)
        + " per step (" + percent(step > 0 ? e.comm.epSeconds / step : 0) + " of the step, "
        + bytes(e.comm.epBytes) + " sent per GPU)" + (crossesNodes(c, perNode) ? ", across nodes" : ", inside a node");
    const auto describe = [&](const PlanEstimate& to) {
        const MemoryBreakdown& m = peakMemory(to);
        return "routed experts per GPU " + bytes(peak.routedExpertBytes) + " -> " + bytes(m.routedExpertBytes)
            + ", EP communication " + seconds(e.comm.epSeconds) + " -> " + seconds(to.comm.epSeconds) + " per step"
            + (crossesNodes(to.config, perNode) ? " (across nodes)" : " (inside a node)") + "; " + effects(e, to);
    };
    const auto propose = [&](const ParallelConfig& t, const std::string& title, const std::string& why) {
        if (t == c)
            return;
        if (auto p = ctx.evaluate(ProposalKind::ExpertParallel, t, title)) {
            p->rationale = why + "; " + describe(p->estimate);
            ctx.out.push_back(std::move(*p));
        }
    };

    // EP up: each GPU holds experts / ep of every MoE layer, so the routed experts' states shrink by the factor.
    {
        ParallelConfig t = c;
        t.ep = c.ep * 2;
        propose(t, "Raise expert parallelism to " + expertLayout(t), memoryNow + "; EP " + n(c.ep) + " -> " + n(t.ep)
                    + " spreads the " + n(moe->experts) + " experts of each MoE layer over twice the GPUs");
    }
    // EP down: fewer GPUs exchange tokens (and fewer experts' gradients are reduced apart), more experts a GPU.
    if (c.ep > 1) {
        ParallelConfig t = c;
        t.ep = c.ep / 2;
        propose(t, "Lower expert parallelism to " + expertLayout(t), allToAllNow + "; EP " + n(c.ep) + " -> " + n(t.ep)
                    + " halves the peers each token is sent among and doubles the experts per GPU");
        // The largest EP whose groups stay inside a node, when that is not the halved one.
        ParallelConfig inNode = c;
        while (inNode.ep > 1 && crossesNodes(inNode, perNode))
            inNode.ep /= 2;
        if (inNode.ep != c.ep && inNode.ep != t.ep)
            propose(inNode, "Keep the expert all-to-all inside a node: " + expertLayout(inNode),
                    allToAllNow + "; EP " + n(c.ep) + " -> " + n(inNode.ep) + " keeps each EP group on the NVLink of one node");
    }
    // ETP: each expert's matrices split like TP's, for experts too large to run whole on a GPU's share of tokens.
    const double expertParams = moe->experts > 0 ? double(moe->expertParams) / moe->experts : 0;
    {
        ParallelConfig t = c;
        t.etp = c.etp * 2;
        if (t.etp <= perNode)
            propose(t, "Split each expert over " + expertLayout(t) + " (expert tensor parallelism)",
                    "one routed expert has " + formatCount(expertParams) + " parameters (intermediate size "
                        + n(std::int64_t(moe->expertFfn)) + "); ETP " + n(c.etp) + " -> " + n(t.etp)
                        + " splits its matrices, all-gathering the routed tokens over the ETP group");
    }
    if (c.etp > 1) {
        ParallelConfig t = c;
        t.etp = c.etp / 2;
        propose(t, "Less expert tensor parallelism: " + expertLayout(t),
                allToAllNow + "; ETP " + n(c.etp) + " -> " + n(t.etp) + " runs each expert on fewer GPUs with larger GEMMs "
                              "and fewer token gathers");
        // The same GPUs per expert group as EP instead of ETP: all-to-all in place of the gathers.
        ParallelConfig swap = c;
        swap.etp = c.etp / 2;
        swap.ep = c.ep * 2;
        propose(swap, "Trade expert tensor parallelism for expert parallelism: " + expertLayout(swap),
                allToAllNow + "; " + expertLayout(c) + " -> " + expertLayout(swap)
                    + " keeps the GPUs per expert group and shards whole experts instead of their matrices");
    }
}

} // namespace shardscope::proposals_detail
