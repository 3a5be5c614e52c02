// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs for context parallelism, hybrid sharding, FSDP with pipelines and uneven interleaved
// layouts (tst_launch_config.cpp has the rest). The plans are built by hand (stages, chunk layout, batch),
// so every expected flag follows from numbers written here, independently of the cost model. Outputs are
// parsed back: Megatron arguments through bash, its pipeline layout through Megatron's own unrolling rules,
// torchtitan TOML through python3's tomllib (skipped where missing), DeepSpeed JSON through nlohmann.
#include "export/launch_config.h"

#include "export/plan_json.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "launch_config_parse.h"
#include "launch_plan_fixtures.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>

using namespace shardscope;
using namespace shardscope::testing;
using Json = nlohmann::json;

namespace {

ParallelConfig parallel(int tp, int cp, int pp, int dp, int vpp, int zero)
{
    return { .tp = tp, .pp = pp, .dp = dp, .vpp = vpp, .zeroStage = zero, .recompute = Recompute::Selective,
             .sequenceParallel = tp > 1, .schedule = vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB,
             .ppCommOverlap = vpp > 1, .cp = cp };
}


const ModelGraph& bundled(const char* name)
{
    static std::map<std::string, ModelGraph> models;
    auto it = models.find(name);
    if (it == models.end()) {
        std::optional<ModelGraph> m = findBundledModel(name);
        if (!m)
            throw std::runtime_error(std::string("no bundled model ") + name);
        it = models.emplace(name, std::move(*m)).first;
    }
    return it->second;
}

/// Llama 3.1 405B's 126 blocks over PP 16 x VPP 8 = 128 chunks, one block each, the first chunk holding the
/// embedding alone and the last the output head alone: 7 blocks on the first and last stage, 8 on the others.
std::vector<int> llama405bEndsAlone()
{
    std::vector<int> chunks(128, 1);
    chunks.front() = 0;
    chunks.back() = 0;
    return chunks;
}

/// The same stage totals with the empty chunk of stage 0 last (chunk 112) and of stage 15 first (chunk 15).
std::vector<int> llama405bEmptyMiddleChunks()
{
    std::vector<int> chunks(128, 1);
    chunks[15] = 0;
    chunks[112] = 0;
    return chunks;
}

int stageBlocks(const std::vector<int>& chunks, int pp, int stage)
{
    int n = 0;
    for (std::size_t j = std::size_t(stage); j < chunks.size(); j += std::size_t(pp))
        n += chunks[j];
    return n;
}

std::string launch(const PlanDocument& d, LaunchFormat f) { return writeLaunchConfig(d, 0, f, "plan.json"); }

} // namespace

class TestLaunchParallel : public QObject
{
    Q_OBJECT

private slots:
    void handDocumentsAreConsistent()
    {
        const ModelGraph& m = bundled("llama-3.1-405b");
        QCOMPARE(int(m.blocks().size()), 126);
        const std::vector<int> chunks = llama405bEndsAlone();
        QCOMPARE(stageBlocks(chunks, 16, 0), 7);
        QCOMPARE(stageBlocks(chunks, 16, 15), 7);
        for (int s = 1; s < 15; ++s)
            QCOMPARE(stageBlocks(chunks, 16, s), 8);
        const std::vector<int> moved = llama405bEmptyMiddleChunks();
        for (int s = 0; s < 16; ++s)
            QCOMPARE(stageBlocks(moved, 16, s), stageBlocks(chunks, 16, s));
        const PlanDocument d = chunkDocument(m, 8192, 1024, parallel(8, 1, 16, 8, 8, 1), chunks);
        const PlanEstimate& e = d.plans[0].estimate;
        QCOMPARE(e.chunkLayers.front(), std::make_pair(0, 1)); // the embedding alone
        QCOMPARE(e.chunkLayers.back().second, m.layerCount());
        QCOMPARE(e.numMicroBatches, 128);
        QCOMPARE(d.plans[0].sharding.layerPartitions.size(), std::size_t(m.layerCount()));
    }

    // (a) Llama-3.1-405B, TP 8 x PP 16, VPP 8, 7 blocks on the first and last stage: Megatron's
    // --account-for-embedding/loss-in-pipeline-split, torchtitan's module names per chunk.
    void llama405bUnevenInterleaved()
    {
        const std::vector<int> chunks = llama405bEndsAlone();
        const PlanDocument d = chunkDocument(bundled("llama-3.1-405b"), 8192, 1024, parallel(8, 1, 16, 8, 8, 1), chunks);
        const std::string text = launch(d, LaunchFormat::Megatron);
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--tensor-model-parallel-size")), num(8));
        QCOMPARE(a.at(QStringLiteral("--pipeline-model-parallel-size")), num(16));
        QCOMPARE(a.at(QStringLiteral("--num-virtual-stages-per-pipeline-rank")), num(8));
        QCOMPARE(a.at(QStringLiteral("--num-layers")), num(126));
        QCOMPARE(a.at(QStringLiteral("--account-for-embedding-in-pipeline-split")), QString());
        QCOMPARE(a.at(QStringLiteral("--account-for-loss-in-pipeline-split")), QString());
        // Megatron refuses these with the account-for flags (TransformerConfig.__post_init__), and the first
        // stage's 7 blocks do not divide over 8 virtual stages anyway.
        QVERIFY(!a.count(QStringLiteral("--decoder-first-pipeline-num-layers")));
        QVERIFY(!a.count(QStringLiteral("--decoder-last-pipeline-num-layers")));
        QVERIFY(!a.count(QStringLiteral("--pipeline-model-parallel-layout")));
        QVERIFY(!a.count(QStringLiteral("--context-parallel-size")));
        // Megatron's rule (transformer_block.py get_num_layers_to_build): (126 + 1 + 1) / (16 x 8) = 1 layer a
        // virtual stage, one fewer where the embedding and where the loss sit; that is the plan's layout.
        const int perChunk = (126 + 1 + 1) / (16 * 8);
        QCOMPARE(perChunk * 16 * 8, 128);
        for (std::size_t j = 0; j < chunks.size(); ++j)
            QCOMPARE(chunks[j], perChunk - (j == 0 ? 1 : 0) - (j + 1 == chunks.size() ? 1 : 0));
        QVERIFY2(text.find("stage 0 7 blocks, the last stage 7, the others 8 each") != std::string::npos, text.c_str());

        const std::string toml = launch(d, LaunchFormat::Torchtitan);
        QVERIFY(toml.find("split_points") == std::string::npos);
        const Json tt = tomlToJson(toml);
        const Json& par = tt.at("parallelism");
        QCOMPARE(par.at("pipeline_parallel_degree").get<int>(), 16);
        const Json& parts = par.at("module_fqns_per_model_part");
        QCOMPARE(int(parts.size()), 128);
        QCOMPARE(parts[0].get<std::vector<std::string>>(), std::vector<std::string> { "tok_embeddings" });
        for (int j = 1; j < 127; ++j)
            QCOMPARE(parts[std::size_t(j)].get<std::vector<std::string>>(),
                     std::vector<std::string> { "layers." + std::to_string(j - 1) });
        QCOMPARE(parts[127].get<std::vector<std::string>>(), (std::vector<std::string> { "norm", "output" }));
        QCOMPARE(tt.at("training").at("local_batch_size").get<int>(), 128);
    }

    // The same stage totals with the empty chunks in the middle of the first and last stage: neither the
    // account-for flags nor first/last counts describe it, only --pipeline-model-parallel-layout.
    void unevenChunksNeedALayout()
    {
        const std::vector<int> chunks = llama405bEmptyMiddleChunks();
        const PlanDocument d = chunkDocument(bundled("llama-3.1-405b"), 8192, 1024, parallel(8, 1, 16, 8, 8, 1), chunks);
        const std::map<QString, QString> a = megatronFlags(launch(d, LaunchFormat::Megatron));
        // Chunk 0 "Et", chunks 1-14 "t", 15 empty, 16-111 "t", 112 empty, 113-126 "t", 127 "tL".
        const QString layout = a.at(QStringLiteral("--pipeline-model-parallel-layout"));
        QCOMPARE(layout, QStringLiteral("Et|(t|)*13t||(t|)*95t||(t|)*13t|tL"));
        QVERIFY(!a.count(QStringLiteral("--num-virtual-stages-per-pipeline-rank"))); // the layout sets VPP
        QVERIFY(!a.count(QStringLiteral("--account-for-embedding-in-pipeline-split")));
        QVERIFY(!a.count(QStringLiteral("--decoder-first-pipeline-num-layers")));
        // Unrolled as Megatron unrolls it: 128 virtual stages, each with the plan's blocks, E first, L last.
        const Json stages = megatronLayoutStages(layout);
        QCOMPARE(int(stages.size()), 128);
        for (std::size_t j = 0; j < stages.size(); ++j) {
            const std::string s = stages[j].get<std::string>();
            QCOMPARE(int(std::count(s.begin(), s.end(), 't')), chunks[j]);
            QCOMPARE(s.find('E') != std::string::npos, j == 0);
            QCOMPARE(s.find('L') != std::string::npos, j == 127);
        }

        // The chunk layout survives a plan file (empty chunks included) and exports the same.
        const PlanDocument read = readPlanJson(writePlanJson(d), "plan.json");
        QCOMPARE(read.plans[0].estimate.chunkLayers, d.plans[0].estimate.chunkLayers);
        QCOMPARE(launch(read, LaunchFormat::Megatron), launch(d, LaunchFormat::Megatron));

        const Json tt = tomlToJson(launch(d, LaunchFormat::Torchtitan));
        const Json& parts = tt.at("parallelism").at("module_fqns_per_model_part");
        QCOMPARE(int(parts.size()), 128);
        QCOMPARE(parts[0].get<std::vector<std::string>>(), (std::vector<std::string> { "tok_embeddings", "layers.0" }));
        QVERIFY(parts[15].empty());
        QVERIFY(parts[112].empty());
        QCOMPARE(parts[14].get<std::vector<std::string>>(), std::vector<std::string> { "layers.14" });
        QCOMPARE(parts[16].get<std::vector<std::string>>(), std::vector<std::string> { "layers.15" }); // after the empty chunk 15
        QCOMPARE(parts[127].get<std::vector<std::string>>(), (std::vector<std::string> { "layers.125", "norm", "output" }));
    }

    // Files written before chunk_layers give each layer's (stage, chunk) only; without empty chunks that is
    // the same layout, so the same flags.
    void chunkLayoutOfOlderFiles()
    {
        PlanDocument d = chunkDocument(bundled("llama-3.1-405b"), 8192, 1024, parallel(8, 1, 16, 8, 8, 1), llama405bEndsAlone());
        const std::string withLayout = launch(d, LaunchFormat::Megatron);
        d.plans[0].estimate.chunkLayers.clear();
        QCOMPARE(launch(d, LaunchFormat::Megatron), withLayout);
        QCOMPARE(launch(d, LaunchFormat::Torchtitan),
                 launch(chunkDocument(bundled("llama-3.1-405b"), 8192, 1024, parallel(8, 1, 16, 8, 8, 1), llama405bEndsAlone()),
                        LaunchFormat::Torchtitan));
    }

    // A chunk layout that contradicts the stages of the layers, or has the wrong number of chunks, is refused.
    void inconsistentChunkLayoutIsRefused()
    {
        const PlanDocument good
            = chunkDocument(bundled("llama-3-8b"), 4096, 64, parallel(2, 1, 4, 2, 2, 1), { 4, 4, 4, 4, 4, 4, 4, 4 });
        PlanDocument d = good;
        std::vector<std::pair<int, int>>& chunks = d.plans[0].estimate.chunkLayers;
        chunks[0].second += 1; // takes the first layer of chunk 1, which runs on stage 1
        chunks[1].first += 1;
        QString message = refusal([&] { launch(d, LaunchFormat::Megatron); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].sharding_plan.layer_partitions[")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("is placed on stage 1, but chunk_layers puts it in chunk 0 with layer "
                                                 "\"model.embed_tokens\" of stage 0; a chunk runs on one stage")),
                 qPrintable(message));
        d = good;
        d.plans[0].estimate.chunkLayers.pop_back();
        message = refusal([&] { launch(d, LaunchFormat::Torchtitan); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].chunk_layers: the plan lists 7 pipeline chunks, but PP 4 x "
                                                   "VPP 2 needs 8")),
                 qPrintable(message));
    }

    // (b) Context parallelism 16 as a ring, as Llama 3 trained at long context: TP 8 x CP 16 x PP 16 x DP 8.
    void contextParallelRing()
    {
        // 126 blocks over 16 stages: 7 on the first and last, 8 on the others.
        std::vector<int> chunks(16, 8);
        chunks.front() = chunks.back() = 7;
        const PlanDocument d = chunkDocument(bundled("llama-3.1-405b"), 131072, 64, parallel(8, 16, 16, 8, 1, 1), chunks);
        QCOMPARE(d.plans[0].estimate.config.worldSize(), 16384);
        const std::string text = launch(d, LaunchFormat::Megatron);
        const std::map<QString, QString> a = megatronFlags(text);
        QCOMPARE(a.at(QStringLiteral("--context-parallel-size")), num(16));
        QCOMPARE(a.at(QStringLiteral("--cp-comm-type")), QStringLiteral("p2p"));
        QCOMPARE(a.at(QStringLiteral("--tensor-model-parallel-size")), num(8));
        QCOMPARE(a.at(QStringLiteral("--pipeline-model-parallel-size")), num(16));
        QCOMPARE(a.at(QStringLiteral("--decoder-first-pipeline-num-layers")), num(7));
        QCOMPARE(a.at(QStringLiteral("--decoder-last-pipeline-num-layers")), num(7));
        QCOMPARE(a.at(QStringLiteral("--seq-length")), num(131072));
        QVERIFY(a.count(QStringLiteral("--use-distributed-optimizer")));
        // DP = 16384 / (8 x 16 x 16) = 8 is Megatron's derivation, not a flag.
        QVERIFY2(text.find("DP 8 is not a flag: Megatron derives it as world size / (TP x PP x CP) = 16384 / 2048.")
                     != std::string::npos, text.c_str());
        QVERIFY2(text.find("Plan rank 1 of 1: TP 8 x CP 16 x PP 16 x DP 8, CP ring (p2p),") != std::string::npos, text.c_str());

        // Megatron splits the sequence into 2 x CP chunks: 131072 / 32 is whole, 131080 is not.
        PlanDocument odd = d;
        odd.training.seqLength = 131080;
        QCOMPARE(refusal([&] { launch(odd, LaunchFormat::Megatron); }),
                 QStringLiteral("$.inputs.training.seq_length: Megatron-LM requires the sequence length to be a multiple of 2 x "
                                "context-parallel size = 32; the plan trains on 131080 tokens"));

        // DeepSpeed has Ulysses only.
        QVERIFY(refusal([&] { launch(d, LaunchFormat::DeepSpeed); })
                    .startsWith(QStringLiteral("$.plans[0].config.cp_comm_type: DeepSpeed's context parallelism is Ulysses")));

        // torchtitan: ring attention whose K/V shards go to the next rank ("alltoall" rotation).
        const Json tt = tomlToJson(launch(d, LaunchFormat::Torchtitan));
        const Json& par = tt.at("parallelism");
        QCOMPARE(par.at("context_parallel_degree").get<int>(), 16);
        QCOMPARE(par.at("context_parallel_rotate_method").get<std::string>(), std::string("alltoall"));
        QCOMPARE(par.at("tensor_parallel_degree").get<int>(), 8);
        QCOMPARE(par.at("pipeline_parallel_degree").get<int>(), 16);
        // torchtitan's ParallelDims: replicate x shard x CP x TP x PP = world.
        QCOMPARE(par.at("data_parallel_replicate_degree").get<int>() * par.at("data_parallel_shard_degree").get<int>() * 16
                     * 8 * 16,
                 16384);
        QCOMPARE(par.at("data_parallel_shard_degree").get<int>(), 8);
    }

    // Ulysses (a2a): Megatron's --cp-comm-type a2a, DeepSpeed's sequence_parallel_size; torchtitan has none.
    void contextParallelAllToAll()
    {
        const ModelGraph& m = bundled("llama-3-8b");
        auto ulysses = [](int tp, int cp, int dp) {
            ParallelConfig c = parallel(tp, cp, 1, dp, 1, 1);
            c.cpCommType = CpCommType::AllToAll;
            return c;
        };
        const PlanDocument d = chunkDocument(m, 32768, 16, ulysses(1, 4, 2), { 32 });
        const std::map<QString, QString> a = megatronFlags(launch(d, LaunchFormat::Megatron));
        QCOMPARE(a.at(QStringLiteral("--context-parallel-size")), num(4));
        QCOMPARE(a.at(QStringLiteral("--cp-comm-type")), QStringLiteral("a2a"));
        const Json ds = Json::parse(launch(d, LaunchFormat::DeepSpeed));
        QCOMPARE(ds.at("sequence_parallel_size").get<int>(), 4);
        QCOMPARE(ds.at("data_parallel_size").get<int>(), 2); // with it deepspeed.initialize builds the (dp, sp) mesh
        QCOMPARE(ds.at("train_batch_size").get<int>(), 16);  // 1 x 8 micro-batches x DP 2
        QCOMPARE(ds.at("gradient_accumulation_steps").get<int>(), 8);
        QVERIFY(refusal([&] { launch(d, LaunchFormat::Torchtitan); })
                    .startsWith(QStringLiteral("$.plans[0].config.cp_comm_type: torchtitan's context parallelism is ring "
                                               "attention")));

        // With TP the model code's process groups bring DP, so no data_parallel_size.
        const PlanDocument tp = chunkDocument(m, 32768, 16, ulysses(2, 4, 2), { 32 });
        const Json dsTp = Json::parse(launch(tp, LaunchFormat::DeepSpeed));
        QCOMPARE(dsTp.at("sequence_parallel_size").get<int>(), 4);
        QVERIFY(!dsTp.contains("data_parallel_size"));
        // Ulysses scatters heads: Llama-3-8B's 32 heads over TP 4 leave 8 per rank, which CP 16 cannot split.
        const PlanDocument heads = chunkDocument(m, 32768, 16, ulysses(4, 16, 1), { 32 });
        QCOMPARE(refusal([&] { launch(heads, LaunchFormat::DeepSpeed); }),
                 QStringLiteral("$.plans[0].config.cp: DeepSpeed Ulysses scatters attention heads over the sequence-parallel "
                                "group (\"Attention head count ... is not divisible by SP size\"): 8 heads per TP rank do "
                                "not divide by CP 16"));
    }

    // (c) ZeRO-3 with pipeline parallelism and two replicas of each shard group (HSDP), parameters kept from
    // forward to backward: torchtitan FSDP + PP; Megatron-FSDP only where it can free them after forward.
    void zero3PipelineHybridSharding()
    {
        ParallelConfig c = parallel(8, 1, 4, 8, 1, 3);
        c.dpReplicate = 2;
        c.reshardAfterForward = false;
        QCOMPARE(c.zeroShardSize(), 4);
        const ModelGraph& m = bundled("llama-3-70b");
        const PlanDocument d = chunkDocument(m, 8192, 512, c, { 20, 20, 20, 20 });
        const std::string toml = launch(d, LaunchFormat::Torchtitan);
        QVERIFY2(toml.find("# - Hybrid sharding (HSDP): 2 replicas, each sharding over 4 ranks.") != std::string::npos,
                 toml.c_str());
        const Json tt = tomlToJson(toml);
        const Json& par = tt.at("parallelism");
        QCOMPARE(par.at("data_parallel_replicate_degree").get<int>(), 2);
        QCOMPARE(par.at("data_parallel_shard_degree").get<int>(), 4);
        QCOMPARE(par.at("fsdp_reshard_after_forward").get<std::string>(), std::string("never"));
        QCOMPARE(par.at("pipeline_parallel_degree").get<int>(), 4);
        QCOMPARE(par.at("tensor_parallel_degree").get<int>(), 8);
        QVERIFY(!par.contains("context_parallel_degree"));
        const Json& parts = par.at("module_fqns_per_model_part");
        QCOMPARE(int(parts.size()), 4);
        QCOMPARE(parts[1].front().get<std::string>(), std::string("layers.20"));
        QCOMPARE(parts[1].back().get<std::string>(), std::string("layers.39"));
        QCOMPARE(parts[3].back().get<std::string>(), std::string("output"));
        // 2 x 4 x 8 x 4 = 256 GPUs.
        QCOMPARE(2 * 4 * 8 * 4, c.worldSize());
        QVERIFY(refusal([&] { launch(d, LaunchFormat::Megatron); })
                    .startsWith(QStringLiteral("$.plans[0].config.reshard_after_forward: Megatron-LM cannot keep ZeRO-3 "
                                               "parameters gathered")));
        QVERIFY(refusal([&] { launch(d, LaunchFormat::DeepSpeed); })
                    .startsWith(QStringLiteral("$.plans[0].config.zero_stage: ZeRO-2 and ZeRO-3 are incompatible with pipeline "
                                               "parallelism")));

        // Resharding after forward: torchtitan "always"; Megatron-FSDP with two distributed-optimizer instances.
        c.reshardAfterForward = true;
        const PlanDocument freed = chunkDocument(m, 8192, 512, c, { 20, 20, 20, 20 });
        QVERIFY(launch(freed, LaunchFormat::Torchtitan).find("fsdp_reshard_after_forward = \"always\"") != std::string::npos);
        const std::map<QString, QString> a = megatronFlags(launch(freed, LaunchFormat::Megatron));
        QCOMPARE(a.at(QStringLiteral("--use-megatron-fsdp")), QString());
        QCOMPARE(a.at(QStringLiteral("--data-parallel-sharding-strategy")), QStringLiteral("optim_grads_params"));
        QCOMPARE(a.at(QStringLiteral("--ckpt-format")), QStringLiteral("fsdp_dtensor"));
        QCOMPARE(a.at(QStringLiteral("--num-distributed-optimizer-instances")), num(2));
        QVERIFY(a.count(QStringLiteral("--use-distributed-optimizer")));
        QVERIFY(a.count(QStringLiteral("--overlap-param-gather")));

        // ZeRO-1 with two replicas: Megatron's distributed optimizer in two instances.
        ParallelConfig z1 = parallel(8, 1, 4, 8, 1, 1);
        z1.dpReplicate = 2;
        const std::map<QString, QString> b = megatronFlags(launch(chunkDocument(m, 8192, 512, z1, { 20, 20, 20, 20 }),
                                                                  LaunchFormat::Megatron));
        QCOMPARE(b.at(QStringLiteral("--num-distributed-optimizer-instances")), num(2));
        QVERIFY(!b.count(QStringLiteral("--use-megatron-fsdp")));
    }

    // torchtitan replicates across DP only and shards over the rest of DP x CP: replicas that divide DP x CP but
    // not DP have no torchtitan form; Megatron's instances divide DP x CP and take them.
    void hybridShardingAcrossContextRanks()
    {
        ParallelConfig c = parallel(1, 4, 1, 2, 1, 1);
        c.dpReplicate = 4; // divides DP x CP = 8 (shard groups of 2), not DP 2
        const PlanDocument d = chunkDocument(bundled("llama-3-8b"), 8192, 64, c, { 32 });
        QVERIFY(refusal([&] { launch(d, LaunchFormat::Torchtitan); })
                    .startsWith(QStringLiteral("$.plans[0].config.dp_replicate: torchtitan replicates across "
                                               "data_parallel_replicate_degree")));
        QCOMPARE(megatronFlags(launch(d, LaunchFormat::Megatron)).at(QStringLiteral("--num-distributed-optimizer-instances")),
                 num(4));
    }

    // (d) What DeepSpeed cannot run, each refused with the reason; ZeRO-3 replicas as MiCS.
    void deepspeedRefusals_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("replicate");
        QTest::addColumn<bool>("reshard");
        QTest::addColumn<bool>("ring");
        QTest::addColumn<QString>("message");
        // runtime/pipe/engine.py: assert zero stage < ZeroStageEnum.gradients, "ZeRO-2 and ZeRO-3 are incompatible
        // with pipeline parallelism".
        QTest::newRow("ZeRO-3 with PP") << 1 << 1 << 2 << 4 << 3 << 1 << true << false
                                        << "$.plans[0].config.zero_stage: ZeRO-2 and ZeRO-3 are incompatible with pipeline "
                                           "parallelism: DeepSpeed's pipeline engine refuses ZeRO stage 3 with 2 pipeline stages";
        QTest::newRow("ZeRO-2 with PP") << 2 << 1 << 4 << 1 << 2 << 1 << true << false
                                        << "$.plans[0].config.zero_stage: ZeRO-2 and ZeRO-3 are incompatible with pipeline "
                                           "parallelism: DeepSpeed's pipeline engine refuses ZeRO stage 2 with 4 pipeline stages";
        QTest::newRow("ring CP") << 1 << 2 << 1 << 4 << 1 << 1 << true << true
                                 << "$.plans[0].config.cp_comm_type: DeepSpeed's context parallelism is Ulysses";
        QTest::newRow("Ulysses with PP") << 1 << 2 << 2 << 2 << 1 << 1 << true << false
                                         << "$.plans[0].config.cp: DeepSpeed builds its sequence-parallel groups "
                                            "(sequence_parallel_size) only for models that are not a PipelineModule";
        QTest::newRow("ZeRO-1 replicas") << 1 << 1 << 1 << 8 << 1 << 2 << true << false
                                         << "$.plans[0].config.dp_replicate: DeepSpeed's ZeRO-1 shards over all data-parallel "
                                            "ranks; hybrid sharding (MiCS, mics_shard_size) exists for ZeRO-3 only";
        QTest::newRow("ZeRO-3 kept gathered") << 1 << 1 << 1 << 8 << 3 << 1 << false << false
                                              << "$.plans[0].config.reshard_after_forward: DeepSpeed's ZeRO-3 releases each "
                                                 "module's gathered parameters after use";
    }
    void deepspeedRefusals()
    {
        QFETCH(int, tp);
        QFETCH(int, cp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        QFETCH(int, zero);
        QFETCH(int, replicate);
        QFETCH(bool, reshard);
        QFETCH(bool, ring);
        QFETCH(QString, message);
        ParallelConfig c = parallel(tp, cp, pp, dp, 1, zero);
        c.dpReplicate = replicate;
        c.reshardAfterForward = reshard;
        c.cpCommType = ring ? CpCommType::P2P : CpCommType::AllToAll;
        std::vector<int> chunks(std::size_t(pp), 32 / pp);
        const PlanDocument d = chunkDocument(bundled("llama-3-8b"), 8192, 64, c, chunks);
        const QString refused = refusal([&] { launch(d, LaunchFormat::DeepSpeed); });
        QVERIFY2(refused.startsWith(message), qPrintable(refused));
    }

    void deepspeedZero3ReplicasAreMics()
    {
        ParallelConfig c = parallel(1, 1, 1, 8, 1, 3);
        c.dpReplicate = 2;
        const Json ds = Json::parse(launch(chunkDocument(bundled("llama-3-8b"), 8192, 64, c, { 32 }), LaunchFormat::DeepSpeed));
        QCOMPARE(ds.at("zero_optimization").at("stage").get<int>(), 3);
        QCOMPARE(ds.at("zero_optimization").at("mics_shard_size").get<int>(), 4); // 8 DP ranks / 2 replicas
        c.dpReplicate = 1;
        const Json plain = Json::parse(launch(chunkDocument(bundled("llama-3-8b"), 8192, 64, c, { 32 }), LaunchFormat::DeepSpeed));
        QVERIFY(!plain.at("zero_optimization").contains("mics_shard_size"));
        QVERIFY(!plain.contains("sequence_parallel_size"));
    }
};

QTEST_GUILESS_MAIN(TestLaunchParallel)
#include "tst_launch_parallel.moc"
