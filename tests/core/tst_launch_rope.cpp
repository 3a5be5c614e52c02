// SPDX-License-Identifier: GPL-3.0-or-later
// Rotary positions in Megatron-LM's arguments (core/export/megatron_model_args.cpp), parsed back through
// bash: the rotary base and Llama 3.1's RoPE scaling as flags where Megatron can express them, no rotary
// flags for learned positions, and a note in the header, never a silently different model, where it cannot
// (no base named, a base that is not an integer, scaling of another type or with other constants). The
// other launch config tests: tst_launch_config.cpp.
#include "export/launch_config.h"

#include "launch_config_parse.h"
#include "launch_plan_fixtures.h"

#include <QtTest>

#include <map>

using namespace shardscope;
using namespace shardscope::testing;

class TestLaunchRope : public QObject
{
    Q_OBJECT

private slots:
    // The bundled GPT-3 175B has learned positions: no rotary flags and no note about a rotary base.
    void megatronGpt3HasNoRope()
    {
        PlanPins pins;
        pins.tp = 8;
        pins.pp = 8;
        pins.microBatch = 1;
        pins.zeroStage = 1;
        pins.recompute = Recompute::Full;
        const PlanDocument d = plannedDocument("gpt3-175b", 1024, 2048, pins);
        QVERIFY(!d.plans.empty());
        QVERIFY(!d.model.transformer->ropeTheta);
        const std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--position-embedding-type")), QStringLiteral("learned_absolute"));
        QVERIFY(!a.count(QStringLiteral("--rotary-base")));
        QVERIFY(!a.count(QStringLiteral("--use-rope-scaling")));
        QVERIFY(!a.count(QStringLiteral("--rope-scaling-factor")));
        QVERIFY(text.find("rotary") == std::string::npos);
    }

    // Llama 3.1 405B's config.json: rope_theta 500000.0 and rope_scaling {"rope_type": "llama3", "factor": 8.0,
    // "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}, which are
    // exactly the values Megatron's --use-rope-scaling hard-codes besides the factor.
    void megatronLlama31RopeScaling()
    {
        PlanPins pins;
        pins.tp = 8;
        pins.pp = 16;
        pins.microBatch = 1;
        pins.zeroStage = 1;
        pins.recompute = Recompute::Full;
        pins.sequenceParallel = true;
        const PlanDocument d = plannedDocument("llama-3.1-405b", 1024, 8192, pins);
        QVERIFY(!d.plans.empty());
        const std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--rotary-base")), QStringLiteral("500000"));
        QVERIFY(a.count(QStringLiteral("--use-rope-scaling")));
        QCOMPARE(a.at(QStringLiteral("--use-rope-scaling")), QString());
        QCOMPARE(a.at(QStringLiteral("--rope-scaling-factor")).toDouble(), 8.0);
        QCOMPARE(a.at(QStringLiteral("--max-position-embeddings")), num(131072));
        QVERIFY(text.find("fixes low_freq_factor") == std::string::npos);
    }

    // A rotary model whose source named no base: no --rotary-base (Megatron's default is not
    // ShardScope's guess), and the header says which base applies.
    void megatronUnknownRotaryBaseIsANote()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 8192, 64);
        QVERIFY(!p.model.spec()->ropeTheta);
        const PlanDocument d = evaluatedDocument(p, { config(8, 1, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) });
        QVERIFY2(d.plans[0].estimate.feasible, d.plans[0].estimate.infeasibleReason.c_str());
        const std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--position-embedding-type")), QStringLiteral("rope"));
        QVERIFY(!a.count(QStringLiteral("--rotary-base")));
        QVERIFY(!a.count(QStringLiteral("--use-rope-scaling")));
        QVERIFY2(text.find("\n# - The model's source gives no rotary base (rope_theta), so Megatron's default --rotary-base "
                           "10000 applies") != std::string::npos, text.c_str());
    }

    // Scaling Megatron cannot express is a note, never a silently different model.
    void megatronRopeScalingItCannotExpress()
    {
        TransformerSpec s = llama3_8b();
        s.ropeTheta = 1000000.5; // --rotary-base is an int in Megatron
        s.ropeScaling = RopeScaling { "yarn", 4, 0, 0, 32768 };
        PlanDocument d = evaluatedDocument(h100Problem(s, 8, 8192, 64),
                                           { config(8, 1, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) });
        std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        std::map<QString, QString> a = megatronFlags(text);
        QVERIFY(!a.count(QStringLiteral("--rotary-base")));
        QVERIFY(!a.count(QStringLiteral("--use-rope-scaling")));
        QVERIFY(text.find("The rotary base 1000000.5 is not an integer") != std::string::npos);
        QVERIFY(text.find("RoPE scaling \"yarn\" is not exported") != std::string::npos);

        // llama3 scaling with other constants than Megatron's fixed 1, 4 and 8192 (Llama 3.2: factor 32).
        s.ropeTheta = 500000;
        s.ropeScaling = RopeScaling { "llama3", 32, 1, 4, 16384 };
        d = evaluatedDocument(h100Problem(s, 8, 8192, 64), { config(8, 1, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) });
        text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--rotary-base")), QStringLiteral("500000"));
        QCOMPARE(a.at(QStringLiteral("--rope-scaling-factor")).toDouble(), 32.0);
        QVERIFY2(text.find("this model has 1, 4 and 16384") != std::string::npos, text.c_str());
    }
};

QTEST_GUILESS_MAIN(TestLaunchRope)
#include "tst_launch_rope.moc"
