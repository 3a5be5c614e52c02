// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs of mixtures of experts: DeepSeek-V3 on 2,048 GPUs as its technical report trained it (PP 16,
// EP 64, ZeRO-1 data parallelism) for Megatron-LM, Mixtral-8x7B with EP 8 for torchtitan and DeepSpeed, and the
// refusals. The plans are built by hand (moe_plan_fixtures.h), so every expected flag follows from numbers
// written here. Megatron arguments are read back through bash, --moe-layer-freq through Megatron's own
// _eval_pattern rule and the pipeline layout through its unrolling (python3), torchtitan TOML through tomllib.
#include "export/launch_config.h"

#include "export/megatron_args_detail.h"
#include "launch_config_parse.h"
#include "moe_plan_fixtures.h"

#include <QtTest>

#include <functional>
#include <map>

using namespace shardscope;
using namespace shardscope::testing;
using Json = nlohmann::json;

namespace {

const ModelGraph& graphOf(const TransformerSpec& spec)
{
    static std::map<std::string, ModelGraph> graphs;
    auto it = graphs.find(spec.name);
    if (it == graphs.end())
        it = graphs.emplace(spec.name, buildModelGraph(spec)).first;
    return it->second;
}

ParallelConfig parallel(int tp, int pp, int dp, int ep, int etp, int zero)
{
    return { .tp = tp, .pp = pp, .dp = dp, .zeroStage = zero, .recompute = Recompute::None, .sequenceParallel = tp > 1,
             .schedule = Schedule::OneFOneB, .ep = ep, .etp = etp };
}

/// DeepSeek-V3 on 256 nodes of 8: PP 16, EP 64, DP 128, ZeRO-1; stage 0 holds the embedding and 3 blocks (the
/// dense ones), the last stage 2 blocks, the head and the MTP module, the others 4. 15,360 sequences of 4,096.
PlanDocument deepseekDocument(const std::vector<int>& blocksPerStage)
{
    return moeHandDocument(graphOf(deepseekV3()), 4096, 15360, parallel(1, 16, 128, 64, 1, 1), blocksPerStage, 8);
}

std::vector<int> deepseekStages()
{
    std::vector<int> stages(16, 4);
    stages.front() = 3;
    stages.back() = 2;
    return stages;
}

/// Mixtral-8x7B on 64 GPUs: TP 2 x PP 4 x DP 8, 8 blocks a stage, 256 sequences of 4,096.
PlanDocument mixtralDocument(const TransformerSpec& spec, int tp, int dp, int ep, int etp, int zero)
{
    return moeHandDocument(graphOf(spec), 4096, 256, parallel(tp, 4, dp, ep, etp, zero), { 8, 8, 8, 8 }, 8);
}

/// `d` (one chunk a stage) laid out again for the interleaved schedule: `vpp` chunks a stage, equal blocks a chunk,
/// chunk k on stage k mod PP (Megatron's model order).
PlanDocument interleaved(PlanDocument d, const ModelGraph& model, int vpp)
{
    PlanEstimate e = d.plans[0].estimate;
    const std::vector<TransformerBlock>& blocks = model.blocks();
    const int chunks = e.config.pp * vpp;
    const int perChunk = int(blocks.size()) / chunks;
    e.config.vpp = vpp;
    e.config.schedule = Schedule::Interleaved1F1B;
    e.chunkLayers.clear();
    for (StageEstimate& st : e.stages)
        st.layerRanges.clear();
    for (int k = 0, first = 0; k < chunks; ++k) {
        const int end = k + 1 == chunks ? model.layerCount() : blocks[std::size_t((k + 1) * perChunk - 1)].layers.back() + 1;
        e.chunkLayers.emplace_back(first, end);
        e.stages[std::size_t(k % e.config.pp)].layerRanges.emplace_back(first, end);
        first = end;
    }
    d.plans[0] = makeDocumentPlan(model, e, 1, 1.0);
    return d;
}

/// The plan with the MoE all-to-alls overlapped across micro-batches (ParallelConfig::epCommOverlap).
PlanDocument withEpOverlap(PlanDocument d)
{
    d.plans[0].estimate.config.epCommOverlap = true;
    return d;
}

/// --moe-layer-freq as Megatron reads it: arguments.py moe_freq_type -> _eval_pattern allows digits, commas,
/// brackets, parentheses, + and * and evaluates the Python list.
Json evalMoePattern(const QString& pattern)
{
    return runPythonJson(QStringLiteral("import re, sys, json\n"
                                        "p = sys.argv[1]\n"
                                        "assert not re.compile(r'[^,\\d\\[\\]\\(\\)\\+\\*]').search(p), p\n"
                                        "print(json.dumps(eval(p)))\n"),
                         {}, { pattern });
}

QString refusalOf(const PlanDocument& d, LaunchFormat format)
{
    return refusal([&] { writeLaunchConfig(d, 0, format, "moe.json"); });
}

} // namespace

class TestLaunchMoe : public QObject
{
    Q_OBJECT

private slots:
    void deepseekV3Megatron()
    {
        const PlanDocument d = deepseekDocument(deepseekStages());
        QCOMPARE(d.model.blockCount, 61); // the MTP module's block is not one of the model's
        QCOMPARE(refusalOf(d, LaunchFormat::Megatron), QString());
        const std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "ds.json");
        QStringList order;
        const std::map<QString, QString> flags = megatronFlags(text, &order);
        const std::map<QString, QString> expected {
            { "--tensor-model-parallel-size", "1" }, { "--pipeline-model-parallel-size", "16" },
            { "--expert-model-parallel-size", "64" }, { "--expert-tensor-parallel-size", "1" },
            { "--decoder-first-pipeline-num-layers", "3" }, { "--decoder-last-pipeline-num-layers", "2" },
            { "--micro-batch-size", "1" }, { "--global-batch-size", "15360" }, { "--use-distributed-optimizer", "" },
            { "--overlap-grad-reduce", "" }, { "--overlap-param-gather", "" }, { "--bf16", "" },
            { "--num-layers", "61" }, { "--hidden-size", "7168" }, { "--ffn-hidden-size", "18432" },
            { "--num-attention-heads", "128" }, { "--seq-length", "4096" }, { "--max-position-embeddings", "163840" },
            { "--position-embedding-type", "rope" }, { "--rotary-base", "10000" }, { "--normalization", "RMSNorm" },
            { "--swiglu", "" }, { "--disable-bias-linear", "" }, { "--untie-embeddings-and-output-weights", "" },
            { "--attention-dropout", "0" }, { "--hidden-dropout", "0" }, { "--multi-latent-attention", "" },
            { "--q-lora-rank", "1536" }, { "--kv-lora-rank", "512" }, { "--qk-head-dim", "128" },
            { "--qk-pos-emb-head-dim", "64" }, { "--v-head-dim", "128" }, { "--mtp-num-layers", "1" },
            { "--num-experts", "256" }, { "--moe-router-topk", "8" }, { "--moe-ffn-hidden-size", "2048" },
            { "--moe-layer-freq", "([0]*3+[1]*58)" }, { "--moe-shared-expert-intermediate-size", "2048" },
            { "--moe-router-enable-expert-bias", "" }, { "--moe-router-score-function", "sigmoid" },
            { "--moe-grouped-gemm", "" }, { "--moe-token-dispatcher-type", "alltoall" },
        };
        for (const auto& [flag, value] : expected) {
            QVERIFY2(flags.count(flag), qPrintable("missing " + flag));
            QCOMPARE(flags.at(flag), value);
        }
        for (const auto& [flag, value] : flags)
            QVERIFY2(expected.count(flag), qPrintable("unexpected " + flag + " " + value));
        // MLA sets the head dimensions itself: no GQA or kv-channels flags, which validate_args refuses with it.
        QVERIFY(!flags.count("--group-query-attention") && !flags.count("--kv-channels"));
        // Expert parallelism follows the parallel layout.
        QCOMPARE(order.indexOf("--expert-model-parallel-size"), order.indexOf("--pipeline-model-parallel-size") + 1);
        // The header names EP and the expert-DP it leaves: 128 GPUs a stage over EP 64.
        QVERIFY(text.find("TP 1 x PP 16 x DP 128, EP 64 (expert-DP 2), micro-batch 1 x 120 micro-batches, ZeRO-1")
                != std::string::npos);
        QVERIFY(text.find("256 nodes x 8 H100-SXM = 2048 GPUs") != std::string::npos);
        QVERIFY(text.find("# - Dropless routing (Megatron's default): the plan assumes the busiest expert gets 1.25 "
                          "times the mean tokens")
                != std::string::npos);
    }

    // --moe-layer-freq evaluates to one entry a block, 1 where the block is a mixture of experts; its length must
    // be the block count (gpt_layer_specs.py get_gpt_decoder_layer_specs).
    void moeLayerFreqEvaluatesAsMegatron()
    {
        const std::map<QString, QString> flags
            = megatronFlags(writeLaunchConfig(deepseekDocument(deepseekStages()), 0, LaunchFormat::Megatron, "ds.json"));
        const Json pattern = evalMoePattern(flags.at("--moe-layer-freq"));
        QCOMPARE(pattern.size(), std::size_t(61));
        for (std::size_t b = 0; b < 61; ++b)
            QCOMPARE(pattern[b].get<int>(), b < 3 ? 0 : 1);
        // A MoE block every 2nd block after 2 dense ones: runs of one.
        TransformerSpec t = deepseekV3();
        t.firstDenseLayers = 2;
        t.moeLayerFreq = 2;
        const std::string every2 = launch_detail::moeLayerPattern(t);
        QCOMPARE(every2.substr(0, 25), std::string("([0]*2+[1]*1+[0]*1+[1]*1+"));
        const Json evaluated = evalMoePattern(QString::fromStdString(every2));
        QCOMPARE(evaluated.size(), std::size_t(61));
        for (std::int64_t b = 0; b < 61; ++b)
            QCOMPARE(evaluated[std::size_t(b)].get<int>(), t.isMoeBlock(b) ? 1 : 0);
        // Without dense blocks first, Megatron's integer form (i % N == 0), and none for every block.
        t.firstDenseLayers = 0;
        QCOMPARE(launch_detail::moeLayerPattern(t), std::string("2"));
        t.moeLayerFreq = 1;
        QCOMPARE(launch_detail::moeLayerPattern(t), std::string());
    }

    // Blocks per stage that only a layout describes: the MTP module is "m" before the loss on the last stage.
    void deepseekV3LayoutWithMtp()
    {
        const std::vector<int> stages { 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3 };
        const std::map<QString, QString> flags
            = megatronFlags(writeLaunchConfig(deepseekDocument(stages), 0, LaunchFormat::Megatron, "ds.json"));
        const QString layout = flags.at("--pipeline-model-parallel-layout");
        QCOMPARE(layout, QStringLiteral("Et*4|t*4|t*3|(t*4|)*10t*4|t*3|t*3mL"));
        const Json unrolled = megatronLayoutStages(layout);
        QCOMPARE(unrolled.size(), std::size_t(16));
        QCOMPARE(unrolled[0].get<std::string>(), std::string("Etttt"));
        QCOMPARE(unrolled[15].get<std::string>(), std::string("tttmL"));
        QVERIFY(!flags.count("--decoder-first-pipeline-num-layers"));
    }

    void capacityFactor()
    {
        PlanDocument d = deepseekDocument(deepseekStages());
        d.training.moeCapacityFactor = 1.5;
        const std::string text = writeLaunchConfig(d, 0, LaunchFormat::Megatron, "ds.json");
        const std::map<QString, QString> flags = megatronFlags(text);
        QCOMPARE(flags.at("--moe-expert-capacity-factor"), QStringLiteral("1.5"));
        QCOMPARE(flags.at("--moe-pad-expert-input-to-capacity"), QString());
        QVERIFY(text.find("Token dropping with capacity factor 1.5") != std::string::npos);
    }

    void mixtralMegatron()
    {
        const std::map<QString, QString> flags = megatronFlags(
            writeLaunchConfig(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1), 0, LaunchFormat::Megatron, "m.json"));
        QCOMPARE(flags.at("--expert-model-parallel-size"), QStringLiteral("8"));
        QCOMPARE(flags.at("--expert-tensor-parallel-size"), QStringLiteral("2"));
        QCOMPARE(flags.at("--sequence-parallel"), QString());
        QCOMPARE(flags.at("--num-experts"), QStringLiteral("8"));
        QCOMPARE(flags.at("--moe-router-topk"), QStringLiteral("2"));
        QCOMPARE(flags.at("--moe-ffn-hidden-size"), QStringLiteral("14336")); // no expert size: the ffn
        QCOMPARE(flags.at("--group-query-attention"), QString());
        QCOMPARE(flags.at("--num-query-groups"), QStringLiteral("8"));
        for (const char* absent : { "--moe-layer-freq", "--moe-shared-expert-intermediate-size", "--multi-latent-attention",
                                    "--moe-router-enable-expert-bias", "--mtp-num-layers", "--moe-expert-capacity-factor" })
            QVERIFY2(!flags.count(absent), absent);
    }

    void mixtralTorchtitan()
    {
        // ETP = TP: EP 8 borrows 8 of the 8 FSDP shards.
        Json toml = tomlToJson(
            writeLaunchConfig(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1), 0, LaunchFormat::Torchtitan, "m.json"));
        const Json& p = toml["parallelism"];
        QCOMPARE(p["expert_parallel_degree"].get<int>(), 8);
        QCOMPARE(p["expert_tensor_parallel_degree"].get<int>(), 2);
        QCOMPARE(p["data_parallel_shard_degree"].get<int>(), 8);
        QCOMPARE(p["data_parallel_replicate_degree"].get<int>(), 1);
        QCOMPARE(p["tensor_parallel_degree"].get<int>(), 2);
        QCOMPARE(p["pipeline_parallel_degree"].get<int>(), 4);
        // ETP 1: EP spans TP and the shards (ep % (cp x tp) == 0, shard x cp x tp % ep == 0).
        toml = tomlToJson(
            writeLaunchConfig(mixtralDocument(mixtral8x7b(), 2, 8, 8, 1, 1), 0, LaunchFormat::Torchtitan, "m.json"));
        QCOMPARE(toml["parallelism"]["expert_parallel_degree"].get<int>(), 8);
        QCOMPARE(toml["parallelism"]["expert_tensor_parallel_degree"].get<int>(), 1);
        // EP 1 writes no expert keys.
        const std::string text
            = writeLaunchConfig(mixtralDocument(mixtral8x7b(), 2, 8, 1, 2, 1), 0, LaunchFormat::Torchtitan, "m.json");
        QVERIFY(text.find("expert_") == std::string::npos);
    }

    void deepSpeedKeepsEpInTheModelCode()
    {
        const Json j = Json::parse(
            writeLaunchConfig(mixtralDocument(mixtral8x7b(), 2, 8, 8, 1, 1), 0, LaunchFormat::DeepSpeed, "m.json"));
        QCOMPARE(j["train_batch_size"].get<int>(), 256);
        QVERIFY(j.dump().find("expert") == std::string::npos && j.dump().find("ep_size") == std::string::npos);
    }

    // The overlap is one flag beside the expert degrees, the same plan's flags otherwise; --delay-wgrad-compute,
    // which the plan's time does not assume, is only named in a note. With PP > 1 it needs virtual stages.
    void epCommOverlapMegatron()
    {
        const std::function<PlanDocument()> plans[] = {
            [] { return interleaved(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1), graphOf(mixtral8x7b()), 2); },
            [] { return moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, parallel(1, 1, 64, 8, 1, 1), { 32 }, 8); },
        };
        for (const auto& plan : plans) {
            const PlanDocument off = plan();
            QCOMPARE(refusalOf(withEpOverlap(off), LaunchFormat::Megatron), QString());
            const std::string text = writeLaunchConfig(withEpOverlap(off), 0, LaunchFormat::Megatron, "m.json");
            QStringList order;
            std::map<QString, QString> flags = megatronFlags(text, &order);
            QCOMPARE(order.indexOf("--overlap-moe-expert-parallel-comm"), order.indexOf("--expert-tensor-parallel-size") + 1);
            QCOMPARE(flags.at("--overlap-moe-expert-parallel-comm"), QString());
            QCOMPARE(flags.at("--moe-token-dispatcher-type"), QStringLiteral("alltoall")); // alltoall or flex, as required
            QVERIFY(!flags.count("--delay-wgrad-compute"));
            flags.erase("--overlap-moe-expert-parallel-comm");
            const std::string plain = writeLaunchConfig(off, 0, LaunchFormat::Megatron, "m.json");
            QVERIFY(flags == megatronFlags(plain));
            QVERIFY(plain.find("overlap-moe-expert-parallel-comm") == std::string::npos
                    && plain.find("delay-wgrad-compute") == std::string::npos);
            QVERIFY(text.find("# - MoE all-to-alls overlapped with another micro-batch's computation "
                              "(--overlap-moe-expert-parallel-comm): Megatron's combined 1F1B schedule runs one "
                              "micro-batch's forward beside another's backward layer by layer.")
                    != std::string::npos);
            QVERIFY(text.find("Megatron pairs it with --delay-wgrad-compute (Transformer Engine; weight gradients "
                              "deferred to hide the backward's all-to-alls too), which the plan's time does not assume, "
                              "so it is not written.")
                    != std::string::npos);
        }
        const std::map<QString, QString> flags = megatronFlags(writeLaunchConfig(
            withEpOverlap(interleaved(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1), graphOf(mixtral8x7b()), 2)), 0,
            LaunchFormat::Megatron, "m.json"));
        QCOMPARE(flags.at("--num-virtual-stages-per-pipeline-rank"), QStringLiteral("2"));
        QVERIFY(!flags.count("--recompute-granularity"));
        QCOMPARE(flags.at("--bf16"), QString());
    }

    void refusals_data()
    {
        QTest::addColumn<int>("mutation");
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("expected");
        const int megatron = int(LaunchFormat::Megatron), deepspeed = int(LaunchFormat::DeepSpeed),
                  titan = int(LaunchFormat::Torchtitan);
        QTest::newRow("dense with EP") << 0 << megatron
            << "$.plans[0].config.ep: the plan has EP 2 and ETP 1, but the model \"Llama-3-8B\" has no experts; expert "
               "parallelism applies to mixtures of experts only";
        QTest::newRow("EP above the experts") << 1 << titan
            << "$.plans[0].config.ep: EP 16 does not divide the model's 8 experts per layer; every EP rank holds the "
               "same number of experts";
        QTest::newRow("ETP with biases") << 2 << megatron
            << "$.plans[0].config.etp: Megatron-LM supports biases in MoE layers only with expert tensor parallelism 1 "
               "(\"Bias in Moe is only supported when ETP==1\"), and this model's linear layers have biases; choose a "
               "plan with ETP 1";
        QTest::newRow("torchtitan ETP neither TP nor 1") << 3 << titan
            << "$.plans[0].config.etp: torchtitan's expert tensor parallelism is TP or 1 (\"Currently we only support "
               "ETP=TP or ETP=1\"); the plan has ETP 2 with TP 4; choose a plan with ETP 1 or ETP = TP, or export for "
               "megatron";
        QTest::newRow("torchtitan EP beyond the shards") << 4 << titan
            << "$.plans[0].config.ep: torchtitan lays EP over all of CP and part of data_parallel_shard_degree, so EP "
               "must be a multiple of 1 dividing 4 (shard degree 4 x CP); the plan has EP 8; export for megatron";
        QTest::newRow("DeepSpeed ZeRO-3") << 5 << deepspeed
            << "$.plans[0].config.zero_stage: DeepSpeed does not train mixtures of experts with ZeRO-3 (\"MoE not "
               "supported with Stage 3\"); choose a plan with ZeRO-0, 1 or 2, or export for megatron or torchtitan";
        QTest::newRow("DeepSpeed EP over TP") << 6 << deepspeed
            << "$.plans[0].config.ep: DeepSpeed MoE forms its expert-parallel groups from the data-parallel ranks, so "
               "EP must divide DP 4; the plan has EP 8 (over TP or CP too); export for megatron";
        QTest::newRow("EP x ETP beyond a stage") << 7 << deepspeed
            << "$.plans[0].config.ep: EP 8 x ETP 4 does not divide a stage's TP x CP x DP = 16 GPUs, over which the "
               "experts are laid out";
        // The MoE all-to-all overlap: Megatron's requirements (TransformerConfig.__post_init__), and the frameworks
        // without it.
        QTest::newRow("overlap with EP 1") << 8 << megatron
            << "$.plans[0].config.ep_comm_overlap: Megatron-LM overlaps the MoE all-to-alls only with expert parallelism "
               "(\"overlap_moe_expert_parallel_comm is only supported with expert model parallelism\"), and the plan has "
               "EP 1; choose a plan with ep_comm_overlap off";
        QTest::newRow("overlap with full recomputation") << 9 << megatron
            << "$.plans[0].config.ep_comm_overlap: Megatron-LM refuses the MoE all-to-all overlap with full "
               "recomputation (\"disable full recomputation when enabling overlap_moe_expert_parallel_comm\"); choose a "
               "plan with ep_comm_overlap off or with selective or no recomputation";
        QTest::newRow("overlap with PP and one chunk") << 10 << megatron
            << "$.plans[0].config.ep_comm_overlap: Megatron-LM overlaps the MoE all-to-alls with PP > 1 only in the "
               "interleaved schedule (\"If enabling EP A2A overlap, virtual_pipeline_model_parallel_size must be "
               "specified when pipeline_model_parallel_size > 1\"), and the plan has PP 4 with one model chunk per "
               "rank; choose a plan with ep_comm_overlap off or with virtual stages";
        QTest::newRow("overlap in fp32") << 11 << megatron
            << "$.plans[0].config.ep_comm_overlap: Megatron-LM overlaps the MoE all-to-alls only in a bf16 or fp16 model "
               "(\"overlap_moe_expert_parallel_comm is only supported with bf16 or fp16 model\"), and the plan trains "
               "in fp32; choose a plan with ep_comm_overlap off";
        QTest::newRow("overlap with 2 MTP modules") << 12 << megatron
            << "$.plans[0].config.ep_comm_overlap: Megatron-LM overlaps the MoE all-to-alls with at most one "
               "multi-token prediction module (\"MTP supports at most one layer when enabling "
               "overlap_moe_expert_parallel_comm\"), and the model has 2; choose a plan with ep_comm_overlap off";
        QTest::newRow("overlap in a dense model") << 13 << megatron
            << "$.plans[0].config.ep_comm_overlap: the plan overlaps MoE all-to-alls, but the model \"Llama-3-8B\" has "
               "no experts; choose a plan with ep_comm_overlap off";
        QTest::newRow("torchtitan overlap") << 14 << titan
            << "$.plans[0].config.ep_comm_overlap: torchtitan v0.2.0 cannot overlap the MoE all-to-alls of one "
               "micro-batch with another's computation, which this plan's step time assumes (Megatron's "
               "--overlap-moe-expert-parallel-comm); torchtitan v0.2.1 added it for the DualPipeV schedule only, which "
               "ShardScope does not plan; choose a plan with ep_comm_overlap off, or export for megatron";
        QTest::newRow("DeepSpeed overlap") << 15 << deepspeed
            << "$.plans[0].config.ep_comm_overlap: DeepSpeed MoE runs its all-to-alls in line with each micro-batch "
               "(deepspeed/moe/sharded_moe.py), and this plan's step time assumes them overlapped with another "
               "micro-batch's computation (Megatron's --overlap-moe-expert-parallel-comm); choose a plan with "
               "ep_comm_overlap off, or export for megatron";
    }

    void refusals()
    {
        QFETCH(int, mutation);
        QFETCH(int, format);
        QFETCH(QString, expected);
        TransformerSpec biased = mixtral8x7b();
        biased.name = "Mixtral with biases";
        biased.attnOutBias = biased.mlpBias = true;
        const std::function<PlanDocument()> documents[] = {
            [] { return moeHandDocument(graphOf(llama3_8b()), 4096, 256, parallel(2, 4, 8, 2, 1, 1), { 8, 8, 8, 8 }, 8); },
            [] { return mixtralDocument(mixtral8x7b(), 1, 16, 16, 1, 1); },
            [biased] { return mixtralDocument(biased, 2, 8, 8, 2, 1); },
            [] { return mixtralDocument(mixtral8x7b(), 4, 4, 8, 2, 1); },
            [] {
                PlanDocument d = mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1);
                d.plans[0].estimate.config.dpReplicate = 2; // 4 FSDP shards a replica
                return d;
            },
            [] { // PP 1: DeepSpeed refuses ZeRO-3 with PP first
                return moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, parallel(1, 1, 64, 8, 1, 3), { 32 }, 8);
            },
            [] { return mixtralDocument(mixtral8x7b(), 4, 4, 8, 1, 1); },
            [] { return mixtralDocument(mixtral8x7b(), 4, 4, 8, 4, 1); },
            [] { return withEpOverlap(moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, parallel(1, 1, 64, 1, 1, 1), { 32 }, 8)); },
            [] {
                PlanDocument d = withEpOverlap(moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, parallel(1, 1, 64, 8, 1, 1), { 32 }, 8));
                d.plans[0].estimate.config.recompute = Recompute::Full;
                return d;
            },
            [] { return withEpOverlap(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1)); },
            [] {
                PlanDocument d = withEpOverlap(moeHandDocument(graphOf(mixtral8x7b()), 4096, 256, parallel(1, 1, 64, 8, 1, 1), { 32 }, 8));
                d.training.precision = Precision::Fp32;
                return d;
            },
            [] {
                TransformerSpec mtp2 = deepseekV3();
                mtp2.name = "DeepSeek-V3 with 2 MTP modules";
                mtp2.mtpLayers = 2;
                return withEpOverlap(moeHandDocument(graphOf(mtp2), 4096, 1024, parallel(1, 1, 64, 64, 1, 1), { 61 }, 8));
            },
            [] { return withEpOverlap(moeHandDocument(graphOf(llama3_8b()), 4096, 256, parallel(2, 4, 8, 1, 1, 1), { 8, 8, 8, 8 }, 8)); },
            [] { return withEpOverlap(interleaved(mixtralDocument(mixtral8x7b(), 2, 8, 8, 2, 1), graphOf(mixtral8x7b()), 2)); },
            [] { return withEpOverlap(mixtralDocument(mixtral8x7b(), 2, 8, 8, 1, 1)); },
        };
        QCOMPARE(refusalOf(documents[mutation](), LaunchFormat(format)), expected);
    }
};

QTEST_GUILESS_MAIN(TestLaunchMoe)
#include "tst_launch_moe.moc"
