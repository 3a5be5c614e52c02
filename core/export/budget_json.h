// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/export: the training budget and a plan's training time, as plan files
// (plan_json*.cpp) and sweep files (sweep_export.cpp) write them.
#pragma once

#include "cost/training_budget.h"
#include "export/plan_json_detail.h"

#include <optional>

namespace shardscope::budgetjson {

using planjson::Json;
using planjson::ObjectReader;

/// { "tokens", "gpu_hour_price" (null without a price) }
inline Json toJson(const TrainingBudget& b)
{
    return Json { { "tokens", b.tokens },
        { "gpu_hour_price", b.gpuHourPrice ? Json(*b.gpuHourPrice) : Json(nullptr) } };
}

/// { "seconds", "days", "gpu_hours", "cost" (null without a price) }, or null without a time (no throughput).
inline Json toJson(const std::optional<TrainingTime>& t)
{
    if (!t) return Json(nullptr);
    return Json { { "seconds", t->seconds }, { "days", t->days }, { "gpu_hours", t->gpuHours },
        { "cost", t->cost ? Json(*t->cost) : Json(nullptr) } };
}

/// The budget object toJson(TrainingBudget) writes, checked as TrainingBudget::validate does.
inline TrainingBudget readBudget(const ObjectReader& o)
{
    TrainingBudget b;
    b.tokens = o.number("tokens", 0, kMaxTokenBudget);
    if (!(b.tokens > 0)) o.fail(o.pathOf("tokens"), "expected a positive number of tokens, got 0");
    if (o.find("gpu_hour_price")) {
        const double price = o.number("gpu_hour_price");
        if (!(price > 0)) o.fail(o.pathOf("gpu_hour_price"), "expected a positive price per GPU-hour, got 0");
        b.gpuHourPrice = price;
    }
    return b;
}

} // namespace shardscope::budgetjson
