// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/onnx_importer.*: parameters, FLOPs and stored activations of the committed
// fixtures (tests/data/onnx/make_fixtures.py) against numbers computed here from the shapes the
// script wrote, layer grouping, IR 3 and external-data models, and every bad input.
#include "import/model_importer.h"
#include "import/native_model_format.h"
#include "import/onnx_importer.h"
#include "import/onnx_shape_inference.h"
#include "util/input_error.h"
#include "util/text.h"

#include "test_files.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

std::string onnxFile(const char* name) { return std::string(SHARDSCOPE_TEST_DATA) + "/onnx/" + name; }
std::string badFile(const char* name) { return std::string(SHARDSCOPE_TEST_DATA) + "/bad/" + name; }

// The GPT-style fixture's shapes, as make_fixtures.py writes them.
constexpr double V = 128, H = 64, A = 4, F = 256, L = 2;

std::vector<std::string> layerNames(const ModelGraph& g)
{
    std::vector<std::string> names;
    for (const Layer& l : g.layers())
        names.push_back(l.name);
    return names;
}

const Layer& layerNamed(const ModelGraph& g, const std::string& name)
{
    const int i = g.findLayer(name);
    if (i < 0)
        throw std::runtime_error("no layer " + name);
    return g.layer(i);
}

} // namespace

class TestOnnxImporter : public QObject
{
    Q_OBJECT

private slots:
    void gptBlockParameters()
    {
        const ModelGraph g = importModel(onnxFile("gpt_block.onnx"));
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QStringLiteral("ONNX"));
        // Embedding V x H; per block: two LayerNorms (2H each), QKV H x 3H + 3H, projection H x H + H,
        // MLP H x F + F and F x H + H; final LayerNorm 2H; untied head H x V.
        const double perBlock = 2 * H + (3 * H * H + 3 * H) + (H * H + H) + 2 * H + (H * F + F) + (F * H + H);
        const double expected = V * H + L * perBlock + 2 * H + H * V;
        QCOMPARE(double(g.totalParams()), expected);

        const std::vector<std::string> expectedLayers { "transformer.wte", "transformer.h.0.ln_1", "transformer.h.0.attn",
                                                        "transformer.h.0.ln_2", "transformer.h.0.mlp", "transformer.h.1.ln_1",
                                                        "transformer.h.1.attn", "transformer.h.1.ln_2", "transformer.h.1.mlp",
                                                        "transformer.ln_f", "lm_head" };
        QVERIFY(layerNames(g) == expectedLayers);
        QVERIFY(layerNamed(g, "transformer.wte").kind == LayerKind::Embedding);
        QVERIFY(layerNamed(g, "transformer.h.0.attn").kind == LayerKind::Attention);
        QVERIFY(layerNamed(g, "transformer.h.1.mlp").kind == LayerKind::Mlp);
        QVERIFY(layerNamed(g, "transformer.ln_f").kind == LayerKind::Norm);
        QVERIFY(layerNamed(g, "transformer.h.0.ln_1").kind == LayerKind::Norm);
        QVERIFY(layerNamed(g, "lm_head").kind == LayerKind::OutputHead);
        QCOMPARE(double(layerNamed(g, "transformer.h.0.attn").params), 3 * H * H + 3 * H + H * H + H);
        QCOMPARE(int(g.blocks().size()), 2);
        QCOMPARE(g.blocks()[1].layers.size(), std::size_t(4));
        // Operator detail stays: 1 Gather + 2 x 37 block nodes (make_fixtures.py) + LayerNorm + MatMul.
        QCOMPARE(int(g.nodes().size()), 1 + 2 * 37 + 2);
        QVERIFY(!g.nodeEdges().empty());
    }

    void gptBlockFlops()
    {
        const ModelGraph g = importModel(onnxFile("gpt_block.onnx"));
        // 2 FLOPs per multiply-add: 2 x (matmul weights) per token, plus Q K^T and scores x V,
        // 2 x 2 x H per token per position and block (Narayanan et al. 2021, Eq. 3 without the backward).
        const double matmulWeights = L * (H * 3 * H + H * H + H * F + F * H) + H * V;
        double perToken = 0;
        double perTokenPerSeq = 0;
        for (const Layer& l : g.layers()) {
            perToken += l.flopsPerToken;
            perTokenPerSeq += l.flopsPerTokenPerSeq;
        }
        QCOMPARE(perToken, 2 * matmulWeights);
        QCOMPARE(perTokenPerSeq, L * 4 * H);
        for (double seq : { 128.0, 2048.0, 8192.0 }) {
            const double expected = (2 * matmulWeights + L * 4 * H * seq) * seq;
            const double predicted = (perToken + perTokenPerSeq * seq) * seq;
            QVERIFY2(std::abs(predicted / expected - 1) < 0.01, qPrintable(QString::number(seq)));
        }
        QCOMPARE(layerNamed(g, "transformer.h.0.attn").flopsPerTokenPerSeq, 4 * H);
        QCOMPARE(layerNamed(g, "transformer.wte").flopsPerToken, 0.0); // a lookup, not a product

        // Node level: the scores MatMul is 2 H per token per position; the softmax outputs A per position.
        const auto& nodes = g.nodes();
        const auto scores = std::find_if(nodes.begin(), nodes.end(), [](const OpNode& n) { return n.name == "/transformer/h.0/attn/MatMul"; });
        QVERIFY(scores != nodes.end());
        QCOMPARE(scores->flopsPerTokenPerSeq, 2 * H);
        QCOMPARE(scores->flopsPerToken, 0.0);
        const auto softmax = std::find_if(nodes.begin(), nodes.end(), [](const OpNode& n) { return n.op == "Softmax"; });
        QCOMPARE(softmax->outputElementsPerTokenPerSeq, A);
        QCOMPARE(softmax->flopsPerTokenPerSeq, 5 * A);
        const auto fc = std::find_if(nodes.begin(), nodes.end(), [](const OpNode& n) { return n.name == "/transformer/h.1/mlp/c_fc/MatMul"; });
        QVERIFY(fc->weightShape == std::vector<std::int64_t>({ std::int64_t(H), std::int64_t(F) }));
        QCOMPARE(double(fc->params), H * F);
    }

    void fixedShapeExportGivesTheSameCosts()
    {
        // Exported with input [2, 32] instead of [batch, sequence]: tokens per execution are 64 and
        // the sequence length 32, so per-token values must equal the symbolic export's.
        const ModelGraph symbolic = importModel(onnxFile("gpt_block.onnx"));
        const ModelGraph fixed = importModel(onnxFile("gpt_block_fixed.onnx"));
        QCOMPARE(fixed.layerCount(), symbolic.layerCount());
        for (int i = 0; i < fixed.layerCount(); ++i) {
            QCOMPARE(fixed.layer(i).flopsPerToken, symbolic.layer(i).flopsPerToken);
            QCOMPARE(fixed.layer(i).flopsPerTokenPerSeq, symbolic.layer(i).flopsPerTokenPerSeq);
            QCOMPARE(fixed.layer(i).actShardedBytesPerToken, symbolic.layer(i).actShardedBytesPerToken);
            QCOMPARE(fixed.layer(i).actScoreBytesPerTokenPerSeq, symbolic.layer(i).actScoreBytesPerTokenPerSeq);
        }
    }

    void gptBlockActivations()
    {
        // Korthikanti et al. 2022, Sec. 4.1, without dropout: per block 24 sbh bytes split by tensor
        // parallelism (Q, K, V 6; projection input 2; GELU input 8; second MLP input 8), 8 sbh kept
        // whole (two LayerNorm inputs 4, QKV and MLP inputs 4) and the softmax output 2 a s^2 b.
        const ModelGraph g = importModel(onnxFile("gpt_block.onnx"));
        const Layer& attn = layerNamed(g, "transformer.h.0.attn");
        const Layer& mlp = layerNamed(g, "transformer.h.0.mlp");
        QCOMPARE(attn.actShardedBytesPerToken, 8 * H);
        QCOMPARE(attn.actScoreBytesPerTokenPerSeq, 2 * A);
        QCOMPARE(attn.actReplicatedBytesPerToken, 2 * H); // its residual output, the second LayerNorm's input
        QCOMPARE(mlp.actShardedBytesPerToken, 16 * H);
        double sharded = 0;
        double replicated = 0;
        for (const std::string name : { "transformer.h.0.ln_1", "transformer.h.0.attn", "transformer.h.0.ln_2", "transformer.h.0.mlp" }) {
            sharded += layerNamed(g, name).actShardedBytesPerToken;
            replicated += layerNamed(g, name).actReplicatedBytesPerToken;
        }
        QCOMPARE(sharded, 24 * H);
        QCOMPARE(replicated, 8 * H);
        // The embedding keeps its int64 token ids; the block input is 2 bytes per element.
        QCOMPARE(layerNamed(g, "transformer.wte").actReplicatedBytesPerToken, 2 * H + 8);
        QCOMPARE(layerNamed(g, "transformer.h.1.ln_1").inputBytesPerToken, 2 * H);

        // Tensor parallelism: one all-reduce of H per token after attention and after the MLP (Megatron).
        QCOMPARE(attn.tpCommElementsPerToken, H);
        QCOMPARE(mlp.tpCommElementsPerToken, H);
        QVERIFY(attn.tpShardable && mlp.tpShardable);
        QVERIFY(!layerNamed(g, "transformer.h.0.ln_1").tpShardable);
        QCOMPARE(attn.outputElementsPerToken, H);
        QCOMPARE(layerNamed(g, "lm_head").outputElementsPerToken, V);
    }

    void cnnIrVersion3()
    {
        const ModelGraph g = importModel(onnxFile("cnn_block.onnx"));
        // Conv weights and biases, BatchNorm scale and shift (running statistics are buffers), classifier.
        const double expected = (16 * 3 * 3 * 3 + 16) + 2 * 16 + (32 * 16 * 3 * 3 + 32) + 2 * 32 + (10 * 32 + 10);
        QCOMPARE(double(g.totalParams()), expected);
        // Per sample: 2 x output elements x (Cin x k x k) per Conv, 2 x 10 x 32 for the classifier.
        QCOMPARE(layerNamed(g, "features.0").flopsPerToken, 2.0 * 16 * 32 * 32 * 27);
        QCOMPARE(layerNamed(g, "features.4").flopsPerToken, 2.0 * 32 * 16 * 16 * 144);
        QCOMPARE(layerNamed(g, "classifier").flopsPerToken, 2.0 * 10 * 32);
        // The first Conv keeps the input image (3 x 32 x 32, 16-bit) and its own output, which the
        // BatchNorm needs (16 x 32 x 32); a layer keeps what it produces.
        QCOMPARE(layerNamed(g, "features.0").actReplicatedBytesPerToken + layerNamed(g, "features.0").actShardedBytesPerToken,
                 2.0 * (3 * 32 * 32 + 16 * 32 * 32));
        bool perSampleWarning = false;
        for (const std::string& w : g.warnings())
            perSampleWarning = perSampleWarning || w.find("no sequence dimension") != std::string::npos;
        QVERIFY(perSampleWarning);
        QCOMPARE(g.layerCount(), 9);
    }

    void externalDataIsNeverRead()
    {
        // Only the .onnx is copied: the weights file is absent, and the import must not need it.
        QTemporaryDir dir;
        const std::string copy = dir.filePath(QStringLiteral("mlp_external.onnx")).toStdString();
        std::filesystem::copy_file(onnxFile("mlp_external.onnx"), copy);
        const ModelGraph g = importModel(copy);
        QCOMPARE(double(g.totalParams()), 32.0 * 128 + 128 + 128 * 32 + 32);
        QCOMPARE(g.layerCount(), 3); // mlp.fc1, mlp.act, mlp.fc2
        double flops = 0;
        for (const Layer& l : g.layers())
            flops += l.flopsPerToken;
        QCOMPARE(flops, 2.0 * (32 * 128 + 128 * 32));
    }

    void badInputs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("cycle") << "onnx-cycle.onnx" << "graph.node[1] (/block/b/Relu)"
                               << "cycle: /block/b/Relu -> /block/a/Add -> /block/b/Relu";
        QTest::newRow("dangling") << "onnx-dangling.onnx" << "graph.node[1] (/block/bias/Add)"
                                  << "input 'missing_bias' is not produced by any node";
        QTest::newRow("no nodes") << "onnx-no-nodes.onnx" << "graph" << "no graph nodes";
        QTest::newRow("non-UTF-8 name") << "onnx-non-utf8.onnx" << "graph.node[0]"
                                        << "the node name \"/bl\\xFFck/act/Relu\" is not valid UTF-8 (byte 3)";
        QTest::newRow("text under an .onnx name") << "model.onnx" << "graph" << "no graph nodes";
    }

    void badInputs()
    {
        QFETCH(QString, file);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        const std::string path = badFile(qPrintable(file));
        try {
            importModel(path);
            QFAIL("accepted a bad ONNX file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(path));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
            QVERIFY2(QString::fromStdString(e.message()).startsWith(QStringLiteral("ONNX:")), e.what());
        }
    }

    void truncatedProtobufNamesTheOffset()
    {
        const std::string whole = readFile(onnxFile("gpt_block.onnx"));
        for (std::size_t cut : { std::size_t(3), whole.size() / 2, whole.size() - 1 }) {
            try {
                importOnnxBytes(std::string_view(whole).substr(0, cut), "cut.onnx");
                QFAIL("accepted a truncated model");
            } catch (const InputError& e) {
                QVERIFY2(QString::fromStdString(e.message()).contains(QStringLiteral("truncated or corrupt")), e.what());
                QVERIFY2(QString::fromStdString(e.position()).startsWith(QStringLiteral("byte ")), e.what());
                const long offset = QString::fromStdString(e.position()).mid(5).toLong();
                QVERIFY(offset >= 0 && std::size_t(offset) <= cut);
            }
        }
    }

    void invalidNodesSkipShapeInference_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reason");
        QTest::newRow("Scan without num_scan_inputs") << "scan-without-num-scan-inputs.onnx" << "num_scan_inputs";
        QTest::newRow("ConvTranspose weight of rank 1") << "convtranspose-weight-rank-1.onnx"
                                                        << "the weight \"W\" has 1 dimensions, expected at least 3";
    }

    void invalidNodesSkipShapeInference()
    {
        // Found by fuzz/fuzz_onnx (tests/fuzz/regressions/onnx): libonnx's shape inference read a
        // null pointer on these nodes (the CLI crashed). They are now checked first (OpSchema::Verify,
        // the weight's rank), and the import goes on without inferred shapes, naming node and reason.
        QFETCH(QString, file);
        QFETCH(QString, reason);
        const ModelGraph g = importModel(std::string(SHARDSCOPE_TEST_DATA) + "/../fuzz/regressions/onnx/" + file.toStdString());
        QString warnings;
        for (const std::string& w : g.warnings())
            warnings += QString::fromStdString(w) + '\n';
        QVERIFY2(warnings.contains(QStringLiteral("ONNX shape inference was skipped")), qPrintable(warnings));
        QVERIFY2(warnings.contains(QStringLiteral("graph.node[0]: ")), qPrintable(warnings));
        QVERIFY2(warnings.contains(reason), qPrintable(warnings));
    }

    void libonnxCrashIsContained()
    {
        // Found by fuzz/fuzz_onnx: a Conv with strides [0, 2] passes its schema, and libonnx's
        // convPoolShapeInference divides by the zero stride (SIGFPE; the CLI died). Shape inference
        // now runs in a helper process: the import goes on, the Conv is there without sizes.
        const ModelGraph g = importModel(std::string(SHARDSCOPE_TEST_DATA) + "/../fuzz/regressions/onnx/conv-stride-zero.onnx");
        QString warnings;
        for (const std::string& w : g.warnings())
            warnings += QString::fromStdString(w) + '\n';
#if defined(__x86_64__) || defined(__i386__)
        // x86 traps on an integer division by zero; arm64 returns 0 and libonnx goes on.
        QVERIFY2(warnings.contains(QStringLiteral("ONNX shape inference crashed inside libonnx (arithmetic error, "
                                                  "such as a division by zero); the import went on without it")),
                 qPrintable(warnings));
#endif
        QVERIFY2(warnings.contains(QStringLiteral("have no inferred shapes, so their FLOPs are not counted (e.g. Conv#0)")),
                 qPrintable(warnings));
        QCOMPARE(g.layers().size(), std::size_t(1));
    }

    void warningsAreUtf8()
    {
        // Found by fuzz/fuzz_onnx: an attribute name with the byte 0xC7 reached a warning through
        // libonnx's message, and writing the model as JSON threw. Warnings show such bytes escaped.
        const ModelGraph g = importModel(std::string(SHARDSCOPE_TEST_DATA)
                                         + "/../fuzz/regressions/onnx/attribute-name-not-utf8-in-warning.onnx");
        bool escaped = false;
        for (const std::string& w : g.warnings()) {
            QVERIFY2(invalidUtf8Offset(w) == std::string::npos, w.c_str());
            escaped = escaped || w.find("va\\xC7ue") != std::string::npos;
        }
        QVERIFY(escaped);
        QVERIFY(!nativeModelToJson(g).dump().empty());
    }

    void validNodesKeepShapeInference()
    {
        for (const char* file : { "gpt_block.onnx", "cnn_block.onnx", "mlp_external.onnx" }) {
            const ModelGraph g = importModel(onnxFile(file));
            for (const std::string& w : g.warnings())
                QVERIFY2(w.find("shape inference was skipped") == std::string::npos, w.c_str());
        }
    }

    void helperProgramAndForkAgree()
    {
        // Shape inference runs in the helper program (tools/onnx-infer) where one is found, else in
        // a child forked before parsing; both parse the bytes themselves. The models must not differ
        // by a bit, nor their warnings, a contained crash included.
        QVERIFY2(!onnx_import::shapeInferenceHelperPath().empty(), "the build tree's shardscope-onnx-infer is not found");
        for (const std::string& file : { onnxFile("gpt_block.onnx"), onnxFile("cnn_block.onnx"), onnxFile("mlp_external.onnx"),
                                         std::string(SHARDSCOPE_TEST_DATA) + "/../fuzz/regressions/onnx/conv-stride-zero.onnx",
                                         std::string(SHARDSCOPE_TEST_DATA)
                                             + "/../fuzz/regressions/onnx/scan-without-num-scan-inputs.onnx" }) {
            const ModelGraph program = importModel(file);
            qputenv("SHARDSCOPE_ONNX_HELPER", "fork");
            const ModelGraph forked = importModel(file);
            qunsetenv("SHARDSCOPE_ONNX_HELPER");
            QVERIFY2(nativeModelToJson(program).dump() == nativeModelToJson(forked).dump(), file.c_str());
            QVERIFY2(program.warnings() == forked.warnings(), file.c_str());
            QVERIFY2(program.nodes().size() == forked.nodes().size(), file.c_str());
            for (std::size_t i = 0; i < program.nodes().size(); ++i) {
                QCOMPARE(program.nodes()[i].flopsPerToken, forked.nodes()[i].flopsPerToken);
                QCOMPARE(program.nodes()[i].outputElementsPerToken, forked.nodes()[i].outputElementsPerToken);
                QCOMPARE(program.nodes()[i].outputElementsPerTokenPerSeq, forked.nodes()[i].outputElementsPerTokenPerSeq);
            }
        }
    }

    void missingHelperProgramIsNamed()
    {
        // A helper program named by SHARDSCOPE_ONNX_HELPER that cannot run is said so, never
        // replaced silently: the model comes without sizes and a warning names the program.
        qputenv("SHARDSCOPE_ONNX_HELPER", "/nonexistent/shardscope-onnx-infer");
        const ModelGraph g = importModel(onnxFile("gpt_block.onnx"));
        qunsetenv("SHARDSCOPE_ONNX_HELPER");
        bool named = false;
        for (const std::string& w : g.warnings())
            named = named
                || w == "ONNX shape inference could not run (cannot run the helper program "
                        "/nonexistent/shardscope-onnx-infer: No such file or directory); no node has inferred sizes";
        QVERIFY(named);
        QCOMPARE(layerNamed(g, "transformer.h.0.mlp").flopsPerToken, 0.0);
        QCOMPARE(g.totalParams(), importModel(onnxFile("gpt_block.onnx")).totalParams());
    }

    void emptyAndForeignFiles()
    {
        QTemporaryDir dir;
        const std::string empty = dir.filePath(QStringLiteral("empty.onnx")).toStdString();
        std::ofstream(empty).close();
        try {
            importModel(empty);
            QFAIL("accepted an empty .onnx");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.message()).contains(QStringLiteral("ONNX: the file is empty")), e.what());
        }
        // A JSON model saved under an .onnx name is still read as what it is.
        const std::string json = dir.filePath(QStringLiteral("gpt2.onnx")).toStdString();
        std::filesystem::copy_file(dataFile("gpt2.json"), json);
        QCOMPARE(importModel(json).totalParams(), std::int64_t(124'439'808));
    }
};

QTEST_GUILESS_MAIN(TestOnnxImporter)
#include "tst_onnx_importer.moc"
