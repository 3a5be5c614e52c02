// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/session_document.h"
#include "model/model_graph.h"

#include <QFutureWatcher>
#include <QObject>
#include <functional>
#include <memory>
#include <optional>

class InputPanel;
class PlanningController;
class QMenu;
class QWidget;

/// A model file imported off the GUI thread.
struct ModelImport
{
    QString path;
    std::shared_ptr<shardscope::ModelGraph> model; ///< null when the import failed
    QString error;
};

/**
 * What the window has open: the model (bundled, or imported off the GUI thread; a newer import
 * supersedes an older one), the session file, whether the inputs differ from it (unsaved work), and
 * the recent files. Opening a session whose model is a file applies its inputs only once the model
 * has been imported, so a model that cannot be opened changes nothing.
 */
class FileController : public QObject
{
    Q_OBJECT
public:
    /// `window`: the parent of the file dialogs (null in tests).
    FileController(
        InputPanel* inputs, PlanningController* planning, QWidget* window, QObject* parent = nullptr);
    ~FileController() override; ///< waits for a running import

    /// Loads the bundled example (Llama-3-70B on 8 x 8 H100, sequence 8192) and plans it at once.
    void loadExample();
    /// Imports a model file off the GUI thread; the result replaces the model and starts a search.
    void openModel(const QString& path);
    /// Uses `model` from now on and searches (synchronously usable: no import involved).
    void setModel(shardscope::ModelGraph model, const QString& source, bool bundled);
    /// A model or a session, by its extension (drag and drop, recent files).
    void openFile(const QString& path);
    /// Returns an error message, or an empty string on success.
    QString openSession(const QString& path);
    QString saveSession(const QString& path);
    /// `restored`: an autosave brought back after a crash (unsaved work: no session path, no recent entry).
    /// Returns an error message, with nothing changed, when the session's bundled model is not in this build.
    QString applySession(
        const shardscope::SessionDocument& session, const QString& path, bool restored = false);

    /// The inputs as a session (what Save Session writes).
    shardscope::SessionDocument sessionDocument() const;
    /// The session when its inputs differ from the last saved, opened or example state; nothing otherwise.
    /// (A different selected row alone is not unsaved work: every search selects a row.)
    std::optional<shardscope::SessionDocument> unsavedSession() const;
    QString sessionPath() const { return m_sessionPath; }

    /// The menu the recent files are listed in (rebuilt from the settings now and at each change).
    void setRecentMenu(QMenu* menu);
    void rebuildRecentMenu();

    /// What the user answers to "save the unsaved inputs before `action` replaces them?".
    enum class UnsavedAnswer { Save, Discard, Cancel };
    /// Where there are unsaved inputs, asks (Save, Discard or Cancel) before an action replaces them: true to go
    /// on (saved, discarded, or nothing unsaved), false when cancelled or when the save did not happen.
    bool confirmReplace(const QString& action);
    /// Answers confirmReplace's question instead of a dialog (tests); empty: the dialog.
    void setUnsavedQuestion(std::function<UnsavedAnswer(const QString& action)> ask) { m_ask = std::move(ask); }

    // User actions that replace the inputs: each asks first (confirmReplace).
    void openExampleAction();
    void openRecentAction(const QString& path);
    void openModelDialog();
    void openSessionDialog();
    void saveSessionDialog(bool saveAs);
    void addGpusDialog();

signals:
    /// A model import finished (successfully or not).
    void modelLoaded(bool ok);
    /// An import finished; `restored`: it was the model of a restored autosave.
    void importFinished(bool ok, bool restored);
    /// A new model is about to be used: `name` is its bundled name or file name.
    void modelReplaced(const QString& name);
    /// Whether the inputs differ from the last saved state (sent at each change of the inputs).
    void modifiedChanged(bool modified);
    void statusMessage(const QString& text);
    void errorRaised(const QString& message);

private:
    void importDone();
    void applySessionInputs(const shardscope::SessionDocument& session, const QString& path);
    void addRecentFile(const QString& path);
    void markSaved(); ///< the inputs as they are now are saved (or opened, or the example)
    void updateModified(); ///< sends modifiedChanged

    InputPanel* m_inputs;
    PlanningController* m_planning;
    QWidget* m_window;
    QMenu* m_recentMenu = nullptr;
    QFutureWatcher<ModelImport>* m_import;
    QString m_importPath; ///< the newest import; older ones finishing later are dropped
    QString m_sessionPath;
    std::optional<shardscope::SessionDocument> m_pendingSession; ///< applied when its model has been imported
    QString m_pendingSessionPath;
    bool m_pendingSessionRestored = false;
    std::function<UnsavedAnswer(const QString& action)> m_ask;
    std::optional<shardscope::SessionDocument> m_savedState; ///< inputs at the last save/open (no selection)
};
