// SPDX-License-Identifier: GPL-3.0-or-later
// Forward FLOPs of each ONNX operator from its inferred shapes (docs/onnx-import.md, "FLOPs"),
// split into per-token and per-token-per-position parts by the probe's factors.
#include "import/onnx_graph_reader.h"

#include "import/onnx_operators.h"

#include <onnx/onnx_pb.h>

#include <cctype>
#include <cmath>
#include <map>

namespace shardscope::onnx_import {

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

} // namespace shardscope::onnx_import
