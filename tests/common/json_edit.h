// SPDX-License-Identifier: GPL-3.0-or-later
// One edit of a JSON document for the bad-input tables of reader tests: set the value at a JSON
// pointer ("/layers/0/params") to `value` (JSON text), or remove it when `value` is empty.
#pragma once

#include <nlohmann/json.hpp>

#include <QString>

namespace shardscope::testing {

inline void editJson(nlohmann::json& doc, const QString& pointer, const QString& value)
{
    const nlohmann::json::json_pointer ptr(pointer.toStdString());
    if (value.isEmpty())
        doc[ptr.parent_pointer()].erase(ptr.back());
    else
        doc[ptr] = nlohmann::json::parse(value.toStdString());
}

} // namespace shardscope::testing
