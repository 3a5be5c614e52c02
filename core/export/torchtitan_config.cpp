// SPDX-License-Identifier: GPL-3.0-or-later
// torchtitan TOML job config, pinned to torchtitan v0.2.0 (29624e3; torchtitan/config/job_config.py: [training]
// local_batch_size and global_batch_size, [parallelism] fsdp_reshard_after_forward ("default", "always",
// "never"), data_parallel_replicate_degree / data_parallel_shard_degree, context_parallel_degree,
// context_parallel_rotate_method, module_fqns_per_model_part and enable_async_tensor_parallel, [compile]
// enable); keys listed in docs/launch-configs.md.
#include "export/launch_config_detail.h"

#include <string>
#include <vector>

namespace shardscope::launch_detail {

namespace {

std::string tomlString(const std::string& s) { return "\"" + s + "\""; }

/// module_fqns_per_model_part: one inner list a line, the module names of each chunk in model order.
std::string moduleListToml(const std::vector<Segment>& segments)
{
    std::string out = "module_fqns_per_model_part = [\n";
    for (const Segment& s : segments) {
        out += "    [";
        for (std::size_t i = 0; i < s.modules.size(); ++i)
            out += (i > 0 ? ", " : "") + tomlString(s.modules[i]);
        out += "],\n";
    }
    return out + "]\n";
}

/// pipeline_parallel_schedule: torch.distributed.pipelining's schedule class names (get_schedule_class,
/// torch/distributed/pipelining/schedules.py at 00722e648b74), which torchtitan passes through.
std::string scheduleName(Schedule s)
{
    switch (s) {
    case Schedule::GPipe: return "GPipe";
    case Schedule::OneFOneB: return "1F1B";
    case Schedule::Interleaved1F1B: return "Interleaved1F1B";
    case Schedule::InterleavedZeroBubble: return "InterleavedZeroBubble";
    case Schedule::ZeroBubbleV: return "ZBVZeroBubble";
    case Schedule::ZeroBubbleH1: break; // no torchtitan schedule: writeTorchtitanConfig refuses it
    }
    return "1F1B";
}

/// Expert parallelism as torchtitan v0.2.0 has it ([parallelism] expert_parallel_degree and
/// expert_tensor_parallel_degree, torchtitan/config/job_config.py; ParallelDims._validate in
/// torchtitan/distributed/parallel_dims.py at 29624e3): ETP is TP or 1, and EP borrows all of CP and part of the
/// FSDP shard degree (ETP = TP), or all of CP and TP and part of it (ETP = 1). Refuses what it cannot run; true
/// when the keys are written (EP > 1).
bool addExpertParallelNotes(const PlanView& v, int shard, std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    const std::optional<TransformerSpec>& t = v.document->model.transformer;
    if (!t || !t->isMoe())
        return false; // analyzePlan refused EP or ETP above 1 for a dense model
    if (t->mtpLayers > 0)
        notes.push_back("torchtitan's models have no multi-token prediction: the plan's " + std::to_string(t->mtpLayers)
                        + " MTP module(s) on the last stage are not trained, so that stage is faster and smaller "
                          "than predicted.");
    if (c.ep == 1) {
        if (c.etp == c.tp)
            return false;
        if (c.etp != 1)
            v.refuse("config.etp", "torchtitan shards routed experts over the TP group when EP is 1, so ETP is TP "
                                   "(" + std::to_string(c.tp) + "); the plan has ETP " + std::to_string(c.etp)
                                       + "; choose a plan with ETP 1 or " + std::to_string(c.tp) + ", or export for megatron");
        notes.push_back("EP 1: torchtitan shards the routed experts over TP " + std::to_string(c.tp)
                        + " (ETP = TP), where the plan keeps each expert whole on every TP rank (ETP 1); the experts take "
                          "less memory than predicted and add TP communication.");
        return false;
    }
    if (c.etp != c.tp && c.etp != 1)
        v.refuse("config.etp", "torchtitan's expert tensor parallelism is TP or 1 (\"Currently we only support ETP=TP or "
                               "ETP=1\"); the plan has ETP " + std::to_string(c.etp) + " with TP " + std::to_string(c.tp)
                                   + "; choose a plan with ETP 1 or ETP = TP, or export for megatron");
    const int borrowed = c.etp == c.tp ? c.cp : c.cp * c.tp; // what EP spans before the FSDP shards
    if (c.ep % borrowed != 0 || (std::int64_t(shard) * borrowed) % c.ep != 0)
        v.refuse("config.ep", "torchtitan lays EP over all of CP" + std::string(c.etp == c.tp ? "" : " and TP")
                                  + " and part of data_parallel_shard_degree, so EP must be a multiple of "
                                  + std::to_string(borrowed) + " dividing " + std::to_string(std::int64_t(shard) * borrowed)
                                  + " (shard degree " + std::to_string(shard) + (c.etp == c.tp ? " x CP" : " x CP x TP")
                                  + "); the plan has EP " + std::to_string(c.ep) + "; export for megatron");
    notes.push_back("Expert parallelism " + std::to_string(c.ep) + " with expert tensor parallelism "
                    + std::to_string(c.etp) + (c.etp == c.tp && c.tp > 1 ? " (= TP)" : "")
                    + ": each EP rank holds " + std::to_string(t->experts / c.ep)
                    + " experts, tokens move by all-to-all; the expert weights are sharded over the remaining "
                    + std::to_string(std::int64_t(shard) * borrowed / c.ep) + " data-parallel ranks (FSDP).");
    return true;
}

} // namespace

std::string writeTorchtitanConfig(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    std::vector<std::string> notes;

    // torch.distributed.pipelining's zero-bubble schedules (InterleavedZeroBubble, ZBVZeroBubble) are multi-stage
    // ones, and torchtitan gives those at least 2 stages per rank (torchtitan/distributed/pipeline_parallel.py at
    // b5bcd76, _get_pipeline_metadata); one-chunk ZB-H1 has no class.
    // torchtitan's full activation checkpointing wraps every block on its own (FullAC in
    // torchtitan/distributed/activation_checkpoint.py at b5bcd76): neither Megatron's groups nor its first blocks.
    if (c.recompute == Recompute::Selective && d.training.recomputeModules != kRecomputeCoreAttn)
        v.refuseTraining("recompute_modules",
                         "torchtitan's selective activation checkpointing saves chosen operators' outputs, not Megatron's "
                         "submodules; the plan recomputes " + recomputeModulesToString(d.training.recomputeModules)
                             + "; plan with core_attn alone, or export for megatron");
    if (c.recompute == Recompute::Full && !d.training.fullRecompute.isDefault())
        v.refuseTraining("recompute_method",
                 "torchtitan's full activation checkpointing recomputes every block on its own; the plan recomputes "
                     + std::string(d.training.fullRecompute.method == RecomputeMethod::Block ? "the first " : "in groups of ")
                     + std::to_string(d.training.fullRecompute.layers)
                     + " blocks (Megatron --recompute-method), which torchtitan cannot express; plan with the default "
                       "method (uniform, 1 block), or export for megatron");
    if (c.pp > 1 && c.schedule == Schedule::ZeroBubbleH1)
        v.refuse("config.schedule",
                 "torchtitan has no ZB-H1 schedule: its zero-bubble schedules, InterleavedZeroBubble and ZBVZeroBubble, "
                 "run at least 2 model chunks per rank, and 1F1B would leave the weight gradients in the backward, "
                 "slower than this plan predicts; choose a plan with the interleaved-zb, zbv or 1f1b schedule");
    // torchtitan v0.2.0 has no MoE all-to-all overlap across micro-batches: its MoE layers dispatch and combine
    // in line with each micro-batch (all_to_all_single_autograd, torchtitan/distributed/expert_parallel.py at 29624e3). v0.2.1 (81af883) added one,
    // pipeline_parallel_expert_parallel_overlap, for the DualPipeV schedule only (torchtitan/distributed/dual_pipe_v.py).
    if (c.epCommOverlap)
        v.refuse("config.ep_comm_overlap",
                 "torchtitan v0.2.0 cannot overlap the MoE all-to-alls of one micro-batch with another's computation, "
                 "which this plan's step time assumes (Megatron's --overlap-moe-expert-parallel-comm); torchtitan v0.2.1 "
                 "added it for the DualPipeV schedule only, which ShardScope does not plan; choose a plan with "
                 "ep_comm_overlap off, or export for megatron");
    if (c.pp > 1 && c.schedule == Schedule::ZeroBubbleV)
        notes.push_back("ZBVZeroBubble places the 2 chunks of each rank in a V (torchtitan's \"v\" stage style): rank r "
                        "runs stages r and 2 x PP - 1 - r, so rank 0 holds the first and the last.");

    // Context parallelism: torch's ring attention (torch/distributed/tensor/experimental/_attention.py), which
    // torchtitan's context_parallel_rotate_method picks: "alltoall" (_AllToAllRotater) passes each K/V shard to
    // the next rank, a ring like Megatron's p2p; "allgather" gathers them all at once. There is no Ulysses.
    if (c.cp > 1 && c.cpCommType == CpCommType::AllToAll)
        v.refuse("config.cp_comm_type",
                 "torchtitan's context parallelism is ring attention (context_parallel_rotate_method \"alltoall\" or "
                 "\"allgather\", both passing K/V shards); it has no Ulysses all-to-all over attention heads, which this "
                 "plan's cp_comm_type a2a predicts; choose a plan with cp_comm_type p2p, or export for megatron or "
                 "deepspeed");
    // Data parallelism: torchtitan shards with FSDP2 over data_parallel_shard_degree x CP ranks and replicates
    // across data_parallel_replicate_degree (HSDP when both are above 1), or replicates with DDP, which does not
    // combine with TP, PP or CP (ParallelDims.fsdp_enabled is dp_shard > 1 or cp > 1).
    if (c.dp % c.dpReplicate != 0)
        v.refuse("config.dp_replicate",
                 "torchtitan replicates across data_parallel_replicate_degree and shards over the rest of DP times CP, "
                 "so the replicas must divide DP " + std::to_string(c.dp) + "; the plan has dp_replicate "
                     + std::to_string(c.dpReplicate) + " over DP x CP = " + std::to_string(c.dp * c.cp)
                     + "; choose a plan whose dp_replicate divides DP, or export for megatron");
    int replicate = c.dpReplicate, shard = c.dp / c.dpReplicate;
    const bool expertParallel = addExpertParallelNotes(v, shard, notes);
    std::string reshard;
    if (c.zeroStage == 3) {
        reshard = c.reshardAfterForward ? "always" : "never";
        notes.push_back("ZeRO-3 -> FSDP over " + std::to_string(c.zeroShardSize()) + " ranks"
                        + (c.cp > 1 ? " (data_parallel_shard_degree x CP)" : std::string())
                        + (c.reshardAfterForward
                               ? ", parameters resharded after every forward (also under PP, where torchtitan's default "
                                 "keeps them)."
                               : ", parameters kept gathered from forward to backward (fsdp_reshard_after_forward "
                                 "\"never\", as Llama 3's pipeline training did)."));
    } else if (c.zeroStage == 0 && c.tp == 1 && c.pp == 1 && c.cp == 1 && !expertParallel) {
        replicate = c.dp;
        shard = 1;
        notes.push_back("ZeRO-0 -> plain data parallelism (DDP): replicate degree " + std::to_string(c.dp) + ".");
    } else {
        reshard = "never";
        notes.push_back("ZeRO-" + std::to_string(c.zeroStage)
                        + " has no exact torchtitan equivalent; FSDP without resharding after forward is ZeRO-2 (" +
                        (c.zeroStage == 0 ? std::string("torchtitan's DDP does not combine with TP, PP or CP")
                                          : std::string("optimizer states and gradients sharded"))
                        + "): it needs no more memory than the plan and moves about the same bytes (reduce-scatter + "
                          "all-gather instead of all-reduce).");
    }
    if (replicate > 1 && shard * c.cp > 1)
        notes.push_back("Hybrid sharding (HSDP): " + std::to_string(replicate) + " replicas, each sharding over "
                        + std::to_string(shard * c.cp) + " ranks.");
    if (c.cp > 1)
        notes.push_back("Context parallelism " + std::to_string(c.cp) + " as ring attention: context_parallel_rotate_method "
                        "\"alltoall\" passes each K/V shard to the next rank (torch's _AllToAllRotater), like Megatron's p2p "
                        "ring the plan predicts.");

    std::string out = "# torchtitan job config (schema of torchtitan v0.2.0, torchtitan/config/job_config.py).\n";
    for (const std::string& line : headerLines(v))
        out += "# " + line + "\n";
    out += "# Launch: torchrun --nnodes " + std::to_string(d.cluster.nodes) + " --nproc-per-node "
           + std::to_string(d.cluster.gpusPerNode)
           + " -m torchtitan.train --job.config_file THIS.toml (plus [model], [optimizer] and data settings)\n";

    // Batch: torchtitan accumulates gradients global / (local x DP) times; under PP the local batch is
    // split into micro-batches of pipeline_parallel_microbatch_size instead.
    const std::int64_t local = c.pp > 1 ? std::int64_t(c.microBatch) * v.numMicroBatches : c.microBatch;
    if (c.pp > 1)
        notes.push_back("PP: local_batch_size " + std::to_string(local) + " = " + std::to_string(v.numMicroBatches)
                        + " micro-batches of " + std::to_string(c.microBatch) + " per pipeline step.");
    else if (v.numMicroBatches > 1)
        notes.push_back("Gradient accumulation: global / (local x DP) = " + std::to_string(v.numMicroBatches)
                        + " micro-batches per step.");
    if (c.tp > 1 && !c.sequenceParallel)
        notes.push_back("torchtitan's tensor parallelism always shards norms and dropout over the sequence "
                        "(sequence parallelism), so activations take less memory than this plan predicts.");
    // TP communication overlap: torchtitan's async TP ([parallelism] enable_async_tensor_parallel), which
    // maybe_enable_async_tp refuses without torch.compile of the model ([compile] enable, "model" among the
    // components, which is the default).
    const bool asyncTp = c.tpCommOverlap && c.tp > 1;
    if (asyncTp)
        notes.push_back("TP communication overlapped with the GEMMs -> async tensor parallelism "
                        "(enable_async_tensor_parallel), which needs torch.compile: [compile] enable = true.");

    std::string precision = "bfloat16";
    switch (d.training.precision) {
    case Precision::Bf16: break;
    case Precision::Fp16:
        notes.push_back("torchtitan trains in bfloat16 or float32, not float16: bfloat16 has the same size, so "
                        "memory and time predictions hold.");
        break;
    case Precision::Fp8:
        // torchtitan/components/quantization/float8.py at b5bcd76: recipe_name "rowwise" or "rowwise_with_gw_hp".
        notes.push_back("FP8: bfloat16 parameters; enable torchtitan's float8 converter for the matmuls. Its recipes "
                        "are torchao's row-wise scaling (\"rowwise\", \"rowwise_with_gw_hp\"), not the plan's "
                        + std::string(toString(d.training.fp8.recipe))
                        + " scaling, so its casts cost what the plan's do only roughly"
                        + (d.training.fp8.bf16FirstBlocks + d.training.fp8.bf16LastBlocks > 0
                               ? "; the blocks the plan keeps in BF16 need the converter's filter_fqns"
                               : "")
                        + ".");
        break;
    case Precision::Fp32: precision = "float32"; break;
    }

    // Pipeline chunks as torchtitan's module names, one list per chunk in model order (pipeline_module_split keeps
    // tok_embeddings, layers.N, norm and output by name; looped schedules run chunk i on rank i mod PP).
    bool modulesKnown = false;
    if (c.pp > 1) {
        modulesKnown = v.blocksKnown;
        bool everyChunkHasModules = true;
        for (const Segment& s : v.segments)
            everyChunkHasModules = everyChunkHasModules && !s.modules.empty();
        if (modulesKnown)
            notes.push_back("module_fqns_per_model_part: the modules of each of the plan's "
                            + std::to_string(v.segments.size()) + " pipeline chunks in model order (chunk k of rank r is "
                            "entry k x PP + r in looped schedules)"
                            + (everyChunkHasModules ? "." : "; a chunk without layers is an empty list, which passes its "
                                                            "input through."));
        else
            notes.push_back("The layer names do not number the transformer blocks: no module_fqns_per_model_part; "
                            "torchtitan splits the layers evenly.");
    }

    out += "# Notes:\n";
    for (const std::string& n : notes)
        out += "# - " + n + "\n";

    out += "\n[parallelism]\n";
    out += "data_parallel_replicate_degree = " + std::to_string(replicate) + "\n";
    out += "data_parallel_shard_degree = " + std::to_string(shard) + "\n";
    if (!reshard.empty())
        out += "fsdp_reshard_after_forward = " + tomlString(reshard) + "\n";
    out += "tensor_parallel_degree = " + std::to_string(c.tp) + "\n";
    if (c.cp > 1) {
        out += "context_parallel_degree = " + std::to_string(c.cp) + "\n";
        out += "context_parallel_rotate_method = \"alltoall\"\n";
    }
    out += "pipeline_parallel_degree = " + std::to_string(c.pp) + "\n";
    if (expertParallel) {
        out += "expert_parallel_degree = " + std::to_string(c.ep) + "\n";
        out += "expert_tensor_parallel_degree = " + std::to_string(c.etp) + "\n";
    }
    if (asyncTp)
        out += "enable_async_tensor_parallel = true\n";
    if (c.pp > 1) {
        out += "pipeline_parallel_schedule = " + tomlString(scheduleName(c.schedule)) + "\n";
        out += "pipeline_parallel_microbatch_size = " + std::to_string(c.microBatch) + "\n";
        if (modulesKnown)
            out += moduleListToml(v.segments);
    }
    out += "\n[training]\n";
    out += "local_batch_size = " + std::to_string(local) + "\n";
    out += "global_batch_size = " + std::to_string(d.training.globalBatch) + "\n";
    out += "seq_len = " + std::to_string(d.training.seqLength) + "\n";
    out += "mixed_precision_param = " + tomlString(precision) + "\n";

    if (asyncTp)
        out += "\n[compile]\nenable = true\n";

    out += "\n[activation_checkpoint]\n";
    switch (c.recompute) {
    case Recompute::None: out += "mode = \"none\"\n"; break;
    case Recompute::Selective: out += "mode = \"selective\"\nselective_ac_option = \"op\"\n"; break;
    case Recompute::Full: out += "mode = \"full\"\n"; break;
    }
    return out;
}

} // namespace shardscope::launch_detail
