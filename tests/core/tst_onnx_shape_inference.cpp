// SPDX-License-Identifier: GPL-3.0-or-later
// IsolatedShapeInference: libonnx's shape inference runs in a forked helper, so a crash or a hang
// inside it (found by fuzz/fuzz_onnx) is reported as a warning and never takes the tool down.
#include "import/model_importer.h"
#include "import/onnx_shape_inference.h"
#include "util/input_error.h"
#include "import/onnx_symbols.h"
#include "import/onnx_wire_scan.h"

#include <onnx/onnx_pb.h>

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <stdexcept>
#include <cerrno>
#include <sys/wait.h>
#include <unistd.h>

using namespace shardscope::onnx_import;
using Status = ShapeInferenceOutcome::Status;
using namespace std::chrono_literals;

namespace {

void addTensor(onnx::ValueInfoProto& value, const char* name, std::initializer_list<std::int64_t> dims)
{
    value.set_name(name);
    auto* tensor = value.mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(onnx::TensorProto::FLOAT);
    auto* shape = tensor->mutable_shape();
    for (std::int64_t d : dims)
        shape->add_dim()->set_dim_value(d);
}

/// y = Relu(MatMul(x[2,3], W[3,4])): inference gives h and y the shape [2, 4].
onnx::ModelProto matmulRelu()
{
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(17);
    onnx::GraphProto& g = *model.mutable_graph();
    g.set_name("g");
    addTensor(*g.add_input(), "x", { 2, 3 });
    addTensor(*g.add_input(), "W", { 3, 4 });
    onnx::NodeProto& mm = *g.add_node();
    mm.set_op_type("MatMul");
    mm.add_input("x");
    mm.add_input("W");
    mm.add_output("h");
    onnx::NodeProto& relu = *g.add_node();
    relu.set_op_type("Relu");
    relu.add_input("h");
    relu.add_output("y");
    g.add_output()->set_name("y"); // no type: inference fills it in
    return model;
}

void sleepForever()
{
    for (;;)
        ::pause();
}

/// This test process has no child left, running or unreaped.
bool noChildLeft()
{
    int status = 0;
    return ::waitpid(-1, &status, WNOHANG) == -1 && errno == ECHILD;
}

/// The shapes a helper's reply holds, by value name: (elem_type, dims), read by scanGraphValueInfos.
std::map<std::string, std::pair<int, std::vector<std::int64_t>>> scannedShapes(const std::string& graph)
{
    std::map<std::string, std::pair<int, std::vector<std::int64_t>>> shapes;
    std::string error;
    const bool ok = scanGraphValueInfos(graph, [&](const WireValueInfo& v, bool) {
        shapes[std::string(v.name)] = { v.elemType, std::vector<std::int64_t>(v.dims.begin(), v.dims.end()) };
    }, error);
    if (!ok)
        throw std::runtime_error(error);
    return shapes;
}

/// A shell script standing in for the helper program (its reply written with printf's octal escapes).
std::string fakeHelper(const QTemporaryDir& dir, const char* name, const std::string& body)
{
    const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
    std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
    ::chmod(path.c_str(), 0755);
    return path;
}

std::vector<std::int64_t> dimsOf(const onnx::ValueInfoProto& value)
{
    std::vector<std::int64_t> dims;
    for (const auto& d : value.type().tensor_type().shape().dim())
        dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
    return dims;
}

} // namespace

class TestOnnxShapeInference : public QObject
{
    Q_OBJECT

private slots:
    void absurdShapesAreAClearError()
    {
        // h = MatMul(x[1, 1, K], y[K, K]) with y an input, not a weight, K = 2^30: numbers per token past the 1e18
        // ShardScope plans (and the native model format holds). The import stops and says where and why (a fuzzer
        // found such a model imported, then refused by the native reader when saved and read back).
        constexpr std::int64_t k = std::int64_t(1) << 30;
        onnx::ModelProto model;
        model.set_ir_version(8);
        model.add_opset_import()->set_version(17);
        onnx::GraphProto& g = *model.mutable_graph();
        g.set_name("g");
        addTensor(*g.add_input(), "x", { 1, 1, k });
        addTensor(*g.add_input(), "y", { k, k });
        onnx::NodeProto& mm = *g.add_node();
        mm.set_name("/huge/MatMul");
        mm.set_op_type("MatMul");
        mm.add_input("x");
        mm.add_input("y");
        mm.add_output("h");
        g.add_output()->set_name("h");
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge.onnx")).toStdString();
        {
            std::ofstream out(path, std::ios::binary);
            QVERIFY(model.SerializeToOstream(&out));
        }
        try {
            shardscope::importModel(path);
            QFAIL("imported a layer of 2.3e18 FLOPs per token");
        } catch (const shardscope::InputError& e) {
            QCOMPARE(e.source(), path);
            QVERIFY2(e.position().rfind("layer ", 0) == 0, e.what());
            // y's K^2 elements are stored for the backward pass (2.3e18 bytes a token in 16-bit) before the FLOPs.
            QVERIFY2(e.message().find("ONNX: layer \"huge\": activation bytes per token (act_replicated_bytes_per_token) "
                                      "2.31e+18 is more than ShardScope plans (at most 1e+18)")
                         == 0,
                     e.what());
        }
    }

    void inferredShapesComeBack()
    {
        onnx::ModelProto model = matmulRelu();
        IsolatedShapeInference inference(model);
        // The child works on its own copy: the caller's model is untouched until finish().
        QCOMPARE(model.graph().value_info_size(), 0);
        const ShapeInferenceOutcome outcome = inference.finish(model);
        QVERIFY2(outcome.status == Status::Complete, outcome.warning().c_str());
        QVERIFY(outcome.warning().empty());
        // [2, 3] x [3, 4] = [2, 4], for the intermediate and for the untyped graph output.
        const onnx::ValueInfoProto* h = nullptr;
        for (const onnx::ValueInfoProto& value : model.graph().value_info())
            if (value.name() == "h")
                h = &value;
        QVERIFY(h != nullptr);
        QVERIFY(h && dimsOf(*h) == (std::vector<std::int64_t> { 2, 4 }));
        QCOMPARE(model.graph().output_size(), 1);
        QVERIFY(dimsOf(model.graph().output(0)) == (std::vector<std::int64_t> { 2, 4 }));
        // The inputs, nodes and anything else of the caller's model stay as they were.
        QCOMPARE(model.graph().node_size(), 2);
        QVERIFY(dimsOf(model.graph().input(1)) == (std::vector<std::int64_t> { 3, 4 }));
        QVERIFY(noChildLeft());
    }

    void crashIsContained_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("named");
        QTest::newRow("null pointer read") << int(SIGSEGV) << "segmentation fault";
        QTest::newRow("division by zero") << int(SIGFPE) << "arithmetic error, such as a division by zero";
        QTest::newRow("abort") << int(SIGABRT) << "aborted";
    }

    void crashIsContained()
    {
        // The helper dies the way libonnx made it die; this process carries on and says so.
        QFETCH(int, signal);
        QFETCH(QString, named);
        onnx::ModelProto model = matmulRelu();
        IsolatedShapeInference inference(model, IsolatedShapeInference::kDefaultTimeLimit,
                                         [signal] { std::raise(signal); });
        const ShapeInferenceOutcome outcome = inference.finish(model);
        QVERIFY(outcome.status == Status::Crashed);
        QCOMPARE(QString::fromStdString(outcome.detail), named);
        QVERIFY(!outcome.inferredSomething());
        QCOMPARE(QString::fromStdString(outcome.warning()),
                 "ONNX shape inference crashed inside libonnx (" + named
                     + "); the import went on without it, so no node has inferred sizes (FLOPs and activation "
                       "memory are not counted)");
        QCOMPARE(model.graph().value_info_size(), 0);
        QVERIFY(!model.graph().output(0).has_type());
        QVERIFY(noChildLeft());
    }

    void helperFailureIsReported_data()
    {
        // Ends that are not a fault inside libonnx are not called a crash there.
        QTest::addColumn<int>("how");
        QTest::addColumn<QString>("detail");
        QTest::newRow("exception escapes (bad_alloc and the like)") << 0 << "it ran out of memory or met an unexpected error";
        QTest::newRow("exits 0 without a reply") << 1 << "the helper process ended without sending its result";
        QTest::newRow("terminated from outside") << 2 << "terminated";
        QTest::newRow("exits with status 7") << 3 << "the helper process exited with status 7";
    }

    void helperFailureIsReported()
    {
        QFETCH(int, how);
        QFETCH(QString, detail);
        onnx::ModelProto model = matmulRelu();
        IsolatedShapeInference inference(model, IsolatedShapeInference::kDefaultTimeLimit, [how] {
            switch (how) {
            case 0: throw std::runtime_error("out of something");
            case 1: ::_exit(0);
            case 2: std::raise(SIGTERM); break;
            default: ::_exit(7);
            }
        });
        const ShapeInferenceOutcome outcome = inference.finish(model);
        QVERIFY(outcome.status == Status::Failed);
        QCOMPARE(QString::fromStdString(outcome.detail), detail);
        QCOMPARE(QString::fromStdString(outcome.warning()),
                 "ONNX shape inference failed (" + detail
                     + "); the import went on without it, so no node has inferred sizes (FLOPs and activation "
                       "memory are not counted)");
        QCOMPARE(model.graph().value_info_size(), 0);
        QVERIFY(noChildLeft());
    }

    void hangIsStopped()
    {
        // A helper still busy at the time limit is killed; the limit is named in the warning.
        onnx::ModelProto model = matmulRelu();
        IsolatedShapeInference inference(model, 300ms, sleepForever);
        const ShapeInferenceOutcome outcome = inference.finish(model);
        QVERIFY(outcome.status == Status::TimedOut);
        QCOMPARE(QString::fromStdString(outcome.warning()),
                 QStringLiteral("ONNX shape inference did not finish within 300 ms and was stopped; no node has "
                                "inferred sizes (FLOPs and activation memory are not counted)"));
        QCOMPARE(model.graph().value_info_size(), 0);
        QVERIFY(noChildLeft()); // killed and reaped
    }

    void finishOnce()
    {
        onnx::ModelProto model = matmulRelu();
        IsolatedShapeInference inference(model);
        QVERIFY(inference.finish(model).status == Status::Complete);
        const ShapeInferenceOutcome again = inference.finish(model);
        QVERIFY(again.status == Status::NotStarted);
        QCOMPARE(again.detail, std::string("finish() was already called"));
    }

    void unfinishedHelperIsKilled()
    {
        // Destroying the object without finish() (an exception in the caller) kills and reaps the
        // child rather than waiting for it, or this would never return.
        onnx::ModelProto model = matmulRelu();
        {
            IsolatedShapeInference inference(model, 3600s, sleepForever);
        }
        QCOMPARE(model.graph().value_info_size(), 0);
        QVERIFY(noChildLeft()); // neither running nor a zombie
    }

    void modelBytesGiveTheSameShapes()
    {
        // From a file's bytes the helper parses, binds the symbols (batch to 1) and infers on its
        // own: the helper program, and a child forked before anything is parsed, send what
        // inference on the parsed and bound model sends.
        onnx::ModelProto model = matmulRelu();
        auto* x = model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape();
        x->mutable_dim(0)->set_dim_param("batch"); // x [batch, 3]
        auto* y = model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type();
        y->set_elem_type(onnx::TensorProto::FLOAT);
        y->mutable_shape()->add_dim()->set_dim_param("batch"); // y [batch, 4]
        y->mutable_shape()->add_dim()->set_dim_value(4);
        const std::string bytes = model.SerializeAsString();
        QVERIFY(!bindSymbolicDimensions(model).hasSequence);
        IsolatedShapeInference parsed(model);
        QVERIFY(parsed.finish(model).status == Status::Complete);
        std::map<std::string, std::pair<int, std::vector<std::int64_t>>> expected;
        for (const onnx::ValueInfoProto& v : model.graph().value_info())
            expected[v.name()] = { v.type().tensor_type().elem_type(), dimsOf(v) };
        for (const onnx::ValueInfoProto& v : model.graph().output())
            expected[v.name()] = { v.type().tensor_type().elem_type(), dimsOf(v) };
        QCOMPARE(expected.size(), std::size_t(2)); // h and y: [1, 3] x [3, 4]
        QVERIFY(expected["h"].second == (std::vector<std::int64_t> { 1, 4 }));
        QVERIFY(expected["y"].second == (std::vector<std::int64_t> { 1, 4 }));

        const std::string program = shapeInferenceHelperPath();
        QVERIFY2(!program.empty(), "the build tree's shardscope-onnx-infer is not found");
        for (const std::string& helper : { program, std::string() }) {
            IsolatedShapeInference inference(bytes, IsolatedShapeInference::kDefaultTimeLimit, helper);
            std::string graph;
            const ShapeInferenceOutcome outcome = inference.finish(graph);
            QVERIFY2(outcome.status == Status::Complete, outcome.warning().c_str());
            QVERIFY(scannedShapes(graph) == expected);
            QVERIFY(noChildLeft());
        }
    }

    void modelBytesWithAnInvalidNodeAreNotInferred()
    {
        // The helper checks the schemas of the model it parsed and names the first node that fails.
        onnx::ModelProto model = matmulRelu();
        model.mutable_graph()->mutable_node(1)->add_input("x"); // Relu takes one input
        model.mutable_graph()->mutable_node(1)->set_name("act");
        const std::string bytes = model.SerializeAsString();
        for (const std::string& helper : { shapeInferenceHelperPath(), std::string() }) {
            IsolatedShapeInference inference(bytes, IsolatedShapeInference::kDefaultTimeLimit, helper);
            std::string graph;
            const ShapeInferenceOutcome outcome = inference.finish(graph);
            QVERIFY(outcome.status == Status::Skipped);
            QCOMPARE(outcome.detail, firstNodeFailingSchema(model));
            QVERIFY(outcome.warning().rfind("ONNX shape inference was skipped, as libonnx cannot infer shapes safely past "
                                            "an invalid node: graph.node[1] (act): ", 0) == 0);
            QVERIFY(graph.empty());
        }
    }

    void forkedBeforeParsingContainsACrash()
    {
        const std::string bytes = matmulRelu().SerializeAsString();
        IsolatedShapeInference inference(bytes, IsolatedShapeInference::kDefaultTimeLimit, std::string(),
                                         [] { std::raise(SIGSEGV); });
        std::string graph;
        const ShapeInferenceOutcome outcome = inference.finish(graph);
        QVERIFY(outcome.status == Status::Crashed);
        QCOMPARE(outcome.detail, std::string("segmentation fault"));
        QVERIFY(graph.empty());
        QVERIFY(noChildLeft());
    }

    void helperProgramReplies_data()
    {
        // What a helper program may do instead of a proper reply, and how each is reported. The
        // header is a status byte, then the text's and the graph's lengths (u32, little-endian).
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("detail");
        QTest::newRow("reply cut short") << "printf 'C\\000\\000\\000\\000\\144\\000\\000\\000abcdefghij'"
                                         << int(Status::Failed) << "the helper process's reply ended after 19 of 109 bytes";
        QTest::newRow("header cut short") << "printf 'C\\000\\000'" << int(Status::Failed)
                                          << "the helper process ended without sending its result";
        QTest::newRow("unknown status") << "printf 'X\\000\\000\\000\\000\\000\\000\\000\\000'" << int(Status::Failed)
                                        << "the helper process sent an unreadable reply";
        // A value_info (field 13) declaring 5 bytes of which 2 follow.
        QTest::newRow("graph cut inside a value") << "printf 'C\\000\\000\\000\\000\\004\\000\\000\\000\\152\\005\\012\\001'"
                                                  << int(Status::Failed)
                                                  << "the helper process sent an unreadable reply: the inferred graph is "
                                                     "malformed at byte 0 of 4";
        QTest::newRow("crash") << "ulimit -c 0; kill -SEGV $$" << int(Status::Crashed) << "segmentation fault";
        QTest::newRow("not a program") << "exit 127" << int(Status::Failed) << "the helper process exited with status 127";
        QTest::newRow("empty reply, complete") << "printf 'C\\000\\000\\000\\000\\000\\000\\000\\000'"
                                               << int(Status::Complete) << "";
    }

    void helperProgramReplies()
    {
        QFETCH(QString, script);
        QFETCH(int, status);
        QFETCH(QString, detail);
        QTemporaryDir dir;
        const std::string helper = fakeHelper(dir, "helper.sh", script.toStdString());
        IsolatedShapeInference inference(matmulRelu().SerializeAsString(), IsolatedShapeInference::kDefaultTimeLimit, helper);
        std::string graph;
        const ShapeInferenceOutcome outcome = inference.finish(graph);
        QCOMPARE(int(outcome.status), status);
        QCOMPARE(QString::fromStdString(outcome.detail), detail);
        if (outcome.status != Status::Complete)
            QVERIFY(graph.empty());
        QVERIFY(noChildLeft());
    }

    void helperProgramThatHangsIsStopped()
    {
        QTemporaryDir dir;
        const std::string helper = fakeHelper(dir, "hang.sh", "exec sleep 3600");
        IsolatedShapeInference inference(matmulRelu().SerializeAsString(), 300ms, helper);
        std::string graph;
        QVERIFY(inference.finish(graph).status == Status::TimedOut);
        QVERIFY(noChildLeft());
    }

    void helperProgramThatCannotStart()
    {
        IsolatedShapeInference inference(matmulRelu().SerializeAsString(), IsolatedShapeInference::kDefaultTimeLimit,
                                         "/nonexistent/helper");
        std::string graph;
        const ShapeInferenceOutcome outcome = inference.finish(graph);
        QVERIFY(outcome.status == Status::NotStarted);
        QCOMPARE(outcome.detail, std::string("cannot run the helper program /nonexistent/helper: No such file or directory"));
        QVERIFY(noChildLeft());
    }

    void helperProgramIsFound()
    {
        // The override, "fork" for none; otherwise, here, the build tree's program (beside the
        // tests in <build>/libexec/shardscope, as installed beside bin/).
        qputenv("SHARDSCOPE_ONNX_HELPER", "/some/where/else");
        QCOMPARE(shapeInferenceHelperPath(), std::string("/some/where/else"));
        qputenv("SHARDSCOPE_ONNX_HELPER", "fork");
        QCOMPARE(shapeInferenceHelperPath(), std::string());
        qunsetenv("SHARDSCOPE_ONNX_HELPER");
        const std::string found = shapeInferenceHelperPath();
        QVERIFY2(found.size() > 22 && found.substr(found.size() - 22) == "/shardscope-onnx-infer", found.c_str());
    }

    void wireScanReadsWhatProtobufReads()
    {
        // scanGraphValueInfos against protobuf's own parse of the same GraphProto: symbols and
        // negative sizes read as unknown (-1), a type without shape, a sequence type.
        onnx::GraphProto g;
        auto* a = g.add_value_info();
        a->set_name("a");
        a->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT16);
        auto* shape = a->mutable_type()->mutable_tensor_type()->mutable_shape();
        shape->add_dim()->set_dim_value(3);
        shape->add_dim()->set_dim_param("seq");
        shape->add_dim()->set_dim_value(-5);
        shape->add_dim();
        auto* b = g.add_value_info();
        b->set_name("b");
        b->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT64);
        auto* c = g.add_value_info();
        c->set_name("c");
        c->mutable_type()->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(1);
        auto* y = g.add_output();
        y->set_name("y");
        y->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(10007);
        const std::string bytes = g.SerializeAsString();

        std::vector<std::string> seen;
        std::string error;
        QVERIFY(scanGraphValueInfos(bytes, [&](const WireValueInfo& v, bool output) {
            seen.push_back(std::string(v.name) + (output ? " out" : ""));
            if (v.name == "a") {
                QVERIFY(v.tensor && v.hasShape);
                QCOMPARE(v.elemType, int(onnx::TensorProto::FLOAT16));
                QVERIFY((std::vector<std::int64_t>(v.dims.begin(), v.dims.end()) == std::vector<std::int64_t> { 3, -1, -1, -1 }));
            } else if (v.name == "b") {
                QVERIFY(v.tensor && !v.hasShape);
                QCOMPARE(v.elemType, int(onnx::TensorProto::INT64));
            } else if (v.name == "c") {
                QVERIFY(!v.tensor);
            } else {
                QVERIFY(v.tensor && v.hasShape && v.dims.size() == 1 && v.dims[0] == 10007);
            }
        }, error));
        QVERIFY((seen == std::vector<std::string> { "a", "b", "c", "y out" })); // value_info first, then outputs
        // Every cut of the bytes is rejected or read as protobuf reads the cut (never past the end).
        for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
            onnx::GraphProto parsed;
            const bool protobuf = parsed.ParseFromArray(bytes.data(), int(cut));
            const bool ours = scanGraphValueInfos(std::string_view(bytes).substr(0, cut), [](const WireValueInfo&, bool) {}, error);
            QVERIFY2(protobuf == ours, std::to_string(cut).c_str());
        }
    }

    void schemaCheckNamesTheNode()
    {
        onnx::ModelProto model = matmulRelu();
        QCOMPARE(firstNodeFailingSchema(model), std::string());
        model.mutable_graph()->mutable_node(1)->add_input("x"); // Relu takes one input
        model.mutable_graph()->mutable_node(1)->set_name("act");
        const std::string problem = firstNodeFailingSchema(model);
        QVERIFY2(problem.rfind("graph.node[1] (act): ", 0) == 0, problem.c_str());
    }
};

QTEST_GUILESS_MAIN(TestOnnxShapeInference)
#include "tst_onnx_shape_inference.moc"
