// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

/// A <key> declaration of a GraphML file.
struct GraphmlKey
{
    std::string id;
    std::string domain = "all";  ///< its "for": "node", "edge", "graph" or "all" (the default)
    bool hasDomain = false;      ///< "for" is written
    std::string name;            ///< attr.name
    std::size_t offset = 0;      ///< the element's '<'
    std::size_t nameEnd = 0;     ///< just after "<key": where an attribute can be inserted
    std::optional<std::pair<std::size_t, std::size_t>> typeValue; ///< [begin, end) of attr.type's value
    bool hasDefault = false;     ///< has a <default> child
};

struct GraphmlNode
{
    std::string id;
    bool hasId = false;
    std::size_t offset = 0; ///< the element's '<'
    std::size_t end = 0;    ///< one past the element (its end tag)
};

struct GraphmlEdge
{
    std::string source;
    std::string target;
    bool hasSource = false;
    bool hasTarget = false;
    std::optional<std::string> directed; ///< its own "directed" attribute
    std::size_t offset = 0;
};

/**
 * The structure of a GraphML document as written, with positions: what Boost's read_graphml
 * does not report (node ids, where things are, repeated ids, edges to undeclared nodes). Only the
 * first top-level <graph> is described, as only it is read. Tolerant: it never throws, and on
 * malformed XML (which Boost reports) its answer is incomplete.
 */
struct GraphmlScan
{
    std::optional<std::string> rootName;
    std::size_t rootOffset = 0;
    std::vector<GraphmlKey> keys;
    int graphCount = 0;                       ///< top-level <graph> elements
    std::string graphId;                      ///< of the first
    std::optional<std::string> edgeDefault;   ///< of the first
    std::size_t graphOffset = 0;
    std::size_t graphNameEnd = 0;             ///< just after "<graph"
    /// [begin, end) of the first graph's parse.nodeids value ("canonical" makes Boost number
    /// vertices by the digits of ids like "n12" rather than in document order).
    std::optional<std::pair<std::size_t, std::size_t>> nodeIdsValue;
    std::optional<std::size_t> nestedGraphOffset; ///< a <graph> inside the first graph
    std::vector<GraphmlNode> nodes;           ///< children of the first graph, in order
    std::vector<GraphmlEdge> edges;
    /// <data> elements of the first graph, its nodes or edges whose key no <key> declares: (key, offset).
    std::vector<std::pair<std::string, std::size_t>> undeclaredData;
};

GraphmlScan scanGraphml(std::string_view text);

/// The <data> children of the element at [begin, end): (key id, offset of the <data>).
std::vector<std::pair<std::string, std::size_t>> graphmlDataIn(std::string_view text, std::size_t begin, std::size_t end);

} // namespace shardscope
