// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files with mixture of experts (tst_plan_json.cpp has the rest): expert parallelism in configs and pins,
// the training's imbalance and capacity factor, the EP traffic and MoE memory of the estimates; files from
// before them; and the reader's errors. The plan is Mixtral-8x7B built by hand (moe_plan_fixtures.h), so
// every number here is written here.
#include "export/plan_json.h"

#include "moe_plan_fixtures.h"
#include "util/input_error.h"

#include <QtTest>

#include <functional>

using namespace shardscope;
using namespace shardscope::testing;
using Json = nlohmann::ordered_json;

namespace {

const ModelGraph& mixtral()
{
    static const ModelGraph graph = buildModelGraph(mixtral8x7b());
    return graph;
}

/// Mixtral on 64 GPUs: TP 2 x PP 2 x DP 16, EP 8 x ETP 2 over each stage's 32 GPUs (expert-DP 2); the pins,
/// the training's MoE settings and every MoE estimate field away from their defaults.
PlanDocument moeDocument()
{
    ParallelConfig c;
    c.tp = 2;
    c.pp = 2;
    c.dp = 16;
    c.zeroStage = 1;
    c.sequenceParallel = true;
    c.ep = 8;
    c.etp = 2;
    c.epCommOverlap = true;
    PlanDocument d = moeHandDocument(mixtral(), 4096, 256, c, { 16, 16 }, 8);
    d.training.pins.ep = 8;
    d.training.pins.etp = 2;
    d.training.pins.epCommOverlap = true;
    d.training.moeImbalance = 1.0 / 3.0 + 1;
    d.training.moeCapacityFactor = 1.25;
    PlanEstimate e = d.plans[0].estimate;
    e.comm.epBytes = 3.5e9 + 0.25;
    e.comm.epSeconds = 0.1 + 0.2;
    e.time.epCommSeconds = 0.7 / 3.0;
    for (StageEstimate& st : e.stages) {
        st.epCommSeconds = 1e-3 / 3.0 * (st.stage + 1);
        st.routedExpertParamsPerDevice = 1.409e9 / 3.0;
        st.memory.routedExpertBytes = 11.0 * kGiB + 1.0 / 3.0;
        st.memory.sharedExpertBytes = 0.5 * kGiB;
        st.memory.moeActivationBytes = 7.25 * kGiB;
        st.memory.other.moeDispatch = 0.125 * kGiB + st.stage;
    }
    d.plans[0] = makeDocumentPlan(mixtral(), e, 1, 1.0); // the seed's communication volume counts the EP bytes
    return d;
}

void expectEqual(const PlanDocument& a, const PlanDocument& b)
{
    const std::string diff = firstDifference(a, b);
    QVERIFY2(diff.empty(), ("documents differ at " + diff).c_str());
    QVERIFY(a == b);
}

} // namespace

class TestPlanJsonMoe : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        const PlanDocument d = moeDocument();
        const std::string text = writePlanJson(d);
        const Json j = Json::parse(text);
        const Json& config = j["plans"][0]["config"];
        QCOMPARE(config["ep"].get<int>(), 8);
        QCOMPARE(config["etp"].get<int>(), 2);
        QCOMPARE(config["ep_comm_overlap"], Json(true));
        const Json& training = j["inputs"]["training"];
        QCOMPARE(training["pins"]["ep"].get<int>(), 8);
        QCOMPARE(training["pins"]["etp"].get<int>(), 2);
        QCOMPARE(training["pins"]["ep_comm_overlap"], Json(true));
        QCOMPARE(training["moe_imbalance"].get<double>(), 1.0 / 3.0 + 1);
        QCOMPARE(training["moe_capacity_factor"].get<double>(), 1.25);
        const Json& plan = j["plans"][0];
        QCOMPARE(plan["comm"]["ep_bytes"].get<double>(), 3.5e9 + 0.25);
        QCOMPARE(plan["comm"]["ep_seconds"].get<double>(), 0.1 + 0.2);
        QCOMPARE(plan["time"]["ep_comm_seconds"].get<double>(), 0.7 / 3.0);
        const Json& stage1 = plan["stages"][1];
        QCOMPARE(stage1["micro_batch_time"]["ep_comm_seconds"].get<double>(), 2e-3 / 3.0);
        QCOMPARE(stage1["routed_expert_params_per_device"].get<double>(), 1.409e9 / 3.0);
        const Json& memory = stage1["memory"];
        QCOMPARE(memory["routed_expert_bytes"].get<double>(), 11.0 * kGiB + 1.0 / 3.0);
        QCOMPARE(memory["shared_expert_bytes"].get<double>(), 0.5 * kGiB);
        QCOMPARE(memory["moe_activation_bytes"].get<double>(), 7.25 * kGiB);
        QCOMPARE(memory["other"]["moe_dispatch_bytes"].get<double>(), 0.125 * kGiB + 1);
        // The derived totals add the EP exchange and the dispatcher's buffers.
        const StageEstimate& s1 = d.plans[0].estimate.stages[1];
        QCOMPARE(stage1["micro_batch_time"]["total_seconds"].get<double>(), s1.microBatchSeconds());
        QVERIFY(s1.microBatchSeconds() >= 2e-3 / 3.0);
        QCOMPARE(memory["total_bytes"].get<double>(), s1.memory.totalBytes());
        // The seed's communication volume counts the EP bytes.
        QCOMPARE(plan["sharding_plan"]["communication_volume"].get<std::uint64_t>(), std::uint64_t(3500000000));

        const PlanDocument read = readPlanJson(text, "moe.json");
        expectEqual(read, d);
        QCOMPARE(writePlanJson(read), text);
    }

    // Each new field is one the comparison names, under its key in the file.
    void comparisonNamesEveryMoeField_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<QString>("where");
        const char* where[] = { "$.plans[0].config", "$.plans[0].config", "$.inputs.training.pins",
            "$.inputs.training.pins", "$.inputs.training.moe_imbalance", "$.inputs.training.moe_capacity_factor",
            "$.plans[0].comm.ep_bytes", "$.plans[0].comm.ep_seconds", "$.plans[0].time.ep_comm_seconds",
            "$.plans[0].stages[1].micro_batch_time.ep_comm_seconds", "$.plans[0].stages[0].routed_expert_params_per_device",
            "$.plans[0].stages[1].memory.routed_expert_bytes", "$.plans[0].stages[0].memory.shared_expert_bytes",
            "$.plans[0].stages[1].memory.moe_activation_bytes", "$.plans[0].stages[1].memory.other.moe_dispatch_bytes",
            "$.plans[0].config", "$.inputs.training.pins", "$.inputs.training.pins" };
        for (int i = 0; i < int(std::size(where)); ++i)
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i).arg(QLatin1String(where[i])))) << i << QString(where[i]);
    }

    void comparisonNamesEveryMoeField()
    {
        QFETCH(int, change);
        QFETCH(QString, where);
        static const std::function<void(PlanDocument&)> changes[] = {
            [](PlanDocument& x) { x.plans[0].estimate.config.ep = 4; },
            [](PlanDocument& x) { x.plans[0].estimate.config.etp = 1; },
            [](PlanDocument& x) { x.training.pins.ep.reset(); },
            [](PlanDocument& x) { x.training.pins.etp = 1; },
            [](PlanDocument& x) { x.training.moeImbalance = 1.25; },
            [](PlanDocument& x) { x.training.moeCapacityFactor.reset(); },
            [](PlanDocument& x) { x.plans[0].estimate.comm.epBytes = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.comm.epSeconds = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.time.epCommSeconds = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[1].epCommSeconds = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[0].routedExpertParamsPerDevice = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[1].memory.routedExpertBytes = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[0].memory.sharedExpertBytes = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[1].memory.moeActivationBytes = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.stages[1].memory.other.moeDispatch = 0; },
            [](PlanDocument& x) { x.plans[0].estimate.config.epCommOverlap = false; },
            [](PlanDocument& x) { x.training.pins.epCommOverlap = false; },
            [](PlanDocument& x) { x.training.pins.epCommOverlap.reset(); },
        };
        QCOMPARE(int(std::size(changes)), 18);
        const PlanDocument original = moeDocument();
        PlanDocument other = original;
        changes[change](other);
        QCOMPARE(QString::fromStdString(firstDifference(original, other)), where);
    }

    // Files from before mixture of experts have none of its keys: EP 1 and ETP 1, unpinned, imbalance 1.25 and
    // dropless, no EP traffic, no MoE memory parts.
    void filesWithoutMoeKeysStayReadable()
    {
        Json j = planDocumentToJson(moeDocument());
        for (const char* key : { "ep", "etp", "ep_comm_overlap" })
            j["inputs"]["training"]["pins"].erase(key);
        j["inputs"]["training"].erase("moe_imbalance");
        j["inputs"]["training"].erase("moe_capacity_factor");
        for (Json& plan : j["plans"]) {
            plan["config"].erase("ep");
            plan["config"].erase("etp");
            plan["config"].erase("ep_comm_overlap");
            plan["config"]["dp"] = 16; // ep x etp = 1 divides anything
            plan["time"].erase("ep_comm_seconds");
            plan["comm"].erase("ep_bytes");
            plan["comm"].erase("ep_seconds");
            for (Json& stage : plan["stages"]) {
                stage["micro_batch_time"].erase("ep_comm_seconds");
                stage.erase("routed_expert_params_per_device");
                for (const char* key : { "routed_expert_bytes", "shared_expert_bytes", "moe_activation_bytes" })
                    stage["memory"].erase(key);
                stage["memory"]["other"].erase("moe_dispatch_bytes");
            }
        }
        const std::string old = j.dump(2) + "\n";
        QVERIFY(old.find("\"ep") == std::string::npos && old.find("\"etp") == std::string::npos
                && old.find("\"moe_") == std::string::npos && old.find("_expert_bytes") == std::string::npos
                && old.find("routed_expert_params") == std::string::npos);
        const PlanDocument read = readPlanJson(old, "old.json");
        QVERIFY(!read.training.pins.ep && !read.training.pins.etp && !read.training.pins.epCommOverlap);
        QCOMPARE(read.training.moeImbalance, 1.25);
        QVERIFY(!read.training.moeCapacityFactor);
        const PlanEstimate& e = read.plans[0].estimate;
        QCOMPARE(e.config.ep, 1);
        QCOMPARE(e.config.etp, 1);
        QCOMPARE(e.config.epCommOverlap, false);
        QCOMPARE(e.comm.epBytes, 0.0);
        QCOMPARE(e.comm.epSeconds, 0.0);
        QCOMPARE(e.time.epCommSeconds, 0.0);
        for (const StageEstimate& st : e.stages) {
            QCOMPARE(st.epCommSeconds, 0.0);
            QCOMPARE(st.routedExpertParamsPerDevice, 0.0);
            QCOMPARE(st.memory.routedExpertBytes, 0.0);
            QCOMPARE(st.memory.sharedExpertBytes, 0.0);
            QCOMPARE(st.memory.moeActivationBytes, 0.0);
            QCOMPARE(st.memory.other.moeDispatch, 0.0);
        }
        // Dropless routing is written as null and reads back unset.
        PlanDocument dropless = moeDocument();
        dropless.training.moeCapacityFactor.reset();
        const std::string text = writePlanJson(dropless);
        QVERIFY(text.find("\"moe_capacity_factor\": null") != std::string::npos);
        QVERIFY(!readPlanJson(text, "dropless.json").training.moeCapacityFactor);
    }

    // The EP overlap pin is null while searched and reads back unset; pinned off, it is false.
    void epCommOverlapPinNullWhenSearched()
    {
        PlanDocument d = moeDocument();
        d.training.pins.epCommOverlap.reset();
        d.plans[0].estimate.config.epCommOverlap = false;
        d.plans[0] = makeDocumentPlan(mixtral(), d.plans[0].estimate, 1, 1.0);
        const std::string text = writePlanJson(d);
        const Json j = Json::parse(text);
        QVERIFY(j["inputs"]["training"]["pins"]["ep_comm_overlap"].is_null());
        QCOMPARE(j["plans"][0]["config"]["ep_comm_overlap"], Json(false));
        PlanDocument read = readPlanJson(text, "searched.json");
        QVERIFY(!read.training.pins.epCommOverlap);
        QCOMPARE(read.plans[0].estimate.config.epCommOverlap, false);
        expectEqual(read, d);

        d.training.pins.epCommOverlap = false;
        read = readPlanJson(writePlanJson(d), "off.json");
        QCOMPARE(read.training.pins.epCommOverlap, std::optional<bool>(false));
    }

    void readErrors_data()
    {
        QTest::addColumn<int>("mutation");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("ep 0") << 0 << "$.plans[0].config.ep" << "expected an integer from 1 to 2147483647, got 0";
        QTest::newRow("etp fractional") << 1 << "$.plans[0].config.etp" << "expected an integer";
        QTest::newRow("ep does not divide") << 2 << "$.plans[0].config.ep"
                                            << "expected ep x etp to divide a stage's tp x cp x dp = 32 GPUs (the experts "
                                               "are laid out etp x ep x expert-DP over them), got ep 3 x etp 2";
        QTest::newRow("etp does not divide") << 3 << "$.plans[0].config.etp" << "got ep 8 x etp 8";
        QTest::newRow("ep pin negative") << 4 << "$.inputs.training.pins.ep" << "got -1";
        QTest::newRow("etp pin a string") << 5 << "$.inputs.training.pins.etp" << "expected an integer";
        QTest::newRow("imbalance below 1") << 6 << "$.inputs.training.moe_imbalance"
                                           << "expected a number from 1.0 to 64.0, got 0.5";
        QTest::newRow("imbalance a string") << 7 << "$.inputs.training.moe_imbalance" << "expected a number, got string";
        QTest::newRow("capacity factor 0") << 8 << "$.inputs.training.moe_capacity_factor"
                                           << "expected a capacity factor above 0";
        QTest::newRow("capacity factor 65") << 9 << "$.inputs.training.moe_capacity_factor"
                                            << "expected a number from 0 to 64.0, got 65";
        QTest::newRow("negative ep bytes") << 10 << "$.plans[0].comm.ep_bytes" << "expected a number from 0";
        QTest::newRow("ep seconds a string") << 11 << "$.plans[0].stages[0].micro_batch_time.ep_comm_seconds"
                                             << "expected a number, got string";
        QTest::newRow("routed expert bytes negative") << 12 << "$.plans[0].stages[1].memory.routed_expert_bytes"
                                                      << "expected a number from 0";
        QTest::newRow("ep fractional") << 13 << "$.plans[0].config.ep" << "got 1.5";
        QTest::newRow("ep overlap a string") << 14 << "$.plans[0].config.ep_comm_overlap"
                                             << "expected true or false, got string";
        QTest::newRow("ep overlap pin a number") << 15 << "$.inputs.training.pins.ep_comm_overlap"
                                                 << "expected true or false, got integer";
    }

    void readErrors()
    {
        QFETCH(int, mutation);
        QFETCH(QString, position);
        QFETCH(QString, fragment);
        static const std::function<void(Json&)> mutations[] = {
            [](Json& j) { j["plans"][0]["config"]["ep"] = 0; },
            [](Json& j) { j["plans"][0]["config"]["etp"] = 1.5; },
            [](Json& j) { j["plans"][0]["config"]["ep"] = 3; },
            [](Json& j) { j["plans"][0]["config"]["etp"] = 8; },
            [](Json& j) { j["inputs"]["training"]["pins"]["ep"] = -1; },
            [](Json& j) { j["inputs"]["training"]["pins"]["etp"] = "2"; },
            [](Json& j) { j["inputs"]["training"]["moe_imbalance"] = 0.5; },
            [](Json& j) { j["inputs"]["training"]["moe_imbalance"] = "1.25"; },
            [](Json& j) { j["inputs"]["training"]["moe_capacity_factor"] = 0; },
            [](Json& j) { j["inputs"]["training"]["moe_capacity_factor"] = 65; },
            [](Json& j) { j["plans"][0]["comm"]["ep_bytes"] = -1; },
            [](Json& j) { j["plans"][0]["stages"][0]["micro_batch_time"]["ep_comm_seconds"] = "fast"; },
            [](Json& j) { j["plans"][0]["stages"][1]["memory"]["routed_expert_bytes"] = -2; },
            [](Json& j) { j["plans"][0]["config"]["ep"] = 1.5; },
            [](Json& j) { j["plans"][0]["config"]["ep_comm_overlap"] = "on"; },
            [](Json& j) { j["inputs"]["training"]["pins"]["ep_comm_overlap"] = 1; },
        };
        Json j = planDocumentToJson(moeDocument());
        mutations[mutation](j);
        try {
            readPlanJson(j.dump(2), "bad.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QStringLiteral("bad.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(fragment), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanJsonMoe)
#include "tst_plan_json_moe.moc"
