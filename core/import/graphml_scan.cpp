// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/graphml_scan.h"

#include <algorithm>
#include <unordered_set>

namespace shardscope {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

void appendUtf8(std::string& out, unsigned long code)
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
    } else {
        out += static_cast<char>(0xF0 | ((code >> 18) & 0x07));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// An attribute value with its character and entity references replaced, as an XML parser reads it.
std::string decode(std::string_view raw)
{
    if (raw.find('&') == std::string_view::npos)
        return std::string(raw);
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const std::size_t semicolon = raw[i] == '&' ? raw.find(';', i) : std::string_view::npos;
        if (semicolon == std::string_view::npos || semicolon - i > 10) {
            out += raw[i];
            continue;
        }
        const std::string_view entity = raw.substr(i + 1, semicolon - i - 1);
        if (entity == "lt")
            out += '<';
        else if (entity == "gt")
            out += '>';
        else if (entity == "amp")
            out += '&';
        else if (entity == "quot")
            out += '"';
        else if (entity == "apos")
            out += '\'';
        else if (entity.size() > 1 && entity[0] == '#') {
            const bool hex = entity[1] == 'x' || entity[1] == 'X';
            unsigned long code = 0;
            try {
                code = std::stoul(std::string(entity.substr(hex ? 2 : 1)), nullptr, hex ? 16 : 10);
            } catch (const std::exception&) {
                out += raw[i];
                continue;
            }
            appendUtf8(out, code);
        } else {
            out += raw[i];
            continue;
        }
        i = semicolon;
    }
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
    std::size_t nameEnd = 0;
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
        return a ? std::optional<std::string>(decode(a->value)) : std::nullopt;
    }
};

/// Walks the tags of an XML text, skipping text, comments, CDATA, processing instructions and
/// the DOCTYPE. Stops (returns false) at the end or at anything it cannot read.
class XmlTagReader
{
public:
    XmlTagReader(std::string_view text, std::size_t begin, std::size_t end)
        : m_text(text.substr(0, std::min(end, text.size())))
        , m_pos(begin)
    {
    }

    bool next(XmlTag& tag)
    {
        while (true) {
            const std::size_t lt = m_text.find('<', m_pos);
            if (lt == std::string_view::npos)
                return false;
            const std::string_view rest = m_text.substr(lt);
            if (rest.substr(0, 4) == "<!--") {
                if (!skipPast(lt, "-->"))
                    return false;
            } else if (rest.substr(0, 9) == "<![CDATA[") {
                if (!skipPast(lt, "]]>"))
                    return false;
            } else if (rest.substr(0, 2) == "<?") {
                if (!skipPast(lt, "?>"))
                    return false;
            } else if (rest.substr(0, 2) == "<!") {
                if (!skipDoctype(lt))
                    return false;
            } else {
                return readTag(lt, tag);
            }
        }
    }

private:
    bool skipPast(std::size_t from, std::string_view close)
    {
        const std::size_t at = m_text.find(close, from);
        if (at == std::string_view::npos)
            return false;
        m_pos = at + close.size();
        return true;
    }

    bool skipDoctype(std::size_t from)
    {
        int brackets = 0;
        for (std::size_t i = from + 2; i < m_text.size(); ++i) {
            if (m_text[i] == '[')
                ++brackets;
            else if (m_text[i] == ']')
                --brackets;
            else if (m_text[i] == '>' && brackets <= 0) {
                m_pos = i + 1;
                return true;
            }
        }
        return false;
    }

    bool readTag(std::size_t lt, XmlTag& tag)
    {
        std::size_t i = lt + 1;
        tag.kind = XmlTag::Start;
        tag.offset = lt;
        tag.attributes.clear();
        if (i < m_text.size() && m_text[i] == '/') {
            tag.kind = XmlTag::End;
            ++i;
        }
        const std::size_t nameStart = i;
        while (i < m_text.size() && !isSpace(m_text[i]) && m_text[i] != '>' && m_text[i] != '/')
            ++i;
        tag.name = m_text.substr(nameStart, i - nameStart);
        tag.nameEnd = i;
        while (true) {
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (i >= m_text.size())
                return false;
            if (m_text[i] == '>') {
                tag.end = m_pos = i + 1;
                return true;
            }
            if (m_text[i] == '/' && i + 1 < m_text.size() && m_text[i + 1] == '>') {
                if (tag.kind == XmlTag::Start)
                    tag.kind = XmlTag::Empty;
                tag.end = m_pos = i + 2;
                return true;
            }
            const std::size_t attrStart = i;
            while (i < m_text.size() && !isSpace(m_text[i]) && m_text[i] != '=' && m_text[i] != '>')
                ++i;
            XmlAttribute attribute;
            attribute.name = m_text.substr(attrStart, i - attrStart);
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (i >= m_text.size() || m_text[i] != '=')
                return false;
            ++i;
            while (i < m_text.size() && isSpace(m_text[i]))
                ++i;
            if (i >= m_text.size() || (m_text[i] != '"' && m_text[i] != '\''))
                return false;
            const std::size_t close = m_text.find(m_text[i], i + 1);
            if (close == std::string_view::npos)
                return false;
            attribute.valueOffset = i + 1;
            attribute.value = m_text.substr(i + 1, close - i - 1);
            tag.attributes.push_back(attribute);
            i = close + 1;
        }
    }

    std::string_view m_text;
    std::size_t m_pos;
};

enum class Role { Other, Root, Key, FirstGraph, OtherGraph, Node, Edge };

struct Frame
{
    std::string_view name;
    Role role;
};

} // namespace

GraphmlScan scanGraphml(std::string_view text)
{
    GraphmlScan scan;
    XmlTagReader reader(text, 0, text.size());
    XmlTag tag;
    std::vector<Frame> stack;
    std::unordered_set<std::string> declared;
    std::vector<std::pair<std::string, std::size_t>> unknownSoFar;
    int insideFirstGraph = 0;
    while (reader.next(tag)) {
        if (tag.kind == XmlTag::End) {
            if (stack.empty())
                break;
            const Role role = stack.back().role;
            stack.pop_back();
            if (role == Role::Node && !scan.nodes.empty())
                scan.nodes.back().end = tag.end;
            if (role == Role::FirstGraph)
                --insideFirstGraph;
            continue;
        }
        const Role parent = stack.empty() ? Role::Other : stack.back().role;
        Role role = Role::Other;
        if (stack.empty() && !scan.rootName) {
            scan.rootName = std::string(tag.name);
            scan.rootOffset = tag.offset;
            role = tag.name == "graphml" ? Role::Root : Role::Other;
        } else if (tag.name == "key" && parent == Role::Root) {
            role = Role::Key;
            GraphmlKey key;
            key.id = tag.value("id").value_or("");
            const auto domain = tag.value("for");
            key.hasDomain = domain.has_value();
            key.domain = domain.value_or("all");
            key.name = tag.value("attr.name").value_or("");
            key.offset = tag.offset;
            key.nameEnd = tag.nameEnd;
            if (const XmlAttribute* type = tag.find("attr.type"))
                key.typeValue = std::pair { type->valueOffset, type->valueOffset + type->value.size() };
            declared.insert(key.id);
            scan.keys.push_back(std::move(key));
        } else if (tag.name == "default" && parent == Role::Key) {
            scan.keys.back().hasDefault = true;
        } else if (tag.name == "graph" && parent == Role::Root) {
            ++scan.graphCount;
            role = Role::OtherGraph;
            if (scan.graphCount == 1) {
                role = Role::FirstGraph;
                scan.graphId = tag.value("id").value_or("");
                scan.edgeDefault = tag.value("edgedefault");
                scan.graphOffset = tag.offset;
                scan.graphNameEnd = tag.nameEnd;
                if (const XmlAttribute* ids = tag.find("parse.nodeids"))
                    scan.nodeIdsValue = std::pair { ids->valueOffset, ids->valueOffset + ids->value.size() };
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
        } else if (tag.name == "data" && (parent == Role::FirstGraph || parent == Role::Node || parent == Role::Edge)) {
            std::string key = tag.value("key").value_or("");
            if (!declared.count(key))
                unknownSoFar.emplace_back(std::move(key), tag.offset);
        }
        if (tag.kind == XmlTag::Start) {
            stack.push_back(Frame { tag.name, role });
            if (role == Role::FirstGraph)
                ++insideFirstGraph;
        }
    }
    for (auto& [key, offset] : unknownSoFar) // a <key> may follow its first use
        if (!declared.count(key))
            scan.undeclaredData.emplace_back(std::move(key), offset);
    return scan;
}

std::vector<std::pair<std::string, std::size_t>> graphmlDataIn(std::string_view text, std::size_t begin, std::size_t end)
{
    std::vector<std::pair<std::string, std::size_t>> out;
    XmlTagReader reader(text, begin, end);
    XmlTag tag;
    int depth = 0;
    while (reader.next(tag)) {
        if (tag.kind == XmlTag::End) {
            --depth;
            continue;
        }
        if (depth == 1 && tag.name == "data")
            out.emplace_back(tag.value("key").value_or(""), tag.offset);
        if (tag.kind == XmlTag::Start)
            ++depth;
    }
    return out;
}

} // namespace shardscope
