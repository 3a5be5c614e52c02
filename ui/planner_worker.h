// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "partition/planner.h"
#include "partition/search_diagnosis.h"
#include "partition/strategy.h"

#include <QFutureWatcher>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <memory>

/// What to plan: the problem and how to rank it. Plain values, copied to the worker thread.
struct PlanRequest
{
    shardscope::PlanningProblem problem;
    shardscope::Strategy strategy = shardscope::Strategy::Exhaustive;
    shardscope::ScoreWeights weights;
    int topCount = 10; ///< plans evaluated in full (stages, per-device memory)
};

/// A finished search for one request. `outcome` is shared, never copied: it can hold 100,000s of
/// candidates. It is handed over to the receiver, which may re-rank it in place (MainWindow does).
struct PlanResult
{
    quint64 generation = 0;
    PlanRequest request;
    std::shared_ptr<shardscope::PlanningOutcome> outcome;
    double elapsedMs = 0;
    QString error; ///< non-empty when the problem was invalid (the message names the input)
    /// Why the search came to a dead end when nothing passes the rules or fits (the rule with its numbers, the
    /// closest plan's memory, pins that would work, the smallest cluster that fits), and warnings that hold
    /// whatever the outcome (a global batch whose divisors rule out DP degrees). Computed on the worker.
    std::vector<shardscope::Finding> findings;
};
Q_DECLARE_METATYPE(PlanResult)

/// PlanResult::findings for a finished search: diagnoseSearch when nothing fits (it may search again, relaxing
/// pins and trying larger clusters; `cancel` stops it), else the global batch's limits on DP.
std::vector<shardscope::Finding> diagnoseOutcome(const shardscope::PlanningProblem& problem,
                                                 const shardscope::PlanningOutcome& outcome,
                                                 const std::atomic<bool>* cancel = nullptr);

/**
 * Runs the plan search off the GUI thread (QtConcurrent + QPromise). requestPlan() may be called
 * at every slider tick: requests are debounced, a newer request cancels the running search, and
 * a result is delivered only when it belongs to the newest request, so a stale plan is never shown.
 */
class PlannerWorker : public QObject
{
    Q_OBJECT
public:
    explicit PlannerWorker(QObject* parent = nullptr);
    ~PlannerWorker() override; ///< cancels and waits: no search outlives the worker

    /// Debounce before a request starts (default 150 ms; 0 starts each request at once, cancelling the running one).
    void setDebounceInterval(int milliseconds) { m_debounce.setInterval(milliseconds); }
    int debounceInterval() const { return m_debounce.interval(); }

    /// Schedules a search for `request`, replacing any request not yet started.
    void requestPlan(const PlanRequest& request);
    /// Drops the pending request and cancels the running search; nothing is delivered for either.
    void cancel();
    bool isBusy() const { return m_debounce.isActive() || m_watcher.isRunning(); }
    quint64 generation() const { return m_generation; }

signals:
    void searchStarted(quint64 generation);
    void progressChanged(int done, int total);
    void planReady(const PlanResult& result);
    /// The search for the newest request failed because the request was invalid.
    void planFailed(quint64 generation, const QString& message);

private:
    void start();
    void finished();

    QTimer m_debounce;
    QFutureWatcher<PlanResult> m_watcher;
    PlanRequest m_pending;
    quint64 m_generation = 0; ///< of the newest started search
    /// The running search's stop flag (its diagnosis searches too); a fresh one per search.
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
};
