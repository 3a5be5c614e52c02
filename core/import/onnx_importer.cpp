// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_importer.h"

#include "import/onnx_operators.h"
#include "import/onnx_shape_inference.h"

#include "model/block_detection.h"
#include "util/input_error.h"
#include "util/text.h"

#include <onnx/onnx_pb.h>

#include <boost/container/small_vector.hpp>
#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace shardscope {

using namespace onnx_import;

namespace {

// Sequence-like symbolic dimensions are bound to this prime for shape inference. Every inferred
// size is then a product of model constants and powers of it, so counting its factors splits a
// FLOP or activation count into the part linear in the sequence length and the part quadratic
// in it (attention scores), for any training sequence length. Batch-like dimensions are bound
// to 1, so "per execution" is "per sequence".
constexpr std::int64_t kSeqProbe = 10007;
constexpr std::uintmax_t kMaxOnnxBytes = 2ull * 1024 * 1024 * 1024; // protobuf's own limit

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

std::string describeNode(const onnx::NodeProto& node, int index)
{
    return nodePosition(index, node.name());
}

/// Where and how the top level of a ModelProto breaks the protobuf wire format, for an error more
/// specific than "corrupt"; an empty message when the top level is well-formed (the damage is nested).
std::pair<std::size_t, std::string> firstWireFormatError(std::string_view bytes)
{
    std::size_t i = 0;
    const auto readVarint = [&](std::uint64_t& value) {
        value = 0;
        for (int shift = 0; shift < 64 && i < bytes.size(); shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[i++]);
            value |= std::uint64_t(b & 0x7F) << shift;
            if ((b & 0x80) == 0)
                return true;
        }
        return false;
    };
    while (i < bytes.size()) {
        const std::size_t start = i;
        std::uint64_t key = 0;
        if (!readVarint(key))
            return { start, "a field key runs past the end of the file" };
        const std::uint64_t field = key >> 3;
        const auto wire = static_cast<unsigned>(key & 7);
        const std::string name = "field " + std::to_string(field) + (field == 7 ? " (graph)" : "");
        if (field == 0 || (wire != 0 && wire != 1 && wire != 2 && wire != 5)) {
            char byte[8];
            std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(bytes[start])));
            return { start, std::string("byte ") + byte + " is not a protobuf field key (field " + std::to_string(field)
                                + ", wire type " + std::to_string(wire) + ")" };
        }
        std::uint64_t length = wire == 1 ? 8 : wire == 5 ? 4 : 0;
        if (wire == 0 && !readVarint(length))
            return { start, name + ": its value runs past the end of the file" };
        if (wire == 2 && !readVarint(length))
            return { start, name + ": its length runs past the end of the file" };
        if (wire != 0) {
            if (length > bytes.size() - i)
                return { start, name + " declares " + std::to_string(length) + " bytes, but only "
                                    + std::to_string(bytes.size() - i) + " follow" };
            i += static_cast<std::size_t>(length);
        }
    }
    return { bytes.size(), "" };
}

/// Parses into `arena`: one bulk allocation for the 100,000s of messages of a large graph, freed at once.
onnx::ModelProto* parseModelProto(std::string_view bytes, const std::string& source, google::protobuf::Arena& arena)
{
    if (bytes.empty())
        throw InputError(source, "", "ONNX: the file is empty; expected an ONNX ModelProto");
    if (bytes.size() > kMaxOnnxBytes)
        throw InputError(source, "", "ONNX: the file is larger than 2 GB, protobuf's limit; export the weights as "
                                     "external data (onnx.save_model(..., save_as_external_data=True))");
    google::protobuf::io::CodedInputStream coded(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                 static_cast<int>(bytes.size()));
    coded.SetTotalBytesLimit(std::numeric_limits<int>::max());
    auto* model = google::protobuf::Arena::CreateMessage<onnx::ModelProto>(&arena);
    if (!model->ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
        if (bytes.starts_with("PK\x03\x04"))
            throw InputError(source, "byte 0", "ONNX: not a valid ModelProto: this is a zip archive (a PyTorch "
                                               ".pt/.pth checkpoint?); export the model with torch.onnx.export");
        if (const auto [offset, problem] = firstWireFormatError(bytes); !problem.empty())
            throw InputError(source, "byte " + std::to_string(offset),
                             "ONNX: not a valid ModelProto: the protobuf data is truncated or corrupt: " + problem);
        throw InputError(source, "byte " + std::to_string(coded.CurrentPosition()),
                         "ONNX: not a valid ModelProto: the protobuf data is truncated or corrupt (the file is "
                             + std::to_string(bytes.size()) + " bytes)");
    }
    if (!model->has_graph())
        throw InputError(source, "graph", "ONNX: the model has no graph nodes: it holds no graph at all, only "
                                          "metadata (ir_version, producer); expected an exported compute graph");
    if (model->graph().node_size() == 0)
        throw InputError(source, "graph", "ONNX: the model has no graph nodes; expected an exported compute graph");
    return model;
}

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

class OnnxGraphReader
{
public:
    OnnxGraphReader(onnx::ModelProto& model, std::string source, std::chrono::milliseconds inferenceTimeLimit)
        : m_model(model)
        , m_source(std::move(source))
        , m_inferenceTimeLimit(inferenceTimeLimit)
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
    std::chrono::milliseconds m_inferenceTimeLimit;
    std::unordered_map<std::string_view, int> m_valueIds; ///< views of names owned by m_model
    std::vector<Value> m_values;
    std::vector<NodeInfo> m_nodes;
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

void OnnxGraphReader::bindSymbols()
{
    onnx::GraphProto& g = *m_model.mutable_graph();
    std::unordered_set<std::string> initializerNames;
    for (const onnx::TensorProto& t : g.initializer())
        initializerNames.insert(t.name());

    // Roles of the symbols on real graph inputs (IR < 4 models also list initializers as inputs).
    std::map<std::string, DimRole> roles;
    const onnx::ValueInfoProto* firstInput = nullptr;
    for (const onnx::ValueInfoProto& in : g.input()) {
        if (initializerNames.count(in.name()))
            continue;
        if (!firstInput)
            firstInput = &in;
        for (const auto& d : in.type().tensor_type().shape().dim())
            if (d.has_dim_param())
                roles.emplace(d.dim_param(), classifySymbol(d.dim_param()));
    }
    // Unnamed exports ("unk__0", "dim_1"): token ids [a, b] are [batch, sequence].
    if (firstInput && !isFloatType(firstInput->type().tensor_type().elem_type())) {
        const auto& dims = firstInput->type().tensor_type().shape().dim();
        if (dims.size() == 2 && dims[0].has_dim_param() && dims[1].has_dim_param()
            && roles[dims[0].dim_param()] == DimRole::Other && roles[dims[1].dim_param()] == DimRole::Other) {
            roles[dims[0].dim_param()] = DimRole::Batch;
            roles[dims[1].dim_param()] = DimRole::Sequence;
        }
    }
    for (const auto& [symbol, role] : roles)
        if (role == DimRole::Sequence)
            m_hasSequence = true;

    // Fixed-shape graphs: token ids [batch, seq] give tokens per execution; anything else is per sample.
    if (!m_hasSequence && firstInput) {
        const auto& dims = firstInput->type().tensor_type().shape().dim();
        const bool ids = !isFloatType(firstInput->type().tensor_type().elem_type());
        if (ids && dims.size() == 2 && dims[0].has_dim_value() && dims[1].has_dim_value() && dims[1].dim_value() > 1) {
            m_fixedSeq = double(dims[1].dim_value());
            m_fixedTokens = double(std::max<std::int64_t>(1, dims[0].dim_value())) * m_fixedSeq;
        } else if (!dims.empty() && dims[0].has_dim_value() && dims[0].dim_value() > 0) {
            m_fixedTokens = double(dims[0].dim_value());
        }
    }

    auto bind = [&](onnx::ValueInfoProto& info) {
        auto* shape = info.mutable_type()->mutable_tensor_type()->mutable_shape();
        for (auto& d : *shape->mutable_dim()) {
            if (!d.has_dim_param())
                continue;
            const std::string symbol = d.dim_param();
            const auto it = roles.find(symbol);
            const DimRole role = it == roles.end() ? classifySymbol(symbol) : it->second;
            std::int64_t value = 1;
            if (role == DimRole::Sequence)
                value = m_hasSequence ? kSeqProbe : 1;
            else if (role == DimRole::Past) {
                value = 0; // training has no key/value cache
                m_pastSymbols.insert(symbol);
            } else if (role == DimRole::Other)
                m_unknownSymbols.insert(symbol);
            d.set_dim_value(value);
        }
    };
    for (auto& in : *g.mutable_input())
        if (!initializerNames.count(in.name()))
            bind(in);
    for (auto& out : *g.mutable_output())
        bind(out);
    // Shapes recorded by the exporter would only be merged with (and may contradict) the bound ones.
    g.clear_value_info();
}

void OnnxGraphReader::collectShape(const onnx::ValueInfoProto& info)
{
    const auto it = m_valueIds.find(info.name());
    if (it == m_valueIds.end() || !info.type().has_tensor_type())
        return;
    ValueShape& shape = m_values[static_cast<std::size_t>(it->second)].shape;
    const auto& tensorType = info.type().tensor_type();
    if (tensorType.elem_type() != 0)
        shape.elemType = tensorType.elem_type();
    if (!tensorType.has_shape())
        return;
    shape.dims.clear();
    shape.known = true;
    for (const auto& d : tensorType.shape().dim()) {
        if (d.has_dim_value() && d.dim_value() >= 0)
            shape.dims.push_back(d.dim_value());
        else {
            shape.dims.push_back(-1);
            shape.known = false;
        }
    }
}

void OnnxGraphReader::indexValues()
{
    const onnx::GraphProto& g = m_model.graph();
    m_valueIds.reserve(static_cast<std::size_t>(g.initializer_size() + g.input_size() + 2 * g.node_size()));
    m_values.reserve(m_valueIds.bucket_count());
    // Names end up in layer names, messages and JSON: they must be text.
    const auto checkUtf8 = [&](const std::string& text, const std::string& position, const char* what) {
        if (const std::size_t bad = invalidUtf8Offset(text); bad != std::string_view::npos)
            throw InputError(m_source, position,
                             std::string("ONNX: the ") + what + " \"" + escapedBytes(text) + "\" is not valid UTF-8 (byte "
                                 + std::to_string(bad) + "); the file is damaged or was written with a wrong encoding");
    };
    checkUtf8(g.name(), "graph.name", "graph name");
    for (int i = 0; i < g.initializer_size(); ++i) {
        const onnx::TensorProto& t = g.initializer(i);
        checkUtf8(t.name(), "graph.initializer[" + std::to_string(i) + "]", "initializer name");
        if (t.name().empty())
            throw InputError(m_source, "graph.initializer[" + std::to_string(i) + "]", "ONNX: an initializer has no name");
        Value& v = m_values[static_cast<std::size_t>(valueId(t.name()))];
        if (v.initializer >= 0)
            throw InputError(m_source, "graph.initializer[" + std::to_string(i) + "] (" + t.name() + ")",
                             "ONNX: a second initializer with the same name");
        v.initializer = i;
        v.weightDerived = true;
        v.shape.elemType = t.data_type();
        v.shape.known = true;
        double numel = 1;
        for (int d = 0; d < t.dims_size(); ++d) {
            if (t.dims(d) < 0)
                throw InputError(m_source, "graph.initializer[" + std::to_string(i) + "] (" + t.name() + ")",
                                 "ONNX: negative dimension " + std::to_string(t.dims(d)));
            numel *= double(t.dims(d));
            v.shape.dims.push_back(t.dims(d));
        }
        if (numel > 1e15)
            throw InputError(m_source, "graph.initializer[" + std::to_string(i) + "] (" + t.name() + ")",
                             "ONNX: " + formatCount(numel) + " elements is not a real weight tensor");
        if (isFloatType(t.data_type()) && t.dims_size() > 0)
            v.weightParams = numel;
    }
    for (const onnx::ValueInfoProto& in : g.input())
        valueId(in.name());

    m_nodes.resize(static_cast<std::size_t>(g.node_size()));
    // First pass: outputs, so that an input produced by a later node is a cycle or an unsorted graph, not a dangling edge.
    for (int n = 0; n < g.node_size(); ++n) {
        const onnx::NodeProto& node = g.node(n);
        checkUtf8(node.name(), "graph.node[" + std::to_string(n) + "]", "node name");
        checkUtf8(node.op_type(), "graph.node[" + std::to_string(n) + "]", "operator type");
        for (const std::string& out : node.output())
            checkUtf8(out, "graph.node[" + std::to_string(n) + "]", "output name");
        if (node.op_type().empty())
            throw InputError(m_source, describeNode(node, n), "ONNX: the node has no op_type");
        for (const std::string& out : node.output()) {
            if (out.empty()) {
                m_nodes[static_cast<std::size_t>(n)].outputs.push_back(-1);
                continue;
            }
            Value& v = m_values[static_cast<std::size_t>(valueId(out))];
            if (v.producer >= 0 || v.initializer >= 0)
                throw InputError(m_source, describeNode(node, n),
                                 "ONNX: output '" + out + "' is already produced by "
                                     + (v.producer >= 0 ? describeNode(g.node(v.producer), v.producer) : "an initializer")
                                     + "; every value must have one producer");
            v.producer = n;
            m_nodes[static_cast<std::size_t>(n)].outputs.push_back(valueId(out));
        }
    }
    std::unordered_set<std::string> graphInputs;
    for (const onnx::ValueInfoProto& in : g.input())
        graphInputs.insert(in.name());
    for (int n = 0; n < g.node_size(); ++n) {
        const onnx::NodeProto& node = g.node(n);
        for (const std::string& in : node.input()) {
            if (in.empty()) {
                m_nodes[static_cast<std::size_t>(n)].inputs.push_back(-1);
                continue;
            }
            const auto it = m_valueIds.find(in);
            const Value* v = it == m_valueIds.end() ? nullptr : &m_values[static_cast<std::size_t>(it->second)];
            if (!v || (v->producer < 0 && v->initializer < 0 && !graphInputs.count(in)))
                throw InputError(m_source, describeNode(node, n),
                                 "ONNX: input '" + in + "' is not produced by any node, initializer or graph input "
                                     "(a dangling edge)");
            m_nodes[static_cast<std::size_t>(n)].inputs.push_back(it->second);
            m_values[static_cast<std::size_t>(it->second)].consumers.push_back(n);
        }
    }
}

std::vector<int> OnnxGraphReader::topologicalOrder()
{
    // ONNX requires nodes in topological order; exporters sometimes break it. Kahn's algorithm,
    // preferring file order, repairs that and finds cycles.
    const int count = static_cast<int>(m_nodes.size());
    std::vector<int> pending(static_cast<std::size_t>(count), 0);
    for (int n = 0; n < count; ++n)
        for (int in : m_nodes[static_cast<std::size_t>(n)].inputs)
            if (in >= 0 && m_values[static_cast<std::size_t>(in)].producer >= 0)
                ++pending[static_cast<std::size_t>(n)];
    std::priority_queue<int, std::vector<int>, std::greater<>> ready; // file order among the ready nodes
    for (int n = 0; n < count; ++n)
        if (pending[static_cast<std::size_t>(n)] == 0)
            ready.push(n);
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(count));
    bool sorted = true;
    while (!ready.empty()) {
        const int n = ready.top();
        ready.pop();
        if (n != static_cast<int>(order.size()) && sorted && (order.empty() || n < order.back()))
            sorted = false;
        order.push_back(n);
        for (int out : m_nodes[static_cast<std::size_t>(n)].outputs)
            if (out >= 0)
                for (int c : m_values[static_cast<std::size_t>(out)].consumers)
                    if (--pending[static_cast<std::size_t>(c)] == 0)
                        ready.push(c);
    }
    if (static_cast<int>(order.size()) < count) {
        // Walk producers back from a node that never became ready until a node repeats: a cycle.
        int start = 0;
        while (pending[static_cast<std::size_t>(start)] == 0)
            ++start;
        std::vector<int> path;
        std::unordered_map<int, std::size_t> seen;
        int n = start;
        while (!seen.count(n)) {
            seen[n] = path.size();
            path.push_back(n);
            for (int in : m_nodes[static_cast<std::size_t>(n)].inputs) {
                const int p = in >= 0 ? m_values[static_cast<std::size_t>(in)].producer : -1;
                if (p >= 0 && pending[static_cast<std::size_t>(p)] > 0) {
                    n = p;
                    break;
                }
            }
        }
        std::vector<int> cycle(path.begin() + static_cast<std::ptrdiff_t>(seen[n]), path.end());
        std::reverse(cycle.begin(), cycle.end()); // producer -> consumer
        std::string names;
        for (int c : cycle) {
            const onnx::NodeProto& node = m_model.graph().node(c);
            names += (node.name().empty() ? node.op_type() + "#" + std::to_string(c) : node.name()) + " -> ";
        }
        const onnx::NodeProto& first = m_model.graph().node(cycle.front());
        names += first.name().empty() ? first.op_type() + "#" + std::to_string(cycle.front()) : first.name();
        throw InputError(m_source, describeNode(first, cycle.front()), "ONNX: the graph has a cycle: " + names);
    }
    if (!sorted)
        m_warnings.push_back("the ONNX nodes were not in topological order; ShardScope reordered them");
    return order;
}

double OnnxGraphReader::perToken(const Scaled& s) const
{
    if (s.seqDegree >= 2)
        return 0;
    // Degree 0 (a per-sequence quantity such as a pooled output) is spread over the sequence's tokens.
    return s.value / (m_hasSequence ? double(kSeqProbe) : m_fixedTokens);
}

double OnnxGraphReader::perTokenPerSeq(const Scaled& s) const
{
    if (s.seqDegree < 2)
        return 0;
    const double seq = double(seqValue());
    return s.value / (m_hasSequence ? seq : m_fixedTokens) / std::pow(seq, s.seqDegree - 1);
}

void OnnxGraphReader::analyseNode(int n)
{
    const onnx::NodeProto& node = m_model.graph().node(n);
    NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
    const std::string& op = node.op_type();

    // Weight-only nodes (Transpose of a weight, Cast of a constant) are folded into the weights.
    bool anyInput = false;
    bool allWeights = true;
    for (int in : info.inputs)
        if (in >= 0) {
            anyInput = true;
            allWeights = allWeights && m_values[static_cast<std::size_t>(in)].weightDerived;
        }
    info.weightOnly = (op == "Constant") || (anyInput && allWeights && op != "Shape" && op != "Size");
    // Parameters: floating-point initializers with at least one dimension (scalars are constants),
    // except BatchNormalization's running statistics (buffers, not trained); through weight-only
    // nodes (a transposed weight) they stay parameters of the node that finally reads them.
    double weightParams = 0;
    for (std::size_t i = 0; i < info.inputs.size(); ++i) {
        const int in = info.inputs[i];
        if (in < 0 || (op == "BatchNormalization" && i >= 3))
            continue;
        const Value& v = m_values[static_cast<std::size_t>(in)];
        if (!v.weightDerived)
            continue;
        weightParams += v.weightParams;
        if (v.weightParams > 0 && info.weightShape.empty())
            info.weightShape.assign(v.shape.dims.begin(), v.shape.dims.end());
    }
    for (int out : info.outputs)
        if (out >= 0) {
            Value& v = m_values[static_cast<std::size_t>(out)];
            v.weightDerived = info.weightOnly;
            v.weightParams = info.weightOnly ? weightParams : 0;
        }
    if (info.weightOnly)
        return;
    info.params = static_cast<std::int64_t>(weightParams);

    auto shapeOf = [&](std::size_t input) -> const ValueShape* {
        if (input >= info.inputs.size() || info.inputs[input] < 0)
            return nullptr;
        const ValueShape& s = m_values[static_cast<std::size_t>(info.inputs[input])].shape;
        return s.known ? &s : nullptr;
    };
    const ValueShape* out0 = info.outputs.empty() || info.outputs[0] < 0 ? nullptr
                                                                          : &m_values[static_cast<std::size_t>(info.outputs[0])].shape;
    if (out0 && !out0->known)
        out0 = nullptr;
    auto weightInput = [&](std::size_t input) {
        return input < info.inputs.size() && info.inputs[input] >= 0
            && m_values[static_cast<std::size_t>(info.inputs[input])].weightDerived;
    };
    auto times = [&](Scaled a, const ValueShape& s, std::size_t dimFromEnd) {
        const std::int64_t d = s.dims[s.dims.size() - 1 - dimFromEnd];
        a.value *= double(d);
        a.seqDegree += ValueShape::seqDegreeOf(d, seqValue(), !m_hasSequence);
        return a;
    };

    bool shapesKnown = out0 != nullptr;
    if (op == "MatMul" || op == "MatMulInteger") {
        // (..., m, k) x (..., k, n): 2 m k n per batch element.
        const ValueShape* a = shapeOf(0);
        if (out0 && a && !a->dims.empty()) {
            Scaled f = count(*out0);
            f.value *= 2;
            info.matmulFlops = times(f, *a, 0);
        } else {
            shapesKnown = false;
        }
        info.weighted = weightInput(0) || weightInput(1);
    } else if (op == "Gemm") {
        const ValueShape* a = shapeOf(0);
        if (out0 && a && a->dims.size() == 2) {
            const bool transA = [&] {
                for (const auto& attr : node.attribute())
                    if (attr.name() == "transA")
                        return attr.i() != 0;
                return false;
            }();
            Scaled f = count(*out0);
            f.value *= 2;
            info.matmulFlops = times(f, *a, transA ? 1 : 0);
        } else {
            shapesKnown = false;
        }
        info.weighted = weightInput(1) || weightInput(0);
    } else if (op == "Conv" || op == "ConvInteger") {
        // 2 x output elements x (input channels per group x kernel elements) = 2 x out x numel(W) / Cout
        const ValueShape* w = shapeOf(1);
        if (out0 && w && w->dims.size() >= 2 && w->dims[0] > 0) {
            Scaled f = count(*out0);
            double perOutput = 1;
            for (std::size_t i = 1; i < w->dims.size(); ++i)
                perOutput *= double(w->dims[i]);
            f.value *= 2 * perOutput;
            info.matmulFlops = f;
        } else {
            shapesKnown = false;
        }
        info.weighted = weightInput(1);
    } else if (op == "ConvTranspose") {
        // Every input element meets Cout/group x kernel weights.
        const ValueShape* x = shapeOf(0);
        const ValueShape* w = shapeOf(1);
        if (x && w && w->dims.size() >= 2 && w->dims[0] > 0) {
            Scaled f = count(*x);
            double perInput = 1;
            for (std::size_t i = 1; i < w->dims.size(); ++i)
                perInput *= double(w->dims[i]);
            f.value *= 2 * perInput;
            info.matmulFlops = f;
        } else {
            shapesKnown = false;
        }
        info.weighted = weightInput(1);
    } else if (op == "Einsum") {
        // 2 x the product of every index's extent (one multiply-add per point of the index space).
        std::string equation;
        for (const auto& attr : node.attribute())
            if (attr.name() == "equation")
                equation = attr.s();
        std::map<char, std::int64_t> extents;
        std::size_t operand = 0;
        std::size_t position = 0;
        bool ok = true;
        const std::string lhs = equation.substr(0, equation.find("->"));
        for (char c : lhs) {
            if (c == ',') {
                ++operand;
                position = 0;
            } else if (std::isalpha(static_cast<unsigned char>(c))) {
                const ValueShape* s = shapeOf(operand);
                if (!s || position >= s->dims.size()) {
                    ok = false;
                    break;
                }
                extents[c] = s->dims[position++];
            } else if (c != ' ') {
                ok = false; // ellipsis: left uncounted
                break;
            }
        }
        if (ok && !extents.empty()) {
            Scaled f { 2.0, 0 };
            for (const auto& [index, d] : extents) {
                f.value *= double(d);
                f.seqDegree += ValueShape::seqDegreeOf(d, seqValue(), !m_hasSequence);
            }
            info.matmulFlops = f;
        } else {
            shapesKnown = false;
        }
        for (std::size_t i = 0; i < info.inputs.size(); ++i)
            info.weighted = info.weighted || weightInput(i);
    } else if (op == "MaxPool" || op == "AveragePool" || op == "LpPool") {
        if (out0) {
            double kernel = 1;
            for (const auto& attr : node.attribute())
                if (attr.name() == "kernel_shape")
                    for (std::int64_t k : attr.ints())
                        kernel *= double(k);
            info.flops = count(*out0);
            info.flops.value *= kernel;
        }
    } else if (op == "GlobalAveragePool" || op == "GlobalMaxPool" || op.rfind("Reduce", 0) == 0) {
        if (const ValueShape* x = shapeOf(0))
            info.flops = count(*x);
        else
            shapesKnown = false;
    } else if (const double perElement = elementwiseFlops(op); perElement > 0) {
        if (out0) {
            info.flops = count(*out0);
            info.flops.value *= perElement;
        }
    }
    if (op == "Gather" && weightInput(0) && info.params > 0)
        info.weighted = true; // an embedding lookup
    if (isMatmulClass(op))
        info.flops = info.matmulFlops;
    if (!shapesKnown && (isMatmulClass(op) || elementwiseFlops(op) > 0))
        info.flops = info.matmulFlops = Scaled {};
    m_nodeShapesMissing += (!shapesKnown && (isMatmulClass(op) || elementwiseFlops(op) > 0)) ? 1 : 0;
    if (!shapesKnown && isMatmulClass(op) && m_missingExamples.size() < 3)
        m_missingExamples.push_back(node.name().empty() ? op + "#" + std::to_string(n) : node.name());
}

ModelGraph OnnxGraphReader::read()
{
    bindSymbols();
    // Shape inference runs in a helper process (IsolatedShapeInference: libonnx crashes on some
    // malformed nodes) while this thread indexes the values and orders the nodes; a structural
    // error (dangling edge, cycle) thrown here kills the helper. The helper's value_info and
    // outputs are merged in afterwards. No thread of our own: the fork copies only this one.
    const std::string invalidNode = firstNodeFailingSchema(m_model);
    std::optional<IsolatedShapeInference> inference;
    if (invalidNode.empty())
        inference.emplace(m_model, m_inferenceTimeLimit);
    indexValues();
    m_order = topologicalOrder();
    ShapeInferenceOutcome inferred;
    if (inference)
        inferred = inference->finish(m_model);
    if (!invalidNode.empty())
        m_warnings.push_back("ONNX shape inference was skipped, as libonnx cannot infer shapes safely past an invalid "
                             "node: " + invalidNode + "; no node has inferred sizes");
    else if (const std::string warning = inferred.warning(); !warning.empty())
        m_warnings.push_back(warning);

    const onnx::GraphProto& g = m_model.graph();
    for (const onnx::ValueInfoProto& in : g.input())
        if (const auto it = m_valueIds.find(in.name()); it != m_valueIds.end() && m_values[std::size_t(it->second)].initializer < 0)
            collectShape(in);
    for (const onnx::ValueInfoProto& info : g.value_info())
        collectShape(info);
    for (const onnx::ValueInfoProto& out : g.output())
        collectShape(out);

    for (int n : m_order)
        analyseNode(n);
    return buildLayers();
}

ModelGraph OnnxGraphReader::buildLayers()
{
    groupNodes();
    findSavedTensors();
    assignParameters();
    ModelGraph graph;
    graph.setSourceFormat("ONNX");
    m_positionInLayer.assign(m_nodes.size(), 0);
    m_stamp.assign(m_values.size(), -1);
    for (std::size_t l = 0; l < m_layers.size(); ++l)
        graph.addLayer(makeLayer(l));
    addOperatorsAndEdges(graph);
    detectTransformerBlocks(graph);
    addWarnings(graph);
    return graph;
}

// Nodes into layers: contiguous runs of one name scope in execution order.
void OnnxGraphReader::groupNodes()
{
    const onnx::GraphProto& g = m_model.graph();
    std::vector<LayerBuild>& layers = m_layers;
    std::vector<int>& layerOf = m_layerOf;
    layerOf.assign(m_nodes.size(), -1);
    std::vector<int> pending;
    std::unordered_map<std::string, int> keyUses;
    std::vector<std::string_view> tokens;
    std::string key;
    for (int n : m_order) {
        const onnx::NodeProto& node = g.node(n);
        NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        tokens.clear();
        if (info.weightOnly) {
            // Constants and transposed weights never start a layer.
            if (!layers.empty())
                layers.back().nodes.push_back(n);
            else
                pending.push_back(n);
            continue;
        }
        if (node.name().find('/') != std::string::npos || node.name().find('.') != std::string::npos)
            scopeTokens(node.name(), true, tokens);
        if (tokens.empty())
            for (int in : info.inputs) {
                const Value* v = in >= 0 ? &m_values[static_cast<std::size_t>(in)] : nullptr;
                if (v && v->initializer >= 0 && v->weightParams > 0 && v->name.substr(0, 6) != "onnx::") {
                    scopeTokens(v->name, true, tokens);
                    break;
                }
            }
        layerKey(tokens, key); // into one reused buffer: no allocation per node
        const bool substantial = !info.weightOnly
            && (info.params > 0 || info.flops.value > 0 || isMatmulClass(node.op_type()) || isNormalization(node.op_type()));
        LayerBuild* current = layers.empty() ? nullptr : &layers.back();
        const bool joins = current
            && (key.empty() || key == current->key || isStrictPrefix(key, current->key) || !substantial);
        if (joins) {
            current->nodes.push_back(n);
            continue;
        }
        if (!substantial || key.empty()) {
            pending.push_back(n); // constants and shape arithmetic before the first real layer
            continue;
        }
        LayerBuild layer;
        layer.key = key;
        const int use = ++keyUses[key];
        layer.name = use == 1 ? key : key + "#" + std::to_string(use);
        layer.nodes = std::move(pending);
        pending.clear();
        layer.nodes.push_back(n);
        layers.push_back(std::move(layer));
    }
    if (layers.empty()) {
        if (pending.empty())
            throw InputError(m_source, "graph", "ONNX: the graph computes nothing (only constants)");
        LayerBuild layer;
        layer.name = g.name().empty() ? std::string("graph") : g.name();
        layer.nodes = std::move(pending);
        layers.push_back(std::move(layer));
    } else if (!pending.empty()) {
        layers.back().nodes.insert(layers.back().nodes.end(), pending.begin(), pending.end());
    }
    for (std::size_t l = 0; l < layers.size(); ++l)
        for (int n : layers[l].nodes)
            layerOf[static_cast<std::size_t>(n)] = static_cast<int>(l);
}

// The tensor a view (Reshape, Transpose, Split, ...) shows: what autograd actually keeps.
int OnnxGraphReader::viewRoot(int value) const
{
    const onnx::GraphProto& g = m_model.graph();
    for (int guard = 0; guard < 64 && value >= 0; ++guard) {
        const int p = m_values[static_cast<std::size_t>(value)].producer;
        if (p < 0 || !isViewOp(g.node(p).op_type()))
            break;
        const int in = m_nodes[static_cast<std::size_t>(p)].inputs.empty() ? -1 : m_nodes[static_cast<std::size_t>(p)].inputs[0];
        if (in < 0 || m_values[static_cast<std::size_t>(in)].weightDerived)
            break;
        value = in;
    }
    return value;
}

// What backward needs: the tensors each operator saves (Korthikanti et al. 2022, Sec. 4.1 count
// the same way: inputs of matrix products and norms, softmax outputs, GELU inputs).
void OnnxGraphReader::findSavedTensors()
{
    const onnx::GraphProto& g = m_model.graph();
    const std::vector<int>& layerOf = m_layerOf;
    std::vector<int> keeperOf(m_values.size(), -1); // root value -> layer that keeps it
    std::vector<int> saved;
    auto save = [&](int value, int layer) {
        if (!activation(value))
            return;
        const int r = viewRoot(value);
        const int p = m_values[static_cast<std::size_t>(r)].producer;
        int& keeper = keeperOf[static_cast<std::size_t>(r)];
        if (keeper < 0) {
            keeper = p >= 0 ? layerOf[static_cast<std::size_t>(p)] : layer;
            saved.push_back(r);
        }
    };
    // erf-GELU as exporters write it, x * 0.5 * (1 + erf(x / sqrt 2)): autograd of a real GELU keeps only x.
    std::vector<char> geluParts(m_nodes.size(), 0);
    for (int n : m_order) {
        const onnx::NodeProto& node = g.node(n);
        if (node.op_type() != "Erf")
            continue;
        const NodeInfo& erf = m_nodes[static_cast<std::size_t>(n)];
        const int divOut = erf.inputs.empty() ? -1 : erf.inputs[0];
        const int div = divOut >= 0 ? m_values[static_cast<std::size_t>(divOut)].producer : -1;
        if (div < 0 || g.node(div).op_type() != "Div")
            continue;
        const int x = m_nodes[static_cast<std::size_t>(div)].inputs[0];
        std::vector<int> chain { div, n };
        int value = erf.outputs.empty() ? -1 : erf.outputs[0];
        bool multipliedByX = false;
        for (int step = 0; step < 3 && value >= 0; ++step) {
            const auto& consumers = m_values[static_cast<std::size_t>(value)].consumers;
            if (consumers.size() != 1)
                break;
            const int c = consumers.front();
            const std::string& op = g.node(c).op_type();
            if (op != "Add" && op != "Mul")
                break;
            chain.push_back(c);
            const auto& ins = m_nodes[static_cast<std::size_t>(c)].inputs;
            if (op == "Mul" && std::find(ins.begin(), ins.end(), x) != ins.end())
                multipliedByX = true;
            value = m_nodes[static_cast<std::size_t>(c)].outputs.empty() ? -1 : m_nodes[static_cast<std::size_t>(c)].outputs[0];
        }
        if (!multipliedByX)
            continue;
        for (int c : chain)
            geluParts[static_cast<std::size_t>(c)] = 1;
        save(x, layerOf[static_cast<std::size_t>(n)]);
    }
    for (int n : m_order) {
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        if (info.weightOnly || geluParts[static_cast<std::size_t>(n)])
            continue;
        const std::string& op = g.node(n).op_type();
        const int layer = layerOf[static_cast<std::size_t>(n)];
        const auto in = [&](std::size_t i) { return i < info.inputs.size() ? info.inputs[i] : -1; };
        const int out0 = info.outputs.empty() ? -1 : info.outputs[0];
        if (op == "MatMul" || op == "Gemm" || op == "Einsum" || op == "MatMulInteger") {
            for (std::size_t i = 0; i < info.inputs.size() && i < 2; ++i)
                save(in(i), layer);
        } else if (op == "Conv" || op == "ConvTranspose" || op == "ConvInteger" || isNormalization(op) || op == "MaxPool"
                   || op == "Erf" || op == "Gelu" || op == "FastGelu" || op == "BiasGelu" || op == "Log" || op == "Abs"
                   || op == "LeakyRelu" || op == "Elu" || op == "Selu" || op == "Clip" || op == "HardSwish"
                   || op == "HardSigmoid" || op == "Mish" || op == "Softplus" || op == "Pow" || op == "Gather"
                   || op == "GatherElements" || op == "ReduceMax" || op == "ReduceMin") {
            save(op == "Gather" || op == "GatherElements" ? in(1) : in(0), layer);
        } else if (op == "Softmax" || op == "LogSoftmax" || op == "Relu" || op == "Sigmoid" || op == "Tanh" || op == "Exp"
                   || op == "Sqrt" || op == "Reciprocal") {
            save(out0, layer);
        } else if (op == "Mul") {
            if (activation(in(0)) && activation(in(1))) {
                save(in(0), layer);
                save(in(1), layer);
            }
        } else if (op == "Div") {
            if (activation(in(1))) {
                save(in(0), layer);
                save(in(1), layer);
            }
        } else if (op == "Where") {
            save(in(0), layer);
        } else if (op == "Dropout") {
            save(info.outputs.size() > 1 && info.outputs[1] >= 0 ? info.outputs[1] : out0, layer);
        }
    }

    m_savedBy.assign(m_layers.size(), {});
    for (int value : saved)
        m_savedBy[static_cast<std::size_t>(keeperOf[static_cast<std::size_t>(value)])].push_back(value);
}

// Parameter ownership: an initializer belongs to the first layer that reads it; a later layer
// reading it shares it (a tied LM head).
void OnnxGraphReader::assignParameters()
{
    const onnx::GraphProto& g = m_model.graph();
    const std::vector<int>& layerOf = m_layerOf;
    std::vector<std::int64_t>& layerParams = m_layerParams;
    std::vector<int>& tiedTo = m_tiedTo;
    std::vector<std::int64_t>& normParams = m_normParams;
    layerParams.assign(m_layers.size(), 0);
    tiedTo.assign(m_layers.size(), -1);
    normParams.assign(m_layers.size(), 0);
    std::vector<int> owner(m_values.size(), -1);
    for (int n : m_order) {
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        const int layer = layerOf[static_cast<std::size_t>(n)];
        const std::string& op = g.node(n).op_type();
        for (std::size_t i = 0; i < info.inputs.size(); ++i) {
            const int in = info.inputs[i];
            if (in < 0 || (op == "BatchNormalization" && i >= 3))
                continue;
            const Value& v = m_values[static_cast<std::size_t>(in)];
            if (v.initializer < 0 || v.weightParams <= 0)
                continue;
            int& own = owner[static_cast<std::size_t>(in)];
            if (own < 0) {
                own = layer;
                layerParams[std::size_t(layer)] += static_cast<std::int64_t>(v.weightParams);
                if (isNormalization(op))
                    normParams[std::size_t(layer)] += static_cast<std::int64_t>(v.weightParams);
            } else if (own != layer && tiedTo[std::size_t(layer)] < 0) {
                tiedTo[std::size_t(layer)] = own;
            }
        }
    }

}

// One layer's costs from its nodes.
Layer OnnxGraphReader::makeLayer(std::size_t l)
{
    const onnx::GraphProto& g = m_model.graph();
    const std::vector<int>& layerOf = m_layerOf;
    std::vector<std::size_t>& positionInLayer = m_positionInLayer;
    std::vector<int>& stamp = m_stamp;
    const std::vector<std::int64_t>& normParams = m_normParams;
    const LayerBuild& build = m_layers[l];
    Layer layer;
    layer.name = build.name;
    layer.params = m_layerParams[l];
    layer.tiedToLayer = m_tiedTo[l];

    // Matrix products, in order; the first and last weighted ones bound the tensor-parallel region.
    std::vector<std::size_t> weighted;
    std::vector<std::string> ops;
    bool softmax = false;
    bool activationProduct = false;
    bool embeddingLookup = false;
    bool onlyNorms = true;
    for (std::size_t i = 0; i < build.nodes.size(); ++i) {
        const int n = build.nodes[i];
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        const std::string& op = g.node(n).op_type();
        layer.flopsPerToken += perToken(info.matmulFlops);
        layer.flopsPerTokenPerSeq += perTokenPerSeq(info.matmulFlops);
        if (info.weighted)
            weighted.push_back(i);
        if (op == "Gather" && info.weighted)
            embeddingLookup = true;
        if (op == "Softmax")
            softmax = true;
        if ((op == "MatMul" || op == "Einsum") && !info.weighted)
            activationProduct = true;
        const bool substantial = !info.weightOnly && (info.flops.value > 0 || info.params > 0 || isNormalization(op));
        if (substantial && !isNormalization(op) && op != "Add")
            onlyNorms = false;
        if (substantial && ops.size() < 4 && std::find(ops.begin(), ops.end(), op) == ops.end())
            ops.push_back(op);
    }
    for (const std::string& op : ops)
        layer.op += (layer.op.empty() ? "" : "+") + op;
    layer.tpShardable = !weighted.empty();
    layer.tpShardedParams = layer.tpShardable ? layer.params - normParams[l] : 0;
    // A vocabulary-parallel embedding all-reduces its output: nothing it keeps is split.
    const std::size_t regionBegin = weighted.empty() || embeddingLookup ? build.nodes.size() : weighted.front();
    const std::size_t regionEnd = weighted.size() >= 2 ? weighted.back() : build.nodes.size();

    auto elementsPerToken = [&](int value) {
        const ValueShape& shape = m_values[static_cast<std::size_t>(value)].shape;
        return shape.known ? perToken(count(shape)) : 0.0;
    };
    if (!weighted.empty()) {
        const NodeInfo& last = m_nodes[static_cast<std::size_t>(build.nodes[weighted.back()])];
        const NodeInfo& first = m_nodes[static_cast<std::size_t>(build.nodes[weighted.front()])];
        if (weighted.size() >= 2 || embeddingLookup)
            layer.tpCommElementsPerToken = last.outputs.empty() || last.outputs[0] < 0 ? 0 : elementsPerToken(last.outputs[0]);
        else if (!first.inputs.empty() && first.inputs[0] >= 0)
            layer.tpCommElementsPerToken = elementsPerToken(first.inputs[0]); // column-parallel: input-gradient all-reduce
    }

    // Stored activations of this layer, split as the cost model wants them.
    for (std::size_t i = 0; i < build.nodes.size(); ++i)
        positionInLayer[static_cast<std::size_t>(build.nodes[i])] = i;
    std::vector<int> inputs;
    std::vector<int> outputs;
    for (std::size_t i = 0; i < build.nodes.size(); ++i) {
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(build.nodes[i])];
        for (int in : info.inputs)
            if (activation(in)) {
                const int p = m_values[static_cast<std::size_t>(in)].producer;
                if ((p < 0 || layerOf[static_cast<std::size_t>(p)] != static_cast<int>(l))
                    && stamp[static_cast<std::size_t>(in)] != static_cast<int>(l)) {
                    stamp[static_cast<std::size_t>(in)] = static_cast<int>(l);
                    inputs.push_back(in);
                }
            }
        for (int out : info.outputs) {
            if (!activation(out))
                continue;
            const Value& v = m_values[static_cast<std::size_t>(out)];
            bool leaves = v.consumers.empty(); // a graph output
            for (int c : v.consumers)
                leaves = leaves || layerOf[static_cast<std::size_t>(c)] != static_cast<int>(l);
            if (leaves)
                outputs.push_back(out); // a node's outputs are distinct values
        }
    }
    for (int in : inputs) {
        const ValueShape& shape = m_values[static_cast<std::size_t>(in)].shape;
        if (shape.known)
            layer.inputBytesPerToken += perToken(count(shape)) * storedBytesPerElement(shape.elemType);
    }
    for (int out : outputs)
        layer.outputElementsPerToken += elementsPerToken(out);
    for (int value : m_savedBy[l]) {
        const Value& v = m_values[static_cast<std::size_t>(value)];
        if (!v.shape.known)
            continue;
        const double bytes = storedBytesPerElement(v.shape.elemType);
        const Scaled elements = count(v.shape);
        const bool inLayer = v.producer >= 0 && layerOf[static_cast<std::size_t>(v.producer)] == static_cast<int>(l);
        const std::size_t pos = inLayer ? positionInLayer[static_cast<std::size_t>(v.producer)] : build.nodes.size();
        const bool sharded = inLayer && pos >= regionBegin && pos < regionEnd;
        layer.actScoreBytesPerTokenPerSeq += perTokenPerSeq(elements) * bytes;
        (sharded ? layer.actShardedBytesPerToken : layer.actReplicatedBytesPerToken) += perToken(elements) * bytes;
    }

    layer.kind = guessLayerKind(build.key.empty() ? build.name : build.key);
    if (layer.kind == LayerKind::Other) {
        if (softmax && activationProduct)
            layer.kind = LayerKind::Attention;
        else if (embeddingLookup)
            layer.kind = LayerKind::Embedding;
        else if (onlyNorms && normParams[l] > 0)
            layer.kind = LayerKind::Norm;
    }
    return layer;
}

// Operator detail for analysis and proposals, and the layer edges from node edges.
void OnnxGraphReader::addOperatorsAndEdges(ModelGraph& graph)
{
    const onnx::GraphProto& g = m_model.graph();
    const std::vector<int>& layerOf = m_layerOf;
    graph.reserveNodes(m_nodes.size());
    std::vector<int> nodeIndex(m_nodes.size(), -1);
    std::vector<std::pair<int, int>> layerEdges;
    for (int n : m_order) {
        const onnx::NodeProto& node = g.node(n);
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        OpNode op;
        op.name = node.name().empty() ? node.op_type() + "#" + std::to_string(n) : node.name();
        op.op = node.op_type();
        op.layer = layerOf[static_cast<std::size_t>(n)];
        op.params = info.params;
        op.flopsPerToken = perToken(info.flops);
        op.flopsPerTokenPerSeq = perTokenPerSeq(info.flops);
        for (int out : info.outputs)
            if (out >= 0 && !info.weightOnly && m_values[static_cast<std::size_t>(out)].shape.known) {
                const Scaled e = count(m_values[static_cast<std::size_t>(out)].shape);
                op.outputElementsPerToken += perToken(e);
                op.outputElementsPerTokenPerSeq += perTokenPerSeq(e);
            }
        op.weightShape.assign(info.weightShape.begin(), info.weightShape.end());
        nodeIndex[static_cast<std::size_t>(n)] = graph.addNode(std::move(op));
    }
    for (int n : m_order) {
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        std::vector<int> producers;
        for (int in : info.inputs) {
            const int p = in >= 0 ? m_values[static_cast<std::size_t>(in)].producer : -1;
            if (p >= 0 && std::find(producers.begin(), producers.end(), p) == producers.end())
                producers.push_back(p);
        }
        for (int p : producers) {
            graph.addNodeEdge(nodeIndex[static_cast<std::size_t>(p)], nodeIndex[static_cast<std::size_t>(n)]);
            const int from = layerOf[static_cast<std::size_t>(p)];
            const int to = layerOf[static_cast<std::size_t>(n)];
            if (from != to)
                layerEdges.emplace_back(from, to);
        }
    }
    std::sort(layerEdges.begin(), layerEdges.end());
    layerEdges.erase(std::unique(layerEdges.begin(), layerEdges.end()), layerEdges.end());
    for (const auto& [from, to] : layerEdges)
        graph.addEdge(from, to);
}

// What the user should know about what was guessed or left out.
void OnnxGraphReader::addWarnings(ModelGraph& graph)
{
    const onnx::GraphProto& g = m_model.graph();
    if (!m_hasSequence)
        m_warnings.push_back("the graph has no sequence dimension, so its sizes are per sample (one execution is "
                             + formatCount(m_fixedTokens) + (m_fixedTokens == 1 ? " sample" : " samples")
                             + "); plan it with sequence length 1");
    if (!m_unknownSymbols.empty()) {
        std::string names;
        for (const std::string& sym : m_unknownSymbols)
            names += (names.empty() ? "" : ", ") + sym;
        m_warnings.push_back("symbolic dimensions bound to 1 (neither batch nor sequence): " + names);
    }
    if (!m_pastSymbols.empty())
        m_warnings.push_back("key/value-cache dimensions bound to 0 for training: " + *m_pastSymbols.begin());
    if (m_nodeShapesMissing > 0) {
        std::string examples;
        for (const std::string& e : m_missingExamples)
            examples += (examples.empty() ? "" : ", ") + e;
        m_warnings.push_back(std::to_string(m_nodeShapesMissing) + " operators have no inferred shapes, so their FLOPs "
                             "are not counted" + (examples.empty() ? std::string() : " (e.g. " + examples + ")"));
    }
    std::set<std::string> domains;
    int subgraphs = 0;
    for (const onnx::NodeProto& node : g.node()) {
        if (!node.domain().empty() && node.domain() != "ai.onnx")
            domains.insert(node.domain());
        for (const auto& attr : node.attribute())
            if (attr.has_g() || attr.graphs_size() > 0) {
                ++subgraphs;
                break;
            }
    }
    for (const std::string& d : domains)
        m_warnings.push_back("operators of domain '" + d + "' are not standard ONNX; their shapes may be unknown");
    if (subgraphs > 0)
        m_warnings.push_back(std::to_string(subgraphs) + " control-flow operators (If/Loop/Scan): their subgraphs are "
                             "not counted");
    // Warnings quote names from the file (dimension names, domains, libonnx's messages naming
    // attributes) that protobuf does not require to be UTF-8; messages and JSON output must be.
    for (std::string& w : m_warnings)
        graph.addWarning(invalidUtf8Offset(w) == std::string::npos ? std::move(w) : escapedBytes(w));
}

} // namespace

ModelGraph importOnnxBytes(std::string_view bytes, const std::string& source, std::chrono::milliseconds inferenceTimeLimit)
{
    google::protobuf::Arena arena;
    onnx::ModelProto& model = *parseModelProto(bytes, source, arena);
    std::string name = model.graph().name();
    if (name.empty() || name == "main_graph" || name == "torch_jit" || name == "torch-jit-export")
        name = std::filesystem::path(source).stem().string();
    OnnxGraphReader reader(model, source, inferenceTimeLimit);
    ModelGraph graph = reader.read();
    graph.setName(name);
    return graph;
}

ModelGraph importOnnx(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        throw InputError(path, "", "ONNX: cannot read the file size (" + ec.message() + ")");
    if (size > kMaxOnnxBytes)
        throw InputError(path, "", "ONNX: the file is " + formatBytes(double(size))
                                       + ", beyond protobuf's 2 GB limit; export the weights as external data");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "", "ONNX: cannot open the file for reading");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size)
        throw InputError(path, "", "ONNX: reading the file failed");
    return importOnnxBytes(bytes, path);
}

} // namespace shardscope
