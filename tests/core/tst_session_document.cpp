// SPDX-License-Identifier: GPL-3.0-or-later
// Session files (core/export/session_document.*): every field written and read back byte for byte, equality
// over every field, files from before the parallelism and expert keys, exact doubles, and the model's path
// relative to the session file. Files that cannot be read: tst_session_document_errors.cpp.
#include "export/session_document.h"

#include "util/atomic_file.h"

#include "session_fixtures.h"
#include "test_files.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <limits>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

void writeText(const QString& path, const std::string& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(text.data(), qint64(text.size())), qint64(text.size()));
}

} // namespace

class TestSessionDocument : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        const SessionDocument original = makeDocument();
        const std::string first = writeSessionJson(original);
        QVERIFY(first.starts_with("{\n  \"format\": \"shardscope-session\",\n  \"version\": 1,\n"));
        QVERIFY(first.ends_with("}\n"));
        const SessionDocument read = readSessionJson(first, "session.shardscope");
        QVERIFY(read == original);
        const std::string second = writeSessionJson(read);
        QCOMPARE(second, first); // byte-identical

        if (const char* example = std::getenv("SHARDSCOPE_WRITE_SESSION_EXAMPLE"))
            writeFileAtomically(example, first);
    }

    void everyFieldSurvives()
    {
        const SessionDocument d = readSessionJson(writeSessionJson(makeDocument()), "s");
        QCOMPARE(d.generator, std::string("ShardScope test"));
        QCOMPARE(d.model, std::string("/home/ana/runs/models/my-model.json"));
        QVERIFY(!d.modelIsBundled);
        QCOMPARE(d.modelRelative, std::string("models/my-model.json"));
        QVERIFY(d.cluster.gpu == customGpu()); // a user-defined GPU, every figure
        QCOMPARE(d.cluster.nodes, 4);
        QCOMPARE(d.cluster.gpusPerNode, 4);
        QVERIFY(d.cluster.intraNode == (LinkSpec { 400e9, 3e-6, 0.9 }));
        QVERIFY(d.cluster.interNode == (LinkSpec { 25e9, 1e-5, 0.6 }));
        QCOMPARE(d.profile, std::string("mcore-r0.8"));
        QCOMPARE(d.training.seqLength, std::int64_t(8192));
        QCOMPARE(d.training.globalBatch, std::int64_t(1024));
        QVERIFY(d.training.precision == Precision::Fp8);
        QVERIFY(d.training.optimizer == OptimizerKind::SgdMomentum);
        QVERIFY(!d.training.fp32Gradients);
        QVERIFY(!d.training.flashAttention);
        QCOMPARE(d.training.frameworkOverheadBytes, 3.5 * 1024 * 1024 * 1024);
        QCOMPARE(d.training.memoryMargin, 0.07);
        QCOMPARE(d.training.dpOverlap, std::optional<double>(0.25));
        const PlanPins& p = d.training.pins;
        QVERIFY(p.tp == 2 && !p.pp && p.dp == 4 && !p.vpp && !p.microBatch && p.zeroStage == 1);
        QVERIFY(p.recompute == Recompute::Full);
        QVERIFY(p.sequenceParallel == false); // pinned to false, not unpinned
        QVERIFY(p.schedule == Schedule::Interleaved1F1B);
        QVERIFY(p.tpCommOverlap == true);
        QVERIFY(p.ppCommOverlap == false); // pinned to false, not unpinned
        QVERIFY(p.cp == 2 && p.cpCommType == CpCommType::AllToAll && p.dpReplicate == 2);
        QVERIFY(p.reshardAfterForward == false); // pinned to false, not unpinned
        QVERIFY(d.strategy == Strategy::Hybrid);
        QVERIFY(d.weights == (ScoreWeights { 0.4, 1.0 / 3.0, 0.1 + 0.2 }));
        QCOMPARE(d.topCount, 25);
        QVERIFY(d.showInfeasible);
        QVERIFY(d.selectedPlan.has_value());
        QVERIFY(*d.selectedPlan == *makeDocument().selectedPlan);
        QCOMPARE(d.selectedPlan->cp, 2);
        QVERIFY(d.selectedPlan->cpCommType == CpCommType::AllToAll);
        QCOMPARE(d.selectedPlan->dpReplicate, 2);
        QVERIFY(!d.selectedPlan->reshardAfterForward);
        // Under the keys the plan format documents.
        const nlohmann::json j = nlohmann::json::parse(writeSessionJson(makeDocument()));
        QCOMPARE(j["training"]["pins"]["cp"].get<int>(), 2);
        QCOMPARE(j["training"]["pins"]["cp_comm_type"].get<std::string>(), std::string("a2a"));
        QCOMPARE(j["training"]["pins"]["dp_replicate"].get<int>(), 2);
        QCOMPARE(j["training"]["pins"]["reshard_after_forward"].get<bool>(), false);
        QCOMPARE(j["selected_plan"]["cp"].get<int>(), 2);
        QCOMPARE(j["selected_plan"]["cp_comm_type"].get<std::string>(), std::string("a2a"));
        QCOMPARE(j["selected_plan"]["dp_replicate"].get<int>(), 2);
        QCOMPARE(j["selected_plan"]["reshard_after_forward"].get<bool>(), false);
        // Mixture of experts: pins, the selected plan's EP and ETP, the training's imbalance and capacity factor.
        QVERIFY(p.ep == 4 && p.etp == 2);
        QCOMPARE(d.selectedPlan->ep, 4);
        QCOMPARE(d.selectedPlan->etp, 2);
        QVERIFY(p.epCommOverlap == false && d.selectedPlan->epCommOverlap);
        QCOMPARE(d.training.moeImbalance, 1.5);
        QCOMPARE(d.training.moeCapacityFactor, std::optional<double>(1.0 / 3.0 + 1));
        QCOMPARE(j["training"]["pins"]["ep"].get<int>(), 4);
        QCOMPARE(j["training"]["pins"]["etp"].get<int>(), 2);
        QCOMPARE(j["selected_plan"]["ep"].get<int>(), 4);
        QCOMPARE(j["selected_plan"]["etp"].get<int>(), 2);
        QVERIFY(j["training"]["pins"]["ep_comm_overlap"] == false && j["selected_plan"]["ep_comm_overlap"] == true);
        QCOMPARE(j["training"]["moe_imbalance"].get<double>(), 1.5);
        QCOMPARE(j["training"]["moe_capacity_factor"].get<double>(), 1.0 / 3.0 + 1);
    }

    // Sessions from before mixture of experts: EP and ETP unpinned, the selected plan's 1, imbalance 1.25 and
    // dropless routing (no capacity factor).
    void sessionsWithoutMoeKeysStayReadable()
    {
        nlohmann::json j = nlohmann::json::parse(writeSessionJson(makeDocument()));
        for (const char* key : { "ep", "etp", "ep_comm_overlap" }) {
            j["training"]["pins"].erase(key);
            j["selected_plan"].erase(key);
        }
        j["training"].erase("moe_imbalance");
        j["training"].erase("moe_capacity_factor");
        const std::string old = dump(j);
        QVERIFY(old.find("\"ep\"") == std::string::npos && old.find("\"etp\"") == std::string::npos
                && old.find("moe") == std::string::npos && old.find("ep_comm") == std::string::npos);
        const SessionDocument d = readSessionJson(old, "old.shardscope");
        QVERIFY(!d.training.pins.ep && !d.training.pins.etp && !d.training.pins.epCommOverlap);
        QVERIFY(!d.selectedPlan->epCommOverlap);
        QCOMPARE(d.selectedPlan->ep, 1);
        QCOMPARE(d.selectedPlan->etp, 1);
        QCOMPARE(d.training.moeImbalance, 1.25);
        QVERIFY(!d.training.moeCapacityFactor);
        // Dropless is written as null and reads back as unset.
        SessionDocument dropless = makeDocument();
        dropless.training.moeCapacityFactor.reset();
        const std::string text = writeSessionJson(dropless);
        QVERIFY(text.find("\"moe_capacity_factor\": null") != std::string::npos);
        QVERIFY(readSessionJson(text, "s") == dropless);
    }

    // Sessions from before context parallelism and hybrid sharding have none of their keys: unpinned, and a
    // selected plan with CP 1 as a ring, no replicas, parameters freed after forward.
    void sessionsWithoutParallelKeysStayReadable()
    {
        nlohmann::json j = nlohmann::json::parse(writeSessionJson(makeDocument()));
        for (const char* key : { "cp", "cp_comm_type", "dp_replicate", "reshard_after_forward" }) {
            j["training"]["pins"].erase(key);
            j["selected_plan"].erase(key);
        }
        const SessionDocument d = readSessionJson(dump(j), "old.shardscope");
        QVERIFY(!d.training.pins.cp && !d.training.pins.cpCommType && !d.training.pins.dpReplicate
                && !d.training.pins.reshardAfterForward);
        QVERIFY(d.selectedPlan.has_value());
        QCOMPARE(d.selectedPlan->cp, 1);
        QVERIFY(d.selectedPlan->cpCommType == CpCommType::P2P);
        QCOMPARE(d.selectedPlan->dpReplicate, 1);
        QVERIFY(d.selectedPlan->reshardAfterForward);
        QCOMPARE(d.selectedPlan->tp, 2); // the rest as written
        QCOMPARE(d.training.pins.tp, std::optional<int>(2));
    }

    void defaultsAndAbsentSelection()
    {
        SessionDocument d; // no model, no pins, no selection; a cluster must always be valid
        d.cluster = makeDocument().cluster;
        const std::string text = writeSessionJson(d);
        QVERIFY(text.find("\"selected_plan\": null") != std::string::npos);
        QVERIFY(text.find("\"relative_path\": null") != std::string::npos);
        const SessionDocument back = readSessionJson(text, "s");
        QVERIFY(back == d);
        QVERIFY(!back.selectedPlan);
        QVERIFY(back.training.pins == PlanPins {});
        QVERIFY(!back.training.dpOverlap); // no override: the cost model overlaps as the frameworks do
        QVERIFY(text.find("\"dp_overlap\": null") != std::string::npos);
        QCOMPARE(writeSessionJson(back), text);

        // Absent rather than null reads the same.
        nlohmann::json j = nlohmann::json::parse(text);
        j.erase("selected_plan");
        j["model"].erase("relative_path");
        j["training"]["pins"].erase("tp");
        j["training"]["pins"].erase("tp_comm_overlap");
        j["training"].erase("dp_overlap");
        QVERIFY(readSessionJson(j.dump(), "s") == d);

        SessionDocument bundled = d;
        bundled.model = "llama-3-70b";
        bundled.modelIsBundled = true;
        QVERIFY(readSessionJson(writeSessionJson(bundled), "s") == bundled);
    }

    void equalityComparesEveryField_data()
    {
        QTest::addColumn<int>("mutation");
        const char* names[] = { "generator", "model", "bundled", "relative", "gpu", "nodes", "gpus per node",
            "intra", "inter", "seq", "batch", "precision", "optimizer", "fp32 grads", "flash", "overhead", "margin",
            "overlap", "pins", "strategy", "weights", "top", "infeasible", "selection absent", "selection",
            "overlap override removed", "tp overlap pin", "pp overlap pin", "selection overlap", "cp pin",
            "cp comm type pin", "dp replicate pin", "reshard pin", "selection cp", "selection cp comm type",
            "selection dp replicate", "selection reshard", "ep pin", "etp pin", "moe imbalance", "capacity factor",
            "selection ep", "selection etp", "ep overlap pin unset", "ep overlap pin on", "selection ep overlap",
            "profile" };
        for (int i = 0; i < int(std::size(names)); ++i)
            QTest::newRow(names[i]) << i;
    }

    void equalityComparesEveryField()
    {
        QFETCH(int, mutation);
        static const std::function<void(SessionDocument&)> mutations[] = {
            [](SessionDocument& d) { d.generator += "x"; },
            [](SessionDocument& d) { d.model += "x"; },
            [](SessionDocument& d) { d.modelIsBundled = true; },
            [](SessionDocument& d) { d.modelRelative.clear(); },
            [](SessionDocument& d) { d.cluster.gpu.scaleOut.latencySeconds *= 2; },
            [](SessionDocument& d) { d.cluster.nodes = 2; },
            [](SessionDocument& d) { d.cluster.gpusPerNode = 8; },
            [](SessionDocument& d) { d.cluster.intraNode.efficiency = 0.5; },
            [](SessionDocument& d) { d.cluster.interNode.bandwidthBytesPerSecond = 1; },
            [](SessionDocument& d) { d.training.seqLength = 4096; },
            [](SessionDocument& d) { d.training.globalBatch = 8; },
            [](SessionDocument& d) { d.training.precision = Precision::Bf16; },
            [](SessionDocument& d) { d.training.optimizer = OptimizerKind::AdamMixed; },
            [](SessionDocument& d) { d.training.fp32Gradients = true; },
            [](SessionDocument& d) { d.training.flashAttention = true; },
            [](SessionDocument& d) { d.training.frameworkOverheadBytes = 0; },
            [](SessionDocument& d) { d.training.memoryMargin = 0.5; },
            [](SessionDocument& d) { d.training.dpOverlap = 1; },
            [](SessionDocument& d) { d.training.pins.sequenceParallel.reset(); },
            [](SessionDocument& d) { d.strategy = Strategy::MemoryOptimal; },
            [](SessionDocument& d) { d.weights.communication = 0; },
            [](SessionDocument& d) { d.topCount = 1; },
            [](SessionDocument& d) { d.showInfeasible = false; },
            [](SessionDocument& d) { d.selectedPlan.reset(); },
            [](SessionDocument& d) { d.selectedPlan->vpp = 1; },
            [](SessionDocument& d) { d.training.dpOverlap.reset(); },
            [](SessionDocument& d) { d.training.pins.tpCommOverlap.reset(); },
            [](SessionDocument& d) { d.training.pins.ppCommOverlap = true; },
            [](SessionDocument& d) { d.selectedPlan->tpCommOverlap = false; },
            [](SessionDocument& d) { d.training.pins.cp.reset(); },
            [](SessionDocument& d) { d.training.pins.cpCommType = CpCommType::P2P; },
            [](SessionDocument& d) { d.training.pins.dpReplicate = 4; },
            [](SessionDocument& d) { d.training.pins.reshardAfterForward.reset(); },
            [](SessionDocument& d) { d.selectedPlan->cp = 1; },
            [](SessionDocument& d) { d.selectedPlan->cpCommType = CpCommType::P2P; },
            [](SessionDocument& d) { d.selectedPlan->dpReplicate = 1; },
            [](SessionDocument& d) { d.selectedPlan->reshardAfterForward = true; },
            [](SessionDocument& d) { d.training.pins.ep.reset(); },
            [](SessionDocument& d) { d.training.pins.etp = 1; },
            [](SessionDocument& d) { d.training.moeImbalance = 1.25; },
            [](SessionDocument& d) { d.training.moeCapacityFactor.reset(); },
            [](SessionDocument& d) { d.selectedPlan->ep = 8; },
            [](SessionDocument& d) { d.selectedPlan->etp = 1; },
            [](SessionDocument& d) { d.training.pins.epCommOverlap.reset(); },
            [](SessionDocument& d) { d.training.pins.epCommOverlap = true; },
            [](SessionDocument& d) { d.selectedPlan->epCommOverlap = false; },
            [](SessionDocument& d) { d.profile.clear(); },
        };
        QCOMPARE(int(std::size(mutations)), 47);
        const SessionDocument original = makeDocument();
        SessionDocument changed = original;
        mutations[mutation](changed);
        QVERIFY(!(changed == original));
        QVERIFY(changed == changed);
    }

    void doublesRoundTripExactly()
    {
        SessionDocument d = makeDocument();
        const double values[] = { 0.1, 1.0 / 3.0, 1e-300, 5e-324, std::numeric_limits<double>::max(),
            9007199254740993.0, 123456789.123456789, 1e21 };
        for (double v : values) {
            d.cluster.gpu.peakFlopsFp32 = v;
            d.weights.memory = v;
            const SessionDocument back = readSessionJson(writeSessionJson(d), "doubles");
            QVERIFY(std::memcmp(&back.cluster.gpu.peakFlopsFp32, &v, sizeof v) == 0);
            QVERIFY(std::memcmp(&back.weights.memory, &v, sizeof v) == 0);
        }
        d.weights.compute = std::nan("");
        try {
            writeSessionJson(d);
            QFAIL("a NaN was written");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("$.weights.compute") != std::string::npos, e.what());
        }
    }

    void unknownKeysIgnored()
    {
        nlohmann::json j = nlohmann::json::parse(writeSessionJson(makeDocument()));
        j["window_geometry"] = { 1, 2, 3 };
        j["cluster"]["gpu"]["colour"] = "green";
        j["selected_plan"]["expert_parallel"] = 1;
        QVERIFY(readSessionJson(j.dump(), "s") == makeDocument());
    }

    void relativeModelPath()
    {
        QCOMPARE(sessionRelativeModelPath("/a/b/models/m.json", "/a/b/s.shardscope"), std::string("models/m.json"));
        QCOMPARE(sessionRelativeModelPath("/a/models/m.json", "/a/b/s.shardscope"), std::string("../models/m.json"));
        QCOMPARE(sessionRelativeModelPath("/a/b/./x/../m.json", "/a/b/s.shardscope"), std::string("m.json"));
        QCOMPARE(sessionRelativeModelPath("", "/a/b/s.shardscope"), std::string());

        SessionDocument d;
        d.cluster = makeDocument().cluster;
        d.model = "/a/b/models/m.json";
        const SessionDocument file = readSessionJson(writeSessionJson(d, "/a/b/s.shardscope"), "s");
        QCOMPARE(file.model, d.model); // stored as the caller gave it
        QCOMPARE(file.modelRelative, std::string("models/m.json"));

        d.model = "llama-3-70b";
        d.modelIsBundled = true;
        d.modelRelative = "stale.json";
        QCOMPARE(readSessionJson(writeSessionJson(d, "/a/b/s.shardscope"), "s").modelRelative, std::string());
    }

    void resolveModelPath()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QDir root(tmp.path());
        QVERIFY(root.mkpath(QStringLiteral("project/models")));
        QVERIFY(root.mkpath(QStringLiteral("models")));
        const QString model = root.filePath(QStringLiteral("project/models/m.json"));
        const QString sharedModel = root.filePath(QStringLiteral("models/s.json"));
        writeText(model, "{}");
        writeText(sharedModel, "{}");
        const QString session = root.filePath(QStringLiteral("project/run.shardscope"));

        // Absolute and existing: as it is.
        SessionDocument d;
        d.cluster = makeDocument().cluster;
        d.model = model.toStdString();
        writeText(session, writeSessionJson(d, session.toStdString()));
        SessionDocument read = readSessionJson(testing::readFile(session.toStdString()), "s");
        QCOMPARE(read.modelRelative, std::string("models/m.json"));
        QCOMPARE(resolveSessionModelPath(read, session.toStdString()), model.toStdString());

        // The folder moved with its model: the old absolute path is gone, the relative one opens.
        QVERIFY(root.rename(QStringLiteral("project"), QStringLiteral("moved")));
        const QString movedSession = root.filePath(QStringLiteral("moved/run.shardscope"));
        read = readSessionJson(testing::readFile(movedSession.toStdString()), "s");
        QVERIFY(!QFile::exists(QString::fromStdString(read.model)));
        QCOMPARE(resolveSessionModelPath(read, movedSession.toStdString()),
            root.filePath(QStringLiteral("moved/models/m.json")).toStdString());

        // A model beside the session folder (../models) moved together with it.
        d.model = sharedModel.toStdString();
        const std::string beside = writeSessionJson(d, movedSession.toStdString());
        QCOMPARE(readSessionJson(beside, "s").modelRelative, std::string("../models/s.json"));
        QVERIFY(root.mkpath(QStringLiteral("elsewhere")));
        QVERIFY(root.rename(QStringLiteral("moved"), QStringLiteral("elsewhere/moved")));
        QVERIFY(root.rename(QStringLiteral("models"), QStringLiteral("elsewhere/models")));
        QCOMPARE(resolveSessionModelPath(readSessionJson(beside, "s"),
                     root.filePath(QStringLiteral("elsewhere/moved/run.shardscope")).toStdString()),
            root.filePath(QStringLiteral("elsewhere/models/s.json")).toStdString());

        // Found nowhere: the path the user chose, so the error names it.
        SessionDocument lost;
        lost.model = "/no/such/dir/m.json";
        lost.modelRelative = "models/gone.json";
        QCOMPARE(resolveSessionModelPath(lost, movedSession.toStdString()), lost.model);

        // A relative model path is relative to the session's folder.
        SessionDocument relative;
        relative.model = "models/m.json";
        QCOMPARE(resolveSessionModelPath(relative, root.filePath(QStringLiteral("x/run.shardscope")).toStdString()),
            root.filePath(QStringLiteral("x/models/m.json")).toStdString());

        // A bundled model is a name, never a path.
        SessionDocument bundled;
        bundled.model = "llama-3-70b";
        bundled.modelIsBundled = true;
        QCOMPARE(resolveSessionModelPath(bundled, movedSession.toStdString()), std::string("llama-3-70b"));
    }
};

QTEST_GUILESS_MAIN(TestSessionDocument)
#include "tst_session_document.moc"
