// SPDX-License-Identifier: GPL-3.0-or-later
// PLACEHOLDER while the ONNX importer is written (this session).
#include "import/onnx_importer.h"

#include "util/input_error.h"

namespace shardscope {

ModelGraph importOnnx(const std::string& path, const ImportOptions&) { throw InputError(path, "", "ONNX: not implemented"); }
ModelGraph importOnnxBytes(std::string_view, const std::string& source, const ImportOptions&)
{
    throw InputError(source, "", "ONNX: not implemented");
}

} // namespace shardscope
