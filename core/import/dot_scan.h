// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/huge_page_allocator.h"

#include <cstddef>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

struct DotNodeStatement
{
    std::string id;
    std::size_t offset = 0;     ///< the id's first character
    bool hasAttributes = false; ///< "a [params=1]" rather than a bare "a"
    std::size_t vertex = 0;     ///< the node's index in DotScan::vertices
};

/// One edge, after a subgraph endpoint is expanded to its nodes.
struct DotEdge
{
    std::string from;
    std::string to;
    std::size_t fromOffset = 0;
    std::size_t toOffset = 0;
    std::size_t fromVertex = 0; ///< indices in DotScan::vertices
    std::size_t toVertex = 0;
};

/// A node with its attributes as read_graphviz sets them: the `node [...]` defaults in effect (in
/// its subgraph) where the node is first mentioned, then the attribute lists of its statements in
/// order, a later value replacing an earlier one; an attribute without a value is "true".
struct DotNode
{
    std::string id;
    std::size_t offset = 0; ///< the first mention
    /// (index into DotScan::attributeNames, value): views of the text, or of DotScan::owned
    /// where the value differs from what is written (escapes, "a" + "b"); the pairs are kept in
    /// DotScan::attributeValues.
    std::span<const std::pair<int, std::string_view>> attributes;
};

struct DotSyntaxError
{
    std::size_t offset = 0;
    std::string message;
};

/**
 * A Graphviz DOT text read in one pass: node statements, every node with its attributes, edges,
 * positions for messages, and the first syntax error. The values are read as Boost's read_graphviz
 * reads them (tests/core/tst_graph_reader_oracle.cpp compares the two). The grammar is DOT's (graphviz.org/doc/info/lang.html) narrowed to what Boost 1.74 reads: no HTML
 * strings, no anonymous "{ ... }" subgraphs, no unquoted non-ASCII ids; an unquoted number must end
 * where a name could not go on ("1e3" is an error: DOT would read the number 1 and a name "e3").
 * The scan refers to the text: keep it alive while the scan is used.
 */
struct DotScan
{
    DotScan() = default;
    DotScan(DotScan&&) = default;
    DotScan& operator=(DotScan&&) = default;
    DotScan(const DotScan&) = delete; ///< the values are views of the text and of `owned`
    DotScan& operator=(const DotScan&) = delete;

    bool strict = false;
    bool directed = true;
    std::string graphId;
    std::size_t graphOffset = 0;           ///< the "digraph"/"graph" keyword
    HugePageVector<DotNodeStatement> nodes; ///< every node statement, in order (repeats included)
    HugePageVector<DotEdge> edges;          ///< in order
    HugePageVector<DotNode> vertices;       ///< every node, in order of first mention (statement or edge)
    std::vector<std::string> attributeNames; ///< the node attribute names met, indexed by DotNode::attributes
    std::optional<DotSyntaxError> error;   ///< the first lexical or syntax error; the rest is then missing
    std::deque<std::string> owned;         ///< values that differ from the text (a deque: views stay valid)
    /// Every vertex's attributes, a run each (DotNode::attributes), in one array.
    HugePageVector<std::pair<int, std::string_view>> attributeValues;
};

DotScan scanDot(std::string_view text);

/// Where the node statement at `statementOffset` sets `attribute` (the attribute name's offset).
std::optional<std::size_t> dotAttributeOffset(std::string_view text, std::size_t statementOffset, std::string_view attribute);

} // namespace shardscope
