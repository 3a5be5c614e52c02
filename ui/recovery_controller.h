// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "autosave.h"

#include <QObject>
#include <QPointer>
#include <optional>
#include <vector>

class FileController;
class QLabel;
class QWidget;

/**
 * Unsaved work that survives a crash: autosaves the file controller's unsaved session, and offers
 * autosaves left by windows that did not exit normally in a bar (bar(), placed by the window above
 * the plans): Restore applies the newest as unsaved work, Discard deletes it, then the next is offered.
 */
class RecoveryController : public QObject
{
    Q_OBJECT
public:
    explicit RecoveryController(FileController* files, QObject* parent = nullptr);
    ~RecoveryController() override;

    /// The recovery bar (hidden while nothing is offered); the window puts it into its layout.
    QWidget* bar() const { return m_bar; }

    /// Looks for autosaves left by windows that did not exit normally (a crash, a kill) and offers
    /// the newest in the bar. Returns how many were found.
    int offerRecovery();
    /// Starts autosaving unsaved work every 30 s to `folder` (empty: Autosave::defaultFolder()).
    Autosave* startAutosave(const QString& folder = {});
    Autosave* autosave() const { return m_autosave; }
    void restoreRecovery();
    void discardRecovery();
    QString recoveryText() const; ///< the bar's text, empty when it is hidden

signals:
    void errorRaised(const QString& message);

private:
    void showNextRecovery();
    void importFinished(bool ok, bool restored);

    FileController* m_files;
    QWidget* m_bar;
    QPointer<QWidget> m_barAlive; ///< the bar, null once deleted (with the window it was placed in)
    QLabel* m_label;
    Autosave* m_autosave = nullptr;
    std::vector<Autosave::Recovery> m_recoveries; ///< claimed, offered one at a time
    std::optional<Autosave::Recovery> m_restoring; ///< removed once its model imported
};
