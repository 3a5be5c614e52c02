// SPDX-License-Identifier: GPL-3.0-or-later
#include "autosave.h"

#include "atomic_save.h"
#include "session_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QUuid>

#include <stdexcept>
#include <utility>

namespace {

QString lockPathOf(const QString& file) { return file + QStringLiteral(".lock"); }

std::unique_ptr<QLockFile> makeLock(const QString& file)
{
    auto lock = std::make_unique<QLockFile>(lockPathOf(file));
    // Only a dead owner makes a lock stale, never its age: a window may run for days.
    lock->setStaleLockTime(0);
    return lock;
}

} // namespace

Autosave::Autosave(Source source, QString folder, QObject* parent)
    : QObject(parent)
    , m_source(std::move(source))
    , m_folder(folder.isEmpty() ? defaultFolder() : std::move(folder))
{
    const QString id = QStringLiteral("%1-%2")
                           .arg(QCoreApplication::applicationPid())
                           .arg(QUuid::createUuid().toString(QUuid::Id128).left(12));
    m_file = QDir(m_folder).filePath(id + QStringLiteral(".shardscope"));
    m_timer.setInterval(kDefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (const QString error = saveNow(); !error.isEmpty() && error != m_lastError)
            emit failed(error); // said once, not every 30 s
    });
    m_timer.start();
}

Autosave::~Autosave()
{
    // A normal exit: nothing to recover.
    if (m_written)
        QFile::remove(m_file);
    if (m_lock)
        m_lock->unlock();
}

QString Autosave::defaultFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

void Autosave::setInterval(int milliseconds) { m_timer.setInterval(milliseconds); }

QString Autosave::saveNow()
{
    const std::optional<shardscope::SessionDocument> document = m_source();
    if (!document) {
        // Everything is saved (or nothing was changed): an old autosave must not be offered later.
        if (m_written)
            QFile::remove(m_file);
        m_written.reset();
        m_lastError.clear();
        return {};
    }
    std::string text;
    try {
        text = shardscope::writeSessionJson(*document, QFile::encodeName(m_file).toStdString());
    } catch (const std::invalid_argument& e) {
        return m_lastError = tr("%1: cannot autosave the session: %2").arg(m_file, QString::fromUtf8(e.what()));
    }
    if (m_written == text)
        return {};
    if (!m_lock) {
        // The lock first, then the file: a starting window never sees this file without its lock.
        if (!QDir().mkpath(m_folder))
            return m_lastError = tr("%1: cannot create the autosave folder").arg(m_folder);
        auto lock = makeLock(m_file);
        if (!lock->tryLock(0))
            return m_lastError = tr("%1: cannot lock the autosave file").arg(lockPathOf(m_file));
        m_lock = std::move(lock);
    }
    if (const QString reason = saveFileAtomically(m_file, QByteArray::fromStdString(text)); !reason.isEmpty())
        return m_lastError = tr("%1: cannot autosave the session: %2").arg(m_file, reason);
    m_written = std::move(text);
    m_lastError.clear();
    emit saved(m_file);
    return {};
}

std::vector<Autosave::Recovery> Autosave::claimRecoverable(const QString& folder)
{
    const QDir dir(folder.isEmpty() ? defaultFolder() : folder);
    std::vector<Recovery> found;
    for (const QFileInfo& file :
         dir.entryInfoList({ QStringLiteral("*.shardscope") }, QDir::Files, QDir::Time)) { // newest first
        std::unique_ptr<QLockFile> lock = makeLock(file.filePath());
        // Held by a running window: its work, not ours. A lock whose process died is stale and
        // taken over (QLockFile checks the process id and name).
        if (lock->tryLock(0))
            found.emplace_back(file.filePath(), std::move(lock));
    }
    return found;
}

// ---- Recovery ------------------------------------------------------------------------------------

Autosave::Recovery::Recovery(QString path, std::unique_ptr<QLockFile> lock)
    : m_path(std::move(path))
    , m_lock(std::move(lock))
{
}

Autosave::Recovery::~Recovery()
{
    // Neither restored nor discarded: the file stays and is offered again at the next start.
    if (m_lock)
        m_lock->unlock();
}

Autosave::Recovery::Recovery(Recovery&&) noexcept = default;
Autosave::Recovery& Autosave::Recovery::operator=(Recovery&&) noexcept = default;

QDateTime Autosave::Recovery::savedAt() const { return QFileInfo(m_path).lastModified(); }

shardscope::SessionDocument Autosave::Recovery::read() const { return loadSessionFile(m_path); }

void Autosave::Recovery::remove()
{
    QFile::remove(m_path);
    if (m_lock)
        m_lock->unlock(); // removes the lock file
    m_lock.reset();
}
