// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/huge_page_allocator.h"

#include <cstddef>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace shardscope {

/// A <key> declaration of a GraphML file.
struct GraphmlKey
{
    std::string id;
    std::string domain = "all";  ///< its "for": "node", "edge", "graph" or "all" (the default)
    bool hasDomain = false;      ///< "for" is written
    std::string name;            ///< attr.name ("" when missing, as Boost reads it)
    std::size_t offset = 0;      ///< the element's '<'
    bool hasDefault = false;     ///< has a <default> child
    std::string defaultValue;    ///< the text of its first <default>, as read (below)
};

/// A <data> child of a node: its key and its text, read as an XML parser reads it: entity and
/// character references replaced; each run of text trimmed, with runs of white space inside
/// made one space; CDATA sections as written; comments left out; the runs joined.
/// The views point into the scanned text where it holds the key or value as written, else into
/// GraphmlScan::owned.
struct GraphmlData
{
    std::string_view key;
    std::string_view value;
    std::size_t offset = 0; ///< the element's '<'
    bool hasKey = false;
};

struct GraphmlNode
{
    std::string id;
    bool hasId = false;
    std::size_t offset = 0; ///< the element's '<'
    std::size_t end = 0;    ///< one past the element (its end tag)
    std::size_t dataBegin = 0; ///< its <data> children, in order: GraphmlScan::data[dataBegin, dataEnd)
    std::size_t dataEnd = 0;
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

/// Where and why the text is not well-formed XML, in the words of rapidxml (Boost's XML parser).
struct GraphmlXmlError
{
    std::size_t offset = 0;
    std::string message;
};

/**
 * A GraphML document as written, in one pass: keys with their defaults, the nodes of the first
 * top-level <graph> with their <data> values, its edges, and positions for messages. It reads
 * XML as Boost's read_graphml does (through property_tree's rapidxml, whitespace trimmed and
 * normalised); tests/core/tst_graph_reader_oracle.cpp checks that it agrees with read_graphml.
 * It never throws: malformed XML sets `xmlError` (where rapidxml would stop) and leaves the rest
 * incomplete. The scan refers to the text (keep it alive) and cannot be copied, only moved.
 */
struct GraphmlScan
{
    GraphmlScan() = default;
    GraphmlScan(GraphmlScan&&) = default;
    GraphmlScan& operator=(GraphmlScan&&) = default;
    GraphmlScan(const GraphmlScan&) = delete;
    GraphmlScan& operator=(const GraphmlScan&) = delete;

    /// The <data> children of nodes[node], in order.
    std::span<const GraphmlData> dataOf(std::size_t node) const
    {
        return std::span<const GraphmlData>(data).subspan(nodes[node].dataBegin, nodes[node].dataEnd - nodes[node].dataBegin);
    }

    std::optional<std::string> rootName;
    std::size_t rootOffset = 0;
    std::vector<GraphmlKey> keys;
    int graphCount = 0;                       ///< top-level <graph> elements
    std::string graphId;                      ///< of the first
    std::optional<std::string> edgeDefault;   ///< of the first
    std::size_t graphOffset = 0;
    std::optional<std::size_t> nestedGraphOffset; ///< a <graph> inside the first graph
    HugePageVector<GraphmlNode> nodes;        ///< children of the first graph, in order
    HugePageVector<GraphmlData> data;         ///< the nodes' <data> children, node after node
    HugePageVector<GraphmlEdge> edges;
    /// <data> elements of the first graph, its nodes or edges whose key no <key> declares: (key, offset).
    std::vector<std::pair<std::string, std::size_t>> undeclaredData;
    /// A <data> of the first graph, its nodes or edges without a key attribute.
    std::optional<std::size_t> dataWithoutKey;
    std::optional<GraphmlXmlError> xmlError;
    /// Keys and values that differ from the text (references replaced, white space normalised);
    /// a deque, so that the views of its strings stay valid as it grows and when the scan moves.
    std::deque<std::string> owned;
};

GraphmlScan scanGraphml(std::string_view text);

/// The keys as read_graphml applies them: a key id stands for its last declaration (keys after
/// the graph count too); a node gets the defaults of "node" keys (not "all") in the order of their
/// ids, then its <data> values in order, a later value of a name replacing an earlier one.
struct GraphmlKeyTable
{
    std::unordered_map<std::string_view, std::size_t> byId; ///< index into GraphmlScan::keys
    std::vector<std::pair<std::size_t, std::string_view>> defaults; ///< (key, default value), in id order

    explicit GraphmlKeyTable(const GraphmlScan& scan);

    /// byId's entry for `id`, or nullopt; a look along a short list where there are few keys
    /// (a file's handful of keys, met 100,000s of times), no hashing.
    std::optional<std::size_t> find(std::string_view id) const
    {
        if (!m_few.empty() || byId.empty()) {
            for (const auto& [key, index] : m_few)
                if (key == id)
                    return index;
            return std::nullopt;
        }
        const auto it = byId.find(id);
        return it == byId.end() ? std::nullopt : std::optional<std::size_t>(it->second);
    }

    /// Calls sink(key index, value) for every value node `node` of `scan` gets, in that order.
    /// <data> with an undeclared key are skipped.
    template <typename Sink>
    void nodeValues(const GraphmlScan& scan, std::size_t node, Sink&& sink) const
    {
        for (const auto& [key, value] : defaults)
            sink(key, value);
        for (const GraphmlData& d : scan.dataOf(node))
            if (const auto key = find(d.key))
                sink(*key, std::string_view(d.value));
    }

private:
    std::vector<std::pair<std::string_view, std::size_t>> m_few; ///< byId as a list, when it has at most 16 entries
};

} // namespace shardscope
