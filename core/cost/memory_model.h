// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"

namespace shardscope {

/// Weights, gradients and optimizer states of `params` parameters on one data-parallel rank.
struct ModelStateBytes
{
    double weights = 0;
    double gradients = 0;
    double optimizer = 0;
    double total() const { return weights + gradients + optimizer; }
};

/// ZeRO (Rajbhandari et al. 2020, Sec. 5): stage 1 shards optimizer states, stage 2 also gradients,
/// stage 3 also weights, each over the `dp` data-parallel ranks.
ModelStateBytes modelStateBytes(double params, const TrainingSpec& training, int zeroStage, int dp);

/**
 * Micro-batches whose activations stage `stage` (0-based) of `pp` holds at its peak.
 * GPipe: all m. 1F1B: min(p - stage, m) (Narayanan 2021, Sec. 2.2). Interleaved 1F1B with v chunks:
 * Megatron's warm-up count (2(p - stage - 1) + (v - 1) p + 1) chunk-micro-batches, each 1/v of the
 * device's layers; on stage 0 this is Korthikanti's p (1 + (p - 1)/(p v)).
 */
double inFlightMicroBatches(Schedule schedule, int pp, int stage, int microBatches, int vpp);

} // namespace shardscope
