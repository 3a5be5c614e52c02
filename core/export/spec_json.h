// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/export: the JSON of the planning inputs that plan files (plan_json*.cpp) and
// session files (session_document.cpp) share, written and read key for key the same way.
#pragma once

#include "export/plan_json_detail.h"
#include "hardware/cluster_spec.h"
#include "partition/strategy.h"
#include "training/training_spec.h"

#include <string>
#include <string_view>

namespace shardscope::specjson {

using planjson::Json;
using planjson::ObjectReader;

Json toJson(const ClusterSpec& cluster);    ///< full GPU spec, node counts, both links
Json toJson(const TrainingSpec& training);  ///< incl. "pins" (null where unpinned)
Json toJson(const ParallelConfig& config);
Json toJson(const ScoreWeights& weights);

ClusterSpec readCluster(const ObjectReader& o);
TrainingSpec readTraining(const ObjectReader& o);
ParallelConfig readConfig(const ObjectReader& o);
ScoreWeights readWeights(const ObjectReader& o);
Strategy readStrategy(const ObjectReader& o, std::string_view key);

/// Parses a whole document; errors are InputError(source, "line L, column C", "<kind>: ...").
Json parseDocument(std::string_view text, const std::string& source, std::string_view kind);

/// Throws std::invalid_argument("<what>: <path> is not a finite number") for NaN or infinity anywhere
/// in v (nlohmann would write them as null, which the readers then reject as missing).
void requireFinite(const Json& v, const std::string& path, std::string_view what);

} // namespace shardscope::specjson
