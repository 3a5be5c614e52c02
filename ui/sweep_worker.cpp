// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_worker.h"

#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <exception>

using namespace shardscope;

SweepWorker::SweepWorker(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<SweepAxis>();
    qRegisterMetaType<SweepPoint>();
    qRegisterMetaType<SweepResult>();
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &SweepWorker::done);
}

SweepWorker::~SweepWorker()
{
    if (m_cancel) m_cancel->store(true);
    // Every run posts to this object until it returns: wait for all of them, the replaced ones too.
    for (QFuture<Outcome>& f : m_futures)
        f.waitForFinished();
}

void SweepWorker::run(const SweepRequest& request)
{
    if (m_cancel) m_cancel->store(true); // the running sweep stops; whatever it still sends is stale
    m_futures.erase(std::remove_if(m_futures.begin(), m_futures.end(),
                        [](const QFuture<Outcome>& f) { return f.isFinished(); }),
        m_futures.end());
    const quint64 generation = ++m_generation;
    m_request = request;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = true;

    auto task = [this, request, generation, cancel = m_cancel]() -> Outcome {
        Outcome outcome;
        outcome.generation = generation;
        SweepOptions options;
        options.threads = request.threads;
        options.cancel = cancel.get();
        // Progress comes from the search threads at their own pace: post it only when the point or the
        // permille changes (a monotonic key), so the GUI thread gets at most ~1000 events a point.
        auto lastKey = std::make_shared<std::atomic<long long>>(-1);
        options.progress = [this, generation, cancel, lastKey](const SweepProgress& p) {
            const double fraction = p.fraction();
            const auto key = static_cast<long long>(p.point) * 2000 + static_cast<long long>(fraction * 1000);
            long long previous = lastKey->load();
            while (key > previous)
                if (lastKey->compare_exchange_weak(previous, key)) {
                    QMetaObject::invokeMethod(
                        this,
                        [this, generation, fraction, point = int(p.point), count = int(p.pointCount)] {
                            deliverProgress(generation, fraction, point, count);
                        },
                        Qt::QueuedConnection);
                    break;
                }
            return !cancel->load();
        };
        options.pointFinished = [this, generation](std::size_t index, const SweepPoint& point) {
            QMetaObject::invokeMethod(
                this,
                [this, generation, index = int(index), point] { deliverPoint(generation, index, point); },
                Qt::QueuedConnection);
        };
        try {
            outcome.result
                = runSweep(request.problem, request.spec, request.strategy, request.weights, options);
        } catch (const std::exception& e) { // InputError: the spec itself is unusable
            outcome.error = QString::fromStdString(e.what());
        }
        return outcome;
    };
    QFuture<Outcome> future = QtConcurrent::run(task);
    m_futures.push_back(future);
    m_watcher.setFuture(future); // the replaced run's finished() is no longer watched
    emit started(int(request.spec.values.size()));
}

void SweepWorker::cancel()
{
    if (m_running && m_cancel) m_cancel->store(true);
}

void SweepWorker::deliverProgress(quint64 generation, double fraction, int point, int pointCount)
{
    if (generation != m_generation || !m_running) return;
    emit progress(fraction, point, pointCount);
}

void SweepWorker::deliverPoint(quint64 generation, int index, const SweepPoint& point)
{
    if (generation != m_generation || !m_running) return;
    emit pointFinished(index, point);
}

void SweepWorker::done()
{
    const QFuture<Outcome> future = m_watcher.future();
    if (future.resultCount() == 0) return;
    const Outcome outcome = future.result();
    if (outcome.generation != m_generation || !m_running) return; // a newer run started meanwhile
    m_running = false;
    if (!outcome.error.isEmpty()) {
        emit failed(outcome.error);
        return;
    }
    emit finished(outcome.result);
}
