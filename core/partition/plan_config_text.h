// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

#include <string>
#include <string_view>

namespace shardscope {

/**
 * A parallel configuration written as text, the way a team names the layout it runs today:
 * "tp=8,pp=16,dp=8,cp=1,vpp=1,mb=1,zero=1,recompute=selective,sp=on,schedule=interleaved-1f1b".
 *
 * Keys (case-insensitive, '_' and '-' alike; spaces around items are ignored):
 *   tp, pp, dp, cp, vpp, ep, etp, dp-replicate   positive integers
 *   mb (micro-batch)                             sequences per micro-batch
 *   zero                                         0, 1, 2 or 3
 *   recompute                                    none, selective, full
 *   sp, tp-overlap, pp-overlap, ep-overlap, reshard   on or off
 *   schedule                                     gpipe, 1f1b, interleaved (interleaved-1f1b), zb-h1,
 *                                                interleaved-zb, zbv
 *   cp-comm                                      p2p (ring) or a2a (all-to-all)
 * Keys left out default as Megatron-LM runs a layout: tp, pp, cp, mb, ep, etp, dp-replicate 1; dp the
 * GPUs left over (totalGpus / (tp x cp x pp), which must divide); zero 1 (the distributed optimizer);
 * recompute none; sp on with TP > 1; schedule interleaved when vpp > 1 is given, else 1F1B; vpp 2 for
 * the interleaved schedules and ZBV, else 1; pp-overlap on for interleaved 1F1B (Megatron's default);
 * tp-overlap and ep-overlap off; reshard on; cp-comm p2p.
 *
 * Throws InputError(source, key, message) naming the bad key and the value it got; whether the layout can
 * run (divisibility, batch, schedule rules) is the evaluator's to say (PlanEvaluator::structuralProblem).
 */
ParallelConfig parsePlanConfig(std::string_view text, int totalGpus, const std::string& source = "baseline");

/// `config` in the form parsePlanConfig reads: the main keys always, the others where they differ from
/// the defaults above, so that parsePlanConfig(planConfigText(c), c.worldSize()) == c.
std::string planConfigText(const ParallelConfig& config);

} // namespace shardscope
