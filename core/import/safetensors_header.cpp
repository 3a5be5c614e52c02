// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/safetensors_header.h"

#include "util/json_reader.h"
#include "util/input_error.h"
#include "util/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <tuple>
#include <utility>

namespace shardscope {

namespace {

constexpr const char* kFormat = "safetensors";
constexpr std::int64_t kMaxDimension = std::int64_t(1) << 40;
constexpr std::int64_t kMaxElements = std::int64_t(1) << 50; // 10^15: no single tensor comes near

[[noreturn]] void fail(const std::string& path, const std::string& position, const std::string& message)
{
    throw InputError(path, position, std::string(kFormat) + ": " + message);
}

std::string byteAt(std::uint64_t offset) { return "byte " + std::to_string(offset); }

// The JSON string around `offset` (from its opening quote to offset), for an invalid UTF-8 report.
std::string stringAround(std::string_view header, std::size_t offset)
{
    offset = std::min(offset, header.size());
    std::size_t start = offset;
    while (start > 0) {
        --start;
        if (header[start] == '"') {
            std::size_t backslashes = 0;
            while (start > backslashes && header[start - backslashes - 1] == '\\')
                ++backslashes;
            if (backslashes % 2 == 0)
                break;
        }
    }
    const std::size_t end = std::min(header.size(), offset + 1);
    std::string_view text = header.substr(start, end - start);
    if (!text.empty() && text.front() == '"')
        text.remove_prefix(1);
    return escapedBytes(text);
}

[[noreturn]] void failParse(const std::string& path, std::string_view header, const nlohmann::json::parse_error& e)
{
    // e.byte is 1-based within the header; one past the end when the input ran out.
    const std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
    const std::string position = byteAt(8 + offset);
    const std::string what = e.what();
    if (what.find("ill-formed UTF-8") != std::string::npos) {
        const std::size_t bad = std::min(offset, header.size() - 1);
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", unsigned(static_cast<unsigned char>(header[bad])));
        fail(path, position,
             "the header holds a string that is not valid UTF-8 (byte " + std::string(hex) + " in \""
                 + stringAround(header, bad) + "\"); tensor names must be UTF-8, so the header is damaged or the "
                 + "file was not written by a safetensors writer");
    }
    if (what.find("unexpected end of input") != std::string::npos || offset >= header.size())
        fail(path, position,
             "the JSON header ends early (unexpected end of input after " + std::to_string(header.size())
                 + " bytes); the header length at byte 0 does not match the header, or the file is damaged");
    std::string detail = what;
    if (const auto col = detail.find("column "); col != std::string::npos)
        if (const auto colon = detail.find(": ", col); colon != std::string::npos)
            detail = detail.substr(colon + 2);
    if (const auto lastRead = detail.find("; last read"); lastRead != std::string::npos) {
        const auto expected = detail.find("; expected", lastRead + 1);
        detail = detail.substr(0, lastRead) + (expected == std::string::npos ? "" : detail.substr(expected));
    }
    fail(path, position, "the header is not valid JSON: " + escapedBytes(detail));
}

SafetensorsTensor readEntry(const std::string& name, const nlohmann::json& value, const JsonContext& context)
{
    const std::string entryPath = safetensorsEntryPath(name);
    if (!value.is_object())
        context.fail(entryPath, "expected an object with \"dtype\", \"shape\" and \"data_offsets\", got "
                                    + jsonTypeName(value));
    const JsonObjectReader entry(value, entryPath, context);

    SafetensorsTensor t;
    t.name = name;
    t.dtype = entry.string("dtype");
    t.dtypeKnown = safetensorsDtypeBits(t.dtype).has_value();

    const nlohmann::json& shape = entry.array("shape");
    t.elements = 1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        const std::string dimPath = entry.pathOf("shape") + "[" + std::to_string(i) + "]";
        const std::int64_t dim = readInteger(shape[i], dimPath, context, 0, kMaxDimension);
        t.shape.push_back(dim);
        if (dim != 0 && t.elements > kMaxElements / dim)
            context.fail(entry.pathOf("shape"), "the shape has implausibly many elements (over 10^15)");
        t.elements *= dim;
    }

    const std::string offsetsPath = entry.pathOf("data_offsets");
    const nlohmann::json& offsets = entry.array("data_offsets");
    if (offsets.size() != 2)
        context.fail(offsetsPath, "expected [begin, end], got " + std::to_string(offsets.size()) + " values");
    const std::int64_t limit = std::numeric_limits<std::int64_t>::max();
    t.dataBegin = std::uint64_t(readInteger(offsets[0], offsetsPath + "[0]", context, 0, limit));
    t.dataEnd = std::uint64_t(readInteger(offsets[1], offsetsPath + "[1]", context, 0, limit));
    if (t.dataEnd < t.dataBegin)
        context.fail(offsetsPath, "end " + std::to_string(t.dataEnd) + " is before begin " + std::to_string(t.dataBegin));
    return t;
}

void checkBytes(const SafetensorsTensor& t, std::uint64_t dataBytes, const SafetensorsHeader& header,
                const JsonContext& context)
{
    const std::string offsetsPath = safetensorsEntryPath(t.name) + ".data_offsets";
    const std::string span = "[" + std::to_string(t.dataBegin) + ", " + std::to_string(t.dataEnd) + ")";
    if (t.dataEnd > dataBytes)
        context.fail(offsetsPath, "data " + span + " runs past the end of the data area, which holds "
                                      + std::to_string(dataBytes) + " bytes (file " + std::to_string(header.fileBytes)
                                      + " bytes - 8 - header " + std::to_string(header.headerBytes)
                                      + "); the file is truncated or the offsets are wrong");
    const auto bits = safetensorsDtypeBits(t.dtype);
    if (!bits)
        return;
    const std::uint64_t expected = (std::uint64_t(t.elements) * std::uint64_t(*bits) + 7) / 8;
    if (t.dataEnd - t.dataBegin != expected) {
        std::string shape;
        for (std::int64_t d : t.shape)
            shape += (shape.empty() ? "" : ", ") + std::to_string(d);
        context.fail(offsetsPath, "data " + span + " spans " + std::to_string(t.dataEnd - t.dataBegin)
                                      + " bytes, but dtype " + t.dtype + " with shape [" + shape + "] takes "
                                      + std::to_string(expected) + " bytes (" + std::to_string(t.elements)
                                      + " elements x " + std::to_string(*bits / 8) + ")");
    }
}

} // namespace

std::optional<int> safetensorsDtypeBits(std::string_view dtype)
{
    static constexpr std::array<std::pair<std::string_view, int>, 17> kBits { {
        { "BOOL", 8 }, { "U8", 8 }, { "I8", 8 }, { "F8_E5M2", 8 }, { "F8_E4M3", 8 }, { "F8_E8M0", 8 },
        { "I16", 16 }, { "U16", 16 }, { "F16", 16 }, { "BF16", 16 }, { "I32", 32 }, { "U32", 32 },
        { "F32", 32 }, { "F64", 64 }, { "I64", 64 }, { "U64", 64 }, { "C64", 64 },
    } };
    for (const auto& [name, bits] : kBits)
        if (name == dtype)
            return bits;
    return std::nullopt;
}

std::string safetensorsEntryPath(const std::string& tensorName)
{
    return "$[" + nlohmann::json(tensorName).dump() + "]";
}

SafetensorsHeader readSafetensorsHeader(const std::string& path)
{
    std::error_code ec;
    const std::uint64_t fileBytes = std::filesystem::file_size(path, ec);
    if (ec)
        fail(path, "", "cannot read the file (" + ec.message() + ")");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        fail(path, "", "cannot open the file for reading (check its permissions)");
    return readSafetensorsHeader(in, fileBytes, path);
}

SafetensorsHeader readSafetensorsHeader(std::istream& in, std::optional<std::uint64_t> fileBytes,
                                        const std::string& path)
{
    SafetensorsHeader header;
    if (fileBytes && *fileBytes < 8)
        fail(path, byteAt(0), "the file is " + std::to_string(*fileBytes)
                                  + " bytes, too short for the 8-byte header length; the file is truncated");

    char lengthBytes[8];
    in.read(lengthBytes, 8);
    if (in.gcount() != 8)
        fail(path, byteAt(0), fileBytes ? std::string("reading the 8-byte header length failed")
                                        : "the stream ended after " + std::to_string(in.gcount())
                                              + " bytes, too short for the 8-byte header length");
    for (int i = 7; i >= 0; --i) // little-endian u64
        header.headerBytes = (header.headerBytes << 8) | static_cast<unsigned char>(lengthBytes[i]);

    const std::uint64_t n = header.headerBytes;
    if (n > kSafetensorsMaxHeaderBytes)
        fail(path, byteAt(0), "the header length is " + std::to_string(n) + " bytes, over the format's limit of "
                                  + std::to_string(kSafetensorsMaxHeaderBytes)
                                  + " (100 MB); the file is damaged or not a safetensors file");
    if (fileBytes && 8 + n > *fileBytes)
        fail(path, byteAt(0), "the header length is " + std::to_string(n) + " bytes, but only "
                                  + std::to_string(*fileBytes - 8)
                                  + " bytes follow it; the file is truncated or not a safetensors file");
    if (n < 2)
        fail(path, byteAt(8), "the header is " + std::to_string(n) + " bytes, too short for a JSON object");

    std::string text(static_cast<std::size_t>(n), '\0');
    in.read(text.data(), static_cast<std::streamsize>(n));
    if (std::uint64_t(in.gcount()) != n)
        fail(path, byteAt(8), fileBytes ? "reading the " + std::to_string(n) + "-byte header failed"
                                        : "the header length is " + std::to_string(n) + " bytes, but the stream ended "
                                              + std::to_string(in.gcount())
                                              + " bytes after it; the data is truncated or not a safetensors file");
    if (fileBytes) {
        header.fileBytes = *fileBytes;
    } else {
        // A pipe or FIFO: the tensor data is read and counted, never kept, so that the offsets can be
        // checked against the data area as for a file.
        header.fileBytes = 8 + n;
        std::array<char, 1 << 16> sink {};
        while (in.read(sink.data(), std::streamsize(sink.size())) || in.gcount() > 0)
            header.fileBytes += std::uint64_t(in.gcount());
        if (in.bad())
            fail(path, byteAt(header.fileBytes), "reading the stream failed");
    }

    if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF"))
        fail(path, byteAt(8), "the header starts with a UTF-16 byte-order mark; safetensors headers are UTF-8 JSON, "
                              "so the file was not written by a safetensors writer");
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        failParse(path, text, e);
    } catch (const nlohmann::json::out_of_range& e) { // "number overflow parsing '1e400'"
        fail(path, byteAt(8), "the header holds a number too large for a double ("
                                  + escapedBytes(jsonParseErrorDetail(e)) + "); the header is damaged");
    }
    if (!doc.is_object())
        fail(path, byteAt(8), "the header is a JSON " + jsonTypeName(doc)
                                  + ", expected an object of tensor entries {\"name\": {\"dtype\", \"shape\", "
                                    "\"data_offsets\"}, ...}");

    const JsonContext context { path, kFormat };
    header.tensors.reserve(doc.size());
    for (const auto& [name, value] : doc.items()) {
        if (name == "__metadata__") {
            if (!value.is_object())
                context.fail("$[\"__metadata__\"]", "expected an object of strings, got " + jsonTypeName(value));
            continue;
        }
        header.tensors.push_back(readEntry(name, value, context));
    }

    const std::uint64_t dataBytes = header.fileBytes - 8 - n;
    for (const SafetensorsTensor& t : header.tensors)
        checkBytes(t, dataBytes, header, context);

    std::sort(header.tensors.begin(), header.tensors.end(), [](const SafetensorsTensor& a, const SafetensorsTensor& b) {
        return std::tie(a.dataBegin, a.dataEnd, a.name) < std::tie(b.dataBegin, b.dataEnd, b.name);
    });
    const SafetensorsTensor* furthest = nullptr; // the tensor reaching furthest so far
    for (const SafetensorsTensor& t : header.tensors) {
        if (t.dataEnd == t.dataBegin)
            continue; // an empty tensor occupies nothing
        if (furthest && t.dataBegin < furthest->dataEnd)
            context.fail(safetensorsEntryPath(t.name) + ".data_offsets",
                         "data [" + std::to_string(t.dataBegin) + ", " + std::to_string(t.dataEnd)
                             + ") overlaps tensor \"" + furthest->name + "\" at [" + std::to_string(furthest->dataBegin)
                             + ", " + std::to_string(furthest->dataEnd) + "); every tensor needs bytes of its own");
        if (!furthest || t.dataEnd > furthest->dataEnd)
            furthest = &t;
    }
    return header;
}

} // namespace shardscope
