// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/plan_document.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace shardscope {

/// A training framework whose launch configuration a plan can be written as (docs/launch-configs.md).
enum class LaunchFormat { Megatron, DeepSpeed, Torchtitan };

std::string_view toString(LaunchFormat format); ///< "megatron", "deepspeed", "torchtitan"
std::optional<LaunchFormat> launchFormatFromString(std::string_view text); ///< the names above, exactly

/**
 * The launch configuration for plans[planIndex] of `document`:
 * - Megatron: a shell-ready argument list for pretrain_gpt.py (one flag a line, joined with " \"),
 *   after a comment header naming the model, cluster, plan rank and predictions;
 * - DeepSpeed: the JSON config (pretty, keys in a fixed order);
 * - torchtitan: a TOML job config ([parallelism], [training], [activation_checkpoint]).
 * Every number comes from the document. Throws InputError(source, "$.plans[i]..." or "$.inputs...",
 * message) when the plan cannot be expressed in that framework or contradicts itself (ZeRO-2/3 with
 * pipeline parallelism for DeepSpeed, worded like DeepSpeed's own assertion; for Megatron a model
 * without a transformer shape, with ALiBi or with a block its GPT layer cannot build, at the
 * transformer key; a plan predicted not to fit, or without a stage layout;
 * a global batch that is not micro x micro-batches x DP), and std::invalid_argument when planIndex
 * is out of range.
 */
std::string writeLaunchConfig(const PlanDocument& document, std::size_t planIndex, LaunchFormat format,
                              const std::string& source);

} // namespace shardscope
