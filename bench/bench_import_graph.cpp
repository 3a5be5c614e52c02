// SPDX-License-Identifier: GPL-3.0-or-later
// importModelText on a 100,000-node layer graph in GraphML and in DOT, and analyzeModel on it
// (and on 100,000 ONNX-style operators). The graph is a decoder stack as an exporter would write
// it: blocks of norm, attention, residual add, norm, MLP, residual add (the adds also take the
// block input), 8-9 attributes a node. The import reads with ShardScope's own scanners
// (graphml_scan.h, dot_scan.h), also timed alone; for comparison, Boost.Graph's read_graphml and
// read_graphviz (the import's readers before, and the oracle of tst_graph_reader_oracle) are
// timed into plain string properties.
#include "import/dot_scan.h"
#include "import/graphml_scan.h"
#include "import/model_importer.h"
#include "model/graph_analysis.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>

#include <benchmark/benchmark.h>

#include <cstdio>

#include <sstream>
#include <string>
#include <vector>

using namespace shardscope;

namespace {

constexpr int kNodes = 100'000;

// Appends rather than operator+ chains, which trip GCC 12's -Wrestrict false positive at -O3.
template <typename... Parts>
std::string cat(const Parts&... parts)
{
    std::string out;
    (out += ... += parts);
    return out;
}

struct Node
{
    std::string id;
    std::string name;
    const char* op;
    const char* kind;
    long long params;
    double flops;
    double flopsPerSeq;
    double activationBytes;
    bool shardable;
};

struct Graph
{
    std::vector<Node> nodes;
    std::vector<std::pair<int, int>> edges;
};

// Hidden 4096, FFN 14336: the sizes of a Llama-3-8B block, split into its six layers.
const Graph& stack()
{
    static const Graph g = [] {
        Graph out;
        const double h = 4096;
        out.nodes.push_back({ "embed", "model.embed_tokens", "Embedding", "embedding", 128256LL * 4096, 0, 0, 2 * h, true });
        int blockInput = 0;
        for (int i = 1; int(out.nodes.size()) < kNodes; ++i) {
            const int block = (i - 1) / 6;
            const std::string prefix = cat("model.layers.", std::to_string(block), ".");
            const int index = int(out.nodes.size());
            const std::string id = cat("n", std::to_string(index));
            switch ((i - 1) % 6) {
            case 0: out.nodes.push_back({ id, cat(prefix, "input_layernorm"), "RMSNorm", "norm", 4096, 5 * h, 0, 2 * h, false }); break;
            case 1: out.nodes.push_back({ id, cat(prefix, "self_attn"), "SelfAttention", "attention", 41943040, 2 * 41943040.0, 4 * h, 12 * h, true }); break;
            case 2: out.nodes.push_back({ id, cat(prefix, "residual_add1"), "Add", "other", 0, h, 0, 0, false }); break;
            case 3: out.nodes.push_back({ id, cat(prefix, "post_attention_layernorm"), "RMSNorm", "norm", 4096, 5 * h, 0, 2 * h, false }); break;
            case 4: out.nodes.push_back({ id, cat(prefix, "mlp"), "SwiGLU", "mlp", 176160768, 2 * 176160768.0, 0, 18 * 14336.0, true }); break;
            case 5: out.nodes.push_back({ id, cat(prefix, "residual_add2"), "Add", "other", 0, h, 0, 0, false }); break;
            }
            out.edges.emplace_back(index - 1, index);
            if ((i - 1) % 6 == 2) // residual around attention
                out.edges.emplace_back(blockInput, index);
            if ((i - 1) % 6 == 5) { // residual around the MLP
                out.edges.emplace_back(index - 3, index);
                blockInput = index;
            }
        }
        return out;
    }();
    return g;
}

std::string number(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

const std::string& graphmlText()
{
    static const std::string text = [] {
        const Graph& g = stack();
        std::string t = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
        const char* keys[][2] = { { "name", "string" }, { "op", "string" }, { "kind", "string" }, { "params", "long" },
                                  { "flops", "double" }, { "flops_per_seq", "double" }, { "activation_bytes", "double" },
                                  { "output_elements", "double" }, { "tp_shardable", "boolean" } };
        for (int k = 0; k < 9; ++k)
            t += cat("  <key id=\"d", std::to_string(k), "\" for=\"node\" attr.name=\"", keys[k][0], "\" attr.type=\"",
                     keys[k][1], "\"/>\n");
        t += "  <graph id=\"stack-100k\" edgedefault=\"directed\">\n";
        for (const Node& n : g.nodes) {
            t += cat("    <node id=\"", n.id, "\">\n      <data key=\"d0\">", n.name, "</data><data key=\"d1\">", n.op,
                     "</data><data key=\"d2\">", n.kind, "</data><data key=\"d3\">", std::to_string(n.params),
                     "</data>\n      <data key=\"d4\">", number(n.flops), "</data>");
            if (n.flopsPerSeq > 0)
                t += cat("<data key=\"d5\">", number(n.flopsPerSeq), "</data>");
            t += cat("<data key=\"d6\">", number(n.activationBytes), "</data><data key=\"d7\">4096</data><data key=\"d8\">",
                     n.shardable ? "true" : "false", "</data>\n    </node>\n");
        }
        for (const auto& [u, v] : g.edges)
            t += cat("    <edge source=\"", g.nodes[std::size_t(u)].id, "\" target=\"", g.nodes[std::size_t(v)].id, "\"/>\n");
        t += "  </graph>\n</graphml>\n";
        return t;
    }();
    return text;
}

const std::string& dotText()
{
    static const std::string text = [] {
        const Graph& g = stack();
        std::string t = "digraph \"stack-100k\" {\n  node [shape=box];\n";
        for (const Node& n : g.nodes) {
            t += cat("  ", n.id, " [name=\"", n.name, "\", op=", n.op, ", kind=", n.kind, ", params=",
                     std::to_string(n.params), ", flops=\"", number(n.flops), "\"");
            if (n.flopsPerSeq > 0)
                t += cat(", flops_per_seq=\"", number(n.flopsPerSeq), "\"");
            t += cat(", activation_bytes=\"", number(n.activationBytes), "\", output_elements=4096, tp_shardable=",
                     n.shardable ? "true" : "false", "];\n");
        }
        for (const auto& [u, v] : g.edges)
            t += cat("  ", g.nodes[std::size_t(u)].id, " -> ", g.nodes[std::size_t(v)].id, ";\n");
        t += "}\n";
        return t;
    }();
    return text;
}

void importText(benchmark::State& state, const std::string& text, const char* source)
{
    for (auto _ : state) {
        ModelGraph g = importModelText(text, source);
        benchmark::DoNotOptimize(g);
        state.counters["layers"] = g.layerCount();
    }
    state.counters["text_MB"] = double(text.size()) / 1e6;
}

void BM_ImportGraphml(benchmark::State& state) { importText(state, graphmlText(), "stack.graphml"); }
void BM_ImportDot(benchmark::State& state) { importText(state, dotText(), "stack.dot"); }

// Boost's readers alone, into plain string properties: what an import through them would cost at least.
struct Strings
{
    std::string id, name, op, kind, params, flops, flopsPerSeq, activationBytes, outputElements, tpShardable;
};
using StringGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, Strings>;

boost::dynamic_properties stringProperties(StringGraph& g)
{
    boost::dynamic_properties dp(boost::ignore_other_properties);
    dp.property("node_id", boost::get(&Strings::id, g));
    dp.property("name", boost::get(&Strings::name, g));
    dp.property("op", boost::get(&Strings::op, g));
    dp.property("kind", boost::get(&Strings::kind, g));
    dp.property("params", boost::get(&Strings::params, g));
    dp.property("flops", boost::get(&Strings::flops, g));
    dp.property("flops_per_seq", boost::get(&Strings::flopsPerSeq, g));
    dp.property("activation_bytes", boost::get(&Strings::activationBytes, g));
    dp.property("output_elements", boost::get(&Strings::outputElements, g));
    dp.property("tp_shardable", boost::get(&Strings::tpShardable, g));
    return dp;
}

void BM_BoostReadGraphml(benchmark::State& state)
{
    std::string text = graphmlText(); // keys as strings: values as text, as ShardScope reads them
    for (std::size_t at = text.find("attr.type=\""); at != std::string::npos; at = text.find("attr.type=\"", at + 1)) {
        const std::size_t begin = at + 11;
        text.replace(begin, text.find('"', begin) - begin, "string");
    }
    for (auto _ : state) {
        StringGraph g;
        boost::dynamic_properties dp = stringProperties(g);
        std::istringstream in(text);
        boost::read_graphml(in, g, dp, 0);
        benchmark::DoNotOptimize(g);
    }
}

void BM_BoostReadDot(benchmark::State& state)
{
    const std::string& text = dotText();
    for (auto _ : state) {
        StringGraph g;
        boost::dynamic_properties dp = stringProperties(g);
        boost::read_graphviz(text, g, dp, "node_id");
        benchmark::DoNotOptimize(g);
    }
}

void BM_ScanGraphml(benchmark::State& state)
{
    const std::string& text = graphmlText();
    for (auto _ : state) {
        GraphmlScan scan = scanGraphml(text);
        benchmark::DoNotOptimize(scan);
    }
}

void BM_ScanDot(benchmark::State& state)
{
    const std::string& text = dotText();
    for (auto _ : state) {
        DotScan scan = scanDot(text);
        benchmark::DoNotOptimize(scan);
    }
}

void BM_AnalyzeLayers(benchmark::State& state)
{
    static const ModelGraph model = importModelText(dotText(), "stack.dot");
    for (auto _ : state) {
        GraphAnalysis a = analyzeModel(model, 8192);
        benchmark::DoNotOptimize(a);
        state.counters["depth"] = a.depth;
    }
}

// The same stack as ONNX-style operator nodes, listed in reverse so Boost's topological sort runs.
void BM_AnalyzeOperators(benchmark::State& state)
{
    static const ModelGraph model = [] {
        const Graph& g = stack();
        ModelGraph m("operators");
        m.addLayer({});
        const int n = int(g.nodes.size());
        for (int i = n - 1; i >= 0; --i) {
            const Node& src = g.nodes[std::size_t(i)];
            OpNode node;
            node.name = src.name;
            node.op = src.op;
            node.layer = 0;
            node.params = src.params;
            node.flopsPerToken = src.flops;
            node.flopsPerTokenPerSeq = src.flopsPerSeq;
            m.addNode(node);
        }
        for (const auto& [u, v] : g.edges)
            m.addNodeEdge(n - 1 - u, n - 1 - v);
        return m;
    }();
    for (auto _ : state) {
        GraphAnalysis a = analyzeModel(model, 8192);
        benchmark::DoNotOptimize(a);
    }
}

} // namespace

BENCHMARK(BM_ImportGraphml)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImportDot)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoostReadGraphml)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoostReadDot)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanGraphml)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ScanDot)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeLayers)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnalyzeOperators)->Unit(benchmark::kMillisecond);
