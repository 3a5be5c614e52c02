// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope plan` end to end: output, JSON, exit codes and error messages.
#include <QFile>
#include "cli_run.h"
#include "cost/prediction_band.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCliPlan : public QObject
{
    Q_OBJECT
private slots:
    void plansBundledLlama70b();
    void pinnedConfigurationAndJson();
    void exitCodes_data();
    void exitCodes();
    void listsModelsAndGpus();
    void printsProposals();
    void printsPredictionError_data();
    void printsPredictionError();
    void communicationOverlapPins();
    void contextParallelAndShardingPins();
    void expertParallelPins();
    void epCommOverlapPin();

private:
    using Run = shardscope::testing::CliRun;
    static Run run(const QStringList& args) { return shardscope::testing::runCli(args); }
};

void TestCliPlan::plansBundledLlama70b()
{
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"), QStringLiteral("64"),
                        QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--top"), QStringLiteral("5") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("70.55 B parameters")));
    QVERIFY(r.out.contains(QStringLiteral("64 x H100-SXM")));
    // Five ranked rows; the best plan fits and shards 70B over TP x PP (it cannot fit data-parallel only).
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    int rows = 0;
    for (const QString& l : lines)
        rows += QRegularExpression(QStringLiteral("^\\s+[1-5]\\s+\\d+\\s+\\d+\\s+\\d+")).match(l).hasMatch() ? 1 : 0;
    QCOMPARE(rows, 5);
    QVERIFY(r.out.contains(QStringLiteral("Best plan: TP ")));
    QVERIFY(!r.out.contains(QStringLiteral("Best plan: TP 1 x PP 1")));
    // Rejected candidates grouped by their whole reason with the numbers as N (it was cut to four words).
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral(
                 "\\n +\\d+  PP N x vpp N = N model chunks need at least N transformer blocks; the model has N\\n"))),
             qPrintable(r.out));
}

void TestCliPlan::pinnedConfigurationAndJson()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"), QStringLiteral("64"),
                        QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--tp"), QStringLiteral("8"),
                        QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--vpp"), QStringLiteral("5"),
                        QStringLiteral("--micro-batch"), QStringLiteral("1"), QStringLiteral("--zero"), QStringLiteral("1"),
                        QStringLiteral("--recompute"), QStringLiteral("selective"), QStringLiteral("--sp"),
                        QStringLiteral("--schedule"), QStringLiteral("interleaved"), QStringLiteral("--tp-comm-overlap"),
                        QStringLiteral("on"), QStringLiteral("--pp-comm-overlap"), QStringLiteral("off"), QStringLiteral("--cp"),
                        QStringLiteral("1"), QStringLiteral("--dp-replicate"), QStringLiteral("1"), QStringLiteral("--json"), json });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("1 plans evaluated")), qPrintable(r.out));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("shardscope-plan"));
    const QJsonArray plans = doc.value(QStringLiteral("plans")).toArray();
    QCOMPARE(plans.size(), 1);
    const QJsonObject config = plans.at(0).toObject().value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("tp_comm_overlap")), QJsonValue(true));
    QCOMPARE(config.value(QStringLiteral("pp_comm_overlap")), QJsonValue(false));
}

void TestCliPlan::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("no model") << QStringList { QStringLiteral("plan") } << 2 << QStringLiteral("no model given");
    QTest::newRow("bad option") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--frobnicate") } << 2
                                << QStringLiteral("unknown option --frobnicate");
    QTest::newRow("zero gpus") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("0") } << 2
                               << QStringLiteral("--gpus must be between 1");
    // A bad command-line value, as --gpus 0 is (issue 30: it exited 3, a bad input file's code).
    QTest::newRow("partial nodes") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("12") } << 2
                                   << QStringLiteral("--gpus: 12 GPUs cannot be split into nodes of 8; expected a multiple of 8");
    QTest::newRow("partial nodes of 4") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("6"),
                                                         QStringLiteral("--gpus-per-node"), QStringLiteral("4") } << 2
                                        << QStringLiteral("expected a multiple of 4");
    QTest::newRow("missing file") << QStringList { QStringLiteral("plan"), QStringLiteral("/nonexistent/config.json") } << 3
                                  << QStringLiteral("/nonexistent/config.json");
    QTest::newRow("unknown gpu") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpu"), QStringLiteral("V100") } << 2
                                 << QStringLiteral("unknown GPU \"V100\"");
    QTest::newRow("no plan fits") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3.1-405b"), QStringLiteral("--gpus"), QStringLiteral("8") } << 1
                                  << QString();
    QTest::newRow("overlap pin not on or off") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--tp-comm-overlap"), QStringLiteral("yes") } << 2
                                               << QStringLiteral("--tp-comm-overlap expects on or off, got \"yes\"");
    QTest::newRow("overlap pin without value") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--pp-comm-overlap") } << 2
                                               << QStringLiteral("option --pp-comm-overlap expects a value");
    QTest::newRow("cp 0") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--cp"), QStringLiteral("0") } << 2
                          << QStringLiteral("--cp must be between 1 and 1048576, got 0");
    QTest::newRow("cp not a number") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--cp"), QStringLiteral("two") } << 2
                                     << QStringLiteral("--cp expects an integer, got \"two\"");
    QTest::newRow("unknown cp comm type") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--cp-comm-type"), QStringLiteral("mesh") } << 2
                                          << QStringLiteral("--cp-comm-type expects p2p (ring) or a2a (all-to-all), got \"mesh\"");
    QTest::newRow("dp replicate 0") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--dp-replicate"), QStringLiteral("0") } << 2
                                    << QStringLiteral("--dp-replicate must be between 1 and 16777216, got 0");
    QTest::newRow("reshard not on or off") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--reshard-after-forward"), QStringLiteral("never") } << 2
                                           << QStringLiteral("--reshard-after-forward expects on or off, got \"never\"");
    QTest::newRow("reshard without value") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--reshard-after-forward") } << 2
                                           << QStringLiteral("option --reshard-after-forward expects a value");
    QTest::newRow("ep 0") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--ep"), QStringLiteral("0") } << 2
                          << QStringLiteral("--ep must be between 1 and 1048576, got 0");
    QTest::newRow("etp not a number") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--etp"), QStringLiteral("two") } << 2
                                      << QStringLiteral("--etp expects an integer, got \"two\"");
    QTest::newRow("ep overlap pin not on or off") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--ep-comm-overlap"), QStringLiteral("true") } << 2
                                                  << QStringLiteral("--ep-comm-overlap expects on or off, got \"true\"");
    QTest::newRow("ep overlap pin without value") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--ep-comm-overlap") } << 2
                                                  << QStringLiteral("option --ep-comm-overlap expects a value");
    QTest::newRow("moe imbalance below 1") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--moe-imbalance"), QStringLiteral("0.5") } << 2
                                           << QStringLiteral("--moe-imbalance must be between 1 and 64, got 0.5");
    QTest::newRow("capacity factor 0") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--moe-capacity-factor"), QStringLiteral("0") } << 2
                                       << QStringLiteral("--moe-capacity-factor must be above 0 (the tokens each expert computes over its "
                                                         "average); leave it out for dropless routing");
    QTest::newRow("capacity factor without value") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--moe-capacity-factor") } << 2
                                                   << QStringLiteral("option --moe-capacity-factor expects a value");
    QTest::newRow("fp8 recipe without fp8") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--fp8-recipe"), QStringLiteral("blockwise") } << 2
                                            << QStringLiteral("--fp8-recipe applies to FP8 training only: add --precision fp8");
    QTest::newRow("unknown fp8 recipe") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--precision"), QStringLiteral("fp8"),
                                                         QStringLiteral("--fp8-recipe"), QStringLiteral("mxfp8") } << 2
                                        << QStringLiteral("--fp8-recipe expects delayed, tensorwise or blockwise, got \"mxfp8\"");
    QTest::newRow("layout that does not parse") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--pipeline-layout"), QStringLiteral("Et*16|x") } << 2
                                                << QStringLiteral("--pipeline-layout \"Et*16|x\": character 7: unknown layer 'x'");
    QTest::newRow("unknown recompute module") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--recompute-modules"), QStringLiteral("core_attn,mla_up_proj") } << 2
                                              << QStringLiteral("--recompute-modules expects a comma-separated list of core_attn, mlp, moe and shared_experts, got \"core_attn,mla_up_proj\"");
    QTest::newRow("batch below dp") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                                                     QStringLiteral("--global-batch"), QStringLiteral("4"), QStringLiteral("--dp"), QStringLiteral("16") }
                                    << 1 << QString();
}

void TestCliPlan::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exitCode, code);
    if (!message.isEmpty())
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
}

void TestCliPlan::listsModelsAndGpus()
{
    const Run models = run({ QStringLiteral("models") });
    QCOMPARE(models.exitCode, 0);
    for (const char* name : { "llama-2-7b", "llama-3-8b", "llama-3-70b", "llama-3.1-405b", "gpt3-175b" })
        QVERIFY(models.out.contains(QLatin1String(name)));
    const Run gpus = run({ QStringLiteral("gpus") });
    QCOMPARE(gpus.exitCode, 0);
    for (const char* name : { "A100-SXM-40GB", "A100-SXM-80GB", "H100-SXM", "H200", "B200", "MI300X" })
        QVERIFY(gpus.out.contains(QLatin1String(name)));
    QCOMPARE(run({ QStringLiteral("plan"), QStringLiteral("--help") }).exitCode, 0);
}

void TestCliPlan::printsProposals()
{
    const QStringList base { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                             QStringLiteral("--top"), QStringLiteral("2") };
    const Run r = run(base + QStringList { QStringLiteral("--proposals") });
    QCOMPARE(r.exitCode, 0);
    const qsizetype at = r.out.indexOf(QStringLiteral("Proposals for the best plan"));
    QVERIFY2(at > r.out.indexOf(QStringLiteral("Best plan: TP ")), qPrintable(r.out));
    // Ranked lines: "   1.  1.023x   -2.0 GiB  fits  [kind] title", each followed by its rationale.
    const QRegularExpression line(QStringLiteral("^\\s+1\\.\\s+\\d+\\.\\d{3}x\\s+[+-]\\d+\\.\\d GiB\\s+(fits|OOM)\\s+\\[[a-z_]+\\] \\S"),
                                  QRegularExpression::MultilineOption);
    QVERIFY2(line.match(r.out, at).hasMatch(), qPrintable(r.out.mid(at)));
    QVERIFY(!run(base).out.contains(QStringLiteral("Proposals for the best plan")));
    QVERIFY(run({ QStringLiteral("plan"), QStringLiteral("--help") }).out.contains(QStringLiteral("--proposals")));
}

void TestCliPlan::printsPredictionError_data()
{
    QTest::addColumn<QString>("gpu");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<QString>("expected");
    QTest::newRow("H100 FP8, calibrated") << QStringLiteral("H100-SXM") << QStringLiteral("fp8")
                                          << QStringLiteral("cross-validated on 6 runs, H100 dense FP8 <=8k");
    QTest::newRow("H100 BF16, too few runs") << QStringLiteral("H100-SXM") << QStringLiteral("bf16")
                                             << QStringLiteral("uncalibrated: fewer than 3 measured runs in H100 dense BF16 <=8k");
    QTest::newRow("B200, no calibration runs") << QStringLiteral("B200") << QStringLiteral("bf16") << QStringLiteral("uncalibrated");
}

// Every predicted time carries the cost model's measured error on the GPU's family: one line under
// the table, and the error next to the best plan's step time.
void TestCliPlan::printsPredictionError()
{
    QFETCH(QString, gpu);
    QFETCH(QString, precision);
    QFETCH(QString, expected);
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpu"), gpu,
                        QStringLiteral("--gpus"), QStringLiteral("16"), QStringLiteral("--top"), QStringLiteral("2"),
                        QStringLiteral("--precision"), precision });
    QCOMPARE(r.exitCode, 0);
    const shardscope::GpuSpec* spec = shardscope::HardwareCatalog::builtin().find(gpu.toStdString());
    QVERIFY(spec);
    // The band of the plan's regime (dense Llama-3-8B at the default 4,096 tokens) in the default profile.
    shardscope::PlanningProblem problem;
    problem.model = *shardscope::findBundledModel("llama-3-8b");
    problem.cluster = shardscope::ClusterSpec::make(*spec, 16, 8);
    problem.training.precision = precision == QLatin1String("fp8") ? shardscope::Precision::Fp8 : shardscope::Precision::Bf16;
    shardscope::resolvePredictionBand(problem);
    const shardscope::CalibrationInfo& calibration = problem.cluster.gpu.calibration;
    const QString describe = QString::fromStdString(calibration.describe());
    QVERIFY2(describe.contains(expected), qPrintable(describe));
    // The line follows the ranked rows and precedes the best plan.
    const QRegularExpression line(QStringLiteral("^Predicted times(:| are) ") + QRegularExpression::escape(describe) + QLatin1Char('$'),
                                  QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = line.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    QVERIFY(m.capturedStart() > r.out.indexOf(QStringLiteral("rank   tp")));
    QVERIFY(m.capturedStart() < r.out.indexOf(QStringLiteral("Best plan: TP ")));
    const QString error = calibration.calibrated() ? QString::fromStdString(calibration.errorText()) : QStringLiteral("(uncalibrated)");
    QVERIFY(!error.isEmpty());
    const QRegularExpression step(QStringLiteral("^  step \\S+ \\S+ ") + QRegularExpression::escape(error) + QStringLiteral(" = compute "),
                                  QRegularExpression::MultilineOption);
    QVERIFY2(step.match(r.out).hasMatch(), qPrintable(r.out));
}

void TestCliPlan::communicationOverlapPins()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const auto readJson = [&] {
        QFile f(json);
        return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
    };
    const QStringList base { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                             QStringLiteral("--tp"), QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("2"),
                             QStringLiteral("--top"), QStringLiteral("1") };

    // Pinned on: the chosen plan overlaps both, with the sequence parallelism TP overlap needs;
    // --dp-overlap is an override the document keeps.
    const Run on = run(base + QStringList { QStringLiteral("--tp-comm-overlap"), QStringLiteral("on"), QStringLiteral("--pp-comm-overlap"),
                                            QStringLiteral("on"), QStringLiteral("--dp-overlap"), QStringLiteral("0.3"),
                                            QStringLiteral("--json"), json });
    QCOMPARE(on.exitCode, 0);
    QVERIFY2(on.out.contains(QStringLiteral("Best plan: TP 2 x PP 2 x DP 4, ")), qPrintable(on.out));
    QVERIFY2(on.out.contains(QStringLiteral(", sequence parallel")), qPrintable(on.out));
    QJsonObject doc = readJson();
    QJsonObject config = doc.value(QStringLiteral("plans")).toArray().at(0).toObject().value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("tp_comm_overlap")), QJsonValue(true));
    QCOMPARE(config.value(QStringLiteral("pp_comm_overlap")), QJsonValue(true));
    QCOMPARE(config.value(QStringLiteral("sequence_parallel")), QJsonValue(true));
    QJsonObject training = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject();
    QCOMPARE(training.value(QStringLiteral("pins")).toObject().value(QStringLiteral("tp_comm_overlap")), QJsonValue(true));
    QCOMPARE(training.value(QStringLiteral("pins")).toObject().value(QStringLiteral("pp_comm_overlap")), QJsonValue(true));
    QCOMPARE(training.value(QStringLiteral("dp_overlap")), QJsonValue(0.3));

    // Pinned off: neither overlap, and without --dp-overlap no override.
    const Run off = run(base + QStringList { QStringLiteral("--tp-comm-overlap"), QStringLiteral("off"), QStringLiteral("--pp-comm-overlap"),
                                             QStringLiteral("off"), QStringLiteral("--json"), json });
    QCOMPARE(off.exitCode, 0);
    doc = readJson();
    config = doc.value(QStringLiteral("plans")).toArray().at(0).toObject().value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("tp_comm_overlap")), QJsonValue(false));
    QCOMPARE(config.value(QStringLiteral("pp_comm_overlap")), QJsonValue(false));
    training = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject();
    QCOMPARE(training.value(QStringLiteral("pins")).toObject().value(QStringLiteral("tp_comm_overlap")), QJsonValue(false));
    QVERIFY(training.value(QStringLiteral("dp_overlap")).isNull());

    // TP overlap pinned on with sequence parallelism pinned off: no plan, and the candidates say why.
    const Run noSp = run(base + QStringList { QStringLiteral("--no-sp"), QStringLiteral("--tp-comm-overlap"), QStringLiteral("on") });
    QCOMPARE(noSp.exitCode, 1);
    QVERIFY2(noSp.out.contains(QStringLiteral("TP communication overlap needs sequence parallelism with TP > 1 (Megatron "
                                              "--tp-comm-overlap requires --sequence-parallel)")),
             qPrintable(noSp.out));

    const QString help = run({ QStringLiteral("plan"), QStringLiteral("--help") }).out;
    QVERIFY(help.contains(QStringLiteral("--tp-comm-overlap on|off")));
    QVERIFY(help.contains(QStringLiteral("--pp-comm-overlap on|off")));
    QVERIFY(help.contains(QStringLiteral("--dp-overlap F          override:")));
}

// The CP, hybrid-sharding and resharding pins reach the plan (its table, description, step and communication
// lines) and the plan file (pins and config), under the names docs/plan-format.md gives them.
void TestCliPlan::contextParallelAndShardingPins()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                        QStringLiteral("--seq"), QStringLiteral("16384"), QStringLiteral("--cp"), QStringLiteral("2"),
                        QStringLiteral("--cp-comm-type"), QStringLiteral("ring"), QStringLiteral("--dp-replicate"), QStringLiteral("2"),
                        QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--reshard-after-forward"), QStringLiteral("off"),
                        QStringLiteral("--tp"), QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
                        QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--json"), json });
    QCOMPARE(r.exitCode, 0);
    // 16 GPUs / (TP 1 x CP 2 x PP 1) = DP 8; ZeRO shards over 8 x 2 / 2 = 8 GPUs.
    QVERIFY2(r.out.contains(QStringLiteral("rank   tp  cp   pp    dp ")), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^\\s+1\\s+1\\s+2\\s+1\\s+8\\s"), QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Best plan: TP 1 x CP 2 x PP 1 x DP 8, ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("ZeRO-3 sharded over 8 GPUs, 2 replicas (HSDP), parameters kept from forward to backward, "
                                           "context parallel ring (p2p)")),
             qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^  step .* \\+ PP comm \\S+ \\S+ \\+ CP comm \\S+ \\S+ \\+ bubble "),
                                QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^  communication per step: TP .*, PP .*, CP \\S+ \\S+ \\(\\S+ \\S+\\), DP "),
                                QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject pins = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject()
                                 .value(QStringLiteral("pins")).toObject();
    QCOMPARE(pins.value(QStringLiteral("cp")), QJsonValue(2));
    QCOMPARE(pins.value(QStringLiteral("cp_comm_type")), QJsonValue(QStringLiteral("p2p"))); // "ring" is p2p
    QCOMPARE(pins.value(QStringLiteral("dp_replicate")), QJsonValue(2));
    QCOMPARE(pins.value(QStringLiteral("reshard_after_forward")), QJsonValue(false));
    const QJsonObject config = doc.value(QStringLiteral("plans")).toArray().at(0).toObject().value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("cp")), QJsonValue(2));
    QCOMPARE(config.value(QStringLiteral("dp")), QJsonValue(8));
    QCOMPARE(config.value(QStringLiteral("cp_comm_type")), QJsonValue(QStringLiteral("p2p")));
    QCOMPARE(config.value(QStringLiteral("dp_replicate")), QJsonValue(2));
    QCOMPARE(config.value(QStringLiteral("reshard_after_forward")), QJsonValue(false));

    // Without CP the description and the step line stay as they were.
    const Run plain = run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                            QStringLiteral("--cp"), QStringLiteral("1"), QStringLiteral("--top"), QStringLiteral("1") });
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(!plain.out.contains(QStringLiteral(" x CP ")));
    QVERIFY(!plain.out.contains(QStringLiteral("CP comm")));

    const QString help = run({ QStringLiteral("plan"), QStringLiteral("--help") }).out;
    QVERIFY(help.contains(QStringLiteral("--tp N  --cp N  --pp N")));
    QVERIFY(help.contains(QStringLiteral("--cp-comm-type p2p|a2a")));
    QVERIFY(help.contains(QStringLiteral("--dp-replicate N        hybrid sharding (HSDP)")));
    QVERIFY(help.contains(QStringLiteral("--reshard-after-forward on|off")));
}

// The EP and ETP pins and the MoE training settings reach the plan (its table, description, memory, step and
// communication lines) and the plan file, under the names docs/plan-format.md gives them. Mixtral-8x7B (8
// experts) on 64 GPUs with TP 2 x PP 4, so DP 8 and each stage's 16 GPUs hold the experts as ETP 2 x EP 8.
void TestCliPlan::expertParallelPins()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const QString mixtral = QStringLiteral(SHARDSCOPE_TEST_DATA "/models/hf/Mixtral-8x7B-v0.1.json");
    const Run r = run({ QStringLiteral("plan"), mixtral, QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--tp"),
                        QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--ep"), QStringLiteral("8"),
                        QStringLiteral("--etp"), QStringLiteral("2"), QStringLiteral("--zero"), QStringLiteral("1"),
                        QStringLiteral("--moe-imbalance"), QStringLiteral("1.5"), QStringLiteral("--moe-capacity-factor"),
                        QStringLiteral("1.25"), QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--json"), json });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("rank   tp  cp   pp    dp    ep vpp ")), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^\\s+1\\s+2\\s+1\\s+4\\s+8\\s+8x2\\s"), QRegularExpression::MultilineOption)
                 .match(r.out).hasMatch(),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Best plan: TP 2 x PP 4 x DP 8, EP 8 x ETP 2 (expert-DP 1), ")), qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^  stage 0 MoE memory \\(GiB, within the columns above\\): routed experts \\d+\\.\\d, "),
                                QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^  step .* \\+ PP comm \\S+ \\S+ \\+ EP all-to-all \\S+ \\S+ \\+ bubble "),
                                QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QVERIFY2(QRegularExpression(QStringLiteral("^  communication per step: TP .*, PP .*, EP all-to-all \\S+ \\S+ \\(\\S+ \\S+\\), DP "),
                                QRegularExpression::MultilineOption).match(r.out).hasMatch(),
             qPrintable(r.out));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject training = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject();
    QCOMPARE(training.value(QStringLiteral("moe_imbalance")), QJsonValue(1.5));
    QCOMPARE(training.value(QStringLiteral("moe_capacity_factor")), QJsonValue(1.25));
    const QJsonObject pins = training.value(QStringLiteral("pins")).toObject();
    QCOMPARE(pins.value(QStringLiteral("ep")), QJsonValue(8));
    QCOMPARE(pins.value(QStringLiteral("etp")), QJsonValue(2));
    const QJsonObject plan = doc.value(QStringLiteral("plans")).toArray().at(0).toObject();
    const QJsonObject config = plan.value(QStringLiteral("config")).toObject();
    QCOMPARE(config.value(QStringLiteral("ep")), QJsonValue(8));
    QCOMPARE(config.value(QStringLiteral("etp")), QJsonValue(2));
    QVERIFY(plan.value(QStringLiteral("comm")).toObject().value(QStringLiteral("ep_bytes")).toDouble() > 0);

    // A dense plan says nothing of experts; without --moe-capacity-factor the file has null (dropless).
    const Run dense = run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                            QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--json"), json });
    QCOMPARE(dense.exitCode, 0);
    QVERIFY(!dense.out.contains(QStringLiteral(", EP ")) && !dense.out.contains(QStringLiteral("EP all-to-all"))
            && !dense.out.contains(QStringLiteral("MoE memory")));
    QFile g(json);
    QVERIFY(g.open(QIODevice::ReadOnly));
    const QJsonObject denseTraining = QJsonDocument::fromJson(g.readAll()).object().value(QStringLiteral("inputs")).toObject()
                                          .value(QStringLiteral("training")).toObject();
    QVERIFY(denseTraining.value(QStringLiteral("moe_capacity_factor")).isNull());
    QCOMPARE(denseTraining.value(QStringLiteral("moe_imbalance")), QJsonValue(1.25));

    const QString help = run({ QStringLiteral("plan"), QStringLiteral("--help") }).out;
    QVERIFY(help.contains(QStringLiteral("--ep N  --etp N         mixtures of experts: expert parallelism")));
    QVERIFY(help.contains(QStringLiteral("--moe-imbalance X       mixture of experts, dropless routing")));
    QVERIFY(help.contains(QStringLiteral("--moe-capacity-factor X mixture of experts with token dropping")));
}

// --ep-comm-overlap reaches the pins of the plan file (true, false; null without it), and the table's overlap
// column names "ep" exactly for the plans whose config overlaps the all-to-alls. Mixtral-8x7B as above, in the
// interleaved schedule that Megatron requires for the overlap with PP > 1.
void TestCliPlan::epCommOverlapPin()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const QString mixtral = QStringLiteral(SHARDSCOPE_TEST_DATA "/models/hf/Mixtral-8x7B-v0.1.json");
    const QStringList base { QStringLiteral("plan"), mixtral, QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--tp"),
                             QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--ep"), QStringLiteral("8"),
                             QStringLiteral("--schedule"), QStringLiteral("interleaved"), QStringLiteral("--vpp"), QStringLiteral("2"),
                             QStringLiteral("--top"), QStringLiteral("3"), QStringLiteral("--json"), json };
    // The ranked rows' overlap column (the 13th field: rank tp cp pp dp ep vpp mb zero recompute sp schedule overlap).
    const auto overlapColumns = [](const QString& out) {
        QStringList columns;
        for (const QString& line : out.split(QLatin1Char('\n'))) {
            const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            bool rank = false;
            if (f.size() > 13)
                f.at(0).toInt(&rank);
            if (rank && line.contains(QStringLiteral(" GiB ")))
                columns << f.at(12);
        }
        return columns;
    };
    const auto check = [&](const QString& value, const QJsonValue& pin) {
        const Run r = run(base + QStringList { QStringLiteral("--ep-comm-overlap"), value });
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject pins = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject()
                                     .value(QStringLiteral("pins")).toObject();
        QCOMPARE(pins.value(QStringLiteral("ep_comm_overlap")), pin);
        int overlapping = 0;
        const QJsonArray plans = doc.value(QStringLiteral("plans")).toArray();
        for (const QJsonValue& p : plans) {
            const QJsonValue v = p.toObject().value(QStringLiteral("config")).toObject().value(QStringLiteral("ep_comm_overlap"));
            QVERIFY(v.isBool());
            overlapping += v.toBool() ? 1 : 0;
        }
        const QStringList columns = overlapColumns(r.out);
        QCOMPARE(columns.size(), int(plans.size()));
        QCOMPARE(int(columns.filter(QRegularExpression(QStringLiteral("(^|\\+)ep$"))).size()), overlapping);
        QCOMPARE(r.out.contains(QStringLiteral(", all-to-all overlapped with another micro-batch's compute, ")), overlapping > 0);
        if (!pin.toBool()) {
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(overlapping, 0);
        }
    };
    check(QStringLiteral("on"), QJsonValue(true));
    check(QStringLiteral("off"), QJsonValue(false));

    // Without the option the pin is null: searched.
    QCOMPARE(run(base).exitCode, 0);
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("training")).toObject()
                .value(QStringLiteral("pins")).toObject().value(QStringLiteral("ep_comm_overlap")).isNull());

    const QString help = run({ QStringLiteral("plan"), QStringLiteral("--help") }).out;
    QVERIFY(help.contains(QStringLiteral("--ep-comm-overlap on|off\n"
                                         "                          MoE all-to-alls of one micro-batch overlapped")));
}

QTEST_GUILESS_MAIN(TestCliPlan)
#include "tst_cli_plan.moc"
