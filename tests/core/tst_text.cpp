// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/util/text.*: UTF-8 validation (RFC 3629, Table 3-7 of the Unicode standard) and the
// escaping used to put any name into a message.
#include "util/text.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <limits>

using namespace shardscope;

class TestText : public QObject
{
    Q_OBJECT
private slots:
    void formatBytesByHand()
    {
        // Binary units up to PiB; no decimal from 100 up or in bytes, one below.
        QCOMPARE(formatBytes(0), std::string("0 B"));
        QCOMPARE(formatBytes(1023), std::string("1023 B"));
        QCOMPARE(formatBytes(1024), std::string("1.0 KiB"));
        QCOMPARE(formatBytes(1536), std::string("1.5 KiB"));
        QCOMPARE(formatBytes(80e9), std::string("74.5 GiB"));       // 80e9 / 2^30 = 74.505...
        QCOMPARE(formatBytes(141e9), std::string("131 GiB"));       // 131.32...: from 100 up, no decimal
        QCOMPARE(formatBytes(-2.5 * 1024 * 1024), std::string("-2.5 MiB"));
        QCOMPARE(formatBytes(0.25 * 1024), std::string("256 B"));
        QCOMPARE(formatBytes(2.0 * 1024 * 1024 * 1024 * 1024 * 1024 * 1024), std::string("2048 PiB"));
    }

    void formatBytesAsPrintf()
    {
        // The documented format is printf's "%.0f %s" / "%.1f %s": compared on values across the range.
        static const char* const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
        for (double value : { 0.0, 1.0, 99.94 * 1024, 99.95 * 1024, 99.96 * 1024, 1048575.0, 5e12, 3.3e15, -7e9,
                              1e25, 1e300, std::numeric_limits<double>::infinity() }) {
            int u = 0;
            double v = value;
            while (std::fabs(v) >= 1024 && u + 1 < 6) {
                v /= 1024;
                ++u;
            }
            char expected[512];
            std::snprintf(expected, sizeof expected, std::fabs(v) >= 100 || u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
            QCOMPARE(formatBytes(value), std::string(expected));
        }
    }

    void utf8_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("invalidAt"); // -1: valid
        QTest::newRow("ascii") << QByteArray("model.layers.0") << -1;
        QTest::newRow("empty") << QByteArray() << -1;
        QTest::newRow("2-byte e acute") << QByteArray("caf\xC3\xA9") << -1;
        QTest::newRow("3-byte CJK") << QByteArray("\xE4\xB8\xAD\xE6\x96\x87") << -1;
        QTest::newRow("4-byte emoji") << QByteArray("a\xF0\x9F\x98\x80") << -1;
        QTest::newRow("U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << -1;
        QTest::newRow("lone continuation") << QByteArray("ab\x80") << 2;
        QTest::newRow("0xFF") << QByteArray("/bl\xFF") << 3;
        QTest::newRow("overlong 2-byte") << QByteArray("\xC0\x80") << 0;
        QTest::newRow("overlong 3-byte") << QByteArray("x\xE0\x80\xAF") << 1;
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 0;
        QTest::newRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0;
        QTest::newRow("truncated") << QByteArray("ok\xE4\xB8") << 2;
        QTest::newRow("bad second byte") << QByteArray("\xC3\x28") << 0;
    }

    void utf8()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, invalidAt);
        const std::size_t result = invalidUtf8Offset(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (invalidAt < 0)
            QCOMPARE(result, std::string_view::npos);
        else
            QCOMPARE(result, std::size_t(invalidAt));
        // The same bytes after 0-40 ASCII bytes and before 0-20 more: whole 16-byte ASCII blocks are skipped at once,
        // so every row is also read from each position in a block and across a block's end.
        for (int before = 0; before <= 40; ++before)
            for (int after : { 0, 1, 15, 20 }) {
                const QByteArray padded = QByteArray(before, 'x') + bytes + QByteArray(after, 'y');
                const std::size_t r = invalidUtf8Offset(std::string_view(padded.constData(), std::size_t(padded.size())));
                const std::size_t expected = invalidAt < 0 ? std::string_view::npos : std::size_t(invalidAt + before);
                if (r != expected)
                    QFAIL(qPrintable(QStringLiteral("%1 ASCII bytes before, %2 after: %3, expected %4")
                                         .arg(before).arg(after).arg(qlonglong(r)).arg(qlonglong(expected))));
            }
    }

    void escaping()
    {
        QCOMPARE(escapedBytes("a/b\xFF\n"), std::string("a/b\\xFF\\x0A"));
        QCOMPARE(escapedBytes("caf\xC3\xA9"), std::string("caf\\xC3\\xA9"));
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
