// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/dot_scan.h"

#include "util/text.h"

#include <utility>

namespace shardscope {

namespace {

constexpr int kMaxNesting = 200;

struct Token
{
    enum Kind { Id, LBrace, RBrace, LBracket, RBracket, Semicolon, Comma, Equals, Colon, Arrow, DashDash, End, Error };
    Kind kind = End;
    std::string text;        ///< Id: the value (quotes removed); Error: the message
    std::size_t offset = 0;
    bool quoted = false;
};

bool isIdStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdChar(char c) { return isIdStart(c) || isDigit(c); }
bool isNonAscii(char c) { return static_cast<unsigned char>(c) >= 0x80; }

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
        return (t.quoted ? "the string \"" : "\"") + t.text + "\"";
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

class Lexer
{
public:
    Lexer(std::string_view text, std::size_t pos)
        : m_text(text)
        , m_pos(pos)
    {
        if (pos == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 byte order mark
            m_pos = 3;
        m_start = m_pos;
    }

    Token next()
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
            t.text = std::string(m_text.substr(start, m_pos - start));
            return t;
        }
        return error(m_pos, std::string("unexpected character '") + c + "'");
    }

private:
    static Token error(std::size_t offset, std::string message)
    {
        Token t;
        t.kind = Token::Error;
        t.offset = offset;
        t.text = std::move(message);
        return t;
    }

    // Whitespace, // and /* */ comments, and '#' lines (C preprocessor output). False on an open /*.
    bool skipSpace()
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

    void skipLine()
    {
        const std::size_t eol = m_text.find('\n', m_pos);
        m_pos = eol == std::string_view::npos ? m_text.size() : eol;
    }

    Token numeral()
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
        t.text = std::string(number);
        return t;
    }

    // "..." with \" for a quote and backslash-newline as a line continuation; "a" + "b" concatenates.
    Token quoted()
    {
        Token t;
        t.kind = Token::Id;
        t.quoted = true;
        t.offset = m_pos;
        while (true) {
            const std::size_t open = m_pos;
            ++m_pos;
            bool closed = false;
            while (m_pos < m_text.size()) {
                const char c = m_text[m_pos];
                if (c == '"') {
                    closed = true;
                    ++m_pos;
                    break;
                }
                if (c == '\\' && m_pos + 1 < m_text.size()) {
                    const char next = m_text[m_pos + 1];
                    if (next == '"') {
                        t.text += '"';
                        m_pos += 2;
                        continue;
                    }
                    if (next == '\n' || (next == '\r' && m_pos + 2 < m_text.size() && m_text[m_pos + 2] == '\n')) {
                        m_pos += next == '\n' ? 2 : 3;
                        continue;
                    }
                }
                t.text += c;
                ++m_pos;
            }
            if (!closed)
                return error(open, "a quoted string is not closed");
            const std::size_t afterString = m_pos;
            if (!skipSpace() || m_pos >= m_text.size() || m_text[m_pos] != '+') {
                m_pos = afterString;
                return t;
            }
            ++m_pos;
            if (!skipSpace() || m_pos >= m_text.size() || m_text[m_pos] != '"')
                return error(m_pos, "expected a quoted string after '+'");
        }
    }

    std::string_view m_text;
    std::size_t m_pos;
    std::size_t m_start = 0; ///< where reading began (after a byte order mark): a line start
    std::size_t m_errorOffset = 0;
};

struct SyntaxStop
{
};

struct Member
{
    std::string id;
    std::size_t offset;
};

/// An edge endpoint: a node, or a subgraph standing for all its nodes.
struct Endpoint
{
    std::vector<Member> nodes;
    std::size_t offset = 0;
    bool subgraph = false;
    bool anonymousGroup = false; ///< "{ ... }" without the keyword
};

class Parser
{
public:
    Parser(std::string_view text, DotScan& scan)
        : m_lexer(text, 0)
        , m_scan(scan)
    {
        m_current = m_lexer.next();
        m_next = m_lexer.next();
    }

    void graph()
    {
        if (keyword("strict")) {
            m_scan.strict = true;
            advance();
        }
        if (keyword("digraph"))
            m_scan.directed = true;
        else if (keyword("graph"))
            m_scan.directed = false;
        else
            fail("expected \"digraph\" (or \"strict digraph\") to start the graph, found " + describe(current()));
        m_scan.graphOffset = current().offset;
        advance();
        if (current().kind == Token::Id) {
            m_scan.graphId = current().text;
            advance();
        }
        expect(Token::LBrace, "to open the graph's body");
        statements(nullptr, 0); // the graph's own nodes need no list
        expect(Token::RBrace, "to close the graph's body");
        if (current().kind != Token::End)
            fail("expected the end of the file after the graph's closing '}', found " + describe(current()));
    }

private:
    const Token& current()
    {
        if (m_current.kind == Token::Error)
            fail(m_current.offset, m_current.text);
        return m_current;
    }

    void advance()
    {
        m_current = std::move(m_next);
        m_next = m_current.kind == Token::End || m_current.kind == Token::Error ? m_current : m_lexer.next();
    }

    bool keyword(std::string_view word)
    {
        const Token& t = current();
        return t.kind == Token::Id && !t.quoted && equalsIgnoreCase(t.text, word);
    }

    [[noreturn]] void fail(const std::string& message) { fail(m_current.offset, message); }
    [[noreturn]] void fail(std::size_t offset, const std::string& message)
    {
        m_scan.error = DotSyntaxError { offset, message };
        throw SyntaxStop {};
    }

    void expect(Token::Kind kind, const std::string& purpose)
    {
        if (current().kind != kind) {
            Token wanted;
            wanted.kind = kind;
            fail("expected " + describe(wanted) + " " + purpose + ", found " + describe(current()));
        }
        advance();
    }

    void statements(std::vector<Member>* members, int depth)
    {
        while (current().kind != Token::RBrace && current().kind != Token::End) {
            statement(members, depth);
            if (current().kind == Token::Semicolon)
                advance();
        }
    }

    void statement(std::vector<Member>* members, int depth)
    {
        if (keyword("graph") || keyword("node") || keyword("edge")) {
            const std::string word = current().text;
            advance();
            if (current().kind != Token::LBracket)
                fail("expected '[' after \"" + word + "\" (attributes for every " + toLower(word) + "), found "
                     + describe(current()));
            attributes();
            return;
        }
        if (current().kind == Token::Id && !keyword("subgraph") && m_next.kind == Token::Equals) {
            advance();
            advance();
            if (current().kind != Token::Id)
                fail("expected a value after '=', found " + describe(current()));
            advance();
            return;
        }
        Endpoint first = endpoint(members, depth);
        if (current().kind == Token::Arrow || current().kind == Token::DashDash) {
            edges(std::move(first), members, depth);
            return;
        }
        if (first.anonymousGroup)
            fail(first.offset, "an anonymous '{ ... }' group is not supported by the DOT reader (Boost's); write "
                               "\"subgraph { ... }\"");
        if (!first.subgraph) {
            m_scan.nodes.push_back(DotNodeStatement { first.nodes.front().id, first.offset, false });
            m_scan.nodes.back().hasAttributes = attributes() > 0;
        }
    }

    void edges(Endpoint first, std::vector<Member>* members, int depth)
    {
        Endpoint from = std::move(first);
        while (current().kind == Token::Arrow || current().kind == Token::DashDash) {
            if (m_scan.directed && current().kind == Token::DashDash)
                fail("'--' in a directed graph; write '->'");
            if (!m_scan.directed && current().kind == Token::Arrow)
                fail("'->' in an undirected graph");
            if (from.anonymousGroup)
                fail(from.offset, "an anonymous '{ ... }' group as an edge end is not supported by the DOT reader "
                                  "(Boost's); write \"subgraph { ... }\"");
            advance();
            Endpoint to = endpoint(members, depth);
            if (to.anonymousGroup)
                fail(to.offset, "an anonymous '{ ... }' group as an edge end is not supported by the DOT reader "
                                "(Boost's); write \"subgraph { ... }\"");
            for (const Member& a : from.nodes)
                for (const Member& b : to.nodes)
                    m_scan.edges.push_back(DotEdge { a.id, b.id, a.offset, b.offset });
            from = std::move(to);
        }
        attributes();
    }

    /// The node or subgraph at the current token; its nodes are also added to `members`, the node
    /// list of the subgraph being read (nullptr at the top level).
    Endpoint endpoint(std::vector<Member>* members, int depth)
    {
        Endpoint e;
        e.offset = current().offset;
        if (keyword("subgraph") || current().kind == Token::LBrace) {
            if (depth >= kMaxNesting)
                fail("subgraphs are nested more than " + std::to_string(kMaxNesting) + " deep");
            e.anonymousGroup = current().kind == Token::LBrace;
            if (!e.anonymousGroup) {
                advance();
                if (current().kind == Token::Id)
                    advance();
            }
            expect(Token::LBrace, "to open the subgraph");
            statements(&e.nodes, depth + 1);
            expect(Token::RBrace, "to close the subgraph");
            if (members)
                members->insert(members->end(), e.nodes.begin(), e.nodes.end());
            e.subgraph = true;
            return e;
        }
        if (current().kind != Token::Id || keyword("graph") || keyword("node") || keyword("edge")
            || keyword("digraph") || keyword("strict"))
            fail("expected a node id, \"subgraph\" or an attribute statement, found " + describe(current()));
        e.nodes.push_back(Member { current().text, current().offset });
        if (members)
            members->push_back(e.nodes.back());
        advance();
        for (int part = 0; part < 2 && current().kind == Token::Colon; ++part) { // port[:compass]
            advance();
            if (current().kind != Token::Id)
                fail("expected a port name after ':', found " + describe(current()));
            advance();
        }
        return e;
    }

    int attributes()
    {
        int count = 0;
        while (current().kind == Token::LBracket) {
            advance();
            while (current().kind != Token::RBracket) {
                if (current().kind != Token::Id)
                    fail("expected an attribute name or ']', found " + describe(current()));
                ++count;
                advance();
                if (current().kind == Token::Equals) {
                    advance();
                    if (current().kind != Token::Id)
                        fail("expected a value after '=', found " + describe(current()));
                    advance();
                }
                if (current().kind == Token::Comma || current().kind == Token::Semicolon)
                    advance();
            }
            advance();
        }
        return count;
    }

    Lexer m_lexer;
    DotScan& m_scan;
    Token m_current;
    Token m_next;
};

} // namespace

DotScan scanDot(std::string_view text)
{
    DotScan scan;
    try {
        Parser(text, scan).graph();
    } catch (const SyntaxStop&) {
    }
    return scan;
}

std::optional<std::size_t> dotAttributeOffset(std::string_view text, std::size_t statementOffset, std::string_view attribute)
{
    Lexer lexer(text, statementOffset);
    lexer.next(); // the node id
    Token t = lexer.next();
    while (t.kind == Token::Colon) { // port[:compass]
        lexer.next();
        t = lexer.next();
    }
    while (t.kind == Token::LBracket) {
        Token::Kind previous = Token::LBracket;
        for (t = lexer.next(); t.kind != Token::RBracket && t.kind != Token::End && t.kind != Token::Error;
             t = lexer.next()) {
            if (t.kind == Token::Id && previous != Token::Equals && t.text == attribute)
                return t.offset; // a name, not a value
            previous = t.kind;
        }
        t = lexer.next();
    }
    return std::nullopt;
}

} // namespace shardscope
