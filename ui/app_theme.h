// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

/// The whole application's palette and style: "system" (as the application started), "light" or
/// "dark" (Fusion with a light or dark palette).
class AppTheme
{
public:
    static void apply(const QString& theme);
};
