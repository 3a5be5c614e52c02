// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "autosave.h"
#include "file_controller.h"
#include "planner_worker.h"
#include "proposals_controller.h"
#include "view_export.h"

#include "cost/plan_evaluator.h"
#include "export/launch_config.h"
#include "export/session_document.h"
#include "proposals/proposals.h"

#include <QFutureWatcher>
#include <QMainWindow>

#include <memory>
#include <optional>

class CommunicationView;
class ImbalanceView;
class InputPanel;
class MemoryChartView;
class PlanTableModel;
class ProposalListModel;
class QAction;
class QActionGroup;
class QCheckBox;
class QLabel;
class QListView;
class QMenu;
class QProgressBar;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QPushButton;
class QToolButton;
class QUndoStack;
class StageMapView;
class TimelineView;

/**
 * The desktop planner: inputs on the left, ranked plans on top, the selected plan's views below
 * (memory per GPU, stage map, schedule timeline, imbalance, communication) and its notes on the
 * right. Every search runs on PlannerWorker; weight and strategy changes re-rank the cached plans
 * on the GUI thread without searching (a re-rank of 10,000 plans takes about a millisecond).
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int kTopCount = 10; ///< plans evaluated in full per search (the rest on selection)
    enum View { MemoryView, StagesView, TimelineView_, ImbalanceView_, CommunicationView_, ViewCount };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Loads the bundled example (Llama-3-70B on 8 x 8 H100, sequence 8192) and plans it at once.
    void loadExample();
    /// Imports a model file off the GUI thread; the result replaces the model and starts a search.
    void openModel(const QString& path);
    /// Uses `model` from now on and searches (synchronously usable: no import involved).
    void setModel(shardscope::ModelGraph model, const QString& source, bool bundled);
    /// Returns an error message, or an empty string on success.
    QString openSession(const QString& path);
    QString saveSession(const QString& path);
    QString exportPlanJson(const QString& path) const;
    QString exportView(View view, const QString& path, double scale = 1.0);
    QString exportWindow(const QString& path, double scale = 1.0);
    /// Writes the selected plan as a Megatron-LM / DeepSpeed / torchtitan launch config.
    QString exportLaunchConfig(const QString& path, shardscope::LaunchFormat format) const;
    /// Switches to the selected plan's proposal `index` (ProposalListModel::proposals()); undoable.
    /// Returns an error message when it cannot be applied (an estimate, not a configuration).
    QString applyProposal(int index);
    /// Shows `choice`: selects its row, or searches again first when its training spec differs.
    void switchTo(const PlanChoice& choice);
    QUndoStack* undoStack() const { return m_undo; }

    /// The request the inputs describe now. Throws shardscope::InputError when they are unusable.
    PlanRequest currentRequest() const;
    /// Searches on the calling thread and shows the result (the render command; the GUI uses the worker).
    void planNow();
    /// Shows a finished search (what the worker delivers; the render command calls it directly).
    void showResult(const PlanResult& result);
    /// Selects the table row (in the sorted view's order) and shows that plan in every view.
    void selectRow(int row);
    /// Selects the best plan (rank 1), wherever a header sort put its row.
    void selectBest();
    /// Shows `message` in the error banner above the plans until the next successful result.
    void showError(const QString& message);
    /// Window geometry, docks, splitter, view tab, theme from QSettings (the GUI; not the render command).
    void restoreSettings();

    /// The inputs as a session (what Save Session writes).
    shardscope::SessionDocument sessionDocument() const;
    /// The session when its inputs differ from the last saved, opened or example state; nothing otherwise.
    /// (A different selected row alone is not unsaved work: every search selects a row.)
    std::optional<shardscope::SessionDocument> unsavedSession() const;
    /// Looks for autosaves left by windows that did not exit normally (a crash, a kill) and offers
    /// the newest in a bar above the plans: Restore applies it as unsaved work, Discard deletes it.
    /// Returns how many were found. The GUI's main() calls it after the start-up model.
    int offerRecovery();
    /// Starts autosaving unsaved work every 30 s to `folder` (empty: Autosave::defaultFolder()).
    /// The GUI's main() does; the render command and most tests do not.
    Autosave* startAutosave(const QString& folder = {});
    void restoreRecovery();
    void discardRecovery();
    QString recoveryText() const; ///< the bar's text, empty when it is hidden
    Autosave* autosave() const { return m_autosave; }

    /// "system", "light" or "dark": the palette of the whole application (kept in the settings).
    void setTheme(const QString& theme);
    /// A view ready to export: title, subtitle naming model, cluster and plan, and its painter.
    Figure figure(View view);
    /// The whole window as a figure, at its current size.
    Figure windowFigure();
    static QString viewName(View view);
    /// "TP 4 · PP 4 · DP 4 · micro-batch 1 · ZeRO-1 · recompute none · SP · 1f1b"
    static QString describe(const shardscope::ParallelConfig& config);
    static std::optional<View> viewFromName(const QString& name); ///< "memory", "stages", "timeline", ...

    // For tests and the render command.
    InputPanel* inputs() const { return m_inputs; }
    PlannerWorker* worker() const { return m_worker; }
    PlanTableModel* planModel() const { return m_planModel; }
    QSortFilterProxyModel* planProxy() const { return m_proxy; }
    QTableView* planTable() const { return m_table; }
    MemoryChartView* memoryChart() const { return m_memory; }
    StageMapView* stageMap() const { return m_stageMap; }
    TimelineView* timeline() const { return m_timeline; }
    ImbalanceView* imbalance() const { return m_imbalance; }
    CommunicationView* communication() const { return m_communication; }
    ProposalListModel* proposals() const { return m_proposalModel; }
    QTabWidget* viewTabs() const { return m_tabs; }
    /// The plan every view shows, or nullptr.
    const shardscope::PlanEstimate* selectedPlan() const { return m_selected ? &*m_selected : nullptr; }
    const shardscope::PlanningOutcome* outcome() const { return m_outcome.get(); }
    QString statusText() const;
    QString errorText() const;
    double lastRerankMs() const { return m_lastRerankMs; }

signals:
    /// A search result or a re-ranking is on screen (tests wait for it).
    void planShown();
    /// A model import finished (successfully or not).
    void modelLoaded(bool ok);
    /// The proposals for the selected plan are in the proposals panel.
    void proposalsShown();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void buildLayout();
    void requestSearch();
    void rerankNow();
    void planFailed(quint64 generation, const QString& message);
    void currentRowChanged();
    std::optional<shardscope::ParallelConfig> userSelection() const;
    void showPlan(const shardscope::PlanEstimate& plan);
    void clearViews();
    void importFinished();
    void clearError();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void openFile(const QString& path); ///< model or session by extension
    /// `restored`: an autosave brought back after a crash (unsaved work: no session path, no recent entry).
    /// Returns an error message, with nothing changed, when the session's bundled model is not in this build.
    QString applySession(const shardscope::SessionDocument& session, const QString& path, bool restored = false);
    void applySessionInputs(const shardscope::SessionDocument& session, const QString& path);
    void saveSettings() const;
    QWidget* buildRecoveryBar();
    void showNextRecovery();
    void markSaved();      ///< the inputs as they are now are saved (or opened, or the example)
    void updateModified(); ///< the title's modified marker
    QString subtitle() const;
    // Dialog-driven actions.
    void openModelDialog();
    void openSessionDialog();
    void saveSessionDialog(bool saveAs);
    void exportPlanDialog();
    void exportViewDialog(int view); ///< -1: the whole window
    void exportLaunchConfigDialog();
    void computeProposals();
    void proposalsFinished();
    void updateApplyButton();
    void selectConfig(const shardscope::ParallelConfig& config);

    InputPanel* m_inputs = nullptr;
    PlannerWorker* m_worker = nullptr;
    PlanTableModel* m_planModel = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QCheckBox* m_showInfeasible = nullptr;
    QTabWidget* m_tabs = nullptr;
    MemoryChartView* m_memory = nullptr;
    StageMapView* m_stageMap = nullptr;
    TimelineView* m_timeline = nullptr;
    ImbalanceView* m_imbalance = nullptr;
    CommunicationView* m_communication = nullptr;
    ProposalListModel* m_proposalModel = nullptr;
    QListView* m_proposalList = nullptr;
    QLabel* m_rationale = nullptr;
    QPushButton* m_applyButton = nullptr;
    QUndoStack* m_undo = nullptr;
    QFutureWatcher<ProposalBatch>* m_proposalWatcher = nullptr;
    quint64 m_proposalGeneration = 0;
    QLabel* m_planTitle = nullptr;
    QLabel* m_errorBanner = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QMenu* m_recentMenu = nullptr;
    QActionGroup* m_themeGroup = nullptr;

    // What is on screen: the request it was searched for (the evaluator refers to its problem),
    // the outcome (re-ranked in place) and the selected plan in full.
    std::shared_ptr<PlanRequest> m_shown; ///< shared with the proposals computation running on it
    std::unique_ptr<shardscope::PlanEvaluator> m_evaluator;
    std::shared_ptr<shardscope::PlanningOutcome> m_outcome;
    std::optional<shardscope::PlanEstimate> m_selected;
    std::optional<shardscope::ParallelConfig> m_wantedSelection; ///< from a session, applied to the next result
    std::optional<shardscope::ParallelConfig> m_applyTarget;     ///< an applied proposal waiting for its search
    QString m_sessionPath;
    std::optional<shardscope::SessionDocument> m_pendingSession; ///< applied when its model has been imported
    QString m_pendingSessionPath;
    bool m_pendingSessionRestored = false;
    Autosave* m_autosave = nullptr;
    std::optional<shardscope::SessionDocument> m_savedState; ///< inputs at the last save/open (no selection)
    std::vector<Autosave::Recovery> m_recoveries;           ///< claimed, offered one at a time
    std::optional<Autosave::Recovery> m_restoring;          ///< removed once its model imported
    QWidget* m_recoveryBar = nullptr;
    QLabel* m_recoveryLabel = nullptr;
    QFutureWatcher<ModelImport>* m_import = nullptr;
    QString m_importPath; ///< the newest import; older ones finishing later are dropped
    double m_lastRerankMs = 0;
    bool m_columnsSized = false;
};
