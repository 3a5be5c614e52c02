// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/input_error.h"

namespace shardscope {

namespace {
std::string compose(const std::string& source, const std::string& position, const std::string& message)
{
    std::string out = source.empty() ? std::string("<input>") : source;
    if (!position.empty())
        out += ':' + position;
    out += ": " + message;
    return out;
}
} // namespace

InputError::InputError(std::string source, std::string position, std::string message)
    : std::runtime_error(compose(source, position, message))
    , m_source(std::move(source))
    , m_position(std::move(position))
    , m_message(std::move(message))
{
}

} // namespace shardscope
