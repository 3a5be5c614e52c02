// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "cost/planning_problem.h"
#include "model/graph_analysis.h"
#include "util/message.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

enum class ProposalKind {
    DataParallel,
    TensorParallel,
    PipelineParallel,
    SequenceParallel,
    GradientCommunication,
    ZeroStage,
    Recomputation,
    MicroBatch,
    ExpertParallel, ///< EP and ETP of a mixture-of-experts plan
    GlobalBatch,    ///< a different global batch (Proposal::training); scale_proposals.h
    ClusterSize,    ///< a different GPU count (Proposal::cluster); scale_proposals.h
};

std::string_view toString(ProposalKind kind); ///< "data_parallel", "tensor_parallel", ... (plan JSON names)
std::optional<ProposalKind> proposalKindFromString(std::string_view text);

/**
 * One concrete change to a plan with its predicted effect. When `evaluated` is true the numbers come
 * from PlanEvaluator on (config, training): evaluating them again reproduces speedup and
 * memoryDeltaBytes exactly, so a GUI can apply the proposal by switching to config and training.
 * When false the change cannot be expressed as a configuration the evaluator places (gradient
 * compression): config and training equal the current plan's, the numbers are estimates from the
 * evaluator's own DP model, the rationale says so, and there is nothing to apply.
 */
struct Proposal
{
    ProposalKind kind = ProposalKind::DataParallel;
    Message title;               ///< one line: "Interleave 2 model chunks per GPU (vpp 2)" (text() in English)
    ParallelConfig config;       ///< the proposed plan's configuration
    TrainingSpec training;       ///< the proposed training spec (the problem's; kept for knobs that live there)
    /// current step time / proposed step time. GlobalBatch and ClusterSize change the work of a step: for them it
    /// is proposed tokens/s / current tokens/s (0 when there is no current plan that fits).
    double speedup = 1;
    double memoryDeltaBytes = 0; ///< proposed peak per-GPU memory - current
    bool feasible = false;       ///< the proposed plan fits in memory
    bool evaluated = true;       ///< numbers from re-evaluating config/training (see above)
    Message rationale;           ///< names the bottleneck with numbers
    PlanEstimate estimate;       ///< the re-evaluated proposed plan (estimate-only: the current one, adjusted)
    /// The proposed cluster when the proposal changes it (ClusterSize: more nodes of the same GPUs); unset: the
    /// problem's. Applying the proposal means planning on this cluster with `training`.
    std::optional<ClusterSpec> cluster;
};

/**
 * Ranked proposals for the plan `current` (an estimate PlanEvaluator made for `problem`). Every kind
 * generates concrete changes (DP vs TP/PP at fixed world size, TP up/down within a node, micro-batch
 * count and interleaving for PP, sequence parallelism, TP and pipeline communication overlap, int8
 * gradient compression, ZeRO stage, recomputation, micro-batch size; for mixture-of-experts models EP up
 * when the routed experts fill memory, EP down or back into a node when the all-to-all costs time, ETP for
 * large experts), each evaluated on the same problem. Order: feasible before infeasible, then by speedup
 * (larger first), then by memory saved; changes with no effect, changes to a knob the user pinned
 * (problem.training.pins) and duplicates of a better-ranked configuration are dropped. At most maxCount. Empty when `current` was rejected before evaluation.
 */
std::vector<Proposal> proposeChanges(const PlanningProblem& problem, const PlanEstimate& current, int maxCount = 10);

/// The seed agent's ParallelType, with its names.
enum class ParallelType { DataParallel, ModelParallel, PipelineParallel, TensorParallel };
std::string_view toString(ParallelType type);

/// How a node's weight is split across `ways` GPUs.
enum class ShardMethod {
    ColumnParallel,  ///< MatMul/Gemm output columns split (Megatron's first GEMM of a pair; all-reduce of the input gradient in backward)
    RowParallel,     ///< MatMul/Gemm input rows split (second GEMM of a pair; all-reduce of the output in forward)
    ChannelParallel, ///< Conv output channels split (all-gather of the output forward, reduce-scatter backward)
    LayerPair        ///< a whole layer (attention or MLP): a column- then a row-parallel GEMM, two all-reduces per step
};
std::string_view toString(ShardMethod method);

/// The seed's ResourceRequirements, computed.
struct ResourceRequirements
{
    int minDevices = 1;                 ///< the TP group the estimate assumes
    double memoryPerDeviceBytes = 0;    ///< the node's weights + gradients + optimizer states per device after sharding
    double communicationOverhead = 0;   ///< TP communication / sharded compute time of the node
};

/**
 * One operator (ONNX: ModelGraph::nodes()) or layer (other formats) big enough to shard, with its
 * share of the model and the estimated effect of sharding it `ways` ways. The seed's fields keep
 * their names: nodeId, opportunityType, estimatedSpeedup, resourceRequirements.
 */
struct ParallelizationOpportunity
{
    std::string nodeId;                 ///< node or layer name
    int index = -1;                     ///< into nodes() (analysis level "operators") or layers()
    std::string op;                     ///< "MatMul", "Gemm", "Conv", or the layer's op/kind
    ParallelType opportunityType = ParallelType::TensorParallel;
    ShardMethod method = ShardMethod::ColumnParallel;
    int ways = 1;
    double flopsShare = 0;              ///< the node's forward FLOPs / the model's (GraphAnalysis::totalFlops)
    double paramsShare = 0;             ///< the node's parameters / GraphAnalysis::totalParams
    double computeSeconds = 0;          ///< forward + backward per micro-batch, unsharded
    double shardedSeconds = 0;          ///< computeSeconds / ways + the TP collectives it adds
    double estimatedSpeedup = 1;        ///< computeSeconds / shardedSeconds
    ResourceRequirements resourceRequirements;
};

/**
 * Nodes worth sharding: every weighted MatMul/Gemm/Conv (operator graphs) or TP-shardable layer
 * (layer graphs) holding at least 1 % of the model's FLOPs or parameters, best estimated speedup
 * first. `ways` is the TP degree of `current` when it is above 1, else the largest power of two
 * within a node (up to 8). Times use the current micro-batch, GPU peak x matmul efficiency and
 * the intra-node collectives.
 */
std::vector<ParallelizationOpportunity> findOpportunities(const PlanningProblem& problem, const GraphAnalysis& analysis,
                                                          const PlanEstimate& current);

} // namespace shardscope
