// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <vector>

/**
 * A uniform grid over the plot's unit square holding the drawn points, so a mouse move finds the point under
 * the cursor and a rubber band its points by looking at a few cells instead of every point.
 * Positions are fractions of the plot: u from left to right, v from bottom to top, both in [0, 1].
 */
class ExplorerPointGrid
{
public:
    /// Indexes point k at (u[k], v[k]) for k in [0, u.size()); k is its draw order (a later one lies on top).
    void build(std::span<const float> u, std::span<const float> v);
    void clear();
    std::size_t size() const { return m_entries.size(); }

    /// The draw order of the point nearest to (u, v) within `radiusPx` pixels in a plot `widthPx` x
    /// `heightPx` pixels large, or -1; of equally near points the one drawn last (on top).
    long long nearest(double u, double v, double widthPx, double heightPx, double radiusPx) const;
    /// The draw orders of the points with u0 <= u <= u1 and v0 <= v <= v1, in increasing draw order.
    std::vector<std::uint32_t> inside(double u0, double u1, double v0, double v1) const;

private:
    struct Entry
    {
        float u, v;
        std::uint32_t order;
    };
    int cellOf(double t) const;

    int m_cells = 0; ///< cells per side
    std::vector<std::uint32_t> m_start; ///< m_cells^2 + 1 offsets into m_entries, row-major (v, then u)
    std::vector<Entry> m_entries;
};
