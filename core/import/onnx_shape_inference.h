// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace onnx {
class ModelProto;
}

namespace shardscope::onnx_import {

/// The first node, subgraphs included, whose schema libonnx's shape inference cannot be trusted
/// with ("graph.node[3] (name): message"), or "" when every node passes: OpSchema::Verify (input
/// and output counts, required attributes and their types) and a ConvTranspose weight of rank 3 or
/// more where the graph declares it. Naming the node is a better warning than a contained crash.
std::string firstNodeFailingSchema(const onnx::ModelProto& model);

/// How shape inference ended.
struct ShapeInferenceOutcome
{
    enum class Status {
        Complete,  ///< every node was visited; the model carries the inferred value_info
        Stopped,   ///< libonnx threw part way; the model carries what was inferred before
        Skipped,   ///< a node fails its schema (firstNodeFailingSchema, named in detail): inference was not run
        Crashed,   ///< the helper died of a fault signal (libonnx read a null pointer, divided by zero, ...)
        Failed,    ///< the helper ended otherwise without a result (out of memory, killed, bad reply)
        TimedOut,  ///< the helper ran past the time limit and was killed
        NotStarted ///< no helper process could be started
    };
    Status status = Status::NotStarted;
    std::string detail; ///< the exception text, the signal's name, the reason, the time limit or the OS error
    bool inferredSomething() const { return status == Status::Complete || status == Status::Stopped; }
    /// The warning for the model ("" when complete).
    std::string warning() const;
};

/// The program shape inference runs in, `shardscope-onnx-infer` (tools/onnx-infer): the path in
/// $SHARDSCOPE_ONNX_HELPER when set (the value "fork" asks for no program: this process forks
/// instead), else the first executable one of: next to the running program, in its
/// ../libexec/shardscope (the installed layout, ${CMAKE_INSTALL_LIBEXECDIR}), in the build tree;
/// "" when there is none, and the importer forks.
std::string shapeInferenceHelperPath();

/// The helper's work on an ONNX file's bytes: parse them, bind the symbolic dimensions as the
/// importer does (bindSymbolicDimensions), check every node against its schema and infer; then
/// `send` gets the reply IsolatedShapeInference reads (the format is in the .cpp), while the
/// parsed model still exists: a helper process ends in `send` rather than spend time freeing it.
/// Throws when the bytes do not parse (InputError) or memory runs out.
void inferShapes(std::string_view modelBytes, const std::function<void(std::string_view reply)>& send);

/// main() of the helper program: the model's bytes on standard input, the reply on standard
/// output, nothing on standard error; "--parent PID" makes it die with that process. Exit codes
/// as the forked helper's (finish() names them).
int shapeInferenceHelperMain(int argc, char** argv);

/// libonnx (1.12, Debian's) runs its shape inference functions on whatever the file holds, and
/// several trust it: a Conv with a zero stride divides by zero, a pooling node with a malformed
/// shape reads through a null pointer. Such a file must not take the tool down, so inference runs
/// in a helper process, which sends back the graph's value_info and refined outputs through a
/// pipe; a helper that crashes or hangs is reported, never the caller. Linux/POSIX only (fork,
/// posix_spawn, memfd, pipe, poll, waitpid).
///
/// Two ways to start it. From a model file's bytes (the importer): the helper program
/// (shapeInferenceHelperPath()) is started on a copy of the bytes, or, without a program, this
/// process forks before parsing; either way the helper parses, binds and infers on its own while
/// the caller parses the same bytes, and no memory is shared after a fork (copy-on-write made the
/// old fork-after-parse run inference at half speed). From a parsed model (tests, tools): fork,
/// and the child infers on its copy of the model as it is.
///
/// finish() waits, reads the reply and reaps the helper. A forked child runs only the forking
/// thread: libonnx, protobuf and glibc's malloc (fork-safe); the schema map is built before the
/// fork. Should another thread of the process (the GUI imports on a pool thread) hold some other
/// lock the child needs at the moment of the fork, the child waits on it until the time limit, and
/// the import goes on without sizes: the limit is the backstop (the helper program has no such risk).
class IsolatedShapeInference
{
public:
    static constexpr std::chrono::milliseconds kDefaultTimeLimit { 60'000 };

    /// Forks the helper for `model` (bound symbols and all, as it is now). `inChild` runs in the
    /// child before inference; tests use it to crash or stall the helper on purpose.
    explicit IsolatedShapeInference(const onnx::ModelProto& model,
                                    std::chrono::milliseconds timeLimit = kDefaultTimeLimit,
                                    const std::function<void()>& inChild = {});
    /// Starts the helper on an ONNX file's bytes: the program `helper` (a path; "" forks this
    /// process instead, and `inChild` then runs in the child before it parses). A program that
    /// cannot be started is reported by finish() (Status::NotStarted), never silently replaced.
    IsolatedShapeInference(std::string_view modelBytes, std::chrono::milliseconds timeLimit,
                           const std::string& helper = shapeInferenceHelperPath(),
                           const std::function<void()>& inChild = {});
    ~IsolatedShapeInference(); ///< kills and reaps a child finish() was not called for
    IsolatedShapeInference(const IsolatedShapeInference&) = delete;
    IsolatedShapeInference& operator=(const IsolatedShapeInference&) = delete;

    /// Waits for the child (at most the time limit from construction) and, when it inferred
    /// anything, replaces `model`'s graph value_info and outputs with the child's. Call once.
    ShapeInferenceOutcome finish(onnx::ModelProto& model);
    /// Waits as above; when the helper inferred anything, `graph` receives its serialized
    /// GraphProto of value_info and output (checked well-formed: scanGraphValueInfos reads it).
    ShapeInferenceOutcome finish(std::string& graph);

private:
    pid_t m_child = -1;
    int m_pipe = -1; ///< read end
    std::int64_t m_deadlineMs = 0; ///< on CLOCK_MONOTONIC
    std::chrono::milliseconds m_timeLimit;
    std::string m_startError;
};

} // namespace shardscope::onnx_import
