// SPDX-License-Identifier: GPL-3.0-or-later
// What the importer and its shape inference helper share (onnx_shape_inference.h): the reply's
// format, the helper's exit codes, and the start of the helper program (onnx_shape_helper.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace shardscope::onnx_import {

// The reply the child writes: a status byte ('C' complete, 'S' stopped, 'V' a node fails its
// schema, not inferred: the text names it and the graph is empty), the length of the
// exception text and the length of the GraphProto (4 bytes each, little-endian), the text, then the
// GraphProto holding value_info and output. The lengths come first so the parent reads into one
// buffer of the right size (its heap, and so a fixed-seed fuzz run, does not depend on how the
// pipe happened to split the bytes).
constexpr char kComplete = 'C';
constexpr char kStopped = 'S';
constexpr char kSkipped = 'V';
constexpr std::size_t kHeaderBytes = 9;
constexpr std::uint32_t kMaxDetail = 1 << 20;

// Exit codes of the helper when it ends without a reply.
constexpr int kExitException = 2;
constexpr int kExitTooLarge = 3;
constexpr int kExitWriteFailed = 4;
constexpr int kExitUnparsable = 5;

/// What any helper does first: the default action for fault signals (no sanitizer or fuzzer
/// handler may claim a crash that is the helper's own end).
void defaultSignals();

/// Writes the reply and ends the helper (_exit: no atexit handlers, no leak check, nothing freed).
[[noreturn]] void sendAndExit(int fd, std::string_view reply);

/// The helper program started on `modelBytes` (a memory file as its standard input), its reply
/// to be read from `pipe`; pid -1 and `error` when it could not be started.
struct StartedHelper
{
    pid_t pid = -1;
    int pipe = -1;
    std::string error;
};
StartedHelper startHelperProgram(const std::string& helper, std::string_view modelBytes);

} // namespace shardscope::onnx_import
