// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/dot_scan.h"

#include "import/dot_scan_lexer.h"

#include "util/text.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>

#include <unordered_map>
#include <utility>

namespace shardscope {

namespace {

constexpr int kMaxNesting = 200;

using dot::Lexer;
using dot::Token;
using dot::describe;
using dot::inQuotes;

struct SyntaxStop
{
};

struct Member
{
    std::string_view id; ///< a view of the text or of DotScan::owned
    std::size_t offset;
    std::size_t vertex; ///< index into DotScan::vertices
};

using Attributes = std::vector<std::pair<int, std::string_view>>;
/// The nodes an endpoint stands for: one, except for a subgraph (no allocation for the one).
using Members = boost::container::small_vector<Member, 1>;

/// An edge endpoint: a node, or a subgraph standing for all its nodes.
struct Endpoint
{
    Members nodes;
    std::size_t offset = 0;
    bool subgraph = false;
    bool anonymousGroup = false; ///< "{ ... }" without the keyword
};

constexpr std::size_t kNoVertex = ~std::size_t(0);

class Parser
{
public:
    Parser(std::string_view text, DotScan& scan)
        : m_lexer(text, 0, &scan.owned)
        , m_scan(scan)
    {
        m_current = m_lexer.next();
        m_next = m_lexer.next();
        m_vertexOf.reserve(text.size() / 128); // a node statement with attributes takes ~100-200 bytes
        m_runs.reserve(text.size() / 128);
        m_scan.attributeValues.reserve(std::min<std::size_t>(text.size() / 20, std::size_t(1) << 22));
    }

    /// Points every vertex at its attributes, once the array stops growing.
    void finish()
    {
        const auto& values = m_scan.attributeValues;
        for (std::size_t v = 0; v < m_runs.size(); ++v)
            m_scan.vertices[v].attributes = std::span<const std::pair<int, std::string_view>>(values).subspan(
                m_runs[v].first, m_runs[v].second - m_runs[v].first);
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
            fail(m_current.offset, std::string(m_current.text));
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

    void statements(Members* members, int depth)
    {
        while (current().kind != Token::RBrace && current().kind != Token::End) {
            statement(members, depth);
            if (current().kind == Token::Semicolon)
                advance();
        }
    }

    void statement(Members* members, int depth)
    {
        if (keyword("graph") || keyword("node") || keyword("edge")) {
            const bool nodeDefaults = keyword("node");
            const std::string word(current().text);
            advance();
            if (current().kind != Token::LBracket)
                fail("expected '[' after \"" + word + "\" (attributes for every " + toLower(word) + "), found "
                     + describe(current()));
            attributes(nodeDefaults ? &m_defaults.back() : nullptr, kNoVertex); // graph and edge attributes are not kept
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
            m_scan.nodes.push_back(DotNodeStatement { std::string(first.nodes.front().id), first.offset, false,
                                                      first.nodes.front().vertex });
            m_scan.nodes.back().hasAttributes = attributes(nullptr, first.nodes.front().vertex) > 0;
        }
    }

    void edges(Endpoint first, Members* members, int depth)
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
                    m_scan.edges.push_back(DotEdge { std::string(a.id), std::string(b.id), a.offset, b.offset, a.vertex, b.vertex });
            from = std::move(to);
        }
        attributes(nullptr, kNoVertex);
    }

    /// The node or subgraph at the current token; its nodes are also added to `members`, the node
    /// list of the subgraph being read (nullptr at the top level).
    Endpoint endpoint(Members* members, int depth)
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
            m_defaults.push_back(m_defaults.back()); // node defaults set inside end with the subgraph
            statements(&e.nodes, depth + 1);
            m_defaults.pop_back();
            expect(Token::RBrace, "to close the subgraph");
            if (members)
                members->insert(members->end(), e.nodes.begin(), e.nodes.end());
            e.subgraph = true;
            return e;
        }
        if (current().kind != Token::Id || keyword("graph") || keyword("node") || keyword("edge")
            || keyword("digraph") || keyword("strict"))
            fail("expected a node id, \"subgraph\" or an attribute statement, found " + describe(current()));
        e.nodes.push_back(Member { current().text, current().offset, mention(current().text, current().offset) });
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

    /// The node's index in DotScan::vertices; a node met for the first time takes the defaults.
    std::size_t mention(std::string_view id, std::size_t offset)
    {
        const auto [it, added] = m_vertexOf.try_emplace(id, m_scan.vertices.size());
        if (added) {
            m_scan.vertices.push_back(DotNode { std::string(id), offset, {} });
            const std::size_t begin = m_scan.attributeValues.size();
            m_scan.attributeValues.insert(m_scan.attributeValues.end(), m_defaults.back().begin(), m_defaults.back().end());
            m_runs.emplace_back(begin, m_scan.attributeValues.size());
        }
        return it->second;
    }

    int nameIndex(std::string_view name)
    {
        const auto [it, added] = m_nameIndex.try_emplace(name, static_cast<int>(m_scan.attributeNames.size()));
        if (added)
            m_scan.attributeNames.emplace_back(name);
        return it->second;
    }

    static void set(Attributes& attributes, int name, std::string_view value)
    {
        for (auto& [n, v] : attributes)
            if (n == name) {
                v = value;
                return;
            }
        attributes.emplace_back(name, value);
    }

    /// Sets an attribute of vertex `v` in its run of DotScan::attributeValues; a run that is not
    /// the last moves to the end to grow (the hole stays: rare, as a node's attributes usually
    /// come in the statement that first mentions it).
    void set(std::size_t v, int name, std::string_view value)
    {
        auto& values = m_scan.attributeValues;
        auto& [begin, end] = m_runs[v];
        for (std::size_t i = begin; i < end; ++i)
            if (values[i].first == name) {
                values[i].second = value;
                return;
            }
        if (end != values.size()) {
            const std::size_t moved = values.size();
            values.reserve(moved + (end - begin) + 1);
            for (std::size_t i = begin; i < end; ++i)
                values.push_back(values[i]);
            begin = moved;
            end = values.size();
        }
        values.emplace_back(name, value);
        ++end;
    }

    /// Attribute lists "[a=1, b] [c=2]" into the defaults `target` or the vertex `vertex` (neither:
    /// read and dropped); how many attributes.
    int attributes(Attributes* target, std::size_t vertex)
    {
        int count = 0;
        while (current().kind == Token::LBracket) {
            advance();
            while (current().kind != Token::RBracket) {
                if (current().kind != Token::Id)
                    fail("expected an attribute name or ']', found " + describe(current()));
                ++count;
                const bool kept = target || vertex != kNoVertex;
                const int name = kept ? nameIndex(m_current.text) : 0;
                advance();
                std::string_view value = "true"; // as Boost reads a name without a value
                if (current().kind == Token::Equals) {
                    advance();
                    if (current().kind != Token::Id)
                        fail("expected a value after '=', found " + describe(current()));
                    value = m_current.text;
                    advance();
                }
                if (target)
                    set(*target, name, value);
                else if (vertex != kNoVertex)
                    set(vertex, name, value);
                if (current().kind == Token::Comma || current().kind == Token::Semicolon)
                    advance();
            }
            advance();
        }
        return count;
    }

    Lexer m_lexer;
    DotScan& m_scan;
    std::vector<Attributes> m_defaults { Attributes {} }; ///< `node [...]` defaults, per open subgraph
    std::unordered_map<std::string_view, std::size_t> m_vertexOf; ///< views of the text or of DotScan::owned
    std::unordered_map<std::string_view, int> m_nameIndex;
    std::vector<std::pair<std::size_t, std::size_t>> m_runs; ///< each vertex's run in DotScan::attributeValues
    Token m_current;
    Token m_next;
};

} // namespace

DotScan scanDot(std::string_view text)
{
    DotScan scan;
    Parser parser(text, scan);
    try {
        parser.graph();
    } catch (const SyntaxStop&) {
    }
    parser.finish();
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
