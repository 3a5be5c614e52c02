// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/autosave.* and MainWindow's recovery: a window killed with SIGKILL after an edit leaves
// its autosave behind, and the next start offers it and restores the edit; unsaved work only is
// written; a normal exit and a saved session leave nothing to recover; a running window's autosave
// is never offered to another; Discard deletes; an unreadable autosave is kept, not deleted.
//
// The killed window is this test executable run again with --autosave-child (a real MainWindow in
// its own process, with the default autosave folder under $XDG_DATA_HOME).
#include "autosave.h"
#include "input_panel.h"
#include "main_window.h"

#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QMessageBox>
#include <QTimer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <sys/types.h>

using namespace shardscope;

namespace {

bool waitForPlan(MainWindow& w)
{
    QSignalSpy shown(&w, &MainWindow::planShown);
    return shown.wait(60000);
}

QStringList filesIn(const QString& folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::Hidden, QDir::Name);
}

QPushButton* button(MainWindow& w, const char* name)
{
    auto* b = w.findChild<QPushButton*>(QString::fromLatin1(name));
    if (!b)
        throw std::runtime_error(std::string("no button ") + name);
    return b;
}

/// The child process: the example, then an edit (4 nodes, sequence 4096); prints "SAVED <path>"
/// each time the autosave is written, and runs until it is killed.
int runChild(int argc, char** argv)
{
    QApplication app(argc, argv);
    MainWindow window;
    Autosave* autosave = window.startAutosave();
    autosave->setInterval(100);
    QObject::connect(autosave, &Autosave::saved, [](const QString& path) {
        std::printf("SAVED %s\n", qPrintable(path));
        std::fflush(stdout);
    });
    bool edited = false;
    QObject::connect(&window, &MainWindow::planShown, [&] {
        if (std::exchange(edited, true))
            return;
        window.inputs()->nodesBox()->setValue(4);
        window.inputs()->seqBox()->setValue(4096);
    });
    window.loadExample();
    return app.exec();
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QString dataFolder() const { return Autosave::defaultFolder(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // Settings and application data in a folder of our own (inherited by the child process).
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("data"))));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("config"))));
        QVERIFY(dataFolder().startsWith(m_home.path()));
    }

    void cleanup() { QDir(dataFolder()).removeRecursively(); }

    void killedAfterEditIsRestored()
    {
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), { QStringLiteral("--autosave-child") });
        QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));
        QString saved;
        while (saved.isEmpty() && child.state() == QProcess::Running) {
            QVERIFY2(child.waitForReadyRead(60000), "the child never autosaved");
            while (child.canReadLine()) {
                const QString line = QString::fromLocal8Bit(child.readLine()).trimmed();
                if (line.startsWith(QLatin1String("SAVED ")))
                    saved = line.mid(6);
            }
        }
        QVERIFY2(!saved.isEmpty(), "the child exited without autosaving");
        // The default folder, named after the child's process id, with its lock held.
        QCOMPARE(QFileInfo(saved).absolutePath(), dataFolder());
        QVERIFY(QFileInfo(saved).fileName().startsWith(QString::number(child.processId()) + QLatin1Char('-')));
        QVERIFY(QFile::exists(saved + QStringLiteral(".lock")));

        // While the child runs its autosave is its own: not offered.
        {
            MainWindow other;
            QCOMPARE(other.offerRecovery(), 0);
            QVERIFY(other.recoveryText().isEmpty());
        }

        QCOMPARE(::kill(pid_t(child.processId()), SIGKILL), 0);
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFile::exists(saved)); // no chance to clean up

        // The next start: the example, then the offer.
        MainWindow window;
        window.loadExample();
        QVERIFY(waitForPlan(window));
        QCOMPARE(window.inputs()->nodesBox()->value(), 8);
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.offerRecovery(), 1);
        QVERIFY2(window.recoveryText().contains(QStringLiteral("llama-3-70b on 4 × 8 H100-SXM")), qPrintable(window.recoveryText()));

        QSignalSpy shown(&window, &MainWindow::planShown);
        QTest::mouseClick(button(window, "restoreButton"), Qt::LeftButton);
        QVERIFY(shown.wait(60000));
        // The edit is back, and planned: 4 nodes x 8 GPUs at sequence 4096.
        QCOMPARE(window.inputs()->nodesBox()->value(), 4);
        QCOMPARE(window.inputs()->seqBox()->value(), 4096);
        QCOMPARE(window.currentRequest().problem.cluster.totalGpus(), 32);
        QVERIFY(window.selectedPlan() != nullptr);
        QCOMPARE(window.selectedPlan()->config.tp * window.selectedPlan()->config.pp * window.selectedPlan()->config.dp, 32);
        // Still unsaved work, no longer the dead window's file; the bar is gone, nothing else is offered.
        QVERIFY(window.isWindowModified());
        QVERIFY(window.recoveryText().isEmpty());
        QVERIFY(!QFile::exists(saved));
        QVERIFY(!QFile::exists(saved + QStringLiteral(".lock")));
        QCOMPARE(MainWindow().offerRecovery(), 0);
    }

    void onlyUnsavedWorkIsWritten()
    {
        QTemporaryDir sessions;
        const QString folder = dataFolder();
        QString file;
        {
            MainWindow window;
            Autosave* autosave = window.startAutosave(folder);
            QCOMPARE(autosave->interval(), 30000);
            file = autosave->filePath();
            window.loadExample();
            QVERIFY(waitForPlan(window));
            QCOMPARE(autosave->saveNow(), QString());
            QVERIFY2(filesIn(folder).isEmpty(), qPrintable(filesIn(folder).join(QLatin1Char(' ')))); // the example is not work

            window.inputs()->seqBox()->setValue(2048);
            QVERIFY(window.isWindowModified());
            QSignalSpy saved(autosave, &Autosave::saved);
            QCOMPARE(autosave->saveNow(), QString());
            QCOMPARE(saved.count(), 1);
            QCOMPARE(filesIn(folder), QStringList({ QFileInfo(file).fileName(), QFileInfo(file).fileName() + QStringLiteral(".lock") }));
            QCOMPARE(loadFromDisk(file).training.seqLength, 2048);
            QCOMPARE(autosave->saveNow(), QString());
            QCOMPARE(saved.count(), 1); // unchanged: not written again

            // Back to the saved inputs: nothing is unsaved any more.
            window.inputs()->seqBox()->setValue(8192);
            QVERIFY(!window.isWindowModified());
            QCOMPARE(autosave->saveNow(), QString());
            QVERIFY(!QFile::exists(file));

            // Saving the session: the autosave goes.
            window.inputs()->seqBox()->setValue(4096);
            QCOMPARE(autosave->saveNow(), QString());
            QVERIFY(QFile::exists(file));
            QCOMPARE(window.saveSession(sessions.filePath(QStringLiteral("s.shardscope"))), QString());
            QVERIFY(!window.isWindowModified());
            QCOMPARE(autosave->saveNow(), QString());
            QVERIFY(!QFile::exists(file));

            // The timer writes by itself.
            window.inputs()->seqBox()->setValue(1024);
            autosave->setInterval(20);
            QVERIFY(saved.wait(10000));
            QCOMPARE(loadFromDisk(file).training.seqLength, 1024);
        }
        // A normal exit with unsaved work: nothing left to recover.
        QVERIFY2(filesIn(folder).isEmpty(), qPrintable(filesIn(folder).join(QLatin1Char(' '))));
        QVERIFY(Autosave::claimRecoverable(folder).empty());
    }

    void discardDeletesAndUnreadableIsKept()
    {
        const QString folder = dataFolder();
        QVERIFY(QDir().mkpath(folder));
        // An autosave from a window that died (no lock) and a garbled one, older.
        const QString good = QDir(folder).filePath(QStringLiteral("1-dead.shardscope"));
        const QString bad = QDir(folder).filePath(QStringLiteral("2-garbled.shardscope"));
        QVERIFY(writeFile(bad, "{\"format\": \"shardscope-session\", \"vers"));
        {
            QFile older(bad);
            QVERIFY(older.open(QIODevice::ReadWrite));
            QVERIFY(older.setFileTime(QDateTime::currentDateTime().addSecs(-600), QFileDevice::FileModificationTime));
        }
        MainWindow window;
        window.startAutosave(folder);
        {
            SessionDocument s;
            s.model = "llama-3-70b";
            s.modelIsBundled = true;
            const GpuSpec* h100 = window.inputs()->catalog().find("H100-SXM");
            QVERIFY(h100 != nullptr);
            s.cluster = ClusterSpec::make(*h100, 24, 8);
            QVERIFY(writeFile(good, QByteArray::fromStdString(writeSessionJson(s))));
        }
        const int nodesBefore = window.inputs()->nodesBox()->value();
        QCOMPARE(window.offerRecovery(), 2);
        QVERIFY2(window.recoveryText().contains(QStringLiteral("on 3 × 8 H100-SXM")), qPrintable(window.recoveryText()));
        QVERIFY(window.recoveryText().contains(QLatin1String("One older autosave follows.")));
        // Claimed: another window is not offered the same files.
        QCOMPARE(MainWindow().offerRecovery(), 0);

        QTest::mouseClick(button(window, "discardButton"), Qt::LeftButton);
        QVERIFY(!QFile::exists(good));
        QVERIFY2(window.recoveryText().contains(QLatin1String("unreadable")), qPrintable(window.recoveryText()));
        QVERIFY(window.recoveryText().contains(QLatin1String("2-garbled.shardscope")));

        // Restoring the garbled one fails with the reader's error and deletes nothing.
        QTest::mouseClick(button(window, "restoreButton"), Qt::LeftButton);
        QVERIFY(window.recoveryText().isEmpty());
        QVERIFY2(window.errorText().contains(QLatin1String("2-garbled.shardscope")), qPrintable(window.errorText()));
        QVERIFY(QFile::exists(bad));
        QCOMPARE(window.inputs()->nodesBox()->value(), nodesBefore); // unchanged
        // Released: offered again next time.
        QCOMPARE(MainWindow().offerRecovery(), 1);
    }

    void closingWithUnsavedWorkAsks()
    {
        // Answers the next message box with `button` and remembers its text.
        QString asked;
        auto answerWith = [&asked](QMessageBox::StandardButton which) {
            QTimer::singleShot(0, [&asked, which] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                if (!box)
                    return;
                asked = box->text();
                box->button(which)->click();
            });
        };
        MainWindow window;
        window.loadExample();
        QVERIFY(waitForPlan(window));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.inputs()->seqBox()->setValue(2048);
        QVERIFY(window.isWindowModified());
        answerWith(QMessageBox::Cancel);
        QVERIFY(!window.close()); // kept open
        QVERIFY2(asked.contains(QLatin1String("Save them as a session")), qPrintable(asked));
        QVERIFY(window.isVisible());
        asked.clear();
        answerWith(QMessageBox::Discard);
        QVERIFY(window.close());
        QVERIFY(!asked.isEmpty());

        // Nothing unsaved: closes without asking.
        MainWindow saved;
        saved.loadExample();
        QVERIFY(waitForPlan(saved));
        saved.show();
        asked.clear();
        answerWith(QMessageBox::Cancel);
        QVERIFY(saved.close());
        QVERIFY(asked.isEmpty());
        QTest::qWait(10); // the armed answer finds no box
    }

private:
    static SessionDocument loadFromDisk(const QString& path)
    {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            throw std::runtime_error("cannot open " + path.toStdString());
        const QByteArray bytes = f.readAll();
        return readSessionJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString());
    }

    static bool writeFile(const QString& path, const QByteArray& bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }
};

int main(int argc, char** argv)
{
    if (argc > 1 && qstrcmp(argv[1], "--autosave-child") == 0)
        return runChild(argc, argv);
    QApplication app(argc, argv);
    TestAutosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
