// SPDX-License-Identifier: GPL-3.0-or-later
// Shared fixtures: the GPT configurations of Narayanan et al. 2021 and Korthikanti et al. 2022
// (V = 51,200, s = 2048, MHA, ffn = 4h, LayerNorm, biases, learned positions, tied embeddings,
// dropout), on A100-80GB nodes of 8 GPUs.
#pragma once

#include "calibration/calibration_set.h"
#include "cost/planning_problem.h"
#include "hardware/hardware_catalog.h"
#include "model/model_graph.h"
#include "model/transformer_spec.h"

#include <stdexcept>

namespace shardscope::testing {

inline TransformerSpec megatronGpt(std::int64_t hidden, std::int64_t heads, std::int64_t layers)
{
    return narayananGpt(hidden, heads, layers); // the calibration set's GPT
}

/// Llama-3-8B's shape (GQA 32/8 heads, SwiGLU FFN 14336), as the plan and launch-config tests use it.
inline TransformerSpec llama3_8b()
{
    TransformerSpec s;
    s.name = "Llama-3-8B";
    s.modelType = "llama";
    s.hidden = 4096;
    s.ffn = 14336;
    s.layers = 32;
    s.heads = 32;
    s.kvHeads = 8;
    s.vocab = 128256;
    s.maxPositions = 8192;
    return s;
}

/// Llama-3-70B's shape: Llama-3-8B's with hidden 8192, FFN 28672, 80 layers, 64/8 heads.
inline TransformerSpec llama3_70b()
{
    TransformerSpec s = llama3_8b();
    s.name = "Llama-3-70B";
    s.hidden = 8192;
    s.ffn = 28672;
    s.layers = 80;
    s.heads = 64;
    s.kvHeads = 8;
    return s;
}

/// Megatron's interleaved schedule over two stages requires overlapped p2p communication (plan_rules.cpp refuses it
/// off there): the fixtures' configurations turn it on exactly then.
inline bool needsPpCommOverlap(Schedule schedule, int pp) { return schedule == Schedule::Interleaved1F1B && pp == 2; }

inline const GpuSpec& catalogGpu(const char* name)
{
    const GpuSpec* gpu = HardwareCatalog::builtin().find(name);
    if (!gpu)
        throw std::runtime_error(std::string("GPU missing from the built-in catalog: ") + name);
    return *gpu;
}

/// A 2021-era Megatron run: no flash attention, fp32 main gradients, no framework overhead or margin
/// (the papers count model states and activations only).
inline PlanningProblem megatronProblem(const TransformerSpec& spec, int gpus, std::int64_t globalBatch)
{
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    p.cluster = ClusterSpec::make(catalogGpu("A100-SXM-80GB"), gpus, 8);
    p.training.seqLength = 2048;
    p.training.globalBatch = globalBatch;
    p.training.flashAttention = false;
    p.training.fp32Gradients = true;
    p.training.frameworkOverheadBytes = 0;
    p.training.memoryMargin = 0;
    return p;
}

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// Block `b` of a synthetic model: one TP-shardable MLP layer of 100 M parameters (2 FLOPs each per token),
/// 1,000 bytes of activations and 1,024 output elements per token.
inline Layer syntheticMlpBlock(int b)
{
    Layer l;
    l.name = "blocks." + std::to_string(b) + ".mlp";
    l.kind = LayerKind::Mlp;
    l.params = l.tpShardedParams = 100'000'000;
    l.flopsPerToken = 2.0 * 100'000'000;
    l.actShardedBytesPerToken = 1000;
    l.outputElementsPerToken = 1024;
    l.tpShardable = true;
    l.block = b;
    return l;
}

/// H100 nodes of 8 with free links (infinite bandwidth, no latency): stage times are compute alone.
inline ClusterSpec freeLinkCluster(int gpus)
{
    ClusterSpec c = ClusterSpec::make(catalogGpu("H100-SXM"), gpus, 8);
    c.interNode.bandwidthBytesPerSecond = c.intraNode.bandwidthBytesPerSecond = 1e18;
    c.interNode.latencySeconds = c.intraNode.latencySeconds = 0;
    return c;
}

} // namespace shardscope::testing
