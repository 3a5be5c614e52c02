// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/util/text.*: UTF-8 validation (RFC 3629, Table 3-7 of the Unicode standard) and the
// escaping used to put any name into a message.
#include "util/text.h"

#include <QtTest>

using namespace shardscope;

class TestText : public QObject
{
    Q_OBJECT
private slots:
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
    }

    void escaping()
    {
        QCOMPARE(escapedBytes("a/b\xFF\n"), std::string("a/b\\xFF\\x0A"));
        QCOMPARE(escapedBytes("caf\xC3\xA9"), std::string("caf\\xC3\\xA9"));
    }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_text.moc"
