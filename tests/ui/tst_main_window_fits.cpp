// SPDX-License-Identifier: GPL-3.0-or-later
// The main window on a laptop screen (issue 29): in English and German, with the example planned, its minimum size
// fits 1280x720 and 1366x768 (and 1920x1080), and at those sizes every visible widget lies inside the window and gets
// at least its own minimum size hint (nothing is squeezed below what it says it needs, nothing cut off at the edge);
// the ranked plans show their rank and schedule at the default column widths, at least 3 rows on a laptop screen and
// 12 on a 1080p one.
#include "main_window.h"
#include "plan_table_model.h"

#include <QAbstractScrollArea>
#include <QDockWidget>
#include <QLayout>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QSignalSpy>
#include <QTranslator>
#include <QtTest>

namespace {

/// Widgets inside a scroll area's viewport may lie outside the window (that is what scrolling is for).
bool insideScrolledContent(const QWidget* w, const QWidget* window)
{
    for (const QWidget* p = w->parentWidget(); p && p != window; p = p->parentWidget())
        if (const auto* area = qobject_cast<const QAbstractScrollArea*>(p); area && area->viewport()->isAncestorOf(w))
            return true;
    return false;
}

bool inLayout(QLayout* layout, const QWidget* w)
{
    for (int i = 0; layout && i < layout->count(); ++i) {
        QLayoutItem* item = layout->itemAt(i);
        if (item->widget() == w || inLayout(item->layout(), w))
            return true;
    }
    return false;
}

/// Whether a layout (or a splitter) sizes `w` and so owes it its minimum: not the widgets Qt's own classes place by
/// hand (a dock's title buttons, a table's header, a tab bar's scroll buttons, a tab widget's page stack).
bool laidOut(const QWidget* w)
{
    const QWidget* parent = w->parentWidget();
    if (!parent || w->objectName().startsWith(QLatin1String("qt_")))
        return false;
    return qobject_cast<const QSplitter*>(parent) || inLayout(parent->layout(), w);
}

QString describe(const QWidget* w)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += QLatin1Char('#') + w->objectName();
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_"))) {
            name += QStringLiteral(" in ") + p->objectName();
            break;
        }
    return name;
}

/// What a layout grants a widget at least: Qt's qSmartMinSize (qlayoutengine.cpp) over its hints and policy.
QSize effectiveMinimum(const QWidget* w)
{
    const QSize hint = w->sizeHint(), minHint = w->minimumSizeHint();
    const QSizePolicy policy = w->sizePolicy();
    QSize s(0, 0);
    if (policy.horizontalPolicy() != QSizePolicy::Ignored)
        s.setWidth(policy.horizontalPolicy() & QSizePolicy::ShrinkFlag ? minHint.width() : std::max(hint.width(), minHint.width()));
    if (policy.verticalPolicy() != QSizePolicy::Ignored)
        s.setHeight(policy.verticalPolicy() & QSizePolicy::ShrinkFlag ? minHint.height() : std::max(hint.height(), minHint.height()));
    s = s.boundedTo(w->maximumSize());
    if (w->minimumWidth() > 0)
        s.setWidth(w->minimumWidth());
    if (w->minimumHeight() > 0)
        s.setHeight(w->minimumHeight());
    return s.expandedTo(QSize(0, 0));
}

} // namespace

class TestMainWindowFits : public QObject
{
    Q_OBJECT
private slots:
    void fitsLaptopScreens_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QSize>("screen");
        for (const char* locale : { "en", "de" })
            for (const QSize screen : { QSize(1280, 720), QSize(1366, 768), QSize(1920, 1080) })
                QTest::addRow("%s %dx%d", locale, screen.width(), screen.height()) << QString::fromLatin1(locale) << screen;
    }

    void fitsLaptopScreens()
    {
        QFETCH(QString, locale);
        QFETCH(QSize, screen);
        QTranslator translator;
        if (locale != QLatin1String("en")) {
            QVERIFY(translator.load(QLocale(locale), QStringLiteral("shardscope"), QStringLiteral("_"), QStringLiteral(":/i18n")));
            QVERIFY(QCoreApplication::installTranslator(&translator));
        }
        {
            MainWindow w;
            w.loadExample();
            QSignalSpy shown(&w, &MainWindow::planShown);
            QVERIFY(shown.count() > 0 || shown.wait(60000));
            // A window manager's frame and a panel take about 40 x 60 pixels of the screen.
            const QSize available = screen - QSize(0, 60);
            const QSize min = w.minimumSizeHint().expandedTo(w.minimumSize());
            // On failure: what the window's parts ask for.
            QStringList parts;
            for (const QWidget* part : w.findChildren<QDockWidget*>())
                parts << QStringLiteral("%1 %2x%3").arg(part->objectName()).arg(effectiveMinimum(part).width()).arg(effectiveMinimum(part).height());
            parts << QStringLiteral("central %1x%2").arg(effectiveMinimum(w.centralWidget()).width()).arg(effectiveMinimum(w.centralWidget()).height());
            QVERIFY2(min.width() <= available.width() && min.height() <= available.height(),
                     qPrintable(QStringLiteral("minimum %1x%2 on a %3x%4 screen (%5)").arg(min.width()).arg(min.height())
                                    .arg(available.width()).arg(available.height()).arg(parts.join(QStringLiteral(", ")))));
            w.resize(available);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCoreApplication::processEvents();
            QCOMPARE(w.size(), available);
            QStringList problems;
            const QRect window = w.rect();
            for (const QWidget* c : w.findChildren<QWidget*>()) {
                if (!c->isVisible() || c->isWindow() || insideScrolledContent(c, &w))
                    continue;
                const QRect r(c->mapTo(&w, QPoint(0, 0)), c->size());
                if (!window.contains(r))
                    problems << QStringLiteral("%1 at %2,%3 %4x%5 is outside the window")
                                    .arg(describe(c)).arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
                const QSize need = effectiveMinimum(c);
                if (laidOut(c) && (c->width() < need.width() || c->height() < need.height()))
                    problems << QStringLiteral("%1 is %2x%3, below its minimum %4x%5")
                                    .arg(describe(c)).arg(c->width()).arg(c->height()).arg(need.width()).arg(need.height());
            }
            QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 20).join(QLatin1Char('\n'))));
            // The ranked plans: rank and schedule in view at the default widths, and how many rows show.
            const QTableView* table = w.findChild<QTableView*>();
            QVERIFY(table && table->model()->rowCount() > 20);
            const QRect viewport = table->viewport()->rect();
            for (const int column : { int(PlanTableModel::Rank), int(PlanTableModel::Schedule) }) {
                const QRect cell = table->visualRect(table->model()->index(0, column));
                QVERIFY2(viewport.contains(cell), qPrintable(QStringLiteral("column %1 at %2..%3 of %4").arg(column).arg(cell.left()).arg(cell.right()).arg(viewport.width())));
                // The rank column is wide enough for every rank's digits.
                if (column == PlanTableModel::Rank)
                    QVERIFY(cell.width() >= table->fontMetrics().horizontalAdvance(QLocale().toString(table->model()->rowCount())));
            }
            int rows = 0;
            while (rows < table->model()->rowCount() && viewport.contains(table->visualRect(table->model()->index(rows, 0))))
                ++rows;
            qInfo("%s %dx%d: %d rows of plans in view", qPrintable(locale), screen.width(), screen.height(), rows);
            QVERIFY2(rows >= (screen.height() >= 1000 ? 12 : 3), qPrintable(QString::number(rows)));
        }
        QCoreApplication::removeTranslator(&translator);
    }
};

QTEST_MAIN(TestMainWindowFits)
#include "tst_main_window_fits.moc"
