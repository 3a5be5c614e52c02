// SPDX-License-Identifier: GPL-3.0-or-later
// ONNX nodes into layers by name scope, the activations each layer keeps for backward, parameter
// ownership (tied weights), the operator graph and the warnings (docs/onnx-import.md, "Layers",
// "Saved activations").
#include "import/onnx_graph_reader.h"

#include "import/onnx_operators.h"
#include "model/block_detection.h"
#include "util/input_error.h"
#include "util/text.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <set>
#include <unordered_map>

namespace shardscope::onnx_import {

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
    std::vector<int> producers; // of one node, distinct, in input order (one buffer for all nodes)
    for (int n : m_order) {
        const NodeInfo& info = m_nodes[static_cast<std::size_t>(n)];
        producers.clear();
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

} // namespace shardscope::onnx_import
