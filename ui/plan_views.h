// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/plan_estimate.h"
#include "planner_worker.h"
#include "view_export.h"

#include <QWidget>
#include <functional>
#include <optional>
#include <vector>

class CommunicationView;
class ImbalanceView;
class MemoryChartView;
class PlanningController;
class QLabel;
class QPainter;
class QTabWidget;
class StageMapView;
class TimelineView;

/**
 * The selected plan's views: a title line with the plan's numbers above a tab per view (memory per
 * GPU, stage map, schedule timeline, imbalance, communication). It follows the planning controller's
 * selectionChanged(), and makes each view a Figure to export.
 *
 * Views register as pages (addPage): a widget, its name, tab text and figure title, and optionally
 * what to do when the selection changes and how to paint it for an export. The five built-in pages
 * come first, in the View order. A page that follows something else than the selected plan (a view of
 * every candidate, a comparison of pinned plans) leaves show and clear empty and connects itself to
 * the planning controller.
 */
class PlanViews : public QWidget
{
    Q_OBJECT
public:
    enum View
    {
        Memory,
        Stages,
        Timeline,
        Imbalance,
        Communication,
        BuiltInCount
    };

    struct Page
    {
        QWidget* widget = nullptr;
        QString name; ///< "memory": file names and `shardscope render --view`
        QString tabText; ///< "&Memory"
        QString toolTip; ///< the tab's
        QString figureTitle; ///< "Memory per GPU": an exported picture's title (the model's name follows)
        /// Shows the selected plan of `request` (the request on screen). Empty: the page ignores selections.
        std::function<void(const shardscope::PlanEstimate& plan, const PlanRequest& request)> show;
        /// Shows that no plan is selected.
        std::function<void()> clear;
        /// Paints the page for an export at `size`. Empty: PaintedView::render when the widget is one.
        std::function<void(QPainter&, QSizeF)> paint;
        /// The size an export paints at. Empty: the page's size, at least its size hint.
        std::function<QSizeF()> exportSize;
    };

    explicit PlanViews(PlanningController* planning, QWidget* parent = nullptr);

    /// Adds a tab; returns its index.
    int addPage(Page page);
    int count() const { return int(m_pages.size()); }
    const Page& page(int index) const { return m_pages[std::size_t(index)]; }
    /// The index of the page named `name`, if any.
    std::optional<int> find(const QString& name) const;

    /// A view ready to export: title, subtitle naming model, cluster and plan, and its painter.
    Figure figure(int index) const;
    /// `window` (the main window) as a figure, at its current size.
    Figure windowFigure(QWidget* window) const;
    /// "llama-3-70b on 64 x H100-SXM, sequence 8192, global batch 512 — TP 8 · PP 4 · ...", or empty.
    QString subtitle() const;
    /// The built-in views' names: "memory", "stages", "timeline", "imbalance", "communication".
    static QString builtInName(View view);

    QTabWidget* tabs() const { return m_tabs; }
    QLabel* title() const { return m_title; }
    MemoryChartView* memoryChart() const { return m_memory; }
    StageMapView* stageMap() const { return m_stageMap; }
    TimelineView* timeline() const { return m_timeline; }
    ImbalanceView* imbalance() const { return m_imbalance; }
    CommunicationView* communication() const { return m_communication; }

private:
    void addBuiltInPages();
    void selectionChanged(const shardscope::PlanEstimate* plan);
    void showTimeline(const shardscope::PlanEstimate& plan);

    PlanningController* m_planning;
    QLabel* m_title;
    QTabWidget* m_tabs;
    MemoryChartView* m_memory;
    StageMapView* m_stageMap;
    TimelineView* m_timeline;
    ImbalanceView* m_imbalance;
    CommunicationView* m_communication;
    std::vector<Page> m_pages;
};
