// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/collectives.h"
#include "training/training_spec.h"

#include <optional>
#include <vector>

namespace shardscope {

class EvaluationContext;

/// One pipeline stage's data-parallel communication and how much of it the schedule leaves exposed.
struct DpCommunication
{
    double seconds = 0;         ///< all DP/ZeRO collectives of one step, before overlap
    double exposedSeconds = 0;  ///< what no compute hides
    double bytes = 0;           ///< per-rank ring volume
    int buckets = 1;            ///< messages the gradients travel in
};

/// What one stage computes per micro-batch and where it sits in the pipeline: the windows that can
/// hide its DP communication.
struct DpOverlapWindow
{
    double forwardSeconds = 0;   ///< one micro-batch's forward on this stage (all its chunks)
    double backwardSeconds = 0;  ///< one micro-batch's backward (with recomputation) on this stage
    double fillSlackSeconds = 0; ///< idle before this stage's first forward (pipeline fill)
    double drainSlackSeconds = 0;///< idle after this stage's last backward while earlier stages finish
    int microBatches = 1;
};

struct StageEstimate;

/// Host time per pipeline schedule step (one chunk's forward or backward on one stage) with batched,
/// synchronous p2p (Megatron's batch_p2p_comm, whose batch_p2p_sync default synchronises the device after
/// every batch): the GPU idles while the host synchronises and launches the step's first kernels. 30 us is
/// an assumption (a device synchronisation plus a few PyTorch launches), not fitted. With the p2p overlap
/// (interleaved schedule) Megatron does not batch and does not synchronise.
constexpr double kPipelineStepHostSeconds = 30e-6;

/// The overlap window of pipeline stage `stage` of an evaluated plan: its forward and backward per
/// micro-batch, and in 1F1B the idle time before its first forward (k forward slots of one chunk after
/// stage 0) and after its last backward (k backward slots before stage 0 ends); with `chunks` > 1
/// (interleaved 1F1B over `pipelineStages` stages) the chunks' last backwards spread over the cooldown.
DpOverlapWindow dpOverlapWindow(const StageEstimate& stage, int microBatches, int chunks, int pipelineStages);

/**
 * DP/ZeRO communication of a stage holding `params` parameters (after TP), overlapped as the
 * frameworks do it (docs/cost-model.md, "Data parallelism"):
 * - gradients travel in buckets (Megatron-Core DDP: max(40M, 1M x dp) parameters each), each a collective
 *   with its own latency; ZeRO-0 all-reduces them, ZeRO-1/2 reduce-scatter them (ZeRO paper Sec. 7);
 * - ZeRO-0/1 reduce once per step, behind the last micro-batch's backward (DDP no_sync, Megatron
 *   --overlap-grad-reduce) and the drain; the last bucket is always exposed;
 * - ZeRO-2 reduce-scatters each micro-batch's gradients behind that micro-batch's backward;
 * - ZeRO-1/2 all-gather the updated parameters behind the next step's first forward
 *   (--overlap-param-gather); the first bucket is always exposed;
 * - ZeRO-3 gathers parameters for every micro-batch's forward and backward (the backward's gather only
 *   with DpSharding::gatherForBackward) and reduce-scatters its gradients, each prefetched behind the pass
 *   that needs it; this holds with pipeline parallelism too, per micro-batch (ZeRO-2 likewise);
 * - with hybrid sharding the reduce-scattered shards are all-reduced across the replicas, behind the same
 *   backward as the reduce-scatter.
 * `overrideFraction` (TrainingSpec::dpOverlap), when set, replaces all this with the old rule: that
 * fraction is hidden, at most behind all backward passes.
 */
DpCommunication dataParallelCommunication(const Collectives& collectives, const CommGroup& group, double params,
                                          double gradientBytesPerParam, double weightBytesPerParam, int zeroStage,
                                          const DpOverlapWindow& window, std::optional<double> overrideFraction = {});

/// How a plan shards its data-parallel state: the ZeRO stage over `group`, hybrid replicas, FSDP's resharding.
struct DpSharding
{
    int zeroStage = 0;
    /// Hybrid sharding (HSDP): after the reduce-scatter inside the shard group, each shard's gradient is
    /// all-reduced across these replica groups (size 1: none).
    CommGroup replicas;
    /// ZeRO-3: gather the parameters again for each backward (FSDP reshard_after_forward, the default); false
    /// keeps them from the forward (Llama 3's and torchtitan's pipeline setting), one gather per micro-batch.
    bool gatherForBackward = true;
};

/// The collectives of one stage's data-parallel state, before any overlap: what depends on its parameters
/// and the groups only (stages of equal size share them).
struct DpCollectives
{
    double params = 0;
    bool any = false;            ///< false: no data-parallel communication at all
    int buckets = 1;
    double frac = 0;             ///< (n - 1) / n of the shard group
    double grad = 0, weights = 0;///< bytes
    double replicaBytes = 0;     ///< hybrid sharding's all-reduce across replicas, per rank
    double allReduce = 0, reduceScatter = 0, allGather = 0; ///< seconds, all buckets (replicas in reduceScatter)
    double lastReduce = 0, firstGather = 0;                 ///< seconds of the last and the first bucket
};

DpCollectives dpCollectives(const Collectives& collectives, const CommGroup& group, double params, double gradientBytesPerParam,
                            double weightBytesPerParam, const DpSharding& sharding);

/// Two sets of collectives a stage runs back to back in the same windows (MoE: the dense parameters over DP x CP
/// and the routed experts over expert-DP): their seconds and bytes add; the exposed last and first buckets are the
/// larger of the two.
DpCollectives combineDpCollectives(const DpCollectives& a, const DpCollectives& b);

/**
 * Where a plan's data-parallel state travels, written once for the evaluator's data-parallel tail and the proposals
 * that price it again (gradient compression): the dense weights' gradients over DP x CP, tp ranks apart (Megatron's
 * data_parallel_group_with_cp), ZeRO sharding inside groups of zeroShardSize() and hybrid sharding's replicas
 * across; the routed experts' over the expert-data-parallel group, ep x etp ranks apart (MoE parallel folding),
 * sharded in groups of expertZeroShardSize().
 */
struct DataParallelGroups
{
    DataParallelGroups(const ParallelConfig& config, int gpusPerNode);

    CommGroup dense;
    DpSharding sharding;
    CommGroup experts;
    DpSharding expertSharding;

    /// One stage's collectives: `params` per GPU, of which `routedParams` are routed experts'.
    DpCollectives collectives(const Collectives& collectives, double params, double routedParams,
                              double gradientBytesPerParam, double weightBytesPerParam) const;
};

/// The overlap of precomputed collectives (dpCollectives) in one stage's window.
DpCommunication dataParallelCommunication(const DpCollectives& collectives, const DpSharding& sharding,
                                          const DpOverlapWindow& window, std::optional<double> overrideFraction = {});

/// The same with hybrid sharding and FSDP's resharding choice; the overload above is DpSharding { zeroStage }.
DpCommunication dataParallelCommunication(const Collectives& collectives, const CommGroup& group, double params,
                                          double gradientBytesPerParam, double weightBytesPerParam, const DpSharding& sharding,
                                          const DpOverlapWindow& window, std::optional<double> overrideFraction = {});

/// Megatron-Core's default DDP bucket: max(40,000,000, 1,000,000 x dp) parameters
/// (megatron/core/distributed/distributed_data_parallel.py).
double dpBucketParams(int dp);

/**
 * Pipeline makespan from per-stage micro-batch times (Narayanan et al. 2021, Sec. 2.2): (m - 1) max t_k
 * + sum t_k for GPipe and 1F1B (uniform stages: (m + p - 1) t); interleaved with v chunks
 * (m - 1/v) max t_k + sum t_k / v (uniform: (m + (p - 1)/v) t).
 */
double pipelineSeconds(const std::vector<double>& stageSeconds, int microBatches, int chunks);

/**
 * Pipeline makespan of `schedule` over evaluated stages (each one's micro-batch time, forward and
 * weight-gradient parts, chunk shares) with `chunks` model chunks per stage: GPipe and 1F1B by the closed
 * form above; interleaved 1F1B (whose chunks may be uneven) and the zero-bubble schedules by simulating
 * their pass order, so the step and the timeline agree
 * (simulatedMakespan, pipeline_schedule.h), which for equal stages and times F, B, W gives Qi et al.
 * 2024's (arXiv 2401.10241, Sec. 2.1) ZB-H1 makespan m (F + B + W) + (p - 1)(F + B - W) for B >= W and
 * m >= p. With unequal stages or times their bubbles follow no closed form (docs/cost-model.md).
 */
double pipelineSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks);
/// The same with `context`'s simulations and compiled pass orders (the overload above: this thread's,
/// EvaluationContext::forThisThread()).
double pipelineSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks,
                       EvaluationContext& context);

/**
 * A lower bound on pipelineSeconds(schedule, stages, m, chunks) that needs no simulation: the closed form itself
 * for GPipe and 1F1B; for the others, over every stage k, the time before its first pass can start (the chunk-0
 * forwards of stages 0..k-1, which micro-batch 0 passes through first), plus the larger of its m micro-batches of
 * work and its forwards and input-gradient backwards followed by the chunk-0 input-gradient backwards of stages
 * k-1..0 (its last chunk-0 backward comes after all its forwards and backwards, and that gradient still has
 * virtual stages k-1..0 to cross; only the zero-bubble schedules' weight-gradient passes may come after it); and
 * at least one micro-batch's path forward through every virtual stage and back (forwards and input-gradient
 * backwards of all stages). For equal stages of interleaved 1F1B this is Narayanan's interleaved bubble
 * (p - 1)/v x t exactly; for a zero-bubble schedule with one micro-batch, the whole path. The search cuts
 * candidates against it before simulating.
 */
double pipelineFloorSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks);

/// What pipelineFloorSeconds reads of a stage: its forward pass, its whole micro-batch (microBatchSeconds()), the
/// weight-gradient part of its backward, and its first chunk's share of them (1 / chunks for equal chunks). The
/// search's placing pass fills these instead of whole StageEstimates.
struct StageFloorTimes
{
    double forwardSeconds = 0;
    double microBatchSeconds = 0;
    double weightGradSeconds = 0;
    double firstChunkShare = 1;
};
/// pipelineFloorSeconds over the stages' floor times (the same number as over the StageEstimates they come from).
double pipelineFloorSeconds(Schedule schedule, const std::vector<StageFloorTimes>& stages, int microBatches);

/**
 * A floor on pipelineFloorSeconds before the stages are known, from `pathSeconds`, the sum over all stages of their
 * forward and input-gradient pass times (at least the units' sum): one micro-batch crosses every virtual stage
 * forward and back, so no schedule is faster than the path. With one chunk per stage (`oneChunk`: the stage
 * floors' sums then run over whole stages) and m micro-batches, however the path is split over the p stages, some
 * stage's floor is at least path / (1 - (1 - 1/m)^p): the path for m = 1, and about m x path / p for m >> p
 * (equal stages give (m + p - 1) x path / p).
 */
double pipelineFloorPath(double pathSeconds, int stages, int microBatches, bool oneChunk);

struct StagePassSeconds;
/// simulatedMakespan of a long run from two short ones when the schedule has settled (its busiest stage
/// saturated, every round of p micro-batches adding exactly its work); the full simulation otherwise.
double longPipelineMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& passes);
/// The same with `context`'s compiled pass orders.
double longPipelineMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& passes,
                            EvaluationContext& context);

/// The optimizer step over `localParams` parameters at HBM speed: Adam reads and writes its fp32 master
/// weights and two moments, reads the fp32 gradient (twice: norm for clipping, then the update) and
/// writes the 16-bit weights (PyTorch/Apex fused Adam: one pass over every tensor).
double optimizerStepBytes(double localParams, const TrainingSpec& training);

} // namespace shardscope
