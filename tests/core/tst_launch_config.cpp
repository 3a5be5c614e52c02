// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs from real plans, parsed back: Megatron arguments through bash, DeepSpeed JSON through
// nlohmann, torchtitan TOML through python3's tomllib (python3 3.11+ is a build dependency: without it
// the test fails, it never skips). Context parallelism, hybrid sharding and uneven interleaved
// layouts: tst_launch_parallel.cpp; rotary positions in Megatron's arguments: tst_launch_rope.cpp.
#include "export/launch_config.h"

#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "launch_config_parse.h"
#include "launch_plan_fixtures.h"
#include "import/model_importer.h"
#include "util/input_error.h"
#include "util/text.h"

#include <QtTest>

#include <map>
#include <stdexcept>

using namespace shardscope;
using namespace shardscope::testing;
using Json = nlohmann::json;

namespace {

/// Plan `index` of `d` with its blocks spread evenly over its pp x vpp chunks in model order (the embedding in
/// the first, norm and head in the last), whatever layout the evaluator chose; proposals kept.
void spreadBlocksEvenly(PlanDocument& d, std::size_t index, const ModelGraph& model)
{
    DocumentPlan& plan = d.plans[index];
    PlanEstimate e = plan.estimate;
    const int chunks = e.config.pp * e.config.vpp;
    const std::vector<TransformerBlock>& blocks = model.blocks();
    if (int(blocks.size()) % chunks != 0)
        throw std::invalid_argument("the blocks do not divide evenly over the chunks");
    const int per = int(blocks.size()) / chunks;
    e.chunkLayers.clear();
    for (int j = 0, first = 0; j < chunks; ++j) {
        const int end = j + 1 == chunks ? model.layerCount() : blocks[std::size_t((j + 1) * per - 1)].layers.back() + 1;
        e.chunkLayers.emplace_back(first, end);
        first = end;
    }
    for (StageEstimate& st : e.stages) {
        st.layerRanges.clear();
        for (std::size_t j = std::size_t(st.stage); j < e.chunkLayers.size(); j += std::size_t(e.config.pp))
            st.layerRanges.push_back(e.chunkLayers[j]);
    }
    std::vector<Proposal> proposals = std::move(plan.proposals);
    plan = makeDocumentPlan(model, e, plan.rank, plan.score);
    plan.proposals = std::move(proposals);
}

} // namespace

class TestLaunchConfig : public QObject
{
    Q_OBJECT

private slots:
    void formatNames()
    {
        for (LaunchFormat f : { LaunchFormat::Megatron, LaunchFormat::DeepSpeed, LaunchFormat::Torchtitan })
            QVERIFY(launchFormatFromString(toString(f)) == f);
        QVERIFY(!launchFormatFromString("Megatron"));
        QVERIFY(!launchFormatFromString("nemo"));
    }

    // Llama-3-70B TP8 PP8 VPP5 interleaved, as `shardscope plan --json` would write it.
    void megatronInterleavedLlama70b()
    {
        PlanPins pins;
        pins.tp = 8;
        pins.pp = 8;
        pins.vpp = 5;
        pins.microBatch = 1;
        pins.zeroStage = 1;
        pins.recompute = Recompute::Selective;
        pins.sequenceParallel = true;
        pins.schedule = Schedule::Interleaved1F1B;
        PlanDocument d = plannedDocument("llama-3-70b", 64, 8192, pins);
        QVERIFY(!d.plans.empty());
        // Two blocks a chunk, whatever the evaluator's balance of embedding and head (tst_launch_parallel has
        // uneven chunks).
        spreadBlocksEvenly(d, 0, *findBundledModel("llama-3-70b"));
        const PlanEstimate& e = d.plans[0].estimate;
        QVERIFY(e.feasible);
        const TransformerSpec& t = *d.model.transformer;

        const std::string megatron = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        const std::map<QString, QString> a = megatronFlags(megatron);
        QCOMPARE(a.at(QStringLiteral("--tensor-model-parallel-size")), num(8));
        QCOMPARE(a.at(QStringLiteral("--pipeline-model-parallel-size")), num(8));
        QCOMPARE(a.at(QStringLiteral("--num-virtual-stages-per-pipeline-rank")), num(5));
        // The header's predicted step carries the cost model's measured error on the H100 family.
        const CalibrationInfo& calibration = d.cluster.gpu.calibration;
        QVERIFY(calibration.calibrated());
        const std::string step = ", step " + formatSeconds(e.time.stepSeconds) + " " + calibration.describe() + ", MFU ";
        QVERIFY2(megatron.find("\n# Predicted: ") != std::string::npos && megatron.find(step) != std::string::npos, megatron.c_str());
        QVERIFY(megatron.find("calibration runs, H100") != std::string::npos);
        QVERIFY(!a.count(QStringLiteral("--num-layers-per-virtual-pipeline-stage")));
        QVERIFY(a.count(QStringLiteral("--sequence-parallel")));
        QCOMPARE(a.at(QStringLiteral("--recompute-granularity")), QStringLiteral("selective"));
        QVERIFY(!a.count(QStringLiteral("--recompute-method")));
        QCOMPARE(a.at(QStringLiteral("--micro-batch-size")), num(1));
        QCOMPARE(a.at(QStringLiteral("--global-batch-size")), num(d.training.globalBatch));
        QCOMPARE(std::int64_t(e.config.microBatch) * e.numMicroBatches * e.config.dp, d.training.globalBatch);
        QVERIFY(a.count(QStringLiteral("--use-distributed-optimizer")));
        QVERIFY(a.count(QStringLiteral("--bf16")));
        QCOMPARE(a.at(QStringLiteral("--num-layers")), num(t.layers));
        QCOMPARE(a.at(QStringLiteral("--hidden-size")), num(t.hidden));
        QCOMPARE(a.at(QStringLiteral("--ffn-hidden-size")), num(t.ffn));
        QCOMPARE(a.at(QStringLiteral("--num-attention-heads")), num(t.heads));
        QCOMPARE(a.at(QStringLiteral("--seq-length")), num(8192));
        QCOMPARE(a.at(QStringLiteral("--max-position-embeddings")), num(t.maxPositions));
        // GQA and SwiGLU for Llama.
        QVERIFY(a.count(QStringLiteral("--group-query-attention")));
        QCOMPARE(a.at(QStringLiteral("--num-query-groups")), num(t.kvHeads));
        QVERIFY(a.count(QStringLiteral("--swiglu")));
        QVERIFY(a.count(QStringLiteral("--untie-embeddings-and-output-weights")));
        QCOMPARE(a.at(QStringLiteral("--position-embedding-type")), QStringLiteral("rope"));
        // Meta-Llama-3-70B's config.json: "rope_theta": 500000.0, "rope_scaling": null.
        QCOMPARE(a.at(QStringLiteral("--rotary-base")), QStringLiteral("500000"));
        QVERIFY(!a.count(QStringLiteral("--use-rope-scaling")));
        QVERIFY(!a.count(QStringLiteral("--rope-scaling-factor")));
        // 80 blocks over 8 x 5 chunks: two each, so no uneven-stage flags.
        QVERIFY(!a.count(QStringLiteral("--decoder-first-pipeline-num-layers")));
        QVERIFY(!a.count(QStringLiteral("--pipeline-model-parallel-layout")));

        const std::string toml = writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json");
        QVERIFY(toml.find(step) != std::string::npos);
        const Json tt = tomlToJson(toml);
        const Json& par = tt.at("parallelism");
        QCOMPARE(par.at("tensor_parallel_degree").get<int>(), 8);
        QCOMPARE(par.at("pipeline_parallel_degree").get<int>(), 8);
        QCOMPARE(par.at("pipeline_parallel_schedule").get<std::string>(), std::string("Interleaved1F1B"));
        QCOMPARE(par.at("pipeline_parallel_microbatch_size").get<int>(), 1);
        QCOMPARE(par.at("data_parallel_replicate_degree").get<int>() * par.at("data_parallel_shard_degree").get<int>(),
                 e.config.dp);
        // Two blocks a chunk, 40 chunks in model order; the embedding opens the first, norm and output close the last.
        QVERIFY(!par.contains("pipeline_parallel_split_points")); // not in torchtitan v0.2.0's job_config.py
        const Json& parts = par.at("module_fqns_per_model_part");
        QCOMPARE(int(parts.size()), 8 * 5);
        for (std::size_t i = 0; i < parts.size(); ++i) {
            std::vector<std::string> expected { "layers." + std::to_string(2 * i), "layers." + std::to_string(2 * i + 1) };
            if (i == 0)
                expected.insert(expected.begin(), "tok_embeddings");
            if (i + 1 == parts.size())
                expected.insert(expected.end(), { "norm", "output" });
            QCOMPARE(parts[i].get<std::vector<std::string>>(), expected);
        }
        const Json& tr = tt.at("training");
        QCOMPARE(tr.at("local_batch_size").get<std::int64_t>() * e.config.dp, d.training.globalBatch);
        QCOMPARE(tr.at("global_batch_size").get<std::int64_t>(), d.training.globalBatch);
        QCOMPARE(tr.at("seq_len").get<int>(), 8192);
        QCOMPARE(tr.at("mixed_precision_param").get<std::string>(), std::string("bfloat16"));
        QCOMPARE(tt.at("activation_checkpoint").at("mode").get<std::string>(), std::string("selective"));

        // DeepSpeed runs one chunk per stage: an interleaved plan is refused.
        QVERIFY(refusal([&] { writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "p.json"); })
                    .startsWith(QStringLiteral("$.plans[0].config.vpp: DeepSpeed's pipeline engine runs one model chunk")));
    }

    // MHA GPT: no GQA, SwiGLU or untied flags; full recompute; learned positions; ZeRO-0.
    void megatronRulesForPp2AndMoe()
    {
        // Interleaving with PP 2 needs the p2p overlap (Megatron's validate_args), which is Megatron's default
        // (overlap_p2p_comm; at d98e8a6 only --no-overlap-p2p-communication exists, and abbreviations are
        // refused): the PP 2 plan overlaps and keeps the default, PP 4 without the overlap turns it off.
        const PlanningProblem p = megatronProblem(megatronGpt(2048, 16, 24), 16, 64);
        const PlanDocument d = evaluatedDocument(p, { config(2, 2, 4, 0, Recompute::Full, false, Schedule::Interleaved1F1B, 2),
                                                      config(2, 4, 2, 0, Recompute::Full, false, Schedule::Interleaved1F1B, 2) });
        QVERIFY2(d.plans[0].estimate.feasible, d.plans[0].estimate.infeasibleReason.c_str());
        QVERIFY(d.plans[0].estimate.config.ppCommOverlap && !d.plans[1].estimate.config.ppCommOverlap);
        ParallelConfig pp2Without = d.plans[0].estimate.config;
        pp2Without.ppCommOverlap = false;
        QVERIFY(!PlanEvaluator(p).structuralProblem(pp2Without).empty());
        const std::string pp2 = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "gpt.json");
        const std::map<QString, QString> pp2Flags = megatronFlags(pp2);
        QVERIFY(!pp2Flags.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY(!pp2Flags.count(QStringLiteral("--overlap-p2p-comm")));
        QVERIFY2(pp2.find("# - Pipeline sends and receives overlapped with compute, as the plan assumes") != std::string::npos,
                 pp2.c_str());
        const std::map<QString, QString> pp4Flags = megatronFlags(writeLaunchConfig(d, 1, LaunchFormat::Megatron, "gpt.json"));
        QVERIFY(pp4Flags.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY(!pp4Flags.count(QStringLiteral("--overlap-p2p-comm")));
        // Mixture of experts with TP > 1 must use sequence parallelism in Megatron: the evaluator refuses a plan
        // without it, and the export of one with it says so.
        TransformerSpec moe = megatronGpt(2048, 16, 8);
        moe.experts = 8;
        moe.expertsPerToken = 2;
        const PlanningProblem mp = megatronProblem(moe, 8, 64);
        QVERIFY(PlanEvaluator(mp).structuralProblem(config(2, 1, 4, 0, Recompute::Full, false, Schedule::OneFOneB))
                    .find("needs sequence parallelism") != std::string::npos);
        const PlanDocument md = evaluatedDocument(mp, { config(2, 1, 4, 0, Recompute::Full, true, Schedule::OneFOneB) });
        QVERIFY2(md.plans[0].estimate.feasible, md.plans[0].estimate.infeasibleReason.c_str());
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(md, 0, LaunchFormat::Megatron, "moe.json"));
        QVERIFY(a.count(QStringLiteral("--num-experts")));
        QVERIFY(a.count(QStringLiteral("--sequence-parallel")));
    }

    // The plan's communication overlaps as flags: TP overlap, the pipeline's p2p overlap (Megatron's
    // default in the interleaved schedule only), DP overlap always unless the spec overrides it with 0;
    // DeepSpeed's overlap_comm and torchtitan's async TP likewise.
    void communicationOverlap()
    {
        PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        ParallelConfig interleaved = config(2, 2, 2, 1, Recompute::Selective, true, Schedule::Interleaved1F1B, 2);
        interleaved.tpCommOverlap = true;
        interleaved.ppCommOverlap = true;
        const ParallelConfig plain = config(2, 2, 2, 1, Recompute::Selective, true, Schedule::OneFOneB);
        // Megatron overlaps pipeline sends in the interleaved schedule only: the evaluator refuses the rest.
        ParallelConfig plainOverlapped = plain;
        plainOverlapped.ppCommOverlap = true;
        QVERIFY(PlanEvaluator(p).structuralProblem(plainOverlapped).find("interleaved schedule") != std::string::npos);
        const ParallelConfig noDp = config(2, 4, 1, 0, Recompute::Selective, true, Schedule::Interleaved1F1B, 2);
        const PlanDocument d = evaluatedDocument(p, { interleaved, plain, noDp });
        for (const DocumentPlan& plan : d.plans)
            QVERIFY2(plan.estimate.feasible, plan.estimate.infeasibleReason.c_str());

        // TP and PP overlap on, interleaved PP 2, ZeRO-1 over DP 2.
        std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json");
        std::map<QString, QString> a = megatronFlags(text);
        QVERIFY(a.count(QStringLiteral("--sequence-parallel")));
        QCOMPARE(a.at(QStringLiteral("--tp-comm-overlap")), QString());
        QVERIFY(!a.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY(a.count(QStringLiteral("--use-distributed-optimizer")));
        QCOMPARE(a.at(QStringLiteral("--overlap-grad-reduce")), QString());
        QCOMPARE(a.at(QStringLiteral("--overlap-param-gather")), QString());
        QVERIFY2(text.find("Pipeline sends and receives overlapped with compute, as the plan assumes") != std::string::npos,
                 text.c_str());
        const Json tt = tomlToJson(writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json"));
        QVERIFY(tt.at("parallelism").at("enable_async_tensor_parallel").get<bool>());
        QVERIFY(tt.at("compile").at("enable").get<bool>()); // torchtitan's async TP needs torch.compile

        // 1F1B: no pipeline overlap and no flag or note for it; no TP overlap.
        text = writeLaunchConfig(d, 1, LaunchFormat::Megatron, "p.json");
        a = megatronFlags(text);
        QVERIFY(!a.count(QStringLiteral("--tp-comm-overlap")));
        QVERIFY(!a.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY2(text.find("Pipeline sends and receives") == std::string::npos, text.c_str());
        QVERIFY(a.count(QStringLiteral("--overlap-grad-reduce")));
        QVERIFY(a.count(QStringLiteral("--overlap-param-gather")));
        const Json ds = Json::parse(writeLaunchConfig(d, 1, LaunchFormat::DeepSpeed, "p.json"));
        QVERIFY(ds.at("zero_optimization").at("overlap_comm").get<bool>());
        const std::string toml = writeLaunchConfig(d, 1, LaunchFormat::Torchtitan, "p.json");
        QVERIFY(toml.find("enable_async_tensor_parallel") == std::string::npos);
        QVERIFY(toml.find("[compile]") == std::string::npos);

        // DP 1, interleaved PP 4 without the pipeline overlap: Megatron's default turned off, nothing to reduce.
        a = megatronFlags(writeLaunchConfig(d, 2, LaunchFormat::Megatron, "p.json"));
        QVERIFY(a.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY(!a.count(QStringLiteral("--overlap-grad-reduce")));
        QVERIFY(!a.count(QStringLiteral("--overlap-param-gather")));
        QVERIFY(!a.count(QStringLiteral("--use-distributed-optimizer")));

        // A DP overlap override of 0: no overlap anywhere; any other override keeps it.
        for (double overlap : { 0.0, 0.3 }) {
            p.training.dpOverlap = overlap;
            const PlanDocument o = evaluatedDocument(p, { plain });
            QVERIFY2(o.plans[0].estimate.feasible, o.plans[0].estimate.infeasibleReason.c_str());
            text = writeLaunchConfig(o, 0, LaunchFormat::Megatron, "p.json");
            a = megatronFlags(text);
            QCOMPARE(a.count(QStringLiteral("--overlap-grad-reduce")), std::size_t(overlap > 0 ? 1 : 0));
            QCOMPARE(a.count(QStringLiteral("--overlap-param-gather")), std::size_t(overlap > 0 ? 1 : 0));
            QCOMPARE(text.find("overrides the DP overlap with 0") != std::string::npos, overlap == 0);
            const Json ods = Json::parse(writeLaunchConfig(o, 0, LaunchFormat::DeepSpeed, "p.json"));
            QCOMPARE(ods.at("zero_optimization").at("overlap_comm").get<bool>(), overlap > 0);
        }
    }

    void megatronGptFullRecompute()
    {
        const PlanningProblem p = megatronProblem(megatronGpt(2048, 16, 24), 8, 64);
        const PlanDocument d
            = evaluatedDocument(p, { config(2, 2, 2, 0, Recompute::Full, false, Schedule::OneFOneB) }, { 12, 12 });
        QVERIFY(d.plans[0].estimate.feasible);
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(d, 0, LaunchFormat::Megatron, "gpt.json"));
        QVERIFY(!a.count(QStringLiteral("--group-query-attention")));
        QVERIFY(!a.count(QStringLiteral("--num-query-groups")));
        QVERIFY(!a.count(QStringLiteral("--swiglu")));
        QVERIFY(!a.count(QStringLiteral("--untie-embeddings-and-output-weights")));
        QVERIFY(!a.count(QStringLiteral("--disable-bias-linear")));
        QVERIFY(!a.count(QStringLiteral("--use-distributed-optimizer")));
        // DP 2: gradient reduction overlapped with backward, as the cost model assumes; no parameter
        // gather to overlap without the distributed optimizer.
        QVERIFY(a.count(QStringLiteral("--overlap-grad-reduce")));
        QVERIFY(!a.count(QStringLiteral("--overlap-param-gather")));
        QVERIFY(!a.count(QStringLiteral("--tp-comm-overlap")));
        QVERIFY(!a.count(QStringLiteral("--no-overlap-p2p-communication")));
        QVERIFY(!a.count(QStringLiteral("--sequence-parallel")));
        QVERIFY(!a.count(QStringLiteral("--num-virtual-stages-per-pipeline-rank")));
        QCOMPARE(a.at(QStringLiteral("--recompute-granularity")), QStringLiteral("full"));
        QCOMPARE(a.at(QStringLiteral("--recompute-method")), QStringLiteral("uniform"));
        QCOMPARE(a.at(QStringLiteral("--recompute-num-layers")), num(1));
        QCOMPARE(a.at(QStringLiteral("--position-embedding-type")), QStringLiteral("learned_absolute"));
        QVERIFY(!a.count(QStringLiteral("--rotary-base")));
        QVERIFY(!a.count(QStringLiteral("--use-rope-scaling")));
        QCOMPARE(a.at(QStringLiteral("--normalization")), QStringLiteral("LayerNorm"));
        QCOMPARE(a.at(QStringLiteral("--ffn-hidden-size")), num(4 * 2048));
        QCOMPARE(a.at(QStringLiteral("--num-layers")), num(24));
        QCOMPARE(a.at(QStringLiteral("--seq-length")), num(2048));
        QCOMPARE(a.at(QStringLiteral("--global-batch-size")), num(64));
        QCOMPARE(a.at(QStringLiteral("--micro-batch-size")), num(1));

        const Json ds = Json::parse(writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "gpt.json"));
        QVERIFY(ds.at("activation_checkpointing").is_object());
        QCOMPARE(ds.at("activation_checkpointing").at("number_checkpoints").get<int>(), 12);
        QCOMPARE(ds.at("pipeline").at("stages").get<int>(), 2);
        QCOMPARE(ds.at("pipeline").at("activation_checkpoint_interval").get<int>(), 1);
        QCOMPARE(ds.at("zero_optimization").at("stage").get<int>(), 0);

        const Json tt = tomlToJson(writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "gpt.json"));
        QCOMPARE(tt.at("activation_checkpoint").at("mode").get<std::string>(), std::string("full"));
        QCOMPARE(tt.at("parallelism").at("pipeline_parallel_schedule").get<std::string>(), std::string("1F1B"));
    }

    // DeepSpeed's batch identity for several layouts: train_batch_size = micro x accumulation x DP = global batch.
    void deepspeedBatchIdentity_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("micro");
        QTest::addColumn<int>("zero");
        QTest::newRow("dp8 zero3") << 1 << 1 << 8 << 1 << 3;
        QTest::newRow("tp2 dp4 zero2 micro2") << 2 << 1 << 4 << 2 << 2;
        QTest::newRow("tp2 pp2 dp2 zero1") << 2 << 2 << 2 << 1 << 1;
        QTest::newRow("tp2 pp4 zero0 micro4") << 2 << 4 << 1 << 4 << 0;
    }
    void deepspeedBatchIdentity()
    {
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        QFETCH(int, micro);
        QFETCH(int, zero);
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        ParallelConfig c = config(tp, pp, dp, zero, Recompute::Selective, tp > 1, Schedule::OneFOneB);
        c.microBatch = micro;
        const PlanDocument d = evaluatedDocument(p, { c });
        QVERIFY2(d.plans[0].estimate.feasible, d.plans[0].estimate.infeasibleReason.c_str());
        const Json ds = Json::parse(writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "p.json"));
        const auto trainBatch = ds.at("train_batch_size").get<std::int64_t>();
        const auto perGpu = ds.at("train_micro_batch_size_per_gpu").get<std::int64_t>();
        const auto accumulation = ds.at("gradient_accumulation_steps").get<std::int64_t>();
        QCOMPARE(trainBatch, perGpu * accumulation * dp);
        QCOMPARE(trainBatch, std::int64_t(64));
        QCOMPARE(perGpu, std::int64_t(micro));
        QCOMPARE(accumulation, std::int64_t(d.plans[0].estimate.numMicroBatches));
        QCOMPARE(ds.at("zero_optimization").at("stage").get<int>(), zero);
        // No DP overlap override: the cost model overlaps DP communication, so DeepSpeed does too.
        QCOMPARE(ds.at("zero_optimization").contains("overlap_comm"), zero >= 1);
        if (zero >= 1)
            QVERIFY(ds.at("zero_optimization").at("overlap_comm").get<bool>());
        QVERIFY(ds.at("bf16").at("enabled").get<bool>());
        QCOMPARE(ds.at("gradient_clipping").get<double>(), 1.0);
        QVERIFY(ds.at("activation_checkpointing").is_object());
        QCOMPARE(ds.contains("pipeline"), pp > 1);
        if (pp > 1)
            QCOMPARE(ds.at("pipeline").at("stages").get<int>(), pp);
    }

    // ZeRO-3 over pure DP: DeepSpeed stage 3, torchtitan FSDP over all DP ranks, Megatron-FSDP.
    void zero3DataParallel()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        const PlanDocument d = evaluatedDocument(p, { config(1, 1, 8, 3, Recompute::Full, false, Schedule::OneFOneB) });
        QVERIFY(d.plans[0].estimate.feasible);
        const Json ds = Json::parse(writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "p.json"));
        QCOMPARE(ds.at("zero_optimization").at("stage").get<int>(), 3);
        QVERIFY(!ds.contains("pipeline"));
        // Megatron's ZeRO-3 is Megatron-FSDP sharding optimizer states, gradients and parameters.
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json"));
        QCOMPARE(a.at(QStringLiteral("--use-megatron-fsdp")), QString());
        QCOMPARE(a.at(QStringLiteral("--data-parallel-sharding-strategy")), QStringLiteral("optim_grads_params"));
        QCOMPARE(a.at(QStringLiteral("--ckpt-format")), QStringLiteral("fsdp_dtensor"));
        QVERIFY(a.count(QStringLiteral("--use-distributed-optimizer")));
        QVERIFY(!a.count(QStringLiteral("--num-distributed-optimizer-instances")));
        const Json tt = tomlToJson(writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json"));
        const Json& par = tt.at("parallelism");
        QCOMPARE(par.at("data_parallel_shard_degree").get<int>(), 8);
        QCOMPARE(par.at("data_parallel_replicate_degree").get<int>(), 1);
        QCOMPARE(par.at("fsdp_reshard_after_forward").get<std::string>(), std::string("always"));
        QCOMPARE(par.at("pipeline_parallel_degree").get<int>(), 1);
        QVERIFY(!par.contains("pipeline_parallel_schedule"));
        // No PP: local batch is one micro-batch, torchtitan accumulates global / (local x DP) of them.
        QCOMPARE(tt.at("training").at("local_batch_size").get<int>(), 1);
        QCOMPARE(tt.at("training").at("global_batch_size").get<int>(), 64);
        QCOMPARE(tt.at("activation_checkpoint").at("mode").get<std::string>(), std::string("full"));
    }

    void deepspeedRefusesZero2WithPipeline()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        // Evaluated as ZeRO-1 and marked ZeRO-2, as another tool or an edit could write it (the refusal does not
        // depend on what the evaluator allows).
        PlanDocument d = evaluatedDocument(p, { config(2, 2, 2, 1, Recompute::Selective, true, Schedule::OneFOneB) });
        QVERIFY2(d.plans[0].estimate.feasible, d.plans[0].estimate.infeasibleReason.c_str());
        d.plans[0].estimate.config.zeroStage = 2;
        const QString message = refusal([&] { writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "p.json"); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].config.zero_stage: ZeRO-2 and ZeRO-3 are incompatible "
                                                   "with pipeline parallelism")),
                 qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("2 pipeline stages")));
        // torchtitan can: FSDP without resharding after forward.
        const std::string toml = writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json");
        QVERIFY(toml.find("fsdp_reshard_after_forward = \"never\"") != std::string::npos);
        // Megatron: Megatron-FSDP sharding optimizer states and gradients.
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json"));
        QCOMPARE(a.at(QStringLiteral("--data-parallel-sharding-strategy")), QStringLiteral("optim_grads"));
    }

    // The first stage holds fewer blocks (6, 9, 9, 8): first/last flags, module lists at the boundaries.
    void unevenFirstAndLastStage()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        const PlanDocument d = evaluatedDocument(
            p, { config(2, 4, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) }, { 6, 9, 9, 8 });
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json"));
        QCOMPARE(a.at(QStringLiteral("--decoder-first-pipeline-num-layers")), num(6));
        QCOMPARE(a.at(QStringLiteral("--decoder-last-pipeline-num-layers")), num(8));
        QCOMPARE(a.at(QStringLiteral("--num-layers")), num(32));
        QVERIFY(!a.count(QStringLiteral("--pipeline-model-parallel-layout")));
        const std::string toml = writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json");
        // One list of module names a stage: blocks 0-5 with the embedding, 6-14, 15-23, 24-31 with norm and output.
        auto blockNames = [](int first, int end) {
            std::string names;
            for (int b = first; b < end; ++b)
                names += (names.empty() ? "\"layers." : ", \"layers.") + std::to_string(b) + "\"";
            return names;
        };
        const std::string modules = "module_fqns_per_model_part = [\n    [\"tok_embeddings\", " + blockNames(0, 6) + "],\n    ["
            + blockNames(6, 15) + "],\n    [" + blockNames(15, 24) + "],\n    [" + blockNames(24, 32)
            + ", \"norm\", \"output\"],\n]\n";
        QVERIFY2(toml.find(modules) != std::string::npos, toml.c_str());
        QVERIFY(toml.find("split_points") == std::string::npos);

        // Even stages: no flags.
        const PlanDocument even = evaluatedDocument(
            p, { config(2, 4, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) }, { 8, 8, 8, 8 });
        const std::map<QString, QString> b = megatronFlags(writeLaunchConfig(even, 0, LaunchFormat::Megatron, "p.json"));
        QVERIFY(!b.count(QStringLiteral("--decoder-first-pipeline-num-layers")));
        QVERIFY(!b.count(QStringLiteral("--decoder-last-pipeline-num-layers")));
    }

    // Middle stages differ too: only a pipeline layout can say it.
    void unevenMiddleStagesUseLayout()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        const PlanDocument d = evaluatedDocument(
            p, { config(2, 4, 1, 1, Recompute::Selective, true, Schedule::OneFOneB) }, { 6, 10, 8, 8 });
        const std::map<QString, QString> a = megatronFlags(writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json"));
        QCOMPARE(a.at(QStringLiteral("--pipeline-model-parallel-layout")), QStringLiteral("Et*6|t*10|t*8|t*8L"));
        QVERIFY(!a.count(QStringLiteral("--decoder-first-pipeline-num-layers")));
    }

    void refusals()
    {
        const PlanningProblem p = h100Problem(llama3_8b(), 8, 4096, 64);
        PlanDocument d = evaluatedDocument(p, { config(1, 1, 8, 3, Recompute::Full, false, Schedule::OneFOneB) });
        QVERIFY(d.plans[0].estimate.feasible);
        d.plans[0].estimate.config.zeroStage = 1; // so that only the missing shape stops Megatron
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, writeLaunchConfig(d, 1, LaunchFormat::DeepSpeed, "p.json"));

        PlanDocument noShape = d;
        noShape.model.transformer.reset();
        const QString noShapeMessage = refusal([&] { writeLaunchConfig(noShape, 0, LaunchFormat::Megatron, "p.json"); });
        QVERIFY2(noShapeMessage.startsWith(QStringLiteral("$.inputs.model.transformer: Megatron-LM builds the model from its shape")),
                 qPrintable(noShapeMessage));
        QVERIFY(!writeLaunchConfig(noShape, 0, LaunchFormat::DeepSpeed, "p.json").empty());

        PlanDocument infeasible = d;
        infeasible.plans[0].estimate.feasible = false;
        infeasible.plans[0].estimate.infeasibleReason = "stage 0 exceeds memory by 4.2 GiB";
        QVERIFY(refusal([&] { writeLaunchConfig(infeasible, 0, LaunchFormat::Torchtitan, "p.json"); })
                    .contains(QStringLiteral("predicted not to fit (stage 0 exceeds memory by 4.2 GiB)")));

        PlanDocument badBatch = d;
        badBatch.training.globalBatch = 65;
        QVERIFY(refusal([&] { writeLaunchConfig(badBatch, 0, LaunchFormat::DeepSpeed, "p.json"); })
                    .contains(QStringLiteral("but the global batch is 65")));
    }
};

QTEST_GUILESS_MAIN(TestLaunchConfig)
#include "tst_launch_config.moc"
