// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

/**
 * `shardscope render MODEL --view sweep (--gpus A..B | --batch A..B | --seq A..B) --out FILE.png|svg
 * [--size WxH] [--scale S] [--theme light|dark] [plan options]`: runs the sweep as `shardscope sweep` does
 * and draws the GUI's sweep view (SweepView, as its export) without a display. RenderCommand hands over the
 * picture's settings it has parsed and the arguments it left over.
 */
class RenderSweep
{
    Q_DECLARE_TR_FUNCTIONS(RenderSweep)
public:
    struct Picture
    {
        QString path; ///< .png or .svg
        QSize size { 1600, 1000 }; ///< of the whole figure, at scale 1
        double scale = 1;
        QString theme = QStringLiteral("light");
    };
    /// `planArguments`: the model, plan options and the swept one. Returns the exit code: 0 a plan fits at
    /// some point, 1 none fits anywhere, 2 bad command line (a bad range with core's parse error), 3 invalid
    /// input, 4 the picture could not be written.
    static int run(const QStringList& planArguments, const Picture& picture);
    /// The lines render's help gives the sweep view.
    static QString helpText();
};
