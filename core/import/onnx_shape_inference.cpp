// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/onnx_shape_inference.h"

#include "import/onnx_operators.h"
#include "import/onnx_shape_protocol.h"
#include "import/onnx_symbols.h"
#include "import/onnx_wire_scan.h"
#include "util/fd_io.h"
#include "util/input_error.h"

#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <google/protobuf/arena.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

// Set by the sanitizer runtimes (libFuzzer uses it to save the input that crashed); absent otherwise.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));


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

/// Signals by which a fault inside libonnx ends the helper (the rest come from outside).
bool isFaultSignal(int signal)
{
    return signal == SIGSEGV || signal == SIGFPE || signal == SIGBUS || signal == SIGILL || signal == SIGABRT;
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
    case SIGTERM: return "terminated";
    default: return "signal " + std::to_string(signal);
    }
}

void putU32(std::string& out, std::uint32_t value)
{
    for (int shift = 0; shift < 32; shift += 8)
        out.push_back(char((value >> shift) & 0xFF));
}

std::uint32_t getU32(const char* bytes)
{
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i)
        value |= std::uint32_t(static_cast<unsigned char>(bytes[i])) << (8 * i);
    return value;
}

#if defined(__clang__)
// How often the loops below turn depends on timing, and the helper's pid differs from run to run,
// not with the input: the process handling is kept out of libFuzzer's coverage and comparison
// tracing (a `pid == 0` would put the pid into its table of compared values), so a fixed-seed
// fuzz run stays reproducible.
#define SHARDSCOPE_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define SHARDSCOPE_NO_COVERAGE
#endif

enum class ReadResult { Done, EndOfFile, TimedOut, Failed };

/// Milliseconds on the monotonic clock (libc: no instrumented inline code in the loop below).
SHARDSCOPE_NO_COVERAGE std::int64_t monotonicMs()
{
    timespec now {};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    return std::int64_t(now.tv_sec) * 1000 + now.tv_nsec / 1'000'000;
}

/// Reads exactly `size` bytes from `fd` before `deadlineMs` (monotonicMs()); `error` names a failure.
SHARDSCOPE_NO_COVERAGE ReadResult readFully(int fd, char* data, std::size_t size, std::int64_t deadlineMs, int& error,
                                             std::size_t* done = nullptr)
{
    while (size > 0) {
        const std::int64_t left = deadlineMs - monotonicMs();
        if (left <= 0)
            return ReadResult::TimedOut;
        pollfd readable { fd, POLLIN, 0 };
        const int ready = ::poll(&readable, 1, left > 1'000'000 ? 1'000'000 : int(left));
        if (ready < 0 && errno != EINTR) {
            error = errno;
            return ReadResult::Failed;
        }
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(fd, data, size);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            error = errno;
            return ReadResult::Failed;
        }
        if (n == 0)
            return ReadResult::EndOfFile; // the child closed its end early: it died
        data += n;
        size -= std::size_t(n);
        if (done)
            *done += std::size_t(n);
    }
    return ReadResult::Done;
}

/// Waits for `child` to end; its wait status. (Interrupted by signals, such as libFuzzer's alarm,
/// a timing-dependent number of times: out of coverage too.)
SHARDSCOPE_NO_COVERAGE std::optional<int> reap(pid_t child)
{
    int status = 0;
    for (;;) {
        if (::waitpid(child, &status, 0) == child)
            return status;
        if (errno != EINTR)
            return std::nullopt; // ECHILD: SIGCHLD ignored, or someone else reaped it
    }
}

/// Gives the child only what it needs: no descriptors of the rest of the process (another
/// import's pipe would otherwise stay open and hide that helper's end), no core file, the first
/// place in line for the OOM killer, and an end when the importing thread goes away.
void isolateChild(int& writeEnd, pid_t parent)
{
    if (writeEnd != 3) {
        ::dup2(writeEnd, 3);
        writeEnd = 3;
    }
    ::close_range(4, ~0U, 0);
    const rlimit noCore { 0, 0 };
    ::setrlimit(RLIMIT_CORE, &noCore);
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) // the parent died before prctl
        ::_exit(kExitWriteFailed);
    if (const int fd = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC); fd >= 0) {
        (void)!::write(fd, "1000", 4);
        ::close(fd);
    }
#endif
}

std::string makeReply(char status, std::string detail, const std::string& graph)
{
    detail.resize(std::min<std::size_t>(detail.size(), kMaxDetail));
    std::string reply;
    reply.reserve(kHeaderBytes + detail.size() + graph.size());
    reply.push_back(status);
    putU32(reply, std::uint32_t(detail.size()));
    putU32(reply, std::uint32_t(graph.size()));
    reply += detail;
    reply += graph;
    return reply;
}

/// Infers on `model` (changing it) and returns the reply; throws std::bad_alloc and the like.
std::string inferredReply(onnx::ModelProto& model)
{
    char status = kComplete;
    std::string detail;
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
    std::string graph;
    if (!inferred->SerializeToString(&graph) || graph.size() > std::size_t(std::numeric_limits<int>::max()))
        ::_exit(kExitTooLarge);
    return makeReply(status, std::move(detail), graph);
}

/// The forked child: `work` (after `inChild`) sends the reply to `writeEnd` and ends the process.
[[noreturn]] void runChild(int writeEnd, pid_t parent, const std::function<void()>& inChild,
                           const std::function<void(const std::function<void(std::string_view)>&)>& work)
{
    defaultSignals();
    isolateChild(writeEnd, parent);
    try {
        if (inChild)
            inChild();
        work([writeEnd](std::string_view reply) { sendAndExit(writeEnd, reply); });
    } catch (const InputError&) {
        ::_exit(kExitUnparsable);
    } catch (...) { // std::bad_alloc and the like: the parent reports the exit status
        ::_exit(kExitException);
    }
    ::_exit(kExitException); // work() always sends
}

} // namespace

/// What any helper does first: a crash is this process's own end, reported by the parent, so no
/// sanitizer or fuzzer handler may claim it (nor write a crash file for the fuzzer's input).
void defaultSignals()
{
    for (int signal : { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT })
        std::signal(signal, SIG_DFL);
    std::signal(SIGPIPE, SIG_DFL);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(nullptr);
}

/// Writes the reply and ends the helper (_exit: no atexit handlers, no leak check, nothing freed).
[[noreturn]] void sendAndExit(int fd, std::string_view reply)
{
    ::_exit(writeAll(fd, reply) ? 0 : kExitWriteFailed);
}

void inferShapes(std::string_view modelBytes, const std::function<void(std::string_view reply)>& send)
{
    google::protobuf::Arena arena(modelArenaOptions());
    onnx::ModelProto& model = *parseModelProto(modelBytes, "model", arena);
    (void)bindSymbolicDimensions(model);
    // A node libonnx's inference functions cannot be trusted with: named, and nothing inferred.
    if (std::string invalid = firstNodeFailingSchema(model); !invalid.empty())
        send(makeReply(kSkipped, std::move(invalid), {}));
    else
        send(inferredReply(model));
}

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
    case Status::Skipped:
        return "ONNX shape inference was skipped, as libonnx cannot infer shapes safely past an invalid node: " + detail
            + "; no node has inferred sizes";
    case Status::Crashed:
        return "ONNX shape inference crashed inside libonnx (" + detail
            + "); the import went on without it, so no node has inferred sizes (FLOPs and activation memory "
              "are not counted)";
    case Status::Failed:
        return "ONNX shape inference failed (" + detail
            + "); the import went on without it, so no node has inferred sizes (FLOPs and activation memory "
              "are not counted)";
    case Status::TimedOut:
        return "ONNX shape inference did not finish within " + detail
            + " and was stopped; no node has inferred sizes (FLOPs and activation memory are not counted)";
    case Status::NotStarted:
        break;
    }
    return "ONNX shape inference could not run (" + detail + "); no node has inferred sizes";
}

SHARDSCOPE_NO_COVERAGE IsolatedShapeInference::IsolatedShapeInference(const onnx::ModelProto& model, std::chrono::milliseconds timeLimit,
                                               const std::function<void()>& inChild)
    : m_deadlineMs(monotonicMs() + std::clamp<std::int64_t>(timeLimit.count(), 0, std::int64_t(1) << 40))
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
    const pid_t parent = ::getpid();
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
        runChild(ends[1], parent, inChild, [&](const auto& send) { send(inferredReply(const_cast<onnx::ModelProto&>(model))); });
    }
    ::close(ends[1]);
    m_child = pid;
    m_pipe = ends[0];
}

SHARDSCOPE_NO_COVERAGE IsolatedShapeInference::IsolatedShapeInference(std::string_view modelBytes,
                                                                      std::chrono::milliseconds timeLimit,
                                                                      const std::string& helper,
                                                                      const std::function<void()>& inChild)
    : m_deadlineMs(monotonicMs() + std::clamp<std::int64_t>(timeLimit.count(), 0, std::int64_t(1) << 40))
    , m_timeLimit(timeLimit)
{
    int ends[2];
    if (helper.empty()) {
        // No helper program: fork before anything is parsed, so the child's parse and inference
        // write only memory of its own (no copy-on-write of the caller's model).
        (void)onnx::OpSchemaRegistry::Schema("Identity", 1, ""); // as above: the schema map before the fork
        if (::pipe2(ends, O_CLOEXEC) != 0) {
            m_startError = std::string("no pipe: ") + std::strerror(errno);
            return;
        }
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0) {
            m_startError = std::string("no helper process: ") + std::strerror(errno);
            ::close(ends[0]);
            ::close(ends[1]);
            return;
        }
        if (pid == 0) {
            ::close(ends[0]);
            runChild(ends[1], parent, inChild, [&](const auto& send) { inferShapes(modelBytes, send); });
        }
        ::close(ends[1]);
        m_child = pid;
        m_pipe = ends[0];
        return;
    }

    // The helper program (onnx_shape_helper.cpp).
    StartedHelper started = startHelperProgram(helper, modelBytes);
    if (started.pid < 0) {
        m_startError = std::move(started.error);
        return;
    }
    m_child = started.pid;
    m_pipe = started.pipe;
}

SHARDSCOPE_NO_COVERAGE IsolatedShapeInference::~IsolatedShapeInference()
{
    if (m_pipe >= 0)
        ::close(m_pipe);
    if (m_child > 0) {
        ::kill(m_child, SIGKILL);
        (void)reap(m_child);
    }
}

SHARDSCOPE_NO_COVERAGE ShapeInferenceOutcome IsolatedShapeInference::finish(std::string& graph)
{
    using Status = ShapeInferenceOutcome::Status;
    graph.clear();
    if (m_child <= 0)
        return { Status::NotStarted, m_startError.empty() ? std::string("finish() was already called") : m_startError };

    // Header, then body; the child exits after writing, so its status is collected after either.
    int error = 0;
    char header[kHeaderBytes];
    std::string body;
    ReadResult read = readFully(m_pipe, header, kHeaderBytes, m_deadlineMs, error);
    std::uint32_t detailBytes = 0;
    std::uint32_t graphBytes = 0;
    std::size_t bodyRead = 0;
    bool garbled = false;
    const bool headerDone = read == ReadResult::Done;
    if (headerDone) {
        detailBytes = getU32(header + 1);
        graphBytes = getU32(header + 5);
        garbled = (header[0] != kComplete && header[0] != kStopped && header[0] != kSkipped) || detailBytes > kMaxDetail
            || graphBytes > std::uint32_t(std::numeric_limits<int>::max());
        if (!garbled) {
            body.resize(std::size_t(detailBytes) + graphBytes);
            read = readFully(m_pipe, body.data(), body.size(), m_deadlineMs, error, &bodyRead);
        }
    }
    ::close(m_pipe);
    m_pipe = -1;
    if (read == ReadResult::TimedOut || read == ReadResult::Failed || garbled)
        ::kill(m_child, SIGKILL);
    const std::optional<int> wait = reap(m_child);
    m_child = -1;

    if (read == ReadResult::TimedOut) {
        const auto ms = m_timeLimit.count();
        return { Status::TimedOut, ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms" };
    }
    if (read == ReadResult::Failed)
        return { Status::Failed, std::string("reading its result failed: ") + std::strerror(error) };
    if (garbled)
        return { Status::Failed, "the helper process sent an unreadable reply" };
    if (!wait)
        return { Status::Failed, "the helper process's exit status is unavailable" };
    if (WIFSIGNALED(*wait))
        return { isFaultSignal(WTERMSIG(*wait)) ? Status::Crashed : Status::Failed, signalName(WTERMSIG(*wait)) };
    if (WIFEXITED(*wait) && WEXITSTATUS(*wait) != 0) {
        switch (WEXITSTATUS(*wait)) {
        case kExitException: return { Status::Failed, "it ran out of memory or met an unexpected error" };
        case kExitTooLarge: return { Status::Failed, "the inferred shapes exceed protobuf's 2 GB limit" };
        case kExitWriteFailed: return { Status::Failed, "it could not send its result" };
        case kExitUnparsable: return { Status::Failed, "it could not parse the model" };
        default: return { Status::Failed, "the helper process exited with status " + std::to_string(WEXITSTATUS(*wait)) };
        }
    }
    if (read != ReadResult::Done && headerDone)
        return { Status::Failed, "the helper process's reply ended after " + std::to_string(kHeaderBytes + bodyRead)
                                     + " of " + std::to_string(kHeaderBytes + body.size()) + " bytes" };
    if (read != ReadResult::Done)
        return { Status::Failed, "the helper process ended without sending its result" };

    std::string detail = body.substr(0, detailBytes);
    if (header[0] == kSkipped)
        return { Status::Skipped, std::move(detail) };
    // Checked whole before anything is used: a reply that breaks off inside a value is rejected,
    // not read in part.
    std::string problem;
    const std::string_view inferred = std::string_view(body).substr(detailBytes);
    if (!scanGraphValueInfos(inferred, [](const WireValueInfo&, bool) {}, problem))
        return { Status::Failed, "the helper process sent an unreadable reply: " + problem };
    body.erase(0, detailBytes);
    graph = std::move(body);
    if (header[0] == kStopped)
        return { Status::Stopped, std::move(detail) };
    return { Status::Complete, {} };
}

SHARDSCOPE_NO_COVERAGE ShapeInferenceOutcome IsolatedShapeInference::finish(onnx::ModelProto& model)
{
    std::string graph;
    ShapeInferenceOutcome outcome = finish(graph);
    if (!outcome.inferredSomething())
        return outcome;
    // Parsed onto the model's arena, then swapped in (pointer swaps, no copy of 100k values).
    google::protobuf::Arena* arena = model.GetArena();
    auto* inferred = google::protobuf::Arena::CreateMessage<onnx::GraphProto>(arena);
    const std::unique_ptr<onnx::GraphProto> owned(arena ? nullptr : inferred);
    if (!inferred->ParseFromArray(graph.data(), int(graph.size())))
        return { ShapeInferenceOutcome::Status::Failed, "the helper process sent an unreadable reply" };
    model.mutable_graph()->mutable_value_info()->Swap(inferred->mutable_value_info());
    model.mutable_graph()->mutable_output()->Swap(inferred->mutable_output());
    return outcome;
}

} // namespace shardscope::onnx_import
