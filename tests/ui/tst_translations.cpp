// SPDX-License-Identifier: GPL-3.0-or-later
// Tests translations/*.ts and the catalogs compiled into shardscope_ui (:/i18n): every message of
// the German and Chinese catalogs is translated, keeps the source's %1..%9 placeholders and, for
// %n messages, has its numerus forms; installing a catalog changes the text of visible widgets.
#include "input_panel.h"
#include "main_window.h"

#include <QFile>
#include <QGroupBox>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

namespace {
const QString translationsDir = QStringLiteral(SHARDSCOPE_TEST_DATA "/../../translations");

// The multiset of %1..%9 placeholders in a text, e.g. "%1 %2 %1" -> "%1%1%2".
QString placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("%[1-9]"));
    QStringList found;
    for (const QRegularExpressionMatch& m : re.globalMatch(text))
        found << m.captured();
    found.sort();
    return found.join(QString());
}

QStringList menuTitles(const QMenuBar* bar)
{
    QStringList titles;
    for (const QAction* a : bar->actions())
        titles << a->text();
    return titles;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void catalogComplete_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("numerusForms");
        QTest::newRow("de") << QStringLiteral("shardscope_de.ts") << 2;
        QTest::newRow("zh_CN") << QStringLiteral("shardscope_zh_CN.ts") << 1;
    }
    void catalogComplete()
    {
        QFETCH(QString, file);
        QFETCH(int, numerusForms);
        QFile f(translationsDir + QLatin1Char('/') + file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QXmlStreamReader xml(&f);
        QString context, source;
        int messages = 0;
        QStringList problems;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
                ++messages;
            } else if (xml.name() == QLatin1String("translation")) {
                const QString where = context + QLatin1String(": ") + source.left(60);
                const QString type = xml.attributes().value(QLatin1String("type")).toString();
                if (type == QLatin1String("unfinished"))
                    problems << QLatin1String("unfinished: ") + where;
                if (type == QLatin1String("obsolete") || type == QLatin1String("vanished"))
                    problems << QLatin1String("obsolete: ") + where;
                // Plain text, or <numerusform> children for %n messages.
                QStringList forms;
                QString text;
                bool numerus = false;
                while (!xml.atEnd()) {
                    xml.readNext();
                    if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                        break;
                    if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                        numerus = true;
                        forms << xml.readElementText();
                    } else if (xml.isCharacters()) {
                        text += xml.text();
                    }
                }
                if (!numerus)
                    forms << text;
                if (numerus && forms.size() != numerusForms)
                    problems << QStringLiteral("%1 numerus forms, want %2: ").arg(forms.size()).arg(numerusForms) + where;
                for (const QString& t : std::as_const(forms)) {
                    if (t.trimmed().isEmpty() && type != QLatin1String("unfinished"))
                        problems << QLatin1String("empty: ") + where;
                    else if (placeholders(t) != placeholders(source))
                        problems << QLatin1String("placeholders differ: ") + where + QLatin1String(" -> ") + t.left(60);
                    if (numerus && !t.contains(QLatin1String("%n")) && source.contains(QLatin1String("%n")) && numerusForms > 1)
                        problems << QLatin1String("no %n: ") + where;
                }
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(messages > 100);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void installedCatalogChangesLabels_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("model");
        QTest::newRow("de") << QStringLiteral("de") << QString::fromUtf8("&Datei") << QStringLiteral("Modell");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QString::fromUtf8("文件(&F)") << QString::fromUtf8("模型");
    }
    void installedCatalogChangesLabels()
    {
        QFETCH(QString, locale);
        QFETCH(QString, file);
        QFETCH(QString, model);
        {
            MainWindow english;
            QVERIFY(menuTitles(english.menuBar()).contains(QStringLiteral("&File")));
        }
        QTranslator translator;
        QVERIFY(translator.load(QLocale(locale), QStringLiteral("shardscope"), QStringLiteral("_"), QStringLiteral(":/i18n")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        MainWindow window;
        const QStringList titles = menuTitles(window.menuBar());
        QVERIFY2(titles.contains(file), qPrintable(titles.join(QLatin1Char(' '))));
        QVERIFY(!titles.contains(QStringLiteral("&File")));
        InputPanel panel;
        QStringList boxes;
        for (const QGroupBox* box : panel.findChildren<QGroupBox*>())
            boxes << box->title();
        QVERIFY2(boxes.contains(model), qPrintable(boxes.join(QLatin1Char(' '))));
        QVERIFY(!boxes.contains(QStringLiteral("Model")));
        QCoreApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
