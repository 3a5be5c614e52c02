// SPDX-License-Identifier: GPL-3.0-or-later
#include "planner_worker.h"

#include "util/input_error.h"

#include <QElapsedTimer>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

using namespace shardscope;

namespace {

constexpr int kProgressScale = 1000; // progress is reported in permille of the candidates

void runSearch(QPromise<PlanResult>& promise, const PlanRequest& request, quint64 generation,
               const std::shared_ptr<std::atomic<bool>>& stop)
{
    QElapsedTimer timer;
    timer.start();
    promise.setProgressRange(0, kProgressScale);
    PlanResult result;
    result.generation = generation;
    result.request = request;
    // Set by the worker when this search is cancelled or superseded: the search and the diagnosis' own
    // searches look at it between candidates.
    std::atomic<bool>& cancelled = *stop;
    SearchOptions options;
    options.cancel = &cancelled;
    options.progress = [&promise, &cancelled](std::size_t done, std::size_t total) {
        if (total > 0)
            promise.setProgressValue(int(double(done) / double(total) * kProgressScale));
        return !(cancelled || promise.isCanceled());
    };
    try {
        auto outcome = std::make_shared<PlanningOutcome>(
            runPlanning(request.problem, request.strategy, request.weights, request.topCount, options));
        if (promise.isCanceled() || outcome->search.cancelled)
            return; // no result: the caller has moved on
        // A dead end is explained here, off the GUI thread: the diagnosis may search again (relaxed pins,
        // larger clusters).
        result.findings = diagnoseOutcome(request.problem, *outcome, &cancelled);
        if (promise.isCanceled())
            return;
        result.outcome = std::move(outcome);
    } catch (const InputError& e) {
        result.error = QString::fromStdString(e.what());
    } catch (const std::exception& e) {
        result.error = QString::fromStdString(e.what());
    }
    result.elapsedMs = double(timer.nsecsElapsed()) / 1e6;
    promise.setProgressValue(kProgressScale);
    promise.addResult(std::move(result));
}

} // namespace

std::vector<Finding> diagnoseOutcome(const PlanningProblem& problem, const PlanningOutcome& outcome,
                                     const std::atomic<bool>* cancel)
{
    if (outcome.search.feasibleCount == 0) {
        DiagnosisOptions diagnosis;
        diagnosis.cancel = cancel;
        return diagnoseSearch(problem, outcome.search, diagnosis).findings;
    }
    if (std::optional<Finding> batch = batchDivisorFinding(problem))
        return { std::move(*batch) };
    return {};
}

PlannerWorker::PlannerWorker(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<PlanResult>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &PlannerWorker::start);
    connect(&m_watcher, &QFutureWatcher<PlanResult>::progressValueChanged, this,
            [this](int value) { emit progressChanged(value, kProgressScale); });
    connect(&m_watcher, &QFutureWatcher<PlanResult>::finished, this, &PlannerWorker::finished);
}

PlannerWorker::~PlannerWorker()
{
    m_debounce.stop();
    *m_stop = true;
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void PlannerWorker::requestPlan(const PlanRequest& request)
{
    m_pending = request;
    if (m_debounce.interval() == 0) {
        m_debounce.stop();
        start();
        return;
    }
    m_debounce.start();
}

void PlannerWorker::cancel()
{
    m_debounce.stop();
    ++m_generation; // whatever is running is stale from now on
    *m_stop = true;
    m_watcher.cancel();
}

void PlannerWorker::start()
{
    if (m_watcher.isRunning())
        m_watcher.cancel(); // its finished() still arrives, and is dropped as stale
    *m_stop = true; // the running search and its diagnosis stop at their next check
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    m_watcher.setFuture(QtConcurrent::run(runSearch, m_pending, generation, m_stop));
    emit searchStarted(generation); // after setFuture: a cancel() from a slot stops this search
}

void PlannerWorker::finished()
{
    const QFuture<PlanResult> future = m_watcher.future();
    if (future.isCanceled() || future.resultCount() == 0)
        return;
    const PlanResult result = future.result();
    if (result.generation != m_generation)
        return; // a newer request started meanwhile
    if (!result.error.isEmpty()) {
        emit planFailed(result.generation, result.error);
        return;
    }
    emit planReady(result);
}
