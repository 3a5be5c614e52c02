// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace shardscope {

/**
 * An error in something the user gave us: a file, a field, a command-line value.
 * It names the source (a path, or "--tp" for an option), the position in it
 * (line/column, byte offset, or a JSON path such as "$.layers[3].params") and what
 * was expected. what() is "source:position: message", the form editors and
 * terminals already know how to jump to.
 */
class InputError : public std::runtime_error
{
public:
    InputError(std::string source, std::string position, std::string message);

    const std::string& source() const noexcept { return m_source; }
    const std::string& position() const noexcept { return m_position; }
    const std::string& message() const noexcept { return m_message; }

private:
    std::string m_source;
    std::string m_position;
    std::string m_message;
};

} // namespace shardscope
