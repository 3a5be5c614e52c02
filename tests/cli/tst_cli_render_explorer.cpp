// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope render MODEL --view explorer`: the explorer of every plan searched, as PNG and SVG, headless.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString err;
};

Run render(const QStringList& arguments)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SHARDSCOPE_CLI), QStringList { QStringLiteral("render") } + arguments);
    p.waitForFinished(120000);
    return { p.exitCode(), QString::fromUtf8(p.readAllStandardError()) };
}

} // namespace

class TestCliRenderExplorer : public QObject
{
    Q_OBJECT
private slots:
    void pngAndSvg()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("explorer.png"));
        const QStringList plan { QStringLiteral("llama-2-7b"), QStringLiteral("--gpus"), QStringLiteral("8"),
                                 QStringLiteral("--global-batch"), QStringLiteral("64"), QStringLiteral("--view"),
                                 QStringLiteral("explorer") };
        const Run a = render(plan + QStringList { QStringLiteral("--out"), png, QStringLiteral("--size"), QStringLiteral("1200x800") });
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        // The PNG header's IHDR: width and height, big-endian, at bytes 16 and 20 (no QtGui in CLI tests).
        QFile file(png);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(24);
        QVERIFY(head.startsWith("\x89PNG"));
        const auto be32 = [&](int at) {
            return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16)
                | (quint32(quint8(head[at + 2])) << 8) | quint32(quint8(head[at + 3]));
        };
        QCOMPARE(be32(16), 1200u);
        QCOMPARE(be32(20), 800u);
        const QString svg = dir.filePath(QStringLiteral("explorer.svg"));
        const Run b = render(plan + QStringList { QStringLiteral("--out"), svg });
        QVERIFY2(b.exitCode == 0, qPrintable(b.err));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.contains(QStringLiteral("Pareto")), "the explorer's title names the Pareto front");
        QVERIFY(text.contains(QStringLiteral("Every plan searched")));
    }

    // Issue 29: a zoomed explorer from the command line, for design reviews: the range 4 times smaller around the
    // best plan leaves more plans beyond it (counted in the picture); log axes; the flags only with the explorer.
    void zoomAndLogAxes()
    {
        QTemporaryDir dir;
        const QStringList plan { QStringLiteral("llama-2-7b"), QStringLiteral("--gpus"), QStringLiteral("8"),
                                 QStringLiteral("--global-batch"), QStringLiteral("64"), QStringLiteral("--view"),
                                 QStringLiteral("explorer") };
        const auto beyond = [&](const QStringList& extra) {
            const QString svg = dir.filePath(QStringLiteral("e.svg"));
            const Run r = render(plan + extra + QStringList { QStringLiteral("--out"), svg });
            if (r.exitCode != 0) return -1;
            QFile f(svg);
            if (!f.open(QIODevice::ReadOnly)) return -1;
            const QRegularExpressionMatch m
                = QRegularExpression(QStringLiteral("([0-9,]+) plan(?:s|\\(s\\))? beyond the range")).match(QString::fromUtf8(f.readAll()));
            return m.hasMatch() ? m.captured(1).remove(QLatin1Char(',')).toInt() : 0;
        };
        const int first = beyond({});
        const int zoomed = beyond({ QStringLiteral("--explorer-zoom"), QStringLiteral("4") });
        QVERIFY2(first >= 0 && zoomed > first, qPrintable(QStringLiteral("%1 -> %2").arg(first).arg(zoomed)));
        QVERIFY(beyond({ QStringLiteral("--log-x"), QStringLiteral("--log-y") }) >= 0);
        const Run wrong = render({ QStringLiteral("llama-2-7b"), QStringLiteral("--view"), QStringLiteral("memory"),
                                   QStringLiteral("--explorer-zoom"), QStringLiteral("4"), QStringLiteral("--out"),
                                   dir.filePath(QStringLiteral("m.png")) });
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains(QStringLiteral("go with --view explorer")), qPrintable(wrong.err));
        const Run bad = render(plan + QStringList { QStringLiteral("--explorer-zoom"), QStringLiteral("0.5"), QStringLiteral("--out"),
                                                    dir.filePath(QStringLiteral("b.png")) });
        QCOMPARE(bad.exitCode, 2);
    }

    void unknownViewListsExplorer()
    {
        const Run r = render({ QStringLiteral("llama-2-7b"), QStringLiteral("--view"), QStringLiteral("nope"),
                               QStringLiteral("--out"), QStringLiteral("/tmp/x.png") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("explorer")) && r.err.contains(QStringLiteral("sweep")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliRenderExplorer)
#include "tst_cli_render_explorer.moc"
