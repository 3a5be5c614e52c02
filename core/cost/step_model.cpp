// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/step_model.h"

#include "cost/evaluation_caches.h"
#include "cost/pipeline_schedule.h"
#include "cost/plan_estimate.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

DpOverlapWindow dpOverlapWindow(const StageEstimate& st, int microBatches, int chunks, int pipelineStages)
{
    const double v = std::max(1, chunks);
    DpOverlapWindow w;
    w.forwardSeconds = st.forwardSeconds;
    w.backwardSeconds = st.microBatchSeconds() - st.forwardSeconds;
    // Interleaved: chunk c's gradients are final after its own last backward, and those end spread over
    // the last (v - 1) p chunk slots of the cooldown (Megatron launches each chunk's reduction then);
    // the parameter gathers of later chunks likewise hide behind the warm-up's forwards. On average
    // half that spread adds to the window.
    const double spread = (v - 1) * std::max(1, pipelineStages) / 2.0;
    w.fillSlackSeconds = (st.stage + spread) * w.forwardSeconds / v;
    w.drainSlackSeconds = (st.stage + spread) * w.backwardSeconds / v;
    w.microBatches = microBatches;
    return w;
}

double dpBucketParams(int dp) { return std::max(40e6, 1e6 * double(dp)); }

DpCommunication dataParallelCommunication(const Collectives& coll, const CommGroup& group, double params,
                                          double gradientBytesPerParam, double weightBytesPerParam, int zeroStage,
                                          const DpOverlapWindow& w, std::optional<double> overrideFraction)
{
    DpSharding sharding;
    sharding.zeroStage = zeroStage;
    return dataParallelCommunication(coll, group, params, gradientBytesPerParam, weightBytesPerParam, sharding, w,
                                     overrideFraction);
}

DpCollectives dpCollectives(const Collectives& coll, const CommGroup& group, double params, double gradientBytesPerParam,
                            double weightBytesPerParam, const DpSharding& sharding)
{
    DpCollectives d;
    d.params = params;
    if ((group.size <= 1 && sharding.replicas.size <= 1) || params <= 0)
        return d;
    const int zeroStage = sharding.zeroStage;
    d.grad = params * gradientBytesPerParam;
    d.weights = params * weightBytesPerParam;
    const double bucket = dpBucketParams(group.size);
    d.buckets = int(std::max(1.0, std::ceil(params / bucket)));
    d.frac = double(group.size - 1) / group.size;
    const double lastGrad = std::min(d.grad, bucket * gradientBytesPerParam);
    const double firstWeights = std::min(d.weights, bucket * weightBytesPerParam);
    // Hybrid sharding all-reduces each reduce-scattered shard across the replicas.
    const double replica = zeroStage >= 1 ? coll.allReduceSeconds(d.grad / group.size, sharding.replicas, d.buckets) : 0.0;
    const double lastReplica = zeroStage >= 1 ? coll.allReduceSeconds(lastGrad / group.size, sharding.replicas) : 0.0;
    d.replicaBytes = sharding.replicas.size > 1 ? 2.0 * (sharding.replicas.size - 1) / sharding.replicas.size * d.grad / group.size
                                                : 0.0;
    d.allReduce = coll.allReduceSeconds(d.grad, group, d.buckets);
    d.reduceScatter = coll.reduceScatterSeconds(d.grad, group, d.buckets) + replica;
    d.allGather = coll.allGatherSeconds(d.weights, group, d.buckets);
    d.lastReduce = zeroStage == 0 ? coll.allReduceSeconds(lastGrad, group) : coll.reduceScatterSeconds(lastGrad, group) + lastReplica;
    d.firstGather = coll.allGatherSeconds(firstWeights, group);
    d.any = true;
    return d;
}

DataParallelGroups::DataParallelGroups(const ParallelConfig& c, int gpusPerNode)
{
    const int shardRanks = c.zeroShardSize(), expertShard = c.expertZeroShardSize();
    dense = CommGroup::dataParallel(shardRanks, c.tp, gpusPerNode);
    sharding.zeroStage = c.zeroStage;
    sharding.replicas = CommGroup::dataParallel(c.dpReplicate, c.tp * shardRanks, gpusPerNode);
    sharding.gatherForBackward = c.reshardAfterForward;
    expertSharding = sharding;
    expertSharding.replicas
        = CommGroup::dataParallel(c.expertDataParallel() / expertShard, c.ep * c.etp * expertShard, gpusPerNode);
    experts = CommGroup::dataParallel(expertShard, c.ep * c.etp, gpusPerNode);
}

DpCollectives DataParallelGroups::collectives(const Collectives& coll, double params, double routedParams,
                                              double gradientBytesPerParam, double weightBytesPerParam) const
{
    DpCollectives out
        = dpCollectives(coll, dense, params - routedParams, gradientBytesPerParam, weightBytesPerParam, sharding);
    if (routedParams > 0)
        out = combineDpCollectives(out, dpCollectives(coll, experts, routedParams, gradientBytesPerParam,
                                                      weightBytesPerParam, expertSharding));
    return out;
}

DpCollectives combineDpCollectives(const DpCollectives& a, const DpCollectives& b)
{
    if (!a.any)
        return b;
    if (!b.any)
        return a;
    DpCollectives d;
    d.params = a.params + b.params;
    d.any = true;
    d.buckets = a.buckets + b.buckets;
    // The byte counts read only frac x grad and frac x weights: keep those products exact.
    d.frac = 1;
    d.grad = a.frac * a.grad + b.frac * b.grad;
    d.weights = a.frac * a.weights + b.frac * b.weights;
    d.replicaBytes = a.replicaBytes + b.replicaBytes;
    d.allReduce = a.allReduce + b.allReduce;
    d.reduceScatter = a.reduceScatter + b.reduceScatter;
    d.allGather = a.allGather + b.allGather;
    d.lastReduce = std::max(a.lastReduce, b.lastReduce);
    d.firstGather = std::max(a.firstGather, b.firstGather);
    return d;
}

DpCommunication dataParallelCommunication(const Collectives& coll, const CommGroup& group, double params,
                                          double gradientBytesPerParam, double weightBytesPerParam, const DpSharding& sharding,
                                          const DpOverlapWindow& w, std::optional<double> overrideFraction)
{
    return dataParallelCommunication(dpCollectives(coll, group, params, gradientBytesPerParam, weightBytesPerParam, sharding),
                                     sharding, w, overrideFraction);
}

DpCommunication dataParallelCommunication(const DpCollectives& d, const DpSharding& sharding, const DpOverlapWindow& w,
                                          std::optional<double> overrideFraction)
{
    DpCommunication out;
    if (!d.any)
        return out;
    out.buckets = d.buckets;
    const int m = std::max(1, w.microBatches);
    const double frac = d.frac, grad = d.grad, weights = d.weights, replicaBytes = d.replicaBytes;
    const double allReduce = d.allReduce, reduceScatter = d.reduceScatter, allGather = d.allGather;
    const double lastReduce = d.lastReduce, firstGather = d.firstGather;

    auto hide = [](double comm, double window, double floor) { return std::max(std::min(comm, floor), comm - window); };
    const double backwardWindow = w.backwardSeconds + w.drainSlackSeconds;
    const double forwardWindow = w.forwardSeconds + w.fillSlackSeconds;
    switch (sharding.zeroStage) {
    case 0:
        out.seconds = allReduce;
        out.bytes = 2 * frac * grad;
        out.exposedSeconds = hide(allReduce, backwardWindow, lastReduce);
        break;
    case 1:
        out.seconds = reduceScatter + allGather;
        out.bytes = frac * (grad + weights) + replicaBytes;
        out.exposedSeconds = hide(reduceScatter, backwardWindow, lastReduce) + hide(allGather, forwardWindow, firstGather);
        break;
    case 2:
        out.seconds = m * reduceScatter + allGather;
        out.bytes = frac * (m * grad + weights) + m * replicaBytes;
        out.exposedSeconds = (m - 1) * std::max(0.0, reduceScatter - w.backwardSeconds)
            + hide(reduceScatter, backwardWindow, lastReduce) + hide(allGather, forwardWindow, firstGather);
        break;
    default: {
        const double backwardGather = sharding.gatherForBackward ? allGather : 0.0;
        const int gathers = sharding.gatherForBackward ? 2 : 1;
        out.seconds = m * (gathers * allGather + reduceScatter);
        out.bytes = frac * m * (gathers * weights + grad) + m * replicaBytes;
        out.exposedSeconds = m * (std::max(0.0, allGather - w.forwardSeconds) + std::max(0.0, backwardGather + reduceScatter - w.backwardSeconds))
            + firstGather + lastReduce;
        break;
    }
    }
    if (overrideFraction)
        out.exposedSeconds = out.seconds - std::min(out.seconds * *overrideFraction, m * w.backwardSeconds);
    out.exposedSeconds = std::clamp(out.exposedSeconds, 0.0, out.seconds);
    return out;
}

namespace {
/// (m - 1/v) tMax + (sum of the stage times) / v, the stage times being secondsOf(stage) in order.
template <typename Stages, typename SecondsOf>
double closedFormPipeline(const Stages& stages, SecondsOf secondsOf, int microBatches, int chunks)
{
    double tMax = 0, tSum = 0;
    for (const auto& stage : stages) {
        const double t = secondsOf(stage);
        tMax = std::max(tMax, t);
        tSum += t;
    }
    const double v = std::max(1, chunks);
    return (microBatches - 1.0 / v) * tMax + tSum / v;
}
} // namespace

double pipelineSeconds(const std::vector<double>& stageSeconds, int microBatches, int chunks)
{
    return closedFormPipeline(stageSeconds, [](double t) { return t; }, microBatches, chunks);
}

double longPipelineMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& passes)
{
    return longPipelineMakespan(schedule, microBatches, chunks, passes, EvaluationContext::forThisThread());
}

double longPipelineMakespan(Schedule schedule, int microBatches, int chunks, const std::vector<StagePassSeconds>& passes,
                            EvaluationContext& context)
{
    // Many micro-batches: the schedule settles into rounds of p micro-batches in which its busiest stage never
    // idles, and from then on every round adds exactly that stage's work. Two short runs (4p + r and 5p + r
    // micro-batches, r = m mod p, so they end like the real one) show whether it has settled: their makespans
    // differ by p x the busiest stage's time per micro-batch. Then the rest is that much per micro-batch;
    // otherwise the whole run is simulated. (tst_pipeline_schedule checks this against full simulations.)
    const int p = int(passes.size());
    const int m = microBatches;
    const int m1 = 4 * p + m % p, m2 = m1 + p;
    auto runs = [&](int n) { return scheduleProblem(schedule, p, chunks, n).empty(); };
    const bool roundsOfP = schedule != Schedule::InterleavedZeroBubble || m % p == 0;
    if (p < 2 || m < 2 * m2 || !roundsOfP || !runs(m1) || !runs(m2))
        return simulatedMakespan(schedule, m, chunks, passes, context);
    double busiest = 0;
    for (const StagePassSeconds& st : passes)
        busiest = std::max(busiest, st.forwardSeconds + st.backwardSeconds);
    const double t1 = simulatedMakespan(schedule, m1, chunks, passes, context);
    const double t2 = simulatedMakespan(schedule, m2, chunks, passes, context);
    if (std::abs((t2 - t1) - p * busiest) > 1e-12 * t2)
        return simulatedMakespan(schedule, m, chunks, passes, context);
    return t2 + double(m - m2) * busiest;
}

double pipelineSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks)
{
    return pipelineSeconds(schedule, stages, microBatches, chunks, EvaluationContext::forThisThread());
}

double pipelineSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks,
                       EvaluationContext& context)
{
    // GPipe and 1F1B have exact closed forms; the schedules with chunks (uneven ones now: the first and last
    // stage lighter) and the zero-bubble ones are simulated, pass by pass, as the timeline draws them.
    if (!isZeroBubble(schedule) && !isInterleaved(schedule)) {
        // pipelineSeconds(stage times, m, 1), without a vector of the times.
        return closedFormPipeline(stages, [](const StageEstimate& st) { return st.microBatchSeconds(); }, microBatches, 1);
    }
    // Plans that differ only in how they shard data-parallel state have
    // the same stage times; the search evaluates them one after the other, so the context remembers the last
    // few simulations (keyed by everything the simulation reads: SimulationMemo).
    const int v = isInterleaved(schedule) ? chunks : 1;
    evaluation_detail::SimulationMemo& memo = context.caches().simulations;
    evaluation_detail::SimulationKey& key = memo.current; // its passes reused: compared with the memo's
    key.schedule = schedule;
    key.microBatches = microBatches;
    key.chunks = v;
    stagePassSeconds(stages, v, key.passes);
    for (const evaluation_detail::SimulationMemo::Entry& e : memo.entries)
        if (e.key == key)
            return e.seconds;
    const double seconds = longPipelineMakespan(schedule, microBatches, v, key.passes, context);
    if (memo.entries.size() < evaluation_detail::SimulationMemo::kMemo)
        memo.entries.push_back({ key, seconds });
    else
        memo.entries[memo.next++ % evaluation_detail::SimulationMemo::kMemo] = { key, seconds };
    return seconds;
}

double pipelineFloorSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks)
{
    const int v = isInterleaved(schedule) ? std::max(1, chunks) : 1;
    std::vector<StageFloorTimes> times;
    times.reserve(stages.size());
    for (const StageEstimate& st : stages)
        times.push_back({ st.forwardSeconds, st.microBatchSeconds(), st.weightGradSeconds,
                          v > 1 && int(st.chunkShares.size()) == v ? st.chunkShares[0] : 1.0 / v });
    return pipelineFloorSeconds(schedule, times, microBatches);
}

double pipelineFloorSeconds(Schedule schedule, const std::vector<StageFloorTimes>& stages, int microBatches)
{
    if (!isZeroBubble(schedule) && !isInterleaved(schedule))
        return closedFormPipeline(stages, [](const StageFloorTimes& st) { return st.microBatchSeconds; }, microBatches, 1);
    // The passes' durations as simulatedMakespan takes them (stagePassSeconds, prepare): chunk c of stage k runs
    // share_c of the stage's forward and backward; zero-bubble schedules run the weight gradient W as a pass of its
    // own and the input gradient B as the backward the stages wait for. Two floors for every stage k, both after
    // the chunk-0 forwards of stages 0..k-1 that its first pass waits for:
    //  - all its passes, F, B and W of every micro-batch and chunk;
    //  - its F and B passes, then the chunk-0 B passes of stages k-1..0. Its last chunk-0 B (micro-batch x) comes
    //    after every F and B of this stage (a chunk r >= 1 is a later virtual stage, whose B the chunk-0 B waits
    //    for), and x's gradient still has virtual stages k-1..0 to cross. Only a W may follow it here.
    // Without the weight-gradient split (interleaved 1F1B) the two are one. And one micro-batch's path through
    // every virtual stage forward and back (pipelineFloorPath): ZBV's V crosses the stages twice each way.
    const bool split = isZeroBubble(schedule);
    double before = 0, after = 0, path = 0, floor = 0;
    for (const StageFloorTimes& st : stages) {
        const double forward = st.forwardSeconds;
        const double backward = std::max(0.0, st.microBatchSeconds - forward);
        const double inputGrad = split ? backward - std::clamp(st.weightGradSeconds, 0.0, backward) : backward;
        floor = std::max({ floor, before + microBatches * (forward + backward),
                           before + microBatches * (forward + inputGrad) + after });
        // Chunk 0 of every schedule here is virtual stage k (loop placement and ZBV's V alike).
        before += forward * st.firstChunkShare;
        after += inputGrad * st.firstChunkShare;
        path += forward + inputGrad;
    }
    return std::max(floor, path);
}

double pipelineFloorPath(double pathSeconds, int stages, int microBatches, bool oneChunk)
{
    if (!oneChunk || microBatches <= 1 || stages <= 1)
        return pathSeconds;
    // Stage k's floor (pipelineFloorSeconds) is g_k = X_0 + .. + X_{k-1} + m X_k, X_k its forward and
    // input-gradient passes. If every g_k were below G, then X_k < (G - S_k)/m with S_k = X_0 + .. + X_{k-1}, so
    // S_{k+1} < G/m + (1 - 1/m) S_k and by induction S_k < G (1 - r^k), r = 1 - 1/m: the whole path S_p would be
    // below G (1 - r^p). So some stage waits at least path / (1 - r^p), whatever the placement.
    const double notR = -std::expm1(double(stages) * std::log1p(-1.0 / double(microBatches))); // 1 - r^p
    return pathSeconds / notR;
}

double optimizerStepBytes(double localParams, const TrainingSpec& training)
{
    const double states = training.optimizerBytesPerParam();
    const double grad = training.gradientBytesPerParam();
    return localParams * (2.0 * states + 2.0 * grad + training.bytesPerParam());
}

} // namespace shardscope
