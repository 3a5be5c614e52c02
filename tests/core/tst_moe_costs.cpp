// SPDX-License-Identifier: GPL-3.0-or-later
// Mixture of experts: expert memory per GPU and all-to-all bytes by hand (Mixtral-8x7B on 64 H100), the grouped
// GEMMs' small-M penalty, load imbalance, the expert-data-parallel gradients, MLA's shapes, the EP rules, EP in
// the search, and DeepSeek-V3's published layout (PP 16, EP 64, ZeRO-1 on 2,048 H800) evaluated.
#include "cost/collectives.h"
#include "cost/kernel_model.h"
#include "cost/memory_model.h"
#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "moe_plan_fixtures.h"
#include "model/transformer_spec.h"
#include "partition/plan_search.h"

#include <QtTest>

#include <cmath>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

// Mixtral-8x7B-v0.1 (46,702,792,704 parameters, 12,879,925,248 active) and DeepSeek-V3 written out by hand.
TransformerSpec mixtral() { return mixtral8x7b(); }
TransformerSpec deepSeekV3() { return deepseekV3(); }

PlanningProblem problem(const TransformerSpec& spec, const char* gpu, int gpus, std::int64_t seq, std::int64_t batch)
{
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    p.cluster = ClusterSpec::make(catalogGpu(gpu), gpus, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = batch;
    return p;
}

ParallelConfig layout(int tp, int pp, int dp, int ep, int etp = 1)
{
    return { .tp = tp, .pp = pp, .dp = dp, .zeroStage = 1, .sequenceParallel = tp > 1, .ep = ep, .etp = etp };
}

constexpr double kExpertParams = 3.0 * 4096 * 14336; // one Mixtral expert (gate, up, down), no biases
constexpr double kMixtralTotal = 46702792704.0;

} // namespace

class TestMoeCosts : public QObject
{
    Q_OBJECT
private slots:
    void mixtralCountsArePublished()
    {
        QCOMPARE(mixtral().paramCount(), std::int64_t(46702792704));
        QCOMPARE(mixtral().activeParamCount(), std::int64_t(12879925248));
        QCOMPARE(mixtral().routedExpertParamCount(), std::int64_t(32 * 8 * kExpertParams));
    }

    // EP 8 x expert-DP 8 on 64 GPUs: each GPU holds one expert of each layer; ZeRO-1 shards the experts' Adam
    // states over the 8 expert-DP ranks and the rest over all 64.
    void mixtralExpertMemoryByHand()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        const PlanEstimate e = ev.evaluate(layout(1, 1, 64, 8));
        QVERIFY2(e.infeasibleReason.empty() || e.infeasibleReason.rfind("stage", 0) == 0, e.infeasibleReason.c_str());
        const StageEstimate& st = e.stages[0];
        const double routed = 32 * kExpertParams; // 8 experts / EP 8 = 1 a layer
        const double dense = kMixtralTotal - 32 * 8 * kExpertParams;
        QCOMPARE(st.routedExpertParamsPerDevice, routed);
        QCOMPARE(st.paramsPerDevice, routed + dense);
        // Weights 2 bytes, fp32 gradients 4, Adam 12 sharded: over 8 for the experts, over 64 for the rest.
        QCOMPARE(st.memory.routedExpertBytes, routed * (2 + 4 + 12.0 / 8));
        QCOMPARE(st.memory.weightsBytes, 2 * (routed + dense));
        QCOMPARE(st.memory.gradientsBytes, 4 * (routed + dense));
        QCOMPARE(st.memory.optimizerBytes, 12 * routed / 8 + 12 * dense / 64);
        // Stored per token of a MoE layer: its input (2h) and fp32 router scores (4 x 8), and per routed token on
        // the busiest GPU (1 expert: load 1.25) the permuted input (2h) and SwiGLU's gate, up, product (6 f).
        const double perToken = 2 * 4096 + 4 * 8 + 2 * (2 * 4096 + 6 * 14336) * 1.25;
        QCOMPARE(st.memory.moeActivationBytes, 32 * 4096 * perToken);
        QCOMPARE(st.memory.sharedExpertBytes, 0.0);
        // The dispatcher's buffers: the 2 x 4096 permuted tokens sent, received and computed (x load 1.25).
        const double sent = 4096.0 * 2 * 4096 * 2;
        QCOMPARE(st.memory.other.moeDispatch, sent * (1 + 2 * 1.25));
    }

    // Every token goes to 2 experts: 2 x 4096 x 4096 bf16 elements out and back per layer and micro-batch, 7/8 of
    // them to other GPUs, twice more in the backward.
    void mixtralAllToAllByHand()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        const PlanEstimate e = ev.evaluate(layout(1, 1, 64, 8));
        const int m = 1024 / 64;
        const double sent = 4096.0 * 2 * 4096 * 2;
        QCOMPARE(e.numMicroBatches, m);
        QCOMPARE(e.comm.epBytes, 32.0 * m * 4 * sent * 7 / 8);
        // Exposed: two all-to-alls each way per layer inside one node, the busiest GPU receiving 1.25x.
        const Collectives coll(p.cluster);
        const double a2a = coll.allToAllSeconds(sent * 1.25, CommGroup::dataParallel(8, 1, 8));
        QVERIFY(a2a > 0);
        QCOMPARE(e.time.epCommSeconds, 32.0 * m * 4 * a2a);
        QCOMPARE(e.comm.epSeconds, e.time.epCommSeconds);
        // EP 1: no all-to-all at all.
        const PlanEstimate one = ev.evaluate(layout(1, 1, 64, 1));
        QCOMPARE(one.comm.epBytes, 0.0);
        QCOMPARE(one.time.epCommSeconds, 0.0);
        // ETP 2 x EP 8 spans two nodes: the all-to-all's peers are 2 apart (4 of them in a node), and each
        // expert's tokens are gathered over the ETP pair and reduce-scattered back.
        ParallelConfig folded = layout(1, 1, 64, 8, 2);
        const PlanEstimate f = ev.evaluate(folded);
        const double gathered = sent * 2 * 1.25;
        const double etp = coll.allGatherSeconds(gathered, CommGroup::tensorParallel(2, 8))
            + coll.reduceScatterSeconds(gathered, CommGroup::tensorParallel(2, 8));
        const double a2aWide = coll.allToAllSeconds(sent * 1.25, CommGroup::dataParallel(8, 2, 8));
        QVERIFY(a2aWide > a2a); // half the peers across the node boundary now
        QCOMPARE(f.time.epCommSeconds, 32.0 * m * 2 * (2 * a2aWide + etp));
    }

    // Expert gradients are reduced over expert-DP (8 ranks, 8 apart), the rest over all 64: the DP bytes by hand.
    void expertGradientsReduceOverExpertDp()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        ParallelConfig c = layout(1, 1, 64, 8);
        const PlanEstimate e = ev.evaluate(c);
        const double routed = 32 * kExpertParams;
        const double dense = kMixtralTotal - 32 * 8 * kExpertParams;
        // ZeRO-1: reduce-scatter of fp32 gradients and all-gather of bf16 weights, (n - 1)/n of each per rank.
        const double expected = 7.0 / 8 * (4 + 2) * routed + 63.0 / 64 * (4 + 2) * dense;
        QCOMPARE(e.comm.dpBytes, expected);
    }

    // Same FLOPs per token, 8x the experts: each expert's GEMMs get 1/8 of the rows. With few rows a GEMM is bound
    // by reading its weights (8x more of them), with many it is compute-bound and the layouts cost the same. The
    // grouped GEMM runs all of a GPU's experts in one launch (a batched GEMM sharing the waves).
    void fewTokensPerExpertAreSlower()
    {
        TransformerSpec coarse = mixtral();
        coarse.layers = 1;
        coarse.expertsPerToken = 1;
        TransformerSpec fine = coarse;
        fine.experts = 64;
        const KernelModel km(catalogGpu("H100-SXM"), Precision::Bf16);
        // Forward, input gradient and weight gradient of the experts' two GEMMs (gate+up 2f x h, down h x f).
        auto experts = [&](double rows, double count) {
            double t = 0;
            for (const auto& [n, k] : { std::pair { 2.0 * 14336, 4096.0 }, std::pair { 4096.0, 14336.0 } })
                t += km.gemmSeconds(rows, n, k, count) + km.gemmSeconds(rows, k, n, count) + km.gemmSeconds(k, n, rows, count);
            return t;
        };
        auto router = [&](double tokens, double e) {
            return km.gemmSeconds(tokens, e, 4096) + km.gemmSeconds(tokens, 4096, e) + km.gemmSeconds(4096, e, tokens);
        };
        for (const std::int64_t seq : { std::int64_t(1024), std::int64_t(16384) }) {
            PlanningProblem pc = problem(coarse, "H100-SXM", 8, seq, 8);
            PlanningProblem pf = problem(fine, "H100-SXM", 8, seq, 8);
            pc.training.moeImbalance = 1;
            pf.training.moeImbalance = 1;
            const ParallelConfig c = layout(1, 1, 8, 1);
            const double tc = PlanEvaluator(pc).evaluate(c).stages[0].computeSeconds;
            const double tf = PlanEvaluator(pf).evaluate(c).stages[0].computeSeconds;
            const double t = double(seq);
            const double expected = experts(t / 64, 64) - experts(t / 8, 8) + router(t, 64) - router(t, 8);
            QVERIFY2(std::abs((tf - tc) - expected) < 0.01 * std::abs(expected) + 2e-6,
                     qPrintable(QString("seq %1: %2 vs %3 expected").arg(seq).arg(tf - tc).arg(expected)));
            if (seq == 1024)
                QVERIFY(tf > 2 * tc); // 16 rows an expert: weight-bound
            else
                QVERIFY(tf < 1.05 * tc); // 256 rows an expert: compute-bound, as fast
        }
    }

    // Dropless: the busiest GPU holding n experts carries 1 + (imbalance - 1)/sqrt(n) times the mean; a capacity
    // factor pads every expert to exactly that factor.
    void loadImbalance()
    {
        PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        auto moeActs = [&](const ParallelConfig& c) {
            const double perTokenFixed = 2 * 4096 + 4 * 8;
            const double perRouted = 2 * (2 * 4096 + 6 * 14336);
            const double total = PlanEvaluator(p).evaluate(c).stages[0].memory.moeActivationBytes;
            return (total / (32 * 4096.0) - perTokenFixed) / perRouted; // the load factor
        };
        QCOMPARE(moeActs(layout(1, 1, 64, 8)), 1.25);                  // 1 expert a GPU
        QCOMPARE(moeActs(layout(1, 1, 64, 2)), 1 + 0.25 / std::sqrt(4.0)); // 4 experts a GPU
        p.training.moeImbalance = 1.5;
        QCOMPARE(moeActs(layout(1, 1, 64, 8)), 1.5);
        p.training.moeCapacityFactor = 1.0;
        QCOMPARE(moeActs(layout(1, 1, 64, 8)), 1.0);
        QCOMPARE(moeActs(layout(1, 1, 64, 2)), 1.0);
    }

    // Megatron's all-to-all overlap at PP 1: every micro-batch but the first is paired with another, and a Mixtral
    // block computes longer than its all-to-alls inside a node, so only the unpaired share stays exposed; the
    // communication's 20 SMs slow the paired compute; one more micro-batch is held.
    void allToAllOverlap()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        ParallelConfig c = layout(1, 1, 64, 8);
        const PlanEstimate plain = ev.evaluate(c);
        c.epCommOverlap = true;
        QVERIFY2(ev.structuralProblem(c).empty(), ev.structuralProblem(c).c_str());
        const PlanEstimate overlapped = ev.evaluate(c);
        const double m = plain.numMicroBatches;
        QVERIFY(plain.time.epCommSeconds > 0);
        QVERIFY(std::abs(overlapped.time.epCommSeconds - plain.time.epCommSeconds / m) < 1e-9 * plain.time.epCommSeconds);
        const double slower = 132.0 / (132 - 20) - 1;
        const double expectedCompute = plain.time.computeSeconds + (m - 1) * slower * plain.time.epCommSeconds / m;
        QVERIFY2(std::abs(overlapped.time.computeSeconds - expectedCompute) < 1e-9 * expectedCompute,
                 qPrintable(QString("%1 vs %2").arg(overlapped.time.computeSeconds).arg(expectedCompute)));
        QCOMPARE(overlapped.stages[0].inFlightMicroBatches, 2.0);
        QCOMPARE(overlapped.stages[0].memory.activationsBytes, 2 * plain.stages[0].memory.activationsBytes);
        // Megatron's rules.
        ParallelConfig bad = c;
        bad.ep = 1;
        QVERIFY(ev.structuralProblem(bad).find("needs expert parallelism") != std::string::npos);
        bad = c;
        bad.recompute = Recompute::Full;
        QVERIFY(ev.structuralProblem(bad).find("full recomputation") != std::string::npos);
        // "disable moe in recompute_modules when enabling overlap_moe_expert_parallel_comm" (transformer_config.py
        // at d98e8a6); the attention core alone is allowed.
        bad = c;
        bad.recompute = Recompute::Selective;
        QVERIFY(ev.structuralProblem(bad).empty());
        PlanningProblem moeModule = p;
        moeModule.training.recomputeModules = kRecomputeCoreAttn | kRecomputeMoe;
        QVERIFY(PlanEvaluator(moeModule).structuralProblem(bad).find("moe module") != std::string::npos);
        bad = layout(1, 2, 32, 8);
        bad.epCommOverlap = true;
        QVERIFY(ev.structuralProblem(bad).find("interleaved schedule") != std::string::npos);
        bad.schedule = Schedule::Interleaved1F1B;
        bad.vpp = 2;
        bad.ppCommOverlap = true;
        QVERIFY2(ev.structuralProblem(bad).empty(), ev.structuralProblem(bad).c_str());
    }

    void rules()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        QVERIFY(ev.structuralProblem(layout(1, 1, 64, 8)).empty());
        QVERIFY(ev.structuralProblem(layout(1, 1, 64, 3)).find("does not divide the 8 routed experts") != std::string::npos);
        // EP 8 x ETP 8 = 64 divides the 64 GPUs of the stage; with PP 2 a stage has 32.
        QVERIFY(ev.structuralProblem(layout(2, 1, 32, 8, 2)).empty());
        QVERIFY(ev.structuralProblem(layout(1, 2, 32, 8, 8)).find("must divide the TP x CP x DP = 32 GPUs") != std::string::npos);
        ParallelConfig noSp = layout(2, 1, 32, 8);
        noSp.sequenceParallel = false;
        QVERIFY(ev.structuralProblem(noSp).find("needs sequence parallelism") != std::string::npos);
        ParallelConfig etp = layout(1, 1, 64, 8, 3);
        etp.dp = 64;
        QVERIFY(!ev.structuralProblem(etp).empty());
        // A dense model has no experts to spread.
        PlanningProblem dense = p;
        TransformerSpec d = mixtral();
        d.experts = 0;
        d.expertsPerToken = 0;
        dense.model = buildModelGraph(d);
        QVERIFY(PlanEvaluator(dense).structuralProblem(layout(1, 1, 64, 8)).find("needs a mixture-of-experts model")
                != std::string::npos);
    }

    // Mixtral on 64 H100: the search lays the experts out over EP, and the fastest plan that fits uses it.
    void searchFindsExpertParallelPlans()
    {
        const PlanningProblem p = problem(mixtral(), "H100-SXM", 64, 4096, 1024);
        const PlanEvaluator ev(p);
        PlanPins pins;
        pins.pp = 1; // keep the test quick: all of TP, DP, EP, ETP, ZeRO, recomputation, micro-batch searched
        SearchOptions options;
        options.threads = 2;
        const SearchResult r = searchPlans(ev, pins, options);
        const PlanSummary* best = nullptr;
        const PlanSummary* bestWithoutEp = nullptr;
        int epPlans = 0;
        for (const PlanSummary& s : r.candidates) {
            if (!s.feasible)
                continue;
            epPlans += s.config.ep > 1 ? 1 : 0;
            if (!best || s.stepSeconds < best->stepSeconds)
                best = &s;
            if (s.config.ep == 1 && (!bestWithoutEp || s.stepSeconds < bestWithoutEp->stepSeconds))
                bestWithoutEp = &s;
        }
        QVERIFY(best && bestWithoutEp);
        QVERIFY(epPlans > 0);
        QVERIFY2(best->config.ep > 1, qPrintable(QString("best plan has EP %1").arg(best->config.ep)));
        // Without EP every GPU holds all 8 experts of a layer: ZeRO-3 or recomputation to fit, and slower.
        QVERIFY(bestWithoutEp->stepSeconds > 1.05 * best->stepSeconds);
        // The search also tries ETP = TP.
        bool etp = false;
        for (const PlanSummary& s : r.candidates)
            etp = etp || (s.config.etp > 1 && s.config.etp == s.config.tp);
        QVERIFY(etp);
    }

    // MLA: per token 2 x (q down + q up + kv down + kv up + out) FLOPs and scores over 192 dims, values of 128.
    void mlaShapes()
    {
        const ModelGraph g = buildModelGraph(deepSeekV3());
        const Layer& attn = g.layer(g.blocks()[0].layers[1]);
        QVERIFY(attn.kind == LayerKind::Attention);
        const double weights = 7168.0 * 1536 + 1536.0 * 128 * 192 + 7168.0 * (512 + 64) + 512.0 * 128 * 256 + 128.0 * 128 * 7168;
        QCOMPARE(attn.flopsPerToken, 2 * weights);
        QCOMPARE(attn.flopsPerTokenPerSeq, 2.0 * 128 * (192 + 128));
        QCOMPARE(attn.params, std::int64_t(weights) + 1536 + 512); // and the two latent RMSNorms
        QCOMPARE(attn.attentionHeadDim, 192);
        QCOMPARE(attn.attentionValueDim, 128);
        // Dense first 3 blocks, MoE after, with a shared expert layer in each MoE block.
        QVERIFY(g.layer(g.blocks()[2].layers.back()).kind == LayerKind::Mlp);
        QVERIFY(g.layer(g.blocks()[3].layers.back()).kind == LayerKind::Moe);
        QVERIFY(g.layer(g.blocks()[3].layers[g.blocks()[3].layers.size() - 2]).sharedExpert);
        // The MTP module's parameters count apart from the model's.
        QCOMPARE(g.totalParams(), deepSeekV3().paramCount() + deepSeekV3().mtpParamCount());
    }

    // DeepSeek-V3 as its report trains it: 2,048 H800, PP 16, EP 64 (8 nodes), ZeRO-1 DP 128, no TP; 15,360
    // sequences of 4,096 (Sec. 3.2 and 4.2). Pinned, it is a plan the model evaluates.
    void deepSeekV3PublishedLayout()
    {
        PlanningProblem p = problem(deepSeekV3(), "H800-SXM", 2048, 4096, 15360);
        p.training.precision = Precision::Fp8;
        const PlanEvaluator ev(p);
        ParallelConfig c = layout(1, 16, 128, 64);
        QVERIFY2(ev.structuralProblem(c).empty(), ev.structuralProblem(c).c_str());
        const PlanEstimate e = ev.evaluate(c);
        QCOMPARE(int(e.stages.size()), 16);
        QVERIFY(std::isfinite(e.time.stepSeconds) && e.time.stepSeconds > 0);
        // Every MoE block (58, and the MTP module's) holds 256 / 64 = 4 experts on each GPU of its stage.
        double routed = 0;
        for (const StageEstimate& st : e.stages)
            routed += st.routedExpertParamsPerDevice;
        QCOMPARE(routed, 59.0 * 4 * 3 * 7168 * 2048);
        // EP 64 spans 8 nodes: the all-to-all leaves 56/64 of the tokens over InfiniBand.
        QVERIFY(e.time.epCommSeconds > 0);
        QVERIFY(e.comm.epBytes > 0);
    }
};

QTEST_GUILESS_MAIN(TestMoeCosts)
#include "tst_moe_costs.moc"
