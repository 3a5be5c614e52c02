// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/dot_scan_lexer.h"

#include <utility>

namespace shardscope::dot {

namespace {

bool isIdStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdChar(char c) { return isIdStart(c) || isDigit(c); }
bool isNonAscii(char c) { return static_cast<unsigned char>(c) >= 0x80; }

} // namespace

std::string inQuotes(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    out += text;
    out += '"';
    return out;
}

std::string describe(const Token& t)
{
    switch (t.kind) {
    case Token::Id:
        return (t.quoted ? "the string \"" : "\"") + std::string(t.text) + "\"";
    case Token::LBrace: return "'{'";
    case Token::RBrace: return "'}'";
    case Token::LBracket: return "'['";
    case Token::RBracket: return "']'";
    case Token::Semicolon: return "';'";
    case Token::Comma: return "','";
    case Token::Equals: return "'='";
    case Token::Colon: return "':'";
    case Token::Arrow: return "'->'";
    case Token::DashDash: return "'--'";
    case Token::End: return "the end of the file";
    case Token::Error: break;
    }
    return "an error";
}

Lexer::Lexer(std::string_view text, std::size_t pos, std::deque<std::string>* storage)
    : m_text(text)
    , m_pos(pos)
    , m_storage(storage ? storage : &m_ownStorage)
{
    if (pos == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 byte order mark
        m_pos = 3;
    m_start = m_pos;
}

Token Lexer::next()
{
    if (!skipSpace())
        return error(m_errorOffset, "a /* comment is not closed");
    Token t;
    t.offset = m_pos;
    if (m_pos >= m_text.size())
        return t;
    const char c = m_text[m_pos];
    const char after = m_pos + 1 < m_text.size() ? m_text[m_pos + 1] : '\0';
    auto single = [&](Token::Kind kind, std::size_t length = 1) {
        t.kind = kind;
        m_pos += length;
        return t;
    };
    switch (c) {
    case '{': return single(Token::LBrace);
    case '}': return single(Token::RBrace);
    case '[': return single(Token::LBracket);
    case ']': return single(Token::RBracket);
    case ';': return single(Token::Semicolon);
    case ',': return single(Token::Comma);
    case '=': return single(Token::Equals);
    case ':': return single(Token::Colon);
    case '"': return quoted();
    case '<':
        return error(m_pos, "HTML-like strings (<...>) are not supported by the DOT reader (Boost's); write a "
                            "quoted string instead");
    default: break;
    }
    if (c == '-' && after == '>')
        return single(Token::Arrow, 2);
    if (c == '-' && after == '-')
        return single(Token::DashDash, 2);
    if (isDigit(c) || c == '.' || (c == '-' && (isDigit(after) || after == '.')))
        return numeral();
    if (isIdStart(c) || isNonAscii(c)) {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && (isIdChar(m_text[m_pos]) || isNonAscii(m_text[m_pos])))
            ++m_pos;
        for (std::size_t i = start; i < m_pos; ++i)
            if (isNonAscii(m_text[i]))
                return error(start, "the id " + std::string(m_text.substr(start, m_pos - start))
                                        + " has non-ASCII characters; quote it (\"...\")");
        t.kind = Token::Id;
        t.text = m_text.substr(start, m_pos - start);
        return t;
    }
    return error(m_pos, std::string("unexpected character '") + c + "'");
}

Token Lexer::error(std::size_t offset, std::string message)
{
    Token t;
    t.kind = Token::Error;
    t.offset = offset;
    t.text = keep(std::move(message));
    return t;
}

// Whitespace, // and /* */ comments, and '#' lines (C preprocessor output). False on an open /*.
bool Lexer::skipSpace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text[m_pos];
        if (c == '\n') {
            ++m_pos;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++m_pos;
        } else if (c == '#' && (m_pos == m_start || m_text[m_pos - 1] == '\n')) { // column 1 only, as Boost reads it
            skipLine();
        } else if (m_text.substr(m_pos, 2) == "//") {
            skipLine();
        } else if (m_text.substr(m_pos, 2) == "/*") {
            const std::size_t close = m_text.find("*/", m_pos + 2);
            if (close == std::string_view::npos) {
                m_errorOffset = m_pos;
                return false;
            }
            m_pos = close + 2;
        } else {
            break;
        }
    }
    return true;
}

void Lexer::skipLine()
{
    const std::size_t eol = m_text.find('\n', m_pos);
    m_pos = eol == std::string_view::npos ? m_text.size() : eol;
}

Token Lexer::numeral()
{
    Token t;
    t.kind = Token::Id;
    t.offset = m_pos;
    const std::size_t start = m_pos;
    if (m_text[m_pos] == '-')
        ++m_pos;
    while (m_pos < m_text.size() && isDigit(m_text[m_pos]))
        ++m_pos;
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
        ++m_pos;
        while (m_pos < m_text.size() && isDigit(m_text[m_pos]))
            ++m_pos;
    }
    const std::string_view number = m_text.substr(start, m_pos - start);
    if (number == "-" || number == "." || number == "-.")
        return error(start, inQuotes(number) + " is not a number");
    if (m_pos < m_text.size() && (isIdChar(m_text[m_pos]) || m_text[m_pos] == '.' || isNonAscii(m_text[m_pos]))) {
        std::size_t end = m_pos;
        while (end < m_text.size()
               && (isIdChar(m_text[end]) || m_text[end] == '.'
                   || ((m_text[end] == '+' || m_text[end] == '-') && (m_text[end - 1] == 'e' || m_text[end - 1] == 'E'))))
            ++end;
        const std::string word(m_text.substr(start, end - start));
        return error(start, inQuotes(word) + " must be quoted: DOT reads an unquoted " + word + " as the number "
                                + std::string(number) + " followed by something else; write " + inQuotes(word));
    }
    t.text = number;
    return t;
}

// "..." as Boost's reader takes it: a backslash escapes the next character (so "a\\" ends after
// the second backslash), then \" becomes a quote and a backslash before a line feed disappears
// (a continuation); every other backslash stays. "a" + "b" concatenates.
Token Lexer::quoted()
{
    Token t;
    t.kind = Token::Id;
    t.quoted = true;
    t.offset = m_pos;
    std::string joined; // when the value differs from the text: escapes, or "a" + "b"
    bool owned = false;
    while (true) {
        const std::size_t open = m_pos;
        std::size_t i = m_pos + 1;
        bool escapes = false;
        while (i < m_text.size() && m_text[i] != '"') {
            if (m_text[i] == '\\') {
                escapes = true;
                ++i;
            }
            ++i;
        }
        if (i >= m_text.size())
            return error(open, "a quoted string is not closed");
        const std::string_view raw = m_text.substr(open + 1, i - open - 1);
        m_pos = i + 1;
        if (!escapes && !owned && open == t.offset) {
            t.text = raw; // the first part, as written
        } else if (!escapes) {
            if (!owned)
                joined.assign(t.text);
            owned = true;
            joined += raw;
        } else {
            if (!owned)
                joined.assign(t.text);
            owned = true;
            std::string value;
            value.reserve(raw.size());
            for (std::size_t k = 0; k < raw.size(); ++k) { // \" -> "
                if (raw[k] == '\\' && k + 1 < raw.size() && raw[k + 1] == '"')
                    ++k;
                value += raw[k];
            }
            for (std::size_t k = 0; k < value.size(); ++k) { // then backslash-newline -> nothing
                if (value[k] == '\\' && k + 1 < value.size() && value[k + 1] == '\n')
                    ++k;
                else
                    joined += value[k];
            }
        }
        const std::size_t afterString = m_pos;
        if (!skipSpace() || m_pos >= m_text.size() || m_text[m_pos] != '+') {
            m_pos = afterString;
            if (owned)
                t.text = keep(std::move(joined));
            return t;
        }
        ++m_pos;
        if (!skipSpace() || m_pos >= m_text.size() || m_text[m_pos] != '"')
            return error(m_pos, "expected a quoted string after '+'");
    }
}

} // namespace shardscope::dot
