// SPDX-License-Identifier: GPL-3.0-or-later
#include "partition/pareto.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace shardscope {

std::vector<std::uint32_t> paretoFront(
    std::span<const double> x, std::span<const double> y, Objective xObjective, Objective yObjective)
{
    if (x.size() != y.size())
        throw std::invalid_argument("paretoFront: " + std::to_string(x.size()) + " x values but "
            + std::to_string(y.size()) + " y values");
    if (x.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::invalid_argument("paretoFront: more than 2^32 - 1 points");

    // Both axes turned into "lower is better"; points with a non-finite coordinate are left out.
    struct Key
    {
        double x, y;
        std::uint32_t index;
    };
    const double sx = xObjective == Objective::Minimize ? 1.0 : -1.0;
    const double sy = yObjective == Objective::Minimize ? 1.0 : -1.0;
    std::vector<Key> keys;
    keys.reserve(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        if (std::isfinite(x[i]) && std::isfinite(y[i]))
            keys.push_back({ sx * x[i], sy * y[i], std::uint32_t(i) });
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        return a.x != b.x ? a.x < b.x : a.y != b.y ? a.y < b.y : a.index < b.index;
    });

    // Sweep the groups of equal x in increasing x. In a group only the points with its lowest y can be on the
    // front (the others are dominated by them), and they are unless a point of smaller x has y at most
    // theirs.
    std::vector<std::uint32_t> front;
    double bestY = std::numeric_limits<double>::infinity(); // lowest y among the points of smaller x
    for (std::size_t first = 0; first < keys.size();) {
        std::size_t end = first + 1;
        while (end < keys.size() && keys[end].x == keys[first].x)
            ++end;
        const double groupY = keys[first].y; // the group's lowest y: sorted by y within the group
        if (groupY < bestY) {
            for (std::size_t k = first; k < end && keys[k].y == groupY; ++k)
                front.push_back(keys[k].index);
            bestY = groupY;
        }
        first = end;
    }

    // In increasing x as given: x was negated for a maximised axis. Copies of a point (equal x and y) by
    // index.
    std::sort(front.begin(), front.end(),
        [&](std::uint32_t a, std::uint32_t b) { return x[a] != x[b] ? x[a] < x[b] : a < b; });
    return front;
}

} // namespace shardscope
