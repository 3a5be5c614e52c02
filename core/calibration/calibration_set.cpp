// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration/calibration_set.h"

#include "hardware/hardware_catalog.h"
#include "model/model_graph.h"
#include "partition/plan_search.h"

#include <stdexcept>

namespace shardscope {

// Narayanan et al. 2021 (SC'21), Table 1: GPT, V = 51,200, s = 2048, MHA, ffn 4h, LayerNorm, biases,
// learned positions, tied embeddings, dropout; fp16, full recomputation, interleaved 1F1B.
TransformerSpec narayananGpt(std::int64_t hidden, std::int64_t heads, std::int64_t layers)
{
    TransformerSpec s;
    s.name = "gpt-" + std::to_string(layers) + "x" + std::to_string(hidden);
    s.modelType = "gpt";
    s.hidden = hidden;
    s.ffn = 4 * hidden;
    s.layers = layers;
    s.heads = heads;
    s.kvHeads = heads;
    s.vocab = 51200;
    s.maxPositions = 2048;
    s.tiedEmbeddings = true;
    s.gatedMlp = false;
    s.norm = NormKind::LayerNorm;
    s.qkvBias = s.attnOutBias = s.mlpBias = true;
    s.positions = PositionKind::Learned;
    s.dropout = true;
    return s;
}

// Megatron-LM README weak-scaling table (Megatron-Core r0.8.0, H100): GPT with 12 L h^2 + 2 V h
// parameters (untied embeddings, no learned positions: rotary), V = 131,072, s = 4096, ffn 4h. What the
// table does not print is taken from Megatron's GPT defaults: LayerNorm, GELU, biases; no dropout.
TransformerSpec megatronReadmeGpt(std::int64_t hidden, std::int64_t heads, std::int64_t layers)
{
    TransformerSpec s = narayananGpt(hidden, heads, layers);
    s.vocab = 131072;
    s.maxPositions = 4096;
    s.tiedEmbeddings = false;
    s.positions = PositionKind::Rotary;
    s.dropout = false;
    return s;
}

namespace {

std::vector<CalibrationRun> makeRuns()
{
    std::vector<CalibrationRun> runs;
    struct A100Row { const char* label; int heads, hidden, layers, tp, pp, gpus, batch; double tflops; };
    const A100Row a100[] = {
        { "1.7B", 24, 2304, 24, 1, 1, 32, 512, 137 },         { "3.6B", 32, 3072, 30, 2, 1, 64, 512, 138 },
        { "7.5B", 32, 4096, 36, 4, 1, 128, 512, 142 },        { "18.4B", 48, 6144, 40, 8, 1, 256, 1024, 135 },
        { "39.1B", 64, 8192, 48, 8, 2, 512, 1536, 138 },      { "76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 140 },
        { "145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 148 },   { "310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 155 },
        { "529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 163 }, { "1008.0B", 160, 25600, 128, 8, 64, 3072, 3072, 163 },
    };
    for (const A100Row& r : a100) {
        CalibrationRun run;
        run.family = "A100";
        run.gpu = "A100-SXM-80GB";
        run.label = r.label;
        run.source = "Narayanan et al. 2021, Table 1";
        run.spec = narayananGpt(r.hidden, r.heads, r.layers);
        run.gpus = r.gpus;
        run.tp = r.tp;
        run.pp = r.pp;
        run.dp = r.gpus / (r.tp * r.pp);
        run.seqLength = 2048;
        run.globalBatch = r.batch;
        run.publishedTflopsPerGpu = r.tflops;
        run.counting = FlopCounting::NarayananEq3;
        // The paper's setup: fp16, full recomputation, interleaved 1F1B when pipelined, no sequence
        // parallelism (it came a year later), no distributed optimizer, 2021 kernels (no flash attention).
        // Micro-batch and chunk count were tuned per row; the search tunes them too.
        run.training.precision = Precision::Fp16;
        run.training.flashAttention = false;
        run.training.asyncTpBackward = false; // 2021 Megatron all-reduced the input gradient synchronously
        run.training.fp32Gradients = true;
        run.pins.tp = r.tp;
        run.pins.pp = r.pp;
        run.pins.recompute = Recompute::Full;
        run.pins.sequenceParallel = false;
        run.pins.zeroStage = 0;
        run.pins.schedule = r.pp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
        run.pins.tpCommOverlap = false;
        // 2021 Megatron sent and received between stages synchronously; today's Megatron (and this model's
        // rules) require the p2p overlap when interleaving over 2 stages, so the one PP 2 row gets it.
        run.pins.ppCommOverlap = r.pp == 2;
        runs.push_back(std::move(run));
    }

    struct H100Row { const char* label; int layers, hidden, heads, tp, pp, dp, batch; double tflops; };
    const H100Row h100[] = {
        { "1.7B", 24, 2048, 16, 1, 1, 48, 192, 408.8 },     { "7.1B", 30, 4096, 32, 2, 1, 48, 192, 465.9 },
        { "16B", 32, 6144, 48, 4, 1, 48, 192, 489.1 },      { "32B", 48, 7168, 56, 8, 1, 48, 192, 459.6 },
        { "70B", 84, 8192, 64, 8, 2, 48, 384, 419.7 },      { "119B", 92, 10240, 80, 8, 4, 48, 768, 420.5 },
        { "177B", 96, 12288, 96, 8, 6, 48, 1152, 432.8 },   { "314B", 96, 16384, 128, 8, 8, 48, 1536, 474.4 },
        { "462B", 112, 18432, 144, 8, 16, 48, 3072, 459.9 },
    };
    for (const H100Row& r : h100) {
        CalibrationRun run;
        run.family = "H100";
        run.gpu = "H100-SXM";
        run.label = r.label;
        run.source = "Megatron-LM README, weak scaling (Megatron-Core r0.8.0)";
        run.spec = megatronReadmeGpt(r.hidden, r.heads, r.layers);
        run.gpus = r.tp * r.pp * r.dp;
        run.tp = r.tp;
        run.pp = r.pp;
        run.dp = r.dp;
        run.seqLength = 4096;
        run.globalBatch = r.batch;
        run.publishedTflopsPerGpu = r.tflops;
        run.counting = FlopCounting::MegatronModel;
        // The README's flags: --overlap-grad-reduce and --overlap-param-gather (distributed optimizer:
        // ZeRO-1), --tp-comm-overlap (needs sequence parallelism); bf16 (MFU is quoted against the bf16
        // peak) with Transformer Engine's fused attention. Micro-batch, virtual stages, schedule and
        // recomputation are not stated: searched.
        run.training.precision = Precision::Bf16;
        run.training.flashAttention = true;
        run.training.fp32Gradients = true;
        run.pins.tp = r.tp;
        run.pins.pp = r.pp;
        run.pins.zeroStage = 1;
        run.pins.sequenceParallel = r.tp > 1;
        runs.push_back(std::move(run));
    }
    for (CalibrationRun& run : runs) {
        run.gpusPerNode = 8;
        run.training.seqLength = run.seqLength;
        run.training.globalBatch = run.globalBatch;
        // The publications count model states and activations; no allowance or margin is assumed.
        run.training.frameworkOverheadBytes = 0;
        run.training.memoryMargin = 0;
        // Both publications ran Megatron's even split of the blocks over the (virtual) stages.
        run.training.pipelineSplit.even = true;
        run.pins.dp = run.dp;
    }
    return runs;
}

} // namespace

double CalibrationRun::publishedCountFlops() const
{
    const double B = double(globalBatch), s = double(seqLength), l = double(spec.layers), h = double(spec.hidden),
                 V = double(spec.vocab);
    if (counting == FlopCounting::NarayananEq3)
        return 96.0 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h)); // Narayanan 2021, Eq. 3
    return 72.0 * B * s * l * h * h * (1 + s / (6 * h) + V / (12 * l * h));     // Korthikanti 2022, Eq. 7
}

PlanningProblem CalibrationRun::problem(const HardwareCatalog& catalog) const
{
    const GpuSpec* g = catalog.find(gpu);
    if (!g)
        throw std::runtime_error("the hardware catalog has no GPU named \"" + gpu + "\"");
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    p.cluster = ClusterSpec::make(*g, gpus, gpusPerNode);
    p.training = training;
    return p;
}

const std::vector<CalibrationRun>& calibrationRuns()
{
    static const std::vector<CalibrationRun> runs = makeRuns();
    return runs;
}

std::optional<PlanSummary> fastestPinnedPlan(const PlanningProblem& problem, const PlanPins& pins, std::string& reason,
                                             std::optional<ParallelConfig>* closestOverMemory)
{
    const PlanEvaluator evaluator(problem);
    SearchOptions options;
    options.threads = 1;
    options.pruning = SearchPruning::FastestOnly; // only the fastest plan that fits is read
    const SearchResult result = searchPlans(evaluator, pins, options);
    const PlanSummary* best = nullptr;
    for (const PlanSummary& s : result.candidates)
        if (s.feasible && (!best || s.stepSeconds < best->stepSeconds))
            best = &s;
    reason.clear();
    if (!best) {
        if (!result.candidates.empty())
            reason = result.candidates.front().infeasibleReason.text();
        if (closestOverMemory) {
            // Candidates that break no rule but exceed the usable memory (their peak is above it).
            const double usable = evaluator.usableBytes();
            const PlanSummary* closest = nullptr;
            for (const PlanSummary& s : result.candidates)
                if (s.peakMemoryBytes > usable && evaluator.structuralProblem(s.config).empty()
                    && (!closest || s.peakMemoryBytes < closest->peakMemoryBytes))
                    closest = &s;
            if (closest)
                *closestOverMemory = closest->config;
        }
        return std::nullopt;
    }
    return *best;
}

RunPrediction predictRun(const CalibrationRun& run, const PlanningProblem& problem)
{
    RunPrediction out;
    const std::optional<PlanSummary> best = fastestPinnedPlan(problem, run.pins, out.reason);
    if (!best) {
        if (out.reason.empty())
            out.reason = "no candidate";
        return out;
    }
    out.feasible = true;
    out.config = best->config;
    out.stepSeconds = best->stepSeconds;
    out.predictedTflopsPerGpu = run.publishedCountFlops() / (double(run.gpus) * best->stepSeconds) / 1e12;
    out.residual = out.predictedTflopsPerGpu / run.publishedTflopsPerGpu - 1;
    return out;
}

} // namespace shardscope
