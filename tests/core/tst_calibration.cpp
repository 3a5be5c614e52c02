// SPDX-License-Identifier: GPL-3.0-or-later
// The cost model against the calibration set (docs/calibration-set.md: Narayanan et al.
// 2021 Table 1 on A100, the Megatron-LM README table on H100) with the committed constants
// (resources/calibration.json): every run within 10 %, each family's mean within 5 %; the structure
// the fit cannot replace (GEMM tiles, message latency) is shown to matter; published trends and three
// sanity checks hold.
#include "calibration/calibration_set.h"
#include "cost/plan_evaluator.h"
#include "gpt_fixtures.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/plan_search.h"

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <functional>
#include <map>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

/// Relative errors of every run of `family` with the problem changed by `change` (an ablation).
/// The catalog of the software-stack profile a calibration-table run belongs to (Narayanan 2021: megatron-2021; the
/// Megatron-LM README table: mcore-r0.8).
const HardwareCatalog& catalogOf(const CalibrationRun& run)
{
    return *HardwareCatalog::builtin(run.family == "A100" ? "megatron-2021" : "mcore-r0.8");
}

std::vector<double> residuals(const std::string& family, const std::function<void(PlanningProblem&)>& change = {})
{
    std::vector<double> out;
    for (const CalibrationRun& run : calibrationRuns()) {
        if (run.family != family)
            continue;
        PlanningProblem problem = run.problem(catalogOf(run));
        if (change)
            change(problem);
        const RunPrediction p = predictRun(run, problem);
        out.push_back(p.feasible ? p.residual : 1.0);
    }
    return out;
}

bool withinBands(const std::vector<double>& r)
{
    double sum = 0;
    for (double x : r) {
        if (std::abs(x) > 0.10)
            return false;
        sum += std::abs(x);
    }
    return sum / double(r.size()) <= 0.05;
}

/// The fastest feasible plan with these pins.
PlanSummary best(const PlanningProblem& problem, const PlanPins& pins)
{
    const PlanEvaluator evaluator(problem);
    SearchOptions options;
    options.threads = 1;
    const SearchResult result = searchPlans(evaluator, pins, options);
    PlanSummary out;
    for (const PlanSummary& s : result.candidates)
        if (s.feasible && (!out.feasible || s.stepSeconds < out.stepSeconds))
            out = s;
    return out;
}

/// Flattens the GEMM curve: one-element tiles on one SM (no padding, no wave quantization), no per-tile depth.
void flattenGemms(PlanningProblem& p)
{
    p.cluster.gpu.kernels.gemmTileM = p.cluster.gpu.kernels.gemmTileN = 1;
    p.cluster.gpu.kernels.smCount = 1;
    p.cluster.gpu.kernels.gemmTileKOverhead = 0;
}

void removeLatency(PlanningProblem& p)
{
    p.cluster.intraNode.latencySeconds = p.cluster.interNode.latencySeconds = 0;
    p.cluster.gpu.kernels.kernelGapSeconds = 0;
}

/// A bundled model on nodes of 8 H100 with the given sequence length and global batch.
PlanningProblem bundledOnH100(const char* model, int gpus, std::int64_t seq, std::int64_t batch)
{
    PlanningProblem p;
    p.model = *findBundledModel(model);
    p.cluster = ClusterSpec::make(catalogGpu("H100-SXM"), gpus, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = batch;
    return p;
}

PlanningProblem gpt3On(int gpus, std::int64_t batch)
{
    TransformerSpec s = megatronGpt(12288, 96, 96);
    PlanningProblem p = megatronProblem(s, gpus, batch);
    return p;
}

} // namespace

class TestCalibration : public QObject
{
    Q_OBJECT
private slots:
    void everyRun_data();
    void everyRun();
    void familyMean_data();
    void familyMean();
    void gemmShapesAndLatencyMatter();
    void tensorParallelAcrossNodesLosesToPipeline();
    void microBatchHasAnOptimum();
    void interleavingMattersMoreAtSmallBatch();
    void sequenceParallelChangesOnlyReplicatedElementwise();
    void deepPipelinesPay();
    void fp8SpeedupBoundedByGemmShare();
    void unfusedKernelsCostTheirExtraBytes();
    void cleanupTestCase();

private:
    QStringList m_report;
};

void TestCalibration::everyRun_data()
{
    QTest::addColumn<int>("index");
    const std::vector<CalibrationRun>& runs = calibrationRuns();
    for (int i = 0; i < int(runs.size()); ++i)
        QTest::newRow(qPrintable(QString::fromStdString(runs[std::size_t(i)].family + " " + runs[std::size_t(i)].label))) << i;
}

void TestCalibration::everyRun()
{
    QFETCH(int, index);
    const CalibrationRun& run = calibrationRuns()[std::size_t(index)];
    const RunPrediction p = predictRun(run, run.problem(catalogOf(run)));
    QVERIFY2(p.feasible, p.reason.c_str());
    // The published count, recomputed here from the paper's formula, over the predicted step.
    const double B = double(run.globalBatch), s = double(run.seqLength), l = double(run.spec.layers),
                 h = double(run.spec.hidden), V = double(run.spec.vocab);
    const double flops = run.counting == FlopCounting::NarayananEq3
        ? 96.0 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h))
        : 72.0 * B * s * l * h * h * (1 + s / (6 * h) + V / (12 * l * h));
    const double predicted = flops / (double(run.gpus) * p.stepSeconds) / 1e12;
    m_report << QStringLiteral("%1 %2  t=%3 p=%4 b=%5 v=%6  predicted %7 TF/s  published %8  (%9%)")
                    .arg(QString::fromStdString(run.family), 5)
                    .arg(QString::fromStdString(run.label), 8)
                    .arg(run.tp)
                    .arg(run.pp, 2)
                    .arg(p.config.microBatch)
                    .arg(p.config.vpp)
                    .arg(predicted, 6, 'f', 1)
                    .arg(run.publishedTflopsPerGpu, 6, 'f', 1)
                    .arg(100.0 * (predicted / run.publishedTflopsPerGpu - 1), 5, 'f', 1);
    QVERIFY2(std::abs(predicted / run.publishedTflopsPerGpu - 1) <= 0.10,
             qPrintable(QStringLiteral("predicted %1 TF/s vs published %2").arg(predicted).arg(run.publishedTflopsPerGpu)));
}

void TestCalibration::familyMean_data()
{
    QTest::addColumn<QString>("family");
    QTest::newRow("A100") << QStringLiteral("A100");
    QTest::newRow("H100") << QStringLiteral("H100");
}

void TestCalibration::familyMean()
{
    QFETCH(QString, family);
    const std::vector<double> r = residuals(family.toStdString());
    QVERIFY(r.size() >= 9);
    double sum = 0, sq = 0;
    for (double x : r) {
        sum += std::abs(x);
        sq += x * x;
    }
    QVERIFY2(sum / double(r.size()) <= 0.05, qPrintable(QStringLiteral("mean |error| %1").arg(sum / double(r.size()))));
    // The in-sample rms the profile records is the one measured here (its step-time error: predicted / published
    // TF/s - 1 = r means predicted / measured step - 1 = 1 / (1 + r) - 1).
    const GpuSpec* gpu = HardwareCatalog::builtin(family == QLatin1String("A100") ? "megatron-2021" : "mcore-r0.8")
                             ->find(family == QLatin1String("A100") ? "A100-SXM-80GB" : "H100-SXM");
    QVERIFY(gpu);
    double stepSq = 0;
    for (double x : r)
        stepSq += (1 / (1 + x) - 1) * (1 / (1 + x) - 1);
    QCOMPARE(gpu->calibration.runs, int(r.size()));
    QVERIFY(std::abs(gpu->calibration.rmsError - std::sqrt(stepSq / double(r.size()))) < 0.002);
    QVERIFY(sq > 0);
}

void TestCalibration::gemmShapesAndLatencyMatter()
{
    // With the committed constants, a flat GEMM rate must break the bands: the fit did not absorb the
    // tiles and waves, the structure carries them.
    for (const char* family : { "A100", "H100" })
        QVERIFY(withinBands(residuals(family)));
    bool flatFails = false;
    double latencyShift = 0;
    for (const char* family : { "A100", "H100" }) {
        flatFails = flatFails || !withinBands(residuals(family, flattenGemms));
        const std::vector<double> with = residuals(family), without = residuals(family, removeLatency);
        for (std::size_t i = 0; i < with.size(); ++i)
            latencyShift = std::max(latencyShift, std::abs(without[i] - with[i]));
    }
    QVERIFY2(flatFails, "a flat GEMM rate still fits every calibration run");
    // The calibration runs move megabytes per message: latency-free links change them by a few percent at
    // most, so the bands cannot show it (reported, not hidden).
    std::printf("latency-free links move the calibration predictions by at most %.1f %%\n", 100 * latencyShift);
    QVERIFY(latencyShift > 0.001);

    // Where messages are small latency is most of the cost: Llama-3-8B, TP 8 with sequence parallelism,
    // micro-batch 1 of 1,024 tokens (8 MB per collective, 14-step rings).
    PlanningProblem problem = bundledOnH100("llama-3-8b", 8, 1024, 64);
    ParallelConfig c;
    c.tp = 8;
    c.microBatch = 1;
    c.sequenceParallel = true;
    const PlanEstimate real = PlanEvaluator(problem).evaluate(c);
    removeLatency(problem);
    const PlanEstimate ideal = PlanEvaluator(problem).evaluate(c);
    const double ring = 7 * catalogGpu("H100-SXM").scaleUp.latencySeconds; // one reduce-scatter's steps
    QVERIFY(ring > 0);
    QVERIFY2(real.time.stepSeconds > 1.05 * ideal.time.stepSeconds,
             qPrintable(QStringLiteral("with latency %1 s, without %2 s").arg(real.time.stepSeconds).arg(ideal.time.stepSeconds)));
}

void TestCalibration::tensorParallelAcrossNodesLosesToPipeline()
{
    // Narayanan et al. 2021, Sec. 5.4.1: TP beyond a DGX node (8 GPUs) loses to TP 8 x PP.
    const PlanningProblem problem = gpt3On(1024, 1536);
    PlanPins acrossNodes;
    acrossNodes.tp = 16;
    acrossNodes.recompute = Recompute::Full;
    PlanPins withinNode = acrossNodes;
    withinNode.tp = 8;
    const PlanSummary a = best(problem, acrossNodes), w = best(problem, withinNode);
    QVERIFY(a.feasible && w.feasible);
    QVERIFY2(w.stepSeconds < a.stepSeconds,
             qPrintable(QStringLiteral("TP 8 + PP %1: %2 s, TP 16 + PP %3: %4 s")
                            .arg(w.config.pp).arg(w.stepSeconds).arg(a.config.pp).arg(a.stepSeconds)));
}

void TestCalibration::microBatchHasAnOptimum()
{
    // Narayanan et al. 2021, Sec. 3.4 / Fig. 16: with a fixed global batch, throughput first rises with
    // the micro-batch (GEMMs that fill the GPU, fewer kernel launches) and then falls as fewer micro-batches
    // widen the bubble. Table 1's 1.7B GPT (h 2304) on two pipeline stages of 8 A100, 64 sequences per
    // replica: its GEMMs at one sequence of 2048 tokens leave waves partly empty.
    const PlanningProblem problem = megatronProblem(megatronGpt(2304, 24, 24), 16, 512);
    const PlanEvaluator evaluator(problem);
    ParallelConfig c;
    c.tp = 1;
    c.pp = 2;
    c.dp = 8;
    c.recompute = Recompute::Full;
    c.schedule = Schedule::OneFOneB;
    std::vector<std::pair<int, double>> curve;
    for (int b : { 1, 2, 4, 8, 16, 32, 64 }) {
        c.microBatch = b;
        const PlanEstimate e = evaluator.evaluate(c);
        QVERIFY2(!e.stages.empty(), e.infeasibleReason.c_str());
        curve.emplace_back(b, e.tokensPerSecond);
    }
    int bestIndex = 0;
    for (int i = 1; i < int(curve.size()); ++i)
        if (curve[std::size_t(i)].second > curve[std::size_t(bestIndex)].second)
            bestIndex = i;
    QString text;
    for (const auto& [b, tps] : curve)
        text += QStringLiteral("b=%1: %2 tok/s  ").arg(b).arg(tps, 0, 'f', 0);
    QVERIFY2(bestIndex > 0, qPrintable(QStringLiteral("micro-batch 1 is the fastest: ") + text));
    QVERIFY2(bestIndex < int(curve.size()) - 1, qPrintable(QStringLiteral("the largest micro-batch is the fastest: ") + text));
}

void TestCalibration::interleavingMattersMoreAtSmallBatch()
{
    // Narayanan et al. 2021, Sec. 5.3 (Fig. 12): interleaving's gain shrinks as the batch grows.
    auto gain = [](std::int64_t batch) {
        const PlanningProblem problem = gpt3On(96, batch);
        const PlanEvaluator evaluator(problem);
        ParallelConfig c;
        c.tp = 8;
        c.pp = 12;
        c.dp = 1;
        c.microBatch = 1;
        c.recompute = Recompute::Full;
        c.schedule = Schedule::OneFOneB;
        const double plain = evaluator.evaluate(c).time.stepSeconds;
        c.schedule = Schedule::Interleaved1F1B;
        c.vpp = 2;
        const double interleaved = evaluator.evaluate(c).time.stepSeconds;
        return plain / interleaved;
    };
    const double small = gain(12), large = gain(96);
    QVERIFY2(small > 1.0, qPrintable(QString::number(small)));
    QVERIFY2(small > large, qPrintable(QStringLiteral("gain at B=12: %1, at B=96: %2").arg(small).arg(large)));
}

void TestCalibration::sequenceParallelChangesOnlyReplicatedElementwise()
{
    // Korthikanti et al. 2022, Sec. 4.2.2: sequence parallelism splits the norms and dropout-adds (the work
    // TP leaves replicated) over t; the GEMMs and attention do not change. Computed by hand: the replicated
    // element-wise bytes of one block's layers, forward and backward, at the GPU's achievable HBM rate.
    PlanningProblem problem = bundledOnH100("llama-3-70b", 64, 8192, 64);
    const PlanEvaluator evaluator(problem);
    ParallelConfig c;
    c.tp = 8;
    c.pp = 8;
    c.dp = 1;
    c.microBatch = 1;
    c.sequenceParallel = true;
    const PlanEstimate on = evaluator.evaluate(c);
    c.sequenceParallel = false;
    const PlanEstimate off = evaluator.evaluate(c);
    QVERIFY(!on.stages.empty() && !off.stages.empty());
    const StageEstimate& a = on.stages[3];
    const StageEstimate& b = off.stages[3]; // a middle stage: blocks only
    double replicated = 0;
    int blocks = 0;
    for (const auto& [first, end] : a.layerRanges)
        for (int i = first; i < end; ++i) {
            const Layer& l = problem.model.layer(i);
            replicated += l.elementwiseForward.replicatedBytes + l.elementwiseBackward.replicatedBytes;
            blocks += l.kind == LayerKind::Attention ? 1 : 0;
        }
    QVERIFY(blocks > 0);
    const GpuSpec& gpu = problem.cluster.gpu;
    const double tokens = 8192;
    const double expected = replicated * tokens * (1.0 - 1.0 / 8) / (gpu.hbmBytesPerSecond * gpu.kernels.hbmEfficiency);
    const double delta = b.computeSeconds - a.computeSeconds;
    QVERIFY2(std::abs(delta - expected) <= 0.01 * expected,
             qPrintable(QStringLiteral("SP off - on: %1 s, replicated element-wise work: %2 s").arg(delta).arg(expected)));
    QVERIFY2(b.computeSeconds / a.computeSeconds < 1.2, qPrintable(QString::number(b.computeSeconds / a.computeSeconds)));
}

void TestCalibration::deepPipelinesPay()
{
    // Llama-3.1-405B on 1,024 H100 (seq 8192, 1,024 sequences a step). A pipeline of one block a stage
    // (PP 128 at TP 8) pays the bubble of 127 fill and drain slots, a synchronous send each way per
    // micro-batch over the network (1F1B cannot overlap them in Megatron) and per-stage optimizer and
    // DP tails: it is not the fastest plan, and slower than the fastest by more than 2 %.
    PlanningProblem problem = bundledOnH100("llama-3.1-405b", 1024, 8192, 1024);
    const PlanSummary top = best(problem, {});
    QVERIFY(top.feasible);
    QVERIFY2(top.config.pp < 128, qPrintable(QStringLiteral("fastest plan has PP %1").arg(top.config.pp)));
    PlanPins deepest;
    deepest.tp = 8;
    deepest.pp = 128;
    deepest.schedule = Schedule::OneFOneB; // the zero-bubble schedules fill part of the bubble
    const PlanSummary d = best(problem, deepest);
    QVERIFY(d.feasible);
    QVERIFY2(d.stepSeconds > 1.02 * top.stepSeconds,
             qPrintable(QStringLiteral("PP 128: %1 s, best (PP %2): %3 s").arg(d.stepSeconds).arg(top.config.pp).arg(top.stepSeconds)));
    // Its bubble is at least Narayanan's (p - 1) / (m + p - 1) for uniform stages.
    const double m = 1024.0 / d.config.microBatch;
    QVERIFY2(d.bubbleFraction >= 127.0 / (m + 127.0) * 0.99, qPrintable(QString::number(d.bubbleFraction)));
    // And pipeline communication is on its critical path: the exposed communication exceeds the fastest plan's.
    QVERIFY(d.exposedCommSeconds > top.exposedCommSeconds);
}

void TestCalibration::fp8SpeedupBoundedByGemmShare()
{
    // FP8 doubles the tensor-core rate of the weight GEMMs only (attention, element-wise kernels and
    // communication stay): speedup <= 1 / (1 - g + g / 2), g = the GEMMs' share of the bf16 step.
    PlanningProblem problem = bundledOnH100("llama-3-70b", 64, 8192, 512);
    ParallelConfig c;
    c.tp = 8;
    c.pp = 4;
    c.dp = 2;
    c.microBatch = 1;
    c.sequenceParallel = true;
    c.zeroStage = 1;
    c.schedule = Schedule::OneFOneB;
    const PlanEstimate bf16 = PlanEvaluator(problem).evaluate(c);
    problem.training.precision = Precision::Fp8;
    const PlanEstimate fp8 = PlanEvaluator(problem).evaluate(c);
    QVERIFY(bf16.time.stepSeconds > 0 && fp8.time.stepSeconds > 0);
    double gemm = 0;
    for (const StageEstimate& st : bf16.stages)
        gemm = std::max(gemm, st.gemmSeconds);
    const double g = gemm * bf16.numMicroBatches / bf16.time.stepSeconds;
    const double bound = 1.0 / (1.0 - g + g / 2.0);
    const double speedup = bf16.time.stepSeconds / fp8.time.stepSeconds;
    QVERIFY2(g > 0.3 && g < 1.0, qPrintable(QString::number(g)));
    QVERIFY2(speedup > 1.05 && speedup <= bound,
             qPrintable(QStringLiteral("FP8 speedup %1, GEMM share %2, bound %3").arg(speedup).arg(g).arg(bound)));
    QVERIFY(speedup < 1.7);
}

void TestCalibration::unfusedKernelsCostTheirExtraBytes()
{
    // Without Megatron's fused kernels each element-wise operation reads and writes HBM on its own: the
    // compute grows by exactly the extra bytes at the GPU's achievable HBM rate (plus a kernel gap each),
    // the GEMMs and attention stay. Llama-3-8B, TP 1, one sequence of 4096.
    PlanningProblem problem = bundledOnH100("llama-3-8b", 8, 4096, 64);
    ParallelConfig c;
    c.dp = 8;
    const PlanEstimate fused = PlanEvaluator(problem).evaluate(c);
    problem.training.fusedKernels = false;
    const PlanEstimate unfused = PlanEvaluator(problem).evaluate(c);
    QVERIFY(!fused.stages.empty() && !unfused.stages.empty());
    double extra = 0, kernels = 0;
    for (int i = 0; i < problem.model.layerCount(); ++i) {
        const Layer& l = problem.model.layer(i);
        extra += l.unfusedExtraForward.shardedBytes + l.unfusedExtraForward.replicatedBytes + l.unfusedExtraBackward.shardedBytes
            + l.unfusedExtraBackward.replicatedBytes; // flash attention: no score bytes
        kernels += l.unfusedExtraForward.kernels + l.unfusedExtraBackward.kernels;
    }
    const GpuSpec& gpu = problem.cluster.gpu;
    const double expected = extra * 4096 / (gpu.hbmBytesPerSecond * gpu.kernels.hbmEfficiency) + kernels * gpu.kernels.kernelGapSeconds;
    const double delta = unfused.stages[0].computeSeconds - fused.stages[0].computeSeconds;
    QVERIFY(expected > 0);
    QVERIFY2(std::abs(delta - expected) <= 1e-9 + 0.001 * expected,
             qPrintable(QStringLiteral("unfused - fused: %1 s, extra bytes and launches: %2 s").arg(delta).arg(expected)));
    QCOMPARE(unfused.stages[0].gemmSeconds, fused.stages[0].gemmSeconds);
}

void TestCalibration::cleanupTestCase()
{
    std::printf("Calibration set (TF/s per GPU as each publication counts them):\n");
    for (const QString& line : m_report)
        std::printf("  %s\n", qPrintable(line));
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
