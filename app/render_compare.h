// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

class MainWindow;

/**
 * `shardscope render MODEL --view compare [--baseline "tp=8,pp=4,..."] [--compare 2,3,4] --out FILE`:
 * the Compare tab as one page. The baseline is the best plan, or the layout --baseline gives
 * (parsePlanConfig's keys; evaluated even where the search would not list it); the plans compared with it
 * are the ranks --compare gives (at most 3), by default ranks 2-4, or 1-3 with --baseline.
 */
class RenderCompare
{
    Q_DECLARE_TR_FUNCTIONS(RenderCompare)
public:
    struct Arguments
    {
        QString baseline; ///< empty: the best plan
        QList<int> ranks; ///< empty: the defaults above
        bool given = false; ///< --baseline or --compare was on the command line
    };
    /// Takes --baseline and --compare out of `arguments`. Throws UsageError for a malformed value.
    static Arguments take(QStringList& arguments);
    /// Pins the baseline and adds the plans in `window`'s Compare tab (its plans are on screen). Returns an
    /// empty string, or what is wrong with --baseline or --compare.
    static QString prepare(MainWindow& window, const Arguments& arguments);
    /// The lines render's help gives the compare view.
    static QString helpText();
};
