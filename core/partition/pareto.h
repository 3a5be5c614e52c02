// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace shardscope {

/// Which way an axis of a Pareto front is better: lower step time and memory, higher tokens/s and MFU.
enum class Objective
{
    Minimize,
    Maximize
};

/**
 * The Pareto front of the 2-D points (x[i], y[i]): the indices of the points no other point dominates.
 * A point dominates another when it is at least as good on both axes (in each axis' objective) and strictly
 * better on one, so duplicates do not dominate each other: every copy of a front point is on the front.
 * Points with a NaN or infinite coordinate take no part (they neither are on the front nor dominate).
 * Returned in increasing x (the values as given, whatever the objective), copies of a point by index.
 * O(n log n): one sort, one sweep. Throws std::invalid_argument when x and y differ in length.
 */
std::vector<std::uint32_t> paretoFront(
    std::span<const double> x, std::span<const double> y, Objective xObjective, Objective yObjective);

} // namespace shardscope
