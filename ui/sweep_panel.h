// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cost/planning_problem.h"
#include "cost/training_budget.h"
#include "partition/strategy.h"
#include "partition/sweep.h"
#include "sweep_worker.h"
#include "view_export.h"

#include <QString>
#include <QWidget>
#include <functional>
#include <map>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class SweepView;
struct SweepViewInputs;

/// What a sweep starts from: the problem on screen and how it is ranked (and the budget the files carry).
struct SweepInputs
{
    shardscope::PlanningProblem problem;
    shardscope::Strategy strategy = shardscope::Strategy::Exhaustive;
    shardscope::ScoreWeights weights;
    std::optional<shardscope::TrainingBudget> budget; ///< adds days and GPU-hours to the exported files
};

/**
 * The Sweeps page: what to sweep (GPU count, global batch or sequence length) and its values ("64..16384",
 * the powers of two from 64 to 16,384, or "8,16,32"), Run and Cancel, a progress bar, a status line, the
 * SweepView filling in point by point, and export of the result as CSV or JSON (core's sweep writers). The
 * inputs come from outside, asked for as Run is pressed (setInputsProvider), so the panel knows no window;
 * a click on a point emits pointActivated so the window can plan that point.
 */
class SweepPanel : public QWidget
{
    Q_OBJECT
public:
    /// The inputs at this moment, or none (no model yet: Run says so).
    using InputsProvider = std::function<std::optional<SweepInputs>()>;

    explicit SweepPanel(QWidget* parent = nullptr);
    ~SweepPanel() override;

    void setInputsProvider(InputsProvider provider) { m_provider = std::move(provider); }
    /// Fixed inputs: a provider that returns a copy of `inputs`.
    void setInputs(const SweepInputs& inputs);

    void setAxis(shardscope::SweepAxis axis);
    shardscope::SweepAxis axis() const;
    /// The values for the current axis (each axis keeps its own text).
    void setValuesText(const QString& text);
    QString valuesText() const;
    /// Threads of each point's search (0: one per hardware thread, the default).
    void setThreads(int threads) { m_threads = threads; }

    /// Parses the values, asks for the inputs and starts the sweep (cancelling one that runs). False, with
    /// the reason shown in red under the values, when the values do not parse or there are no inputs.
    bool run();
    /// Stops the running sweep; its finished points stay shown and the result is marked cancelled.
    void cancel();
    bool isRunning() const;
    /// Forgets the sweep (a running one is cancelled and its points are not shown), with `status` saying why:
    /// the inputs it swept (another model) are gone.
    void clear(const QString& status);

    /// The last sweep that ended (finished or cancelled), or nullptr; the request it ran.
    const shardscope::SweepResult* result() const { return m_result ? &*m_result : nullptr; }
    const SweepRequest& resultRequest() const { return m_resultRequest; }
    /// The problem at point `index` of the result (for planning it), or none.
    std::optional<shardscope::PlanningProblem> pointProblem(std::size_t index) const;

    /// The message under the values (a parse error), or empty.
    QString errorText() const;
    /// "9 points in 12.3 s; smallest cluster that fits: 128 GPUs"
    QString statusText() const;

    /// Writes the result to `path`: .csv or .json (core's sweep writers), atomically (QSaveFile). Returns an
    /// empty string, or what went wrong naming the file.
    QString exportTo(const QString& path) const;
    /// The view as a titled picture (FigureExporter), with the inputs in the subtitle, at the view's size.
    Figure figure() const;
    /// `view` showing a sweep of `request` as a titled picture, at the view's size hint (render uses it).
    static Figure figure(const SweepView& view, const SweepRequest& request);

    /// The view's inputs for a request: model and GPU names, GPUs per node, usable memory per GPU.
    static SweepViewInputs viewInputs(const SweepRequest& request);
    /// "llama-3-8b on H100-SXM, 8 a node · seq 4096 · global batch 1024 · exhaustive"
    static QString subtitle(const SweepRequest& request);

    SweepView* view() const { return m_view; }
    SweepWorker* worker() const { return m_worker; }
    QComboBox* axisCombo() const { return m_axisCombo; }
    QLineEdit* valuesEdit() const { return m_valuesEdit; }
    QPushButton* runButton() const { return m_runButton; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QPushButton* exportButton() const { return m_exportButton; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* errorLabel() const { return m_error; }

signals:
    /// The user clicked point `value` of the shown sweep: plan the problem with the axis set to it.
    void pointActivated(shardscope::SweepAxis axis, qint64 value);
    /// A sweep ended (result() holds it; cancelled ones too).
    void sweepFinished();

private:
    std::optional<std::vector<std::int64_t>> parseValues(); ///< shows the error, or clears it
    void showError(const QString& message);
    void onStarted(int pointCount);
    void onProgress(double fraction, int point, int pointCount);
    void onPoint(int index, const shardscope::SweepPoint& point);
    void onFinished(const shardscope::SweepResult& result);
    void onFailed(const QString& message);
    void exportDialog();
    void updateButtons();

    InputsProvider m_provider;
    bool m_discardRunning = false; ///< clear() during a run: its points and result are not shown
    int m_threads = 0;
    std::map<int, QString> m_texts; ///< per axis
    std::optional<shardscope::SweepResult> m_result;
    SweepRequest m_resultRequest;
    std::optional<shardscope::TrainingBudget> m_pendingBudget; ///< the running sweep's
    std::optional<shardscope::TrainingBudget> m_resultBudget; ///< the result's

    SweepWorker* m_worker = nullptr;
    SweepView* m_view = nullptr;
    QComboBox* m_axisCombo = nullptr;
    QLineEdit* m_valuesEdit = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_exportButton = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_error = nullptr;
};
