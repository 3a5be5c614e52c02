// SPDX-License-Identifier: GPL-3.0-or-later
#include "planning_controller.h"

#include "input_panel.h"
#include "message_text.h"
#include "moe_display.h"
#include "plan_filter_proxy.h"
#include "plan_table_model.h"
#include "partition/plan_ranking.h"
#include "util/input_error.h"

#include <QElapsedTimer>
#include <QItemSelectionModel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <algorithm>

using namespace shardscope;

namespace {

constexpr int kDebounceMs = 150; // PlannerWorker's default: a search per pause in typing or dragging

/// Whether `a` and `b` plan the same model on the same cluster (a different size or GPU is another problem).
bool sameProblem(const PlanningProblem& a, const PlanningProblem& b)
{
    return a.model.name() == b.model.name() && a.cluster.totalGpus() == b.cluster.totalGpus()
        && a.cluster.gpu.name == b.cluster.gpu.name;
}

} // namespace

PlanningController::PlanningController(InputPanel* inputs, QObject* parent)
    : QObject(parent)
    , m_inputs(inputs)
    , m_worker(new PlannerWorker(this))
    , m_planModel(new PlanTableModel(this))
    , m_proxy(new PlanFilterProxy(this))
    , m_selection(new QItemSelectionModel(m_proxy, this))
{
    m_proxy->setSourceModel(m_planModel);
    m_proxy->setSortRole(PlanTableModel::SortRole);
    connect(m_inputs, &InputPanel::problemChanged, this, &PlanningController::requestSearch);
    connect(m_inputs, &InputPanel::rankingChanged, this, &PlanningController::rerank);
    connect(m_inputs, &InputPanel::budgetChanged, this, [this] { m_planModel->setBudget(m_inputs->budget()); });
    m_planModel->setBudget(m_inputs->budget());
    connect(m_worker, &PlannerWorker::searchStarted, this, [this] {
        emit searchStarted();
        emit statusMessage(tr("Searching…"));
    });
    connect(m_worker, &PlannerWorker::progressChanged, this, &PlanningController::searchProgress);
    connect(m_worker, &PlannerWorker::planReady, this, &PlanningController::showResult);
    connect(m_worker, &PlannerWorker::planFailed, this,
        [this](quint64, const QString& message) { planFailed(message); });
    connect(
        m_selection, &QItemSelectionModel::currentRowChanged, this, &PlanningController::currentRowChanged);
}

PlanningController::~PlanningController()
{
    m_worker->cancel();
}

PlanRequest PlanningController::currentRequest() const
{
    PlanRequest r;
    r.problem = m_inputs->problem();
    r.problem.validate();
    r.strategy = m_inputs->strategy();
    r.weights = m_inputs->weights();
    r.topCount = kTopCount;
    return r;
}

void PlanningController::requestSearch()
{
    if (!m_inputs->hasModel()) return;
    try {
        m_worker->requestPlan(currentRequest());
        emit errorCleared();
    } catch (const InputError& e) {
        m_worker->cancel();
        emit searchEnded();
        emit errorRaised(QString::fromUtf8(e.what()));
    }
}

void PlanningController::searchNow()
{
    if (!m_inputs->hasModel()) return;
    m_worker->setDebounceInterval(0);
    try {
        m_worker->requestPlan(currentRequest());
    } catch (const InputError& e) {
        emit errorRaised(QString::fromUtf8(e.what()));
    }
    m_worker->setDebounceInterval(kDebounceMs);
}

void PlanningController::searchAndSelect(const ParallelConfig& config)
{
    m_wantedSelection = config;
    m_applyTarget = config;
    m_worker->setDebounceInterval(0);
    requestSearch();
    m_worker->setDebounceInterval(kDebounceMs);
}

void PlanningController::planNow()
{
    m_worker->cancel();
    PlanResult result;
    QElapsedTimer timer;
    timer.start();
    try {
        result.request = currentRequest();
        result.outcome = std::make_shared<PlanningOutcome>(runPlanning(result.request.problem,
            result.request.strategy, result.request.weights, result.request.topCount));
        result.findings = diagnoseOutcome(result.request.problem, *result.outcome);
    } catch (const std::exception& e) { // InputError names the input; anything else is reported too
        result.error = QString::fromUtf8(e.what());
    }
    result.elapsedMs = double(timer.nsecsElapsed()) / 1e6;
    showResult(result);
}

bool PlanningController::cancelSearch()
{
    if (!m_worker->isBusy())
        return false; // Esc with nothing running keeps the status and any plans on screen
    m_worker->cancel();
    emit searchEnded();
    emit statusMessage(tr("Search cancelled."));
    return true;
}

void PlanningController::planFailed(const QString& message)
{
    emit searchEnded();
    emit statusMessage(tr("No plan: the inputs are not usable."));
    emit errorRaised(message);
}

void PlanningController::showResult(const PlanResult& result)
{
    emit searchEnded();
    if (!result.error.isEmpty() || !result.outcome) return planFailed(result.error);
    emit errorCleared();
    const std::optional<ParallelConfig> keep = m_wantedSelection ? m_wantedSelection : userSelection();
    m_wantedSelection.reset();
    m_selected.reset(); // new numbers even where the best configuration did not change
    m_planModel->setOutcome(nullptr);
    m_evaluator.reset(); // it refers to the problem of m_shown
    const bool same = !m_shown || sameProblem(m_shown->problem, result.request.problem);
    m_shown = std::make_shared<PlanRequest>(result.request);
    m_evaluator = std::make_unique<PlanEvaluator>(m_shown->problem);
    m_planModel->setCalibration(m_shown->problem.cluster.gpu.calibration);
    m_planModel->setMixtureOfExperts(
        hasRoutedExperts(m_shown->problem.model)); // the EP column, hidden on reset
    m_outcome = result.outcome; // taken over, not copied: re-ranked in place from now on
    m_findings = result.findings;
    // The sliders may have moved while the search ran: rank for what they say now.
    if (m_inputs->strategy() != m_shown->strategy || !(m_inputs->weights() == m_shown->weights))
        rerankOutcome();
    m_planModel->setOutcome(m_outcome);
    emit outcomeChanged(same);
    m_wantedSelection = keep;
    selectBest();
    if (const std::optional<ParallelConfig> target = std::exchange(m_applyTarget, std::nullopt);
        target && (!m_selected || !(m_selected->config == *target)))
        selectConfig(*target); // an applied proposal outside the search's range: shown without a row
    const SearchResult& s = m_outcome->search;
    emit statusMessage(tr("%1 plans evaluated in %2 ms; %3 fit in memory")
                           .arg(QLocale().toString(qulonglong(s.candidates.size())))
                           .arg(QLocale().toString(result.elapsedMs, 'f', 0))
                           .arg(QLocale().toString(qulonglong(s.feasibleCount))));
    if (s.feasibleCount == 0)
        emit deadEndReached(deadEndText(result.findings, s.candidates.empty()));
    emit planShown();
}

void PlanningController::setCandidateFilter(std::optional<std::vector<std::uint32_t>> candidates)
{
    static_cast<PlanFilterProxy*>(m_proxy)->setCandidates(std::move(candidates));
}

namespace {

/// A dead end's link to finding F's change C: "change:F:C" (deadEndText writes it, applyDeadEndLink reads it).
const QString kChangeLink = QStringLiteral("change:%1:%2");

} // namespace

QString PlanningController::deadEndText(const std::vector<Finding>& findings, bool nothingEvaluated)
{
    QString text = (nothingEvaluated ? tr("No plan could be evaluated.") : tr("No plan fits.")).toHtmlEscaped();
    if (findings.empty())
        return text + QLatin1Char(' ') + tr("Tick \"Show plans that do not fit\" to see each plan's reason.").toHtmlEscaped();
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const Finding& f = findings[i];
        if (f.severity == FindingSeverity::Warning)
            continue;
        text += QStringLiteral("<br>\u2022 ") + messageText(f.message).toHtmlEscaped();
        QStringList ways;
        for (std::size_t c = 0; c < f.changes.size(); ++c)
            ways << QStringLiteral("<a href=\"%1\">%2</a>")
                        .arg(kChangeLink.arg(i).arg(c), messageText(f.changes[c].label).toHtmlEscaped());
        if (!ways.isEmpty())
            text += QLatin1Char(' ') + tr("Try: %1.").arg(ways.join(QStringLiteral(", ")));
    }
    return text;
}

QString PlanningController::applyDeadEndLink(const QString& link)
{
    const QStringList parts = link.split(QLatin1Char(':'));
    bool findingOk = false, changeOk = false;
    const int finding = parts.size() == 3 ? parts[1].toInt(&findingOk) : -1;
    const int change = parts.size() == 3 ? parts[2].toInt(&changeOk) : -1;
    if (!findingOk || !changeOk || link != kChangeLink.arg(finding).arg(change))
        return tr("Unknown link \"%1\".").arg(link);
    if (!m_shown || finding < 0 || std::size_t(finding) >= m_findings.size() || change < 0
        || std::size_t(change) >= m_findings[std::size_t(finding)].changes.size())
        return tr("That change is no longer offered: the plans on screen have changed.");
    const PlanningProblem changed
        = withChange(m_shown->problem, m_findings[std::size_t(finding)].changes[std::size_t(change)]);
    // The searched problem's inputs with the change (the form may hold edits not searched yet, as for a proposal).
    m_inputs->setInputs(changed.cluster, changed.training, m_inputs->strategy(), m_inputs->weights(), false);
    emit errorCleared();
    searchNow();
    return {};
}

void PlanningController::rerankOutcome()
{
    m_shown->strategy = m_inputs->strategy();
    m_shown->weights = m_inputs->weights();
    try {
        shardscope::rerank(*m_outcome, *m_evaluator, m_shown->strategy, m_shown->weights, m_shown->topCount);
    } catch (const std::exception& e) {
        emit errorRaised(tr("The plans could not be re-ranked: %1").arg(QString::fromUtf8(e.what())));
    }
}

void PlanningController::rerank()
{
    if (!m_outcome || !m_evaluator) return;
    QElapsedTimer timer;
    timer.start();
    const std::optional<ParallelConfig> keep = userSelection();
    m_planModel->setOutcome(nullptr);
    rerankOutcome();
    m_planModel->setOutcome(m_outcome);
    m_wantedSelection = keep;
    selectBest();
    m_lastRerankMs = double(timer.nsecsElapsed()) / 1e6;
    emit statusMessage(tr("%1 plans re-ranked in %2 ms (no new search)")
                           .arg(QLocale().toString(qulonglong(m_outcome->search.candidates.size())))
                           .arg(QLocale().toString(m_lastRerankMs, 'f', 1)));
    emit planShown();
}

void PlanningController::selectBest()
{
    const QModelIndex best = m_proxy->mapFromSource(m_planModel->index(0, 0));
    selectRow(best.isValid() ? best.row() : 0);
}

std::optional<ParallelConfig> PlanningController::userSelection() const
{
    // The first row means "show me the best plan": it follows the ranking. Any other row is the
    // plan the user picked and stays selected wherever it moves.
    if (!m_selected || m_planModel->rowCount() == 0) return std::nullopt;
    const PlanSummary* best = m_planModel->plan(0); // rank 1, wherever a header sort put it
    if (best && best->config == m_selected->config) return std::nullopt;
    return m_selected->config;
}

void PlanningController::selectRow(int row)
{
    // A wanted configuration (kept across a new search or re-ranking, or from a session) wins.
    if (m_wantedSelection) {
        const ParallelConfig wanted = *m_wantedSelection;
        m_wantedSelection.reset();
        for (int r = 0; r < m_proxy->rowCount(); ++r) {
            const QModelIndex source = m_proxy->mapToSource(m_proxy->index(r, 0));
            if (const PlanSummary* p = m_planModel->plan(source.row()); p && p->config == wanted) {
                row = r;
                break;
            }
        }
    }
    if (row < 0 || row >= m_proxy->rowCount()) {
        m_selection->clearCurrentIndex();
        clearPlan();
        return;
    }
    // The table view shares this selection model: its current row follows, and it scrolls to it.
    m_selection->setCurrentIndex(
        m_proxy->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    currentRowChanged(); // also when the row index did not change but the plan did
}

void PlanningController::currentRowChanged()
{
    const QModelIndex index = m_selection->currentIndex();
    const PlanSummary* summary
        = index.isValid() ? m_planModel->plan(m_proxy->mapToSource(index).row()) : nullptr;
    if (!summary || !m_evaluator) {
        clearPlan();
        return;
    }
    if (m_selected && m_selected->config == summary->config) return;
    for (const PlanEstimate& e : m_outcome->top)
        if (e.config == summary->config) return showPlan(e);
    try {
        showPlan(m_evaluator->evaluate(summary->config)); // one full evaluation: well under a millisecond
    } catch (const std::exception& e) {
        clearPlan();
        emit errorRaised(tr("This plan could not be evaluated: %1").arg(QString::fromUtf8(e.what())));
    }
}

void PlanningController::selectConfig(const ParallelConfig& config)
{
    if (!m_outcome || !m_evaluator) return;
    const auto& candidates = m_outcome->search.candidates;
    const auto found = std::find_if(
        candidates.begin(), candidates.end(), [&](const PlanSummary& p) { return p.config == config; });
    if (found != candidates.end() && !found->feasible && !showInfeasible())
        setShowInfeasible(true); // the plan must have a row to be selected
    m_wantedSelection = config;
    selectBest(); // picks the wanted row when there is one
    if (!m_selected || !(m_selected->config == config)) {
        // Not among the searched candidates (outside the search's range): show it without a row.
        m_selection->clearCurrentIndex();
        try {
            showPlan(m_evaluator->evaluate(config));
        } catch (const std::exception& e) {
            emit errorRaised(tr("This plan could not be evaluated: %1").arg(QString::fromUtf8(e.what())));
        }
    }
}

void PlanningController::selectCandidate(int index)
{
    if (!m_outcome || index < 0 || std::size_t(index) >= m_outcome->search.candidates.size()) return;
    const auto& candidates = m_outcome->search.candidates;
    const auto& order = m_outcome->order;
    const PlanSummary& picked = candidates[std::size_t(index)];
    ParallelConfig config = picked.config; // a copy: selecting may re-rank
    // A plan folded into an equivalent one ranked before it (the same numbers; a setting without effect, as
    // ZeRO 0 or 1 at DP 1) has no row: the row of the plan that stands for it, drawn at the same point, is selected.
    if (std::find(order.begin(), order.end(), std::uint32_t(index)) == order.end()) {
        const auto kept = std::find_if(order.begin(), order.end(),
            [&](std::uint32_t i) { return equivalentPlans(candidates[i], picked); });
        if (kept != order.end()) config = candidates[*kept].config;
    }
    selectConfig(config);
}

int PlanningController::selectedCandidate() const
{
    if (!m_selected || !m_outcome) return -1;
    if (const QModelIndex current = m_selection->currentIndex(); current.isValid())
        return m_planModel->data(m_proxy->mapToSource(current), PlanTableModel::CandidateRole).toInt();
    const auto& candidates = m_outcome->search.candidates; // shown without a row
    const auto found = std::find_if(candidates.begin(), candidates.end(),
        [&](const PlanSummary& p) { return p.config == m_selected->config; });
    return found == candidates.end() ? -1 : int(found - candidates.begin());
}

bool PlanningController::showInfeasible() const
{
    return m_planModel->showInfeasible();
}

void PlanningController::setShowInfeasible(bool show)
{
    if (show == m_planModel->showInfeasible()) return;
    const std::optional<ParallelConfig> keep = m_selected ? std::optional(m_selected->config) : std::nullopt;
    m_planModel->setShowInfeasible(show);
    m_wantedSelection = keep;
    if (m_outcome) selectBest();
    emit showInfeasibleChanged(show);
}

void PlanningController::showPlan(const PlanEstimate& plan)
{
    m_selected = plan;
    // Warnings that are the search's or the plan's shape's, not the evaluator's: a global batch whose
    // divisors rule out DP degrees, a pipeline bubble over 15 %. In the user's language: the selection's
    // warnings are shown in the notes panel, never written to a file.
    if (m_shown) {
        for (const Finding& f : m_findings)
            if (f.severity == FindingSeverity::Warning)
                m_selected->warnings.push_back(messageText(f.message).toStdString());
        if (plan.feasible)
            for (const Finding& f : planWarnings(m_shown->problem, PlanSummary::from(plan)))
                m_selected->warnings.push_back(messageText(f.message).toStdString());
    }
    emit selectionChanged(&*m_selected);
}

void PlanningController::clearPlan()
{
    m_selected.reset();
    emit selectionChanged(nullptr);
}
