// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic_save.h"

#include <QSaveFile>

QString saveFileAtomically(const QString& path, const QByteArray& bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    const auto discard = [&file] {
        const QString reason = file.errorString();
        file.cancelWriting();
        return reason;
    };
    const char* data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const qint64 written = file.write(data, left);
        if (written <= 0)
            return discard(); // the retry after a short write fails with the OS's reason
        data += written;
        left -= written;
    }
    if (!file.flush())
        return discard();
    if (!file.commit())
        return file.errorString();
    return {};
}
