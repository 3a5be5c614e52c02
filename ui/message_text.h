// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/message.h"

#include <QCoreApplication>
#include <QString>

/// A message of core (a proposal's title or rationale, a finding, a way out) in the user's language: each
/// template through QCoreApplication::translate in its context ("Proposals", "Diagnosis"), then the arguments.
inline QString messageText(const shardscope::Message& m)
{
    return QString::fromStdString(m.format([](const shardscope::MessageTemplate& t) {
        return QCoreApplication::translate(t.context, t.text).toStdString();
    }));
}
