// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "partition/strategy.h"
#include "partition/sweep.h"

#include <QFuture>
#include <QFutureWatcher>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <vector>

/// What to sweep: the base problem, the axis and its values, how to rank. Plain values, copied to the worker.
struct SweepRequest
{
    shardscope::PlanningProblem problem; ///< the base: each point sets the axis input (sweepPointProblem)
    shardscope::SweepSpec spec;
    shardscope::Strategy strategy = shardscope::Strategy::Exhaustive;
    shardscope::ScoreWeights weights;
    int threads = 0; ///< threads of each point's search; 0: one per hardware thread
};

Q_DECLARE_METATYPE(shardscope::SweepAxis)
Q_DECLARE_METATYPE(shardscope::SweepPoint)
Q_DECLARE_METATYPE(shardscope::SweepResult)

/**
 * Runs runSweep off the GUI thread (QtConcurrent, an atomic cancel flag per run). Progress, each point as it
 * is finished and the result come back by queued signal, tagged with the run's generation: run() while a
 * sweep runs cancels it, and nothing of a cancelled-and-replaced run is ever delivered (a stale point or
 * result is never shown). cancel() stops the current run; its finished() then carries the points finished so
 * far with cancelled set.
 */
class SweepWorker : public QObject
{
    Q_OBJECT
public:
    explicit SweepWorker(QObject* parent = nullptr);
    ~SweepWorker() override; ///< cancels and waits: no sweep outlives the worker

    /// Starts a sweep of `request` at once, cancelling (and dropping) the one running.
    void run(const SweepRequest& request);
    /// Stops the running sweep between candidates; finished() follows with the points done so far and
    /// `cancelled` set. Nothing happens when no sweep runs.
    void cancel();
    bool isBusy() const { return m_running; }
    quint64 generation() const { return m_generation; }
    /// The request of the newest run (also once it has finished).
    const SweepRequest& request() const { return m_request; }

signals:
    /// A sweep of `pointCount` points has started.
    void started(int pointCount);
    /// The whole sweep's progress in [0, 1]; point `point` (0-based) of `pointCount` is being searched.
    void progress(double fraction, int point, int pointCount);
    /// Point `index` (of the request's values) is finished; they come in ascending order.
    void pointFinished(int index, const shardscope::SweepPoint& point);
    /// The sweep is over: every point, or (cancelled) those finished before cancel().
    void finished(const shardscope::SweepResult& result);
    /// The request itself could not be swept (runSweep threw: no values, values not ascending, too many).
    void failed(const QString& message);

private:
    struct Outcome
    {
        quint64 generation = 0;
        shardscope::SweepResult result;
        QString error;
    };
    void done();
    void deliverProgress(quint64 generation, double fraction, int point, int pointCount);
    void deliverPoint(quint64 generation, int index, const shardscope::SweepPoint& point);

    QFutureWatcher<Outcome> m_watcher;
    std::vector<QFuture<Outcome>> m_futures; ///< every run not known to be over (replaced ones too)
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< the running sweep's flag
    SweepRequest m_request;
    quint64 m_generation = 0; ///< of the newest started run
    bool m_running = false; ///< the newest run has not delivered finished() or failed() yet
};
