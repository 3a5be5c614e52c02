// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_command.h"

#include "console.h"
#include "cli.h"

#include "export/launch_config.h"
#include "export/plan_json.h"
#include "util/atomic_file.h"
#include "util/input_error.h"

#include <QFile>
#include <QTextStream>

#include <cstdio>
#include <optional>

using namespace shardscope;
using Console::err;
using Console::out;
using Console::qs;

namespace {

struct ExportArgs
{
    QString planFile;
    std::optional<LaunchFormat> format;
    std::optional<int> rank;
    QString out;
};

/// Throws QString (a usage message) for a bad command line.
ExportArgs parseExportArgs(const QStringList& args)
{
    ExportArgs r;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        const auto value = [&]() -> QString {
            if (i + 1 >= args.size())
                throw ExportCommand::tr("%1 needs a value").arg(a);
            return args[++i];
        };
        if (a == QLatin1String("--format")) {
            const QString v = value();
            r.format = launchFormatFromString(v.toStdString());
            if (!r.format)
                throw ExportCommand::tr("--format expects megatron, deepspeed or torchtitan, got \"%1\"").arg(v);
        } else if (a == QLatin1String("--plan")) {
            const QString v = value();
            bool ok = false;
            const int rank = v.toInt(&ok);
            if (!ok || rank < 1)
                throw ExportCommand::tr("--plan expects a plan rank (1 = the best plan), got \"%1\"").arg(v);
            r.rank = rank;
        } else if (a == QLatin1String("--out")) {
            r.out = value();
            if (r.out.isEmpty())
                throw ExportCommand::tr("--out needs a file name");
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-")) {
            throw ExportCommand::tr("unknown option %1").arg(a);
        } else if (r.planFile.isEmpty()) {
            r.planFile = a;
        } else {
            throw ExportCommand::tr("more than one plan file given (%1, %2)").arg(r.planFile, a);
        }
    }
    if (r.planFile.isEmpty())
        throw ExportCommand::tr("no plan file given (write one with shardscope plan MODEL --json PLAN.json)");
    if (!r.format)
        throw ExportCommand::tr("--format is required: megatron, deepspeed or torchtitan");
    return r;
}
} // namespace

QString ExportCommand::helpText()
{
    return tr("Usage: shardscope export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]\n"
              "\n"
              "Writes the launch configuration of one plan of a plan file (shardscope plan ... --json PLAN.json):\n"
              "  megatron     Megatron-LM arguments for pretrain_gpt.py, as a bash array\n"
              "  deepspeed    a DeepSpeed config JSON\n"
              "  torchtitan   a torchtitan TOML job config\n"
              "Options:\n"
              "  --format F   the framework (required)\n"
              "  --plan RANK  which ranked plan (default 1, the best)\n"
              "  --out FILE   write to FILE instead of standard output\n"
              "docs/launch-configs.md lists every key and the plans a framework cannot run.\n"
              "\n"
              "Exit codes: 0 success; 2 bad command line; 3 invalid plan file, or a plan the framework\n"
              "cannot express; 4 the output file could not be written.\n");
}

int ExportCommand::run(const QStringList& args)
{
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        QTextStream(stdout) << helpText() << Qt::flush;
        return ExitOk;
    }
    ExportArgs a;
    try {
        a = parseExportArgs(args);
    } catch (const QString& message) {
        err() << tr("shardscope export: %1").arg(message) << '\n' << Qt::flush;
        return ExitUsage;
    }

    const std::string source = a.planFile.toStdString();
    PlanDocument document;
    {
        QFile f(a.planFile);
        if (!f.open(QIODevice::ReadOnly)) {
            err() << tr("shardscope export: %1: cannot read the plan file: %2").arg(a.planFile, f.errorString()) << '\n'
                  << Qt::flush;
            return ExitInput;
        }
        const QByteArray bytes = f.readAll();
        try {
            document = readPlanJson(std::string_view(bytes.constData(), std::size_t(bytes.size())), source);
        } catch (const InputError& e) {
            err() << tr("shardscope export: %1").arg(qs(e.what())) << '\n' << Qt::flush;
            return ExitInput;
        }
    }
    if (document.plans.empty()) {
        err() << tr("shardscope export: %1: the plan file holds no plans").arg(a.planFile) << '\n' << Qt::flush;
        return ExitInput;
    }
    std::size_t index = 0;
    if (a.rank) {
        QStringList ranks;
        bool found = false;
        for (std::size_t i = 0; i < document.plans.size(); ++i) {
            ranks << QString::number(document.plans[i].rank);
            if (!found && document.plans[i].rank == *a.rank) {
                index = i;
                found = true;
            }
        }
        if (!found) {
            err() << tr("shardscope export: --plan %1: %2 has no plan of that rank (ranks: %3)")
                         .arg(*a.rank)
                         .arg(a.planFile, ranks.join(QStringLiteral(", ")))
                  << '\n'
                  << Qt::flush;
            return ExitUsage;
        }
    }

    std::string text;
    try {
        text = writeLaunchConfig(document, index, *a.format, source);
    } catch (const InputError& e) {
        err() << tr("shardscope export: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }

    if (a.out.isEmpty() || a.out == QLatin1String("-")) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            err() << tr("shardscope export: cannot write to standard output") << '\n' << Qt::flush;
            return ExitOutput;
        }
        return ExitOk;
    }
    try {
        writeFileAtomically(a.out.toStdString(), text);
    } catch (const std::exception& e) {
        err() << tr("shardscope export: cannot write %1: %2").arg(a.out, qs(e.what())) << '\n' << Qt::flush;
        return ExitOutput;
    }
    QTextStream(stdout) << tr("Wrote %1 (%2 launch config of plan %3).")
                 .arg(a.out, QString::fromLatin1(toString(*a.format).data(), qsizetype(toString(*a.format).size())))
                 .arg(document.plans[index].rank)
          << '\n'
          << Qt::flush;
    return ExitOk;
}
