// SPDX-License-Identifier: GPL-3.0-or-later
// The three search problems bench_search times and shardscope-search-checksum hashes (Qt-free): one definition,
// so that the checksum guards the searches the benchmark reports.
#pragma once

#include "cost/planning_problem.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "moe_plan_fixtures.h"

namespace shardscope::testing {

/// Llama-3.1-405B on 16,384 H100 (2,048 nodes of 8), sequence 8,192, global batch 2,048.
inline PlanningProblem llama405bOn16k()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3.1-405b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16384, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = 2048;
    return p;
}

/// The GUI's example: Llama-3-70B on 64 H100, sequence 8,192, global batch 512.
inline PlanningProblem llama70bOn64()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3-70b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 64, 8);
    p.training.seqLength = 8192;
    p.training.globalBatch = 512;
    return p;
}

/// DeepSeek-V3 (the hand-written spec) on 2,048 H800, sequence 4,096, global batch 15,360, FP8.
inline PlanningProblem deepSeekV3On2048()
{
    PlanningProblem p;
    p.model = buildModelGraph(deepseekV3());
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H800-SXM"), 2048, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 15360;
    p.training.precision = Precision::Fp8;
    return p;
}

} // namespace shardscope::testing
