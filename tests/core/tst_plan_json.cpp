// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files (core/export/plan_json.*): real documents written and read back byte for byte, the model's shape,
// the layout of the keys, proposals, the stated prediction error and exact doubles. Read errors:
// tst_plan_json_errors.cpp; context parallelism, hybrid sharding and chunk layouts: tst_plan_json_parallel.cpp;
// mixtures of experts: tst_plan_json_moe.cpp.
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


class TestPlanJson : public QObject
{
    Q_OBJECT

private slots:
    void documentIsReal()
    {
        const PlanDocument d = makeDocument();
        QCOMPARE(d.model.layerCount, 32 * 4 + 3);
        QCOMPARE(d.model.blockCount, 32);
        QVERIFY(d.model.transformer.has_value());
        QCOMPARE(d.plans.size(), std::size_t(3));
        for (int i = 0; i < 2; ++i) {
            const DocumentPlan& p = d.plans[std::size_t(i)];
            QVERIFY2(p.estimate.infeasibleReason.empty() || p.estimate.feasible,
                p.estimate.infeasibleReason.c_str());
            QCOMPARE(p.estimate.stages.size(), std::size_t(2));
            QCOMPARE(p.sharding.layerPartitions.size(), std::size_t(d.model.layerCount));
            QVERIFY(p.estimate.time.stepSeconds > 0);
        }
        // Interleaved: stage 0 runs chunks 0 and 2, so it has two layer ranges.
        QCOMPARE(d.plans[0].estimate.stages[0].layerRanges.size(), std::size_t(2));
        QCOMPARE(d.plans[0].rangeNames[0][0].first, std::string("model.embed_tokens"));
        QCOMPARE(d.plans[0].sharding.layerPartitions.back().chunk, 1);
        QVERIFY(d.plans[2].estimate.stages.empty());
        QVERIFY(d.plans[0].proposals.size() >= 3);
        QVERIFY(d.plans[1].proposals.empty());
        QVERIFY(!d.plans[2].estimate.infeasibleReason.empty());
    }

    void roundTrip()
    {
        const PlanDocument original = makeDocument();
        const std::string first = writePlanJson(original);
        QVERIFY(first.ends_with("}\n"));
        QVERIFY(first.starts_with("{\n  \"format\": \"shardscope-plan\",\n  \"version\": 1,"));
        const PlanDocument read = readPlanJson(first, "plan.json");
        expectEqual(read, original);
        const std::string second = writePlanJson(read);
        QCOMPARE(second, first); // byte-identical
        // The analysis passthrough keeps its key order.
        QVERIFY(second.find("\"zeta\": 1") < second.find("\"alpha\""));

        if (const char* example = std::getenv("SHARDSCOPE_WRITE_PLAN_EXAMPLE"))
            writeFileAtomically(example, first);
    }

    // Meta-Llama-3.1-405B's rope_theta and rope_scaling survive a round trip byte for byte.
    void ropeRoundTrip()
    {
        PlanDocument d = makeDocument();
        d.model.transformer->ropeTheta = 500000.0;
        d.model.transformer->ropeScaling = RopeScaling { "llama3", 8.0, 1.0, 4.0, 8192 };
        const std::string first = writePlanJson(d);
        const Json t = Json::parse(first)["inputs"]["model"]["transformer"];
        QCOMPARE(t["rope_theta"].get<double>(), 500000.0);
        QCOMPARE(t["rope_scaling"]["type"].get<std::string>(), std::string("llama3"));
        QCOMPARE(t["rope_scaling"]["factor"].get<double>(), 8.0);
        QCOMPARE(t["rope_scaling"]["low_freq_factor"].get<double>(), 1.0);
        QCOMPARE(t["rope_scaling"]["high_freq_factor"].get<double>(), 4.0);
        QCOMPARE(t["rope_scaling"]["original_max_positions"].get<int>(), 8192);
        const PlanDocument read = readPlanJson(first, "plan.json");
        expectEqual(read, d);
        QCOMPARE(read.model.transformer->ropeTheta.value_or(0), 500000.0);
        QCOMPARE(writePlanJson(read), first);
        // A different base is a difference the diff helper names.
        PlanDocument other = read;
        other.model.transformer->ropeTheta = 10000.0;
        QCOMPARE(QString::fromStdString(firstDifference(read, other)), QStringLiteral("$.inputs.model.transformer.rope_theta"));
    }

    // Files from before the rotary fields, and models whose source named no base, have no keys:
    // they read as unset and are written back byte for byte.
    void filesWithoutRopeStayReadable()
    {
        PlanDocument d = makeDocument();
        d.model.transformer->ropeTheta = 500000.0;
        d.model.transformer->ropeScaling = RopeScaling { "llama3", 8.0, 1.0, 4.0, 8192 };
        Json j = planDocumentToJson(d);
        j["inputs"]["model"]["transformer"].erase("rope_theta");
        j["inputs"]["model"]["transformer"].erase("rope_scaling");
        const std::string old = j.dump(2) + "\n";
        const PlanDocument read = readPlanJson(old, "old.json");
        QVERIFY(read.model.transformer.has_value());
        QVERIFY(!read.model.transformer->ropeTheta);
        QVERIFY(!read.model.transformer->ropeScaling);
        QCOMPARE(writePlanJson(read), old);
        // null reads as absent, like every optional field of the format.
        j["inputs"]["model"]["transformer"]["rope_theta"] = nullptr;
        QVERIFY(!readPlanJson(j.dump(2), "null.json").model.transformer->ropeTheta);
        // The writer leaves unset ones out rather than writing a default.
        const Json unset = planDocumentToJson(makeDocument())["inputs"]["model"]["transformer"];
        QVERIFY(!unset.contains("rope_theta"));
        QVERIFY(!unset.contains("rope_scaling"));
    }

    // Plans of Hugging Face families whose blocks are not Llama's keep their layout: read back equal and written
    // again byte for byte (before the reader knew the layout keys, they read as the Llama block).
    void hfFamiliesRoundTrip_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("layout"); // keys the transformer object must have, and their values
        QTest::addColumn<QStringList>("absent"); // layout keys at the Llama block's default, so not written
        // Gemma 2: norms on the attention and MLP outputs, GeGLU with the tanh GELU.
        QTest::newRow("gemma-2-9b") << QStringLiteral("gemma-2-9b.json")
                                    << QStringLiteral(R"({"norm": "rmsnorm", "gated_mlp": true, "head_dim": 256,
                                          "output_norms": true, "activation": "gelu_pytorch_tanh"})")
                                    << QStringList { QStringLiteral("parallel_block"), QStringLiteral("input_norm"),
                                                     QStringLiteral("mlp_input_norm"), QStringLiteral("rotary_fraction") };
        // Falcon-7B: attention and MLP in parallel sharing one input LayerNorm, multi-query attention.
        QTest::newRow("falcon-7b") << QStringLiteral("falcon-7b.json")
                                   << QStringLiteral(R"({"norm": "layernorm", "gated_mlp": false, "kv_heads": 1,
                                         "parallel_block": true, "mlp_input_norm": false, "activation": "gelu"})")
                                   << QStringList { QStringLiteral("output_norms"), QStringLiteral("qk_norm"),
                                                    QStringLiteral("rotary_fraction"), QStringLiteral("lm_head_bias") };
        // Nemotron (Minitron-4B): squared ReLU, half the head dimensions rotated.
        QTest::newRow("minitron-4b-base (nemotron)")
            << QStringLiteral("minitron-4b-base.json")
            << QStringLiteral(R"({"model_type": "nemotron", "norm": "layernorm", "gated_mlp": false,
                  "rotary_fraction": 0.5, "activation": "relu2"})")
            << QStringList { QStringLiteral("parallel_block"), QStringLiteral("output_norms"), QStringLiteral("qk_norm") };
    }
    void hfFamiliesRoundTrip()
    {
        QFETCH(QString, file);
        QFETCH(QString, layout);
        QFETCH(QStringList, absent);
        const PlanDocument original = hfDocument(file);
        QVERIFY(original.model.transformer.has_value());
        const std::string first = writePlanJson(original);
        const Json t = Json::parse(first)["inputs"]["model"]["transformer"];
        const Json expected = Json::parse(layout.toStdString());
        for (const auto& [key, value] : expected.items())
            QVERIFY2(t.contains(key) && t[key] == value, (key + ": " + t.value(key, Json()).dump()).c_str());
        for (const QString& key : absent)
            QVERIFY2(!t.contains(key.toStdString()), qPrintable(key));
        const PlanDocument read = readPlanJson(first, "plan.json");
        expectEqual(read, original);
        QCOMPARE(writePlanJson(read), first); // byte-identical
        // The layout is the imported model's, which the cost model priced.
        const TransformerSpec& a = *read.model.transformer;
        const TransformerSpec& b = *original.model.transformer;
        QCOMPARE(a.parallelBlock, b.parallelBlock);
        QCOMPARE(a.mlpInputNorm, b.mlpInputNorm);
        QCOMPARE(a.outputNorms, b.outputNorms);
        QCOMPARE(a.rotaryFraction, b.rotaryFraction);
        QCOMPARE(a.activation, b.activation);
        QCOMPARE(a.paramCount(), original.model.totalParams);
    }

    // Every key the writer puts in inputs.model.transformer is read back and compared: with all optional keys
    // written, changing any one of them gives a document that differs at exactly that key.
    // The reader checks the expert and latent-attention keys as importing does, naming the key.
    void inconsistentExpertKeysAreRefused()
    {
        const Json base = planDocumentToJson(makeDocument());
        auto error = [&](const std::function<void(Json&)>& change) {
            Json j = base;
            change(j["inputs"]["model"]["transformer"]);
            try {
                readPlanJson(j.dump(), "moe.json");
            } catch (const InputError& e) {
                return QString::fromStdString(e.position() + ": " + e.message());
            }
            return QString();
        };
        QVERIFY(error([](Json& t) { t["experts"] = 8; t["experts_per_token"] = 9; })
                    .startsWith("$.inputs.model.transformer.experts_per_token: plan file: expected between 1 and 8"));
        QVERIFY(error([](Json& t) { t["experts"] = 8; t["experts_per_token"] = 2; t["moe_layer_freq"] = 0; })
                    .startsWith("$.inputs.model.transformer.moe_layer_freq: plan file: expected a MoE block every 1 to"));
        QVERIFY(error([](Json& t) { t["shared_expert_ffn"] = 1024; })
                    .startsWith("$.inputs.model.transformer.experts: plan file: expert settings"));
        QVERIFY(error([](Json& t) { t["qk_rope_head_dim"] = 64; })
                    .startsWith("$.inputs.model.transformer.kv_lora_rank: plan file: multi-head latent attention needs"));
        QVERIFY(error([](Json& t) { t["experts"] = 8; t["experts_per_token"] = 2; }).isEmpty());
    }

    void everyTransformerKeyIsReadAndCompared()
    {
        PlanDocument d = makeDocument();
        TransformerSpec& s = *d.model.transformer;
        s.ropeTheta = 500000.0;
        s.ropeScaling = RopeScaling { "llama3", 8.0, 1.0, 4.0, 8192 };
        s.inputNorm = false;
        s.mlpInputNorm = false;
        s.outputNorms = true;
        s.parallelBlock = true;
        s.qkNorm = QkNorm::Full;
        s.rotaryFraction = 0.25;
        s.lmHeadBias = true;
        s.activation = "gelu";
        // Mixture of experts and multi-head latent attention, consistent enough to pass the reader's expert checks
        // (TransformerSpec::validateExperts) with each key changed by one.
        s.experts = 8;
        s.expertsPerToken = 2;
        s.expertFfn = 1024;
        s.sharedExpertFfn = 2048;
        s.sharedExpertGate = true;
        s.routerBias = true;
        s.firstDenseLayers = 1;
        s.moeLayerFreq = 2;
        s.qLoraRank = 64;
        s.kvLoraRank = 32;
        s.qkNopeHeadDim = 16;
        s.qkRopeHeadDim = 8;
        s.vHeadDim = 16;
        s.mtpLayers = 1;
        s.attentionSinks = true;
        const Json j = planDocumentToJson(d);
        const Json& t = j["inputs"]["model"]["transformer"];
        QCOMPARE(int(t.size()), 43); // name, model_type and the model format's 41 keys
        QCOMPARE(QString::fromStdString(firstDifference(readPlanJson(j.dump(2), "all.json"), d)), QString());
        for (const auto& [key, value] : t.items()) {
            Json k = j;
            Json& v = k["inputs"]["model"]["transformer"][key];
            if (value.is_boolean())
                v = !value.get<bool>();
            else if (value.is_number_integer())
                v = value.get<std::int64_t>() + 1;
            else if (value.is_number_float())
                v = value.get<double>() / 2 + (key == "rope_theta" ? 1000.0 : 0.0);
            else if (value.is_object())
                v["factor"] = 16.0;
            else if (key == "norm")
                v = "layernorm_no_affine";
            else if (key == "qk_norm")
                v = "head";
            else if (key == "positions") { // rotary settings belong to rotary positions only
                v = "alibi";
                k["inputs"]["model"]["transformer"].erase("rope_theta");
                k["inputs"]["model"]["transformer"].erase("rope_scaling");
            } else
                v = value.get<std::string>() + "x";
            QCOMPARE(QString::fromStdString(firstDifference(readPlanJson(k.dump(2), "changed.json"), d)),
                     QStringLiteral("$.inputs.model.transformer.") + QString::fromStdString(key));
        }
    }

    // Files from before the block-layout keys, and Llama-style models, have none: the Llama block.
    void filesWithoutLayoutKeysReadAsLlamaBlocks()
    {
        const std::string text = writePlanJson(makeDocument());
        const Json t = Json::parse(text)["inputs"]["model"]["transformer"];
        for (const char* key : { "input_norm", "mlp_input_norm", "output_norms", "parallel_block", "qk_norm",
                                 "rotary_fraction", "lm_head_bias", "activation" })
            QVERIFY2(!t.contains(key), key);
        const TransformerSpec read = *readPlanJson(text, "llama.json").model.transformer;
        const TransformerSpec llama;
        QCOMPARE(read.inputNorm, llama.inputNorm);
        QCOMPARE(read.mlpInputNorm, llama.mlpInputNorm);
        QCOMPARE(read.outputNorms, llama.outputNorms);
        QCOMPARE(read.parallelBlock, llama.parallelBlock);
        QVERIFY(read.qkNorm == QkNorm::None);
        QCOMPARE(read.rotaryFraction, 1.0);
        QCOMPARE(read.lmHeadBias, false);
        QCOMPARE(read.activation, std::string());
        // null reads as absent, like every optional key.
        Json j = Json::parse(text);
        j["inputs"]["model"]["transformer"]["parallel_block"] = nullptr;
        j["inputs"]["model"]["transformer"]["activation"] = nullptr;
        QVERIFY(!readPlanJson(j.dump(2), "null.json").model.transformer->parallelBlock);
    }

    void layout()
    {
        const Json j = planDocumentToJson(makeDocument());
        const Json& plan = j["plans"][0];
        QCOMPARE(plan["config"]["schedule"].get<std::string>(), std::string("interleaved"));
        QCOMPARE(plan["stages"][1]["devices"]["first"].get<int>(), 4);
        QCOMPARE(plan["stages"][1]["devices"]["end"].get<int>(), 8);
        const Json& sp = plan["sharding_plan"];
        QCOMPARE(sp["num_pp_stages"].get<int>(), 2);
        QCOMPARE(sp["tp_size"].get<int>(), 2);
        QCOMPARE(sp["dp_size"].get<int>(), 2);
        QVERIFY(sp["estimated_memory_per_device"].is_number_integer()); // the seed's usize
        QVERIFY(sp["communication_volume"].is_number_integer());
        QCOMPARE(sp["layer_partitions"][0]["strategy"].get<std::string>(), std::string("TensorWise"));
        QCOMPARE(j["inputs"]["training"]["pins"]["pp"], Json(nullptr));
        QCOMPARE(j["inputs"]["training"]["pins"]["tp"].get<int>(), 2);
        // Derived convenience values are written but not needed to read the file back.
        const Json& mem = plan["stages"][0]["memory"];
        QCOMPARE(
            mem["total_bytes"].get<double>(), makeDocument().plans[0].estimate.stages[0].memory.totalBytes());
        // Proposals: every plan has the array, the best plan's is filled, in rank order.
        const PlanDocument d = makeDocument();
        const Json& proposals = plan["proposals"];
        QVERIFY(proposals.is_array());
        QCOMPARE(proposals.size(), d.plans[0].proposals.size());
        QVERIFY(j["plans"][1]["proposals"].is_array() && j["plans"][1]["proposals"].empty());
        const Proposal& first = d.plans[0].proposals.front();
        QCOMPARE(proposals[0]["kind"].get<std::string>(), std::string(toString(first.kind)));
        QCOMPARE(proposals[0]["title"].get<std::string>(), first.title.text());
        QCOMPARE(proposals[0]["speedup"].get<double>(), first.speedup);
        QCOMPARE(proposals[0]["step_seconds"].get<double>(), first.estimate.time.stepSeconds);
        // dp_overlap is the proposal's training override, null without one (the document sets none, and
        // no proposal changes it).
        QVERIFY(!d.training.dpOverlap);
        for (std::size_t i = 0; i < proposals.size(); ++i) {
            const std::optional<double>& overlap = d.plans[0].proposals[i].training.dpOverlap;
            QCOMPARE(overlap, d.training.dpOverlap);
            QVERIFY(proposals[i].contains("dp_overlap"));
            QCOMPARE(proposals[i]["dp_overlap"].is_null(), !overlap);
        }
        QVERIFY(proposals[0]["config"].is_object());
        // With an override, the proposals carry it as a number and read back with it.
        PlanDocument overridden = d;
        overridden.training.dpOverlap = 0.25;
        for (Proposal& q : overridden.plans[0].proposals)
            q.training.dpOverlap = 0.25;
        const Json o = planDocumentToJson(overridden);
        QCOMPARE(o["inputs"]["training"]["dp_overlap"].get<double>(), 0.25);
        QCOMPARE(o["plans"][0]["proposals"][0]["dp_overlap"].get<double>(), 0.25);
        const PlanDocument back = readPlanJson(o.dump(2), "overridden.json");
        QCOMPARE(back.training.dpOverlap, std::optional<double>(0.25));
        QCOMPARE(back.plans[0].proposals[0].training.dpOverlap, std::optional<double>(0.25));
    }

    void filesWithoutProposalsStayReadable()
    {
        Json j = planDocumentToJson(makeDocument());
        for (Json& plan : j["plans"])
            plan.erase("proposals");
        const PlanDocument read = readPlanJson(j.dump(2), "old.json");
        for (const DocumentPlan& plan : read.plans)
            QVERIFY(plan.proposals.empty());
        // A proposal read back carries the document's training spec with its own dp_overlap.
        const PlanDocument full = readPlanJson(writePlanJson(makeDocument()), "new.json");
        for (const Proposal& p : full.plans[0].proposals) {
            TrainingSpec expected = full.training;
            expected.dpOverlap = p.training.dpOverlap;
            QVERIFY(!p.training.dpOverlap || (*p.training.dpOverlap >= 0 && *p.training.dpOverlap <= 1));
            QCOMPARE(p.training.dpOverlap, full.training.dpOverlap);
            QCOMPARE(p.training.seqLength, expected.seqLength);
            QVERIFY(p.estimate.config == p.config);
        }
    }

    // The document-level "prediction_error" states the cost model's measured error on the cluster's
    // GPU family, from its calibration; it is derived, so files without it read and write back with it.
    void predictionError()
    {
        const PlanDocument d = makeDocument();
        const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
        QVERIFY(h100);
        const CalibrationInfo& c = h100->calibration;
        QVERIFY(c.calibrated());
        const Json j = planDocumentToJson(d);
        QVERIFY(j.contains("prediction_error"));
        const Json& pe = j["prediction_error"];
        QCOMPARE(pe["family"].get<std::string>(), c.family);
        QCOMPARE(pe["calibration_runs"].get<int>(), c.runs);
        QCOMPARE(pe["rms_error"].get<double>(), c.rmsError);
        QCOMPARE(pe["max_error"].get<double>(), c.maxError);
        QCOMPARE(pe["text"].get<std::string>(), c.describe());
        QVERIFY(pe["text"].get<std::string>().find("calibration runs, H100") != std::string::npos);
        // Between the search statistics and the plans.
        const std::string text = writePlanJson(d);
        QVERIFY(text.find("\"search\"") < text.find("\"prediction_error\""));
        QVERIFY(text.find("\"prediction_error\"") < text.find("\"plans\""));

        // Older files have none: they read as the same document and are written with it.
        Json old = j;
        old.erase("prediction_error");
        const PlanDocument read = readPlanJson(old.dump(2) + "\n", "old.json");
        expectEqual(read, d);
        QCOMPARE(writePlanJson(read), text);

        // A family without calibration runs says so, with no error numbers to misread.
        PlanDocument uncalibrated = d;
        uncalibrated.cluster.gpu.calibration = CalibrationInfo {};
        uncalibrated.cluster.gpu.calibration.family = "B200";
        const Json u = planDocumentToJson(uncalibrated)["prediction_error"];
        QCOMPARE(u["family"].get<std::string>(), std::string("B200"));
        QCOMPARE(u["calibration_runs"].get<int>(), 0);
        QVERIFY(u["rms_error"].is_null() && u["max_error"].is_null());
        QCOMPARE(u["text"].get<std::string>(), uncalibrated.cluster.gpu.calibration.describe());
        QVERIFY(u["text"].get<std::string>().starts_with("uncalibrated"));
        const std::string written = writePlanJson(uncalibrated);
        QCOMPARE(writePlanJson(readPlanJson(written, "uncalibrated.json")), written);
        // The diff helper names the calibration it is written from.
        PlanDocument other = d;
        other.cluster.gpu.calibration.runs += 1;
        QCOMPARE(QString::fromStdString(firstDifference(d, other)), QStringLiteral("$.inputs.cluster.gpu.calibration"));
    }

    void planningFillsBestPlanProposals()
    {
        PlanningProblem p;
        p.model = buildModelGraph(llama3_8b());
        const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
        QVERIFY(h100);
        p.cluster = ClusterSpec::make(*h100, 8, 8);
        p.training.globalBatch = 16;
        p.training.pins.tp = 2;
        p.training.pins.pp = 2;
        const PlanningOutcome outcome = runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, 2);
        QVERIFY(!outcome.top.empty());
        const PlanDocument d = makePlanDocument(p, Strategy::Exhaustive, ScoreWeights {}, outcome, "test");
        QVERIFY(!d.plans.front().proposals.empty());
        for (std::size_t i = 1; i < d.plans.size(); ++i)
            QVERIFY(d.plans[i].proposals.empty());
        const std::string first = writePlanJson(d);
        QCOMPARE(writePlanJson(readPlanJson(first, "planned.json")), first);
    }

    void doublesRoundTripExactly()
    {
        PlanDocument d = makeDocument();
        const double values[]
            = { 0.1, 1.0 / 3.0, 2.0 / 3.0, 1e-300, 5e-324, std::numeric_limits<double>::max(),
                  9007199254740993.0, 123456789.123456789, 0.0, 1e21, 6.02214076e23 };
        for (double v : values) {
            d.plans[0].estimate.stages[1].memory.activationsBytes = v;
            d.search.elapsedSeconds = v;
            const PlanDocument back = readPlanJson(writePlanJson(d), "doubles");
            QCOMPARE(back.plans[0].estimate.stages[1].memory.activationsBytes, v);
            QVERIFY(std::memcmp(&back.search.elapsedSeconds, &v, sizeof v) == 0);
        }
        d.plans[0].estimate.mfu = std::nan("");
        try {
            writePlanJson(d);
            QFAIL("a NaN was written");
        } catch (const std::invalid_argument& e) {
            QVERIFY2(std::string(e.what()).find("$.plans[0].mfu") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanJson)
#include "tst_plan_json.moc"
