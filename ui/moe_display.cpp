// SPDX-License-Identifier: GPL-3.0-or-later
#include "moe_display.h"

#include <QCoreApplication>

#include <algorithm>

using namespace shardscope;

bool hasRoutedExperts(const ModelGraph& model)
{
    if (model.spec() && model.spec()->isMoe())
        return true;
    return std::any_of(model.layers().begin(), model.layers().end(),
                       [](const Layer& l) { return l.experts > 0 || l.kind == LayerKind::Moe; });
}

QString expertDegreeText(const ParallelConfig& c)
{
    return c.etp > 1 ? QCoreApplication::translate("PlanTableModel", "%1 x %2").arg(c.ep).arg(c.etp) : QString::number(c.ep);
}
