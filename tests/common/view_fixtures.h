// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the view tests (tests/ui): the problem they evaluate plans on, and rendering a
// hand-painted view into an image (saved to $SHARDSCOPE_SAVE_RENDERS when set, to look at it).
#pragma once

#include "painted_view.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QImage>
#include <QPainter>
#include <QString>

namespace shardscope::testing {

/// A bundled model on `gpus` H100 (8 per node), sequence 4096, global batch 1024.
inline PlanningProblem bundledOnH100(const char* model, int gpus)
{
    PlanningProblem p;
    p.model = *findBundledModel(model);
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), gpus, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 1024;
    return p;
}

/// TP x PP x DP with ZeRO-1 and sequence parallelism: the configuration the view tests vary from.
inline ParallelConfig viewConfig(int tp, int pp, int dp)
{
    return { .tp = tp, .pp = pp, .dp = dp, .zeroStage = 1, .sequenceParallel = true };
}

/// The view painted into a white image of `size`.
inline QImage renderToImage(const PaintedView& view, QSize size, const char* name)
{
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    view.render(painter, image.size());
    painter.end();
    if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
        image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/") + QLatin1String(name));
    return image;
}

} // namespace shardscope::testing
