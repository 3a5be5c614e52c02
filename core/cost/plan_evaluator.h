// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/evaluation_context.h"
#include "cost/expert_parallel.h"
#include "cost/plan_estimate.h"
#include "cost/planning_problem.h"
#include "training/pipeline_layout.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

struct UnitNeed;

struct PartitionItem;
struct UnitCost;

/**
 * Predicts memory, time and communication of one parallel configuration. Holds what does not
 * change between candidates (partition units, block layout), so the search reuses one evaluator. What its
 * evaluations keep between candidates (unit costs, placements, simulations, scratch vectors) is the
 * EvaluationContext each evaluation function takes, one per thread (the search's threads pass theirs); the
 * overloads without one use this thread's, EvaluationContext::forThisThread().
 */
class PlanEvaluator
{
public:
    explicit PlanEvaluator(const PlanningProblem& problem);

    /// Why `config` cannot run at all (divisibility, schedule rules), or an empty string.
    std::string structuralProblem(const ParallelConfig& config) const;
    /// Why the pinned split (TrainingSpec::pipelineSplit: Megatron's even split or a layout string) cannot place
    /// this configuration's blocks; empty when it can, and then `counts` (when given) holds each model chunk's
    /// blocks in model order.
    std::string pinnedSplitProblem(const ParallelConfig& config, std::vector<int>* counts = nullptr) const;

    /// Full prediction. Infeasible configurations come back with feasible = false and a reason;
    /// for memory overflows the stages and times are still filled in.
    PlanEstimate evaluate(const ParallelConfig& config, EvaluationContext& context) const;
    PlanEstimate evaluate(const ParallelConfig& config) const { return evaluate(config, EvaluationContext::forThisThread()); }

    /// What the search keeps of evaluate(config); a configuration whose average stage already overflows memory
    /// comes back infeasible without being placed (no times; its peak memory is that lower bound, which the
    /// reason gives).
    PlanSummary summarize(const ParallelConfig& config, EvaluationContext& context) const;
    PlanSummary summarize(const ParallelConfig& config) const { return summarize(config, EvaluationContext::forThisThread()); }

    /// summarize()'s answer for `config` where it is decided before placing (a rule it breaks, or memory its
    /// average stage already exceeds), into `out`; false when `config` must be placed.
    bool rejectBeforePlacing(const ParallelConfig& config, PlanSummary& out, EvaluationContext& context) const;
    bool rejectBeforePlacing(const ParallelConfig& config, PlanSummary& out) const
    {
        return rejectBeforePlacing(config, out, EvaluationContext::forThisThread());
    }

    /// Lower bounds on evaluate(config).time.stepSeconds (the search's step-time floor; SearchPruning).
    struct StepFloor
    {
        double pipeline = 0;  ///< the pipeline's part
        double optimizer = 0; ///< the optimizer step's part
        double seconds() const { return pipeline + optimizer; }
    };
    /// Before placing `config` (which passed rejectBeforePlacing): every micro-batch through the average stage
    /// (1F1B and GPipe: m + p - 1 of them, their fill and drain; the other schedules also at least their fill and
    /// drain whatever the placement, pipelineFloorPath), counting only the work every placement has (compute,
    /// recompute, TP/CP/EP communication), plus the optimizer step of the average stage.
    StepFloor stepFloorBeforePlacement(const ParallelConfig& config, EvaluationContext& context) const;
    StepFloor stepFloorBeforePlacement(const ParallelConfig& config) const
    {
        return stepFloorBeforePlacement(config, EvaluationContext::forThisThread());
    }

    /// summarize() for a `config` that passed rejectBeforePlacing, cut short after placing when its step-time
    /// floor shows it slower than `tokensPerSecondToBeat` (`cut` true): then feasibility, reason and memory are
    /// exact, the times are not computed (the pipeline simulation and DP traffic are skipped). `floor` gets that
    /// floor either way: the slowest stage's micro-batch time m times (the exact 1F1B/GPipe pipeline), plus the
    /// largest stage optimizer step.
    PlanSummary summarizeUnlessSlower(const ParallelConfig& config, double tokensPerSecondToBeat, double& floor,
                                      bool& cut, EvaluationContext& context) const;
    PlanSummary summarizeUnlessSlower(const ParallelConfig& config, double tokensPerSecondToBeat, double& floor,
                                      bool& cut) const
    {
        return summarizeUnlessSlower(config, tokensPerSecondToBeat, floor, cut, EvaluationContext::forThisThread());
    }

    /// The tokens/s of a step of `stepSeconds`, as evaluate() computes it (so a floor's is an upper bound).
    double tokensPerSecond(double stepSeconds) const;

    const PlanningProblem& problem() const { return m_problem; }
    const std::vector<PartitionUnit>& units() const { return m_units; }
    int blockCount() const { return m_blockUnits; }
    /// The model chunks of the training's pipeline layout string (TrainingSpec::pipelineSplit); 0 without one.
    int layoutChunks() const { return int(m_layout.size()); }
    const ExpertShape& experts() const { return m_experts; } ///< the model's routed experts (0 for dense)
    /// Micro-batches whose activations stage `stage` holds at its peak: the schedule's (inFlightMicroBatches), and
    /// with the all-to-all overlap one more chunk's worth (Megatron runs one extra warm-up forward).
    double inFlight(const ParallelConfig& config, int stage, int microBatches) const;
    double usableBytes() const;
    /// Floors are computed in another order than the times they bound: this much below, rounding cannot lift
    /// them above (the sums differ by a few ulps; tst_search_bounds checks floor <= step on every candidate).
    static constexpr double kFloorSlack = 1.0 - 1e-9;

private:
    /// Each unit shape class's cost under `config` (cached in `context` for the knobs unit costs depend on; the
    /// reference holds until the context's next costClasses).
    const std::vector<UnitCost>& costClasses(const ParallelConfig& config, EvaluationContext& context) const;
    /// evaluate() into `estimate`, reusing its vectors; without `detailed` no layer ranges, chunk layers or
    /// warnings (what PlanSummary does not read); without `checkRules` the caller has checked structuralProblem.
    /// With `cut`, stops after placing where the floor after placement (cut->floor) is slower than
    /// cut->tokensPerSecondToBeat (cut->cut), with the peak memory and feasibility set and no stage estimates
    /// (the first pass's sums and records alone).
    struct StepCut
    {
        double tokensPerSecondToBeat = 0;
        double floor = 0;
        bool cut = false;
    };
    void evaluateInto(PlanEstimate& estimate, const ParallelConfig& config, bool detailed, bool checkRules,
                      EvaluationContext& context, StepCut* cut = nullptr) const;
    /// One evaluateInto's phases and the state they share (plan_evaluator.cpp).
    struct EvaluationPass;
    /// Why `config` cannot fit whatever the placement (a floor on its fullest stage's memory, set in `bound`,
    /// exceeds capacity), or "".
    InfeasibleReason memoryLowerBoundProblem(const ParallelConfig& config, double& bound, EvaluationContext& context) const;
    /// The memory floors' view of the stages: up to 8 runs of consecutive stages, [from, to], and the micro-batches
    /// in flight at each run's two ends (every schedule's counts are monotone over the stages, so a run's fewest
    /// and most are at its ends; the first run starts at stage 0, the last ends at stage p - 1).
    struct StageRuns
    {
        int count = 0;
        std::array<int, 8> from {}, to {};
        std::array<double, 8> atFrom {}, atTo {};
        double fewest(int r) const { return std::min(atFrom[std::size_t(r)], atTo[std::size_t(r)]); }
        double most(int r) const { return std::max(atFrom[std::size_t(r)], atTo[std::size_t(r)]); }
    };
    /// `first` and `last`: the first and last stage's micro-batches in flight, which the caller has.
    StageRuns stageRuns(const ParallelConfig& config, int microBatches, double first, double last) const;
    /// One model chunk per stage: the least memory of the fullest stage over every placement of whole units, from
    /// each class's (model states, activations per micro-batch) and the memory every GPU has besides; 0 where a
    /// placement fits the usable memory. memoryLowerBoundProblem's last floor. `flights`: its vector of each stage's
    /// micro-batches in flight (the context's, reused).
    double wholeUnitsFloor(const ParallelConfig& config, int microBatches,
                           const std::vector<UnitNeed>& unitBytes, double fixed, const StageRuns& runs,
                           std::vector<double>& flights) const;
    /// Interleaved schedules: the units of each of the pp x vpp model chunks, in model order, as [first, end)
    /// unit ranges (possibly empty): blocks balanced over the stages by time within each stage's memory,
    /// first and last stage lighter by their embedding and loss, then spread evenly over each stage's chunks.
    /// `inFlight` holds each stage's micro-batches in flight (inFlight()); `chunks` receives the ranges (cleared
    /// first). `context` holds the placement's vectors and remembered placements.
    void placeChunks(const std::vector<PartitionItem>& items, const ParallelConfig& config,
                     const std::vector<double>& inFlight, double fixedBytes, double capacityBytes,
                     std::vector<std::pair<int, int>>& chunks, EvaluationContext& context) const;

    const PlanningProblem& m_problem;
    std::uint64_t m_id = 0; ///< tells this evaluator's cached unit costs in a context from another's
    std::vector<PartitionUnit> m_units;
    int m_blockUnits = 0;
    int m_firstBlockUnit = -1; ///< units before it and after the last block are embedding/head side
    int m_lastBlockUnit = -1;
    bool m_blocksContiguous = true;
    std::vector<LayoutChunk> m_layout; ///< TrainingSpec::pipelineSplit.layout, parsed
    std::string m_layoutError;         ///< why that layout does not parse (TrainingSpec::validate reports it first)
    ExpertShape m_experts;                  ///< the model's routed experts (the largest MoE layer's)
    std::vector<int> m_unitClass;           ///< per unit: index of the first unit of the same shape's class
    std::vector<int> m_classRepresentative; ///< per class: a unit of it
    std::vector<int> m_classUnits;          ///< per class: how many units it has
    std::vector<std::pair<int, int>> m_classRuns; ///< the units in model order as runs of one class: (class, units)
    std::string m_usableText;               ///< formatBytes(usableBytes()), which many reasons quote
};

} // namespace shardscope
