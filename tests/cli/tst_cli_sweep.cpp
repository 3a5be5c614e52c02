// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope sweep` end to end: the table, CSV and JSON against separate `shardscope plan` runs, per-point
// errors, exit codes and messages; and `shardscope plan --token-budget`'s days, GPU-hours and cost.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

namespace {

using Run = shardscope::testing::CliRun;
Run run(const QStringList& args)
{
    return shardscope::testing::runCli(args);
}

/// Qwen2.5-0.5B: a few thousand candidates a point, a few tens of milliseconds.
QString qwen()
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/models/hf/qwen2.5-0.5b.json");
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The CSV's rows (header first) split into fields; no field of these tests is quoted but the reason.
QList<QStringList> csvRows(const QByteArray& text)
{
    QList<QStringList> rows;
    for (const QString& line : QString::fromUtf8(text).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts)) {
        QStringList fields;
        QString field;
        bool quoted = false;
        for (qsizetype i = 0; i < line.size(); ++i) {
            const QChar c = line[i];
            if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"')) {
                field += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = !quoted;
            } else if (c == QLatin1Char(',') && !quoted) {
                fields << field;
                field.clear();
            } else {
                field += c;
            }
        }
        fields << field;
        rows << fields;
    }
    return rows;
}

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

} // namespace

class TestCliSweep : public QObject
{
    Q_OBJECT
private slots:
    void tableCsvAndJson();
    void otherAxes_data();
    void otherAxes();
    void sequenceSweepBandPerRegime();
    void perPointErrors();
    void exitCodes_data();
    void exitCodes();
    void help();
    void planPrintsTrainingTime();
    void unwritableOutput();
};

void TestCliSweep::tableCsvAndJson()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
    const QString json = dir.filePath(QStringLiteral("sweep.json"));
    const QStringList common { qwen(), QStringLiteral("--seq"), QStringLiteral("2048"),
        QStringLiteral("--global-batch"), QStringLiteral("64") };
    const Run r = run(QStringList { QStringLiteral("sweep") } + common
        + QStringList { QStringLiteral("--gpus"), QStringLiteral("8..32"), QStringLiteral("--token-budget"),
            QStringLiteral("1T"), QStringLiteral("--gpu-hour-price"), QStringLiteral("2.5"),
            QStringLiteral("--csv"), csv, QStringLiteral("--json"), json });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    // The table: a header with the budget columns, one row a GPU count, the first marked.
    QVERIFY2(r.out.contains(QStringLiteral("Sweep    GPU count 8, 16, 32 (3 points, a full search each)")),
        qPrintable(r.out));
    QVERIFY(r.out.contains(
        QRegularExpression(QStringLiteral("^    GPUs   tp  cp   pp .* days   GPU-hours        cost"),
            QRegularExpression::MultilineOption)));
    const QRegularExpression row(QStringLiteral("^\\s+(8|16|32)\\s+\\d+\\s+\\d+\\s+\\d+\\s+\\d+ .* GiB .*$"),
        QRegularExpression::MultilineOption);
    QStringList rows;
    for (auto it = row.globalMatch(r.out); it.hasNext();)
        rows << it.next().captured(0);
    QCOMPARE(rows.size(), 3);
    QVERIFY(rows[0].endsWith(QStringLiteral("<- smallest that fits")));
    QVERIFY(!rows[1].contains(QStringLiteral("smallest")));
    QVERIFY(r.out.contains(QStringLiteral("Smallest cluster that fits: 8 GPUs (1 node of 8).")));

    // CSV: a header and one row a point.
    const QList<QStringList> table = csvRows(readAll(csv));
    QCOMPARE(table.size(), 4);
    const QStringList& header = table[0];
    QCOMPARE(header.first(), QStringLiteral("sweep_gpus"));
    QCOMPARE(header.last(), QStringLiteral("reason"));
    for (const char* column :
        { "status", "smallest_fitting", "tp", "pp", "dp", "micro_batch", "step_seconds", "tokens_per_second",
            "mfu", "bubble_fraction", "peak_memory_bytes", "training_days", "gpu_hours", "cost" })
        QVERIFY2(header.contains(QLatin1String(column)), column);
    const auto col = [&](const char* name) { return header.indexOf(QLatin1String(name)); };
    for (int i = 1; i < table.size(); ++i)
        QCOMPARE(table[i].size(), header.size());

    // JSON: the format, the inputs, a point per value.
    const QJsonObject doc = QJsonDocument::fromJson(readAll(json)).object();
    QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("shardscope-sweep"));
    QCOMPARE(doc.value(QStringLiteral("version")).toInt(), 1);
    const QJsonObject inputs = doc.value(QStringLiteral("inputs")).toObject();
    QCOMPARE(inputs.value(QStringLiteral("axis")).toString(), QStringLiteral("gpus"));
    QCOMPARE(inputs.value(QStringLiteral("values")).toArray(), (QJsonArray { 8, 16, 32 }));
    QCOMPARE(
        inputs.value(QStringLiteral("budget")).toObject().value(QStringLiteral("tokens")).toDouble(), 1e12);
    QCOMPARE(
        inputs.value(QStringLiteral("budget")).toObject().value(QStringLiteral("gpu_hour_price")).toDouble(),
        2.5);
    QCOMPARE(inputs.value(QStringLiteral("training")).toObject().value(QStringLiteral("seq_length")).toInt(),
        2048);
    QCOMPARE(inputs.value(QStringLiteral("model")).toObject().value(QStringLiteral("name")).toString(),
        QStringLiteral("qwen2.5-0.5b"));
    QCOMPARE(doc.value(QStringLiteral("smallest_fitting")).toInt(-1), 0);
    const QJsonArray points = doc.value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 3);

    // Each point's best plan is what `shardscope plan` ranks first at that GPU count.
    const int gpuCounts[] = { 8, 16, 32 };
    for (int i = 0; i < 3; ++i) {
        const QString planJson = dir.filePath(QStringLiteral("plan%1.json").arg(i));
        const Run p = run(QStringList { QStringLiteral("plan") } + common
            + QStringList { QStringLiteral("--gpus"), QString::number(gpuCounts[i]), QStringLiteral("--top"),
                QStringLiteral("1"), QStringLiteral("--json"), planJson });
        QCOMPARE(p.exitCode, 0);
        const QJsonObject plan = QJsonDocument::fromJson(readAll(planJson))
                                     .object()
                                     .value(QStringLiteral("plans"))
                                     .toArray()
                                     .at(0)
                                     .toObject();
        const QJsonObject point = points.at(i).toObject();
        QCOMPARE(point.value(QStringLiteral("value")).toInt(), gpuCounts[i]);
        QCOMPARE(point.value(QStringLiteral("status")).toString(), QStringLiteral("fits"));
        QCOMPARE(point.value(QStringLiteral("smallest_fitting")).toBool(), i == 0);
        const QJsonObject best = point.value(QStringLiteral("best")).toObject();
        QCOMPARE(
            best.value(QStringLiteral("config")).toObject(), plan.value(QStringLiteral("config")).toObject());
        const double tokensPerSecond = plan.value(QStringLiteral("tokens_per_second")).toDouble();
        QCOMPARE(best.value(QStringLiteral("tokens_per_second")).toDouble(), tokensPerSecond);
        QCOMPARE(best.value(QStringLiteral("step_seconds")).toDouble(),
            plan.value(QStringLiteral("time")).toObject().value(QStringLiteral("step_seconds")).toDouble());
        QCOMPARE(best.value(QStringLiteral("peak_memory_bytes")).toDouble(),
            plan.value(QStringLiteral("peak_memory_bytes")).toDouble());
        QCOMPARE(best.value(QStringLiteral("mfu")).toDouble(), plan.value(QStringLiteral("mfu")).toDouble());
        // The CSV row says the same, and the budget columns follow from tokens/s by hand.
        const QStringList& csvRow = table[i + 1];
        QCOMPARE(csvRow[col("sweep_gpus")].toInt(), gpuCounts[i]);
        QCOMPARE(csvRow[col("smallest_fitting")], i == 0 ? QStringLiteral("true") : QStringLiteral("false"));
        QCOMPARE(csvRow[col("tp")].toInt(),
            best.value(QStringLiteral("config")).toObject().value(QStringLiteral("tp")).toInt());
        QCOMPARE(csvRow[col("dp")].toInt(),
            best.value(QStringLiteral("config")).toObject().value(QStringLiteral("dp")).toInt());
        QCOMPARE(csvRow[col("tokens_per_second")].toDouble(), tokensPerSecond);
        const double days = 1e12 / tokensPerSecond / 86400;
        QVERIFY2(
            close(csvRow[col("training_days")].toDouble(), days), qPrintable(csvRow[col("training_days")]));
        QVERIFY(close(csvRow[col("gpu_hours")].toDouble(), days * 24 * gpuCounts[i]));
        QVERIFY(close(csvRow[col("cost")].toDouble(), days * 24 * gpuCounts[i] * 2.5));
        const QJsonObject time = best.value(QStringLiteral("training_time")).toObject();
        QVERIFY(close(time.value(QStringLiteral("days")).toDouble(), days));
        QVERIFY(close(time.value(QStringLiteral("cost")).toDouble(), days * 24 * gpuCounts[i] * 2.5));
    }
}

void TestCliSweep::otherAxes_data()
{
    QTest::addColumn<QStringList>("axis");
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("summary");
    QTest::newRow("batch") << QStringList { QStringLiteral("--batch"), QStringLiteral("32,64") }
                           << QStringLiteral("   batch")
                           << QStringLiteral("Smallest global batch that fits: 32 sequences; largest: 64.");
    QTest::newRow("global-batch") << QStringList { QStringLiteral("--global-batch"),
        QStringLiteral("32..64") } << QStringLiteral("   batch")
                                  << QStringLiteral(
                                         "Smallest global batch that fits: 32 sequences; largest: 64.");
    QTest::newRow("seq") << QStringList { QStringLiteral("--seq"), QStringLiteral("1024..2048") }
                         << QStringLiteral("     seq")
                         << QStringLiteral("Shortest sequence that fits: 1024 tokens; longest: 2048.");
}

void TestCliSweep::otherAxes()
{
    QFETCH(QStringList, axis);
    QFETCH(QString, column);
    QFETCH(QString, summary);
    const Run r
        = run(QStringList { QStringLiteral("sweep"), qwen(), QStringLiteral("--gpus"), QStringLiteral("8") }
            + axis);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1Char('\n') + column + QStringLiteral("   tp  cp")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("8 GPUs, 8 GPUs a node")));
    QVERIFY(r.out.contains(summary));
}

// Across sequence buckets the summary gives each regime's band with the values it covers, and the JSON
// each point's prediction_error.
void TestCliSweep::sequenceSweepBandPerRegime()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("seq.json"));
    const Run r = run({ QStringLiteral("sweep"), qwen(), QStringLiteral("--gpus"), QStringLiteral("8"),
        QStringLiteral("--precision"), QStringLiteral("fp8"), QStringLiteral("--seq"), QStringLiteral("2048,65536"),
        QStringLiteral("--json"), json });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("cross-validated on ")) && r.out.contains(QStringLiteral("H100 dense FP8 <=8k, profile megatron-bridge (at 2048)")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("Predicted times are uncalibrated: fewer than 3 measured runs in H100 dense FP8 >32k")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("(at 65536)")), qPrintable(r.out));
    const QJsonArray points = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("points")).toArray();
    QCOMPARE(points.size(), 2);
    QCOMPARE(points[0].toObject()[QStringLiteral("prediction_error")].toObject()[QStringLiteral("regime")].toString(),
             QStringLiteral("H100 dense FP8 <=8k"));
    QVERIFY(points[0].toObject()[QStringLiteral("prediction_error")].toObject()[QStringLiteral("cross_validated")].toBool());
    QCOMPARE(points[1].toObject()[QStringLiteral("prediction_error")].toObject()[QStringLiteral("regime")].toString(),
             QStringLiteral("H100 dense FP8 >32k"));
    QVERIFY(points[1].toObject()[QStringLiteral("prediction_error")].toObject()[QStringLiteral("error")].isNull());
}

void TestCliSweep::perPointErrors()
{
    QTemporaryDir dir;
    const QString csv = dir.filePath(QStringLiteral("errors.csv"));
    const Run r = run({ QStringLiteral("sweep"), qwen(), QStringLiteral("--gpus"), QStringLiteral("4,8,12"),
        QStringLiteral("--csv"), csv });
    QCOMPARE(r.exitCode, 0); // 8 GPUs fit
    QVERIFY2(r.out.contains(QStringLiteral(
                 "       4  error: sweep point:gpus: 4 GPUs is not a whole number of 8-GPU nodes")),
        qPrintable(r.out));
    QVERIFY(
        r.out.contains(QStringLiteral("      12  error: sweep point:gpus: 12 GPUs is not a whole number")));
    const QList<QStringList> table = csvRows(readAll(csv));
    QCOMPARE(table.size(), 4);
    const qsizetype status = table[0].indexOf(QStringLiteral("status"));
    QCOMPARE(table[1][status], QStringLiteral("error"));
    QCOMPARE(table[2][status], QStringLiteral("fits"));
    QVERIFY(table[1].last().contains(QStringLiteral("not a whole number of 8-GPU nodes")));
    QCOMPARE(table[1][table[0].indexOf(QStringLiteral("tp"))], QString()); // no plan, empty layout
}

void TestCliSweep::exitCodes_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString sweep = QStringLiteral("sweep");
    const QString m = qwen();
    QTest::newRow("backwards range") << QStringList {
        sweep, m, QStringLiteral("--gpus"), QStringLiteral("128..64")
    } << 2 << QStringLiteral("shardscope sweep: --gpus: the range \"128..64\" runs backwards");
    QTest::newRow("open range") << QStringList {
        sweep, m, QStringLiteral("--gpus"), QStringLiteral("64..")
    } << 2 << QStringLiteral("--gpus: expected a positive integer GPU count, got \"\" in \"64..\"");
    QTest::newRow("no power of two") << QStringList {
        sweep, m, QStringLiteral("--seq"), QStringLiteral("3000..4000")
    } << 2 << QStringLiteral("--seq: the range \"3000..4000\" holds no power of two");
    QTest::newRow("value twice") << QStringList { sweep, m, QStringLiteral("--batch"),
        QStringLiteral("32,64,32") }
                                 << 2 << QStringLiteral("--batch: global batch 32 is given twice");
    QTest::newRow("not a number") << QStringList { sweep, m, QStringLiteral("--gpus"),
        QStringLiteral("8,many") } << 2
                                  << QStringLiteral("got \"many\" in \"8,many\"");
    QTest::newRow("zero") << QStringList { sweep, m, QStringLiteral("--gpus"), QStringLiteral("0,8") } << 2
                          << QStringLiteral("GPU count 0 is out of range; expected 1 to 10000000");
    QTest::newRow("two axes") << QStringList {
        sweep, m, QStringLiteral("--gpus"), QStringLiteral("8,16"), QStringLiteral("--seq"),
        QStringLiteral("1024,2048")
    } << 2 << QStringLiteral("one sweep axis per run: --gpus and --seq both give several values");
    QTest::newRow("no axis") << QStringList { sweep, m, QStringLiteral("--gpus"), QStringLiteral("8") } << 2
                             << QStringLiteral("no sweep axis: give --gpus, --batch or --seq a range A..B");
    QTest::newRow("no model") << QStringList { sweep, QStringLiteral("--gpus"), QStringLiteral("8,16") } << 2
                              << QStringLiteral("no model given: shardscope sweep MODEL");
    QTest::newRow("plan-only option") << QStringList { sweep, m, QStringLiteral("--gpus"),
        QStringLiteral("8,16"), QStringLiteral("--top"), QStringLiteral("3") }
                                      << 2 << QStringLiteral("--top is an option of shardscope plan");
    QTest::newRow("csv without file")
        << QStringList { sweep, m, QStringLiteral("--gpus"), QStringLiteral("8,16"), QStringLiteral("--csv") }
        << 2 << QStringLiteral("option --csv expects a value");
    QTest::newRow("unknown option") << QStringList { sweep, m, QStringLiteral("--gpus"),
        QStringLiteral("8,16"), QStringLiteral("--fast") }
                                    << 2 << QStringLiteral("unknown option --fast");
    QTest::newRow("bad token budget")
        << QStringList { sweep, m, QStringLiteral("--gpus"), QStringLiteral("8,16"),
               QStringLiteral("--token-budget"), QStringLiteral("15X") }
        << 2 << QStringLiteral("--token-budget: expected a token count such as 15e12, 15T");
    QTest::newRow("price without budget")
        << QStringList { QStringLiteral("plan"), m, QStringLiteral("--gpu-hour-price"), QStringLiteral("2") }
        << 2 << QStringLiteral("--gpu-hour-price needs --token-budget TOKENS");
    QTest::newRow("negative price") << QStringList {
        QStringLiteral("plan"), m, QStringLiteral("--token-budget"), QStringLiteral("1T"),
        QStringLiteral("--gpu-hour-price"), QStringLiteral("-2")
    } << 2 << QStringLiteral("--gpu-hour-price: expected a positive price per GPU-hour, got \"-2\"");
    QTest::newRow("missing model file") << QStringList { sweep, QStringLiteral("/nonexistent/config.json"),
        QStringLiteral("--gpus"), QStringLiteral("8,16") }
                                        << 3 << QStringLiteral("/nonexistent/config.json");
    QTest::newRow("every point an error")
        << QStringList { sweep, m, QStringLiteral("--gpus"), QStringLiteral("4,12") } << 3 << QString();
    QTest::newRow("nothing fits") << QStringList { sweep, QStringLiteral("llama-3.1-405b"),
        QStringLiteral("--gpus"), QStringLiteral("8..16") }
                                  << 1 << QString();
}

void TestCliSweep::exitCodes()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exitCode, code);
    if (!message.isEmpty()) QVERIFY2(r.err.contains(message), qPrintable(r.err));
    if (code == 1) {
        QVERIFY(r.out.contains(QStringLiteral("No plan fits at any point.")));
        QVERIFY2(r.out.contains(
                     QRegularExpression(QStringLiteral("^\\s+16  no plan fits \\(\\d+ candidates\\): \\S"),
                         QRegularExpression::MultilineOption)),
            qPrintable(r.out));
    }
}

void TestCliSweep::help()
{
    const Run main = run({ QStringLiteral("--help") });
    QCOMPARE(main.exitCode, 0);
    QVERIFY(main.out.contains(QStringLiteral("  sweep MODEL --gpus A..B|--batch A..B|--seq A..B")));
    const Run h = run({ QStringLiteral("sweep"), QStringLiteral("--help") });
    QCOMPARE(h.exitCode, 0);
    for (const char* text :
        { "Usage: shardscope sweep MODEL", "--gpus A..B|A,B,C", "--csv FILE", "--json FILE",
            "--token-budget TOKENS", "--gpu-hour-price PRICE", "--tp N  --cp N", "--strategy NAME" })
        QVERIFY2(h.out.contains(QLatin1String(text)), text);
    QVERIFY(!h.out.contains(QStringLiteral("--top K")));
    const Run plan = run({ QStringLiteral("plan"), QStringLiteral("--help") });
    QVERIFY(plan.out.contains(QStringLiteral("--token-budget TOKENS")));
    QVERIFY(plan.out.contains(QStringLiteral("--top K")));
}

void TestCliSweep::planPrintsTrainingTime()
{
    QTemporaryDir dir;
    const QString json = dir.filePath(QStringLiteral("plan.json"));
    const Run r = run({ QStringLiteral("plan"), qwen(), QStringLiteral("--gpus"), QStringLiteral("16"),
        QStringLiteral("--seq"), QStringLiteral("2048"), QStringLiteral("--global-batch"),
        QStringLiteral("64"), QStringLiteral("--top"), QStringLiteral("3"), QStringLiteral("--token-budget"),
        QStringLiteral("15e11"), QStringLiteral("--gpu-hour-price"), QStringLiteral("3"),
        QStringLiteral("--json"), json });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("Budget   1.50 T tokens, 3 per GPU-hour")));
    // Ranked rows end with days, GPU-hours and cost (then a tie group's mark); each follows from the row's tokens/s by hand.
    const QRegularExpression row(
        QStringLiteral("^\\s+([1-3]) .* GiB\\s+\\S+ "
                       "m?s\\s+(\\d+)\\s+\\S+%\\s+\\S+%\\s+\\S+\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)(?:  \u2248\\d+)?$"),
        QRegularExpression::MultilineOption);
    int rows = 0;
    for (auto it = row.globalMatch(r.out); it.hasNext(); ++rows) {
        const QRegularExpressionMatch m = it.next();
        const double tokensPerSecond = m.captured(2).toDouble(); // printed rounded to a token
        const double days = 15e11 / tokensPerSecond / 86400;
        QVERIFY2(std::fabs(m.captured(3).toDouble() - days) <= 0.05 + 1e-6 * days, qPrintable(m.captured(0)));
        QVERIFY2(std::fabs(m.captured(4).toDouble() - days * 24 * 16) <= 0.5 + 1e-6 * days * 24 * 16,
            qPrintable(m.captured(0)));
        QVERIFY2(std::fabs(m.captured(5).toDouble() - days * 24 * 16 * 3) <= 0.5 + 1e-6 * days * 24 * 16 * 3,
            qPrintable(m.captured(0)));
    }
    QCOMPARE(rows, 3);
    QVERIFY(r.out.contains(QRegularExpression(
        QStringLiteral("^\\s+training on 1.50 T tokens: [0-9.]+ days, .* GPU-hours on 16 GPUs, cost "),
        QRegularExpression::MultilineOption)));
    // The plan file carries the budget and each plan's time.
    const QJsonObject doc = QJsonDocument::fromJson(readAll(json)).object();
    const QJsonObject budget
        = doc.value(QStringLiteral("inputs")).toObject().value(QStringLiteral("budget")).toObject();
    QCOMPARE(budget.value(QStringLiteral("tokens")).toDouble(), 15e11);
    QCOMPARE(budget.value(QStringLiteral("gpu_hour_price")).toDouble(), 3.0);
    const QJsonObject plan = doc.value(QStringLiteral("plans")).toArray().at(0).toObject();
    const double days = 15e11 / plan.value(QStringLiteral("tokens_per_second")).toDouble() / 86400;
    const QJsonObject time = plan.value(QStringLiteral("training_time")).toObject();
    QVERIFY(close(time.value(QStringLiteral("days")).toDouble(), days));
    QVERIFY(close(time.value(QStringLiteral("gpu_hours")).toDouble(), days * 24 * 16));
    QVERIFY(close(time.value(QStringLiteral("cost")).toDouble(), days * 24 * 16 * 3));
    // Without a budget: no columns, no key.
    const Run plain = run({ QStringLiteral("plan"), qwen(), QStringLiteral("--gpus"), QStringLiteral("16"),
        QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--json"), json });
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(!plain.out.contains(QStringLiteral("GPU-hours")));
    QVERIFY(!QJsonDocument::fromJson(readAll(json))
                 .object()
                 .value(QStringLiteral("inputs"))
                 .toObject()
                 .contains(QStringLiteral("budget")));
    // A budget without a price: days and GPU-hours, no cost.
    const Run noPrice = run({ QStringLiteral("plan"), qwen(), QStringLiteral("--gpus"), QStringLiteral("16"),
        QStringLiteral("--top"), QStringLiteral("1"), QStringLiteral("--token-budget"),
        QStringLiteral("1T") });
    QCOMPARE(noPrice.exitCode, 0);
    QVERIFY(noPrice.out.contains(QStringLiteral("GPU-hours")));
    QVERIFY(!noPrice.out.contains(QStringLiteral("        cost")));
    QVERIFY(noPrice.out.contains(QStringLiteral("no GPU-hour price (--gpu-hour-price) so no cost")));
}

void TestCliSweep::unwritableOutput()
{
    const Run r = run({ QStringLiteral("sweep"), qwen(), QStringLiteral("--gpus"), QStringLiteral("8,16"),
        QStringLiteral("--json"), QStringLiteral("/nonexistent/dir/sweep.json") });
    QCOMPARE(r.exitCode, 4);
    QVERIFY2(r.err.contains(QStringLiteral("shardscope sweep: cannot write /nonexistent/dir/sweep.json")),
        qPrintable(r.err));
}

QTEST_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
