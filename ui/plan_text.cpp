// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_text.h"

#include "plan_table_model.h"

#include <QLocale>

using namespace shardscope;

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

QString PlanText::describe(const ParallelConfig& c)
{
    QString text = c.cp > 1 ? tr("TP %1 · CP %2 (%3) · PP %4 · DP %5")
                                  .arg(c.tp)
                                  .arg(c.cp)
                                  .arg(qs(toString(c.cpCommType)))
                                  .arg(c.pp)
                                  .arg(c.dp)
                            : tr("TP %1 · PP %2 · DP %3").arg(c.tp).arg(c.pp).arg(c.dp);
    if (c.ep > 1 || c.etp > 1)
        text += c.etp > 1 ? tr(" · EP %1 x ETP %2").arg(c.ep).arg(c.etp) : tr(" · EP %1").arg(c.ep);
    if (c.vpp > 1) text += tr(" · VPP %1").arg(c.vpp);
    text += tr(" · micro-batch %1 · ZeRO-%2 · recompute %3")
                .arg(c.microBatch)
                .arg(c.zeroStage)
                .arg(qs(toString(c.recompute)));
    if (c.zeroStage > 0 && c.dpReplicate > 1) text += tr(" · HSDP x%1").arg(c.dpReplicate);
    if (c.zeroStage == 3 && !c.reshardAfterForward) text += tr(" · weights kept to backward");
    if (c.sequenceParallel) text += tr(" · SP");
    if (c.tpCommOverlap) text += tr(" · TP overlap");
    if (c.pp > 1) text += tr(" · %1").arg(qs(toString(c.schedule)));
    if (c.ppCommOverlap) text += tr(" · PP overlap");
    if (c.epCommOverlap) text += tr(" · EP overlap");
    return text;
}

QString PlanText::headline(const PlanEstimate& plan, const CalibrationInfo& calibration)
{
    const auto gib = [](double bytes) {
        return tr("%1 GiB").arg(QLocale().toString(bytes / (1024.0 * 1024 * 1024), 'f', 1));
    };
    QString title = tr("<b>%1</b>").arg(describe(plan.config).toHtmlEscaped());
    // The predictions carry the cost model's measured error on the GPU's family: "61.45 s ± 5 % per step".
    if (plan.feasible)
        // MFU as Megatron-LM logs it (attention scores in full), then as NVIDIA publishes it (causal half).
        title += tr("<br>%1 per GPU of %2 usable · %3 s %4 per step · %5 tokens/s · MFU %6 % (%7 % causal half) · "
                    "bubble %8 %")
                     .arg(gib(plan.peakMemoryBytes), gib(plan.capacityBytes))
                     .arg(QLocale().toString(plan.time.stepSeconds, 'f', 2))
                     .arg(PlanTableModel::errorText(calibration).toHtmlEscaped())
                     .arg(QLocale().toString(plan.tokensPerSecond, 'f', 0))
                     .arg(QLocale().toString(plan.mfu * 100, 'f', 1))
                     .arg(QLocale().toString(plan.mfuCausalHalf * 100, 'f', 1))
                     .arg(QLocale().toString(plan.bubbleFraction * 100, 'f', 1));
    else
        title += tr("<br><span style='color:#c0392b'>Does not fit: %1</span>")
                     .arg(qs(plan.infeasibleReason).toHtmlEscaped());
    return title;
}
