// SPDX-License-Identifier: GPL-3.0-or-later
// The inputs and the planning controller without a window, on problems small enough to search in
// tens of milliseconds: the controller tests (tst_planning_controller, tst_plan_views,
// tst_proposals_controller, tst_export_controller, tst_file_controller) share them.
#pragma once

#include "import/model_importer.h"
#include "input_panel.h"
#include "plan_table_model.h"
#include "planning_controller.h"

#include <QFile>
#include <QSortFilterProxyModel>
#include <stdexcept>
#include <string>

namespace fixture {

/// `model` (bundled) on `gpus` H100-SXM, 8 per node, at `seq` tokens and `globalBatch` sequences; the
/// inputs' own debounced search request is left for planNow() to cancel.
inline void setProblem(
    InputPanel& inputs, const char* model = "llama-2-7b", int gpus = 8, int seq = 4096, int globalBatch = 64)
{
    shardscope::TrainingSpec training;
    training.seqLength = seq;
    training.globalBatch = globalBatch;
    inputs.setInputs(shardscope::ClusterSpec::make(*inputs.catalog().find("H100-SXM"), gpus, 8), training,
        shardscope::Strategy::Exhaustive, shardscope::defaultWeights(shardscope::Strategy::Exhaustive),
        false);
    inputs.setModel(*shardscope::findBundledModel(model), QString::fromLatin1(model), true);
}

/// Llama-2-7B on 8 H100 at sequence 4096, global batch 64: about 9,000 candidates, most of them fit.
struct Planned
{
    InputPanel inputs;
    PlanningController planning { &inputs };

    explicit Planned(const char* model = "llama-2-7b", int gpus = 8, int seq = 4096, int globalBatch = 64)
    {
        setProblem(inputs, model, gpus, seq, globalBatch);
        planning.planNow();
    }
};

/// The selected plan; throws (failing the test) instead of dereferencing null.
inline const shardscope::PlanEstimate& selected(const PlanningController& planning)
{
    if (!planning.selectedPlan()) throw std::runtime_error("no plan is selected");
    return *planning.selectedPlan();
}

/// The plan in `row` of the sorted proxy.
inline const shardscope::PlanSummary& rowPlan(const PlanningController& planning, int row)
{
    const shardscope::PlanSummary* p
        = planning.planModel()->plan(planning.proxy()->mapToSource(planning.proxy()->index(row, 0)).row());
    if (!p) throw std::runtime_error("no plan in row " + std::to_string(row));
    return *p;
}

inline std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray bytes = f.readAll();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

} // namespace fixture
