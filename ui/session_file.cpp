// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_file.h"

#include "util/input_error.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <stdexcept>
#include <string>

namespace {

/// The translation context of the messages below.
struct SessionFile
{
    Q_DECLARE_TR_FUNCTIONS(SessionFile)
};

/// Session files are a few kilobytes; refusing huge files keeps a wrong pick from filling memory.
constexpr qint64 kMaxSessionBytes = 64 * 1024 * 1024;

[[noreturn]] void fail(const QString& path, const QString& message)
{
    throw shardscope::InputError(path.toStdString(), std::string(), message.toStdString());
}

/// Discards the temporary file (the file at `path` stays as it was) and throws with the OS's reason.
[[noreturn]] void failWriting(QSaveFile& file, const QString& path)
{
    const QString reason = file.errorString();
    file.cancelWriting();
    fail(path, SessionFile::tr("cannot save the session: %1").arg(reason));
}

} // namespace

void saveSessionFile(const QString& path, const shardscope::SessionDocument& document)
{
    std::string text;
    try {
        text = shardscope::writeSessionJson(
            document, QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString());
    } catch (const std::invalid_argument& e) {
        fail(path, SessionFile::tr("cannot save the session: %1").arg(QString::fromStdString(e.what())));
    }
    // QSaveFile writes a temporary file next to `path` and renames it over `path` only in
    // commit(); it never falls back to writing `path` directly unless asked to.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        fail(path, SessionFile::tr("cannot save the session: %1").arg(file.errorString()));
    // Written in a loop so a short write reports the OS's reason (the retry fails with it), and
    // flushed explicitly: Qt 6.4's commit() renames the temporary file even when flushing its
    // buffer failed (seen with EFBIG under a file size limit), which would replace `path` with a
    // truncated file.
    const char* data = text.data();
    qint64 left = static_cast<qint64>(text.size());
    while (left > 0) {
        const qint64 written = file.write(data, left);
        if (written <= 0)
            failWriting(file, path);
        data += written;
        left -= written;
    }
    if (!file.flush())
        failWriting(file, path);
    if (!file.commit())
        fail(path, SessionFile::tr("cannot save the session: %1").arg(file.errorString()));
}

shardscope::SessionDocument loadSessionFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(path, SessionFile::tr("cannot open the session file: %1").arg(file.errorString()));
    if (file.size() > kMaxSessionBytes)
        fail(path,
            SessionFile::tr("the file is %1 bytes, too large for a session file (at most %2)")
                .arg(file.size())
                .arg(kMaxSessionBytes));
    const QByteArray bytes = file.readAll();
    if (file.error() != QFileDevice::NoError)
        fail(path, SessionFile::tr("cannot read the session file: %1").arg(file.errorString()));
    return shardscope::readSessionJson(std::string_view(bytes.constData(), std::size_t(bytes.size())),
        path.toStdString());
}
