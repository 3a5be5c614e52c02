// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/cluster_spec.h"
#include "model/model_graph.h"
#include "training/training_spec.h"

namespace shardscope {

/// The three inputs of every planning run.
struct PlanningProblem
{
    ModelGraph model;
    ClusterSpec cluster;
    TrainingSpec training;

    /// Throws InputError when any part is unusable (no layers, zero GPUs, zero sequence length...).
    void validate() const;
};

/// Constants of the achievable-throughput model, fitted once to Narayanan et al. 2021, Table 1
/// (see docs/cost-model.md and tests/core/tst_calibration.cpp).
struct CostCalibration
{
    /// HBM bytes moved by element-wise kernels (norms, activations, softmax, dropout) per byte of
    /// stored activation in the forward pass; the backward moves twice that.
    double elementwiseTrafficFactor = 2.0;
};

} // namespace shardscope
