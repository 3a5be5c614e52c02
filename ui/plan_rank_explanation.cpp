// SPDX-License-Identifier: GPL-3.0-or-later
// PlanTableModel's explanations of a plan's rank and score (the Score tooltip and the "why this rank" line).
#include "plan_table_model.h"

#include "partition/plan_ranking.h"
#include "partition/plan_ties.h"
#include "util/text.h"

#include <QLocale>

using namespace shardscope;

namespace {

QString number(double value, int decimals) { return QLocale().toString(value, 'f', decimals); }
QString bytes(double value) { return QString::fromStdString(formatBytes(value)); }
QString tokens(double value) { return QString::fromStdString(formatCount(value)); }

} // namespace

QString PlanTableModel::scoreExplanation(int row) const
{
    const PlanSummary* p = plan(row);
    if (!p || !p->feasible)
        return {};
    const ScoreWeights& w = m_outcome->weights;
    const ScoreParts parts = scoreParts(*p, m_outcome->bestTokensPerSecond, w);
    const double sum = w.memory + w.compute + w.communication;
    const auto share = [&](double weight) { return sum > 0 ? weight / sum : 0.0; };
    QString text = tr("Score %1 = throughput %2 x %3 + headroom %4 x %5 + communication %6 x %7")
                       .arg(number(parts.score(), 3))
                       .arg(number(parts.compute, 3), number(share(w.compute), 2))
                       .arg(number(parts.memory, 3), number(share(w.memory), 2))
                       .arg(number(parts.communication, 3), number(share(w.communication), 2));
    text += QLatin1Char('\n')
        + tr("Throughput: %1 tokens/s of the fastest plan's %2. Headroom: %3 free of %4 usable on the fullest GPU. "
             "Communication: the share of the step not waiting on exposed communication.")
              .arg(tokens(p->tokensPerSecond), tokens(m_outcome->bestTokensPerSecond))
              .arg(bytes(std::max(0.0, p->capacityBytes - p->peakMemoryBytes)), bytes(p->capacityBytes));
    if (!usesWeights(m_outcome->strategy))
        text += QLatin1Char('\n') + tr("The %1 strategy ranks by its own rule, not by this score.")
                                        .arg(QString::fromLatin1(toString(m_outcome->strategy).data()));
    return text;
}

QString PlanTableModel::rankExplanation(int row) const
{
    const PlanSummary* p = plan(row);
    if (!p)
        return {};
    if (!p->feasible)
        return tr("#%1 does not fit: %2").arg(row + 1).arg(QString::fromStdString(p->infeasibleReason.text()));
    const ScoreWeights& w = m_outcome->weights;
    QString why;
    switch (m_outcome->strategy) {
    case Strategy::Exhaustive:
    case Strategy::Hybrid:
        if (w.memory == 0 && w.communication == 0)
            why = tr("#%1 by throughput: %2 tokens/s").arg(row + 1).arg(tokens(p->tokensPerSecond));
        else
            why = tr("#%1 by weighted score %2").arg(row + 1).arg(number(p->score, 3));
        break;
    case Strategy::MemoryOptimal:
        why = tr("#%1 by memory per GPU (MemoryOptimal): %2").arg(row + 1).arg(bytes(p->peakMemoryBytes));
        break;
    case Strategy::ComputeBalanced:
        why = tr("#%1 by stage balance (ComputeBalanced): slowest stage %2x the fastest").arg(row + 1).arg(number(p->computeImbalance, 3));
        break;
    case Strategy::CommunicationMinimal:
        why = tr("#%1 by bytes communicated per step (CommunicationMinimal): %2").arg(row + 1).arg(bytes(p->commBytes));
        break;
    case Strategy::TensorParallelFirst:
        why = tr("#%1 by TP within a node first, then fewest stages (TensorParallelFirst): TP %2, PP %3")
                  .arg(row + 1).arg(p->config.tp).arg(p->config.pp);
        break;
    case Strategy::PipelineParallelFirst:
        why = tr("#%1 by least TP, then throughput (PipelineParallelFirst): TP %2").arg(row + 1).arg(p->config.tp);
        break;
    }
    why += tr("; %1 of %2 usable per GPU").arg(bytes(p->peakMemoryBytes), bytes(p->capacityBytes));
    if (row == m_fastestRow)
        why += tr("; the fastest plan that fits");
    else if (m_fastestRow >= 0 && m_outcome->bestTokensPerSecond > 0) {
        const double slower = 1.0 - p->tokensPerSecond / m_outcome->bestTokensPerSecond;
        why += tr("; %1 % slower than the fastest plan that fits (#%2)").arg(number(100.0 * slower, 1)).arg(m_fastestRow + 1);
    }
    if (const int size = tieGroupSize(row); size > 1) {
        const int first = tieGroupFirstRow(row);
        // "within 2.5 % (half the ± 5 % band)": the tie rule's tolerance and where it comes from.
        const QString band = m_calibration && m_calibration->calibrated()
            ? tr("half the %1 band").arg(QString::fromStdString(m_calibration->errorText()))
            : tr("half the band of the predicted times");
        const QString within = tr("within %1 %, %2").arg(number(100.0 * m_outcome->tieRule.relativeTolerance, 1), band);
        if (row == first) {
            // Why the first is first: against the plan after it in its group.
            const PlanSummary* next = plan(row + 1);
            QString reason;
            switch (next ? tieReason(*p, *next) : TieReason::None) {
            case TieReason::Headroom: reason = tr("more memory headroom than #%1").arg(row + 2); break;
            case TieReason::Defaults: reason = tr("the same headroom as #%1, settings closer to the frameworks' defaults").arg(row + 2); break;
            case TieReason::Speed: reason = tr("the same headroom and settings as #%1, and faster").arg(row + 2); break;
            case TieReason::None: break;
            }
            why += tr("; first of %n tied plans (%1): %2", nullptr, size).arg(within, reason);
        } else {
            why += tr("; tied with #%1 (%2), after it by headroom, then default settings").arg(first + 1).arg(within);
        }
    }
    if (const int same = equivalentCount(row); same > 0)
        why += tr("; stands for %n equivalent plan(s) that differ only in settings without effect", nullptr, same);
    return why + QLatin1Char('.');
}
