// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/planning_problem.h"

#include "util/input_error.h"

namespace shardscope {

void PlanningProblem::validate() const
{
    if (model.layerCount() == 0)
        throw InputError(model.name().empty() ? std::string("model") : model.name(), "",
                         "the model has no layers; nothing to plan");
    if (model.totalParams() <= 0)
        throw InputError(model.name().empty() ? std::string("model") : model.name(), "",
                         "the model has no parameters; nothing to plan");
    cluster.validate("cluster");
    training.validate("training");
}

} // namespace shardscope
