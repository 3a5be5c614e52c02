// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_panel.h"

#include "atomic_save.h"
#include "cost/plan_evaluator.h"
#include "export/sweep_export.h"
#include "sweep_view.h"
#include "util/input_error.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <utility>

using namespace shardscope;

namespace {

constexpr int kProgressScale = 1000;

QString defaultValues(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return QStringLiteral("8..1024");
    case SweepAxis::GlobalBatch:
        return QStringLiteral("64..4096");
    case SweepAxis::SeqLength:
        return QStringLiteral("1024..32768");
    }
    return {};
}

} // namespace

SweepPanel::SweepPanel(QWidget* parent)
    : QWidget(parent)
    , m_worker(new SweepWorker(this))
    , m_view(new SweepView(this))
    , m_axisCombo(new QComboBox(this))
    , m_valuesEdit(new QLineEdit(this))
    , m_runButton(new QPushButton(tr("Run"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_exportButton(new QPushButton(tr("Export CSV/JSON..."), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_error(new QLabel(this))
{
    m_axisCombo->addItem(tr("GPUs"), int(SweepAxis::Gpus));
    m_axisCombo->addItem(tr("Global batch"), int(SweepAxis::GlobalBatch));
    m_axisCombo->addItem(tr("Sequence length"), int(SweepAxis::SeqLength));
    m_axisCombo->setToolTip(tr("The input that changes from point to point; everything else stays as set"));
    for (const SweepAxis a : { SweepAxis::Gpus, SweepAxis::GlobalBatch, SweepAxis::SeqLength })
        m_texts[int(a)] = defaultValues(a);
    m_valuesEdit->setText(m_texts[int(SweepAxis::Gpus)]);
    m_valuesEdit->setToolTip(
        tr("A..B: every power of two from A to B (64..16384 is 64, 128, ..., 16384); "
           "A,B,C: those values. At most %1 values; each is a full search. GPU counts are "
           "whole nodes.")
            .arg(kMaxSweepPoints));
    m_valuesEdit->setClearButtonEnabled(true);
    m_runButton->setToolTip(tr("Search every value and show each one's best plan"));
    m_cancelButton->setToolTip(tr("Stop the sweep; the points finished so far stay"));
    m_exportButton->setToolTip(tr("Write the sweep as CSV or JSON (docs/sweep-format.md)"));
    m_progress->setRange(0, kProgressScale);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(12);
    QPalette red = m_error->palette();
    red.setColor(QPalette::WindowText, QColor(200, 30, 30));
    m_error->setPalette(red);
    m_error->setWordWrap(true);
    m_error->setVisible(false);
    m_status->setWordWrap(true);
    m_status->setText(tr("Choose what to sweep and its values, then Run."));

    auto* controls = new QHBoxLayout;
    auto* axisLabel = new QLabel(tr("Sweep"), this);
    axisLabel->setBuddy(m_axisCombo);
    auto* valuesLabel = new QLabel(tr("&Values"), this);
    valuesLabel->setBuddy(m_valuesEdit);
    controls->addWidget(axisLabel);
    controls->addWidget(m_axisCombo);
    controls->addWidget(valuesLabel);
    controls->addWidget(m_valuesEdit, 1);
    auto* actions = new QHBoxLayout; // a second row: the panel fits a 1280 x 720 laptop window
    actions->addWidget(m_runButton);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_exportButton);
    actions->addStretch(1);
    m_axisCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_axisCombo->setMinimumContentsLength(10);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addLayout(actions);
    layout->addWidget(m_error);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this, [this] {
        m_valuesEdit->setText(m_texts[int(axis())]);
        parseValues();
    });
    connect(m_valuesEdit, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_texts[int(axis())] = text;
        parseValues();
    });
    connect(m_valuesEdit, &QLineEdit::returnPressed, this, &SweepPanel::run);
    connect(m_runButton, &QPushButton::clicked, this, &SweepPanel::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, &SweepPanel::exportDialog);
    connect(m_worker, &SweepWorker::started, this, &SweepPanel::onStarted);
    connect(m_worker, &SweepWorker::progress, this, &SweepPanel::onProgress);
    connect(m_worker, &SweepWorker::pointFinished, this, &SweepPanel::onPoint);
    connect(m_worker, &SweepWorker::finished, this, &SweepPanel::onFinished);
    connect(m_worker, &SweepWorker::failed, this, &SweepPanel::onFailed);
    connect(m_view, &SweepView::pointClicked, this, [this](int index) {
        const auto& points = m_view->points();
        if (index >= 0 && std::size_t(index) < points.size() && points[std::size_t(index)])
            emit pointActivated(m_view->axis(), qint64(points[std::size_t(index)]->value));
    });
    updateButtons();
}

SweepPanel::~SweepPanel() = default;

void SweepPanel::setInputs(const SweepInputs& inputs)
{
    m_provider = [inputs]() -> std::optional<SweepInputs> { return inputs; };
}

void SweepPanel::setAxis(SweepAxis axis)
{
    m_axisCombo->setCurrentIndex(m_axisCombo->findData(int(axis)));
}

SweepAxis SweepPanel::axis() const
{
    return SweepAxis(m_axisCombo->currentData().toInt());
}

void SweepPanel::setValuesText(const QString& text)
{
    m_texts[int(axis())] = text;
    m_valuesEdit->setText(text);
    parseValues();
}

QString SweepPanel::valuesText() const
{
    return m_valuesEdit->text();
}

bool SweepPanel::isRunning() const
{
    return m_worker->isBusy();
}

QString SweepPanel::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString SweepPanel::statusText() const
{
    return m_status->text();
}

void SweepPanel::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

std::optional<std::vector<std::int64_t>> SweepPanel::parseValues()
{
    try {
        std::vector<std::int64_t> values = parseSweepValues(
            axis(), m_valuesEdit->text().toStdString(), m_axisCombo->currentText().toStdString());
        showError({});
        return values;
    } catch (const InputError& e) {
        showError(tr("%1: %2").arg(m_axisCombo->currentText(), QString::fromStdString(e.message())));
    }
    return std::nullopt;
}

bool SweepPanel::run()
{
    std::optional<std::vector<std::int64_t>> values = parseValues();
    if (!values) return false;
    const std::optional<SweepInputs> inputs = m_provider ? m_provider() : std::nullopt;
    if (!inputs) {
        showError(tr("Open a model first: a sweep plans the model on screen."));
        return false;
    }
    SweepRequest request;
    request.problem = inputs->problem;
    request.spec = SweepSpec { axis(), std::move(*values) };
    request.strategy = inputs->strategy;
    request.weights = inputs->weights;
    request.threads = m_threads;
    m_resultRequest = request; // for the view's texts; replaced by the finished run's
    m_pendingBudget = inputs->budget;
    m_view->start(request.spec.axis, request.spec.values, viewInputs(request));
    m_discardRunning = false;
    m_worker->run(request);
    return true;
}

void SweepPanel::cancel()
{
    if (!m_worker->isBusy()) return;
    m_worker->cancel();
    m_status->setText(tr("Cancelling..."));
}

void SweepPanel::clear(const QString& status)
{
    m_discardRunning = m_worker->isBusy();
    if (m_discardRunning) m_worker->cancel();
    m_result.reset();
    m_view->clear();
    m_progress->setValue(0);
    m_status->setText(status);
    updateButtons();
}

void SweepPanel::onStarted(int pointCount)
{
    if (m_discardRunning) return;
    m_progress->setValue(0);
    m_status->setText(
        pointCount == 1 ? tr("Searching 1 point...") : tr("Searching %1 points...").arg(pointCount));
    updateButtons();
}

void SweepPanel::onProgress(double fraction, int point, int pointCount)
{
    if (m_discardRunning) return;
    m_progress->setValue(int(std::clamp(fraction, 0.0, 1.0) * kProgressScale));
    const std::vector<std::int64_t>& values = m_worker->request().spec.values;
    if (point >= 0 && std::size_t(point) < values.size())
        m_status->setText(
            tr("Searching %1 (point %2 of %3)...")
                .arg(SweepView::valueWithUnit(m_worker->request().spec.axis, values[std::size_t(point)]))
                .arg(point + 1)
                .arg(pointCount));
}

void SweepPanel::onPoint(int index, const SweepPoint& point)
{
    if (m_discardRunning) return;
    m_view->setPoint(std::size_t(index), point);
}

void SweepPanel::onFinished(const SweepResult& result)
{
    if (std::exchange(m_discardRunning, false)) {
        updateButtons();
        emit sweepFinished(); // it ended; result() stays empty
        return;
    }
    m_result = result;
    m_resultRequest = m_worker->request();
    m_resultBudget = m_pendingBudget;
    m_view->setResult(result, viewInputs(m_resultRequest));
    m_progress->setValue(result.cancelled ? m_progress->value() : kProgressScale);

    const QLocale locale;
    const std::size_t n = m_resultRequest.spec.values.size();
    const QString seconds = locale.toString(result.elapsedSeconds, 'f', 1);
    QString text;
    if (result.cancelled)
        text = tr("Cancelled: %1 of %2 points in %3 s").arg(result.points.size()).arg(n).arg(seconds);
    else if (result.points.size() == 1)
        text = tr("1 point in %1 s").arg(seconds);
    else
        text = tr("%1 points in %2 s").arg(result.points.size()).arg(seconds);
    if (result.smallestFitting) {
        text += tr("; %1").arg(
            SweepView::smallestText(result.axis, result.points[*result.smallestFitting].value));
        if (const auto limit = m_view->fitLimit())
            text += tr("; largest that fits: %1")
                        .arg(SweepView::valueWithUnit(result.axis, result.points[*limit].value));
    } else if (!result.points.empty()) {
        text += tr("; no plan fits at any point");
    }
    m_status->setText(text);
    updateButtons();
    emit sweepFinished();
}

void SweepPanel::onFailed(const QString& message)
{
    showError(message);
    m_status->setText(tr("The sweep could not run."));
    m_view->clear();
    updateButtons();
}

void SweepPanel::updateButtons()
{
    m_cancelButton->setEnabled(m_worker->isBusy());
    m_exportButton->setEnabled(m_result.has_value() && !m_result->points.empty());
}

std::optional<PlanningProblem> SweepPanel::pointProblem(std::size_t index) const
{
    if (!m_result || index >= m_result->points.size()) return std::nullopt;
    try {
        return sweepPointProblem(m_resultRequest.problem, m_result->axis, m_result->points[index].value);
    } catch (const InputError&) {
        return std::nullopt;
    }
}

QString SweepPanel::exportTo(const QString& path) const
{
    if (!m_result) return tr("There is no sweep to export yet: run one first.");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("csv") && suffix != QLatin1String("json"))
        return tr("Cannot export to %1: the file name must end in .csv or .json").arg(path);
    SweepReport report;
    report.generator = "ShardScope " + QCoreApplication::applicationVersion().toStdString();
    report.base = &m_resultRequest.problem;
    report.strategy = m_resultRequest.strategy;
    report.weights = m_resultRequest.weights;
    report.budget = m_resultBudget;
    report.result = &*m_result;
    std::string text;
    try {
        text = suffix == QLatin1String("csv") ? writeSweepCsv(report) : writeSweepJson(report);
    } catch (const std::exception& e) {
        return tr("Cannot export to %1: %2").arg(path, QString::fromStdString(e.what()));
    }
    const QString error = saveFileAtomically(path, QByteArray::fromStdString(text));
    return error.isEmpty() ? QString() : tr("Cannot write %1: %2").arg(path, error);
}

void SweepPanel::exportDialog()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Sweep"), {}, tr("CSV table (*.csv);;Sweep JSON (*.json)"), &filter);
    if (path.isEmpty()) return;
    QString target = path;
    if (QFileInfo(path).suffix().isEmpty())
        target += filter.contains(QLatin1String("*.json")) ? QStringLiteral(".json") : QStringLiteral(".csv");
    const QString error = exportTo(target);
    if (!error.isEmpty())
        showError(error);
    else
        m_status->setText(tr("Sweep written to %1").arg(target));
}

SweepViewInputs SweepPanel::viewInputs(const SweepRequest& request)
{
    SweepViewInputs in;
    in.modelName = QString::fromStdString(request.problem.model.name());
    in.gpuName = QString::fromStdString(request.problem.cluster.gpu.name);
    in.gpus = request.problem.cluster.totalGpus();
    in.gpusPerNode = request.problem.cluster.gpusPerNode;
    try {
        in.usableBytes = PlanEvaluator(request.problem).usableBytes();
    } catch (const std::exception&) {
        in.usableBytes = 0; // the points' own capacity is drawn instead
    }
    return in;
}

QString SweepPanel::subtitle(const SweepRequest& request)
{
    const PlanningProblem& p = request.problem;
    const SweepAxis axis = request.spec.axis;
    const QLocale locale;
    QStringList parts;
    parts << (axis == SweepAxis::Gpus
            ? tr("%1 on %2, %3 a node")
                  .arg(QString::fromStdString(p.model.name()), QString::fromStdString(p.cluster.gpu.name))
                  .arg(p.cluster.gpusPerNode)
            : tr("%1 on %2 x %3")
                  .arg(QString::fromStdString(p.model.name()))
                  .arg(p.cluster.totalGpus())
                  .arg(QString::fromStdString(p.cluster.gpu.name)));
    if (axis != SweepAxis::SeqLength)
        parts << tr("seq %1").arg(locale.toString(qlonglong(p.training.seqLength)));
    if (axis != SweepAxis::GlobalBatch)
        parts << tr("global batch %1").arg(locale.toString(qlonglong(p.training.globalBatch)));
    parts << tr("%1 search").arg(QString::fromStdString(std::string(toString(request.strategy))));
    return parts.join(tr(" · "));
}

Figure SweepPanel::figure() const
{
    Figure f = figure(*m_view, m_resultRequest);
    f.viewSize = QSizeF(m_view->size());
    return f;
}

Figure SweepPanel::figure(const SweepView& view, const SweepRequest& request)
{
    Figure f;
    f.title = tr("Sweep — %1").arg(QString::fromStdString(request.problem.model.name()));
    f.subtitle = subtitle(request);
    f.viewSize = QSizeF(view.sizeHint());
    const SweepView* shown = &view;
    f.paint = [shown](QPainter& painter, QSizeF size) { shown->render(painter, size); };
    return f;
}
