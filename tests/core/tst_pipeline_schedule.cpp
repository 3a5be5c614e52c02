// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/cost/pipeline_schedule.*: the simulated GPipe, 1F1B and interleaved 1F1B schedules
// against the published bubble formulas (Narayanan et al. 2021: (p - 1) / m of the ideal time, and
// (p - 1) / (v m) with v chunks), dependency order, and in-flight micro-batches (1F1B keeps at
// most p, GPipe all m: Narayanan Sec. 2.2).
#include "cost/pipeline_schedule.h"

#include <QtTest>

#include <map>
#include <set>
#include <tuple>

using namespace shardscope;

namespace {

PipelineTimeline uniform(Schedule s, int p, int m, int v, double f, double b)
{
    return simulatePipeline(s, m, v, std::vector<double>(std::size_t(p), f), std::vector<double>(std::size_t(p), b));
}

// The largest number of micro-batches whose forward has run on `stage` but whose backward has not.
int peakInFlight(const PipelineTimeline& t, int stage)
{
    int inFlight = 0;
    int peak = 0;
    for (const ScheduleSlot& s : t.passes) {
        if (s.stage != stage)
            continue;
        inFlight += s.forward ? 1 : -1;
        peak = std::max(peak, inFlight);
    }
    return peak / std::max(t.chunks, 1) + (peak % std::max(t.chunks, 1) ? 1 : 0);
}

} // namespace

class TestPipelineSchedule : public QObject
{
    Q_OBJECT
private slots:
    void publishedBubble_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("v");
        QTest::addColumn<double>("f");
        QTest::addColumn<double>("b");
        for (int p : { 1, 2, 4, 8 })
            for (int m : { 1, 4, 8, 32 }) {
                QTest::addRow("GPipe p%d m%d", p, m) << int(Schedule::GPipe) << p << m << 1 << 1.0 << 2.0;
                QTest::addRow("1F1B p%d m%d", p, m) << int(Schedule::OneFOneB) << p << m << 1 << 1.0 << 2.0;
            }
        for (int p : { 2, 4, 8 })
            for (int v : { 2, 3, 4 })
                for (int groups : { 1, 2, 4 })
                    QTest::addRow("interleaved p%d v%d m%d", p, v, p * groups)
                        << int(Schedule::Interleaved1F1B) << p << p * groups << v << 1.0 << 1.0;
    }

    void publishedBubble()
    {
        QFETCH(int, schedule);
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(int, v);
        QFETCH(double, f);
        QFETCH(double, b);
        const PipelineTimeline t = uniform(Schedule(schedule), p, m, v, f, b);
        const double ideal = m * (f + b);
        QCOMPARE(t.busySeconds, ideal);
        // Bubble time over ideal time: (p - 1) / m, and (p - 1) / (v m) interleaved.
        const double expected = Schedule(schedule) == Schedule::Interleaved1F1B ? double(p - 1) / (v * m) : double(p - 1) / m;
        QVERIFY2(std::abs((t.makespan - ideal) / ideal - expected) < 1e-12,
                 qPrintable(QStringLiteral("makespan %1, ideal %2").arg(t.makespan).arg(ideal)));
        QVERIFY(std::abs(t.bubbleFraction() - (t.makespan - ideal) / t.makespan) < 1e-12);
    }

    void everyPassOnceInDependencyOrder_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::newRow("GPipe") << int(Schedule::GPipe) << 1;
        QTest::newRow("1F1B") << int(Schedule::OneFOneB) << 1;
        QTest::newRow("interleaved") << int(Schedule::Interleaved1F1B) << 3;
    }

    void everyPassOnceInDependencyOrder()
    {
        QFETCH(int, schedule);
        QFETCH(int, v);
        const int p = 4;
        const int m = 8;
        // Uneven stages and a hop time: dependencies, not symmetry, must hold the order together.
        const PipelineTimeline t = simulatePipeline(Schedule(schedule), m, v, { 1.0, 1.5, 0.7, 1.2 }, { 2.0, 2.6, 1.5, 2.2 }, 0.05);
        QCOMPARE(int(t.passes.size()), 2 * p * m * v);
        std::map<std::tuple<int, int, int, bool>, ScheduleSlot> byKey;
        for (const ScheduleSlot& s : t.passes)
            QVERIFY(byKey.emplace(std::make_tuple(s.stage, s.microBatch, s.chunk, s.forward), s).second);
        // A stage runs one pass at a time.
        std::map<int, double> stageFree;
        for (const ScheduleSlot& s : t.passes) {
            QVERIFY(s.start >= stageFree[s.stage] - 1e-12);
            stageFree[s.stage] = s.end;
        }
        // Forward of virtual stage k + 1 after forward of k (plus the hop); backward the other way.
        for (const auto& [key, s] : byKey) {
            const auto [stage, mb, chunk, forward] = key;
            const int vs = chunk * p + stage;
            if (forward && vs > 0) {
                const int prev = vs - 1;
                QVERIFY(s.start >= byKey.at({ prev % p, mb, prev / p, true }).end + 0.05 - 1e-12);
            }
            if (!forward) {
                if (vs == p * v - 1)
                    QVERIFY(s.start >= byKey.at({ stage, mb, chunk, true }).end - 1e-12);
                else
                    QVERIFY(s.start >= byKey.at({ (vs + 1) % p, mb, (vs + 1) / p, false }).end + 0.05 - 1e-12);
            }
        }
    }

    void inFlightMicroBatches()
    {
        // 1F1B bounds the activations kept on the first stage to p micro-batches; GPipe keeps all m.
        QCOMPARE(peakInFlight(uniform(Schedule::OneFOneB, 4, 16, 1, 1, 2), 0), 4);
        QCOMPARE(peakInFlight(uniform(Schedule::OneFOneB, 4, 16, 1, 1, 2), 3), 1);
        QCOMPARE(peakInFlight(uniform(Schedule::GPipe, 4, 16, 1, 1, 2), 0), 16);
    }

    void rejectsWhatItCannotSchedule()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniform(Schedule::Interleaved1F1B, 4, 6, 2, 1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniform(Schedule::OneFOneB, 4, 0, 1, 1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePipeline(Schedule::GPipe, 4, 1, { 1.0 }, { 1.0, 2.0 }));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSchedule)
#include "tst_pipeline_schedule.moc"
