// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan_table_model.h"

#include "moe_display.h"
#include "util/text.h"

#include <QFont>
#include <QLocale>

#include <limits>
#include <QStringList>

using namespace shardscope;

namespace {

QString qs(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

} // namespace

PlanTableModel::PlanTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PlanTableModel::setOutcome(std::shared_ptr<const PlanningOutcome> outcome)
{
    beginResetModel();
    m_outcome = std::move(outcome);
    m_fastestRow = -1;
    if (m_outcome && m_outcome->fastest)
        for (std::size_t r = 0; r < m_outcome->feasibleRanked; ++r)
            if (m_outcome->order[r] == *m_outcome->fastest) {
                m_fastestRow = int(r);
                break;
            }
    endResetModel();
}

int PlanTableModel::fastestRow() const { return m_fastestRow; }

int PlanTableModel::equivalentCount(int row) const
{
    if (!m_outcome || row < 0 || std::size_t(row) >= m_outcome->equivalents.size())
        return 0;
    return int(m_outcome->equivalents[std::size_t(row)]);
}

int PlanTableModel::tieGroupFirstRow(int row) const
{
    if (!m_outcome || row < 0 || std::size_t(row) >= m_outcome->tieGroup.size())
        return row;
    return int(m_outcome->tieGroup[std::size_t(row)]);
}

int PlanTableModel::tieGroupSize(int row) const
{
    if (!m_outcome || row < 0 || std::size_t(row) >= m_outcome->tieGroup.size())
        return 1;
    const std::vector<std::uint32_t>& g = m_outcome->tieGroup;
    const std::uint32_t first = g[std::size_t(row)];
    std::size_t end = first;
    while (end < g.size() && g[end] == first)
        ++end;
    return int(end - first);
}

void PlanTableModel::setCalibration(const CalibrationInfo& calibration)
{
    if (m_calibration == calibration)
        return;
    m_calibration = calibration;
    emit headerDataChanged(Qt::Horizontal, StepTime, Mfu);
}

QString PlanTableModel::errorText(const CalibrationInfo& calibration)
{
    return calibration.calibrated() ? QString::fromStdString(calibration.errorText()) : tr("(uncalibrated)");
}

QString PlanTableModel::errorToolTip(const CalibrationInfo& calibration)
{
    const QString description = QString::fromStdString(calibration.describe());
    return calibration.calibrated()
        ? tr("Predicted step time, tokens/s and MFU: %1, the cost model's root-mean-square error on measured "
             "training runs of this GPU family.").arg(description)
        : tr("Predicted step time, tokens/s and MFU are %1: how far off they may be is not known.").arg(description);
}

void PlanTableModel::setMixtureOfExperts(bool moe)
{
    if (moe == m_moe)
        return;
    m_moe = moe;
    emit headerDataChanged(Qt::Horizontal, Ep, EpCommOverlap); // the columns from EP to EP overlap
}

void PlanTableModel::setBudget(const std::optional<TrainingBudget>& budget)
{
    if (budget == m_budget)
        return;
    m_budget = budget;
    emit headerDataChanged(Qt::Horizontal, TrainingDays, Cost);
    if (rowCount() > 0)
        emit dataChanged(index(0, TrainingDays), index(rowCount() - 1, Cost));
}

void PlanTableModel::setShowInfeasible(bool show)
{
    if (show == m_showInfeasible)
        return;
    beginResetModel();
    m_showInfeasible = show;
    endResetModel();
}

int PlanTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_outcome)
        return 0;
    // The ranking puts every feasible candidate first.
    return int(m_showInfeasible ? m_outcome->order.size() : m_outcome->feasibleRanked);
}

int PlanTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const PlanSummary* PlanTableModel::plan(int row) const
{
    if (!m_outcome || row < 0 || row >= rowCount())
        return nullptr;
    return &m_outcome->search.candidates[m_outcome->order[std::size_t(row)]];
}

QVariant PlanTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.column() >= ColumnCount)
        return {};
    const PlanSummary* p = plan(index.row());
    if (!p)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*p, index.row(), index.column());
    case SortRole:
        return sortValue(*p, index.row(), index.column());
    case CandidateRole:
        return qulonglong(m_outcome->order[std::size_t(index.row())]);
    case Qt::TextAlignmentRole:
        return index.column() == Status || index.column() == Recompute ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                         : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (!p->feasible)
            return QString::fromStdString(p->infeasibleReason.text());
        if (index.column() == Score)
            return scoreExplanation(index.row());
        if (index.column() == Rank || index.column() == Status)
            return rankExplanation(index.row());
        return {};
    case Qt::FontRole:
        if (index.row() == m_fastestRow && (index.column() == Rank || index.column() == Status)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant PlanTableModel::display(const PlanSummary& p, int row, int column) const
{
    const ParallelConfig& c = p.config;
    switch (column) {
    case Rank:
        // Tie groups (plan_ties.h): "1 ≈" opens one, "2 ≈1" is tied with #1.
        if (tieGroupSize(row) > 1) {
            const int first = tieGroupFirstRow(row);
            return row == first ? tr("%1 \u2248").arg(row + 1) : tr("%1 \u2248%2").arg(row + 1).arg(first + 1);
        }
        return row + 1;
    case Tp:
        return c.tp;
    case Cp:
        // "16 (p2p)": the ring or all-to-all only matters with more than one CP rank.
        return c.cp > 1 ? tr("%1 (%2)").arg(c.cp).arg(qs(toString(c.cpCommType))) : QVariant(c.cp);
    case Ep:
        return expertDegreeText(c); // "8", or "8 x 2" with expert tensor parallelism
    case Pp:
        return c.pp;
    case Dp:
        return c.dp;
    case Vpp:
        return c.vpp;
    case MicroBatch:
        return c.microBatch;
    case Schedule:
        return qs(toString(c.schedule));
    case Zero: {
        // "3 (HSDP x2, keep)": hybrid sharding's replicas, and ZeRO-3 keeping its gathered weights to the backward.
        QStringList notes;
        if (c.zeroStage > 0 && c.dpReplicate > 1)
            notes << tr("HSDP x%1").arg(c.dpReplicate);
        if (c.zeroStage == 3 && !c.reshardAfterForward)
            notes << tr("keep");
        return notes.isEmpty() ? QVariant(c.zeroStage) : tr("%1 (%2)").arg(c.zeroStage).arg(notes.join(QStringLiteral(", ")));
    }
    case Recompute:
        return qs(toString(c.recompute));
    case SequenceParallel:
        return c.sequenceParallel ? tr("yes") : tr("no");
    case TpCommOverlap:
        return c.tpCommOverlap ? tr("yes") : tr("no");
    case PpCommOverlap:
        return c.ppCommOverlap ? tr("yes") : tr("no");
    case EpCommOverlap:
        return c.epCommOverlap ? tr("yes") : tr("no");
    case MemoryPerGpu:
        return QString::fromStdString(formatBytes(p.peakMemoryBytes));
    case StepTime:
        return p.stepSeconds > 0 ? QString::fromStdString(formatSeconds(p.stepSeconds)) : QString();
    case TokensPerSecond:
        return p.tokensPerSecond > 0 ? QString::fromStdString(formatCount(p.tokensPerSecond)) : QString();
    case Mfu:
        return QStringLiteral("%1 %").arg(100.0 * p.mfu, 0, 'f', 1);
    case Bubble:
        return QStringLiteral("%1 %").arg(100.0 * p.bubbleFraction, 0, 'f', 1);
    case Score:
        return p.feasible ? QString::number(p.score, 'f', 3) : QString();
    case TrainingDays:
    case GpuHours:
    case Cost: {
        const std::optional<TrainingTime> t = m_budget ? trainingTime(*m_budget, p) : std::nullopt;
        if (!t)
            return QString();
        if (column == TrainingDays)
            return QLocale().toString(t->days, 'f', t->days < 10 ? 1 : 0);
        if (column == GpuHours)
            return QString::fromStdString(formatCount(t->gpuHours));
        return t->cost ? QString::fromStdString(formatCount(*t->cost)) : QString();
    }
    case Status: {
        if (!p.feasible)
            return QString::fromStdString(p.infeasibleReason.text());
        QString text = row == m_fastestRow ? tr("fits, fastest") : tr("fits");
        // Tie groups: plans the model cannot tell apart by speed (plan_ties.h).
        if (const int size = tieGroupSize(row); size > 1) {
            const int first = tieGroupFirstRow(row);
            text += row == first ? tr(", first of %n tied", nullptr, size) : tr(", tied with #%1").arg(first + 1);
        }
        if (const int same = equivalentCount(row); same > 0)
            text += QLatin1Char(' ') + tr("(+%n equivalent)", nullptr, same);
        return text;
    }
    default:
        return {};
    }
}

QVariant PlanTableModel::sortValue(const PlanSummary& p, int row, int column) const
{
    switch (column) {
    case Rank:
        return row;
    case Schedule:
        return int(p.config.schedule);
    case MemoryPerGpu:
        return p.peakMemoryBytes;
    case StepTime:
        return p.stepSeconds;
    case TokensPerSecond:
        return p.tokensPerSecond;
    case Mfu:
        return p.mfu;
    case Bubble:
        return p.bubbleFraction;
    case Score:
        return p.score;
    case TrainingDays:
    case GpuHours:
    case Cost: {
        // Faster plans take fewer days and GPU-hours: sort by the inverse throughput (plans without one last).
        const std::optional<TrainingTime> t = m_budget ? trainingTime(*m_budget, p) : std::nullopt;
        if (!t)
            return std::numeric_limits<double>::infinity();
        return column == TrainingDays ? t->days : column == GpuHours ? t->gpuHours : t->cost.value_or(0);
    }
    case Cp: // by degree, then ring before all-to-all
        return 2 * p.config.cp + (p.config.cp > 1 && p.config.cpCommType == CpCommType::AllToAll ? 1 : 0);
    case Ep: // by EP, then ETP
        return 4096.0 * p.config.ep + p.config.etp;
    case Zero: // by stage, then replicas, then keeping the gathered weights
        return 4096.0 * p.config.zeroStage + 2.0 * (p.config.zeroStage > 0 ? p.config.dpReplicate : 1)
            + (p.config.zeroStage == 3 && !p.config.reshardAfterForward ? 1 : 0);
    case SequenceParallel:
        return int(p.config.sequenceParallel);
    case TpCommOverlap:
        return int(p.config.tpCommOverlap);
    case PpCommOverlap:
        return int(p.config.ppCommOverlap);
    case EpCommOverlap:
        return int(p.config.epCommOverlap);
    default:
        return display(p, row, column);
    }
}

QVariant PlanTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank: return tr("#");
        case Tp: return tr("TP");
        case Cp: return tr("CP");
        case Ep: return tr("EP");
        case Pp: return tr("PP");
        case Dp: return tr("DP");
        case Vpp: return tr("VPP");
        case MicroBatch: return tr("Micro-batch");
        case Schedule: return tr("Schedule");
        case Zero: return tr("ZeRO");
        case Recompute: return tr("Recompute");
        case SequenceParallel: return tr("SP");
        case TpCommOverlap: return tr("TP overlap");
        case PpCommOverlap: return tr("PP overlap");
        case EpCommOverlap: return tr("EP overlap");
        case MemoryPerGpu: return tr("Memory / GPU");
        case StepTime: return tr("Step time");
        case TokensPerSecond: return tr("Tokens/s");
        case Mfu: return tr("MFU");
        case Bubble: return tr("Bubble");
        case Score: return tr("Score");
        case TrainingDays: return tr("Days to train");
        case GpuHours: return tr("GPU-hours");
        case Cost: return tr("Cost");
        case Status: return tr("Status");
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        // The predicted times carry the cost model's measured error on the GPU's family.
        QString error;
        if (m_calibration)
            error = QLatin1Char('\n') + errorToolTip(*m_calibration);
        switch (section) {
        case StepTime: return QString(tr("Predicted seconds per optimizer step.") + error);
        case TokensPerSecond: return QString(tr("Predicted training throughput of the whole cluster.") + error);
        case Tp: return tr("Tensor parallelism: each layer's matrices are split across this many GPUs, which all-reduce activations twice per layer.");
        case Pp: return tr("Pipeline parallelism: the layers are cut into this many stages on different GPUs.");
        case Dp: return tr("Data parallelism: this many replicas each process a share of the batch and all-reduce gradients.");
        case Schedule: return tr("Pipeline schedule: GPipe, 1F1B, interleaved 1F1B (with VPP model chunks a GPU), or a "
                                 "zero-bubble schedule (ZB-H1, interleaved zero bubble, ZBV) that defers weight gradients "
                                 "into the pipeline's idle time.");
        case Vpp: return tr("Virtual pipeline stages: model chunks per GPU in the interleaved 1F1B schedule; more chunks shrink the bubble.");
        case Cp: return tr("Context parallelism (Megatron --context-parallel-size): each sequence is split across this many GPUs; "
                           "p2p passes keys and values around a ring, a2a (Ulysses) exchanges them by all-to-all (--cp-comm-type).");
        case Ep: return tr("Expert parallelism (Megatron --expert-model-parallel-size): each MoE layer's routed experts are "
                           "spread over this many GPUs, which exchange tokens by all-to-all. \"EP x ETP\": each expert's "
                           "matrices are also split over ETP GPUs (--expert-tensor-parallel-size). Experts are laid out over "
                           "the same GPUs as TP x CP x DP (MoE parallel folding).");
        case Zero: return tr("ZeRO stage: 1 shards optimizer states, 2 also gradients, 3 also the weights across the data- and "
                             "context-parallel group. \"HSDP xN\": hybrid sharding, shards within groups replicated N times "
                             "(torchtitan data_parallel_replicate_degree); \"keep\": ZeRO-3 keeps the gathered weights from "
                             "forward to backward (reshard_after_forward off).");
        case Recompute: return tr("Activation recomputation: full keeps only each layer's input and recomputes the rest in the backward pass.");
        case SequenceParallel: return tr("Sequence parallelism: splits the activations that tensor parallelism replicates (norms, dropout) along the sequence.");
        case TpCommOverlap: return tr("TP communication overlap (Megatron --tp-comm-overlap): TP all-gathers and reduce-scatters pipelined with the GEMMs; needs sequence parallelism.");
        case PpCommOverlap: return tr("Pipeline communication overlap: sends and receives between stages run behind compute, leaving only their latency on the critical path; needs PP >= 2.");
        case EpCommOverlap: return tr("MoE all-to-all overlap (Megatron --overlap-moe-expert-parallel-comm): one micro-batch's token dispatch and combine run while another micro-batch computes; needs EP > 1, no full recomputation, and with PP > 1 the interleaved schedule.");
        case TrainingDays: return tr("Days to train the token budget at this plan's tokens/s (Settings: token budget).");
        case GpuHours: return tr("GPU-hours to train the token budget: days x 24 x the cluster's GPUs.");
        case Cost: return tr("GPU-hours x your price per GPU-hour, in your currency. No price is assumed.");
        case Bubble: return tr("Pipeline bubble: the share of the pipeline's time in which stages wait for work while it fills and drains: "
                                   "(p - 1) / (m + p - 1) for 1F1B with p equal stages and m micro-batches, about v times less "
                                   "with v interleaved chunks (Narayanan et al. 2021).");
        case Mfu:
            return QString(tr("Model FLOPs utilization: model FLOPs per second over the GPUs' peak, attention scores "
                              "counted in full as Megatron-LM logs them (the plan's headline also gives it with the "
                              "causally masked half left out, as NVIDIA publishes MFU).")
                           + error);
        case Score: return tr("Weighted score of throughput, memory headroom and exposed communication (the weight sliders); by "
                              "default throughput alone, so the fastest plan that fits ranks first, or a plan tied with it. Hover a "
                              "score for its parts.");
        default: return {};
        }
    }
    return {};
}
