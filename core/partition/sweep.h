// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "cost/planning_problem.h"
#include "partition/strategy.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * A sweep runs the whole planning search (runPlanning: every candidate the pins allow, scored and ranked)
 * once per value of one input and keeps each point's best plan: how the best layout, its throughput and
 * its memory change as the cluster grows, or as the global batch or the sequence length does.
 *
 * Typical use (the GUI's worker thread or `shardscope sweep`):
 *
 *     SweepSpec spec { SweepAxis::Gpus, parseSweepValues(SweepAxis::Gpus, "64..16384", "--gpus") };
 *     SweepOptions options;
 *     options.cancel = &cancelFlag;
 *     options.progress = [](const SweepProgress& p) { bar.set(p.fraction()); return true; };
 *     SweepResult r = runSweep(problem, spec, Strategy::Exhaustive, weights, options);
 *     if (r.smallestFitting) ... r.points[*r.smallestFitting].best ...
 */

/// The input a sweep varies.
enum class SweepAxis
{
    Gpus, ///< the cluster's GPU count, in whole nodes of the problem's GPUs per node
    GlobalBatch, ///< sequences per optimizer step (TrainingSpec::globalBatch)
    SeqLength, ///< tokens per sequence (TrainingSpec::seqLength)
};

std::string_view toString(SweepAxis axis); ///< "gpus", "global_batch", "seq_length"
std::optional<SweepAxis> sweepAxisFromString(std::string_view text); ///< those names, also "batch", "seq"
/// Largest value the axis takes: 10,000,000 GPUs; 16,777,216 sequences or tokens (as TrainingSpec::validate).
std::int64_t sweepAxisLimit(SweepAxis axis);

/// Most points one sweep may have (each is a full search).
constexpr std::size_t kMaxSweepPoints = 64;

/// The axis and its values, ascending.
struct SweepSpec
{
    SweepAxis axis = SweepAxis::Gpus;
    std::vector<std::int64_t> values;
};

/// True when `text` is a list or a range ("64,128", "64..16384") rather than a single value.
bool isSweepList(std::string_view text);

/**
 * Parses a sweep's values: "A..B" is every power of two from A to B (both included where they are
 * powers of two: "64..16384" is 64, 128, ..., 16384, nine values); "A,B,C" are those values (sorted
 * ascending); a single value is a one-point sweep. Throws InputError(source, "", message) for a malformed
 * or empty list, a reversed range, a range without a power of two in it, a value that is not a positive
 * integer or exceeds sweepAxisLimit(axis), a value given twice, or more than kMaxSweepPoints values.
 * The axis' rules for the problem at hand (whole nodes) are sweepPointProblem's, checked per point.
 */
std::vector<std::int64_t> parseSweepValues(SweepAxis axis, std::string_view text, const std::string& source);

/**
 * The problem at one point: `base` with the axis input set to `value`. A GPU count must be a whole
 * number of nodes (a positive multiple of base.cluster.gpusPerNode); the GPU type, links and link
 * overrides are base's. Throws InputError(source "sweep point", axis name, message) for a value the
 * axis' rules refuse (not whole nodes, not positive, past sweepAxisLimit); does not validate the rest.
 */
PlanningProblem sweepPointProblem(const PlanningProblem& base, SweepAxis axis, std::int64_t value);

/// What a point of the sweep came to.
enum class SweepPointStatus
{
    Fits, ///< a plan fits: `best` and `bestEstimate` hold the best one
    NoFit, ///< the search ran but no candidate fits: `reason` says why the closest one fails
    Error, ///< the point could not be searched (invalid at this value): `reason` is the error message
};

std::string_view toString(SweepPointStatus status); ///< "fits", "no_fit", "error"

struct SweepPoint
{
    std::int64_t value = 0; ///< the axis value
    int gpus = 0; ///< the cluster's GPUs at this point (0 when the value is not whole nodes)
    std::int64_t globalBatch = 0; ///< sequences per step at this point
    std::int64_t seqLength = 0; ///< tokens per sequence at this point
    SweepPointStatus status = SweepPointStatus::Error;
    /// NoFit: the reason the best-ranked infeasible candidate fails ("stage 3 exceeds memory by 4.2 GiB");
    /// Error: the InputError's what() ("sweep point:gpus: 12 GPUs is not a whole number of 8-GPU nodes").
    std::string reason;
    std::size_t candidateCount = 0; ///< candidates the search evaluated at this point
    std::size_t feasibleCount = 0; ///< of those, how many fit
    double searchSeconds = 0; ///< wall time of the point's search
    double score = 0; ///< Fits: the best plan's score under the sweep's weights
    PlanSummary best; ///< Fits: the best plan (runPlanning's first in order)
    PlanEstimate bestEstimate; ///< Fits: its full estimate (stages, memory, time breakdown)
    /// The band of this point's regime (a sequence sweep crosses sequence buckets); set when the value is valid.
    CalibrationInfo calibration;

    bool fits() const { return status == SweepPointStatus::Fits; }
};

/// Where a running sweep is: point `point` (0-based) of `pointCount`, its search at `done` of `total`
/// candidates (total 0 before the point's candidates are enumerated).
struct SweepProgress
{
    std::size_t point = 0;
    std::size_t pointCount = 0;
    std::size_t done = 0;
    std::size_t total = 0;
    /// The whole sweep's progress in [0, 1], each point weighing the same.
    double fraction() const;
};

struct SweepOptions
{
    int threads = 0; ///< threads of each point's search; 0: one per hardware thread
    int maxMicroBatch = 32; ///< SearchOptions::maxMicroBatch
    /// Called now and then during each point's search (from a search thread), and on the sweeping thread once
    /// as each point starts (done = total = 0) and once as its search ends (done = total); return false to
    /// cancel (a point whose search has ended is kept).
    std::function<bool(const SweepProgress&)> progress;
    const std::atomic<bool>* cancel = nullptr; ///< checked between candidates and between points
    /// Called on the sweeping thread as each point is finished, with its index (show points as they come).
    std::function<void(std::size_t index, const SweepPoint&)> pointFinished;
};

struct SweepResult
{
    SweepAxis axis = SweepAxis::Gpus;
    std::vector<SweepPoint> points; ///< one a value, ascending; when cancelled, the finished ones
    std::optional<std::size_t> smallestFitting; ///< index of the first (smallest) point where a plan fits
    std::optional<std::size_t> largestFitting; ///< index of the last (largest) point where a plan fits
    bool cancelled = false;
    double elapsedSeconds = 0;
};

/**
 * Runs the search at every value of `spec` (ascending) with base's model, GPU type, links, training
 * settings and pins, ranking by `strategy` and `weights`; each point's best plan is exactly what
 * runPlanning(sweepPointProblem(base, axis, value), strategy, weights, ...) ranks first. Points run one
 * after another, each on the search's own thread pool. A point that is invalid at its value (not whole
 * nodes, a training or cluster input runPlanning refuses) records the error and the sweep goes on.
 * Throws InputError("sweep", ...) only when `spec` itself is unusable: no values, values not strictly
 * ascending, more than kMaxSweepPoints.
 */
SweepResult runSweep(const PlanningProblem& base, const SweepSpec& spec, Strategy strategy,
    const ScoreWeights& weights, const SweepOptions& options = {});

} // namespace shardscope
