// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope render MODEL --view sweep` end to end with no display: the sweep view as PNG at the asked size
// and scale (read from the PNG header, not through Qt) and as SVG with the panels' labels and the
// smallest-fit marker (Llama-3-70B fits from 16 H100: at 8, 70.6 B parameters x 16 bytes of weights,
// gradients and Adam states / 8 = 141 GB a GPU); light and dark themes; a sweep where nothing fits still
// draws (exit 1); a bad range exits 2 with core's parse error and writes nothing.
#include "cli_run.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = shardscope::testing::CliRun;

// render must pick the offscreen platform itself: the child sees no platform and no display.
Run run(const QStringList& args)
{
    return shardscope::testing::runCli(
        args, { QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("DISPLAY") });
}

// Width and height from a PNG's IHDR chunk (PNG spec 11.2.2: big-endian at bytes 16 and 20).
QSize pngSize(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray head = f.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG\r\n\x1a\n") || head.mid(12, 4) != "IHDR") return {};
    const auto be32 = [&](int at) {
        return int((quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16)
            | (quint32(quint8(head[at + 2])) << 8) | quint32(quint8(head[at + 3])));
    };
    return { be32(16), be32(20) };
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Llama-3-70B on H100, sequence 4096, global batch 256, swept over 8 to 64 GPUs.
QStringList sweepArgs(const QString& out)
{
    return { QStringLiteral("render"), QStringLiteral("llama-3-70b"), QStringLiteral("--view"),
        QStringLiteral("sweep"), QStringLiteral("--gpus"), QStringLiteral("8..64"), QStringLiteral("--seq"),
        QStringLiteral("4096"), QStringLiteral("--global-batch"), QStringLiteral("256"),
        QStringLiteral("--out"), out };
}

} // namespace

class TestCliRenderSweep : public QObject
{
    Q_OBJECT
private slots:
    void png()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sweep.png"));
        const Run r = run(sweepArgs(out)
            + QStringList { QStringLiteral("--size"), QStringLiteral("1200x800"), QStringLiteral("--scale"),
                QStringLiteral("1.5") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(pngSize(out), QSize(1800, 1200));
        QVERIFY(QFileInfo(out).size() > 20000); // a drawing, not an empty canvas
    }

    void svgHasThePanelsAndTheMarker()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sweep.svg"));
        const Run r
            = run(sweepArgs(out) + QStringList { QStringLiteral("--size"), QStringLiteral("1400x900") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString svg = QString::fromUtf8(readAll(out));
        QVERIFY(svg.contains(QStringLiteral("viewBox=\"0 0 1400 900\"")));
        for (const char* label : { "Tokens/s", "MFU", "Pipeline bubble", "Step time", "Memory per GPU",
                 "fits from 16 GPUs", "smallest cluster that fits: 16 GPUs", "llama-3-70b" })
            QVERIFY2(svg.contains(QString::fromLatin1(label)), label);
        // The x axis' ticks: one a point.
        for (const char* tick : { ">8<", ">16<", ">32<", ">64<" })
            QVERIFY2(svg.contains(QString::fromLatin1(tick)), tick);
    }

    void themes()
    {
        QTemporaryDir dir;
        const QString light = dir.filePath(QStringLiteral("light.png")),
                      dark = dir.filePath(QStringLiteral("dark.png"));
        const QStringList size { QStringLiteral("--size"), QStringLiteral("800x600") };
        QCOMPARE(
            run(sweepArgs(light) + size + QStringList { QStringLiteral("--theme"), QStringLiteral("light") })
                .exitCode,
            0);
        QCOMPARE(
            run(sweepArgs(dark) + size + QStringList { QStringLiteral("--theme"), QStringLiteral("dark") })
                .exitCode,
            0);
        QCOMPARE(pngSize(dark), QSize(800, 600));
        QVERIFY(readAll(light) != readAll(dark));
    }

    void otherAxes_data()
    {
        QTest::addColumn<QStringList>("axis");
        QTest::newRow("global batch") << QStringList { QStringLiteral("--gpus"), QStringLiteral("16"),
            QStringLiteral("--batch"), QStringLiteral("64..256") };
        QTest::newRow("sequence length") << QStringList { QStringLiteral("--gpus"), QStringLiteral("16"),
            QStringLiteral("--seq"), QStringLiteral("1024,4096") };
    }
    void otherAxes()
    {
        QFETCH(QStringList, axis);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sweep.svg"));
        const Run r
            = run(QStringList { QStringLiteral("render"), QStringLiteral("llama-3-8b"),
                      QStringLiteral("--view"), QStringLiteral("sweep"), QStringLiteral("--out"), out }
                + axis);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString svg = QString::fromUtf8(readAll(out));
        QVERIFY(svg.contains(axis.at(2) == QLatin1String("--seq") ? QStringLiteral("sequence length")
                                                                  : QStringLiteral("global batch")));
    }

    /// Nothing fits anywhere: the picture is still drawn, and the exit code says so.
    void nothingFits()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("sweep.png"));
        const Run r = run({ QStringLiteral("render"), QStringLiteral("llama-3-70b"), QStringLiteral("--view"),
            QStringLiteral("sweep"), QStringLiteral("--gpus"), QStringLiteral("8,12"),
            QStringLiteral("--out"), out });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("12 GPUs: "))
                && r.err.contains(QStringLiteral("not a whole number")),
            qPrintable(r.err));
        QVERIFY(pngSize(out).isValid());
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const auto with = [](const QStringList& axis) {
            return QStringList { QStringLiteral("llama-3-8b"), QStringLiteral("--view"),
                QStringLiteral("sweep"), QStringLiteral("--out"),
                QStringLiteral("/tmp/shardscope-render-sweep-test.png") }
            + axis;
        };
        QTest::newRow("backwards range") << with({ QStringLiteral("--gpus"), QStringLiteral("64..8") }) << 2
                                         << "shardscope render: --gpus: the range \"64..8\" runs backwards; "
                                            "expected A..B with A at most B";
        QTest::newRow("not a number") << with({ QStringLiteral("--seq"), QStringLiteral("1024,lots") }) << 2
                                      << "--seq: expected a positive integer sequence length, got \"lots\"";
        QTest::newRow("too many points")
            << with({ QStringLiteral("--gpus"), QStringLiteral("1..1099511627776") }) << 2
            << "--gpus: GPU count 1099511627776 is out of range";
        QTest::newRow("no axis") << with({ QStringLiteral("--gpus"), QStringLiteral("64") }) << 2
                                 << "--view sweep needs what to sweep";
        QTest::newRow("two axes") << with({ QStringLiteral("--gpus"), QStringLiteral("8..64"),
            QStringLiteral("--seq"), QStringLiteral("1024..4096") })
                                  << 2 << "one sweep axis per picture: --gpus and --seq";
        QTest::newRow("plan option") << with({ QStringLiteral("--gpus"), QStringLiteral("8..64"),
            QStringLiteral("--tp"), QStringLiteral("x") })
                                     << 2 << "--tp";
        QTest::newRow("missing model")
            << QStringList { QStringLiteral("/nonexistent/model.onnx"), QStringLiteral("--view"),
                   QStringLiteral("sweep"), QStringLiteral("--gpus"), QStringLiteral("8..64"),
                   QStringLiteral("--out"), QStringLiteral("/tmp/shardscope-render-sweep-test.png") }
            << 3 << "/nonexistent/model.onnx";
        QTest::newRow("unwritable out") << QStringList { QStringLiteral("llama-3-8b"),
            QStringLiteral("--view"), QStringLiteral("sweep"), QStringLiteral("--gpus"),
            QStringLiteral("8,16"), QStringLiteral("--out"), QStringLiteral("/nonexistent/dir/x.png") }
                                        << 4 << "/nonexistent/dir/x.png";
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QFile::remove(QStringLiteral("/tmp/shardscope-render-sweep-test.png"));
        const Run r = run(QStringList { QStringLiteral("render") } + args);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(
            !QFileInfo::exists(QStringLiteral("/tmp/shardscope-render-sweep-test.png"))); // nothing written
    }

    void helpListsTheSweepView()
    {
        const Run h = run({ QStringLiteral("render"), QStringLiteral("--help") });
        QCOMPARE(h.exitCode, 0);
        QVERIFY2(h.out.contains(QStringLiteral("--view sweep")), qPrintable(h.out));
    }
};

QTEST_GUILESS_MAIN(TestCliRenderSweep)
#include "tst_cli_render_sweep.moc"
