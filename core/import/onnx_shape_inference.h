// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
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

/// libonnx (1.12, Debian's) runs its shape inference functions on whatever the file holds, and
/// several trust it: a Conv with a zero stride divides by zero, a pooling node with a malformed
/// shape reads through a null pointer. Such a file must not take the tool down, so inference runs
/// in a forked helper process: the child infers shapes on its copy of the model and sends back the
/// graph's value_info and refined outputs through a pipe; a child that crashes or hangs is reported,
/// never the parent. Linux/POSIX only (fork, pipe, poll, waitpid).
///
/// Two steps, so the caller can index the graph while the child works: the constructor forks, and
/// finish() waits, merges the child's value_info and outputs into the model, and reaps the child.
/// The child runs only the forking thread: libonnx, protobuf and glibc's malloc (fork-safe); the
/// schema map is built before the fork. Should another thread of the process (the GUI imports on a
/// pool thread) hold some other lock the child needs at the moment of the fork, the child waits
/// on it until the time limit, and the import goes on without sizes: the limit is the backstop.
class IsolatedShapeInference
{
public:
    static constexpr std::chrono::milliseconds kDefaultTimeLimit { 60'000 };

    /// Forks the helper for `model` (bound symbols and all, as it is now). `inChild` runs in the
    /// child before inference; tests use it to crash or stall the helper on purpose.
    explicit IsolatedShapeInference(const onnx::ModelProto& model,
                                    std::chrono::milliseconds timeLimit = kDefaultTimeLimit,
                                    const std::function<void()>& inChild = {});
    ~IsolatedShapeInference(); ///< kills and reaps a child finish() was not called for
    IsolatedShapeInference(const IsolatedShapeInference&) = delete;
    IsolatedShapeInference& operator=(const IsolatedShapeInference&) = delete;

    /// Waits for the child (at most the time limit from construction) and, when it inferred
    /// anything, replaces `model`'s graph value_info and outputs with the child's. Call once.
    ShapeInferenceOutcome finish(onnx::ModelProto& model);

private:
    pid_t m_child = -1;
    int m_pipe = -1; ///< read end
    std::int64_t m_deadlineMs = 0; ///< on CLOCK_MONOTONIC
    std::chrono::milliseconds m_timeLimit;
    std::string m_startError;
};

} // namespace shardscope::onnx_import
