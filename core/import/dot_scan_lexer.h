// SPDX-License-Identifier: GPL-3.0-or-later
// The tokens of DOT as Boost 1.74's read_graphviz reads them (dot_scan.h describes the grammar).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace shardscope::dot {

struct Token
{
    enum Kind { Id, LBrace, RBrace, LBracket, RBracket, Semicolon, Comma, Equals, Colon, Arrow, DashDash, End, Error };
    Kind kind = End;
    /// Id: the value (quotes removed, escapes replaced); Error: the message. A view of the text
    /// where the value is written as it reads, else of the lexer's storage (see Lexer).
    std::string_view text;
    std::size_t offset = 0;
    bool quoted = false;
};

/// How a message names the token: "the string \"a b\"", "'['", "the end of the file".
std::string describe(const Token& t);

std::string inQuotes(std::string_view text);

class Lexer
{
public:
    /// Reads from `pos`; at 0, skips a UTF-8 byte order mark. Values that differ from the text
    /// (escapes, "a" + "b") and messages are kept in `storage` (the lexer's own when nullptr),
    /// whose strings stay where they are as it grows: tokens' views of them stay valid.
    Lexer(std::string_view text, std::size_t pos, std::deque<std::string>* storage = nullptr);
    Lexer(const Lexer&) = delete;
    Lexer& operator=(const Lexer&) = delete;

    Token next();

private:
    Token error(std::size_t offset, std::string message);
    std::string_view keep(std::string text) { return m_storage->emplace_back(std::move(text)); }
    bool skipSpace();
    void skipLine();
    Token numeral();
    Token quoted();

    std::string_view m_text;
    std::size_t m_pos;
    std::size_t m_start = 0; ///< where reading began (after a byte order mark): a line start
    std::size_t m_errorOffset = 0;
    std::deque<std::string> m_ownStorage;
    std::deque<std::string>* m_storage;
};

} // namespace shardscope::dot
