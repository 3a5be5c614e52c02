// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/proposals: what the proposal generators (proposals*.cpp) share.
#pragma once

#include "cost/plan_evaluator.h"
#include "proposals/proposals.h"
#include "util/message.h"

#include <optional>
#include <string>
#include <vector>

namespace shardscope::proposals_detail {

/// One proposeChanges run: the inputs, the evaluator on the unchanged problem, and what was proposed.
struct Context
{
    const PlanningProblem& problem;
    const PlanEstimate& current;
    const PlanEvaluator& evaluator;
    std::vector<Proposal> out;

    /// Evaluates `config` (and `training` when it differs from the problem's) and fills every field
    /// but the rationale; nullopt when the configuration breaks a structural rule or a pin of
    /// problem.training.pins (never proposed, so never evaluated).
    std::optional<Proposal> evaluate(ProposalKind kind, const ParallelConfig& config, const TrainingSpec& training,
                                     Message title) const;
    std::optional<Proposal> evaluate(ProposalKind kind, const ParallelConfig& config, Message title) const
    {
        return evaluate(kind, config, problem.training, std::move(title));
    }
};

std::string percent(double fraction);  ///< "23.4 %"
std::string seconds(double s);         ///< formatSeconds
std::string bytes(double b);           ///< formatBytes
std::string number(double v, int decimals);
/// "step 5.12 s -> 4.80 s (1.07x)" from two estimates.
Message stepChange(const PlanEstimate& from, const PlanEstimate& to);
/// "peak memory 61.2 GiB -> 55.0 GiB per GPU of 76.0 GiB usable"
Message memoryChange(const PlanEstimate& from, const PlanEstimate& to);
/// The common tail of a rationale: stepChange; memoryChange, with "(does not fit: ...)" where `to` does not fit.
Message effects(const PlanEstimate& from, const PlanEstimate& to);

/// Gradient communication: overlap, hierarchical vs ring all-reduce, compression (proposals_communication.cpp).
void addCommunicationProposals(Context& context);
/// Expert parallelism of mixture-of-experts models: EP and ETP up and down (proposals_experts.cpp).
void addExpertProposals(Context& context);

} // namespace shardscope::proposals_detail
