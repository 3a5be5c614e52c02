// SPDX-License-Identifier: GPL-3.0-or-later
// `shardscope render --view compare` end to end with no display: the default page (the best plan against
// ranks 2-4) shows the numbers `shardscope plan --json` gives for those ranks and their differences; a
// baseline given by its configuration, ranks given by --compare; exit codes and messages for bad values.
#include "cli_run.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <algorithm>
#include <cmath>

namespace {

using Run = shardscope::testing::CliRun;

Run run(const QStringList& args)
{
    return shardscope::testing::runCli(
        args, { QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("DISPLAY") });
}

const QStringList kPlan { QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("16"),
    QStringLiteral("--seq"), QStringLiteral("4096") };

QStringList renderArgs(const QString& out, const QStringList& more = {})
{
    return QStringList { QStringLiteral("render") } + kPlan
        + QStringList { QStringLiteral("--view"), QStringLiteral("compare"), QStringLiteral("--out"), out }
    + more;
}

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The text of every <text> element of an SVG file.
QStringList svgTexts(const QString& svg)
{
    QStringList out;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text"))
            out.append(xml.readElementText(QXmlStreamReader::IncludeChildElements));
    return out;
}

QString gib(double bytes)
{
    return QString::number(std::abs(bytes) / (1024.0 * 1024.0 * 1024.0), 'f', 1) + QStringLiteral(" GiB");
}

} // namespace

class TestCliRenderCompare : public QObject
{
    Q_OBJECT
private slots:
    void defaultComparesTheBestWithRanksTwoToFour()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("plans.json"));
        const Run plan = run(QStringList { QStringLiteral("plan") } + kPlan
            + QStringList { QStringLiteral("--top"), QStringLiteral("4"), QStringLiteral("--json"), json });
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
        const QJsonArray plans
            = QJsonDocument::fromJson(readAll(json).toUtf8()).object()[QStringLiteral("plans")].toArray();
        QCOMPARE(plans.size(), 4);

        const QString out = dir.filePath(QStringLiteral("compare.svg"));
        const Run r = run(renderArgs(out));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList texts = svgTexts(readAll(out));
        for (const char* label : { "Baseline (Rank 1)", "Rank 2", "Rank 3", "Rank 4", "Plan comparison" })
            QVERIFY2(texts.contains(QLatin1String(label)), label);
        // Each rank's peak memory per GPU as plan --json gives it, and its change against rank 1's.
        const double base = plans[0].toObject()[QStringLiteral("peak_memory_bytes")].toDouble();
        for (int i = 0; i < 4; ++i) {
            const double peak = plans[i].toObject()[QStringLiteral("peak_memory_bytes")].toDouble();
            QVERIFY2(texts.contains(gib(peak)), qPrintable(gib(peak)));
            if (i == 0) continue;
            const QString magnitude = gib(peak - base);
            const QString sign = !magnitude.contains(QRegularExpression(QStringLiteral("[1-9]")))
                ? QStringLiteral("±")
                : peak > base ? QStringLiteral("+")
                              : QString(QChar(0x2212));
            const QRegularExpression delta(
                QStringLiteral("^") + QRegularExpression::escape(sign + magnitude) + QStringLiteral(" \\("));
            QVERIFY2(std::any_of(texts.begin(), texts.end(),
                         [&](const QString& t) { return delta.match(t).hasMatch(); }),
                qPrintable(sign + magnitude));
        }
    }

    void pngAtTheAskedSize()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("compare.png"));
        const Run r = run(renderArgs(out, { QStringLiteral("--size"), QStringLiteral("1600x1000") }));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray head = f.read(24);
        QVERIFY(head.startsWith("\x89PNG\r\n\x1a\n"));
        const auto be32 = [&](int at) {
            return (quint32(quint8(head[at])) << 24) | (quint32(quint8(head[at + 1])) << 16)
                | (quint32(quint8(head[at + 2])) << 8) | quint32(quint8(head[at + 3]));
        };
        QCOMPARE(be32(16), 1600u);
        QCOMPARE(be32(20), 1000u);
        QVERIFY(QFileInfo(out).size() > 30000); // a drawing, not an empty canvas
    }

    void baselineByConfiguration()
    {
        // The layout a team runs today, which does not fit (ZeRO-0 keeps all optimizer states on each GPU):
        // still drawn, and said not to fit; compared with ranks 1 and 3.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("compare.svg"));
        const Run r = run(renderArgs(out,
            { QStringLiteral("--baseline"), QStringLiteral("tp=1,pp=1,zero=0,mb=4"),
                QStringLiteral("--compare"), QStringLiteral("1,3") }));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList texts = svgTexts(readAll(out));
        QVERIFY(texts.contains(QStringLiteral("Rank 1")));
        QVERIFY(texts.contains(QStringLiteral("Rank 3")));
        QVERIFY(!texts.contains(QStringLiteral("Rank 2")));
        QVERIFY(std::any_of(texts.begin(), texts.end(),
            [](const QString& t) { return t.startsWith(QStringLiteral("Baseline (")); }));
        QVERIFY(std::any_of(texts.begin(), texts.end(),
            [](const QString& t) { return t.startsWith(QStringLiteral("Does not fit")); }));
        // The subtitle names the baseline in full, dp from the 16 GPUs.
        QVERIFY(std::any_of(texts.begin(), texts.end(), [](const QString& t) {
            return t.contains(QStringLiteral(
                "baseline tp=1,pp=1,dp=16,cp=1,vpp=1,mb=4,zero=0,recompute=none,sp=off,schedule=1f1b"));
        }));
    }

    void badValues_data()
    {
        QTest::addColumn<QStringList>("more");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad value")
            << QStringList { QStringLiteral("--baseline"), QStringLiteral("tp=eight") } << "compare"
            << "shardscope render: --baseline:tp: expected a positive integer, got \"eight\"";
        QTest::newRow("unknown key") << QStringList { QStringLiteral("--baseline"),
            QStringLiteral("tp=2,pipeline=4") }
                                     << "compare"
                                     << "shardscope render: --baseline:pipeline: unknown key; known: tp, pp,";
        QTest::newRow("dp cannot be derived")
            << QStringList { QStringLiteral("--baseline"), QStringLiteral("tp=3") } << "compare"
            << "shardscope render: --baseline:dp: not given, and tp x cp x pp = 3 does "
               "not divide the 16 GPUs; give dp";
        QTest::newRow("empty baseline")
            << QStringList { QStringLiteral("--baseline"), QStringLiteral(" ") } << "compare"
            << "shardscope render: --baseline expects a plan's configuration";
        QTest::newRow("four ranks")
            << QStringList { QStringLiteral("--compare"), QStringLiteral("1,2,3,4") } << "compare"
            << "shardscope render: --compare expects up to 3 plan ranks separated by commas, "
               "e.g. 2,3,4, got \"1,2,3,4\"";
        QTest::newRow("rank 0") << QStringList { QStringLiteral("--compare"), QStringLiteral("0") }
                                << "compare"
                                << "--compare expects up to 3 plan ranks";
        QTest::newRow("no such rank")
            << QStringList { QStringLiteral("--compare"), QStringLiteral("2,99999") } << "compare"
            << "shardscope render: --compare: There is no plan of rank 99999: ";
        QTest::newRow("the baseline again")
            << QStringList { QStringLiteral("--compare"), QStringLiteral("1") } << "compare"
            << "shardscope render: --compare: This plan is the baseline.";
        QTest::newRow("without --view compare")
            << QStringList { QStringLiteral("--baseline"), QStringLiteral("tp=2") } << "memory"
            << "shardscope render: --baseline and --compare go with --view compare";
        QTest::newRow("no value") << QStringList { QStringLiteral("--baseline") } << "compare"
                                  << "shardscope render: --baseline needs a value";
    }

    void badValues()
    {
        QFETCH(QStringList, more);
        QFETCH(QString, view);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("compare.png"));
        const Run r = run(QStringList { QStringLiteral("render") } + kPlan
            + QStringList { QStringLiteral("--view"), view, QStringLiteral("--out"), out } + more);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFileInfo::exists(out)); // nothing written
    }

    void helpSaysTheDefaults()
    {
        const Run h = run({ QStringLiteral("render"), QStringLiteral("--help") });
        QCOMPARE(h.exitCode, 0);
        QVERIFY(h.out.contains(QStringLiteral("compare (a baseline and up to")));
        QVERIFY(h.out.contains(QStringLiteral("default: the best plan")));
        QVERIFY(h.out.contains(QStringLiteral("default 2,3,4, or 1,2,3 with --baseline")));
    }
};

QTEST_GUILESS_MAIN(TestCliRenderCompare)
#include "tst_cli_render_compare.moc"
