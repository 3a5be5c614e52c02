// SPDX-License-Identifier: GPL-3.0-or-later
// A single-pass GraphML reader. XML is read as Boost's read_graphml reads it: through
// property_tree's rapidxml with trim_whitespace (rapidxml's parse_trim_whitespace |
// parse_normalize_whitespace), which fixes how text becomes a value, what is malformed and how
// rapidxml words it (end tags are not matched against their start tag, as rapidxml does not).
#include "import/graphml_scan.h"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace shardscope {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
// rapidxml: a node name is anything but space \n \r \t / > ? \0; an attribute name also not < = !
bool isNameChar(char c) { return !isSpace(c) && c != '/' && c != '>' && c != '?' && c != '\0'; }
bool isAttributeNameChar(char c) { return isNameChar(c) && c != '<' && c != '=' && c != '!'; }

unsigned digitValue(char c)
{
    if (c >= '0' && c <= '9')
        return unsigned(c - '0');
    if (c >= 'a' && c <= 'f')
        return unsigned(c - 'a' + 10);
    if (c >= 'A' && c <= 'F')
        return unsigned(c - 'A' + 10);
    return 0xFF;
}

struct Stop // malformed XML: reported through GraphmlScan::xmlError
{
    std::size_t offset;
    const char* message;
};

void appendUtf8(std::string& out, unsigned long code, std::size_t at)
{
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x110000) {
        out += static_cast<char>(0xF0 | ((code >> 18) & 0x07));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        throw Stop { at, "invalid numeric character entity" };
    }
}

/// Appends raw[0, size) with its references replaced (rapidxml's skip_and_expand_character_refs):
/// &lt; &gt; &amp; &quot; &apos; and &#N; / &#xN; (rapidxml takes hex letters as digits of a
/// decimal reference too); any other '&' is kept. With `normalize`, each run of white space
/// becomes one space. `base` is raw's offset in the document, for errors.
void expandInto(std::string& out, std::string_view raw, std::size_t base, bool normalize)
{
    const std::size_t n = raw.size();
    auto at = [&](std::size_t i) { return i < n ? raw[i] : '\0'; };
    for (std::size_t i = 0; i < n;) {
        // A run of characters that stay as they are, appended at once.
        std::size_t run = i;
        while (run < n && raw[run] != '&' && !(normalize && isSpace(raw[run])))
            ++run;
        if (run > i) {
            out.append(raw.data() + i, run - i);
            i = run;
            continue;
        }
        const char c = raw[i];
        if (c == '&') {
            const char c1 = at(i + 1);
            if (c1 == 'a' && at(i + 2) == 'm' && at(i + 3) == 'p' && at(i + 4) == ';') {
                out += '&';
                i += 5;
                continue;
            }
            if (c1 == 'a' && at(i + 2) == 'p' && at(i + 3) == 'o' && at(i + 4) == 's' && at(i + 5) == ';') {
                out += '\'';
                i += 6;
                continue;
            }
            if (c1 == 'q' && at(i + 2) == 'u' && at(i + 3) == 'o' && at(i + 4) == 't' && at(i + 5) == ';') {
                out += '"';
                i += 6;
                continue;
            }
            if ((c1 == 'g' || c1 == 'l') && at(i + 2) == 't' && at(i + 3) == ';') {
                out += c1 == 'g' ? '>' : '<';
                i += 4;
                continue;
            }
            if (c1 == '#') {
                const bool hex = at(i + 2) == 'x';
                std::size_t j = i + (hex ? 3 : 2);
                unsigned long code = 0;
                for (unsigned d; (d = digitValue(at(j))) != 0xFF; ++j)
                    code = code * (hex ? 16 : 10) + d;
                appendUtf8(out, code, base + j);
                if (at(j) != ';')
                    throw Stop { base + j, "expected ;" };
                i = j + 1;
                continue;
            }
        }
        if (normalize && isSpace(c)) {
            out += ' ';
            while (i < n && isSpace(raw[i]))
                ++i;
            continue;
        }
        out += c;
        ++i;
    }
}

std::string expand(std::string_view raw, std::size_t base)
{
    if (raw.find('&') == std::string_view::npos)
        return std::string(raw);
    std::string out;
    expandInto(out, raw, base, false);
    return out;
}

struct XmlAttribute
{
    std::string_view name;
    std::string_view value; ///< raw, between the quotes
    std::size_t valueOffset = 0;
};

struct XmlTag
{
    enum Kind { Start, End, Empty } kind = Start;
    std::string_view name;
    std::size_t offset = 0;  ///< '<'
    std::size_t end = 0;     ///< one past '>'
    std::vector<XmlAttribute> attributes;

    const XmlAttribute* find(std::string_view attribute) const
    {
        for (const XmlAttribute& a : attributes)
            if (a.name == attribute)
                return &a;
        return nullptr;
    }
    std::optional<std::string> value(std::string_view attribute) const
    {
        const XmlAttribute* a = find(attribute);
        return a ? std::optional<std::string>(expand(a->value, a->valueOffset)) : std::nullopt;
    }
    /// The value as a view: of the text where it has no reference to replace, else of `owned`.
    std::optional<std::string_view> view(std::string_view attribute, std::deque<std::string>& owned) const
    {
        const XmlAttribute* a = find(attribute);
        if (!a)
            return std::nullopt;
        if (a->value.find('&') == std::string_view::npos)
            return a->value;
        return owned.emplace_back(expand(a->value, a->valueOffset));
    }
};

/// Walks the elements of an XML document as rapidxml parses it, skipping comments, processing
/// instructions and the DOCTYPE; the text and CDATA of the current element go to the capture
/// string when one is set. Throws Stop where rapidxml would fail.
class XmlReader
{
public:
    explicit XmlReader(std::string_view text)
        : m_text(text)
        , m_pos(text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0)
    {
    }

    void capture(std::string* out) { m_capture = out; }

    /// The next start, empty or end tag; false at the end of the document.
    bool next(XmlTag& tag)
    {
        while (true) {
            if (m_depth == 0) {
                skipSpace();
                if (m_pos >= m_text.size())
                    return false;
                if (m_text[m_pos] != '<')
                    throw Stop { m_pos, "expected <" };
            } else {
                skipSpace(); // parse_trim_whitespace: each run of text loses its leading space
                if (m_pos >= m_text.size())
                    throw Stop { m_pos, "unexpected end of data" };
                if (m_text[m_pos] != '<') {
                    text();
                    continue;
                }
            }
            const char c1 = at(m_pos + 1);
            if (c1 == '/' && m_depth > 0)
                return endTag(tag);
            if (c1 == '?') {
                skipPast(m_pos + 2, "?>");
            } else if (c1 == '!') {
                if (at(m_pos + 2) == '-' && at(m_pos + 3) == '-') {
                    skipPast(m_pos + 4, "-->");
                } else if (m_text.substr(m_pos + 2, 7) == "[CDATA[") {
                    const std::size_t begin = m_pos + 9;
                    const std::size_t close = skipPast(begin, "]]>");
                    if (m_capture)
                        m_capture->append(m_text.substr(begin, close - begin));
                } else if (m_text.substr(m_pos + 2, 7) == "DOCTYPE" && isSpace(at(m_pos + 9))) {
                    doctype(m_pos + 10);
                } else {
                    const std::size_t close = m_text.find('>', m_pos + 2);
                    if (close == std::string_view::npos)
                        throw Stop { m_text.size(), "unexpected end of data" };
                    m_pos = close + 1;
                }
            } else {
                return element(tag);
            }
        }
    }

private:
    char at(std::size_t i) const { return i < m_text.size() ? m_text[i] : '\0'; }

    void skipSpace()
    {
        while (m_pos < m_text.size() && isSpace(m_text[m_pos]))
            ++m_pos;
    }

    /// Moves past `close`, searched from `from`; returns where `close` starts.
    std::size_t skipPast(std::size_t from, std::string_view close)
    {
        const std::size_t found = m_text.find(close, std::min(from, m_text.size()));
        if (found == std::string_view::npos)
            throw Stop { m_text.size(), "unexpected end of data" };
        m_pos = found + close.size();
        return found;
    }

    void doctype(std::size_t i)
    {
        for (; at(i) != '>'; ++i) {
            if (i >= m_text.size())
                throw Stop { i, "unexpected end of data" };
            if (m_text[i] == '[')
                for (int depth = 1; depth > 0;) {
                    ++i;
                    if (i >= m_text.size())
                        throw Stop { i, "unexpected end of data" };
                    depth += m_text[i] == '[' ? 1 : m_text[i] == ']' ? -1 : 0;
                }
        }
        m_pos = i + 1;
    }

    // A run of text: up to the next '<', its white space made single spaces and its last one
    // dropped (parse_normalize_whitespace | parse_trim_whitespace).
    void text()
    {
        std::size_t lt = m_text.find('<', m_pos);
        if (lt == std::string_view::npos)
            throw Stop { m_text.size(), "unexpected end of data" };
        const std::string_view raw = m_text.substr(m_pos, lt - m_pos);
        if (m_capture) {
            const std::size_t before = m_capture->size();
            expandInto(*m_capture, raw, m_pos, true);
            if (m_capture->size() > before && m_capture->back() == ' ')
                m_capture->pop_back();
        } else if (raw.find('&') != std::string_view::npos) {
            std::string ignored; // still checked: rapidxml fails on a bad reference anywhere
            expandInto(ignored, raw, m_pos, false);
        }
        m_pos = lt;
    }

    bool endTag(XmlTag& tag)
    {
        tag.kind = XmlTag::End;
        tag.offset = m_pos;
        tag.attributes.clear();
        std::size_t i = m_pos + 2;
        const std::size_t nameStart = i;
        while (i < m_text.size() && isNameChar(m_text[i]))
            ++i;
        tag.name = m_text.substr(nameStart, i - nameStart);
        while (i < m_text.size() && isSpace(m_text[i]))
            ++i;
        if (at(i) != '>')
            throw Stop { i, "expected >" };
        tag.end = m_pos = i + 1;
        --m_depth;
        return true;
    }

    bool element(XmlTag& tag)
    {
        tag.kind = XmlTag::Start;
        tag.offset = m_pos;
        tag.attributes.clear();
        std::size_t i = m_pos + 1;
        const std::size_t nameStart = i;
        while (i < m_text.size() && isNameChar(m_text[i]))
            ++i;
        if (i == nameStart)
            throw Stop { i, "expected element name" };
        tag.name = m_text.substr(nameStart, i - nameStart);
        while (i < m_text.size() && isSpace(m_text[i]))
            ++i;
        while (i < m_text.size() && isAttributeNameChar(m_text[i])) {
            const std::size_t attrStart = i;
            while (i < m_text.size() && isAttributeNameChar(m_text[i]))
                ++i;
            XmlAttribute attribute;
            attribute.name = m_text.substr(attrStart, i - attrStart);
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (at(i) != '=')
                throw Stop { i, "expected =" };
            ++i;
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            const char quote = at(i);
            if (quote != '"' && quote != '\'')
                throw Stop { i, "expected ' or \"" };
            const std::size_t close = m_text.find(quote, i + 1);
            if (close == std::string_view::npos)
                throw Stop { m_text.size(), "expected ' or \"" };
            attribute.valueOffset = i + 1;
            attribute.value = m_text.substr(i + 1, close - i - 1);
            if (attribute.value.find('&') != std::string_view::npos)
                expand(attribute.value, attribute.valueOffset); // a bad reference is an error
            tag.attributes.push_back(attribute);
            i = close + 1;
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
        }
        if (at(i) == '>') {
            ++m_depth;
        } else if (at(i) == '/') {
            ++i;
            if (at(i) != '>')
                throw Stop { i, "expected >" };
            tag.kind = XmlTag::Empty;
        } else {
            throw Stop { i, "expected >" };
        }
        tag.end = m_pos = i + 1;
        return true;
    }

    std::string_view m_text;
    std::size_t m_pos;
    int m_depth = 0;
    std::string* m_capture = nullptr;
};

enum class Role { Other, Root, Key, Default, FirstGraph, OtherGraph, Node, NodeData, Edge };

struct Frame
{
    Role role;
};

void scanInto(std::string_view text, GraphmlScan& scan)
{
    // Room for a typical exporter's file (a node ~350 bytes with ~9 <data>, an edge ~60 bytes; at
    // most a million of each reserved): the vectors then rarely grow, copy and touch twice the memory.
    constexpr std::size_t kMaxReserved = std::size_t(1) << 20;
    scan.nodes.reserve(std::min(text.size() / 350, kMaxReserved));
    scan.data.reserve(std::min(text.size() / 38, kMaxReserved));
    scan.edges.reserve(std::min(text.size() / 250, kMaxReserved));
    XmlReader reader(text);
    XmlTag tag;
    std::vector<Frame> stack;
    std::unordered_set<std::string> declared;
    std::vector<std::pair<std::string, std::size_t>> unknownSoFar;
    std::string captured;
    int insideFirstGraph = 0;
    bool rootSeen = false;
    std::size_t contentStart = 0; // of the <data> or <default> being captured: one past its start tag
    auto noteData = [&](const XmlTag& t) {
        const auto key = t.view("key", scan.owned);
        if (!key && !scan.dataWithoutKey)
            scan.dataWithoutKey = t.offset;
        if (key && !declared.count(std::string(*key)))
            unknownSoFar.emplace_back(*key, t.offset);
        return key;
    };
    // The captured text as a view: of the element's content where that reads as written (the
    // common case: no reference, no white space to normalise), else of a copy kept in the scan.
    auto capturedView = [&](std::size_t contentEnd) -> std::string_view {
        const std::string_view raw = text.substr(contentStart, contentEnd - contentStart);
        if (raw == captured)
            return raw;
        return scan.owned.emplace_back(captured);
    };
    while (reader.next(tag)) {
        if (tag.kind == XmlTag::End) {
            if (stack.empty())
                break;
            const Role role = stack.back().role;
            stack.pop_back();
            if (role == Role::Node && !scan.nodes.empty())
                scan.nodes.back().end = tag.end;
            else if (role == Role::FirstGraph)
                --insideFirstGraph;
            else if (role == Role::NodeData)
                scan.data.back().value = capturedView(tag.offset);
            else if (role == Role::Default && !scan.keys.back().hasDefault) { // the first <default> counts
                scan.keys.back().hasDefault = true;
                scan.keys.back().defaultValue = captured;
            }
            captured.clear();
            const bool capturing = !stack.empty() && (stack.back().role == Role::NodeData || stack.back().role == Role::Default);
            reader.capture(capturing ? &captured : nullptr);
            continue;
        }
        const Role parent = stack.empty() ? Role::Other : stack.back().role;
        Role role = Role::Other;
        if (stack.empty()) {
            if (!rootSeen) {
                rootSeen = true;
                scan.rootName = std::string(tag.name);
                scan.rootOffset = tag.offset;
                role = tag.name == "graphml" ? Role::Root : Role::Other;
            }
        } else if (tag.name == "key" && parent == Role::Root) {
            role = Role::Key;
            GraphmlKey key;
            key.id = tag.value("id").value_or("");
            const auto domain = tag.value("for");
            key.hasDomain = domain.has_value();
            key.domain = domain.value_or("all");
            key.name = tag.value("attr.name").value_or("");
            key.offset = tag.offset;
            declared.insert(key.id);
            scan.keys.push_back(std::move(key));
        } else if (tag.name == "default" && parent == Role::Key) {
            role = Role::Default;
        } else if (tag.name == "graph" && parent == Role::Root) {
            ++scan.graphCount;
            role = Role::OtherGraph;
            if (scan.graphCount == 1) {
                role = Role::FirstGraph;
                scan.graphId = tag.value("id").value_or("");
                scan.edgeDefault = tag.value("edgedefault");
                scan.graphOffset = tag.offset;
            }
        } else if (tag.name == "graph" && insideFirstGraph > 0) {
            if (!scan.nestedGraphOffset)
                scan.nestedGraphOffset = tag.offset;
        } else if (tag.name == "node" && parent == Role::FirstGraph) {
            role = Role::Node;
            GraphmlNode node;
            const auto id = tag.value("id");
            node.hasId = id.has_value();
            node.id = id.value_or("");
            node.offset = tag.offset;
            node.end = tag.end;
            node.dataBegin = node.dataEnd = scan.data.size();
            scan.nodes.push_back(std::move(node));
        } else if (tag.name == "edge" && parent == Role::FirstGraph) {
            role = Role::Edge;
            GraphmlEdge edge;
            const auto source = tag.value("source");
            const auto target = tag.value("target");
            edge.hasSource = source.has_value();
            edge.hasTarget = target.has_value();
            edge.source = source.value_or("");
            edge.target = target.value_or("");
            edge.directed = tag.value("directed");
            edge.offset = tag.offset;
            scan.edges.push_back(std::move(edge));
        } else if (tag.name == "data" && parent == Role::Node) {
            role = Role::NodeData;
            GraphmlData data;
            const auto key = noteData(tag);
            data.hasKey = key.has_value();
            data.key = key.value_or(std::string_view());
            data.offset = tag.offset;
            scan.data.push_back(data);
            scan.nodes.back().dataEnd = scan.data.size();
        } else if (tag.name == "data" && (parent == Role::FirstGraph || parent == Role::Edge)) {
            noteData(tag);
        }
        if (tag.kind == XmlTag::Start) {
            contentStart = tag.end;
            stack.push_back(Frame { role });
            if (role == Role::FirstGraph)
                ++insideFirstGraph;
            reader.capture(role == Role::NodeData || role == Role::Default ? &captured : nullptr);
        } else if (role == Role::Default && !scan.keys.back().hasDefault) { // <default/>
            scan.keys.back().hasDefault = true;
        }
    }
    for (auto& [key, offset] : unknownSoFar) // a <key> may follow its first use
        if (!declared.count(key))
            scan.undeclaredData.emplace_back(std::move(key), offset);
}

} // namespace

GraphmlScan scanGraphml(std::string_view text)
{
    GraphmlScan scan;
    try {
        scanInto(text, scan);
    } catch (const Stop& stop) {
        scan.xmlError = GraphmlXmlError { stop.offset, stop.message };
    }
    return scan;
}

GraphmlKeyTable::GraphmlKeyTable(const GraphmlScan& scan)
{
    std::unordered_map<std::string_view, std::string_view> defaultOf;
    for (std::size_t k = 0; k < scan.keys.size(); ++k) {
        byId[scan.keys[k].id] = k;
        if (scan.keys[k].hasDefault)
            defaultOf[scan.keys[k].id] = scan.keys[k].defaultValue;
    }
    for (const auto& [id, value] : defaultOf) {
        const std::size_t k = byId.at(id);
        if (scan.keys[k].domain == "node")
            defaults.emplace_back(k, value);
    }
    std::sort(defaults.begin(), defaults.end(),
              [&](const auto& a, const auto& b) { return scan.keys[a.first].id < scan.keys[b.first].id; });
    if (byId.size() <= 16)
        m_few.assign(byId.begin(), byId.end());
}

} // namespace shardscope
