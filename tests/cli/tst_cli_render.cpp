// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope render` end to end with no display: every view as PNG at the asked size and scale
// (read from the PNG header, not through Qt), SVG with the asked view box, and exit codes and
// messages for bad arguments; a failed render leaves an existing file alone.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

namespace {

using Run = shardscope::testing::CliRun;

// render must pick the offscreen platform itself: the child sees no platform and no display.
Run run(const QStringList& args)
{
    return shardscope::testing::runCli(args, { QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("DISPLAY") });
}

// Width and height from a PNG's IHDR chunk (PNG spec 11.2.2: big-endian at bytes 16 and 20).
QSize pngSize(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG\r\n\x1a\n") || head.mid(12, 4) != "IHDR")
        return {};
    const auto be32 = [&](int at) {
        return int((quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16) | (quint32(quint8(head[at + 2])) << 8)
                   | quint32(quint8(head[at + 3])));
    };
    return { be32(16), be32(20) };
}

const QStringList kPlan { QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
                          QStringLiteral("--seq"), QStringLiteral("4096") };

} // namespace

class TestCliRender : public QObject
{
    Q_OBJECT
private slots:
    void everyViewAsPng_data()
    {
        QTest::addColumn<QString>("view");
        for (const char* v : { "memory", "stages", "timeline", "imbalance", "communication", "window" })
            QTest::newRow(v) << QString::fromLatin1(v);
    }

    void everyViewAsPng()
    {
        QFETCH(QString, view);
        QTemporaryDir dir;
        const QString out = dir.filePath(view + QStringLiteral(".png"));
        const Run r = run(QStringList { QStringLiteral("render") } + kPlan
                          + QStringList { QStringLiteral("--view"), view, QStringLiteral("--out"), out, QStringLiteral("--size"),
                                          QStringLiteral("1000x640"), QStringLiteral("--scale"), QStringLiteral("1.5") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(pngSize(out), QSize(1500, 960));
        QVERIFY(QFileInfo(out).size() > 10000); // a drawing, not an empty canvas (a blank PNG of this size is ~5 KB)
    }

    void svgHasTheAskedViewBox()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("stages.svg"));
        const Run r = run(QStringList { QStringLiteral("render") } + kPlan
                          + QStringList { QStringLiteral("--view"), QStringLiteral("stages"), QStringLiteral("--out"), out,
                                          QStringLiteral("--size"), QStringLiteral("1200x700") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(f.readAll());
        QVERIFY(svg.contains(QStringLiteral("viewBox=\"0 0 1200 700\"")));
        QVERIFY(svg.contains(QStringLiteral("<title>Pipeline stages")));
        QVERIFY(svg.count(QStringLiteral("<text")) + svg.count(QStringLiteral("<path")) > 20);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString out = QStringLiteral("/tmp/shardscope-render-test.png");
        QTest::newRow("no view") << (kPlan + QStringList { QStringLiteral("--out"), out }) << 2 << "--view is required";
        QTest::newRow("unknown view") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("pie"), QStringLiteral("--out"), out })
                                      << 2 << "unknown view \"pie\"";
        QTest::newRow("no out") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory") }) << 2 << "--out FILE.png";
        QTest::newRow("bad suffix") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), QStringLiteral("x.jpg") })
                                    << 2 << "must end in .png or .svg";
        QTest::newRow("bad size") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), out, QStringLiteral("--size"), QStringLiteral("big") })
                                  << 2 << "--size expects WIDTHxHEIGHT";
        QTest::newRow("bad scale") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), out, QStringLiteral("--scale"), QStringLiteral("0") })
                                   << 2 << "--scale expects a number from 0.1 to 8";
        QTest::newRow("plan option") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), out, QStringLiteral("--tp"), QStringLiteral("x") })
                                     << 2 << "--tp";
        QTest::newRow("missing model") << QStringList { QStringLiteral("/nonexistent/model.onnx"), QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), out }
                                       << 3 << "/nonexistent/model.onnx";
        QTest::newRow("unwritable out") << (kPlan + QStringList { QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), QStringLiteral("/nonexistent/dir/x.png") })
                                        << 4 << "/nonexistent/dir/x.png";
    }

    void badArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run r = run(QStringList { QStringLiteral("render") } + args);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.exitCode, exitCode);
    }

    void failedRenderKeepsTheOldFile()
    {
        // The write itself fails: a 2 KB file size limit (EFBIG; SIGXFSZ ignored, which the child
        // inherits) while the picture is larger. The old file must survive byte for byte.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("keep.png"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("previous picture");
        f.close();
        std::signal(SIGXFSZ, SIG_IGN);
        QProcess p;
        p.start(QStringLiteral("/bin/sh"),
                { QStringLiteral("-c"), QStringLiteral("ulimit -f 4 && exec \"$0\" \"$@\""), QStringLiteral(SHARDSCOPE_CLI),
                  QStringLiteral("render"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8"),
                  QStringLiteral("--view"), QStringLiteral("memory"), QStringLiteral("--out"), out });
        QVERIFY(p.waitForFinished(120000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 4);
        QVERIFY2(err.contains(out), qPrintable(err));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("previous picture"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("keep.png") }); // no temporary file left
    }

    void helpListsRender()
    {
        const Run r = run({ QStringLiteral("--help") });
        QVERIFY(r.out.contains(QStringLiteral("render MODEL --view")));
        const Run h = run({ QStringLiteral("render"), QStringLiteral("--help") });
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains(QStringLiteral("--scale S")));
    }
};

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
