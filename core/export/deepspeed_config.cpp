// SPDX-License-Identifier: GPL-3.0-or-later
// DeepSpeed config JSON (deepspeedai/DeepSpeed runtime/constants.py and runtime/zero/config.py; keys listed in
// docs/launch-configs.md). Context parallelism, hybrid
// sharding and the pipeline engine's limits checked at edaa722 (deepspeed/__init__.py, runtime/pipe/engine.py,
// runtime/engine.py, runtime/sequence_parallel/ulysses_sp.py).
#include "export/launch_config_detail.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace shardscope::launch_detail {

namespace {

/// DeepSpeed MoE (microsoft/DeepSpeed at 38327e0): the model code builds deepspeed.moe.layer.MoE(..., ep_size=EP,
/// k=top-k, capacity_factor, drop_tokens, enable_expert_tensor_parallelism), so the config has no EP key. Its
/// expert groups (utils/groups.py _create_expert_and_data_parallel) split the data-parallel ranks, EP dividing
/// DP; experts are whole on each TP rank or, with enable_expert_tensor_parallelism, split over the TP group; and
/// the engine refuses ZeRO-3 ("MoE not supported with Stage 3", runtime/engine.py).
void checkDeepSpeedExperts(const PlanView& v)
{
    const ParallelConfig& c = v.config;
    const std::optional<TransformerSpec>& t = v.document->model.transformer;
    if (!t || !t->isMoe())
        return;
    if (c.zeroStage == 3)
        v.refuse("config.zero_stage", "DeepSpeed does not train mixtures of experts with ZeRO-3 (\"MoE not supported "
                                      "with Stage 3\"); choose a plan with ZeRO-0, 1 or 2, or export for megatron or "
                                      "torchtitan");
    if (c.dp % c.ep != 0)
        v.refuse("config.ep", "DeepSpeed MoE forms its expert-parallel groups from the data-parallel ranks, so EP must "
                              "divide DP " + std::to_string(c.dp) + "; the plan has EP " + std::to_string(c.ep)
                                  + " (over TP or CP too); export for megatron");
    if (c.etp != 1 && c.etp != c.tp)
        v.refuse("config.etp", "DeepSpeed MoE keeps each expert whole on every TP rank or splits it over the whole TP "
                               "group (enable_expert_tensor_parallelism); the plan has ETP " + std::to_string(c.etp)
                                   + " with TP " + std::to_string(c.tp) + "; choose a plan with ETP 1 or ETP = TP");
}

} // namespace

std::string writeDeepSpeedConfig(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    // The pipeline engine's own assertion (runtime/pipe/engine.py): "ZeRO-2 and ZeRO-3 are incompatible
    // with pipeline parallelism".
    // The pipeline engine checkpoints every activation_checkpoint_interval layers (runtime/pipe/module.py): Megatron's
    // uniform method; nothing there recomputes only the first blocks of a stage.
    if (c.recompute == Recompute::Selective && d.training.recomputeModules != kRecomputeCoreAttn)
        v.refuseTraining("recompute_modules", "DeepSpeed's activation checkpointing wraps what the model code chooses; "
                                              "it has no switch for Megatron's submodules ("
                                                  + recomputeModulesToString(d.training.recomputeModules)
                                                  + "); plan with core_attn alone, or export for megatron");
    if (c.recompute == Recompute::Full && d.training.fullRecompute.method == RecomputeMethod::Block)
        v.refuseTraining("recompute_method",
                 "DeepSpeed checkpoints every activation_checkpoint_interval layers; the plan recomputes only the first "
                     + std::to_string(d.training.fullRecompute.layers)
                     + " blocks of each model chunk (Megatron --recompute-method block); plan with the uniform method, "
                       "or export for megatron");
    if (c.zeroStage >= 2 && c.pp > 1)
        v.refuse("config.zero_stage",
                 "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism: DeepSpeed's pipeline engine refuses "
                 "ZeRO stage " + std::to_string(c.zeroStage) + " with " + std::to_string(c.pp)
                     + " pipeline stages (gradients must stay whole on each stage across micro-batches); choose a "
                       "plan with ZeRO-0 or ZeRO-1, or with PP 1");
    // DeepSpeed MoE dispatches and combines with a blocking all-to-all (_AllToAll in deepspeed/moe/sharded_moe.py
    // at 38327e0); nothing overlaps it with another micro-batch's computation.
    if (c.epCommOverlap)
        v.refuse("config.ep_comm_overlap",
                 "DeepSpeed MoE runs its all-to-alls in line with each micro-batch (deepspeed/moe/sharded_moe.py), and "
                 "this plan's step time assumes them overlapped with another micro-batch's computation (Megatron's "
                 "--overlap-moe-expert-parallel-comm); choose a plan with ep_comm_overlap off, or export for megatron");
    // runtime/pipe/schedule.py: the pipeline engine trains with TrainSchedule, 1F1B with whole backwards.
    if (c.pp > 1 && isZeroBubble(c.schedule))
        v.refuse("config.schedule",
                 "DeepSpeed's pipeline engine runs one schedule, 1F1B (its TrainSchedule) with whole backward passes, "
                 "and this plan's " + std::string(toString(c.schedule))
                     + " step time relies on weight gradients run in the pipeline bubble; choose a plan with the 1f1b "
                       "schedule"
                     + (isInterleaved(c.schedule) ? std::string(", or export for torchtitan") : std::string()));
    if (c.vpp > 1)
        v.refuse("config.vpp", "DeepSpeed's pipeline engine runs one model chunk per stage (its 1F1B TrainSchedule); "
                               "the plan interleaves " + std::to_string(c.vpp)
                                   + " virtual stages per rank; choose a plan with VPP 1, or export for megatron or "
                                     "torchtitan");

    // Context parallelism: DeepSpeed has Ulysses, an all-to-all of the sequence into attention heads. The config's
    // sequence_parallel_size with data_parallel_size makes deepspeed.initialize build the (data_parallel,
    // sequence_parallel) mesh, for models that are not a PipelineModule only.
    if (c.cp > 1 && c.cpCommType == CpCommType::P2P)
        v.refuse("config.cp_comm_type",
                 "DeepSpeed's context parallelism is Ulysses (sequence_parallel_size), an all-to-all that scatters "
                 "attention heads; it has no ring attention passing K/V between ranks, which this plan's "
                 "cp_comm_type p2p predicts; choose a plan with cp_comm_type a2a, or export for megatron or torchtitan");
    if (c.cp > 1 && c.pp > 1)
        v.refuse("config.cp", "DeepSpeed builds its sequence-parallel groups (sequence_parallel_size) only for models "
                              "that are not a PipelineModule, and its pipeline engine takes the process groups from the "
                              "PipelineModule's own topology; the plan combines CP " + std::to_string(c.cp)
                                  + " with PP " + std::to_string(c.pp)
                                  + "; choose a plan with PP 1 or CP 1, or export for megatron or torchtitan");
    if (c.cp > 1 && d.model.transformer && d.model.transformer->heads > 0
        && (d.model.transformer->heads / c.tp) % c.cp != 0)
        v.refuse("config.cp", "DeepSpeed Ulysses scatters attention heads over the sequence-parallel group (\"Attention "
                              "head count ... is not divisible by SP size\"): "
                                  + std::to_string(d.model.transformer->heads / c.tp) + " heads per TP rank do not divide "
                                  "by CP " + std::to_string(c.cp));
    // Hybrid sharding: MiCS (mics_shard_size) shards ZeRO-3 within groups and replicates across them; ZeRO-1/2
    // always shard over the whole data-parallel group.
    if (c.dpReplicate > 1 && c.zeroStage >= 1 && c.zeroStage < 3)
        v.refuse("config.dp_replicate",
                 "DeepSpeed's ZeRO-" + std::to_string(c.zeroStage) + " shards over all data-parallel ranks; hybrid "
                 "sharding (MiCS, mics_shard_size) exists for ZeRO-3 only, and the plan replicates ZeRO-"
                     + std::to_string(c.zeroStage) + " shards " + std::to_string(c.dpReplicate)
                     + " times; choose a plan with dp_replicate 1, or export for megatron or torchtitan");
    // ZeRO-3 releases a module's parameters once it ran (stage3 partitioned parameters); no switch keeps them
    // from the forward to the backward.
    if (c.zeroStage == 3 && !c.reshardAfterForward)
        v.refuse("config.reshard_after_forward",
                 "DeepSpeed's ZeRO-3 releases each module's gathered parameters after use and has no switch to keep "
                 "them from the forward to the backward, as this plan does; choose a plan with reshard_after_forward "
                 "on, or export for torchtitan");

    checkDeepSpeedExperts(v);

    const std::int64_t micro = c.microBatch;
    const std::int64_t accumulation = v.numMicroBatches; // DeepSpeed's pipeline engine runs this many micro-batches
    const std::int64_t trainBatch = micro * accumulation * c.dp;
    // DeepSpeed's _batch_assertion; analyzePlan already refused a plan where this is not the global batch.
    if (trainBatch != d.training.globalBatch)
        throw std::logic_error("DeepSpeed batch triplet does not multiply out to the global batch");

    nlohmann::ordered_json j;
    j["train_batch_size"] = trainBatch;
    j["train_micro_batch_size_per_gpu"] = micro;
    j["gradient_accumulation_steps"] = accumulation;
    j["gradient_clipping"] = 1.0;
    switch (d.training.precision) {
    case Precision::Bf16:
    case Precision::Fp8: // FP8 matmuls come from Transformer Engine in the model code; the engine runs bf16.
        j["bf16"] = { { "enabled", true } };
        break;
    case Precision::Fp16: j["fp16"] = { { "enabled", true } }; break;
    case Precision::Fp32: break; // DeepSpeed's default
    }
    nlohmann::ordered_json zero;
    zero["stage"] = c.zeroStage;
    if (c.zeroStage >= 1) {
        // Overlap as the plan assumed: the cost model overlaps DP traffic with the backward pass (per bucket,
        // as the frameworks do) unless training.dpOverlap overrides it, and an override of 0 means none.
        zero["overlap_comm"] = d.training.dpOverlap.value_or(1.0) > 0;
        zero["contiguous_gradients"] = true;
    }
    if (c.zeroStage == 3 && c.dpReplicate > 1)
        zero["mics_shard_size"] = c.zeroShardSize(); // runtime/zero/config.py; MiCS in engine's stage-3 branch
    j["zero_optimization"] = zero;
    if (c.cp > 1) {
        // DeepSpeed Ulysses; deepspeed/__init__.py builds the mesh from both keys (only without TP, which the model's
        // mpu brings, e.g. Megatron-DeepSpeed's --ds-sequence-parallel-size).
        j["sequence_parallel_size"] = c.cp;
        if (c.tp == 1)
            j["data_parallel_size"] = c.dp;
    }
    if (c.recompute != Recompute::None) {
        nlohmann::ordered_json ac;
        // Split stored checkpoints over the tensor-parallel group, as sequence parallelism does in the plan.
        ac["partition_activations"] = c.tp > 1 && c.sequenceParallel;
        ac["contiguous_memory_optimization"] = false;
        if (v.blocksKnown && c.recompute == Recompute::Full) // one checkpoint per group of the fullest stage
            ac["number_checkpoints"] = (v.maxStageBlocks() + d.training.fullRecompute.layers - 1) / d.training.fullRecompute.layers;
        j["activation_checkpointing"] = ac;
    }
    if (c.pp > 1) {
        nlohmann::ordered_json pipe;
        pipe["stages"] = c.pp;
        pipe["activation_checkpoint_interval"] = c.recompute == Recompute::Full ? d.training.fullRecompute.layers : 0;
        j["pipeline"] = pipe;
    }
    return j.dump(2) + "\n";
}

} // namespace shardscope::launch_detail
