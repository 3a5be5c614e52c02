// SPDX-License-Identifier: GPL-3.0-or-later
// Plan documents for the plan-file tests (tst_plan_json, tst_plan_json_errors): real estimates from
// the evaluator for Llama-3-8B on 8 x 8 H100, with awkward doubles on purpose.
#pragma once

#include "gpt_fixtures.h"
#include "test_files.h"

#include "cost/plan_evaluator.h"
#include "export/plan_document.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "model/transformer_spec.h"
#include "proposals/proposals.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <vector>

namespace shardscope::testing {

using Json = nlohmann::ordered_json;

inline ParallelConfig config(int tp, int pp, int dp, Schedule schedule, int vpp = 1)
{
    return { .tp = tp, .pp = pp, .dp = dp, .vpp = vpp, .zeroStage = 1, .recompute = Recompute::Selective,
             .sequenceParallel = tp > 1, .schedule = schedule, .ppCommOverlap = needsPpCommOverlap(schedule, pp) };
}

inline const PlanningProblem& planningProblem()
{
    static const PlanningProblem problem = [] {
        PlanningProblem p;
        p.model = buildModelGraph(llama3_8b());
        p.model.setSourceFormat("hf-config");
        p.model.addWarning("rope_scaling ignored");
        const GpuSpec* h100 = HardwareCatalog::builtin().find("H100-SXM");
        if (!h100)
            throw std::runtime_error("no H100 in the built-in catalog");
        p.cluster = ClusterSpec::make(*h100, 8, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 16;
        p.training.memoryMargin = 0.1;
        p.training.pins.tp = 2;
        p.training.pins.recompute = Recompute::Selective;
        p.training.pins.sequenceParallel = true;
        return p;
    }();
    return problem;
}

/// A document of evaluated plans of `configs` as the CLI would write it, the best with its proposals (as
/// makePlanDocument adds them; the others have none).
inline PlanDocument evaluatedDocument(const PlanningProblem& problem, const std::vector<ParallelConfig>& configs)
{
    const PlanEvaluator evaluator(problem);
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(problem.model);
    d.cluster = problem.cluster;
    d.training = problem.training;
    for (std::size_t i = 0; i < configs.size(); ++i)
        d.plans.push_back(makeDocumentPlan(
            problem.model, evaluator.evaluate(configs[i]), int(i) + 1, 1.0 / 3.0 - 0.1 * double(i)));
    d.plans[0].proposals = proposeChanges(problem, d.plans[0].estimate, 6);
    return d;
}

/// A document as the CLI would write it: real estimates from the evaluator, awkward doubles on purpose.
inline PlanDocument makeDocument()
{
    ParallelConfig rejected = config(2, 2, 2, Schedule::OneFOneB);
    rejected.microBatch = 3; // global batch 16 is no multiple of DP 2 x micro-batch 3: rejected before partitioning
    PlanDocument d = evaluatedDocument(planningProblem(), { config(2, 2, 2, Schedule::Interleaved1F1B, 2),
                                                            config(2, 2, 2, Schedule::OneFOneB), rejected });
    d.strategy = Strategy::Hybrid;
    d.weights = { 0.4, 0.3, 0.3 };
    d.search = { 1234, 567, 0.1 + 0.2 };
    d.analysis = Json::parse(R"({"zeta": 1, "alpha": [true, null, "x"], "nested": {"b": 2.5, "a": 1e-300}})");
    return d;
}

/// A plan document of a Hugging Face config of tests/data/models/hf: a 1F1B and an interleaved plan evaluated on
/// 8 x 8 H100s (either may be rejected: Falcon-7B's 71 heads do not split over TP 2).
inline PlanDocument hfDocument(const QString& file)
{
    PlanningProblem p;
    p.model = importModel(shardscope::testing::dataFile(qPrintable(QStringLiteral("hf/") + file)));
    p.cluster = ClusterSpec::make(shardscope::testing::catalogGpu("H100-SXM"), 8, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 16;
    return evaluatedDocument(p, { config(1, 2, 4, Schedule::OneFOneB), config(2, 2, 2, Schedule::Interleaved1F1B, 2) });
}

/// Plan 1 (1F1B over 2 stages) gets two chunks split at the end of stage 0's range, the first moved `extend`
/// layers later and the second starting `gap` layers after the first ends.
inline void setChunks(Json& j, int extend, int gap)
{
    const int split = j["plans"][1]["stages"][0]["layer_ranges"][0]["end_layer"].get<int>();
    const int layers = j["inputs"]["model"]["layer_count"].get<int>();
    j["plans"][1]["chunk_layers"] = Json::array({ Json { { "first_layer", 0 }, { "end_layer", split + extend } },
                                                  Json { { "first_layer", split + extend + gap }, { "end_layer", layers } } });
}

inline void expectEqual(const PlanDocument& a, const PlanDocument& b)
{
    const std::string diff = firstDifference(a, b);
    QVERIFY2(diff.empty(), ("documents differ at " + diff).c_str());
    QVERIFY(a == b);
}

} // namespace shardscope::testing
