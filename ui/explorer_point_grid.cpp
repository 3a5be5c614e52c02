// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_point_grid.h"

#include <algorithm>
#include <cmath>

void ExplorerPointGrid::clear()
{
    m_cells = 0;
    m_start.clear();
    m_entries.clear();
}

int ExplorerPointGrid::cellOf(double t) const
{
    // Clamped as a double: a rectangle reaching far outside the plot (1e29 of its width) has no int cell, and
    // converting it would be undefined (clang's UBSan caught it in tst_explorer_interaction). NaN: the first.
    const double cell = std::floor(t * m_cells);
    if (!(cell > 0))
        return 0;
    return cell >= double(m_cells - 1) ? m_cells - 1 : int(cell);
}

void ExplorerPointGrid::build(std::span<const float> u, std::span<const float> v)
{
    clear();
    const std::size_t n = std::min(u.size(), v.size());
    // About four points a cell when they spread evenly; at most 256 x 256 cells.
    m_cells = std::clamp(int(std::sqrt(double(n) / 4.0)), 1, 256);
    const std::size_t cellCount = std::size_t(m_cells) * std::size_t(m_cells);
    m_start.assign(cellCount + 1, 0);
    std::vector<std::uint32_t> cell(n);
    for (std::size_t k = 0; k < n; ++k) {
        cell[k] = std::uint32_t(cellOf(v[k])) * std::uint32_t(m_cells) + std::uint32_t(cellOf(u[k]));
        ++m_start[cell[k] + 1];
    }
    for (std::size_t c = 0; c < cellCount; ++c)
        m_start[c + 1] += m_start[c];
    m_entries.resize(n);
    std::vector<std::uint32_t> fill(m_start.begin(), m_start.end() - 1);
    for (std::size_t k = 0; k < n; ++k) // in draw order: each cell's entries stay in draw order
        m_entries[fill[cell[k]]++] = { u[k], v[k], std::uint32_t(k) };
}

long long ExplorerPointGrid::nearest(
    double u, double v, double widthPx, double heightPx, double radiusPx) const
{
    if (m_cells == 0 || !(widthPx > 0) || !(heightPx > 0) || !std::isfinite(u) || !std::isfinite(v))
        return -1;
    const double du = radiusPx / widthPx, dv = radiusPx / heightPx;
    if (u + du < 0 || u - du > 1 || v + dv < 0 || v - dv > 1) return -1;
    const int u0 = cellOf(u - du), u1 = cellOf(u + du), v0 = cellOf(v - dv), v1 = cellOf(v + dv);
    long long best = -1;
    double bestDistance = radiusPx * radiusPx;
    for (int cv = v0; cv <= v1; ++cv) {
        for (int cu = u0; cu <= u1; ++cu) {
            const std::size_t c = std::size_t(cv) * std::size_t(m_cells) + std::size_t(cu);
            for (std::uint32_t e = m_start[c]; e < m_start[c + 1]; ++e) {
                const Entry& p = m_entries[e];
                const double x = (p.u - u) * widthPx, y = (p.v - v) * heightPx;
                const double d = x * x + y * y;
                if (d > bestDistance) continue;
                if (best < 0 || d < bestDistance || p.order > best) {
                    bestDistance = d;
                    best = p.order;
                }
            }
        }
    }
    return best;
}

std::vector<std::uint32_t> ExplorerPointGrid::inside(double u0, double u1, double v0, double v1) const
{
    std::vector<std::uint32_t> found;
    if (m_cells == 0 || u1 < u0 || v1 < v0 || u1 < 0 || u0 > 1 || v1 < 0 || v0 > 1) return found;
    const int cu0 = cellOf(u0), cu1 = cellOf(u1), cv0 = cellOf(v0), cv1 = cellOf(v1);
    for (int cv = cv0; cv <= cv1; ++cv) {
        for (int cu = cu0; cu <= cu1; ++cu) {
            const std::size_t c = std::size_t(cv) * std::size_t(m_cells) + std::size_t(cu);
            for (std::uint32_t e = m_start[c]; e < m_start[c + 1]; ++e) {
                const Entry& p = m_entries[e];
                if (p.u >= u0 && p.u <= u1 && p.v >= v0 && p.v <= v1) found.push_back(p.order);
            }
        }
    }
    std::sort(found.begin(), found.end());
    return found;
}
