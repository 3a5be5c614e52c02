// SPDX-License-Identifier: GPL-3.0-or-later
// Tests full recomputation by Megatron's method (TrainingSpec::fullRecompute; core/cost/unit_costs.cpp) against
// megatron/core/recompute.py at d98e8a6 worked by hand for Llama-2-7B on one stage (32 blocks, hidden 4096,
// sequence 4096, micro-batch 1, TP 1): a block's input is 4096 x 4096 x 2 bytes = 32 MiB. "uniform" over N keeps
// one input per group of N blocks and recomputes every block; "block" over N recomputes the first N blocks of the
// chunk, keeping their inputs, and stores the others' activations whole. Also the flags each export writes.
#include "cost/plan_evaluator.h"
#include "cost/unit_costs.h"
#include "export/launch_config.h"
#include "export/spec_json.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "util/input_error.h"

#include "launch_plan_fixtures.h"

#include <QtTest>

using namespace shardscope;
using shardscope::testing::evaluatedDocument;

namespace {

constexpr double kBlockInput = 4096.0 * 4096.0 * 2.0; // bytes of one block's input, s x h x 2

PlanningProblem llama2(FullRecompute full)
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-2-7b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 8, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 64;
    p.training.fullRecompute = full;
    return p;
}

ParallelConfig onOneStage(Recompute r)
{
    ParallelConfig c;
    c.tp = 1;
    c.dp = 8;
    c.microBatch = 1;
    c.zeroStage = 1;
    c.recompute = r;
    return c;
}

struct StageFigures
{
    double activations = 0, recompute = 0, compute = 0;
};

StageFigures stage(FullRecompute full, Recompute r)
{
    const PlanningProblem p = llama2(full);
    const PlanEstimate e = PlanEvaluator(p).evaluate(onOneStage(r));
    const StageEstimate& s = e.stages.front();
    return { s.memory.activationsBytes / s.inFlightMicroBatches, s.recomputeSeconds, s.computeSeconds };
}

} // namespace

class TestRecomputeMethod : public QObject
{
    Q_OBJECT
private slots:
    void everyBlockKeepsItsInput()
    {
        // The default (uniform over 1): 32 inputs.
        const StageFigures full = stage({}, Recompute::Full);
        QCOMPARE(full.activations, 32 * kBlockInput);
        QVERIFY(full.recompute > 0);
    }

    void uniformKeepsOneInputAGroup()
    {
        // Groups of 5 over 32 blocks: 7 groups (5, 5, 5, 5, 5, 5, 2), 7 inputs; every block still recomputed.
        const StageFigures uniform = stage({ RecomputeMethod::Uniform, 5 }, Recompute::Full);
        const StageFigures every = stage({}, Recompute::Full);
        QCOMPARE(uniform.activations, 7 * kBlockInput);
        QCOMPARE(uniform.recompute, every.recompute);
        // More than the chunk's blocks: one group, one input.
        QCOMPARE(stage({ RecomputeMethod::Uniform, 64 }, Recompute::Full).activations, kBlockInput);
    }

    void blockRecomputesOnlyTheFirstBlocks()
    {
        // The first 5 of 32 blocks recomputed (5 inputs kept), the other 27 store their activations whole and
        // are not recomputed.
        const StageFigures none = stage({}, Recompute::None);
        const StageFigures every = stage({}, Recompute::Full);
        const StageFigures block = stage({ RecomputeMethod::Block, 5 }, Recompute::Full);
        const double perBlockStored = none.activations / 32;
        QVERIFY(perBlockStored > 10 * kBlockInput); // a block's activations are many times its input
        QCOMPARE(block.activations, 5 * kBlockInput + 27 * perBlockStored);
        QVERIFY(qFuzzyCompare(block.recompute, every.recompute * 5 / 32));
        QVERIFY(qFuzzyCompare(block.compute, none.compute));
        // All of the chunk's blocks: as full recomputation of every block.
        const StageFigures all = stage({ RecomputeMethod::Block, 32 }, Recompute::Full);
        QCOMPARE(all.activations, every.activations);
        QVERIFY(qFuzzyCompare(all.recompute, every.recompute));
    }

    void blockCountsPerModelChunk()
    {
        // PP 4: 8 blocks a stage, the first 2 of them recomputed: a quarter of full recomputation's time.
        const PlanningProblem p = llama2({ RecomputeMethod::Block, 2 });
        ParallelConfig c = onOneStage(Recompute::Full);
        c.pp = 4;
        c.dp = 2;
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        const PlanningProblem q = llama2({});
        const PlanEstimate every = PlanEvaluator(q).evaluate(c);
        QVERIFY(qFuzzyCompare(e.stages[1].recomputeSeconds, every.stages[1].recomputeSeconds / 4));
    }

    // Selective recomputation of Megatron's "mlp" module (transformer_config.py recompute_modules at d98e8a6): each
    // block's MLP keeps only its input (32 MiB) instead of its activations, and its forward runs again.
    void selectiveMlpKeepsItsInput()
    {
        PlanningProblem p = llama2({});
        p.training.recomputeModules = kRecomputeCoreAttn | kRecomputeMlp;
        const PlanEstimate e = PlanEvaluator(p).evaluate(onOneStage(Recompute::Selective));
        const StageFigures none = stage({}, Recompute::None);
        const Layer* mlp = nullptr;
        for (const Layer& l : p.model.layers())
            if (l.kind == LayerKind::Mlp && l.block == 0)
                mlp = &l;
        QVERIFY(mlp);
        const double mlpStored = (mlp->actShardedBytesPerToken + mlp->actReplicatedBytesPerToken) * 4096; // TP 1
        QVERIFY(mlpStored > 4 * kBlockInput);
        const StageEstimate& s = e.stages.front();
        QCOMPARE(s.memory.activationsBytes / s.inFlightMicroBatches, none.activations - 32 * (mlpStored - kBlockInput));
        const double mlpForward = UnitCostModel(p, onOneStage(Recompute::None)).layerCost(*mlp).forwardSeconds;
        QVERIFY(qFuzzyCompare(s.recomputeSeconds, 32 * mlpForward));
        // Megatron writes the list; the default (core_attn alone) writes none.
        const std::string args = writeLaunchConfig(evaluatedDocument(p, { onOneStage(Recompute::Selective) }), 0,
                                                   LaunchFormat::Megatron, "plan.json");
        QVERIFY2(args.find("--recompute-modules core_attn mlp") != std::string::npos, args.c_str());
        try {
            writeLaunchConfig(evaluatedDocument(p, { onOneStage(Recompute::Selective) }), 0, LaunchFormat::Torchtitan, "plan.json");
            QFAIL("exported");
        } catch (const InputError& err) {
            QCOMPARE(QString::fromStdString(err.position()), QStringLiteral("$.training.recompute_modules"));
        }
        // Unknown modules are refused by name.
        std::string unknown;
        QVERIFY(!recomputeModulesFromString("core_attn,mla_up_proj", &unknown));
        QCOMPARE(QString::fromStdString(unknown), QStringLiteral("mla_up_proj"));
    }

    // Uneven chunks: a layout of 4, 12, 12 and 4 blocks with the first 4 of each recomputed. The 12-block stages store
    // 8 blocks whole and 4 inputs (Megatron's count), whatever the average chunk says.
    void blockCountsTheLargestChunk()
    {
        PlanningProblem p = llama2({ RecomputeMethod::Block, 4 });
        p.training.pipelineSplit.layout = "Et*4|t*12|t*12|t*4L";
        ParallelConfig c = onOneStage(Recompute::Full);
        c.pp = 4;
        c.dp = 2;
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        const double perBlockStored = stage({}, Recompute::None).activations / 32;
        const StageEstimate& s = e.stages[1];
        QCOMPARE(s.memory.activationsBytes / s.inFlightMicroBatches, 4 * kBlockInput + 8 * perBlockStored);
        // The lighter stages are counted at least as what they store (4 inputs).
        QVERIFY(e.stages[0].memory.activationsBytes / e.stages[0].inFlightMicroBatches >= 4 * kBlockInput);
    }

    // Megatron's flags; torchtitan cannot express either method, DeepSpeed only the uniform one.
    void exportsWriteTheMethod()
    {
        const PlanningProblem p = llama2({ RecomputeMethod::Block, 5 });
        const PlanDocument d = evaluatedDocument(p, { onOneStage(Recompute::Full) });
        const std::string megatron = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "plan.json");
        QVERIFY2(megatron.find("--recompute-method block") != std::string::npos, megatron.c_str());
        QVERIFY(megatron.find("--recompute-num-layers 5") != std::string::npos);
        for (LaunchFormat f : { LaunchFormat::Torchtitan, LaunchFormat::DeepSpeed }) {
            try {
                writeLaunchConfig(d, 0, f, "plan.json");
                QFAIL("exported");
            } catch (const InputError& e) {
                QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.training.recompute_method"));
            }
        }
        const PlanningProblem uniform = llama2({ RecomputeMethod::Uniform, 4 });
        const std::string ds = writeLaunchConfig(evaluatedDocument(uniform, { onOneStage(Recompute::Full) }), 0,
                                                 LaunchFormat::DeepSpeed, "plan.json");
        QVERIFY2(ds.find("\"number_checkpoints\": 8") != std::string::npos, ds.c_str()); // 32 blocks in groups of 4
    }

    void jsonRoundTrip()
    {
        TrainingSpec t;
        t.fullRecompute = { RecomputeMethod::Block, 5 };
        const specjson::Json j = specjson::toJson(t);
        QCOMPARE(QString::fromStdString(j.at("recompute_method").get<std::string>()), QStringLiteral("block"));
        QVERIFY(specjson::readTraining(specjson::ObjectReader(j, "$.training", "plan.json")).fullRecompute == t.fullRecompute);
        specjson::Json old = j;
        old.erase("recompute_method");
        old.erase("recompute_num_layers");
        QVERIFY(specjson::readTraining(specjson::ObjectReader(old, "$.training", "plan.json")).fullRecompute == FullRecompute {});
        specjson::Json bad = j;
        bad["recompute_method"] = "blocks";
        QVERIFY_THROWS_EXCEPTION(InputError, specjson::readTraining(specjson::ObjectReader(bad, "$.training", "plan.json")));
        bad = j;
        bad["recompute_modules"] = { "core_attn", "mla_up_proj" };
        try {
            specjson::readTraining(specjson::ObjectReader(bad, "$.training", "plan.json"));
            QFAIL("read");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QStringLiteral("$.training.recompute_modules[1]"));
        }
        bad = j;
        bad["recompute_num_layers"] = 0;
        QVERIFY_THROWS_EXCEPTION(InputError, specjson::readTraining(specjson::ObjectReader(bad, "$.training", "plan.json")));
    }
};

QTEST_GUILESS_MAIN(TestRecomputeMethod)
#include "tst_recompute_method.moc"
