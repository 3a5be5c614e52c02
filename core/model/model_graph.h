// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/layer.h"
#include "model/transformer_spec.h"

#include <boost/graph/adjacency_list.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/// A transformer block found in the layer names (see detectTransformerBlocks).
struct TransformerBlock
{
    int index = 0;                 ///< the number in the name ("model.layers.12.*" -> 12)
    std::vector<int> layers;       ///< indices into ModelGraph::layers(), ascending
    std::int64_t params = 0;
    double flopsPerToken = 0;
};

/// A contiguous run of layers the stage partitioner keeps together: a whole block, or one layer.
struct PartitionUnit
{
    int firstLayer = 0; ///< index of the first layer
    int endLayer = 0;   ///< one past the last layer
    int block = -1;     ///< block index, or -1 for a layer outside blocks
};

/**
 * One operator of an imported compute graph (ONNX), kept beside the layers for node-level analysis
 * and the proposals engine. Per-token quantities follow the same conventions as Layer.
 */
struct OpNode
{
    std::string name;                 ///< node name (or "<op>_<index>" when the file left it empty)
    std::string op;                   ///< operator type, e.g. "MatMul", "Conv", "Softmax"
    int layer = -1;                   ///< index of the layer this node was grouped into
    std::int64_t params = 0;          ///< parameters of the weights this node reads (initializers)
    double flopsPerToken = 0;         ///< forward FLOPs per token independent of sequence length
    double flopsPerTokenPerSeq = 0;   ///< forward FLOPs per token per sequence position (attention)
    double outputElementsPerToken = 0;    ///< elements of its outputs per token (seq-independent part)
    double outputElementsPerTokenPerSeq = 0; ///< elements of its outputs per token per position (scores)
    std::vector<std::int64_t> weightShape; ///< shape of its main weight (MatMul/Gemm B, Conv W); empty if none
};

/**
 * A model as ShardScope sees it: layers in execution order plus a DAG of their data edges
 * (Boost.Graph; vertex i is layers()[i]). Importers build it; the cost model reads it.
 */
class ModelGraph
{
public:
    using Dag = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;

    ModelGraph() = default;
    explicit ModelGraph(std::string name);

    const std::string& name() const { return m_name; }
    void setName(std::string name) { m_name = std::move(name); }
    const std::string& sourceFormat() const { return m_sourceFormat; }
    void setSourceFormat(std::string format) { m_sourceFormat = std::move(format); }

    /// Appends a layer (a new DAG vertex) and returns its index.
    int addLayer(Layer layer);
    /// Room for `count` layers, on huge pages when large (100,000 layers are 38 MB; a fresh process faulted them in
    /// 4 KB at a time).
    void reserveLayers(std::size_t count);
    /// Adds a data edge between two existing layers; out-of-range indices throw std::out_of_range.
    void addEdge(int from, int to);
    /// Connects every layer to the next one: the execution order as a chain.
    void addSequentialEdges();

    const std::vector<Layer>& layers() const { return m_layers; }
    Layer& layer(int index) { return m_layers.at(static_cast<std::size_t>(index)); }
    const Layer& layer(int index) const { return m_layers.at(static_cast<std::size_t>(index)); }
    int layerCount() const { return static_cast<int>(m_layers.size()); }
    int findLayer(const std::string& name) const; ///< index or -1
    const Dag& dag() const { return m_dag; }

    std::int64_t totalParams() const;  ///< tied weights counted once
    std::int64_t activeParams() const;

    /// The transformer spec this graph was built from, when it came from one.
    const std::optional<TransformerSpec>& spec() const { return m_spec; }
    void setSpec(TransformerSpec spec) { m_spec = std::move(spec); }

    /// Blocks as last detected (detectTransformerBlocks) or as built from a spec.
    const std::vector<TransformerBlock>& blocks() const { return m_blocks; }
    void setBlocks(std::vector<TransformerBlock> blocks) { m_blocks = std::move(blocks); }

    /// Units for the stage partitioner: each block one unit, every other layer its own unit,
    /// in execution order. Sets Layer::block from blocks().
    std::vector<PartitionUnit> partitionUnits() const;

    /// A short description of layers [first, end): whole blocks as "blocks 18-38", other layers by
    /// name, e.g. "model.embed_tokens, blocks 0-17".
    std::string describeRange(int first, int end) const;

    /// Operator-level detail (ONNX imports); empty for formats that only know layers.
    int addNode(OpNode node);
    void reserveNodes(std::size_t count);
    /// A data edge between two operators; out-of-range indices throw std::out_of_range.
    void addNodeEdge(int from, int to);
    const std::vector<OpNode>& nodes() const { return m_nodes; }
    const std::vector<std::pair<int, int>>& nodeEdges() const { return m_nodeEdges; }

    /// Notes for the user about what the importer had to guess (shown with every plan).
    const std::vector<std::string>& warnings() const { return m_warnings; }
    void addWarning(std::string warning) { m_warnings.push_back(std::move(warning)); }

private:
    std::string m_name;
    std::string m_sourceFormat;
    std::vector<Layer> m_layers;
    Dag m_dag;
    std::optional<TransformerSpec> m_spec;
    std::vector<TransformerBlock> m_blocks;
    std::vector<OpNode> m_nodes;
    std::vector<std::pair<int, int>> m_nodeEdges;
    std::vector<std::string> m_warnings;
};

} // namespace shardscope
