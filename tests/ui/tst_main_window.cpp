// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/main_window*: the shell and its wiring (each controller has its own test without a
// window: tst_planning_controller, tst_plan_views, tst_proposals_controller, tst_file_controller,
// tst_export_controller). The window opens with the planned example; the table, the "do not fit"
// box and its menu entry follow one state; the inputs form searches again; status, errors, title and
// the modified marker reach the window; proposals apply through it; sessions restore the table's
// state; dropped files open and return in the recent files; exported pictures have the asked size.
#include "communication_view.h"
#include "export/plan_json.h"
#include "imbalance_view.h"
#include "import/model_importer.h"
#include "input_panel.h"
#include "main_window.h"
#include "plan_table_model.h"
#include "plan_table_panel.h"
#include "plan_text.h"
#include "proposal_list_model.h"
#include "stage_map_view.h"
#include "compare_controller.h"
#include "file_controller.h"
#include "sweep_panel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>
#include <QtTest>
#include <algorithm>

using namespace shardscope;

namespace {

std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

bool waitForPlan(MainWindow& w)
{
    QSignalSpy shown(&w, &MainWindow::planShown);
    return shown.wait(60000);
}

// The selected plan; throws (failing the test) instead of dereferencing null.
const PlanEstimate& sel(const MainWindow& w)
{
    if (!w.selectedPlan()) throw std::runtime_error("no plan is selected");
    return *w.selectedPlan();
}

// The plan of rank `rank` (source row, whatever the sort).
const PlanSummary& rowPlanSource(const MainWindow& w, int rank)
{
    const PlanSummary* p = w.planModel()->plan(rank);
    if (!p) throw std::runtime_error("no plan of rank " + std::to_string(rank + 1));
    return *p;
}

// Llama-2-7B on 8 H100 (about 9,000 candidates, tens of milliseconds), planned on the calling thread.
void planSmall(MainWindow& w)
{
    TrainingSpec training;
    training.seqLength = 4096;
    training.globalBatch = 64;
    w.inputs()->setInputs(ClusterSpec::make(*w.inputs()->catalog().find("H100-SXM"), 8, 8), training,
        Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive), false);
    w.setModel(*findBundledModel("llama-2-7b"), QStringLiteral("llama-2-7b"), true);
    w.planNow();
}

QAction* actionNamed(const MainWindow& w, const QString& text)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text() == text) return a;
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // QSettings away from the user's

    void namesOfTheViewsAndPlans()
    {
        // What the render command's --view takes, in the View order.
        const char* const names[] = { "memory", "stages", "timeline", "imbalance", "communication" };
        for (int v = 0; v < MainWindow::ViewCount; ++v) {
            QCOMPARE(MainWindow::viewName(MainWindow::View(v)), QLatin1String(names[v]));
            QCOMPARE(MainWindow::viewFromName(QLatin1String(names[v])),
                std::optional<MainWindow::View>(MainWindow::View(v)));
        }
        QVERIFY(!MainWindow::viewFromName(QStringLiteral("window")));
        ParallelConfig c;
        c.tp = 8;
        c.pp = 2;
        QCOMPARE(MainWindow::describe(c),
            QStringLiteral("TP 8 · PP 2 · DP 1 · micro-batch 1 · ZeRO-0 · recompute none · 1f1b"));
    }

    void opensWithThePlannedExample()
    {
        MainWindow w;
        // The testers watch every reset, sort and filter change from here on.
        QAbstractItemModelTester proxyTester(
            w.planProxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester tableTester(
            w.planModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester notesTester(
            w.proposals(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.loadExample();
        QVERIFY(waitForPlan(w));
        QVERIFY(w.outcome());
        QVERIFY(w.errorText().isEmpty());
        QVERIFY(!w.isWindowModified()); // the example is nobody's unsaved work
        QCOMPARE(w.windowTitle(), QStringLiteral("llama-3-70b[*] — ShardScope"));
        // Llama-3-70B on 8 x 8 H100 at sequence 8192, as the issue asks.
        QCOMPARE(w.inputs()->model().name(), std::string("llama-3-70b"));
        const PlanningProblem p = w.inputs()->problem();
        QCOMPARE(p.cluster.totalGpus(), 64);
        QCOMPARE(p.cluster.gpusPerNode, 8);
        QCOMPARE(p.cluster.gpu.name, std::string("H100-SXM"));
        QCOMPARE(p.training.seqLength, std::int64_t(8192));
        // The first row is the outcome's best plan; the table's current row is the planning controller's.
        QVERIFY(w.selectedPlan());
        QVERIFY(sel(w).config == w.outcome()->top.front().config);
        QVERIFY(sel(w).feasible);
        QCOMPARE(w.planTable()->selectionModel(), w.planning()->selectionModel());
        QCOMPARE(w.planTable()->currentIndex().row(), 0);
        // A dense model: no EP column.
        QVERIFY(w.planTable()->isColumnHidden(PlanTableModel::Ep));
        QVERIFY(!w.planTable()->isColumnHidden(PlanTableModel::Cp));
        w.planModel()->setMixtureOfExperts(true); // what a MoE model's result sets: the column follows
        QVERIFY(!w.planTable()->isColumnHidden(PlanTableModel::Ep));
        w.planModel()->setMixtureOfExperts(false);
        QVERIFY(w.planTable()->isColumnHidden(PlanTableModel::Ep));
        const QString status = w.statusText();
        QVERIFY2(status.contains(QLocale().toString(qulonglong(w.outcome()->search.candidates.size()))
                     + QStringLiteral(" plans evaluated in")),
            qPrintable(status));
        // A click on a row selects that plan everywhere.
        w.planTable()->setCurrentIndex(w.planProxy()->index(3, 0));
        QVERIFY(sel(w).config
            == w.planModel()->plan(w.planProxy()->mapToSource(w.planProxy()->index(3, 0)).row())->config);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.proposals()->rowCount() >= 1, 30000); // notes at once, proposals from a thread
        // Sorting by memory, re-ranking, and listing the plans that do not fit keep the models sound;
        // with a header sort the best plan is still the one the ranking put first.
        w.selectBest();
        w.planTable()->sortByColumn(PlanTableModel::MemoryPerGpu, Qt::AscendingOrder);
        w.inputs()->weightSlider(0)->setValue(60);
        QVERIFY(w.statusText().contains(QStringLiteral("re-ranked")));
        QVERIFY(sel(w).config == rowPlanSource(w, 0).config);
        w.planTable()->sortByColumn(-1, Qt::AscendingOrder);
        // The box, its menu entry and the controller are one state, whichever changes it.
        const int feasibleRows = w.planProxy()->rowCount();
        QCheckBox* showInfeasible = w.planTablePanel()->showInfeasibleBox();
        QAction* menuEntry = actionNamed(w, QStringLiteral("Show Plans That Do &Not Fit"));
        QVERIFY(showInfeasible && menuEntry);
        showInfeasible->setChecked(true);
        QVERIFY(menuEntry->isChecked() && w.planning()->showInfeasible());
        QCOMPARE(w.planProxy()->rowCount(),
            int(w.outcome()->order.size())); // equivalent plans folded into one row
        QVERIFY(w.planProxy()->rowCount() > feasibleRows);
        menuEntry->setChecked(false);
        QVERIFY(!showInfeasible->isChecked() && !w.planning()->showInfeasible());
        QCOMPARE(w.planProxy()->rowCount(), feasibleRows);
        w.planning()->setShowInfeasible(true);
        QVERIFY(showInfeasible->isChecked() && menuEntry->isChecked());
        // Esc with no search running leaves the status as it is.
        const QString before = w.statusText();
        QTest::keyClick(&w, Qt::Key_Escape);
        QCOMPARE(w.statusText(), before);
    }

    void formChangeSearchesAgain()
    {
        MainWindow w;
        planSmall(w);
        const std::size_t before = w.outcome()->search.candidates.size();
        w.inputs()->nodesBox()->setValue(2); // 16 GPUs, searched on the worker
        QVERIFY(waitForPlan(w));
        QCOMPARE(w.inputs()->problem().cluster.totalGpus(), 16);
        for (const PlanSummary& p : w.outcome()->search.candidates)
            QCOMPARE(p.config.worldSize(), 16);
        QVERIFY(w.outcome()->search.candidates.size() != before);
        // A change that keeps the best configuration still shows the new numbers.
        const double capacity = sel(w).capacityBytes;
        w.inputs()->memoryMarginBox()->setValue(w.inputs()->memoryMarginBox()->value() + 1);
        QVERIFY(waitForPlan(w));
        QVERIFY(sel(w).capacityBytes < capacity);
        QCOMPARE(sel(w).capacityBytes, w.outcome()->top.front().capacityBytes);
        // Nothing fits: no plan, and the line above the views says what to do.
        w.setModel(*findBundledModel("llama-3-70b"), QStringLiteral("llama-3-70b"), true);
        w.inputs()->nodesBox()->setValue(1);
        w.inputs()->seqBox()->setValue(8192);
        w.planNow();
        QCOMPARE(w.outcome()->search.feasibleCount, std::size_t(0));
        QVERIFY(!w.selectedPlan());
        QCOMPARE(w.planProxy()->rowCount(), 0);
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("planTitle"))
                    ->text()
                    .contains(QStringLiteral("No plan fits")));
    }

    // Issue 29: Open Example, Open Session, a model dialog and a recent file replaced unsaved inputs without asking
    // (only closing asked). Each asks now, with what it is about to do; Cancel keeps the inputs, Discard goes on.
    void unsavedInputsAreAskedFor()
    {
        MainWindow w;
        planSmall(w);
        QVERIFY(w.isWindowModified());
        QStringList asked;
        auto answer = FileController::UnsavedAnswer::Cancel;
        w.files()->setUnsavedQuestion([&](const QString& action) {
            asked << action;
            return answer;
        });
        QAction* example = actionNamed(w, QStringLiteral("Open &Example"));
        QVERIFY(example);
        example->trigger();
        QCOMPARE(asked, QStringList { QStringLiteral("opening the example") });
        QCOMPARE(w.inputs()->model().name(), std::string("llama-2-7b")); // cancelled: nothing replaced
        // The dialogs ask before they open (Cancel: no dialog at all), and so does a recent file.
        w.files()->openSessionDialog();
        w.files()->openModelDialog();
        w.files()->openRecentAction(QStringLiteral("/nonexistent/model.json"));
        QCOMPARE(asked.mid(1), QStringList({ QStringLiteral("opening a session"), QStringLiteral("opening another model"),
                                              QStringLiteral("opening model.json") }));
        QCOMPARE(w.inputs()->model().name(), std::string("llama-2-7b"));
        QVERIFY(!w.close()); // closing asks too: cancelled
        QCOMPARE(asked.last(), QStringLiteral("closing"));
        // Discard: the example replaces them; then nothing is unsaved and nothing is asked.
        answer = FileController::UnsavedAnswer::Discard;
        example->trigger();
        QCOMPARE(w.inputs()->model().name(), std::string("llama-3-70b"));
        QVERIFY(!w.isWindowModified());
        const qsizetype before = asked.size();
        example->trigger();
        QCOMPARE(asked.size(), before);
    }

    // Issue 29: the Sweep tab kept the previous model's sweep, Compare its plans: both are cleared with a new model.
    void sweepAndCompareFollowTheModel()
    {
        MainWindow w;
        planSmall(w);
        w.compare()->pinBaseline(w.outcome()->search.candidates[w.outcome()->order[0]].config);
        QVERIFY(w.compare()->baseline());
        w.sweep()->setValuesText(QStringLiteral("8, 16"));
        QSignalSpy finished(w.sweep(), &SweepPanel::sweepFinished);
        QVERIFY(w.sweep()->run());
        QVERIFY(finished.wait(60000));
        QVERIFY(w.sweep()->result());
        w.setModel(*findBundledModel("llama-3-8b"), QStringLiteral("llama-3-8b"), true);
        QVERIFY(!w.sweep()->result());
        QVERIFY2(w.sweep()->statusText().contains(QStringLiteral("llama-3-8b")), qPrintable(w.sweep()->statusText()));
        QVERIFY(!w.compare()->baseline());
        // A sweep still running when the model changes shows none of its points.
        QVERIFY(w.sweep()->run());
        w.setModel(*findBundledModel("llama-2-7b"), QStringLiteral("llama-2-7b"), true);
        QVERIFY(finished.wait(60000));
        QVERIFY(!w.sweep()->result());
    }

    void statusErrorsAndTitleReachTheWindow()
    {
        MainWindow w;
        planSmall(w);
        QCOMPARE(w.windowTitle(), QStringLiteral("llama-2-7b[*] — ShardScope"));
        QVERIFY(w.isWindowModified()); // a model set by hand is unsaved work
        // Unusable inputs: the banner says why until the next result.
        TrainingSpec training = w.inputs()->training();
        training.dpOverlap = 2.0;
        w.inputs()->setInputs(w.inputs()->cluster(), training, w.inputs()->strategy(), w.inputs()->weights());
        QVERIFY2(w.errorText().contains(QStringLiteral("dp_overlap")), qPrintable(w.errorText()));
        w.planNow();
        QCOMPARE(w.statusText(), QStringLiteral("No plan: the inputs are not usable."));
        training.dpOverlap.reset();
        w.inputs()->setInputs(
            w.inputs()->cluster(), training, w.inputs()->strategy(), w.inputs()->weights(), false);
        w.planNow();
        QVERIFY(w.errorText().isEmpty());
        QVERIFY(w.statusText().contains(QStringLiteral(" plans evaluated in ")));
        // A proposal applied through the window is undone through it.
        QTRY_VERIFY_WITH_TIMEOUT(!w.proposals()->proposals().empty(), 30000);
        const ParallelConfig before = sel(w).config;
        const auto& proposals = w.proposals()->proposals();
        const auto applicable = std::find_if(proposals.begin(), proposals.end(), [&](const Proposal& p) {
            return p.evaluated && p.training.dpOverlap == w.inputs()->training().dpOverlap;
        });
        QVERIFY(applicable != proposals.end());
        const ParallelConfig proposed = applicable->config;
        QCOMPARE(w.applyProposal(int(applicable - proposals.begin())), QString());
        QVERIFY(sel(w).config == proposed);
        QCOMPARE(w.undoStack()->count(), 1);
        w.undoStack()->undo();
        QVERIFY(sel(w).config == before);
        // Another model: the history of the old one goes.
        w.setModel(*findBundledModel("llama-3-8b"), QStringLiteral("llama-3-8b"), true);
        QCOMPARE(w.undoStack()->count(), 0);
        QCOMPARE(w.windowTitle(), QStringLiteral("llama-3-8b[*] — ShardScope"));
        w.worker()->cancel();
    }

    void sessionsRestoreTheTable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("review.shardscope"));
        ParallelConfig chosen;
        {
            MainWindow w;
            planSmall(w);
            w.planTablePanel()->showInfeasibleBox()->setChecked(true);
            w.selectRow(4);
            chosen = sel(w).config;
            QCOMPARE(w.saveSession(path), QString());
            QVERIFY(!w.isWindowModified());
            QVERIFY(!w.unsavedSession());
            QCOMPARE(w.sessionDocument().selectedPlan, std::optional<ParallelConfig>(chosen));
        }
        MainWindow reopened;
        QSignalSpy shown(&reopened, &MainWindow::planShown);
        QCOMPARE(reopened.openSession(path), QString());
        QVERIFY(shown.wait(60000));
        QVERIFY(reopened.planTablePanel()->showInfeasibleBox()->isChecked());
        QVERIFY(actionNamed(reopened, QStringLiteral("Show Plans That Do &Not Fit"))->isChecked());
        QVERIFY(sel(reopened).config == chosen);
        QCOMPARE(reopened.planTable()->currentIndex().row(), 4);
        QVERIFY(!reopened.isWindowModified());
    }

    void dropAModelFileAndReopenItFromRecentFiles()
    {
        QSettings().remove(QStringLiteral("recentFiles"));
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("gpt2.json"));
        QVERIFY(QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA "/models/gpt2.json"), model));
        MainWindow w;
        planSmall(w);
        // The inputs are unsaved (a model set by hand): a drop and a recent file ask first; this test discards.
        QStringList asked;
        w.files()->setUnsavedQuestion([&](const QString& action) {
            asked << action;
            return FileController::UnsavedAnswer::Discard;
        });
        // A file dropped on the window is imported like File > Open.
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(model) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        enter.setAccepted(false);
        QCoreApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy loaded(&w, &MainWindow::modelLoaded);
        QSignalSpy shown(&w, &MainWindow::planShown);
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&w, &drop);
        QVERIFY(loaded.wait(10000));
        QVERIFY(loaded.front().front().toBool());
        QVERIFY(shown.wait(30000));
        QCOMPARE(w.inputs()->model().name(), std::string("gpt2"));
        QCOMPARE(w.windowTitle(), QStringLiteral("gpt2.json[*] — ShardScope"));
        // It heads the recent files, and the menu entry opens it again.
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList().value(0),
            QFileInfo(model).absoluteFilePath());
        planSmall(w);
        QAction* recent = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->toolTip() == QFileInfo(model).absoluteFilePath()) recent = a;
        QVERIFY(recent);
        QSignalSpy again(&w, &MainWindow::modelLoaded);
        recent->trigger();
        QVERIFY(again.wait(10000));
        QCOMPARE(w.inputs()->model().name(), std::string("gpt2"));
        // Text that is not a file is refused at the door.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        refused.setAccepted(false);
        QCoreApplication::sendEvent(&w, &refused);
        QVERIFY(!refused.isAccepted());
        w.worker()->cancel();
    }

    void exportsThroughTheWindow()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1400, 900);
        planSmall(w);
        // The plan JSON (on the calling thread here; the menu runs it on a worker).
        const QString json = dir.filePath(QStringLiteral("plan.json"));
        QCOMPARE(w.exportPlanJson(json), QString());
        const PlanDocument doc = readPlanJson(readAll(json), json.toStdString());
        QVERIFY(doc.plans.front().estimate.config == w.outcome()->top.front().config);
        QCOMPARE(doc.model.name, std::string("llama-2-7b"));
        // Every view at the asked size, not blank.
        for (int v = 0; v < MainWindow::ViewCount; ++v) {
            Figure figure = w.figure(MainWindow::View(v));
            QVERIFY(figure.title.endsWith(QStringLiteral(" — llama-2-7b")));
            QVERIFY(figure.subtitle.endsWith(PlanText::describe(sel(w).config)));
            figure.viewSize = QSizeF(900, 500);
            const QString png
                = dir.filePath(MainWindow::viewName(MainWindow::View(v)) + QStringLiteral(".png"));
            QCOMPARE(FigureExporter::write(png, figure, 2.0), QString());
            const QImage image(png);
            QCOMPARE(image.size(), QSize(1800, int(2 * (500 + FigureExporter::chromeHeight()))));
            QSet<QRgb> colours;
            for (int y = int(2 * FigureExporter::chromeHeight()); y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    colours.insert(image.pixel(x, y));
            QVERIFY2(colours.size() > 8, qPrintable(MainWindow::viewName(MainWindow::View(v))));
            if (const QByteArray out = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !out.isEmpty())
                image.save(
                    QString::fromLocal8Bit(out) + QStringLiteral("/window-") + QFileInfo(png).fileName());
        }
        // The whole window as SVG, at its size plus the title band.
        const QString svg = dir.filePath(QStringLiteral("window.svg"));
        QCOMPARE(w.exportWindow(svg), QString());
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBoxF().size(), QSizeF(1400, 900 + FigureExporter::chromeHeight()));
        QCOMPARE(w.windowFigure().title, QStringLiteral("ShardScope — llama-2-7b"));
        // A failed export names the file and leaves nothing behind.
        const QString bad = dir.filePath(QStringLiteral("no/such/folder/x.png"));
        QVERIFY(w.exportView(MainWindow::MemoryView, bad).contains(bad));
        QVERIFY(!QFileInfo::exists(bad));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
