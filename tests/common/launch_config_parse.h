// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs read back as their frameworks read them, for the launch-config tests: Megatron arguments
// through bash, torchtitan TOML through python3's tomllib, Megatron's pipeline layout through the
// parser of megatron/core/transformer/pipeline_parallel_layer_layout.py; and the refusal of an export as
// "position: message".
#pragma once

#include "util/input_error.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <map>
#include <stdexcept>
#include <string>

namespace shardscope::testing {

/// Megatron arguments as bash sees them: sources the output and prints the array, one word a line.
/// Throws when bash fails, a value has no flag or a flag is given twice.
inline std::map<QString, QString> megatronFlags(const std::string& text, QStringList* order = nullptr)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("args.sh"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size()))
        throw std::runtime_error("cannot write the arguments file");
    f.close();
    QProcess bash;
    bash.start(QStringLiteral("bash"), { QStringLiteral("-euc"),
                                         QStringLiteral("source \"$1\"; printf '%s\\n' \"${MEGATRON_ARGS[@]}\""),
                                         QStringLiteral("bash"), path });
    if (!bash.waitForFinished(60000) || bash.exitCode() != 0)
        throw std::runtime_error("bash could not source the arguments: " + bash.readAllStandardError().toStdString());
    const QStringList words = QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    std::map<QString, QString> flags;
    for (int i = 0; i < words.size(); ++i) {
        if (!words[i].startsWith(QLatin1String("--")))
            throw std::runtime_error("a value without a flag: " + words[i].toStdString());
        const bool hasValue = i + 1 < words.size() && !words[i + 1].startsWith(QLatin1String("--"));
        if (flags.count(words[i]))
            throw std::runtime_error("flag given twice: " + words[i].toStdString());
        flags[words[i]] = hasValue ? words[i + 1] : QString();
        if (order)
            *order << words[i];
        i += hasValue ? 1 : 0;
    }
    return flags;
}

/// Runs python3 with `script`, `input` on stdin; its stdout parsed as JSON. python3 (3.11 or later, for
/// tomllib) is a build dependency (packaging/build-deps.txt): without it, or when the script fails, this
/// throws, which fails the test.
inline nlohmann::json runPythonJson(const QString& script, const std::string& input, const QStringList& args = {})
{
    QProcess py;
    py.start(QStringLiteral("python3"), QStringList { QStringLiteral("-c"), script } + args);
    if (!py.waitForStarted(30000))
        throw std::runtime_error("python3 did not start: install it (packaging/build-deps.txt)");
    py.write(input.data(), qint64(input.size()));
    py.closeWriteChannel();
    if (!py.waitForFinished(60000))
        throw std::runtime_error("python3 did not finish within 60 s");
    const QByteArray err = py.readAllStandardError();
    if (py.exitCode() != 0)
        throw std::runtime_error("python3 failed: " + err.toStdString());
    return nlohmann::json::parse(py.readAllStandardOutput().toStdString());
}

/// The TOML parsed by python3's tomllib, as JSON.
inline nlohmann::json tomlToJson(const std::string& text)
{
    return runPythonJson(QStringLiteral("import sys, json, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))"),
                         text);
}

/**
 * A --pipeline-model-parallel-layout value unrolled by Megatron's own rules: the two substitutions of
 * PipelineParallelLayerLayout.parse_str_to_list (NVIDIA/Megatron-LM megatron/core/transformer/
 * pipeline_parallel_layer_layout.py at d98e8a6), commas dropped, "(...)*N" then "x*N" unrolled, split at
 * "|". One string of layer characters (E, t, L, m) per virtual stage in model order.
 */
inline nlohmann::json megatronLayoutStages(const QString& layout)
{
    const QString script = QStringLiteral(
        "import re, sys, json\n"
        "s = sys.argv[1].replace(',', '')\n"
        "for pattern in [r'\\(([^)]+)\\)\\*(\\d+)', r'(.)\\*(\\d+)']:\n"
        "    s = re.sub(pattern, lambda x: x.group(1) * int(x.group(2)), s)\n"
        "stages = s.split('|')\n"
        "assert all(c in 'ELtm' for st in stages for c in st), s\n"
        "print(json.dumps(stages))\n");
    return runPythonJson(script, {}, { layout });
}

/// "position: message" of the InputError f throws; empty when it throws none.
template <typename F> QString refusal(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(std::string(e.position()) + ": " + e.message());
    }
    return {};
}

inline QString num(std::int64_t v) { return QString::number(v); }

} // namespace shardscope::testing
