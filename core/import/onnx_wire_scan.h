// SPDX-License-Identifier: GPL-3.0-or-later
// The protobuf wire format of ONNX files, read directly where the generated classes are too much:
// where a corrupt file breaks the format (for a precise error), the ModelProto parse with
// ShardScope's errors, and the shapes in a GraphProto sent back by shape inference.
#pragma once

#include <boost/container/small_vector.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace google::protobuf {
class Arena;
struct ArenaOptions;
}
namespace onnx {
class ModelProto;
}

namespace shardscope::onnx_import {

constexpr std::uintmax_t kMaxOnnxBytes = 2ull * 1024 * 1024 * 1024; // protobuf's own limit

/// Where and how the top level of a ModelProto breaks the protobuf wire format, for an error more
/// specific than "corrupt"; an empty message when the top level is well-formed (the damage is nested).
std::pair<std::size_t, std::string> firstWireFormatError(std::string_view bytes);

/// Whether the top level of `bytes` is well-formed and holds a graph (field 7): a parse can succeed.
/// Reads only the field keys and lengths of the top level (microseconds for any size).
bool mayHoldModelGraph(std::string_view bytes);

/// Options for the arena a whole model is parsed into: blocks from 1 MB up to 64 MB, mapped
/// directly and marked for transparent huge pages (protobuf's default grows 256 B blocks to 8 KB
/// through malloc: thousands of calls and 4 KB page faults for a 17 MB graph).
google::protobuf::ArenaOptions modelArenaOptions();

/// Parses into `arena`: one bulk allocation for the 100,000s of messages of a large graph, freed at
/// once. InputErrors name `source`, a byte offset and what is wrong (empty, > 2 GB, a zip archive,
/// truncated or corrupt, no graph, no nodes).
onnx::ModelProto* parseModelProto(std::string_view bytes, const std::string& source, google::protobuf::Arena& arena);

/// One ValueInfoProto of a GraphProto, as far as the importer reads it: its name, and for a tensor
/// type its element type and, when it has a shape, the dimensions (-1 where a dimension has no
/// value or a negative one: a symbol or unknown).
struct WireValueInfo
{
    std::string_view name;   ///< points into the scanned bytes
    bool tensor = false;     ///< the type is a tensor type (TypeProto.tensor_type)
    int elemType = 0;
    bool hasShape = false;
    boost::container::small_vector<std::int64_t, 6> dims;
};

/// Calls `sink` for each value_info (field 13) and then each output (field 12) of the serialized
/// GraphProto `graph`, each list in its order, reading the bytes in place (no messages built).
/// False, with `error` set, when the bytes are not a well-formed GraphProto.
bool scanGraphValueInfos(std::string_view graph, const std::function<void(const WireValueInfo&, bool output)>& sink,
                         std::string& error);

} // namespace shardscope::onnx_import
