// SPDX-License-Identifier: GPL-3.0-or-later
// ONNX import (docs/onnx-import.md): the file's bytes go to the shape inference helper, which
// parses and infers them on its own while this thread parses the same bytes and reads the graph
// (onnx_graph_reader.h); the wire-format checks are in onnx_wire_scan.cpp.
#include "import/onnx_importer.h"

#include "import/onnx_graph_reader.h"
#include "import/onnx_shape_inference.h"
#include "import/onnx_wire_scan.h"
#include "util/input_error.h"
#include "util/text.h"

#include <onnx/onnx_pb.h>

#include <google/protobuf/arena.h>

#include <filesystem>
#include <fstream>
#include <optional>

namespace shardscope {

using namespace onnx_import;

ModelGraph importOnnxBytes(std::string_view bytes, const std::string& source, std::chrono::milliseconds inferenceTimeLimit)
{
    // The helper starts first and parses the bytes itself, on the other core, while this thread
    // parses them too: neither waits for the other's parse, and no memory is shared after a fork
    // (docs/onnx-import.md, "Performance"). Bytes that cannot be a model start nothing.
    std::optional<IsolatedShapeInference> inference;
    if (mayHoldModelGraph(bytes))
        inference.emplace(bytes, inferenceTimeLimit);
    google::protobuf::Arena arena(modelArenaOptions());
    onnx::ModelProto& model = *parseModelProto(bytes, source, arena);
    if (!inference) // protobuf read more than the quick look expected (a group field, say)
        inference.emplace(bytes, inferenceTimeLimit);
    std::string name = model.graph().name();
    if (name.empty() || name == "main_graph" || name == "torch_jit" || name == "torch-jit-export")
        name = std::filesystem::path(source).stem().string();
    OnnxGraphReader reader(model, source, *inference);
    ModelGraph graph = reader.read();
    graph.setName(name);
    return graph;
}

ModelGraph importOnnx(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec)
        throw InputError(path, "", "ONNX: cannot read the file size (" + ec.message() + ")");
    if (size > kMaxOnnxBytes)
        throw InputError(path, "", "ONNX: the file is " + formatBytes(double(size))
                                       + ", beyond protobuf's 2 GB limit; export the weights as external data");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError(path, "", "ONNX: cannot open the file for reading");
    std::string bytes(static_cast<std::size_t>(size), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size)
        throw InputError(path, "", "ONNX: reading the file failed");
    return importOnnxBytes(bytes, path);
}

} // namespace shardscope
