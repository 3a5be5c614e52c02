// SPDX-License-Identifier: GPL-3.0-or-later
// Importing a 100,000-node ONNX graph: a GPT-style decoder (the node pattern of
// tests/data/onnx/gpt_block.onnx, 37 nodes a block) with 2,702 blocks and weights stored as
// external data, as exports of large models are. Target: under 1 s with shape inference in a helper
// process (docs/onnx-import.md, "Performance"): the helper program parses and infers the bytes on
// the other core while the import parses them (BM_ImportOnnx100kNodes), or, without the program,
// a child forked before parsing does (BM_ImportOnnx100kNodesForked). The fork after parsing this
// replaced took 2.4-2.6 s on the 2-core build machine.
#include "import/onnx_importer.h"

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <google/protobuf/arena.h>

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <fstream>
#include <string>

using namespace shardscope;

namespace {

class GraphWriter
{
public:
    explicit GraphWriter(onnx::GraphProto& g)
        : m_g(g)
    {
    }

    std::string node(const std::string& op, std::initializer_list<std::string> inputs, const std::string& name,
                     int outputs = 1)
    {
        onnx::NodeProto* n = m_g.add_node();
        n->set_op_type(op);
        n->set_name(name);
        for (const std::string& in : inputs)
            n->add_input(in);
        for (int i = 0; i < outputs; ++i)
            n->add_output(name + "_out" + std::to_string(i));
        return n->output(0);
    }

    onnx::NodeProto& last() { return *m_g.mutable_node(m_g.node_size() - 1); }

    std::string weight(const std::string& name, std::initializer_list<std::int64_t> dims)
    {
        onnx::TensorProto* t = m_g.add_initializer();
        t->set_name(name);
        t->set_data_type(onnx::TensorProto_DataType_FLOAT);
        for (std::int64_t d : dims)
            t->add_dims(d);
        t->set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
        auto* location = t->add_external_data();
        location->set_key("location");
        location->set_value("weights.bin");
        return name;
    }

    std::string constInts(const std::string& name, std::initializer_list<std::int64_t> values)
    {
        onnx::NodeProto* n = m_g.add_node();
        n->set_op_type("Constant");
        n->set_name(name);
        n->add_output(name + "_out");
        onnx::AttributeProto* a = n->add_attribute();
        a->set_name("value");
        a->set_type(onnx::AttributeProto_AttributeType_TENSOR);
        onnx::TensorProto* t = a->mutable_t();
        t->set_data_type(onnx::TensorProto_DataType_INT64);
        t->add_dims(std::int64_t(values.size()));
        for (std::int64_t v : values)
            t->add_int64_data(v);
        return n->output(0);
    }

    std::string constFloat(const std::string& name, float value)
    {
        onnx::NodeProto* n = m_g.add_node();
        n->set_op_type("Constant");
        n->set_name(name);
        n->add_output(name + "_out");
        onnx::AttributeProto* a = n->add_attribute();
        a->set_name("value");
        a->set_type(onnx::AttributeProto_AttributeType_TENSOR);
        a->mutable_t()->set_data_type(onnx::TensorProto_DataType_FLOAT);
        a->mutable_t()->add_float_data(value);
        return n->output(0);
    }

    void intsAttr(const char* name, std::initializer_list<std::int64_t> values)
    {
        onnx::AttributeProto* a = last().add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto_AttributeType_INTS);
        for (std::int64_t v : values)
            a->add_ints(v);
    }

    void intAttr(const char* name, std::int64_t value)
    {
        onnx::AttributeProto* a = last().add_attribute();
        a->set_name(name);
        a->set_type(onnx::AttributeProto_AttributeType_INT);
        a->set_i(value);
    }

private:
    onnx::GraphProto& m_g;
};

void addInput(onnx::ValueInfoProto* v, const std::string& name, int type, std::initializer_list<const char*> symbols,
              std::int64_t last = 0)
{
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(type);
    for (const char* s : symbols)
        t->mutable_shape()->add_dim()->set_dim_param(s);
    if (last > 0)
        t->mutable_shape()->add_dim()->set_dim_value(last);
}

std::string gptBytes(int blocks)
{
    const std::int64_t h = 1024, heads = 16, f = 4096, vocab = 32000;
    onnx::ModelProto m;
    m.set_ir_version(8);
    m.add_opset_import()->set_version(17);
    onnx::GraphProto& g = *m.mutable_graph();
    g.set_name("gpt_100k");
    addInput(g.add_input(), "input_ids", onnx::TensorProto_DataType_INT64, { "batch", "sequence" });
    GraphWriter w(g);
    std::string x = w.node("Gather", { w.weight("transformer.wte.weight", { vocab, h }), "input_ids" }, "/transformer/wte/Gather");
    for (int i = 0; i < blocks; ++i) {
        const std::string p = "/transformer/h." + std::to_string(i);
        const std::string q = "transformer.h." + std::to_string(i);
        std::string ln = w.node("LayerNormalization", { x, w.weight(q + ".ln_1.weight", { h }), w.weight(q + ".ln_1.bias", { h }) },
                                p + "/ln_1/LayerNormalization");
        std::string qkv = w.node("MatMul", { ln, w.weight(q + ".attn.c_attn.weight", { h, 3 * h }) }, p + "/attn/c_attn/MatMul");
        qkv = w.node("Add", { qkv, w.weight(q + ".attn.c_attn.bias", { 3 * h }) }, p + "/attn/c_attn/Add");
        const std::string split = w.constInts(p + "/attn/split", { h, h, h });
        w.node("Split", { qkv, split }, p + "/attn/Split", 3);
        w.intAttr("axis", -1);
        const std::string shape = w.constInts(p + "/attn/heads", { 0, 0, heads, h / heads });
        std::string t[3];
        for (int k = 0; k < 3; ++k) {
            const std::string r = w.node("Reshape", { p + "/attn/Split_out" + std::to_string(k), shape }, p + "/attn/Reshape_" + std::to_string(k));
            t[k] = w.node("Transpose", { r }, p + "/attn/Transpose_" + std::to_string(k));
            if (k == 1)
                w.intsAttr("perm", { 0, 2, 3, 1 });
            else
                w.intsAttr("perm", { 0, 2, 1, 3 });
        }
        std::string s = w.node("MatMul", { t[0], t[1] }, p + "/attn/MatMul");
        s = w.node("Div", { s, w.constFloat(p + "/attn/scale", 8.0f) }, p + "/attn/Div");
        s = w.node("Softmax", { s }, p + "/attn/Softmax");
        w.intAttr("axis", -1);
        std::string c = w.node("MatMul", { s, t[2] }, p + "/attn/MatMul_1");
        c = w.node("Transpose", { c }, p + "/attn/Transpose");
        w.intsAttr("perm", { 0, 2, 1, 3 });
        c = w.node("Reshape", { c, w.constInts(p + "/attn/merge", { 0, 0, h }) }, p + "/attn/Reshape");
        c = w.node("MatMul", { c, w.weight(q + ".attn.c_proj.weight", { h, h }) }, p + "/attn/c_proj/MatMul");
        c = w.node("Add", { c, w.weight(q + ".attn.c_proj.bias", { h }) }, p + "/attn/c_proj/Add");
        x = w.node("Add", { x, c }, p + "/Add");
        ln = w.node("LayerNormalization", { x, w.weight(q + ".ln_2.weight", { h }), w.weight(q + ".ln_2.bias", { h }) },
                    p + "/ln_2/LayerNormalization");
        std::string fc = w.node("MatMul", { ln, w.weight(q + ".mlp.c_fc.weight", { h, f }) }, p + "/mlp/c_fc/MatMul");
        fc = w.node("Add", { fc, w.weight(q + ".mlp.c_fc.bias", { f }) }, p + "/mlp/c_fc/Add");
        std::string a = w.node("Div", { fc, w.constFloat(p + "/mlp/act/sqrt2", 1.4142135f) }, p + "/mlp/act/Div");
        a = w.node("Erf", { a }, p + "/mlp/act/Erf");
        a = w.node("Add", { a, w.constFloat(p + "/mlp/act/one", 1.0f) }, p + "/mlp/act/Add");
        a = w.node("Mul", { fc, a }, p + "/mlp/act/Mul");
        a = w.node("Mul", { a, w.constFloat(p + "/mlp/act/half", 0.5f) }, p + "/mlp/act/Mul_1");
        std::string d = w.node("MatMul", { a, w.weight(q + ".mlp.c_proj.weight", { f, h }) }, p + "/mlp/c_proj/MatMul");
        d = w.node("Add", { d, w.weight(q + ".mlp.c_proj.bias", { h }) }, p + "/mlp/c_proj/Add");
        x = w.node("Add", { x, d }, p + "/Add_1");
    }
    x = w.node("LayerNormalization", { x, w.weight("transformer.ln_f.weight", { h }), w.weight("transformer.ln_f.bias", { h }) },
               "/transformer/ln_f/LayerNormalization");
    x = w.node("MatMul", { x, w.weight("lm_head.weight", { h, vocab }) }, "/lm_head/MatMul");
    onnx::ValueInfoProto* out = g.add_output();
    addInput(out, x, onnx::TensorProto_DataType_FLOAT, { "batch", "sequence" }, vocab);
    return m.SerializeAsString();
}

void BM_ImportOnnx100kNodes(benchmark::State& state)
{
    const std::string bytes = gptBytes(2702); // 1 + 37 x 2,702 + 2 = 99,977 nodes
    if (const char* path = std::getenv("SHARDSCOPE_BENCH_WRITE_MODEL")) // the model as a file, to time other programs on
        std::ofstream(path, std::ios::binary) << bytes;
    std::size_t nodes = 0;
    for (auto _ : state) {
        const ModelGraph graph = importOnnxBytes(bytes, "gpt_100k.onnx");
        nodes = graph.nodes().size();
        benchmark::DoNotOptimize(graph.totalParams());
    }
    state.counters["nodes"] = double(nodes);
    state.counters["MB"] = double(bytes.size()) / 1e6;
}
BENCHMARK(BM_ImportOnnx100kNodes)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same without the helper program: the importer forks before parsing.
void BM_ImportOnnx100kNodesForked(benchmark::State& state)
{
    const char* before = std::getenv("SHARDSCOPE_ONNX_HELPER");
    const std::string saved = before ? before : "";
    ::setenv("SHARDSCOPE_ONNX_HELPER", "fork", 1);
    BM_ImportOnnx100kNodes(state);
    if (before)
        ::setenv("SHARDSCOPE_ONNX_HELPER", saved.c_str(), 1);
    else
        ::unsetenv("SHARDSCOPE_ONNX_HELPER");
}
BENCHMARK(BM_ImportOnnx100kNodesForked)->Unit(benchmark::kMillisecond)->Iterations(3);

// The floor: parsing the same bytes and running ONNX's own shape inference, which the import does once.
void BM_OnnxParseAndShapeInferenceOnly(benchmark::State& state)
{
    const std::string bytes = gptBytes(2702);
    for (auto _ : state) {
        google::protobuf::Arena arena;
        auto* model = google::protobuf::Arena::CreateMessage<onnx::ModelProto>(&arena);
        model->ParseFromString(bytes);
        onnx::shape_inference::InferShapes(*model, onnx::OpSchemaRegistry::Instance(), onnx::ShapeInferenceOptions(false, 0, true));
        benchmark::DoNotOptimize(model->graph().value_info_size());
    }
}
BENCHMARK(BM_OnnxParseAndShapeInferenceOnly)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace
