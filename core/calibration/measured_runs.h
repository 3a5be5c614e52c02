// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/**
 * One measured pretraining run of the corpus (resources/runs/measured-runs*.json, docs/measured-runs.md): NVIDIA's
 * Megatron-Bridge performance summaries, NeMo containers 25.09 to 26.08. A field the source does not state is
 * unset and stays a searched knob.
 */
struct MeasuredRun
{
    std::string id;        ///< "R0102"
    std::string source;    ///< repository, file and commit
    std::string locator;   ///< where in the source: container, table and line
    std::string stack;     ///< "Megatron-Bridge (NeMo 26.04.01 container)"
    std::string model;     ///< Hugging Face name, "meta-llama/Meta-Llama-3-70B"
    std::string label;     ///< the model as the source names it
    std::string gpu;       ///< as published: "H100", "B200", "GB200", ...
    int gpus = 0;
    std::int64_t seq = 0;
    std::int64_t globalBatch = 0;
    std::optional<int> microBatch, tp, pp, cp, ep, vpp;
    /// 0: Megatron's distributed optimizer; N: Megatron FSDP over N GPUs; unset: not stated.
    std::optional<int> fsdpShards;
    std::string precision; ///< as the source spells it ("FP8-CS", "MXFP8", ...); empty when not stated
    double tokensPerSecondPerGpu = 0;
    double stepSeconds = 0; ///< global batch x seq / (tokens/s per GPU x GPUs)
    std::vector<std::string> notes;
    std::string file;       ///< the corpus file it came from

    /// The container, "NeMo 26.04.01" (from stack), the cross-validation's source of a row.
    std::string container() const;
};

/// Reads a corpus file ({"about": ..., "rows": [...]}); throws InputError naming `source`, the JSON path and what
/// was expected. Every row's step time must agree with its throughput (within 0.1 %).
std::vector<MeasuredRun> readMeasuredRuns(std::string_view text, const std::string& source);

/// The corpus compiled into the library (resources/runs/measured-runs.json and measured-runs-hybrid.json).
const std::vector<MeasuredRun>& builtinMeasuredRuns();

/// The Hugging Face config.json of a corpus model (resources/runs/models/<name after the slash>.json); empty when
/// the corpus has none.
std::string_view corpusModelConfig(std::string_view model);

} // namespace shardscope
