// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/file_controller.*, without a window: sessions round-trip (inputs, ranking, the selected
// plan, the infeasible plans' listing); a bad session or a missing model file changes nothing and
// says why; a session's model file is imported before its inputs apply; unsaved work follows the
// inputs; recent files list the newest first and open again; ONNX imports from the pool thread.
#include "export/session_document.h"
#include "file_controller.h"
#include "planning_fixture.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace shardscope;
using fixture::readAll;
using fixture::rowPlan;
using fixture::selected;

namespace {

/// The inputs, the planning controller and the file controller, with `model` (bundled) on 8 GPUs planned.
struct Files
{
    InputPanel inputs;
    PlanningController planning { &inputs };
    FileController files { &inputs, &planning, nullptr };

    explicit Files(const char* model = "llama-2-7b")
    {
        fixture::setProblem(inputs, model);
        planning.planNow();
    }
};

bool waitForPlan(PlanningController& planning)
{
    QSignalSpy shown(&planning, &PlanningController::planShown);
    return shown.wait(60000);
}

} // namespace

class TestFileController : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // QSettings away from the user's

    void sessionRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("review.shardscope"));
        ParallelConfig chosen;
        TrainingSpec training;
        ScoreWeights weights;
        {
            Files f;
            f.inputs.weightSlider(2)->setValue(40); // re-ranked at once
            f.planning.setShowInfeasible(true);
            f.planning.selectRow(4);
            chosen = selected(f.planning).config;
            training = f.inputs.training();
            weights = f.inputs.weights();
            QCOMPARE(f.files.saveSession(path), QString());
            QCOMPARE(f.files.sessionPath(), path);
        }
        // The file says what was on screen.
        const SessionDocument doc = readSessionJson(readAll(path), path.toStdString());
        QCOMPARE(doc.model, std::string("llama-2-7b"));
        QVERIFY(doc.modelIsBundled);
        QCOMPARE(doc.cluster.totalGpus(), 8);
        QCOMPARE(doc.training.seqLength, std::int64_t(4096));
        QVERIFY(doc.selectedPlan == std::optional<ParallelConfig>(chosen));
        QVERIFY(doc.weights == weights);
        QVERIFY(doc.showInfeasible);

        InputPanel inputs;
        PlanningController planning(&inputs);
        FileController files(&inputs, &planning, nullptr);
        QSignalSpy shown(&planning, &PlanningController::planShown);
        QCOMPARE(files.openSession(path), QString());
        QVERIFY(shown.wait(60000));
        QCOMPARE(inputs.training().seqLength, std::int64_t(4096));
        QVERIFY(inputs.training().pins == training.pins);
        QVERIFY(inputs.weights() == weights);
        QVERIFY(planning.showInfeasible());
        QVERIFY(selected(planning).config == chosen);
        QVERIFY(!files.unsavedSession());
        // Saving again gives the same file (nothing lost or invented on the way).
        const QString again = dir.filePath(QStringLiteral("again.shardscope"));
        QCOMPARE(files.saveSession(again), QString());
        SessionDocument second = readSessionJson(readAll(again), again.toStdString());
        second.modelRelative = doc.modelRelative;
        QVERIFY(second == doc);
    }

    void aBadSessionChangesNothing()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.shardscope"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"shardscope-session\", \"version\": 1, \"model\": ");
        file.close();
        Files f;
        const ParallelConfig before = selected(f.planning).config;
        const QString error = f.files.openSession(bad);
        QVERIFY2(error.contains(bad) && error.contains(QStringLiteral("line")), qPrintable(error));
        QVERIFY(selected(f.planning).config == before);
        QCOMPARE(f.inputs.model().name(), std::string("llama-2-7b"));
        QVERIFY(f.files.sessionPath().isEmpty());
    }

    void aMissingModelFileChangesNothing()
    {
        QTemporaryDir dir;
        Files f;
        QSignalSpy loaded(&f.files, &FileController::modelLoaded);
        QSignalSpy finished(&f.files, &FileController::importFinished);
        QSignalSpy errors(&f.files, &FileController::errorRaised);
        f.files.openModel(dir.filePath(QStringLiteral("missing.onnx")));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.front().front().toBool(), false);
        QCOMPARE(finished.front().at(0).toBool(), false);
        QCOMPARE(finished.front().at(1).toBool(), false);
        QVERIFY2(errors.back().front().toString().contains(QStringLiteral("missing.onnx")),
            qPrintable(errors.back().front().toString()));
        QCOMPARE(f.inputs.model().name(), std::string("llama-2-7b"));
    }

    // A config the importer half understands (a Llama config with experts added) is refused: the window shows
    // the keys and the nearest type, and the model and plans already there stay.
    void aHalfUnderstoodConfigIsRefusedWithItsKeys()
    {
        Files f;
        QSignalSpy loaded(&f.files, &FileController::modelLoaded);
        QSignalSpy errors(&f.files, &FileController::errorRaised);
        f.files.openModel(QStringLiteral(SHARDSCOPE_TEST_DATA "/bad/config-unread-keys.json"));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.front().front().toBool(), false);
        const QString error = errors.back().front().toString();
        QVERIFY2(error.contains(QStringLiteral("num_experts_per_tok and num_local_experts")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("nearest known model_type is \"mixtral\"")), qPrintable(error));
        QCOMPARE(f.inputs.model().name(), std::string("llama-2-7b"));
    }

    void aSessionsModelFileIsImportedFirst()
    {
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("gpt2.json"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA "/models/gpt2.json"), model));
        const QString session = dir.filePath(QStringLiteral("gpt2.shardscope"));
        {
            InputPanel inputs;
            PlanningController planning(&inputs);
            FileController files(&inputs, &planning, nullptr);
            QSignalSpy loaded(&files, &FileController::modelLoaded);
            files.openModel(model);
            QVERIFY(loaded.wait(10000));
            QVERIFY(waitForPlan(planning));
            inputs.nodesBox()->setValue(2);
            QVERIFY(waitForPlan(planning));
            QCOMPARE(files.saveSession(session), QString());
        }
        // It opens: the model is imported, then the inputs apply and one search runs.
        {
            Files f;
            QSignalSpy searches(f.planning.worker(), &PlannerWorker::searchStarted);
            QSignalSpy shown(&f.planning, &PlanningController::planShown);
            QCOMPARE(f.files.openSession(session), QString());
            QCOMPARE(f.inputs.model().name(), std::string("llama-2-7b")); // not before the import
            QVERIFY(shown.wait(30000));
            QCOMPARE(f.inputs.model().name(), std::string("gpt2"));
            QCOMPARE(f.inputs.problem().cluster.nodes, 2);
            QCOMPARE(f.planning.outcome()->search.candidates.front().config.worldSize(), 16);
            QCOMPARE(searches.count(), 1);
            QCOMPARE(f.files.sessionPath(), session);
        }
        // Its model file is gone: an error naming both files, and everything stays as it was.
        QVERIFY(QFile::remove(model));
        Files f;
        const std::size_t candidates = f.planning.outcome()->search.candidates.size();
        QSignalSpy searches(f.planning.worker(), &PlannerWorker::searchStarted);
        QSignalSpy loaded(&f.files, &FileController::modelLoaded);
        QSignalSpy errors(&f.files, &FileController::errorRaised);
        QCOMPARE(f.files.openSession(session), QString());
        QVERIFY(loaded.wait(10000));
        QCOMPARE(loaded.front().front().toBool(), false);
        const QString error = errors.back().front().toString();
        QVERIFY2(error.contains(session) && error.contains(QStringLiteral("gpt2.json")), qPrintable(error));
        QCOMPARE(f.inputs.model().name(), std::string("llama-2-7b"));
        QCOMPARE(f.inputs.problem().cluster.nodes, 1);
        QVERIFY(!f.planning.worker()->isBusy());
        QCOMPARE(searches.count(), 0);
        QCOMPARE(f.planning.outcome()->search.candidates.size(), candidates);
    }

    void unsavedWorkFollowsTheInputs()
    {
        QTemporaryDir dir;
        Files f;
        QSignalSpy modified(&f.files, &FileController::modifiedChanged);
        QVERIFY(f.files.unsavedSession()); // a model set by hand is nobody's saved session
        QCOMPARE(f.files.saveSession(dir.filePath(QStringLiteral("s.shardscope"))), QString());
        QCOMPARE(modified.back().front().toBool(), false);
        QVERIFY(!f.files.unsavedSession());
        f.inputs.seqBox()->setValue(2048);
        QCOMPARE(modified.back().front().toBool(), true);
        QCOMPARE(f.files.unsavedSession()->training.seqLength, std::int64_t(2048));
        f.inputs.seqBox()->setValue(4096);
        QCOMPARE(modified.back().front().toBool(), false);
        f.planning.selectRow(3); // another row alone is not unsaved work
        QVERIFY(!f.files.unsavedSession());
        f.planning.setShowInfeasible(true); // the listing is part of the session
        QCOMPARE(modified.back().front().toBool(), true);
        f.planning.worker()->cancel();
        // The example is nobody's unsaved work either.
        QSignalSpy replaced(&f.files, &FileController::modelReplaced);
        f.files.loadExample();
        f.planning.worker()->cancel(); // its search is not needed here
        QCOMPARE(replaced.back().front().toString(), QStringLiteral("llama-3-70b"));
        QCOMPARE(modified.back().front().toBool(), false);
        QVERIFY(f.files.sessionPath().isEmpty());
        QCOMPARE(f.inputs.problem().cluster.totalGpus(), 64);
        QCOMPARE(f.inputs.training().seqLength, std::int64_t(8192));
    }

    void recentFilesListTheNewestFirst()
    {
        QSettings().remove(QStringLiteral("recentFiles"));
        QTemporaryDir dir;
        Files f;
        QMenu menu;
        f.files.setRecentMenu(&menu);
        QVERIFY(!menu.isEnabled());
        const QString a = dir.filePath(QStringLiteral("a.shardscope")),
                      b = dir.filePath(QStringLiteral("b.shardscope"));
        QCOMPARE(f.files.saveSession(a), QString());
        QCOMPARE(f.files.saveSession(b), QString());
        QCOMPARE(f.files.saveSession(a), QString()); // again: moved to the top, not listed twice
        const QList<QAction*> actions = menu.actions();
        QVERIFY(menu.isEnabled());
        QCOMPARE(actions.size(), 2);
        QCOMPARE(actions[0]->text(), QStringLiteral("&1 a.shardscope"));
        QCOMPARE(actions[0]->toolTip(), QFileInfo(a).absoluteFilePath());
        QCOMPARE(actions[1]->toolTip(), QFileInfo(b).absoluteFilePath());
        // An entry opens its file.
        QSignalSpy shown(&f.planning, &PlanningController::planShown);
        actions[1]->trigger();
        QCOMPARE(f.files.sessionPath(), QFileInfo(b).absoluteFilePath());
        QVERIFY(shown.wait(30000));
        QCOMPARE(menu.actions()[0]->toolTip(), QFileInfo(b).absoluteFilePath());
    }

    void onnxImportForksFromThePool()
    {
        // The GUI imports on a QtConcurrent pool thread of a many-threaded process, and ONNX shape
        // inference forks a helper from there (core/import/onnx_shape_inference.h). It must come
        // back with sizes (MatMul FLOPs are counted only from inferred shapes), and a file that
        // crashes libonnx must leave the controller working with the model imported.
        Files f;
        QSignalSpy loaded(&f.files, &FileController::modelLoaded);
        f.files.openModel(QStringLiteral(SHARDSCOPE_TEST_DATA "/onnx/gpt_block.onnx"));
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.takeFirst().front().toBool(), true);
        const ModelGraph& g = f.inputs.model();
        for (const std::string& warning : g.warnings())
            QVERIFY2(warning.find("shape inference") == std::string::npos, warning.c_str());
        bool mlpCounted = false;
        for (const Layer& l : g.layers())
            mlpCounted = mlpCounted || (l.name == "transformer.h.0.mlp" && l.flopsPerToken > 0);
        QVERIFY(mlpCounted);
        QVERIFY(waitForPlan(f.planning));

        f.files.openModel(
            QStringLiteral(SHARDSCOPE_TEST_DATA "/../fuzz/regressions/onnx/conv-stride-zero.onnx"));
        QVERIFY(loaded.wait(60000));
        QCOMPARE(loaded.takeFirst().front().toBool(), true);
        bool reported = false;
        for (const std::string& warning : f.inputs.model().warnings())
            reported = reported || warning.rfind("ONNX shape inference ", 0) == 0;
        QVERIFY(reported);
        QCOMPARE(f.inputs.model().layers().size(), std::size_t(1));
        f.planning.worker()->cancel();
    }
};

QTEST_MAIN(TestFileController)
#include "tst_file_controller.moc"
