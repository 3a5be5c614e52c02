// SPDX-License-Identifier: GPL-3.0-or-later
// The step's breakdown by kind over many plans (dense 1F1B, interleaved, zero-bubble, CP, EP with dense and MoE
// stages): in plan JSON each kind is m x its time per micro-batch averaged over the stages (the stages' own
// numbers in the same file, added up here), the parts add up to the step, every kind any stage spends time on
// is non-zero with its bytes, and the CLI's step line prints the same numbers as the JSON. DeepSeek-V3 on 2,048
// H800 with TP 4 x PP 64 x EP 8 (issue 29): its slowest stage holds no MoE layer, yet every MoE stage spends
// time on the token all-to-alls, so the step's EP time and bytes are not 0.
#include "cli_run.h"
#include "util/text.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using shardscope::testing::CliRun;
using shardscope::testing::runCli;

namespace {

QString model(const char* name) { return QStringLiteral(SHARDSCOPE_TEST_DATA "/models/hf/") + QLatin1String(name); }

struct Kind
{
    const char* time;  ///< the key in plans[].time
    const char* stage; ///< the key in stages[].micro_batch_time
    const char* comm;  ///< the key's stem in plans[].comm (nullptr: no communication)
    const char* text;  ///< the CLI's name for it in the step line
};

const Kind kKinds[] = {
    { "compute_seconds", "compute_seconds", nullptr, "compute" },
    { "recompute_seconds", "recompute_seconds", nullptr, "recompute" },
    { "tp_comm_seconds", "tp_comm_seconds", "tp", "TP comm" },
    { "pp_comm_seconds", "pp_comm_seconds", "pp", "PP comm" },
    { "cp_comm_seconds", "cp_comm_seconds", "cp", "CP comm" },
    { "ep_comm_seconds", "ep_comm_seconds", "ep", "EP all-to-all" },
};

/// The value after `name` in the step line ("... + EP all-to-all 2.3 ms + ..."), empty when absent.
QString stepLineTerm(const QString& line, const QString& name)
{
    const QRegularExpression re(QStringLiteral("(?:= | \\+ )") + QRegularExpression::escape(name)
                                + QStringLiteral(" ([0-9.]+ (?:s|ms|us))(?: \\+|$)"));
    return re.match(line).captured(1);
}

/// What the CLI prints for `seconds` (core's formatSeconds: "1.23 s", "4.5 ms", "67 us").
QString printed(double seconds) { return QString::fromStdString(shardscope::formatSeconds(seconds)); }

} // namespace

class TestCliStepBreakdown : public QObject
{
    Q_OBJECT
private slots:
    void kindsAddUpAndShowEverywhere_data();
    void kindsAddUpAndShowEverywhere();
};

void TestCliStepBreakdown::kindsAddUpAndShowEverywhere_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("moe");
    QTest::addColumn<bool>("cp");
    const QStringList llama70 { QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"), QStringLiteral("64"),
                                QStringLiteral("--seq"), QStringLiteral("8192"), QStringLiteral("--global-batch"),
                                QStringLiteral("256"), QStringLiteral("--micro-batch"), QStringLiteral("1") };
    auto layout = [](const QString& tp, const QString& pp) {
        return QStringList { QStringLiteral("--tp"), tp, QStringLiteral("--pp"), pp };
    };
    QTest::newRow("dense 1F1B") << (llama70 + layout(QStringLiteral("8"), QStringLiteral("4"))
                                    + QStringList { QStringLiteral("--schedule"), QStringLiteral("1f1b") })
                                << false << false;
    QTest::newRow("dense interleaved") << (llama70 + layout(QStringLiteral("8"), QStringLiteral("4"))
                                           + QStringList { QStringLiteral("--schedule"), QStringLiteral("interleaved"),
                                                           QStringLiteral("--vpp"), QStringLiteral("5") })
                                       << false << false;
    QTest::newRow("dense ZB-H1") << (llama70 + layout(QStringLiteral("4"), QStringLiteral("8"))
                                     + QStringList { QStringLiteral("--schedule"), QStringLiteral("zb-h1") })
                                 << false << false;
    QTest::newRow("dense ZBV") << (llama70 + layout(QStringLiteral("8"), QStringLiteral("4"))
                                   + QStringList { QStringLiteral("--schedule"), QStringLiteral("zbv") })
                               << false << false;
    QTest::newRow("CP 4 at 32k")
        << QStringList { QStringLiteral("llama-3-70b"), QStringLiteral("--gpus"), QStringLiteral("128"), QStringLiteral("--seq"),
                         QStringLiteral("32768"), QStringLiteral("--global-batch"), QStringLiteral("64"), QStringLiteral("--tp"),
                         QStringLiteral("8"), QStringLiteral("--cp"), QStringLiteral("4"), QStringLiteral("--pp"), QStringLiteral("4"),
                         QStringLiteral("--micro-batch"), QStringLiteral("1"), QStringLiteral("--schedule"), QStringLiteral("1f1b") }
        << false << true;
    QTest::newRow("Mixtral EP 8, PP 4")
        << QStringList { model("Mixtral-8x7B-v0.1.json"), QStringLiteral("--gpus"), QStringLiteral("64"), QStringLiteral("--seq"),
                         QStringLiteral("4096"), QStringLiteral("--global-batch"), QStringLiteral("256"), QStringLiteral("--tp"),
                         QStringLiteral("2"), QStringLiteral("--pp"), QStringLiteral("4"), QStringLiteral("--ep"), QStringLiteral("8"),
                         QStringLiteral("--micro-batch"), QStringLiteral("1") }
        << true << false;
    // The case: 3 dense blocks and 58 MoE blocks over 64 stages; the slowest stage holds no MoE layer.
    QTest::newRow("DeepSeek-V3 TP 4 x PP 64 x EP 8 on 2,048 H800")
        << QStringList { model("DeepSeek-V3.json"), QStringLiteral("--gpu"), QStringLiteral("H800-SXM"), QStringLiteral("--gpus"),
                         QStringLiteral("2048"), QStringLiteral("--seq"), QStringLiteral("4096"), QStringLiteral("--global-batch"),
                         QStringLiteral("15360"), QStringLiteral("--tp"), QStringLiteral("4"), QStringLiteral("--pp"),
                         QStringLiteral("64"), QStringLiteral("--ep"), QStringLiteral("8"), QStringLiteral("--micro-batch"),
                         QStringLiteral("1"), QStringLiteral("--zero"), QStringLiteral("1"), QStringLiteral("--schedule"),
                         QStringLiteral("1f1b"), QStringLiteral("--precision"), QStringLiteral("fp8") }
        << true << false;
}

void TestCliStepBreakdown::kindsAddUpAndShowEverywhere()
{
    QFETCH(QStringList, args);
    QFETCH(bool, moe);
    QFETCH(bool, cp);
    QTemporaryDir dir;
    const QString jsonPath = dir.filePath(QStringLiteral("plan.json"));
    const CliRun r = runCli(QStringList { QStringLiteral("plan") } + args
                            + QStringList { QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--infeasible"), QStringLiteral("1"),
                                            QStringLiteral("--json"), jsonPath });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QFile f(jsonPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("plans")).toArray().at(0).toObject();
    QVERIFY(!plan.isEmpty());
    const QJsonObject time = plan.value(QStringLiteral("time")).toObject();
    const QJsonObject comm = plan.value(QStringLiteral("comm")).toObject();
    const QJsonArray stages = plan.value(QStringLiteral("stages")).toArray();
    const double m = plan.value(QStringLiteral("num_micro_batches")).toDouble();
    const double step = time.value(QStringLiteral("step_seconds")).toDouble();
    QVERIFY(stages.size() > 0 && m >= 1 && step > 0);

    // Each kind: m x the stages' mean time per micro-batch (every stage has as many GPUs).
    double parts = 0;
    double slowest = 0, meanTotal = 0;
    for (const QJsonValue s : stages) {
        const double t = s.toObject().value(QStringLiteral("micro_batch_time")).toObject().value(QStringLiteral("total_seconds")).toDouble();
        slowest = std::max(slowest, t);
        meanTotal += t / double(stages.size());
    }
    const QString stepLine = [&] {
        for (const QString& l : r.out.split(QLatin1Char('\n')))
            if (l.trimmed().startsWith(QLatin1String("step ")) && l.contains(QLatin1String(" = compute ")))
                return l;
        return QString();
    }();
    QVERIFY2(!stepLine.isEmpty(), qPrintable(r.out));
    for (const Kind& k : kKinds) {
        double sum = 0;
        bool anyStage = false;
        for (const QJsonValue s : stages) {
            const double t = s.toObject().value(QStringLiteral("micro_batch_time")).toObject().value(QLatin1String(k.stage)).toDouble();
            sum += t;
            anyStage = anyStage || t > 0;
        }
        const double expected = m * sum / double(stages.size());
        const double got = time.value(QLatin1String(k.time)).toDouble();
        QVERIFY2(std::abs(got - expected) <= 1e-9 * step, qPrintable(QStringLiteral("%1: %2, stages say %3").arg(QLatin1String(k.time)).arg(got).arg(expected)));
        parts += got;
        if (anyStage)
            QVERIFY2(got > 0, k.time);
        if (k.comm) {
            const QString stem = QLatin1String(k.comm);
            QCOMPARE(comm.value(stem + QStringLiteral("_seconds")).toDouble(), got);
            if (anyStage)
                QVERIFY2(comm.value(stem + QStringLiteral("_bytes")).toDouble() > 0, k.comm);
        }
        const QString term = stepLineTerm(stepLine, QLatin1String(k.text));
        if (!term.isEmpty() || got > 0)
            QVERIFY2(term == printed(got), qPrintable(QStringLiteral("%1 printed \"%2\", JSON %3 in: %4").arg(QLatin1String(k.text), term).arg(got).arg(stepLine)));
    }
    // The idle time: the schedule's bubble on the slowest stage, and the stages' wait for it.
    const double imbalance = time.value(QStringLiteral("imbalance_seconds")).toDouble();
    QVERIFY(std::abs(imbalance - m * (slowest - meanTotal)) <= 1e-9 * step);
    parts += time.value(QStringLiteral("bubble_seconds")).toDouble() + imbalance + time.value(QStringLiteral("dp_exposed_seconds")).toDouble()
        + time.value(QStringLiteral("optimizer_seconds")).toDouble();
    QVERIFY2(std::abs(parts - step) <= 1e-9 * step, qPrintable(QStringLiteral("parts %1, step %2").arg(parts).arg(step)));
    QCOMPARE(stepLineTerm(stepLine, QStringLiteral("waiting on the slowest stage")), printed(imbalance));

    if (moe) {
        QVERIFY(time.value(QStringLiteral("ep_comm_seconds")).toDouble() > 0);
        QVERIFY(comm.value(QStringLiteral("ep_bytes")).toDouble() > 0);
    }
    if (cp)
        QVERIFY(comm.value(QStringLiteral("cp_bytes")).toDouble() > 0);
    // The communication line prints the same EP bytes and seconds.
    if (moe) {
        const QRegularExpressionMatch ep = QRegularExpression(QStringLiteral("EP all-to-all ([0-9.]+ [KMGTP]?i?B) \\(([0-9.]+ (?:s|ms|us))\\)")).match(r.out);
        QVERIFY2(ep.hasMatch(), qPrintable(r.out));
        QCOMPARE(ep.captured(2), printed(comm.value(QStringLiteral("ep_seconds")).toDouble()));
        QCOMPARE(ep.captured(1), QString::fromStdString(shardscope::formatBytes(comm.value(QStringLiteral("ep_bytes")).toDouble())));
    }
}

QTEST_GUILESS_MAIN(TestCliStepBreakdown)
#include "tst_cli_step_breakdown.moc"
