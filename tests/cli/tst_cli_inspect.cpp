// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope inspect` end to end: every import format, the graph analysis in text and JSON, the
// analysis stored in plan JSON, and exit codes for bad input.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = shardscope::testing::CliRun;
Run run(const QStringList& args) { return shardscope::testing::runCli(args); }

QString data(const char* relative) { return QStringLiteral(SHARDSCOPE_TEST_DATA "/") + QLatin1String(relative); }

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestCliInspect : public QObject
{
    Q_OBJECT
private slots:
    void everyFormat_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("params");
        QTest::newRow("onnx") << data("onnx/gpt_block.onnx") << "(ONNX)" << "116.5 K";
        QTest::newRow("safetensors folder") << data("safetensors/tiny-llama-sharded") << "(safetensors index" << "";
        QTest::newRow("graphml") << data("graphs/tiny-llama.graphml") << "(GraphML)" << "";
        QTest::newRow("dot") << data("graphs/tiny-llama.dot") << "(Graphviz DOT)" << "";
        QTest::newRow("hf config") << data("models/gpt2.json") << "" << "124.4 M";
        QTest::newRow("bundled") << "llama-3-8b" << "" << "8.03 B";
    }

    // A mixture of experts: the total without the multi-token-prediction module (DeepSeek-V3's published
    // 671,026,419,200), the active count per token (counted by hand in tst_hf_moe_families: 37,552,297,472),
    // the MTP module apart (11,610,068,224), the expert layout and the latent attention's ranks.
    void mixtureOfExperts()
    {
        const Run r = run({ QStringLiteral("inspect"), data("models/hf/DeepSeek-V3.json") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("parameters       671.0 B (671,026,419,200), 37.55 B active per token "
                                               "(37,552,297,472)\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("+ 11.61 B (11,610,068,224) in 1 multi-token-prediction module, not in "
                                               "the total")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("58 of 61 blocks a mixture of 256 routed experts, top-8, expert FFN 2048; "
                                               "shared expert FFN 2048; router bias")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("dense blocks     the first 3 (FFN 18432)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("q rank 1536, key/value rank 512; per head query/key 128 + 64 rotary, "
                                               "value 128")),
                 qPrintable(r.out));
        // Mixtral: no MTP, no MLA lines; its published 46,702,792,704 total.
        const Run m = run({ QStringLiteral("inspect"), data("models/hf/Mixtral-8x7B-v0.1.json") });
        QVERIFY2(m.exitCode == 0, qPrintable(m.err));
        QVERIFY2(m.out.contains(QStringLiteral("(46,702,792,704), 12.88 B active per token (12,879,925,248)")),
                 qPrintable(m.out));
        QVERIFY(!m.out.contains(QStringLiteral("multi-token")));
        QVERIFY(!m.out.contains(QStringLiteral("latent attention")));
        QVERIFY(!m.out.contains(QStringLiteral("dense blocks")));
    }

    void everyFormat()
    {
        QFETCH(QString, model);
        QFETCH(QString, format);
        QFETCH(QString, params);
        const Run r = run({ QStringLiteral("inspect"), model });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("Model ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(format), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("parameters       ") + params), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("critical path")));
        QVERIFY(r.out.contains(QStringLiteral("parallel width")));
        QVERIFY(r.out.contains(QStringLiteral("operator mix")));
    }

    void onnxSummaryAndJson()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("summary.json"));
        const Run r = run({ QStringLiteral("inspect"), data("onnx/gpt_block.onnx"), QStringLiteral("--seq"), QStringLiteral("1024"),
                            QStringLiteral("--json"), json });
        QCOMPARE(r.exitCode, 0);
        // 77 operators (make_fixtures.py: 1 + 2 x 37 + 2); 11 layers in 2 blocks.
        QVERIFY2(r.out.contains(QStringLiteral("operators        77 with")), qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral("layers           11 in 2 transformer blocks")));
        QVERIFY(r.out.contains(QStringLiteral("at sequence length 1024")));
        const QJsonObject doc = readJson(json);
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("shardscope-model-summary"));
        const QJsonObject analysis = doc.value(QStringLiteral("analysis")).toObject();
        QCOMPARE(analysis.value(QStringLiteral("level")).toString(), QStringLiteral("operators"));
        QCOMPARE(analysis.value(QStringLiteral("vertex_count")).toInt(), 77);
        QCOMPARE(analysis.value(QStringLiteral("seq_length")).toDouble(), 1024.0);
        QCOMPARE(doc.value(QStringLiteral("model")).toObject().value(QStringLiteral("layers")).toArray().size(), 11);
        // The FLOP-weighted critical path cannot exceed the total, and a decoder is mostly one chain.
        const double critical = analysis.value(QStringLiteral("critical_path_flops")).toDouble();
        const double total = analysis.value(QStringLiteral("total_flops")).toDouble();
        QVERIFY(critical > 0.9 * total && critical <= total);
    }

    void planJsonCarriesTheAnalysis()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("plan.json"));
        const Run r = run({ QStringLiteral("plan"), data("onnx/gpt_block.onnx"), QStringLiteral("--gpus"), QStringLiteral("8"),
                            QStringLiteral("--seq"), QStringLiteral("512"), QStringLiteral("--top"), QStringLiteral("3"),
                            QStringLiteral("--json"), json });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
        const QJsonObject analysis = readJson(json).value(QStringLiteral("analysis")).toObject();
        QCOMPARE(analysis.value(QStringLiteral("level")).toString(), QStringLiteral("operators"));
        QCOMPARE(analysis.value(QStringLiteral("seq_length")).toDouble(), 512.0);
        QCOMPARE(analysis.value(QStringLiteral("vertex_count")).toInt(), 77);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("cycle") << QStringList { data("bad/onnx-cycle.onnx") } << 3 << "the graph has a cycle";
        QTest::newRow("dangling") << QStringList { data("bad/onnx-dangling.onnx") } << 3 << "missing_bias";
        QTest::newRow("no model") << QStringList {} << 2 << "no model given";
        QTest::newRow("bad seq") << QStringList { QStringLiteral("llama-3-8b"), QStringLiteral("--seq"), QStringLiteral("0") } << 2
                                 << "--seq must be";
        QTest::newRow("unknown option") << QStringList { QStringLiteral("llama-3-8b"), QStringLiteral("--tp") } << 2
                                        << "unknown option --tp";
        QTest::newRow("missing file") << QStringList { QStringLiteral("no-such-model.onnx") } << 3 << "not a bundled model";
        // A Llama config with experts added: refused, never planned as the dense model it half describes.
        QTest::newRow("unread keys") << QStringList { data("bad/config-unread-keys.json") } << 3
                                     << "nearest known model_type is \"mixtral\"";
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run r = run(QStringList { QStringLiteral("inspect") } + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty() || exitCode == 2);
    }
};

QTEST_GUILESS_MAIN(TestCliInspect)
#include "tst_cli_inspect.moc"
