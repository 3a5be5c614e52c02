// SPDX-License-Identifier: GPL-3.0-or-later
// GraphML and DOT through ShardScope's own single-pass scanners (graphml_scan.h, dot_scan.h):
// they find the nodes in file order with their attribute values as text, the edges, and every
// position a message needs; this file checks the structure and hands the known attributes to
// buildGraphFileModel. The scanners read values as Boost.Graph's read_graphml and read_graphviz
// do; tests/core/tst_graph_reader_oracle.cpp holds them to it. (Boost's readers themselves are
// too slow for large graphs: read_graphml builds a property_tree DOM, ~10 s and 2 GB for 100,000
// nodes; read_graphviz tokenises with regular expressions.)
#include "import/graph_file_importer.h"

#include "import/dot_scan.h"
#include "import/graph_file_model.h"
#include "import/graphml_scan.h"
#include "util/json_reader.h"
#include "util/input_error.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace shardscope {

namespace {

constexpr const char* kGraphml = "GraphML";
constexpr const char* kDot = "Graphviz DOT";

/// The attribute a file's attribute name stands for, if ShardScope reads it.
std::optional<GraphAttribute> knownAttribute(std::string_view name)
{
    for (std::size_t a = 0; a < kGraphAttributeCount; ++a)
        if (attributeName(static_cast<GraphAttribute>(a)) == name)
            return static_cast<GraphAttribute>(a);
    return std::nullopt;
}

[[noreturn]] void fail(const std::string& source, std::string_view text, std::size_t offset, const char* format,
                       const std::string& message)
{
    throw InputError(source, lineColumnAt(text, offset), std::string(format) + ": " + message);
}

std::string inQuotes(const std::string& id) { return "\"" + id + "\""; }

// ---------------------------------------------------------------------------------------------
// GraphML

/// Checks the scan; returns the edges as indices into scan.nodes, in order.
std::vector<std::pair<int, int>> checkGraphml(const GraphmlScan& scan, std::string_view text, const std::string& source)
{
    auto error = [&](std::size_t offset, const std::string& message) { fail(source, text, offset, kGraphml, message); };
    if (scan.xmlError) { // the line only, in rapidxml's words, as Boost's reader reported it
        const std::size_t line = 1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(std::min(scan.xmlError->offset, text.size())), '\n'));
        throw InputError(source, "line " + std::to_string(line), std::string(kGraphml) + ": malformed XML: " + scan.xmlError->message);
    }
    if (!scan.rootName || *scan.rootName != "graphml")
        error(scan.rootOffset, "the document's root element is <" + scan.rootName.value_or("") + ">, expected <graphml>");
    for (const GraphmlKey& key : scan.keys)
        if (key.domain != "node" && key.domain != "edge" && key.domain != "graph" && key.domain != "all"
            && key.domain != "graphml" && key.domain != "hyperedge" && key.domain != "port" && key.domain != "endpoint")
            error(key.offset, "the <key id=\"" + key.id + "\"> has for=\"" + key.domain
                                  + "\"; expected \"node\", \"edge\", \"graph\" or \"all\"");
    if (scan.graphCount == 0)
        error(scan.rootOffset, "the document has no <graph> element");
    if (scan.nestedGraphOffset)
        error(*scan.nestedGraphOffset, "nested graphs (a <graph> inside a node) are not supported; flatten the graph "
                                       "so that every layer is a <node> of the top-level graph");
    if (scan.edgeDefault && *scan.edgeDefault != "directed")
        error(scan.graphOffset, *scan.edgeDefault == "undirected"
                  ? "the graph is undirected (edgedefault=\"undirected\"); a data-flow graph must be directed: write "
                    "edgedefault=\"directed\""
                  : "edgedefault is \"" + *scan.edgeDefault + "\"; expected \"directed\"");
    for (const GraphmlEdge& e : scan.edges) {
        if (!e.hasSource || !e.hasTarget)
            error(e.offset, std::string("an <edge> without a ") + (e.hasSource ? "target" : "source") + " attribute");
        if (e.directed && *e.directed != "true")
            error(e.offset, "the edge " + e.source + " -> " + e.target + " is marked directed=\"" + *e.directed
                                + "\"; a data-flow graph must be directed");
    }
    if (scan.dataWithoutKey)
        error(*scan.dataWithoutKey, "a <data> without a key attribute");
    if (!scan.undeclaredData.empty())
        error(scan.undeclaredData.front().second, "<data key=\"" + scan.undeclaredData.front().first
                                                      + "\"> refers to no <key> declaration; declare it with <key id=\""
                                                      + scan.undeclaredData.front().first + "\" for=\"node\" attr.name=...>");
    if (scan.nodes.empty()) {
        const bool nodeKeys = std::any_of(scan.keys.begin(), scan.keys.end(),
                                          [](const GraphmlKey& k) { return k.domain == "node"; });
        error(scan.graphOffset, nodeKeys ? "the graph has no nodes, though it declares node attributes (<key "
                                           "for=\"node\">); expected a <node> for every layer"
                                         : "the graph has no nodes; expected a <node> for every layer");
    }

    std::unordered_map<std::string_view, int> first;
    first.reserve(scan.nodes.size());
    for (std::size_t i = 0; i < scan.nodes.size(); ++i) {
        const GraphmlNode& node = scan.nodes[i];
        if (!node.hasId)
            error(node.offset, "a <node> without an id attribute");
        if (node.id.empty())
            error(node.offset, "a <node> with an empty id");
        const auto [it, added] = first.emplace(node.id, static_cast<int>(i));
        if (!added)
            error(node.offset, "the node id " + inQuotes(node.id) + " is used twice (first at "
                                   + lineColumnAt(text, scan.nodes[std::size_t(it->second)].offset)
                                   + "); every node needs its own id");
    }
    std::vector<std::pair<int, int>> edges;
    edges.reserve(scan.edges.size());
    for (const GraphmlEdge& e : scan.edges) {
        int ends[2] = { -1, -1 };
        for (int k = 0; k < 2; ++k) {
            const std::string& end = k == 0 ? e.source : e.target;
            const auto it = first.find(end);
            if (it == first.end())
                error(e.offset, "the edge " + e.source + " -> " + e.target + " refers to the node " + inQuotes(end)
                                    + ", which is not declared; every edge must join two <node> elements of the graph");
            ends[k] = it->second;
        }
        edges.emplace_back(ends[0], ends[1]);
    }
    return edges;
}

// Where node `node` sets `attribute`: its last <data> for it, else the <key> whose default it took.
std::size_t graphmlAttributeOffset(const GraphmlScan& scan, const GraphmlKeyTable& keys, int node, GraphAttribute attribute)
{
    const GraphmlNode& n = scan.nodes[static_cast<std::size_t>(node)];
    const std::string_view name = attributeName(attribute);
    const std::span<const GraphmlData> data = scan.dataOf(static_cast<std::size_t>(node));
    for (auto d = data.rbegin(); d != data.rend(); ++d)
        if (const auto k = keys.byId.find(d->key); k != keys.byId.end() && scan.keys[k->second].name == name)
            return d->offset;
    for (auto d = keys.defaults.rbegin(); d != keys.defaults.rend(); ++d)
        if (scan.keys[d->first].name == name)
            return scan.keys[d->first].offset;
    return n.offset;
}

// ---------------------------------------------------------------------------------------------
// DOT

void checkDot(const DotScan& scan, std::string_view text, const std::string& source)
{
    auto error = [&](std::size_t offset, const std::string& message) { fail(source, text, offset, kDot, message); };
    if (scan.error)
        error(scan.error->offset, "syntax error: " + scan.error->message);
    if (!scan.directed)
        error(scan.graphOffset, "the graph is undirected (\"graph\"); a data-flow graph must be directed: write "
                                "\"digraph\" and '->' edges");
    if (scan.nodes.empty() && !scan.edges.empty())
        error(scan.edges.front().fromOffset,
              "the graph declares no nodes, only edges; ShardScope reads each layer from its node statement "
              "(for example " + scan.edges.front().from + " [params=..., flops=...]), so every node must be declared");
    if (scan.nodes.empty())
        error(scan.graphOffset, "the graph has no nodes; expected a node statement for every layer");

    // By vertex (the scanner resolved every id): which have a node statement, and where a node got its attributes.
    std::vector<char> declared(scan.vertices.size(), 0);
    std::vector<std::size_t> described(scan.vertices.size(), std::string_view::npos);
    for (const DotNodeStatement& node : scan.nodes) {
        if (node.id.empty())
            error(node.offset, "a node with an empty id (\"\")");
        declared[node.vertex] = 1;
        if (!node.hasAttributes)
            continue;
        if (described[node.vertex] != std::string_view::npos)
            error(node.offset, "the node " + inQuotes(node.id) + " is declared with attributes twice (first at "
                                   + lineColumnAt(text, described[node.vertex])
                                   + "); give each node its attributes in one statement, and each layer its own id");
        described[node.vertex] = node.offset;
    }
    for (const DotEdge& e : scan.edges)
        for (const auto& [end, offset, vertex] : { std::tuple { &e.from, e.fromOffset, e.fromVertex },
                                                   std::tuple { &e.to, e.toOffset, e.toVertex } })
            if (!declared[vertex])
                error(offset, "the edge " + e.from + " -> " + e.to + " uses the node " + inQuotes(*end)
                                  + ", which has no node statement; DOT would create it without attributes, so "
                                    "declare it (" + *end + " [params=...])");
}

} // namespace

ModelGraph importGraphml(std::string_view text, const std::string& source)
{
    const GraphmlScan scan = scanGraphml(text);
    std::vector<std::pair<int, int>> edges = checkGraphml(scan, text, source);
    const GraphmlKeyTable keys(scan);

    GraphFileContent content;
    content.format = kGraphml;
    content.graphName = scan.graphId;
    std::vector<std::optional<GraphAttribute>> attributeOfKey(scan.keys.size());
    for (std::size_t k = 0; k < scan.keys.size(); ++k)
        attributeOfKey[k] = knownAttribute(scan.keys[k].name);
    content.nodeIds.reserve(scan.nodes.size());
    content.nodeOffsets.reserve(scan.nodes.size());
    content.vertexOfNode.reserve(scan.nodes.size());
    content.attributes.reserve(scan.nodes.size());
    for (std::size_t i = 0; i < scan.nodes.size(); ++i) {
        const GraphmlNode& node = scan.nodes[i];
        content.nodeIds.push_back(node.id);
        content.nodeOffsets.push_back(node.offset);
        content.vertexOfNode.push_back(i);
        keys.nodeValues(scan, i, [&](std::size_t key, std::string_view value) {
            if (const auto& a = attributeOfKey[key])
                content.attributes.put(*a, i, value); // a view of the scan's value
        });
    }
    content.edges = std::move(edges); // both ends are declared (checkGraphml)
    // Grouped by source, as Boost's adjacency list held them: a cycle is named as before.
    content.orderForCycleMessage = [](std::vector<std::pair<int, int>>& e) {
        std::stable_sort(e.begin(), e.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    };
    content.attributeOffset = [&](int node, GraphAttribute a) { return graphmlAttributeOffset(scan, keys, node, a); };
    content.edgeOffset = [&](int from, int to) {
        for (const GraphmlEdge& e : scan.edges)
            if (e.source == content.nodeIds[std::size_t(from)] && e.target == content.nodeIds[std::size_t(to)])
                return e.offset;
        return scan.graphOffset;
    };
    if (scan.graphCount > 1)
        content.warnings.push_back("GraphML: the file holds " + std::to_string(scan.graphCount)
                                   + " graphs; only the first (" + (scan.graphId.empty() ? "without id" : inQuotes(scan.graphId))
                                   + ") was read");
    return buildGraphFileModel(content, text, source);
}

ModelGraph importGraphviz(std::string_view text, const std::string& source)
{
    const DotScan scan = scanDot(text);
    checkDot(scan, text, source);

    GraphFileContent content;
    content.format = kDot;
    content.graphName = scan.graphId;
    std::vector<std::optional<GraphAttribute>> attributeOfName;
    for (const std::string& name : scan.attributeNames)
        attributeOfName.push_back(knownAttribute(name));
    content.attributes.reserve(scan.vertices.size());
    for (std::size_t v = 0; v < scan.vertices.size(); ++v)
        for (const auto& [name, value] : scan.vertices[v].attributes)
            if (const auto& a = attributeOfName[std::size_t(name)])
                content.attributes.put(*a, v, value); // a view of the scan's value

    // Nodes in the order of their first node statement, each located where it gets its attributes.
    std::vector<int> nodeOfVertex(scan.vertices.size(), -1);
    content.nodeIds.reserve(scan.vertices.size());
    content.nodeOffsets.reserve(scan.vertices.size());
    content.vertexOfNode.reserve(scan.vertices.size());
    for (const DotNodeStatement& node : scan.nodes) {
        const std::size_t v = node.vertex;
        int& n = nodeOfVertex[v];
        if (n < 0) {
            n = static_cast<int>(content.nodeIds.size());
            content.nodeIds.push_back(node.id);
            content.nodeOffsets.push_back(node.offset);
            content.vertexOfNode.push_back(v);
        } else if (node.hasAttributes) {
            content.nodeOffsets[std::size_t(n)] = node.offset;
        }
    }
    content.edges.reserve(scan.edges.size());
    for (const DotEdge& e : scan.edges) // both ends have node statements (checkDot)
        content.edges.emplace_back(nodeOfVertex[e.fromVertex], nodeOfVertex[e.toVertex]);
    // Grouped by source id, as Boost's reader (vertices in id order) held them: a cycle is named as before. (Sorting
    // 100,000 ids took 6 % of an import; only a graph with a cycle needs it.)
    content.orderForCycleMessage = [&content](std::vector<std::pair<int, int>>& e) {
        std::vector<int> byId(content.nodeIds.size());
        for (std::size_t i = 0; i < byId.size(); ++i)
            byId[i] = static_cast<int>(i);
        std::sort(byId.begin(), byId.end(),
                  [&](int a, int b) { return content.nodeIds[std::size_t(a)] < content.nodeIds[std::size_t(b)]; });
        std::vector<int> rank(byId.size());
        for (std::size_t i = 0; i < byId.size(); ++i)
            rank[std::size_t(byId[i])] = static_cast<int>(i);
        std::stable_sort(e.begin(), e.end(),
                         [&](const auto& a, const auto& b) { return rank[std::size_t(a.first)] < rank[std::size_t(b.first)]; });
    };

    content.attributeOffset = [&](int node, GraphAttribute a) {
        const std::size_t offset = content.nodeOffsets[std::size_t(node)];
        return dotAttributeOffset(text, offset, attributeName(a)).value_or(offset);
    };
    content.edgeOffset = [&](int from, int to) {
        for (const DotEdge& e : scan.edges)
            if (e.from == content.nodeIds[std::size_t(from)] && e.to == content.nodeIds[std::size_t(to)])
                return e.fromOffset;
        return scan.graphOffset;
    };
    return buildGraphFileModel(content, text, source);
}

} // namespace shardscope
