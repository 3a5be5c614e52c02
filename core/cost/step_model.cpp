// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/step_model.h"

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
    DpCommunication out;
    if (group.size <= 1 || params <= 0)
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

    // Sizes of the collectives.
    const double allReduce = coll.allReduceSeconds(grad, group, buckets);
    const double reduceScatter = coll.reduceScatterSeconds(grad, group, buckets);
    const double allGather = coll.allGatherSeconds(weights, group, buckets);
    const double lastReduce = zeroStage == 0 ? coll.allReduceSeconds(lastGrad, group) : coll.reduceScatterSeconds(lastGrad, group);
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
        out.bytes = frac * (grad + weights);
        out.exposedSeconds = hide(reduceScatter, backwardWindow, lastReduce) + hide(allGather, forwardWindow, firstGather);
        break;
    case 2:
        out.seconds = m * reduceScatter + allGather;
        out.bytes = frac * (m * grad + weights);
        out.exposedSeconds = (m - 1) * std::max(0.0, reduceScatter - w.backwardSeconds)
            + hide(reduceScatter, backwardWindow, lastReduce) + hide(allGather, forwardWindow, firstGather);
        break;
    default:
        out.seconds = m * (2 * allGather + reduceScatter);
        out.bytes = frac * m * (2 * weights + grad);
        out.exposedSeconds = m * (std::max(0.0, allGather - w.forwardSeconds) + std::max(0.0, allGather + reduceScatter - w.backwardSeconds))
            + firstGather + lastReduce;
        break;
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

double optimizerStepBytes(double localParams, const TrainingSpec& training)
{
    const double states = training.optimizerBytesPerParam();
    const double grad = training.gradientBytesPerParam();
    return localParams * (2.0 * states + 2.0 * grad + training.bytesPerParam());
}

} // namespace shardscope
