// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope validate` and `--profile` end to end: the rows and regimes of a profile as JSON (each error the
// predicted over the measured step, computed here from the file's own fields), the band a plan prints, and the
// usage errors of an unknown profile.
#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

namespace {
using Run = shardscope::testing::CliRun;
Run run(const QStringList& args)
{
    return shardscope::testing::runCli(args);
}
} // namespace

class TestCliValidate : public QObject
{
    Q_OBJECT
private slots:
    void validateWritesEveryRun();
    void planPrintsTheRegimeBand();
    void unknownProfileIsAUsageError();
};

void TestCliValidate::validateWritesEveryRun()
{
    const Run r = run({ QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("megatron-2021"),
                        QStringLiteral("--in-sample"), QStringLiteral("--json"), QStringLiteral("-") });
    QCOMPARE(r.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(doc.value(QStringLiteral("profile")).toString(), QStringLiteral("megatron-2021"));
    const QJsonArray rows = doc.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), 10); // Narayanan et al. 2021, Table 1
    for (const QJsonValue& v : rows) {
        const QJsonObject row = v.toObject();
        const double measured = row.value(QStringLiteral("measured_step_seconds")).toDouble();
        const double predicted = row.value(QStringLiteral("predicted_step_seconds")).toDouble();
        QVERIFY(measured > 0 && predicted > 0);
        QVERIFY(std::abs(row.value(QStringLiteral("error")).toDouble() - (predicted / measured - 1)) < 1e-9);
        QCOMPARE(row.value(QStringLiteral("regime")).toString(), QStringLiteral("A100 dense FP16 <=8k"));
        QVERIFY(row.value(QStringLiteral("cv_model_error")).isNull()); // --in-sample
    }
    const QJsonArray regimes = doc.value(QStringLiteral("regimes")).toArray();
    QCOMPARE(regimes.size(), 1);
    QCOMPARE(regimes[0].toObject().value(QStringLiteral("rows")).toInt(), 10);
    // The human report went nowhere (standard output carries the JSON).
    QVERIFY(!r.out.contains(QStringLiteral("By regime")));
}

void TestCliValidate::planPrintsTheRegimeBand()
{
    const Run r = run({ QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--precision"), QStringLiteral("fp8"),
                        QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--top"), QStringLiteral("1") });
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral("cross-validated on")) && r.out.contains(QStringLiteral("H100 dense FP8 <=8k")),
             qPrintable(r.out));
    const Run bf16 = run({ QStringLiteral("plan"), QStringLiteral("llama-3-70b"), QStringLiteral("--seq"), QStringLiteral("4096"),
                           QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--profile"), QStringLiteral("mcore-r0.8") });
    QCOMPARE(bf16.exitCode, 0);
    QVERIFY2(bf16.out.contains(QStringLiteral("cross-validated on 9 runs, H100 dense BF16 <=8k, profile mcore-r0.8")),
             qPrintable(bf16.out));
}

void TestCliValidate::unknownProfileIsAUsageError()
{
    for (const QStringList& args : { QStringList { QStringLiteral("validate"), QStringLiteral("--profile"), QStringLiteral("nemo") },
                                     QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--profile"),
                                                   QStringLiteral("nemo") } }) {
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("\"nemo\"")) && r.err.contains(QStringLiteral("megatron-bridge"))
                     && r.err.contains(QStringLiteral("mcore-r0.8")),
                 qPrintable(r.err));
    }
}

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
