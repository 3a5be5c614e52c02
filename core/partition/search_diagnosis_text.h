// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/partition/search_diagnosis*.cpp: how findings write numbers and plans.
#pragma once

#include "partition/search_diagnosis.h"
#include "training/training_spec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace shardscope::diagnosis_detail {

/// "1,000", "16,384", "-5": thousands grouped by commas (locale-free).
std::string grouped(std::int64_t value);
/// "1, 2, 4, 8": at most `maxShown` values, then ", ...".
std::string valueList(const std::vector<std::int64_t>& values, std::size_t maxShown = 12);
/// "52.3 GiB": binary gigabytes with one decimal, always in GiB (so numbers compare across findings).
std::string gib(double bytes);
/// "48.4 %"
std::string percentText(double fraction);
/// The divisors of n (n >= 1), ascending.
std::vector<std::int64_t> divisorsOf(std::int64_t n);
/// "TP 8 x PP 4 x DP 2", with CP and EP (x ETP) where they are above 1.
std::string layoutText(const ParallelConfig& c);
/// The knob's value in `c` when it is an integer (TP, CP, PP, DP, vpp, micro-batch, ZeRO, DP replicate, EP,
/// ETP).
std::optional<std::int64_t> knobInt(const ParallelConfig& c, PinKnob knob);
/// layoutText with the micro-batch, ZeRO stage, recomputation and schedule: "TP 8 x PP 4 x DP 2 (micro-batch
/// 1, ZeRO-1, recompute full, interleaved with 4 chunks)".
std::string planText(const ParallelConfig& c);

} // namespace shardscope::diagnosis_detail
