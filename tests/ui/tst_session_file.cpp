// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_file.h"

#include "util/input_error.h"

#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace shardscope;

namespace {

SessionDocument makeDocument(const QString& modelPath)
{
    SessionDocument d;
    d.model = modelPath.toStdString();
    d.cluster.gpu.name = "my-gpu";
    d.cluster.gpu.displayName = "My GPU";
    d.cluster.gpu.vendor = "Lab";
    d.cluster.gpu.memoryBytes = 80e9;
    d.cluster.gpu.hbmBytesPerSecond = 3e12;
    d.cluster.gpu.peakFlopsBf16 = 1e15;
    d.cluster.intraNode = { 450e9, 3e-6, 0.8 };
    d.cluster.interNode = { 50e9, 1e-5, 0.7 };
    d.training.pins.tp = 4;
    d.strategy = Strategy::ComputeBalanced;
    d.topCount = 5;
    d.selectedPlan = ParallelConfig { 4, 2, 1, 1, 1, 1, Recompute::Selective, true, Schedule::OneFOneB };
    return d;
}

QByteArray contents(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Runs save and expects an InputError naming `path`; returns its message.
QString expectSaveFailure(const QString& path, const SessionDocument& d)
{
    try {
        saveSessionFile(path, d);
    } catch (const InputError& e) {
        if (QString::fromStdString(e.source()) != path || !QString::fromUtf8(e.what()).startsWith(path))
            return QStringLiteral("error does not name the file: ") + QString::fromUtf8(e.what());
        return QString::fromStdString(e.message());
    }
    return QStringLiteral("no error");
}

} // namespace

class TestSessionFile : public QObject
{
    Q_OBJECT

private slots:
    void saveAndLoad()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("models")));
        const QString model = dir.filePath(QStringLiteral("models/m.json"));
        const QString path = dir.filePath(QStringLiteral("plan.shardscope"));
        const SessionDocument d = makeDocument(model);

        saveSessionFile(path, d);
        saveSessionFile(path, d); // over an existing file
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("plan.shardscope") });
        QCOMPARE(contents(path).toStdString(), writeSessionJson(d, path.toStdString()));

        const SessionDocument loaded = loadSessionFile(path);
        SessionDocument expected = d;
        expected.modelRelative = "models/m.json"; // stored by the save, for a moved folder
        QVERIFY(loaded == expected);
        QCOMPARE(resolveSessionModelPath(loaded, path.toStdString()), model.toStdString());
    }

    void failedSaveKeepsOldFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("old.shardscope"));
        saveSessionFile(path, makeDocument(QStringLiteral("/models/old.json")));
        const QByteArray old = contents(path);
        QVERIFY(old.contains("old.json"));
        const SessionDocument newer = makeDocument(QStringLiteral("/models/new.json"));

        // A file size limit stops root too: the temporary file cannot be written in full.
        {
            QVERIFY(writeSessionJson(newer).size() > 1024);
            rlimit saved {};
            QVERIFY(getrlimit(RLIMIT_FSIZE, &saved) == 0);
            const auto previous = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of a signal
            rlimit small = saved;
            small.rlim_cur = 512;
            QVERIFY(setrlimit(RLIMIT_FSIZE, &small) == 0);
            const QString message = expectSaveFailure(path, newer);
            setrlimit(RLIMIT_FSIZE, &saved);
            std::signal(SIGXFSZ, previous);
            QVERIFY2(message.startsWith(QStringLiteral("cannot save the session: ")), qPrintable(message));
            QCOMPARE(contents(path), old);
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("old.shardscope") });
        }

        // A read-only folder: no temporary file can be created. Root writes there regardless.
        if (geteuid() != 0) {
            const QFileDevice::Permissions permissions = QFile::permissions(dir.path());
            QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
            const QString message = expectSaveFailure(path, newer);
            QFile::setPermissions(dir.path(), permissions);
            QVERIFY2(message.startsWith(QStringLiteral("cannot save the session: ")), qPrintable(message));
            QCOMPARE(contents(path), old);
        }

        // A path whose parent is a regular file (fails for root too): the file stays as it was.
        const QString underFile = path + QStringLiteral("/nested.shardscope");
        const QString message = expectSaveFailure(underFile, newer);
        QVERIFY2(message.startsWith(QStringLiteral("cannot save the session: ")), qPrintable(message));
        QCOMPARE(contents(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("old.shardscope") });
        QVERIFY(loadSessionFile(path) == readSessionJson(old.toStdString(), "old"));
    }

    void loadErrorsNameTheFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString missing = dir.filePath(QStringLiteral("missing.shardscope"));
        try {
            loadSessionFile(missing);
            QFAIL("loaded a missing file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), missing);
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(missing + QStringLiteral(": ")), e.what());
            QVERIFY2(QString::fromStdString(e.message()).startsWith(QStringLiteral("cannot open the session file: ")),
                e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(QStringLiteral("No such file or directory")), e.what());
        }

        const QString bad = dir.filePath(QStringLiteral("bad.shardscope"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"shardscope-session\", \"version\": 1, \"generator\": 7}");
        f.close();
        try {
            loadSessionFile(bad);
            QFAIL("loaded a bad file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), bad);
            QCOMPARE(e.position(), std::string("$.generator"));
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "tst_session_file.moc"
