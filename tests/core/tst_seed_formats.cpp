// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/seed_formats.* and core/model/block_detection.*: the prototype's model tests,
// ported, plus block detection on real checkpoint names.
#include "import/seed_formats.h"
#include "model/block_detection.h"
#include "util/input_error.h"

#include "test_files.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

ModelGraph graphOf(const std::vector<std::string>& names)
{
    ModelGraph g("names");
    for (const std::string& n : names) {
        Layer l;
        l.name = n;
        l.params = 1;
        l.flopsPerToken = 2;
        g.addLayer(l);
    }
    g.addSequentialEdges();
    return g;
}

std::vector<std::string> llamaNames(int blocks)
{
    std::vector<std::string> names { "model.embed_tokens" };
    for (int b = 0; b < blocks; ++b)
        for (const char* part : { "input_layernorm", "self_attn.q_proj", "self_attn.k_proj", "self_attn.v_proj",
                                  "self_attn.o_proj", "post_attention_layernorm", "mlp.gate_proj", "mlp.up_proj",
                                  "mlp.down_proj" })
            names.push_back("model.layers." + std::to_string(b) + "." + part);
    names.push_back("model.norm");
    names.push_back("lm_head");
    return names;
}

} // namespace

class TestSeedFormats : public QObject
{
    Q_OBJECT

private slots:
    // seed: test_layer_info_creation
    void layerInfoCreation()
    {
        const Layer layer = seedLayer("fc1", 1000000, SeedLayerType::Linear);
        QCOMPARE(layer.params, qint64(1000000));
        QVERIFY(layer.tpShardable);
        QCOMPARE(layer.flopsPerToken, 2e6);
        QVERIFY(layer.kind == LayerKind::Mlp);
        QCOMPARE(QString::fromStdString(layer.op), QString("Linear"));
        QCOMPARE(seedLayer("a", 10, SeedLayerType::Attention).flopsPerToken, 40.0);
        QCOMPARE(seedLayer("n", 10, SeedLayerType::Normalization).flopsPerToken, 10.0);
        QVERIFY(!seedLayer("n", 10, SeedLayerType::Normalization).tpShardable);
    }

    // seed: test_layer_type
    void layerType()
    {
        QVERIFY(SeedLayerType::Linear != SeedLayerType::Attention);
        for (const char* name : { "Embedding", "Linear", "Attention", "Normalization", "Activation", "Convolution",
                                  "Pooling", "Residual", "Other" }) {
            const auto t = seedLayerTypeFromString(name);
            QVERIFY(t.has_value());
            QCOMPARE(QString::fromUtf8(toString(*t).data(), qsizetype(toString(*t).size())), QString(name));
        }
        QVERIFY(!seedLayerTypeFromString("Dense"));
    }

    // seed: test_model_info_from_layers
    void modelInfoFromLayers()
    {
        const json sizes = json::parse(R"([["embed", 1000000], ["fc1", 500000], ["fc2", 500000]])");
        const ModelGraph model = seedLayerSizesFromJson(sizes, "sizes.json");
        QCOMPARE(model.layerCount(), 3);
        QCOMPARE(model.totalParams(), qint64(500000)); // 2,000,000 bytes / 4 bytes per fp32 weight
        QVERIFY(model.layer(0).kind == LayerKind::Embedding);
        QVERIFY(model.layer(1).kind == LayerKind::Mlp);
        QCOMPARE(boost::num_edges(model.dag()), std::size_t(2));
        QCOMPARE(QString::fromStdString(model.name()), QString("sizes"));
        QCOMPARE(int(model.warnings().size()), 1);
        QVERIFY(QString::fromStdString(model.warnings()[0]).contains("activation memory is not counted"));
        for (const Layer& l : model.layers())
            QCOMPARE(l.actShardedBytesPerToken + l.actReplicatedBytesPerToken + l.actScoreBytesPerTokenPerSeq, 0.0);
    }

    void kindFromName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("type");
        QTest::newRow("embed") << "model.embed_tokens" << int(SeedLayerType::Embedding);
        QTest::newRow("attention") << "transformer.0.attention" << int(SeedLayerType::Attention);
        QTest::newRow("attn") << "h.0.attn.c_attn" << int(SeedLayerType::Attention);
        QTest::newRow("norm") << "model.norm" << int(SeedLayerType::Normalization);
        QTest::newRow("other is linear") << "fc2" << int(SeedLayerType::Linear);
    }

    void kindFromName()
    {
        QFETCH(QString, name);
        QFETCH(int, type);
        QCOMPARE(int(seedLayerTypeFromName(name.toStdString())), type);
    }

    // seed: test_extract_block_index (its three cases first), plus real checkpoint names
    void extractBlockIndex_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("index"); // -1: none
        QTest::newRow("seed transformer.12.attention") << "transformer.12.attention" << 12;
        QTest::newRow("seed block.5.mlp") << "block.5.mlp" << 5;
        QTest::newRow("seed embedding") << "embedding" << -1;
        QTest::newRow("llama") << "model.layers.12.self_attn.q_proj" << 12;
        QTest::newRow("gpt2") << "transformer.h.3.mlp.c_fc" << 3;
        QTest::newRow("gpt-neox") << "gpt_neox.layers.7.attention.dense" << 7;
        QTest::newRow("bert") << "encoder.layer.0.output" << 0;
        QTest::newRow("onnx node") << "/model/layers.4/self_attn/MatMul" << 4;
        QTest::newRow("fc1 is not an index") << "fc1" << -1;
        QTest::newRow("conv2d is not an index") << "features.conv2d.weight" << -1;
        QTest::newRow("container wins over earlier number") << "model.0.layers.9.mlp" << 9;
        QTest::newRow("bare sequential") << "net.3.weight" << 3;
        QTest::newRow("too many digits") << "layers.12345678901.mlp" << -1;
    }

    void extractBlockIndex()
    {
        QFETCH(QString, name);
        QFETCH(int, index);
        const auto got = shardscope::extractBlockIndex(name.toStdString());
        QCOMPARE(got.value_or(-1), index);
    }

    void detectLlamaBlocks()
    {
        ModelGraph g = graphOf(llamaNames(4));
        const auto blocks = detectTransformerBlocks(g);
        QCOMPARE(int(blocks.size()), 4);
        for (int b = 0; b < 4; ++b) {
            QCOMPARE(blocks[std::size_t(b)].index, b);
            QCOMPARE(int(blocks[std::size_t(b)].layers.size()), 9);
            QCOMPARE(blocks[std::size_t(b)].layers.front(), 1 + 9 * b);
            QCOMPARE(blocks[std::size_t(b)].params, qint64(9));
            QCOMPARE(blocks[std::size_t(b)].flopsPerToken, 18.0);
        }
        QCOMPARE(g.layer(0).block, -1);                  // embedding
        QCOMPARE(g.layer(g.layerCount() - 2).block, -1); // final norm
        QCOMPARE(g.layer(g.layerCount() - 1).block, -1); // lm_head
        QCOMPARE(g.layer(10).block, 1);
        QCOMPARE(int(g.blocks().size()), 4);
        QCOMPARE(int(g.partitionUnits().size()), 3 + 4);
        QVERIFY(g.warnings().empty());
    }

    void detectGpt2Blocks()
    {
        std::vector<std::string> names { "transformer.wte", "transformer.wpe", "transformer.drop" };
        for (int b = 0; b < 12; ++b)
            for (const char* part : { "ln_1", "attn.c_attn", "attn.c_proj", "ln_2", "mlp.c_fc", "mlp.c_proj" })
                names.push_back("transformer.h." + std::to_string(b) + "." + part);
        names.push_back("transformer.ln_f");
        names.push_back("lm_head");
        ModelGraph g = graphOf(names);
        const auto blocks = detectTransformerBlocks(g);
        QCOMPARE(int(blocks.size()), 12);
        QCOMPARE(blocks[11].index, 11);
        QCOMPARE(int(blocks[11].layers.size()), 6);
        QCOMPARE(g.layer(0).block, -1);
        QCOMPARE(g.layer(3).block, 0);
        QCOMPARE(g.layer(g.layerCount() - 2).block, -1);
    }

    void unnumberedLayerInsideBlockJoinsIt()
    {
        ModelGraph g = graphOf({ "embed", "layers.0.attn", "dropout", "layers.0.mlp", "head" });
        const auto blocks = detectTransformerBlocks(g);
        QCOMPARE(int(blocks.size()), 1);
        QVERIFY(blocks[0].layers == std::vector<int>({ 1, 2, 3 }));
        QCOMPARE(g.layer(2).block, 0);
    }

    void nonContiguousBlockLayerStaysOutside()
    {
        ModelGraph g = graphOf({ "layers.0.attn", "layers.1.attn", "layers.0.mlp", "layers.1.mlp" });
        const auto blocks = detectTransformerBlocks(g);
        QCOMPARE(int(blocks.size()), 2);
        QCOMPARE(g.layer(2).block, -1);
        QCOMPARE(g.layer(3).block, -1);
        QCOMPARE(int(g.warnings().size()), 1);
        QVERIFY2(QString::fromStdString(g.warnings()[0]).contains("layers.0.mlp"), g.warnings()[0].c_str());
    }

    void encoderAndDecoderBlocksAreDistinct()
    {
        ModelGraph g = graphOf({ "encoder.block.0.a", "encoder.block.1.a", "decoder.block.0.a", "decoder.block.1.a" });
        const auto blocks = detectTransformerBlocks(g);
        QCOMPARE(int(blocks.size()), 4);
        QCOMPARE(blocks[2].index, 0);
        QCOMPARE(g.layer(2).block, 2); // Layer::block is the position in blocks(), unique
        QVERIFY(g.warnings().empty());
    }

    void layerSizesDetectsBlocks()
    {
        const std::string path = std::string(SHARDSCOPE_TEST_DATA) + "/models/layer-sizes.json";
        const ModelGraph g = importSeedLayerSizes(readFile(path), path);
        QCOMPARE(g.layerCount(), 11);
        QCOMPARE(int(g.blocks().size()), 2);
        QCOMPARE(g.layer(0).params, qint64(131'072'000));
        QVERIFY(g.layer(2).kind == LayerKind::Attention);
        QVERIFY(g.layer(1).kind == LayerKind::Norm);
    }

    void modelInfo()
    {
        const std::string path = std::string(SHARDSCOPE_TEST_DATA) + "/models/seed-model-info.json";
        const ModelGraph g = importSeedModelInfo(readFile(path), path);
        QCOMPARE(QString::fromStdString(g.name()), QString("toy-residual"));
        QCOMPARE(g.layerCount(), 5);
        QCOMPARE(g.totalParams(), qint64(1300));
        QCOMPARE(boost::num_edges(g.dag()), std::size_t(5));
        QVERIFY(boost::edge(0, 2, g.dag()).second); // embed -> residual skip connection
        QCOMPARE(g.layer(1).flopsPerToken, 1600.0); // the file's flops win over the 4x rule
        QVERIFY(g.layer(2).kind == LayerKind::Other);
        QCOMPARE(QString::fromStdString(g.layer(2).op), QString("Residual"));
        QVERIFY(!g.layer(2).tpShardable);
        QCOMPARE(int(g.blocks().size()), 1);
        QCOMPARE(int(g.blocks()[0].layers.size()), 3);
        QCOMPARE(int(g.warnings().size()), 1); // activations not counted; total_params agrees
    }

    void modelInfoTotalMismatchWarns()
    {
        json doc = json::parse(readFile(std::string(SHARDSCOPE_TEST_DATA) + "/models/seed-model-info.json"));
        doc["total_params"] = 999;
        const ModelGraph g = seedModelInfoFromJson(doc, "m.json");
        QCOMPARE(int(g.warnings().size()), 2);
        QVERIFY(QString::fromStdString(g.warnings()[0]).contains("total_params says 999"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("sizes: not a pair") << R"([["a", 4], ["b"]])" << "$[1]" << "layer-size list: expected a pair";
        QTest::newRow("sizes: negative") << R"([["a", -4]])" << "$[0][1]" << "non-negative integer, got -4";
        QTest::newRow("sizes: string size") << R"([["a", "4"]])" << "$[0][1]" << "got string";
        QTest::newRow("sizes: absurd") << R"([["a", 1e30]])" << "$[0][1]" << "implausibly large";
        QTest::newRow("sizes: all zero") << R"([["a", 0], ["b", 3]])" << "$" << "every layer has 0 parameters";
        QTest::newRow("info: unknown connection")
            << R"({"layers": [{"name": "a", "param_count": 1, "connections": ["a2"]}]})"
            << "$.layers[0].connections[0]" << "unknown layer \"a2\"";
        QTest::newRow("info: self connection")
            << R"({"layers": [{"name": "a", "param_count": 1, "connections": ["a"]}]})"
            << "$.layers[0].connections[0]" << "connected to itself";
        QTest::newRow("info: bad layer_type")
            << R"({"layers": [{"name": "a", "param_count": 1, "layer_type": "Dense"}]})"
            << "$.layers[0].layer_type" << "unknown layer type \"Dense\"";
        QTest::newRow("info: duplicate name")
            << R"({"layers": [{"name": "a", "param_count": 1}, {"name": "a", "param_count": 1}]})"
            << "$.layers[1].name" << "used twice";
        QTest::newRow("info: negative params")
            << R"({"layers": [{"name": "a", "param_count": -1}]})" << "$.layers[0].param_count" << "got -1";
        QTest::newRow("info: absurd params")
            << R"({"layers": [{"name": "a", "param_count": 1e30}]})" << "$.layers[0].param_count" << "implausibly large";
        QTest::newRow("info: over 1e15 in total")
            << R"({"layers": [{"name": "a", "param_count": 900000000000000}, {"name": "b", "param_count": 900000000000000}]})"
            << "$.layers[1].param_count" << "more than 1e15";
    }

    void errors()
    {
        QFETCH(QString, text);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        const json doc = json::parse(text.toStdString());
        try {
            if (doc.is_array())
                seedLayerSizesFromJson(doc, "seed.json");
            else
                seedModelInfoFromJson(doc, "seed.json");
            QFAIL("accepted a bad file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("seed.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSeedFormats)
#include "tst_seed_formats.moc"
