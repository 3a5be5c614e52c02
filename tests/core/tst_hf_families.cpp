// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/import/hf_families.* through the config.json importer: the config.json of a released
// checkpoint of every family (tests/data/models/hf/) gives that checkpoint's exact parameter count,
// taken from a source other than ShardScope; block layouts; state-space models refused.
#include "import/hf_config_importer.h"
#include "import/native_model_format.h"
#include "util/input_error.h"

#include "graph_compare.h"
#include "test_files.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

json config(const char* file)
{
    return json::parse(readFile(dataFile((std::string("hf/") + file).c_str())));
}

TransformerSpec specOf(const json& cfg) { return transformerSpecFromHfConfig(cfg, "config.json"); }

QStringList blockLayerNames(const ModelGraph& g)
{
    QStringList names;
    for (int li : g.blocks().front().layers)
        names << QString::fromStdString(g.layer(li).name).remove("model.layers.0.");
    return names;
}

} // namespace

class TestHfFamilies : public QObject
{
    Q_OBJECT

private slots:
    void totals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("params");

        // Totals from keras-team/keras-hub (commit 71453d08f59edc90d276e999319fc51e61cbf82c),
        // keras_hub/src/models/<family>/<family>_presets.py "params": Keras' own count of the converted
        // checkpoint.
        QTest::newRow("gemma: google/gemma-7b") << "gemma-7b.json" << qint64(8'537'680'896);       // gemma_7b_en
        QTest::newRow("gemma2: google/gemma-2-9b") << "gemma-2-9b.json" << qint64(9'241'705'984); // gemma2_9b_en
        QTest::newRow("gemma3_text: google/gemma-3-1b-pt") << "gemma-3-1b-pt.json" << qint64(999'885'952); // gemma3_1b
        // gemma3_4b_text is 3,880,099,328 with the Flax checkpoint's 262,144 rows of embedding (its converter
        // reads num_embed); the Hugging Face checkpoint's text_config has Gemma3TextConfig's 262,208 rows
        // (64 image-token rows more): + 64 x 2560 = 3,880,263,168. The whole 4B (4,299,915,632 in Keras)
        // differs from Hugging Face's by the same 163,840.
        QTest::newRow("gemma3 text_config: google/gemma-3-4b-pt") << "gemma-3-4b-pt.json"
                                                                  << qint64(3'880'099'328 + 64 * 2560);
        QTest::newRow("phi3: microsoft/Phi-3-mini-4k-instruct") << "phi-3-mini-4k-instruct.json"
                                                                << qint64(3'821'079'552); // phi3_mini_4k_instruct_en
        QTest::newRow("qwen2: Qwen/Qwen2.5-0.5B (tied)") << "qwen2.5-0.5b.json" << qint64(494'032'768); // qwen2.5_0.5b_en
        QTest::newRow("qwen3: Qwen/Qwen3-8B") << "qwen3-8b.json" << qint64(8'190'735'360); // qwen3_8b_en
        // Qwen3-0.6B's safetensors hold 751,632,384 parameters: lm_head.weight is stored although the
        // config ties it (151,936 x 1,024 = 155,582,464 more); Keras counts the tied model.
        QTest::newRow("qwen3: Qwen/Qwen3-0.6B (tied, head_dim 128 x 16 heads > hidden 1024)")
            << "qwen3-0.6b.json" << qint64(596'049'920); // qwen3_0.6b_en
        QTest::newRow("falcon: tiiuae/falcon-rw-1b (ALiBi, sequential, biases)")
            << "falcon-rw-1b.json" << qint64(1'311'625'216); // falcon_refinedweb_1b_en

        // Qwen3-8B's model.safetensors.index.json: "total_size": 16381470720 bytes of bf16 = 8,190,735,360,
        // the same as Keras' count above (quoted in several public projects that pin the index).
        // microsoft/phi-2: "total_size": 5559367680 bytes of fp16 in its model.safetensors.index.json
        // (which lists lm_head.bias), and the Hub API's safetensors parameters {"F16": 2779683840}.
        QTest::newRow("phi: microsoft/phi-2") << "phi-2.json" << qint64(2'779'683'840);
        // allenai/OLMo-2-1124-7B: the Hub API's safetensors.total at revision
        // 7df9a82518afdecae4e8c026b27adccc8c1f0032, 7,298,617,344 (F32).
        QTest::newRow("olmo2: allenai/OLMo-2-1124-7B") << "olmo-2-1124-7b.json" << qint64(7'298'617'344);
        // ibm-granite/granite-3.1-8b-instruct: 8,170,848,256 parameters in its safetensors metadata
        // (16,341,738,616 bytes of bf16 files, headers included).
        QTest::newRow("granite: ibm-granite/granite-3.1-8b-instruct") << "granite-3.1-8b-instruct.json"
                                                                      << qint64(8'170'848'256);
        // EleutherAI/gpt-neox-20b: the model card's hyperparameter table, n_parameters 20554567680.
        QTest::newRow("gpt_neox: EleutherAI/gpt-neox-20b") << "gpt-neox-20b.json" << qint64(20'554'567'680);

        // allenai/OLMo-7B-hf: 6,888,095,744 as transformers counts the loaded OlmoForCausalLM (public
        // fine-tuning logs); by hand from modeling_olmo.py (LayerNorms without weights):
        // embed 50304 x 4096 + 32 x (4 x 4096^2 attention + 3 x 4096 x 11008 MLP) + lm_head 50304 x 4096.
        QTest::newRow("olmo: allenai/OLMo-7B-hf")
            << "olmo-7b-hf.json" << qint64(50304LL * 4096 + 32 * (4LL * 4096 * 4096 + 3LL * 4096 * 11008) + 50304LL * 4096);

        // No exact independent total found for these; counted by hand from the tensors their modeling
        // files create (each matches the model card's rounded size):
        // bigcode/starcoder2-3b (3B), tied: embed 49152 x 3072; per layer 2 LayerNorms (w + b) 2 x 2 x 3072,
        // q and o 3072 x 3072 + 3072 each, k and v 3072 x 256 + 256 each (2 kv heads of 128), c_fc
        // 3072 x 12288 + 12288, c_proj 12288 x 3072 + 3072; final LayerNorm 2 x 3072.
        QTest::newRow("starcoder2: bigcode/starcoder2-3b")
            << "starcoder2-3b.json"
            << qint64(49152LL * 3072
                      + 30 * (2 * 2 * 3072 + 2 * (3072LL * 3072 + 3072) + 2 * (3072LL * 256 + 256)
                              + (3072LL * 12288 + 12288) + (12288LL * 3072 + 3072))
                      + 2 * 3072);
        // tiiuae/falcon-7b (7B), tied: embed 65024 x 4544; per layer one LayerNorm 2 x 4544, fused
        // query_key_value 4544 x (4544 + 2 x 64) (multi-query: one kv head), dense 4544 x 4544, dense_h_to_4h
        // and dense_4h_to_h 2 x 4544 x 18176, no biases; ln_f 2 x 4544.
        QTest::newRow("falcon: tiiuae/falcon-7b (multi-query, parallel)")
            << "falcon-7b.json"
            << qint64(65024LL * 4544 + 32 * (2 * 4544 + 4544LL * (4544 + 2 * 64) + 4544LL * 4544 + 2LL * 4544 * 18176)
                      + 2 * 4544);
        // nvidia/Minitron-4B-Base (4.2B), untied: embed and lm_head 2 x 256000 x 3072; per layer 2
        // LayerNorm1P (w + b) 2 x 2 x 3072, q and o 2 x 3072 x 3072, k and v 2 x 3072 x 1024, up_proj and
        // down_proj 2 x 3072 x 9216 (squared ReLU, not gated); final norm 2 x 3072.
        QTest::newRow("nemotron: nvidia/Minitron-4B-Base")
            << "minitron-4b-base.json"
            << qint64(2 * 256000LL * 3072
                      + 32 * (2 * 2 * 3072 + 2LL * 3072 * 3072 + 2LL * 3072 * 1024 + 2LL * 3072 * 9216) + 2 * 3072);
        // CohereForAI/c4ai-command-r-v01 (35B), tied: embed 256000 x 8192; per layer one LayerNorm without
        // bias 8192, q, k, v and o 4 x 8192^2, gate, up and down 3 x 8192 x 22528; final norm 8192.
        QTest::newRow("cohere: CohereForAI/c4ai-command-r-v01")
            << "c4ai-command-r-v01.json"
            << qint64(256000LL * 8192 + 40 * (8192 + 4LL * 8192 * 8192 + 3LL * 8192 * 22528) + 8192);
    }

    void totals()
    {
        QFETCH(QString, file);
        QFETCH(qint64, params);
        const std::string path = dataFile(qPrintable("hf/" + file));
        const ModelGraph g = importHfConfig(readFile(path), path);
        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->paramCount(), params);
        QCOMPARE(g.spec()->activeParamCount(), params);
        QCOMPARE(g.totalParams(), params); // the layers add up to the same
        for (const std::string& w : g.warnings()) // Gemma 2, Phi-3 and Starcoder2 attend within windows
            QVERIFY2(w.find("sliding window") != std::string::npos || w.find("vision tower") != std::string::npos,
                     w.c_str());

        // ShardScope's model format keeps the layout: the written shape reads back the same.
        const ModelGraph back = importNativeModel(nativeModelToJson(g).dump(), "model.json");
        QVERIFY(back.spec().has_value());
        compareSpecs(*back.spec(), *g.spec());
        QCOMPARE(back.spec()->paramCount(), params);
        QCOMPARE(buildModelGraph(*back.spec()).totalParams(), params);
    }

    // The issue's example: read as a Llama (untied, two norms a block) Gemma 2 9B came out 10 % large. Now
    // the Llama reader refuses it: it does not read Gemma 2's soft-capping and windows.
    void gemma2IsNotLlama()
    {
        json cfg = config("gemma-2-9b.json");
        QCOMPARE(specOf(cfg).paramCount(), qint64(9'241'705'984));
        for (const char* type : { "llama", "some_new_decoder" }) {
            cfg["model_type"] = type;
            try {
                (void)modelGraphFromHfConfig(cfg, "config.json");
                QFAIL("a Gemma 2 config read as a Llama was accepted");
            } catch (const InputError& e) {
                const std::string what = e.what();
                QVERIFY2(what.find("attn_logit_softcapping, final_logit_softcapping") != std::string::npos, e.what());
                QVERIFY2(what.find("nearest known model_type is \"gemma2\"") != std::string::npos, e.what());
            }
        }
    }

    void layouts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("block"); // the first block's layers
        QTest::newRow("llama block (qwen3)") << "qwen3-8b.json"
                                             << "input_layernorm self_attn post_attention_layernorm mlp";
        QTest::newRow("gemma2 sandwich") << "gemma-2-9b.json"
                                         << "input_layernorm self_attn post_attention_layernorm "
                                            "pre_feedforward_layernorm mlp post_feedforward_layernorm";
        QTest::newRow("olmo2 output norms only") << "olmo-2-1124-7b.json"
                                                 << "self_attn post_attention_layernorm mlp post_feedforward_layernorm";
        QTest::newRow("falcon-7b shared norm") << "falcon-7b.json" << "input_layernorm self_attn mlp";
        QTest::newRow("falcon-rw sequential") << "falcon-rw-1b.json"
                                              << "input_layernorm self_attn post_attention_layernorm mlp";
        QTest::newRow("neox parallel, two norms") << "gpt-neox-20b.json"
                                                  << "input_layernorm self_attn post_attention_layernorm mlp";
        QTest::newRow("phi shared norm") << "phi-2.json" << "input_layernorm self_attn mlp";
        QTest::newRow("cohere shared norm") << "c4ai-command-r-v01.json" << "input_layernorm self_attn mlp";
    }

    void layouts()
    {
        QFETCH(QString, file);
        QFETCH(QString, block);
        const ModelGraph g = modelGraphFromHfConfig(config(qPrintable(file)), "config.json");
        QCOMPARE(blockLayerNames(g).join(' '), block);
        // Every block alike, norms and the final norm weigh what the norm kind says.
        const std::int64_t perBlock = g.blocks().front().params;
        for (const TransformerBlock& b : g.blocks())
            QCOMPARE(b.params, perBlock);
    }

    void shapes()
    {
        TransformerSpec s = specOf(config("gemma-2-9b.json"));
        QVERIFY(s.tiedEmbeddings && s.outputNorms && s.mlpInputNorm && s.gatedMlp && s.qkNorm == QkNorm::None);
        QCOMPARE(s.headDim, qint64(256)); // 16 heads x 256 = 4096 > hidden 3584
        QCOMPARE(QString::fromStdString(s.activation), QString("gelu_pytorch_tanh"));
        QCOMPARE(QString::fromStdString(modelGraphFromHfConfig(config("gemma-2-9b.json"), "c").layer(5).op),
                 QString("GeGLU-MLP"));

        // gemma3: the text_config and Gemma3TextConfig's defaults for what it omits.
        s = specOf(config("gemma-3-4b-pt.json"));
        QCOMPARE(s.vocab, qint64(262208));
        QCOMPARE(s.heads, qint64(8));
        QCOMPARE(s.kvHeads, qint64(4));
        QCOMPARE(s.headDim, qint64(256));
        QCOMPARE(s.qkNorm, QkNorm::PerHead);
        QVERIFY(s.tiedEmbeddings && s.outputNorms);
        QCOMPARE(s.ropeTheta.value_or(0), 1'000'000.0);
        QVERIFY(s.ropeScaling && s.ropeScaling->type == "linear" && s.ropeScaling->factor == 8.0);
        QCOMPARE(QString::fromStdString(s.modelType), QString("gemma3"));

        s = specOf(config("qwen3-8b.json"));
        QCOMPARE(s.qkNorm, QkNorm::PerHead);
        QVERIFY(!s.qkvBias && !s.tiedEmbeddings);

        s = specOf(config("olmo-7b-hf.json"));
        QCOMPARE(s.norm, NormKind::LayerNormNoAffine);
        QCOMPARE(normParamCount(s.norm, 4096), qint64(0));

        s = specOf(config("olmo-2-1124-7b.json"));
        QVERIFY(!s.inputNorm && !s.mlpInputNorm && s.outputNorms);
        QCOMPARE(s.qkNorm, QkNorm::Full);

        s = specOf(config("phi-2.json"));
        QVERIFY(s.parallelBlock && !s.mlpInputNorm && s.lmHeadBias && s.qkvBias && s.attnOutBias && s.mlpBias);
        QCOMPARE(s.norm, NormKind::LayerNorm);
        QCOMPARE(s.rotaryFraction, 0.4);
        QVERIFY(s.dropout); // resid_pdrop 0.1

        s = specOf(config("phi-3-mini-4k-instruct.json"));
        QVERIFY(!s.parallelBlock && !s.qkvBias && s.gatedMlp && s.norm == NormKind::RmsNorm);

        s = specOf(config("falcon-7b.json"));
        QCOMPARE(s.kvHeads, qint64(1)); // multi_query
        QCOMPARE(s.ffn, qint64(4 * 4544));
        QVERIFY(s.parallelBlock && !s.mlpInputNorm && s.tiedEmbeddings && !s.qkvBias && !s.gatedMlp);
        QCOMPARE(s.positions, PositionKind::Rotary);
        // The fused query_key_value GEMM: q of all 71 heads plus one k and one v head of 64.
        const ModelGraph falcon = modelGraphFromHfConfig(config("falcon-7b.json"), "c");
        const Layer& attn = falcon.layer(falcon.blocks().front().layers[1]);
        QCOMPARE(attn.gemms.front().n, double(4544 + 2 * 64));
        QCOMPARE(attn.gemms.front().k, 4544.0);

        s = specOf(config("falcon-rw-1b.json"));
        QCOMPARE(s.positions, PositionKind::Alibi);
        QCOMPARE(s.kvHeads, qint64(32));
        QVERIFY(!s.parallelBlock && s.mlpInputNorm && s.qkvBias && s.mlpBias);
        QVERIFY(!s.ropeTheta);

        s = specOf(config("gpt-neox-20b.json"));
        QVERIFY(s.parallelBlock && s.mlpInputNorm);
        QCOMPARE(s.rotaryFraction, 0.25);

        s = specOf(config("minitron-4b-base.json"));
        QVERIFY(!s.gatedMlp && !s.mlpBias && !s.qkvBias);
        QCOMPARE(s.norm, NormKind::LayerNorm); // LayerNorm1P: weight and bias
        QCOMPARE(QString::fromStdString(s.activation), QString("relu2"));
        QCOMPARE(s.rotaryFraction, 0.5);

        s = specOf(config("c4ai-command-r-v01.json"));
        QCOMPARE(s.norm, NormKind::LayerNormNoBias);
        QVERIFY(s.parallelBlock && !s.mlpInputNorm && s.tiedEmbeddings && s.qkNorm == QkNorm::None);

        s = specOf(config("starcoder2-3b.json"));
        QVERIFY(s.tiedEmbeddings && s.qkvBias && s.attnOutBias && s.mlpBias && !s.gatedMlp && s.dropout);
        QCOMPARE(s.norm, NormKind::LayerNorm);

        s = specOf(config("granite-3.1-8b-instruct.json"));
        QVERIFY(s.tiedEmbeddings && !s.qkvBias && s.gatedMlp);
    }

    // Options the released configs leave at their defaults, counted by hand from the modeling files.
    void options()
    {
        // Cohere use_qk_norm: q_norm (64 heads, 128) and k_norm (64 kv heads, 128) weights a layer.
        json cfg = config("c4ai-command-r-v01.json");
        const std::int64_t commandR = specOf(cfg).paramCount();
        cfg["use_qk_norm"] = true;
        QCOMPARE(specOf(cfg).paramCount(), commandR + 40 * (64 * 128 + 64 * 128));

        // Phi qk_layernorm: LayerNorms (weight and bias) of head_dim 80 on q and k.
        cfg = config("phi-2.json");
        const std::int64_t phi2 = specOf(cfg).paramCount();
        cfg["qk_layernorm"] = true;
        QCOMPARE(specOf(cfg).paramCount(), phi2 + 32 * 2 * (2 * 80));
        cfg["tie_word_embeddings"] = true; // the head's bias stays
        QCOMPARE(specOf(cfg).paramCount(), phi2 + 32 * 2 * (2 * 80) - 51200LL * 2560);

        // Falcon's new decoder architecture (Falcon-40B: 8 kv heads, ln_attn and ln_mlp), in the spelling
        // of the configs from before Falcon joined transformers (RefinedWeb, n_head, n_layer, n_head_kv):
        // embed 65024 x 8192 tied; per layer 2 LayerNorms 2 x 2 x 8192, query_key_value
        // 8192 x (128 + 2 x 8) x 64, dense 8192^2, MLP 2 x 8192 x 32768; ln_f 2 x 8192.
        cfg = json::parse(R"({ "model_type": "RefinedWeb", "alibi": false, "bias": false, "hidden_size": 8192,
            "n_head": 128, "n_head_kv": 8, "n_layer": 60, "new_decoder_architecture": true, "parallel_attn": true,
            "vocab_size": 65024 })");
        const TransformerSpec falcon40 = specOf(cfg);
        QCOMPARE(falcon40.kvHeads, qint64(8));
        QVERIFY(falcon40.parallelBlock && falcon40.mlpInputNorm);
        QCOMPARE(falcon40.paramCount(),
                 qint64(65024LL * 8192
                        + 60 * (2 * 2 * 8192 + 8192LL * (128 + 2 * 8) * 64 + 8192LL * 8192 + 2LL * 8192 * 32768)
                        + 2 * 8192));
        cfg["num_ln_in_parallel_attn"] = 1; // Falcon2-11B style: one norm for both
        QCOMPARE(specOf(cfg).paramCount(), falcon40.paramCount() - 60 * 2 * 8192);

        // GPT-NeoX without use_parallel_residual: the same tensors, sequential.
        cfg = config("gpt-neox-20b.json");
        const std::int64_t neox = specOf(cfg).paramCount();
        cfg["use_parallel_residual"] = false;
        QVERIFY(!specOf(cfg).parallelBlock);
        QCOMPARE(specOf(cfg).paramCount(), neox);

        // Gemma 3's text_config may leave tie_word_embeddings to the outer config.
        cfg = config("gemma-3-4b-pt.json");
        cfg["tie_word_embeddings"] = false;
        QCOMPARE(specOf(cfg).paramCount(), qint64(3'880'263'168) + 262208LL * 2560);
        cfg["text_config"]["tie_word_embeddings"] = true;
        QCOMPARE(specOf(cfg).paramCount(), qint64(3'880'263'168));
    }

    // The parallel block shares the normalised input: the MLP stores no copy of it.
    void parallelSharedInput()
    {
        json cfg = config("falcon-7b.json");
        const ModelGraph parallel = modelGraphFromHfConfig(cfg, "c");
        const Layer& mlp = parallel.layer(parallel.blocks().front().layers.back());
        QVERIFY(mlp.kind == LayerKind::Mlp);
        QCOMPARE(mlp.actReplicatedBytesPerToken, 0.0);
        cfg["parallel_attn"] = false;
        const ModelGraph sequential = modelGraphFromHfConfig(cfg, "c");
        const Layer& mlp2 = sequential.layer(sequential.blocks().front().layers.back());
        QCOMPARE(mlp2.actReplicatedBytesPerToken, 2.0 * 4544);
    }

    void recurrentModelsRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("type");
        QTest::newRow("jamba (ai21labs/Jamba-v0.1)") << QString::fromStdString(readFile(dataFile("hf/jamba-v0.1.json")))
                                                     << "jamba";
        QTest::newRow("mamba") << R"({ "model_type": "mamba", "hidden_size": 768, "num_hidden_layers": 24,
            "state_size": 16, "vocab_size": 50280 })" << "mamba";
        QTest::newRow("falcon_mamba") << R"({ "model_type": "falcon_mamba", "hidden_size": 4096 })" << "falcon_mamba";
        QTest::newRow("recurrent_gemma") << R"({ "model_type": "recurrent_gemma" })" << "recurrent_gemma";
        QTest::newRow("mamba2 in capitals") << R"({ "model_type": "Mamba2" })" << "mamba2";
    }

    void recurrentModelsRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, type);
        try {
            importHfConfig(text.toStdString(), "/m/config.json");
            QFAIL("accepted a state-space model");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("/m/config.json"));
            QCOMPARE(QString::fromStdString(e.position()), QString("$.model_type"));
            const QString message = QString::fromStdString(e.message());
            QVERIFY2(message.contains("\"" + type + "\"") && message.contains("state-space")
                         && message.contains("attention decoders"),
                     e.what());
        }
    }

    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("pointer"); // JSON pointer of the key to set
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("gemma3 text_config vocab") << "gemma-3-4b-pt.json" << "/text_config/vocab_size" << "0"
                                                  << "$.text_config.vocab_size" << "got 0";
        QTest::newRow("gemma3 text_config kv heads") << "gemma-3-4b-pt.json" << "/text_config/num_key_value_heads"
                                                     << "3" << "$.text_config.num_key_value_heads" << "multiple";
        QTest::newRow("gemma3 text_config not an object") << "gemma-3-4b-pt.json" << "/text_config" << "7"
                                                          << "$.text_config" << "expected an object";
        QTest::newRow("neox rotary_pct") << "gpt-neox-20b.json" << "/rotary_pct" << "1.5" << "$.rotary_pct"
                                         << "at most 1";
        QTest::newRow("phi partial_rotary_factor") << "phi-2.json" << "/partial_rotary_factor" << "0"
                                                   << "$.partial_rotary_factor" << "got 0";
        QTest::newRow("falcon heads") << "falcon-7b.json" << "/num_attention_heads" << "70" << "$.num_attention_heads"
                                      << "divisible";
        QTest::newRow("falcon kv heads") << "falcon-7b.json" << "/new_decoder_architecture" << "true"
                                         << "$.num_kv_heads" << "multiple of key/value heads";
        QTest::newRow("falcon norms") << "falcon-7b.json" << "/num_ln_in_parallel_attn" << "3"
                                      << "$.num_ln_in_parallel_attn" << "at most 2, got 3";
        QTest::newRow("activation not a string") << "minitron-4b-base.json" << "/hidden_act" << "2" << "$.hidden_act"
                                                 << "expected a string";
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        json cfg = config(qPrintable(file));
        cfg[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
        if (file == "falcon-7b.json" && pointer == "/new_decoder_architecture")
            cfg["num_kv_heads"] = 71 * 2; // more kv heads than heads
        try {
            importHfConfig(cfg.dump(), "c.json");
            QFAIL("accepted a bad config");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHfFamilies)
#include "tst_hf_families.moc"
