// SPDX-License-Identifier: GPL-3.0-or-later
// The glossary (F1) covers every column of the plan table and the terms the issue names, and every link
// points at a heading that exists in the docs.
#include "glossary.h"
#include "plan_table_model.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

namespace {

/// GitHub's heading anchor: lower case, punctuation dropped (hyphens kept), spaces to hyphens.
QString anchorOf(QString heading)
{
    heading = heading.toLower();
    QString out;
    for (const QChar c : heading) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            out += c;
        else if (c == QLatin1Char(' '))
            out += QLatin1Char('-');
    }
    return out;
}

QStringList anchorsIn(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList anchors;
    static const QRegularExpression heading(QStringLiteral("^#+\\s+(.*)$"), QRegularExpression::MultilineOption);
    auto it = heading.globalMatch(QString::fromUtf8(f.readAll()));
    while (it.hasNext())
        anchors << anchorOf(it.next().captured(1).trimmed());
    return anchors;
}

} // namespace

class TestGlossary : public QObject
{
    Q_OBJECT
private slots:
    void everyColumnIsDefined()
    {
        PlanTableModel model;
        for (int c = 0; c < PlanTableModel::ColumnCount; ++c) {
            const QString header = model.headerData(c, Qt::Horizontal).toString();
            QVERIFY2(Glossary::find(header), qPrintable(QStringLiteral("column \"%1\" is not in the glossary").arg(header)));
        }
    }

    void namedTermsAreDefined_data()
    {
        QTest::addColumn<QString>("term");
        for (const char* t : { "Score", "Tokens/s", "HFU", "Memory margin", "Exposed communication", "Bubble",
                               "Pareto front", "Time to train", "Equivalent plans" })
            QTest::newRow(t) << QString::fromLatin1(t);
    }
    void namedTermsAreDefined()
    {
        QFETCH(QString, term);
        const GlossaryEntry* e = Glossary::find(term);
        QVERIFY(e);
        QVERIFY(e->definition.size() > 20);
    }

    void linksPointAtRealHeadings()
    {
        QVERIFY(QFile::exists(Glossary::docsFolder() + QStringLiteral("/cost-model.md")));
        for (const GlossaryEntry& e : Glossary::entries()) {
            const QStringList anchors = anchorsIn(Glossary::docsFolder() + QLatin1Char('/') + e.docFile);
            QVERIFY2(!anchors.isEmpty(), qPrintable(e.docFile));
            QVERIFY2(anchors.contains(e.docAnchor), qPrintable(QStringLiteral("%1: no heading #%2 in %3").arg(e.term, e.docAnchor, e.docFile)));
        }
    }

    void dialogFilters()
    {
        GlossaryDialog dialog;
        QVERIFY(dialog.text().contains(QStringLiteral("Tokens/s")));
        dialog.showTerm(QStringLiteral("HFU"));
        QVERIFY(dialog.text().contains(QStringLiteral("Hardware FLOPs utilization")));
        QVERIFY(!dialog.text().contains(QStringLiteral("Pipeline parallelism")));
        dialog.showTerm(QStringLiteral("no such term at all"));
        QVERIFY(dialog.text().contains(QStringLiteral("No term matches")));
    }
};

QTEST_MAIN(TestGlossary)
#include "tst_glossary.moc"
