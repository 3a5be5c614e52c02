// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_report.h"

#include "console.h"
#include "proposals/proposals.h"
#include "util/text.h"

#include <QMap>
#include <QRegularExpression>
#include <QStringList>
#include <QTextStream>

using namespace shardscope;
using Console::qs;

namespace {

QString gib(double bytes) { return QString::number(bytes / (1024.0 * 1024.0 * 1024.0), 'f', 1); }

/// The schedule as the best-plan line names it: "interleaved 1F1B with 4 chunks", "ZB-H1 (zero bubble)".
QString scheduleText(const ParallelConfig& c)
{
    switch (c.schedule) {
    case Schedule::GPipe: return PlanReport::tr("GPipe");
    case Schedule::OneFOneB: return PlanReport::tr("1F1B");
    case Schedule::Interleaved1F1B: return PlanReport::tr("interleaved 1F1B with %1 chunks").arg(c.vpp);
    case Schedule::ZeroBubbleH1: return PlanReport::tr("ZB-H1 (zero bubble)");
    case Schedule::InterleavedZeroBubble: return PlanReport::tr("interleaved zero bubble with %1 chunks").arg(c.vpp);
    case Schedule::ZeroBubbleV: return PlanReport::tr("ZBV (zero bubble, 2 chunks in a V)");
    }
    return qs(std::string(toString(c.schedule)));
}

} // namespace

QString PlanReport::configHeader()
{
    return QStringLiteral("  tp  cp   pp    dp    ep vpp  mb zero recompute sp schedule       overlap");
}

QString PlanReport::configColumns(const ParallelConfig& c)
{
    // The overlap knobs that are on: "tp+pp", "tp+ep", "ep", ..., or "-".
    QStringList on;
    if (c.tpCommOverlap)
        on << QStringLiteral("tp");
    if (c.ppCommOverlap)
        on << QStringLiteral("pp");
    if (c.epCommOverlap)
        on << QStringLiteral("ep");
    const QString overlap = on.isEmpty() ? QStringLiteral("-") : on.join(QLatin1Char('+'));
    // Expert parallelism as "8", or "8x2" with expert tensor parallelism.
    const QString ep = c.etp > 1 ? QStringLiteral("%1x%2").arg(c.ep).arg(c.etp) : QString::number(c.ep);
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12")
        .arg(c.tp, 4)
        .arg(c.cp, 3)
        .arg(c.pp, 4)
        .arg(c.dp, 5)
        .arg(ep, 5)
        .arg(isInterleaved(c.schedule) ? QString::number(c.vpp) : QStringLiteral("-"), 3)
        .arg(c.microBatch, 3)
        .arg(c.zeroStage, 4)
        .arg(qs(std::string(toString(c.recompute))), -9)
        .arg(c.sequenceParallel ? QStringLiteral("sp") : QStringLiteral("- "), 2)
        .arg(qs(std::string(toString(c.schedule))), -14)
        .arg(overlap, -7);
}

namespace {

/// "12.3", "23940121", "1.23e+12": days, GPU-hours or a cost in at most 10 characters.
QString amount(double v)
{
    return v < 1e10 ? QString::number(v, 'f', v < 100 ? 1 : 0) : QString::number(v, 'e', 2);
}

} // namespace

QString PlanReport::budgetHeader(const TrainingBudget& budget)
{
    QString h = QStringLiteral("  %1 %2").arg(tr("days"), 10).arg(tr("GPU-hours"), 11);
    if (budget.gpuHourPrice)
        h += QStringLiteral(" %1").arg(tr("cost"), 11);
    return h;
}

QString PlanReport::budgetColumns(const TrainingBudget& budget, const std::optional<TrainingTime>& time)
{
    const QString none = QStringLiteral("-");
    QString c = QStringLiteral("  %1 %2").arg(time ? amount(time->days) : none, 10).arg(time ? amount(time->gpuHours) : none, 11);
    if (budget.gpuHourPrice)
        c += QStringLiteral(" %1").arg(time && time->cost ? amount(*time->cost) : none, 11);
    return c;
}

void PlanReport::printBudget(QTextStream& out, const TrainingBudget& budget)
{
    out << tr("Budget   %1 tokens").arg(qs(formatCount(budget.tokens)));
    if (budget.gpuHourPrice)
        out << tr(", %1 per GPU-hour").arg(*budget.gpuHourPrice);
    else
        out << tr(", no GPU-hour price (--gpu-hour-price) so no cost");
    out << '\n';
}

void PlanReport::printProposals(QTextStream& out, const PlanningProblem& problem, const PlanEstimate& plan, int count)
{
    const std::vector<Proposal> proposals = proposeChanges(problem, plan, count);
    out << '\n' << tr("Proposals for the best plan (speedup = current step / proposed step, from re-evaluating the changed plan):")
        << '\n';
    if (proposals.empty()) {
        out << tr("  none: no single change is predicted to help") << '\n';
        return;
    }
    int rank = 0;
    for (const Proposal& p : proposals) {
        const QString memory = QStringLiteral("%1%2 GiB")
                                   .arg(p.memoryDeltaBytes >= 0 ? QStringLiteral("+") : QString())
                                   .arg(gib(p.memoryDeltaBytes));
        out << QStringLiteral("  %1. %2x  %3  %4  [%5] %6")
                   .arg(++rank, 2)
                   .arg(p.speedup, 6, 'f', 3)
                   .arg(memory, 10)
                   .arg(p.feasible ? tr("fits") : tr("OOM "))
                   .arg(qs(std::string(toString(p.kind))), qs(p.title))
            << '\n';
        out << QStringLiteral("        %1%2")
                   .arg(p.evaluated ? QString() : tr("(estimate, nothing to apply) "))
                   .arg(qs(p.rationale))
            << '\n';
    }
}

void PlanReport::printInputs(QTextStream& out, const PlanningProblem& p)
{
    printModel(out, p.model);
    out << tr("Cluster  %1 x %2 GPUs = %3 x %4 (%5 each), intra-node %6 GB/s, inter-node %7 GB/s")
               .arg(p.cluster.nodes)
               .arg(p.cluster.gpusPerNode)
               .arg(p.cluster.totalGpus())
               .arg(qs(p.cluster.gpu.name))
               .arg(qs(formatBytes(p.cluster.gpu.memoryBytes)))
               .arg(p.cluster.intraNode.bandwidthBytesPerSecond / 1e9, 0, 'f', 0)
               .arg(p.cluster.interNode.bandwidthBytesPerSecond / 1e9, 0, 'f', 0)
        << '\n';
    out << tr("Training sequence %1, global batch %2 sequences, %3, %4, flash attention %5")
               .arg(p.training.seqLength)
               .arg(p.training.globalBatch)
               .arg(qs(std::string(toString(p.training.precision))), qs(std::string(toString(p.training.optimizer))))
               .arg(p.training.flashAttention ? tr("on") : tr("off"))
        << '\n';
    for (const std::string& w : p.model.warnings())
        out << tr("Warning  %1").arg(qs(w)) << '\n';
}

void PlanReport::printModel(QTextStream& out, const ModelGraph& m)
{
    // Multi-token-prediction modules train with the model but are not part of its published size: apart.
    const std::int64_t mtp = m.spec() ? m.spec()->mtpParamCount() : 0;
    const std::int64_t total = m.totalParams() - mtp;
    const std::int64_t active = m.spec() && mtp > 0 ? m.spec()->activeParamCount() : m.activeParams();
    out << tr("Model    %1 (%2): %3 parameters").arg(qs(m.name()), qs(m.sourceFormat()), qs(formatCount(double(total))));
    if (active != total)
        out << tr(", %1 active per token").arg(qs(formatCount(double(active))));
    if (mtp > 0)
        out << tr(" (+ %1 in multi-token prediction)").arg(qs(formatCount(double(mtp))));
    out << tr(", %1 layers in %2 blocks").arg(m.layerCount()).arg(m.blocks().size()) << '\n';
}

void PlanReport::printTrainingTime(QTextStream& out, const TrainingBudget& budget, const PlanEstimate& plan)
{
    const std::optional<TrainingTime> t = trainingTime(budget, plan);
    if (!t)
        return;
    out << tr("  training on %1 tokens: %2 days, %3 GPU-hours on %4 GPUs")
               .arg(qs(formatCount(budget.tokens)))
               .arg(t->days, 0, 'f', 1)
               .arg(qs(formatCount(t->gpuHours)))
               .arg(plan.config.worldSize());
    if (t->cost)
        out << tr(", cost %1 at %2 per GPU-hour").arg(qs(formatCount(*t->cost))).arg(*budget.gpuHourPrice);
    out << '\n';
}

void PlanReport::printRanking(QTextStream& out, const PlanningOutcome& o, int top, const CalibrationInfo& calibration,
                              const std::optional<TrainingBudget>& budget)
{
    out << '\n'
        << tr("%1 plans evaluated in %2 ms, %3 fit in memory.")
               .arg(o.search.candidates.size())
               .arg(o.search.elapsedSeconds * 1e3, 0, 'f', 0)
               .arg(o.search.feasibleCount)
        << "\n\n";
    out << tr("rank   tp  cp   pp    dp    ep vpp  mb zero recompute sp schedule       overlap  memory/GPU (usable)   step      tokens/s    MFU  bubble  score")
        << (budget ? budgetHeader(*budget) : QString()) << '\n';
    const int n = std::min<int>(top, int(o.order.size()));
    int shown = 0;
    bool ties = false;
    for (int i = 0; i < n; ++i) {
        const PlanSummary& s = o.search.candidates[o.order[std::size_t(i)]];
        if (!s.feasible)
            break;
        // The last column, "≈5": in the tie group whose first plan has rank 5 (plan_ties.h): plans the model cannot
        // tell apart by speed. Empty for a plan that ties with none; the other columns stay one number each.
        const int tie = tiedWithRank(o, std::size_t(i));
        ties = ties || tie > 0;
        // "tp+pp+ep" is one wider than the overlap column: the memory column gives up a space of its margin.
        static const int kColumnsWidth = int(configColumns(ParallelConfig {}).size());
        const QString columns = configColumns(s.config);
        out << QStringLiteral("%1 %2 %3%4 / %5 GiB  %6  %7  %8%  %9%  %10")
                   .arg(i + 1, 4)
                   .arg(columns, columns.size() > kColumnsWidth ? QString() : QStringLiteral(" "))
                   .arg(gib(s.peakMemoryBytes), 6)
                   .arg(gib(s.capacityBytes), 5)
                   .arg(qs(formatSeconds(s.stepSeconds)), 8)
                   .arg(s.tokensPerSecond, 12, 'f', 0)
                   .arg(100 * s.mfu, 5, 'f', 1)
                   .arg(100 * s.bubbleFraction, 5, 'f', 1)
                   .arg(s.score, 5, 'f', 3)
            << (budget ? budgetColumns(*budget, trainingTime(*budget, s)) : QString())
            << (tie > 0 ? QStringLiteral("  \u2248%1").arg(tie) : QString()) << '\n';
        ++shown;
    }
    // Below the table, not in it: its columns stay one number each for scripts.
    if (ties)
        out << tr("\u2248N: in the tie group that starts at rank N, step times at most %1 % above the group's fastest (half the band "
                  "of the predicted times); inside a group more memory headroom ranks first, then settings closer to the "
                  "frameworks' defaults")
                   .arg(100 * o.tieRule.relativeTolerance, 0, 'g', 3)
            << '\n';
    if (shown > 0)
        out << (calibration.calibrated() ? tr("Predicted times: %1") : tr("Predicted times are %1")).arg(qs(calibration.describe()))
            << '\n';
    if (o.search.feasibleCount == 0)
        out << tr("No plan fits. The closest candidates and why they fail:") << '\n';
}

void PlanReport::printDetails(QTextStream& out, const PlanningProblem& problem, const PlanEstimate& e)
{
    const ModelGraph& m = problem.model;
    const ParallelConfig& c = e.config;
    // CP and hybrid sharding only where the plan uses them: "TP 8 x CP 16 x PP 16 x DP 8".
    QString degrees = c.cp > 1 ? tr("TP %1 x CP %2 x PP %3 x DP %4").arg(c.tp).arg(c.cp).arg(c.pp).arg(c.dp)
                               : tr("TP %1 x PP %2 x DP %3").arg(c.tp).arg(c.pp).arg(c.dp);
    // Expert parallelism only where the plan uses it: "EP 64", "EP 8 x ETP 2", and the expert-DP it leaves.
    const bool experts = c.ep > 1 || c.etp > 1;
    if (experts)
        degrees += (c.etp > 1 ? tr(", EP %1 x ETP %2").arg(c.ep).arg(c.etp) : tr(", EP %1").arg(c.ep))
                   + tr(" (expert-DP %1)").arg(c.expertDataParallel());
    if (c.epCommOverlap)
        degrees += tr(", all-to-all overlapped with another micro-batch's compute");
    QString zero = tr("ZeRO-%1").arg(c.zeroStage);
    if (c.zeroStage > 0 && c.dpReplicate > 1)
        zero += tr(" sharded over %1 GPUs, %2 replicas (HSDP)").arg(c.zeroShardSize()).arg(c.dpReplicate);
    if (c.zeroStage == 3 && !c.reshardAfterForward)
        zero += tr(", parameters kept from forward to backward");
    if (c.cp > 1)
        zero += c.cpCommType == CpCommType::P2P ? tr(", context parallel ring (p2p)") : tr(", context parallel all-to-all (a2a)");
    out << '\n'
        << tr("Best plan: %1, %2 micro-batches of %3, %4, recompute %5%6, %7")
               .arg(degrees)
               .arg(e.numMicroBatches)
               .arg(c.microBatch)
               .arg(zero)
               .arg(qs(std::string(toString(e.config.recompute))))
               .arg(e.config.sequenceParallel ? tr(", sequence parallel") : QString())
               .arg(scheduleText(e.config))
        << '\n';
    out << tr("  stage  layers                                   params/GPU  weights grads  optim  activ  emb+logits other  total GiB  ms/micro-batch")
        << '\n';
    for (const StageEstimate& st : e.stages) {
        QString layers;
        for (const auto& [first, end] : st.layerRanges) {
            if (!layers.isEmpty())
                layers += QStringLiteral("; ");
            layers += qs(m.describeRange(first, end));
        }
        if (layers.size() > 40)
            layers = layers.left(37) + QStringLiteral("...");
        const MemoryBreakdown& mb = st.memory;
        out << QStringLiteral("  %1  %2 %3  %4 %5 %6 %7 %8 %9 %10  %11")
                   .arg(st.stage, 5)
                   .arg(layers, -40)
                   .arg(qs(formatCount(st.paramsPerDevice)), 10)
                   .arg(gib(mb.weightsBytes), 7)
                   .arg(gib(mb.gradientsBytes), 6)
                   .arg(gib(mb.optimizerBytes), 6)
                   .arg(gib(mb.activationsBytes), 6)
                   .arg(gib(mb.embeddingLogitsBytes), 10)
                   .arg(gib(mb.overheadBytes), 5)
                   .arg(gib(mb.totalBytes()), 9)
                   .arg(st.microBatchSeconds() * 1e3, 14, 'f', 1)
            << '\n';
    }
    // The mixture-of-experts parts of the memory above, where a stage has them.
    for (const StageEstimate& st : e.stages) {
        const MemoryBreakdown& mb = st.memory;
        QStringList parts;
        if (mb.routedExpertBytes > 0)
            parts << tr("routed experts %1").arg(gib(mb.routedExpertBytes));
        if (mb.sharedExpertBytes > 0)
            parts << tr("shared experts %1").arg(gib(mb.sharedExpertBytes));
        if (mb.moeActivationBytes > 0)
            parts << tr("MoE activations %1").arg(gib(mb.moeActivationBytes));
        if (mb.other.moeDispatch > 0)
            parts << tr("dispatcher buffers %1").arg(gib(mb.other.moeDispatch));
        if (!parts.isEmpty())
            out << tr("  stage %1 MoE memory (GiB, within the columns above): %2").arg(st.stage).arg(parts.join(QStringLiteral(", ")))
                << '\n';
    }
    const TimeBreakdown& t = e.time;
    const CalibrationInfo& calibration = problem.cluster.gpu.calibration;
    const QString step = calibration.calibrated()
        ? QStringLiteral("%1 %2").arg(qs(formatSeconds(t.stepSeconds)), qs(calibration.errorText()))
        : tr("%1 (uncalibrated)").arg(qs(formatSeconds(t.stepSeconds)));
    // The context- and expert-parallel terms only for plans with them (they are 0 otherwise).
    QString terms = tr("compute %1 + recompute %2 + TP comm %3 + PP comm %4")
                        .arg(qs(formatSeconds(t.computeSeconds)), qs(formatSeconds(t.recomputeSeconds)),
                             qs(formatSeconds(t.tpCommSeconds)), qs(formatSeconds(t.ppCommSeconds)));
    if (c.cp > 1)
        terms += tr(" + CP comm %1").arg(qs(formatSeconds(t.cpCommSeconds)));
    if (experts)
        terms += tr(" + EP all-to-all %1").arg(qs(formatSeconds(t.epCommSeconds)));
    terms += tr(" + bubble %1 + waiting on the slowest stage %2 + exposed DP comm %3 + optimizer %4")
                 .arg(qs(formatSeconds(t.bubbleSeconds)), qs(formatSeconds(t.imbalanceSeconds)),
                      qs(formatSeconds(t.dpExposedSeconds)), qs(formatSeconds(t.optimizerSeconds)));
    out << tr("  step %1 = %2").arg(step, terms) << '\n';
    const QString cpTraffic = c.cp > 1 ? tr(", CP %1 (%2)").arg(qs(formatBytes(e.comm.cpBytes)), qs(formatSeconds(e.comm.cpSeconds)))
                                       : QString();
    const QString epTraffic = experts ? tr(", EP all-to-all %1 (%2)").arg(qs(formatBytes(e.comm.epBytes)), qs(formatSeconds(e.comm.epSeconds)))
                                      : QString();
    out << tr("  communication per step: TP %1 (%2), PP %3 (%4)%5%6, DP %7 (%8, %9 exposed)")
               .arg(qs(formatBytes(e.comm.tpBytes)), qs(formatSeconds(e.comm.tpSeconds)), qs(formatBytes(e.comm.ppBytes)),
                    qs(formatSeconds(e.comm.ppSeconds)), cpTraffic, epTraffic, qs(formatBytes(e.comm.dpBytes)),
                    qs(formatSeconds(e.comm.dpSeconds)), qs(formatSeconds(e.comm.dpExposedSeconds)))
        << '\n';
    out << tr("  MFU %1% (%2% counting causal attention half, as NVIDIA publishes), HFU %3%, bubble %4% of the "
              "pipeline, compute imbalance %5 (slowest / fastest stage)")
               .arg(100 * e.mfu, 0, 'f', 1)
               .arg(100 * e.mfuCausalHalf, 0, 'f', 1)
               .arg(100 * e.hfu, 0, 'f', 1)
               .arg(100 * e.bubbleFraction, 0, 'f', 1)
               .arg(e.computeImbalance, 0, 'f', 3)
        << '\n';
    for (const std::string& w : e.warnings)
        out << tr("  warning: %1").arg(qs(w)) << '\n';
}

void PlanReport::printInfeasible(QTextStream& out, const PlanningOutcome& o, int count)
{
    int shown = 0;
    if (count > 0 && o.search.feasibleCount > 0)
        out << '\n' << tr("Closest plans that do not fit:") << '\n';
    for (std::uint32_t idx : o.order) {
        const PlanSummary& s = o.search.candidates[idx];
        if (s.feasible)
            continue;
        if (shown++ >= count)
            break;
        out << QStringLiteral("  %1  %2").arg(configColumns(s.config), qs(s.infeasibleReason.text())) << '\n';
    }
    // Why candidates fail, grouped by the reason's words with its numbers as N ("global batch N is smaller than
    // the data-parallel size N"): the whole sentence, not its first words.
    static const QRegularExpression number(QStringLiteral("\\d[\\d,.]*"));
    QMap<QString, int> kinds;
    for (const PlanSummary& s : o.search.candidates)
        if (!s.feasible) {
            QString r = qs(s.infeasibleReason.text());
            if (r.startsWith(QLatin1String("stage ")))
                r = tr("exceeds GPU memory");
            else
                r.replace(number, QStringLiteral("N"));
            ++kinds[r];
        }
    if (!kinds.isEmpty()) {
        out << '\n' << tr("Rejected candidates by reason:") << '\n';
        for (auto it = kinds.cbegin(); it != kinds.cend(); ++it)
            out << QStringLiteral("  %1  %2").arg(it.value(), 7).arg(it.key()) << '\n';
    }
}
