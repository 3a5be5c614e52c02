// SPDX-License-Identifier: GPL-3.0-or-later
// ShardScope's GraphML and DOT scanners (core/import/graphml_scan.h, dot_scan.h) against an
// independent oracle: Boost.Graph's read_graphml and read_graphviz, with every attribute read into
// string properties. For the fixtures in tests/data/graphs and ~200 random attributed DAGs in each
// format (odd ids, escapes, entities, CDATA, white space, key and node defaults, subgraphs, unknown
// attributes), both must find the same nodes, the same attribute values and the same edges.
#include "import/dot_scan.h"
#include "import/graphml_scan.h"
#include "util/input_error.h"

#include "test_files.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/property_map/dynamic_property_map.hpp>

#include <QDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace shardscope;

namespace {

using Attributes = std::map<std::string, std::string>;

/// What a reader found: node ids (GraphML: none, Boost does not report them), each node's
/// attributes, and the edges as (source, target) node indices, sorted.
struct Reading
{
    std::vector<std::string> ids;
    std::vector<Attributes> attributes;
    std::vector<std::pair<std::size_t, std::size_t>> edges;
};

using BoostGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using Vertex = boost::graph_traits<BoostGraph>::vertex_descriptor;

/// A vertex property that records every value Boost puts, as text.
class Recorder : public boost::dynamic_property_map
{
public:
    Recorder(std::string name, std::map<Vertex, Attributes>& out)
        : m_name(std::move(name))
        , m_out(out)
    {
    }
    boost::any get(const boost::any&) override { return std::string(); }
    std::string get_string(const boost::any&) override { return {}; }
    void put(const boost::any& key, const boost::any& value) override
    {
        m_out[boost::any_cast<Vertex>(key)][m_name] = boost::any_cast<std::string>(value);
    }
    const std::type_info& key() const override { return typeid(Vertex); }
    const std::type_info& value() const override { return typeid(std::string); }

private:
    std::string m_name;
    std::map<Vertex, Attributes>& m_out;
};

boost::dynamic_properties recorders(const std::set<std::string>& names, std::map<Vertex, Attributes>& out)
{
    boost::dynamic_properties dp(boost::ignore_other_properties);
    for (const std::string& name : names)
        dp.insert(name, boost::shared_ptr<boost::dynamic_property_map>(new Recorder(name, out)));
    return dp;
}

void sortEdges(Reading& r) { std::sort(r.edges.begin(), r.edges.end()); }

// ---------------------------------------------------------------------------------------------
// GraphML

/// Every <key> declared a string (Boost would convert typed values; ShardScope reads them as
/// written) and, without "for", for "all" (GraphML's default, which Boost insists on seeing).
std::string keysAsStrings(std::string text)
{
    for (std::size_t at = text.find("<key"); at != std::string::npos; at = text.find("<key", at + 1)) {
        const std::size_t end = text.find('>', at);
        const std::size_t type = text.find("attr.type=\"", at);
        if (type < end) {
            const std::size_t begin = type + 11;
            text.replace(begin, text.find('"', begin) - begin, "string");
        } else {
            text.insert(at + 4, " attr.type=\"string\"");
        }
        if (text.find(" for=", at) > text.find('>', at))
            text.insert(at + 4, " for=\"all\"");
    }
    return text;
}

Reading boostGraphml(const std::string& text, const std::set<std::string>& names)
{
    BoostGraph g;
    std::map<Vertex, Attributes> values;
    boost::dynamic_properties dp = recorders(names, values);
    std::istringstream in(keysAsStrings(text));
    boost::read_graphml(in, g, dp, 0);
    Reading r;
    r.attributes.resize(boost::num_vertices(g));
    for (const auto& [v, a] : values)
        r.attributes[v] = a;
    for (auto [it, end] = boost::edges(g); it != end; ++it)
        r.edges.emplace_back(boost::source(*it, g), boost::target(*it, g));
    sortEdges(r);
    return r;
}

Reading scannedGraphml(const std::string& text, const std::set<std::string>& names)
{
    const GraphmlScan scan = scanGraphml(text);
    if (scan.xmlError)
        throw std::runtime_error("malformed XML at " + std::to_string(scan.xmlError->offset) + ": " + scan.xmlError->message);
    const GraphmlKeyTable keys(scan);
    Reading r;
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < scan.nodes.size(); ++i) {
        index.emplace(scan.nodes[i].id, i);
        Attributes a;
        keys.nodeValues(scan, i, [&](std::size_t key, std::string_view value) {
            if (names.count(scan.keys[key].name))
                a[scan.keys[key].name] = std::string(value);
        });
        r.attributes.push_back(std::move(a));
    }
    for (const GraphmlEdge& e : scan.edges)
        r.edges.emplace_back(index.at(e.source), index.at(e.target));
    sortEdges(r);
    return r;
}

// ---------------------------------------------------------------------------------------------
// DOT

Reading boostDot(const std::string& text, const std::set<std::string>& names)
{
    BoostGraph g;
    std::map<Vertex, Attributes> values;
    std::set<std::string> all = names;
    all.insert("node_id");
    boost::dynamic_properties dp = recorders(all, values);
    const bool bom = text.compare(0, 3, "\xEF\xBB\xBF") == 0;
    boost::read_graphviz(text.substr(bom ? 3 : 0), g, dp, "node_id");
    // Boost numbers vertices by id; order them by id for comparison.
    std::vector<std::pair<std::string, Vertex>> byId;
    for (Vertex v = 0; v < boost::num_vertices(g); ++v)
        byId.emplace_back(values[v]["node_id"], v);
    std::sort(byId.begin(), byId.end());
    std::vector<std::size_t> rank(byId.size());
    Reading r;
    for (std::size_t i = 0; i < byId.size(); ++i) {
        rank[byId[i].second] = i;
        r.ids.push_back(byId[i].first);
        Attributes a = values[byId[i].second];
        a.erase("node_id");
        r.attributes.push_back(std::move(a));
    }
    for (auto [it, end] = boost::edges(g); it != end; ++it)
        r.edges.emplace_back(rank[boost::source(*it, g)], rank[boost::target(*it, g)]);
    sortEdges(r);
    return r;
}

Reading scannedDot(const std::string& text, const std::set<std::string>& names)
{
    const DotScan scan = scanDot(text);
    if (scan.error)
        throw std::runtime_error("syntax error at " + std::to_string(scan.error->offset) + ": " + scan.error->message);
    std::vector<std::size_t> order(scan.vertices.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scan.vertices[a].id < scan.vertices[b].id; });
    Reading r;
    std::map<std::string, std::size_t> index;
    for (std::size_t v : order) {
        index.emplace(scan.vertices[v].id, r.ids.size());
        r.ids.push_back(scan.vertices[v].id);
        Attributes a;
        for (const auto& [name, value] : scan.vertices[v].attributes)
            if (names.count(scan.attributeNames[std::size_t(name)]))
                a[scan.attributeNames[std::size_t(name)]] = value;
        r.attributes.push_back(std::move(a));
    }
    for (const DotEdge& e : scan.edges)
        r.edges.emplace_back(index.at(e.from), index.at(e.to));
    sortEdges(r);
    if (scan.strict) // a strict graph holds each edge once (the importer counts repeats once anyway)
        r.edges.erase(std::unique(r.edges.begin(), r.edges.end()), r.edges.end());
    return r;
}

// ---------------------------------------------------------------------------------------------
// Random attributed DAGs

const std::vector<std::string> kNames { "name", "label", "op", "kind", "params", "active_params", "tp_sharded_params",
    "tied_to", "flops", "flops_per_seq", "activation_bytes", "input_bytes", "output_elements", "tp_shardable",
    "color", "shape", "x_unknown" };

struct Generator
{
    std::mt19937 rng;

    explicit Generator(unsigned seed)
        : rng(seed)
    {
    }

    std::size_t below(std::size_t n) { return rng() % n; }
    bool chance(int percent) { return int(rng() % 100) < percent; }
    template <typename T>
    const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }

    std::string number()
    {
        switch (below(7)) {
        case 0: return std::to_string(rng() % 100000);
        case 1: return std::to_string(rng() % 1000) + "." + std::to_string(rng() % 1000);
        case 2: return std::to_string(rng() % 10) + "e" + std::to_string(rng() % 20);
        case 3: return "-" + std::to_string(rng() % 50);
        case 4: return "+" + std::to_string(rng() % 50);
        case 5: return "1.5E+9";
        default: return std::to_string(3000000000ULL + rng() % 1000);
        }
    }

    /// A value as text (what both readers should deliver).
    std::string value()
    {
        switch (below(6)) {
        case 0:
        case 1: return number();
        case 2: return pick<std::string>({ "true", "false", "Linear", "model.layers.3.mlp", "RMSNorm" });
        case 3: return pick<std::string>({ "a b", "x<y & z>w", "quote \" in", "it's", "tab\there", "caf\xC3\xA9" });
        case 4: return pick<std::string>({ "back\\slash", "trailing\\", "two  spaces", "new\nline" });
        default: return "";
        }
    }

    std::string id(std::size_t i)
    {
        switch (below(5)) {
        case 0: return "n" + std::to_string(i);
        case 1: return "node_" + std::to_string(i) + "_x";
        case 2: return "with space " + std::to_string(i);
        case 3: return "q\"" + std::to_string(i) + "&<>";
        default: return "caf\xC3\xA9-" + std::to_string(i);
        }
    }

    std::vector<std::pair<std::size_t, std::size_t>> dag(std::size_t n)
    {
        std::vector<std::pair<std::size_t, std::size_t>> edges;
        for (std::size_t j = 1; j < n; ++j)
            for (std::size_t k = 0, count = below(3); k < count; ++k)
                edges.emplace_back(below(j), j);
        return edges;
    }
};

// XML escaping, by several means.
std::string xmlEscape(Generator& g, std::string_view s, bool attribute)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += g.chance(50) ? "&amp;" : "&#38;"; break;
        case '<': out += g.chance(50) ? "&lt;" : "&#x3c;"; break;
        case '>': out += g.chance(50) ? "&gt;" : ">"; break;
        case '"': out += attribute || g.chance(50) ? "&quot;" : "\""; break;
        case '\'': out += g.chance(50) ? "&apos;" : "'"; break;
        default: out += c;
        }
    }
    return out;
}

std::string randomGraphml(Generator& g)
{
    const std::size_t n = 1 + g.below(25);
    std::string t = g.chance(20) ? "\xEF\xBB\xBF" : "";
    t += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generated -->\n<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
    std::vector<std::string> keyIds;
    for (std::size_t k = 0; k < kNames.size(); ++k) {
        if (g.chance(15))
            continue;
        keyIds.push_back("k" + std::to_string(k) + (g.chance(30) ? "x" : ""));
        const std::string domain = g.pick<std::string>({ "node", "node", "node", "all", "edge" });
        t += "  <key id=\"" + keyIds.back() + "\" for=\"" + domain + "\" attr.name=\"" + kNames[k] + "\" attr.type=\"string\"";
        if (g.chance(25))
            t += "><default>" + xmlEscape(g, g.value(), false) + "</default></key>\n";
        else
            t += "/>\n";
    }
    t += "  <graph id=\"g\" edgedefault=\"directed\">\n";
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < n; ++i) {
        ids.push_back(g.id(i));
        t += "    <node id=\"" + xmlEscape(g, ids.back(), true) + "\"";
        if (g.chance(10)) {
            t += "/>\n";
            continue;
        }
        t += ">";
        for (std::size_t d = 0, count = g.below(6); d < count && !keyIds.empty(); ++d) {
            t += "<data key=\"" + g.pick(keyIds) + "\">";
            const std::string v = g.value();
            switch (g.below(5)) {
            case 0: t += "<![CDATA[" + v + "]]>"; break;
            case 1: t += "\n      " + xmlEscape(g, v, false) + "  \n"; break;
            case 2: t += xmlEscape(g, v.substr(0, v.size() / 2), false) + "<!-- c -->" + xmlEscape(g, v.substr(v.size() / 2), false); break;
            default: t += xmlEscape(g, v, false); break;
            }
            t += "</data>";
        }
        t += "</node>\n";
    }
    for (const auto& [u, v] : g.dag(n))
        t += "    <edge source=\"" + xmlEscape(g, ids[u], true) + "\" target=\"" + xmlEscape(g, ids[v], true) + "\""
            + (g.chance(20) ? "><data key=\"" + (keyIds.empty() ? std::string("k0") : g.pick(keyIds)) + "\">e</data></edge>\n" : "/>\n");
    return t + "  </graph>\n</graphml>\n";
}

std::string dotQuote(Generator& g, std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += "\\\"";
        else if (c == '\n' && g.chance(50))
            out += "\\\n\n"; // a continuation, then the line feed itself
        else
            out += c;
    }
    if (out.back() == '\\') // DOT cannot end a string with a backslash: it would escape the quote
        out += '.';
    return out + "\"";
}

bool plainId(std::string_view s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool plainNumber(std::string_view s)
{
    if (s.empty())
        return false;
    std::size_t i = s[0] == '-' ? 1 : 0;
    std::size_t digits = 0, dots = 0;
    for (; i < s.size(); ++i) {
        if (s[i] == '.')
            ++dots;
        else if (std::isdigit(static_cast<unsigned char>(s[i])))
            ++digits;
        else
            return false;
    }
    return digits > 0 && dots <= 1;
}

std::string dotValue(Generator& g, std::string_view s)
{
    if ((plainId(s) || plainNumber(s)) && g.chance(60))
        return std::string(s);
    return dotQuote(g, s);
}

std::string randomAttributes(Generator& g)
{
    std::string t = "[";
    for (std::size_t a = 0, count = 1 + g.below(5); a < count; ++a) {
        t += (a ? g.pick<std::string>({ ", ", "; ", " " }) : "") + g.pick(kNames);
        if (g.chance(90))
            t += "=" + dotValue(g, g.value());
    }
    return t + "]";
}

std::string randomDot(Generator& g)
{
    const std::size_t n = 1 + g.below(25);
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < n; ++i)
        ids.push_back(g.id(i));
    auto ref = [&](std::size_t i) { return dotValue(g, ids[i]); };
    std::string t = g.chance(30) ? "strict digraph " : "digraph ";
    t += dotQuote(g, "m") + " {\n";
    const auto edges = g.dag(n);
    std::size_t nextEdge = 0;
    int open = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (g.chance(15))
            t += "  node " + randomAttributes(g) + ";\n";
        if (g.chance(10)) {
            t += "  subgraph s" + std::to_string(i) + " {\n";
            ++open;
        } else if (open > 0 && g.chance(30)) {
            t += "  }\n";
            --open;
        }
        t += "  " + ref(i);
        if (g.chance(85))
            t += " " + randomAttributes(g) + (g.chance(20) ? randomAttributes(g) : "");
        t += ";\n";
        // Edges may come before their target's statement: it is then first mentioned there.
        while (nextEdge < edges.size() && edges[nextEdge].second <= i + 1 && g.chance(70)) {
            if (edges[nextEdge].second < n)
                t += "  " + ref(edges[nextEdge].first) + " -> " + ref(edges[nextEdge].second) + (g.chance(20) ? " [weight=2]" : "") + ";\n";
            ++nextEdge;
        }
    }
    for (; open > 0; --open)
        t += "  }\n";
    for (; nextEdge < edges.size(); ++nextEdge)
        t += "  " + ref(edges[nextEdge].first) + " -> " + ref(edges[nextEdge].second) + ";\n";
    return t + "}\n";
}

std::set<std::string> allNames() { return { kNames.begin(), kNames.end() }; }

void compare(const Reading& ours, const Reading& boost, const std::string& text)
{
    const std::string context = "\n--- input ---\n" + text;
    QVERIFY2(ours.ids == boost.ids, ("node ids differ" + context).c_str());
    QVERIFY2(ours.attributes.size() == boost.attributes.size(), ("node counts differ" + context).c_str());
    for (std::size_t i = 0; i < ours.attributes.size(); ++i) {
        if (ours.attributes[i] == boost.attributes[i])
            continue;
        std::string diff = "attributes of node " + std::to_string(i) + " differ:\n ours:";
        for (const auto& [k, v] : ours.attributes[i])
            diff += " " + k + "=[" + v + "]";
        diff += "\n boost:";
        for (const auto& [k, v] : boost.attributes[i])
            diff += " " + k + "=[" + v + "]";
        QFAIL((diff + context).c_str());
    }
    QVERIFY2(ours.edges == boost.edges, ("edges differ" + context).c_str());
}

} // namespace

class TestGraphReaderOracle : public QObject
{
    Q_OBJECT

private slots:
    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QDir dir(QString(SHARDSCOPE_TEST_DATA) + "/graphs");
        for (const QString& name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void fixtures()
    {
        QFETCH(QString, file);
        const std::string text = shardscope::testing::readFile(file.toStdString());
        std::set<std::string> names = allNames();
        names.insert("bytes");
        names.insert("weight");
        if (file.endsWith(".graphml"))
            compare(scannedGraphml(text, names), boostGraphml(text, names), text);
        else
            compare(scannedDot(text, names), boostDot(text, names), text);
    }

    void randomGraphml()
    {
        Generator g(2024);
        for (int i = 0; i < 200; ++i) {
            const std::string text = ::randomGraphml(g);
            try {
                compare(scannedGraphml(text, allNames()), boostGraphml(text, allNames()), text);
            } catch (const std::exception& e) {
                QFAIL((std::string("a reader failed: ") + e.what() + "\n--- input ---\n" + text).c_str());
            }
            if (QTest::currentTestFailed())
                return;
        }
    }

    void randomDot()
    {
        Generator g(4048);
        for (int i = 0; i < 200; ++i) {
            const std::string text = ::randomDot(g);
            try {
                compare(scannedDot(text, allNames()), boostDot(text, allNames()), text);
            } catch (const std::exception& e) {
                QFAIL((std::string("a reader failed: ") + e.what() + "\n--- input ---\n" + text).c_str());
            }
            if (QTest::currentTestFailed())
                return;
        }
    }
};

QTEST_GUILESS_MAIN(TestGraphReaderOracle)
#include "tst_graph_reader_oracle.moc"
