// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope plan` explains its dead ends (app/diagnosis_report.*): the rule a pin breaks with its numbers,
// the closest plan's memory and the smallest cluster that fits (checked against plan runs at each GPU count),
// and warns of a pipeline bubble over 15 % and of a global batch that rules out DP degrees. Exit codes
// unchanged.
#include "cli_run.h"

#include <QtTest>
#include <numeric>

namespace {

QString divisorList(int n)
{
    QStringList parts;
    for (int d = 1; d <= n; ++d)
        if (n % d == 0) parts << QString::number(d);
    return parts.join(QStringLiteral(", "));
}

QString thousands(int v)
{
    QString digits = QString::number(v);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return digits;
}

} // namespace

class TestCliDiagnosis : public QObject
{
    Q_OBJECT
private slots:
    void explains_data();
    void explains();
    void smallestClusterMatchesPlanRuns();

private:
    using Run = shardscope::testing::CliRun;
    static Run run(const QStringList& args) { return shardscope::testing::runCli(args); }
};

void TestCliDiagnosis::explains_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");

    // Llama-3-70B (Meta's config.json): 64 attention heads, 8 key/value heads; 64 GPUs.
    const QString tpList = divisorList(std::gcd(std::gcd(64, 8), 64));
    QTest::newRow("TP 3 with 64 heads")
        << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"),
               QStringLiteral("64"), QStringLiteral("--tp"), QStringLiteral("3") }
        << 1
        << QStringList { QStringLiteral("Why no plan works:"),
               QStringLiteral("TP 3 does not divide the 64 attention heads; TP can be %1").arg(tpList),
               QStringLiteral("try: unpin TP, TP 2, TP 4") }
        << QStringList { QStringLiteral("0 plans evaluated") };
    // Whole nodes of 8 that TP 8 x PP 16 = 128 divides, with DP = GPUs / 128 dividing the global batch 512:
    // the nearest below 1,000 and above it.
    int below = 0, above = 0;
    for (int c = std::lcm(128, 8); c < 4000; c += std::lcm(128, 8))
        if (512 % (c / 128) == 0) {
            if (c < 1000)
                below = c;
            else if (above == 0)
                above = c;
        }
    QTest::newRow("TP x PP not dividing 1,000 GPUs")
        << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"),
               QStringLiteral("1000"), QStringLiteral("--tp"), QStringLiteral("8"), QStringLiteral("--pp"),
               QStringLiteral("16") }
        << 1
        << QStringList { QStringLiteral("TP 8 x PP 16 = 128 does not divide the 1,000 GPUs"),
               QStringLiteral("try: %1 nodes (%2 GPUs), %3 nodes (%4 GPUs)")
                   .arg(below / 8)
                   .arg(below)
                   .arg(above / 8)
                   .arg(thousands(above)) }
        << QStringList {};
    // PP 16 over 16 micro-batches: (p - 1) / (m + p - 1) = 15 / 31 of the pipeline idles, far over 15 %.
    QTest::newRow("bubble warning")
        << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"),
               QStringLiteral("16"), QStringLiteral("--pp"), QStringLiteral("16"),
               QStringLiteral("--global-batch"), QStringLiteral("16"), QStringLiteral("--micro-batch"),
               QStringLiteral("1"), QStringLiteral("--schedule"), QStringLiteral("1f1b") }
        << 0
        << QStringList { QStringLiteral("warning: pipeline bubble"),
               QStringLiteral("(PP 16, 16 micro-batches of 1 sequence, 1 model chunk per stage)"),
               QStringLiteral("proposal: Raise global batch to %1 sequences (m = %1 micro-batches)")
                   .arg(2 * 16) }
        << QStringList { QStringLiteral("Why no plan") };
    // One pipeline stage: no bubble, no warning; 512 divisible by every DP of 8 GPUs.
    QTest::newRow("no warning") << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"),
        QStringLiteral("--gpus"), QStringLiteral("8"), QStringLiteral("--pp"), QStringLiteral("1") }
                                << 0 << QStringList {}
                                << QStringList { QStringLiteral("warning: pipeline bubble"),
                                       QStringLiteral("warning: global batch"),
                                       QStringLiteral("Why no plan") };
    QStringList allowed, ruledOut;
    for (int d = 1; d <= 64; d *= 2)
        (1000 % d == 0 ? allowed : ruledOut) << QString::number(d);
    QTest::newRow("global batch 1,000 on 64 GPUs")
        << QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"),
               QStringLiteral("64"), QStringLiteral("--global-batch"), QStringLiteral("1000") }
        << 0
        << QStringList { QStringLiteral("warning: global batch 1,000 allows DP only in {%1} on 64 GPUs: DP "
                                        "%2 are impossible")
                             .arg(allowed.join(QStringLiteral(", ")), ruledOut.join(QStringLiteral(", "))),
               QStringLiteral("proposal: Raise global batch to 1,024 sequences (allows DP %1)")
                   .arg(ruledOut.join(QStringLiteral(", "))) }
        << QStringList {};
}

void TestCliDiagnosis::explains()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    const Run r = run(args);
    QCOMPARE(r.exitCode, exitCode);
    for (const QString& s : present)
        QVERIFY2(r.out.contains(s), qPrintable(QStringLiteral("missing \"%1\" in:\n%2").arg(s, r.out)));
    for (const QString& s : absent)
        QVERIFY2(!r.out.contains(s), qPrintable(QStringLiteral("unexpected \"%1\" in:\n%2").arg(s, r.out)));
}

// Llama-3-8B on nodes of one A100-40GB: nothing fits on one; the smallest cluster the diagnosis names is the
// first GPU count at which `shardscope plan` itself finds a plan (exit 0).
void TestCliDiagnosis::smallestClusterMatchesPlanRuns()
{
    auto planOn = [](int gpus) {
        return run({ QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpu"),
            QStringLiteral("A100-SXM-40GB"), QStringLiteral("--gpus"), QString::number(gpus),
            QStringLiteral("--gpus-per-node"), QStringLiteral("1") });
    };
    const Run one = planOn(1);
    QCOMPARE(one.exitCode, 1);
    QVERIFY2(one.out.contains(QStringLiteral("Why no plan fits:")), qPrintable(one.out));
    // 40 GiB less the default 5 % margin.
    QVERIFY2(one.out.contains(QStringLiteral("but %1 GiB is usable (40.0 GiB less the 5.0 % margin)")
                                  .arg(40 * 0.95, 0, 'f', 1)),
        qPrintable(one.out));
    int first = 0;
    for (int gpus = 2; gpus <= 16 && first == 0; ++gpus)
        if (planOn(gpus).exitCode == 0) first = gpus;
    QVERIFY(first > 0);
    QVERIFY2(one.out.contains(
                 QStringLiteral("The smallest cluster that fits: %1 nodes x 1 = %1 A100-SXM-40GB GPUs")
                     .arg(first)),
        qPrintable(one.out));
    QVERIFY2(one.out.contains(
                 QStringLiteral("proposal: Use %1 GPUs: %1 nodes of 1 A100-SXM-40GB (now 1)").arg(first)),
        qPrintable(one.out));
}

QTEST_GUILESS_MAIN(TestCliDiagnosis)
#include "tst_cli_diagnosis.moc"
