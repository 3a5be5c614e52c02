// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/json_reader.h"

#include "util/input_error.h"
#include "util/text.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace shardscope {

namespace {

constexpr std::int64_t kSanityLimit = 1 << 22; // TransformerSpec::validate's dimension limit

std::string formatNumber(double value)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", value);
    return buf;
}

std::string describeNumberRange(double min, double max)
{
    if (min > 0)
        return "a positive number";
    if (min == 0)
        return "a non-negative number";
    return "a number from " + formatNumber(min) + " to " + formatNumber(max);
}

bool isBlank(std::string_view text)
{
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

} // namespace

void JsonContext::fail(const std::string& path, const std::string& message) const
{
    throw InputError(source, path, format.empty() ? message : format + ": " + message);
}

std::string lineColumnAt(std::string_view text, std::size_t offset)
{
    if (offset > text.size())
        offset = text.size();
    std::size_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

namespace {

std::string hexByte(unsigned char byte)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(byte));
    return buf;
}

} // namespace

void checkJsonText(std::string_view text, const JsonContext& context)
{
    const auto startsWith = [&](std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; };
    using namespace std::string_view_literals;
    if (startsWith("\x00\x00\xFE\xFF"sv) || startsWith("\xFF\xFE\x00\x00"sv))
        context.fail("byte 0", "the file is UTF-32 (it starts with a UTF-32 byte-order mark); save it as UTF-8");
    if (startsWith("\xFF\xFE"sv) || startsWith("\xFE\xFF"sv))
        context.fail("byte 0", std::string("the file is UTF-16 ") + (text[0] == '\xFF' ? "little-endian" : "big-endian")
                                   + " (it starts with a UTF-16 byte-order mark); save it as UTF-8");
    if (const std::size_t bad = invalidUtf8Offset(text); bad != std::string_view::npos)
        context.fail(lineColumnAt(text, bad),
                     "byte " + hexByte(static_cast<unsigned char>(text[bad]))
                         + " is not valid UTF-8; JSON files must be UTF-8 (Latin-1 or Windows-1252 text: save it "
                           "as UTF-8)");
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                context.fail(lineColumnAt(text, i), "arrays and objects are nested more than "
                                                        + std::to_string(kMaxJsonDepth)
                                                        + " levels deep; the file is damaged or was not written "
                                                          "for ShardScope");
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

std::string jsonParseErrorDetail(const nlohmann::json::exception& e)
{
    const std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ...; last read: 'x'"
    if (const auto col = what.find("column "); col != std::string::npos)
        if (const auto colon = what.find(": ", col); colon != std::string::npos)
            return what.substr(colon + 2);
    if (const auto close = what.find("] "); what.starts_with("[json.exception") && close != std::string::npos)
        return what.substr(close + 2);
    return what;
}

void failJsonNumberOverflow(const nlohmann::json::out_of_range& e, std::string_view text, const JsonContext& context)
{
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'"
    const std::string what = e.what();
    std::string number;
    if (const auto open = what.find('\''); open != std::string::npos)
        if (const auto close = what.find('\'', open + 1); close != std::string::npos)
            number = what.substr(open + 1, close - open - 1);
    const std::size_t at = number.empty() ? std::string_view::npos : text.find(number);
    if (number.empty())
        context.fail("", "a number is too large: " + jsonParseErrorDetail(e));
    context.fail(at == std::string_view::npos ? std::string() : lineColumnAt(text, at),
                 "the number " + number + " is too large to represent (over about 1.8e308); no size or count is "
                                          "anywhere near that");
}

nlohmann::json parseJsonText(std::string_view text, const JsonContext& context)
{
    if (isBlank(text))
        context.fail("", "the input is empty; expected a JSON document");
    checkJsonText(text, context);
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::out_of_range& e) {
        failJsonNumberOverflow(e, text, context);
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is the 1-based offset of the byte that failed; one past the end when input ran out.
        const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        const std::string detail = jsonParseErrorDetail(e);
        if (detail.find("unexpected end of input") != std::string::npos || offset >= text.size())
            context.fail(lineColumnAt(text, offset),
                         "unexpected end of input; the JSON is truncated (a closing brace, bracket or quote "
                         "is missing)");
        context.fail(lineColumnAt(text, offset), "invalid JSON: " + detail);
    }
}

std::string jsonTypeName(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return "integer";
    case nlohmann::json::value_t::number_float:
        return "number " + formatNumber(value.get<double>());
    case nlohmann::json::value_t::boolean:
        return "boolean";
    default:
        return value.type_name();
    }
}

std::string describeIntegerRange(std::int64_t min, std::int64_t max)
{
    if (min == 1)
        return "a positive integer";
    if (min == 0)
        return "a non-negative integer";
    return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
}

std::int64_t readInteger(const nlohmann::json& value, const std::string& path, const JsonContext& context,
                         std::int64_t min, std::int64_t max)
{
    const std::string expected = describeIntegerRange(min, max);
    auto tooLarge = [&](const std::string& shown) {
        const std::string bound = min == 0 || min == 1 ? " of at most " + std::to_string(max) : "";
        if (max >= kSanityLimit) // a plausibility limit rather than a structural one
            context.fail(path, "value " + shown + " is implausibly large; expected " + expected + bound);
        context.fail(path, "expected " + expected + bound + ", got " + shown);
    };
    auto tooSmall = [&](const std::string& shown) { context.fail(path, "expected " + expected + ", got " + shown); };

    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(max))
            tooLarge(std::to_string(v));
        const auto i = static_cast<std::int64_t>(v);
        if (i < min)
            tooSmall(std::to_string(i));
        return i;
    }
    if (value.is_number_integer()) {
        const auto v = value.get<std::int64_t>();
        if (v > max)
            tooLarge(std::to_string(v));
        if (v < min)
            tooSmall(std::to_string(v));
        return v;
    }
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (!std::isfinite(d) || d != std::floor(d))
            context.fail(path, "expected " + expected + ", got " + formatNumber(d) + " (not a whole number)");
        if (d > static_cast<double>(max))
            tooLarge(formatNumber(d));
        if (d < static_cast<double>(min))
            tooSmall(formatNumber(d));
        return static_cast<std::int64_t>(d); // in [min, max]: exact and defined
    }
    context.fail(path, "expected " + expected + ", got " + jsonTypeName(value));
}

double readNumber(const nlohmann::json& value, const std::string& path, const JsonContext& context, double min,
                  double max)
{
    if (!value.is_number())
        context.fail(path, "expected " + describeNumberRange(min, max) + ", got " + jsonTypeName(value));
    const double d = value.get<double>();
    if (!std::isfinite(d))
        context.fail(path, "expected a finite number");
    if (d > max && max >= 1e5) // a plausibility limit rather than a structural one (efficiency <= 1)
        context.fail(path, "value " + formatNumber(d) + " is implausibly large; expected at most " + formatNumber(max));
    if (d > max)
        context.fail(path, "expected a number of at most " + formatNumber(max) + ", got " + formatNumber(d));
    if (d < min || (min > 0 && d <= 0))
        context.fail(path, "expected " + describeNumberRange(min, max) + ", got " + formatNumber(d));
    return d;
}

bool readBoolean(const nlohmann::json& value, const std::string& path, const JsonContext& context)
{
    if (!value.is_boolean())
        context.fail(path, "expected true or false, got " + jsonTypeName(value));
    return value.get<bool>();
}

std::string readString(const nlohmann::json& value, const std::string& path, const JsonContext& context)
{
    if (!value.is_string())
        context.fail(path, "expected a string, got " + jsonTypeName(value));
    return value.get<std::string>();
}

JsonObjectReader::JsonObjectReader(const nlohmann::json& object, std::string path, const JsonContext& context)
    : m_object(object)
    , m_path(std::move(path))
    , m_context(context)
{
    if (!m_object.is_object())
        m_context.fail(m_path, "expected a JSON object, got " + jsonTypeName(m_object));
}

const nlohmann::json* JsonObjectReader::find(std::string_view key) const
{
    if (m_keyLog)
        m_keyLog->emplace(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return nullptr;
    return &*it;
}

bool JsonObjectReader::isNull(std::string_view key) const
{
    if (m_keyLog)
        m_keyLog->emplace(key);
    const auto it = m_object.find(key);
    return it != m_object.end() && it->is_null();
}

std::string JsonObjectReader::pathOf(std::string_view key) const
{
    return m_path + "." + std::string(key);
}

const nlohmann::json& JsonObjectReader::required(std::string_view key, const std::string& expected) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        m_context.fail(pathOf(key), "missing required field \"" + std::string(key) + "\" (expected " + expected + ")");
    return *v;
}

std::int64_t JsonObjectReader::integer(std::string_view key, std::int64_t min, std::int64_t max) const
{
    return readInteger(required(key, describeIntegerRange(min, max)), pathOf(key), m_context, min, max);
}

std::int64_t JsonObjectReader::integerOr(std::string_view key, std::int64_t fallback, std::int64_t min,
                                         std::int64_t max) const
{
    const nlohmann::json* v = find(key);
    return v ? readInteger(*v, pathOf(key), m_context, min, max) : fallback;
}

double JsonObjectReader::number(std::string_view key, double min, double max) const
{
    return readNumber(required(key, describeNumberRange(min, max)), pathOf(key), m_context, min, max);
}

double JsonObjectReader::numberOr(std::string_view key, double fallback, double min, double max) const
{
    const nlohmann::json* v = find(key);
    return v ? readNumber(*v, pathOf(key), m_context, min, max) : fallback;
}

bool JsonObjectReader::booleanOr(std::string_view key, bool fallback) const
{
    const nlohmann::json* v = find(key);
    return v ? readBoolean(*v, pathOf(key), m_context) : fallback;
}

std::string JsonObjectReader::string(std::string_view key) const
{
    return readString(required(key, "a string"), pathOf(key), m_context);
}

std::string JsonObjectReader::stringOr(std::string_view key, std::string fallback) const
{
    const nlohmann::json* v = find(key);
    return v ? readString(*v, pathOf(key), m_context) : fallback;
}

const nlohmann::json& JsonObjectReader::array(std::string_view key) const
{
    const nlohmann::json& v = required(key, "an array");
    if (!v.is_array())
        m_context.fail(pathOf(key), "expected an array, got " + jsonTypeName(v));
    return v;
}

const nlohmann::json& JsonObjectReader::object(std::string_view key) const
{
    const nlohmann::json& v = required(key, "an object");
    if (!v.is_object())
        m_context.fail(pathOf(key), "expected an object, got " + jsonTypeName(v));
    return v;
}

void JsonObjectReader::fail(std::string_view key, const std::string& message) const
{
    m_context.fail(pathOf(key), message);
}

} // namespace shardscope
