// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QStringList>

/**
 * `shardscope render MODEL --view memory|stages|timeline|imbalance|communication|window
 * --out FILE.png|FILE.svg [--size WxH] [--scale S] [plan options]`: plans like `shardscope plan`,
 * selects the best plan and writes the view as the desktop planner exports it (titled, with its
 * legend). Needs a QApplication; runs on the offscreen platform, so no display is required.
 */
class RenderCommand
{
    Q_DECLARE_TR_FUNCTIONS(RenderCommand)
public:
    static int run(const QStringList& arguments); ///< arguments after "render"; returns the exit code
    static QString helpText();
};
