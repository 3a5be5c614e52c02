// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_symbols.h"

#include "import/onnx_operators.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <map>
#include <unordered_set>

namespace shardscope::onnx_import {

SymbolBinding bindSymbolicDimensions(onnx::ModelProto& model)
{
    SymbolBinding b;
    onnx::GraphProto& g = *model.mutable_graph();
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
            b.hasSequence = true;

    // Fixed-shape graphs: token ids [batch, seq] give tokens per execution; anything else is per sample.
    if (!b.hasSequence && firstInput) {
        const auto& dims = firstInput->type().tensor_type().shape().dim();
        const bool ids = !isFloatType(firstInput->type().tensor_type().elem_type());
        if (ids && dims.size() == 2 && dims[0].has_dim_value() && dims[1].has_dim_value() && dims[1].dim_value() > 1) {
            b.fixedSeq = double(dims[1].dim_value());
            b.fixedTokens = double(std::max<std::int64_t>(1, dims[0].dim_value())) * b.fixedSeq;
        } else if (!dims.empty() && dims[0].has_dim_value() && dims[0].dim_value() > 0) {
            b.fixedTokens = double(dims[0].dim_value());
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
                value = b.hasSequence ? kSeqProbe : 1;
            else if (role == DimRole::Past) {
                value = 0; // training has no key/value cache
                b.pastSymbols.insert(symbol);
            } else if (role == DimRole::Other)
                b.unknownSymbols.insert(symbol);
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
    return b;
}

} // namespace shardscope::onnx_import
