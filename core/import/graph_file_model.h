// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "import/huge_page_allocator.h"
#include "model/model_graph.h"

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

/// The node attributes ShardScope reads from GraphML and DOT files (docs/graph-formats.md).
enum class GraphAttribute {
    Name,
    Label,
    Op,
    Kind,
    Params,
    ActiveParams,
    TpShardedParams,
    TiedTo,
    Flops,
    FlopsPerSeq,
    ActivationBytes,
    ActShardedBytes,
    ActReplicatedBytes,
    ActScoreBytesPerSeq,
    InputBytes,
    OutputElements,
    TpCommElements,
    TpShardable,
};

constexpr std::size_t kGraphAttributeCount = static_cast<std::size_t>(GraphAttribute::TpShardable) + 1;

/// The attribute's name in files: "params", "flops_per_seq", ...
std::string_view attributeName(GraphAttribute attribute);

/// Attribute values as the file gave them (text), per vertex of the reader's graph: views of the
/// text or of the scanner's own storage, which outlive the table. A column is allocated when its
/// attribute first turns up, so unused attributes cost nothing.
class GraphAttributeTable
{
public:
    /// Makes room for `vertices` vertices in every column that turns up.
    void reserve(std::size_t vertices) { m_reserve = vertices; }
    void put(GraphAttribute attribute, std::size_t vertex, std::string_view value);
    /// The value, or nullptr when the vertex does not set the attribute.
    const std::string_view* find(GraphAttribute attribute, std::size_t vertex) const;
    /// Whether any vertex sets the attribute.
    bool any(GraphAttribute attribute) const { return !column(attribute).present.empty(); }

private:
    struct Column
    {
        HugePageVector<std::string_view> values;
        std::vector<bool> present;
    };
    const Column& column(GraphAttribute a) const { return m_columns[static_cast<std::size_t>(a)]; }

    std::array<Column, kGraphAttributeCount> m_columns;
    std::size_t m_reserve = 0;
};

/**
 * What a GraphML or DOT reader found, before it becomes a ModelGraph: nodes in file order, their
 * attributes as text, edges between them, and where things are in the text, for messages.
 */
struct GraphFileContent
{
    std::string format;          ///< "GraphML" or "Graphviz DOT": starts every message; the sourceFormat
    std::string graphName;       ///< the graph's id; empty (or a placeholder "G") for the file stem
    std::vector<std::string_view> nodeIds; ///< file order (views of the reader's scan)
    std::vector<std::size_t> nodeOffsets;  ///< byte offset of each node's declaration
    std::vector<std::size_t> vertexOfNode; ///< row of each node in `attributes`
    GraphAttributeTable attributes;
    std::vector<std::pair<int, int>> edges; ///< indices into nodeIds; repeats allowed
    /// Puts a copy of `edges` in the order the reader's Boost counterpart held them (grouped by source), which
    /// decides the cycle a message names; called only for a graph with a cycle (the order changes nothing else:
    /// the edges of one source keep their order either way). Empty: as they are.
    std::function<void(std::vector<std::pair<int, int>>& edges)> orderForCycleMessage;
    /// Where node `node` sets `attribute`, for messages (its declaration when the reader cannot tell).
    std::function<std::size_t(int node, GraphAttribute attribute)> attributeOffset;
    /// Where the edge from -> to is written, for messages.
    std::function<std::size_t(int from, int to)> edgeOffset;
    std::vector<std::string> warnings; ///< the reader's own, kept on the graph
};

/**
 * Checks the values and the shape and builds the model: a layer per node, in a topological order
 * that keeps file order wherever the edges allow (ModelGraph wants execution order), the edges
 * between them (repeats once), blocks from the names, and warnings for what is missing. Errors are
 * InputError(source, "line L, column C", "<format>: ...") naming the node and attribute; a cycle
 * names its nodes.
 */
ModelGraph buildGraphFileModel(const GraphFileContent& content, std::string_view text, const std::string& source);

} // namespace shardscope
