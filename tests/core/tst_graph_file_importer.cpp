// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/graph_file_importer.* (with graph_file_model, graphml_scan, dot_scan): GraphML
// and DOT layer graphs, the same graph in both formats, lossless round trips through the native
// format, and errors that name the node, the attribute and the position.
#include "import/graph_file_importer.h"
#include "import/graph_file_model.h"
#include "import/model_importer.h"
#include "import/native_model_format.h"
#include "model/graph_analysis.h"
#include "util/input_error.h"

#include "graph_compare.h"
#include "test_files.h"

#include <QtTest>

#include <random>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

std::string graphFile(const QString& name) { return std::string(SHARDSCOPE_TEST_DATA) + "/graphs/" + name.toStdString(); }
std::string badFile(const QString& name) { return std::string(SHARDSCOPE_TEST_DATA) + "/bad/" + name.toStdString(); }

/// A GraphML document with every documented attribute declared as a node key of the same id.
std::string graphml(const std::string& body, const std::string& extraKeys = "", const std::string& graphTag = "")
{
    std::string doc = "<?xml version=\"1.0\"?>\n<graphml>\n";
    for (const char* name : { "name", "label", "op", "kind", "params", "active_params", "tp_sharded_params", "tied_to",
                              "flops", "flops_per_seq", "activation_bytes", "act_sharded_bytes", "act_replicated_bytes",
                              "act_score_bytes_per_seq", "input_bytes", "output_elements", "tp_comm_elements",
                              "tp_shardable" })
        doc += std::string("<key id=\"") + name + "\" for=\"node\" attr.name=\"" + name + "\" attr.type=\"string\"/>\n";
    doc += extraKeys;
    doc += (graphTag.empty() ? "<graph id=\"t\" edgedefault=\"directed\">" : graphTag) + "\n" + body + "\n</graph>\n</graphml>\n";
    return doc;
}

/// Removes the '@' marking where an error should point and returns "line L, column C" of it.
QString takeMarker(std::string& text)
{
    const auto at = text.find('@');
    if (at == std::string::npos)
        return {};
    text.erase(at, 1);
    int line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < at; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return QString("line %1, column %2").arg(line).arg(at - lineStart + 1);
}

QStringList layerNames(const ModelGraph& g)
{
    QStringList out;
    for (const Layer& l : g.layers())
        out << QString::fromStdString(l.name);
    return out;
}

bool hasWarning(const ModelGraph& g, const char* part)
{
    for (const std::string& w : g.warnings())
        if (w.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestGraphFileImporter : public QObject
{
    Q_OBJECT

private slots:
    void fixture_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::newRow("GraphML") << "tiny-llama.graphml" << "GraphML";
        QTest::newRow("DOT") << "tiny-llama.dot" << "Graphviz DOT";
    }

    void fixture()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        const ModelGraph g = importModel(graphFile(file)); // picked by content
        QCOMPARE(QString::fromStdString(g.sourceFormat()), format);
        QCOMPARE(QString::fromStdString(g.name()), QString("tiny-llama"));
        QCOMPARE(layerNames(g), QStringList({ "model.embed_tokens", "model.layers.0.input_layernorm",
                                              "model.layers.0.self_attn", "model.layers.0.residual_add1",
                                              "model.layers.0.post_attention_layernorm", "model.layers.0.mlp",
                                              "model.layers.0.residual_add2", "model.layers.1.input_layernorm",
                                              "model.layers.1.self_attn", "model.layers.1.mlp",
                                              "model.layers.1.residual_add", "model.norm", "lm_head" }));
        // Kinds: given for embed and l0 attention, guessed from names for the rest.
        QStringList kinds;
        for (const Layer& l : g.layers())
            kinds << QString::fromStdString(std::string(toString(l.kind)));
        QCOMPARE(kinds, QStringList({ "embedding", "norm", "attention", "other", "norm", "mlp", "other", "norm",
                                      "attention", "mlp", "other", "norm", "output_head" }));

        const Layer& embed = g.layer(0); // params above 2^31 although the GraphML key says int
        QCOMPARE(embed.params, qint64(2'148'000'000));
        QCOMPARE(embed.tpShardedParams, qint64(2'148'000'000)); // shardable: all of it by default
        QCOMPARE(embed.actShardedBytesPerToken, 128.0);      // activation_bytes on a shardable layer
        QCOMPARE(embed.actReplicatedBytesPerToken, 0.0);
        QVERIFY(embed.tpShardable);

        const Layer& norm = g.layer(1);
        QVERIFY(!norm.tpShardable); // norms are not split by default
        QCOMPARE(norm.tpShardedParams, qint64(0));
        QCOMPARE(norm.actReplicatedBytesPerToken, 128.0);
        QCOMPARE(norm.flopsPerToken, 320.0);

        const Layer& attn = g.layer(2); // every field given
        QCOMPARE(QString::fromStdString(attn.op), QString("SelfAttention"));
        QCOMPARE(attn.params, qint64(16384));
        QCOMPARE(attn.activeParams, qint64(16384));
        QCOMPARE(attn.tpShardedParams, qint64(16384));
        QCOMPARE(attn.flopsPerToken, 32768.0);
        QCOMPARE(attn.flopsPerTokenPerSeq, 256.0);
        QCOMPARE(attn.actShardedBytesPerToken, 640.0);
        QCOMPARE(attn.actReplicatedBytesPerToken, 128.0);
        QCOMPARE(attn.actScoreBytesPerTokenPerSeq, 16.0);
        QCOMPARE(attn.inputBytesPerToken, 128.0);
        QCOMPARE(attn.outputElementsPerToken, 64.0);
        QCOMPARE(attn.tpCommElementsPerToken, 64.0);
        QVERIFY(attn.tpShardable);

        const Layer& mlp1 = g.layer(9);
        QCOMPARE(mlp1.activeParams, qint64(24576));
        QCOMPARE(mlp1.tpShardedParams, qint64(40000));

        const Layer& head = g.layer(12);
        QCOMPARE(head.tiedToLayer, 0);
        QCOMPARE(head.flopsPerToken, 128000.0);
        QCOMPARE(head.params, qint64(0));

        QCOMPARE(g.totalParams(), qint64(2'148'131'328));
        const std::set<std::pair<std::size_t, std::size_t>> edges { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 0, 3 },
            { 3, 4 }, { 4, 5 }, { 5, 6 }, { 3, 6 }, { 6, 7 }, { 7, 8 }, { 7, 9 }, { 8, 10 }, { 9, 10 }, { 6, 10 },
            { 10, 11 }, { 11, 12 } };
        QVERIFY(edgeSet(g) == edges);
        QCOMPARE(boost::num_edges(g.dag()), std::size_t(16)); // the repeated l1_attn -> l1_add counts once
        QCOMPARE(int(g.blocks().size()), 2);
        QVERIFY(g.blocks()[0].layers == std::vector<int>({ 1, 2, 3, 4, 5, 6 }));
        QVERIFY(g.blocks()[1].layers == std::vector<int>({ 7, 8, 9, 10 }));
        QVERIFY2(g.warnings().empty(), g.warnings().empty() ? "" : g.warnings().front().c_str());
    }

    void fixtureAnalysis()
    {
        // Weights at seq 1000: attention 32768 + 256 * 1000 = 288768; the path runs through both
        // attentions and the block-0 MLP: 320 + 288768 + 64 + 320 + 98304 + 64 + 320 + 288768 + 128
        // + 320 + 128000 = 805376 (the embedding has no FLOPs). 12 of 13 layers on it; l1 attention
        // and MLP share a level.
        const GraphAnalysis a = analyzeModel(importModel(graphFile("tiny-llama.dot")), 1000);
        QCOMPARE(a.criticalPathFlops, 805376.0);
        QCOMPARE(int(a.criticalPath.size()), 12);
        QCOMPARE(a.depth, 12);
        QCOMPARE(a.parallelWidth, 2);
        QCOMPARE(a.widestLevel, 8);
        QCOMPARE(a.edgeCount, 16);
    }

    void sameGraphBothFormats()
    {
        const ModelGraph fromGraphml = importModel(graphFile("tiny-llama.graphml"));
        const ModelGraph fromDot = importModel(graphFile("tiny-llama.dot"));
        compareGraphs(fromGraphml, fromDot);
    }

    void roundTripThroughNativeFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("GraphML") << "tiny-llama.graphml";
        QTest::newRow("DOT") << "tiny-llama.dot";
        QTest::newRow("with warnings") << "no-params.dot";
    }

    void roundTripThroughNativeFormat()
    {
        QFETCH(QString, file);
        const ModelGraph original = file == "no-params.dot"
            ? importModelText("digraph \"no-params\" { a [op=X]; b [label=a]; a -> b }", "no-params.dot")
            : importModel(graphFile(file));
        const ModelGraph back = importModelText(nativeModelToJson(original).dump(2), "round-trip.json");
        compareGraphs(original, back);
        QCOMPARE(QString::fromStdString(back.sourceFormat()), QString("shardscope-model"));
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("position");    // exact
        QTest::addColumn<QString>("messagePart"); // substring of the message
        QTest::newRow("GraphML cycle") << "graph-cycle.graphml" << "line 12, column 5" << "cycle: a -> b -> c -> a";
        QTest::newRow("DOT cycle") << "graph-cycle.dot" << "line 7, column 3" << "cycle: a -> b -> c -> a";
        QTest::newRow("GraphML dangling edge") << "graph-dangling.graphml" << "line 8, column 5"
                                               << "refers to the node \"ghost\", which is not declared";
        QTest::newRow("DOT dangling edge") << "graph-dangling.dot" << "line 4, column 19"
                                           << "uses the node \"ghost\", which has no node statement";
        QTest::newRow("GraphML undirected") << "graph-undirected.graphml" << "line 4, column 3" << "undirected";
        QTest::newRow("DOT undirected") << "graph-undirected.dot" << "line 1, column 1" << "the graph is undirected";
        QTest::newRow("malformed XML") << "graph-malformed.graphml" << "line 5" << "malformed XML";
        QTest::newRow("DOT syntax error") << "graph-syntax.dot" << "line 3, column 13"
                                          << "syntax error: expected a value after '=', found ']'";
        QTest::newRow("GraphML negative params") << "graph-negative-params.graphml" << "line 7, column 7"
                                                 << "node \"mlp\": attribute \"params\" must be a non-negative whole number, got \"-5\"";
        QTest::newRow("DOT negative params") << "graph-negative-params.dot" << "line 3, column 19"
                                             << "node \"mlp\": attribute \"params\" must be a non-negative whole number, got \"-5\"";
        QTest::newRow("GraphML non-numeric flops") << "graph-nonnumeric-flops.graphml" << "line 7, column 44"
                                                   << "node \"mlp\": attribute \"flops\" must be a number, got \"lots\"";
        QTest::newRow("DOT non-numeric flops") << "graph-nonnumeric-flops.dot" << "line 3, column 20"
                                               << "node \"mlp\": attribute \"flops\" must be a number, got \"lots\"";
        QTest::newRow("GraphML empty graph") << "graph-empty.graphml" << "line 4, column 3" << "the graph has no nodes";
        QTest::newRow("DOT empty graph") << "graph-empty.dot" << "line 1, column 1" << "the graph has no nodes";
        QTest::newRow("GraphML duplicate id") << "graph-duplicate.graphml" << "line 7, column 5"
                                              << "\"attn\" is used twice (first at line 6, column 5)";
        QTest::newRow("DOT duplicate node") << "graph-duplicate.dot" << "line 4, column 3"
                                            << "\"attn\" is declared with attributes twice (first at line 3, column 3)";
        // The two graph files that stood for "not supported yet": a DOT of bare edges and an empty GraphML.
        QTest::newRow("DOT without node statements") << "graph.dot" << "line 2, column 3"
                                                     << "the graph declares no nodes, only edges";
        QTest::newRow("GraphML without nodes") << "graph.graphml" << "line 2, column 10" << "the graph has no nodes";
    }

    void badFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        const std::string path = badFile(file);
        try {
            importModel(path);
            QFAIL("accepted a bad graph");
        } catch (const InputError& e) {
            const QString message = QString::fromStdString(e.message());
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(path));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(message.startsWith(file.endsWith(".dot") ? "Graphviz DOT: " : "GraphML: "), e.what());
            QVERIFY2(message.contains(messagePart), e.what());
        }
    }

    void textErrors_data()
    {
        QTest::addColumn<QString>("text");        // '@' marks the expected position
        QTest::addColumn<QString>("messagePart");
        // DOT: lexical and syntax
        QTest::newRow("unquoted exponent") << "digraph t { a [params=10, flops=@1e3] }" << "\"1e3\" must be quoted";
        QTest::newRow("HTML label") << "digraph t { a [params=1, label=@<<b>a</b>>] }" << "HTML-like strings";
        QTest::newRow("anonymous group") << "digraph t { a [params=1]; b [params=1]; a -> @{ b } }" << "anonymous '{ ... }' group";
        QTest::newRow("-- in a digraph") << "digraph t { a [params=1]; b [params=1]; a @-- b }" << "'--' in a directed graph";
        QTest::newRow("open string") << "digraph t { a [name=@\"abc] }" << "quoted string is not closed";
        QTest::newRow("open comment") << "digraph t { a [params=1] @/* }" << "comment is not closed";
        QTest::newRow("non-ASCII id") << "digraph t { @\xC3\xA9t\xC3\xA9 [params=1] }" << "non-ASCII characters";
        QTest::newRow("# not in column 1") << "digraph t {\n  @# x\n  a [params=1] }" << "unexpected character '#'";
        QTest::newRow("text after the graph") << "digraph t { a [params=1] } @x" << "expected the end of the file";
        QTest::newRow("no body") << "digraph t @a [params=1]" << "expected '{' to open the graph's body";
        QTest::newRow("strict undirected") << "strict @graph t { a [params=1] }" << "the graph is undirected";
        QTest::newRow("empty id") << "digraph t { @\"\" [params=1] }" << "empty id";
        QTest::newRow("self-loop") << "digraph t { a [params=1]; @a -> a }" << "cycle: a -> a";
        // DOT: values
        QTest::newRow("unknown kind") << "digraph t { a [params=1, @kind=conv] }" << "unknown kind \"conv\"";
        QTest::newRow("fractional params") << "digraph t { a [@params=1.5] }" << "must be a whole number, got \"1.5\"";
        QTest::newRow("infinite flops") << "digraph t { a [params=1, @flops=\"inf\"] }" << "must be a finite number";
        QTest::newRow("params too large") << "digraph t { a [@params=\"2e15\"] }" << "2e+15 is implausibly large";
        QTest::newRow("total too large") << "digraph t { a [params=\"9e14\"]; b [@params=\"9e14\"]; a -> b }" << "above 1e15";
        QTest::newRow("active above params") << "digraph t { a [params=10, @active_params=11] }" << "(11) is more than params (10)";
        QTest::newRow("sharded above params") << "digraph t { a [params=10, @tp_sharded_params=11] }" << "(11) is more than params (10)";
        QTest::newRow("tied to unknown") << "digraph t { a [params=1, @tied_to=zz] }" << "names \"zz\", which is not a node";
        QTest::newRow("tied to itself") << "digraph t { a [params=1, @tied_to=a] }" << "tied to itself";
        QTest::newRow("two activation forms") << "digraph t { a [params=1, @activation_bytes=1, act_sharded_bytes=2] }" << "cannot be combined";
        QTest::newRow("bad boolean") << "digraph t { a [params=1, @tp_shardable=maybe] }" << "must be true or false, got \"maybe\"";
        QTest::newRow("bad value from node default") << "digraph t { node [flops=-1]; @a [params=1] }" << "\"flops\" must be a non-negative number, got \"-1\"";
        QTest::newRow("negative per-token value") << "digraph t { a [params=1, @output_elements=-2] }" << "non-negative number";
        // GraphML
        QTest::newRow("GraphML nested graph") << QString::fromStdString(graphml("<node id=\"a\">@<graph id=\"inner\" edgedefault=\"directed\"/></node>"))
                                              << "nested graphs";
        QTest::newRow("GraphML undirected edge") << QString::fromStdString(graphml("<node id=\"a\"/><node id=\"b\"/>@<edge source=\"a\" target=\"b\" directed=\"false\"/>"))
                                                 << "marked directed=\"false\"";
        QTest::newRow("GraphML undeclared key") << QString::fromStdString(graphml("<node id=\"a\">@<data key=\"zz\">1</data></node>"))
                                                << "<data key=\"zz\"> refers to no <key> declaration";
        QTest::newRow("GraphML node without id") << QString::fromStdString(graphml("<node id=\"a\"/>@<node/>")) << "without an id";
        QTest::newRow("GraphML edge without target") << QString::fromStdString(graphml("<node id=\"a\"/>@<edge source=\"a\"/>"))
                                                     << "without a target";
        QTest::newRow("GraphML bad edgedefault") << QString::fromStdString(graphml("<node id=\"a\"/>", "", "@<graph edgedefault=\"sideways\">"))
                                                 << "expected \"directed\"";
        QTest::newRow("GraphML key for what") << QString::fromStdString(graphml("<node id=\"a\"/>", "@<key id=\"x\" for=\"nodes\" attr.name=\"x\"/>\n"))
                                              << "has for=\"nodes\"; expected \"node\"";
        QTest::newRow("GraphML root") << "<?xml version=\"1.0\"?>\n@<doc><graphml/></doc>" << "root element is <doc>";
        QTest::newRow("GraphML bad key default") << QString::fromStdString(graphml("<node id=\"a\"><data key=\"params\">1</data></node>",
                                                                                   "@<key id=\"f\" for=\"node\" attr.name=\"flops\"><default>-3</default></key>\n"))
                                                 << "node \"a\": attribute \"flops\" must be a non-negative number, got \"-3\"";
        QTest::newRow("GraphML value with entity") << QString::fromStdString(graphml("<node id=\"a\">@<data key=\"flops\">1&amp;2</data></node>"))
                                                   << "got \"1&2\"";
        // Found by fuzz/fuzz_graphml (tests/fuzz/regressions/graphml): the file is ASCII, but the reference
        // decodes to a UTF-16 surrogate, bytes that are not UTF-8; writing the model as JSON then threw.
        QTest::newRow("GraphML surrogate reference") << QString::fromStdString(graphml("<node id=\"a\">@<data key=\"op\">Linear&#xD800;</data><data key=\"params\">1</data></node>"))
                                                     << "attribute \"op\" is not valid UTF-8 (byte 6 of \"Linear\\xED\\xA0\\x80\")";
    }

    void textErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, messagePart);
        std::string input = text.toStdString();
        const QString position = takeMarker(input);
        const bool isDot = !QString::fromStdString(input).contains("<graphml");
        const std::string source = isDot ? "inline.dot" : "inline.graphml";
        try {
            importModelText(input, source);
            QFAIL("accepted a bad graph");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(source));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).startsWith(isDot ? "Graphviz DOT: " : "GraphML: "), e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }

    void damagedInputsFailCleanly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("GraphML") << "tiny-llama.graphml";
        QTest::newRow("DOT") << "tiny-llama.dot";
    }

    void damagedInputsFailCleanly()
    {
        // Truncated and randomly edited copies of the fixtures: each imports or fails with an
        // InputError that has a position (the scans and Boost agree on what is wrong, and where).
        QFETCH(QString, file);
        const std::string text = readFile(graphFile(file));
        std::vector<std::string> inputs;
        for (std::size_t n = 1; n < text.size(); n += 5)
            inputs.push_back(text.substr(0, n));
        std::mt19937 rng(17);
        const std::string alphabet = "<>\"'=/{}[];,-:#&\n a1.";
        for (int i = 0; i < 600; ++i) {
            std::string t = text;
            for (int k = 0; k < 3; ++k) {
                const std::size_t p = rng() % t.size();
                switch (rng() % 3) {
                case 0: t[p] = alphabet[rng() % alphabet.size()]; break;
                case 1: t.erase(p, 1 + rng() % 5); break;
                default: t.insert(p, 1, alphabet[rng() % alphabet.size()]); break;
                }
            }
            inputs.push_back(std::move(t));
        }
        for (const std::string& input : inputs) {
            if (input.find_first_not_of(" \t\r\n") == std::string::npos)
                continue;
            try {
                importModelText(input, "damaged");
            } catch (const InputError& e) {
                QVERIFY2(!e.position().empty(), e.what());
            }
        }
    }

    void namesAndIds()
    {
        // name beats label beats the node id; repeated names get the id added, with a warning.
        const ModelGraph g = importModelText("digraph m { a [name=\"model.layers.0.attn\", label=L, params=1];"
                                             " b [label=\"Linear\", params=1]; c [params=1]; d [label=\"Linear\", params=1];"
                                             " a -> b -> c -> d }",
                                             "m.dot");
        QCOMPARE(layerNames(g), QStringList({ "model.layers.0.attn", "Linear", "c", "Linear (d)" }));
        QVERIFY(hasWarning(g, "1 node(s) share a name with an earlier node"));
        QCOMPARE(QString::fromStdString(g.name()), QString("m"));
        // A placeholder graph name gives way to the file name.
        QCOMPARE(QString::fromStdString(importModelText("digraph G { a [params=1] }", "dir/resnet.gv").name()),
                 QString("resnet"));
        QCOMPARE(QString::fromStdString(importModelText(graphml("<node id=\"a\"><data key=\"params\">1</data></node>", "",
                                                                "<graph edgedefault=\"directed\">"),
                                                        "/x/bert.graphml")
                                            .name()),
                 QString("bert"));
    }

    void stableTopologicalOrder()
    {
        // b is listed first but consumes a: a moves ahead; otherwise file order stands.
        const ModelGraph g = importModelText("digraph t { b [params=1]; a [params=1]; c [params=1]; d [params=1];"
                                             " a -> b; c -> d }",
                                             "t.dot");
        QCOMPARE(layerNames(g), QStringList({ "a", "b", "c", "d" }));
        QVERIFY(edgeSet(g) == (std::set<std::pair<std::size_t, std::size_t>> { { 0, 1 }, { 2, 3 } }));
        // Edges to a node mentioned only in a subgraph count: it was declared there.
        const ModelGraph s = importModelText("digraph t { x [params=1]; y [params=2]; z [params=3];"
                                             " x -> subgraph pair { y; z } }",
                                             "s.dot");
        QVERIFY(edgeSet(s) == (std::set<std::pair<std::size_t, std::size_t>> { { 0, 1 }, { 0, 2 } }));
    }

    void dotSyntaxVariety()
    {
        // Byte order mark, preprocessor line, comments, case-insensitive keywords, concatenated and
        // continued strings, quoted ids, ports, several attribute lists, a valueless attribute,
        // edge chains and a subgraph endpoint: everything Boost's reader takes.
        const std::string text = "\xEF\xBB\xBF# 1 \"model.dot\"\n"
                                 "/* header */ STRICT DiGraph \"my model\" { // comment\n"
                                 "  NODE [op=Op];\n"
                                 "  \"in put\" [name=\"model.\" + \"embed\", params=10];\n"
                                 "  b [name=\"model.layers.0.\\\n"
                                 "attn\", params=\"2e1\"][flops=3; tp_shardable];\n"
                                 "  c [params=\"+30\", flops=\" 4.5 \"]\n"
                                 "  params=7; graph [flops=8];\n" // graph attributes: not a layer's
                                 "  \"in put\":out:e -> b -> subgraph s { c } [weight=2, params=99];\n"
                                 "}\n";
        const ModelGraph g = importModelText(text, "variety.dot");
        QCOMPARE(QString::fromStdString(g.name()), QString("my model"));
        QCOMPARE(layerNames(g), QStringList({ "model.embed", "model.layers.0.attn", "c" }));
        QCOMPARE(g.layer(1).params, qint64(20));
        QCOMPARE(g.layer(1).flopsPerToken, 3.0);
        QVERIFY(g.layer(1).tpShardable);
        QCOMPARE(QString::fromStdString(g.layer(1).op), QString("Op"));
        QCOMPARE(g.layer(2).params, qint64(30));
        QCOMPARE(g.layer(2).flopsPerToken, 4.5);
        QVERIFY(edgeSet(g) == (std::set<std::pair<std::size_t, std::size_t>> { { 0, 1 }, { 1, 2 } }));
        QCOMPARE(g.totalParams(), qint64(60)); // edge and graph attributes named params count for nothing
    }

    void dotAttributesOfNodesMentionedEarlier()
    {
        // The scanner keeps every node's attributes in one array, a run each; a node mentioned in
        // an edge before its statement (or given attributes in two statements) has its run moved
        // to the end to grow. Each node must keep its own defaults and values, and a later
        // statement's value must replace an earlier one.
        const ModelGraph g = importModelText("digraph m { node [op=X, params=1]; a -> b; b -> c;"
                                             " a [params=10, flops=1]; node [op=Y]; b [params=20]; d [flops=4];"
                                             " c [params=30, op=Z]; c -> d; }",
                                             "runs.dot");
        QCOMPARE(layerNames(g), QStringList({ "a", "b", "c", "d" }));
        const std::vector<std::pair<std::string, std::int64_t>> expected { { "X", 10 }, { "X", 20 }, { "Z", 30 }, { "Y", 1 } };
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(g.layer(i).op, expected[std::size_t(i)].first);
            QCOMPARE(g.layer(i).params, expected[std::size_t(i)].second);
        }
        QCOMPARE(g.layer(0).flopsPerToken, 1.0);
        QCOMPARE(g.layer(1).flopsPerToken, 0.0);
        QCOMPARE(g.layer(3).flopsPerToken, 4.0);
    }

    void graphmlByteOrderMarkAndEntities()
    {
        const std::string doc = "\xEF\xBB\xBF" + graphml("<!-- a comment --><node id=\"a&amp;b\"><data key=\"name\">x &lt; y</data>"
                                                         "<data key=\"params\"><![CDATA[12]]></data></node>");
        const ModelGraph g = importModelText(doc, "bom.graphml");
        QCOMPARE(layerNames(g), QStringList({ "x < y" }));
        QCOMPARE(g.layer(0).params, qint64(12));
    }

    void defaultsAndDeclaredTypes()
    {
        // DOT node defaults apply to the nodes after them.
        const ModelGraph dot = importModelText("digraph t { node [flops=5]; a [params=1]; b [params=1, flops=2]; a -> b }", "t.dot");
        QCOMPARE(dot.layer(0).flopsPerToken, 5.0);
        QCOMPARE(dot.layer(1).flopsPerToken, 2.0);
        // GraphML: a key's default; typed keys read as written (float, boolean "True", int above 2^31);
        // a key without attr.type and "for" (a string for all, by the GraphML spec) and a missing
        // edgedefault are accepted.
        const std::string doc = "<graphml>"
                                "<key id=\"f\" for=\"node\" attr.name=\"flops\" attr.type=\"float\"><default>7</default></key>"
                                "<key id=\"p\" for=\"node\" attr.name=\"params\" attr.type=\"int\"/>"
                                "<key id=\"s\" for=\"node\" attr.name=\"tp_shardable\" attr.type=\"boolean\"/>"
                                "<key id=\"o\" attr.name=\"op\"/>"
                                "<graph id=\"typed\">"
                                "<node id=\"a\"><data key=\"p\">123456789</data><data key=\"s\">True</data><data key=\"o\">Linear</data></node>"
                                "<node id=\"b\"><data key=\"p\">3000000000</data><data key=\"f\">16777217</data></node>"
                                "<edge source=\"a\" target=\"b\"><data key=\"f\">99</data></edge></graph></graphml>";
        const ModelGraph g = importModelText(doc, "typed.graphml");
        QCOMPARE(g.layer(0).flopsPerToken, 7.0);
        QCOMPARE(g.layer(0).params, qint64(123'456'789)); // not rounded to float
        QVERIFY(g.layer(0).tpShardable);
        QCOMPARE(QString::fromStdString(g.layer(0).op), QString("Linear"));
        QCOMPARE(g.layer(1).params, qint64(3'000'000'000));
        QCOMPARE(g.layer(1).flopsPerToken, 16'777'217.0);
    }

    void canonicalNodeIds()
    {
        // parse.nodeids="canonical" makes Boost number vertices by the id's digits; the importer
        // still matches attributes to the right node.
        const std::string doc = graphml("<node id=\"n1\"><data key=\"params\">11</data></node>"
                                        "<node id=\"n0\"><data key=\"params\">10</data></node>"
                                        "<edge source=\"n1\" target=\"n0\"/>",
                                        "", "<graph id=\"c\" edgedefault=\"directed\" parse.nodeids=\"canonical\">");
        const ModelGraph g = importModelText(doc, "c.graphml");
        QCOMPARE(layerNames(g), QStringList({ "n1", "n0" }));
        QCOMPARE(g.layer(0).params, qint64(11));
        QCOMPARE(g.layer(1).params, qint64(10));
    }

    void warnings()
    {
        const ModelGraph bare = importModelText("digraph t { a; b; a -> b }", "t.dot");
        QCOMPARE(bare.layerCount(), 2);
        QVERIFY(hasWarning(bare, "Graphviz DOT: no node has a \"params\" attribute above 0"));
        QVERIFY(hasWarning(bare, "activation memory is counted as zero"));
        QCOMPARE(bare.totalParams(), qint64(0));

        const std::string two = "<graphml><key id=\"p\" for=\"node\" attr.name=\"params\" attr.type=\"long\"/>"
                                "<graph id=\"first\" edgedefault=\"directed\"><node id=\"a\"><data key=\"p\">5</data></node></graph>"
                                "<graph id=\"second\" edgedefault=\"directed\"><node id=\"z\"/></graph></graphml>";
        const ModelGraph g = importModelText(two, "two.graphml");
        QCOMPARE(g.layerCount(), 1);
        QVERIFY(hasWarning(g, "holds 2 graphs; only the first (\"first\") was read"));
    }

    void kindGuesses_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("kind");
        QTest::newRow("llama embedding") << "model.embed_tokens" << "" << "embedding";
        QTest::newRow("gpt2 wte") << "transformer.wte" << "" << "embedding";
        QTest::newRow("post-attention norm") << "model.layers.3.post_attention_layernorm" << "" << "norm";
        QTest::newRow("gpt2 ln_f") << "transformer.ln_f" << "" << "norm";
        QTest::newRow("attention") << "model.layers.3.self_attn" << "Linear" << "attention";
        QTest::newRow("moe experts") << "model.layers.3.block_sparse_moe" << "" << "moe";
        QTest::newRow("lm head") << "lm_head" << "Linear" << "output_head";
        QTest::newRow("head component") << "bert.head" << "" << "output_head";
        QTest::newRow("mlp") << "model.layers.3.mlp" << "" << "mlp";
        QTest::newRow("gpt2 c_fc") << "transformer.h.3.mlp.c_fc" << "" << "mlp";
        QTest::newRow("fc1") << "encoder.fc1" << "" << "mlp";
        QTest::newRow("by op") << "node_17" << "MatMul" << "mlp";
        QTest::newRow("op LayerNorm") << "node_18" << "LayerNorm" << "norm";
        QTest::newRow("bert intermediate") << "bert.encoder.layer.3.intermediate" << "" << "mlp";
        QTest::newRow("megatron output layer") << "output_layer" << "" << "output_head";
        QTest::newRow("nothing known") << "residual_add" << "Add" << "other";
        QTest::newRow("heads is not head") << "num_heads" << "" << "other";
    }

    void kindGuesses()
    {
        QFETCH(QString, name);
        QFETCH(QString, op);
        QFETCH(QString, kind);
        QCOMPARE(QString::fromStdString(std::string(toString(guessLayerKind(name.toStdString(), op.toStdString())))), kind);
    }
};

QTEST_GUILESS_MAIN(TestGraphFileImporter)
#include "tst_graph_file_importer.moc"
