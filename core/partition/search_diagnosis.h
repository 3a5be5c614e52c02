// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "cost/planning_problem.h"
#include "partition/plan_search.h"
#include "util/message.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shardscope {

/**
 * Why a search came to a dead end, and what would get past it. After a search that evaluated nothing that
 * passes the rules, or nothing that fits in memory, diagnoseSearch names the rule or limit that stopped it
 * with its numbers (divisibility, heads, batch divisors, the closest plan's memory against usable memory),
 * the pins that would work and the smallest cluster that fits. planWarnings flags a plan that works but
 * wastes time (a pipeline bubble above 15 %).
 *
 * Every message is one or two sentences with the numbers in them (counts grouped by thousands: "1,000 GPUs",
 * memory in GiB with one decimal), kept as a Message (util/message.h) whose templates are in the context
 * "Diagnosis": text() is the English (plan files, logs, tests), a front end shows it translated. The
 * structured fields carry the same facts for a GUI.
 *
 * Typical use (the CLI after runPlanning, the GUI's worker after a search):
 *
 *     if (outcome.search.feasibleCount == 0) {
 *         DiagnosisOptions options;
 *         options.cancel = &cancelFlag;
 *         const SearchDiagnosis d = diagnoseSearch(problem, outcome.search, options);
 *         for (const Finding& f : d.findings) show(f.message, f.changes);
 *     } else {
 *         for (const Finding& f : planWarnings(problem, outcome.search.candidates[outcome.order[0]])) ...
 *         if (auto f = batchDivisorFinding(problem)) ...
 *     }
 */

/// What a finding says.
enum class FindingKind
{
    PinRule, ///< a pinned value no candidate can satisfy: the rule, its numbers, the values it allows
    RuleDeadEnd, ///< every candidate breaks a rule (none that pinRuleFindings names): the reasons, counted
    RelaxPin, ///< removing a pin (or every pin) gives candidates that pass the rules, or plans that fit
    NothingFits, ///< the closest plan's peak memory against usable memory, its margin, what dominates it
    SmallestCluster, ///< the fewest nodes (same GPUs per node, same pins) on which a plan fits
    NoClusterFits, ///< no node count up to the sweep's cap fits either
    FewerGpus, ///< too many GPUs for the global batch (no DP degree left): the most nodes below on which a plan fits
    BatchLimitsDp, ///< the global batch rules out data-parallel degrees the GPU count allows
    LargeBubble, ///< a plan's pipeline bubble is above the warning threshold
};

/// How a finding weighs.
enum class FindingSeverity
{
    Blocking, ///< explains why there is no plan (PinRule, RuleDeadEnd, NothingFits, NoClusterFits)
    Hint, ///< a way out that was tried and works (RelaxPin, SmallestCluster)
    Warning, ///< a plan works but wastes something (LargeBubble, BatchLimitsDp)
};

/// A knob the user can pin (one field of PlanPins), or a rule that ties several pinned degrees together.
enum class PinKnob
{
    None,
    Tp,
    Cp,
    Pp,
    Dp,
    Vpp,
    MicroBatch,
    ZeroStage,
    DpReplicate,
    Ep,
    Etp,
    Recompute,
    SequenceParallel,
    Schedule,
    TpCommOverlap,
    PpCommOverlap,
    ReshardAfterForward,
    EpCommOverlap,
    CpCommType,
    WorldSize, ///< TP x CP x PP x DP must equal the GPU count (PinRule only)
};

std::string_view toString(
    PinKnob knob); ///< "TP", "micro-batch", "schedule", ...: the English name (not translated)
/// The knob's name as messages show it, translatable (context "Diagnosis"): toString's words.
Message knobName(PinKnob knob);
std::vector<PinKnob> pinnedKnobs(const PlanPins& pins); ///< the knobs `pins` fixes, in PlanPins' order
PlanPins withoutPin(PlanPins pins, PinKnob knob); ///< `pins` with `knob` searched again
std::string knobValue(const ParallelConfig& config, PinKnob knob); ///< "4", "full", "on", "interleaved"

/// A change to the inputs that gets past a finding. Unset fields stay as they are.
struct DiagnosisChange
{
    Message label; ///< "unpin TP", "TP 4", "global batch 1,024", "4 nodes (32 GPUs)" (text(): the English)
    std::optional<PlanPins> pins; ///< plan with these pins instead of problem.training.pins
    std::optional<std::int64_t> globalBatch; ///< plan with this global batch (sequences per step)
    std::optional<int> nodes; ///< plan on this many nodes (same GPUs per node)
    /// True when a search with the change was run here and passes the rules (RuleDeadEnd) or fits
    /// (NothingFits); false for what a rule alone says would be allowed.
    bool verified = false;
};

struct Finding
{
    FindingKind kind = FindingKind::PinRule;
    FindingSeverity severity = FindingSeverity::Blocking;
    PinKnob knob = PinKnob::None; ///< PinRule, RelaxPin: the knob (None for "every pin")
    Message message; ///< the finding in one or two sentences, with its numbers (text(): the English)
    /// PinRule: the values the rule allows for `knob` (TP: the divisors of the heads and GPUs);
    /// BatchLimitsDp: the DP degrees the global batch allows; RelaxPin: the knob's values among what then
    /// passes or fits.
    std::vector<std::int64_t> allowedValues;
    std::vector<std::int64_t> ruledOutValues; ///< BatchLimitsDp: the DP degrees the global batch rules out
    std::vector<DiagnosisChange> changes; ///< ways out, best first (may be empty)
};

/// Warnings on bubbles above this fraction of the pipeline's time (PlanSummary::bubbleFraction).
constexpr double kBubbleWarningFraction = 0.15;

struct DiagnosisOptions
{
    bool relaxPins = true; ///< re-run the enumeration / search with each pin removed (and all removed)
    bool sweepClusters = true; ///< nothing fits: search larger clusters for the smallest that fits
    int maxNodeFactor = 16; ///< the cluster sweep goes up to this many times the current nodes ...
    int maxGpus = 16384; ///< ... and at most this many GPUs
    int maxSweepSearches = 14; ///< searches the cluster sweep may run (doubling, then halving the gap)
    int threads = 0; ///< SearchOptions::threads of every search run here
    int maxMicroBatch = 32; ///< SearchOptions::maxMicroBatch (as the search that is diagnosed)
    const std::atomic<bool>* cancel = nullptr; ///< checked between searches and inside them
};

/// The smallest cluster on which a plan fits (smallestFittingCluster).
struct ClusterSweep
{
    bool ran = false; ///< false when the sweep was not needed or impossible (already at the cap)
    bool cancelled = false;
    PlanPins pins; ///< the pins searched with: the problem's without DP, which follows the GPUs
    int startNodes = 0; ///< the problem's nodes
    int capNodes = 0; ///< the most nodes the sweep could try
    std::vector<std::pair<int, std::size_t>> tried; ///< (nodes, plans that fit), in the order searched
    std::optional<int> fitNodes; ///< the fewest nodes found on which a plan fits
    int largestFailingNodes = 0; ///< the most nodes tried below fitNodes without a fit (startNodes at least)
    std::optional<PlanSummary> best; ///< the fastest plan that fits on fitNodes (its config, memory, step)
};

/**
 * The most nodes below the problem's on which a plan fits, with the problem's pins but DP unpinned: where the
 * global batch leaves the cluster no data-parallel degree (512 sequences on 1,000,000 GPUs), fewer GPUs are the way
 * out. Halves the node count until a plan fits, then bisects up between that count and the last that did not; at
 * most options.maxSweepSearches searches. fitNodes is that count (none when nothing fits down to one node);
 * largestFailingNodes the fewest nodes tried above it without a fit.
 */
ClusterSweep largestFittingCluster(const PlanningProblem& problem, const DiagnosisOptions& options = {});

/// What diagnoseSearch found, most important first.
struct SearchDiagnosis
{
    std::vector<Finding> findings;
    std::optional<PlanEstimate> closest; ///< NothingFits: the full estimate of the plan closest to fitting
    ClusterSweep cluster; ///< NothingFits with options.sweepClusters: the sweep's outcome
    bool cancelled = false; ///< options.cancel was set: the findings are those made before
};

/**
 * Diagnoses `result`, a search of `problem` with problem.training.pins:
 *  - the pins no candidate can satisfy (pinRuleFindings);
 *  - no candidate passes the rules: the rules they break, counted (RuleDeadEnd) unless a PinRule names it,
 *    and which pin, once removed, gives candidates that pass (RelaxPin, checked by enumerating);
 *  - candidates pass the rules but none fits: the closest plan's memory against usable memory (NothingFits),
 *    which pin (or all pins) removed makes plans fit (RelaxPin, checked by searching), and the smallest
 *    cluster that fits (SmallestCluster / NoClusterFits, smallestFittingCluster);
 *  - the global batch's divisors limiting DP (batchDivisorFinding), whatever the outcome.
 * When plans fit, only the last applies. A cancelled `result` gives a cancelled diagnosis. Throws what the
 * evaluator throws for an invalid problem (call after PlanningProblem::validate).
 */
SearchDiagnosis diagnoseSearch(
    const PlanningProblem& problem, const SearchResult& result, const DiagnosisOptions& options = {});

/**
 * The pins of problem.training.pins that no candidate can satisfy, each with the rule, its numbers and the
 * values it allows: TP against the attention and key/value heads and the GPUs; CP against the sequence
 * length (2 x CP, x TP with sequence parallelism pinned) and flash attention; PP against the blocks, the GPUs
 * and a pinned interleaved schedule's chunks; DP and the micro-batch against the global batch; EP and ETP
 * against the routed experts; the pinned degrees' product against the GPU count (WorldSize); a pinned
 * interleaved 1F1B schedule against the micro-batch count (Schedule). Cheap: no search.
 */
std::vector<Finding> pinRuleFindings(const PlanningProblem& problem);

/**
 * BatchLimitsDp when the global batch is not divisible by some data-parallel degree the GPU count (and the
 * pinned TP, CP and PP) allow: the DP degrees left, those ruled out, and the nearest global batches that
 * allow them all (multiples of the GPUs left for DP). nullopt when no degree is ruled out or DP is pinned.
 */
std::optional<Finding> batchDivisorFinding(const PlanningProblem& problem);

/// Warnings on `plan`, a plan of `problem` (PlanSummary::from turns a PlanEstimate into one): LargeBubble
/// when its pipeline bubble is above `bubbleThreshold`.
std::vector<Finding> planWarnings(
    const PlanningProblem& problem, const PlanSummary& plan, double bubbleThreshold = kBubbleWarningFraction);

/**
 * The fewest nodes (of problem.cluster.gpusPerNode GPUs) on which a plan fits, with the problem's pins but
 * DP unpinned: searches at twice, four times, ... the current nodes up to min(maxNodeFactor x nodes,
 * maxGpus / gpusPerNode) nodes (the cap itself last), then halves the gap between the last count that did
 * not fit and the first that did. The halving takes fitting as growing with the node count, which memory
 * does but divisibility need not: a count skipped between two tried ones may break that. At most
 * options.maxSweepSearches searches; not run when the problem is at the cap already.
 */
ClusterSweep smallestFittingCluster(const PlanningProblem& problem, const DiagnosisOptions& options = {});

/// `problem` on `nodes` nodes of the same GPUs and links.
PlanningProblem withNodes(const PlanningProblem& problem, int nodes);

/// `problem` with `change` made (what a window's "try" link plans): its pins, global batch and node count where
/// it gives them, the rest as it is.
PlanningProblem withChange(const PlanningProblem& problem, const DiagnosisChange& change);

} // namespace shardscope
