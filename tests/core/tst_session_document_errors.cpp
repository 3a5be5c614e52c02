// SPDX-License-Identifier: GPL-3.0-or-later
// Session files that cannot be read (core/export/session_document.*): every read error names the file, the
// JSON path and what was expected (docs/bad-inputs.md), a bundled model needs its name, and syntax errors give
// line and column. The documents and round trips: tst_session_document.cpp.
#include "export/session_document.h"

#include "util/input_error.h"
#include "util/json_reader.h"

#include "json_edit.h"
#include "session_fixtures.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

class TestSessionDocumentErrors : public QObject
{
    Q_OBJECT

private slots:
    void readErrors_data()
    {
        QTest::addColumn<QString>("pointer");  // JSON pointer to edit
        QTest::addColumn<QString>("value");    // JSON text to put there; empty removes the key
        QTest::addColumn<QString>("position"); // expected InputError::position()
        QTest::addColumn<QString>("fragment"); // expected part of the message
        QTest::newRow("wrong format") << "/format" << "\"shardscope-plan\"" << "$.format"
                                      << "expected \"shardscope-session\", got \"shardscope-plan\"";
        QTest::newRow("version 2") << "/version" << "2" << "$.version" << "version 2 is newer";
        QTest::newRow("version 0") << "/version" << "0" << "$.version" << "got 0";
        QTest::newRow("unknown profile") << "/profile" << "\"my-stack\"" << "$.profile"
                                         << "unknown software-stack profile \"my-stack\"; expected one of \"megatron-bridge\", ";
        QTest::newRow("profile a number") << "/profile" << "7" << "$.profile" << "expected a string";
        QTest::newRow("missing generator") << "/generator" << "" << "$.generator" << "missing required field";
        QTest::newRow("model a string") << "/model" << "\"x.json\"" << "$.model" << "expected an object, got string";
        QTest::newRow("model source missing") << "/model/source" << "" << "$.model.source" << "missing required field";
        QTest::newRow("bundled not a boolean") << "/model/bundled" << "1" << "$.model.bundled" << "expected true or false, got integer";
        QTest::newRow("relative path a number") << "/model/relative_path" << "5" << "$.model.relative_path" << "expected a string, got integer";
        QTest::newRow("missing cluster") << "/cluster" << "" << "$.cluster" << "missing required field \"cluster\"";
        QTest::newRow("negative nodes") << "/cluster/nodes" << "-2" << "$.cluster.nodes" << "expected an integer from 1 to 2147483647, got -2";
        QTest::newRow("gpu memory zero") << "/cluster/gpu/memory_bytes" << "0" << "$.cluster.gpu.memory_bytes" << "positive memory size";
        QTest::newRow("gpu name missing") << "/cluster/gpu/name" << "" << "$.cluster.gpu.name" << "missing required field";
        QTest::newRow("link efficiency 0") << "/cluster/intra_node/efficiency" << "0" << "$.cluster.intra_node" << "link efficiency must be in (0, 1]";
        QTest::newRow("seq_length abc") << "/training/seq_length" << "\"abc\"" << "$.training.seq_length" << "expected an integer from 1 to 9223372036854775807, got string";
        QTest::newRow("seq_length absurd") << "/training/seq_length" << "1000000000" << "$.training.seq_length" << "implausibly large";
        QTest::newRow("memory margin 1") << "/training/memory_margin" << "1" << "$.training.memory_margin" << "[0, 1)";
        QTest::newRow("unknown precision") << "/training/precision" << "\"int4\"" << "$.training.precision" << "unknown value \"int4\"";
        QTest::newRow("fractional tp pin") << "/training/pins/tp" << "2.5" << "$.training.pins.tp" << "expected an integer";
        QTest::newRow("zero stage pin 7") << "/training/pins/zero_stage" << "7" << "$.training.pins.zero_stage" << "ZeRO stage must be 0, 1, 2 or 3";
        QTest::newRow("unknown recompute pin") << "/training/pins/recompute" << "\"some\"" << "$.training.pins.recompute" << "unknown value \"some\"";
        QTest::newRow("pins missing") << "/training/pins" << "" << "$.training.pins" << "missing required field";
        QTest::newRow("unknown strategy") << "/strategy" << "\"fastest\"" << "$.strategy" << "unknown value \"fastest\"";
        QTest::newRow("weights not numbers") << "/weights/compute" << "\"high\"" << "$.weights.compute" << "expected a number, got string";
        QTest::newRow("weights an array") << "/weights" << "[0.1, 0.8, 0.1]" << "$.weights" << "expected an object, got array";
        QTest::newRow("negative weight") << "/weights/memory" << "-0.5" << "$.weights.memory" << "expected a number from 0";
        QTest::newRow("top_count 0") << "/top_count" << "0" << "$.top_count" << "got 0";
        QTest::newRow("show_infeasible yes") << "/show_infeasible" << "\"yes\"" << "$.show_infeasible" << "expected true or false, got string";
        QTest::newRow("selected_plan.tp 0") << "/selected_plan/tp" << "0" << "$.selected_plan.tp" << "expected an integer from 1 to 2147483647, got 0";
        QTest::newRow("selected_plan zero stage 4") << "/selected_plan/zero_stage" << "4" << "$.selected_plan.zero_stage" << "from 0 to 3, got 4";
        QTest::newRow("selected_plan schedule") << "/selected_plan/schedule" << "\"zigzag\"" << "$.selected_plan.schedule" << "unknown value \"zigzag\"";
        QTest::newRow("selected_plan an array") << "/selected_plan" << "[2, 2, 4]" << "$.selected_plan" << "expected an object, got array";
        QTest::newRow("cp pin 0") << "/training/pins/cp" << "0" << "$.training.pins.cp" << "expected an integer from 1 to 2147483647, got 0";
        QTest::newRow("unknown cp_comm_type pin") << "/training/pins/cp_comm_type" << "\"mesh\"" << "$.training.pins.cp_comm_type"
                                                  << "unknown value \"mesh\"; expected \"p2p\" (ring) or \"a2a\" (all-to-all)";
        QTest::newRow("dp_replicate pin -1") << "/training/pins/dp_replicate" << "-1" << "$.training.pins.dp_replicate" << "got -1";
        QTest::newRow("reshard pin a number") << "/training/pins/reshard_after_forward" << "0" << "$.training.pins.reshard_after_forward"
                                              << "expected true or false, got integer";
        QTest::newRow("selected_plan.cp 1.5") << "/selected_plan/cp" << "1.5" << "$.selected_plan.cp" << "expected an integer";
        QTest::newRow("selected_plan cp_comm_type") << "/selected_plan/cp_comm_type" << "true" << "$.selected_plan.cp_comm_type"
                                                    << "expected a string, got boolean";
        QTest::newRow("selected_plan dp_replicate 3") << "/selected_plan/dp_replicate" << "3" << "$.selected_plan.dp_replicate"
                                                      << "expected a divisor of dp x cp = 8";
        QTest::newRow("ep pin 0") << "/training/pins/ep" << "0" << "$.training.pins.ep"
                                  << "expected an integer from 1 to 2147483647, got 0";
        QTest::newRow("etp pin a string") << "/training/pins/etp" << "\"2\"" << "$.training.pins.etp"
                                          << "expected an integer";
        QTest::newRow("moe_imbalance below 1") << "/training/moe_imbalance" << "0.9" << "$.training.moe_imbalance"
                                               << "expected a number from 1.0 to 64.0, got 0.9";
        QTest::newRow("moe_capacity_factor 0") << "/training/moe_capacity_factor" << "0"
                                               << "$.training.moe_capacity_factor" << "above 0";
        QTest::newRow("moe_capacity_factor 100") << "/training/moe_capacity_factor" << "100"
                                                 << "$.training.moe_capacity_factor" << "expected a number from 0 to 64.0, got 100";
        QTest::newRow("selected_plan ep 3") << "/selected_plan/ep" << "3" << "$.selected_plan.ep"
                                            << "expected ep x etp to divide a stage's tp x cp x dp = 16 GPUs";
        QTest::newRow("selected_plan etp 16") << "/selected_plan/etp" << "16" << "$.selected_plan.etp"
                                              << "got ep 4 x etp 16";
        QTest::newRow("selected_plan ep 0") << "/selected_plan/ep" << "0" << "$.selected_plan.ep" << "got 0";
        QTest::newRow("ep overlap pin a string") << "/training/pins/ep_comm_overlap" << "\"on\""
                                                 << "$.training.pins.ep_comm_overlap" << "expected true or false, got string";
        QTest::newRow("selected_plan ep overlap 1") << "/selected_plan/ep_comm_overlap" << "1"
                                                    << "$.selected_plan.ep_comm_overlap" << "expected true or false, got integer";
    }

    void readErrors()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, fragment);
        nlohmann::json doc = nlohmann::json::parse(writeSessionJson(makeDocument()));
        editJson(doc, pointer, value);
        try {
            readSessionJson(dump(doc), "bad.shardscope");
            QFAIL("accepted a bad session");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("bad.shardscope"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).startsWith("session file: "), e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(fragment), e.what());
            QVERIFY2(QString(e.what()).startsWith("bad.shardscope:" + position + ": "), e.what());
        }
    }

    void bundledModelNeedsName()
    {
        nlohmann::json doc = nlohmann::json::parse(writeSessionJson(makeDocument()));
        doc["model"]["bundled"] = true;
        doc["model"]["source"] = "";
        try {
            readSessionJson(dump(doc), "b.shardscope");
            QFAIL("accepted a bundled model without a name");
        } catch (const InputError& e) {
            QCOMPARE(e.position(), std::string("$.model.source"));
        }
    }

    void syntaxErrors()
    {
        const std::string text = writeSessionJson(makeDocument());
        const std::string truncated = text.substr(0, text.size() / 2);
        try {
            readSessionJson(truncated, "cut.shardscope");
            QFAIL("accepted truncated JSON");
        } catch (const InputError& e) {
            QCOMPARE(e.source(), std::string("cut.shardscope"));
            QCOMPARE(e.position(), lineColumnAt(truncated, truncated.size()));
            QVERIFY2(e.position().starts_with("line "), e.what());
            QVERIFY2(e.message() == "session file: unexpected end of input; the JSON is truncated", e.what());
        }
        try {
            readSessionJson("{\n  \"format\": \"shardscope-session\",\n  \"version\": 1 x\n}", "junk.shardscope");
            QFAIL("accepted junk");
        } catch (const InputError& e) {
            QCOMPARE(e.position(), std::string("line 3, column 16"));
            QVERIFY2(e.message().starts_with("session file: invalid JSON: "), e.what());
        }
        try {
            readSessionJson(" \n", "empty.shardscope");
            QFAIL("accepted an empty file");
        } catch (const InputError& e) {
            QVERIFY2(e.message().find("empty") != std::string::npos, e.what());
        }
        try {
            readSessionJson("[1, 2]", "array.shardscope");
            QFAIL("accepted an array");
        } catch (const InputError& e) {
            QCOMPARE(e.position(), std::string("$"));
            QVERIFY2(e.message().find("expected an object, got array") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionDocumentErrors)
#include "tst_session_document_errors.moc"
