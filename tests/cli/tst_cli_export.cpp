// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope export` end to end: a plan file from `shardscope plan --json`, each format, --plan,
// --out, and exit codes 2 (arguments), 3 (plan file or refused plan) and 4 (output).
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

class TestCliExport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void eachFormatToStdout();
    void outFileAndRank();
    void exitCodes_data();
    void exitCodes();
    void refusedPlanExitsThree();
    void rotaryBase();
    void contextParallelPlan();

private:
    using Run = shardscope::testing::CliRun;
    static Run run(const QStringList& args) { return shardscope::testing::runCli(args); }
    QTemporaryDir m_dir;
    QString m_plan; ///< llama-3-70b on 64 H100, top 3
    QString m_evaluated; ///< the plan file's search.candidates_evaluated
};

void TestCliExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_plan = m_dir.filePath(QStringLiteral("plan.json"));
    // 1F1B, ZeRO-1, no context parallelism and no replicas pinned: every format can run the three plans
    // (DeepSpeed's pipeline engine refuses the interleaved plans and ZeRO-2/3 with PP the search may rank
    // first, and has no ring attention).
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"), QStringLiteral("64"),
                        QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--top"), QStringLiteral("3"),
                        QStringLiteral("--schedule"), QStringLiteral("1f1b"), QStringLiteral("--zero"), QStringLiteral("1"),
                        QStringLiteral("--cp"), QStringLiteral("1"), QStringLiteral("--dp-replicate"), QStringLiteral("1"),
                        QStringLiteral("--json"), m_plan });
    QCOMPARE(r.exitCode, 0);
    QFile f(m_plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const qint64 evaluated = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("search")).toObject()
                                 .value(QStringLiteral("candidates_evaluated")).toInteger();
    QVERIFY(evaluated > 3); // the headers count every evaluated plan, not the three in the file
    m_evaluated = QString::number(evaluated);
}

void TestCliExport::eachFormatToStdout()
{
    const Run megatron = run({ QStringLiteral("export"), m_plan, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(megatron.exitCode, 0);
    QVERIFY(megatron.err.isEmpty());
    QVERIFY(megatron.out.contains(QStringLiteral("# Plan rank 1 of %1 evaluated: TP ").arg(m_evaluated)));
    QVERIFY(megatron.out.contains(QStringLiteral("MEGATRON_ARGS=(")));
    QVERIFY(megatron.out.contains(QStringLiteral("    --tensor-model-parallel-size ")));
    QVERIFY(megatron.out.contains(QStringLiteral("    --num-layers 80 \\\n")));
    QVERIFY(megatron.out.contains(QStringLiteral("    --group-query-attention \\\n")));
    // Meta-Llama-3-70B's config.json: "rope_theta": 500000.0, "rope_scaling": null.
    QVERIFY(megatron.out.contains(QStringLiteral("    --position-embedding-type rope \\\n    --rotary-base 500000 \\\n")));
    QVERIFY(!megatron.out.contains(QStringLiteral("--use-rope-scaling")));

    const Run deepspeed = run({ QStringLiteral("export"), m_plan, QStringLiteral("--format"), QStringLiteral("deepspeed") });
    QCOMPARE(deepspeed.exitCode, 0);
    QJsonParseError error;
    const QJsonObject ds = QJsonDocument::fromJson(deepspeed.out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(ds.value(QStringLiteral("train_batch_size")).toInt(), 512);
    // DP = 64 / (TP x PP), from the plan file itself.
    QFile f(m_plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject config = QJsonDocument::fromJson(f.readAll())
                                   .object()
                                   .value(QStringLiteral("plans"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("config"))
                                   .toObject();
    const int dp = config.value(QStringLiteral("dp")).toInt();
    QVERIFY(dp >= 1);
    // The overlaps the cost model assumed: TP overlap as the plan says, gradient reduction whenever DP > 1.
    QCOMPARE(megatron.out.contains(QStringLiteral("    --tp-comm-overlap \\\n")), config.value(QStringLiteral("tp_comm_overlap")).toBool());
    QCOMPARE(megatron.out.contains(QStringLiteral("    --overlap-grad-reduce \\\n")), dp > 1);
    QVERIFY(!megatron.out.contains(QStringLiteral("--overlap-p2p-comm")));
    QCOMPARE(ds.value(QStringLiteral("train_micro_batch_size_per_gpu")).toInt()
                 * ds.value(QStringLiteral("gradient_accumulation_steps")).toInt() * dp,
             512);

    const Run titan = run({ QStringLiteral("export"), m_plan, QStringLiteral("--format"), QStringLiteral("torchtitan") });
    QCOMPARE(titan.exitCode, 0);
    QVERIFY(titan.out.contains(QStringLiteral("\n[parallelism]\n")));
    QVERIFY(titan.out.contains(QStringLiteral("\n[training]\n")));
    QVERIFY(titan.out.contains(QStringLiteral("\n[activation_checkpoint]\n")));
    QVERIFY(titan.out.contains(QStringLiteral("seq_len = 8192\n")));
    QVERIFY(titan.out.contains(QStringLiteral("global_batch_size = 512\n")));
}

void TestCliExport::outFileAndRank()
{
    const QString out = m_dir.filePath(QStringLiteral("rank2.sh"));
    const Run r = run({ QStringLiteral("export"), m_plan, QStringLiteral("--format"), QStringLiteral("megatron"),
                        QStringLiteral("--plan"), QStringLiteral("2"), QStringLiteral("--out"), out });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("Wrote ")));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY(text.contains(QStringLiteral("# Plan rank 2 of %1 evaluated: ").arg(m_evaluated)));
    // The file holds exactly what stdout would.
    const Run same = run({ QStringLiteral("export"), m_plan, QStringLiteral("--format"), QStringLiteral("megatron"),
                           QStringLiteral("--plan"), QStringLiteral("2") });
    QCOMPARE(same.exitCode, 0);
    QCOMPARE(same.out, text);
}

void TestCliExport::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString plan = m_plan;
    const QString e = QStringLiteral("export");
    const QString fmt = QStringLiteral("--format");
    const QString ds = QStringLiteral("deepspeed");
    QTest::newRow("no plan file") << QStringList { e } << 2 << QStringLiteral("no plan file given");
    QTest::newRow("no format") << QStringList { e, plan } << 2 << QStringLiteral("--format is required");
    QTest::newRow("unknown format") << QStringList { e, plan, fmt, QStringLiteral("nemo") } << 2
                                    << QStringLiteral("--format expects megatron, deepspeed or torchtitan, got \"nemo\"");
    QTest::newRow("format without value") << QStringList { e, plan, fmt } << 2 << QStringLiteral("--format needs a value");
    QTest::newRow("bad rank") << QStringList { e, plan, fmt, ds, QStringLiteral("--plan"), QStringLiteral("0") } << 2
                              << QStringLiteral("--plan expects a plan rank");
    QTest::newRow("missing rank") << QStringList { e, plan, fmt, ds, QStringLiteral("--plan"), QStringLiteral("9") } << 2
                                  << QStringLiteral("has no plan of that rank (ranks: 1, 2, 3)");
    QTest::newRow("unknown option") << QStringList { e, plan, fmt, ds, QStringLiteral("--frobnicate") } << 2
                                    << QStringLiteral("unknown option --frobnicate");
    QTest::newRow("missing file") << QStringList { e, QStringLiteral("/nonexistent/plan.json"), fmt, ds } << 3
                                  << QStringLiteral("/nonexistent/plan.json: cannot read the plan file");
    QTest::newRow("unwritable output") << QStringList { e, plan, fmt, ds, QStringLiteral("--out"), QStringLiteral("/nonexistent/dir/ds.json") }
                                       << 4 << QStringLiteral("cannot write /nonexistent/dir/ds.json");
}

void TestCliExport::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exitCode, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.err.startsWith(QStringLiteral("shardscope export: ")));
}

void TestCliExport::refusedPlanExitsThree()
{
    // A file that is not a plan: its position is named.
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QFile b(broken);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("{\n  \"format\": \"shardscope-plan\",\n  \"version\": 1,\n  oops\n}\n");
    b.close();
    const Run syntax = run({ QStringLiteral("export"), broken, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(syntax.exitCode, 3);
    QVERIFY2(syntax.err.contains(broken + QStringLiteral(":line 4")), qPrintable(syntax.err));

    // ZeRO-3 over pure data parallelism, parameters kept from forward to backward: Megatron-LM (whose FSDP
    // frees them after every forward) and DeepSpeed refuse, torchtitan writes it.
    const QString zero3 = m_dir.filePath(QStringLiteral("zero3.json"));
    const QStringList zero3Plan { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8"),
                                  QStringLiteral("--seq"), QStringLiteral("4096"), QStringLiteral("--global-batch"), QStringLiteral("64"),
                                  QStringLiteral("--tp"), QStringLiteral("1"), QStringLiteral("--pp"), QStringLiteral("1"),
                                  QStringLiteral("--zero"), QStringLiteral("3"), QStringLiteral("--recompute"), QStringLiteral("full"),
                                  QStringLiteral("--micro-batch"), QStringLiteral("1"), QStringLiteral("--json"), zero3 };
    QCOMPARE(run(zero3Plan + QStringList { QStringLiteral("--reshard-after-forward"), QStringLiteral("off") }).exitCode, 0);
    const Run megatron = run({ QStringLiteral("export"), zero3, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(megatron.exitCode, 3);
    QVERIFY2(megatron.err.contains(zero3 + QStringLiteral(":$.plans[0].config.reshard_after_forward: Megatron-LM cannot keep ZeRO-3 "
                                                         "parameters gathered")),
             qPrintable(megatron.err));
    QVERIFY(megatron.out.isEmpty());
    const Run kept = run({ QStringLiteral("export"), zero3, QStringLiteral("--format"), QStringLiteral("deepspeed") });
    QCOMPARE(kept.exitCode, 3);
    QVERIFY2(kept.err.contains(QStringLiteral("$.plans[0].config.reshard_after_forward: DeepSpeed's ZeRO-3 releases")), qPrintable(kept.err));
    const Run titan = run({ QStringLiteral("export"), zero3, QStringLiteral("--format"), QStringLiteral("torchtitan") });
    QCOMPARE(titan.exitCode, 0);
    QVERIFY(titan.out.contains(QStringLiteral("fsdp_reshard_after_forward = \"never\"\n")));
    // Freed after forward: Megatron-FSDP and DeepSpeed stage 3.
    QCOMPARE(run(zero3Plan + QStringList { QStringLiteral("--reshard-after-forward"), QStringLiteral("on") }).exitCode, 0);
    const Run fsdp = run({ QStringLiteral("export"), zero3, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(fsdp.exitCode, 0);
    QVERIFY(fsdp.out.contains(QStringLiteral("    --use-megatron-fsdp \\\n    --data-parallel-sharding-strategy optim_grads_params \\\n")));
    const Run deepspeed = run({ QStringLiteral("export"), zero3, QStringLiteral("--format"), QStringLiteral("deepspeed") });
    QCOMPARE(deepspeed.exitCode, 0);
    QVERIFY(deepspeed.out.contains(QStringLiteral("\"stage\": 3")));
}

// The rotary base travels from the bundled config through the plan file into the launch config;
// GPT-3 (learned positions) gets none.
void TestCliExport::rotaryBase()
{
    QFile f(m_plan);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject transformer = QJsonDocument::fromJson(f.readAll()).object()[QStringLiteral("inputs")].toObject()
                                        [QStringLiteral("model")].toObject()[QStringLiteral("transformer")].toObject();
    QCOMPARE(transformer.value(QStringLiteral("rope_theta")).toDouble(), 500000.0);
    QVERIFY(!transformer.contains(QStringLiteral("rope_scaling")));

    const QString gpt = m_dir.filePath(QStringLiteral("gpt3.json"));
    // Megatron runs neither the zero-bubble schedules nor ZeRO-2/3 beside its own FSDP: pin what it runs.
    QCOMPARE(run({ QStringLiteral("plan"), QStringLiteral("gpt3-175b"), QStringLiteral("--gpus"), QStringLiteral("1024"),
                   QStringLiteral("--seq"), QStringLiteral("2048"), QStringLiteral("--schedule"), QStringLiteral("interleaved"),
                   QStringLiteral("--zero"), QStringLiteral("1"), QStringLiteral("--json"), gpt })
                 .exitCode,
             0);
    const Run megatron = run({ QStringLiteral("export"), gpt, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(megatron.exitCode, 0);
    QVERIFY(megatron.out.contains(QStringLiteral("    --position-embedding-type learned_absolute \\\n")));
    QVERIFY(!megatron.out.contains(QStringLiteral("rotary")));
    QVERIFY(!megatron.out.contains(QStringLiteral("rope")));
}

// A plan with ring context parallelism and hybrid sharding, exported: Megatron's CP flags and distributed-
// optimizer instances, torchtitan's CP degree and replicas; DeepSpeed refuses the ring (exit 3).
void TestCliExport::contextParallelPlan()
{
    const QString plan = m_dir.filePath(QStringLiteral("cp.json"));
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                        QStringLiteral("--seq"), QStringLiteral("16384"), QStringLiteral("--tp"), QStringLiteral("1"),
                        QStringLiteral("--cp"), QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("1"),
                        QStringLiteral("--cp-comm-type"), QStringLiteral("p2p"), QStringLiteral("--zero"), QStringLiteral("1"),
                        QStringLiteral("--dp-replicate"), QStringLiteral("2"), QStringLiteral("--top"), QStringLiteral("1"),
                        QStringLiteral("--json"), plan });
    QCOMPARE(r.exitCode, 0);
    const Run megatron = run({ QStringLiteral("export"), plan, QStringLiteral("--format"), QStringLiteral("megatron") });
    QCOMPARE(megatron.exitCode, 0);
    QVERIFY2(megatron.out.contains(QStringLiteral("    --context-parallel-size 2 \\\n    --cp-comm-type p2p \\\n")), qPrintable(megatron.out));
    QVERIFY(megatron.out.contains(QStringLiteral("    --use-distributed-optimizer \\\n    --num-distributed-optimizer-instances 2 \\\n")));
    QVERIFY(megatron.out.contains(QStringLiteral("# - DP 8 is not a flag: Megatron derives it as world size / (TP x PP x CP) = 16 / 2.")));
    const Run titan = run({ QStringLiteral("export"), plan, QStringLiteral("--format"), QStringLiteral("torchtitan") });
    QCOMPARE(titan.exitCode, 0);
    QVERIFY2(titan.out.contains(QStringLiteral("data_parallel_replicate_degree = 2\ndata_parallel_shard_degree = 4\n")), qPrintable(titan.out));
    QVERIFY(titan.out.contains(QStringLiteral("context_parallel_degree = 2\ncontext_parallel_rotate_method = \"alltoall\"\n")));
    const Run deepspeed = run({ QStringLiteral("export"), plan, QStringLiteral("--format"), QStringLiteral("deepspeed") });
    QCOMPARE(deepspeed.exitCode, 3);
    QVERIFY(deepspeed.out.isEmpty());
    QVERIFY2(deepspeed.err.contains(QStringLiteral("cp.json:$.plans[0].config.cp_comm_type: DeepSpeed's context parallelism is Ulysses")),
             qPrintable(deepspeed.err));
}

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"
