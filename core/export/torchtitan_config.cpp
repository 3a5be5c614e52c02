// SPDX-License-Identifier: GPL-3.0-or-later
// torchtitan TOML job config, pinned to torchtitan v0.2.0 (torchtitan/config/job_config.py: [training]
// local_batch_size and global_batch_size, [parallelism] fsdp_reshard_after_forward and
// enable_async_tensor_parallel, [compile] enable); keys in
// ../shared/notes/qt-ecosystem.md section 8 and docs/launch-configs.md.
#include "export/launch_config_detail.h"

#include <string>
#include <vector>

namespace shardscope::launch_detail {

namespace {

std::string tomlString(const std::string& s) { return "\"" + s + "\""; }

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

} // namespace

std::string writeTorchtitanConfig(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const ParallelConfig& c = v.config;
    std::vector<std::string> notes;

    // torch.distributed.pipelining's zero-bubble schedules (InterleavedZeroBubble, ZBVZeroBubble) are multi-stage
    // ones, and torchtitan gives those at least 2 stages per rank (torchtitan/distributed/pipeline_parallel.py at
    // b5bcd76, _get_pipeline_metadata); one-chunk ZB-H1 has no class.
    if (c.pp > 1 && c.schedule == Schedule::ZeroBubbleH1)
        v.refuse("config.schedule",
                 "torchtitan has no ZB-H1 schedule: its zero-bubble schedules, InterleavedZeroBubble and ZBVZeroBubble, "
                 "run at least 2 model chunks per rank, and 1F1B would leave the weight gradients in the backward, "
                 "slower than this plan predicts; choose a plan with the interleaved-zb, zbv or 1f1b schedule");
    if (c.pp > 1 && c.schedule == Schedule::ZeroBubbleV)
        notes.push_back("ZBVZeroBubble places the 2 chunks of each rank in a V (torchtitan's \"v\" stage style): rank r "
                        "runs stages r and 2 x PP - 1 - r, so rank 0 holds the first and the last.");

    // Data parallelism: torchtitan shards with FSDP2 (data_parallel_shard_degree) or replicates with DDP
    // (data_parallel_replicate_degree), and its DDP path does not combine with TP or PP.
    int replicate = 1, shard = c.dp;
    std::string reshard;
    if (c.zeroStage == 3) {
        reshard = "always";
        notes.push_back("ZeRO-3 -> FSDP over all " + std::to_string(c.dp)
                        + " data-parallel ranks, parameters resharded after every forward (also under PP, where "
                          "torchtitan's default keeps them).");
    } else if (c.zeroStage == 0 && c.tp == 1 && c.pp == 1) {
        replicate = c.dp;
        shard = 1;
        notes.push_back("ZeRO-0 -> plain data parallelism (DDP): replicate degree " + std::to_string(c.dp) + ".");
    } else {
        reshard = "never";
        notes.push_back("ZeRO-" + std::to_string(c.zeroStage)
                        + " has no exact torchtitan equivalent; FSDP without resharding after forward is ZeRO-2 (" +
                        (c.zeroStage == 0 ? std::string("torchtitan's DDP does not combine with TP or PP")
                                          : std::string("optimizer states and gradients sharded"))
                        + "): it needs no more memory than the plan and moves about the same bytes (reduce-scatter + "
                          "all-gather instead of all-reduce).");
    }

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
        notes.push_back("FP8: bfloat16 parameters; enable torchtitan's float8 converter for the matmuls.");
        break;
    case Precision::Fp32: precision = "float32"; break;
    }

    std::vector<std::string> splitPoints;
    if (c.pp > 1) {
        bool everyChunkHasBlocks = v.blocksKnown;
        for (const Segment& s : v.segments)
            everyChunkHasBlocks = everyChunkHasBlocks && s.blocks > 0 && s.firstBlock >= 0;
        if (everyChunkHasBlocks) {
            for (std::size_t i = 1; i < v.segments.size(); ++i)
                splitPoints.push_back(tomlString("layers." + std::to_string(v.segments[i].firstBlock)));
            notes.push_back("pipeline_parallel_split_points: the first block of each of the plan's "
                            + std::to_string(v.segments.size()) + " pipeline chunks after the first (chunk k of rank "
                            "r is stage k x PP + r).");
        } else {
            notes.push_back("Some pipeline chunk holds no transformer block (or the layer names do not number them): "
                            "no split points; torchtitan splits the layers evenly.");
        }
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
    out += "pipeline_parallel_degree = " + std::to_string(c.pp) + "\n";
    if (asyncTp)
        out += "enable_async_tensor_parallel = true\n";
    if (c.pp > 1) {
        out += "pipeline_parallel_schedule = " + tomlString(scheduleName(c.schedule)) + "\n";
        out += "pipeline_parallel_microbatch_size = " + std::to_string(c.microBatch) + "\n";
        if (!splitPoints.empty()) {
            // One line while short, eight names a line beyond (a TOML array may span lines).
            const bool wrap = splitPoints.size() > 8;
            out += "pipeline_parallel_split_points = [";
            for (std::size_t i = 0; i < splitPoints.size(); ++i) {
                if (wrap && i % 8 == 0)
                    out += "\n    ";
                out += splitPoints[i] + (i + 1 < splitPoints.size() ? (wrap && i % 8 == 7 ? "," : ", ") : "");
            }
            out += wrap ? ",\n]\n" : "]\n";
        }
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
