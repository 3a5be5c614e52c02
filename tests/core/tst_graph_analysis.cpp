// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/proposals/graph_analysis.*: critical path, depth, width, op mix and largest layers
// against hand-computed numbers and a brute force over all paths; cycles; the JSON form.
#include "model/graph_analysis.h"
#include "util/input_error.h"

#include "json_edit.h"

#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

Layer layer(std::string name, std::string op, std::int64_t params, double flops, double flopsPerSeq = 0,
            LayerKind kind = LayerKind::Other)
{
    Layer l;
    l.name = std::move(name);
    l.op = std::move(op);
    l.kind = kind;
    l.params = params;
    l.flopsPerToken = flops;
    l.flopsPerTokenPerSeq = flopsPerSeq;
    return l;
}

// A GPT-J style block: attention and MLP side by side, a residual from the embedding to the add.
//   embed(0) -> attn(1) -> add(3) -> head(4);  embed -> mlp(2) -> add;  embed -> add
// FLOPs at seq s: embed 10, attn 100 + s, mlp 200, add 1, head 20.
ModelGraph parallelBlock()
{
    ModelGraph g("parallel-block");
    g.addLayer(layer("embed", "Embedding", 1000, 10, 0, LayerKind::Embedding));
    g.addLayer(layer("layers.0.attn", "SelfAttention", 400, 100, 1, LayerKind::Attention));
    g.addLayer(layer("layers.0.mlp", "Linear", 800, 200, 0, LayerKind::Mlp));
    g.addLayer(layer("layers.0.add", "", 0, 1));
    g.addLayer(layer("head", "Linear", 1000, 20, 0, LayerKind::OutputHead));
    for (auto [u, v] : std::vector<std::pair<int, int>> { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 4 } })
        g.addEdge(u, v);
    g.addEdge(1, 3); // a repeated edge counts once
    return g;
}

std::vector<int> indices(const std::vector<AnalysisVertex>& path)
{
    std::vector<int> out;
    for (const AnalysisVertex& v : path)
        out.push_back(v.index);
    return out;
}

struct RandomDag
{
    int n = 0;
    std::vector<std::pair<int, int>> edges;
    std::vector<double> flops;
};

// Edges go from lower to higher rank; vertex ids are a shuffle of the ranks, so edges point both ways.
RandomDag randomDag(std::mt19937& rng)
{
    RandomDag d;
    d.n = std::uniform_int_distribution<int>(1, 9)(rng);
    std::vector<int> id(static_cast<std::size_t>(d.n));
    std::iota(id.begin(), id.end(), 0);
    std::shuffle(id.begin(), id.end(), rng);
    const double density = std::uniform_real_distribution<double>(0.1, 0.7)(rng);
    std::bernoulli_distribution edge(density);
    for (int a = 0; a < d.n; ++a)
        for (int b = a + 1; b < d.n; ++b)
            if (edge(rng)) {
                d.edges.emplace_back(id[std::size_t(a)], id[std::size_t(b)]);
                if (edge(rng) && edge(rng))
                    d.edges.emplace_back(id[std::size_t(a)], id[std::size_t(b)]); // duplicate
            }
    std::uniform_int_distribution<int> weight(0, 50); // integers: sums are exact in any order
    for (int v = 0; v < d.n; ++v)
        d.flops.push_back(weight(rng) == 0 ? 0.0 : double(weight(rng)));
    return d;
}

ModelGraph toModel(const RandomDag& d, bool operators)
{
    ModelGraph g("random");
    for (int v = 0; v < d.n; ++v) {
        if (operators) {
            OpNode node;
            node.name = "op" + std::to_string(v);
            node.op = v % 2 ? "MatMul" : "Add";
            node.flopsPerToken = d.flops[std::size_t(v)];
            g.addNode(node);
        } else {
            g.addLayer(layer("l" + std::to_string(v), v % 2 ? "Linear" : "Add", v, d.flops[std::size_t(v)]));
        }
    }
    for (auto [u, v] : d.edges) {
        if (operators)
            g.addNodeEdge(u, v);
        else
            g.addEdge(u, v);
    }
    return g;
}

// Every source-to-sink path, by depth-first enumeration.
std::vector<std::vector<int>> allPaths(const RandomDag& d)
{
    std::vector<std::set<int>> out(std::size_t(d.n));
    std::vector<int> inDegree(std::size_t(d.n), 0);
    for (auto [u, v] : d.edges)
        out[std::size_t(u)].insert(v);
    for (int u = 0; u < d.n; ++u)
        for (int v : out[std::size_t(u)])
            ++inDegree[std::size_t(v)];
    std::vector<std::vector<int>> paths;
    std::vector<int> path;
    std::function<void(int)> walk = [&](int u) {
        path.push_back(u);
        if (out[std::size_t(u)].empty())
            paths.push_back(path);
        for (int v : out[std::size_t(u)])
            walk(v);
        path.pop_back();
    };
    for (int v = 0; v < d.n; ++v)
        if (inDegree[std::size_t(v)] == 0)
            walk(v);
    return paths;
}

bool hasEdge(const std::vector<std::pair<int, int>>& edges, int u, int v)
{
    return std::find(edges.begin(), edges.end(), std::pair { u, v }) != edges.end();
}

} // namespace

class TestGraphAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void handComputed_data()
    {
        QTest::addColumn<double>("seq");
        QTest::addColumn<double>("criticalFlops");
        QTest::addColumn<QString>("criticalPath");
        QTest::addColumn<double>("totalFlops");
        // seq 50: attn 150; via mlp 10 + 200 + 1 + 20 = 231, via attn 181.
        QTest::newRow("mlp branch") << 50.0 << 231.0 << "0 2 3 4" << 381.0;
        // seq 100: attn 200, both branches 231 with 4 vertices: the first met (attn) is kept.
        QTest::newRow("tie keeps the first") << 100.0 << 231.0 << "0 1 3 4" << 431.0;
        // seq 200: attn 300; via attn 10 + 300 + 1 + 20 = 331.
        QTest::newRow("attention branch") << 200.0 << 331.0 << "0 1 3 4" << 531.0;
    }

    void handComputed()
    {
        QFETCH(double, seq);
        QFETCH(double, criticalFlops);
        QFETCH(QString, criticalPath);
        QFETCH(double, totalFlops);
        const GraphAnalysis a = analyzeModel(parallelBlock(), seq);
        QCOMPARE(QString::fromStdString(a.level), QString("layers"));
        QCOMPARE(a.vertexCount, 5);
        QCOMPARE(a.edgeCount, 6);
        QCOMPARE(a.sourceCount, 1);
        QCOMPARE(a.sinkCount, 1);
        QVERIFY(a.topologicalOrder == std::vector<int>({ 0, 1, 2, 3, 4 }));
        QCOMPARE(a.depth, 4);         // embed, attn|mlp, add, head
        QCOMPARE(a.parallelWidth, 2); // attn and mlp
        QCOMPARE(a.widestLevel, 1);
        QCOMPARE(a.criticalPathFlops, criticalFlops);
        QStringList path;
        for (int v : indices(a.criticalPath))
            path << QString::number(v);
        QCOMPARE(path.join(' '), criticalPath);
        QCOMPARE(a.totalFlops, totalFlops);
        QCOMPARE(a.flopParallelism(), totalFlops / criticalFlops);
        QCOMPARE(a.totalParams, qint64(3200));
        QCOMPARE(QString::fromStdString(a.criticalPath.front().name), QString("embed"));
        QCOMPARE(a.criticalPath[1].flops, path[1] == "1" ? 100 + seq : 200.0);

        // Linear twice (mlp 800 params, head 1000), then the singles by name; "(other)" is the add without op.
        const std::vector<OpCount> ops { { "Linear", 2, 1800, 220 }, { "(other)", 1, 0, 1 },
                                         { "Embedding", 1, 1000, 10 }, { "SelfAttention", 1, 400, 100 + seq } };
        QVERIFY(a.opHistogram == ops);
        // By params; embed and head tie at 1000 and head has more FLOPs; the add has none and is left out.
        QVERIFY(indices(a.largestLayers) == std::vector<int>({ 4, 0, 2, 1 }));
        QCOMPARE(a.largestLayers[0], (AnalysisVertex { 4, "head", "Linear", 1000, 20 }));
    }

    void unweightedDepthWhenNoFlops()
    {
        // 0 -> 1 -> 2 -> 3 and a shortcut 0 -> 3, no FLOPs anywhere: the longer path is reported.
        ModelGraph g("chain");
        for (int i = 0; i < 4; ++i)
            g.addLayer(layer("l" + std::to_string(i), "Op", 1, 0));
        g.addEdge(0, 3);
        g.addEdge(0, 1);
        g.addEdge(1, 2);
        g.addEdge(2, 3);
        const GraphAnalysis a = analyzeModel(g, 2048);
        QCOMPARE(a.criticalPathFlops, 0.0);
        QVERIFY(indices(a.criticalPath) == std::vector<int>({ 0, 1, 2, 3 }));
        QCOMPARE(a.depth, 4);
        QCOMPARE(a.parallelWidth, 1);
        QCOMPARE(a.flopParallelism(), 0.0);
    }

    void wideGraph()
    {
        // A fan-out of 5 into a join plus two independent chains: sources 0, 7, 9; levels
        // 0: {0, 7, 9}, 1: {1..5, 8, 10}, 2: {6}. Width 7 on level 1.
        ModelGraph g("wide");
        for (int i = 0; i < 11; ++i)
            g.addLayer(layer("v" + std::to_string(i), "Op", 0, 1));
        for (int i = 1; i <= 5; ++i) {
            g.addEdge(0, i);
            g.addEdge(i, 6);
        }
        g.addEdge(7, 8);
        g.addEdge(9, 10);
        const GraphAnalysis a = analyzeModel(g, 0);
        QCOMPARE(a.sourceCount, 3);
        QCOMPARE(a.sinkCount, 3);
        QCOMPARE(a.depth, 3);
        QCOMPARE(a.parallelWidth, 7);
        QCOMPARE(a.widestLevel, 1);
        QCOMPARE(a.criticalPathFlops, 3.0);
        QVERIFY(indices(a.criticalPath) == std::vector<int>({ 0, 1, 6 }));
        QVERIFY(a.largestLayers.empty());
    }

    void operatorLevel()
    {
        // Operators listed out of order (node 1 consumes node 2), as ONNX files may do.
        //   0 MatMul (2e6 + 10/pos) -> 2 Softmax (1000) -> 1 MatMul (3e6) ; 0 -> 1
        ModelGraph g("ops");
        g.addLayer(layer("block", "Block", 5, 1));
        auto node = [&](std::string name, std::string op, std::int64_t params, double flops, double perSeq) {
            OpNode n;
            n.name = std::move(name);
            n.op = std::move(op);
            n.layer = 0;
            n.params = params;
            n.flopsPerToken = flops;
            n.flopsPerTokenPerSeq = perSeq;
            return g.addNode(n);
        };
        node("qk", "MatMul", 100, 2e6, 10);
        node("pv", "MatMul", 300, 3e6, 0);
        node("softmax", "Softmax", 0, 1000, 0);
        g.addNodeEdge(0, 2);
        g.addNodeEdge(2, 1);
        g.addNodeEdge(0, 1);
        const GraphAnalysis a = analyzeModel(g, 1000);
        QCOMPARE(QString::fromStdString(a.level), QString("operators"));
        QCOMPARE(a.vertexCount, 3);
        QCOMPARE(a.edgeCount, 3);
        QVERIFY(a.topologicalOrder == std::vector<int>({ 0, 2, 1 }));
        QCOMPARE(a.depth, 3);
        QCOMPARE(a.parallelWidth, 1);
        QCOMPARE(a.criticalPathFlops, 2e6 + 10 * 1000 + 1000 + 3e6);
        QVERIFY(indices(a.criticalPath) == std::vector<int>({ 0, 2, 1 }));
        QCOMPARE(QString::fromStdString(a.criticalPath[1].name), QString("softmax"));
        QCOMPARE(a.opHistogram.front(), (OpCount { "MatMul", 2, 400, 2e6 + 1e4 + 3e6 }));
        QVERIFY(indices(a.largestLayers) == std::vector<int>({ 1, 0 }));
        QCOMPARE(a.totalParams, qint64(400));
    }

    void bruteForce_data()
    {
        QTest::addColumn<bool>("operators");
        QTest::newRow("layers") << false;
        QTest::newRow("operators") << true;
    }

    void bruteForce()
    {
        QFETCH(bool, operators);
        std::mt19937 rng(operators ? 7 : 11);
        for (int round = 0; round < 400; ++round) {
            const RandomDag d = randomDag(rng);
            const GraphAnalysis a = analyzeModel(toModel(d, operators), 512);
            const auto paths = allPaths(d);

            double best = -1;
            std::size_t longest = 0;
            std::vector<int> level(std::size_t(d.n), 0); // ASAP level: edges on the longest path ending here
            for (const auto& p : paths) {
                double sum = 0;
                for (int v : p)
                    sum += d.flops[std::size_t(v)];
                best = std::max(best, sum);
                longest = std::max(longest, p.size());
                for (std::size_t k = 0; k < p.size(); ++k)
                    level[std::size_t(p[k])] = std::max(level[std::size_t(p[k])], int(k));
            }
            std::map<int, int> perLevel;
            for (int l : level)
                ++perLevel[l];
            int width = 0;
            for (auto [l, count] : perLevel)
                width = std::max(width, count);
            std::set<std::pair<int, int>> distinct(d.edges.begin(), d.edges.end());

            const QByteArray what = "round " + QByteArray::number(round);
            QVERIFY2(a.criticalPathFlops == best, what);
            QVERIFY2(a.depth == int(longest), what);
            QVERIFY2(a.parallelWidth == width, what);
            QVERIFY2(a.edgeCount == int(distinct.size()), what);
            QVERIFY2(a.vertexCount == d.n, what);

            // The reported path is a real source-to-sink path of that weight.
            const std::vector<int> path = indices(a.criticalPath);
            QVERIFY2(std::find(paths.begin(), paths.end(), path) != paths.end(), what);
            double sum = 0;
            for (const AnalysisVertex& v : a.criticalPath)
                sum += v.flops;
            QVERIFY2(sum == best, what);

            // The order is a permutation with every edge going forward.
            std::vector<int> position(std::size_t(d.n), -1);
            for (std::size_t i = 0; i < a.topologicalOrder.size(); ++i)
                position[std::size_t(a.topologicalOrder[i])] = int(i);
            QVERIFY2(int(a.topologicalOrder.size()) == d.n, what);
            QVERIFY2(std::find(position.begin(), position.end(), -1) == position.end(), what);
            for (auto [u, v] : d.edges)
                QVERIFY2(position[std::size_t(u)] < position[std::size_t(v)], what);
        }
    }

    void findCycleCases_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<QString>("edges"); // "0-1 1-2"
        QTest::addColumn<QString>("cycle"); // "" when acyclic
        QTest::newRow("empty") << 0 << "" << "";
        QTest::newRow("dag") << 4 << "0-1 0-2 1-3 2-3" << "";
        QTest::newRow("self-loop") << 3 << "0-1 1-1" << "1";
        QTest::newRow("triangle") << 3 << "0-1 1-2 2-0" << "0 1 2";
        QTest::newRow("cycle after a tail") << 4 << "0-1 1-2 2-3 3-1" << "1 2 3";
        QTest::newRow("in a later component") << 5 << "0-1 2-3 3-4 4-2" << "2 3 4";
        QTest::newRow("two-cycle") << 2 << "1-0 0-1" << "0 1";
    }

    void findCycleCases()
    {
        QFETCH(int, n);
        QFETCH(QString, edges);
        QFETCH(QString, cycle);
        std::vector<std::pair<int, int>> list;
        for (const QString& e : edges.split(' ', Qt::SkipEmptyParts))
            list.emplace_back(e.section('-', 0, 0).toInt(), e.section('-', 1, 1).toInt());
        const auto found = findCycle(n, list);
        QStringList text;
        if (found)
            for (int v : *found)
                text << QString::number(v);
        QCOMPARE(found.has_value(), !cycle.isEmpty());
        QCOMPARE(text.join(' '), cycle);
    }

    void findCycleRandom()
    {
        std::mt19937 rng(3);
        for (int round = 0; round < 500; ++round) {
            const int n = std::uniform_int_distribution<int>(1, 8)(rng);
            std::vector<std::pair<int, int>> edges;
            std::bernoulli_distribution edge(0.2);
            for (int u = 0; u < n; ++u)
                for (int v = 0; v < n; ++v)
                    if (edge(rng))
                        edges.emplace_back(u, v);
            // Acyclic exactly when Kahn's algorithm removes every vertex.
            std::vector<int> inDegree(std::size_t(n), 0);
            for (auto [u, v] : edges)
                ++inDegree[std::size_t(v)];
            std::vector<int> ready;
            for (int v = 0; v < n; ++v)
                if (inDegree[std::size_t(v)] == 0)
                    ready.push_back(v);
            int removed = 0;
            while (!ready.empty()) {
                const int u = ready.back();
                ready.pop_back();
                ++removed;
                for (auto [a, b] : edges)
                    if (a == u && --inDegree[std::size_t(b)] == 0)
                        ready.push_back(b);
            }
            const auto cycle = findCycle(n, edges);
            QCOMPARE(cycle.has_value(), removed < n);
            if (!cycle)
                continue;
            std::set<int> distinct(cycle->begin(), cycle->end());
            QCOMPARE(distinct.size(), cycle->size());
            for (std::size_t i = 0; i < cycle->size(); ++i)
                QVERIFY(hasEdge(edges, (*cycle)[i], (*cycle)[(i + 1) % cycle->size()]));
        }
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, findCycle(2, { { 0, 2 } }));
    }

    void cycleIsAnError()
    {
        ModelGraph g("loop");
        for (const char* name : { "a", "b", "c" })
            g.addLayer(layer(name, "Op", 1, 1));
        g.addEdge(0, 1);
        g.addEdge(1, 2);
        g.addEdge(2, 0);
        try {
            analyzeModel(g, 1);
            QFAIL("analysed a cyclic graph");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.message()).contains("cycle: a -> b -> c -> a"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzeModel(parallelBlock(), -1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzeModel(parallelBlock(), std::nan("")));
    }

    void emptyGraph()
    {
        const GraphAnalysis a = analyzeModel(ModelGraph("empty"), 128);
        QCOMPARE(a.vertexCount, 0);
        QCOMPARE(a.depth, 0);
        QCOMPARE(a.parallelWidth, 0);
        QVERIFY(a.criticalPath.empty());
        QCOMPARE(graphAnalysisFromJson(json::parse(graphAnalysisToJson(a).dump()), "plan.json"), a);
    }

    void longChainsAreIterative()
    {
        // 100,000 layers whose edges all point backwards: Boost's topological sort and findCycle
        // must not recurse per vertex.
        ModelGraph g("reversed-chain");
        const int n = 100'000;
        for (int i = 0; i < n; ++i)
            g.addLayer(layer("l" + std::to_string(i), "Op", 1, 1));
        std::vector<std::pair<int, int>> edges;
        for (int i = n - 1; i > 0; --i) {
            g.addEdge(i, i - 1);
            edges.emplace_back(i, i - 1);
        }
        const GraphAnalysis a = analyzeModel(g, 0);
        QCOMPARE(a.depth, n);
        QCOMPARE(a.criticalPathFlops, double(n));
        QCOMPARE(a.criticalPath.front().index, n - 1);
        QVERIFY(!findCycle(n, edges));
        edges.emplace_back(0, n - 1);
        QCOMPARE(int(findCycle(n, edges)->size()), n);
    }

    void jsonRoundTrip_data()
    {
        QTest::addColumn<bool>("operators");
        QTest::newRow("layers") << false;
        QTest::newRow("operators") << true;
    }

    void jsonRoundTrip()
    {
        QFETCH(bool, operators);
        std::mt19937 rng(5);
        RandomDag d;
        while (d.n < 6)
            d = randomDag(rng);
        for (double& f : d.flops)
            f = f / 3 + 1e-7; // not exactly representable: the round trip must still be exact
        const GraphAnalysis a = analyzeModel(operators ? toModel(d, true) : parallelBlock(), 1234.5);
        const nlohmann::ordered_json j = graphAnalysisToJson(a);
        GraphAnalysis back = graphAnalysisFromJson(json::parse(j.dump(2)), "plan.json", "$.analysis");
        QVERIFY(back.topologicalOrder.empty());
        back.topologicalOrder = a.topologicalOrder;
        QVERIFY(back == a);
        QCOMPARE(QString::fromStdString(j["level"].get<std::string>()), operators ? QString("operators") : QString("layers"));
        if (!operators) { // names beside indices: the object reads without the model
            QCOMPARE(QString::fromStdString(j["critical_path"][1]["name"].get<std::string>()), QString("layers.0.attn"));
            QCOMPARE(QString::fromStdString(j["largest_layers"][0]["name"].get<std::string>()), QString("head"));
            QCOMPARE(j["flop_parallelism"].get<double>(), a.flopParallelism());
        }
        // Keys the reader does not know are kept out of its way (proposals may sit beside).
        json extended = json::parse(j.dump());
        extended["proposals"] = json::array();
        QVERIFY(graphAnalysisFromJson(extended, "plan.json").opHistogram == a.opHistogram);
    }

    void jsonErrors_data()
    {
        QTest::addColumn<QString>("pointer"); // JSON pointer to change
        QTest::addColumn<QString>("value");   // JSON text; empty removes it
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown level") << "/level" << "\"nodes\"" << "$.analysis.level" << "expected \"layers\" or \"operators\"";
        QTest::newRow("missing depth") << "/depth" << "" << "$.analysis.depth" << "missing required field";
        QTest::newRow("negative vertices") << "/vertex_count" << "-1" << "$.analysis.vertex_count" << "non-negative integer";
        QTest::newRow("depth above vertices") << "/depth" << "6" << "$.analysis.depth" << "got 6";
        QTest::newRow("width too large") << "/parallel_width" << "4" << "$.analysis.parallel_width" << "cannot have 4";
        QTest::newRow("flops as string") << "/total_flops" << "\"381\"" << "$.analysis.total_flops" << "got string";
        QTest::newRow("index out of range") << "/critical_path/2/index" << "5" << "$.analysis.critical_path[2].index" << "of at most 4, got 5";
        QTest::newRow("vertex without name") << "/critical_path/0/name" << "" << "$.analysis.critical_path[0].name" << "missing required field";
        QTest::newRow("path flops disagree") << "/critical_path_flops" << "230" << "$.analysis.critical_path_flops" << "add up to 231";
        QTest::newRow("critical above total") << "/critical_path_flops" << "400" << "$.analysis.critical_path_flops" << "more FLOPs than the whole graph";
        QTest::newRow("empty path") << "/critical_path" << "[]" << "$.analysis.critical_path" << "expected from 1 to depth (4) vertices, got 0";
        QTest::newRow("histogram short") << "/op_histogram/0/count" << "1" << "$.analysis.op_histogram" << "add up to 4, not vertex_count (5)";
        QTest::newRow("histogram zero count") << "/op_histogram/0/count" << "0" << "$.analysis.op_histogram[0].count" << "positive integer";
        QTest::newRow("largest not an array") << "/largest_layers" << "{}" << "$.analysis.largest_layers" << "expected an array";
        QTest::newRow("negative params") << "/largest_layers/0/params" << "-1" << "$.analysis.largest_layers[0].params" << "non-negative integer";
    }

    void jsonErrors()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        json doc = json::parse(graphAnalysisToJson(analyzeModel(parallelBlock(), 50)).dump());
        editJson(doc, pointer, value);
        try {
            graphAnalysisFromJson(doc, "plan.json", "$.analysis");
            QFAIL("accepted a bad analysis");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("plan.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).startsWith("graph analysis: "), e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestGraphAnalysis)
#include "tst_graph_analysis.moc"
