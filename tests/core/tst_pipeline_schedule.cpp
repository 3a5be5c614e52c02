// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/cost/pipeline_schedule.*: the simulated GPipe, 1F1B and interleaved 1F1B schedules
// against the published bubble formulas (Narayanan et al. 2021: (p - 1) / m of the ideal time, and
// (p - 1) / (v m) with v chunks), the zero-bubble schedules against Qi et al. 2024 (arXiv 2401.10241:
// ZB-H1's bubble (p - 1)(F + B - W), ZBV's V placement and 1F1B's peak), dependency order, in-flight
// micro-batches against the memory model and the size rules. The step model's pipelineSeconds, the
// long-pipeline shortcut and planTimeline of a plan: tst_pipeline_step_model.cpp.
#include "cost/pipeline_schedule.h"

#include "cost/memory_model.h"
#include "cost/plan_estimate.h"

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

// Equal stages with forward F, input gradient B and weight gradient W per micro-batch (whole stage).
PipelineTimeline uniformSplit(Schedule s, int p, int m, int v, double f, double b, double w)
{
    StagePassSeconds st;
    st.forwardSeconds = f;
    st.backwardSeconds = b + w;
    st.weightGradSeconds = w;
    return simulatePipeline(s, m, v, std::vector<StagePassSeconds>(std::size_t(p), st));
}

// The largest number of chunk-micro-batches `stage` holds: forward run, last backward pass not yet
// (the weight gradient in zero-bubble schedules, the backward otherwise).
int peakChunksInFlight(const PipelineTimeline& t, int stage)
{
    const PassKind releases = isZeroBubble(t.schedule) ? PassKind::WeightGrad : PassKind::Backward;
    int inFlight = 0;
    int peak = 0;
    for (const ScheduleSlot& s : t.passes) {
        if (s.stage != stage)
            continue;
        inFlight += s.pass == PassKind::Forward ? 1 : s.pass == releases ? -1 : 0;
        peak = std::max(peak, inFlight);
    }
    return peak;
}

// Micro-batches (whole) whose activations `stage` holds at its peak.
int peakInFlight(const PipelineTimeline& t, int stage)
{
    const int peak = peakChunksInFlight(t, stage);
    return peak / std::max(t.chunks, 1) + (peak % std::max(t.chunks, 1) ? 1 : 0);
}

// Virtual stage of (stage, chunk), written out here rather than taken from the code under test: loop
// placement chunk x p + stage; ZBV's V (torch generate_stage_to_rank_mapping style "v").
int virtualStage(Schedule s, int p, int stage, int chunk)
{
    if (s == Schedule::ZeroBubbleV)
        return chunk == 0 ? stage : 2 * p - 1 - stage;
    return chunk * p + stage;
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

    void zeroBubbleH1Bubble_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("f");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("w");
        // Qi et al. 2024 Sec. 2.1 (equal stages, m >= p, W no longer than F or B): 1F1B idles (p - 1)(F + B + W),
        // ZB-H1 (p - 1)(F + B - W): the deferred W passes fill the cooldown and B alone travels back up.
        QTest::newRow("paper F=B=W, p4 m8") << 4 << 8 << 1.0 << 1.0 << 1.0;
        QTest::newRow("p4 m4") << 4 << 4 << 1.0 << 1.0 << 1.0;
        QTest::newRow("B > W, p4 m8") << 4 << 8 << 1.0 << 2.0 << 1.0;
        QTest::newRow("small W, p8 m16") << 8 << 16 << 1.0 << 1.2 << 0.5;
        QTest::newRow("p2 m5") << 2 << 5 << 0.9 << 1.1 << 0.7;
        QTest::newRow("no W: 1F1B's bubble") << 4 << 8 << 1.0 << 2.0 << 0.0;
        // A W longer than F or B cannot fill that much: the chain of forwards down the stages, (p - 1) F, or of
        // input gradients back up, (p - 1) B, stays exposed. The bubble is (p - 1) max(F, B, F + B - W), a form
        // found by brute-force simulation over random times (not from the paper), pinned here.
        QTest::newRow("W > F") << 2 << 5 << 0.7 << 1.1 << 0.9;
        QTest::newRow("W > B") << 4 << 8 << 1.0 << 0.5 << 1.5;
    }

    void zeroBubbleH1Bubble()
    {
        QFETCH(int, p);
        QFETCH(int, m);
        QFETCH(double, f);
        QFETCH(double, b);
        QFETCH(double, w);
        const PipelineTimeline zb = uniformSplit(Schedule::ZeroBubbleH1, p, m, 1, f, b, w);
        QVERIFY(std::abs(zb.busySeconds - m * (f + b + w)) < 1e-12);
        QVERIFY2(std::abs(zb.makespan - (m * (f + b + w) + (p - 1) * std::max({ f, b, f + b - w }))) < 1e-9,
                 qPrintable(QStringLiteral("ZB-H1 makespan %1").arg(zb.makespan)));
        // 1F1B with the same work runs B and W as one pass: (m + p - 1)(F + B + W).
        const PipelineTimeline ofob = uniform(Schedule::OneFOneB, p, m, 1, f, b + w);
        QVERIFY(std::abs(ofob.makespan - (m + p - 1) * (f + b + w)) < 1e-9);
    }

    void zeroBubbleH1DefersWeightGradients()
    {
        // p 4, m 8, F = B = W = 1: ZB-H1 ends at 8 x 3 + 3 x (1 + 1 - 1) = 27. Running each W right after
        // its B (no deferral) would end at 8 x 3 + 3 x (1 + 1) = 30: the cooldown stays idle.
        const PipelineTimeline t = uniformSplit(Schedule::ZeroBubbleH1, 4, 8, 1, 1, 1, 1);
        QCOMPARE(t.makespan, 27.0);
        // Stage s runs s + 1 input gradients before its first weight gradient (1F1B's memory: the first
        // stage holds p micro-batches, stage s holds p - s activations plus s deferred W).
        for (int s = 0; s < 4; ++s) {
            int backwardsBeforeW = 0;
            for (const ScheduleSlot& slot : t.passes) {
                if (slot.stage != s)
                    continue;
                if (slot.pass == PassKind::WeightGrad)
                    break;
                backwardsBeforeW += slot.pass == PassKind::Backward ? 1 : 0;
            }
            QCOMPARE(backwardsBeforeW, s + 1);
        }
    }

    void zbvPlacementAndTiming()
    {
        // ZBV, p 4, m 8, F = B = W = 1 per stage (each of the 2 chunks half of it). The last device cannot
        // start before 3 half-forwards (1.5) and then, with equal times, never idles (the zero-bubble
        // property torch's ScheduleZBVZeroBubble documents): 1.5 + 8 x 3 = 25.5.
        const PipelineTimeline t = uniformSplit(Schedule::ZeroBubbleV, 4, 8, 2, 1, 1, 1);
        QCOMPARE(t.chunks, 2);
        QCOMPARE(t.makespan, 25.5);
        QCOMPARE(t.busySeconds, 24.0);
        // V placement: the last virtual stage (7) is chunk 1 of device 0, so the first input gradient of
        // the step runs there, right after that chunk's first forward.
        double earliest = 1e300;
        const ScheduleSlot* first = nullptr;
        for (const ScheduleSlot& s : t.passes)
            if (s.pass == PassKind::Backward && s.start < earliest) {
                earliest = s.start;
                first = &s;
            }
        QVERIFY(first);
        QCOMPARE(first->stage, 0);
        QCOMPARE(first->chunk, 1);
        QCOMPARE(first->microBatch, 0);
        // 8 forward halves down the V before it: 4.0.
        QCOMPARE(first->start, 4.0);
        QCOMPARE(virtualStageOf(Schedule::ZeroBubbleV, 4, 0, 1), 7);
        QCOMPARE(virtualStageOf(Schedule::ZeroBubbleV, 4, 3, 1), 4);
        QCOMPARE(virtualStageOf(Schedule::InterleavedZeroBubble, 4, 3, 1), 7);
        for (int vs = 0; vs < 8; ++vs) {
            const auto [stage, chunk] = stageAndChunkOf(Schedule::ZeroBubbleV, 4, vs);
            QCOMPARE(virtualStage(Schedule::ZeroBubbleV, 4, stage, chunk), vs);
        }
    }

    void interleavedZeroBubbleTiming()
    {
        // p 4, m 8, 2 chunks, F = B = W = 1: the last stage waits (p - 1) F / v = 1.5 for its first forward
        // and, with equal times, never again; interleaved 1F1B idles (p - 1)(F + B + W) / v = 4.5.
        QCOMPARE(uniformSplit(Schedule::InterleavedZeroBubble, 4, 8, 2, 1, 1, 1).makespan, 25.5);
        QCOMPARE(uniform(Schedule::Interleaved1F1B, 4, 8, 2, 1, 2).makespan, 28.5);
    }

    void everyPassOnceInDependencyOrder_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("m");
        QTest::newRow("GPipe") << int(Schedule::GPipe) << 1 << 8;
        QTest::newRow("1F1B") << int(Schedule::OneFOneB) << 1 << 8;
        QTest::newRow("interleaved") << int(Schedule::Interleaved1F1B) << 3 << 8;
        QTest::newRow("zb-h1") << int(Schedule::ZeroBubbleH1) << 1 << 8;
        QTest::newRow("zb-h1 m < p") << int(Schedule::ZeroBubbleH1) << 1 << 3;
        QTest::newRow("interleaved-zb") << int(Schedule::InterleavedZeroBubble) << 3 << 8;
        QTest::newRow("interleaved-zb rounds of 5") << int(Schedule::InterleavedZeroBubble) << 2 << 10;
        QTest::newRow("zbv") << int(Schedule::ZeroBubbleV) << 2 << 8;
        QTest::newRow("zbv m < 2p - 1") << int(Schedule::ZeroBubbleV) << 2 << 3;
    }

    void everyPassOnceInDependencyOrder()
    {
        QFETCH(int, schedule);
        QFETCH(int, v);
        QFETCH(int, m);
        const Schedule sched = Schedule(schedule);
        const int p = 4;
        // Uneven stages, uneven chunks and a hop time: dependencies, not symmetry, must hold the order together.
        std::vector<StagePassSeconds> stages;
        const double forward[] = { 1.0, 1.5, 0.7, 1.2 }, backward[] = { 2.0, 2.6, 1.5, 2.2 };
        for (int s = 0; s < p; ++s) {
            StagePassSeconds st { forward[s], backward[s], 0.4 * backward[s], {} };
            if (v > 1)
                for (int c = 0; c < v; ++c)
                    st.chunkShares.push_back(double(c + 1 + s % 2) / (v * (v + 1) / 2.0 + v * (s % 2)));
            stages.push_back(st);
        }
        const PipelineTimeline t = simulatePipeline(sched, m, v, stages, 0.05);
        const bool split = isZeroBubble(sched);
        QCOMPARE(int(t.passes.size()), (split ? 3 : 2) * p * m * v);
        std::map<std::tuple<int, int, int, int>, ScheduleSlot> byKey;
        for (const ScheduleSlot& s : t.passes) {
            QVERIFY(split || s.pass != PassKind::WeightGrad);
            QVERIFY(byKey.emplace(std::make_tuple(s.stage, s.microBatch, s.chunk, int(s.pass)), s).second);
            // Each pass lasts its chunk's share of its stage's time.
            const StagePassSeconds& st = stages[std::size_t(s.stage)];
            const double share = st.chunkShares.empty() ? 1.0 : st.chunkShares[std::size_t(s.chunk)];
            const double expected = s.pass == PassKind::Forward ? st.forwardSeconds
                : s.pass == PassKind::WeightGrad              ? st.weightGradSeconds
                : split                                        ? st.backwardSeconds - st.weightGradSeconds
                                                               : st.backwardSeconds;
            QVERIFY(std::abs((s.end - s.start) - expected * share) < 1e-12);
        }
        // A stage runs one pass at a time.
        std::map<int, double> stageFree;
        for (const ScheduleSlot& s : t.passes) {
            QVERIFY(s.start >= stageFree[s.stage] - 1e-12);
            stageFree[s.stage] = s.end;
        }
        // Where each virtual stage runs.
        std::map<int, std::pair<int, int>> placed;
        for (int s = 0; s < p; ++s)
            for (int c = 0; c < v; ++c)
                placed[virtualStage(sched, p, s, c)] = { s, c };
        QCOMPARE(int(placed.size()), p * v);
        const auto at = [&](int vs, int mb, PassKind k) -> const ScheduleSlot& {
            return byKey.at({ placed.at(vs).first, mb, placed.at(vs).second, int(k) });
        };
        // Forward of virtual stage k + 1 after forward of k (plus the hop between stages); input gradients the
        // other way; W after its own B.
        const auto hop = [&](int vs, int other) { return placed.at(vs).first != placed.at(other).first ? 0.05 : 0.0; };
        for (const auto& [key, s] : byKey) {
            const auto [stage, mb, chunk, pass] = key;
            const int vs = virtualStage(sched, p, stage, chunk);
            if (PassKind(pass) == PassKind::Forward && vs > 0)
                QVERIFY(s.start >= at(vs - 1, mb, PassKind::Forward).end + hop(vs, vs - 1) - 1e-12);
            if (PassKind(pass) == PassKind::Backward) {
                if (vs == p * v - 1)
                    QVERIFY(s.start >= at(vs, mb, PassKind::Forward).end - 1e-12);
                else
                    QVERIFY(s.start >= at(vs + 1, mb, PassKind::Backward).end + hop(vs, vs + 1) - 1e-12);
            }
            if (PassKind(pass) == PassKind::WeightGrad)
                QVERIFY(s.start >= at(vs, mb, PassKind::Backward).end - 1e-12);
        }
    }

    void inFlightMicroBatches()
    {
        // 1F1B bounds the activations kept on the first stage to p micro-batches; GPipe keeps all m.
        QCOMPARE(peakInFlight(uniform(Schedule::OneFOneB, 4, 16, 1, 1, 2), 0), 4);
        QCOMPARE(peakInFlight(uniform(Schedule::OneFOneB, 4, 16, 1, 1, 2), 3), 1);
        QCOMPARE(peakInFlight(uniform(Schedule::GPipe, 4, 16, 1, 1, 2), 0), 16);
        // ZB-H1 keeps 1F1B's first-stage peak on every stage (activations until W); ZBV p micro-batches on
        // every device, like 1F1B's first stage (Qi et al. Sec. 6).
        for (int s = 0; s < 4; ++s) {
            QCOMPARE(peakInFlight(uniformSplit(Schedule::ZeroBubbleH1, 4, 16, 1, 1, 1, 1), s), 4);
            QCOMPARE(peakInFlight(uniformSplit(Schedule::ZeroBubbleV, 4, 16, 2, 1, 1, 1), s), 4);
        }
    }

    void memoryModelCountsTheSimulatedPeak_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::newRow("GPipe") << int(Schedule::GPipe) << 1;
        QTest::newRow("1F1B") << int(Schedule::OneFOneB) << 1;
        QTest::newRow("interleaved v2") << int(Schedule::Interleaved1F1B) << 2;
        QTest::newRow("interleaved v3") << int(Schedule::Interleaved1F1B) << 3;
        QTest::newRow("zb-h1") << int(Schedule::ZeroBubbleH1) << 1;
        QTest::newRow("interleaved-zb v2") << int(Schedule::InterleavedZeroBubble) << 2;
        QTest::newRow("interleaved-zb v3") << int(Schedule::InterleavedZeroBubble) << 3;
        QTest::newRow("zbv") << int(Schedule::ZeroBubbleV) << 2;
    }

    void memoryModelCountsTheSimulatedPeak()
    {
        // inFlightMicroBatches (memory_model) in chunk-micro-batches is the peak of the simulated order,
        // for every stage and every size the schedule accepts.
        QFETCH(int, schedule);
        QFETCH(int, v);
        const Schedule sched = Schedule(schedule);
        int checked = 0;
        for (int p = 2; p <= 6; ++p)
            for (int m = 1; m <= 3 * p + 1; ++m) {
                if (!scheduleProblem(sched, p, v, m).empty())
                    continue;
                const PipelineTimeline t = uniformSplit(sched, p, m, v, 1.0, 1.3, 0.7);
                for (int s = 0; s < p; ++s) {
                    const double model = shardscope::inFlightMicroBatches(sched, p, s, m, v) * v;
                    QVERIFY2(std::abs(model - peakChunksInFlight(t, s)) < 1e-9,
                             qPrintable(QStringLiteral("p %1 m %2 stage %3: model %4, simulated %5")
                                            .arg(p).arg(m).arg(s).arg(model).arg(peakChunksInFlight(t, s))));
                    ++checked;
                }
            }
        QVERIFY(checked > 20);
    }

    void sizeRules_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<int>("m");
        QTest::addColumn<QString>("reason"); // empty: accepted
        const int gpipe = int(Schedule::GPipe), ofob = int(Schedule::OneFOneB), il = int(Schedule::Interleaved1F1B),
                  h1 = int(Schedule::ZeroBubbleH1), izb = int(Schedule::InterleavedZeroBubble), zbv = int(Schedule::ZeroBubbleV);
        QTest::newRow("1f1b without PP") << ofob << 1 << 1 << 4 << QString();
        QTest::newRow("gpipe") << gpipe << 4 << 1 << 3 << QString();
        QTest::newRow("no micro-batches") << ofob << 4 << 1 << 0 << QStringLiteral("at least 1");
        QTest::newRow("1f1b with chunks") << ofob << 4 << 2 << 8 << QStringLiteral("need the interleaved schedule or a zero-bubble one with chunks");
        QTest::newRow("interleaved PP 1") << il << 1 << 2 << 8 << QStringLiteral("PP >= 2");
        QTest::newRow("interleaved vpp 1") << il << 4 << 1 << 8 << QStringLiteral("at least 2 model chunks");
        QTest::newRow("interleaved m % p") << il << 4 << 2 << 6 << QStringLiteral("divisible by PP 4");
        QTest::newRow("interleaved") << il << 4 << 2 << 8 << QString();
        QTest::newRow("zb-h1 PP 1") << h1 << 1 << 1 << 8 << QStringLiteral("PP >= 2");
        QTest::newRow("zb-h1 with chunks") << h1 << 4 << 2 << 8 << QStringLiteral("one model chunk per stage");
        QTest::newRow("zb-h1 m < p") << h1 << 4 << 1 << 3 << QString();
        QTest::newRow("interleaved-zb vpp 1") << izb << 4 << 1 << 8 << QStringLiteral("at least 2 model chunks");
        QTest::newRow("interleaved-zb PP 1") << izb << 1 << 2 << 8 << QStringLiteral("PP >= 2");
        // torch: rounds = max(1, m // pp) must divide m.
        QTest::newRow("interleaved-zb 10 over 4") << izb << 4 << 2 << 10 << QString();
        QTest::newRow("interleaved-zb 9 over 4") << izb << 4 << 2 << 9 << QStringLiteral("rounds, max(1, micro-batches / PP) = 2");
        QTest::newRow("interleaved-zb 3 over 4") << izb << 4 << 3 << 3 << QString();
        QTest::newRow("zbv vpp 3") << zbv << 4 << 3 << 8 << QStringLiteral("exactly 2 model chunks");
        QTest::newRow("zbv vpp 1") << zbv << 4 << 1 << 8 << QStringLiteral("exactly 2 model chunks");
        QTest::newRow("zbv PP 1") << zbv << 1 << 2 << 8 << QStringLiteral("PP >= 2");
        QTest::newRow("zbv few micro-batches") << zbv << 4 << 2 << 3 << QString();
    }

    void sizeRules()
    {
        QFETCH(int, schedule);
        QFETCH(int, pp);
        QFETCH(int, vpp);
        QFETCH(int, m);
        QFETCH(QString, reason);
        const std::string problem = scheduleProblem(Schedule(schedule), pp, vpp, m);
        if (reason.isEmpty()) {
            QVERIFY2(problem.empty(), problem.c_str());
            QVERIFY(!uniformSplit(Schedule(schedule), pp, m, vpp, 1, 1, 0.5).passes.empty());
        } else {
            QVERIFY2(QString::fromStdString(problem).contains(reason), problem.c_str());
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniformSplit(Schedule(schedule), pp, m, vpp, 1, 1, 0.5));
        }
    }

    void everyAcceptedSizeRuns()
    {
        // Brute force: whatever scheduleProblem accepts, the simulation schedules without deadlock
        // (it throws std::logic_error on one) and runs every pass once.
        for (int s = 0; s <= int(Schedule::ZeroBubbleV); ++s)
            for (int p = 1; p <= 6; ++p)
                for (int v = 1; v <= 4; ++v)
                    for (int m = 1; m <= 20; ++m) {
                        if (!scheduleProblem(Schedule(s), p, v, m).empty())
                            continue;
                        const PipelineTimeline t = uniformSplit(Schedule(s), p, m, v, 1.0, 1.2, 0.6);
                        QCOMPARE(int(t.passes.size()), (isZeroBubble(Schedule(s)) ? 3 : 2) * p * m * v);
                    }
    }

    void rejectsWhatItCannotSchedule()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniform(Schedule::Interleaved1F1B, 4, 6, 2, 1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniform(Schedule::OneFOneB, 4, 0, 1, 1, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, simulatePipeline(Schedule::GPipe, 4, 1, { 1.0 }, { 1.0, 2.0 }));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, planTimeline(PlanEstimate {})); // rejected before partitioning
        // A weight gradient longer than its backward, or chunk shares that do not match the chunks.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 simulatePipeline(Schedule::ZeroBubbleH1, 4, 1, std::vector<StagePassSeconds>(2, { 1.0, 1.0, 2.0, {} })));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 simulatePipeline(Schedule::ZeroBubbleV, 4, 2, std::vector<StagePassSeconds>(2, { 1.0, 1.0, 0.5, { 1.0 } })));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSchedule)
#include "tst_pipeline_schedule.moc"
