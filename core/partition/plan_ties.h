// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "hardware/gpu_spec.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace shardscope {

/**
 * When two plans' predicted step times cannot be told apart. The model's errors are largely shared between
 * layouts of one model and cluster (the same kernels, the same links), so the error of a *difference* is smaller
 * than the band shown on each time; until that band is cross-validated, two plans tie when their step times
 * differ by less than half of it (docs/ranking.md, "Ties").
 */
struct TieRule
{
    double relativeTolerance = 0;   ///< the slower may be at most this much slower than the group's fastest
    std::size_t maxGroup = 10;      ///< at most this many plans a group
};

/// Half the band shown for this GPU's predictions (errorText's whole percent); uncalibrated GPUs take half the
/// widest band of a calibrated family, kUncalibratedBand.
TieRule tieRuleFor(const CalibrationInfo& calibration);

/// The band shown for uncalibrated GPUs' ties: the widest calibrated family's (H100, ± 5 %).
inline constexpr double kUncalibratedBand = 0.05;

/**
 * How far a configuration's settings are from what the frameworks run by default (0: all defaults), the second
 * key inside a tie. One point each for: ZeRO-2 (no framework's default path: Megatron-FSDP's optim_grads),
 * ZeRO-3 / FSDP (before it the distributed optimizer, Megatron-LM's usual layout), FSDP keeping the gathered
 * weights (reshard_after_forward off), hybrid sharding, a zero-bubble schedule or GPipe (before 1F1B and the
 * interleaved 1F1B), a TP-communication overlap (userbuffers, a pinned knob), an EP overlap, Ulysses
 * all-to-all context parallelism (Megatron's default is the ring), full recomputation.
 */
int unusualSettings(const ParallelConfig& c);

/// What a tie group's first plan is first by, against the plan it was tied with.
enum class TieReason : std::uint8_t {
    None,       ///< not in a tie, or the fastest of its group and first by speed
    Headroom,   ///< more memory headroom (in steps of kHeadroomStep of the usable memory)
    Defaults,   ///< the same headroom step, settings closer to the frameworks' defaults
    Speed,      ///< the same headroom step and settings: the faster
};

/// Headroom is compared in steps of this share of the usable memory: closer than that is the same headroom.
inline constexpr double kHeadroomStep = 0.05;

/**
 * Ties in a ranked `order` (fastest first): from the top, each group is a plan and the plans after it that are
 * at most rule.relativeTolerance slower (and not bounded), at most rule.maxGroup; inside a group the order is
 * more headroom (in kHeadroomStep steps), then fewer unusualSettings, then speed. Only the first `count` entries
 * of `order` take part (those that fit). Returns, for each of those entries, the position of its group's first
 * entry (a plan alone is its own group).
 */
std::vector<std::uint32_t> breakTies(std::span<const PlanSummary> plans, std::span<std::uint32_t> order, std::size_t count,
                                     const TieRule& rule);

/// Why the first plan of a group (`first`) ranks before `second`, a plan of the same group.
TieReason tieReason(const PlanSummary& first, const PlanSummary& second);

} // namespace shardscope
