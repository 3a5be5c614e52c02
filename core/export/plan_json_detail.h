// SPDX-License-Identifier: GPL-3.0-or-later
// Private to core/export (plan and session files): the strict field reader.
#pragma once

#include "util/input_error.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace shardscope::planjson {

using Json = nlohmann::ordered_json;
constexpr std::int64_t kMaxInt = std::numeric_limits<int>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr double kHuge = std::numeric_limits<double>::max();
constexpr double kMaxBytes = 1e18; ///< plausibility limit of ObjectReader::bytes

inline std::string typeName(const Json& v)
{
    if (v.is_number_integer())
        return "integer";
    if (v.is_number_float())
        return "number";
    return v.type_name();
}

/// One JSON object of the document and its path; every failure names source and path, and its
/// message starts with the kind of document ("plan file: ...", "session file: ...").
class ObjectReader
{
public:
    ObjectReader(const Json& v, std::string path, const std::string& source, std::string_view kind = "plan file")
        : m_v(v)
        , m_path(std::move(path))
        , m_source(source)
        , m_kind(kind)
    {
        if (!m_v.is_object())
            fail(m_path, "expected an object, got " + typeName(m_v));
    }

    [[noreturn]] void fail(const std::string& path, const std::string& message) const
    {
        throw InputError(m_source, path, std::string(m_kind) + ": " + message);
    }
    std::string pathOf(std::string_view key) const { return m_path + "." + std::string(key); }
    const std::string& path() const { return m_path; }
    const std::string& source() const { return m_source; }
    std::string_view kind() const { return m_kind; }

    const Json* find(std::string_view key) const
    {
        const auto it = m_v.find(key);
        return it == m_v.end() || it->is_null() ? nullptr : &*it;
    }
    const Json& get(std::string_view key, const char* expected) const
    {
        const Json* v = find(key);
        if (!v)
            fail(pathOf(key),
                "missing required field \"" + std::string(key) + "\" (expected " + expected + ")");
        return *v;
    }

    std::int64_t integerValue(
        const Json& v, const std::string& path, std::int64_t min, std::int64_t max) const
    {
        const std::string expected = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max))
            fail(path, "expected " + expected + ", got " + v.dump());
        if (v.is_number_float()) {
            const double d = v.get<double>();
            // Range-checked before the conversion, so 1e30 is an error rather than undefined behaviour.
            if (d != std::floor(d) || d < double(min) || d > double(max))
                fail(path, "expected " + expected + ", got " + v.dump());
            return static_cast<std::int64_t>(d);
        }
        if (!v.is_number_integer())
            fail(path, "expected " + expected + ", got " + typeName(v));
        const std::int64_t i = v.get<std::int64_t>();
        if (i < min || i > max)
            fail(path, "expected " + expected + ", got " + std::to_string(i));
        return i;
    }
    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max) const
    {
        return integerValue(get(key, "an integer"), pathOf(key), min, max);
    }
    int count(std::string_view key, int min = 0) const { return int(integer(key, min, kMaxInt)); }
    std::optional<int> optionalCount(std::string_view key, int min) const
    {
        const Json* v = find(key);
        return v ? std::optional<int>(int(integerValue(*v, pathOf(key), min, kMaxInt))) : std::nullopt;
    }

    double number(std::string_view key, double min = 0, double max = kHuge) const
    {
        const Json& v = get(key, "a number");
        if (!v.is_number())
            fail(pathOf(key), "expected a number, got " + typeName(v));
        const double d = v.get<double>();
        if (!(d >= min && d <= max)) {
            const std::string lowest = min == 0 ? std::string("0") : Json(min).dump();
            fail(pathOf(key), "expected a number from " + lowest + (max < kHuge ? " to " + Json(max).dump() : " upwards")
                                  + ", got " + v.dump());
        }
        return d;
    }
    /// A byte count the user chose (GPU memory, overhead): past an exabyte it is no GPU, so the file
    /// is damaged or was edited.
    double bytes(std::string_view key) const
    {
        const double d = number(key);
        if (d > kMaxBytes)
            fail(pathOf(key), "value " + Json(d).dump() + " is implausibly large for a byte count; expected at most 1e18");
        return d;
    }
    bool boolean(std::string_view key) const
    {
        const Json& v = get(key, "true or false");
        if (!v.is_boolean())
            fail(pathOf(key), "expected true or false, got " + typeName(v));
        return v.get<bool>();
    }
    std::string string(std::string_view key) const
    {
        const Json& v = get(key, "a string");
        if (!v.is_string())
            fail(pathOf(key), "expected a string, got " + typeName(v));
        return v.get<std::string>();
    }
    template <typename E, typename Parse> E name(std::string_view key, Parse parse, const char* choices) const
    {
        const std::string text = string(key);
        const std::optional<E> e = parse(text);
        if (!e)
            fail(pathOf(key), "unknown value \"" + text + "\"; expected " + choices);
        return *e;
    }
    ObjectReader object(std::string_view key) const
    {
        return ObjectReader(get(key, "an object"), pathOf(key), m_source, m_kind);
    }
    const Json& array(std::string_view key) const
    {
        const Json& v = get(key, "an array");
        if (!v.is_array())
            fail(pathOf(key), "expected an array, got " + typeName(v));
        return v;
    }
    /// Calls each(element, path) for every element of a required array.
    template <typename F> void forEach(std::string_view key, F each) const
    {
        const Json& a = array(key);
        for (std::size_t i = 0; i < a.size(); ++i)
            each(a[i], pathOf(key) + "[" + std::to_string(i) + "]");
    }

private:
    const Json& m_v;
    std::string m_path;
    const std::string& m_source;
    std::string_view m_kind; ///< a string literal
};

} // namespace shardscope::planjson
