// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/step_model.h"

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

DpCommunication dataParallelCommunication(const Collectives& coll, const CommGroup& group, double params,
                                          double gradientBytesPerParam, double weightBytesPerParam, const DpSharding& sharding,
                                          const DpOverlapWindow& w, std::optional<double> overrideFraction)
{
    DpCommunication out;
    const int zeroStage = sharding.zeroStage;
    if ((group.size <= 1 && sharding.replicas.size <= 1) || params <= 0)
        return out;
    const double grad = params * gradientBytesPerParam;
    const double weights = params * weightBytesPerParam;
    const double bucket = dpBucketParams(group.size);
    const int buckets = int(std::max(1.0, std::ceil(params / bucket)));
    out.buckets = buckets;
    const double frac = double(group.size - 1) / group.size;
    const int m = std::max(1, w.microBatches);
    const double lastGrad = std::min(grad, bucket * gradientBytesPerParam);
    const double firstWeights = std::min(weights, bucket * weightBytesPerParam);

    // Sizes of the collectives. Hybrid sharding all-reduces each reduce-scattered shard across the replicas.
    const double replica = zeroStage >= 1 ? coll.allReduceSeconds(grad / group.size, sharding.replicas, buckets) : 0.0;
    const double lastReplica = zeroStage >= 1 ? coll.allReduceSeconds(lastGrad / group.size, sharding.replicas) : 0.0;
    const double replicaBytes = sharding.replicas.size > 1
        ? 2.0 * (sharding.replicas.size - 1) / sharding.replicas.size * grad / group.size : 0.0;
    const double allReduce = coll.allReduceSeconds(grad, group, buckets);
    const double reduceScatter = coll.reduceScatterSeconds(grad, group, buckets) + replica;
    const double allGather = coll.allGatherSeconds(weights, group, buckets);
    const double lastReduce = zeroStage == 0 ? coll.allReduceSeconds(lastGrad, group)
                                             : coll.reduceScatterSeconds(lastGrad, group) + lastReplica;
    const double firstGather = coll.allGatherSeconds(firstWeights, group);

    auto hide = [](double comm, double window, double floor) { return std::max(std::min(comm, floor), comm - window); };
    const double backwardWindow = w.backwardSeconds + w.drainSlackSeconds;
    const double forwardWindow = w.forwardSeconds + w.fillSlackSeconds;
    switch (zeroStage) {
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

double pipelineSeconds(const std::vector<double>& stageSeconds, int microBatches, int chunks)
{
    double tMax = 0, tSum = 0;
    for (double t : stageSeconds) {
        tMax = std::max(tMax, t);
        tSum += t;
    }
    const double v = std::max(1, chunks);
    return (microBatches - 1.0 / v) * tMax + tSum / v;
}

double pipelineSeconds(Schedule schedule, const std::vector<StageEstimate>& stages, int microBatches, int chunks)
{
    if (!isZeroBubble(schedule)) {
        std::vector<double> seconds;
        seconds.reserve(stages.size());
        for (const StageEstimate& st : stages)
            seconds.push_back(st.microBatchSeconds());
        return pipelineSeconds(seconds, microBatches, isInterleaved(schedule) ? chunks : 1);
    }
    // The same passes planTimeline draws.
    const int v = isInterleaved(schedule) ? chunks : 1;
    return simulatedMakespan(schedule, microBatches, v, stagePassSeconds(stages, v));
}

double optimizerStepBytes(double localParams, const TrainingSpec& training)
{
    const double states = training.optimizerBytesPerParam();
    const double grad = training.gradientBytesPerParam();
    return localParams * (2.0 * states + 2.0 * grad + training.bytesPerParam());
}

} // namespace shardscope
