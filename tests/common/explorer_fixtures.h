// SPDX-License-Identifier: GPL-3.0-or-later
// The explorer tests' search and geometry helpers (tst_explorer_view, tst_explorer_interaction).
#pragma once

#include "explorer_panel.h"
#include "explorer_view.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/pareto.h"
#include "view_fixtures.h"

#include <QCheckBox>
#include <QComboBox>
#include <QPicture>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>



Q_DECLARE_METATYPE(ExplorerMetric)

namespace shardscope::testing {
using namespace shardscope;


constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline const QSize kViewSize(1000, 640);

/// Qwen2.5-0.5B on 16 H100 (2 nodes), sequence 4096, global batch 256: a search of a few thousand candidates,
/// some of which do not fit.
inline std::shared_ptr<const PlanningOutcome> smallSearch()
{
    static const std::shared_ptr<const PlanningOutcome> outcome = [] {
        PlanningProblem p;
        p.model = importModel(SHARDSCOPE_TEST_DATA "/models/hf/qwen2.5-0.5b.json");
        p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 256;
        return std::make_shared<const PlanningOutcome>(
            runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, 3));
    }();
    return outcome;
}

/// The metric of a plan, from its summary's fields; NaN where the search left it without an estimate.
inline double metricOf(ExplorerMetric m, const PlanSummary& s)
{
    if (m == ExplorerMetric::MemoryPerGpu) return s.peakMemoryBytes > 0 ? s.peakMemoryBytes : kNaN;
    if (!(s.stepSeconds > 0)) return kNaN;
    switch (m) {
    case ExplorerMetric::StepTime:
        return s.stepSeconds;
    case ExplorerMetric::TokensPerSecond:
        return s.tokensPerSecond;
    case ExplorerMetric::Mfu:
        return s.mfu;
    case ExplorerMetric::Bubble:
        return s.bubbleFraction;
    case ExplorerMetric::CommShare:
        return s.exposedCommSeconds / s.stepSeconds;
    default:
        return kNaN;
    }
}

/// Lower step time, memory, bubble and communication share are better; more tokens/s and MFU.
inline bool higherIsBetter(ExplorerMetric m)
{
    return m == ExplorerMetric::TokensPerSecond || m == ExplorerMetric::Mfu;
}

/// The plans that fit, with both metrics finite, that no other such plan beats on one axis without losing on
/// the other.
std::set<std::uint32_t> bruteForceFront(
    const std::vector<PlanSummary>& plans, ExplorerMetric mx, ExplorerMetric my)
{
    const auto better = [](double a, double b, bool higher) { return higher ? a > b : a < b; };
    const auto atLeast = [](double a, double b, bool higher) { return higher ? a >= b : a <= b; };
    std::vector<std::uint32_t> candidates;
    for (std::uint32_t i = 0; i < plans.size(); ++i)
        if (plans[i].feasible && std::isfinite(metricOf(mx, plans[i]))
            && std::isfinite(metricOf(my, plans[i])))
            candidates.push_back(i);
    std::set<std::uint32_t> front;
    for (std::uint32_t i : candidates) {
        const double xi = metricOf(mx, plans[i]), yi = metricOf(my, plans[i]);
        bool dominated = false;
        for (std::uint32_t j : candidates) {
            const double xj = metricOf(mx, plans[j]), yj = metricOf(my, plans[j]);
            if (atLeast(xj, xi, higherIsBetter(mx)) && atLeast(yj, yi, higherIsBetter(my))
                && (better(xj, xi, higherIsBetter(mx)) || better(yj, yi, higherIsBetter(my)))) {
                dominated = true;
                break;
            }
        }
        if (!dominated) front.insert(i);
    }
    return front;
}

inline double distance(QPointF a, QPointF b)
{
    return std::hypot(a.x() - b.x(), a.y() - b.y());
}

/// Where each candidate is drawn in a view of kViewSize (NaN where not plotted).
inline std::vector<QPointF> positions(const ExplorerView& view)
{
    std::vector<QPointF> at;
    for (const ExplorerPoint& p : view.points())
        at.push_back(view.pointPosition(p.candidate, kViewSize));
    return at;
}

/// Shown candidates that a click at their drawn position (rounded to a pixel, as a mouse gives it) hits:
/// every other shown point within the hit radius of that pixel is farther from it by half a pixel or more.
inline std::vector<std::uint32_t> clickablePoints(const ExplorerView& view, bool feasible)
{
    const std::vector<QPointF> at = positions(view);
    std::vector<std::uint32_t> shown;
    for (const ExplorerPoint& p : view.points())
        if (view.isShown(p.candidate)) shown.push_back(p.candidate);
    std::sort(
        shown.begin(), shown.end(), [&](std::uint32_t a, std::uint32_t b) { return at[a].x() < at[b].x(); });
    const double reach = ExplorerView::kHitRadius + 1;
    std::vector<std::uint32_t> clickable;
    for (std::size_t k = 0; k < shown.size(); ++k) {
        const std::uint32_t c = shown[k];
        if (view.points()[c].feasible != feasible) continue;
        const QPointF click = at[c].toPoint();
        const double own = distance(click, at[c]);
        bool unique = true;
        for (std::size_t j = k; j-- > 0 && at[shown[j]].x() >= click.x() - reach && unique;)
            unique = distance(click, at[shown[j]]) >= own + 0.5;
        for (std::size_t j = k + 1; j < shown.size() && at[shown[j]].x() <= click.x() + reach && unique; ++j)
            unique = distance(click, at[shown[j]]) >= own + 0.5;
        if (unique) clickable.push_back(c);
    }
    std::sort(clickable.begin(), clickable.end());
    return clickable;
}

/// Sixteen plans on a 4 x 4 lattice of step time (1-4 s) and memory (10-40 GiB), TP 1-8 by column, PP 1-8
/// by row; every fifth does not fit. Far apart on screen: for tests that look at single dots.
inline std::shared_ptr<const PlanningOutcome> lattice()
{
    constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
    PlanningOutcome o;
    for (int i = 0; i < 16; ++i) {
        PlanSummary s;
        s.config.tp = 1 << (i % 4);
        s.config.pp = 1 << (i / 4);
        s.config.dp = 64 / (s.config.tp * s.config.pp);
        s.config.zeroStage = i % 3;
        s.config.schedule = i % 2 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
        s.feasible = i % 5 != 0;
        if (!s.feasible) s.infeasibleReason = InfeasibleReason("stage 0 needs more memory than is usable");
        s.stepSeconds = 1 + i % 4 + 0.1 * (i / 4);
        s.tokensPerSecond = 1e6 / s.stepSeconds;
        s.mfu = 0.4 / s.stepSeconds;
        s.peakMemoryBytes = (10 + 10 * (i / 4) + i % 4) * GiB;
        s.capacityBytes = 72 * GiB;
        o.order.push_back(std::uint32_t(i));
        o.search.candidates.push_back(s);
        o.search.feasibleCount += s.feasible;
    }
    return std::make_shared<const PlanningOutcome>(std::move(o));
}

/// The pixel a point at `at` is centred in.
inline QPoint pixelOf(QPointF at)
{
    return QPoint(int(std::floor(at.x())), int(std::floor(at.y())));
}

/// Distance from p to the drawn Pareto front's polyline.
inline double distanceToFront(const ExplorerView& view, QPointF p)
{
    double best = std::numeric_limits<double>::infinity();
    const std::vector<std::uint32_t>& front = view.paretoCandidates();
    for (std::size_t k = 0; k < front.size(); ++k) {
        const QPointF a = view.pointPosition(front[k], kViewSize);
        const QPointF b = k + 1 < front.size() ? view.pointPosition(front[k + 1], kViewSize) : a;
        const QPointF ab = b - a;
        const double len2 = QPointF::dotProduct(ab, ab);
        const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
        best = std::min(best, distance(p, a + t * ab));
    }
    return best;
}

inline void sendMouse(QWidget* w, QEvent::Type type, QPointF pos, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, w->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &event);
}

/// 1, 2 or 5 x 10^k.
inline bool isRoundStep(double step)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double r = step / magnitude;
    return std::abs(r - 1) < 1e-6 || std::abs(r - 2) < 1e-6 || std::abs(r - 5) < 1e-6
        || std::abs(r - 10) < 1e-6;
}

} // namespace shardscope::testing
