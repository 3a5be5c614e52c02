// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shardscope {

/// One tensor entry of a safetensors header.
struct SafetensorsTensor
{
    std::string name;
    std::string dtype;                ///< "BF16", "F32", ... as written
    std::vector<std::int64_t> shape;
    std::int64_t elements = 0;        ///< product of shape (1 for a scalar)
    std::uint64_t dataBegin = 0;      ///< data_offsets, relative to the data area (byte 8 + N)
    std::uint64_t dataEnd = 0;
    bool dtypeKnown = true;           ///< false: sub-byte or newer dtype; its byte size was not checked
};

/// What the 8 + N header bytes of a safetensors file say.
struct SafetensorsHeader
{
    std::uint64_t fileBytes = 0;
    std::uint64_t headerBytes = 0;           ///< N
    std::vector<SafetensorsTensor> tensors;  ///< ordered by data offset (the order of the file)
};

/// Largest header the reference reader accepts (safetensors' MAX_HEADER_SIZE).
inline constexpr std::uint64_t kSafetensorsMaxHeaderBytes = 100'000'000;

/// Bits per element of a safetensors dtype, or nullopt for one ShardScope does not know.
std::optional<int> safetensorsDtypeBits(std::string_view dtype);

/**
 * Reads and checks the header of one .safetensors file; the tensor data is never read. Checks the
 * header length (at most 100 MB, within the file), the JSON (an object, valid UTF-8), each entry
 * (dtype, shape, data_offsets), that offsets lie in the data area, do not overlap, and span
 * elements x dtype size bytes for known dtypes. Errors are InputError(path, "byte K" or a JSON
 * path such as $["name"].data_offsets, "safetensors: ...").
 */
SafetensorsHeader readSafetensorsHeader(const std::string& path);

/// The same from a stream at the file's first byte. `fileBytes` is the size when known; for a pipe,
/// FIFO or standard input (nullopt) the data after the header is read to its end and counted, not
/// kept, so the checks are the same as for a file. `path` names the source in errors.
SafetensorsHeader readSafetensorsHeader(std::istream& in, std::optional<std::uint64_t> fileBytes,
                                        const std::string& path);

/// The JSON path of a tensor entry, $["model.embed_tokens.weight"], with the name JSON-escaped.
std::string safetensorsEntryPath(const std::string& tensorName);

} // namespace shardscope
