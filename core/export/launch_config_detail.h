// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the launch-config writers (launch_config.cpp, megatron_args.cpp, deepspeed_config.cpp,
// torchtitan_config.cpp); not part of the public API.
#pragma once

#include "export/plan_document.h"

#include <cstddef>
#include <string>
#include <vector>

namespace shardscope::launch_detail {

/// One model chunk of one pipeline rank: Megatron's (pp rank, virtual pipeline rank), torchtitan's stage.
struct Segment
{
    int stage = 0;
    int chunk = 0;
    int firstLayer = 0;  ///< [firstLayer, endLayer): the chunk's layers; empty for a chunk without any
    int endLayer = 0;
    int blocks = 0;      ///< transformer blocks it holds
    int firstBlock = -1; ///< the number in its first block's layer names, -1 without blocks
    bool embedding = false; ///< holds layers before the first block (the token embedding)
    bool head = false;      ///< holds the model's last layer (output head and loss)
    /// torchtitan module names of its layers in order ("tok_embeddings", "layers.N", "norm", "output");
    /// filled when blocksKnown.
    std::vector<std::string> modules;

    bool empty() const { return endLayer <= firstLayer; }
};

/**
 * A plan checked for what every framework needs: it fits, its batch triplet is consistent, and its
 * layers are laid out as pp x vpp contiguous chunks in model order (chunk-major: chunk 0 of stages
 * 0..pp-1, then chunk 1, ...), which is Megatron's and torchtitan's interleaving order. The chunks
 * come from the plan's chunk_layers (any sizes, empty ones included); files from before it give the
 * chunk of each layer in sharding_plan.layer_partitions, which cannot tell where an empty chunk sits.
 */
struct PlanView
{
    const PlanDocument* document = nullptr;
    const DocumentPlan* plan = nullptr;
    ParallelConfig config;
    std::string source;
    std::string path;              ///< "$.plans[i]"
    int numMicroBatches = 1;
    std::vector<Segment> segments; ///< pp x vpp, model order
    int totalBlocks = 0;
    /// True when the layer names tell blocks apart and they add up to the model's block count.
    bool blocksKnown = false;

    int stageBlocks(int stage) const;
    int maxStageBlocks() const;
    [[noreturn]] void refuse(const std::string& position, const std::string& message) const;
    /// The same for a training setting the plans share, at "$.training.<field>".
    [[noreturn]] void refuseTraining(const std::string& field, const std::string& message) const;
};

PlanView analyzePlan(const PlanDocument& document, std::size_t planIndex, const std::string& source);

/// "TP 8 x CP 2 x PP 4 x DP 2, VPP 5, micro-batch 1 x 64, ZeRO-1, selective recompute, SP"; CP only when > 1
std::string describeConfig(const PlanView& view);
/// Comment lines (without the comment marker) naming model, cluster, plan and its predictions, the
/// step time with the cost model's measured error on the cluster's GPU family.
std::vector<std::string> headerLines(const PlanView& view);

std::string writeMegatronArgs(const PlanView& view);
std::string writeDeepSpeedConfig(const PlanView& view);
std::string writeTorchtitanConfig(const PlanView& view);

} // namespace shardscope::launch_detail
