// SPDX-License-Identifier: GPL-3.0-or-later
// IsolatedShapeInference: libonnx's shape inference runs in a forked helper, so a crash or a hang
// inside it (found by fuzz/fuzz_onnx) is reported as a warning and never takes the tool down.
#include "import/onnx_shape_inference.h"

#include <onnx/onnx_pb.h>

#include <QtTest>

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
