// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/model_graph.h"
#include "model/graph_analysis.h"

#include <QCoreApplication>
#include <QTextStream>

/// The model summary of `shardscope inspect`: size, shape, graph analysis and import notes.
class ModelReport
{
    Q_DECLARE_TR_FUNCTIONS(ModelReport)
public:
    static void print(QTextStream& out, const shardscope::ModelGraph& model, const shardscope::GraphAnalysis& analysis);
};
