// SPDX-License-Identifier: GPL-3.0-or-later
// CompareView's drawing constants and number formats, shared by compare_view.cpp and compare_view_paint.cpp.
// Internal to those files.
#pragma once

#include "compare_view.h"

#include <QColor>
#include <QLocale>
#include <QPalette>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace compare_view {

constexpr double kMargin = 8, kGap = 6, kPad = 6;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
/// The narrowest a stage map or timeline is drawn; narrower columns draw them scaled down.
constexpr double kMinViewWidth = 340;
/// The least height each section below the table gets: memory bars with their axis, a stage map or list, a
/// timeline with its axis (the view's minimum size makes room for them; a scroll area scrolls instead of squeezing).
constexpr double kMinMemoryHeight = 150, kMinStagesHeight = 110, kMinTimelineHeight = 130;
/// The narrowest a plan's column is drawn.
constexpr double kMinColumnWidth = 240;
/// Most passes a column's timeline draws (a quarter of the timeline tab's: a column is a quarter as wide).
constexpr double kMaxTimelinePasses = 50000;

inline const QColor kBetterLight(0x2e, 0x7d, 0x32), kWorseLight(0xc6, 0x28, 0x28); // the proposals panel's
inline const QColor kBetterDark(0x81, 0xc7, 0x84), kWorseDark(0xef, 0x9a, 0x9a);
inline const QColor kCapacity(200, 30, 30); // the memory chart's capacity line
inline const QColor kSlowest(230, 120, 0); // the stage map's slowest stage

inline bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

/// The section names drawn in the left gutter beside the memory bars, stage maps and timelines.
inline QStringList sectionNames()
{
    return { CompareView::tr("Memory per GPU"), CompareView::tr("Pipeline stages"),
        CompareView::tr("Schedule") };
}

/// "1.23 s" from a second up, "412.3 ms" below.
inline QString secondsText(double seconds)
{
    const QLocale locale;
    return std::abs(seconds) >= 1 ? CompareView::tr("%1 s").arg(locale.toString(seconds, 'f', 2))
                                  : CompareView::tr("%1 ms").arg(locale.toString(seconds * 1e3, 'f', 1));
}

inline QString formatValue(shardscope::MetricUnit unit, double v)
{
    using shardscope::MetricUnit;
    const QLocale locale;
    switch (unit) {
    case MetricUnit::Seconds:
        return secondsText(v);
    case MetricUnit::TokensPerSecond:
        return locale.toString(v, 'f', 0);
    case MetricUnit::Fraction:
        return CompareView::tr("%1 %").arg(locale.toString(v * 100, 'f', 1));
    case MetricUnit::Bytes:
        return CompareView::tr("%1 GiB").arg(locale.toString(v / kGiB, 'f', 1));
    case MetricUnit::Ratio:
        return locale.toString(v, 'f', 2);
    case MetricUnit::Count:
        return locale.toString(v, 'f', 0);
    }
    return {};
}

/// "+", "−" (U+2212) or "±" before the magnitude.
inline QString withSign(double v, const QString& magnitude)
{
    // A change too small for the digits shown reads as none ("±0.0 pp", not "−0.0 pp").
    const bool shownZero = std::none_of(
        magnitude.begin(), magnitude.end(), [](QChar c) { return c.isDigit() && c != QLatin1Char('0'); });
    return (shownZero      ? QStringLiteral("±")
                   : v > 0 ? QStringLiteral("+")
                           : QString(QChar(0x2212)))
        + magnitude;
}

/// A change: "−0.31 s", "+12,345", "+1.2 pp" (fractions in percentage points), "−3.4 GiB".
inline QString formatDelta(shardscope::MetricUnit unit, double delta)
{
    using shardscope::MetricUnit;
    if (unit == MetricUnit::Fraction) {
        // Percentage points, with a second decimal for changes under a tenth of a point.
        const double points = std::abs(delta) * 100;
        return withSign(delta,
            CompareView::tr("%1 pp").arg(
                QLocale().toString(points, 'f', points > 0 && points < 0.1 ? 2 : 1)));
    }
    return withSign(delta, formatValue(unit, std::abs(delta)));
}

/// "−5.0 %"
inline QString formatRelative(double relative)
{
    return withSign(
        relative, CompareView::tr("%1 %").arg(QLocale().toString(std::abs(relative) * 100, 'f', 1)));
}

} // namespace compare_view
