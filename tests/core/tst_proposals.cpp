// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/proposals/proposals.*: every number of a proposal comes from re-evaluation or the
// collectives' formulas, so it moves with the cluster, reproduces when applied, and the per-node
// opportunities of the ONNX fixtures add up against a hand count. The EP and ETP proposals of
// mixture-of-experts plans: tst_proposals_moe.cpp.
#include "proposals/proposals.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "util/text.h"

#include "proposal_fixtures.h"
#include "test_files.h"

#include <QtTest>

#include <cstdio>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", 100.0 * fraction);
    return buf;
}

std::string onnxFile(const char* name) { return std::string(SHARDSCOPE_TEST_DATA) + "/onnx/" + name; }

} // namespace

class TestProposals : public QObject
{
    Q_OBJECT

private slots:
    void kindNamesRoundTrip()
    {
        for (ProposalKind k : { ProposalKind::DataParallel, ProposalKind::TensorParallel, ProposalKind::PipelineParallel,
                                ProposalKind::SequenceParallel, ProposalKind::GradientCommunication, ProposalKind::ZeroStage,
                                ProposalKind::Recomputation, ProposalKind::MicroBatch, ProposalKind::ExpertParallel })
            QVERIFY(proposalKindFromString(toString(k)) == k);
        QVERIFY(!proposalKindFromString("bogus"));
    }

    // (a) A slower network makes every communication proposal worth more, a faster one less: int8
    // gradients with the inter-node links (DP traffic; links slower than the catalog's, since at its
    // bandwidth the bucketed DP communication of this plan hides behind backward and int8 gains
    // nothing), TP communication overlap with the intra-node ones (TP traffic; a TP 8 plan, where the
    // overlap hides more than its SM share costs).
    void communicationFollowsBandwidth()
    {
        std::vector<double> int8, tpOverlap;
        for (double factor : { 0.125, 0.25, 0.5 }) {
            PlanningProblem p = llama8b(32, 256);
            p.cluster.interNode.bandwidthBytesPerSecond *= factor;
            const PlanEstimate current = PlanEvaluator(p).evaluate(config(2, 1, 16));
            QVERIFY2(current.feasible, current.infeasibleReason.c_str());
            const std::vector<Proposal> list = proposeChanges(p, current, 100);
            const Proposal* prop = find(list, ProposalKind::GradientCommunication, "int8");
            QVERIFY(prop);
            QVERIFY(prop->speedup > 1);
            QVERIFY(!prop->evaluated);
            int8.push_back(prop->speedup);
            // No "keep hierarchical" entry: the model already assumes it, so it would change nothing.
            QVERIFY(!find(list, ProposalKind::GradientCommunication, "hierarchical"));
            // No proposal changes the training spec: the DP overlap is the cost model's, not a knob to raise.
            for (const Proposal& q : list)
                QVERIFY2(q.training.dpOverlap == p.training.dpOverlap, q.title.text().c_str());
        }
        for (double factor : { 0.5, 1.0, 2.0 }) {
            PlanningProblem p = llama8b(32, 256);
            p.cluster.intraNode.bandwidthBytesPerSecond *= factor;
            const ParallelConfig c = config(8, 1, 4);
            const PlanEstimate current = PlanEvaluator(p).evaluate(c);
            QVERIFY2(current.feasible, current.infeasibleReason.c_str());
            const std::vector<Proposal> list = proposeChanges(p, current, 100);
            const Proposal* prop = find(list, ProposalKind::TensorParallel, "--tp-comm-overlap");
            QVERIFY(prop);
            QVERIFY(prop->speedup > 1);
            tpOverlap.push_back(prop->speedup);
            // An evaluated configuration change: the plan with the overlap on, the training spec as it was.
            QVERIFY(prop->evaluated);
            ParallelConfig overlapped = c;
            overlapped.tpCommOverlap = true;
            QVERIFY(prop->config == overlapped);
            QVERIFY(!prop->training.dpOverlap);
            QVERIFY(prop->estimate.comm.tpSeconds < current.comm.tpSeconds);
        }
        QVERIFY(int8[0] > int8[1] && int8[1] > int8[2]);
        QVERIFY(tpOverlap[0] > tpOverlap[1] && tpOverlap[1] > tpOverlap[2]);
    }

    // An unpinned plan with TP > 1 and no overlap gets the TP overlap proposed (with sequence
    // parallelism when it has none), a plan with PP > 1 the pipeline overlap; pinning them off
    // removes them, and a plan that overlaps already is not offered them again.
    void communicationOverlapProposals()
    {
        PlanningProblem p = llama8b(32, 256);
        ParallelConfig c = config(4, 4, 2);
        c.sequenceParallel = false;
        const PlanEstimate current = PlanEvaluator(p).evaluate(c);
        QVERIFY2(current.feasible, current.infeasibleReason.c_str());
        QVERIFY(current.comm.tpSeconds > 0 && current.comm.ppSeconds > 0);
        auto overlaps = [](const std::vector<Proposal>& list, bool ParallelConfig::*knob) {
            return std::count_if(list.begin(), list.end(), [&](const Proposal& q) { return q.evaluated && q.config.*knob; });
        };
        const std::vector<Proposal> free = proposeChanges(p, current, 1000);
        const Proposal* tp = find(free, ProposalKind::TensorParallel, "--tp-comm-overlap");
        QVERIFY(tp);
        QVERIFY(tp->evaluated);
        QVERIFY(tp->speedup > 1);
        ParallelConfig tpOverlapped = c;
        tpOverlapped.sequenceParallel = true;
        tpOverlapped.tpCommOverlap = true;
        QVERIFY(tp->config == tpOverlapped);
        QVERIFY2(tp->title.text().find("--sequence-parallel --tp-comm-overlap") != std::string::npos, tp->title.text().c_str());
        QVERIFY2(tp->rationale.text().find("exposed TP communication is ") != std::string::npos, tp->rationale.text().c_str());
        // 1F1B cannot overlap its pipeline sends in Megatron: not proposed; the interleaved plan gets it.
        QVERIFY(!find(free, ProposalKind::PipelineParallel, "Overlap pipeline sends"));
        ParallelConfig interleaved = c;
        interleaved.schedule = Schedule::Interleaved1F1B;
        interleaved.vpp = 2;
        const PlanEstimate interleavedNow = PlanEvaluator(p).evaluate(interleaved);
        QVERIFY2(interleavedNow.feasible, interleavedNow.infeasibleReason.c_str());
        const std::vector<Proposal> forInterleaved = proposeChanges(p, interleavedNow, 1000);
        const Proposal* pp = find(forInterleaved, ProposalKind::PipelineParallel, "Overlap pipeline sends");
        QVERIFY(pp);
        QVERIFY(pp->evaluated);
        QVERIFY(pp->speedup > 1);
        ParallelConfig ppOverlapped = interleaved;
        ppOverlapped.ppCommOverlap = true;
        QVERIFY(pp->config == ppOverlapped);

        p.training.pins.tpCommOverlap = false;
        p.training.pins.ppCommOverlap = false;
        const std::vector<Proposal> pinned = proposeChanges(p, interleavedNow, 1000);
        QVERIFY(!pinned.empty());
        QVERIFY(!find(pinned, ProposalKind::TensorParallel, "--tp-comm-overlap"));
        QVERIFY(!find(pinned, ProposalKind::PipelineParallel, "Overlap pipeline sends"));
        QCOMPARE(overlaps(pinned, &ParallelConfig::tpCommOverlap), 0);
        QCOMPARE(overlaps(pinned, &ParallelConfig::ppCommOverlap), 0);

        // Overlapping already: neither is proposed again, and trades to TP 1 or PP 1 drop the overlap
        // they no longer allow instead of being dropped themselves.
        p.training.pins = {};
        ParallelConfig on = config(2, 2, 8);
        on.schedule = Schedule::Interleaved1F1B;
        on.vpp = 2;
        on.tpCommOverlap = true;
        on.ppCommOverlap = true;
        const PlanEstimate overlapped = PlanEvaluator(p).evaluate(on);
        QVERIFY2(overlapped.feasible, overlapped.infeasibleReason.c_str());
        const std::vector<Proposal> again = proposeChanges(p, overlapped, 1000);
        QVERIFY(!find(again, ProposalKind::TensorParallel, "--tp-comm-overlap"));
        QVERIFY(!find(again, ProposalKind::PipelineParallel, "Overlap pipeline sends"));
        const Proposal* tp1 = find(again, ProposalKind::TensorParallel, "to TP 1 ");
        QVERIFY(tp1);
        QVERIFY(!tp1->config.tpCommOverlap && !tp1->config.sequenceParallel);
        QVERIFY(tp1->config.ppCommOverlap == (tp1->config.schedule == Schedule::Interleaved1F1B));
        const Proposal* pp1 = find(again, ProposalKind::DataParallel, "TP 2 x PP 1 x DP 16");
        QVERIFY(pp1);
        QVERIFY(!pp1->config.ppCommOverlap && pp1->config.tpCommOverlap);
        const Proposal* spOff = find(again, ProposalKind::SequenceParallel, "Turn off sequence parallelism");
        QVERIFY(spOff);
        QVERIFY(!spOff->config.tpCommOverlap && !spOff->config.sequenceParallel);
        for (const Proposal& q : again)
            QVERIFY2(q.config.pp > 1 || !q.config.ppCommOverlap, q.title.text().c_str());
    }

    // (b) Applying a proposal and re-evaluating gives exactly the predicted speedup and memory change.
    void applyingReproducesPrediction()
    {
        const PlanningProblem p = llama8b(32, 256);
        const PlanEstimate current = PlanEvaluator(p).evaluate(config(8, 4, 1, 1, 1, Recompute::Full));
        QVERIFY(current.feasible);
        const std::vector<Proposal> list = proposeChanges(p, current, 50);
        QVERIFY(!list.empty());
        QVERIFY(list.front().evaluated);
        QVERIFY(list.front().speedup > 1);
        int checked = 0;
        for (const Proposal& prop : list) {
            if (!prop.evaluated)
                continue;
            PlanningProblem applied = p;
            applied.training = prop.training;
            const PlanEstimate e = PlanEvaluator(applied).evaluate(prop.config);
            QCOMPARE(current.time.stepSeconds / e.time.stepSeconds, prop.speedup);
            QCOMPARE(e.peakMemoryBytes - current.peakMemoryBytes, prop.memoryDeltaBytes);
            QCOMPARE(e.feasible, prop.feasible);
            QCOMPARE(e.time.stepSeconds, prop.estimate.time.stepSeconds);
            ++checked;
        }
        QVERIFY(checked >= 5);
    }

    // Pinned knobs stay as pinned: the same plan unpinned gets proposals that change them.
    void pinsAreRespected()
    {
        PlanningProblem p = llama8b(32, 256);
        const ParallelConfig c = config(8, 4, 1, 1, 1, Recompute::Full);
        const PlanEstimate current = PlanEvaluator(p).evaluate(c);
        auto changes = [](const std::vector<Proposal>& list, auto field) {
            return std::count_if(list.begin(), list.end(), [&](const Proposal& q) { return q.evaluated && field(q.config); });
        };
        auto tpChanged = [&](const ParallelConfig& q) { return q.tp != c.tp; };
        auto recomputeChanged = [&](const ParallelConfig& q) { return q.recompute != c.recompute; };
        const std::vector<Proposal> free = proposeChanges(p, current, 50);
        QVERIFY(changes(free, tpChanged) > 0);
        QVERIFY(changes(free, recomputeChanged) > 0);

        p.training.pins.tp = 8;
        p.training.pins.recompute = Recompute::Full;
        const PlanEstimate pinnedCurrent = PlanEvaluator(p).evaluate(c);
        const std::vector<Proposal> pinned = proposeChanges(p, pinnedCurrent, 50);
        QVERIFY(!pinned.empty()); // other knobs are still proposed
        QCOMPARE(changes(pinned, tpChanged), 0);
        QCOMPARE(changes(pinned, recomputeChanged), 0);
        for (const Proposal& q : pinned)
            QVERIFY(satisfiesPins(q.config, p.training.pins));
    }

    // (c) A large bubble gets a pipeline proposal that quotes it.
    void bubbleProposalQuotesBubble()
    {
        const PlanningProblem p = llama8b(32, 64);
        const PlanEstimate current = PlanEvaluator(p).evaluate(config(2, 4, 4, 2));
        QVERIFY(current.feasible);
        QCOMPARE(current.numMicroBatches, 8);
        QVERIFY(current.bubbleFraction > 0.2);
        const std::vector<Proposal> list = proposeChanges(p, current, 100);
        const Proposal* more = find(list, ProposalKind::PipelineParallel, "More micro-batches");
        QVERIFY(more);
        const std::string expected = "pipeline bubble is " + percent(current.bubbleFraction) + " of the step with m = 8; m = "
            + std::to_string(more->estimate.numMicroBatches) + " cuts it to " + percent(more->estimate.bubbleFraction);
        QVERIFY2(more->rationale.text().find(expected) != std::string::npos, more->rationale.text().c_str());
        QVERIFY(more->estimate.bubbleFraction < current.bubbleFraction);
        const Proposal* interleave = find(list, ProposalKind::PipelineParallel, "Interleave");
        QVERIFY(interleave);
        QVERIFY(interleave->config.schedule == Schedule::Interleaved1F1B);
        QVERIFY(interleave->estimate.bubbleFraction < current.bubbleFraction);
        QVERIFY2(interleave->rationale.text().find("pipeline bubble is " + percent(current.bubbleFraction)) != std::string::npos,
                 interleave->rationale.text().c_str());
    }

    // Zero-bubble plans keep their family when the chunk count changes: ZB-H1 interleaves into the interleaved
    // zero-bubble schedule, which falls back to ZB-H1 (not 1F1B); ZBV, always 2 chunks, only falls back.
    void zeroBubbleChunkProposals()
    {
        const PlanningProblem p = llama8b(32, 64);
        ParallelConfig h1 = config(2, 4, 4, 2);
        h1.schedule = Schedule::ZeroBubbleH1;
        const PlanEstimate h1Now = PlanEvaluator(p).evaluate(h1);
        QVERIFY2(h1Now.feasible, h1Now.infeasibleReason.c_str());
        const std::vector<Proposal> fromH1 = proposeChanges(p, h1Now, 1000);
        const Proposal* interleave = find(fromH1, ProposalKind::PipelineParallel, "Interleave 2 model chunks");
        QVERIFY(interleave);
        QVERIFY(interleave->config.schedule == Schedule::InterleavedZeroBubble);
        QCOMPARE(interleave->config.vpp, 2);
        // Priced as the evaluator prices that configuration (the simulated interleaved zero-bubble order).
        QCOMPARE(interleave->estimate.time.stepSeconds, PlanEvaluator(p).evaluate(interleave->config).time.stepSeconds);

        ParallelConfig izb = h1;
        izb.schedule = Schedule::InterleavedZeroBubble;
        izb.vpp = 2;
        const std::vector<Proposal> fromIzb = proposeChanges(p, PlanEvaluator(p).evaluate(izb), 1000);
        const Proposal* back = find(fromIzb, ProposalKind::PipelineParallel, "without interleaving");
        QVERIFY(back);
        QVERIFY(back->config.schedule == Schedule::ZeroBubbleH1);
        QCOMPARE(back->config.vpp, 1);
        QVERIFY(back->title.text().find("ZB-H1") == 0);
        const Proposal* more = find(fromIzb, ProposalKind::PipelineParallel, "Interleave 4 model chunks");
        QVERIFY(more && more->config.schedule == Schedule::InterleavedZeroBubble);

        ParallelConfig zbv = izb;
        zbv.schedule = Schedule::ZeroBubbleV;
        const std::vector<Proposal> fromZbv = proposeChanges(p, PlanEvaluator(p).evaluate(zbv), 1000);
        QVERIFY(!find(fromZbv, ProposalKind::PipelineParallel, "Interleave"));
        const Proposal* zbvBack = find(fromZbv, ProposalKind::PipelineParallel, "without interleaving");
        QVERIFY(zbvBack && zbvBack->config.schedule == Schedule::ZeroBubbleH1);
        // No traded configuration leaves a zero-bubble schedule without pipeline parallelism.
        for (const std::vector<Proposal>* list : { &fromH1, &fromIzb, &fromZbv })
            for (const Proposal& pr : *list)
                QVERIFY(pr.config.pp >= 2 || !isZeroBubble(pr.config.schedule));
    }

    // (d) An out-of-memory plan gets a memory-reducing proposal that fits.
    void oomPlanGetsFeasibleMemoryFix()
    {
        const PlanningProblem p = llama8b(8, 64);
        const PlanEstimate current = PlanEvaluator(p).evaluate(config(1, 1, 8, 1, 0, Recompute::None));
        QVERIFY(!current.feasible);
        QVERIFY(!current.stages.empty());
        const std::vector<Proposal> list = proposeChanges(p, current, 100);
        QVERIFY(!list.empty());
        QVERIFY(list.front().feasible);
        bool found = false;
        for (const Proposal& prop : list)
            if (prop.feasible && prop.memoryDeltaBytes < 0
                && (prop.kind == ProposalKind::ZeroStage || prop.kind == ProposalKind::Recomputation
                    || prop.kind == ProposalKind::TensorParallel))
                found = true;
        QVERIFY(found);
    }

    // (e) Feasible first, then by speedup; no configuration twice; at most maxCount.
    void rankedWithoutDuplicates_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("dp");
        QTest::addColumn<bool>("interleaved");
        QTest::newRow("tp8 pp4") << 8 << 4 << 1 << false;
        QTest::newRow("tp2 pp1 dp16") << 2 << 1 << 16 << false;
        QTest::newRow("tp2 pp4 dp4 interleaved") << 2 << 4 << 4 << true;
    }
    void rankedWithoutDuplicates()
    {
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, dp);
        QFETCH(bool, interleaved);
        const PlanningProblem p = llama8b(32, 256);
        ParallelConfig c = config(tp, pp, dp);
        if (interleaved) {
            c.schedule = Schedule::Interleaved1F1B;
            c.vpp = 2;
        }
        const PlanEstimate current = PlanEvaluator(p).evaluate(c);
        QVERIFY2(current.infeasibleReason.empty(), current.infeasibleReason.c_str());
        const std::vector<Proposal> all = proposeChanges(p, current, 1000);
        QVERIFY(all.size() >= 5);
        std::set<std::string> titles;
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Proposal& a = all[i];
            QVERIFY(!a.title.text().empty() && !a.rationale.text().empty());
            QVERIFY(titles.insert(a.title.text()).second);
            QVERIFY(!(a.evaluated && a.config == c && a.training.dpOverlap == p.training.dpOverlap));
            if (i + 1 < all.size()) {
                const Proposal& b = all[i + 1];
                QVERIFY(a.feasible || !b.feasible);
                if (a.feasible == b.feasible)
                    QVERIFY(a.speedup >= b.speedup);
            }
            for (std::size_t j = 0; j < i; ++j)
                if (all[j].evaluated && a.evaluated)
                    QVERIFY(!(all[j].config == a.config && all[j].training.dpOverlap == a.training.dpOverlap));
        }
        const std::vector<Proposal> three = proposeChanges(p, current, 3);
        QCOMPARE(three.size(), std::size_t(3));
        for (std::size_t i = 0; i < 3; ++i)
            QCOMPARE(three[i].title.text(), all[i].title.text());
        QVERIFY(proposeChanges(p, PlanEvaluator(p).evaluate(config(3, 1, 1)), 10).empty()); // rejected plan
    }

    // (f) The GPT fixture's weighted MatMuls, their Megatron split and their shares by hand.
    void onnxMatMulOpportunities()
    {
        constexpr double V = 128, H = 64, F = 256, L = 2;
        PlanningProblem p;
        p.model = importModel(onnxFile("gpt_block.onnx"));
        const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
        QVERIFY(h100);
        p.cluster = ClusterSpec::make(*h100, 8, 8);
        p.training.seqLength = 32;
        p.training.globalBatch = 8;
        const GraphAnalysis analysis = analyzeModel(p.model, 32);
        QCOMPARE(analysis.level, std::string("operators"));
        const PlanEstimate current = PlanEvaluator(p).evaluate(config(1, 1, 8));
        QVERIFY2(current.infeasibleReason.empty(), current.infeasibleReason.c_str());
        const std::vector<ParallelizationOpportunity> ops = findOpportunities(p, analysis, current);
        QCOMPARE(ops.size(), std::size_t(L * 4 + 1));
        double flops = 0, params = 0;
        std::map<std::string, ShardMethod> methods;
        for (const ParallelizationOpportunity& o : ops) {
            QCOMPARE(o.op, std::string("MatMul"));
            QCOMPARE(o.ways, 8);
            QVERIFY(o.opportunityType == ParallelType::TensorParallel);
            QVERIFY(o.estimatedSpeedup > 0 && o.shardedSeconds > 0);
            QCOMPARE(o.estimatedSpeedup, o.computeSeconds / o.shardedSeconds);
            flops += o.flopsShare;
            params += o.paramsShare;
            methods[o.nodeId] = o.method;
        }
        const double matmulWeights = L * (H * 3 * H + H * H + H * F + F * H) + H * V;
        QVERIFY(qFuzzyCompare(flops, 2 * matmulWeights / analysis.totalFlops));
        QVERIFY(qFuzzyCompare(params, matmulWeights / double(analysis.totalParams)));
        QCOMPARE(double(analysis.totalParams), double(p.model.totalParams()));
        QVERIFY(methods.at("/transformer/h.0/attn/c_attn/MatMul") == ShardMethod::ColumnParallel);
        QVERIFY(methods.at("/transformer/h.0/attn/c_proj/MatMul") == ShardMethod::RowParallel);
        QVERIFY(methods.at("/transformer/h.1/mlp/c_fc/MatMul") == ShardMethod::ColumnParallel);
        QVERIFY(methods.at("/transformer/h.1/mlp/c_proj/MatMul") == ShardMethod::RowParallel);
        QVERIFY(methods.at("/lm_head/MatMul") == ShardMethod::ColumnParallel);
        QVERIFY(!methods.contains("/transformer/h.0/attn/MatMul")); // Q K^T has no weight to shard
        for (std::size_t i = 1; i < ops.size(); ++i)
            QVERIFY(ops[i - 1].estimatedSpeedup >= ops[i].estimatedSpeedup);
    }

    void cnnGetsChannelParallelConv()
    {
        PlanningProblem p;
        p.model = importModel(onnxFile("cnn_block.onnx"));
        const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
        QVERIFY(h100);
        p.cluster = ClusterSpec::make(*h100, 8, 8);
        p.training.seqLength = 1;
        p.training.globalBatch = 512;
        const GraphAnalysis analysis = analyzeModel(p.model, 1);
        const PlanEstimate current = PlanEvaluator(p).evaluate(config(1, 1, 8));
        QVERIFY2(current.infeasibleReason.empty(), current.infeasibleReason.c_str());
        const std::vector<ParallelizationOpportunity> ops = findOpportunities(p, analysis, current);
        int convs = 0;
        for (const ParallelizationOpportunity& o : ops)
            if (o.op == "Conv") {
                ++convs;
                QVERIFY(o.method == ShardMethod::ChannelParallel);
                QVERIFY(o.opportunityType == ParallelType::ModelParallel);
                QVERIFY(o.nodeId.find("/features/features.") == 0);
            }
        QCOMPARE(convs, 2);
        // Conv FLOPs dominate: 2 x 16 x 32 x 32 x 27 + 2 x 32 x 16 x 16 x 144 of the forward pass.
        double convShare = 0;
        for (const ParallelizationOpportunity& o : ops)
            if (o.op == "Conv")
                convShare += o.flopsShare;
        QVERIFY(qFuzzyCompare(convShare, (2.0 * 16 * 32 * 32 * 27 + 2.0 * 32 * 16 * 16 * 144) / analysis.totalFlops));
        // The TP proposal for a CNN graph names channel-parallel Conv, a transformer's MatMul chains.
        const std::vector<Proposal> list = proposeChanges(p, current, 100);
        const Proposal* tp = find(list, ProposalKind::TensorParallel, "TP 2");
        QVERIFY(tp);
        QVERIFY2(tp->rationale.text().find("channel-parallel Conv (2 Conv operators") != std::string::npos, tp->rationale.text().c_str());
        const PlanningProblem gpt = llama8b(32, 256);
        const std::vector<Proposal> gptList = proposeChanges(gpt, PlanEvaluator(gpt).evaluate(config(2, 1, 16)), 100);
        const Proposal* gptTp = find(gptList, ProposalKind::TensorParallel, "TP 4");
        QVERIFY(gptTp);
        QVERIFY2(gptTp->rationale.text().find("column-parallel then row-parallel MatMul chains") != std::string::npos,
                 gptTp->rationale.text().c_str());
    }
};

QTEST_GUILESS_MAIN(TestProposals)
#include "tst_proposals.moc"
