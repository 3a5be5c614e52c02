// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/plan_document.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace shardscope {

/**
 * The plan file format (docs/plan-format.md). Keys are snake_case with units in their names;
 * doubles are written with the shortest digits that read back to the same bits, so
 * write -> read -> write is byte-identical. Throws std::invalid_argument for a number that is
 * not finite (JSON has no NaN or infinity), naming its JSON path.
 */
nlohmann::ordered_json planDocumentToJson(const PlanDocument& document);

/// A plan file's "prediction_error" object (docs/plan-format.md): the band of the calibration's regime, its
/// runs, the in-sample figures apart, and the text shown with it.
nlohmann::ordered_json predictionErrorJson(const CalibrationInfo& calibration);

/// planDocumentToJson, pretty-printed with 2 spaces and a trailing newline.
std::string writePlanJson(const PlanDocument& document);

/**
 * Reads a plan file strictly. Throws InputError(source, position, message): a syntax error at
 * "line L, column C"; a wrong "format", a newer "version", a missing field or a value of the wrong
 * type or range at its JSON path ("$.plans[0].stages[2].memory.weights_bytes"). Unknown keys are
 * ignored (later minor additions); "analysis" is kept as it is.
 */
PlanDocument readPlanJson(std::string_view text, const std::string& source);

} // namespace shardscope
