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

} // namespace shardscope
