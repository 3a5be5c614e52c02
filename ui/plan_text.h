// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "hardware/gpu_spec.h"

#include <QCoreApplication>
#include <QString>

/**
 * How a plan is worded wherever the window names it: the one-line configuration (the title above
 * the views, exported pictures' subtitles, and what the compare and explorer views of issue 15 will
 * label their plans with) and the headline with the plan's numbers.
 */
class PlanText
{
    Q_DECLARE_TR_FUNCTIONS(PlanText)
public:
    /// "TP 4 · PP 4 · DP 4 · micro-batch 1 · ZeRO-1 · recompute none · SP · 1f1b"
    static QString describe(const shardscope::ParallelConfig& config);
    /// The rich-text title above the views: the configuration in bold, then memory per GPU, step
    /// time with the cost model's measured error on the GPU's family, tokens/s, MFU and bubble, or
    /// why the plan does not fit.
    static QString headline(
        const shardscope::PlanEstimate& plan, const shardscope::CalibrationInfo& calibration);
};
