// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "autosave.h"
#include "export/launch_config.h"
#include "export/session_document.h"
#include "file_controller.h"
#include "plan_views.h"
#include "planner_worker.h"
#include "planning_controller.h"
#include "proposals_controller.h"
#include "view_export.h"

#include <QMainWindow>
#include <optional>

class CommunicationView;
class CompareController;
class ExplorerPanel;
class ExportController;
class SweepPanel;
class ImbalanceView;
class InputPanel;
class MemoryChartView;
class PlanTableModel;
class PlanTablePanel;
class ProposalListModel;
class ProposalsPanel;
class QActionGroup;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;
class QUndoStack;
class RecoveryController;
class StageMapView;
class TimelineView;

/**
 * The desktop planner's shell: inputs on the left, ranked plans on top, the selected plan's views
 * below (memory per GPU, stage map, schedule timeline, imbalance, communication) and its notes on the
 * right; menus, status bar, error banner, settings. The work is done by its controllers, one concern
 * each, wired here:
 *  - PlanningController: searches (PlannerWorker), re-ranking, the outcome and the selected plan;
 *  - PlanTablePanel: the ranked plans table; PlanViews: the selected plan's view tabs;
 *  - ProposalsController (+ ProposalsPanel): the selected plan's proposals, Apply and Undo;
 *  - FileController: models, sessions, unsaved work, recent files; RecoveryController: autosave and
 *    crash recovery; ExportController: plan JSON, launch configs and pictures.
 * The public functions below delegate to them (tests, the render command and main() use them).
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static constexpr int kTopCount = PlanningController::kTopCount; ///< plans evaluated in full per search
    enum View
    {
        MemoryView = PlanViews::Memory,
        StagesView = PlanViews::Stages,
        TimelineView_ = PlanViews::Timeline,
        ImbalanceView_ = PlanViews::Imbalance,
        CommunicationView_ = PlanViews::Communication,
        ViewCount = PlanViews::BuiltInCount
    };

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
    /// Writes the plan JSON on the calling thread (the menu's export runs it on a worker).
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
    QUndoStack* undoStack() const;

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
    /// Nothing fits: the banner in rich text, its "Try" links making the change (applyDeadEndLink).
    void showDeadEnd(const QString& richText);
    /// A dead end's link activated: PlanningController::applyDeadEndLink, its error in the banner.
    void applyDeadEndLink(const QString& link);
    /// Window geometry, docks, splitter, view tab, theme from QSettings (the GUI; not the render command).
    void restoreSettings();

    /// The inputs as a session (what Save Session writes).
    shardscope::SessionDocument sessionDocument() const;
    /// The session when its inputs differ from the last saved, opened or example state; nothing otherwise.
    std::optional<shardscope::SessionDocument> unsavedSession() const;
    /// Looks for autosaves left by windows that did not exit normally and offers the newest in a bar
    /// above the plans. Returns how many were found. The GUI's main() calls it after the start-up model.
    int offerRecovery();
    /// Starts autosaving unsaved work every 30 s to `folder` (empty: Autosave::defaultFolder()).
    /// The GUI's main() does; the render command and most tests do not.
    Autosave* startAutosave(const QString& folder = {});
    void restoreRecovery();
    void discardRecovery();
    QString recoveryText() const; ///< the bar's text, empty when it is hidden
    Autosave* autosave() const;

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

    // The controllers (for the views issue 15 adds, tests and the render command).
    PlanningController* planning() const { return m_planning; }
    PlanTablePanel* planTablePanel() const { return m_planTable; }
    PlanViews* planViews() const { return m_views; }
    ProposalsController* proposalsController() const { return m_proposals; }
    FileController* files() const { return m_files; }
    ExportController* exports() const { return m_exports; }
    RecoveryController* recovery() const { return m_recovery; }
    CompareController* compare() const { return m_compare; } ///< the Compare tab
    ExplorerPanel* explorer() const { return m_explorer; }
    SweepPanel* sweep() const { return m_sweep; }

    // For tests and the render command.
    InputPanel* inputs() const { return m_inputs; }
    PlannerWorker* worker() const { return m_planning->worker(); }
    PlanTableModel* planModel() const { return m_planning->planModel(); }
    QSortFilterProxyModel* planProxy() const { return m_planning->proxy(); }
    QTableView* planTable() const;
    MemoryChartView* memoryChart() const { return m_views->memoryChart(); }
    StageMapView* stageMap() const { return m_views->stageMap(); }
    TimelineView* timeline() const { return m_views->timeline(); }
    ImbalanceView* imbalance() const { return m_views->imbalance(); }
    CommunicationView* communication() const { return m_views->communication(); }
    ProposalListModel* proposals() const;
    QTabWidget* viewTabs() const { return m_views->tabs(); }
    /// The plan every view shows, or nullptr.
    const shardscope::PlanEstimate* selectedPlan() const { return m_planning->selectedPlan(); }
    const shardscope::PlanningOutcome* outcome() const { return m_planning->outcome(); }
    QString statusText() const;
    QString errorText() const;
    double lastRerankMs() const { return m_planning->lastRerankMs(); }

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
    void buildLayout();
    void buildActions(); // main_window_menus.cpp
    void connectControllers();
    void addExplorerPage(); // main_window_pages.cpp
    void addSweepPage();
    void clearError();
    void saveSettings() const;

    InputPanel* m_inputs;
    PlanningController* m_planning;
    ProposalsController* m_proposals;
    FileController* m_files;
    RecoveryController* m_recovery;
    PlanTablePanel* m_planTable = nullptr;
    PlanViews* m_views = nullptr;
    ProposalsPanel* m_proposalsPanel = nullptr;
    ExportController* m_exports = nullptr;
    CompareController* m_compare = nullptr;
    ExplorerPanel* m_explorer = nullptr;
    SweepPanel* m_sweep = nullptr;
    QLabel* m_errorBanner = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QActionGroup* m_themeGroup = nullptr;
};
