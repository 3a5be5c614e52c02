// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "hardware/cluster_spec.h"
#include "cost/training_budget.h"
#include "partition/strategy.h"
#include "training/training_spec.h"

#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

/**
 * A desktop planner session ("format": "shardscope-session", docs/session-format.md): the inputs
 * as the user chose them, the ranking weights, the table settings and the selected plan. The
 * plans themselves are not stored; reopening a session plans again.
 */
struct SessionDocument
{
    static constexpr const char* kFormat = "shardscope-session";
    static constexpr int kVersion = 1;

    std::string generator = "ShardScope"; ///< e.g. "ShardScope 0.1.0"
    /// The model as the user chose it: a file path, or a bundled model name ("llama-3-70b").
    /// Empty when no model was chosen yet.
    std::string model;
    bool modelIsBundled = false;
    /// For a file model: its path relative to the session file's folder ("models/x.json",
    /// "../x.json"), so a folder moved together with its model still opens. Empty when unknown
    /// (bundled model, or no common root). writeSessionJson(document, sessionPath) fills it in.
    std::string modelRelative;
    ClusterSpec cluster;   ///< full GPU spec, so user-defined GPUs survive
    /// The software-stack profile whose constants and band the plans use (resources/calibration.json);
    /// empty: the default profile (sessions written before profiles existed).
    std::string profile;
    TrainingSpec training; ///< incl. pins
    Strategy strategy = Strategy::Exhaustive;
    ScoreWeights weights;
    int topCount = 10;     ///< plans shown in the table, >= 1
    bool showInfeasible = false;
    std::optional<ParallelConfig> selectedPlan;
    /// The token budget and price per GPU-hour of the time-to-train columns (the user's settings); none: not shown.
    std::optional<TrainingBudget> budget;
};

/// Field-by-field equality (doubles compared exactly: a round trip must reproduce them bit for bit).
bool operator==(const SessionDocument& a, const SessionDocument& b);

/**
 * The session file text: pretty-printed with 2 spaces, keys in a fixed order, a trailing newline,
 * doubles with the shortest digits that read back to the same bits (write -> read -> write is
 * byte-identical). Writes document.modelRelative as it is. Throws std::invalid_argument for a
 * number that is not finite, naming its JSON path.
 */
std::string writeSessionJson(const SessionDocument& document);

/// As above, but for a file model first sets modelRelative to the model's path relative to the
/// folder of sessionPath (both made absolute against the current directory); bundled models get
/// none. Use this when saving to sessionPath.
std::string writeSessionJson(const SessionDocument& document, const std::string& sessionPath);

/// The path of `model` relative to the folder holding sessionPath, with '/' separators; "" when
/// there is none (e.g. different drives).
std::string sessionRelativeModelPath(const std::string& model, const std::string& sessionPath);

/**
 * Reads a session file strictly. Throws InputError(source, position, "session file: ..."): the
 * input is empty; a syntax error at "line L, column C"; a wrong "format" or a newer "version";
 * a missing field, a value of the wrong type or out of range at its JSON path
 * ("$.training.seq_length"); a cluster or training setup that ClusterSpec::validate or
 * TrainingSpec::validate rejects, at the path of the offending field; a "profile" that is not one of the
 * built-in software-stack profiles, naming them. Unknown keys are ignored.
 */
SessionDocument readSessionJson(std::string_view text, const std::string& source);

/**
 * The model to open for a session read from sessionPath: the bundled name as it is; else `model`
 * when it is absolute and exists; else modelRelative, then a relative `model`, resolved against
 * the session file's folder, whichever exists first. When nothing exists, `model` itself
 * (resolved against the session folder when relative), so the error names the path the user chose.
 */
std::string resolveSessionModelPath(const SessionDocument& document, const std::string& sessionPath);

} // namespace shardscope
