// SPDX-License-Identifier: GPL-3.0-or-later
// Context parallelism: per-GPU memory, the ring's and Ulysses' traffic by hand, what stays hidden, the
// gradient group over DP x CP, the rules, and long-context plans that only CP makes possible.
#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "import/model_importer.h"
#include "partition/plan_search.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

PlanningProblem problem(const char* model, const char* gpu, int gpus, std::int64_t seq, std::int64_t batch)
{
    PlanningProblem p;
    p.model = *findBundledModel(model);
    p.cluster = ClusterSpec::make(catalogGpu(gpu), gpus, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = batch;
    return p;
}

ParallelConfig layout(int tp, int cp, int pp, int dp)
{
    return { .tp = tp, .pp = pp, .dp = dp, .zeroStage = 1, .sequenceParallel = tp > 1, .cp = cp };
}

} // namespace

class TestContextParallel : public QObject
{
    Q_OBJECT
private slots:
    // Each CP rank keeps 1/cp of the sequence's activations; weights are not split by CP.
    void activationsDivideByCp()
    {
        const PlanningProblem p = problem("llama-3-8b", "H100-SXM", 16, 32768, 16);
        const PlanEvaluator ev(p);
        const PlanEstimate one = ev.evaluate(layout(2, 1, 1, 8));
        const PlanEstimate four = ev.evaluate(layout(2, 4, 1, 2));
        QVERIFY2(one.infeasibleReason.empty() || one.infeasibleReason.rfind("stage", 0) == 0, one.infeasibleReason.c_str());
        QVERIFY2(four.infeasibleReason.empty(), four.infeasibleReason.c_str());
        const StageEstimate& a = one.stages[0];
        const StageEstimate& b = four.stages[0];
        QCOMPARE(b.memory.activationsBytes * 4, a.memory.activationsBytes);
        QCOMPARE(b.memory.embeddingLogitsBytes * 4, a.memory.embeddingLogitsBytes);
        QCOMPARE(b.memory.weightsBytes, a.memory.weightsBytes);
        // ZeRO-1 shards the optimizer over DP x CP (Megatron's data_parallel_group_with_cp): 8 ranks both times.
        QCOMPARE(b.memory.optimizerBytes, a.memory.optimizerBytes);
        // Llama-3-8B has 8,030,261,248 parameters: 12 bytes of Adam state each over TP 2 and 8 shard ranks.
        QVERIFY(qAbs(b.memory.optimizerBytes - 8030261248.0 * 12 / 2 / 8) < 0.01 * b.memory.optimizerBytes);
        // The whole micro-batch's model FLOPs do not depend on how it is split.
        QCOMPARE(four.modelFlopsPerStep, one.modelFlopsPerStep);
    }

    // Megatron's ring: cp - 1 steps pass K and V forward, and K, V, dK, dV backward, per attention layer.
    void ringTrafficByHand()
    {
        const PlanningProblem p = problem("llama-3-8b", "H100-SXM", 16, 32768, 16);
        const ParallelConfig c = layout(2, 4, 1, 2);
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        QVERIFY2(e.infeasibleReason.empty(), e.infeasibleReason.c_str());
        // Llama-3-8B: 32 layers, 8 key/value heads of 128, 16-bit activations.
        const double localTokens = 32768.0 / 4;                 // one sequence per micro-batch
        const double kv = 2 * (8.0 / 2) * 128 * localTokens * 2; // K and V of this TP rank's heads
        const double perLayer = (4 - 1) * (kv + 2 * kv);       // forward kv, backward kv + dkv
        const int m = 16 / 2;                                  // sequences per DP rank, micro-batch 1
        QCOMPARE(e.numMicroBatches, m);
        QVERIFY(qAbs(e.comm.cpBytes - 32 * perLayer * m) < 1e-9 * e.comm.cpBytes);
        // Inside one node (TP 2 x CP 4 = 8 GPUs) the 17 MB transfers hide behind the attention blocks.
        QCOMPARE(e.comm.cpSeconds, 0.0);
        QCOMPARE(e.time.cpCommSeconds, 0.0);
    }

    // Over a slow network the ring's transfers outlast the attention blocks: the excess is exposed, and it is
    // what the step grows by (removing the term would leave the step unchanged).
    void slowRingIsExposed()
    {
        PlanningProblem p = problem("llama-3-8b", "H100-SXM", 16, 32768, 16);
        const ParallelConfig c = layout(1, 16, 1, 1); // the CP ring crosses the two nodes
        const PlanEstimate fast = PlanEvaluator(p).evaluate(c);
        p.cluster.interNode.bandwidthBytesPerSecond = 1e8; // 0.1 GB/s
        const PlanEstimate slow = PlanEvaluator(p).evaluate(c);
        QVERIFY(slow.time.cpCommSeconds > 0);
        // Per layer and micro-batch: (cp - 1) steps, each the send minus the attention block it hides behind.
        const double kv = 2 * 8.0 * 128 * (32768.0 / 16) * 2;
        const double sendForward = kv / p.cluster.interNode.effectiveBandwidth() + p.cluster.interNode.latencySeconds;
        QVERIFY(slow.stages[0].cpCommSeconds > 32 * 15 * sendForward * 2.9); // backward sends twice the bytes
        QVERIFY(qAbs((slow.time.stepSeconds - fast.time.stepSeconds) - (slow.time.cpCommSeconds - fast.time.cpCommSeconds)
                     - (slow.time.dpExposedSeconds - fast.time.dpExposedSeconds))
                < 1e-6 * slow.time.stepSeconds);
    }

    // DeepSpeed Ulysses: four all-to-alls forward (Q, K, V in; O out) and four backward, none hidden.
    void ulyssesTrafficByHand()
    {
        const PlanningProblem p = problem("llama-3-8b", "H100-SXM", 8, 32768, 8);
        ParallelConfig c = layout(1, 8, 1, 1);
        c.cpCommType = CpCommType::AllToAll;
        c.zeroStage = 3; // sharded over the 8 CP ranks, so the 8B model fits
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        QVERIFY2(e.infeasibleReason.empty(), e.infeasibleReason.c_str());
        const double tokens = 32768.0 / 8;
        const double qkv = (32 + 2 * 8) * 128.0 * tokens * 2, o = 32 * 128.0 * tokens * 2;
        const double perLayer = 2 * (7.0 / 8) * (qkv + o);
        QVERIFY(qAbs(e.comm.cpBytes - 32 * perLayer * e.numMicroBatches) < 1e-9 * e.comm.cpBytes);
        QVERIFY(e.time.cpCommSeconds > 0);
        // Heads must divide: Llama-3-8B's 8 key/value heads over TP 2 leave 4 per rank, not divisible by CP 8.
        const PlanningProblem p16 = problem("llama-3-8b", "H100-SXM", 16, 32768, 8);
        ParallelConfig bad = layout(2, 8, 1, 1);
        bad.cpCommType = CpCommType::AllToAll;
        QVERIFY(PlanEvaluator(p16).structuralProblem(bad).find("heads") != std::string::npos);
    }

    // The gradients of CP ranks are reduced together with DP's: one group of dp x cp ranks.
    void gradientsReduceOverDpTimesCp()
    {
        const PlanningProblem p = problem("llama-3-8b", "H100-SXM", 16, 32768, 16);
        ParallelConfig c = layout(2, 4, 1, 2);
        c.zeroStage = 0;
        const PlanEstimate e = PlanEvaluator(p).evaluate(c);
        // ZeRO-0 all-reduces fp32 gradients of the TP shard over 8 ranks: 2 (n - 1) / n of the bytes.
        const double grad = e.stages[0].paramsPerDevice * 4;
        QVERIFY(qAbs(e.comm.dpBytes - 2.0 * 7 / 8 * grad) < 1e-9 * e.comm.dpBytes);
    }

    void rules()
    {
        PlanningProblem p = problem("llama-3-8b", "H100-SXM", 16, 32768, 16);
        ParallelConfig c = layout(2, 4, 1, 2);
        p.training.seqLength = 32760; // not divisible by 2 x CP x TP = 16
        QVERIFY(PlanEvaluator(p).structuralProblem(c).find("divisible by 2 x CP") != std::string::npos);
        p.training.seqLength = 32768;
        p.training.flashAttention = false;
        QVERIFY(PlanEvaluator(p).structuralProblem(c).find("flash") != std::string::npos);
        p.training.flashAttention = true;
        c.dp = 4; // 2 x 4 x 4 = 32 GPUs on a 16-GPU cluster
        QVERIFY(PlanEvaluator(p).structuralProblem(c).find("CP 4") != std::string::npos);
    }

    // Llama-3-70B at 131,072 tokens fits on 64 H200 with CP, and the best plan uses it. (On 8 H200 nothing fits
    // at all: 70B parameters' model states alone are 1.1 TB.)
    void longContext70bUsesCp()
    {
        const PlanningProblem eight = problem("llama-3-70b", "H200-SXM", 8, 131072, 64);
        QCOMPARE(searchPlans(PlanEvaluator(eight), {}).feasibleCount, std::size_t(0));
        const PlanningProblem p = problem("llama-3-70b", "H200-SXM", 64, 131072, 64);
        const PlanEvaluator ev(p);
        PlanPins pins;
        pins.tp = 8; // keep the search small: TP within the node
        const SearchResult with = searchPlans(ev, pins);
        const PlanSummary* best = nullptr;
        for (const PlanSummary& s : with.candidates)
            if (s.feasible && (!best || s.stepSeconds < best->stepSeconds))
                best = &s;
        QVERIFY(best);
        QVERIFY(best->config.cp > 1);
        QVERIFY(best->peakMemoryBytes <= best->capacityBytes);
    }

    // Llama-3.1-405B at 131,072 tokens on 16,384 H100 with TP 8 and PP 16 (Llama 3's long-context stage ran
    // CP 16): 128 sequences a step leave DP 128 one micro-batch each without CP, a pipeline of one micro-batch
    // that idles 15 of 16 slots; CP 16 plans fit and are several times faster.
    void longContext405bWithCp16()
    {
        const PlanningProblem p = problem("llama-3.1-405b", "H100-SXM", 16384, 131072, 128);
        const PlanEvaluator ev(p);
        auto best = [&](int cp) {
            PlanPins pins;
            pins.cp = cp;
            pins.tp = 8;
            pins.pp = 16;
            PlanSummary out;
            out.stepSeconds = 1e300;
            for (const PlanSummary& s : searchPlans(ev, pins).candidates)
                if (s.feasible && s.stepSeconds < out.stepSeconds)
                    out = s;
            return out;
        };
        const PlanSummary cp16 = best(16), cp1 = best(1);
        QVERIFY(cp16.feasible);
        QVERIFY(cp16.peakMemoryBytes < 80 * kGiB);
        QVERIFY(cp1.feasible);
        QVERIFY2(cp1.stepSeconds > 3 * cp16.stepSeconds, qPrintable(QStringLiteral("%1 s vs %2 s").arg(cp1.stepSeconds).arg(cp16.stepSeconds)));
    }
};

QTEST_GUILESS_MAIN(TestContextParallel)
#include "tst_context_parallel.moc"
