// SPDX-License-Identifier: GPL-3.0-or-later
#include "file_controller.h"

#include "import/model_importer.h"
#include "input_panel.h"
#include "planning_controller.h"
#include "session_file.h"
#include "util/input_error.h"

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QtConcurrent/QtConcurrentRun>

using namespace shardscope;

namespace {

constexpr int kMaxRecent = 8;
constexpr int kDebounceMs = 150;
const char* const kExampleModel = "llama-3-70b";

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// The inputs without what every search changes by itself (the selected row, the generator).
SessionDocument inputsOnly(SessionDocument document)
{
    document.selectedPlan.reset();
    document.generator.clear();
    return document;
}

} // namespace

FileController::FileController(
    InputPanel* inputs, PlanningController* planning, QWidget* window, QObject* parent)
    : QObject(parent)
    , m_inputs(inputs)
    , m_planning(planning)
    , m_window(window)
    , m_import(new QFutureWatcher<ModelImport>(this))
{
    connect(m_inputs, &InputPanel::openModelRequested, this, &FileController::openModelDialog);
    connect(m_inputs, &InputPanel::problemChanged, this, &FileController::updateModified);
    connect(m_inputs, &InputPanel::rankingChanged, this, &FileController::updateModified);
    connect(m_planning, &PlanningController::showInfeasibleChanged, this, &FileController::updateModified);
    connect(m_import, &QFutureWatcherBase::finished, this, &FileController::importDone);
}

FileController::~FileController()
{
    m_import->waitForFinished();
}

// ---- models ----------------------------------------------------------------------------------------

void FileController::loadExample()
{
    std::optional<ModelGraph> model = findBundledModel(kExampleModel);
    if (!model) return emit errorRaised(tr("The bundled example model is missing from this build."));
    ClusterSpec cluster = m_inputs->cluster();
    if (const GpuSpec* h100 = m_inputs->catalog().find("H100-SXM")) cluster = ClusterSpec::make(*h100, 64, 8);
    TrainingSpec training;
    training.seqLength = 8192;
    training.globalBatch = 512;
    m_sessionPath.clear();
    m_inputs->setInputs(cluster, training, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive));
    m_planning->worker()->setDebounceInterval(0); // the first plan at once
    setModel(std::move(*model), QString::fromLatin1(kExampleModel), true);
    m_planning->worker()->setDebounceInterval(kDebounceMs);
    markSaved(); // the example is nobody's unsaved work
}

void FileController::openModel(const QString& path)
{
    m_importPath = path;
    emit statusMessage(tr("Importing %1…").arg(QFileInfo(path).fileName()));
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

void FileController::importDone()
{
    const ModelImport result = m_import->result();
    if (result.path != m_importPath) return; // a newer import was started
    std::optional<SessionDocument> session = std::exchange(m_pendingSession, std::nullopt);
    const bool restored = session && m_pendingSessionRestored;
    if (!result.model) {
        // Nothing changes: the session's inputs were not applied, the old model stays. A restored
        // autosave stays on disk (released, offered again at the next start).
        if (restored)
            emit errorRaised(
                tr("%1: the autosaved session's model could not be opened, the autosave is kept: %2")
                    .arg(m_pendingSessionPath, result.error));
        else
            emit errorRaised(session ? tr("%1: the session's model could not be opened: %2")
                                           .arg(m_pendingSessionPath, result.error)
                                     : result.error);
        emit importFinished(false, restored);
        emit statusMessage(tr("The model could not be imported."));
        emit modelLoaded(false);
        return;
    }
    addRecentFile(result.path);
    if (session)
        applySessionInputs(*session, restored ? QString() : m_pendingSessionPath);
    else
        m_sessionPath.clear(); // a new model: Save must not overwrite the old session with it
    setModel(std::move(*result.model), result.path, false);
    if (session && !restored) markSaved();
    emit importFinished(true, restored);
    updateModified();
    emit modelLoaded(true);
}

void FileController::setModel(ModelGraph model, const QString& source, bool bundled)
{
    emit modelReplaced(bundled ? source : QFileInfo(source).fileName());
    m_inputs->setModel(std::move(model), source, bundled); // emits problemChanged -> requestSearch
}

void FileController::openFile(const QString& path)
{
    if (path.endsWith(QLatin1String(".shardscope"), Qt::CaseInsensitive)) {
        if (const QString error = openSession(path); !error.isEmpty()) emit errorRaised(error);
    } else {
        openModel(path);
    }
}

// ---- sessions --------------------------------------------------------------------------------------

QString FileController::openSession(const QString& path)
{
    SessionDocument session;
    try {
        session = loadSessionFile(path);
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    return applySession(session, path);
}

QString FileController::applySession(const SessionDocument& session, const QString& path, bool restored)
{
    // A restored autosave is unsaved work: no session path to save over, no recent-files entry.
    const QString sessionPath = restored ? QString() : path;
    if (session.modelIsBundled) {
        std::optional<ModelGraph> model = findBundledModel(session.model);
        if (!model) // checked before anything changes
            return tr("%1: the bundled model \"%2\" is not part of this version")
                .arg(path, qs(session.model));
        applySessionInputs(session, sessionPath);
        setModel(std::move(*model), qs(session.model), true);
    } else if (!session.model.empty()) {
        // The inputs are applied when the model has been imported: until then the window stays
        // as it is, and a model that cannot be opened changes nothing.
        m_pendingSession = session;
        m_pendingSessionPath = path;
        m_pendingSessionRestored = restored;
        openModel(qs(resolveSessionModelPath(session, path.toStdString())));
        return {};
    } else {
        applySessionInputs(session, sessionPath);
        m_planning->requestSearch();
    }
    if (!restored) markSaved();
    updateModified();
    return {};
}

void FileController::applySessionInputs(const SessionDocument& session, const QString& path)
{
    m_sessionPath = path;
    if (!path.isEmpty()) addRecentFile(path);
    m_planning->setWantedSelection(session.selectedPlan);
    m_planning->setShowInfeasible(session.showInfeasible);
    m_inputs->setProfile(QString::fromStdString(session.profile), false); // before the GPU: it sets the GPUs' constants
    m_inputs->setInputs(session.cluster, session.training, session.strategy, session.weights, false);
    m_planning->setWantedSelection(session.selectedPlan);
}

SessionDocument FileController::sessionDocument() const
{
    SessionDocument s;
    s.generator = "ShardScope " + QCoreApplication::applicationVersion().toStdString();
    s.model = m_inputs->modelSource().toStdString();
    s.modelIsBundled = m_inputs->modelIsBundled();
    if (!s.modelIsBundled && !s.model.empty())
        s.model = QFileInfo(m_inputs->modelSource()).absoluteFilePath().toStdString();
    s.cluster = m_inputs->cluster();
    s.profile = m_inputs->profile().toStdString();
    s.training = m_inputs->training();
    s.strategy = m_inputs->strategy();
    s.weights = m_inputs->weights();
    s.topCount = PlanningController::kTopCount;
    s.showInfeasible = m_planning->showInfeasible();
    if (const PlanEstimate* selected = m_planning->selectedPlan()) s.selectedPlan = selected->config;
    return s;
}

QString FileController::saveSession(const QString& path)
{
    try {
        saveSessionFile(path, sessionDocument());
    } catch (const InputError& e) {
        return QString::fromUtf8(e.what());
    }
    m_sessionPath = path;
    addRecentFile(path);
    markSaved();
    return {};
}

std::optional<SessionDocument> FileController::unsavedSession() const
{
    SessionDocument now = sessionDocument();
    if (m_savedState && inputsOnly(now) == *m_savedState) return std::nullopt;
    return now;
}

void FileController::markSaved()
{
    m_savedState = inputsOnly(sessionDocument());
    updateModified();
}

void FileController::updateModified()
{
    emit modifiedChanged(unsavedSession().has_value());
}

// ---- recent files ------------------------------------------------------------------------------------

void FileController::setRecentMenu(QMenu* menu)
{
    m_recentMenu = menu;
    rebuildRecentMenu();
}

void FileController::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void FileController::rebuildRecentMenu()
{
    if (!m_recentMenu) return;
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (int i = 0; i < recent.size(); ++i) {
        const QString& path = recent[i];
        QAction* a = m_recentMenu->addAction(
            tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this, [this, path] { openRecentAction(path); });
        a->setToolTip(path);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

// ---- dialogs -------------------------------------------------------------------------------------------

bool FileController::confirmReplace(const QString& action)
{
    if (!unsavedSession())
        return true;
    UnsavedAnswer answer = UnsavedAnswer::Cancel;
    if (m_ask) {
        answer = m_ask(action);
    } else {
        const QMessageBox::StandardButton button = QMessageBox::question(m_window, tr("Unsaved Changes"),
            tr("The inputs have changed since the session was last saved. Save them as a session before %1?").arg(action),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        answer = button == QMessageBox::Save ? UnsavedAnswer::Save
            : button == QMessageBox::Discard ? UnsavedAnswer::Discard
                                             : UnsavedAnswer::Cancel;
    }
    if (answer == UnsavedAnswer::Save) {
        saveSessionDialog(false);
        return !unsavedSession(); // the save was cancelled or failed: nothing replaced
    }
    return answer == UnsavedAnswer::Discard;
}

void FileController::openExampleAction()
{
    if (confirmReplace(tr("opening the example")))
        loadExample();
}

void FileController::openRecentAction(const QString& path)
{
    if (confirmReplace(tr("opening %1").arg(QFileInfo(path).fileName())))
        openFile(path);
}

void FileController::openModelDialog()
{
    if (!confirmReplace(tr("opening another model")))
        return;
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Model"),
        settings.value(QStringLiteral("lastDirectory")).toString(),
        tr("Models (*.json *.safetensors *.onnx *.graphml *.xml *.dot *.gv);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(QStringLiteral("lastDirectory"), QFileInfo(path).absolutePath());
    openModel(path);
}

void FileController::openSessionDialog()
{
    if (!confirmReplace(tr("opening a session")))
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"),
        QSettings().value(QStringLiteral("lastDirectory")).toString(),
        tr("ShardScope sessions (*.shardscope)"));
    if (!path.isEmpty())
        if (const QString error = openSession(path); !error.isEmpty()) emit errorRaised(error);
}

void FileController::saveSessionDialog(bool saveAs)
{
    QString path = m_sessionPath;
    if (saveAs || path.isEmpty()) {
        QFileDialog dialog(m_window, tr("Save Session"),
            QSettings().value(QStringLiteral("lastDirectory")).toString(),
            tr("ShardScope sessions (*.shardscope)"));
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        dialog.setDefaultSuffix(
            QStringLiteral("shardscope")); // the dialog asks before replacing "x.shardscope"
        if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
        path = dialog.selectedFiles().front();
    }
    if (const QString error = saveSession(path); !error.isEmpty())
        emit errorRaised(error);
    else
        emit statusMessage(tr("Session saved to %1").arg(path));
}

void FileController::addGpusDialog()
{
    const QString path
        = QFileDialog::getOpenFileName(m_window, tr("Add GPUs"), {}, tr("Hardware catalog (*.json)"));
    if (path.isEmpty()) return;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return emit errorRaised(tr("%1: cannot read: %2").arg(path, f.errorString()));
    const QByteArray bytes = f.readAll();
    try {
        m_inputs->addGpus(HardwareCatalog::fromJson(
            std::string_view(bytes.constData(), std::size_t(bytes.size())), path.toStdString()));
    } catch (const InputError& e) {
        emit errorRaised(QString::fromUtf8(e.what()));
    }
}
