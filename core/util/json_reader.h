// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace shardscope {

/// Where a JSON document came from and what format it is read as; every error names both.
struct JsonContext
{
    std::string source;  ///< file path or label
    std::string format;  ///< "Hugging Face config.json", "ShardScope model", ...

    /// Throws InputError(source, path, "<format>: <message>").
    [[noreturn]] void fail(const std::string& path, const std::string& message) const;
};

/// "line 3, column 7" for a 0-based byte offset into text.
std::string lineColumnAt(std::string_view text, std::size_t offset);

/// Parses JSON; a syntax error becomes an InputError at "line L, column C" saying what was wrong.
/// Runs checkJsonText first.
nlohmann::json parseJsonText(std::string_view text, const JsonContext& context);

/// What every JSON reader checks before parsing, so the error names the real problem rather than
/// the first byte the parser trips over: a UTF-16 or UTF-32 byte-order mark (at "byte 0"), bytes
/// that are not UTF-8 (at "line L, column C", naming the byte), and arrays or objects nested more
/// than kMaxJsonDepth levels deep (at the bracket that goes one level too deep).
void checkJsonText(std::string_view text, const JsonContext& context);
constexpr int kMaxJsonDepth = 512;

/// The part of a parser exception a user can act on, without nlohmann's "[json.exception...]"
/// prefix: "syntax error while parsing value - invalid literal; last read: 'tru'".
std::string jsonParseErrorDetail(const nlohmann::json::exception& e);

/// A number too large for a double ("1e400"), which nlohmann reports as out_of_range.406 without a
/// position: an InputError at the number's line and column.
[[noreturn]] void failJsonNumberOverflow(const nlohmann::json::out_of_range& e, std::string_view text,
                                         const JsonContext& context);

/// How a value is named in messages: "string", "integer", "number", "boolean", "null", "array", "object".
std::string jsonTypeName(const nlohmann::json& value);

/// Strict conversions of single values; errors name `path`. Doubles are range-checked before any
/// conversion to an integer, so 1e30 or 1.5 is an error, never undefined behaviour.
std::int64_t readInteger(const nlohmann::json& value, const std::string& path, const JsonContext& context,
                         std::int64_t min, std::int64_t max);
double readNumber(const nlohmann::json& value, const std::string& path, const JsonContext& context, double min,
                  double max);
bool readBoolean(const nlohmann::json& value, const std::string& path, const JsonContext& context);
std::string readString(const nlohmann::json& value, const std::string& path, const JsonContext& context);

/// Typed access to the fields of one JSON object. A field that is absent or null counts as absent.
class JsonObjectReader
{
public:
    /// Fails (at `path`) unless `object` is a JSON object.
    JsonObjectReader(const nlohmann::json& object, std::string path, const JsonContext& context);

    /// Every key looked up through this reader from now on (present or not) is added to `log`; an
    /// importer compares the log with the object's keys to find the ones it never read.
    void recordKeysIn(std::set<std::string, std::less<>>* log) { m_keyLog = log; }

    const nlohmann::json* find(std::string_view key) const;
    bool has(std::string_view key) const { return find(key) != nullptr; }
    /// The key is there with the value null (which has() counts as absent); configs where null and a
    /// missing key differ (DeepSeek's q_lora_rank: null is none, missing is the config class's default).
    bool isNull(std::string_view key) const;
    std::string pathOf(std::string_view key) const;
    const std::string& path() const { return m_path; }
    const JsonContext& context() const { return m_context; }

    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::int64_t integerOr(std::string_view key, std::int64_t fallback, std::int64_t min, std::int64_t max) const;
    double number(std::string_view key, double min, double max) const;
    double numberOr(std::string_view key, double fallback, double min, double max) const;
    bool booleanOr(std::string_view key, bool fallback) const;
    std::string string(std::string_view key) const;
    std::string stringOr(std::string_view key, std::string fallback) const;
    const nlohmann::json& array(std::string_view key) const;  ///< required
    const nlohmann::json& object(std::string_view key) const; ///< required

    [[noreturn]] void fail(std::string_view key, const std::string& message) const;

private:
    const nlohmann::json& required(std::string_view key, const std::string& expected) const;

    const nlohmann::json& m_object;
    std::string m_path;
    const JsonContext& m_context;
    std::set<std::string, std::less<>>* m_keyLog = nullptr;
};

/// "a positive integer", "a non-negative integer" or "an integer from MIN to MAX".
std::string describeIntegerRange(std::int64_t min, std::int64_t max);

} // namespace shardscope
