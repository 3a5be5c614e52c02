// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files that cannot be read: every read error names the file, the JSON path and what was
// expected (docs/bad-inputs.md); syntax errors give line and column; writes are atomic. The
// documents and round trips are tst_plan_json.cpp.
#include "export/plan_json.h"
#include "plan_json_fixtures.h"

#include "cost/plan_evaluator.h"
#include "partition/planner.h"
#include "hardware/hardware_catalog.h"
#include "util/json_reader.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "util/atomic_file.h"
#include "util/input_error.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;

class TestPlanJsonErrors : public QObject
{
    Q_OBJECT
private slots:
    void readErrors_data()
    {
        QTest::addColumn<int>("mutation");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("wrong format") << 0 << "$.format"
                                      << "expected \"shardscope-plan\"";
        QTest::newRow("version 2") << 1 << "$.version"
                                   << "newer";
        QTest::newRow("missing field") << 2 << "$.plans[0].stages[1].memory.weights_bytes"
                                       << "missing required field";
        QTest::newRow("string for number") << 3 << "$.plans[0].stages[1].memory.weights_bytes"
                                           << "expected a number, got string";
        QTest::newRow("unknown schedule") << 4 << "$.plans[1].config.schedule"
                                          << "\"zigzag\"";
        QTest::newRow("fractional tp") << 5 << "$.inputs.training.pins.tp"
                                       << "expected an integer";
        QTest::newRow("devices disagree") << 6 << "$.plans[0].stages[0].devices"
                                          << "[0, 4)";
        QTest::newRow("analysis not an object") << 7 << "$.analysis"
                                                << "expected an object or null";
        QTest::newRow("plans not an array") << 8 << "$.plans"
                                            << "expected an array, got object";
        QTest::newRow("unknown proposal kind") << 9 << "$.plans[0].proposals[0].kind"
                                               << "unknown value \"faster\"";
        QTest::newRow("proposal overlap above 1") << 10 << "$.plans[0].proposals[1].dp_overlap"
                                                  << "expected a number from 0";
        QTest::newRow("negative rope_theta") << 11 << "$.inputs.model.transformer.rope_theta"
                                             << "expected a number from 2";
        QTest::newRow("string rope_theta") << 12 << "$.inputs.model.transformer.rope_theta"
                                           << "expected a number, got string";
        QTest::newRow("absurd rope_theta") << 13 << "$.inputs.model.transformer.rope_theta"
                                           << "got 1e+300";
        QTest::newRow("rope_scaling high below low") << 14 << "$.inputs.model.transformer.rope_scaling.high_freq_factor"
                                                     << "above low_freq_factor";
        QTest::newRow("rope_scaling without factor") << 15 << "$.inputs.model.transformer.rope_scaling.factor"
                                                     << "missing required field";
        QTest::newRow("rope_theta with learned positions") << 16 << "$.inputs.model.transformer.rope_theta"
                                                           << "rotary positions only";
        QTest::newRow("cp 0") << 17 << "$.plans[0].config.cp"
                              << "expected an integer from 1";
        QTest::newRow("unknown cp_comm_type") << 18 << "$.plans[0].config.cp_comm_type"
                                              << "unknown value \"zigzag\"; expected \"p2p\" (ring) or \"a2a\" (all-to-all)";
        QTest::newRow("dp_replicate not dividing") << 19 << "$.plans[0].config.dp_replicate"
                                                   << "expected a divisor of dp x cp = 2";
        QTest::newRow("reshard a string") << 20 << "$.plans[0].config.reshard_after_forward"
                                          << "expected true or false, got string";
        QTest::newRow("cp_comm_type pin a number") << 21 << "$.inputs.training.pins.cp_comm_type"
                                                   << "expected a string, got integer";
        QTest::newRow("dp_replicate pin 0") << 22 << "$.inputs.training.pins.dp_replicate"
                                            << "expected an integer from 1";
        QTest::newRow("negative cp time") << 23 << "$.plans[0].time.cp_comm_seconds"
                                          << "expected a number from 0";
        QTest::newRow("chunk share above 1") << 24 << "$.plans[0].stages[0].chunk_shares[0]"
                                             << "expected a fraction from 0 to 1";
        QTest::newRow("chunk gap") << 25 << "$.plans[1].chunk_layers[1].first_layer"
                                   << "(where the previous chunk ends)";
        QTest::newRow("chunk off its stage") << 26 << "$.plans[1].chunk_layers[0]"
                                             << "lies in no layer range of the plan's stages; a chunk runs on one stage";
        QTest::newRow("chunk count") << 27 << "$.plans[1].chunk_layers"
                                     << "expected pp x vpp = 2 chunks, got 1";
        QTest::newRow("chunks short of the model") << 28 << "$.plans[1].chunk_layers"
                                                   << "the chunks end at layer 130, but the model has 131 layers";
        QTest::newRow("cp past int") << 29 << "$.plans[0].config"
                                     << "tp x cp x pp x dp = 2 x 1073741824 x 2 x 2 GPUs";
        QTest::newRow("input_norm a string") << 30 << "$.inputs.model.transformer.input_norm"
                                             << "expected true or false, got string";
        QTest::newRow("mlp_input_norm a number") << 31 << "$.inputs.model.transformer.mlp_input_norm"
                                                 << "expected true or false, got integer";
        QTest::newRow("output_norms a string") << 32 << "$.inputs.model.transformer.output_norms"
                                               << "expected true or false, got string";
        QTest::newRow("parallel_block an array") << 33 << "$.inputs.model.transformer.parallel_block"
                                                 << "expected true or false, got array";
        QTest::newRow("unknown qk_norm") << 34 << "$.inputs.model.transformer.qk_norm"
                                         << "unknown value \"both\"; expected \"none\", \"head\" or \"full\"";
        QTest::newRow("rotary_fraction 0") << 35 << "$.inputs.model.transformer.rotary_fraction"
                                           << "expected a number from 1e-06 to 1.0, got 0";
        QTest::newRow("rotary_fraction above 1") << 36 << "$.inputs.model.transformer.rotary_fraction"
                                                 << "expected a number from 1e-06 to 1.0, got 1.5";
        QTest::newRow("rotary_fraction a string") << 37 << "$.inputs.model.transformer.rotary_fraction"
                                                  << "expected a number, got string";
        QTest::newRow("lm_head_bias a number") << 38 << "$.inputs.model.transformer.lm_head_bias"
                                               << "expected true or false, got integer";
        QTest::newRow("activation a number") << 39 << "$.inputs.model.transformer.activation"
                                             << "expected a string, got integer";
        QTest::newRow("activation too long") << 40 << "$.inputs.model.transformer.activation"
                                             << "(at most 64 bytes), got 65 bytes";
        QTest::newRow("unknown norm") << 41 << "$.inputs.model.transformer.norm"
                                      << "unknown value \"groupnorm\"; expected \"rmsnorm\", \"layernorm\", "
                                         "\"layernorm_no_bias\" or \"layernorm_no_affine\"";
        QTest::newRow("unknown positions") << 42 << "$.inputs.model.transformer.positions"
                                           << "unknown value \"sinusoidal\"; expected \"rotary\", \"learned\", "
                                              "\"none\" or \"alibi\"";
    }

    void readErrors()
    {
        QFETCH(int, mutation);
        QFETCH(QString, position);
        QFETCH(QString, fragment);
        static const std::function<void(Json&)> mutations[] = {
            [](Json& j) { j["format"] = "shardscope-model"; },
            [](Json& j) { j["version"] = 2; },
            [](Json& j) { j["plans"][0]["stages"][1]["memory"].erase("weights_bytes"); },
            [](Json& j) { j["plans"][0]["stages"][1]["memory"]["weights_bytes"] = "lots"; },
            [](Json& j) { j["plans"][1]["config"]["schedule"] = "zigzag"; },
            [](Json& j) { j["inputs"]["training"]["pins"]["tp"] = 2.5; },
            [](Json& j) { j["plans"][0]["stages"][0]["devices"]["end"] = 8; },
            [](Json& j) { j["analysis"] = Json::array(); },
            [](Json& j) { j["plans"] = Json::object(); },
            [](Json& j) { j["plans"][0]["proposals"][0]["kind"] = "faster"; },
            [](Json& j) { j["plans"][0]["proposals"][1]["dp_overlap"] = 1.5; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rope_theta"] = -500000.0; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rope_theta"] = "500000"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rope_theta"] = 1e300; },
            [](Json& j) {
                j["inputs"]["model"]["transformer"]["rope_scaling"] = Json::parse(R"({"type": "llama3", "factor": 8.0,
                    "low_freq_factor": 4.0, "high_freq_factor": 1.0, "original_max_positions": 8192})");
            },
            [](Json& j) {
                j["inputs"]["model"]["transformer"]["rope_scaling"] = Json::parse(R"({"type": "llama3",
                    "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_positions": 8192})");
            },
            [](Json& j) {
                j["inputs"]["model"]["transformer"]["positions"] = "learned";
                j["inputs"]["model"]["transformer"]["rope_theta"] = 10000.0;
            },
            [](Json& j) { j["plans"][0]["config"]["cp"] = 0; },
            [](Json& j) { j["plans"][0]["config"]["cp_comm_type"] = "zigzag"; },
            [](Json& j) { j["plans"][0]["config"]["dp_replicate"] = 3; },
            [](Json& j) { j["plans"][0]["config"]["reshard_after_forward"] = "no"; },
            [](Json& j) { j["inputs"]["training"]["pins"]["cp_comm_type"] = 5; },
            [](Json& j) { j["inputs"]["training"]["pins"]["dp_replicate"] = 0; },
            [](Json& j) { j["plans"][0]["time"]["cp_comm_seconds"] = -1; },
            [](Json& j) { j["plans"][0]["stages"][0]["chunk_shares"] = Json::array({ 1.5 }); },
            [](Json& j) { setChunks(j, 0, 1); }, // a gap of one layer between the chunks
            [](Json& j) { setChunks(j, 4, 0); }, // chunk 0 reaches into stage 1
            [](Json& j) {
                setChunks(j, 0, 0);
                j["plans"][1]["chunk_layers"].erase(1);
            },
            [](Json& j) {
                setChunks(j, 0, 0);
                j["plans"][1]["chunk_layers"][1]["end_layer"] = 130;
            },
            [](Json& j) { j["plans"][0]["config"]["cp"] = 1 << 30; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["input_norm"] = "no"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["mlp_input_norm"] = 0; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["output_norms"] = "true"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["parallel_block"] = Json::array({ true }); },
            [](Json& j) { j["inputs"]["model"]["transformer"]["qk_norm"] = "both"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rotary_fraction"] = 0; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rotary_fraction"] = 1.5; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["rotary_fraction"] = "half"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["lm_head_bias"] = 1; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["activation"] = 2; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["activation"] = std::string(65, 'g'); },
            [](Json& j) { j["inputs"]["model"]["transformer"]["norm"] = "groupnorm"; },
            [](Json& j) { j["inputs"]["model"]["transformer"]["positions"] = "sinusoidal"; },
        };
        Json j = planDocumentToJson(makeDocument());
        mutations[mutation](j);
        try {
            readPlanJson(j.dump(2), "bad.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QStringLiteral("bad.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).contains(fragment), e.what());
            QVERIFY2(std::string(e.what()).find(position.toStdString()) != std::string::npos, e.what());
        }
    }

    void syntaxErrors()
    {
        QVERIFY_THROWS_EXCEPTION(InputError, readPlanJson("", "empty.json"));
        QVERIFY_THROWS_EXCEPTION(InputError, readPlanJson(" \n\t", "blank.json"));
        const std::string text = writePlanJson(makeDocument());
        const std::string truncated = text.substr(0, text.size() / 2);
        try {
            readPlanJson(truncated, "cut.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.position(), lineColumnAt(truncated, truncated.size()));
            QVERIFY2(e.position().starts_with("line ") && e.position().find(", column ") != std::string::npos,
                e.what());
            QVERIFY2(e.message().find("truncated") != std::string::npos, e.what());
        }
        try {
            readPlanJson("{\n  \"format\": \"shardscope-plan\",\n  \"version\": 1 x\n}", "junk.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(e.position(), std::string("line 3, column 16"));
        }
        QVERIFY_THROWS_EXCEPTION(InputError, readPlanJson("[1, 2]", "array.json"));
    }

    void atomicWrite()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("plan.json")).toStdString();
        writeFileAtomically(path, "first\n");
        writeFileAtomically(path, "second\n");
        std::ifstream in(path);
        std::stringstream content;
        content << in.rdbuf();
        QCOMPARE(content.str(), std::string("second\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
            QStringList { QStringLiteral("plan.json") }); // no temp left

        const std::string missing = dir.filePath(QStringLiteral("no/such/dir/plan.json")).toStdString();
        try {
            writeFileAtomically(missing, "x");
            QFAIL("no error");
        } catch (const std::runtime_error& e) {
            QVERIFY2(std::string(e.what()).find(missing) != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("No such file or directory") != std::string::npos, e.what());
        }
        // Renaming over a directory fails after the temp file exists: the temp file must be gone.
        const std::string asDir = dir.filePath(QStringLiteral("taken")).toStdString();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken")));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, writeFileAtomically(asDir, "x"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("plan.json") });
    }
};

QTEST_GUILESS_MAIN(TestPlanJsonErrors)
#include "tst_plan_json_errors.moc"
