// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/export_controller.*, without a window: the plan JSON is core's plan document of the
// outcome on screen, written on the calling thread or on a worker; the worker writes what was on
// screen when it started, whatever the window re-ranks meanwhile; failures name the file; the launch
// config carries the selected plan and its rank; views export at the asked size.
#include "export/plan_json.h"
#include "export_controller.h"
#include "plan_views.h"
#include "planning_fixture.h"

#include <QImage>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace shardscope;
using fixture::readAll;
using fixture::rowPlan;
using fixture::selected;

namespace {

/// What the export should write: core's document for the outcome as it is now.
std::string expectedPlanJson(const PlanningController& planning)
{
    const PlanRequest& r = *planning.shownRequest();
    return writePlanJson(makePlanDocument(r.problem, r.strategy, r.weights, *planning.outcome(),
        "ShardScope " + QCoreApplication::applicationVersion().toStdString()));
}

struct Exporting
{
    fixture::Planned planned;
    PlanViews views { &planned.planning };
    ExportController exports { &planned.planning, &views, &views };
};

} // namespace

class TestExportController : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void thePlanJsonIsCoresDocument()
    {
        QTemporaryDir dir;
        Exporting e;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        QCOMPARE(e.exports.exportPlanJson(path), QString());
        const std::string text = readAll(path);
        QCOMPARE(text, expectedPlanJson(e.planned.planning));
        const PlanDocument doc = readPlanJson(text, path.toStdString());
        QVERIFY(doc.plans.front().estimate.config == e.planned.planning.outcome()->top.front().config);
        QCOMPARE(doc.search.candidatesEvaluated, e.planned.planning.outcome()->search.candidates.size());
        QVERIFY(doc.analysis.has_value());
        QVERIFY(!doc.plans.front().proposals.empty());
    }

    void theBackgroundExportWritesWhatWasOnScreen()
    {
        QTemporaryDir dir;
        Exporting e;
        const QString path = dir.filePath(QStringLiteral("plan.json"));
        const std::string before = expectedPlanJson(e.planned.planning);
        QSignalSpy exported(&e.exports, &ExportController::planJsonExported);
        QSignalSpy status(&e.exports, &ExportController::statusMessage);
        e.exports.exportPlanJsonInBackground(path);
        QCOMPARE(exported.count(), 0); // it returned before the file was written
        // The window goes on: a re-ranking reorders the outcome in place while the worker writes.
        e.planned.inputs.weightSlider(0)->setValue(100);
        const std::string after = expectedPlanJson(e.planned.planning);
        QVERIFY(after != before);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.front().at(0).toString(), path);
        QCOMPARE(exported.front().at(1).toString(), QString());
        QCOMPARE(readAll(path), before);
        QCOMPARE(status.back().front().toString(), QStringLiteral("Plan written to %1").arg(path));
    }

    void failedExportsNameTheFile()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("no/such/folder/plan.json"));
        {
            InputPanel inputs;
            PlanningController planning(&inputs);
            PlanViews views(&planning);
            ExportController exports(&planning, &views, &views);
            QCOMPARE(exports.exportPlanJson(bad), QStringLiteral("There is no plan to export yet."));
            QCOMPARE(exports.exportLaunchConfig(bad, LaunchFormat::Megatron),
                QStringLiteral("There is no plan to export yet."));
            QSignalSpy exported(&exports, &ExportController::planJsonExported);
            QSignalSpy errors(&exports, &ExportController::errorRaised);
            exports.exportPlanJsonInBackground(bad);
            QVERIFY(exported.wait(10000));
            QCOMPARE(exported.front().at(1).toString(), QStringLiteral("There is no plan to export yet."));
            QCOMPARE(errors.count(), 1);
        }
        Exporting e;
        QVERIFY(e.exports.exportPlanJson(bad).startsWith(bad + QStringLiteral(": cannot write: ")));
        QSignalSpy exported(&e.exports, &ExportController::planJsonExported);
        e.exports.exportPlanJsonInBackground(bad);
        QVERIFY(exported.wait(60000));
        QVERIFY2(exported.front().at(1).toString().startsWith(bad + QStringLiteral(": cannot write: ")),
            qPrintable(exported.front().at(1).toString()));
        QVERIFY(!QFileInfo::exists(bad));
    }

    void aLaunchConfigCarriesTheSelectedPlanAndItsRank()
    {
        QTemporaryDir dir;
        Exporting e;
        PlanningController& planning = e.planned.planning;
        // DeepSpeed runs one chunk per stage with 1F1B, ZeRO-1 at most under pipelines, no ring CP, no hybrid
        // ZeRO-1/2: the first ranked plan it can run.
        auto deepSpeedRuns = [](const ParallelConfig& c) {
            return (c.schedule == Schedule::OneFOneB || c.schedule == Schedule::GPipe) && c.cp == 1
                && (c.pp == 1 || c.zeroStage <= 1) && c.dpReplicate == 1 && c.reshardAfterForward;
        };
        int row = 0;
        while (row < planning.proxy()->rowCount() && !deepSpeedRuns(rowPlan(planning, row).config))
            ++row;
        QVERIFY(row < planning.proxy()->rowCount());
        planning.selectRow(row);
        const ParallelConfig& c = selected(planning).config;
        const QString path = dir.filePath(QStringLiteral("ds.json"));
        QCOMPARE(e.exports.exportLaunchConfig(path, LaunchFormat::DeepSpeed), QString());
        const nlohmann::json ds = nlohmann::json::parse(readAll(path));
        // The batch identity DeepSpeed asserts: train_batch_size = micro x accumulation x DP = the global
        // batch.
        QCOMPARE(ds.at("train_batch_size").get<int>(), 64);
        QCOMPARE(ds.at("train_micro_batch_size_per_gpu").get<int>(), c.microBatch);
        QCOMPARE(ds.at("train_micro_batch_size_per_gpu").get<int>()
                * ds.at("gradient_accumulation_steps").get<int>() * c.dp,
            64);
        const QString megatron = dir.filePath(QStringLiteral("megatron.sh"));
        QCOMPARE(e.exports.exportLaunchConfig(megatron, LaunchFormat::Megatron), QString());
        const QString args = QString::fromStdString(readAll(megatron));
        QVERIFY(args.contains(QStringLiteral("--tensor-model-parallel-size %1").arg(c.tp)));
        QVERIFY(args.contains(QStringLiteral("--pipeline-model-parallel-size %1").arg(c.pp)));
        // The header ranks the plan among everything the search evaluated, not "rank 1 of 1".
        QVERIFY2(args.contains(QStringLiteral("# Plan rank %1 of %2 evaluated: ")
                                   .arg(row + 1)
                                   .arg(planning.outcome()->search.candidates.size())),
            qPrintable(args.left(600)));
    }

    void viewsExportAtTheAskedSize()
    {
        QTemporaryDir dir;
        Exporting e;
        e.views.resize(900, 600);
        for (int v = 0; v < PlanViews::BuiltInCount; ++v) {
            const QString png
                = dir.filePath(PlanViews::builtInName(PlanViews::View(v)) + QStringLiteral(".png"));
            QCOMPARE(e.exports.exportView(v, png, 2.0), QString());
            const QImage image(png);
            const QSizeF view = e.views.figure(v).viewSize;
            QCOMPARE(image.size(),
                QSize(int(2 * view.width()), int(2 * (view.height() + FigureExporter::chromeHeight()))));
        }
        const QString bad = dir.filePath(QStringLiteral("no/such/folder/x.png"));
        QVERIFY(e.exports.exportView(PlanViews::Memory, bad).contains(bad));
        QVERIFY(e.exports.exportView(PlanViews::Memory, dir.filePath(QStringLiteral("x.bmp")))
                    .contains(QStringLiteral(".png or .svg")));
    }
};

QTEST_MAIN(TestExportController)
#include "tst_export_controller.moc"
