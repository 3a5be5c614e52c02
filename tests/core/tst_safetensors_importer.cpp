// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/safetensors_importer.* (with safetensors_header, checkpoint_layers and
// checkpoint_graph behind it): layers and parameters from tensor names and shapes, inferred shapes,
// config.json combination and header-only reading. Bad files: tst_safetensors_errors.cpp.
// Fixtures: tests/data/safetensors/make_fixtures.py; the expected counts here are computed from the
// shapes written out below, not taken from that script.
#include "import/model_importer.h"
#include "import/safetensors_importer.h"
#include "util/input_error.h"

#include "safetensors_fixtures.h"

#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;

class TestSafetensorsImporter : public QObject
{
    Q_OBJECT
private slots:
    void tinyLlama_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("importSafetensors") << "file";
        QTest::newRow("importModel(file)") << "model";
        QTest::newRow("importModel(folder)") << "folder";
    }

    void tinyLlama()
    {
        QFETCH(QString, how);
        const std::string file = fixture("tiny-llama/model.safetensors");
        const ModelGraph g = how == "file"  ? importSafetensors(file)
                           : how == "model" ? importModel(file)
                                            : importModel(fixture("tiny-llama"));
        const std::vector<LayerParams> expected = tinyLlamaLayers();
        QCOMPARE(g.layerCount(), int(expected.size()));
        for (int i = 0; i < g.layerCount(); ++i) {
            QCOMPARE(QString::fromStdString(g.layer(i).name), QString::fromStdString(expected[std::size_t(i)].name));
            QCOMPARE(g.layer(i).params, expected[std::size_t(i)].params);
        }
        QCOMPARE(g.totalParams(), sum(expected));
        QCOMPARE(g.totalParams(), qint64(1260));
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("safetensors"));
        QCOMPARE(QString::fromStdString(g.name()), QString("tiny-llama"));
        QCOMPARE(int(boost::num_edges(g.dag())), g.layerCount() - 1);

        QCOMPARE(int(g.blocks().size()), 2);
        QCOMPARE(g.blocks()[1].index, 1);
        QCOMPARE(g.blocks()[1].layers, (std::vector<int> { 5, 6, 7, 8 }));
        QVERIFY(g.layer(0).kind == LayerKind::Embedding);
        QVERIFY(g.layer(2).kind == LayerKind::Attention);
        QVERIFY(g.layer(4).kind == LayerKind::Mlp);
        QVERIFY(g.layer(10).kind == LayerKind::OutputHead);
        QCOMPARE(g.layer(10).tiedToLayer, -1);

        // The shape: hidden from the embedding [16, 8], head_dim 4 from inv_freq [2], kv width from k_proj [4, 8].
        QVERIFY(g.spec().has_value());
        const TransformerSpec& s = *g.spec();
        QCOMPARE(s.hidden, qint64(8));
        QCOMPARE(s.layers, qint64(2));
        QCOMPARE(s.vocab, qint64(16));
        QCOMPARE(s.ffn, qint64(12));
        QCOMPARE(s.heads, qint64(2));
        QCOMPARE(s.kvHeads, qint64(1));
        QCOMPARE(s.effectiveHeadDim(), qint64(4));
        QVERIFY(s.gatedMlp && !s.tiedEmbeddings && s.norm == NormKind::RmsNorm);

        // Costs from the shape: 2 FLOPs per token per matrix weight.
        QCOMPARE(g.layer(2).flopsPerToken, 2.0 * (8 * 8 + 4 * 8 + 4 * 8 + 8 * 8));
        QCOMPARE(g.layer(2).flopsPerTokenPerSeq, 4.0 * 8);
        QCOMPARE(g.layer(4).flopsPerToken, 2.0 * 3 * 12 * 8);
        QCOMPARE(g.layer(10).flopsPerToken, 2.0 * 16 * 8);
        QVERIFY(g.layer(2).tpShardable && g.layer(4).tpShardable && !g.layer(1).tpShardable);

        // The only note: the inv_freq buffers are counted as parameters.
        QCOMPARE(int(g.warnings().size()), 1);
        QVERIFY2(anyWarningContains(g, "2 tensor(s) look like buffers"), qPrintable(allWarnings(g)));
    }

    void shardedWithConfig_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("importModel(index)") << "index";
        QTest::newRow("importModel(folder)") << "folder";
        QTest::newRow("importSafetensorsIndex") << "json";
    }

    void shardedWithConfig()
    {
        QFETCH(QString, how);
        const std::string index = fixture("tiny-llama-sharded/model.safetensors.index.json");
        const ModelGraph g = how == "index"  ? importModel(index)
                           : how == "folder" ? importModel(fixture("tiny-llama-sharded"))
                                             : importSafetensorsIndex(json::parse(readFile(index)), index);
        // hidden 16, q 16, k/v 8, MLP 24, vocab 32, 3 blocks, tied embeddings (no lm_head tensor).
        const qint64 block = 16 + (16 * 16 + 8 * 16 + 8 * 16 + 16 * 16) + 16 + 3 * 24 * 16;
        QCOMPARE(g.totalParams(), qint64(32 * 16 + 3 * block + 16));
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("safetensors index + hf-config"));
        QCOMPARE(QString::fromStdString(g.name()), QString("tiny-llama-sharded"));
        QCOMPARE(g.layerCount(), 1 + 3 * 4 + 2);
        QCOMPARE(QString::fromStdString(g.layer(5).name), QString("model.layers.1.input_layernorm"));
        QCOMPARE(g.layer(6).params, qint64(16 * 16 + 8 * 16 + 8 * 16 + 16 * 16));

        // The tied head is not stored, but it computes the logits: from config.json, with 0 parameters.
        const Layer& head = g.layer(g.layerCount() - 1);
        QCOMPARE(QString::fromStdString(head.name), QString("lm_head"));
        QCOMPARE(head.params, qint64(0));
        QCOMPARE(head.tiedToLayer, 0);
        QCOMPARE(head.flopsPerToken, 2.0 * 32 * 16);

        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->heads, qint64(4));
        QCOMPARE(g.spec()->kvHeads, qint64(2));
        QCOMPARE(g.spec()->paramCount(), g.totalParams());
        QCOMPARE(int(g.blocks().size()), 3);
        QVERIFY2(g.warnings().empty(), qPrintable(allWarnings(g)));
    }

    void configDisagreesWithTensors()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "my-llama";
        fs::create_directories(folder);
        fs::copy_file(fixture("tiny-llama/model.safetensors"), folder / "model.safetensors");
        // intermediate_size 16 instead of the tensors' 12.
        writeText((folder / "config.json").string(),
                  R"({"model_type": "llama", "hidden_size": 8, "intermediate_size": 16, "num_hidden_layers": 2,
                      "num_attention_heads": 2, "num_key_value_heads": 1, "vocab_size": 16})");
        const ModelGraph g = importModel(folder.string());
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("safetensors + hf-config"));
        QCOMPARE(g.totalParams(), sum(tinyLlamaLayers())); // parameters follow the tensors
        QCOMPARE(g.spec()->ffn, qint64(16));               // costs follow config.json
        const qint64 configParams = 16 * 8 + 2 * (8 + (8 * 8 + 4 * 8 + 4 * 8 + 8 * 8) + 8 + 3 * 16 * 8) + 8 + 16 * 8;
        const qint64 tensorWeights = sum(tinyLlamaLayers()) - 2 * 2; // the inv_freq buffers aside
        QVERIFY2(anyWarningContains(g, "config.json describes a model of " + grouped(configParams)
                                           + " parameters, but the checkpoint's tensors hold "
                                           + grouped(tensorWeights)),
                 qPrintable(allWarnings(g)));

        // Within 0.5 % there is no warning about the count.
        writeText((folder / "config.json").string(),
                  R"({"model_type": "llama", "hidden_size": 8, "intermediate_size": 12, "num_hidden_layers": 2,
                      "num_attention_heads": 2, "num_key_value_heads": 1, "vocab_size": 16, "_name_or_path": "org/tiny"})");
        const ModelGraph same = importModel(folder.string());
        QVERIFY2(!anyWarningContains(same, "config.json describes"), qPrintable(allWarnings(same)));
        QCOMPARE(QString::fromStdString(same.name()), QString("org/tiny"));

        // A config.json ShardScope cannot read is set aside with a note; the tensors still import.
        writeText((folder / "config.json").string(), R"({"model_type": "llama", "hidden_size": "eight"})");
        const ModelGraph unused = importModel(folder.string());
        QCOMPARE(QString::fromStdString(unused.sourceFormat()), QString("safetensors"));
        QVERIFY2(anyWarningContains(unused, "config.json beside the checkpoint was not used"), qPrintable(allWarnings(unused)));
        QCOMPARE(unused.spec()->ffn, qint64(12));
    }

    void gpt2Style()
    {
        const ModelGraph g = importModel(fixture("gpt2-style/model.safetensors"));
        QCOMPARE(layerNames(g), QStringList({ "transformer.wte", "transformer.wpe", "transformer.h.0.ln_1",
                                              "transformer.h.0.attn", "transformer.h.0.ln_2", "transformer.h.0.mlp",
                                              "transformer.h.1.ln_1", "transformer.h.1.attn", "transformer.h.1.ln_2",
                                              "transformer.h.1.mlp", "transformer.ln_f", "lm_head" }));
        // hidden 8, MLP 32, vocab 20, 12 positions; LayerNorms and every matrix with a bias.
        const qint64 ln = 2 * 8, attn = 8 * 24 + 24 + 8 * 8 + 8, mlp = 8 * 32 + 32 + 32 * 8 + 8;
        QCOMPARE(g.layer(0).params, qint64(20 * 8));
        QCOMPARE(g.layer(1).params, qint64(12 * 8));
        QCOMPARE(g.layer(3).params, attn);
        QCOMPARE(g.layer(5).params, mlp);
        QCOMPARE(g.totalParams(), 20 * 8 + 12 * 8 + 2 * (ln + attn + ln + mlp) + ln);
        QCOMPARE(g.layer(11).params, qint64(0)); // tied to the token embedding
        QCOMPARE(g.layer(11).tiedToLayer, 0);

        QVERIFY(g.spec().has_value());
        const TransformerSpec& s = *g.spec();
        QCOMPARE(QString::fromStdString(s.modelType), QString("gpt2"));
        QCOMPARE(s.norm, NormKind::LayerNorm);
        QCOMPARE(s.positions, PositionKind::Learned);
        QCOMPARE(s.maxPositions, qint64(12));
        QCOMPARE(s.ffn, qint64(32));
        QVERIFY(!s.gatedMlp && s.qkvBias && s.attnOutBias && s.mlpBias && s.tiedEmbeddings);
        QCOMPARE(s.paramCount(), g.totalParams());
        QCOMPARE(g.layer(3).flopsPerToken, 2.0 * (8 * 24 + 8 * 8));
        // Nothing names the head count: a guess, and a warning that says so.
        QCOMPARE(s.heads * s.effectiveHeadDim(), qint64(8));
        QCOMPARE(int(g.warnings().size()), 1);
        QVERIFY2(anyWarningContains(g, "assumed head_dim"), qPrintable(allWarnings(g)));
    }

    void neoxNaming()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("pythia-tiny.safetensors").toStdString();
        std::vector<Tensor> t { { "gpt_neox.embed_in.weight", "F16", { 10, 8 } }, { "embed_out.weight", "F16", { 10, 8 } },
                                { "gpt_neox.final_layer_norm.weight", "F16", { 8 } },
                                { "gpt_neox.final_layer_norm.bias", "F16", { 8 } } };
        for (int b = 1; b >= 0; --b) { // block 1 first in the file: file order must not matter
            const std::string p = "gpt_neox.layers." + std::to_string(b) + ".";
            for (const char* norm : { "input_layernorm", "post_attention_layernorm" })
                for (const char* param : { ".weight", ".bias" })
                    t.push_back({ p + norm + param, "F16", { 8 } });
            t.push_back({ p + "mlp.dense_4h_to_h.weight", "F16", { 8, 32 } });
            t.push_back({ p + "mlp.dense_4h_to_h.bias", "F16", { 8 } });
            t.push_back({ p + "mlp.dense_h_to_4h.weight", "F16", { 32, 8 } });
            t.push_back({ p + "mlp.dense_h_to_4h.bias", "F16", { 32 } });
            t.push_back({ p + "attention.query_key_value.weight", "F16", { 24, 8 } });
            t.push_back({ p + "attention.query_key_value.bias", "F16", { 24 } });
            t.push_back({ p + "attention.dense.weight", "F16", { 8, 8 } });
            t.push_back({ p + "attention.dense.bias", "F16", { 8 } });
        }
        writeSafetensors(path, t);
        const ModelGraph g = importModel(path);
        QCOMPARE(layerNames(g), QStringList({ "gpt_neox.embed_in", "gpt_neox.layers.0.input_layernorm",
                                              "gpt_neox.layers.0.attention", "gpt_neox.layers.0.post_attention_layernorm",
                                              "gpt_neox.layers.0.mlp", "gpt_neox.layers.1.input_layernorm",
                                              "gpt_neox.layers.1.attention", "gpt_neox.layers.1.post_attention_layernorm",
                                              "gpt_neox.layers.1.mlp", "gpt_neox.final_layer_norm", "embed_out" }));
        QCOMPARE(QString::fromStdString(g.name()), QString("pythia-tiny"));
        qint64 expected = 0;
        for (const Tensor& x : t)
            expected += std::accumulate(x.shape.begin(), x.shape.end(), qint64(1), std::multiplies<qint64>());
        QCOMPARE(g.totalParams(), expected);
        QCOMPARE(g.layer(2).params, qint64(24 * 8 + 24 + 8 * 8 + 8));
        QVERIFY(g.spec().has_value());
        QCOMPARE(QString::fromStdString(g.spec()->modelType), QString("gpt_neox"));
        QCOMPARE(g.spec()->ffn, qint64(32));
        QVERIFY(!g.spec()->gatedMlp && !g.spec()->tiedEmbeddings && g.spec()->norm == NormKind::LayerNorm);
        QCOMPARE(g.spec()->paramCount(), expected);
        QCOMPARE(int(g.blocks().size()), 2);
    }

    void genericFallback()
    {
        // Mamba-like names: blocks without attention or MLP, so no transformer shape.
        QTemporaryDir dir;
        const std::string path = dir.filePath("ssm.safetensors").toStdString();
        std::vector<Tensor> t { { "backbone.embeddings.weight", "F32", { 50, 8 } }, { "backbone.norm_f.weight", "F32", { 8 } },
                                { "lm_head.weight", "F32", { 50, 8 } } };
        for (int b = 0; b < 2; ++b) {
            const std::string p = "backbone.layers." + std::to_string(b) + ".";
            t.push_back({ p + "norm.weight", "F32", { 8 } });
            t.push_back({ p + "mixer.in_proj.weight", "F32", { 32, 8 } });
            t.push_back({ p + "mixer.conv1d.weight", "F32", { 16, 1, 4 } });
            t.push_back({ p + "mixer.conv1d.bias", "F32", { 16 } });
            t.push_back({ p + "mixer.x_proj.weight", "F32", { 9, 16 } });
            t.push_back({ p + "mixer.dt_proj.weight", "F32", { 16, 1 } });
            t.push_back({ p + "mixer.dt_proj.bias", "F32", { 16 } });
            t.push_back({ p + "mixer.A_log", "F32", { 16, 4 } });
            t.push_back({ p + "mixer.D", "F32", { 16 } });
            t.push_back({ p + "mixer.out_proj.weight", "F32", { 8, 16 } });
        }
        writeSafetensors(path, t);
        const ModelGraph g = importModel(path);
        QCOMPARE(layerNames(g), QStringList({ "backbone.embeddings", "backbone.layers.0.norm", "backbone.layers.0.mixer",
                                              "backbone.layers.1.norm", "backbone.layers.1.mixer", "backbone.norm_f",
                                              "lm_head" }));
        const qint64 matrices = 32 * 8 + 16 * 1 * 4 + 9 * 16 + 16 * 1 + 16 * 4 + 8 * 16; // every tensor of 2+ dimensions
        QCOMPARE(g.layer(2).params, matrices + 16 + 16 + 16);
        QCOMPARE(g.totalParams(), 2 * 50 * 8 + 8 + 2 * (8 + matrices + 3 * 16));
        QCOMPARE(g.layer(2).flopsPerToken, 2.0 * double(matrices));
        QCOMPARE(g.layer(2).tpShardedParams, matrices);
        QVERIFY(g.layer(2).tpShardable && !g.layer(1).tpShardable);
        QCOMPARE(g.layer(6).flopsPerToken, 2.0 * 50 * 8);
        QVERIFY(g.layer(1).kind == LayerKind::Norm);
        QVERIFY(!g.spec().has_value());
        QCOMPARE(int(g.blocks().size()), 2);
        QVERIFY2(anyWarningContains(g, "do not read as a standard decoder (block 0 does not have"), qPrintable(allWarnings(g)));
        QVERIFY2(anyWarningContains(g, "2 x the weights of every matrix"), qPrintable(allWarnings(g)));
    }

    // A DeepSeek-style checkpoint: multi-head latent attention, block 0 dense, block 1 a MoE of 4 numbered
    // experts with a router bias and one shared expert, FP8 scale tensors beside some weights. Hidden 8,
    // vocabulary 16, 2 heads (q_lora_rank 4, kv_lora_rank 4, nope 2, rope 2, v 2), MLP 12, experts of 4.
    void moeMlaCheckpoint()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fs::path folder = fs::path(dir.path().toStdString()) / "tiny-deepseek";
        fs::create_directories(folder);
        std::vector<Tensor> t { { "model.embed_tokens.weight", "BF16", { 16, 8 } }, { "model.norm.weight", "BF16", { 8 } },
                                { "lm_head.weight", "BF16", { 16, 8 } } };
        for (int b = 0; b < 2; ++b) {
            const std::string p = "model.layers." + std::to_string(b) + ".";
            t.push_back({ p + "input_layernorm.weight", "BF16", { 8 } });
            t.push_back({ p + "post_attention_layernorm.weight", "BF16", { 8 } });
            t.push_back({ p + "self_attn.q_a_proj.weight", "BF16", { 4, 8 } });
            t.push_back({ p + "self_attn.q_a_layernorm.weight", "BF16", { 4 } });
            t.push_back({ p + "self_attn.q_b_proj.weight", "BF16", { 2 * (2 + 2), 4 } });
            t.push_back({ p + "self_attn.kv_a_proj_with_mqa.weight", "BF16", { 4 + 2, 8 } });
            t.push_back({ p + "self_attn.kv_a_layernorm.weight", "BF16", { 4 } });
            t.push_back({ p + "self_attn.kv_b_proj.weight", "BF16", { 2 * (2 + 2), 4 } });
            t.push_back({ p + "self_attn.o_proj.weight", "BF16", { 8, 2 * 2 } });
        }
        for (const char* m : { "gate_proj", "up_proj" })
            t.push_back({ std::string("model.layers.0.mlp.") + m + ".weight", "BF16", { 12, 8 } });
        t.push_back({ "model.layers.0.mlp.down_proj.weight", "BF16", { 8, 12 } });
        t.push_back({ "model.layers.1.mlp.gate.weight", "BF16", { 4, 8 } });
        t.push_back({ "model.layers.1.mlp.gate.e_score_correction_bias", "F32", { 4 } });
        for (const std::string e : { "experts.0.", "experts.1.", "experts.2.", "experts.3.", "shared_experts." }) {
            t.push_back({ "model.layers.1.mlp." + e + "gate_proj.weight", "F8_E4M3", { 4, 8 } });
            t.push_back({ "model.layers.1.mlp." + e + "up_proj.weight", "F8_E4M3", { 4, 8 } });
            t.push_back({ "model.layers.1.mlp." + e + "down_proj.weight", "F8_E4M3", { 8, 4 } });
            t.push_back({ "model.layers.1.mlp." + e + "down_proj.weight_scale_inv", "F32", { 1, 1 } });
        }
        writeSafetensors((folder / "model.safetensors").string(), t);

        const qint64 attention = 4 * 8 + 4 + 8 * 4 + 6 * 8 + 4 + 8 * 4 + 8 * 4; // 184
        const qint64 expert = 3 * 4 * 8;
        const qint64 router = 4 * 8 + 4;
        const qint64 total = 2 * 16 * 8 + 8 + (16 + attention + 3 * 12 * 8) + (16 + attention + router + 4 * expert + expert);
        QCOMPARE(total, qint64(1468));

        // Without config.json: the right layers and kinds, the MoE and MLA named as what stops a shape.
        const ModelGraph bare = importModel(folder.string());
        QCOMPARE(bare.totalParams(), total);
        QCOMPARE(layerNames(bare), QStringList({ "model.embed_tokens", "model.layers.0.input_layernorm",
                                                 "model.layers.0.self_attn", "model.layers.0.post_attention_layernorm",
                                                 "model.layers.0.mlp", "model.layers.1.input_layernorm",
                                                 "model.layers.1.self_attn", "model.layers.1.post_attention_layernorm",
                                                 "model.layers.1.mlp", "model.layers.1.mlp.shared_experts", "model.norm",
                                                 "lm_head" }));
        QVERIFY(bare.layer(2).kind == LayerKind::Attention);
        QCOMPARE(bare.layer(2).params, attention);
        QVERIFY(bare.layer(4).kind == LayerKind::Mlp);
        QVERIFY(bare.layer(8).kind == LayerKind::Moe);
        QCOMPARE(bare.layer(8).params, router + 4 * expert);
        QVERIFY(bare.layer(9).kind == LayerKind::Mlp);
        QCOMPARE(bare.layer(9).params, expert);
        QCOMPARE(int(bare.blocks().size()), 2);
        QVERIFY2(anyWarningContains(bare, "a mixture of 4 experts (\"model.layers.1.mlp\")"), qPrintable(allWarnings(bare)));
        QVERIFY2(anyWarningContains(bare, "5 tensor(s) are quantisation scales"), qPrintable(allWarnings(bare)));

        // With its config.json: the spec's costs and the experts' layout on the same tensors.
        writeText((folder / "config.json").string(),
                  R"({"model_type": "deepseek_v3", "hidden_size": 8, "intermediate_size": 12, "moe_intermediate_size": 4,
                      "num_hidden_layers": 2, "num_attention_heads": 2, "num_key_value_heads": 2, "vocab_size": 16,
                      "q_lora_rank": 4, "kv_lora_rank": 4, "qk_nope_head_dim": 2, "qk_rope_head_dim": 2,
                      "v_head_dim": 2, "n_routed_experts": 4, "n_shared_experts": 1, "num_experts_per_tok": 2,
                      "first_k_dense_replace": 1, "topk_method": "noaux_tc", "num_nextn_predict_layers": 0})");
        const ModelGraph g = importModel(folder.string());
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("safetensors + hf-config"));
        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->paramCount(), total);
        QCOMPARE(g.totalParams(), total);
        const Layer& moe = g.layer(8);
        QVERIFY(moe.kind == LayerKind::Moe);
        QCOMPARE(moe.experts, 4);
        QCOMPARE(moe.expertsPerToken, 2);
        QCOMPARE(moe.expertParams, 4 * expert);
        QCOMPARE(moe.activeParams, router + 2 * expert);
        const Layer& shared = g.layer(9);
        QVERIFY(shared.sharedExpert && shared.kind == LayerKind::Mlp);
        QCOMPARE(shared.params, expert);
        QCOMPARE(g.activeParams(), g.spec()->activeParamCount());
        QVERIFY2(!anyWarningContains(g, "no counterpart"), qPrintable(allWarnings(g)));
        QVERIFY2(!anyWarningContains(g, "config.json describes"), qPrintable(allWarnings(g)));
    }

    void readsHeadersOnly()
    {
        // The tiny-llama file with every data byte replaced by garbage imports the same.
        QTemporaryDir dir;
        const std::string copy = dir.filePath("garbage.safetensors").toStdString();
        std::string bytes = readFile(fixture("tiny-llama/model.safetensors"));
        std::uint64_t n = 0;
        for (int i = 7; i >= 0; --i)
            n = (n << 8) | static_cast<unsigned char>(bytes[std::size_t(i)]);
        for (std::size_t i = 8 + n; i < bytes.size(); ++i)
            bytes[i] = char(0xA5 ^ (i * 131));
        writeText(copy, bytes);
        const ModelGraph g = importModel(copy);
        QCOMPARE(g.totalParams(), sum(tinyLlamaLayers()));
        QCOMPARE(g.layerCount(), int(tinyLlamaLayers().size()));

        // 64 GiB of weights behind a small header (a sparse file, so nothing is on disk): the size
        // limit for text models must not apply, and the import must not read the data.
        const std::string huge = dir.filePath("huge.safetensors").toStdString();
        writeSafetensors(huge, { { "model.embed_tokens.weight", "F32", { 16, std::int64_t(1) << 30 } } });
        QCOMPARE(qint64(fs::file_size(huge)) > (qint64(64) << 30), true);
        const ModelGraph big = importModel(huge);
        QCOMPARE(big.totalParams(), qint64(16) << 30);
    }

    void unknownDtypeIsAWarning()
    {
        const ModelGraph g = importModel(fixture("unknown-dtype.safetensors"));
        QCOMPARE(g.totalParams(), qint64(4 * 2 + 2 * 8));
        QVERIFY2(anyWarningContains(g, "1 tensor(s) have a dtype ShardScope does not know (F4: "
                                       "model.layers.0.mlp.up_proj.weight)"),
                 qPrintable(allWarnings(g)));
        QCOMPARE(QString::fromStdString(g.name()), QString("unknown-dtype"));
    }
};

QTEST_GUILESS_MAIN(TestSafetensorsImporter)
#include "tst_safetensors_importer.moc"
