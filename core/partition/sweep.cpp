// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/sweep.h"

#include "cost/prediction_band.h"
#include "partition/planner.h"
#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <charconv>
#include <chrono>

namespace shardscope {

namespace {

    /// What the axis' values are called in messages.
    std::string valueNoun(SweepAxis axis)
    {
        switch (axis) {
        case SweepAxis::Gpus:
            return "GPU count";
        case SweepAxis::GlobalBatch:
            return "global batch";
        case SweepAxis::SeqLength:
            return "sequence length";
        }
        return "value";
    }

    std::string quoted(std::string_view text)
    {
        return "\"" + escapedBytes(text) + "\"";
    }

    std::string_view trimmed(std::string_view s)
    {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
            s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
            s.remove_suffix(1);
        return s;
    }

    /// One positive integer of the list, within the axis' limit.
    std::int64_t parseValue(
        SweepAxis axis, std::string_view item, std::string_view whole, const std::string& source)
    {
        const std::string_view t = trimmed(item);
        std::int64_t v = 0;
        const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (t.empty() || ec != std::errc() || ptr != t.data() + t.size())
            throw InputError(source, "",
                "expected a positive integer " + valueNoun(axis) + ", got " + quoted(item) + " in "
                    + quoted(whole) + " (a sweep is A..B, the powers of two from A to B, or a list A,B,C)");
        if (v <= 0 || v > sweepAxisLimit(axis))
            throw InputError(source, "",
                valueNoun(axis) + " " + std::to_string(v) + " is out of range; expected 1 to "
                    + std::to_string(sweepAxisLimit(axis)));
        return v;
    }

    void checkCount(std::size_t n, const std::string& source)
    {
        if (n > kMaxSweepPoints)
            throw InputError(source, "",
                std::to_string(n) + " sweep points are too many; a sweep has at most "
                    + std::to_string(kMaxSweepPoints) + " (each is a full search)");
    }

} // namespace

std::string_view toString(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return "gpus";
    case SweepAxis::GlobalBatch:
        return "global_batch";
    case SweepAxis::SeqLength:
        return "seq_length";
    }
    return "gpus";
}

std::optional<SweepAxis> sweepAxisFromString(std::string_view text)
{
    if (equalsIgnoreCase(text, "gpus")) return SweepAxis::Gpus;
    if (equalsIgnoreCase(text, "global_batch") || equalsIgnoreCase(text, "global-batch")
        || equalsIgnoreCase(text, "batch"))
        return SweepAxis::GlobalBatch;
    if (equalsIgnoreCase(text, "seq_length") || equalsIgnoreCase(text, "seq-length")
        || equalsIgnoreCase(text, "seq"))
        return SweepAxis::SeqLength;
    return std::nullopt;
}

std::int64_t sweepAxisLimit(SweepAxis axis)
{
    return axis == SweepAxis::Gpus ? 10'000'000 : std::int64_t(1) << 24;
}

std::string_view toString(SweepPointStatus status)
{
    switch (status) {
    case SweepPointStatus::Fits:
        return "fits";
    case SweepPointStatus::NoFit:
        return "no_fit";
    case SweepPointStatus::Error:
        return "error";
    }
    return "error";
}

bool isSweepList(std::string_view text)
{
    return text.find("..") != std::string_view::npos || text.find(',') != std::string_view::npos;
}

std::vector<std::int64_t> parseSweepValues(SweepAxis axis, std::string_view text, const std::string& source)
{
    std::vector<std::int64_t> values;
    if (trimmed(text).empty())
        throw InputError(source, "",
            "expected sweep values (A..B, the powers of two from A to B, or a list A,B,C), got nothing");
    if (const std::size_t dots = text.find(".."); dots != std::string_view::npos) {
        const std::string_view from = text.substr(0, dots);
        const std::string_view to = text.substr(dots + 2);
        if (to.find("..") != std::string_view::npos || text.find(',') != std::string_view::npos)
            throw InputError(source, "",
                "expected one range A..B or a list A,B,C, got " + quoted(text)
                    + " (ranges and lists do not mix)");
        const std::int64_t lo = parseValue(axis, from, text, source);
        const std::int64_t hi = parseValue(axis, to, text, source);
        if (lo > hi)
            throw InputError(
                source, "", "the range " + quoted(text) + " runs backwards; expected A..B with A at most B");
        for (std::int64_t p = 1; p <= hi; p *= 2)
            if (p >= lo) values.push_back(p);
        if (values.empty())
            throw InputError(source, "",
                "the range " + quoted(text)
                    + " holds no power of two; A..B sweeps the powers of two from A to B"
                      " (give other values as a list A,B,C)");
        checkCount(values.size(), source);
        return values;
    }
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item
            = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        values.push_back(parseValue(axis, item, text, source));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    checkCount(values.size(), source);
    std::sort(values.begin(), values.end());
    if (const auto dup = std::adjacent_find(values.begin(), values.end()); dup != values.end())
        throw InputError(
            source, "", valueNoun(axis) + " " + std::to_string(*dup) + " is given twice in " + quoted(text));
    return values;
}

PlanningProblem sweepPointProblem(const PlanningProblem& base, SweepAxis axis, std::int64_t value)
{
    const std::string field(toString(axis));
    if (value <= 0 || value > sweepAxisLimit(axis))
        throw InputError("sweep point", field,
            valueNoun(axis) + " " + std::to_string(value) + " is out of range; expected 1 to "
                + std::to_string(sweepAxisLimit(axis)));
    PlanningProblem p = base;
    switch (axis) {
    case SweepAxis::Gpus: {
        const int perNode = base.cluster.gpusPerNode;
        if (perNode <= 0) throw InputError("sweep point", field, "the cluster has no GPUs per node");
        if (value % perNode != 0)
            throw InputError("sweep point", field,
                std::to_string(value) + " GPUs is not a whole number of " + std::to_string(perNode)
                    + "-GPU nodes; a GPU sweep takes multiples of " + std::to_string(perNode));
        p.cluster.nodes = int(value / perNode);
        break;
    }
    case SweepAxis::GlobalBatch:
        p.training.globalBatch = value;
        break;
    case SweepAxis::SeqLength:
        p.training.seqLength = value;
        break;
    }
    resolvePredictionBand(p); // a sequence sweep crosses regimes: each point shows its own regime's band
    return p;
}

double SweepProgress::fraction() const
{
    if (pointCount == 0) return 1;
    const double inPoint = total > 0 ? double(std::min(done, total)) / double(total) : 0.0;
    return std::min(1.0, (double(point) + inPoint) / double(pointCount));
}

SweepResult runSweep(const PlanningProblem& base, const SweepSpec& spec, Strategy strategy,
    const ScoreWeights& weights, const SweepOptions& options)
{
    if (spec.values.empty())
        throw InputError("sweep", std::string(toString(spec.axis)), "a sweep needs at least one value");
    checkCount(spec.values.size(), "sweep");
    for (std::size_t i = 1; i < spec.values.size(); ++i)
        if (spec.values[i] <= spec.values[i - 1])
            throw InputError("sweep", std::string(toString(spec.axis)),
                "sweep values must be strictly ascending; " + std::to_string(spec.values[i]) + " follows "
                    + std::to_string(spec.values[i - 1]));

    const auto start = std::chrono::steady_clock::now();
    SweepResult result;
    result.axis = spec.axis;
    const std::size_t n = spec.values.size();
    std::atomic<bool> stopped { false }; // the progress callback asked to stop
    auto cancelled = [&] {
        return stopped.load() || (options.cancel && options.cancel->load(std::memory_order_relaxed));
    };

    for (std::size_t i = 0; i < n && !cancelled(); ++i) {
        if (options.progress && !options.progress(SweepProgress { i, n, 0, 0 })) {
            stopped = true;
            break;
        }
        SweepPoint point;
        point.value = spec.values[i];
        point.globalBatch = base.training.globalBatch;
        point.seqLength = base.training.seqLength;
        point.gpus = spec.axis == SweepAxis::Gpus ? 0 : base.cluster.totalGpus();
        try {
            const PlanningProblem problem = sweepPointProblem(base, spec.axis, spec.values[i]);
            point.gpus = problem.cluster.totalGpus();
            point.globalBatch = problem.training.globalBatch;
            point.seqLength = problem.training.seqLength;
            point.calibration = problem.cluster.gpu.calibration;

            SearchOptions search;
            search.threads = options.threads;
            search.maxMicroBatch = options.maxMicroBatch;
            search.cancel = options.cancel;
            // A point reads its counts and best plan alone: bounded where the ranking is by throughput.
            search.pruning = SearchPruning::KeepFit;
            if (options.progress)
                search.progress = [&, i](std::size_t done, std::size_t total) {
                    if (!options.progress(SweepProgress { i, n, done, total })) stopped = true;
                    return !stopped.load();
                };
            const PlanningOutcome outcome = runPlanning(problem, strategy, weights, 1, search);
            if (outcome.search.cancelled) break; // the unfinished point is left out: result.cancelled
            // The point's end, whichever search thread did its last candidates: progress reaches the point's
            // whole.
            if (options.progress
                && !options.progress(SweepProgress {
                    i, n, outcome.search.candidates.size(), outcome.search.candidates.size() }))
                stopped = true;
            point.candidateCount = outcome.search.candidates.size();
            point.feasibleCount = outcome.search.feasibleCount;
            point.searchSeconds = outcome.search.elapsedSeconds;
            const PlanSummary* first
                = outcome.order.empty() ? nullptr : &outcome.search.candidates[outcome.order.front()];
            if (first && first->feasible && !outcome.top.empty()) {
                point.status = SweepPointStatus::Fits;
                point.best = *first;
                point.score = first->score;
                point.bestEstimate = outcome.top.front();
            } else {
                point.status = SweepPointStatus::NoFit;
                point.reason = first ? first->infeasibleReason.text()
                                     : "no candidate layout: the pins leave no way to split the model over "
                        + std::to_string(point.gpus) + " GPUs";
            }
        } catch (const std::exception& e) { // InputError: invalid at this value; the sweep goes on
            point.status = SweepPointStatus::Error;
            point.reason = e.what();
        }
        result.points.push_back(std::move(point));
        if (result.points.back().fits()) {
            if (!result.smallestFitting) result.smallestFitting = i;
            result.largestFitting = i;
        }
        if (options.pointFinished) options.pointFinished(i, result.points.back());
    }
    result.cancelled = result.points.size() < n;
    result.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace shardscope
