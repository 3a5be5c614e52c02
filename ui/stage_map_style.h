// SPDX-License-Identifier: GPL-3.0-or-later
// StageMapView's drawing constants and small formatters, shared by its cards (stage_map_cards.cpp), its
// table (stage_map_table.cpp) and the rest of the view (stage_map_view.cpp). Internal to those files.
#pragma once

#include "stage_map_view.h"
#include "training/training_spec.h"

#include <QColor>
#include <QLocale>
#include <QString>

namespace stage_map {

constexpr double kTop = PaintedView::kTitleHeight, kMargin = 8; // title, sides
constexpr double kGap = 6, kPad = 6; // between cards, inside a card
constexpr double kIdealCardWidth = 200, kMinCardWidth = 110, kMinCell = 7, kMaxCell = 26;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

inline const QColor kSlowest(230, 120, 0), kDevice(52, 120, 210), kCpGroup(20, 50, 110),
    kExperts(205, 75, 160);
inline const QColor kMemoryOk(60, 160, 90), kMemoryTight(220, 170, 30), kMemoryOver(200, 40, 40);

inline QColor memoryColour(double bytes, double capacity)
{
    return capacity <= 0 || bytes <= 0.9 * capacity ? kMemoryOk
        : bytes <= capacity                         ? kMemoryTight
                                                    : kMemoryOver;
}

inline QString gib(double bytes)
{
    return QLocale().toString(bytes / kGiB, 'f', 1);
}
inline QString ms(double seconds)
{
    return QLocale().toString(seconds * 1e3, 'f', 1);
}
/// "3" or "3–7".
inline QString span(int first, int last)
{
    return first == last ? QString::number(first) : StageMapView::tr("%1–%2").arg(first).arg(last);
}

/// A global rank's coordinates in Megatron's order: rank = tp + TP x (cp + CP x (dp + DP x stage)).
struct RankCoordinates
{
    int stage = 0, tp = 0, cp = 0, dp = 0;
};

inline RankCoordinates coordinates(const shardscope::ParallelConfig& c, int rank)
{
    RankCoordinates r;
    r.tp = rank % c.tp;
    rank /= c.tp;
    r.cp = rank % c.cp;
    rank /= c.cp;
    r.dp = rank % c.dp;
    r.stage = rank / c.dp;
    return r;
}

} // namespace stage_map
