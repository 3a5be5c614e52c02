// SPDX-License-Identifier: GPL-3.0-or-later
#include "console.h"

#include "util/atomic_file.h"

#include <cstdio>
#include <stdexcept>

namespace Console {
namespace {
bool g_stdoutIsData = false;
} // namespace

QTextStream& out()
{
    static QTextStream report(stdout);
    static QString discarded;
    static QTextStream nowhere(&discarded);
    if (g_stdoutIsData) {
        discarded.clear();
        return nowhere;
    }
    return report;
}

QTextStream& err()
{
    static QTextStream s(stderr);
    return s;
}

void reserveStdoutForData()
{
    out().flush();
    g_stdoutIsData = true;
}

void writeOutput(const QString& path, const std::string& text)
{
    if (!isStdStream(path)) {
        shardscope::writeFileAtomically(path.toStdString(), text);
        return;
    }
    out().flush();
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
        throw std::runtime_error("writing to standard output failed");
}

} // namespace Console
