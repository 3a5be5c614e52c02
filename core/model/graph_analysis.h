// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/// How many vertices run one operator type, and their share of the work.
struct OpCount
{
    std::string op;          ///< Layer::op or OpNode::op; a layer without an op counts under its kind, "(mlp)"
    int count = 0;
    std::int64_t params = 0;
    double flops = 0;        ///< summed forward FLOPs per token at the analysed sequence length

    bool operator==(const OpCount&) const = default;
};

/// One vertex with its name, so the analysis reads on its own (in a plan file, without the model).
struct AnalysisVertex
{
    int index = -1;          ///< into ModelGraph::layers() or ModelGraph::nodes(), per GraphAnalysis::level
    std::string name;
    std::string op;          ///< as in OpCount::op
    std::int64_t params = 0;
    double flops = 0;        ///< forward FLOPs per token at the analysed sequence length

    bool operator==(const AnalysisVertex&) const = default;
};

/**
 * The shape of a model's data-flow graph: how long its longest chain of work is and how much of
 * the rest could run beside it. A vertex's weight is its forward FLOPs per token at the given
 * sequence length, flopsPerToken + flopsPerTokenPerSeq * seqLength (Layer and OpNode alike).
 */
struct GraphAnalysis
{
    std::string level;        ///< "operators" (ModelGraph::nodes(), ONNX imports) or "layers"
    double seqLength = 0;     ///< the sequence length the FLOPs were evaluated at
    int vertexCount = 0;
    int edgeCount = 0;        ///< distinct edges (a repeated edge counts once)
    int sourceCount = 0;      ///< vertices without inputs
    int sinkCount = 0;        ///< vertices without outputs
    /// Every vertex, each after all its predecessors: the vertex order itself when every edge points
    /// forward (layers are in execution order), else Boost's topological_sort. Not stored in JSON.
    std::vector<int> topologicalOrder;
    int depth = 0;            ///< vertices on the longest path, counting vertices (not FLOPs)
    /// ASAP levels: a source is on level 0, every other vertex one level below its deepest input, so
    /// a level's vertices depend on no other vertex of that level and could all run at once.
    /// parallelWidth is the most vertices on one level; widestLevel the first level with that many.
    int parallelWidth = 0;
    int widestLevel = 0;
    std::int64_t totalParams = 0; ///< summed over vertices (a tied head's 0 adds nothing)
    double totalFlops = 0;        ///< summed vertex weights
    /// The heaviest source-to-sink path by summed vertex weight (among equal weights, the one with
    /// more vertices), from source to sink; criticalPathFlops is its weight.
    double criticalPathFlops = 0;
    std::vector<AnalysisVertex> criticalPath;
    std::vector<OpCount> opHistogram;          ///< most frequent first; ties by op name
    /// The 10 vertices with the most parameters (more FLOPs first among equal counts, then lower
    /// index); vertices without parameters are left out.
    std::vector<AnalysisVertex> largestLayers;

    /// totalFlops / criticalPathFlops: how many times faster than serial the forward pass could be
    /// with unlimited parallel hardware (work over span); 0 when the critical path has no FLOPs.
    double flopParallelism() const { return criticalPathFlops > 0 ? totalFlops / criticalPathFlops : 0; }

    bool operator==(const GraphAnalysis&) const = default;
};

/**
 * Analyses the operator graph (nodes()/nodeEdges()) when the model has one, else the layer DAG
 * (layers()/dag()). O(V + E). A cycle throws InputError naming its vertices; seqLength must be a
 * finite number >= 0 (std::invalid_argument otherwise).
 */
GraphAnalysis analyzeModel(const ModelGraph& graph, double seqLength);

/**
 * One cycle of a directed graph on vertices [0, vertexCount), as the vertices on it in edge order
 * ({a, b, c} for a -> b -> c -> a; {a} for a self-loop), or nullopt when the graph is acyclic.
 * Deterministic: the first cycle a depth-first search from vertex 0 upwards meets. O(V + E);
 * out-of-range endpoints throw std::out_of_range.
 */
std::optional<std::vector<int>> findCycle(int vertexCount, const std::vector<std::pair<int, int>>& edges);

/// The analysis as a JSON object for plan files (PlanDocument::analysis); names are written beside
/// indices so the object reads without the model. docs/graph-formats.md ("Graph analysis") describes it.
nlohmann::ordered_json graphAnalysisToJson(const GraphAnalysis& analysis);

/**
 * Reads what graphAnalysisToJson wrote. Checks types, ranges and consistency (indices below
 * vertex_count, histogram counts adding up to it, the critical path's FLOPs adding up to
 * critical_path_flops) and throws InputError(source, JSON path, "graph analysis: ...") at the
 * first problem; `path` is where the object sits in its document ("$.analysis"). Keys it does not
 * know are ignored, so an analysis object can carry more (proposals). topologicalOrder is left empty.
 */
GraphAnalysis graphAnalysisFromJson(const nlohmann::json& object, const std::string& source,
                                    const std::string& path = "$");

} // namespace shardscope
