// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/session_document.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QLockFile;

/**
 * Keeps a copy of the unsaved session in the application data folder so a crash loses at most
 * one interval of work (30 s by default).
 *
 * Every running window owns one autosave file, `<folder>/<id>.shardscope`, next to a lock file
 * `<id>.shardscope.lock` (QLockFile: process id, host and application name) that it holds while it
 * runs. On each tick the source is asked for the session: an empty optional means "nothing unsaved"
 * and removes the file; a session different from the one last written replaces the file atomically.
 * Destroying the Autosave (a normal exit) removes both files. A file whose lock no live process
 * holds was left by a crash: recoverable() lists those, claim() takes one over (so two starting
 * windows cannot restore the same work) and Recovery::remove() deletes it once restored or
 * discarded.
 */
class Autosave : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 30'000;
    using Source = std::function<std::optional<shardscope::SessionDocument>()>;

    /// `folder` empty: defaultFolder(). Nothing is written before the first tick with unsaved work.
    explicit Autosave(Source source, QString folder = {}, QObject* parent = nullptr);
    ~Autosave() override;

    /// `<AppDataLocation>/autosave`, e.g. ~/.local/share/ShardScope/ShardScope/autosave.
    static QString defaultFolder();

    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }
    QString folder() const { return m_folder; }
    /// This window's autosave file (it exists only while there is unsaved work).
    QString filePath() const { return m_file; }

    /// What a tick does, now: writes or removes the file. Returns an error message, or empty.
    QString saveNow();

    /// An autosave left behind by a window that did not exit normally, held (locked) by this process
    /// until it is restored or discarded.
    class Recovery
    {
    public:
        Recovery(QString path, std::unique_ptr<QLockFile> lock);
        ~Recovery();
        Recovery(Recovery&&) noexcept;
        Recovery& operator=(Recovery&&) noexcept;

        QString path() const { return m_path; }
        QDateTime savedAt() const; ///< the file's modification time
        /// Reads the session (loadSessionFile). Throws shardscope::InputError naming the file.
        shardscope::SessionDocument read() const;
        /// Deletes the autosave and its lock (after restoring it, or when the user discards it).
        void remove();

    private:
        QString m_path;
        std::unique_ptr<QLockFile> m_lock;
    };

    /// Claims every autosave in `folder` whose lock is not held by a running window, newest first.
    static std::vector<Recovery> claimRecoverable(const QString& folder = {});

signals:
    /// The autosave file was written (tests wait for it).
    void saved(const QString& path);
    /// Writing the autosave failed (disk full, folder not writable): the message names the file.
    void failed(const QString& message);

private:
    Source m_source;
    QString m_folder;
    QString m_file;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    std::optional<std::string> m_written; ///< the text last written (nothing when no file)
    QString m_lastError;
};
