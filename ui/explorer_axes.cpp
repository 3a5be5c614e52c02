// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer_axes.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

using namespace shardscope;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;

/// 1, 2 or 5 x 10^k: the round step nearest to span / (targetTicks - 1).
double niceStep(double span, int targetTicks)
{
    const double raw = span / std::max(1, targetTicks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / magnitude;
    return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * magnitude;
}

} // namespace

double ExplorerAxes::value(ExplorerMetric metric, const PlanSummary& plan)
{
    const bool estimated = plan.stepSeconds > 0;
    switch (metric) {
    case ExplorerMetric::StepTime:
        return estimated ? plan.stepSeconds : kNaN;
    case ExplorerMetric::TokensPerSecond:
        return estimated ? plan.tokensPerSecond : kNaN;
    case ExplorerMetric::Mfu:
        return estimated ? plan.mfu : kNaN;
    case ExplorerMetric::MemoryPerGpu:
        return plan.peakMemoryBytes > 0 ? plan.peakMemoryBytes : kNaN;
    case ExplorerMetric::Bubble:
        return estimated ? plan.bubbleFraction : kNaN;
    case ExplorerMetric::CommShare:
        return estimated ? plan.exposedCommSeconds / plan.stepSeconds : kNaN;
    }
    return kNaN;
}

Objective ExplorerAxes::objective(ExplorerMetric metric)
{
    return metric == ExplorerMetric::TokensPerSecond || metric == ExplorerMetric::Mfu ? Objective::Maximize
                                                                                      : Objective::Minimize;
}

QString ExplorerAxes::name(ExplorerMetric metric)
{
    switch (metric) {
    case ExplorerMetric::StepTime:
        return tr("Step time");
    case ExplorerMetric::TokensPerSecond:
        return tr("Tokens/s");
    case ExplorerMetric::Mfu:
        return tr("MFU");
    case ExplorerMetric::MemoryPerGpu:
        return tr("Memory per GPU");
    case ExplorerMetric::Bubble:
        return tr("Pipeline bubble");
    case ExplorerMetric::CommShare:
        return tr("Communication share");
    }
    return {};
}

QString ExplorerAxes::format(ExplorerMetric metric, double value)
{
    if (!std::isfinite(value)) return tr("n/a");
    const QLocale locale;
    switch (metric) {
    case ExplorerMetric::StepTime:
        return value >= 1 ? tr("%1 s").arg(locale.toString(value, 'f', 2))
                          : tr("%1 ms").arg(locale.toString(value * 1e3, 'f', 1));
    case ExplorerMetric::TokensPerSecond:
        return tr("%1 tokens/s").arg(locale.toString(value, 'f', 0));
    case ExplorerMetric::MemoryPerGpu:
        return tr("%1 GiB").arg(locale.toString(value / kGiB, 'f', 1));
    case ExplorerMetric::Mfu:
    case ExplorerMetric::Bubble:
    case ExplorerMetric::CommShare:
        return tr("%1 %").arg(locale.toString(value * 100, 'f', 1));
    }
    return {};
}

ExplorerAxis ExplorerAxes::fit(ExplorerMetric metric, double lo, double hi, int targetTicks, bool log, bool exact)
{
    ExplorerAxis axis;
    axis.metric = metric;
    if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi) lo = 0, hi = 1;
    const double largest = std::max(std::abs(lo), std::abs(hi));
    QString unit;
    switch (metric) {
    case ExplorerMetric::StepTime:
        axis.unitFactor = largest < 1 ? 1e3 : 1;
        unit = largest < 1 ? tr("ms") : tr("s");
        break;
    case ExplorerMetric::TokensPerSecond:
        axis.unitFactor = largest >= 1e6 ? 1e-6 : largest >= 1e3 ? 1e-3 : 1;
        unit = largest >= 1e6 ? tr("M tokens/s") : largest >= 1e3 ? tr("k tokens/s") : tr("tokens/s");
        break;
    case ExplorerMetric::MemoryPerGpu:
        axis.unitFactor = largest < kGiB ? 1 / kMiB : 1 / kGiB;
        unit = largest < kGiB ? tr("MiB") : tr("GiB");
        break;
    case ExplorerMetric::Mfu:
    case ExplorerMetric::Bubble:
        axis.unitFactor = 100;
        unit = tr("%");
        break;
    case ExplorerMetric::CommShare:
        axis.unitFactor = 100;
        unit = tr("% of the step");
        break;
    }
    axis.title = tr("%1 (%2)").arg(name(metric), unit);

    const QLocale locale;
    if (log && lo > 0 && hi > 0) {
        // Ends at decades (or exactly at lo and hi when zoomed); ticks at 1, 2, 5 x 10^k up to two decades.
        axis.log = true;
        if (hi <= lo * 1.0001)
            lo /= 1.1, hi *= 1.1;
        axis.min = exact ? lo : std::pow(10.0, std::floor(std::log10(lo * axis.unitFactor) + 1e-9)) / axis.unitFactor;
        axis.max = exact ? hi : std::pow(10.0, std::ceil(std::log10(hi * axis.unitFactor) - 1e-9)) / axis.unitFactor;
        const double decades = std::log10(axis.max / axis.min);
        const std::vector<double> mantissas = decades > 2 ? std::vector<double> { 1 } : std::vector<double> { 1, 2, 5 };
        for (double d = std::floor(std::log10(axis.min * axis.unitFactor)); d <= std::ceil(std::log10(axis.max * axis.unitFactor)); d += 1)
            for (double m : mantissas) {
                const double shown = m * std::pow(10.0, d);
                const double value = shown / axis.unitFactor;
                if (value < axis.min * (1 - 1e-9) || value > axis.max * (1 + 1e-9))
                    continue;
                axis.ticks.push_back(value);
                axis.tickLabels << locale.toString(shown, 'g', 6);
            }
        return axis;
    }
    // In the shown unit: a range of zero width (one plan, or equal values) gets a unit-sized one around it.
    double a = lo * axis.unitFactor, b = hi * axis.unitFactor;
    if (b - a <= std::abs(b) * 1e-9) {
        const double half = a != 0 ? std::abs(a) * 0.05 : 0.5;
        a -= half;
        b += half;
        if (lo >= 0 && a < 0) // non-negative metrics stay non-negative
            b -= a, a = 0;
    }
    const double step = niceStep(b - a, targetTicks);
    if (exact) {
        // A zoomed view: the ends where they are, the round ticks between them.
        axis.min = a / axis.unitFactor;
        axis.max = b / axis.unitFactor;
        const int places = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
        for (double k = std::ceil(a / step - 1e-9); k * step <= b + 1e-9 * std::abs(b); k += 1) {
            axis.ticks.push_back(k * step / axis.unitFactor);
            axis.tickLabels << locale.toString(k * step, 'f', places);
        }
        return axis;
    }
    double first = std::floor(a / step + 1e-9), last = std::max(first + 1, std::ceil(b / step - 1e-9));
    // A point on the frame is hard to see: a step more where the range ends within 2 % of a step of a tick
    // (not below zero for a metric that cannot be negative).
    if (a - first * step < 0.02 * step && !(lo >= 0 && first == 0)) first -= 1;
    if (last * step - b < 0.02 * step) last += 1;
    axis.min = first * step / axis.unitFactor;
    axis.max = last * step / axis.unitFactor;
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    for (double k = first; k <= last + 1e-9; k += 1) {
        axis.ticks.push_back(k * step / axis.unitFactor);
        axis.tickLabels << locale.toString(k * step, 'f', decimals);
    }
    return axis;
}
