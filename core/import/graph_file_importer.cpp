// SPDX-License-Identifier: GPL-3.0-or-later
// GraphML and DOT through Boost.Graph's readers. Boost builds the graph and delivers the node
// attributes ShardScope knows (dynamic_properties with ignore_other_properties: the rest is
// dropped); the scans (graphml_scan.h, dot_scan.h) supply what Boost does not report: node ids in
// file order, positions for messages, repeated ids, and edges to nodes never declared (both
// readers create those silently).
#include "import/graph_file_importer.h"

#include "import/dot_scan.h"
#include "import/graph_file_model.h"
#include "import/graphml_scan.h"
#include "import/json_reader.h"
#include "util/input_error.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>
#include <boost/property_tree/xml_parser.hpp>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace shardscope {

namespace {

using ReaderGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using Vertex = boost::graph_traits<ReaderGraph>::vertex_descriptor;

constexpr const char* kGraphml = "GraphML";
constexpr const char* kDot = "Graphviz DOT";

std::string toText(const boost::any& value)
{
    if (const auto* s = boost::any_cast<std::string>(&value))
        return *s;
    if (const auto* b = boost::any_cast<bool>(&value))
        return *b ? "true" : "false";
    if (const auto* i = boost::any_cast<int>(&value))
        return std::to_string(*i);
    if (const auto* l = boost::any_cast<long>(&value))
        return std::to_string(*l);
    char buffer[32] = "";
    if (const auto* f = boost::any_cast<float>(&value))
        std::snprintf(buffer, sizeof buffer, "%.9g", double(*f));
    else if (const auto* d = boost::any_cast<double>(&value))
        std::snprintf(buffer, sizeof buffer, "%.17g", *d);
    return buffer;
}

/// A vertex property of Boost's readers that hands each value, as text, to a sink.
class VertexTextMap : public boost::dynamic_property_map
{
public:
    explicit VertexTextMap(std::function<void(Vertex, std::string)> sink)
        : m_sink(std::move(sink))
    {
    }
    boost::any get(const boost::any&) override { return std::string(); }
    std::string get_string(const boost::any&) override { return {}; }
    void put(const boost::any& key, const boost::any& value) override { m_sink(boost::any_cast<Vertex>(key), toText(value)); }
    const std::type_info& key() const override { return typeid(Vertex); }
    const std::type_info& value() const override { return typeid(std::string); }

private:
    std::function<void(Vertex, std::string)> m_sink;
};

boost::dynamic_properties attributeProperties(GraphAttributeTable& table)
{
    boost::dynamic_properties dp(boost::ignore_other_properties);
    for (std::size_t a = 0; a < kGraphAttributeCount; ++a) {
        const auto attribute = static_cast<GraphAttribute>(a);
        dp.insert(std::string(attributeName(attribute)),
                  boost::shared_ptr<boost::dynamic_property_map>(new VertexTextMap(
                      [&table, attribute](Vertex v, std::string text) { table.put(attribute, v, std::move(text)); })));
    }
    return dp;
}

[[noreturn]] void fail(const std::string& source, std::string_view text, std::size_t offset, const char* format,
                       const std::string& message)
{
    throw InputError(source, lineColumnAt(text, offset), std::string(format) + ": " + message);
}

std::string inQuotes(const std::string& id) { return "\"" + id + "\""; }

// ---------------------------------------------------------------------------------------------
// GraphML

// Boost converts a value by its key's attr.type before ShardScope sees it: a float loses digits,
// an int overflows at 2^31, a boolean must be "0" or "1"; and it refuses a key without attr.type
// or "for", which GraphML defines as a string and "all". Declaring every key a string hands
// ShardScope the text as written; it checks numbers itself, naming the node. A missing
// edgedefault is taken as directed; parse.nodeids="canonical" becomes "free", so that Boost
// numbers vertices in document order. Only attributes change, never line breaks, so Boost's
// line numbers stay right.
std::string prepareForBoost(std::string_view text, const GraphmlScan& scan)
{
    struct Edit
    {
        std::size_t begin, end;
        std::string_view replacement;
    };
    std::vector<Edit> edits;
    for (const GraphmlKey& key : scan.keys) {
        if (key.typeValue)
            edits.push_back({ key.typeValue->first, key.typeValue->second, "string" });
        else
            edits.push_back({ key.nameEnd, key.nameEnd, " attr.type=\"string\"" });
        if (!key.hasDomain)
            edits.push_back({ key.nameEnd, key.nameEnd, " for=\"all\"" });
    }
    if (scan.nodeIdsValue)
        edits.push_back({ scan.nodeIdsValue->first, scan.nodeIdsValue->second, "free" });
    if (scan.graphCount > 0 && !scan.edgeDefault)
        edits.push_back({ scan.graphNameEnd, scan.graphNameEnd, " edgedefault=\"directed\"" });
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string out;
    out.reserve(text.size() + 32 * edits.size());
    std::size_t copied = 0;
    for (const Edit& e : edits) {
        if (e.begin < copied) // overlapping: only in a malformed document, which Boost reports
            continue;
        out.append(text.substr(copied, e.begin - copied));
        out.append(e.replacement);
        copied = e.end;
    }
    out.append(text.substr(copied));
    return out;
}

void checkGraphml(const GraphmlScan& scan, std::string_view text, const std::string& source)
{
    auto error = [&](std::size_t offset, const std::string& message) { fail(source, text, offset, kGraphml, message); };
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
    if (!scan.undeclaredData.empty())
        error(scan.undeclaredData.front().second, "<data key=\"" + scan.undeclaredData.front().first
                                                      + "\"> refers to no <key> declaration; declare it with <key id=\""
                                                      + scan.undeclaredData.front().first + "\" for=\"node\" attr.name=...>");
    if (scan.nodes.empty())
        error(scan.graphOffset, "the graph has no nodes; expected a <node> for every layer");

    std::unordered_map<std::string_view, std::size_t> first;
    for (const GraphmlNode& node : scan.nodes) {
        if (!node.hasId)
            error(node.offset, "a <node> without an id attribute");
        if (node.id.empty())
            error(node.offset, "a <node> with an empty id");
        const auto [it, added] = first.emplace(node.id, node.offset);
        if (!added)
            error(node.offset, "the node id " + inQuotes(node.id) + " is used twice (first at "
                                   + lineColumnAt(text, it->second) + "); every node needs its own id");
    }
    for (const GraphmlEdge& e : scan.edges)
        for (const std::string* end : { &e.source, &e.target })
            if (!first.count(*end))
                error(e.offset, "the edge " + e.source + " -> " + e.target + " refers to the node " + inQuotes(*end)
                                    + ", which is not declared; every edge must join two <node> elements of the graph");
}

// Where node `node` sets `attribute`: its <data>, else the <key> whose default it took.
std::size_t graphmlAttributeOffset(const GraphmlScan& scan, std::string_view text, int node, GraphAttribute attribute)
{
    const GraphmlNode& n = scan.nodes[static_cast<std::size_t>(node)];
    const std::string_view name = attributeName(attribute);
    auto applies = [&](const GraphmlKey& k) { return k.name == name && (k.domain == "node" || k.domain == "all"); };
    for (const auto& [key, offset] : graphmlDataIn(text, n.offset, n.end))
        for (const GraphmlKey& k : scan.keys)
            if (k.id == key && applies(k))
                return offset;
    for (const GraphmlKey& k : scan.keys)
        if (applies(k) && k.hasDefault && k.domain == "node") // Boost applies only node keys' defaults
            return k.offset;
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

    std::unordered_set<std::string_view> declared;
    std::unordered_map<std::string_view, std::size_t> described; // where a node got its attributes
    for (const DotNodeStatement& node : scan.nodes) {
        if (node.id.empty())
            error(node.offset, "a node with an empty id (\"\")");
        declared.insert(node.id);
        if (!node.hasAttributes)
            continue;
        const auto [it, added] = described.emplace(node.id, node.offset);
        if (!added)
            error(node.offset, "the node " + inQuotes(node.id) + " is declared with attributes twice (first at "
                                   + lineColumnAt(text, it->second)
                                   + "); give each node its attributes in one statement, and each layer its own id");
    }
    for (const DotEdge& e : scan.edges)
        for (const auto& [end, offset] : { std::pair { &e.from, e.fromOffset }, std::pair { &e.to, e.toOffset } })
            if (!declared.count(*end))
                error(offset, "the edge " + e.from + " -> " + e.to + " uses the node " + inQuotes(*end)
                                  + ", which has no node statement; DOT would create it without attributes, so "
                                    "declare it (" + *end + " [params=...])");
}

} // namespace

ModelGraph importGraphml(std::string_view text, const std::string& source)
{
    const GraphmlScan scan = scanGraphml(text);
    GraphFileContent content;
    content.format = kGraphml;
    ReaderGraph graph;
    boost::dynamic_properties dp = attributeProperties(content.attributes);
    std::string boostError;
    try {
        std::istringstream in(prepareForBoost(text, scan));
        boost::read_graphml(in, graph, dp, 0);
    } catch (const boost::property_tree::xml_parser::xml_parser_error& e) {
        throw InputError(source, e.line() > 0 ? "line " + std::to_string(e.line()) : std::string(),
                         std::string(kGraphml) + ": malformed XML: " + e.message());
    } catch (const std::exception& e) {
        boostError = e.what(); // the scan below usually names the cause with its position
    }
    checkGraphml(scan, text, source);
    if (!boostError.empty())
        fail(source, text, scan.graphOffset, kGraphml, boostError);
    if (boost::num_vertices(graph) != scan.nodes.size())
        fail(source, text, scan.graphOffset, kGraphml,
             "Boost's reader found " + std::to_string(boost::num_vertices(graph)) + " nodes where the file declares "
                 + std::to_string(scan.nodes.size()));

    // read_graphml numbers vertices in document order: vertex i is scan.nodes[i].
    content.graphName = scan.graphId;
    for (std::size_t i = 0; i < scan.nodes.size(); ++i) {
        content.nodeIds.push_back(scan.nodes[i].id);
        content.nodeOffsets.push_back(scan.nodes[i].offset);
        content.vertexOfNode.push_back(i);
    }
    for (auto [it, end] = boost::edges(graph); it != end; ++it)
        content.edges.emplace_back(static_cast<int>(boost::source(*it, graph)), static_cast<int>(boost::target(*it, graph)));
    content.attributeOffset = [&](int node, GraphAttribute a) { return graphmlAttributeOffset(scan, text, node, a); };
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
    ReaderGraph graph;
    boost::dynamic_properties dp = attributeProperties(content.attributes);
    std::vector<std::string> idOfVertex;
    dp.insert("node_id", boost::shared_ptr<boost::dynamic_property_map>(new VertexTextMap([&](Vertex v, std::string id) {
                  if (v >= idOfVertex.size())
                      idOfVertex.resize(v + 1);
                  idOfVertex[v] = std::move(id);
              })));
    try {
        const bool bom = text.substr(0, 3) == "\xEF\xBB\xBF"; // Boost's lexer does not skip it
        boost::read_graphviz(std::string(text.substr(bom ? 3 : 0)), graph, dp, "node_id");
    } catch (const boost::bad_graphviz_syntax& e) {
        throw InputError(source, "", std::string(kDot) + ": syntax error: " + e.what());
    } catch (const std::exception& e) {
        throw InputError(source, "", std::string(kDot) + ": " + e.what());
    }

    // Boost numbers vertices by id; ShardScope keeps file order.
    // A node is placed where it is first mentioned and located where it gets its attributes.
    std::unordered_map<std::string_view, int> nodeOf;
    for (const DotNodeStatement& node : scan.nodes) {
        const auto [it, added] = nodeOf.emplace(node.id, static_cast<int>(content.nodeIds.size()));
        if (added) {
            content.nodeIds.push_back(node.id);
            content.nodeOffsets.push_back(node.offset);
        } else if (node.hasAttributes) {
            content.nodeOffsets[std::size_t(it->second)] = node.offset;
        }
    }
    idOfVertex.resize(boost::num_vertices(graph));
    content.vertexOfNode.assign(content.nodeIds.size(), 0);
    std::vector<int> nodeOfVertex(idOfVertex.size());
    for (std::size_t v = 0; v < idOfVertex.size(); ++v) {
        const auto it = nodeOf.find(idOfVertex[v]);
        if (it == nodeOf.end() || idOfVertex.size() != content.nodeIds.size())
            fail(source, text, scan.graphOffset, kDot,
                 "Boost's reader found the nodes differently from the file's node statements (node "
                     + inQuotes(idOfVertex[v]) + ")");
        content.vertexOfNode[std::size_t(it->second)] = v;
        nodeOfVertex[v] = it->second;
    }
    for (auto [it, end] = boost::edges(graph); it != end; ++it)
        content.edges.emplace_back(nodeOfVertex[boost::source(*it, graph)], nodeOfVertex[boost::target(*it, graph)]);

    content.graphName = scan.graphId;
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
