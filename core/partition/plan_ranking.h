// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "partition/strategy.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace shardscope {

/**
 * Sets every feasible plan's score in [0, 1] from the user's weights (the seed's hybrid scoring,
 * with real numbers): memory = headroom left on the fullest GPU, compute = throughput relative to
 * the fastest feasible plan (the objective), communication = share of the step not spent in
 * exposed communication. Infeasible plans score 0. Cheap: no plan is re-evaluated.
 */
void scorePlans(std::span<PlanSummary> plans, const ScoreWeights& weights);

/// One plan's score taken apart (what scorePlans adds up), for "why this rank".
struct ScoreParts
{
    double memory = 0;            ///< headroom: 1 - peak / usable memory of the fullest GPU, in [0, 1]
    double compute = 0;           ///< tokens/s relative to the fastest plan that fits, in [0, 1]
    double communication = 0;     ///< share of the step not spent in exposed communication, in [0, 1]
    double memoryTerm = 0;        ///< memory x its weight's share of the weights' sum
    double computeTerm = 0;
    double communicationTerm = 0;
    double score() const { return memoryTerm + computeTerm + communicationTerm; }
};

/// The parts of `plan`'s score with `bestTokensPerSecond` the fastest plan that fits (all zero when it does not fit).
ScoreParts scoreParts(const PlanSummary& plan, double bestTokensPerSecond, const ScoreWeights& weights);

/// The fastest plan that fits: its tokens/s (0 when none fits).
double bestFeasibleTokensPerSecond(std::span<const PlanSummary> plans);

/**
 * Whether two plans are the same plan for a user: the same degrees (TP, CP, PP, DP, EP, ETP, virtual stages),
 * micro-batch, schedule and feasibility, and identical predictions (memory, step time, tokens/s, bubble,
 * imbalance, communication). ZeRO-0 and ZeRO-1 at DP 1, or the TP overlap at TP 1, differ only in settings
 * that change nothing.
 */
bool equivalentPlans(const PlanSummary& a, const PlanSummary& b);

/**
 * Removes from a ranked `order` every plan equivalent to one ranked before it (equivalentPlans). Returns, for
 * each entry left, how many removed plans it stands for. Equivalent plans rank next to each other up to
 * plans with the same sort key, so this is one pass over runs of equal keys.
 */
std::vector<std::uint32_t> collapseEquivalents(std::span<const PlanSummary> plans, std::vector<std::uint32_t>& order);

/**
 * Whether `strategy` with `weights` orders the plans that fit by throughput alone (the exhaustive and hybrid
 * rankings with no weight on memory or communication): then only the fastest plans decide its first places,
 * and a search may bound the others (SearchPruning).
 */
bool ranksByThroughput(Strategy strategy, const ScoreWeights& weights);

/**
 * Plan indices, best first, as the strategy orders them; plans that fit whose times a search bound left out
 * (PlanSummary::bounded) follow those, then infeasible plans, closest to fitting first, rule violations
 * (and candidates a bound left unplaced) last. Needs scores (scorePlans) for Exhaustive and Hybrid.
 */
std::vector<std::uint32_t> rankPlans(std::span<const PlanSummary> plans, Strategy strategy, int gpusPerNode);

/// What rerank() needs of one ranking, computed in one go (rankAndCollapse).
struct Ranking
{
    std::vector<std::uint32_t> order;       ///< rankPlans' order with collapseEquivalents applied
    std::vector<std::uint32_t> equivalents; ///< collapseEquivalents' counts
    std::size_t feasibleRanked = 0;         ///< the entries of `order` that fit (they come first)
    std::optional<std::uint32_t> fastest;   ///< the first entry of `order` with the most tokens/s among those
    double bestTokensPerSecond = 0;         ///< bestFeasibleTokensPerSecond
};

/// From this many plans that do not fit, the first rankAndCollapse of a workspace sorts and collapses them on two
/// threads (the same order and equivalents as one pass).
inline constexpr std::size_t kTwoThreadTailFrom = std::size_t(1) << 16;

/**
 * What ranking reads of a set of candidates that no weight or strategy changes, kept between rankings of the
 * same candidates (a weight slider dragged): per plan whether it fits, its tokens/s, the parts of its score that
 * do not depend on the fastest plan; the plans that do not fit already ranked and collapsed (their order
 * depends on memory alone); and the buffers a ranking fills, reused so that a re-rank faults in no memory.
 * Filled by the first rankAndCollapse with it; clear() it when the candidates change. A copy starts empty.
 */
class RankingWorkspace
{
public:
    RankingWorkspace();
    ~RankingWorkspace();
    RankingWorkspace(const RankingWorkspace&);
    RankingWorkspace& operator=(const RankingWorkspace&);
    RankingWorkspace(RankingWorkspace&&) noexcept;
    RankingWorkspace& operator=(RankingWorkspace&&) noexcept;

    /// Forgets the candidates' columns (the buffers stay allocated).
    void clear();
    /// Whether it holds the columns of `candidates` (the same span: data and size).
    bool holds(std::span<const PlanSummary> candidates) const;

    struct Data;

private:
    friend void rankAndCollapse(std::span<PlanSummary>, Strategy, const ScoreWeights&, int, RankingWorkspace&, Ranking&);
    std::unique_ptr<Data> m_data;
};

/**
 * scorePlans, rankPlans and collapseEquivalents at once, with the same results, into `out` (its vectors' memory
 * reused). Reads the summaries once into `workspace`'s columns, unless it already holds these candidates'
 * columns: then a ranking by score reads only the columns (and the summaries of plans of equal speed, to
 * compare them), sorts the plans that fit on integer keys (a radix sort), and writes each plan's score.
 * The candidates must not have changed since `workspace` read them (RankingWorkspace::clear).
 */
void rankAndCollapse(std::span<PlanSummary> plans, Strategy strategy, const ScoreWeights& weights, int gpusPerNode,
                     RankingWorkspace& workspace, Ranking& out);

/// The same with a workspace of its own (nothing kept).
Ranking rankAndCollapse(std::span<PlanSummary> plans, Strategy strategy, const ScoreWeights& weights, int gpusPerNode);

} // namespace shardscope
