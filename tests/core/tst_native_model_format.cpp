// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/native_model_format.*: both forms, lossless round trips, errors at JSON paths.
#include "import/hf_config_importer.h"
#include "import/model_importer.h"
#include "import/native_model_format.h"
#include "import/seed_formats.h"
#include "util/input_error.h"

#include "graph_compare.h"
#include "json_edit.h"
#include "test_files.h"

#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

ModelGraph reimport(const ModelGraph& g) { return importNativeModel(nativeModelToJson(g).dump(2), "round-trip.json"); }

json minimalLayers()
{
    return json::parse(R"({"format": "shardscope-model", "version": 1, "name": "m",
        "layers": [{"name": "a", "kind": "mlp", "params": 10}, {"name": "b", "kind": "mlp", "params": 20}]})");
}

} // namespace

class TestNativeModelFormat : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("HF llama (spec graph)") << "../../../resources/models/llama-3-8b.json";
        QTest::newRow("HF llama 3.1 (rope scaling)") << "../../../resources/models/llama-3.1-405b.json";
        QTest::newRow("HF mixtral (MoE)") << "mixtral-8x7b.json";
        QTest::newRow("HF deepseek_v2 (MoE, shared experts, dense first block, MLA)") << "hf/DeepSeek-V2-Lite.json";
        QTest::newRow("HF gpt_oss (router bias, sinks)") << "hf/gpt-oss-20b.json";
        QTest::newRow("HF qwen2_moe (shared expert gate)") << "hf/Qwen1.5-MoE-A2.7B.json";
        QTest::newRow("HF gpt2 (tied head)") << "gpt2.json";
        QTest::newRow("native DAG") << "native-dag.json";
        QTest::newRow("native transformer") << "native-transformer.json";
        QTest::newRow("seed layer sizes (warning)") << "layer-sizes.json";
        QTest::newRow("seed ModelInfo (connections)") << "seed-model-info.json";
        // Every importer's output survives the native format: import -> native JSON -> import.
        QTest::newRow("ONNX GPT block") << "../onnx/gpt_block.onnx";
        QTest::newRow("ONNX CNN (per sample)") << "../onnx/cnn_block.onnx";
        QTest::newRow("safetensors file") << "../safetensors/tiny-llama/model.safetensors";
        QTest::newRow("safetensors index + config") << "../safetensors/tiny-llama-sharded";
        QTest::newRow("GraphML") << "../graphs/tiny-llama.graphml";
        QTest::newRow("Graphviz DOT") << "../graphs/tiny-llama.dot";
    }

    void roundTrip()
    {
        QFETCH(QString, file);
        const ModelGraph original = importModel(dataFile(qPrintable(file)));
        const ModelGraph once = reimport(original);
        compareGraphs(original, once);
        if (QTest::currentTestFailed())
            return;
        compareGraphs(once, reimport(once)); // and stable from then on
        QCOMPARE(QString::fromStdString(once.sourceFormat()), QString("shardscope-model"));
    }

    void transformerForm()
    {
        const ModelGraph g = importNativeModel(readFile(dataFile("native-transformer.json")), "n.json");
        QCOMPARE(g.totalParams(), qint64(6'738'415'616));
        QVERIFY(g.spec().has_value());
        QCOMPARE(int(g.blocks().size()), 32);
        QCOMPARE(QString::fromStdString(g.name()), QString("llama-2-7b-native"));
    }

    // rope_theta and rope_scaling are optional: read when given, unset (and not written) when not.
    void ropeKeys()
    {
        json doc = json::parse(readFile(dataFile("native-transformer.json")));
        QVERIFY(!importNativeModel(doc.dump(), "n.json").spec()->ropeTheta);
        QVERIFY(!nativeModelToJson(importNativeModel(doc.dump(), "n.json"))["transformer"].contains("rope_theta"));
        doc["transformer"]["rope_theta"] = 500000.0;
        doc["transformer"]["rope_scaling"] = json::parse(R"({"type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
            "high_freq_factor": 4.0, "original_max_positions": 8192})");
        const ModelGraph g = importNativeModel(doc.dump(), "n.json");
        QCOMPARE(g.spec()->ropeTheta.value_or(0), 500000.0);
        QVERIFY(g.spec()->ropeScaling == (RopeScaling { "llama3", 8.0, 1.0, 4.0, 8192 }));
        const nlohmann::ordered_json t = nativeModelToJson(g)["transformer"];
        QCOMPARE(t["rope_theta"].get<double>(), 500000.0);
        QCOMPARE(t["rope_scaling"]["original_max_positions"].get<int>(), 8192);
    }

    void layersForm()
    {
        const ModelGraph g = importNativeModel(readFile(dataFile("native-dag.json")), "dag.json");
        QCOMPARE(g.layerCount(), 5);
        QCOMPARE(boost::num_edges(g.dag()), std::size_t(5));
        QCOMPARE(g.layer(4).tiedToLayer, 0);
        QCOMPARE(g.layer(2).actScoreBytesPerTokenPerSeq, 32.0);
        QCOMPARE(int(g.blocks().size()), 1);
        QVERIFY(g.blocks()[0].layers == std::vector<int>({ 1, 2, 3 }));
        QVERIFY(!g.spec());

        json doc = minimalLayers(); // no "edges": a chain
        const ModelGraph chain = importNativeModel(doc.dump(), "m.json");
        QCOMPARE(boost::num_edges(chain.dag()), std::size_t(1));
        QCOMPARE(chain.layer(0).activeParams, qint64(10));
    }

    void layersWinOverTransformer()
    {
        json doc = minimalLayers();
        doc["transformer"] = json::parse(readFile(dataFile("native-transformer.json")))["transformer"];
        const ModelGraph g = importNativeModel(doc.dump(), "both.json");
        QCOMPARE(g.layerCount(), 2);
        QCOMPARE(g.totalParams(), qint64(30));
        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->hidden, qint64(4096));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("pointer"); // JSON pointer to change, e.g. "/layers/0/params"
        QTest::addColumn<QString>("value");   // JSON text; empty removes it
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("missing format") << "/format" << "" << "$.format" << "missing required field";
        QTest::newRow("other format") << "/format" << "\"onnx\"" << "$.format" << "expected \"shardscope-model\"";
        QTest::newRow("newer version") << "/version" << "2" << "$.version" << "newer than";
        QTest::newRow("version string") << "/version" << "\"1\"" << "$.version" << "got string";
        QTest::newRow("no layers nor transformer") << "/layers" << "" << "$" << "expected a \"transformer\" object";
        QTest::newRow("empty layers") << "/layers" << "[]" << "$.layers" << "at least one layer";
        QTest::newRow("layers not an array") << "/layers" << "{}" << "$.layers" << "expected an array, got object";
        QTest::newRow("layer not an object") << "/layers/1" << "3" << "$.layers[1]" << "expected a JSON object";
        QTest::newRow("layer missing name") << "/layers/1/name" << "" << "$.layers[1].name" << "missing required field \"name\"";
        QTest::newRow("layer empty name") << "/layers/1/name" << "\"\"" << "$.layers[1].name" << "non-empty";
        QTest::newRow("unknown kind") << "/layers/0/kind" << "\"conv\"" << "$.layers[0].kind" << "unknown layer kind \"conv\"";
        QTest::newRow("missing params") << "/layers/0/params" << "" << "$.layers[0].params" << "missing required field";
        QTest::newRow("negative params") << "/layers/0/params" << "-5" << "$.layers[0].params" << "non-negative integer, got -5";
        QTest::newRow("fractional params") << "/layers/0/params" << "1.5" << "$.layers[0].params" << "not a whole number";
        QTest::newRow("absurd params") << "/layers/0/params" << "1e30" << "$.layers[0].params" << "implausibly large";
        QTest::newRow("params as string") << "/layers/0/params" << "\"10\"" << "$.layers[0].params" << "got string";
        QTest::newRow("active above params") << "/layers/0/active_params" << "11" << "$.layers[0].active_params" << "of at most 10, got 11";
        QTest::newRow("tied_to out of range") << "/layers/0/tied_to" << "7" << "$.layers[0].tied_to" << "from -1 to 1";
        QTest::newRow("tied to itself") << "/layers/1/tied_to" << "1" << "$.layers[1].tied_to" << "itself";
        QTest::newRow("negative flops") << "/layers/0/flops_per_token" << "-1" << "$.layers[0].flops_per_token" << "non-negative number";
        QTest::newRow("flops as bool") << "/layers/0/flops_per_token" << "true" << "$.layers[0].flops_per_token" << "got boolean";
        QTest::newRow("edge backwards") << "/edges" << "[[1, 0]]" << "$.edges[0]" << "does not point forward";
        QTest::newRow("edge out of range") << "/edges" << "[[0, 2]]" << "$.edges[0][1]" << "of at most 1, got 2";
        QTest::newRow("edge not a pair") << "/edges" << "[[0]]" << "$.edges[0]" << "expected a pair";
        QTest::newRow("transformer hidden string") << "/transformer" << R"({"hidden": "4096", "ffn": 1, "layers": 1, "heads": 1, "vocab": 1})" << "$.transformer.hidden" << "got string";
        QTest::newRow("transformer kv heads") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "kv_heads": 3, "vocab": 1})" << "$.transformer.kv_heads" << "multiple";
        QTest::newRow("transformer qk_norm") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "qk_norm": "rms"})" << "$.transformer.qk_norm" << "\"none\", \"head\" or \"full\", got \"rms\"";
        QTest::newRow("transformer rotary_fraction") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "rotary_fraction": 1.5})" << "$.transformer.rotary_fraction" << "at most 1";
        QTest::newRow("transformer activation") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "activation": "geluuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu"})" << "$.transformer.activation" << "at most 64 bytes";
        QTest::newRow("transformer norm") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "norm": "batchnorm"})" << "$.transformer.norm" << "\"rmsnorm\", \"layernorm\", \"layernorm_no_bias\" or \"layernorm_no_affine\", got \"batchnorm\"";
        QTest::newRow("transformer missing vocab") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8})" << "$.transformer.vocab" << "missing required field";
        QTest::newRow("rope_theta negative") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "rope_theta": -1})" << "$.transformer.rope_theta" << "got -1";
        QTest::newRow("rope_theta string") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "rope_theta": "500000"})" << "$.transformer.rope_theta" << "got string";
        QTest::newRow("rope_theta with learned positions") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "max_positions": 8, "positions": "learned", "rope_theta": 10000})" << "$.transformer.rope_theta" << "rotary positions only";
        QTest::newRow("rope_scaling without type") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "rope_scaling": {"factor": 8}})" << "$.transformer.rope_scaling.type" << "missing required field";
        QTest::newRow("llama3 scaling without original context") << "/transformer" << R"({"hidden": 64, "ffn": 1, "layers": 1, "heads": 8, "vocab": 1, "rope_scaling": {"type": "llama3", "factor": 8, "low_freq_factor": 1, "high_freq_factor": 4}})" << "$.transformer.rope_scaling.original_max_positions" << "positive integer";
        QTest::newRow("warnings not strings") << "/warnings" << "[1]" << "$.warnings[0]" << "expected a string";
    }

    void errors()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        json doc = minimalLayers();
        editJson(doc, pointer, value);
        try {
            importNativeModel(doc.dump(), "model.json");
            QFAIL("accepted a bad model");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("model.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).startsWith("ShardScope model: "), e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }

    void truncatedJsonGivesLineAndColumn()
    {
        const std::string text = readFile(dataFile("native-dag.json"));
        const std::string truncated = text.substr(0, text.find("\"edges\"") + 12); // ends inside the edges array
        try {
            importNativeModel(truncated, "dag.json");
            QFAIL("accepted truncated JSON");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QString("line 24, column 15"));
            QVERIFY2(QString(e.what()).contains("unexpected end of input; the JSON is truncated"), e.what());
            QVERIFY2(QString(e.what()).startsWith("dag.json:line 24, column 15: ShardScope model: "), e.what());
        }
    }

    void emptyText()
    {
        try {
            importNativeModel("  \n", "empty.json");
            QFAIL("accepted empty text");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains("empty"), e.what());
        }
    }

    void writtenDocumentShape()
    {
        const ModelGraph g = importModel(dataFile("native-transformer.json"));
        const nlohmann::ordered_json j = nativeModelToJson(g);
        QCOMPARE(QString::fromStdString(j["format"].get<std::string>()), QString("shardscope-model"));
        QCOMPARE(j["version"].get<int>(), 1);
        QVERIFY(j.contains("transformer") && j.contains("layers") && j.contains("edges"));
        QCOMPARE(j["layers"].size(), std::size_t(g.layerCount()));
        QCOMPARE(j["edges"].size(), std::size_t(g.layerCount() - 1));
        QCOMPARE(QString::fromStdString(j["layers"][1]["kind"].get<std::string>()), QString("norm"));
    }
};

QTEST_GUILESS_MAIN(TestNativeModelFormat)
#include "tst_native_model_format.moc"
