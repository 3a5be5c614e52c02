// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/sweep_panel.* and ui/sweep_worker.*: Run starts a sweep on a worker thread (the GUI thread keeps
// running), progress climbs to 1, the points arrive in order and the view fills in; the shown best plans
// equal separate runPlanning calls at each point (the problem rebuilt here with ClusterSpec::make, not the
// sweep's code); Cancel stops a sweep with the points finished so far (cancelled, no crash, usable again); a
// newer Run replaces an older one and nothing of the older one is shown; a bad values string shows core's
// parse error in red and runs nothing; no inputs: Run says so; CSV and JSON exports are core's writers'
// bytes; a click on a point emits pointActivated with its value.
#include "cost/prediction_band.h"
#include "export/sweep_export.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/planner.h"
#include "sweep_panel.h"
#include "sweep_view.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace shardscope;

namespace {

const GpuSpec& h100()
{
    return *HardwareCatalog::builtin().find("H100-SXM");
}

/// `model` (bundled) on one node of 8 H100, sequence 4096, global batch 256, the default ranking.
SweepInputs inputs(const char* model = "llama-3-70b")
{
    SweepInputs in;
    in.problem.model = *findBundledModel(model);
    in.problem.cluster = ClusterSpec::make(h100(), 8, 8);
    in.problem.training.seqLength = 4096;
    in.problem.training.globalBatch = 256;
    in.strategy = Strategy::Exhaustive;
    in.weights = defaultWeights(Strategy::Exhaustive);
    return in;
}

/// A panel on `in`, sweeping GPUs over `values`, searches on two threads.
void prepare(SweepPanel& panel, const SweepInputs& in, const QString& values)
{
    panel.setInputs(in);
    panel.setThreads(2);
    panel.setAxis(SweepAxis::Gpus);
    panel.setValuesText(values);
}

bool waitForFinish(SweepPanel& panel, QSignalSpy& finished)
{
    return finished.count() > 0 || finished.wait(120000) || !panel.isRunning();
}

} // namespace

class TestSweepPanel : public QObject
{
    Q_OBJECT
private slots:
    void runDeliversProgressPointsAndResult()
    {
        SweepPanel panel;
        prepare(panel, inputs(), QStringLiteral("8..64"));
        QSignalSpy started(panel.worker(), &SweepWorker::started);
        QSignalSpy progress(panel.worker(), &SweepWorker::progress);
        QSignalSpy points(panel.worker(), &SweepWorker::pointFinished);
        QSignalSpy finished(panel.worker(), &SweepWorker::finished);
        QSignalSpy panelFinished(&panel, &SweepPanel::sweepFinished);
        int ticks = 0;
        QTimer tick;
        tick.setInterval(1);
        connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
        tick.start();

        QVERIFY(panel.run());
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.at(0).at(0).toInt(), 4); // 8, 16, 32, 64
        QVERIFY(panel.isRunning());
        QVERIFY(panel.cancelButton()->isEnabled());
        QVERIFY(finished.wait(120000));
        QVERIFY(!panel.isRunning());
        QVERIFY(ticks > 0); // the GUI thread ran meanwhile
        QCOMPARE(panelFinished.count(), 1);

        // Progress: fractions in [0, 1], never going back, through every point.
        QVERIFY(progress.count() >= 4);
        double last = 0;
        QSet<int> seen;
        for (const QList<QVariant>& p : std::as_const(progress)) {
            const double fraction = p.at(0).toDouble();
            QVERIFY(fraction >= last && fraction <= 1);
            last = fraction;
            seen.insert(p.at(1).toInt());
            QCOMPARE(p.at(2).toInt(), 4);
        }
        QCOMPARE(seen, QSet<int>({ 0, 1, 2, 3 }));
        QCOMPARE(last, 1.0);
        QCOMPARE(panel.progressBar()->value(), panel.progressBar()->maximum());

        // The points, in order, as they came; the result holds the same.
        QCOMPARE(points.count(), 4);
        const SweepResult result = finished.at(0).at(0).value<SweepResult>();
        QCOMPARE(result.points.size(), std::size_t(4));
        QVERIFY(!result.cancelled);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(points.at(i).at(0).toInt(), i);
            QCOMPARE(points.at(i).at(1).value<SweepPoint>().value, std::int64_t(8) << i);
        }
        QVERIFY(panel.result());
        QCOMPARE(panel.result()->points.size(), std::size_t(4));
        QCOMPARE(panel.view()->finishedCount(), std::size_t(4));
        // 70.6 B parameters x 16 bytes of weights, gradients and Adam states / 8 GPUs = 141 GB > 76 GiB
        // usable.
        QCOMPARE(result.smallestFitting, std::optional<std::size_t>(1));
        QVERIFY2(
            panel.statusText().startsWith(QStringLiteral("4 points in ")), qPrintable(panel.statusText()));
        QVERIFY2(panel.statusText().endsWith(QStringLiteral("; smallest cluster that fits: 16 GPUs")),
            qPrintable(panel.statusText()));
        QVERIFY(!panel.cancelButton()->isEnabled());
        QVERIFY(panel.exportButton()->isEnabled());
    }

    /// The best plan the panel and its view show at each point is the one a separate search ranks first.
    void shownBestPlansEqualSeparateSearches()
    {
        const SweepInputs in = inputs();
        SweepPanel panel;
        prepare(panel, in, QStringLiteral("8,16,32,64"));
        QSignalSpy finished(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        const SweepResult& shown = *panel.result();
        QCOMPARE(shown.points.size(), std::size_t(4));
        for (std::size_t i = 0; i < shown.points.size(); ++i) {
            const int gpus = 8 << i;
            PlanningProblem separate = in.problem;
            separate.cluster = ClusterSpec::make(h100(), gpus, 8);
            resolvePredictionBand(separate); // as plan and the window do: the band sets the tie groups
            const PlanningOutcome outcome = runPlanning(separate, in.strategy, in.weights, 1);
            const PlanSummary& first = outcome.search.candidates[outcome.order.front()];
            const SweepPoint& p = shown.points[i];
            const SweepPoint& drawn = *panel.view()->points()[i];
            QCOMPARE(p.gpus, gpus);
            QCOMPARE(p.candidateCount, outcome.search.candidates.size());
            QCOMPARE(p.feasibleCount, outcome.search.feasibleCount);
            QCOMPARE(p.fits(), first.feasible);
            QCOMPARE(drawn.fits(), first.feasible);
            if (!first.feasible) {
                QCOMPARE(p.reason, first.infeasibleReason.text());
                continue;
            }
            for (const SweepPoint* s : { &p, &drawn }) {
                QVERIFY(s->best.config == first.config);
                QCOMPARE(s->best.tokensPerSecond, first.tokensPerSecond);
                QCOMPARE(s->best.stepSeconds, first.stepSeconds);
                QCOMPARE(s->best.mfu, first.mfu);
                QCOMPARE(s->best.bubbleFraction, first.bubbleFraction);
                QCOMPARE(s->best.peakMemoryBytes, first.peakMemoryBytes);
                QCOMPARE(s->bestEstimate.time.stepSeconds, outcome.top.front().time.stepSeconds);
            }
            // The panel's problem for the point is the separate one (what the window would plan).
            const std::optional<PlanningProblem> again = panel.pointProblem(i);
            QVERIFY(again);
            QCOMPARE(again->cluster.totalGpus(), gpus);
        }
        // What the view plots is what was shown: one entry a point, the same metric.
        const std::vector<SweepPlotPoint> plotted = panel.view()->plotted(0);
        QCOMPARE(plotted.size(), shown.points.size());
        for (std::size_t i = 0; i < plotted.size(); ++i)
            if (shown.points[i].fits()) QCOMPARE(plotted[i].metric, shown.points[i].best.tokensPerSecond);
    }

    void cancelRightAwayGivesAnEmptyCancelledResult()
    {
        SweepPanel panel;
        prepare(panel, inputs(), QStringLiteral("8..512"));
        QSignalSpy finished(panel.worker(), &SweepWorker::finished);
        QVERIFY(panel.run());
        panel.cancel();
        QVERIFY(waitForFinish(panel, finished));
        QCOMPARE(finished.count(), 1);
        const SweepResult r = finished.at(0).at(0).value<SweepResult>();
        QVERIFY(r.cancelled);
        QVERIFY(r.points.size() < 7);
        QVERIFY2(
            panel.statusText().startsWith(QStringLiteral("Cancelled: ")), qPrintable(panel.statusText()));
    }

    void cancelMidSweepKeepsTheFinishedPoints()
    {
        // 64 GPU counts (8, 16, ..., 512), each a full search: cancelled as the first point arrives.
        QStringList many;
        for (int i = 1; i <= 64; ++i)
            many << QString::number(8 * i);
        SweepPanel panel;
        prepare(panel, inputs(), many.join(QLatin1Char(',')));
        QSignalSpy finished(panel.worker(), &SweepWorker::finished);
        const QMetaObject::Connection cancelling
            = connect(panel.worker(), &SweepWorker::pointFinished, &panel, [&panel] { panel.cancel(); });
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        const SweepResult r = finished.at(0).at(0).value<SweepResult>();
        QVERIFY(r.cancelled);
        QVERIFY2(r.points.size() >= 1 && r.points.size() < 64, qPrintable(QString::number(r.points.size())));
        QCOMPARE(panel.result()->points.size(), r.points.size());
        QCOMPARE(panel.view()->values().size(), r.points.size());
        QVERIFY(panel.statusText().contains(QStringLiteral(" of 64 points")));
        QVERIFY(!panel.isRunning());

        // Usable again.
        disconnect(cancelling);
        panel.setValuesText(QStringLiteral("16,32"));
        QSignalSpy again(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(again.wait(120000));
        QVERIFY(!panel.result()->cancelled);
        QCOMPARE(panel.result()->points.size(), std::size_t(2));
    }

    /// A second Run while one runs: only the second sweep's points and result are delivered and shown.
    void newerRunReplacesTheOlder()
    {
        // The older sweep: 32 GPU counts, multiples of 16; it runs for a while on its own, posting progress
        // and its first points, before the GUI thread gets to any of them.
        QStringList many;
        for (int i = 1; i <= 32; ++i)
            many << QString::number(16 * i);
        SweepPanel panel;
        prepare(panel, inputs("llama-3-8b"), many.join(QLatin1Char(',')));
        QSignalSpy progress(panel.worker(), &SweepWorker::progress);
        QSignalSpy points(panel.worker(), &SweepWorker::pointFinished);
        QSignalSpy finished(panel.worker(), &SweepWorker::finished);
        QVERIFY(panel.run());
        QTest::qSleep(400); // no event processing: what the older sweep sends waits in the queue
        panel.setValuesText(QStringLiteral("24,40"));
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        QTest::qWait(200); // anything stale would have arrived by now
        QCOMPARE(finished.count(), 1);
        const SweepResult r = finished.at(0).at(0).value<SweepResult>();
        QVERIFY(!r.cancelled);
        QCOMPARE(r.points.size(), std::size_t(2));
        QCOMPARE(r.points[0].value, 24);
        QCOMPARE(r.points[1].value, 40);
        QCOMPARE(points.count(), 2);
        QCOMPARE(points.at(0).at(1).value<SweepPoint>().value, 24);
        QCOMPARE(points.at(1).at(1).value<SweepPoint>().value, 40);
        QVERIFY(!progress.isEmpty());
        for (const QList<QVariant>& p : std::as_const(progress))
            QCOMPARE(p.at(2).toInt(), 2); // only the newer sweep's progress
        QCOMPARE(panel.view()->values(), std::vector<std::int64_t>({ 24, 40 }));
        QCOMPARE(panel.view()->finishedCount(), std::size_t(2));
    }

    void badValuesShowTheParseErrorAndRunNothing_data()
    {
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("message");
        QTest::newRow("backwards") << QStringLiteral("64..8") << QStringLiteral("runs backwards");
        QTest::newRow("not a number")
            << QStringLiteral("8,sixteen") << QStringLiteral("expected a positive integer");
        QTest::newRow("empty") << QString() << QStringLiteral("got nothing");
        QTest::newRow("twice") << QStringLiteral("8,16,8") << QStringLiteral("is given twice");
        QTest::newRow("zero") << QStringLiteral("0,8") << QStringLiteral("out of range");
        QTest::newRow("no power of two") << QStringLiteral("5..7") << QStringLiteral("holds no power of two");
        QTest::newRow("too many") << QStringLiteral("1..1099511627776") << QStringLiteral("out of range");
        QTest::newRow("range and list") << QStringLiteral("8..64,128") << QStringLiteral("do not mix");
    }
    void badValuesShowTheParseErrorAndRunNothing()
    {
        QFETCH(QString, values);
        QFETCH(QString, message);
        SweepPanel panel;
        panel.setInputs(inputs());
        panel.show();
        QSignalSpy started(panel.worker(), &SweepWorker::started);
        // Typed: the error shows as the text changes, before Run.
        panel.valuesEdit()->clear();
        QTest::keyClicks(panel.valuesEdit(), values);
        if (!values.isEmpty()) {
            QVERIFY2(panel.errorText().contains(message), qPrintable(panel.errorText()));
            QVERIFY(panel.errorLabel()->isVisible());
        }
        QVERIFY(!panel.run());
        QVERIFY2(panel.errorText().contains(message), qPrintable(panel.errorText()));
        QVERIFY(panel.errorText().startsWith(QStringLiteral("GPUs: ")));
        const QColor colour = panel.errorLabel()->palette().color(QPalette::WindowText);
        QVERIFY(colour.red() > 150 && colour.green() < 100 && colour.blue() < 100); // red
        QTest::qWait(20);
        QCOMPARE(started.count(), 0);
        QVERIFY(!panel.isRunning());
        QVERIFY(!panel.result());

        // Fixed: the error goes.
        panel.setValuesText(QStringLiteral("8,16"));
        QCOMPARE(panel.errorText(), QString());
        QVERIFY(!panel.errorLabel()->isVisible());
    }

    void withoutInputsRunSaysSo()
    {
        SweepPanel panel;
        QVERIFY(!panel.run());
        QVERIFY(panel.errorText().contains(QStringLiteral("Open a model first")));
        panel.setInputsProvider([] { return std::optional<SweepInputs>(); });
        QVERIFY(!panel.run());
        QVERIFY(!panel.isRunning());
    }

    /// A GPU count that is not whole nodes: its point carries the error; the sweep goes on.
    void pointErrorsAreShown()
    {
        SweepPanel panel;
        prepare(panel, inputs("llama-3-8b"), QStringLiteral("8,12,16"));
        QSignalSpy finished(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        const SweepResult& r = *panel.result();
        QCOMPARE(r.points.size(), std::size_t(3));
        QVERIFY(r.points[0].fits() && r.points[2].fits());
        QVERIFY(!r.points[1].fits());
        QVERIFY(QString::fromStdString(r.points[1].reason)
                    .contains(QStringLiteral("not a whole number of 8-GPU nodes")));
        const QSizeF size(1200, 800);
        const QString tip = panel.view()->toolTipAt(panel.view()->pointPosition(0, 1, size), size);
        QVERIFY2(tip.contains(QStringLiteral("not a whole number")), qPrintable(tip));
    }

    void exportWritesCoreFiles()
    {
        SweepInputs in = inputs("llama-3-8b");
        in.budget = TrainingBudget { 15e12, 2.5 };
        SweepPanel panel;
        prepare(panel, in, QStringLiteral("8,16"));
        QCOMPARE(panel.exportTo(QStringLiteral("/tmp/x.csv")).isEmpty(), false); // nothing yet
        QSignalSpy finished(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));

        SweepReport report;
        report.generator = "ShardScope " + QCoreApplication::applicationVersion().toStdString();
        report.base = &in.problem;
        report.strategy = in.strategy;
        report.weights = in.weights;
        report.budget = in.budget;
        report.result = panel.result();
        QTemporaryDir dir;
        for (const QString& name : { QStringLiteral("sweep.csv"), QStringLiteral("sweep.json") }) {
            const QString path = dir.filePath(name);
            QCOMPARE(panel.exportTo(path), QString());
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const std::string expected
                = name.endsWith(QLatin1String(".csv")) ? writeSweepCsv(report) : writeSweepJson(report);
            QCOMPARE(f.readAll().toStdString(), expected);
            QVERIFY(expected.find("gpu_hours") != std::string::npos); // the budget's columns are there
        }
        const QString wrong = panel.exportTo(dir.filePath(QStringLiteral("sweep.txt")));
        QVERIFY2(wrong.contains(QStringLiteral(".csv or .json")), qPrintable(wrong));
        const QString unwritable = panel.exportTo(dir.filePath(QStringLiteral("no/such/folder/sweep.csv")));
        QVERIFY2(unwritable.contains(QStringLiteral("sweep.csv")), qPrintable(unwritable));
    }

    void clickOnAPointActivatesIt()
    {
        SweepPanel panel;
        prepare(panel, inputs(), QStringLiteral("8..64"));
        panel.resize(1300, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy finished(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        QSignalSpy activated(&panel, &SweepPanel::pointActivated);
        SweepView* view = panel.view();
        QTest::mouseClick(view, Qt::LeftButton, {}, view->pointPosition(0, 2, view->size()).toPoint());
        QCOMPARE(activated.count(), 1);
        QVERIFY(activated.at(0).at(0).value<SweepAxis>() == SweepAxis::Gpus);
        QCOMPARE(activated.at(0).at(1).toLongLong(), 32);
        // The figure for the exports carries the inputs.
        const Figure figure = panel.figure();
        QVERIFY2(figure.subtitle.contains(QStringLiteral("llama-3-70b on H100-SXM, 8 a node")),
            qPrintable(figure.subtitle));
        QVERIFY(figure.subtitle.contains(QStringLiteral("seq 4,096"))
            || figure.subtitle.contains(QStringLiteral("seq 4096")));
    }

    void eachAxisKeepsItsValues()
    {
        SweepPanel panel;
        panel.setAxis(SweepAxis::Gpus);
        panel.setValuesText(QStringLiteral("16,32"));
        panel.setAxis(SweepAxis::SeqLength);
        QVERIFY(panel.axis() == SweepAxis::SeqLength);
        QVERIFY(panel.valuesText() != QStringLiteral("16,32"));
        panel.setValuesText(QStringLiteral("2048..8192"));
        panel.setAxis(SweepAxis::Gpus);
        QCOMPARE(panel.valuesText(), QStringLiteral("16,32"));
        panel.setAxis(SweepAxis::SeqLength);
        QCOMPARE(panel.valuesText(), QStringLiteral("2048..8192"));
    }

    /// A sequence-length sweep runs through the same path: its points carry the swept sequence length.
    void sequenceSweep()
    {
        SweepPanel panel;
        panel.setInputs(inputs("llama-3-8b"));
        panel.setThreads(2);
        panel.setAxis(SweepAxis::SeqLength);
        panel.setValuesText(QStringLiteral("2048,8192"));
        QSignalSpy finished(&panel, &SweepPanel::sweepFinished);
        QVERIFY(panel.run());
        QVERIFY(finished.wait(120000));
        const SweepResult& r = *panel.result();
        QVERIFY(r.axis == SweepAxis::SeqLength);
        QCOMPARE(r.points.size(), std::size_t(2));
        QCOMPARE(r.points[0].seqLength, 2048);
        QCOMPARE(r.points[1].seqLength, 8192);
        QCOMPARE(r.points[1].gpus, 8);
        QVERIFY(panel.statusText().contains(QStringLiteral("shortest sequence that fits: 2,048 tokens"))
            || panel.statusText().contains(QStringLiteral("shortest sequence that fits: 2048 tokens")));
    }
};

QTEST_MAIN(TestSweepPanel)
#include "tst_sweep_panel.moc"
