// SPDX-License-Identifier: GPL-3.0-or-later
// PlanEvaluator's units: the model's partition units grouped into shape classes (units that cost the same
// under every configuration, e.g. the repeated transformer blocks), and those classes' costs per
// configuration, cached in the EvaluationContext. Everything the evaluator prices goes through costClasses().
#include "cost/plan_evaluator.h"

#include "cost/evaluation_caches.h"
#include "cost/unit_costs.h"
#include "util/text.h"

#include <atomic>

namespace shardscope {

namespace {
std::uint64_t nextEvaluatorId()
{
    static std::atomic<std::uint64_t> next { 1 };
    return next++;
}

/// Layers that cost the same under every configuration (a repeated transformer block's layers): equal
/// in every field but their names and which block they belong to.
bool sameShape(const Layer& a, const Layer& b)
{
    auto shape = [](Layer l) {
        l.name.clear();
        l.op.clear();
        l.block = l.block >= 0 ? 0 : -1;
        return l;
    };
    return shape(a) == shape(b);
}

} // namespace

PlanEvaluator::PlanEvaluator(const PlanningProblem& problem)
    : m_problem(problem)
    , m_id(nextEvaluatorId())
    , m_units(problem.model.partitionUnits())
{
    // Units of the same shape share one cost per configuration: a 126-block model costs 3 units, not 128.
    const ModelGraph& g = problem.model;
    // FP8 training may keep its first and last blocks in BF16 (Fp8Settings): those cost otherwise.
    int blocks = 0;
    for (const Layer& l : g.layers())
        blocks = std::max(blocks, l.block + 1);
    auto keptInBf16 = [&](const PartitionUnit& u) {
        return problem.training.precision == Precision::Fp8 && u.block >= 0 && problem.training.fp8.keepsBf16(u.block, blocks);
    };
    auto sameUnit = [&](const PartitionUnit& a, const PartitionUnit& b) {
        if (a.endLayer - a.firstLayer != b.endLayer - b.firstLayer || (a.block >= 0) != (b.block >= 0)
            || keptInBf16(a) != keptInBf16(b))
            return false;
        for (int i = 0; i < a.endLayer - a.firstLayer; ++i)
            if (!sameShape(g.layer(a.firstLayer + i), g.layer(b.firstLayer + i)))
                return false;
        return true;
    };
    m_unitClass.reserve(m_units.size());
    for (std::size_t u = 0; u < m_units.size(); ++u) {
        int cls = -1;
        for (std::size_t r = 0; r < m_classRepresentative.size() && cls < 0; ++r)
            if (sameUnit(m_units[std::size_t(m_classRepresentative[r])], m_units[u]))
                cls = int(r);
        if (cls < 0) {
            cls = int(m_classRepresentative.size());
            m_classRepresentative.push_back(int(u));
            m_classUnits.push_back(0);
        }
        m_unitClass.push_back(cls);
        ++m_classUnits[std::size_t(cls)];
        if (!m_classRuns.empty() && m_classRuns.back().first == cls)
            ++m_classRuns.back().second;
        else
            m_classRuns.emplace_back(cls, 1);
    }

    for (int u = 0; u < int(m_units.size()); ++u) {
        if (m_units[std::size_t(u)].block < 0)
            continue;
        ++m_blockUnits;
        if (m_firstBlockUnit < 0)
            m_firstBlockUnit = u;
        m_lastBlockUnit = u;
    }
    m_blocksContiguous = m_blockUnits > 0 && m_lastBlockUnit - m_firstBlockUnit + 1 == m_blockUnits;
    for (const Layer& l : g.layers())
        if (l.experts > m_experts.experts)
            m_experts = ExpertShape { l.experts, l.expertFfn, 0 };
    if (problem.model.spec())
        m_experts.mtpModules = int(problem.model.spec()->mtpLayers);
    m_usableText = formatBytes(usableBytes());
    if (!problem.training.pipelineSplit.layout.empty()) {
        try {
            m_layout = parsePipelineLayout(problem.training.pipelineSplit.layout);
        } catch (const PipelineLayoutError& e) {
            m_layoutError = e.what();
        }
    }
}

const std::vector<UnitCost>& PlanEvaluator::costClasses(const ParallelConfig& c, EvaluationContext& context) const
{
    // Unit costs depend on these knobs only; the search varies the others (ZeRO, schedule, chunks, ...) in
    // inner loops, so the context keeps the classes' costs per key, for one evaluator at a time.
    evaluation_detail::UnitCostCache& cache = context.caches().unitCosts;
    if (cache.evaluator != m_id || cache.costs.size() >= evaluation_detail::UnitCostCache::kMaxKeys) {
        cache.evaluator = m_id;
        cache.costs.clear();
        cache.last = nullptr;
    }
    const int recomputeChunks = c.recompute == Recompute::Full && !m_problem.training.fullRecompute.isDefault()
        ? c.pp * (isInterleaved(c.schedule) ? c.vpp : 1)
        : 0;
    const evaluation_detail::UnitCostKey key { c.tp, c.cp, int(c.cpCommType), c.microBatch, int(c.recompute),
                                               c.sequenceParallel, c.tpCommOverlap, c.pp > 1, c.ep, c.etp,
                                               c.epCommOverlap, recomputeChunks };
    if (cache.last && cache.last->first == key)
        return cache.last->second;
    auto [it, added] = cache.costs.try_emplace(key);
    cache.last = &*it;
    if (added) {
        // Full recomputation by method needs the chunks' block counts where a pinned split fixes them.
        std::vector<int> chunkBlocks;
        if (recomputeChunks > 0 && (m_problem.training.pipelineSplit.pinned() || recomputeChunks == 1)
            && !pinnedSplitProblem(c, &chunkBlocks).empty())
            chunkBlocks.clear(); // the split cannot place them: structuralProblem rejects the configuration anyway
        const UnitCostModel model(m_problem, c, chunkBlocks);
        it->second.reserve(m_classRepresentative.size());
        for (int u : m_classRepresentative)
            it->second.push_back(model.cost(m_units[std::size_t(u)], c.pp > 1));
    }
    return it->second;
}

} // namespace shardscope
