// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM arguments (NVIDIA/Megatron-LM megatron/training/arguments.py at d98e8a6; flag names in
// ../shared/notes/qt-ecosystem.md section 8 and docs/launch-configs.md).
#include "export/launch_config_detail.h"
#include "util/input_error.h"

#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace shardscope::launch_detail {

namespace {

struct Args
{
    std::vector<std::pair<std::string, std::string>> flags; ///< flag, value ("" for a switch)
    void add(std::string flag, std::string value = {}) { flags.emplace_back(std::move(flag), std::move(value)); }
    void add(std::string flag, std::int64_t value) { add(std::move(flag), std::to_string(value)); }
};

/// How the plan's blocks are spread over pipeline chunks, in Megatron's terms.
struct PipelineShape
{
    enum Kind { Even, UnevenFirstLast, Layout } kind = Even;
    int first = 0;       ///< blocks of stage 0 (UnevenFirstLast)
    int last = 0;        ///< blocks of the last stage (UnevenFirstLast)
    std::string layout;  ///< --pipeline-model-parallel-layout value (Layout)
};

PipelineShape pipelineShape(const PlanView& v)
{
    const int pp = v.config.pp;
    const int vpp = v.config.vpp;
    PipelineShape shape;
    // Megatron splits a stage's blocks evenly over its virtual chunks; anything else needs a layout.
    bool chunksEven = true;
    for (const Segment& s : v.segments)
        chunksEven = chunksEven && s.blocks * vpp == v.stageBlocks(s.stage);
    bool allEqual = true, middleEqual = true;
    for (int s = 1; s < pp; ++s)
        allEqual = allEqual && v.stageBlocks(s) == v.stageBlocks(0);
    for (int s = 2; s < pp - 1; ++s)
        middleEqual = middleEqual && v.stageBlocks(s) == v.stageBlocks(1);
    if (chunksEven && allEqual)
        return shape;
    if (chunksEven && middleEqual) {
        shape.kind = PipelineShape::UnevenFirstLast;
        shape.first = v.stageBlocks(0);
        shape.last = v.stageBlocks(pp - 1);
        return shape;
    }
    shape.kind = PipelineShape::Layout;
    for (std::size_t i = 0; i < v.segments.size(); ++i) {
        const int n = v.segments[i].blocks;
        if (i > 0)
            shape.layout += "|";
        if (i == 0)
            shape.layout += "E";
        if (n == 1)
            shape.layout += "t";
        else if (n > 1)
            shape.layout += "t*" + std::to_string(n);
        if (i + 1 == v.segments.size())
            shape.layout += "L";
    }
    return shape;
}

/// "8" for 8.0, "2.5" for 2.5: how a Python float argument is usually written.
std::string formatFloat(double v)
{
    std::ostringstream out;
    out << std::setprecision(12) << v;
    return out.str();
}

/// The rotary base and llama3-style scaling. Flags checked in megatron/training/arguments.py
/// (_add_network_size_args; stored copy at 000c4ac): --rotary-base (int, default 10000),
/// --use-rope-scaling (llama3.x), --rope-scaling-factor (float, default 8.0).
void addRope(const TransformerSpec& t, Args& a, std::vector<std::string>& notes)
{
    if (t.positions != PositionKind::Rotary)
        return;
    if (!t.ropeTheta)
        notes.push_back("The model's source gives no rotary base (rope_theta), so Megatron's default --rotary-base "
                        "10000 applies; add --rotary-base if the model was trained with another base.");
    else if (*t.ropeTheta == std::floor(*t.ropeTheta))
        a.add("--rotary-base", static_cast<std::int64_t>(*t.ropeTheta)); // <= 1e12 (kMaxRopeTheta)
    else
        notes.push_back("The rotary base " + formatFloat(*t.ropeTheta) + " is not an integer and Megatron's "
                        "--rotary-base takes integers only; no --rotary-base, so Megatron's 10000 applies unless "
                        "you patch it.");
    if (!t.ropeScaling)
        return;
    const RopeScaling& r = *t.ropeScaling;
    if (!r.isLlama3()) {
        notes.push_back("RoPE scaling \"" + r.type + "\" is not exported: Megatron's --use-rope-scaling is the "
                        "llama3 kind only; set this model's scaling by hand.");
        return;
    }
    a.add("--use-rope-scaling");
    a.add("--rope-scaling-factor", formatFloat(r.factor));
    // Megatron's RotaryEmbedding._apply_scaling takes only the factor; the rest are its defaults.
    if (r.lowFreqFactor != 1 || r.highFreqFactor != 4 || r.originalMaxPositions != 8192)
        notes.push_back("Megatron's llama3 RoPE scaling fixes low_freq_factor 1, high_freq_factor 4 and an original "
                        "context of 8192; this model has " + formatFloat(r.lowFreqFactor) + ", "
                        + formatFloat(r.highFreqFactor) + " and " + std::to_string(r.originalMaxPositions)
                        + ", so its positions differ in Megatron unless you patch RotaryEmbedding.");
}

/// TP and pipeline communication overlapped with compute, as the plan's config says. Megatron at
/// d98e8a6: --tp-comm-overlap (TransformerConfig.tp_comm_overlap; validate_args asserts sequence
/// parallelism); pipeline sends and receives are overlapped by default in the interleaved schedule only
/// (overlap_p2p_comm, off with --no-overlap-p2p-communication; validate_args turns it off without
/// virtual stages and requires it for interleaving with PP 2). There is no --overlap-p2p-communication.
void addCommunicationOverlap(const PlanView& v, const TransformerSpec& t, Args& a, std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    if (c.tpCommOverlap) {
        if (c.tp > 1 && (c.sequenceParallel || t.isMoe())) {
            a.add("--tp-comm-overlap");
            notes.push_back("TP communication overlapped with the GEMMs (--tp-comm-overlap): Transformer Engine's "
                            "userbuffers, which need the transformer_engine and yaml packages; --tp-comm-overlap-cfg "
                            "tunes the split per GEMM.");
        } else {
            notes.push_back("The plan marks TP communication overlap without sequence parallelism and TP > 1, which "
                            "Megatron requires for it; no --tp-comm-overlap.");
        }
    }
    if (c.pp < 2)
        return;
    // The evaluator allows the p2p overlap in the interleaved schedule only and requires it there with PP 2,
    // as Megatron's validate_args does.
    if (c.ppCommOverlap)
        notes.push_back("Pipeline sends and receives overlapped with compute, as the plan assumes: Megatron's default "
                        "in the interleaved schedule, so no flag.");
    else if (c.vpp > 1) {
        a.add("--no-overlap-p2p-communication");
        notes.push_back("The plan keeps pipeline sends and receives on the critical path, so "
                        "--no-overlap-p2p-communication turns off Megatron's default overlap in the interleaved "
                        "schedule; without the flag steps are faster than predicted.");
    }
}

/// Gradient reduce-scatters/all-reduces overlapped with the backward pass and, with the distributed
/// optimizer, parameter all-gathers with the next forward: what the cost model assumes unless the
/// training spec overrides the overlap with 0. validate_args: --overlap-param-gather needs the
/// distributed optimizer and --overlap-grad-reduce.
void addDataParallelOverlap(const PlanView& v, Args& a, std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    if (c.dp < 2)
        return;
    const std::optional<double>& overlap = v.document->training.dpOverlap;
    if (overlap && *overlap <= 0) {
        notes.push_back("The plan's training spec overrides the DP overlap with 0, so no --overlap-grad-reduce: "
                        "gradient communication runs after the backward pass, as predicted.");
        return;
    }
    a.add("--overlap-grad-reduce");
    if (c.zeroStage == 1)
        a.add("--overlap-param-gather");
}

} // namespace

std::string writeMegatronArgs(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    if (!d.model.transformer)
        throw InputError(v.source, "$.model.transformer",
                         "Megatron-LM builds the model from its shape (--num-layers, --hidden-size, ...), and the "
                         "model \"" + d.model.name + "\" (" + d.model.sourceFormat
                             + ") has no transformer shape in the plan; export it for deepspeed or torchtitan, or "
                               "plan from a Hugging Face config.json");
    const TransformerSpec& t = *d.model.transformer;
    // Megatron-LM has no zero-bubble schedule: get_forward_backward_func (megatron/core/pipeline_parallel/
    // schedules.py at d98e8a6) picks 1F1B, or interleaved 1F1B with virtual stages; --delay-wgrad-compute only
    // defers weight gradients to overlap MoE all-to-alls within a step of those schedules.
    if (isZeroBubble(c.schedule))
        v.refuse("config.schedule",
                 "Megatron-LM has no zero-bubble pipeline schedule (it runs 1F1B or interleaved 1F1B; "
                 "--delay-wgrad-compute only overlaps MoE communication), and this plan's "
                     + std::string(toString(c.schedule))
                     + " step time relies on weight gradients run in the pipeline bubble; choose a plan with the 1f1b "
                       "or interleaved schedule"
                     + (c.schedule == Schedule::ZeroBubbleH1
                            ? std::string(" (ZB-H1 itself runs in sail-sg/zero-bubble-pipeline-parallelism, a Megatron-LM "
                                          "fork)")
                            : std::string(", or export for torchtitan")));
    if (c.zeroStage >= 2)
        v.refuse("config.zero_stage",
                 "Megatron-LM has no ZeRO-" + std::to_string(c.zeroStage)
                     + ": its distributed optimizer (--use-distributed-optimizer) shards optimizer states only, "
                       "which is ZeRO-1, and this plan's memory prediction relies on ZeRO-"
                     + std::to_string(c.zeroStage) + " sharding; choose a plan with ZeRO-0 or ZeRO-1, or export "
                       "for deepspeed or torchtitan");
    if (!v.blocksKnown)
        v.refuse("sharding_plan.layer_partitions",
                 "cannot tell which layers are transformer blocks: the layer names number "
                     + std::to_string(v.totalBlocks) + " blocks, the model has " + std::to_string(t.layers));
    if (t.positions == PositionKind::Learned && t.maxPositions > 0 && d.training.seqLength > t.maxPositions)
        throw InputError(v.source, "$.training.seq_length",
                         "Megatron-LM requires --max-position-embeddings >= --seq-length with learned positions; the "
                         "model has " + std::to_string(t.maxPositions) + " positions, the plan trains on "
                             + std::to_string(d.training.seqLength));

    std::vector<std::string> notes;
    Args a;
    // Parallel layout. There is no DP flag: Megatron derives DP = world / (TP x PP x CP).
    a.add("--tensor-model-parallel-size", c.tp);
    a.add("--pipeline-model-parallel-size", c.pp);
    notes.push_back("DP " + std::to_string(c.dp) + " is not a flag: Megatron derives it as world size / (TP x PP) = "
                    + std::to_string(c.worldSize()) + " / " + std::to_string(c.tp * c.pp) + ".");
    if (c.tp > 1 && (c.sequenceParallel || t.isMoe())) {
        a.add("--sequence-parallel");
        if (!c.sequenceParallel)
            // Megatron's validate_args: "When using MoE and tensor parallelism, sequence parallelism must be used."
            notes.push_back("Mixture-of-experts with TP > 1: Megatron requires --sequence-parallel, which the plan did not "
                            "use; it only lowers activation memory, so the plan's predictions remain an upper bound.");
    } else if (c.sequenceParallel)
        notes.push_back("The plan marks sequence parallelism with TP 1, where it does nothing (Megatron turns it off); "
                        "no --sequence-parallel.");
    addCommunicationOverlap(v, t, a, notes);

    const PipelineShape shape = pipelineShape(v);
    if (shape.kind == PipelineShape::Layout) {
        a.add("--pipeline-model-parallel-layout", "\"" + shape.layout + "\"");
        notes.push_back("The plan's blocks per pipeline chunk are uneven beyond the first and last stage (or within a "
                        "stage's virtual chunks), which only --pipeline-model-parallel-layout can express (E embedding, "
                        "t a transformer block, L output layer and loss, | between chunks in model order: chunk k of "
                        "stage s is entry k x PP + s). Megatron marks it experimental; it sets the virtual stages too.");
    } else {
        if (c.vpp > 1) {
            a.add("--num-virtual-stages-per-pipeline-rank", c.vpp);
            notes.push_back("Virtual stages as --num-virtual-stages-per-pipeline-rank " + std::to_string(c.vpp)
                            + " (the plan's model chunks per rank), not --num-layers-per-virtual-pipeline-stage: the "
                              "latter requires the same block count on every stage and cannot be combined with "
                              "uneven first/last stages.");
        }
        if (shape.kind == PipelineShape::UnevenFirstLast) {
            a.add("--decoder-first-pipeline-num-layers", shape.first);
            if (c.pp > 2)
                a.add("--decoder-last-pipeline-num-layers", shape.last);
            notes.push_back("Uneven pipeline: the first stage holds " + std::to_string(shape.first)
                            + " blocks and the last " + std::to_string(shape.last)
                            + (c.pp > 2 ? ", the others " + std::to_string(v.stageBlocks(1)) + " each."
                                        : " (the rest after the first stage, so no last-stage flag)."));
        }
    }
    if (c.pp > 1 && c.schedule == Schedule::GPipe)
        notes.push_back("The plan uses GPipe; Megatron has no GPipe schedule and runs 1F1B, which has the same bubble "
                        "and holds fewer micro-batches' activations.");

    // Batch: Megatron derives the micro-batches per step as global / (micro x DP).
    a.add("--micro-batch-size", c.microBatch);
    a.add("--global-batch-size", d.training.globalBatch);
    if (c.zeroStage == 1)
        a.add("--use-distributed-optimizer");
    addDataParallelOverlap(v, a, notes);

    switch (c.recompute) {
    case Recompute::None: break;
    case Recompute::Selective: a.add("--recompute-granularity", "selective"); break;
    case Recompute::Full:
        a.add("--recompute-granularity", "full");
        a.add("--recompute-method", "uniform");
        a.add("--recompute-num-layers", 1);
        notes.push_back("Full recomputation checkpoints every transformer block (uniform, 1 layer per checkpoint), "
                        "as the cost model assumes.");
        break;
    }

    switch (d.training.precision) {
    case Precision::Bf16: a.add("--bf16"); break;
    case Precision::Fp16: a.add("--fp16"); break;
    case Precision::Fp8:
        a.add("--bf16");
        a.add("--fp8-format", "hybrid");
        notes.push_back("FP8 runs through Transformer Engine with bf16 parameters (--bf16 --fp8-format hybrid).");
        break;
    case Precision::Fp32: notes.push_back("fp32 training: Megatron's default, no precision flag."); break;
    }

    // Model shape.
    a.add("--num-layers", t.layers);
    a.add("--hidden-size", t.hidden);
    a.add("--ffn-hidden-size", t.ffn);
    a.add("--num-attention-heads", t.heads);
    if (t.kvHeads > 0 && t.kvHeads < t.heads) {
        a.add("--group-query-attention");
        a.add("--num-query-groups", t.kvHeads);
    }
    if (t.headDim > 0 && t.heads > 0 && t.headDim != t.hidden / t.heads)
        a.add("--kv-channels", t.headDim);
    a.add("--seq-length", d.training.seqLength);
    a.add("--max-position-embeddings", t.maxPositions > 0 ? t.maxPositions : d.training.seqLength);
    a.add("--position-embedding-type", t.positions == PositionKind::Rotary   ? "rope"
                                       : t.positions == PositionKind::Learned ? "learned_absolute"
                                                                             : "none");
    addRope(t, a, notes);
    a.add("--normalization", t.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    if (t.gatedMlp)
        a.add("--swiglu");
    if (!t.attnOutBias && !t.mlpBias) {
        a.add("--disable-bias-linear");
        if (t.qkvBias)
            a.add("--add-qkv-bias");
    } else if (!(t.qkvBias && t.attnOutBias && t.mlpBias)) {
        notes.push_back("Megatron has no flag for this model's mix of biases (QKV " + std::string(t.qkvBias ? "yes" : "no")
                        + ", attention output " + (t.attnOutBias ? "yes" : "no") + ", MLP " + (t.mlpBias ? "yes" : "no")
                        + "); all linear layers keep their biases.");
    }
    if (!t.tiedEmbeddings)
        a.add("--untie-embeddings-and-output-weights");
    if (!t.dropout) {
        a.add("--attention-dropout", "0");
        a.add("--hidden-dropout", "0");
    }
    if (t.isMoe()) {
        a.add("--num-experts", t.experts);
        a.add("--moe-router-topk", t.expertsPerToken);
        a.add("--moe-ffn-hidden-size", t.ffn);
    }
    notes.push_back("Vocabulary " + std::to_string(t.vocab)
                    + " comes from the tokenizer (--tokenizer-type, --tokenizer-model); add data, tokenizer, optimizer "
                      "and schedule arguments.");

    std::string out = "# Megatron-LM arguments for pretrain_gpt.py (flags of megatron/training/arguments.py at "
                      "d98e8a6).\n# Source this file, then launch with the array below.\n";
    for (const std::string& line : headerLines(v))
        out += "# " + line + "\n";
    out += "# Launch: torchrun --nnodes " + std::to_string(d.cluster.nodes) + " --nproc-per-node "
           + std::to_string(d.cluster.gpusPerNode) + " pretrain_gpt.py \"${MEGATRON_ARGS[@]}\" <data and tokenizer "
           "arguments>\n# Notes:\n";
    for (const std::string& n : notes)
        out += "# - " + n + "\n";
    out += "MEGATRON_ARGS=(\n";
    for (std::size_t i = 0; i < a.flags.size(); ++i) {
        out += "    " + a.flags[i].first;
        if (!a.flags[i].second.empty())
            out += " " + a.flags[i].second;
        out += i + 1 < a.flags.size() ? " \\\n" : "\n";
    }
    out += ")\n";
    return out;
}

} // namespace shardscope::launch_detail
