// SPDX-License-Identifier: GPL-3.0-or-later
// The values of an ONNX graph, its execution order and the shapes inference gives them; the
// FLOPs are in onnx_node_costs.cpp, the layers in onnx_layers.cpp.
#include "import/onnx_graph_reader.h"

#include "import/onnx_operators.h"
#include "import/onnx_shape_inference.h"
#include "util/input_error.h"
#include "util/text.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <functional>
#include <queue>
#include <unordered_map>
#include <unordered_set>

namespace shardscope::onnx_import {

namespace {

std::string describeNode(const onnx::NodeProto& node, int index)
{
    return nodePosition(index, node.name());
}

} // namespace

void OnnxGraphReader::bindSymbols()
{
    SymbolBinding binding = bindSymbolicDimensions(m_model);
    m_hasSequence = binding.hasSequence;
    m_fixedTokens = binding.fixedTokens;
    m_fixedSeq = binding.fixedSeq;
    m_unknownSymbols = std::move(binding.unknownSymbols);
    m_pastSymbols = std::move(binding.pastSymbols);
}

void OnnxGraphReader::collectShape(const onnx::ValueInfoProto& info)
{
    if (!info.type().has_tensor_type())
        return;
    WireValueInfo wire;
    wire.name = info.name();
    wire.tensor = true;
    const auto& tensorType = info.type().tensor_type();
    wire.elemType = tensorType.elem_type();
    wire.hasShape = tensorType.has_shape();
    for (const auto& d : tensorType.shape().dim())
        wire.dims.push_back(d.has_dim_value() && d.dim_value() >= 0 ? d.dim_value() : -1);
    collectShape(wire);
}

void OnnxGraphReader::collectShape(const WireValueInfo& info)
{
    const auto it = m_valueIds.find(info.name);
    if (it == m_valueIds.end() || !info.tensor)
        return;
    ValueShape& shape = m_values[static_cast<std::size_t>(it->second)].shape;
    if (info.elemType != 0)
        shape.elemType = info.elemType;
    if (!info.hasShape)
        return;
    shape.dims.assign(info.dims.begin(), info.dims.end());
    shape.known = std::find(info.dims.begin(), info.dims.end(), std::int64_t(-1)) == info.dims.end();
}

void OnnxGraphReader::indexValues()
{
    const onnx::GraphProto& g = m_model.graph();
    m_valueIds.reserve(static_cast<std::size_t>(g.initializer_size() + g.input_size() + 2 * g.node_size()));
    m_values.reserve(m_valueIds.bucket_count());
    // Names end up in layer names, messages and JSON: they must be text.
    // `list` and `index` name the position ("graph.node[3]"), spelled out only for the message.
    const auto checkUtf8 = [&](const std::string& text, const char* list, int index, const char* what) {
        if (const std::size_t bad = invalidUtf8Offset(text); bad != std::string_view::npos)
            throw InputError(m_source, index < 0 ? std::string(list) : list + ("[" + std::to_string(index) + "]"),
                             std::string("ONNX: the ") + what + " \"" + escapedBytes(text) + "\" is not valid UTF-8 (byte "
                                 + std::to_string(bad) + "); the file is damaged or was written with a wrong encoding");
    };
    checkUtf8(g.name(), "graph.name", -1, "graph name");
    for (int i = 0; i < g.initializer_size(); ++i) {
        const onnx::TensorProto& t = g.initializer(i);
        checkUtf8(t.name(), "graph.initializer", i, "initializer name");
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
        checkUtf8(node.name(), "graph.node", n, "node name");
        checkUtf8(node.op_type(), "graph.node", n, "operator type");
        for (const std::string& out : node.output())
            checkUtf8(out, "graph.node", n, "output name");
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

ModelGraph OnnxGraphReader::read()
{
    // The helper (IsolatedShapeInference, started on the file's bytes before they were parsed
    // here) parses, binds and infers on its own meanwhile: this thread binds the same symbols the
    // same way, indexes the values and orders the nodes; a structural error (dangling edge, cycle)
    // thrown here kills the helper. Its value_info and outputs are read from its reply in place.
    bindSymbols();
    indexValues();
    m_order = topologicalOrder();
    std::string inferred;
    const ShapeInferenceOutcome outcome = m_inference.finish(inferred);
    if (const std::string warning = outcome.warning(); !warning.empty())
        m_warnings.push_back(warning);

    const onnx::GraphProto& g = m_model.graph();
    for (const onnx::ValueInfoProto& in : g.input())
        if (const auto it = m_valueIds.find(in.name()); it != m_valueIds.end() && m_values[std::size_t(it->second)].initializer < 0)
            collectShape(in);
    if (outcome.inferredSomething()) {
        // The helper's value_info, then its outputs (inference refines the bound ones).
        std::string error;
        if (!scanGraphValueInfos(inferred, [&](const WireValueInfo& info, bool) { collectShape(info); }, error))
            m_warnings.push_back("ONNX shape inference failed (the helper process sent an unreadable reply: " + error
                                 + "); some nodes may have no inferred sizes");
    } else {
        for (const onnx::ValueInfoProto& out : g.output())
            collectShape(out);
    }

    for (int n : m_order)
        analyseNode(n);
    return buildLayers();
}

} // namespace shardscope::onnx_import
