// SPDX-License-Identifier: GPL-3.0-or-later
// shardscope-onnx-infer: ONNX shape inference in a process of its own, so that a model that
// crashes or hangs libonnx cannot take ShardScope down (docs/onnx-import.md). Reads an ONNX
// file's bytes on standard input and writes the inferred shapes on standard output in the reply
// format of core/import/onnx_shape_inference.cpp; the importer runs it, people need not.
#include "import/onnx_shape_inference.h"

int main(int argc, char** argv)
{
    return shardscope::onnx_import::shapeInferenceHelperMain(argc, argv);
}
