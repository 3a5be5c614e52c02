// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/hf_config_importer.*: every supported model_type, defaults, and errors that
// name the JSON field.
#include "import/hf_config_importer.h"
#include "util/input_error.h"

#include "test_files.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

json llama2()
{
    return json::parse(R"({
        "model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 32000,
        "max_position_embeddings": 4096, "tie_word_embeddings": false })");
}

constexpr std::int64_t kLlama2Params = 6'738'415'616;

} // namespace

class TestHfConfigImporter : public QObject
{
    Q_OBJECT

private slots:
    void modelTypes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("params");
        QTest::addColumn<qint64>("activeParams");
        QTest::addColumn<QString>("name");
        // Published counts: Mistral-7B-v0.1, Mixtral-8x7B, Qwen2-7B, GPT-2 (124M), Pythia-70m.
        QTest::newRow("mistral") << "mistral-7b.json" << qint64(7'241'732'096) << qint64(7'241'732'096)
                                 << "mistralai/Mistral-7B-v0.1";
        QTest::newRow("mixtral") << "mixtral-8x7b.json" << qint64(46'702'792'704) << qint64(12'879'925'248)
                                 << "mixtral-8x7b";
        QTest::newRow("qwen2") << "qwen2-7b.json" << qint64(7'615'616'512) << qint64(7'615'616'512) << "qwen2-7b";
        QTest::newRow("gpt2") << "gpt2.json" << qint64(124'439'808) << qint64(124'439'808) << "gpt2";
        QTest::newRow("gpt_neox") << "pythia-70m.json" << qint64(70'426'624) << qint64(70'426'624) << "pythia-70m";
    }

    void modelTypes()
    {
        QFETCH(QString, file);
        QFETCH(qint64, params);
        QFETCH(qint64, activeParams);
        QFETCH(QString, name);
        const std::string path = dataFile(qPrintable(file));
        const ModelGraph g = importHfConfig(readFile(path), path);
        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->paramCount(), params);
        QCOMPARE(g.spec()->activeParamCount(), activeParams);
        QCOMPARE(g.totalParams(), params);
        QCOMPARE(QString::fromStdString(g.name()), name);
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("hf-config"));
        // Mistral 7B attends within a 4096-token window, priced as full attention and said so.
        QCOMPARE(int(g.warnings().size()), file == "mistral-7b.json" ? 1 : 0);
    }

    void gpt2Shape()
    {
        const std::string path = dataFile("gpt2.json");
        const TransformerSpec s = transformerSpecFromHfConfig(json::parse(readFile(path)), path);
        QCOMPARE(s.ffn, qint64(4 * 768)); // n_inner null -> 4 n_embd
        QCOMPARE(s.norm, NormKind::LayerNorm);
        QCOMPARE(s.positions, PositionKind::Learned);
        QCOMPARE(s.maxPositions, qint64(1024));
        QVERIFY(s.tiedEmbeddings && s.qkvBias && s.attnOutBias && s.mlpBias && !s.gatedMlp && s.dropout);

        json cfg = json::parse(readFile(path));
        cfg["attn_pdrop"] = 0.0;
        cfg["resid_pdrop"] = 0.0;
        QVERIFY(!transformerSpecFromHfConfig(cfg, "gpt2.json").dropout);
        cfg.erase("attn_pdrop"); // GPT2Config defaults to 0.1
        QVERIFY(transformerSpecFromHfConfig(cfg, "gpt2.json").dropout);
    }

    void neoxShape()
    {
        const std::string path = dataFile("pythia-70m.json");
        const TransformerSpec s = transformerSpecFromHfConfig(json::parse(readFile(path)), path);
        QCOMPARE(s.norm, NormKind::LayerNorm);
        QCOMPARE(s.positions, PositionKind::Rotary);
        QVERIFY(!s.tiedEmbeddings && s.qkvBias && s.attnOutBias && s.mlpBias && !s.gatedMlp);
    }

    void qwen2HasQkvBiasOnly()
    {
        const std::string path = dataFile("qwen2-7b.json");
        const TransformerSpec s = transformerSpecFromHfConfig(json::parse(readFile(path)), path);
        QVERIFY(s.qkvBias && !s.attnOutBias && !s.mlpBias && s.gatedMlp);
    }

    void llamaOptions()
    {
        json cfg = llama2();
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").paramCount(), kLlama2Params);

        cfg.erase("num_key_value_heads"); // defaults to num_attention_heads
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").kvHeads, qint64(32));

        cfg["tie_word_embeddings"] = true;
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").paramCount(), kLlama2Params - 32000 * 4096);

        cfg = llama2();
        cfg["attention_bias"] = true; // q, k, v and o biases
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").paramCount(), kLlama2Params + 32 * 4 * 4096);

        cfg = llama2();
        cfg["mlp_bias"] = true; // gate and up (f each) and down (h)
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").paramCount(), kLlama2Params + 32 * (2 * 11008 + 4096));

        cfg = llama2();
        cfg["head_dim"] = 64; // q and o shrink to 32 x 64 = 2048 wide
        const std::int64_t attnBefore = 4 * 4096 * 4096, attnAfter = 4096 * (3 * 2048) + 2048 * 4096;
        QCOMPARE(transformerSpecFromHfConfig(cfg, "c.json").paramCount(),
                 kLlama2Params - 32 * (attnBefore - attnAfter));

        cfg = llama2();
        QVERIFY(!transformerSpecFromHfConfig(cfg, "c.json").dropout);
        cfg["attention_dropout"] = 0.1;
        QVERIFY(transformerSpecFromHfConfig(cfg, "c.json").dropout);
        cfg["attention_dropout"] = 0.0;
        cfg["hidden_dropout"] = 0.05;
        QVERIFY(transformerSpecFromHfConfig(cfg, "c.json").dropout);
    }

    // rope_theta and rope_scaling as the configs give them; none invented where the config has none.
    void ropeFromConfig()
    {
        // Meta-Llama-3.1-405B's config.json, the rotary part.
        json cfg = llama2();
        cfg["rope_theta"] = 500000.0;
        cfg["rope_scaling"] = json::parse(R"({ "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
            "original_max_position_embeddings": 8192, "rope_type": "llama3" })");
        TransformerSpec s = transformerSpecFromHfConfig(cfg, "c.json");
        QVERIFY(s.ropeTheta.has_value());
        QCOMPARE(*s.ropeTheta, 500000.0);
        QVERIFY(s.ropeScaling.has_value());
        QCOMPARE(QString::fromStdString(s.ropeScaling->type), QString("llama3"));
        QVERIFY(s.ropeScaling->isLlama3());
        QCOMPARE(s.ropeScaling->factor, 8.0);
        QCOMPARE(s.ropeScaling->lowFreqFactor, 1.0);
        QCOMPARE(s.ropeScaling->highFreqFactor, 4.0);
        QCOMPARE(s.ropeScaling->originalMaxPositions, qint64(8192));
        QCOMPARE(s.paramCount(), kLlama2Params); // the rotary settings have no weights

        // Llama-2-7b-hf's config.json has "rope_scaling": null and no rope_theta: both stay unset.
        cfg = llama2();
        cfg["rope_scaling"] = nullptr;
        s = transformerSpecFromHfConfig(cfg, "c.json");
        QVERIFY(!s.ropeTheta);
        QVERIFY(!s.ropeScaling);

        // Older configs name the type "type"; linear scaling has a factor only.
        cfg["rope_scaling"] = json::parse(R"({ "type": "linear", "factor": 4.0 })");
        s = transformerSpecFromHfConfig(cfg, "c.json");
        QVERIFY(s.ropeScaling && s.ropeScaling->type == "linear" && !s.ropeScaling->isLlama3());
        QCOMPARE(s.ropeScaling->factor, 4.0);

        // transformers 5 nests both in rope_parameters; "default" is no scaling.
        cfg = llama2();
        cfg["rope_parameters"] = json::parse(R"({ "rope_type": "default", "rope_theta": 500000.0 })");
        s = transformerSpecFromHfConfig(cfg, "c.json");
        QCOMPARE(s.ropeTheta.value_or(0), 500000.0);
        QVERIFY(!s.ropeScaling);

        // Test data: Mistral-7B-v0.1 10000.0, Mixtral-8x7B and Qwen2-7B 1000000.0, Pythia's rotary_emb_base 10000;
        // GPT-2 has learned positions and no base.
        const std::pair<const char*, double> bases[] = { { "mistral-7b.json", 10000.0 }, { "mixtral-8x7b.json", 1e6 },
                                                          { "qwen2-7b.json", 1e6 }, { "pythia-70m.json", 10000.0 } };
        for (const auto& [file, base] : bases) {
            const std::string path = dataFile(file);
            QCOMPARE(transformerSpecFromHfConfig(json::parse(readFile(path)), path).ropeTheta.value_or(0), base);
        }
        const std::string gpt2 = dataFile("gpt2.json");
        QVERIFY(!transformerSpecFromHfConfig(json::parse(readFile(gpt2)), gpt2).ropeTheta);
    }

    void unknownTypeWorksWithWarning()
    {
        const std::string path = dataFile("unknown-type.json");
        const ModelGraph g = importHfConfig(readFile(path), path);
        QCOMPARE(g.totalParams(), kLlama2Params);
        QCOMPARE(int(g.warnings().size()), 1);
        QVERIFY(QString::fromStdString(g.warnings().front()).contains("my_decoder"));
        QVERIFY(QString::fromStdString(g.warnings().front()).contains("Llama-style"));
    }

    void naming()
    {
        json cfg = llama2();
        QCOMPARE(QString::fromStdString(modelGraphFromHfConfig(cfg, "/x/Llama-2-7b-hf/config.json").name()),
                 QString("Llama-2-7b-hf"));
        QCOMPARE(QString::fromStdString(modelGraphFromHfConfig(cfg, "/x/my-model.json").name()), QString("my-model"));
        cfg["_name_or_path"] = "meta-llama/Llama-2-7b-hf";
        QCOMPARE(QString::fromStdString(modelGraphFromHfConfig(cfg, "/x/config.json").name()),
                 QString("meta-llama/Llama-2-7b-hf"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("base");    // "llama", "gpt2" or "mixtral"
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");   // JSON text, or empty to remove the key
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("missing hidden_size") << "llama" << "hidden_size" << "" << "$.hidden_size" << "missing required field \"hidden_size\"";
        QTest::newRow("missing vocab_size") << "llama" << "vocab_size" << "" << "$.vocab_size" << "missing required field";
        QTest::newRow("string hidden_size") << "llama" << "hidden_size" << "\"4096\"" << "$.hidden_size" << "expected a positive integer, got string";
        QTest::newRow("fractional layers") << "llama" << "num_hidden_layers" << "32.5" << "$.num_hidden_layers" << "not a whole number";
        QTest::newRow("zero hidden_size") << "llama" << "hidden_size" << "0" << "$.hidden_size" << "expected a positive integer, got 0";
        QTest::newRow("negative layers") << "llama" << "num_hidden_layers" << "-3" << "$.num_hidden_layers" << "got -3";
        QTest::newRow("absurd vocab") << "llama" << "vocab_size" << "1e30" << "$.vocab_size" << "implausibly large";
        QTest::newRow("absurd hidden") << "llama" << "hidden_size" << "1e30" << "$.hidden_size" << "implausibly large";
        QTest::newRow("huge integer") << "llama" << "hidden_size" << "18446744073709551615" << "$.hidden_size" << "implausibly large";
        QTest::newRow("kv heads not dividing heads") << "llama" << "num_key_value_heads" << "5" << "$.num_key_value_heads" << "multiple of key/value heads";
        QTest::newRow("heads not dividing hidden") << "llama" << "hidden_size" << "4100" << "$.num_attention_heads" << "divisible";
        QTest::newRow("bool as string") << "llama" << "tie_word_embeddings" << "\"yes\"" << "$.tie_word_embeddings" << "expected true or false, got string";
        QTest::newRow("model_type not a string") << "llama" << "model_type" << "7" << "$.model_type" << "expected a string";
        QTest::newRow("dropout out of range") << "llama" << "attention_dropout" << "2" << "$.attention_dropout" << "at most 1, got 2";
        QTest::newRow("negative rope_theta") << "llama" << "rope_theta" << "-500000" << "$.rope_theta" << "got -500000";
        QTest::newRow("string rope_theta") << "llama" << "rope_theta" << "\"500000\"" << "$.rope_theta" << "got string";
        QTest::newRow("absurd rope_theta") << "llama" << "rope_theta" << "1e300" << "$.rope_theta" << "implausibly large";
        QTest::newRow("rope_scaling not an object") << "llama" << "rope_scaling" << "8" << "$.rope_scaling" << "expected an object";
        QTest::newRow("rope_scaling without type") << "llama" << "rope_scaling" << R"({"factor": 8.0})" << "$.rope_scaling.rope_type" << "rope scaling type";
        QTest::newRow("llama3 without low_freq_factor") << "llama" << "rope_scaling"
            << R"({"rope_type": "llama3", "factor": 8.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192})"
            << "$.rope_scaling.low_freq_factor" << "missing required field";
        QTest::newRow("llama3 high below low") << "llama" << "rope_scaling"
            << R"({"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 4.0, "high_freq_factor": 1.0, "original_max_position_embeddings": 8192})"
            << "$.rope_scaling.high_freq_factor" << "above low_freq_factor";
        QTest::newRow("scaling factor below 1") << "llama" << "rope_scaling" << R"({"type": "linear", "factor": 0.5})"
            << "$.rope_scaling.factor" << "got 0.5";
        QTest::newRow("gpt2 missing n_embd") << "gpt2" << "n_embd" << "" << "$.n_embd" << "missing required field";
        QTest::newRow("gpt2 kv") << "gpt2" << "n_head" << "7" << "$.n_head" << "divisible";
        QTest::newRow("mixtral missing experts") << "mixtral" << "num_local_experts" << "" << "$.num_local_experts" << "missing";
        QTest::newRow("mixtral top-k above experts") << "mixtral" << "num_experts_per_tok" << "9" << "$.num_experts_per_tok" << "between 1 and 8";
    }

    void errors()
    {
        QFETCH(QString, base);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        json cfg = base == "llama" ? llama2()
                                   : json::parse(readFile(dataFile(base == "gpt2" ? "gpt2.json" : "mixtral-8x7b.json")));
        if (value.isEmpty())
            cfg.erase(key.toStdString());
        else
            cfg[key.toStdString()] = json::parse(value.toStdString());
        try {
            importHfConfig(cfg.dump(), "/tmp/bad/config.json");
            QFAIL("accepted a bad config");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("/tmp/bad/config.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            const QString message = QString::fromStdString(e.message());
            QVERIFY2(message.startsWith("Hugging Face config.json: "), e.what());
            QVERIFY2(message.contains(messagePart), e.what());
        }
    }

    void notAnObject()
    {
        try {
            importHfConfig("[1, 2]", "c.json");
            QFAIL("accepted an array");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QString("$"));
            QVERIFY2(QString(e.what()).contains("expected a JSON object, got array"), e.what());
        }
    }

    void syntaxErrorHasLineAndColumn()
    {
        try {
            importHfConfig("{\n  \"hidden_size\": 4096,\n  \"vocab_size\": 32000,,\n}", "c.json");
            QFAIL("accepted bad JSON");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QString("line 3, column 23"));
            QVERIFY2(QString(e.what()).contains("Hugging Face config.json: invalid JSON"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHfConfigImporter)
#include "tst_hf_config_importer.moc"
