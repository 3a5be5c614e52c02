// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_operators.h"

#include "util/text.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace shardscope::onnx_import {

DimRole classifySymbol(const std::string& symbol)
{
    const std::string s = toLower(symbol);
    if (s.find("past") != std::string::npos || s.find("cache") != std::string::npos)
        return DimRole::Past;
    if (s.find("batch") != std::string::npos || s == "n" || s == "b" || s == "bs")
        return DimRole::Batch;
    if (s.find("seq") != std::string::npos || s.find("len") != std::string::npos || s.find("token") != std::string::npos
        || s.find("position") != std::string::npos || s.find("time") != std::string::npos || s == "s" || s == "t"
        || s == "l")
        return DimRole::Sequence;
    return DimRole::Other;
}

bool isFloatType(int t)
{
    using T = onnx::TensorProto_DataType;
    return t == T::TensorProto_DataType_FLOAT || t == T::TensorProto_DataType_FLOAT16 || t == T::TensorProto_DataType_DOUBLE
        || t == T::TensorProto_DataType_BFLOAT16;
}

double storedBytesPerElement(int t)
{
    using T = onnx::TensorProto_DataType;
    if (isFloatType(t))
        return 2.0; // activations are kept in 16-bit in mixed-precision training, whatever the export used
    switch (t) {
    case T::TensorProto_DataType_BOOL:
    case T::TensorProto_DataType_INT8:
    case T::TensorProto_DataType_UINT8:
        return 1.0;
    case T::TensorProto_DataType_INT16:
    case T::TensorProto_DataType_UINT16:
        return 2.0;
    case T::TensorProto_DataType_INT32:
    case T::TensorProto_DataType_UINT32:
        return 4.0;
    default:
        return 8.0;
    }
}

bool isMatmulClass(const std::string& op)
{
    return op == "MatMul" || op == "Gemm" || op == "Conv" || op == "ConvTranspose" || op == "Einsum"
        || op == "MatMulInteger" || op == "ConvInteger";
}

bool isNormalization(const std::string& op)
{
    return op.find("Normalization") != std::string::npos || op == "SimplifiedLayerNormalization"
        || op == "SkipLayerNormalization" || op == "RMSNormalization";
}

// Forward FLOPs per output element of the element-wise and reduction operators (a count of
// arithmetic operations; transcendental functions count as one).
double elementwiseFlops(const std::string& op)
{
    static const std::unordered_map<std::string, double> table = {
        { "Add", 1 }, { "Sub", 1 }, { "Mul", 1 }, { "Div", 1 }, { "Pow", 1 }, { "Sqrt", 1 }, { "Reciprocal", 1 },
        { "Neg", 1 }, { "Abs", 1 }, { "Exp", 1 }, { "Log", 1 }, { "Erf", 1 }, { "Tanh", 1 }, { "Sigmoid", 4 },
        { "Relu", 1 }, { "LeakyRelu", 2 }, { "Elu", 3 }, { "Selu", 3 }, { "Clip", 2 }, { "Max", 1 }, { "Min", 1 },
        { "Where", 1 }, { "Gelu", 8 }, { "FastGelu", 8 }, { "BiasGelu", 9 }, { "HardSigmoid", 3 }, { "HardSwish", 4 },
        { "Softplus", 3 }, { "Mish", 6 }, { "Dropout", 2 },
        { "Softmax", 5 }, { "LogSoftmax", 6 }, // max, subtract, exp, sum, divide
        { "LayerNormalization", 8 }, { "SimplifiedLayerNormalization", 5 }, { "SkipLayerNormalization", 9 },
        { "RMSNormalization", 5 }, { "BatchNormalization", 4 }, { "InstanceNormalization", 8 },
        { "GroupNormalization", 8 },
    };
    const auto it = table.find(op);
    return it == table.end() ? 0.0 : it->second;
}

// "/model/layers.0/self_attn/q_proj/MatMul" -> [model, layers, 0, self_attn, q_proj];
// "model.layers.0.self_attn.q_proj.weight" -> the same.
// The views point into `text`.
void scopeTokens(std::string_view text, bool dropLast, std::vector<std::string_view>& parts)
{
    parts.clear();
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '/' || text[i] == '.' || text[i] == ':') {
            if (i > start)
                parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    if (dropLast && !parts.empty())
        parts.pop_back();
    // "/features/features.0/Conv" repeats the container name: drop repeated neighbours.
    parts.erase(std::unique(parts.begin(), parts.end()), parts.end());
}

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

// Layers are named scopes: everything up to a block index plus one more component (attention,
// MLP, a norm), or the first two components outside blocks ("model.embed_tokens", "lm_head").
void layerKey(const std::vector<std::string_view>& tokens, std::string& key)
{
    key.clear();
    if (tokens.empty())
        return;
    std::size_t depth = std::min<std::size_t>(tokens.size(), 2);
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (allDigits(tokens[i])) {
            depth = std::min(tokens.size(), i + 2);
            break;
        }
    for (std::size_t i = 0; i < depth; ++i) {
        if (i > 0)
            key += '.';
        key += tokens[i];
    }
}

bool isStrictPrefix(const std::string& prefix, const std::string& key)
{
    return prefix.size() < key.size() && key.compare(0, prefix.size(), prefix) == 0 && key[prefix.size()] == '.';
}


// Operators whose output is a view of their first input: what autograd stores is the root tensor.
bool isViewOp(const std::string& op)
{
    return op == "Reshape" || op == "Transpose" || op == "Flatten" || op == "Squeeze" || op == "Unsqueeze"
        || op == "Identity" || op == "Split" || op == "Slice" || op == "Expand";
}

std::string nodePosition(int index, const std::string& name)
{
    std::string out = "graph.node[" + std::to_string(index) + "]";
    if (!name.empty())
        out += " (" + name + ")";
    return out;
}

} // namespace shardscope::onnx_import
