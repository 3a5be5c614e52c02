// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"

#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

/// Largest token budget accepted (1e18 tokens: a million times the 15.6 T tokens Llama 3 trained on).
constexpr double kMaxTokenBudget = 1e18;

/**
 * What the user wants to train: a number of tokens, and optionally what one GPU-hour costs. Both are
 * the user's settings: no price is ever invented or defaulted, and without one no cost is given. The
 * price is in whatever currency the user thinks in; the cost comes out in the same.
 */
struct TrainingBudget
{
    double tokens = 0; ///< tokens to train on (e.g. 15e12)
    std::optional<double> gpuHourPrice; ///< price of one GPU for one hour; unset: no cost

    /// Throws InputError(source, "tokens" or "gpu_hour_price", ...) unless tokens is finite, positive and
    /// at most kMaxTokenBudget, and the price (when set) finite and positive.
    void validate(const std::string& source) const;
    bool operator==(const TrainingBudget&) const = default;
};

/// How long a plan trains on the budget, and what that takes.
struct TrainingTime
{
    double seconds = 0; ///< tokens / tokens per second
    double days = 0; ///< seconds / 86,400
    double gpuHours = 0; ///< days x 24 x GPUs
    std::optional<double> cost; ///< gpuHours x price; only when the budget has a price
};

/**
 * Time, GPU-hours and cost of training `budget.tokens` at `tokensPerSecond` (the whole cluster's
 * throughput) on `gpus` GPUs. Nothing (std::nullopt) when there is no throughput (tokensPerSecond not
 * positive and finite, as for a plan that does not fit) or no GPU. Throws InputError("budget", ...)
 * for an invalid budget (TrainingBudget::validate).
 */
std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, double tokensPerSecond, int gpus);
/// The same for a plan: its tokens per second on its tp x cp x pp x dp GPUs; nothing when it does not fit.
std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, const PlanSummary& plan);
std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, const PlanEstimate& plan);

/**
 * A token count as people write it: "15e12", "15000000000000", "15T", "1.5t", "300B", "2G", "500M",
 * "20K", "1P" (decimal: K 1e3, M 1e6, B or G 1e9, T 1e12, P 1e15; either case). Throws
 * InputError(source, "", ...) for anything else, or a count that is not positive or exceeds
 * kMaxTokenBudget.
 */
double parseTokenCount(std::string_view text, const std::string& source);

/// A price per GPU-hour: a positive, finite plain number ("2.5", "1e1"). Throws InputError(source, "", ...).
double parseGpuHourPrice(std::string_view text, const std::string& source);

} // namespace shardscope
