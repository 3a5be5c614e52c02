// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/session_document.h"

#include <QString>

/**
 * Saves a session to `path` atomically (QSaveFile: a temporary file in the same folder, renamed
 * over `path` on success). The model's path relative to the session's folder is stored next to
 * the model as chosen (writeSessionJson(document, sessionPath)). On any failure the file at
 * `path`, if any, is left as it was, and shardscope::InputError is thrown with source() = `path`
 * and a translated message() that says what failed and the OS's reason.
 */
void saveSessionFile(const QString& path, const shardscope::SessionDocument& document);

/**
 * Reads the session file at `path` (readSessionJson). Throws shardscope::InputError naming `path`:
 * when the file cannot be opened or read (translated message with the OS's reason), or, from the
 * reader, at the line and column or JSON path of what is wrong in it.
 */
shardscope::SessionDocument loadSessionFile(const QString& path);
