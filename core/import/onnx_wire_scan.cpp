// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_wire_scan.h"

#include "util/input_error.h"

#include <onnx/onnx_pb.h>

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>

#include <cstdio>
#include <limits>
#include <new>

#include <sys/mman.h>

namespace shardscope::onnx_import {

namespace {

// Wire types (developers.google.com/protocol-buffers/docs/encoding).
constexpr unsigned kVarint = 0;
constexpr unsigned kFixed64 = 1;
constexpr unsigned kLengthDelimited = 2;
constexpr unsigned kFixed32 = 5;

/// A bounds-checked cursor over protobuf bytes.
struct WireReader
{
    std::string_view bytes;
    std::size_t pos = 0;

    bool atEnd() const { return pos >= bytes.size(); }

    bool varint(std::uint64_t& value)
    {
        value = 0;
        for (int shift = 0; shift < 64 && pos < bytes.size(); shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[pos++]);
            value |= std::uint64_t(b & 0x7F) << shift;
            if ((b & 0x80) == 0)
                return true;
        }
        return false;
    }

    /// The next field: its number, wire type and, for a length-delimited one, its bytes. False at
    /// a malformed key or a value running past the end. Varint values are read into `value`.
    bool field(std::uint64_t& number, unsigned& wire, std::uint64_t& value, std::string_view& payload)
    {
        std::uint64_t key = 0;
        if (!varint(key))
            return false;
        number = key >> 3;
        wire = static_cast<unsigned>(key & 7);
        if (number == 0)
            return false;
        switch (wire) {
        case kVarint:
            return varint(value);
        case kFixed64:
        case kFixed32: {
            const std::size_t size = wire == kFixed64 ? 8 : 4;
            if (bytes.size() - pos < size)
                return false;
            pos += size;
            return true;
        }
        case kLengthDelimited: {
            std::uint64_t length = 0;
            if (!varint(length) || length > bytes.size() - pos)
                return false;
            payload = bytes.substr(pos, static_cast<std::size_t>(length));
            pos += static_cast<std::size_t>(length);
            return true;
        }
        default:
            return false; // groups (3, 4) are not used by ONNX
        }
    }
};

/// TensorShapeProto.Dimension: dim_value (1) or dim_param (2), a oneof (the last one written counts).
bool scanDimension(std::string_view bytes, std::int64_t& dim)
{
    WireReader r { bytes };
    bool hasValue = false;
    std::int64_t value = 0;
    while (!r.atEnd()) {
        std::uint64_t number = 0, v = 0;
        unsigned wire = 0;
        std::string_view payload;
        if (!r.field(number, wire, v, payload))
            return false;
        if (number == 1 && wire == kVarint) {
            hasValue = true;
            value = static_cast<std::int64_t>(v);
        } else if (number == 2 && wire == kLengthDelimited) {
            hasValue = false;
        }
    }
    dim = hasValue && value >= 0 ? value : -1;
    return true;
}

/// TypeProto.Tensor: elem_type (1), shape (2) = TensorShapeProto { repeated Dimension dim = 1 }.
bool scanTensorType(std::string_view bytes, WireValueInfo& info)
{
    WireReader r { bytes };
    while (!r.atEnd()) {
        std::uint64_t number = 0, v = 0;
        unsigned wire = 0;
        std::string_view payload;
        if (!r.field(number, wire, v, payload))
            return false;
        if (number == 1 && wire == kVarint) {
            info.elemType = static_cast<int>(static_cast<std::int32_t>(v));
        } else if (number == 2 && wire == kLengthDelimited) {
            if (!info.hasShape) // a repeated singular message merges; the child never writes two
                info.dims.clear();
            info.hasShape = true;
            WireReader shape { payload };
            while (!shape.atEnd()) {
                std::uint64_t n = 0, sv = 0;
                unsigned w = 0;
                std::string_view dim;
                if (!shape.field(n, w, sv, dim))
                    return false;
                if (n == 1 && w == kLengthDelimited) {
                    std::int64_t d = -1;
                    if (!scanDimension(dim, d))
                        return false;
                    info.dims.push_back(d);
                }
            }
        }
    }
    return true;
}

/// ValueInfoProto: name (1), type (2) = TypeProto { oneof value { Tensor tensor_type = 1; ... 4, 5, 8, 9 } }.
bool scanValueInfo(std::string_view bytes, WireValueInfo& info)
{
    info = WireValueInfo {};
    WireReader r { bytes };
    while (!r.atEnd()) {
        std::uint64_t number = 0, v = 0;
        unsigned wire = 0;
        std::string_view payload;
        if (!r.field(number, wire, v, payload))
            return false;
        if (number == 1 && wire == kLengthDelimited) {
            info.name = payload;
        } else if (number == 2 && wire == kLengthDelimited) {
            WireReader type { payload };
            while (!type.atEnd()) {
                std::uint64_t n = 0, tv = 0;
                unsigned w = 0;
                std::string_view value;
                if (!type.field(n, w, tv, value))
                    return false;
                if (n == 1 && w == kLengthDelimited) {
                    info.tensor = true;
                    if (!scanTensorType(value, info))
                        return false;
                } else if ((n == 4 || n == 5 || n == 8 || n == 9) && w == kLengthDelimited) {
                    info.tensor = false; // another member of the oneof replaces the tensor type
                    info.elemType = 0;
                    info.hasShape = false;
                    info.dims.clear();
                }
            }
        }
    }
    return true;
}

void* mapBlock(std::size_t size)
{
    void* block = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED)
        throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    ::madvise(block, size, MADV_HUGEPAGE);
#endif
    return block;
}

void unmapBlock(void* block, std::size_t size) { ::munmap(block, size); }

} // namespace

google::protobuf::ArenaOptions modelArenaOptions()
{
    google::protobuf::ArenaOptions options;
    options.start_block_size = std::size_t(1) << 20;
    options.max_block_size = std::size_t(64) << 20;
    options.block_alloc = mapBlock;
    options.block_dealloc = unmapBlock;
    return options;
}

std::pair<std::size_t, std::string> firstWireFormatError(std::string_view bytes)
{
    std::size_t i = 0;
    const auto readVarint = [&](std::uint64_t& value) {
        value = 0;
        for (int shift = 0; shift < 64 && i < bytes.size(); shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[i++]);
            value |= std::uint64_t(b & 0x7F) << shift;
            if ((b & 0x80) == 0)
                return true;
        }
        return false;
    };
    while (i < bytes.size()) {
        const std::size_t start = i;
        std::uint64_t key = 0;
        if (!readVarint(key))
            return { start, "a field key runs past the end of the file" };
        const std::uint64_t field = key >> 3;
        const auto wire = static_cast<unsigned>(key & 7);
        const std::string name = "field " + std::to_string(field) + (field == 7 ? " (graph)" : "");
        if (field == 0 || (wire != 0 && wire != 1 && wire != 2 && wire != 5)) {
            char byte[8];
            std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(bytes[start])));
            return { start, std::string("byte ") + byte + " is not a protobuf field key (field " + std::to_string(field)
                                + ", wire type " + std::to_string(wire) + ")" };
        }
        std::uint64_t length = wire == 1 ? 8 : wire == 5 ? 4 : 0;
        if (wire == 0 && !readVarint(length))
            return { start, name + ": its value runs past the end of the file" };
        if (wire == 2 && !readVarint(length))
            return { start, name + ": its length runs past the end of the file" };
        if (wire != 0) {
            if (length > bytes.size() - i)
                return { start, name + " declares " + std::to_string(length) + " bytes, but only "
                                    + std::to_string(bytes.size() - i) + " follow" };
            i += static_cast<std::size_t>(length);
        }
    }
    return { bytes.size(), "" };
}

bool mayHoldModelGraph(std::string_view bytes)
{
    if (bytes.empty() || bytes.size() > kMaxOnnxBytes)
        return false;
    WireReader r { bytes };
    bool graph = false;
    while (!r.atEnd()) {
        std::uint64_t number = 0, value = 0;
        unsigned wire = 0;
        std::string_view payload;
        if (!r.field(number, wire, value, payload))
            return false;
        graph = graph || (number == 7 && wire == kLengthDelimited && !payload.empty());
    }
    return graph;
}

onnx::ModelProto* parseModelProto(std::string_view bytes, const std::string& source, google::protobuf::Arena& arena)
{
    if (bytes.empty())
        throw InputError(source, "", "ONNX: the file is empty; expected an ONNX ModelProto");
    if (bytes.size() > kMaxOnnxBytes)
        throw InputError(source, "", "ONNX: the file is larger than 2 GB, protobuf's limit; export the weights as "
                                     "external data (onnx.save_model(..., save_as_external_data=True))");
    google::protobuf::io::CodedInputStream coded(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                 static_cast<int>(bytes.size()));
    coded.SetTotalBytesLimit(std::numeric_limits<int>::max());
    auto* model = google::protobuf::Arena::CreateMessage<onnx::ModelProto>(&arena);
    if (!model->ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
        if (bytes.starts_with("PK\x03\x04"))
            throw InputError(source, "byte 0", "ONNX: not a valid ModelProto: this is a zip archive (a PyTorch "
                                               ".pt/.pth checkpoint?); export the model with torch.onnx.export");
        if (const auto [offset, problem] = firstWireFormatError(bytes); !problem.empty())
            throw InputError(source, "byte " + std::to_string(offset),
                             "ONNX: not a valid ModelProto: the protobuf data is truncated or corrupt: " + problem);
        throw InputError(source, "byte " + std::to_string(coded.CurrentPosition()),
                         "ONNX: not a valid ModelProto: the protobuf data is truncated or corrupt (the file is "
                             + std::to_string(bytes.size()) + " bytes)");
    }
    if (!model->has_graph())
        throw InputError(source, "graph", "ONNX: the model has no graph nodes: it holds no graph at all, only "
                                          "metadata (ir_version, producer); expected an exported compute graph");
    if (model->graph().node_size() == 0)
        throw InputError(source, "graph", "ONNX: the model has no graph nodes; expected an exported compute graph");
    return model;
}

bool scanGraphValueInfos(std::string_view graph, const std::function<void(const WireValueInfo&, bool output)>& sink,
                         std::string& error)
{
    // value_info (13) first, then output (12), each in file order: the order the importer merges them in.
    WireValueInfo info;
    for (const std::uint64_t wanted : { 13, 12 }) {
        WireReader r { graph };
        while (!r.atEnd()) {
            const std::size_t at = r.pos;
            std::uint64_t number = 0, value = 0;
            unsigned wire = 0;
            std::string_view payload;
            if (!r.field(number, wire, value, payload)) {
                error = "the inferred graph is malformed at byte " + std::to_string(at) + " of "
                    + std::to_string(graph.size());
                return false;
            }
            if (number != wanted || wire != kLengthDelimited)
                continue;
            if (!scanValueInfo(payload, info)) {
                error = "a value of the inferred graph at byte " + std::to_string(at) + " is malformed";
                return false;
            }
            sink(info, wanted == 12);
        }
    }
    return true;
}

} // namespace shardscope::onnx_import
