// SPDX-License-Identifier: GPL-3.0-or-later
// The tokens of DOT as Boost 1.74's read_graphviz reads them (dot_scan.h describes the grammar).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace shardscope::dot {

struct Token
{
    enum Kind { Id, LBrace, RBrace, LBracket, RBracket, Semicolon, Comma, Equals, Colon, Arrow, DashDash, End, Error };
    Kind kind = End;
    std::string text;        ///< Id: the value (quotes removed, escapes replaced); Error: the message
    std::size_t offset = 0;
    bool quoted = false;
};

/// How a message names the token: "the string \"a b\"", "'['", "the end of the file".
std::string describe(const Token& t);

std::string inQuotes(std::string_view text);

class Lexer
{
public:
    /// Reads from `pos`; at 0, skips a UTF-8 byte order mark.
    Lexer(std::string_view text, std::size_t pos);

    Token next();

private:
    static Token error(std::size_t offset, std::string message);
    bool skipSpace();
    void skipLine();
    Token numeral();
    Token quoted();

    std::string_view m_text;
    std::size_t m_pos;
    std::size_t m_start = 0; ///< where reading began (after a byte order mark): a line start
    std::size_t m_errorOffset = 0;
};

} // namespace shardscope::dot
