// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/launch_config.h"
#include "view_export.h"

#include <QObject>

class PlanningController;
class PlanViews;
class QWidget;

/**
 * What leaves the window as a file: the plan JSON (the outcome's best plans with the graph analysis
 * and the best plan's proposals), the selected plan as a launch config, and the views or the whole
 * window as PNG or SVG, each with its dialog. Files are replaced atomically; a failure names the file.
 *
 * The plan JSON runs the graph analysis and the proposals engine (long for a 100k-operator ONNX
 * graph), so the dialog writes it on a worker thread from a copy of what is on screen
 * (exportPlanJsonInBackground); exportPlanJson does the same on the calling thread.
 */
class ExportController : public QObject
{
    Q_OBJECT
public:
    /// `window`: the parent of the dialogs and what exportWindow draws.
    ExportController(
        PlanningController* planning, PlanViews* views, QWidget* window, QObject* parent = nullptr);
    ~ExportController() override; ///< waits for the plan files being written

    /// Returns an error message, or an empty string on success.
    QString exportPlanJson(const QString& path) const;
    /// Writes the plan JSON off the GUI thread; planJsonExported() tells how it went.
    void exportPlanJsonInBackground(const QString& path);
    /// Writes the selected plan as a Megatron-LM / DeepSpeed / torchtitan launch config.
    QString exportLaunchConfig(const QString& path, shardscope::LaunchFormat format) const;
    /// Page `view` of the plan views (PlanViews::View for the built-in ones).
    QString exportView(int view, const QString& path, double scale = 1.0) const;
    QString exportWindow(const QString& path, double scale = 1.0) const;

    // Dialog-driven actions.
    void exportPlanDialog();
    void exportLaunchConfigDialog();
    void exportViewDialog(int view); ///< -1: the whole window

signals:
    /// A background plan export finished: `error` is empty on success.
    void planJsonExported(const QString& path, const QString& error);
    void statusMessage(const QString& text);
    void errorRaised(const QString& message);

private:
    PlanningController* m_planning;
    PlanViews* m_views;
    QWidget* m_window;
};
