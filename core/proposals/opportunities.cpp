// SPDX-License-Identifier: GPL-3.0-or-later
// findOpportunities: the seed agent's per-node ParallelizationOpportunity list, with computed numbers.
#include "cost/memory_model.h"
#include "cost/unit_costs.h"
#include "cost/unit_need.h"
#include "proposals/proposals.h"

#include <algorithm>
#include <map>

namespace shardscope {

std::string_view toString(ParallelType type)
{
    switch (type) {
    case ParallelType::DataParallel: return "DataParallel";
    case ParallelType::ModelParallel: return "ModelParallel";
    case ParallelType::PipelineParallel: return "PipelineParallel";
    case ParallelType::TensorParallel: return "TensorParallel";
    }
    return "TensorParallel";
}

std::string_view toString(ShardMethod method)
{
    switch (method) {
    case ShardMethod::ColumnParallel: return "column-parallel";
    case ShardMethod::RowParallel: return "row-parallel";
    case ShardMethod::ChannelParallel: return "channel-parallel";
    case ShardMethod::LayerPair: return "column+row-parallel";
    }
    return "column-parallel";
}

namespace {

constexpr double kMinShare = 0.01; ///< a node below 1 % of FLOPs and of parameters is not worth a collective

struct Candidate
{
    std::string name;
    int index = -1;
    std::string op;
    ShardMethod method = ShardMethod::ColumnParallel;
    double params = 0;
    double flopsPerToken = 0;        ///< at the analysed sequence length
    double commElementsPerToken = 0; ///< elements one all-reduce moves per token
    int allReduces = 1;              ///< per forward + backward
    std::int64_t splitDim = 0;       ///< the dimension `ways` must divide (0: no check)
    Layer piece;                     ///< what is sharded, as the cost model sees a layer
};

double product(const std::vector<std::int64_t>& shape)
{
    double p = 1;
    for (std::int64_t d : shape)
        p *= double(d);
    return shape.empty() ? 0 : p;
}

std::vector<Candidate> operatorCandidates(const ModelGraph& model, double seq)
{
    std::vector<Candidate> result;
    std::map<int, int> gemmsInLayer; // weighted GEMMs seen so far per layer: even -> column, odd -> row
    const std::vector<OpNode>& nodes = model.nodes();
    for (int i = 0; i < int(nodes.size()); ++i) {
        const OpNode& node = nodes[std::size_t(i)];
        const bool gemm = node.op == "MatMul" || node.op == "Gemm";
        const bool conv = node.op == "Conv";
        if ((!gemm && !conv) || node.params <= 0 || node.weightShape.empty())
            continue;
        Candidate c;
        c.name = node.name;
        c.index = i;
        c.op = node.op;
        c.params = double(node.params);
        c.flopsPerToken = node.flopsPerToken + node.flopsPerTokenPerSeq * seq;
        const double outputs = node.outputElementsPerToken + node.outputElementsPerTokenPerSeq * seq;
        if (conv) {
            // Output channels split; the output is all-gathered forward and reduce-scattered backward.
            c.method = ShardMethod::ChannelParallel;
            c.commElementsPerToken = outputs;
            c.splitDim = node.weightShape.front();
        } else {
            // Megatron (Shoeybi et al. 2019, Sec. 3): in each pair the first GEMM splits columns (all-reduce of
            // its input gradient in backward), the second rows (all-reduce of its output in forward).
            const int seen = gemmsInLayer[node.layer]++;
            const double weights = product(node.weightShape);
            const double inputs = outputs > 0 ? weights / outputs : double(node.weightShape.front());
            c.method = seen % 2 == 0 ? ShardMethod::ColumnParallel : ShardMethod::RowParallel;
            c.commElementsPerToken = c.method == ShardMethod::ColumnParallel ? inputs : outputs;
            c.splitDim = std::int64_t(c.method == ShardMethod::ColumnParallel ? outputs : inputs);
            if (node.flopsPerTokenPerSeq == 0 && outputs > 0)
                c.piece.gemms = { LayerGemm { outputs, inputs, 1, 1,
                                              c.method == ShardMethod::ColumnParallel ? TpSplit::Columns : TpSplit::Rows } };
        }
        // The operator as the cost model's layer: its FLOPs (or GEMM shape), one collective per pass.
        c.piece.name = c.name;
        c.piece.params = c.piece.activeParams = c.piece.tpShardedParams = node.params;
        c.piece.flopsPerToken = c.flopsPerToken;
        c.piece.tpShardable = true;
        c.piece.tpCommElementsPerToken = c.commElementsPerToken * c.allReduces / 2.0;
        result.push_back(std::move(c));
    }
    return result;
}

std::vector<Candidate> layerCandidates(const ModelGraph& model, double seq)
{
    std::vector<Candidate> result;
    for (int i = 0; i < model.layerCount(); ++i) {
        const Layer& l = model.layer(i);
        if (!l.tpShardable || l.tpShardedParams <= 0)
            continue;
        Candidate c;
        c.name = l.name;
        c.index = i;
        if (l.op.empty()) // appended, not "(" + ... + ")": GCC 12 -O3 warns falsely on that (-Wrestrict, PR 105329)
            c.op.append("(").append(toString(l.kind)).append(")");
        else
            c.op = l.op;
        c.params = double(l.params);
        c.flopsPerToken = l.flopsPerToken + l.flopsPerTokenPerSeq * seq;
        const bool conv = l.op.starts_with("Conv");
        c.method = conv ? ShardMethod::ChannelParallel : ShardMethod::LayerPair;
        // Narayanan et al. 2021 Sec. 3.2: one all-reduce of the layer output per pass (forward and backward).
        c.commElementsPerToken = l.tpCommElementsPerToken;
        c.allReduces = l.tpCommElementsPerToken > 0 ? 2 : 0;
        c.piece = l;
        result.push_back(std::move(c));
    }
    return result;
}

} // namespace

std::vector<ParallelizationOpportunity> findOpportunities(const PlanningProblem& problem, const GraphAnalysis& analysis,
                                                          const PlanEstimate& current)
{
    const ClusterSpec& cl = problem.cluster;
    const TrainingSpec& tr = problem.training;
    const bool operators = analysis.level == "operators";
    const std::vector<Candidate> candidates = operators ? operatorCandidates(problem.model, analysis.seqLength)
                                                        : layerCandidates(problem.model, analysis.seqLength);
    int ways = current.config.tp;
    if (ways <= 1) {
        ways = 1;
        while (ways * 2 <= std::min(cl.gpusPerNode, 8))
            ways *= 2;
    }
    // Unsharded and sharded costs of each piece from the evaluator's own per-layer model (GEMMs by shape,
    // element-wise traffic, TP collectives), with the plan's micro-batch.
    ParallelConfig whole;
    whole.microBatch = std::max(1, current.config.microBatch);
    ParallelConfig split = whole;
    split.tp = ways;
    const UnitCostModel wholeModel(problem, whole);
    const UnitCostModel splitModel(problem, split);
    std::vector<ParallelizationOpportunity> out;
    if (ways <= 1)
        return out;
    for (const Candidate& c : candidates) {
        const double flopsShare = analysis.totalFlops > 0 ? c.flopsPerToken / analysis.totalFlops : 0;
        const double paramsShare = analysis.totalParams > 0 ? c.params / double(analysis.totalParams) : 0;
        if (flopsShare < kMinShare && paramsShare < kMinShare)
            continue;
        if (c.splitDim > 0 && c.splitDim % ways != 0)
            continue;
        ParallelizationOpportunity o;
        o.nodeId = c.name;
        o.index = c.index;
        o.op = c.op;
        o.opportunityType = c.method == ShardMethod::ChannelParallel ? ParallelType::ModelParallel : ParallelType::TensorParallel;
        o.method = c.method;
        o.ways = ways;
        o.flopsShare = flopsShare;
        o.paramsShare = paramsShare;
        const UnitCost before = wholeModel.layerCost(c.piece);
        const UnitCost after = splitModel.layerCost(c.piece);
        o.computeSeconds = before.computeSeconds;
        const double commSeconds = after.tpCommSeconds;
        o.shardedSeconds = after.computeSeconds + commSeconds;
        o.estimatedSpeedup = o.shardedSeconds > 0 ? o.computeSeconds / o.shardedSeconds : 1;
        o.resourceRequirements.minDevices = ways;
        o.resourceRequirements.memoryPerDeviceBytes
            = UnitNeeds(tr, current.config).states(c.params / ways, 0).total();
        o.resourceRequirements.communicationOverhead = o.shardedSeconds > 0 ? commSeconds / o.shardedSeconds : 0;
        out.push_back(std::move(o));
    }
    std::stable_sort(out.begin(), out.end(), [](const ParallelizationOpportunity& a, const ParallelizationOpportunity& b) {
        if (a.estimatedSpeedup != b.estimatedSpeedup)
            return a.estimatedSpeedup > b.estimatedSpeedup;
        return a.index < b.index;
    });
    return out;
}

} // namespace shardscope
