// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

/**
 * Replaces the file at `path` with `bytes` atomically (QSaveFile: a temporary file in the same
 * folder, renamed over `path` only when everything was written). Returns an empty string, or the
 * OS's reason (without the path) when anything failed; the file at `path` is then as it was.
 * Written in a loop and flushed explicitly before commit(): Qt 6.4's commit() renames the
 * temporary file even when flushing its buffer failed (seen with EFBIG under a file size limit),
 * which would replace `path` with a truncated file.
 */
QString saveFileAtomically(const QString& path, const QByteArray& bytes);
