// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/model_importer.*: format detection by content, bundled models, and that every
// bad input gives an error naming the file, the position and the format.
#include "import/model_importer.h"
#include "util/input_error.h"

#include "test_files.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

#include <fstream>
#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

std::string good(const QString& name) { return std::string(SHARDSCOPE_TEST_DATA) + "/models/" + name.toStdString(); }
std::string bad(const QString& name) { return std::string(SHARDSCOPE_TEST_DATA) + "/bad/" + name.toStdString(); }

} // namespace

class TestModelImporter : public QObject
{
    Q_OBJECT

private slots:
    void detectsFormatByContent_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("layers");
        QTest::addColumn<qint64>("params");
        // Spec graphs: embedding, 4 layers a block (norm, attention, norm, MLP), final norm, head.
        // Layer sizes: 2,667,659,264 bytes of fp32 weights / 4.
        QTest::newRow("HF llama-style") << "mistral-7b.json" << "hf-config" << 3 + 4 * 32 << qint64(7'241'732'096);
        QTest::newRow("HF gpt2") << "gpt2.json" << "hf-config" << 3 + 4 * 12 << qint64(124'439'808);
        QTest::newRow("HF unknown type") << "unknown-type.json" << "hf-config" << 3 + 4 * 32 << qint64(6'738'415'616);
        QTest::newRow("native layers") << "native-dag.json" << "shardscope-model" << 5 << qint64(13'608'960);
        QTest::newRow("native transformer") << "native-transformer.json" << "shardscope-model" << 3 + 4 * 32
                                            << qint64(6'738'415'616);
        QTest::newRow("seed layer sizes") << "layer-sizes.json" << "seed-layer-sizes" << 11 << qint64(666'914'816);
        QTest::newRow("seed ModelInfo") << "seed-model-info.json" << "seed-model-info" << 5 << qint64(1300);
    }

    void detectsFormatByContent()
    {
        QFETCH(QString, file);
        QFETCH(QString, format);
        QFETCH(int, layers);
        QFETCH(qint64, params);
        const ModelGraph g = importModel(good(file));
        QCOMPARE(QString::fromStdString(g.sourceFormat()), format);
        QCOMPARE(g.layerCount(), layers);
        QCOMPARE(g.totalParams(), params);

        // The name of the file plays no part: the same text under another name imports the same way.
        const ModelGraph again = importModelText(readFile(good(file)), "renamed.txt");
        QCOMPARE(QString::fromStdString(again.sourceFormat()), format);
        QCOMPARE(again.totalParams(), params);
    }

    void bundledModels()
    {
        const std::vector<std::string> names = bundledModelNames();
        QVERIFY(names.size() >= 4);
        QVERIFY(std::find(names.begin(), names.end(), "llama-3-70b") != names.end());
        for (const char* query : { "llama-3-70b", "LLAMA-3-70B", "llama-3-70b.json", "Llama-3-70B.JSON" }) {
            const auto g = findBundledModel(query);
            QVERIFY2(g.has_value(), query);
            QCOMPARE(QString::fromStdString(g->name()), QString("llama-3-70b"));
            QCOMPARE(g->totalParams(), qint64(70'553'706'496));
        }
        QVERIFY(!findBundledModel("llama-9"));
        QVERIFY(!findBundledModel(""));
        for (const std::string& name : names) { // every bundled model imports cleanly
            const auto g = findBundledModel(name);
            QVERIFY(g.has_value());
            QVERIFY2(g->warnings().empty(), name.c_str());
            QVERIFY(g->totalParams() > 0);
        }
    }

    void badInputs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("position");    // exact
        QTest::addColumn<QString>("messagePart"); // substring of the message
        QTest::newRow("empty file") << "empty.json" << "" << "the file is empty";
        QTest::newRow("whitespace only") << "whitespace-only.json" << "" << "the file is empty";
        QTest::newRow("truncated JSON") << "truncated.json" << "line 7, column 11"
                                        << "Hugging Face config.json: unexpected end of input; the JSON is truncated";
        QTest::newRow("wrong type") << "hidden-size-string.json" << "$.hidden_size"
                                    << "Hugging Face config.json: expected a positive integer, got string";
        QTest::newRow("zero size") << "zero-hidden-size.json" << "$.hidden_size" << "expected a positive integer, got 0";
        QTest::newRow("non-integer") << "fractional-layers.json" << "$.num_hidden_layers" << "32.5 (not a whole number)";
        QTest::newRow("vocab 1e30") << "vocab-1e30.json" << "$.vocab_size" << "value 1e+30 is implausibly large";
        QTest::newRow("negative params") << "negative-params.json" << "$.layers[1].params"
                                         << "ShardScope model: expected a non-negative integer, got -5";
        QTest::newRow("params 1e30") << "params-1e30.json" << "$.layers[1].params" << "1e+30 is implausibly large";
        QTest::newRow("all sizes zero") << "all-zero-sizes.json" << "$" << "layer-size list: every layer has 0 parameters";
        QTest::newRow("negative size") << "negative-size.json" << "$[1][1]" << "layer-size list: expected a non-negative integer, got -4000";
        QTest::newRow("unknown connection") << "unknown-connection.json" << "$.layers[0].connections[0]"
                                            << "prototype ModelInfo: unknown layer \"fc9\"";
        QTest::newRow("hardware catalog") << "hardware-catalog-not-model.json" << "$.format" << "hardware catalog, not a model";
        QTest::newRow("unrecognised object") << "unrecognised-object.json" << "$" << "could not tell the model format";
        QTest::newRow("not json") << "not-json.txt" << "line 1, column 1" << "expected JSON";
    }

    void badInputs()
    {
        QFETCH(QString, file);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        const std::string path = bad(file);
        try {
            importModel(path);
            QFAIL("accepted a bad file");
        } catch (const InputError& e) {
            const QString what = QString::fromUtf8(e.what());
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(path));
            QVERIFY2(what.startsWith(QString::fromStdString(path) + ":"), e.what()); // "file:position: message"
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }

    void missingPathAndDirectory()
    {
        const std::string missing = std::string(SHARDSCOPE_TEST_DATA) + "/no-such-model.json";
        try {
            importModel(missing);
            QFAIL("accepted a missing file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(missing));
            QVERIFY2(QString(e.what()).contains("no such file"), e.what());
        }
        const std::string dir = std::string(SHARDSCOPE_TEST_DATA) + "/models";
        try {
            importModel(dir);
            QFAIL("accepted a directory");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(dir));
            QVERIFY2(QString(e.what()).contains("is a directory"), e.what());
        }
    }

    void detectsBinaryAndGraphFormatsByContent_data()
    {
        // Each fixture copied under a name that says nothing: the content alone picks the importer.
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("format");
        QTest::newRow("onnx") << "onnx/gpt_block.onnx" << "ONNX";
        QTest::newRow("safetensors") << "safetensors/tiny-llama/model.safetensors" << "safetensors";
        QTest::newRow("graphml") << "graphs/tiny-llama.graphml" << "GraphML";
        QTest::newRow("dot") << "graphs/tiny-llama.dot" << "Graphviz DOT";
        QTest::newRow("hf config") << "models/gpt2.json" << "hf-config";
    }

    void detectsBinaryAndGraphFormatsByContent()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, format);
        QTemporaryDir dir;
        const std::string copy = dir.filePath(QStringLiteral("model.data")).toStdString();
        std::filesystem::copy_file(std::string(SHARDSCOPE_TEST_DATA) + "/" + fixture.toStdString(), copy);
        const ModelGraph g = importModel(copy);
        QVERIFY2(QString::fromStdString(g.sourceFormat()).startsWith(format), g.sourceFormat().c_str());
        QVERIFY(g.totalParams() > 0);
    }

    void checkpointFolder()
    {
        // A folder reads its index first, then model.safetensors, then config.json.
        const ModelGraph sharded = importModel(std::string(SHARDSCOPE_TEST_DATA) + "/safetensors/tiny-llama-sharded");
        QVERIFY2(QString::fromStdString(sharded.sourceFormat()).startsWith(QStringLiteral("safetensors index")),
                 sharded.sourceFormat().c_str());
        const ModelGraph single = importModel(std::string(SHARDSCOPE_TEST_DATA) + "/safetensors/tiny-llama");
        QVERIFY2(QString::fromStdString(single.sourceFormat()).startsWith(QStringLiteral("safetensors")), single.sourceFormat().c_str());
        QCOMPARE(single.totalParams(), importModel(std::string(SHARDSCOPE_TEST_DATA) + "/safetensors/tiny-llama/model.safetensors").totalParams());
    }

    void syntaxErrorNamesFormatGuess()
    {
        try {
            importModelText("{\"format\": \"shardscope-model\", \"version\": 1,\n \"layers\": [}", "m.json");
            QFAIL("accepted bad JSON");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QString("line 2, column 13"));
            QVERIFY2(QString::fromStdString(e.message()).startsWith("ShardScope model: invalid JSON"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestModelImporter)
#include "tst_model_importer.moc"
