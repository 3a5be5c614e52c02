// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"

#include <string>

namespace shardscope {

/// The sequence-length bucket of a regime: "<=8k", "8k-32k" or ">32k".
std::string sequenceBucket(std::int64_t seq);
/// A regime key from its parts (ValidationRow::regime, and a plan's band).
std::string regimeKey(const std::string& family, bool moe, const std::string& precision, std::int64_t seq);

/// The regime of a plan: its GPU's calibration family x dense/MoE x precision x sequence bucket ("H100 dense FP8
/// <=8k"), as the profiles' regimes are keyed.
std::string planRegime(const PlanningProblem& problem);

/**
 * Resolves the band shown with `problem`'s predictions into problem.cluster.gpu.calibration: the cross-validated
 * mean |error| (leave one model out) of the profile's runs in the plan's regime, with their count; with fewer
 * than 3 such runs the regime is uncalibrated and the nearest regime of the family (dense/MoE first, then
 * precision, then sequence) lends its figure to the text only. The in-sample mean is kept apart (inSampleMean).
 * Call it whenever the model, the training precision or the sequence length of a problem changes.
 */
void resolvePredictionBand(PlanningProblem& problem);

/// Regimes with fewer cross-validated runs than this are "uncalibrated".
constexpr int kMinRegimeRuns = 3;

} // namespace shardscope
