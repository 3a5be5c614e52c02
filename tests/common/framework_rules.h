// SPDX-License-Identifier: GPL-3.0-or-later
// The frameworks' argument rules as data (tests/data/export_rules/*.json, whose "format" field describes the rule
// language evaluated here), and launch configs read as the frameworks read them (bash for Megatron-LM's arguments,
// python3's tomllib for torchtitan's TOML), for tst_launch_framework_rules.
#pragma once

#include "launch_config_parse.h"
#include "test_files.h"
#include <nlohmann/json.hpp>
#include <QtTest>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace shardscope::testing::framework_rules {

using Json = nlohmann::json;

inline const char* const kMegatronCommit = "d98e8a64ddf34856e74b24714e3bedb2f5a39553";
inline const char* const kTorchtitanCommit = "29624e37fa6dd319fd671b009338651b5c665da2";

// ---- The rule language (the "format" header of tests/data/export_rules/*.json) -------------------------------

inline std::optional<double> number(const Json& v)
{
    if (v.is_boolean())
        return v.get<bool>() ? 1.0 : 0.0;
    if (v.is_number())
        return v.get<double>();
    return std::nullopt;
}

inline Json numberJson(double x)
{
    if (std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 9e15)
        return Json(static_cast<std::int64_t>(x));
    return Json(x);
}

inline bool integral(double x) { return std::isfinite(x) && std::floor(x) == x && std::fabs(x) < 9e15; }

inline std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

inline bool equal(const Json& a, const Json& b, bool ignoreCase = false)
{
    const std::optional<double> na = number(a), nb = number(b);
    if (na && nb)
        return *na == *nb;
    if (ignoreCase && a.is_string() && b.is_string())
        return lower(a.get<std::string>()) == lower(b.get<std::string>());
    return a == b;
}

inline std::string show(const Json& v) { return v.is_null() ? std::string("undefined") : v.dump(); }

/// The values a rule set is evaluated on: flags or keys as written, the test's $ values, then the derived ones.
using Values = std::map<std::string, Json>;

class RuleSet
{
public:
    explicit RuleSet(const std::string& path)
    {
        const std::string text = readFile(path);
        if (text.empty())
            throw std::runtime_error("cannot read " + path);
        m_file = Json::parse(text);
    }

    const Json& file() const { return m_file; }

    /// Every broken rule, one message each: id, source, the Python condition's first line, the failed requirement
    /// and the values the rule looked at.
    std::vector<std::string> violations(Values values) const
    {
        addDerived(values);
        std::vector<std::string> out;
        for (const Json& rule : m_file.at("rules")) {
            Eval e { values, m_file.at("defaults"), {} };
            bool applies = true;
            for (const Json& c : rule.at("when"))
                applies = applies && e.condition(c);
            if (!applies)
                continue;
            std::vector<std::string> failed;
            for (const Json& c : rule.at("require"))
                if (!e.condition(c))
                    failed.push_back(c.dump());
            if (failed.empty())
                continue;
            // Name the flags behind the derived and $ values too.
            for (bool grew = true; grew;) {
                grew = false;
                const std::map<std::string, Json> seen = e.seen;
                for (const auto& [name, value] : seen)
                    for (const std::string& from : sourcesOf(name))
                        if (!e.seen.count(from)) {
                            e.lookup(from, nullptr);
                            grew = true;
                        }
            }
            out.push_back(describe(rule, failed, e.seen));
        }
        return out;
    }

    /// The ids of the broken rules.
    std::set<std::string> brokenIds(const Values& values) const
    {
        std::set<std::string> ids;
        for (const std::string& v : violations(values))
            ids.insert(v.substr(0, v.find(' ')));
        return ids;
    }

    /// The names a derived or $ value is computed from (none for a flag or key).
    std::set<std::string> sourcesOf(const std::string& name) const
    {
        std::set<std::string> out;
        for (const Json& d : m_file.at("derived"))
            if (d.at("name") == name) {
                if (d.contains("value"))
                    collectNames(d.at("value"), out);
                if (d.contains("cases"))
                    collectNames(d.at("cases"), out);
            }
        if (m_file.at("pseudo").contains(name))
            for (const Json& f : m_file.at("pseudo").at(name).at("from"))
                out.insert(f.get<std::string>());
        return out;
    }

    /// Names a rule mentions, directly or through derived values and the test's $ values.
    std::set<std::string> namesOf(const Json& rule) const
    {
        std::set<std::string> direct;
        collectNames(rule.at("when"), direct);
        collectNames(rule.at("require"), direct);
        std::set<std::string> out;
        std::vector<std::string> todo(direct.begin(), direct.end());
        while (!todo.empty()) {
            const std::string n = todo.back();
            todo.pop_back();
            if (!out.insert(n).second)
                continue;
            const std::set<std::string> more = sourcesOf(n);
            todo.insert(todo.end(), more.begin(), more.end());
        }
        return out;
    }

    static void collectNames(const Json& node, std::set<std::string>& out)
    {
        if (node.is_object()) {
            for (const char* k : { "flag", "present", "len" })
                if (node.contains(k) && node.at(k).is_string())
                    out.insert(node.at(k).get<std::string>());
            for (const auto& [k, v] : node.items())
                collectNames(v, out);
        } else if (node.is_array()) {
            for (const Json& v : node)
                collectNames(v, out);
        }
    }

private:
    struct Eval
    {
        const Values& values;
        const Json& defaults;
        std::map<std::string, Json> seen; ///< every name looked at, with its value, for the message

        bool given(const std::string& name) const
        {
            const auto it = values.find(name);
            return it != values.end() && !it->second.is_null();
        }

        Json lookup(const std::string& name, const Json* localDefault)
        {
            Json v;
            if (given(name))
                v = values.at(name);
            else if (localDefault)
                v = operand(*localDefault);
            else if (defaults.contains(name))
                v = operand(defaults.at(name));
            seen[name] = v;
            return v;
        }

        Json operand(const Json& o)
        {
            if (!o.is_object())
                return o;
            if (o.contains("flag"))
                return lookup(o.at("flag").get<std::string>(), o.contains("default") ? &o.at("default") : nullptr);
            if (o.contains("present")) {
                const std::string name = o.at("present").get<std::string>();
                const bool g = given(name);
                seen[name] = g ? values.at(name) : Json();
                return g ? 1 : 0;
            }
            if (o.contains("len")) {
                const Json v = lookup(o.at("len").get<std::string>(), nullptr);
                return v.is_array() ? Json(v.size()) : Json();
            }
            if (o.contains("sum") || o.contains("product")) {
                const bool isSum = o.contains("sum");
                double acc = isSum ? 0 : 1;
                for (const Json& x : o.at(isSum ? "sum" : "product")) {
                    const std::optional<double> n = number(operand(x));
                    if (!n)
                        return Json();
                    acc = isSum ? acc + *n : acc * *n;
                }
                return numberJson(acc);
            }
            if (o.contains("quotient")) {
                const std::optional<double> a = number(operand(o.at("quotient").at(0)));
                const std::optional<double> b = number(operand(o.at("quotient").at(1)));
                if (!a || !b || *b == 0)
                    return Json();
                return numberJson(std::floor(*a / *b));
            }
            throw std::runtime_error("unknown operand " + o.dump());
        }

        bool condition(const Json& c)
        {
            if (c.contains("any")) {
                bool any = false;
                for (const Json& x : c.at("any"))
                    any = condition(x) || any; // every branch evaluated, so the message names all values
                return any;
            }
            if (c.contains("all")) {
                bool all = true;
                for (const Json& x : c.at("all"))
                    all = condition(x) && all;
                return all;
            }
            const std::string op = c.at("op").get<std::string>();
            if (op == "present" || op == "absent") {
                const std::string name = c.at("flag").get<std::string>();
                const bool g = given(name);
                seen[name] = g ? values.at(name) : Json();
                return op == "present" ? g : !g;
            }
            const Json lhs = c.contains("flag")
                ? lookup(c.at("flag").get<std::string>(), c.contains("default") ? &c.at("default") : nullptr)
                : operand(c.at("expr"));
            const Json rhs = c.contains("value") ? operand(c.at("value")) : Json();
            const bool icase = c.value("ignore_case", false);
            if (op == "==")
                return equal(lhs, rhs, icase);
            if (op == "!=")
                return !equal(lhs, rhs, icase);
            if (op == "in") {
                for (const Json& x : rhs)
                    if (equal(lhs, x, icase))
                        return true;
                return false;
            }
            if (op == "contains") {
                if (!lhs.is_array())
                    return false;
                for (const Json& x : lhs)
                    if (equal(x, rhs, icase))
                        return true;
                return false;
            }
            if (op == "matches") {
                std::string text;
                if (lhs.is_string())
                    text = lhs.get<std::string>();
                else if (const std::optional<double> n = number(lhs); n && !lhs.is_boolean())
                    text = integral(*n) ? std::to_string(static_cast<long long>(*n)) : lhs.dump();
                else
                    return false;
                return std::regex_match(text, std::regex(rhs.get<std::string>(), std::regex::ECMAScript));
            }
            const std::optional<double> a = number(lhs), b = number(rhs);
            if (!a || !b)
                return false;
            if (op == ">")
                return *a > *b;
            if (op == ">=")
                return *a >= *b;
            if (op == "<")
                return *a < *b;
            if (op == "<=")
                return *a <= *b;
            if (op == "divisible_by")
                return integral(*a) && integral(*b) && *b != 0
                    && static_cast<long long>(*a) % static_cast<long long>(*b) == 0;
            if (op == "divides")
                return integral(*a) && integral(*b) && *a != 0
                    && static_cast<long long>(*b) % static_cast<long long>(*a) == 0;
            throw std::runtime_error("unknown op " + op);
        }
    };

    void addDerived(Values& values) const
    {
        for (const Json& d : m_file.at("derived")) {
            Eval e { values, m_file.at("defaults"), {} };
            Json v;
            if (d.contains("value")) {
                v = e.operand(d.at("value"));
            } else {
                for (const Json& c : d.at("cases")) {
                    bool holds = true;
                    for (const Json& w : c.at("when"))
                        holds = holds && e.condition(w);
                    if (holds) {
                        v = e.operand(c.at("value"));
                        break;
                    }
                }
            }
            values[d.at("name").get<std::string>()] = v;
        }
    }

    static std::string describe(const Json& rule, const std::vector<std::string>& failed,
                                const std::map<std::string, Json>& seen)
    {
        const Json& s = rule.at("source");
        const std::string python = rule.at("python").get<std::string>();
        std::string firstLines = python.substr(0, python.find('\n'));
        std::string out = rule.at("id").get<std::string>() + " (" + s.at("repo").get<std::string>() + " "
            + s.at("file").get<std::string>() + ":" + std::to_string(s.at("lines").at(0).get<int>()) + "-"
            + std::to_string(s.at("lines").at(1).get<int>()) + " at " + s.at("commit").get<std::string>().substr(0, 12)
            + ": " + firstLines + " ...): requires";
        for (const std::string& f : failed)
            out += " " + f;
        out += "; values:";
        for (const auto& [name, v] : seen)
            out += " " + name + "=" + show(v);
        return out;
    }

    Json m_file;
};

inline const RuleSet& megatronRules()
{
    static const RuleSet rules(std::string(SHARDSCOPE_TEST_DATA) + "/export_rules/megatron_validate_args.json");
    return rules;
}

inline const RuleSet& torchtitanRules()
{
    static const RuleSet rules(std::string(SHARDSCOPE_TEST_DATA) + "/export_rules/torchtitan_checks.json");
    return rules;
}

// ---- Reading an export as the framework reads it, plus the test's $ values -------------------------------------

/// nnodes x nproc-per-node of the "# Launch: torchrun --nnodes N --nproc-per-node G" header line.
inline Json worldSize(const std::string& text)
{
    static const std::regex launch(R"(# Launch: torchrun --nnodes (\d+) --nproc-per-node (\d+))");
    std::smatch m;
    if (!std::regex_search(text, m, launch))
        throw std::runtime_error("no torchrun line in the export");
    return Json(std::stoll(m[1].str()) * std::stoll(m[2].str()));
}

/// A flag's word as Megatron's argparse types read it: an integer, a float or a string.
inline Json wordValue(const QString& word)
{
    const std::string s = word.toStdString();
    static const std::regex integer(R"(-?[0-9]+)"), real(R"(-?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|-?[0-9]+[eE][-+]?[0-9]+)");
    if (std::regex_match(s, integer))
        return Json(std::stoll(s));
    if (std::regex_match(s, real))
        return Json(std::stod(s));
    return Json(s);
}

/// re.sub(pattern, lambda x: x.group(1) * int(x.group(2)), s): one pass, left to right.
inline std::string unroll(const std::string& s, const std::regex& pattern)
{
    std::string out;
    auto last = s.cbegin();
    for (std::sregex_iterator it(s.begin(), s.end(), pattern), end; it != end; ++it) {
        out.append(last, (*it)[0].first);
        for (long long i = 0, n = std::stoll((*it)[2].str()); i < n; ++i)
            out += (*it)[1].str();
        last = (*it)[0].second;
    }
    out.append(last, s.cend());
    return out;
}

/// The $layout_* values: PipelineParallelLayerLayout.parse_str_to_list (NVIDIA/Megatron-LM
/// megatron/core/transformer/pipeline_parallel_layer_layout.py at d98e8a6) drops commas, unrolls "(...)*N" then
/// "x*N" and splits at "|".
inline void addLayoutValues(const std::string& layout, Values& values)
{
    std::string s;
    for (char c : layout)
        if (c != ',')
            s += c;
    s = unroll(s, std::regex(R"(\(([^)]+)\)\*(\d+))"));
    s = unroll(s, std::regex(R"((.)\*(\d+))"));
    std::vector<std::string> stages(1);
    for (char c : s) {
        if (c == '|')
            stages.emplace_back();
        else
            stages.back() += c;
    }
    std::string flat;
    int mStages = 0, firstM = -1;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        for (char c : stages[i])
            if (std::string("ELtm").find(c) == std::string::npos)
                throw std::runtime_error("layout character " + std::string(1, c) + " Megatron does not know");
        flat += stages[i];
        if (stages[i].find('m') != std::string::npos) {
            ++mStages;
            if (firstM < 0)
                firstM = int(i);
        }
    }
    auto count = [&](char c) { return Json(std::count(flat.begin(), flat.end(), c)); };
    values["$layout_stages"] = Json(stages.size());
    values["$layout_E"] = count('E');
    values["$layout_L"] = count('L');
    values["$layout_t"] = count('t');
    values["$layout_m"] = count('m');
    values["$layout_first"] = flat.empty() ? Json() : Json(std::string(1, flat.front()));
    values["$layout_last"] = flat.empty() ? Json() : Json(std::string(1, flat.back()));
    const std::size_t m = flat.find('m');
    values["$layout_t_after_m"] = m == std::string::npos ? 0 : std::count(flat.begin() + std::ptrdiff_t(m), flat.end(), 't');
    values["$layout_m_stages"] = mStages;
    values["$layout_m_stage"] = firstM < 0 ? Json() : Json(firstM);
}

/// The list a --moe-layer-freq expression evaluates to, Python's list arithmetic over "[0,1]", "+", "*N" and
/// parentheses (the characters arguments.py _eval_pattern allows).
class ListExpression
{
public:
    explicit ListExpression(std::string text) : m_s(std::move(text)) {}
    std::vector<long long> evaluate()
    {
        std::vector<long long> v = sum();
        if (m_i != m_s.size())
            throw std::runtime_error("cannot evaluate the list expression " + m_s);
        return v;
    }

private:
    std::vector<long long> sum()
    {
        std::vector<long long> v = product();
        while (peek('+')) {
            ++m_i;
            const std::vector<long long> w = product();
            v.insert(v.end(), w.begin(), w.end());
        }
        return v;
    }
    std::vector<long long> product()
    {
        std::vector<long long> v = atom();
        while (peek('*')) {
            ++m_i;
            const long long n = integer();
            std::vector<long long> r;
            for (long long k = 0; k < n; ++k)
                r.insert(r.end(), v.begin(), v.end());
            v = r;
        }
        return v;
    }
    std::vector<long long> atom()
    {
        if (peek('(')) {
            ++m_i;
            std::vector<long long> v = sum();
            expect(')');
            return v;
        }
        expect('[');
        std::vector<long long> v;
        while (!peek(']')) {
            v.push_back(integer());
            if (peek(','))
                ++m_i;
        }
        ++m_i;
        return v;
    }
    long long integer()
    {
        const std::size_t start = m_i;
        while (m_i < m_s.size() && std::isdigit(static_cast<unsigned char>(m_s[m_i])))
            ++m_i;
        if (start == m_i)
            throw std::runtime_error("a number expected in " + m_s);
        return std::stoll(m_s.substr(start, m_i - start));
    }
    bool peek(char c) const { return m_i < m_s.size() && m_s[m_i] == c; }
    void expect(char c)
    {
        if (!peek(c))
            throw std::runtime_error(std::string("'") + c + "' expected in " + m_s);
        ++m_i;
    }
    std::string m_s;
    std::size_t m_i = 0;
};

/// A Megatron export as its rules see it: the flags bash passes, the world size and the layout's counts.
inline Values megatronValues(const std::string& text)
{
    Values values;
    for (const auto& [flag, word] : megatronFlags(text))
        values[flag.toStdString()] = word.isEmpty() ? Json(true) : wordValue(word);
    values["$world_size"] = worldSize(text);
    if (values.count("--pipeline-model-parallel-layout"))
        addLayoutValues(values.at("--pipeline-model-parallel-layout").get<std::string>(), values);
    if (const auto it = values.find("--moe-layer-freq"); it != values.end() && it->second.is_string()
        && it->second.get<std::string>().find('[') != std::string::npos)
        values["$moe_layer_freq_length"] = ListExpression(it->second.get<std::string>()).evaluate().size();
    return values;
}

/// A torchtitan export as its rules see it: table.key of the TOML tomllib reads, and the world size.
inline Values torchtitanValues(const std::string& text)
{
    Values values;
    const Json toml = tomlToJson(text);
    for (const auto& [table, body] : toml.items()) {
        if (body.is_object())
            for (const auto& [key, v] : body.items())
                values[table + "." + key] = v;
        else
            values[table] = body;
    }
    values["$world_size"] = worldSize(text);
    return values;
}

} // namespace shardscope::testing::framework_rules
