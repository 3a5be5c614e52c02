// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/graph_file_model.h"

#include "import/hf_config_importer.h"
#include "util/json_reader.h"
#include "model/block_detection.h"
#include "model/graph_analysis.h"
#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <functional>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace shardscope {

namespace {

constexpr std::array<std::string_view, kGraphAttributeCount> kAttributeNames {
    "name", "label", "op", "kind", "params", "active_params", "tp_sharded_params", "tied_to", "flops",
    "flops_per_seq", "activation_bytes", "act_sharded_bytes", "act_replicated_bytes", "act_score_bytes_per_seq",
    "input_bytes", "output_elements", "tp_comm_elements", "tp_shardable",
};

// The limits of the ShardScope model format, so a graph saved with nativeModelToJson reads back.
constexpr double kMaxParams = double(kMaxLayerParams); // model/layer.h
constexpr double kMaxPerToken = kMaxPerTokenValue; // model/layer.h

std::size_t at(int index) { return static_cast<std::size_t>(index); }


std::string formatNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", value);
    return buffer;
}

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

/// Reads one node's attributes into a Layer; every error names the node and the attribute.
class NodeReader
{
public:
    NodeReader(const GraphFileContent& content, std::string_view text, const std::string& source, int node)
        : m_content(content)
        , m_text(text)
        , m_source(source)
        , m_node(node)
        , m_vertex(content.vertexOfNode[at(node)])
    {
    }

    const std::string_view* find(GraphAttribute a) const { return m_content.attributes.find(a, m_vertex); }

    [[noreturn]] void fail(GraphAttribute a, const std::string& message) const
    {
        fail(m_content.attributeOffset ? m_content.attributeOffset(m_node, a) : m_content.nodeOffsets[at(m_node)],
             "attribute \"" + std::string(attributeName(a)) + "\" " + message);
    }

    [[noreturn]] void fail(std::size_t offset, const std::string& message) const
    {
        throw InputError(m_source, lineColumnAt(m_text, offset),
                         m_content.format + ": node \"" + std::string(m_content.nodeIds[at(m_node)]) + "\": " + message);
    }

    std::optional<double> number(GraphAttribute a, double max, bool whole) const
    {
        const std::string_view* raw = find(a);
        if (!raw)
            return std::nullopt;
        std::string_view text = trim(*raw);
        if (!text.empty() && text.front() == '+')
            text.remove_prefix(1);
        double value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (!text.empty() && ec == std::errc() && end == text.data() + text.size() && std::isfinite(value) && value >= 0
            && (!whole || value == std::floor(value)) && value <= max)
            return value; // the common case, without building a message
        const std::string shown = "\"" + std::string(*raw) + "\"";
        if (text.empty() || ec == std::errc::invalid_argument || end != text.data() + text.size())
            fail(a, "must be a number, got " + shown);
        if (ec == std::errc::result_out_of_range || !std::isfinite(value))
            fail(a, "must be a finite number, got " + shown);
        if (value < 0)
            fail(a, std::string("must be a non-negative ") + (whole ? "whole number" : "number") + ", got " + shown);
        if (whole && value != std::floor(value))
            fail(a, "must be a whole number, got " + shown);
        if (value > max)
            fail(a, "value " + formatNumber(value) + " is implausibly large; expected at most " + formatNumber(max));
        return value;
    }

    std::int64_t count(GraphAttribute a, std::int64_t fallback) const
    {
        const auto value = number(a, kMaxParams, true);
        return value ? static_cast<std::int64_t>(*value) : fallback; // whole and <= 1e15: exact
    }

    double perToken(GraphAttribute a) const { return number(a, kMaxPerToken, false).value_or(0.0); }

    std::optional<bool> boolean(GraphAttribute a) const
    {
        const std::string_view* raw = find(a);
        if (!raw)
            return std::nullopt;
        const std::string_view value = trim(*raw);
        if (equalsIgnoreCase(value, "true") || value == "1" || equalsIgnoreCase(value, "yes"))
            return true;
        if (equalsIgnoreCase(value, "false") || value == "0" || equalsIgnoreCase(value, "no"))
            return false;
        fail(a, "must be true or false, got \"" + std::string(*raw) + "\"");
    }

    std::string string(GraphAttribute a) const
    {
        const std::string_view* raw = find(a);
        if (!raw)
            return {};
        // The file is UTF-8 (importModelText checks), but a GraphML character reference such as
        // &#xD800; (a UTF-16 surrogate) decodes to bytes that are not; names and operator types
        // reach JSON output, which must be UTF-8.
        if (const std::size_t bad = invalidUtf8Offset(*raw); bad != std::string_view::npos)
            fail(a, "is not valid UTF-8 (byte " + std::to_string(bad) + " of \"" + escapedBytes(*raw)
                        + "\"); expected UTF-8 text (in GraphML, &#xD800; to &#xDFFF; name UTF-16 surrogates, not characters)");
        return std::string(trim(*raw));
    }

private:
    const GraphFileContent& m_content;
    std::string_view m_text;
    const std::string& m_source;
    int m_node;
    std::size_t m_vertex;
};

Layer readLayer(const NodeReader& r, std::string_view id)
{
    using A = GraphAttribute;
    Layer layer;
    layer.name = r.string(A::Name);
    if (layer.name.empty())
        layer.name = r.string(A::Label);
    if (layer.name.empty())
        layer.name = std::string(id);
    layer.op = r.string(A::Op);
    if (const std::string_view* kind = r.find(A::Kind)) {
        const auto parsed = layerKindFromString(trim(*kind));
        if (!parsed)
            r.fail(A::Kind, "names an unknown kind \"" + std::string(*kind)
                                + "\"; expected one of embedding, attention, mlp, moe, norm, output_head, other");
        layer.kind = *parsed;
    } else {
        layer.kind = guessLayerKind(layer.name, layer.op);
    }

    layer.params = r.count(A::Params, 0);
    layer.activeParams = r.count(A::ActiveParams, layer.params);
    if (layer.activeParams > layer.params)
        r.fail(A::ActiveParams, "(" + std::to_string(layer.activeParams) + ") is more than params ("
                                    + std::to_string(layer.params) + ")");
    const bool shardableByKind = layer.kind != LayerKind::Norm && layer.kind != LayerKind::Other;
    layer.tpShardable = r.boolean(A::TpShardable).value_or(shardableByKind);
    layer.tpShardedParams = r.count(A::TpShardedParams, layer.tpShardable ? layer.params : 0);
    if (layer.tpShardedParams > layer.params)
        r.fail(A::TpShardedParams, "(" + std::to_string(layer.tpShardedParams) + ") is more than params ("
                                       + std::to_string(layer.params) + ")");

    layer.flopsPerToken = r.perToken(A::Flops);
    layer.flopsPerTokenPerSeq = r.perToken(A::FlopsPerSeq);
    if (r.find(A::ActivationBytes) && (r.find(A::ActShardedBytes) || r.find(A::ActReplicatedBytes)))
        r.fail(A::ActivationBytes, "cannot be combined with act_sharded_bytes or act_replicated_bytes; give "
                                   "either the total or the two parts");
    const double activation = r.perToken(A::ActivationBytes);
    layer.actShardedBytesPerToken = layer.tpShardable ? activation : 0;
    layer.actReplicatedBytesPerToken = layer.tpShardable ? 0 : activation;
    if (r.find(A::ActShardedBytes))
        layer.actShardedBytesPerToken = r.perToken(A::ActShardedBytes);
    if (r.find(A::ActReplicatedBytes))
        layer.actReplicatedBytesPerToken = r.perToken(A::ActReplicatedBytes);
    layer.actScoreBytesPerTokenPerSeq = r.perToken(A::ActScoreBytesPerSeq);
    layer.inputBytesPerToken = r.perToken(A::InputBytes);
    layer.outputElementsPerToken = r.perToken(A::OutputElements);
    layer.tpCommElementsPerToken = r.perToken(A::TpCommElements);
    return layer;
}

// A topological order that takes the earliest node in file order whenever several are ready, so
// a file listed in execution order keeps its order. A cycle throws, naming its nodes.
std::vector<int> stableOrder(const GraphFileContent& c, std::string_view text, const std::string& source)
{
    const int n = static_cast<int>(c.nodeIds.size());
    // Successors in edge order, as one array with an offset per node (no vector per node).
    std::vector<int> first(at(n) + 1, 0);
    std::vector<int> inDegree(at(n), 0);
    for (const auto& [u, v] : c.edges) {
        ++first[at(u) + 1];
        ++inDegree[at(v)];
    }
    for (std::size_t i = 1; i < first.size(); ++i)
        first[i] += first[i - 1];
    std::vector<int> successors(c.edges.size());
    {
        std::vector<int> fill(first.begin(), first.end() - 1);
        for (const auto& [u, v] : c.edges)
            successors[at(fill[at(u)]++)] = v;
    }
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (int v = 0; v < n; ++v)
        if (inDegree[at(v)] == 0)
            ready.push(v);
    std::vector<int> order;
    order.reserve(at(n));
    while (!ready.empty()) {
        const int u = ready.top();
        ready.pop();
        order.push_back(u);
        for (int k = first[at(u)]; k < first[at(u) + 1]; ++k)
            if (const int v = successors[at(k)]; --inDegree[at(v)] == 0)
                ready.push(v);
    }
    if (static_cast<int>(order.size()) == n)
        return order;

    std::vector<std::pair<int, int>> edges = c.edges;
    if (c.orderForCycleMessage)
        c.orderForCycleMessage(edges);
    const auto cycle = findCycle(n, edges).value_or(std::vector<int> {});
    std::string path;
    for (int v : cycle)
        path += std::string(c.nodeIds[at(v)]) + " -> ";
    const int from = cycle.empty() ? 0 : cycle.back();
    const int to = cycle.empty() ? 0 : cycle.front();
    path += c.nodeIds[at(to)];
    const std::size_t offset = c.edgeOffset ? c.edgeOffset(from, to) : c.nodeOffsets[at(to)];
    throw InputError(source, lineColumnAt(text, offset),
                     c.format + ": the graph has a cycle: " + path
                         + "; a data-flow graph must be acyclic (remove the edge " + std::string(c.nodeIds[at(from)])
                         + " -> " + std::string(c.nodeIds[at(to)]) + " or whichever closes the loop)");
}

// Names must tell layers apart (plans name their ranges by layer): later repeats get their node id.
void makeNamesUnique(ModelGraph& graph, const std::vector<std::string_view>& ids)
{
    // Views of the layers' names, which stay where they are meanwhile; a renamed layer's name is
    // entered once it is in place.
    std::unordered_set<std::string_view> used;
    used.reserve(ids.size());
    std::vector<std::string> renamed;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        std::string& name = graph.layer(static_cast<int>(i)).name;
        if (used.insert(name).second)
            continue;
        std::string candidate = name + " (" + std::string(ids[i]) + ")";
        for (int k = 2; used.count(candidate); ++k)
            candidate = name + " (" + std::string(ids[i]) + ", " + std::to_string(k) + ")";
        renamed.push_back(candidate);
        name = std::move(candidate);
        used.insert(name);
    }
    if (renamed.empty())
        return;
    std::string list;
    for (std::size_t k = 0; k < renamed.size() && k < 3; ++k)
        list += (k ? ", " : "") + renamed[k];
    if (renamed.size() > 3)
        list += " and " + std::to_string(renamed.size() - 3) + " more";
    graph.addWarning(std::to_string(renamed.size())
                     + " node(s) share a name with an earlier node; they are named with their node id added (" + list
                     + ")");
}

} // namespace

std::string_view attributeName(GraphAttribute attribute) { return kAttributeNames[static_cast<std::size_t>(attribute)]; }

void GraphAttributeTable::put(GraphAttribute attribute, std::size_t vertex, std::string_view value)
{
    Column& c = m_columns[static_cast<std::size_t>(attribute)];
    if (vertex >= c.values.size()) {
        if (c.values.empty() && m_reserve > vertex) {
            c.values.reserve(m_reserve);
            c.present.reserve(m_reserve);
        }
        c.values.resize(vertex + 1);
        c.present.resize(vertex + 1, false);
    }
    c.values[vertex] = value;
    c.present[vertex] = true;
}

const std::string_view* GraphAttributeTable::find(GraphAttribute attribute, std::size_t vertex) const
{
    const Column& c = column(attribute);
    return vertex < c.present.size() && c.present[vertex] ? &c.values[vertex] : nullptr;
}


ModelGraph buildGraphFileModel(const GraphFileContent& c, std::string_view text, const std::string& source)
{
    const std::vector<int> order = stableOrder(c, text, source);
    std::vector<int> position(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        position[at(order[i])] = static_cast<int>(i);

    // Node ids to nodes, for tied_to only: built when the first node names one.
    std::unordered_map<std::string_view, int> nodeById;
    const auto tiedNode = [&](std::string_view id) {
        if (nodeById.empty()) {
            nodeById.reserve(c.nodeIds.size());
            for (std::size_t i = 0; i < c.nodeIds.size(); ++i)
                nodeById.emplace(c.nodeIds[i], static_cast<int>(i));
        }
        const auto it = nodeById.find(id);
        return it == nodeById.end() ? -1 : it->second;
    };

    std::string name = c.graphName;
    if (name.empty() || name == "G" || name == "g")
        name = modelNameFromSource(source);
    ModelGraph graph(name);
    graph.setSourceFormat(c.format);
    graph.reserveLayers(order.size()); // the layers go straight in, in order
    std::vector<std::string_view> ids;
    ids.reserve(order.size());
    double total = 0;
    bool activations = false;
    for (int node : order) {
        const NodeReader reader(c, text, source, node);
        Layer layer = readLayer(reader, c.nodeIds[at(node)]);
        if (const std::string_view* tied = reader.find(GraphAttribute::TiedTo); tied && !trim(*tied).empty()) {
            const int target = tiedNode(trim(*tied));
            if (target < 0)
                reader.fail(GraphAttribute::TiedTo, "names \"" + std::string(trim(*tied)) + "\", which is not a node of this graph");
            if (target == node)
                reader.fail(GraphAttribute::TiedTo, "names the node itself; a layer cannot be tied to itself");
            layer.tiedToLayer = position[at(target)];
        }
        total += static_cast<double>(layer.params);
        if (total > kMaxParams)
            reader.fail(GraphAttribute::Params, "brings the model's total above 1e15 parameters");
        activations = activations || layer.actShardedBytesPerToken > 0 || layer.actReplicatedBytesPerToken > 0
            || layer.actScoreBytesPerTokenPerSeq > 0;
        graph.addLayer(std::move(layer));
        ids.push_back(c.nodeIds[at(node)]);
    }
    makeNamesUnique(graph, ids);

    // Each edge once, in the order of its first mention: the repeats found by sorting (no hash set of 100,000s).
    std::vector<std::pair<std::uint64_t, std::size_t>> keys(c.edges.size());
    for (std::size_t e = 0; e < c.edges.size(); ++e)
        keys[e] = { std::uint64_t(position[at(c.edges[e].first)]) << 32 | std::uint64_t(position[at(c.edges[e].second)]), e };
    std::sort(keys.begin(), keys.end());
    std::vector<char> repeat(c.edges.size(), 0);
    for (std::size_t k = 1; k < keys.size(); ++k)
        if (keys[k].first == keys[k - 1].first)
            repeat[keys[k].second] = 1;
    for (std::size_t e = 0; e < c.edges.size(); ++e)
        if (!repeat[e])
            graph.addEdge(position[at(c.edges[e].first)], position[at(c.edges[e].second)]);

    for (const std::string& warning : c.warnings)
        graph.addWarning(warning);
    if (graph.totalParams() == 0)
        graph.addWarning(c.format + ": no node has a \"params\" attribute above 0, so the model has no parameters; "
                                    "it can be analysed (depth, critical path) but not planned. Add params to the "
                                    "nodes (docs/graph-formats.md).");
    if (!activations)
        graph.addWarning(c.format + ": no node gives activation sizes (activation_bytes, act_sharded_bytes, "
                                    "act_replicated_bytes or act_score_bytes_per_seq), so activation memory is "
                                    "counted as zero; memory estimates cover weights, gradients and optimizer state "
                                    "only.");
    detectTransformerBlocks(graph);
    return graph;
}

} // namespace shardscope
