// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_shape_inference.h"

#include "import/onnx_operators.h"

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <google/protobuf/arena.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string_view>
#include <unordered_map>

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace shardscope::onnx_import {

namespace {

std::string firstNodeFailingSchema(const onnx::GraphProto& graph, const std::unordered_map<std::string, int>& opsets,
                                   const std::string& where)
{
    std::unordered_map<std::string_view, int> declaredRanks; // of the graph's inputs and initializers, where known
    for (const onnx::ValueInfoProto& input : graph.input())
        if (input.type().has_tensor_type() && input.type().tensor_type().has_shape())
            declaredRanks[input.name()] = input.type().tensor_type().shape().dim_size();
    for (const onnx::TensorProto& initializer : graph.initializer())
        declaredRanks[initializer.name()] = initializer.dims_size();
    for (int i = 0; i < graph.node_size(); ++i) {
        const onnx::NodeProto& node = graph.node(i);
        const std::string domain = node.domain() == "ai.onnx" ? std::string() : node.domain();
        const std::string position = where + nodePosition(i, node.name()).substr(std::string_view("graph").size());
        if (const auto opset = opsets.find(domain); opset != opsets.end())
            if (const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(node.op_type(), opset->second, domain)) {
                try {
                    schema->Verify(node);
                } catch (const std::exception& e) {
                    return position + ": " + e.what();
                }
            }
        // ConvTranspose's inference function reads dimension 1 of the weight without checking its rank.
        if (domain.empty() && node.op_type() == "ConvTranspose" && node.input_size() >= 2)
            if (const auto rank = declaredRanks.find(node.input(1)); rank != declaredRanks.end() && rank->second < 3)
                return position + ": the weight \"" + node.input(1) + "\" has " + std::to_string(rank->second)
                    + " dimensions, expected at least 3 (in channels, out channels / group, kernel)";
        for (const onnx::AttributeProto& attribute : node.attribute()) {
            std::string problem;
            if (attribute.has_g())
                problem = firstNodeFailingSchema(attribute.g(), opsets, position + "." + attribute.name());
            for (int k = 0; problem.empty() && k < attribute.graphs_size(); ++k)
                problem = firstNodeFailingSchema(attribute.graphs(k), opsets,
                                                 position + "." + attribute.name() + "[" + std::to_string(k) + "]");
            if (!problem.empty())
                return problem;
        }
    }
    return {};
}

std::string signalName(int signal)
{
    switch (signal) {
    case SIGSEGV: return "segmentation fault";
    case SIGFPE: return "arithmetic error, such as a division by zero";
    case SIGBUS: return "bus error";
    case SIGILL: return "illegal instruction";
    case SIGABRT: return "aborted";
    case SIGKILL: return "killed, perhaps for lack of memory";
    default: return "signal " + std::to_string(signal);
    }
}

bool writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes.remove_prefix(std::size_t(n));
    }
    return true;
}

// The reply the child writes: a status byte ('C' complete, 'S' stopped), the length of the
// exception text (4 bytes, little-endian), the text, then the GraphProto holding value_info and output.
constexpr char kComplete = 'C';
constexpr char kStopped = 'S';
constexpr std::size_t kHeaderBytes = 5;

[[noreturn]] void runChild(int writeEnd, onnx::ModelProto& model, const std::function<void()>& inChild)
{
    // A crash here is this process's own end, reported by the parent: no sanitizer or fuzzer
    // handler may claim it, and no core file is wanted.
    for (int signal : { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT })
        std::signal(signal, SIG_DFL);
    std::signal(SIGPIPE, SIG_DFL);
    const rlimit noCore { 0, 0 };
    ::setrlimit(RLIMIT_CORE, &noCore);
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGKILL); // the importing process went away: stop
#endif
    char status = kComplete;
    std::string detail;
    std::string reply;
    try {
        if (inChild)
            inChild();
        try {
            const onnx::ShapeInferenceOptions options(/*check_type*/ false, /*error_mode*/ 0, /*data_prop*/ true);
            onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), options);
        } catch (const std::exception& e) {
            status = kStopped;
            detail = e.what();
        }
        // Moved, not copied, into a graph on the model's arena: only value_info and output are sent.
        auto* inferred = google::protobuf::Arena::CreateMessage<onnx::GraphProto>(model.GetArena());
        const std::unique_ptr<onnx::GraphProto> owned(model.GetArena() ? nullptr : inferred);
        inferred->mutable_value_info()->Swap(model.mutable_graph()->mutable_value_info());
        inferred->mutable_output()->Swap(model.mutable_graph()->mutable_output());
        const std::uint32_t length = std::uint32_t(std::min<std::size_t>(detail.size(), 1 << 20));
        reply.push_back(status);
        for (int shift = 0; shift < 32; shift += 8)
            reply.push_back(char((length >> shift) & 0xFF));
        reply.append(detail, 0, length);
        if (!inferred->AppendToString(&reply))
            ::_exit(3);
    } catch (...) { // std::bad_alloc and the like: the parent reports the exit status
        ::_exit(2);
    }
    ::_exit(writeAll(writeEnd, reply) ? 0 : 4); // _exit: no atexit handlers, no leak check of the copy
}

} // namespace

std::string firstNodeFailingSchema(const onnx::ModelProto& model)
{
    std::unordered_map<std::string, int> opsets;
    for (const onnx::OperatorSetIdProto& o : model.opset_import())
        opsets[o.domain() == "ai.onnx" ? std::string() : o.domain()] = int(std::clamp<std::int64_t>(o.version(), 0, 1'000'000));
    return firstNodeFailingSchema(model.graph(), opsets, "graph");
}

std::string ShapeInferenceOutcome::warning() const
{
    switch (status) {
    case Status::Complete:
        return {};
    case Status::Stopped:
        return "ONNX shape inference stopped early (" + detail + "); nodes after that point have no sizes";
    case Status::Crashed:
        return "ONNX shape inference crashed inside libonnx (" + detail
            + "); the crash was contained in a helper process and the import went on, but no node has "
              "inferred sizes";
    case Status::TimedOut:
        return "ONNX shape inference did not finish within " + detail
            + " and was stopped; no node has inferred sizes";
    case Status::NotStarted:
        break;
    }
    return "ONNX shape inference could not run (" + detail + "); no node has inferred sizes";
}

IsolatedShapeInference::IsolatedShapeInference(const onnx::ModelProto& model, std::chrono::milliseconds timeLimit,
                                               const std::function<void()>& inChild)
    : m_deadline(std::chrono::steady_clock::now() + timeLimit)
    , m_timeLimit(timeLimit)
{
    // The schema map is built on first use, behind a static initialisation guard: build it here,
    // so the child never waits on a guard another thread of this process held at the fork.
    (void)onnx::OpSchemaRegistry::Schema("Identity", 1, "");
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) {
        m_startError = std::string("no pipe: ") + std::strerror(errno);
        return;
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        m_startError = std::string("no helper process: ") + std::strerror(errno);
        ::close(ends[0]);
        ::close(ends[1]);
        return;
    }
    if (pid == 0) {
        ::close(ends[0]);
        // The child's memory is a private copy of the parent's: inferring on it leaves the caller's model alone.
        runChild(ends[1], const_cast<onnx::ModelProto&>(model), inChild);
    }
    ::close(ends[1]);
    m_child = pid;
    m_pipe = ends[0];
}

IsolatedShapeInference::~IsolatedShapeInference()
{
    if (m_pipe >= 0)
        ::close(m_pipe);
    if (m_child > 0) {
        ::kill(m_child, SIGKILL);
        while (::waitpid(m_child, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
}

ShapeInferenceOutcome IsolatedShapeInference::finish(onnx::ModelProto& model)
{
    using Status = ShapeInferenceOutcome::Status;
    if (m_child <= 0)
        return { Status::NotStarted, m_startError.empty() ? std::string("finish() was already called") : m_startError };

    std::string reply;
    bool timedOut = false;
    std::string readError;
    char buffer[1 << 16];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(m_deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timedOut = true;
            break;
        }
        pollfd readable { m_pipe, POLLIN, 0 };
        const int ready = ::poll(&readable, 1, int(std::min<std::int64_t>(left.count(), 1'000'000)));
        if (ready < 0 && errno != EINTR) {
            readError = std::string("poll: ") + std::strerror(errno);
            break;
        }
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(m_pipe, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            readError = std::string("read: ") + std::strerror(errno);
            break;
        }
        if (n == 0)
            break; // the child closed its end: done or dead
        reply.append(buffer, std::size_t(n));
    }
    ::close(m_pipe);
    m_pipe = -1;
    if (timedOut || !readError.empty())
        ::kill(m_child, SIGKILL);
    int wait = 0;
    while (::waitpid(m_child, &wait, 0) < 0 && errno == EINTR) {
    }
    m_child = -1;

    if (timedOut) {
        const auto ms = m_timeLimit.count();
        return { Status::TimedOut, ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms" };
    }
    if (!readError.empty())
        return { Status::NotStarted, readError };
    if (WIFSIGNALED(wait))
        return { Status::Crashed, signalName(WTERMSIG(wait)) };
    if (!WIFEXITED(wait) || WEXITSTATUS(wait) != 0)
        return { Status::Crashed, "the helper process exited with status " + std::to_string(WEXITSTATUS(wait)) };

    std::uint32_t length = 0;
    if (reply.size() >= kHeaderBytes)
        for (int i = 0; i < 4; ++i)
            length |= std::uint32_t(static_cast<unsigned char>(reply[std::size_t(1 + i)])) << (8 * i);
    const std::size_t graphBytes = reply.size() - std::min(reply.size(), kHeaderBytes + length);
    if (reply.size() < kHeaderBytes || (reply[0] != kComplete && reply[0] != kStopped)
        || reply.size() - kHeaderBytes < length || graphBytes > std::size_t(std::numeric_limits<int>::max()))
        return { Status::Crashed, "the helper process sent an unreadable reply" };
    // Parsed onto the model's arena, then swapped in (pointer swaps, no copy of 100k values).
    google::protobuf::Arena* arena = model.GetArena();
    auto* inferred = google::protobuf::Arena::CreateMessage<onnx::GraphProto>(arena);
    const std::unique_ptr<onnx::GraphProto> owned(arena ? nullptr : inferred);
    if (!inferred->ParseFromArray(reply.data() + kHeaderBytes + length, int(graphBytes)))
        return { Status::Crashed, "the helper process sent an unreadable reply" };
    model.mutable_graph()->mutable_value_info()->Swap(inferred->mutable_value_info());
    model.mutable_graph()->mutable_output()->Swap(inferred->mutable_output());
    if (reply[0] == kStopped)
        return { Status::Stopped, reply.substr(kHeaderBytes, length) };
    return { Status::Complete, {} };
}

} // namespace shardscope::onnx_import
