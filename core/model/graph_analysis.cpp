// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/graph_analysis.h"

#include "util/json_reader.h"
#include "util/input_error.h"

#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <unordered_map>

namespace shardscope {

namespace {

constexpr int kLargestCount = 10;
constexpr const char* kFormat = "graph analysis";
constexpr std::int64_t kMaxCount = std::numeric_limits<int>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr double kMaxNumber = std::numeric_limits<double>::max();

std::string formatNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

/// The vertices of one level of the model, whichever it is, behind one interface.
class VertexView
{
public:
    VertexView(const ModelGraph& graph, double seqLength)
        : m_graph(graph)
        , m_operators(!graph.nodes().empty())
        , m_seqLength(seqLength)
    {
    }

    bool operators() const { return m_operators; }
    int count() const { return m_operators ? static_cast<int>(m_graph.nodes().size()) : m_graph.layerCount(); }
    const std::string& name(int v) const { return m_operators ? node(v).name : m_graph.layer(v).name; }
    std::int64_t params(int v) const { return m_operators ? node(v).params : m_graph.layer(v).params; }
    double flops(int v) const
    {
        if (m_operators)
            return node(v).flopsPerToken + node(v).flopsPerTokenPerSeq * m_seqLength;
        const Layer& l = m_graph.layer(v);
        return l.flopsPerToken + l.flopsPerTokenPerSeq * m_seqLength;
    }
    std::string op(int v) const
    {
        if (m_operators)
            return node(v).op;
        const Layer& l = m_graph.layer(v);
        return l.op.empty() ? "(" + std::string(toString(l.kind)) + ")" : l.op;
    }
    AnalysisVertex vertex(int v) const { return AnalysisVertex { v, name(v), op(v), params(v), flops(v) }; }

private:
    const OpNode& node(int v) const { return m_graph.nodes()[static_cast<std::size_t>(v)]; }

    const ModelGraph& m_graph;
    bool m_operators;
    double m_seqLength;
};

std::size_t at(int index) { return static_cast<std::size_t>(index); }

std::vector<int> topologicalOrder(const ModelGraph::Dag& dag, const VertexView& view, const ModelGraph& graph)
{
    const int n = view.count();
    std::vector<int> order(at(n));
    bool forward = true;
    for (auto [it, end] = boost::edges(dag); it != end && forward; ++it)
        forward = boost::source(*it, dag) < boost::target(*it, dag);
    if (forward) {
        std::iota(order.begin(), order.end(), 0);
        return order;
    }
    std::vector<std::size_t> reversed;
    reversed.reserve(at(n));
    try {
        boost::topological_sort(dag, std::back_inserter(reversed));
    } catch (const boost::not_a_dag&) {
        std::vector<std::pair<int, int>> edges;
        for (auto [it, end] = boost::edges(dag); it != end; ++it)
            edges.emplace_back(static_cast<int>(boost::source(*it, dag)), static_cast<int>(boost::target(*it, dag)));
        std::string text;
        if (const auto cycle = findCycle(n, edges)) {
            for (int v : *cycle)
                text += view.name(v) + " -> ";
            text += view.name(cycle->front());
        }
        throw InputError(graph.name().empty() ? std::string("model") : graph.name(), "",
                         std::string(kFormat) + ": the " + (view.operators() ? "operator" : "layer")
                             + " graph is not acyclic; cycle: " + text);
    }
    std::transform(reversed.rbegin(), reversed.rend(), order.begin(), [](std::size_t v) { return static_cast<int>(v); });
    return order;
}

void rankOps(GraphAnalysis& a, const VertexView& view)
{
    std::unordered_map<std::string, std::size_t> slot;
    for (int v = 0; v < view.count(); ++v) {
        std::string op = view.op(v);
        auto [it, added] = slot.try_emplace(op, a.opHistogram.size());
        if (added)
            a.opHistogram.push_back(OpCount { std::move(op), 0, 0, 0 });
        OpCount& c = a.opHistogram[it->second];
        ++c.count;
        c.params += view.params(v);
        c.flops += view.flops(v);
    }
    std::sort(a.opHistogram.begin(), a.opHistogram.end(), [](const OpCount& x, const OpCount& y) {
        return x.count != y.count ? x.count > y.count : x.op < y.op;
    });
}

void rankLargest(GraphAnalysis& a, const VertexView& view)
{
    std::vector<int> candidates;
    for (int v = 0; v < view.count(); ++v)
        if (view.params(v) > 0)
            candidates.push_back(v);
    const auto top = std::min<std::size_t>(candidates.size(), kLargestCount);
    std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(top), candidates.end(),
                      [&](int x, int y) {
                          if (view.params(x) != view.params(y))
                              return view.params(x) > view.params(y);
                          if (view.flops(x) != view.flops(y))
                              return view.flops(x) > view.flops(y);
                          return x < y;
                      });
    for (std::size_t i = 0; i < top; ++i)
        a.largestLayers.push_back(view.vertex(candidates[i]));
}

} // namespace

std::optional<std::vector<int>> findCycle(int vertexCount, const std::vector<std::pair<int, int>>& edges)
{
    if (vertexCount < 0)
        throw std::invalid_argument("findCycle: negative vertex count");
    // Out-edges in compressed rows, each vertex's edges in input order (so the answer is deterministic).
    std::vector<int> first(at(vertexCount) + 1, 0);
    for (const auto& [u, v] : edges) {
        if (u < 0 || v < 0 || u >= vertexCount || v >= vertexCount)
            throw std::out_of_range("findCycle: edge endpoint out of range");
        ++first[at(u) + 1];
    }
    std::partial_sum(first.begin(), first.end(), first.begin());
    std::vector<int> targets(edges.size());
    std::vector<int> fill(first.begin(), first.end() - 1);
    for (const auto& [u, v] : edges)
        targets[at(fill[at(u)]++)] = v;

    enum : char { White, Grey, Black };
    std::vector<char> colour(at(vertexCount), White);
    std::vector<int> next(at(vertexCount)); // the next out-edge to follow, for vertices on the stack
    std::vector<int> stack;
    for (int start = 0; start < vertexCount; ++start) {
        if (colour[at(start)] != White)
            continue;
        colour[at(start)] = Grey;
        next[at(start)] = first[at(start)];
        stack.push_back(start);
        while (!stack.empty()) {
            const int u = stack.back();
            if (next[at(u)] == first[at(u) + 1]) {
                colour[at(u)] = Black;
                stack.pop_back();
                continue;
            }
            const int v = targets[at(next[at(u)]++)];
            if (colour[at(v)] == Grey) // a back edge: the stack from v up to u is the cycle
                return std::vector<int>(std::find(stack.begin(), stack.end(), v), stack.end());
            if (colour[at(v)] == White) {
                colour[at(v)] = Grey;
                next[at(v)] = first[at(v)];
                stack.push_back(v);
            }
        }
    }
    return std::nullopt;
}

GraphAnalysis analyzeModel(const ModelGraph& graph, double seqLength)
{
    if (!std::isfinite(seqLength) || seqLength < 0)
        throw std::invalid_argument("analyzeModel: the sequence length must be a finite number >= 0");
    const VertexView view(graph, seqLength);
    const int n = view.count();

    ModelGraph::Dag operatorDag;
    if (view.operators()) {
        operatorDag = ModelGraph::Dag(at(n));
        for (const auto& [u, v] : graph.nodeEdges())
            boost::add_edge(at(u), at(v), operatorDag);
    }
    const ModelGraph::Dag& dag = view.operators() ? operatorDag : graph.dag();

    GraphAnalysis a;
    a.level = view.operators() ? "operators" : "layers";
    a.seqLength = seqLength;
    a.vertexCount = n;
    a.topologicalOrder = topologicalOrder(dag, view, graph);

    // One pass in topological order: heaviest path into each vertex (FLOPs, then vertex count),
    // ASAP level, distinct edges (lastSource marks the targets already counted from this source).
    std::vector<double> flops(at(n));
    std::vector<double> pathFlops(at(n), 0.0);  // heaviest path ending at v, v included
    std::vector<double> bestIn(at(n), 0.0);     // heaviest path ending at a predecessor of v
    std::vector<int> pathLength(at(n), 0);
    std::vector<int> bestInLength(at(n), 0);
    std::vector<int> pred(at(n), -1);
    std::vector<int> level(at(n), 0);
    std::vector<int> lastSource(at(n), -1);
    int end = -1;
    for (int u : a.topologicalOrder) {
        flops[at(u)] = view.flops(u);
        a.totalFlops += flops[at(u)];
        a.totalParams += view.params(u);
        pathFlops[at(u)] = flops[at(u)] + bestIn[at(u)];
        pathLength[at(u)] = bestInLength[at(u)] + 1;
        if (boost::in_degree(at(u), dag) == 0)
            ++a.sourceCount;
        if (boost::out_degree(at(u), dag) == 0)
            ++a.sinkCount;
        if (end < 0 || pathFlops[at(u)] > pathFlops[at(end)]
            || (pathFlops[at(u)] == pathFlops[at(end)] && pathLength[at(u)] > pathLength[at(end)]))
            end = u;
        for (auto [it, last] = boost::out_edges(at(u), dag); it != last; ++it) {
            const auto v = boost::target(*it, dag);
            if (lastSource[v] != u) {
                lastSource[v] = u;
                ++a.edgeCount;
            }
            level[v] = std::max(level[v], level[at(u)] + 1);
            if (pathFlops[at(u)] > bestIn[v] || (pathFlops[at(u)] == bestIn[v] && pathLength[at(u)] > bestInLength[v])) {
                bestIn[v] = pathFlops[at(u)];
                bestInLength[v] = pathLength[at(u)];
                pred[v] = u;
            }
        }
    }

    if (n > 0) {
        a.depth = *std::max_element(level.begin(), level.end()) + 1;
        std::vector<int> width(at(a.depth), 0);
        for (int l : level)
            ++width[at(l)];
        a.parallelWidth = 0;
        a.widestLevel = 0;
        for (std::size_t l = 0; l < width.size(); ++l) // the first of equals
            if (width[l] > a.parallelWidth) {
                a.parallelWidth = width[l];
                a.widestLevel = static_cast<int>(l);
            }
        a.criticalPathFlops = pathFlops[at(end)];
        for (int v = end; v >= 0; v = pred[at(v)])
            a.criticalPath.push_back(view.vertex(v));
        std::reverse(a.criticalPath.begin(), a.criticalPath.end());
    }
    rankOps(a, view);
    rankLargest(a, view);
    return a;
}

nlohmann::ordered_json graphAnalysisToJson(const GraphAnalysis& a)
{
    auto vertices = [](const std::vector<AnalysisVertex>& list) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const AnalysisVertex& v : list)
            out.push_back({ { "index", v.index }, { "name", v.name }, { "op", v.op }, { "params", v.params },
                            { "flops", v.flops } });
        return out;
    };
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (const OpCount& c : a.opHistogram)
        ops.push_back({ { "op", c.op }, { "count", c.count }, { "params", c.params }, { "flops", c.flops } });

    nlohmann::ordered_json j;
    j["level"] = a.level;
    j["seq_length"] = a.seqLength;
    j["vertex_count"] = a.vertexCount;
    j["edge_count"] = a.edgeCount;
    j["source_count"] = a.sourceCount;
    j["sink_count"] = a.sinkCount;
    j["depth"] = a.depth;
    j["parallel_width"] = a.parallelWidth;
    j["widest_level"] = a.widestLevel;
    j["total_params"] = a.totalParams;
    j["total_flops"] = a.totalFlops;
    j["critical_path_flops"] = a.criticalPathFlops;
    j["flop_parallelism"] = a.flopParallelism(); // derived; ignored on reading
    j["critical_path"] = vertices(a.criticalPath);
    j["op_histogram"] = std::move(ops);
    j["largest_layers"] = vertices(a.largestLayers);
    return j;
}

namespace {

AnalysisVertex readVertex(const JsonObjectReader& o, int vertexCount)
{
    AnalysisVertex v;
    if (vertexCount == 0)
        o.fail("index", "vertex_count is 0, so there is no vertex to name");
    v.index = static_cast<int>(o.integer("index", 0, vertexCount - 1));
    v.name = o.string("name");
    v.op = o.string("op");
    v.params = o.integer("params", 0, kMaxInt64);
    v.flops = o.number("flops", 0, kMaxNumber);
    return v;
}

std::vector<AnalysisVertex> readVertices(const JsonObjectReader& root, std::string_view key, int vertexCount)
{
    const nlohmann::json& list = root.array(key);
    std::vector<AnalysisVertex> out;
    for (std::size_t i = 0; i < list.size(); ++i)
        out.push_back(readVertex(JsonObjectReader(list[i], root.pathOf(key) + "[" + std::to_string(i) + "]",
                                                  root.context()),
                                 vertexCount));
    return out;
}

} // namespace

GraphAnalysis graphAnalysisFromJson(const nlohmann::json& object, const std::string& source, const std::string& path)
{
    const JsonContext context { source, kFormat };
    const JsonObjectReader root(object, path, context);
    GraphAnalysis a;
    a.level = root.string("level");
    if (a.level != "layers" && a.level != "operators")
        root.fail("level", "expected \"layers\" or \"operators\", got \"" + a.level + "\"");
    a.seqLength = root.number("seq_length", 0, kMaxNumber);
    a.vertexCount = static_cast<int>(root.integer("vertex_count", 0, kMaxCount));
    const std::int64_t n = a.vertexCount;
    a.edgeCount = static_cast<int>(root.integer("edge_count", 0, kMaxCount));
    a.sourceCount = static_cast<int>(root.integer("source_count", n > 0 ? 1 : 0, n));
    a.sinkCount = static_cast<int>(root.integer("sink_count", n > 0 ? 1 : 0, n));
    a.depth = static_cast<int>(root.integer("depth", n > 0 ? 1 : 0, n));
    a.parallelWidth = static_cast<int>(root.integer("parallel_width", n > 0 ? 1 : 0, n));
    a.widestLevel = static_cast<int>(root.integer("widest_level", 0, std::max(a.depth - 1, 0)));
    if (std::int64_t(a.depth - 1) + a.parallelWidth > n)
        root.fail("parallel_width", "a graph of " + std::to_string(n) + " vertices and depth "
                      + std::to_string(a.depth) + " cannot have " + std::to_string(a.parallelWidth)
                      + " vertices on one level");
    a.totalParams = root.integer("total_params", 0, kMaxInt64);
    a.totalFlops = root.number("total_flops", 0, kMaxNumber);
    a.criticalPathFlops = root.number("critical_path_flops", 0, kMaxNumber);
    if (a.criticalPathFlops > a.totalFlops * (1 + 1e-12))
        root.fail("critical_path_flops", "the critical path cannot have more FLOPs than the whole graph (total_flops)");

    a.criticalPath = readVertices(root, "critical_path", a.vertexCount);
    if ((n > 0) != !a.criticalPath.empty() || static_cast<int>(a.criticalPath.size()) > a.depth)
        root.fail("critical_path", "expected from 1 to depth (" + std::to_string(a.depth) + ") vertices, got "
                      + std::to_string(a.criticalPath.size()));
    double sum = 0;
    for (const AnalysisVertex& v : a.criticalPath)
        sum += v.flops;
    if (std::abs(sum - a.criticalPathFlops) > 1e-9 * std::max(1.0, a.criticalPathFlops))
        root.fail("critical_path_flops", "the critical path's vertices add up to " + formatNumber(sum)
                      + " FLOPs, not " + formatNumber(a.criticalPathFlops));

    const nlohmann::json& ops = root.array("op_histogram");
    std::int64_t counted = 0;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const JsonObjectReader o(ops[i], root.pathOf("op_histogram") + "[" + std::to_string(i) + "]", context);
        OpCount c;
        c.op = o.string("op");
        c.count = static_cast<int>(o.integer("count", 1, n > 0 ? n : 1));
        c.params = o.integer("params", 0, kMaxInt64);
        c.flops = o.number("flops", 0, kMaxNumber);
        counted += c.count;
        a.opHistogram.push_back(std::move(c));
    }
    if (counted != n)
        root.fail("op_histogram", "the counts add up to " + std::to_string(counted) + ", not vertex_count ("
                      + std::to_string(n) + ")");

    a.largestLayers = readVertices(root, "largest_layers", a.vertexCount);
    if (a.largestLayers.size() > std::size_t(kLargestCount))
        root.fail("largest_layers", "expected at most " + std::to_string(kLargestCount) + " entries, got "
                      + std::to_string(a.largestLayers.size()));
    return a;
}

} // namespace shardscope
