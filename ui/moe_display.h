// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"
#include "training/training_spec.h"

#include <QString>

/// Whether `model` has routed experts (a mixture of experts): from its transformer spec, or for graphs
/// imported without one, from its MoE layers. Expert-parallel fields and columns show only then.
bool hasRoutedExperts(const shardscope::ModelGraph& model);

/// "8" for EP 8, "8 x 2" for EP 8 with expert tensor parallelism 2 (the plan table's EP column).
QString expertDegreeText(const shardscope::ParallelConfig& config);

/// Whether a plan uses expert parallelism or expert tensor parallelism (EP or ETP above 1).
inline bool usesExpertParallelism(const shardscope::ParallelConfig& config) { return config.ep > 1 || config.etp > 1; }
