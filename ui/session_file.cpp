// SPDX-License-Identifier: GPL-3.0-or-later
#include "session_file.h"

#include "atomic_save.h"

#include "util/input_error.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

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
    // Atomic: on any failure the file at `path` is left as it was.
    if (const QString reason = saveFileAtomically(path, QByteArray::fromStdString(text)); !reason.isEmpty())
        fail(path, SessionFile::tr("cannot save the session: %1").arg(reason));
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
