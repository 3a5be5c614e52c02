// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"

#include "atomic_save.h"
#include "communication_view.h"
#include "imbalance_view.h"
#include "input_panel.h"
#include "memory_chart.h"
#include "moe_display.h"
#include "plan_table_model.h"
#include "proposal_list_model.h"
#include "session_file.h"
#include "stage_map_view.h"
#include "timeline_view.h"

#include "cost/pipeline_schedule.h"
#include "export/plan_json.h"
#include "export/session_document.h"
#include "import/model_importer.h"
#include "util/input_error.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QPushButton>
#include <QUndoCommand>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

using namespace shardscope;

namespace {

constexpr double kMaxTimelinePasses = 200000; // beyond this the Gantt is a solid block and slow to paint
const char* const kExampleModel = "llama-3-70b";

QString qs(const std::string& s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString gib(double bytes) { return MainWindow::tr("%1 GiB").arg(QLocale().toString(bytes / (1024.0 * 1024 * 1024), 'f', 1)); }

} // namespace

QString MainWindow::describe(const ParallelConfig& c)
{
    QString text = c.cp > 1 ? tr("TP %1 · CP %2 (%3) · PP %4 · DP %5").arg(c.tp).arg(c.cp).arg(qs(toString(c.cpCommType))).arg(c.pp).arg(c.dp)
                            : tr("TP %1 · PP %2 · DP %3").arg(c.tp).arg(c.pp).arg(c.dp);
    if (c.ep > 1 || c.etp > 1)
        text += c.etp > 1 ? tr(" · EP %1 x ETP %2").arg(c.ep).arg(c.etp) : tr(" · EP %1").arg(c.ep);
    if (c.vpp > 1)
        text += tr(" · VPP %1").arg(c.vpp);
    text += tr(" · micro-batch %1 · ZeRO-%2 · recompute %3").arg(c.microBatch).arg(c.zeroStage).arg(qs(toString(c.recompute)));
    if (c.zeroStage > 0 && c.dpReplicate > 1)
        text += tr(" · HSDP x%1").arg(c.dpReplicate);
    if (c.zeroStage == 3 && !c.reshardAfterForward)
        text += tr(" · weights kept to backward");
    if (c.sequenceParallel)
        text += tr(" · SP");
    if (c.tpCommOverlap)
        text += tr(" · TP overlap");
    if (c.pp > 1)
        text += tr(" · %1").arg(qs(toString(c.schedule)));
    if (c.ppCommOverlap)
        text += tr(" · PP overlap");
    if (c.epCommOverlap)
        text += tr(" · EP overlap");
    return text;
}

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_worker(new PlannerWorker(this))
    , m_planModel(new PlanTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_proposalModel(new ProposalListModel(this))
    , m_undo(new QUndoStack(this))
    , m_proposalWatcher(new QFutureWatcher<ProposalBatch>(this))
    , m_import(new QFutureWatcher<ModelImport>(this))
{
    setWindowTitle(tr("ShardScope[*]"));
    setAcceptDrops(true);
    m_proxy->setSourceModel(m_planModel);
    m_proxy->setSortRole(PlanTableModel::SortRole);
    buildLayout();
    buildActions();

    connect(m_inputs, &InputPanel::problemChanged, this, &MainWindow::requestSearch);
    connect(m_inputs, &InputPanel::rankingChanged, this, &MainWindow::rerankNow);
    connect(m_inputs, &InputPanel::openModelRequested, this, &MainWindow::openModelDialog);
    connect(m_inputs, &InputPanel::problemChanged, this, &MainWindow::updateModified);
    connect(m_inputs, &InputPanel::rankingChanged, this, &MainWindow::updateModified);
    connect(m_showInfeasible, &QCheckBox::toggled, this, &MainWindow::updateModified);
    connect(m_worker, &PlannerWorker::searchStarted, this, [this] {
        m_progress->setRange(0, 0);
        m_progress->show();
        m_cancel->show();
        m_status->setText(tr("Searching…"));
    });
    connect(m_worker, &PlannerWorker::progressChanged, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_worker, &PlannerWorker::planReady, this, &MainWindow::showResult);
    connect(m_worker, &PlannerWorker::planFailed, this, &MainWindow::planFailed);
    connect(m_import, &QFutureWatcherBase::finished, this, &MainWindow::importFinished);
    connect(m_proposalWatcher, &QFutureWatcherBase::finished, this, &MainWindow::proposalsFinished);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::currentRowChanged);
    rebuildRecentMenu();
    setTheme(QStringLiteral("system"));
}

MainWindow::~MainWindow()
{
    m_worker->cancel();
    m_import->waitForFinished();
    m_proposalWatcher->waitForFinished();
}

void MainWindow::buildLayout()
{
    m_inputs = new InputPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_inputs);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_inputs->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 4);
    auto* inputsDock = new QDockWidget(tr("Inputs"), this);
    inputsDock->setObjectName(QStringLiteral("inputsDock"));
    inputsDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, inputsDock);

    m_table = new QTableView;
    m_table->setModel(m_proxy);
    // Columns that do not apply to the model (EP for a dense one) are hidden; the proxy neither adds nor moves columns.
    const auto hideColumns = [this] {
        for (int column = 0; column < PlanTableModel::ColumnCount; ++column)
            m_table->setColumnHidden(column, !m_planModel->isColumnShown(column));
    };
    connect(m_planModel, &QAbstractItemModel::modelReset, this, hideColumns);
    connect(m_planModel, &QAbstractItemModel::headerDataChanged, this, hideColumns);
    hideColumns();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the strategy's rank order until a header is clicked
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(tr("Every plan the search evaluated, best first by the chosen strategy. Click a header to "
                           "sort; select a row to show that plan below."));
    m_showInfeasible = new QCheckBox(tr("Show plans that do &not fit"));
    m_showInfeasible->setToolTip(tr("List the plans that exceed GPU memory or break a rule, with the reason."));
    connect(m_showInfeasible, &QCheckBox::toggled, this, [this](bool on) {
        const std::optional<ParallelConfig> keep = m_selected ? std::optional(m_selected->config) : std::nullopt;
        m_planModel->setShowInfeasible(on);
        m_wantedSelection = keep;
        if (m_outcome)
            selectBest();
    });

    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    auto* tableBar = new QHBoxLayout;
    auto* tableLabel = new QLabel(tr("<b>Ranked plans</b>"));
    tableBar->addWidget(tableLabel);
    tableBar->addStretch(1);
    tableBar->addWidget(m_showInfeasible);
    topLayout->addLayout(tableBar);
    topLayout->addWidget(m_table);

    m_memory = new MemoryChartView;
    m_stageMap = new StageMapView;
    m_timeline = new TimelineView;
    m_imbalance = new ImbalanceView;
    m_communication = new CommunicationView;
    m_tabs = new QTabWidget;
    m_tabs->addTab(m_memory, tr("&Memory"));
    m_tabs->addTab(m_stageMap, tr("&Stages"));
    m_tabs->addTab(m_timeline, tr("&Timeline"));
    m_tabs->addTab(m_imbalance, tr("&Imbalance"));
    m_tabs->addTab(m_communication, tr("&Communication"));
    m_tabs->setTabToolTip(MemoryView, tr("Bytes per GPU by what they hold, against the usable capacity."));
    m_tabs->setTabToolTip(StagesView, tr("Pipeline stages: their layers, their GPUs (TP x DP grid), memory and time."));
    m_tabs->setTabToolTip(TimelineView_, tr("One training step's pipeline schedule: forward and backward passes per "
                                            "stage. The bubble is the time stages sit idle while the pipeline fills and drains."));
    m_tabs->setTabToolTip(ImbalanceView_, tr("Time per micro-batch of each stage: the slowest stage sets the pace."));
    m_tabs->setTabToolTip(CommunicationView_, tr("Tensor-, pipeline- and data-parallel communication of one step."));
    m_planTitle = new QLabel;
    m_planTitle->setObjectName(QStringLiteral("planTitle"));
    m_planTitle->setWordWrap(true);
    m_planTitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* bottom = new QWidget;
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(m_planTitle);
    bottomLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);

    m_errorBanner = new QLabel;
    m_errorBanner->setWordWrap(true);
    m_errorBanner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorBanner->setStyleSheet(QStringLiteral("QLabel { background: #fde2e1; color: #5c0b0b; border: 1px solid #e0a0a0; "
                                                "padding: 6px; }"));
    m_errorBanner->hide();
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->addWidget(buildRecoveryBar());
    centralLayout->addWidget(m_errorBanner);
    centralLayout->addWidget(splitter, 1);
    setCentralWidget(central);

    m_proposalList = new QListView;
    m_proposalList->setModel(m_proposalModel);
    m_proposalList->setWordWrap(true);
    m_proposalList->setUniformItemSizes(false);
    m_proposalList->setToolTip(tr("Changes to the selected plan, each re-evaluated with the cost model and ranked by "
                                  "predicted speedup; select one to read why."));
    m_rationale = new QLabel;
    m_rationale->setWordWrap(true);
    m_rationale->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_applyButton = new QPushButton(tr("&Apply proposal"));
    m_applyButton->setToolTip(tr("Switch to the proposed plan (Edit > Undo goes back)."));
    m_applyButton->setEnabled(false);
    connect(m_proposalList->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::updateApplyButton);
    connect(m_proposalList, &QListView::activated, this, [this](const QModelIndex& index) {
        if (const int p = index.data(ProposalListModel::ProposalRole).toInt(); p >= 0)
            if (const QString error = applyProposal(p); !error.isEmpty())
                m_status->setText(error);
    });
    connect(m_applyButton, &QPushButton::clicked, this, [this] {
        const int p = m_proposalList->currentIndex().data(ProposalListModel::ProposalRole).toInt();
        if (const QString error = applyProposal(p); !error.isEmpty())
            m_status->setText(error);
    });
    auto* notes = new QWidget;
    auto* notesLayout = new QVBoxLayout(notes);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->addWidget(m_proposalList, 3);
    notesLayout->addWidget(m_rationale, 1);
    notesLayout->addWidget(m_applyButton);
    auto* notesDock = new QDockWidget(tr("Notes and proposals"), this);
    notesDock->setObjectName(QStringLiteral("notesDock"));
    notesDock->setWidget(notes);
    addDockWidget(Qt::RightDockWidgetArea, notesDock);
    resizeDocks({ inputsDock, notesDock }, { 380, 230 }, Qt::Horizontal);

    m_status = new QLabel(tr("Open a model to start."));
    m_progress = new QProgressBar;
    m_progress->setMaximumWidth(220);
    m_progress->setFormat(tr("%p % searched"));
    m_progress->hide();
    m_cancel = new QToolButton;
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running search (Esc)"));
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (!m_worker->isBusy())
            return; // Esc with nothing running keeps the status and any plans on screen
        m_worker->cancel();
        m_progress->hide();
        m_cancel->hide();
        m_status->setText(tr("Search cancelled."));
    });
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
}

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Model…"), QKeySequence::Open, this, &MainWindow::openModelDialog);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("Open &Example"), this, &MainWindow::loadExample);
    file->addSeparator();
    file->addAction(tr("Open &Session…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, &MainWindow::openSessionDialog);
    file->addAction(tr("&Save Session"), QKeySequence::Save, this, [this] { saveSessionDialog(false); });
    file->addAction(tr("Save Session &As…"), QKeySequence::SaveAs, this, [this] { saveSessionDialog(true); });
    file->addSeparator();
    file->addAction(tr("Export Plan &JSON…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::exportPlanDialog);
    file->addAction(tr("Export &Launch Config…"), QKeySequence(Qt::CTRL | Qt::Key_K), this, &MainWindow::exportLaunchConfigDialog);
    QMenu* exportMenu = file->addMenu(tr("Export &View as PNG/SVG"));
    exportMenu->addAction(tr("&Current View…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                          [this] { exportViewDialog(m_tabs->currentIndex()); });
    exportMenu->addSeparator();
    for (int v = 0; v < ViewCount; ++v)
        exportMenu->addAction(tr("%1…").arg(m_tabs->tabText(v).remove(QLatin1Char('&'))), this, [this, v] { exportViewDialog(v); });
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Whole &Window…"), this, [this] { exportViewDialog(-1); });
    file->addAction(tr("Add &GPUs from File…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Add GPUs"), {}, tr("Hardware catalog (*.json)"));
        if (path.isEmpty())
            return;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return showError(tr("%1: cannot read: %2").arg(path, f.errorString()));
        const QByteArray bytes = f.readAll();
        try {
            m_inputs->addGpus(HardwareCatalog::fromJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString()));
        } catch (const InputError& e) {
            showError(QString::fromUtf8(e.what()));
        }
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* plan = menuBar()->addMenu(tr("&Plan"));
    plan->addAction(tr("&Search Again"), QKeySequence(Qt::Key_F5), this, [this] {
        if (m_inputs->hasModel())
            try {
                m_worker->setDebounceInterval(0);
                m_worker->requestPlan(currentRequest());
                m_worker->setDebounceInterval(150);
            } catch (const InputError& e) {
                showError(QString::fromUtf8(e.what()));
            }
    });
    QAction* cancel = plan->addAction(tr("&Cancel Search"), QKeySequence(Qt::Key_Escape), m_cancel, &QToolButton::click);
    cancel->setShortcutContext(Qt::WindowShortcut);
    QAction* infeasible = plan->addAction(tr("Show Plans That Do &Not Fit"));
    infeasible->setCheckable(true);
    infeasible->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(infeasible, &QAction::toggled, m_showInfeasible, &QCheckBox::setChecked);
    connect(m_showInfeasible, &QCheckBox::toggled, infeasible, &QAction::setChecked);
    plan->addAction(tr("Go to &Plans Table"), QKeySequence(Qt::CTRL | Qt::Key_L), m_table, qOverload<>(&QWidget::setFocus));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int v = 0; v < ViewCount; ++v)
        view->addAction(m_tabs->tabText(v).remove(QLatin1Char('&')), QKeySequence(Qt::CTRL | (Qt::Key_1 + v)), this,
                        [this, v] { m_tabs->setCurrentIndex(v); });
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    QMenu* theme = view->addMenu(tr("&Theme"));
    m_themeGroup = new QActionGroup(this);
    const std::pair<QString, QString> themes[] = { { QStringLiteral("system"), tr("&System") },
                                                   { QStringLiteral("light"), tr("&Light") },
                                                   { QStringLiteral("dark"), tr("&Dark") } };
    for (const auto& [key, label] : themes) {
        QAction* a = theme->addAction(label, this, [this, k = key] { setTheme(k); });
        a->setCheckable(true);
        a->setData(key);
        m_themeGroup->addAction(a);
    }
    //: Menu of user-interface languages; each language is named in itself.
    QMenu* language = view->addMenu(tr("L&anguage"));
    auto* languageGroup = new QActionGroup(this);
    const QString chosen = QSettings().value(QStringLiteral("language")).toString();
    const std::pair<QString, QString> languages[] = { { QString(), tr("&System") },
                                                      { QStringLiteral("en"), QStringLiteral("English") },
                                                      { QStringLiteral("de"), QStringLiteral("Deutsch") },
                                                      { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
    for (const auto& [key, label] : languages) {
        QAction* a = language->addAction(label, this, [this, k = key] {
            QSettings().setValue(QStringLiteral("language"), k);
            QMessageBox::information(this, tr("Language"), tr("The new language applies after ShardScope restarts."));
        });
        a->setCheckable(true);
        a->setChecked(key == chosen);
        a->setData(key);
        languageGroup->addAction(a);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Glossary"), QKeySequence::HelpContents, this, [this] {
        QMessageBox::information(
            this, tr("Glossary"),
            tr("<p><b>TP</b> tensor parallelism: each layer's weight matrices split over GPUs (Megatron column/row "
               "parallel); two all-reduces per block in forward and in backward.</p>"
               "<p><b>PP</b> pipeline parallelism: consecutive layers on different GPUs, micro-batches flow through.</p>"
               "<p><b>DP</b> data parallelism: replicas on different slices of the batch; gradients all-reduced.</p>"
               "<p><b>VPP</b> virtual pipeline stages: model chunks per GPU in interleaved 1F1B.</p>"
               "<p><b>ZeRO-1/2/3</b> shard optimizer states / plus gradients / plus weights over the DP GPUs.</p>"
               "<p><b>Recomputation</b> drops activations in forward and recomputes them in backward.</p>"
               "<p><b>SP</b> sequence parallelism: norms and dropouts split along the sequence over the TP GPUs.</p>"
               "<p><b>Bubble</b> the share of the step pipeline stages sit idle while the pipeline fills and drains: "
               "(p - 1) / (m + p - 1) for 1F1B with p stages and m micro-batches.</p>"
               "<p><b>MFU</b> model FLOPs utilization: model FLOPs per second over the GPUs' peak.</p>"
               "<p>Formulas and sources: docs/cost-model.md.</p>"));
    });
    help->addAction(tr("&About ShardScope"), this, [this] {
        QMessageBox::about(this, tr("About ShardScope"),
                           tr("<p><b>ShardScope %1</b></p><p>Plans tensor, pipeline and data parallelism, ZeRO, "
                              "recomputation and schedules for training large models, from published cost models.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

// ---- inputs and planning ----------------------------------------------------------------------

void MainWindow::loadExample()
{
    std::optional<ModelGraph> model = findBundledModel(kExampleModel);
    if (!model)
        return showError(tr("The bundled example model is missing from this build."));
    ClusterSpec cluster = m_inputs->cluster();
    if (const GpuSpec* h100 = m_inputs->catalog().find("H100-SXM"))
        cluster = ClusterSpec::make(*h100, 64, 8);
    TrainingSpec training;
    training.seqLength = 8192;
    training.globalBatch = 512;
    m_sessionPath.clear();
    m_inputs->setInputs(cluster, training, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive));
    m_worker->setDebounceInterval(0); // the first plan at once
    setModel(std::move(*model), QString::fromLatin1(kExampleModel), true);
    m_worker->setDebounceInterval(150);
    markSaved(); // the example is nobody's unsaved work
}

void MainWindow::openModel(const QString& path)
{
    m_importPath = path;
    m_status->setText(tr("Importing %1…").arg(QFileInfo(path).fileName()));
    m_import->setFuture(QtConcurrent::run([path] {
        ModelImport result { path, nullptr, {} };
        try {
            result.model = std::make_shared<ModelGraph>(importModel(path.toStdString()));
        } catch (const std::exception& e) {
            result.error = QString::fromUtf8(e.what());
        }
        return result;
    }));
}

void MainWindow::importFinished()
{
    const ModelImport result = m_import->result();
    if (result.path != m_importPath)
        return; // a newer import was started
    std::optional<SessionDocument> session = std::exchange(m_pendingSession, std::nullopt);
    const bool restored = session && m_pendingSessionRestored;
    if (!result.model) {
        // Nothing changes: the session's inputs were not applied, the old model stays. A restored
        // autosave stays on disk (released, offered again at the next start).
        if (restored)
            showError(tr("%1: the autosaved session's model could not be opened, the autosave is kept: %2")
                          .arg(m_pendingSessionPath, result.error));
        else
            showError(session ? tr("%1: the session's model could not be opened: %2").arg(m_pendingSessionPath, result.error)
                              : result.error);
        m_restoring.reset();
        m_status->setText(tr("The model could not be imported."));
        emit modelLoaded(false);
        return;
    }
    addRecentFile(result.path);
    if (session)
        applySessionInputs(*session, restored ? QString() : m_pendingSessionPath);
    else
        m_sessionPath.clear(); // a new model: Save must not overwrite the old session with it
    setModel(std::move(*result.model), result.path, false);
    if (session && !restored)
        markSaved();
    if (restored && m_restoring) {
        m_restoring->remove(); // its work is on screen now, and autosaved again by this window
        m_restoring.reset();
        if (m_autosave)
            m_autosave->saveNow();
    }
    updateModified();
    emit modelLoaded(true);
}

void MainWindow::setModel(ModelGraph model, const QString& source, bool bundled)
{
    m_undo->clear();
    clearError();
    setWindowTitle(tr("%1[*] — ShardScope").arg(bundled ? source : QFileInfo(source).fileName()));
    m_inputs->setModel(std::move(model), source, bundled); // emits problemChanged -> requestSearch
}

PlanRequest MainWindow::currentRequest() const
{
    PlanRequest r;
    r.problem = m_inputs->problem();
    r.problem.validate();
    r.strategy = m_inputs->strategy();
    r.weights = m_inputs->weights();
    r.topCount = kTopCount;
    return r;
}

void MainWindow::requestSearch()
{
    if (!m_inputs->hasModel())
        return;
    try {
        m_worker->requestPlan(currentRequest());
        clearError();
    } catch (const InputError& e) {
        m_worker->cancel();
        m_progress->hide();
        m_cancel->hide();
        showError(QString::fromUtf8(e.what()));
    }
}

void MainWindow::planNow()
{
    m_worker->cancel();
    PlanResult result;
    QElapsedTimer timer;
    timer.start();
    try {
        result.request = currentRequest();
        result.outcome = std::make_shared<PlanningOutcome>(
            runPlanning(result.request.problem, result.request.strategy, result.request.weights, result.request.topCount));
    } catch (const std::exception& e) { // InputError names the input; anything else is reported too
        result.error = QString::fromUtf8(e.what());
    }
    result.elapsedMs = double(timer.nsecsElapsed()) / 1e6;
    showResult(result);
}

void MainWindow::planFailed(quint64, const QString& message)
{
    m_progress->hide();
    m_cancel->hide();
    m_status->setText(tr("No plan: the inputs are not usable."));
    showError(message);
}

void MainWindow::showResult(const PlanResult& result)
{
    m_progress->hide();
    m_cancel->hide();
    if (!result.error.isEmpty() || !result.outcome)
        return planFailed(result.generation, result.error);
    clearError();
    const std::optional<ParallelConfig> keep = m_wantedSelection ? m_wantedSelection : userSelection();
    m_wantedSelection.reset();
    m_selected.reset(); // new numbers even where the best configuration did not change
    m_planModel->setOutcome(nullptr);
    m_evaluator.reset(); // it refers to the problem of m_shown
    if (m_shown
        && (m_shown->problem.model.name() != result.request.problem.model.name()
            || m_shown->problem.cluster.totalGpus() != result.request.problem.cluster.totalGpus()
            || m_shown->problem.cluster.gpu.name != result.request.problem.cluster.gpu.name))
        m_undo->clear(); // plans of another model or cluster: switching back to them makes no sense
    m_shown = std::make_shared<PlanRequest>(result.request);
    m_evaluator = std::make_unique<PlanEvaluator>(m_shown->problem);
    m_planModel->setCalibration(m_shown->problem.cluster.gpu.calibration);
    m_planModel->setMixtureOfExperts(hasRoutedExperts(m_shown->problem.model)); // the EP column, hidden on reset
    m_outcome = result.outcome; // taken over, not copied: re-ranked in place from now on
    // The sliders may have moved while the search ran: rank for what they say now.
    if (m_inputs->strategy() != m_shown->strategy || !(m_inputs->weights() == m_shown->weights)) {
        m_shown->strategy = m_inputs->strategy();
        m_shown->weights = m_inputs->weights();
        try {
            rerank(*m_outcome, *m_evaluator, m_shown->strategy, m_shown->weights, m_shown->topCount);
        } catch (const std::exception& e) {
            showError(tr("The plans could not be re-ranked: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    m_planModel->setOutcome(m_outcome);
    if (!m_columnsSized) { // once: later results keep the user's column widths
        m_table->horizontalHeader()->setResizeContentsPrecision(64);
        m_table->resizeColumnsToContents();
        m_columnsSized = true;
    }
    m_wantedSelection = keep;
    selectBest();
    if (const std::optional<ParallelConfig> target = std::exchange(m_applyTarget, std::nullopt);
        target && (!m_selected || !(m_selected->config == *target)))
        selectConfig(*target); // an applied proposal outside the search's range: shown without a row
    const SearchResult& s = m_outcome->search;
    m_status->setText(tr("%1 plans evaluated in %2 ms; %3 fit in memory")
                          .arg(QLocale().toString(qulonglong(s.candidates.size())))
                          .arg(QLocale().toString(result.elapsedMs, 'f', 0))
                          .arg(QLocale().toString(qulonglong(s.feasibleCount))));
    emit planShown();
}

void MainWindow::rerankNow()
{
    if (!m_outcome || !m_evaluator)
        return;
    QElapsedTimer timer;
    timer.start();
    const std::optional<ParallelConfig> keep = userSelection();
    m_shown->strategy = m_inputs->strategy();
    m_shown->weights = m_inputs->weights();
    m_planModel->setOutcome(nullptr);
    try {
        rerank(*m_outcome, *m_evaluator, m_shown->strategy, m_shown->weights, m_shown->topCount);
    } catch (const std::exception& e) {
        showError(tr("The plans could not be re-ranked: %1").arg(QString::fromUtf8(e.what())));
    }
    m_planModel->setOutcome(m_outcome);
    m_wantedSelection = keep;
    selectBest();
    m_lastRerankMs = double(timer.nsecsElapsed()) / 1e6;
    m_status->setText(tr("%1 plans re-ranked in %2 ms (no new search)")
                          .arg(QLocale().toString(qulonglong(m_outcome->search.candidates.size())))
                          .arg(QLocale().toString(m_lastRerankMs, 'f', 1)));
    emit planShown();
}

void MainWindow::selectBest()
{
    const QModelIndex best = m_proxy->mapFromSource(m_planModel->index(0, 0));
    selectRow(best.isValid() ? best.row() : 0);
}

std::optional<ParallelConfig> MainWindow::userSelection() const
{
    // The first row means "show me the best plan": it follows the ranking. Any other row is the
    // plan the user picked and stays selected wherever it moves.
    if (!m_selected || m_planModel->rowCount() == 0)
        return std::nullopt;
    const PlanSummary* best = m_planModel->plan(0); // rank 1, wherever a header sort put it
    if (best && best->config == m_selected->config)
        return std::nullopt;
    return m_selected->config;
}

void MainWindow::selectRow(int row)
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
        m_table->selectionModel()->clearCurrentIndex();
        clearViews();
        return;
    }
    const QModelIndex index = m_proxy->index(row, 0);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    currentRowChanged(); // also when the row index did not change but the plan did
}

void MainWindow::currentRowChanged()
{
    const QModelIndex index = m_table->selectionModel()->currentIndex();
    const PlanSummary* summary = index.isValid() ? m_planModel->plan(m_proxy->mapToSource(index).row()) : nullptr;
    if (!summary || !m_evaluator) {
        clearViews();
        return;
    }
    if (m_selected && m_selected->config == summary->config)
        return;
    for (const PlanEstimate& e : m_outcome->top)
        if (e.config == summary->config)
            return showPlan(e);
    try {
        showPlan(m_evaluator->evaluate(summary->config)); // one full evaluation: well under a millisecond
    } catch (const std::exception& e) {
        clearViews();
        showError(tr("This plan could not be evaluated: %1").arg(QString::fromUtf8(e.what())));
    }
}

void MainWindow::showPlan(const PlanEstimate& plan)
{
    m_selected = plan;
    m_memory->setPlan(plan);
    m_stageMap->setPlan(plan, m_shown->problem.model);
    m_imbalance->setPlan(plan);
    m_communication->setPlan(plan);
    m_proposalModel->setPlan(plan);
    computeProposals();
    // Forward and backward per micro-batch, chunk and stage, and the weight gradient apart in zero-bubble schedules.
    const double passes = (isZeroBubble(plan.config.schedule) ? 3.0 : 2.0) * plan.numMicroBatches * plan.config.pp
        * std::max(1, plan.config.vpp);
    if (passes > kMaxTimelinePasses) {
        m_timeline->clearTimeline(tr("%1 micro-batches on %2 stages: too many passes to draw (%3); the bubble is %4 % of the step")
                                      .arg(plan.numMicroBatches)
                                      .arg(plan.config.pp)
                                      .arg(QLocale().toString(passes, 'f', 0))
                                      .arg(QLocale().toString(plan.bubbleFraction * 100, 'f', 1)));
    } else {
        try {
            m_timeline->setTimeline(planTimeline(plan));
        } catch (const std::exception& e) {
            m_timeline->clearTimeline(tr("No schedule: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    QString title = tr("<b>%1</b>").arg(describe(plan.config).toHtmlEscaped());
    // The predictions carry the cost model's measured error on the GPU's family: "61.45 s ± 5 % per step".
    const CalibrationInfo calibration = m_shown ? m_shown->problem.cluster.gpu.calibration : CalibrationInfo {};
    if (plan.feasible)
        title += tr("<br>%1 per GPU of %2 usable · %3 s %4 per step · %5 tokens/s · MFU %6 % · bubble %7 %")
                     .arg(gib(plan.peakMemoryBytes), gib(plan.capacityBytes))
                     .arg(QLocale().toString(plan.time.stepSeconds, 'f', 2))
                     .arg(PlanTableModel::errorText(calibration).toHtmlEscaped())
                     .arg(QLocale().toString(plan.tokensPerSecond, 'f', 0))
                     .arg(QLocale().toString(plan.mfu * 100, 'f', 1))
                     .arg(QLocale().toString(plan.bubbleFraction * 100, 'f', 1));
    else
        title += tr("<br><span style='color:#c0392b'>Does not fit: %1</span>").arg(qs(plan.infeasibleReason).toHtmlEscaped());
    m_planTitle->setText(title);
    m_planTitle->setToolTip(plan.feasible ? PlanTableModel::errorToolTip(calibration) : QString());
}

void MainWindow::computeProposals()
{
    // Each proposal is a full re-evaluation: tens of them take milliseconds for a layer graph but
    // longer for a 100k-operator ONNX graph, so they are computed off the GUI thread.
    const quint64 generation = ++m_proposalGeneration;
    updateApplyButton();
    m_proposalWatcher->setFuture(QtConcurrent::run([request = m_shown, plan = *m_selected, generation] {
        ProposalBatch batch { generation, {}, {} };
        try {
            batch.proposals = proposeChanges(request->problem, plan);
        } catch (const std::exception& e) {
            batch.error = QString::fromUtf8(e.what());
        }
        return batch;
    }));
}

void MainWindow::proposalsFinished()
{
    const ProposalBatch batch = m_proposalWatcher->result();
    if (batch.generation != m_proposalGeneration)
        return; // for a plan no longer shown
    if (!batch.error.isEmpty())
        m_status->setText(tr("No proposals: %1").arg(batch.error));
    m_proposalModel->setProposals(batch.proposals);
    updateApplyButton();
    emit proposalsShown();
}

void MainWindow::updateApplyButton()
{
    const QModelIndex current = m_proposalList->currentIndex();
    const int p = current.isValid() ? current.data(ProposalListModel::ProposalRole).toInt() : -1;
    const auto& proposals = m_proposalModel->proposals();
    if (p < 0 || std::size_t(p) >= proposals.size()) {
        m_applyButton->setEnabled(false);
        m_rationale->setText(current.isValid() ? current.data(Qt::ToolTipRole).toString() : QString());
        return;
    }
    const Proposal& proposal = proposals[std::size_t(p)];
    m_rationale->setText(QString::fromStdString(proposal.rationale));
    m_applyButton->setEnabled(proposal.evaluated);
}

QString MainWindow::applyProposal(int index)
{
    const auto& proposals = m_proposalModel->proposals();
    if (index < 0 || std::size_t(index) >= proposals.size() || !m_selected)
        return tr("No proposal is selected.");
    const Proposal& p = proposals[std::size_t(index)];
    if (!p.evaluated)
        return tr("\"%1\" is an estimate, not a configuration the planner can switch to.").arg(QString::fromStdString(p.title));

    class SwitchPlan : public QUndoCommand
    {
    public:
        SwitchPlan(MainWindow* window, PlanChoice from, PlanChoice to, const QString& text)
            : QUndoCommand(text)
            , m_window(window)
            , m_from(std::move(from))
            , m_to(std::move(to))
        {
        }
        void redo() override { m_window->switchTo(m_to); }
        void undo() override { m_window->switchTo(m_from); }

    private:
        MainWindow* m_window;
        PlanChoice m_from, m_to;
    };
    // The training spec of what is on screen (the form may hold edits not searched yet).
    m_undo->push(new SwitchPlan(this, PlanChoice { m_selected->config, m_shown->problem.training }, PlanChoice { p.config, p.training },
                                tr("Apply \"%1\"").arg(QString::fromStdString(p.title))));
    return {};
}

void MainWindow::switchTo(const PlanChoice& choice)
{
    const TrainingSpec now = m_inputs->training();
    if (choice.training.dpOverlap != now.dpOverlap || choice.training.memoryMargin != now.memoryMargin
        || !(choice.training.pins == now.pins) || choice.training.seqLength != now.seqLength
        || choice.training.globalBatch != now.globalBatch || choice.training.precision != now.precision
        || choice.training.moeImbalance != now.moeImbalance || choice.training.moeCapacityFactor != now.moeCapacityFactor) {
        // A knob of the training spec changes: search again, then select the plan.
        m_inputs->setInputs(m_inputs->cluster(), choice.training, m_inputs->strategy(), m_inputs->weights(), false);
        m_wantedSelection = choice.config;
        m_applyTarget = choice.config;
        m_worker->setDebounceInterval(0);
        requestSearch();
        m_worker->setDebounceInterval(150);
        return;
    }
    selectConfig(choice.config);
}

void MainWindow::selectConfig(const ParallelConfig& config)
{
    if (!m_outcome || !m_evaluator)
        return;
    const auto& candidates = m_outcome->search.candidates;
    const auto found = std::find_if(candidates.begin(), candidates.end(), [&](const PlanSummary& p) { return p.config == config; });
    if (found != candidates.end() && !found->feasible && !m_showInfeasible->isChecked())
        m_showInfeasible->setChecked(true); // the plan must have a row to be selected
    m_wantedSelection = config;
    selectBest(); // picks the wanted row when there is one
    if (!m_selected || !(m_selected->config == config)) {
        // Not among the searched candidates (outside the search's range): show it without a row.
        m_table->selectionModel()->clearCurrentIndex();
        try {
            showPlan(m_evaluator->evaluate(config));
        } catch (const std::exception& e) {
            showError(tr("This plan could not be evaluated: %1").arg(QString::fromUtf8(e.what())));
        }
    }
}

void MainWindow::clearViews()
{
    m_selected.reset();
    m_memory->clearPlan();
    m_stageMap->clearPlan();
    m_imbalance->clearPlan();
    m_communication->clearPlan();
    m_timeline->setTimeline({});
    m_proposalModel->clear();
    ++m_proposalGeneration; // a running computation is for a plan no longer shown
    updateApplyButton();
    if (m_outcome && m_outcome->search.feasibleCount == 0 && !m_showInfeasible->isChecked())
        m_planTitle->setText(tr("<b>No plan fits in memory.</b> Tick \"Show plans that do not fit\" to see each one's reason, "
                                "or add GPUs, shorten the sequence, or pin recomputation and ZeRO."));
    else
        m_planTitle->setText(m_outcome ? tr("No plan is selected.") : QString());
    m_planTitle->setToolTip(QString());
}

void MainWindow::showError(const QString& message)
{
    m_errorBanner->setText(message);
    m_errorBanner->show();
}

void MainWindow::clearError()
{
    m_errorBanner->clear();
    m_errorBanner->hide();
}

QString MainWindow::statusText() const { return m_status->text(); }
QString MainWindow::errorText() const { return m_errorBanner->isHidden() ? QString() : m_errorBanner->text(); }
