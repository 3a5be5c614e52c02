// SPDX-License-Identifier: GPL-3.0-or-later
// DeepSpeed config JSON (deepspeedai/DeepSpeed runtime/constants.py and runtime/zero/config.py; keys in
// ../shared/notes/qt-ecosystem.md section 8 and docs/launch-configs.md).
#include "export/launch_config_detail.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace shardscope::launch_detail {

std::string writeDeepSpeedConfig(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    // The pipeline engine's own assertion (runtime/pipe/engine.py): "ZeRO-2 and ZeRO-3 are incompatible
    // with pipeline parallelism".
    if (c.zeroStage >= 2 && c.pp > 1)
        v.refuse("config.zero_stage",
                 "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism: DeepSpeed's pipeline engine refuses "
                 "ZeRO stage " + std::to_string(c.zeroStage) + " with " + std::to_string(c.pp)
                     + " pipeline stages (gradients must stay whole on each stage across micro-batches); choose a "
                       "plan with ZeRO-0 or ZeRO-1, or with PP 1");
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
    j["zero_optimization"] = zero;
    if (c.recompute != Recompute::None) {
        nlohmann::ordered_json ac;
        // Split stored checkpoints over the tensor-parallel group, as sequence parallelism does in the plan.
        ac["partition_activations"] = c.tp > 1 && c.sequenceParallel;
        ac["contiguous_memory_optimization"] = false;
        if (v.blocksKnown && c.recompute == Recompute::Full)
            ac["number_checkpoints"] = v.maxStageBlocks(); // one checkpoint per block of the fullest stage
        j["activation_checkpointing"] = ac;
    }
    if (c.pp > 1) {
        nlohmann::ordered_json pipe;
        pipe["stages"] = c.pp;
        pipe["activation_checkpoint_interval"] = c.recompute == Recompute::Full ? 1 : 0;
        j["pipeline"] = pipe;
    }
    return j.dump(2) + "\n";
}

} // namespace shardscope::launch_detail
