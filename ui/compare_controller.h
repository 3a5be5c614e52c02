// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "training/training_spec.h"
#include "view_export.h"

#include <QList>
#include <QObject>
#include <QString>
#include <optional>
#include <vector>

class CompareView;
class PlanningController;
class PlanTablePanel;
class PlanViews;
class QAction;
class QWidget;

/**
 * The Compare tab: a baseline pinned by its configuration (the selected plan, or one typed as
 * "tp=8,pp=16,..." such as the layout a team runs today, evaluated even where the search would not list
 * it) and up to three plans compared with it (CompareView). It keeps configurations, not estimates: after
 * every search or re-ranking it evaluates them again with the planning controller's evaluator, so the
 * comparison follows the inputs, and labels each by its rank now ("Rank 3"; "Not ranked" for a plan the
 * list does not hold). Its actions (pin, add, remove, clear) go in the Plan menu, on the tab and in the plan
 * table's context menu; refusals (a fourth plan, a bad configuration) are reported as statusMessage().
 */
class CompareController : public QObject
{
    Q_OBJECT
public:
    /// Registers the Compare page ("compare") with `views`.
    CompareController(PlanningController* planning, PlanViews* views, QObject* parent = nullptr);

    CompareView* view() const { return m_view; }
    QWidget* page() const { return m_page; }
    /// Pin, pin by configuration, add, remove, clear: for menus.
    QList<QAction*> actions() const;
    /// Puts the pin, add and remove actions in the plan table's context menu (they act on the selected plan,
    /// which a right click selects).
    void addTableActions(PlanTablePanel* panel);

    /// Each returns an empty string, or why not (also sent as statusMessage()).
    QString pinSelected();
    /// `text` as parsePlanConfig reads it; a bad key or value is refused with its message.
    QString pinConfig(const QString& text, const QString& source = QStringLiteral("baseline"));
    QString pinBaseline(const shardscope::ParallelConfig& config);
    QString addSelected();
    /// The plan ranked `rank` (1 the best) in the list on screen.
    QString addRank(int rank);
    QString addConfig(const shardscope::ParallelConfig& config);
    /// Removes the selected plan from the comparison.
    QString removeSelected();
    void clear();

    std::optional<shardscope::ParallelConfig> baseline() const { return m_baseline; }
    const std::vector<shardscope::ParallelConfig>& plans() const { return m_plans; }
    /// The plan ranked `rank` on screen, if any.
    std::optional<shardscope::ParallelConfig> rankedConfig(int rank) const;
    /// The comparison as one page: "Plan comparison", the model, cluster and baseline as subtitle.
    Figure figure() const;

signals:
    void statusMessage(const QString& text);

private:
    void refresh(); ///< evaluates the configurations for the request on screen and shows them
    void updateActions(); ///< enabled as the selection and the comparison allow
    QString rankLabel(const shardscope::ParallelConfig& config) const;
    QString report(const QString& message);
    void pinConfigDialog();
    void showPage();

    PlanningController* m_planning;
    PlanViews* m_views;
    QWidget* m_page;
    CompareView* m_view;
    QAction* m_pin;
    QAction* m_pinConfig;
    QAction* m_add;
    QAction* m_remove;
    QAction* m_clear;
    std::optional<shardscope::ParallelConfig> m_baseline;
    std::vector<shardscope::ParallelConfig> m_plans;
};
