// SPDX-License-Identifier: GPL-3.0-or-later
// Tests the refusal rule of the config.json importer (core/import/hf_config_keys.*, hf_config_importer.cpp):
// a config whose architectural keys the reader does not all read is refused with the keys named and the
// nearest known model_type, never planned as a different model; every released config of the fixtures
// reads without a key left over.
//
// Kimi-K2-Instruct.json is moonshotai/Kimi-K2-Instruct's config.json transcribed without network access.
#include "import/hf_config_importer.h"
#include "util/input_error.h"

#include "test_files.h"

#include <QtTest>

#include <filesystem>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

json config(const std::string& file) { return json::parse(readFile(dataFile(("hf/" + file).c_str()))); }

/// The InputError an import of `cfg` throws; fails the test when it imports.
InputError refusal(const json& cfg)
{
    try {
        (void)modelGraphFromHfConfig(cfg, "config.json");
    } catch (const InputError& e) {
        return e;
    }
    QTest::qFail("the config was imported; expected a refusal", __FILE__, __LINE__);
    return InputError("", "", "");
}

bool says(const InputError& e, const char* text) { return std::string(e.what()).find(text) != std::string::npos; }

// Kimi K2 by hand (DeepSeek-V3's modeling code with the K2 config): h = 7168, 61 blocks, the first dense
// (18432), 60 MoE blocks of 384 routed experts and 1 shared of 2048, top 8; MLA with q_lora 1536,
// kv_lora 512, 64 heads of 128 + 64 query/key and 128 value; vocabulary 163840, untied.
constexpr std::int64_t kH = 7168;
constexpr std::int64_t kMla = kH * 1536 + 1536 + 1536LL * 64 * 192 + kH * (512 + 64) + 512 + 512LL * 64 * 256
    + 64LL * 128 * kH + 2 * kH; // q_a, q_a_norm, q_b, kv_a (with the rope key), kv_a_norm, kv_b, o, two norms
constexpr std::int64_t kRouter = 384 * kH + 384; // gate and e_score_correction_bias
constexpr std::int64_t kExpert = 3 * kH * 2048;
constexpr std::int64_t kEnds = 2 * 163840 * kH + kH; // embedding, lm_head, final norm
constexpr std::int64_t kK2Total = 61 * kMla + 3 * kH * 18432 + 60 * (385 * kExpert + kRouter) + kEnds;
constexpr std::int64_t kK2Active = 61 * kMla + 3 * kH * 18432 + 60 * (9 * kExpert + kRouter) + kEnds;

} // namespace

class TestHfConfigKeys : public QObject
{
    Q_OBJECT

private slots:
    // Every released config in the fixtures imports with every key read or known to set no weights: the
    // lists of bookkeeping and passive keys are not so short that real configs are refused.
    void releasedConfigsReadWhole()
    {
        int checked = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dataFile("hf"))) {
            const std::string name = entry.path().filename().string();
            if (name == "jamba-v0.1.json") // a hybrid, refused for its model_type (below)
                continue;
            const json cfg = json::parse(readFile(entry.path().string()));
            try {
                const ModelGraph g = modelGraphFromHfConfig(cfg, entry.path().string());
                for (const std::string& w : g.warnings()) // only the sliding-window and vision notes
                    QVERIFY2(w.find("sliding window") != std::string::npos || w.find("vision") != std::string::npos,
                             (name + ": " + w).c_str());
            } catch (const InputError& e) {
                QFAIL((name + ": " + e.what()).c_str());
            }
            ++checked;
        }
        QVERIFY2(checked >= 28, std::to_string(checked).c_str());
    }

    // The issue's example: Kimi K2 was planned as a Llama-style decoder of 39 B parameters. Under its own
    // model_type it is read as DeepSeek-V3's architecture; the README gives 1 T total, 32 B activated.
    void kimiK2UnderItsName()
    {
        const TransformerSpec s = transformerSpecFromHfConfig(config("Kimi-K2-Instruct.json"), "config.json");
        QCOMPARE(s.paramCount(), kK2Total);
        QCOMPARE(s.activeParamCount(), kK2Active);
        QCOMPARE(kK2Total, qint64(1'026'408'232'448)); // "1T" (MoonshotAI/Kimi-K2 README at c6157be)
        QVERIFY(kK2Active > 32'000'000'000 && kK2Active < 33'000'000'000); // "32B"
    }

    void kimiK2UnderAnUnknownNameIsRefused()
    {
        json cfg = config("Kimi-K2-Instruct.json");
        cfg["model_type"] = "moonshot_next";
        const InputError e = refusal(cfg);
        QVERIFY2(says(e, "\"moonshot_next\" is not one ShardScope knows"), e.what());
        for (const char* key : { "kv_lora_rank", "n_routed_experts", "moe_intermediate_size", "q_lora_rank" })
            QVERIFY2(says(e, key), e.what());
        QVERIFY2(says(e, "nearest known model_type is \"deepseek_v3\", whose reader reads every key"), e.what());
        QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.first_k_dense_replace")); // the first, sorted
    }

    // A Llama config with a mixture of experts added: the Llama reader reads no expert key.
    void llamaWithExpertsIsRefused()
    {
        json cfg = json::parse(R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336,
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 32000,
            "num_local_experts": 8, "num_experts_per_tok": 2})");
        const InputError e = refusal(cfg);
        QVERIFY2(says(e, "reader of model_type \"llama\" does not read num_experts_per_tok and num_local_experts"),
                 e.what());
        QVERIFY2(says(e, "nearest known model_type is \"mixtral\""), e.what());
        // Without the expert keys it is Mistral 7B's shape, and reads.
        cfg.erase("num_local_experts");
        cfg.erase("num_experts_per_tok");
        QCOMPARE(transformerSpecFromHfConfig(cfg, "config.json").experts, 0);
    }

    // A new release of a known family with a structural key its reader does not read (Gemma 3n's
    // altup and laurel blocks on a gemma3 config), at the top level and inside text_config.
    void gemma3WithAnUnknownKeyIsRefused()
    {
        json cfg = config("gemma-3-1b-pt.json");
        cfg["altup_num_inputs"] = 4;
        InputError e = refusal(cfg);
        QVERIFY2(says(e, "does not read altup_num_inputs"), e.what());
        QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.altup_num_inputs"));

        json wrapped = config("gemma-3-4b-pt.json");
        wrapped["text_config"]["laurel_rank"] = 64;
        e = refusal(wrapped);
        QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.text_config.laurel_rank"));

        json audio = config("gemma-3-4b-pt.json");
        audio["audio_config"] = json::object({ { "hidden_size", 1536 } });
        e = refusal(audio);
        QVERIFY2(says(e, "does not read audio_config beside it"), e.what());
    }

    // An unknown type whose every key the Llama-style reader reads still imports, with its note.
    void unknownTypeReadWhole()
    {
        json cfg = config("Mixtral-8x7B-v0.1.json");
        cfg["model_type"] = "my_decoder";
        cfg.erase("sliding_window"); // null in the release; with a window the Llama reader would refuse
        const ModelGraph g = modelGraphFromHfConfig(cfg, "config.json");
        QCOMPARE(g.spec()->experts, 8); // num_local_experts is what the fallback reads beyond Llama's keys
        QCOMPARE(int(g.warnings().size()), 1);
        cfg["sliding_window"] = 4096;
        QVERIFY2(says(refusal(cfg), "does not read sliding_window"), "");
    }

    // A key that is null or false turns nothing on: not a reason to refuse.
    void offFlagsAreNotStructure()
    {
        json cfg = config("qwen3-8b.json");
        cfg["use_mamba_kernels"] = false;
        cfg["some_new_projection"] = nullptr;
        (void)transformerSpecFromHfConfig(cfg, "config.json");
        cfg["use_mamba_kernels"] = true;
        QVERIFY2(says(refusal(cfg), "use_mamba_kernels"), "");
    }

    // layer_types names each block's attention; a kind of block ShardScope does not price is refused.
    void layerTypesOfOtherKindsAreRefused()
    {
        json cfg = config("gpt-oss-20b.json");
        cfg["layer_types"][5] = "linear_attention";
        const InputError e = refusal(cfg);
        QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.layer_types[5]"));
        QVERIFY2(says(e, "block 5 is \"linear_attention\""), e.what());
        cfg["layer_types"].erase(5);
        QVERIFY2(says(refusal(cfg), "one entry per block (24), got 23"), "");
    }

    // Windows are priced as full attention: the import says so, with the window.
    void slidingWindowsAreNoted()
    {
        const ModelGraph mistral = modelGraphFromHfConfig(config("../mistral-7b.json"), "config.json");
        QCOMPARE(int(mistral.warnings().size()), 1);
        QVERIFY2(mistral.warnings()[0].find("sliding window of 4096 tokens") != std::string::npos,
                 mistral.warnings()[0].c_str());
        json qwen = config("qwen3-8b.json"); // use_sliding_window false: no windows, no note
        QVERIFY(modelGraphFromHfConfig(qwen, "config.json").warnings().empty());
        qwen["use_sliding_window"] = true;
        qwen["sliding_window"] = 32768;
        QCOMPARE(int(modelGraphFromHfConfig(qwen, "config.json").warnings().size()), 1);
    }
};

QTEST_GUILESS_MAIN(TestHfConfigKeys)
#include "tst_hf_config_keys.moc"
