// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_evaluator.h"
#include "partition/planner.h"
#include "planner_worker.h"
#include "partition/search_diagnosis.h"

#include <QObject>
#include <memory>
#include <optional>

class InputPanel;
class PlanTableModel;
class QItemSelectionModel;
class QSortFilterProxyModel;

/**
 * The planning state every view of the window shows: the request on screen (its evaluator refers to
 * its problem), the outcome (re-ranked in place), the ranked plans as item models (PlanTableModel
 * behind a sorting proxy, the current row in a selection model the table view shares) and the
 * selected plan in full.
 *
 * The inputs' problemChanged() starts a search on PlannerWorker; their rankingChanged() re-ranks the
 * cached plans on the GUI thread without searching (10,000 plans in about a millisecond). Whatever
 * picks a plan — a table row, a session, an applied proposal, another view through selectCandidate()
 * — ends in selectionChanged(), which the views follow. It holds no widget: status, progress and
 * errors leave as signals for the window to show.
 */
class PlanningController : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTopCount = 10; ///< plans evaluated in full per search (the rest on selection)

    explicit PlanningController(InputPanel* inputs, QObject* parent = nullptr);
    ~PlanningController() override;

    /// The request the inputs describe now. Throws shardscope::InputError when they are unusable.
    PlanRequest currentRequest() const;
    /// Asks the worker to search the inputs (debounced); unusable inputs raise an error instead.
    void requestSearch();
    /// Searches the inputs at once on the worker (Plan > Search Again).
    void searchNow();
    /// Searches at once, then selects `config`: with its row when the search found it, without one
    /// when it lies outside the search's range (an applied proposal that changes the training spec).
    void searchAndSelect(const shardscope::ParallelConfig& config);
    /// Searches on the calling thread and shows the result (the render command; the GUI uses the worker).
    void planNow();
    /// Shows a finished search (what the worker delivers).
    void showResult(const PlanResult& result);
    /// Stops the running search; false (and nothing changes) when none is running.
    bool cancelSearch();
    /// Re-ranks the cached plans for the inputs' strategy and weights, without searching.
    void rerank();

    /// Selects the row (in the sorted proxy's order) and shows that plan.
    void selectRow(int row);
    /// Selects the best plan (rank 1), wherever a header sort put its row.
    void selectBest();
    /// Shows `config`: its row when it has one (ticking "show plans that do not fit" when needed), else
    /// evaluated without a row.
    void selectConfig(const shardscope::ParallelConfig& config);
    /// Shows candidate `index` of outcome()->search.candidates, as selectConfig() (for views that show
    /// every candidate: a click there selects the plan everywhere); a candidate folded into an equivalent plan
    /// ranked before it selects that plan's row. Out of range: nothing happens.
    void selectCandidate(int index);
    /// The plan the next result (or selectBest()) selects instead of the best when it has a row: a
    /// session's selected plan. Used once.
    void setWantedSelection(std::optional<shardscope::ParallelConfig> config) { m_wantedSelection = config; }
    /// Lists the plans that do not fit too, keeping the selected plan.
    void setShowInfeasible(bool show);
    bool showInfeasible() const;

    PlannerWorker* worker() const { return m_worker; }
    PlanTableModel* planModel() const { return m_planModel; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QItemSelectionModel* selectionModel() const { return m_selection; }
    /// The request of the outcome on screen, or null. Its problem never changes; its strategy and weights
    /// follow each re-ranking. Shared: computations off the GUI thread keep it alive.
    std::shared_ptr<const PlanRequest> shownRequest() const { return m_shown; }
    const shardscope::PlanEvaluator* evaluator() const { return m_evaluator.get(); }
    const shardscope::PlanningOutcome* outcome() const { return m_outcome.get(); }
    /// The plan every view shows, or nullptr.
    const shardscope::PlanEstimate* selectedPlan() const { return m_selected ? &*m_selected : nullptr; }
    /// The index in outcome()->search.candidates of the selected plan; -1 when none is selected or it is no
    /// candidate (outside the search's range).
    int selectedCandidate() const;
    double lastRerankMs() const { return m_lastRerankMs; }
    /// The outcome on screen, shared (views of every candidate keep it while they show it).
    std::shared_ptr<const shardscope::PlanningOutcome> sharedOutcome() const { return m_outcome; }
    /// What the worker found about the search on screen (PlanResult::findings).
    const std::vector<shardscope::Finding>& findings() const { return m_findings; }
    /// The error banner's rich text when nothing fits: "No plan fits." and each blocking finding, its ways out
    /// each a link (applyDeadEndLink reads them).
    static QString deadEndText(const std::vector<shardscope::Finding>& findings, bool nothingEvaluated);
    /// Makes the change a link of deadEndText names, for the search on screen: its pins, global batch or node
    /// count go into the inputs, and they are searched at once. An error text where there is no such change
    /// (not such a link, or the findings changed meanwhile); empty otherwise.
    QString applyDeadEndLink(const QString& link);
    /// Shows only these candidates in the plan table (the explorer's rubber band); none: every plan.
    void setCandidateFilter(std::optional<std::vector<std::uint32_t>> candidates);

signals:
    void searchStarted();
    void searchProgress(int done, int total);
    /// The search finished, failed or was cancelled: no progress to show.
    void searchEnded();
    void statusMessage(const QString& text);
    /// Shown until errorCleared().
    void errorRaised(const QString& message);
    /// Nothing fits: deadEndText of the search shown (rich text with links).
    void deadEndReached(const QString& richText);
    void errorCleared();
    /// A new search result is in the item models, not yet selected. `sameProblem`: of the same model
    /// and cluster as the one before (plans of another problem make switching back meaningless).
    void outcomeChanged(bool sameProblem);
    /// The views must show `plan` (the selected plan; it stays valid until the next selectionChanged),
    /// or nothing (nullptr).
    void selectionChanged(const shardscope::PlanEstimate* plan);
    void showInfeasibleChanged(bool show);
    /// A search result or a re-ranking is on screen (tests wait for it).
    void planShown();

private:
    void planFailed(const QString& message);
    void currentRowChanged();
    std::optional<shardscope::ParallelConfig> userSelection() const;
    void showPlan(const shardscope::PlanEstimate& plan);
    void clearPlan();
    void rerankOutcome();

    InputPanel* m_inputs;
    PlannerWorker* m_worker;
    PlanTableModel* m_planModel;
    QSortFilterProxyModel* m_proxy;
    QItemSelectionModel* m_selection;
    std::shared_ptr<PlanRequest> m_shown; ///< shared with the computations running on it
    std::unique_ptr<shardscope::PlanEvaluator> m_evaluator;
    std::shared_ptr<shardscope::PlanningOutcome> m_outcome;
    std::optional<shardscope::PlanEstimate> m_selected;
    std::optional<shardscope::ParallelConfig>
        m_wantedSelection; ///< from a session, applied to the next result
    std::optional<shardscope::ParallelConfig> m_applyTarget; ///< an applied proposal waiting for its search
    double m_lastRerankMs = 0;
    std::vector<shardscope::Finding> m_findings;
};
