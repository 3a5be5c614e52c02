// SPDX-License-Identifier: GPL-3.0-or-later
// Unix conventions of the command line (issue 16): a model from standard input ("-"), from a FIFO
// and from a shell's /dev/fd/N, in every binary and text format, gives the same model as the file;
// `--json -` and `--csv -` put the data alone on standard output; a word that is neither a command,
// a file nor a bundled model is a usage error (exit 2) that never opens a window; no stray stderr.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <thread>

namespace {

using shardscope::testing::CliRun;

QString data(const char* relative) { return QStringLiteral(SHARDSCOPE_TEST_DATA "/") + QLatin1String(relative); }

QByteArray bytesOf(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

CliRun runWithInput(const QStringList& args, const QByteArray& input)
{
    return shardscope::testing::runProgram(QStringLiteral(SHARDSCOPE_CLI), args, {}, input);
}

// The lines of `inspect` that describe the model, without the first (which names the source).
QString modelLines(const QString& report)
{
    QStringList lines = report.split(QLatin1Char('\n'));
    if (!lines.isEmpty())
        lines.removeFirst();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestCliUnix : public QObject
{
    Q_OBJECT
private slots:
    void modelFromStandardInput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("hf config (JSON)") << data("models/gpt2.json");
        QTest::newRow("native model (JSON)") << data("models/native-transformer.json");
        QTest::newRow("safetensors (binary, data counted)") << data("safetensors/tiny-llama/model.safetensors");
        QTest::newRow("onnx (binary)") << data("onnx/gpt_block.onnx");
        QTest::newRow("graphml (XML)") << data("graphs/tiny-llama.graphml");
        QTest::newRow("dot (text)") << data("graphs/tiny-llama.dot");
    }

    // `shardscope inspect - < FILE` reports the same model as `shardscope inspect FILE`.
    void modelFromStandardInput()
    {
        QFETCH(QString, file);
        const CliRun direct = shardscope::testing::runCli({ QStringLiteral("inspect"), file });
        QVERIFY2(direct.exitCode == 0, qPrintable(direct.err));
        const CliRun piped = runWithInput({ QStringLiteral("inspect"), QStringLiteral("-") }, bytesOf(file));
        QVERIFY2(piped.exitCode == 0, qPrintable(piped.err));
        QVERIFY2(piped.out.contains(QStringLiteral("parameters")), qPrintable(piped.out));
        QCOMPARE(modelLines(piped.out), modelLines(direct.out));
    }

    // The shell's process substitution hands over /dev/fd/63, a pipe: read once as a stream.
    void processSubstitution()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("bash")).isEmpty())
            QFAIL("bash is needed for process substitution (it is in every Debian base system)");
        const QString file = data("models/gpt2.json");
        const CliRun r = shardscope::testing::runProgram(
            QStringLiteral("bash"),
            { QStringLiteral("-c"), QStringLiteral("exec \"$0\" inspect <(cat \"$1\")"), QStringLiteral(SHARDSCOPE_CLI), file });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("124.4 M")), qPrintable(r.out)); // GPT-2's 124.4 M parameters
    }

    // A named pipe written by another thread while the CLI reads it.
    void namedPipe()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fifo = dir.filePath(QStringLiteral("model.fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const QByteArray bytes = bytesOf(data("safetensors/tiny-llama/model.safetensors"));
        QVERIFY(!bytes.isEmpty());
        std::thread writer([&] {
            QFile f(fifo);
            if (f.open(QIODevice::WriteOnly)) // blocks until the CLI opens the other end
                f.write(bytes);
        });
        const CliRun r = shardscope::testing::runCli({ QStringLiteral("inspect"), fifo });
        writer.join();
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CliRun direct = shardscope::testing::runCli({ QStringLiteral("inspect"), data("safetensors/tiny-llama/model.safetensors") });
        QCOMPARE(modelLines(r.out), modelLines(direct.out));
    }

    // A truncated safetensors stream is an input error naming standard input and what ended early.
    void truncatedStreamIsAnInputError()
    {
        const QByteArray bytes = bytesOf(data("safetensors/tiny-llama/model.safetensors"));
        const CliRun r = runWithInput({ QStringLiteral("inspect"), QStringLiteral("-") }, bytes.left(40));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("standard input")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("the stream ended")), qPrintable(r.err));
        const CliRun empty = runWithInput({ QStringLiteral("inspect"), QStringLiteral("-") }, {});
        QCOMPARE(empty.exitCode, 3);
        QVERIFY2(empty.err.contains(QStringLiteral("the stream is empty")), qPrintable(empty.err));
    }

    // `plan MODEL --json -`: standard output is the plan JSON alone, the same plans as --json FILE.
    void planJsonToStandardOutput()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("plan.json"));
        const QStringList base { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8"),
                                 QStringLiteral("--top"), QStringLiteral("3") };
        const CliRun toFile = shardscope::testing::runCli(base + QStringList { QStringLiteral("--json"), file });
        QVERIFY2(toFile.exitCode == 0, qPrintable(toFile.err));
        const CliRun toStdout = shardscope::testing::runCli(base + QStringList { QStringLiteral("--json"), QStringLiteral("-") });
        QVERIFY2(toStdout.exitCode == 0, qPrintable(toStdout.err));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(toStdout.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString() + QStringLiteral("\n") + toStdout.out.left(400)));
        const QJsonDocument fromFile = QJsonDocument::fromJson(bytesOf(file));
        QCOMPARE(doc.object().value(QStringLiteral("plans")).toArray().size(), 3);
        QCOMPARE(doc.object().value(QStringLiteral("plans")), fromFile.object().value(QStringLiteral("plans")));
        QVERIFY2(toFile.out.contains(QStringLiteral("Wrote")), qPrintable(toFile.out)); // the report went to stdout there
    }

    // `sweep --csv -`: the CSV alone on standard output; both --csv - and --json - is a usage error.
    void sweepCsvToStandardOutput()
    {
        const QStringList base { QStringLiteral("sweep"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8,16") };
        const CliRun r = shardscope::testing::runCli(base + QStringList { QStringLiteral("--csv"), QStringLiteral("-") });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3); // a header and one row a point, nothing else
        QVERIFY2(lines[1].startsWith(QStringLiteral("8,")), qPrintable(r.out));
        QVERIFY2(lines[2].startsWith(QStringLiteral("16,")), qPrintable(r.out));
        const CliRun both = shardscope::testing::runCli(
            base + QStringList { QStringLiteral("--csv"), QStringLiteral("-"), QStringLiteral("--json"), QStringLiteral("-") });
        QCOMPARE(both.exitCode, 2);
        QVERIFY2(both.err.contains(QStringLiteral("both write to standard output")), qPrintable(both.err));
    }

    void unknownWordsAreUsageErrors_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("message");
        QTest::newRow("a word") << "frobnicate" << "\"frobnicate\" is not a command, an existing file or a bundled model";
        QTest::newRow("a missing path") << "/nonexistent/model.json" << "is not a command, an existing file";
        QTest::newRow("a long option") << "--frobnicate" << "unknown option --frobnicate";
        QTest::newRow("standard input without a command") << "-" << "needs a command";
    }

    // Exit 2 with the list of commands, at once, with no display and without a window opening.
    void unknownWordsAreUsageErrors()
    {
        QFETCH(QString, word);
        QFETCH(QString, message);
        const CliRun r = shardscope::testing::runCli({ word }, { QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("Commands: plan, sweep, inspect, render, export, validate, models, gpus")), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // shardscope alone (a login node without the desktop planner): the commands work, the window and
    // render say what is missing, exit 2, and never hang.
    void commandLineWithoutTheDesktopPlanner()
    {
        QTemporaryDir dir;
        const QString lone = dir.filePath(QStringLiteral("shardscope"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_CLI), lone));
        QVERIFY(QFile::setPermissions(lone, QFile::permissions(lone) | QFileDevice::ExeOwner));
        const CliRun models = shardscope::testing::runProgram(lone, { QStringLiteral("models") });
        QVERIFY2(models.exitCode == 0 && models.out.contains(QStringLiteral("llama-3-8b")), qPrintable(models.err));
        const CliRun render = shardscope::testing::runProgram(
            lone, { QStringLiteral("render"), QStringLiteral("llama-3-8b"), QStringLiteral("--view"), QStringLiteral("memory"),
                    QStringLiteral("--out"), dir.filePath(QStringLiteral("m.png")) });
        QCOMPARE(render.exitCode, 2);
        QVERIFY2(render.err.contains(QStringLiteral("pictures are drawn by the desktop planner")), qPrintable(render.err));
        const CliRun window = shardscope::testing::runProgram(lone, {});
        QCOMPARE(window.exitCode, 2);
        QVERIFY2(window.err.contains(QStringLiteral("shardscope-gui, is not here")), qPrintable(window.err));
    }

    // No stray lines on standard error (e.g. "QStandardPaths: XDG_RUNTIME_DIR not set").
    void quietStandardError()
    {
        const QStringList unset { QStringLiteral("XDG_RUNTIME_DIR"), QStringLiteral("DISPLAY") };
        for (const QStringList& args : { QStringList { QStringLiteral("models") }, QStringList { QStringLiteral("gpus") },
                                         QStringList { QStringLiteral("inspect"), QStringLiteral("llama-3-8b") },
                                         QStringList { QStringLiteral("plan"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"), QStringLiteral("8") } }) {
            const CliRun r = shardscope::testing::runCli(args, unset);
            QVERIFY2(r.exitCode == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + r.err));
            QVERIFY2(r.err.isEmpty(), qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(" printed on stderr: ") + r.err));
        }
        // render starts shardscope-gui on Qt's offscreen platform, which looks for the runtime folder.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("memory.png"));
        const CliRun render = shardscope::testing::runCli({ QStringLiteral("render"), QStringLiteral("llama-3-8b"), QStringLiteral("--gpus"),
                                                            QStringLiteral("8"), QStringLiteral("--view"), QStringLiteral("memory"),
                                                            QStringLiteral("--out"), png },
                                                          unset + QStringList { QStringLiteral("QT_QPA_PLATFORM") });
        QVERIFY2(render.exitCode == 0, qPrintable(render.err));
        QVERIFY(QFile::exists(png));
        QVERIFY2(render.err.isEmpty(), qPrintable(QStringLiteral("render printed on stderr: ") + render.err));
    }
};

QTEST_GUILESS_MAIN(TestCliUnix)
#include "tst_cli_unix.moc"
