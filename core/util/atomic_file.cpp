// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/atomic_file.h"

#include "util/fd_io.h"

#include <cerrno>
#include <cstdlib> // mkstemp
#include <cstring>
#include <stdexcept>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shardscope {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error)
{
    throw std::runtime_error("cannot write " + path + ": " + what + ": " + std::strerror(error));
}

std::string directoryOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

void writeFileAtomically(const std::string& path, std::string_view contents)
{
    if (path.empty())
        throw std::runtime_error("cannot write a file with an empty name");
    // Same directory as the target: rename(2) is only atomic within one file system.
    std::vector<char> tmp(path.begin(), path.end());
    const char suffix[] = ".tmp-XXXXXX";
    tmp.insert(tmp.end(), suffix, suffix + sizeof suffix); // includes the terminating NUL
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0)
        fail(path, "cannot create a temporary file next to it", errno);
    const std::string tmpPath(tmp.data());
    auto abandon = [&](const char* what) {
        const int error = errno;
        ::close(fd);
        ::unlink(tmpPath.c_str());
        fail(path, what, error);
    };

    if (!writeAll(fd, contents))
        abandon("write failed");
    // mkstemp creates 0600; keep the mode of the file we replace, else an ordinary document's 0644.
    // (Not umask(): reading it means setting it, which races with other threads creating files.)
    struct stat existing
    {
    };
    const mode_t mode = ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0)
        abandon("cannot set permissions");
    if (::fsync(fd) != 0)
        abandon("fsync failed");
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(tmpPath.c_str());
        fail(path, "close failed", error);
    }
    if (::rename(tmpPath.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(tmpPath.c_str());
        fail(path, "rename failed", error);
    }
    // Make the rename itself durable; failing to sync the directory is not worth failing the write.
    const int dir = ::open(directoryOf(path).c_str(), O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

} // namespace shardscope
