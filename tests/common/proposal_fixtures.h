// SPDX-License-Identifier: GPL-3.0-or-later
// Problems and plans for the proposal tests (tst_proposals, tst_proposals_moe): Llama-shaped models on H100
// nodes of 8, the configurations they evaluate, and a proposal found by kind and title.
#pragma once

#include "cost/planning_problem.h"
#include "hardware/hardware_catalog.h"
#include "model/model_graph.h"
#include "model/transformer_spec.h"
#include "proposals/proposals.h"

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace shardscope::testing {

/// A Llama-shaped transformer (GQA with `kvHeads` KV heads, SwiGLU FFN `ffn`), vocabulary 128,256,
/// 8,192 positions.
inline TransformerSpec llama(int hidden, int ffn, int layers, int heads, int kvHeads, const char* name)
{
    TransformerSpec s;
    s.name = name;
    s.modelType = "llama";
    s.hidden = hidden;
    s.ffn = ffn;
    s.layers = layers;
    s.heads = heads;
    s.kvHeads = kvHeads;
    s.vocab = 128256;
    s.maxPositions = 8192;
    return s;
}

/// `spec` on `gpus` H100-SXM, 8 per node, at `seq` tokens and `globalBatch` sequences.
inline PlanningProblem problem(const TransformerSpec& spec, int gpus, std::int64_t globalBatch, std::int64_t seq = 4096)
{
    PlanningProblem p;
    p.model = buildModelGraph(spec);
    const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
    if (!h100)
        throw std::runtime_error("no H100 in the built-in catalog");
    p.cluster = ClusterSpec::make(*h100, gpus, 8);
    p.training.seqLength = seq;
    p.training.globalBatch = globalBatch;
    return p;
}

/// Llama-3-8B on `gpus` H100-SXM at 4,096 tokens.
inline PlanningProblem llama8b(int gpus, std::int64_t globalBatch)
{
    return problem(llama(4096, 14336, 32, 32, 8, "Llama-3-8B"), gpus, globalBatch);
}

/// TP x PP x DP with ZeRO-`zero`, recomputation `r` and sequence parallelism wherever TP > 1.
inline ParallelConfig config(int tp, int pp, int dp, int microBatch = 1, int zero = 1, Recompute r = Recompute::Selective)
{
    return { .tp = tp, .pp = pp, .dp = dp, .microBatch = microBatch, .zeroStage = zero, .recompute = r,
             .sequenceParallel = tp > 1 };
}

/// The first proposal of `kind` whose title contains `titlePart`; null when there is none.
inline const Proposal* find(const std::vector<Proposal>& list, ProposalKind kind, const char* titlePart)
{
    for (const Proposal& p : list)
        if (p.kind == kind && p.title.text().find(titlePart) != std::string::npos)
            return &p;
    return nullptr;
}

} // namespace shardscope::testing
