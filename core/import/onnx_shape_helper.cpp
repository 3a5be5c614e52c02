// SPDX-License-Identifier: GPL-3.0-or-later
// The shape inference helper as a program of its own (onnx_shape_inference.h): where it is, how it
// is started, and its main().
#include "import/onnx_shape_inference.h"
#include "import/onnx_shape_protocol.h"

#include "util/fd_io.h"
#include "util/input_error.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char** environ; // posix_spawn hands the helper this process's environment

// The helper program's name and where it is installed relative to the programs
// (tools/onnx-infer/CMakeLists.txt defines them; the defaults are the GNU layout).
#ifndef SHARDSCOPE_ONNX_HELPER_NAME
#define SHARDSCOPE_ONNX_HELPER_NAME "shardscope-onnx-infer"
#endif
#ifndef SHARDSCOPE_ONNX_HELPER_FROM_BINDIR
#define SHARDSCOPE_ONNX_HELPER_FROM_BINDIR "../libexec/shardscope"
#endif

namespace shardscope::onnx_import {

namespace {

/// The helper program's environment: this process's, with glibc's malloc told to back the heap
/// with transparent huge pages and to grow it in large steps (glibc.malloc.hugetlb, top_pad,
/// trim_threshold; www.gnu.org/software/libc/manual/html_node/Memory-Allocation-Tunables.html).
/// A fresh process otherwise spends about half its time faulting in 4 KB pages: 0.46 s instead of
/// 1.0 s for the 100,000-node benchmark model. Tunables the caller set come after, and win.
std::vector<std::string> helperEnvironment()
{
    std::string tunables = "GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc.top_pad=268435456"
                           ":glibc.malloc.trim_threshold=1073741824";
    std::vector<std::string> environment;
    for (char** e = environ; e && *e; ++e) {
        const std::string_view entry(*e);
        if (entry.starts_with("GLIBC_TUNABLES="))
            tunables += ":" + std::string(entry.substr(15));
        else
            environment.emplace_back(entry);
    }
    environment.push_back(std::move(tunables));
    return environment;
}

bool isExecutableFile(const std::string& path)
{
    struct stat info {};
    return !path.empty() && ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

/// The directory of the running program, from /proc/self/exe ("" where there is none).
std::string programDirectory()
{
    std::string path(4096, '\0');
    const ssize_t n = ::readlink("/proc/self/exe", path.data(), path.size());
    if (n <= 0 || std::size_t(n) >= path.size())
        return {};
    path.resize(std::size_t(n));
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

} // namespace

std::string shapeInferenceHelperPath()
{
    if (const char* chosen = std::getenv("SHARDSCOPE_ONNX_HELPER"); chosen && *chosen)
        return std::string_view(chosen) == "fork" ? std::string() : std::string(chosen);
    const std::string directory = programDirectory();
    if (!directory.empty()) {
        for (const std::string& candidate : { directory + "/" SHARDSCOPE_ONNX_HELPER_NAME,
                                              directory + "/" SHARDSCOPE_ONNX_HELPER_FROM_BINDIR "/" SHARDSCOPE_ONNX_HELPER_NAME })
            if (isExecutableFile(candidate))
                return candidate;
    }
#ifdef SHARDSCOPE_ONNX_HELPER_BUILD_PATH
    if (isExecutableFile(SHARDSCOPE_ONNX_HELPER_BUILD_PATH))
        return SHARDSCOPE_ONNX_HELPER_BUILD_PATH;
#endif
    return {};
}

int shapeInferenceHelperMain(int argc, char** argv)
{
    defaultSignals();
    pid_t parent = 0;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string_view(argv[i]) == "--parent")
            parent = pid_t(std::atol(argv[i + 1]));
    const rlimit noCore { 0, 0 };
    ::setrlimit(RLIMIT_CORE, &noCore);
#ifdef __linux__
    if (parent > 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // the parent died before prctl
            return kExitWriteFailed;
    }
    if (const int fd = ::open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC); fd >= 0) {
        (void)!::write(fd, "1000", 4);
        ::close(fd);
    }
#endif
    // The bytes: a file (the importer's memfd) is mapped, anything else read to its end.
    std::string read;
    std::string_view bytes;
    struct stat info {};
    void* mapped = MAP_FAILED;
    if (::fstat(0, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
        mapped = ::mmap(nullptr, std::size_t(info.st_size), PROT_READ, MAP_PRIVATE, 0, 0);
        if (mapped != MAP_FAILED)
            bytes = std::string_view(static_cast<const char*>(mapped), std::size_t(info.st_size));
    }
    if (mapped == MAP_FAILED) {
        char buffer[1 << 16];
        for (;;) {
            const ssize_t n = ::read(0, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                return kExitWriteFailed;
            if (n == 0)
                break;
            read.append(buffer, std::size_t(n));
        }
        bytes = read;
    }
    try {
        inferShapes(bytes, [](std::string_view reply) { sendAndExit(1, reply); });
    } catch (const InputError&) {
        ::_exit(kExitUnparsable);
    } catch (...) {
        ::_exit(kExitException);
    }
    return kExitException; // inferShapes always sends
}


StartedHelper startHelperProgram(const std::string& helper, std::string_view modelBytes)
{
    StartedHelper started;
    int ends[2];
    // The helper program reads the bytes from a memory file as its standard input (a file: no
    // pipe to keep full, no SIGPIPE here should it die early) and replies on standard output.
    const int model = ::memfd_create("shardscope-onnx-model", MFD_CLOEXEC);
    if (model < 0 || !writeAll(model, modelBytes) || ::lseek(model, 0, SEEK_SET) != 0) {
        started.error = std::string("cannot hand the model to the helper program: ") + std::strerror(errno);
        if (model >= 0)
            ::close(model);
        return started;
    }
    if (::pipe2(ends, O_CLOEXEC) != 0) {
        started.error = std::string("no pipe: ") + std::strerror(errno);
        ::close(model);
        return started;
    }
    posix_spawn_file_actions_t files;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&files);
    ::posix_spawn_file_actions_adddup2(&files, model, 0);
    ::posix_spawn_file_actions_adddup2(&files, ends[1], 1);
    ::posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addclosefrom_np(&files, 3); // no descriptor of this process but its own
    ::posix_spawnattr_init(&attributes);
    sigset_t none;
    sigset_t defaults;
    sigemptyset(&none);
    sigfillset(&defaults);
    ::posix_spawnattr_setsigmask(&attributes, &none);
    ::posix_spawnattr_setsigdefault(&attributes, &defaults);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    const std::string parent = std::to_string(::getpid());
    std::string program = helper;
    std::string parentFlag = "--parent";
    std::string parentPid = parent;
    char* argv[] = { program.data(), parentFlag.data(), parentPid.data(), nullptr };
    std::vector<std::string> environment = helperEnvironment();
    std::vector<char*> envp;
    for (std::string& entry : environment)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, helper.c_str(), &files, &attributes, argv, envp.data());
    ::posix_spawn_file_actions_destroy(&files);
    ::posix_spawnattr_destroy(&attributes);
    ::close(model);
    ::close(ends[1]);
    if (spawned != 0) {
        started.error = "cannot run the helper program " + helper + ": " + std::strerror(spawned);
        ::close(ends[0]);
        return started;
    }
    started.pid = pid;
    started.pipe = ends[0];
    return started;
}

} // namespace shardscope::onnx_import
