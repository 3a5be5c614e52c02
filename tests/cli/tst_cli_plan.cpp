// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope plan` end to end: output, JSON, exit codes and error messages.
#include <QFile>
#include "cli_run.h"

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
                        QStringLiteral("--schedule"), QStringLiteral("interleaved"), QStringLiteral("--json"), json });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains(QStringLiteral("1 plans evaluated")));
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("shardscope-plan"));
    const QJsonArray plans = doc.value(QStringLiteral("plans")).toArray();
    QCOMPARE(plans.size(), 1);
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
    QTest::newRow("partial nodes") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("12") } << 3
                                   << QStringLiteral("expected a multiple of 8");
    QTest::newRow("missing file") << QStringList { QStringLiteral("plan"), QStringLiteral("/nonexistent/config.json") } << 3
                                  << QStringLiteral("/nonexistent/config.json");
    QTest::newRow("unknown gpu") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpu"), QStringLiteral("V100") } << 2
                                 << QStringLiteral("unknown GPU \"V100\"");
    QTest::newRow("no plan fits") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3.1-405b"), QStringLiteral("--gpus"), QStringLiteral("8") } << 1
                                  << QString();
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

QTEST_GUILESS_MAIN(TestCliPlan)
#include "tst_cli_plan.moc"
