// SPDX-License-Identifier: GPL-3.0-or-later
// Every model of ONNX's own test data (Debian's libonnx-testdata: 1,000+ single-operator, PyTorch
// converted and operator models) imports without error, and its parameter count equals an
// independent count over the initializers made here with the ONNX classes.
#include "import/onnx_importer.h"
#include "util/input_error.h"

#include <onnx/onnx_pb.h>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_set>

using namespace shardscope;

namespace {

const char* kTestData = "/usr/share/libonnx-testdata/data";

bool isFloat(int t)
{
    return t == onnx::TensorProto_DataType_FLOAT || t == onnx::TensorProto_DataType_FLOAT16
        || t == onnx::TensorProto_DataType_DOUBLE || t == onnx::TensorProto_DataType_BFLOAT16;
}

// Floating-point initializers with at least one dimension, BatchNormalization's running
// statistics excluded (docs/onnx-import.md).
std::int64_t independentParams(const onnx::ModelProto& m)
{
    std::unordered_set<std::string> buffers;
    for (const onnx::NodeProto& n : m.graph().node())
        if (n.op_type() == "BatchNormalization")
            for (int i = 3; i < n.input_size(); ++i)
                buffers.insert(n.input(i));
    std::unordered_set<std::string> read;
    for (const onnx::NodeProto& n : m.graph().node())
        for (const std::string& in : n.input())
            read.insert(in);
    std::int64_t total = 0;
    for (const onnx::TensorProto& t : m.graph().initializer()) {
        if (!isFloat(t.data_type()) || t.dims_size() == 0 || buffers.count(t.name()) || !read.count(t.name()))
            continue;
        std::int64_t n = 1;
        for (std::int64_t d : t.dims())
            n *= d;
        total += n;
    }
    return total;
}

} // namespace

class TestOnnxConformance : public QObject
{
    Q_OBJECT
private slots:
    void everyTestModelImports()
    {
        if (!std::filesystem::is_directory(kTestData))
            QFAIL("libonnx-testdata is not installed: install it (packaging/build-deps.txt); a missing oracle is a failure, not a pass");
        int models = 0;
        int withParams = 0;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(kTestData)) {
            if (entry.path().extension() != ".onnx")
                continue;
            ++models;
            const std::string path = entry.path().string();
            std::ifstream in(path, std::ios::binary);
            std::ostringstream bytes;
            bytes << in.rdbuf();
            onnx::ModelProto proto;
            QVERIFY2(proto.ParseFromString(bytes.str()), path.c_str());
            try {
                const ModelGraph g = importOnnxBytes(bytes.str(), path);
                QVERIFY2(g.layerCount() > 0, path.c_str());
                QCOMPARE(int(g.nodes().size()), proto.graph().node_size());
                QCOMPARE(g.totalParams(), independentParams(proto));
                withParams += g.totalParams() > 0 ? 1 : 0;
                for (const Layer& l : g.layers()) {
                    QVERIFY2(std::isfinite(l.flopsPerToken) && l.flopsPerToken >= 0, (path + ": " + l.name).c_str());
                    QVERIFY2(std::isfinite(l.actReplicatedBytesPerToken) && l.actReplicatedBytesPerToken >= 0, path.c_str());
                    QVERIFY2(std::isfinite(l.actShardedBytesPerToken) && l.actShardedBytesPerToken >= 0, path.c_str());
                }
            } catch (const InputError& e) {
                QFAIL(e.what());
            }
        }
        qInfo("%d models, %d with parameters", models, withParams);
        QVERIFY(models > 1000);
    }
};

QTEST_GUILESS_MAIN(TestOnnxConformance)
#include "tst_onnx_conformance.moc"
