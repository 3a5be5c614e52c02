// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/cost/pipeline_schedule.*: the simulated GPipe, 1F1B and interleaved 1F1B schedules
// against the published bubble formulas (Narayanan et al. 2021: (p - 1) / m of the ideal time, and
// (p - 1) / (v m) with v chunks), dependency order, and in-flight micro-batches (1F1B keeps at
// most p, GPipe all m: Narayanan Sec. 2.2).
#include "cost/pipeline_schedule.h"

#include "cost/plan_estimate.h"
#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"

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
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, planTimeline(PlanEstimate {})); // rejected before partitioning
    }

    void planTimelineSplitsStageTimes()
    {
        // Hand-built plan: 3 stages, compute 30 ms, recompute 6 ms, TP 4 ms, PP 2 ms per micro-batch.
        PlanEstimate plan;
        plan.config.pp = 3;
        plan.config.schedule = Schedule::OneFOneB;
        plan.numMicroBatches = 6;
        for (int k = 0; k < 3; ++k) {
            StageEstimate st;
            st.stage = k;
            st.computeSeconds = 0.030;
            st.recomputeSeconds = 0.006;
            st.tpCommSeconds = 0.004;
            st.ppCommSeconds = 0.002;
            st.forwardSeconds = 0.013; // the evaluator's forward share: kernels, TP and half the PP sends
            plan.stages.push_back(st);
        }
        const PipelineTimeline t = planTimeline(plan);
        QCOMPARE(t.stages, 3);
        QCOMPARE(t.microBatches, 6);
        QCOMPARE(int(t.passes.size()), 3 * 6 * 2);
        // Forward 13 ms as given, backward the rest of the 42 ms micro-batch: 29 ms.
        const ScheduleSlot& f = *std::find_if(t.passes.begin(), t.passes.end(), [](const ScheduleSlot& s) { return s.forward; });
        const ScheduleSlot& b = *std::find_if(t.passes.begin(), t.passes.end(), [](const ScheduleSlot& s) { return !s.forward; });
        QVERIFY(std::abs((f.end - f.start) - 0.013) < 1e-12);
        QVERIFY(std::abs((b.end - b.start) - 0.029) < 1e-12);
        // Uniform stages: (m + p - 1) x 42 ms = 336 ms, bubble (p - 1) / (m + p - 1) = 2 / 8.
        QVERIFY(std::abs(t.makespan - 0.336) < 1e-12);
        QVERIFY(std::abs(t.bubbleFraction() - 0.25) < 1e-12);
    }

    void planTimelineAgreesWithTheEvaluator_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::newRow("1f1b pp4") << int(Schedule::OneFOneB) << 4 << 1;
        QTest::newRow("1f1b pp8") << int(Schedule::OneFOneB) << 8 << 1;
        QTest::newRow("gpipe pp4") << int(Schedule::GPipe) << 4 << 1;
        QTest::newRow("interleaved pp4 v2") << int(Schedule::Interleaved1F1B) << 4 << 2;
        QTest::newRow("interleaved pp8 v3") << int(Schedule::Interleaved1F1B) << 8 << 3;
    }

    void planTimelineAgreesWithTheEvaluator()
    {
        // GPT 48 x 8192 (Narayanan Table 1, 39B-class) on 64 A100s: the simulated step of the
        // evaluated plan has the evaluator's per-stage busy time and, within the few per cent the
        // embedding/head stages add, its closed-form pipeline time and bubble.
        QFETCH(int, schedule);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        const PlanningProblem problem = testing::megatronProblem(testing::megatronGpt(8192, 64, 48), 64, 512);
        const PlanEvaluator evaluator(problem);
        ParallelConfig c;
        c.tp = 8;
        c.pp = pp;
        c.dp = 64 / (8 * pp);
        c.vpp = vpp;
        c.schedule = Schedule(schedule);
        c.recompute = Recompute::Full;
        const PlanEstimate e = evaluator.evaluate(c);
        QVERIFY2(!e.stages.empty(), e.infeasibleReason.c_str());
        const PipelineTimeline t = planTimeline(e);
        QCOMPARE(t.stages, pp);
        QCOMPARE(t.microBatches, e.numMicroBatches);
        double slowest = 0;
        for (const StageEstimate& s : e.stages)
            slowest = std::max(slowest, e.numMicroBatches * s.microBatchSeconds());
        QVERIFY(std::abs(t.busySeconds - slowest) < 1e-9 * slowest);
        const double pipeline = e.time.stepSeconds - e.time.dpExposedSeconds;
        QVERIFY2(std::abs(t.makespan - pipeline) < 0.03 * pipeline,
                 qPrintable(QStringLiteral("simulated %1 s, closed form %2 s").arg(t.makespan).arg(pipeline)));
        QVERIFY2(std::abs(t.bubbleFraction() - e.bubbleFraction) < 0.03,
                 qPrintable(QStringLiteral("simulated %1, closed form %2").arg(t.bubbleFraction()).arg(e.bubbleFraction)));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSchedule)
#include "tst_pipeline_schedule.moc"
