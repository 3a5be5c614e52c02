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
    const Message memoryNow { SHARDSCOPE_TR_NOOP("Proposals", "routed experts hold %1 per GPU (%2 of the fullest GPU's %3)"),
        { bytes(peak.routedExpertBytes), percent(peak.totalBytes() > 0 ? peak.routedExpertBytes / peak.totalBytes() : 0),
            bytes(peak.totalBytes()) } };
    const auto where = [&](const ParallelConfig& of) {
        return crossesNodes(of, perNode) ? Message(SHARDSCOPE_TR_NOOP("Proposals", "across nodes")) : Message(SHARDSCOPE_TR_NOOP("Proposals", "inside a node"));
    };
    const Message allToAllNow { SHARDSCOPE_TR_NOOP("Proposals", "the token all-to-alls of %1 expose %2 per step (%3 of the step, %4 sent per "
                                                       "GPU), %5"),
        { expertLayout(c), seconds(e.comm.epSeconds), percent(step > 0 ? e.comm.epSeconds / step : 0),
            bytes(e.comm.epBytes), where(c) } };
    const auto describe = [&](const PlanEstimate& to) {
        const MemoryBreakdown& m = peakMemory(to);
        return Message { SHARDSCOPE_TR_NOOP("Proposals", "routed experts per GPU %1 -> %2, EP communication %3 -> %4 per step (%5); %6"),
            { bytes(peak.routedExpertBytes), bytes(m.routedExpertBytes), seconds(e.comm.epSeconds),
                seconds(to.comm.epSeconds), where(to.config), effects(e, to) } };
    };
    const auto propose = [&](const ParallelConfig& t, const Message& title, const Message& why) {
        if (t == c)
            return;
        if (auto p = ctx.evaluate(ProposalKind::ExpertParallel, t, title)) {
            p->rationale = { SHARDSCOPE_TR_NOOP("Proposals", "%1; %2"), { why, describe(p->estimate) } };
            ctx.out.push_back(std::move(*p));
        }
    };

    // EP up: each GPU holds experts / ep of every MoE layer, so the routed experts' states shrink by the factor.
    {
        ParallelConfig t = c;
        t.ep = c.ep * 2;
        propose(t, { SHARDSCOPE_TR_NOOP("Proposals", "Raise expert parallelism to %1"), { expertLayout(t) } },
            { SHARDSCOPE_TR_NOOP("Proposals", "%1; EP %2 -> %3 spreads the %4 experts of each MoE layer over twice the GPUs"),
                { memoryNow, n(c.ep), n(t.ep), n(moe->experts) } });
    }
    // EP down: fewer GPUs exchange tokens (and fewer experts' gradients are reduced apart), more experts a GPU.
    if (c.ep > 1) {
        ParallelConfig t = c;
        t.ep = c.ep / 2;
        propose(t, { SHARDSCOPE_TR_NOOP("Proposals", "Lower expert parallelism to %1"), { expertLayout(t) } },
            { SHARDSCOPE_TR_NOOP("Proposals", "%1; EP %2 -> %3 halves the peers each token is sent among and doubles the experts per "
                                 "GPU"),
                { allToAllNow, n(c.ep), n(t.ep) } });
        // The largest EP whose groups stay inside a node, when that is not the halved one.
        ParallelConfig inNode = c;
        while (inNode.ep > 1 && crossesNodes(inNode, perNode))
            inNode.ep /= 2;
        if (inNode.ep != c.ep && inNode.ep != t.ep)
            propose(inNode, { SHARDSCOPE_TR_NOOP("Proposals", "Keep the expert all-to-all inside a node: %1"), { expertLayout(inNode) } },
                { SHARDSCOPE_TR_NOOP("Proposals", "%1; EP %2 -> %3 keeps each EP group on the NVLink of one node"),
                    { allToAllNow, n(c.ep), n(inNode.ep) } });
    }
    // ETP: each expert's matrices split like TP's, for experts too large to run whole on a GPU's share of tokens.
    const double expertParams = moe->experts > 0 ? double(moe->expertParams) / moe->experts : 0;
    {
        ParallelConfig t = c;
        t.etp = c.etp * 2;
        if (t.etp <= perNode)
            propose(t, { SHARDSCOPE_TR_NOOP("Proposals", "Split each expert over %1 (expert tensor parallelism)"), { expertLayout(t) } },
                { SHARDSCOPE_TR_NOOP("Proposals", "one routed expert has %1 parameters (intermediate size %2); ETP %3 -> %4 splits "
                                     "its matrices, all-gathering the routed tokens over the ETP group"),
                    { formatCount(expertParams), n(std::int64_t(moe->expertFfn)), n(c.etp), n(t.etp) } });
    }
    if (c.etp > 1) {
        ParallelConfig t = c;
        t.etp = c.etp / 2;
        propose(t, { SHARDSCOPE_TR_NOOP("Proposals", "Less expert tensor parallelism: %1"), { expertLayout(t) } },
            { SHARDSCOPE_TR_NOOP("Proposals", "%1; ETP %2 -> %3 runs each expert on fewer GPUs with larger GEMMs and fewer token "
                                 "gathers"),
                { allToAllNow, n(c.etp), n(t.etp) } });
        // The same GPUs per expert group as EP instead of ETP: all-to-all in place of the gathers.
        ParallelConfig swap = c;
        swap.etp = c.etp / 2;
        swap.ep = c.ep * 2;
        propose(swap, { SHARDSCOPE_TR_NOOP("Proposals", "Trade expert tensor parallelism for expert parallelism: %1"), { expertLayout(swap) } },
            { SHARDSCOPE_TR_NOOP("Proposals", "%1; %2 -> %3 keeps the GPUs per expert group and shards whole experts instead of their "
                                 "matrices"),
                { allToAllNow, expertLayout(c), expertLayout(swap) } });
    }
}

} // namespace shardscope::proposals_detail
