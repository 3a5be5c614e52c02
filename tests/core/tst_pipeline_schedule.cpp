// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/cost/pipeline_schedule.*: the simulated GPipe, 1F1B and interleaved 1F1B schedules
// against the published bubble formulas (Narayanan et al. 2021: (p - 1) / m of the ideal time, and
// (p - 1) / (v m) with v chunks), the zero-bubble schedules against Qi et al. 2024 (arXiv 2401.10241:
// ZB-H1's bubble (p - 1)(F + B - W), ZBV's V placement and 1F1B's peak), dependency order, in-flight
// micro-batches against the memory model, the size rules, and the step model's pipelineSeconds against
// the simulation.
#include "cost/pipeline_schedule.h"

#include "cost/memory_model.h"
#include "cost/plan_estimate.h"
#include "cost/plan_evaluator.h"
#include "cost/step_model.h"
#include "gpt_fixtures.h"

#include <QtTest>

#include <map>
#include <random>
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

StageEstimate stageEstimate(int k, double compute, double forward, double weightGrad)
{
    StageEstimate st;
    st.stage = k;
    st.computeSeconds = compute;
    st.forwardSeconds = forward;
    st.weightGradSeconds = weightGrad;
    return st;
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

    void planTimelineSplitsStageTimes()
    {
        // Hand-built plan: 3 stages, compute 30 ms, recompute 6 ms, TP 4 ms, PP 2 ms per micro-batch.
        PlanEstimate plan;
        plan.config.pp = 3;
        plan.config.schedule = Schedule::OneFOneB;
        plan.numMicroBatches = 6;
        for (int k = 0; k < 3; ++k) {
            StageEstimate st = stageEstimate(k, 0.030, 0.013, 0.010);
            st.recomputeSeconds = 0.006;
            st.tpCommSeconds = 0.004;
            st.ppCommSeconds = 0.002;
            plan.stages.push_back(st);
        }
        const PipelineTimeline t = planTimeline(plan);
        QCOMPARE(t.stages, 3);
        QCOMPARE(t.microBatches, 6);
        QCOMPARE(int(t.passes.size()), 3 * 6 * 2);
        // Forward 13 ms as given, backward the rest of the 42 ms micro-batch: 29 ms, W included (1F1B).
        const auto pass = [](const PipelineTimeline& tl, PassKind k) {
            return *std::find_if(tl.passes.begin(), tl.passes.end(), [k](const ScheduleSlot& s) { return s.pass == k; });
        };
        QVERIFY(std::abs(pass(t, PassKind::Forward).end - pass(t, PassKind::Forward).start - 0.013) < 1e-12);
        QVERIFY(std::abs(pass(t, PassKind::Backward).end - pass(t, PassKind::Backward).start - 0.029) < 1e-12);
        // Uniform stages: (m + p - 1) x 42 ms = 336 ms, bubble (p - 1) / (m + p - 1) = 2 / 8.
        QVERIFY(std::abs(t.makespan - 0.336) < 1e-12);
        QVERIFY(std::abs(t.bubbleFraction() - 0.25) < 1e-12);

        // ZB-H1: the 10 ms of weight-gradient GEMMs become W passes; B keeps 19 ms. Bubble (p - 1)(F + B - W)
        // = 2 x 22 ms: 6 x 42 + 44 = 296 ms.
        plan.config.schedule = Schedule::ZeroBubbleH1;
        const PipelineTimeline zb = planTimeline(plan);
        QCOMPARE(int(zb.passes.size()), 3 * 6 * 3);
        QVERIFY(std::abs(pass(zb, PassKind::Backward).end - pass(zb, PassKind::Backward).start - 0.019) < 1e-12);
        QVERIFY(std::abs(pass(zb, PassKind::WeightGrad).end - pass(zb, PassKind::WeightGrad).start - 0.010) < 1e-12);
        QVERIFY(std::abs(zb.makespan - 0.296) < 1e-12);
    }

    void planTimelineUsesChunkShares()
    {
        // Interleaved zero bubble, 2 stages x 2 chunks, uneven chunks: chunk 0 a quarter of the stage.
        PlanEstimate plan;
        plan.config.pp = 2;
        plan.config.vpp = 2;
        plan.config.schedule = Schedule::InterleavedZeroBubble;
        plan.numMicroBatches = 4;
        for (int k = 0; k < 2; ++k) {
            StageEstimate st = stageEstimate(k, 0.040, 0.016, 0.008);
            st.chunkShares = { 0.25, 0.75 };
            plan.stages.push_back(st);
        }
        const PipelineTimeline t = planTimeline(plan);
        QCOMPARE(t.chunks, 2);
        for (const ScheduleSlot& s : t.passes) {
            const double whole = s.pass == PassKind::Forward ? 0.016 : s.pass == PassKind::WeightGrad ? 0.008 : 0.016;
            QVERIFY(std::abs((s.end - s.start) - whole * (s.chunk == 0 ? 0.25 : 0.75)) < 1e-12);
        }
    }

    void pipelineSecondsMatchesTheSimulation_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("m");
        QTest::newRow("zb-h1") << int(Schedule::ZeroBubbleH1) << 1 << 12;
        QTest::newRow("zb-h1 m < p") << int(Schedule::ZeroBubbleH1) << 1 << 3;
        QTest::newRow("interleaved-zb") << int(Schedule::InterleavedZeroBubble) << 2 << 8;
        QTest::newRow("interleaved-zb v3") << int(Schedule::InterleavedZeroBubble) << 3 << 12;
        QTest::newRow("zbv") << int(Schedule::ZeroBubbleV) << 2 << 9;
    }

    void pipelineSecondsMatchesTheSimulation()
    {
        // The step model prices zero-bubble schedules by the same simulation the timeline draws: uneven
        // stages, uneven chunks, same makespan to the last bit.
        QFETCH(int, schedule);
        QFETCH(int, v);
        QFETCH(int, m);
        PlanEstimate plan;
        plan.config.pp = 4;
        plan.config.vpp = v;
        plan.config.schedule = Schedule(schedule);
        plan.numMicroBatches = m;
        const double compute[] = { 0.030, 0.034, 0.027, 0.041 };
        for (int k = 0; k < 4; ++k) {
            StageEstimate st = stageEstimate(k, compute[k], compute[k] / 3, compute[k] / 4);
            st.tpCommSeconds = 0.002;
            if (v > 1)
                for (int c = 0; c < v; ++c)
                    st.chunkShares.push_back((c == 0 ? 1.0 + k % 2 : 1.0) / (v + k % 2));
            plan.stages.push_back(st);
        }
        const double seconds = pipelineSeconds(plan.config.schedule, plan.stages, m, v);
        QCOMPARE(seconds, planTimeline(plan).makespan);
        // And it is never more than 1F1B over the same stages (Qi et al.: ZB-H1 only moves W into idle time).
        if (Schedule(schedule) == Schedule::ZeroBubbleH1)
            QVERIFY(seconds < pipelineSeconds(Schedule::OneFOneB, plan.stages, m, 1));
    }

    // Long runs are extrapolated from two short ones once the schedule has settled: the result equals the full
    // simulation, for random stage times, chunk shares and weight-gradient parts of every schedule with chunks
    // and every zero-bubble one (remove the saturation check and uneven cases come out wrong).
    void longRunsMatchTheFullSimulation()
    {
        std::mt19937 rng(13);
        std::uniform_real_distribution<double> u(0.5, 2.0);
        struct Case { Schedule s; int p, v, m; };
        const std::vector<Case> cases { { Schedule::Interleaved1F1B, 4, 2, 96 }, { Schedule::Interleaved1F1B, 3, 3, 81 },
                                        { Schedule::Interleaved1F1B, 2, 4, 64 }, { Schedule::ZeroBubbleH1, 4, 1, 90 },
                                        { Schedule::ZeroBubbleH1, 3, 1, 77 }, { Schedule::ZeroBubbleV, 4, 2, 93 },
                                        { Schedule::InterleavedZeroBubble, 4, 2, 96 }, { Schedule::InterleavedZeroBubble, 2, 3, 64 } };
        int extrapolated = 0;
        for (const Case& c : cases)
            for (int trial = 0; trial < 6; ++trial) {
                std::vector<StagePassSeconds> stages;
                for (int k = 0; k < c.p; ++k) {
                    StagePassSeconds st;
                    st.forwardSeconds = u(rng);
                    st.backwardSeconds = 2 * u(rng);
                    st.weightGradSeconds = 0.4 * st.backwardSeconds * u(rng) / 2;
                    if (c.v > 1) {
                        double sum = 0;
                        for (int r = 0; r < c.v; ++r)
                            sum += st.chunkShares.emplace_back(trial % 2 ? u(rng) : 1.0);
                        for (double& x : st.chunkShares)
                            x /= sum;
                    }
                    stages.push_back(st);
                }
                const double full = simulatePipeline(c.s, c.m, c.v, stages).makespan;
                const double fast = longPipelineMakespan(c.s, c.m, c.v, stages);
                QVERIFY2(std::abs(fast - full) <= 1e-9 * full,
                         qPrintable(QStringLiteral("%1 p%2 v%3 m%4: %5 vs %6").arg(QString::fromUtf8(toString(c.s).data())).arg(c.p).arg(c.v).arg(c.m).arg(fast).arg(full)));
                const double shortRun = simulatePipeline(c.s, 4 * c.p + c.m % c.p, c.v, stages).makespan;
                double busiest = 0;
                for (const StagePassSeconds& st : stages)
                    busiest = std::max(busiest, st.forwardSeconds + st.backwardSeconds);
                extrapolated += std::abs(full - shortRun - (c.m - 4 * c.p - c.m % c.p) * busiest) <= 1e-9 * full ? 1 : 0;
            }
        QVERIFY(extrapolated > 10); // the settled case is the common one, so the fast path is exercised
    }

    void pipelineSecondsKeepsTheClosedForms()
    {
        // GPipe and 1F1B keep Narayanan's closed form: stages of 1, 2, 1, 1 s with m 8:
        // (m - 1) max + sum = 7 x 2 + 5 = 19.
        std::vector<StageEstimate> stages;
        for (int k = 0; k < 4; ++k)
            stages.push_back(stageEstimate(k, k == 1 ? 2.0 : 1.0, 0.3, 0.2));
        QCOMPARE(pipelineSeconds(Schedule::OneFOneB, stages, 8, 1), 19.0);
        QCOMPARE(pipelineSeconds(Schedule::GPipe, stages, 8, 1), 19.0);
        // Interleaved 1F1B is simulated (its chunks may be uneven): over equal 1 s stages it is Narayanan's
        // (m + (p - 1)/v) t = 8 + 3/2; over the unequal ones it lies between m x max = 16 and the closed form's
        // (m - 1/v) max + sum / v = 17.5, which assumes every stage waits for the slowest.
        const std::vector<StageEstimate> ones(4, stageEstimate(0, 1.0, 0.3, 0.2));
        QVERIFY(std::abs(pipelineSeconds(Schedule::Interleaved1F1B, ones, 8, 2) - 9.5) < 1e-12);
        const double uneven = pipelineSeconds(Schedule::Interleaved1F1B, stages, 8, 2);
        QVERIFY2(uneven >= 16.0 && uneven <= 17.5, qPrintable(QString::number(uneven)));
        // ZB-H1 over equal stages (F 0.3, B 0.5, W 0.2 of a 1 s micro-batch): 8 x 1 + 3 x (0.3 + 0.5 - 0.2).
        std::vector<StageEstimate> equal(4, stageEstimate(0, 1.0, 0.3, 0.2));
        QVERIFY(std::abs(pipelineSeconds(Schedule::ZeroBubbleH1, equal, 8, 1) - (8.0 + 3 * 0.6)) < 1e-12);
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
        QTest::newRow("zb-h1 pp4") << int(Schedule::ZeroBubbleH1) << 4 << 1;
        QTest::newRow("interleaved-zb pp4 v2") << int(Schedule::InterleavedZeroBubble) << 4 << 2;
        QTest::newRow("zbv pp4") << int(Schedule::ZeroBubbleV) << 4 << 2;
    }

    void planTimelineAgreesWithTheEvaluator()
    {
        // GPT 48 x 8192 (Narayanan Table 1, 39B-class) on 64 A100s: the simulated step of the
        // evaluated plan has the evaluator's per-stage busy time and, within the few per cent the
        // embedding/head stages add, its closed-form pipeline time and bubble (exactly, for the
        // zero-bubble schedules the evaluator simulates too).
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
        const double pipeline = e.time.stepSeconds - e.time.dpExposedSeconds - e.time.optimizerSeconds;
        const double tolerance = isZeroBubble(c.schedule) ? 1e-9 : 0.03;
        QVERIFY2(std::abs(t.makespan - pipeline) < tolerance * pipeline,
                 qPrintable(QStringLiteral("simulated %1 s, closed form %2 s").arg(t.makespan).arg(pipeline)));
        QVERIFY2(std::abs(t.bubbleFraction() - e.bubbleFraction) < 0.03,
                 qPrintable(QStringLiteral("simulated %1, closed form %2").arg(t.bubbleFraction()).arg(e.bubbleFraction)));
    }
};

QTEST_GUILESS_MAIN(TestPipelineSchedule)
#include "tst_pipeline_schedule.moc"
