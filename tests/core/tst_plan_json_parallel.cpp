// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files (core/export/plan_json.*) of context parallelism, hybrid sharding, ZeRO-3 without resharding and
// chunk layouts (an empty chunk, ZBV's V placement): written under the documented keys, read back equal and
// written again byte for byte; files from before these keys read as CP 1, no replicas and no chunk layout. The
// other plan-file tests: tst_plan_json.cpp.
#include "export/plan_json.h"
#include "plan_json_fixtures.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <utility>

using namespace shardscope;
using namespace shardscope::testing;

class TestPlanJsonParallel : public QObject
{
    Q_OBJECT

private slots:
    // Context parallelism, hybrid sharding, ZeRO-3 without resharding, the CP communication and the chunk
    // layout (an empty chunk included) survive a round trip byte for byte, under the documented keys.
    void contextParallelAndChunkLayoutRoundTrip()
    {
        PlanDocument d = makeDocument();
        d.training.pins.cp = 2;
        d.training.pins.cpCommType = CpCommType::AllToAll;
        d.training.pins.dpReplicate = 2;
        d.training.pins.reshardAfterForward = false;
        PlanEstimate e = d.plans[0].estimate; // interleaved PP 2 x VPP 2 of 131 layers (embedding, 32 x 4, norm, head)
        e.config.cp = 2;
        e.config.cpCommType = CpCommType::AllToAll;
        e.config.dpReplicate = 2;
        e.config.zeroStage = 3;
        e.config.reshardAfterForward = false;
        // Chunks: [0, 65) on stage 0 (embedding, blocks 0-15), [65, 97) on stage 1 (blocks 16-23), chunk 2 of
        // stage 0 empty, [97, 131) on stage 1 (blocks 24-31, norm, head).
        e.chunkLayers = { { 0, 65 }, { 65, 97 }, { 97, 97 }, { 97, 131 } };
        e.stages[0].layerRanges = { { 0, 65 } };
        e.stages[1].layerRanges = { { 65, 97 }, { 97, 131 } };
        e.stages[0].chunkShares = { 1.0 };
        e.stages[1].chunkShares = { 1.0 / 3.0, 2.0 / 3.0 };
        e.stages[0].cpCommSeconds = 1e-3 / 3.0;
        e.stages[1].cpCommSeconds = 0.1 + 0.2;
        e.time.cpCommSeconds = 0.1 / 3.0;
        e.comm.cpBytes = 1.5e9 + 0.25;
        e.comm.cpSeconds = 0.123456789;
        std::vector<Proposal> proposals = std::move(d.plans[0].proposals);
        d.plans[0] = makeDocumentPlan(planningProblem().model, e, 1, d.plans[0].score);
        d.plans[0].proposals = std::move(proposals);

        const std::string text = writePlanJson(d);
        const Json j = Json::parse(text);
        const Json& config = j["plans"][0]["config"];
        QCOMPARE(config["cp"].get<int>(), 2);
        QCOMPARE(config["cp_comm_type"].get<std::string>(), std::string("a2a"));
        QCOMPARE(config["dp_replicate"].get<int>(), 2);
        QCOMPARE(config["reshard_after_forward"].get<bool>(), false);
        const Json& pins = j["inputs"]["training"]["pins"];
        QCOMPARE(pins["cp"].get<int>(), 2);
        QCOMPARE(pins["cp_comm_type"].get<std::string>(), std::string("a2a"));
        QCOMPARE(pins["dp_replicate"].get<int>(), 2);
        QCOMPARE(pins["reshard_after_forward"].get<bool>(), false);
        const Json& chunks = j["plans"][0]["chunk_layers"];
        QCOMPARE(chunks.size(), std::size_t(4));
        QCOMPARE(chunks[2], Json::parse(R"({"stage": 0, "chunk": 1, "first_layer": 97, "end_layer": 97})"));
        QCOMPARE(chunks[3], Json::parse(R"({"stage": 1, "chunk": 1, "first_layer": 97, "end_layer": 131})"));
        QCOMPARE(j["plans"][0]["comm"]["cp_bytes"].get<double>(), 1.5e9 + 0.25);
        QCOMPARE(j["plans"][0]["comm"]["cp_seconds"].get<double>(), 0.123456789);
        QCOMPARE(j["plans"][0]["time"]["cp_comm_seconds"].get<double>(), 0.1 / 3.0);
        const Json& stage1 = j["plans"][0]["stages"][1];
        QCOMPARE(stage1["micro_batch_time"]["cp_comm_seconds"].get<double>(), 0.1 + 0.2);
        QCOMPARE(stage1["chunk_shares"].get<std::vector<double>>(), (std::vector<double> { 1.0 / 3.0, 2.0 / 3.0 }));
        // The derived per-micro-batch total adds the CP exchange.
        const StageEstimate& s1 = e.stages[1];
        QCOMPARE(stage1["micro_batch_time"]["total_seconds"].get<double>(),
                 s1.computeSeconds + s1.recomputeSeconds + s1.tpCommSeconds + s1.ppCommSeconds + (0.1 + 0.2));
        // The seed's communication volume counts the CP bytes too.
        QCOMPARE(j["plans"][0]["sharding_plan"]["communication_volume"].get<std::uint64_t>(),
                 std::uint64_t(std::llround(e.comm.tpBytes + e.comm.ppBytes + e.comm.dpBytes + 1.5e9 + 0.25)));

        const PlanDocument read = readPlanJson(text, "cp.json");
        expectEqual(read, d);
        QCOMPARE(writePlanJson(read), text);
        // Each new field is one the diff helper names.
        const std::pair<std::function<void(PlanDocument&)>, QString> changes[] = {
            { [](PlanDocument& x) { x.plans[0].estimate.chunkLayers[2] = { 97, 98 }; }, "$.plans[0].chunk_layers" },
            { [](PlanDocument& x) { x.plans[0].estimate.comm.cpBytes += 1; }, "$.plans[0].comm.cp_bytes" },
            { [](PlanDocument& x) { x.plans[0].estimate.time.cpCommSeconds = 0; }, "$.plans[0].time.cp_comm_seconds" },
            { [](PlanDocument& x) { x.plans[0].estimate.stages[1].cpCommSeconds = 0; },
              "$.plans[0].stages[1].micro_batch_time.cp_comm_seconds" },
            { [](PlanDocument& x) { x.plans[0].estimate.stages[1].chunkShares.clear(); }, "$.plans[0].stages[1].chunk_shares" },
            { [](PlanDocument& x) { x.plans[0].estimate.config.reshardAfterForward = true; }, "$.plans[0].config" },
            { [](PlanDocument& x) { x.training.pins.dpReplicate.reset(); }, "$.inputs.training.pins" },
        };
        for (const auto& [change, where] : changes) {
            PlanDocument other = read;
            change(other);
            QCOMPARE(QString::fromStdString(firstDifference(read, other)), where);
        }
    }

    // ZBV places its two chunks a stage in a V: stage 0 runs the first and the last chunk. The file names the
    // stage that holds each chunk, and reads back.
    void vPlacedChunksRoundTrip()
    {
        PlanDocument d = makeDocument();
        PlanEstimate e = d.plans[0].estimate; // PP 2 x 2 chunks of 131 layers
        e.config.schedule = Schedule::ZeroBubbleV;
        e.chunkLayers = { { 0, 33 }, { 33, 65 }, { 65, 97 }, { 97, 131 } };
        e.stages[0].layerRanges = { { 0, 33 }, { 97, 131 } };
        e.stages[1].layerRanges = { { 33, 65 }, { 65, 97 } };
        d.plans[0] = makeDocumentPlan(planningProblem().model, e, 1, d.plans[0].score);
        const std::string text = writePlanJson(d);
        const Json chunks = Json::parse(text)["plans"][0]["chunk_layers"];
        const int expected[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } }; // (stage, chunk) in model order
        for (int j = 0; j < 4; ++j) {
            QCOMPARE(chunks[std::size_t(j)]["stage"].get<int>(), expected[j][0]);
            QCOMPARE(chunks[std::size_t(j)]["chunk"].get<int>(), expected[j][1]);
        }
        const PlanDocument read = readPlanJson(text, "zbv.json");
        expectEqual(read, d);
        QCOMPARE(writePlanJson(read), text);
    }

    // Files from before context parallelism, hybrid sharding and the chunk layout have none of their keys:
    // CP 1 as a ring, no replicas, ZeRO-3 resharding after forward, no chunk layout, no CP traffic.
    void filesWithoutParallelKeysStayReadable()
    {
        const PlanDocument original = makeDocument();
        Json j = planDocumentToJson(original);
        auto eraseConfig = [](Json& c) {
            for (const char* key : { "cp", "cp_comm_type", "dp_replicate", "reshard_after_forward" })
                c.erase(key);
        };
        for (const char* key : { "cp", "cp_comm_type", "dp_replicate", "reshard_after_forward" })
            j["inputs"]["training"]["pins"].erase(key);
        for (Json& plan : j["plans"]) {
            eraseConfig(plan["config"]);
            for (Json& proposal : plan["proposals"])
                eraseConfig(proposal["config"]);
            plan.erase("chunk_layers");
            plan["time"].erase("cp_comm_seconds");
            plan["comm"].erase("cp_bytes");
            plan["comm"].erase("cp_seconds");
            for (Json& stage : plan["stages"]) {
                stage.erase("chunk_shares");
                stage["micro_batch_time"].erase("cp_comm_seconds");
            }
        }
        const std::string old = j.dump(2) + "\n";
        QVERIFY(old.find("\"cp") == std::string::npos && old.find("chunk_") == std::string::npos
                && old.find("dp_replicate") == std::string::npos && old.find("reshard") == std::string::npos);
        const PlanDocument read = readPlanJson(old, "old.json");
        const PlanPins& pins = read.training.pins;
        QVERIFY(!pins.cp && !pins.cpCommType && !pins.dpReplicate && !pins.reshardAfterForward);
        for (const DocumentPlan& plan : read.plans) {
            const ParallelConfig& c = plan.estimate.config;
            QCOMPARE(c.cp, 1);
            QVERIFY(c.cpCommType == CpCommType::P2P);
            QCOMPARE(c.dpReplicate, 1);
            QVERIFY(c.reshardAfterForward);
            QVERIFY(plan.estimate.chunkLayers.empty());
            QCOMPARE(plan.estimate.time.cpCommSeconds, 0.0);
            QCOMPARE(plan.estimate.comm.cpBytes, 0.0);
            for (const StageEstimate& st : plan.estimate.stages) {
                QVERIFY(st.chunkShares.empty());
                QCOMPARE(st.cpCommSeconds, 0.0);
            }
            for (const Proposal& p : plan.proposals)
                QCOMPARE(p.config.cp, 1);
        }
        // The rest reads as written: the original less what the old file lacks.
        PlanDocument expected = original;
        for (DocumentPlan& plan : expected.plans) {
            plan.estimate.chunkLayers.clear();
            for (StageEstimate& st : plan.estimate.stages)
                st.chunkShares.clear();
        }
        expectEqual(read, expected);
        // Other names of the CP communication read as the two kinds (cpCommTypeFromString).
        for (const auto& [name, kind] : { std::pair { "ring", CpCommType::P2P }, std::pair { "ulysses", CpCommType::AllToAll },
                                          std::pair { "a2a", CpCommType::AllToAll } }) {
            Json k = planDocumentToJson(original);
            k["plans"][0]["config"]["cp_comm_type"] = name;
            QVERIFY(readPlanJson(k.dump(), "alias.json").plans[0].estimate.config.cpCommType == kind);
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanJsonParallel)
#include "tst_plan_json_parallel.moc"
