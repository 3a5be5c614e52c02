// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/planner_worker.*: debounced, cancellable searches off the GUI thread; only the newest
// request's result is ever delivered.
#include "planner_worker.h"

#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QSignalSpy>
#include <QtTest>

using namespace shardscope;

namespace {

PlanRequest request(const char* model, int gpus, double memoryWeight)
{
    PlanRequest r;
    r.problem.model = *findBundledModel(model);
    r.problem.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), gpus, 8);
    r.problem.training.seqLength = 4096;
    r.problem.training.globalBatch = 512;
    r.weights = ScoreWeights { memoryWeight, 0.5, 0.2 };
    r.topCount = 3;
    return r;
}

} // namespace

class TestPlannerWorker : public QObject
{
    Q_OBJECT
private slots:
    void deliversOnePlan()
    {
        PlannerWorker worker;
        worker.setDebounceInterval(0);
        QSignalSpy ready(&worker, &PlannerWorker::planReady);
        worker.requestPlan(request("llama-3-8b", 64, 0.3));
        QVERIFY(ready.wait(60000));
        const PlanResult r = ready.takeFirst().at(0).value<PlanResult>();
        QVERIFY(r.outcome);
        QVERIFY(r.outcome->search.feasibleCount > 0);
        QCOMPARE(int(r.outcome->top.size()), 3);
        QCOMPARE(r.request.problem.cluster.totalGpus(), 64);
        QVERIFY(r.error.isEmpty());
        QVERIFY(!worker.isBusy());
    }

    void rapidChangesGiveOneResultForTheLastRequest_data()
    {
        QTest::addColumn<int>("debounce");
        QTest::newRow("debounced: one search") << 150;
        QTest::newRow("no debounce: each request cancels the one before") << 0;
    }

    void rapidChangesGiveOneResultForTheLastRequest()
    {
        // 20 changes before the event loop runs again, as slider ticks arrive between two paints.
        QFETCH(int, debounce);
        PlannerWorker worker;
        worker.setDebounceInterval(debounce);
        QSignalSpy ready(&worker, &PlannerWorker::planReady);
        QSignalSpy started(&worker, &PlannerWorker::searchStarted);
        for (int i = 0; i < 20; ++i)
            worker.requestPlan(request(i % 2 ? "llama-3.1-405b" : "llama-3-70b", i % 2 ? 16384 : 256, 0.01 * (i + 1)));
        QVERIFY(ready.wait(120000));
        QTRY_VERIFY_WITH_TIMEOUT(!worker.isBusy(), 120000);
        QTest::qWait(100); // a stale result would have arrived by now
        QCOMPARE(ready.count(), 1);
        const PlanResult r = ready.at(0).at(0).value<PlanResult>();
        QCOMPARE(r.request.weights.memory, 0.20); // the 20th request
        QCOMPARE(r.request.problem.cluster.totalGpus(), 16384);
        QCOMPARE(r.generation, worker.generation());
        QCOMPARE(started.count(), debounce > 0 ? 1 : 20);
    }

    void cancellingMidSearchDeliversNothing()
    {
        PlannerWorker worker;
        worker.setDebounceInterval(0);
        QSignalSpy ready(&worker, &PlannerWorker::planReady);
        QSignalSpy failed(&worker, &PlannerWorker::planFailed);
        // Cancel right after the search started, from the GUI thread, as a user would.
        worker.requestPlan(request("llama-3.1-405b", 16384, 0.3));
        QVERIFY(worker.isBusy());
        worker.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!worker.isBusy(), 120000);
        QTest::qWait(100);
        QCOMPARE(ready.count(), 0);
        QCOMPARE(failed.count(), 0);

        // The worker is usable afterwards.
        worker.requestPlan(request("llama-3-8b", 64, 0.3));
        QVERIFY(ready.wait(60000));
        QCOMPARE(ready.count(), 1);
    }

    void guiThreadKeepsRunningDuringASearch()
    {
        PlannerWorker worker;
        worker.setDebounceInterval(0);
        QSignalSpy ready(&worker, &PlannerWorker::planReady);
        int ticks = 0;
        QTimer tick;
        tick.setInterval(2);
        connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
        tick.start();
        worker.requestPlan(request("llama-3.1-405b", 16384, 0.3));
        QVERIFY(ready.wait(120000));
        const double searchMs = ready.at(0).at(0).value<PlanResult>().elapsedMs;
        qInfo("search took %.1f ms; the GUI thread's 2 ms timer fired %d times meanwhile", searchMs, ticks);
        QVERIFY(ticks > 0); // the event loop ran while the search did
    }

    void invalidRequestReportsAnError()
    {
        PlannerWorker worker;
        worker.setDebounceInterval(0);
        QSignalSpy ready(&worker, &PlannerWorker::planReady);
        QSignalSpy failed(&worker, &PlannerWorker::planFailed);
        PlanRequest r = request("llama-3-8b", 64, 0.3);
        r.problem.training.seqLength = 0;
        worker.requestPlan(r);
        QVERIFY(failed.wait(60000));
        QCOMPARE(ready.count(), 0);
        QVERIFY2(failed.at(0).at(1).toString().contains(QStringLiteral("seq")), qPrintable(failed.at(0).at(1).toString()));
    }
};

QTEST_MAIN(TestPlannerWorker)
#include "tst_planner_worker.moc"
