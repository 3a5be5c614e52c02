// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM arguments (NVIDIA/Megatron-LM megatron/training/arguments.py at d98e8a6; flag names listed in
// docs/launch-configs.md): the parallel layout, batch, sharding
// and precision; the model's shape is megatron_model_args.cpp's.
#include "export/megatron_args_detail.h"
#include "util/input_error.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace shardscope::launch_detail {

namespace {

/// How the plan's blocks are spread over pipeline chunks, in Megatron's terms (megatron/core/transformer/
/// transformer_block.py get_num_layers_to_build and transformer_config.py __post_init__ at d98e8a6).
struct PipelineShape
{
    enum Kind { Even, UnevenFirstLast, AccountFor, Layout } kind = Even;
    int first = 0;       ///< blocks of stage 0 (UnevenFirstLast)
    int last = 0;        ///< blocks of the last stage (UnevenFirstLast)
    bool embeddingCounts = false; ///< AccountFor: the embedding takes a block's place in the first chunk
    bool lossCounts = false;      ///< AccountFor: the output layer and loss take one in the last chunk
    std::string layout;  ///< --pipeline-model-parallel-layout value (Layout)
};

/// One chunk in Megatron's layout syntax: E embedding, t a transformer layer (t*N for N), m an MTP module, L
/// loss. The MTP modules follow the last block with the head (validate_layer_layout at d98e8a6).
std::string layoutToken(const Segment& s, std::int64_t mtpLayers)
{
    std::string token = !s.empty() && s.firstLayer == 0 ? "E" : "";
    if (s.blocks == 1)
        token += "t";
    else if (s.blocks > 1)
        token += "t*" + std::to_string(s.blocks);
    if (s.head)
        token += std::string(std::size_t(mtpLayers), 'm');
    return token + (s.head ? "L" : "");
}

/// The layout string, chunks in model order between "|", with runs of three or more equal chunks written
/// "(x|)*N-1x" (pipeline_parallel_layer_layout.py parse_str_to_list unrolls "(...)*N", then "x*N").
std::string layoutString(const std::vector<Segment>& segments, std::int64_t mtpLayers)
{
    std::vector<std::string> tokens;
    for (const Segment& s : segments)
        tokens.push_back(layoutToken(s, mtpLayers));
    std::string out;
    for (std::size_t i = 0; i < tokens.size();) {
        std::size_t n = 1;
        while (i + n < tokens.size() && tokens[i + n] == tokens[i])
            ++n;
        if (i > 0)
            out += "|";
        if (n >= 3) {
            out += "(" + tokens[i] + "|)*" + std::to_string(n - 1) + tokens[i];
        } else {
            out += tokens[i];
            n = 1;
        }
        i += n;
    }
    return out;
}

PipelineShape pipelineShape(const PlanView& v)
{
    const int pp = v.config.pp;
    const int vpp = v.config.vpp;
    const std::vector<Segment>& seg = v.segments;
    PipelineShape shape;
    // Without a layout Megatron builds the embedding into the first chunk and the output layer into the last.
    const Segment& front = seg.front();
    const bool endsInPlace = !front.empty() && front.firstLayer == 0 && seg.back().head;
    if (endsInPlace) {
        bool allEqual = true;
        for (const Segment& s : seg)
            allEqual = allEqual && s.blocks == front.blocks;
        if (allEqual)
            return shape;
        // --decoder-first/last-pipeline-num-layers: each stage's blocks split evenly over its chunks, the middle
        // stages equal, first and last above 0.
        bool chunksEven = true, middleEqual = true;
        for (const Segment& s : seg)
            chunksEven = chunksEven && s.blocks * vpp == v.stageBlocks(s.stage);
        for (int s = 2; s < pp - 1; ++s)
            middleEqual = middleEqual && v.stageBlocks(s) == v.stageBlocks(1);
        shape.first = v.stageBlocks(0);
        shape.last = v.stageBlocks(pp - 1);
        if (pp > 1 && chunksEven && middleEqual && shape.first > 0 && shape.last > 0) {
            shape.kind = PipelineShape::UnevenFirstLast;
            return shape;
        }
        // --account-for-embedding/loss-in-pipeline-split: blocks + 1 (+ 1) units split evenly over all chunks,
        // the embedding and the loss each taking a unit of the first and the last chunk.
        const int chunks = pp * vpp;
        for (const auto& [e, l] : { std::pair { 1, 1 }, std::pair { 1, 0 }, std::pair { 0, 1 } }) {
            const int units = v.totalBlocks + e + l;
            if (chunks < 2 || units % chunks != 0)
                continue;
            const int k = units / chunks;
            bool fits = seg.front().blocks == k - e && seg.back().blocks == k - l;
            for (std::size_t i = 1; i + 1 < seg.size(); ++i)
                fits = fits && seg[i].blocks == k;
            if (fits) {
                shape.kind = PipelineShape::AccountFor;
                shape.embeddingCounts = e == 1;
                shape.lossCounts = l == 1;
                return shape;
            }
        }
    }
    shape.kind = PipelineShape::Layout;
    shape.layout = layoutString(seg, v.document->model.transformer ? v.document->model.transformer->mtpLayers : 0);
    return shape;
}

/// TP and pipeline communication overlapped with compute, as the plan's config says. Megatron at
/// d98e8a6: --tp-comm-overlap (TransformerConfig.tp_comm_overlap; validate_args asserts sequence
/// parallelism); pipeline sends and receives are overlapped by default in the interleaved schedule only
/// (overlap_p2p_comm, off with --no-overlap-p2p-communication; validate_args turns it off without
/// virtual stages and requires it for interleaving with PP 2). There is no --overlap-p2p-communication.
void addCommunicationOverlap(const PlanView& v, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
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
void addDataParallelOverlap(const PlanView& v, MegatronArgs& a, std::vector<std::string>& notes)
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
    if (c.zeroStage >= 1)
        a.add("--overlap-param-gather");
}

/// ZeRO as Megatron has it (megatron/training/arguments.py and megatron/training/config/common_config.py at
/// d98e8a6): ZeRO-1 is the distributed optimizer; ZeRO-2/3 are Megatron-FSDP with
/// --data-parallel-sharding-strategy optim_grads / optim_grads_params, which needs the fsdp_dtensor checkpoint
/// format and (version 1, the default) the distributed optimizer. Hybrid sharding is
/// --num-distributed-optimizer-instances: parallel_state shards over (DP x CP) / instances ranks and
/// replicates across the instances (Megatron-FSDP's outer DP, --outer-dp-sharding-strategy no_shard).
void addSharding(const PlanView& v, MegatronArgs& a, std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    if (c.zeroStage == 0) {
        if (c.dpReplicate > 1)
            notes.push_back("ZeRO-0 shards nothing, so the plan's dp_replicate " + std::to_string(c.dpReplicate)
                            + " has no flag.");
        return;
    }
    if (c.zeroStage >= 2) {
        a.add("--use-megatron-fsdp");
        a.add("--data-parallel-sharding-strategy", c.zeroStage == 2 ? "optim_grads" : "optim_grads_params");
        a.add("--ckpt-format", "fsdp_dtensor");
        notes.push_back("ZeRO-" + std::to_string(c.zeroStage) + " as Megatron-FSDP (--use-megatron-fsdp, sharding "
                        + (c.zeroStage == 2 ? "optimizer states and gradients" : "optimizer states, gradients and parameters")
                        + "); it saves checkpoints as fsdp_dtensor, needs CUDA_DEVICE_MAX_CONNECTIONS unset or above 1, "
                          "and the adam or sgd optimizer.");
    }
    a.add("--use-distributed-optimizer");
    if (c.dpReplicate > 1) {
        a.add("--num-distributed-optimizer-instances", c.dpReplicate);
        notes.push_back("Hybrid sharding: " + std::to_string(c.dpReplicate) + " replicas, each sharding over "
                        + std::to_string(c.zeroShardSize()) + " of the DP x CP = " + std::to_string(c.dp * c.cp)
                        + " ranks (--num-distributed-optimizer-instances).");
    }
}

} // namespace

std::string writeMegatronArgs(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    if (!d.model.transformer)
        throw InputError(v.source, "$.inputs.model.transformer",
                         "Megatron-LM builds the model from its shape (--num-layers, --hidden-size, ...), and the "
                         "model \"" + d.model.name + "\" (" + d.model.sourceFormat
                             + ") has no transformer shape in the plan; export it for deepspeed or torchtitan, or "
                               "plan from a Hugging Face config.json");
    const TransformerSpec& t = *d.model.transformer;
    checkMegatronModel(v, t); // ALiBi, blocks Megatron's GPT layer cannot build, learned positions too short
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
    // ZeRO-2/3 are Megatron-FSDP's optim_grads / optim_grads_params, which free each FSDP unit's parameters
    // after its forward (post-forward reshard) with no switch; --torch-fsdp2-no-reshard-after-forward
    // belongs to torch FSDP2, which validate_args refuses with pipeline parallelism and with the
    // distributed optimizer.
    if (c.zeroStage == 3 && !c.reshardAfterForward)
        v.refuse("config.reshard_after_forward",
                 "Megatron-LM cannot keep ZeRO-3 parameters gathered from forward to backward: Megatron-FSDP reshards "
                 "them after every forward, and --torch-fsdp2-no-reshard-after-forward is torch FSDP2's, which "
                 "Megatron refuses with pipeline parallelism and the distributed optimizer; choose a plan with "
                 "reshard_after_forward on, or export for torchtitan");
    // validate_args: "seq-length should be a multiple of 2 * context-parallel-size if context-parallel-size > 1"
    // (each CP rank holds two chunks of the sequence for load balance under causal masking).
    if (c.cp > 1 && d.training.seqLength % (2 * std::int64_t(c.cp)) != 0)
        throw InputError(v.source, "$.inputs.training.seq_length",
                         "Megatron-LM requires the sequence length to be a multiple of 2 x context-parallel size = "
                             + std::to_string(2 * c.cp) + "; the plan trains on " + std::to_string(d.training.seqLength)
                             + " tokens");
    if (!v.blocksKnown)
        v.refuse("sharding_plan.layer_partitions",
                 "cannot tell which layers are transformer blocks: the layer names number "
                     + std::to_string(v.totalBlocks) + " blocks, the model has " + std::to_string(t.layers));

    std::vector<std::string> notes;
    MegatronArgs a;
    // Parallel layout. There is no DP flag: Megatron derives DP = world / (TP x PP x CP).
    a.add("--tensor-model-parallel-size", c.tp);
    a.add("--pipeline-model-parallel-size", c.pp);
    if (c.cp > 1) {
        // ModelParallelConfig.context_parallel_size (megatron/core/model_parallel_config.py at d98e8a6) and
        // --cp-comm-type (megatron/training/arguments.py at d98e8a6): "p2p" ring, "a2a" Ulysses-style.
        a.add("--context-parallel-size", c.cp);
        a.add("--cp-comm-type", std::string(toString(c.cpCommType)));
        notes.push_back(c.cpCommType == CpCommType::P2P
                            ? "Context parallelism " + std::to_string(c.cp) + " as a ring (--cp-comm-type p2p): K/V chunks "
                              "pass around the CP group by point-to-point, overlapped with the attention blocks."
                            : "Context parallelism " + std::to_string(c.cp) + " by all-to-all (--cp-comm-type a2a, like "
                              "DeepSpeed Ulysses): attention heads scattered over the CP group, so heads per TP rank must "
                              "be divisible by " + std::to_string(c.cp) + ".");
    }
    if (c.cp > 1)
        notes.push_back("DP " + std::to_string(c.dp) + " is not a flag: Megatron derives it as world size / (TP x PP x CP) = "
                        + std::to_string(c.worldSize()) + " / " + std::to_string(c.tp * c.pp * c.cp) + ".");
    else
        notes.push_back("DP " + std::to_string(c.dp) + " is not a flag: Megatron derives it as world size / (TP x PP) = "
                        + std::to_string(c.worldSize()) + " / " + std::to_string(c.tp * c.pp) + ".");
    addMegatronExpertParallel(v, t, a, notes);
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
                        "t a transformer block, m an MTP module, L output layer and loss, | between chunks in model order: chunk k of "
                        "stage s is entry k x PP + s; (x|)*N repeats a chunk). Megatron marks it experimental; it sets "
                        "the virtual stages too.");
    } else {
        if (c.vpp > 1) {
            a.add("--num-virtual-stages-per-pipeline-rank", c.vpp);
            notes.push_back("Virtual stages as --num-virtual-stages-per-pipeline-rank " + std::to_string(c.vpp)
                            + " (the plan's model chunks per rank), not --num-layers-per-virtual-pipeline-stage: the "
                              "latter requires the same block count on every stage and cannot be combined with "
                              "uneven first/last stages.");
        }
        if (shape.kind == PipelineShape::AccountFor) {
            // TransformerConfig.account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split
            // (megatron/core/transformer/transformer_config.py at d98e8a6).
            if (shape.embeddingCounts)
                a.add("--account-for-embedding-in-pipeline-split");
            if (shape.lossCounts)
                a.add("--account-for-loss-in-pipeline-split");
            const int units = v.totalBlocks + (shape.embeddingCounts ? 1 : 0) + (shape.lossCounts ? 1 : 0);
            const int perChunk = units / (c.pp * c.vpp);
            const std::string counted = shape.embeddingCounts && shape.lossCounts ? "the embedding and the loss each"
                                        : shape.embeddingCounts                  ? "the embedding"
                                                                                 : "the loss";
            std::string fewer;
            if (shape.embeddingCounts)
                fewer = "the first chunk holds " + std::to_string(perChunk - 1);
            if (shape.lossCounts)
                fewer += (fewer.empty() ? "the last chunk holds " : " and the last ") + std::to_string(perChunk - 1);
            notes.push_back("Uneven pipeline as Megatron lays it out when " + counted + " count as a transformer layer: "
                            + std::to_string(units) + " units over " + std::to_string(c.pp * c.vpp) + " chunks, "
                            + std::to_string(perChunk) + " each, so " + fewer + " blocks (stage 0 "
                            + std::to_string(v.stageBlocks(0)) + " blocks, the last stage "
                            + std::to_string(v.stageBlocks(c.pp - 1))
                            + (c.pp > 2 ? ", the others " + std::to_string(v.stageBlocks(1)) + " each" : std::string())
                            + ").");
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
    addSharding(v, a, notes);
    addDataParallelOverlap(v, a, notes);

    switch (c.recompute) {
    case Recompute::None: break;
    case Recompute::Selective: {
        a.add("--recompute-granularity", "selective");
        const std::uint8_t modules = d.training.recomputeModules;
        if (modules != kRecomputeCoreAttn) { // Megatron's default is core_attn alone
            a.add("--recompute-modules", recomputeModulesToString(modules, ' '));
        }
        break;
    }
    case Recompute::Full: {
        const FullRecompute& full = d.training.fullRecompute;
        a.add("--recompute-granularity", "full");
        a.add("--recompute-method", std::string(toString(full.method)));
        a.add("--recompute-num-layers", full.layers);
        if (full.isDefault())
            notes.push_back("Full recomputation checkpoints every transformer block (uniform, 1 layer per checkpoint), "
                            "as the cost model assumes.");
        else if (full.method == RecomputeMethod::Block)
            notes.push_back("Full recomputation of the first " + std::to_string(full.layers)
                            + " blocks of each model chunk, the others run without it (--recompute-method block).");
        else
            notes.push_back("Full recomputation in groups of " + std::to_string(full.layers)
                            + " blocks, each keeping only its input (--recompute-method uniform).");
        break;
    }
    }

    switch (d.training.precision) {
    case Precision::Bf16: a.add("--bf16"); break;
    case Precision::Fp16: a.add("--fp16"); break;
    case Precision::Fp8:
    {
        // megatron/training/arguments.py and transformer_config.py at d98e8a6.
        const Fp8Settings& fp8 = d.training.fp8;
        a.add("--bf16");
        a.add("--fp8-format", "hybrid");
        a.add("--fp8-recipe", std::string(toString(fp8.recipe)));
        if (fp8.bf16FirstBlocks > 0 || fp8.bf16LastBlocks > 0) {
            // TransformerConfig refuses more than num_layers // PP of either (transformer_config.py at d98e8a6).
            const int perStage = v.totalBlocks / std::max(1, c.pp);
            for (const auto& [field, n] : { std::pair { "fp8_bf16_first_blocks", fp8.bf16FirstBlocks },
                                            std::pair { "fp8_bf16_last_blocks", fp8.bf16LastBlocks } })
                if (n > perStage)
                    v.refuseTraining(field, "Megatron-LM keeps at most num_layers // PP = " + std::to_string(perStage)
                                                + " blocks in BF16 at either end, and the plan keeps " + std::to_string(n));
            a.add("--first-last-layers-bf16");
            a.add("--num-layers-at-start-in-bf16", fp8.bf16FirstBlocks);
            a.add("--num-layers-at-end-in-bf16", fp8.bf16LastBlocks);
        }
        notes.push_back("FP8 runs through Transformer Engine with bf16 parameters (--bf16 --fp8-format hybrid), "
                        + std::string(fp8.recipe == Fp8Recipe::Delayed      ? "delayed scaling"
                                      : fp8.recipe == Fp8Recipe::Tensorwise ? "per-tensor current scaling"
                                                                            : "1x128 / 128x128 block scaling")
                        + ".");
        break;
    }
    case Precision::Fp32: notes.push_back("fp32 training: Megatron's default, no precision flag."); break;
    }

    addMegatronModel(v, t, a, notes);

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
