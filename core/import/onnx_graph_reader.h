// SPDX-License-Identifier: GPL-3.0-or-later
// The ONNX importer's reading of a parsed, bound graph (docs/onnx-import.md), shared by its files:
// onnx_graph_reader.cpp (values, execution order, inferred shapes), onnx_node_costs.cpp (FLOPs
// per operator), onnx_layers.cpp (layers, saved activations, parameters, warnings).
#pragma once

#include "import/huge_page_allocator.h"
#include "import/onnx_symbols.h"
#include "import/onnx_wire_scan.h"
#include "model/model_graph.h"

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace onnx {
class ModelProto;
class NodeProto;
class ValueInfoProto;
}

namespace shardscope::onnx_import {

class IsolatedShapeInference;

/// A count at the probe binding, with the power of the sequence length it carries.
struct Scaled
{
    double value = 0;
    int seqDegree = 0;
};

struct ValueShape
{
    boost::container::small_vector<std::int64_t, 6> dims; ///< -1 for a dimension inference left unknown
    int elemType = 0;               ///< onnx::TensorProto_DataType
    bool known = false;             ///< rank and every dimension known

    /// The element count and its power of the sequence length `seq`: factors of the probe in
    /// symbolic graphs, dimensions equal to the fixed length in fixed-shape graphs (`exact`).
    Scaled elements(std::int64_t seq = kSeqProbe, bool exact = false) const
    {
        Scaled s { 1.0, 0 };
        for (std::int64_t d : dims) {
            s.value *= double(d);
            s.seqDegree += seqDegreeOf(d, seq, exact);
        }
        return s;
    }

    static int seqDegreeOf(std::int64_t d, std::int64_t seq, bool exact)
    {
        if (seq <= 1)
            return 0;
        if (exact)
            return d == seq ? 1 : 0;
        int degree = 0;
        for (std::int64_t r = d; r > 0 && r % seq == 0; r /= seq)
            ++degree;
        return degree;
    }
};

struct NodeInfo
{
    boost::container::small_vector<int, 4> inputs;  ///< value ids, -1 for an omitted optional input
    boost::container::small_vector<int, 2> outputs; ///< value ids
    bool weightOnly = false;  ///< computes from initializers and constants only
    Scaled flops;             ///< all forward FLOPs
    Scaled matmulFlops;       ///< the part done by matrix units (MatMul, Gemm, Conv)
    bool weighted = false;    ///< a MatMul/Gemm/Conv reading a weight
    std::int64_t params = 0;  ///< parameters of the weights it reads
    boost::container::small_vector<std::int64_t, 4> weightShape;
};

struct Value
{
    std::string_view name; ///< owned by the ModelProto
    ValueShape shape;
    int producer = -1;        ///< node index, -1 for graph inputs and initializers
    int initializer = -1;     ///< index into graph.initializer
    bool weightDerived = false;
    double weightParams = 0;  ///< parameters behind a weight-derived value (through Transpose, Cast, ...)
    boost::container::small_vector<int, 2> consumers;
};

/// Reads a parsed ModelProto into a ModelGraph (importOnnxBytes holds the arena and the helper).
class OnnxGraphReader
{
public:
    /// `inference` was started on the bytes `model` was parsed from (it parses them itself); read() finishes it.
    OnnxGraphReader(onnx::ModelProto& model, std::string source, IsolatedShapeInference& inference)
        : m_model(model)
        , m_source(std::move(source))
        , m_inference(inference)
    {
    }

    ModelGraph read();

private:
    int valueId(std::string_view name)
    {
        const auto [it, inserted] = m_valueIds.try_emplace(name, static_cast<int>(m_values.size()));
        if (inserted)
            m_values.push_back(Value { name, {}, -1, -1, false, 0, {} });
        return it->second;
    }
    void bindSymbols();
    void collectShape(const onnx::ValueInfoProto& info);
    void collectShape(const WireValueInfo& info);
    void indexValues();
    std::vector<int> topologicalOrder();
    void analyseNode(int n);
    Scaled count(const ValueShape& shape) const { return shape.elements(seqValue(), !m_hasSequence); }
    std::int64_t seqValue() const { return m_hasSequence ? kSeqProbe : static_cast<std::int64_t>(m_fixedSeq); }
    double perToken(const Scaled& s) const;
    double perTokenPerSeq(const Scaled& s) const;
    ModelGraph buildLayers();
    void groupNodes();
    void findSavedTensors();
    void assignParameters();
    Layer makeLayer(std::size_t l);
    void addOperatorsAndEdges(ModelGraph& graph);
    void addWarnings(ModelGraph& graph);
    bool activation(int value) const { return value >= 0 && !m_values[static_cast<std::size_t>(value)].weightDerived; }
    int viewRoot(int value) const;

    onnx::ModelProto& m_model;
    std::string m_source;
    IsolatedShapeInference& m_inference;
    std::unordered_map<std::string_view, int> m_valueIds; ///< views of names owned by m_model
    HugePageVector<Value> m_values;     ///< large: on huge pages (huge_page_allocator.h)
    HugePageVector<NodeInfo> m_nodes;
    std::vector<int> m_order;          ///< node indices in execution order
    bool m_hasSequence = false;        ///< a sequence-like symbol was bound to kSeqProbe
    double m_fixedTokens = 1;          ///< tokens per execution for fixed-shape graphs
    double m_fixedSeq = 1;
    std::vector<std::string> m_warnings;
    std::set<std::string> m_unknownSymbols;
    std::set<std::string> m_pastSymbols;
    int m_nodeShapesMissing = 0;
    std::vector<std::string> m_missingExamples;

    // Layer building (buildLayers and its steps).
    struct LayerBuild
    {
        std::string key;
        std::string name;
        std::vector<int> nodes;
    };
    std::vector<LayerBuild> m_layers;
    std::vector<int> m_layerOf;                 ///< node -> layer
    std::vector<std::vector<int>> m_savedBy;    ///< layer -> root values it keeps for backward
    std::vector<std::int64_t> m_layerParams;
    std::vector<std::int64_t> m_normParams;
    std::vector<int> m_tiedTo;
    std::vector<std::size_t> m_positionInLayer; ///< node -> index within its layer
    std::vector<int> m_stamp;                   ///< value -> last layer that counted it
};

} // namespace shardscope::onnx_import
