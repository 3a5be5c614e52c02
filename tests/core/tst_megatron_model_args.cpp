// SPDX-License-Identifier: GPL-3.0-or-later
// The model's shape as Megatron-LM arguments (core/export/megatron_model_args.cpp) for the Hugging Face families
// of tests/data/models/hf: flags parsed back through bash, refusals of blocks Megatron's GPT layer cannot build.
// Flags checked in NVIDIA/Megatron-LM at d98e8a6 (megatron/training/arguments.py, TransformerConfig).
#include "export/launch_config.h"
#include "export/plan_json.h"

#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "launch_config_parse.h"
#include "test_files.h"
#include "util/input_error.h"

#include <QtTest>

#include <map>
#include <stdexcept>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

/// TP 1, PP 2, DP 4 with ZeRO-1 and selective recomputation on 8 H100s: a plan every model here fits.
ParallelConfig pp2()
{
    ParallelConfig c;
    c.pp = 2;
    c.dp = 4;
    c.zeroStage = 1;
    c.recompute = Recompute::Selective;
    return c;
}

PlanDocument planOf(const ModelGraph& model)
{
    PlanningProblem p;
    p.model = model;
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), 8, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 64;
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(p.model);
    d.cluster = p.cluster;
    d.training = p.training;
    d.plans.push_back(makeDocumentPlan(p.model, PlanEvaluator(p).evaluate(pp2()), 1, 1.0));
    return d;
}

/// The plan of a config.json of tests/data/models/hf, written as a plan file and read back, as
/// `shardscope export` reads it; throws when the plan does not fit, which every test here relies on.
PlanDocument reopenedPlanOf(const QString& file)
{
    const PlanDocument d = planOf(importModel(dataFile(qPrintable(QStringLiteral("hf/") + file))));
    if (!d.plans[0].estimate.feasible)
        throw std::runtime_error(file.toStdString() + ": " + d.plans[0].estimate.infeasibleReason);
    return readPlanJson(writePlanJson(d), "plan.json");
}

std::string megatron(const PlanDocument& d)
{
    return writeLaunchConfig(d, 0, LaunchFormat::Megatron, "plan.json");
}

} // namespace

class TestMegatronModelArgs : public QObject
{
    Q_OBJECT

private slots:
    // Nemotron (Minitron-4B): squared ReLU without gating, LayerNorm1P, half of each head rotated.
    void nemotron()
    {
        const std::string text = megatron(reopenedPlanOf(QStringLiteral("minitron-4b-base.json")));
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--squared-relu")), QString());
        QVERIFY(!a.count(QStringLiteral("--swiglu"))); // Megatron asserts not both
        QCOMPARE(a.at(QStringLiteral("--normalization")), QStringLiteral("LayerNorm"));
        QCOMPARE(a.at(QStringLiteral("--apply-layernorm-1p")), QString());
        QCOMPARE(a.at(QStringLiteral("--position-embedding-type")), QStringLiteral("rope"));
        QCOMPARE(a.at(QStringLiteral("--rotary-percent")), QStringLiteral("0.5"));
        QCOMPARE(a.at(QStringLiteral("--rotary-base")), QStringLiteral("10000"));
        QCOMPARE(a.at(QStringLiteral("--num-query-groups")), num(8));
        QCOMPARE(a.at(QStringLiteral("--ffn-hidden-size")), num(9216));
        QVERIFY(!a.count(QStringLiteral("--kv-channels"))); // head_dim 128 = 3072 / 24
        QVERIFY(a.count(QStringLiteral("--disable-bias-linear")));
        QVERIFY(!a.count(QStringLiteral("--add-qkv-bias")));
        QVERIFY(a.count(QStringLiteral("--untie-embeddings-and-output-weights")));
        QVERIFY(!a.count(QStringLiteral("--qk-layernorm")));
        QVERIFY2(text.find("scale by 1 + weight (model_type \"nemotron\")") != std::string::npos, text.c_str());
        QVERIFY2(text.find("activation") == std::string::npos, text.c_str()); // relu2 has its flag: no note
    }

    // Gemma 7B: GeGLU (a gated MLP Megatron builds only with SiLU), RMSNorm scaled by 1 + weight, head_dim 256
    // on 16 heads of a 3072 model.
    void gemma()
    {
        const std::string text = megatron(reopenedPlanOf(QStringLiteral("gemma-7b.json")));
        const std::map<QString, QString> a = megatronFlags(text);
        QVERIFY(a.count(QStringLiteral("--swiglu")));
        QVERIFY(!a.count(QStringLiteral("--squared-relu")));
        QCOMPARE(a.at(QStringLiteral("--normalization")), QStringLiteral("RMSNorm"));
        QVERIFY(a.count(QStringLiteral("--apply-layernorm-1p")));
        QCOMPARE(a.at(QStringLiteral("--kv-channels")), num(256));
        QVERIFY(!a.count(QStringLiteral("--untie-embeddings-and-output-weights")));
        QVERIFY(!a.count(QStringLiteral("--rotary-percent")));
        QVERIFY2(text.find("The model's gated MLP uses \"gelu\"; Megatron's gated MLPs are --swiglu (SiLU)") != std::string::npos,
                 text.c_str());
    }

    // Qwen3: q and k norms of head_dim, which is Megatron's --qk-layernorm; SiLU gating needs no note.
    void qwen3()
    {
        const std::string text = megatron(reopenedPlanOf(QStringLiteral("qwen3-0.6b.json")));
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--qk-layernorm")), QString());
        QCOMPARE(a.at(QStringLiteral("--normalization")), QStringLiteral("RMSNorm"));
        QCOMPARE(a.at(QStringLiteral("--kv-channels")), num(128));
        QVERIFY(a.count(QStringLiteral("--swiglu")));
        QVERIFY(!a.count(QStringLiteral("--apply-layernorm-1p")));
        QVERIFY2(text.find("activation") == std::string::npos, text.c_str());
    }

    // OLMo 1's LayerNorm has no weights and StarCoder2's plain MLP uses the tanh GELU: both run, with a note of
    // what Megatron builds instead.
    void notesForNormsAndActivations()
    {
        std::string text = megatron(reopenedPlanOf(QStringLiteral("olmo-7b-hf.json")));
        std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--normalization")), QStringLiteral("LayerNorm"));
        // 32 blocks x 2 norms + the final one, each with a weight and a bias of 4096 in Megatron.
        QVERIFY2(text.find("OLMo's non-parametric LayerNorm); Megatron's LayerNorm learns a weight and a bias, so its "
                           "model has 532480 more parameters") != std::string::npos,
                 text.c_str());

        text = megatron(reopenedPlanOf(QStringLiteral("starcoder2-3b.json")));
        a = megatronFlags(text);
        QVERIFY(!a.count(QStringLiteral("--swiglu")));
        QVERIFY(!a.count(QStringLiteral("--squared-relu")));
        QVERIFY(!a.count(QStringLiteral("--disable-bias-linear"))); // biases everywhere: Megatron's default
        QVERIFY2(text.find("The model's MLP activation \"gelu_pytorch_tanh\" has no Megatron flag") != std::string::npos,
                 text.c_str());

        // An output-head bias (Phi's, whose parallel block is refused below) on a Llama block: a note.
        TransformerSpec s = llama3_8b();
        s.lmHeadBias = true;
        text = megatron(planOf(buildModelGraph(s)));
        QVERIFY2(text.find("Megatron's output layer has none, so its model has 128256 fewer parameters") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("--squared-relu") == std::string::npos);
    }

    // Blocks and positions Megatron's GPT model cannot build are refused at the transformer key that says so,
    // naming everything it lacks.
    void refusals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QStringList>("fragments");
        QTest::newRow("falcon-7b") << QStringLiteral("falcon-7b.json")
                                   << QStringLiteral("$.inputs.model.transformer.parallel_block")
                                   << QStringList { QStringLiteral("cannot build this model's blocks: attention and MLP in parallel") };
        QTest::newRow("phi-2") << QStringLiteral("phi-2.json") << QStringLiteral("$.inputs.model.transformer.parallel_block")
                               << QStringList { QStringLiteral("attention and MLP in parallel") };
        QTest::newRow("gemma-2-9b") << QStringLiteral("gemma-2-9b.json")
                                    << QStringLiteral("$.inputs.model.transformer.output_norms")
                                    << QStringList { QStringLiteral("norms on the attention and MLP outputs before the residual adds") };
        QTest::newRow("olmo-2") << QStringLiteral("olmo-2-1124-7b.json") << QStringLiteral("$.inputs.model.transformer.input_norm")
                                << QStringList { QStringLiteral("no norm before attention (OLMo 2); no norm before the MLP (OLMo 2); "
                                                                "norms on the attention and MLP outputs"),
                                                 QStringLiteral("q and k norms over the whole projections") };
        QTest::newRow("falcon-rw-1b (ALiBi)") << QStringLiteral("falcon-rw-1b.json")
                                              << QStringLiteral("$.inputs.model.transformer.positions")
                                              << QStringList { QStringLiteral("Megatron-LM has no ALiBi: --position-embedding-type takes "
                                                                              "learned_absolute, rope, yarn, mrope, relative") };
    }
    void refusals()
    {
        QFETCH(QString, file);
        QFETCH(QString, position);
        QFETCH(QStringList, fragments);
        const PlanDocument d = reopenedPlanOf(file);
        const QString message = refusal([&] { megatron(d); });
        QVERIFY2(message.startsWith(position + QStringLiteral(": ")), qPrintable(message));
        for (const QString& fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("export for torchtitan or deepspeed")), qPrintable(message));
        // The frameworks whose model code is the user's still take the plan.
        QVERIFY(!writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "plan.json").empty());
        QVERIFY(!writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "plan.json").empty());
    }
};

QTEST_GUILESS_MAIN(TestMegatronModelArgs)
#include "tst_megatron_model_args.moc"
