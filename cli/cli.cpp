// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "console.h"
#include "diagnosis_report.h"
#include "export_command.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "import/native_model_format.h"
#include "model_report.h"
#include "model/graph_analysis.h"
#include "partition/planner.h"
#include "plan_options.h"
#include "plan_report.h"
#include "sweep_command.h"
#include "validate_command.h"
#include "util/input_error.h"
#include "util/text.h"
#include "export/plan_json.h"

#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

using namespace shardscope;
using Console::err;
using Console::out;
using Console::qs;

namespace {
} // namespace

bool Cli::isCommand(const QString& word)
{
    static const QStringList commands { QStringLiteral("plan"), QStringLiteral("sweep"), QStringLiteral("inspect"), QStringLiteral("models"), QStringLiteral("gpus"),
                                        QStringLiteral("export"), QStringLiteral("validate"), QStringLiteral("help"), QStringLiteral("--help"), QStringLiteral("-h"),
                                        QStringLiteral("--version"), QStringLiteral("-v") };
    return commands.contains(word);
}

CliRoute Cli::route(const QStringList& args)
{
    if (args.isEmpty())
        return CliRoute::Window;
    const QString& first = args.front();
    if (isCommand(first))
        return CliRoute::Command;
    if (first == QLatin1String("render"))
        return CliRoute::Render;
    // Qt's own options (-platform, -style, -reverse ...) are single-dash; a long option is not ours.
    if (first.startsWith(QLatin1Char('-')) && !first.startsWith(QLatin1String("--")) && first.size() > 1)
        return CliRoute::Window;
    if (first != QLatin1String("-") && !first.startsWith(QLatin1String("--"))
        && (QFileInfo::exists(first) || findBundledModel(first.toStdString())))
        return CliRoute::Window;
    return CliRoute::Unknown;
}

int Cli::unknownWord(const QString& word)
{
    if (word == QLatin1String("-"))
        err() << tr("shardscope: a model from standard input (-) needs a command, e.g. shardscope plan - < config.json")
              << '\n';
    else if (word.startsWith(QLatin1String("--")))
        err() << tr("shardscope: unknown option %1").arg(word) << '\n';
    else
        err() << tr("shardscope: \"%1\" is not a command, an existing file or a bundled model").arg(word) << '\n';
    err() << tr("Commands: plan, sweep, inspect, render, export, validate, models, gpus (shardscope --help)") << '\n'
          << Qt::flush;
    return ExitUsage;
}

QString Cli::mainHelp()
{
    return tr("Usage: shardscope [COMMAND] [OPTIONS]\n"
              "\n"
              "Plans how to shard the training of a large model over a GPU cluster: tensor, pipeline and\n"
              "data parallelism, ZeRO stage, micro-batch, recomputation, sequence parallelism and the\n"
              "pipeline schedule, with predicted memory per GPU, step time, bubble and MFU.\n"
              "Without a command, opens the desktop planner (with a model or .shardscope session\n"
              "file if one is given, else the planned Llama-3-70B example).\n"
              "\n"
              "Commands:\n"
              "  plan MODEL [options]   search all parallel layouts and print the best ones\n"
              "                         (shardscope plan --help lists the options)\n"
              "  sweep MODEL --gpus A..B|--batch A..B|--seq A..B [options] [--csv FILE] [--json FILE]\n"
              "                         plan at each GPU count, global batch or sequence length and\n"
              "                         tabulate the best plans, marking the smallest that fits\n"
              "                         (shardscope sweep --help)\n"
              "  inspect MODEL [--seq N] [--json FILE]\n"
              "                         summarize a model: size, shape, critical path, parallel\n"
              "                         width, operator mix, largest layers, import notes\n"
              "  render MODEL --view VIEW --out FILE.png|FILE.svg [options]\n"
              "                         draw a view of the best plan without a display\n"
              "                         (memory, stages, timeline, imbalance, communication,\n"
              "                         window; shardscope render --help)\n"
              "  export PLAN.json --format megatron|deepspeed|torchtitan [--plan RANK] [--out FILE]\n"
              "                         write a plan as a Megatron-LM, DeepSpeed or torchtitan\n"
              "                         launch config (shardscope export --help)\n"
              "  validate [--profile NAME] [--json FILE]\n"
              "                         predict every measured run of a software-stack profile and\n"
              "                         print the error by regime, in-sample and cross-validated\n"
              "                         (shardscope validate --help)\n"
              "  models                 list the bundled example models\n"
              "  gpus                   list the GPU catalog\n"
              "  --version              print the version\n"
              "\n"
              "MODEL may be - (standard input), a FIFO or /dev/fd/N (read once, as a stream). An\n"
              "output FILE of - is standard output; the report is then left out.\n"
              "\n"
              "Exit codes: 0 success; 1 no plan fits in memory; 2 bad command line;\n"
              "3 invalid input file or value; 4 an output file could not be written.\n");
}

int Cli::run(const QStringList& args)
{
    const QString command = args.value(0);
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        out() << "shardscope " << SHARDSCOPE_VERSION << Qt::endl;
        return ExitOk;
    }
    if (command == QLatin1String("help") || command == QLatin1String("--help") || command == QLatin1String("-h")) {
        out() << mainHelp() << Qt::flush;
        return ExitOk;
    }
    if (command == QLatin1String("models"))
        return models();
    if (command == QLatin1String("gpus"))
        return gpus();
    if (command == QLatin1String("plan"))
        return plan(args.mid(1));
    if (command == QLatin1String("inspect"))
        return inspect(args.mid(1));
    if (command == QLatin1String("export"))
        return ExportCommand::run(args.mid(1));
    if (command == QLatin1String("sweep"))
        return SweepCommand::run(args.mid(1));
    if (command == QLatin1String("validate"))
        return ValidateCommand::run(args.mid(1));
    err() << tr("shardscope: unknown command \"%1\"").arg(command) << '\n' << mainHelp() << Qt::flush;
    return ExitUsage;
}

int Cli::models()
{
    out() << tr("Bundled example models (use the name in place of a file):") << '\n';
    for (const std::string& name : bundledModelNames()) {
        const auto model = findBundledModel(name);
        if (!model)
            continue;
        out() << QStringLiteral("  %1 %2 parameters, %3 blocks")
                     .arg(qs(name), -18)
                     .arg(qs(formatCount(double(model->totalParams()))), 10)
                     .arg(model->blocks().size())
              << '\n';
    }
    out() << Qt::flush;
    return ExitOk;
}

int Cli::gpus()
{
    out() << tr("GPU catalog (dense peaks):") << '\n';
    out() << tr("  name             memory    bf16 TFLOP/s  fp8 TFLOP/s  HBM GB/s  intra-node GB/s  inter-node GB/s") << '\n';
    for (const GpuSpec& g : HardwareCatalog::builtin().gpus())
        out() << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7")
                     .arg(qs(g.name), -15)
                     .arg(qs(formatBytes(g.memoryBytes)), 9)
                     .arg(g.peakFlopsBf16 / 1e12, 13, 'f', 0)
                     .arg(g.peakFlopsFp8 > 0 ? QString::number(g.peakFlopsFp8 / 1e12, 'f', 0) : QStringLiteral("-"), 12)
                     .arg(g.hbmBytesPerSecond / 1e9, 9, 'f', 0)
                     .arg(g.scaleUp.bandwidthBytesPerSecond / 1e9, 16, 'f', 0)
                     .arg(g.scaleOut.bandwidthBytesPerSecond / 1e9, 16, 'f', 0)
              << '\n';
    out() << Qt::flush;
    return ExitOk;
}

int Cli::plan(const QStringList& args)
{
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        out() << PlanOptionsParser::helpText() << Qt::flush;
        return ExitOk;
    }
    PlanOptions o;
    try {
        o = PlanOptionsParser::parse(args);
    } catch (const UsageError& e) {
        err() << tr("shardscope plan: %1").arg(e.message) << '\n' << Qt::flush;
        return ExitUsage;
    } catch (const InputError& e) {
        err() << tr("shardscope plan: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }

    PlanningOutcome outcome;
    try {
        // The report and the plan file need the ranked top plans and every plan's fit, never all of the
        // step times: KeepFit skips the pipeline and DP costs of plans that cannot reach the top (exact
        // where it applies; runPlanning turns it off for rankings that are not by throughput).
        SearchOptions search;
        search.pruning = SearchPruning::KeepFit;
        outcome = runPlanning(o.problem, o.strategy, o.weights, std::max(o.top, 1), search);
    } catch (const InputError& e) {
        err() << tr("shardscope plan: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }

    if (Console::isStdStream(o.jsonPath))
        Console::reserveStdoutForData(); // --json -: the plan JSON alone on standard output
    PlanReport::printInputs(out(), o.problem);
    if (o.budget)
        PlanReport::printBudget(out(), *o.budget);
    out() << tr("Strategy %1, weights memory %2 / compute %3 / communication %4")
                 .arg(qs(std::string(toString(o.strategy))))
                 .arg(o.weights.memory)
                 .arg(o.weights.compute)
                 .arg(o.weights.communication)
          << '\n';
    PlanReport::printRanking(out(), outcome, o.top, o.problem.cluster.gpu.calibration, o.budget);
    const bool anyFeasible = outcome.search.feasibleCount > 0;
    if (anyFeasible && !outcome.top.empty()) {
        PlanReport::printDetails(out(), o.problem, outcome.top.front());
        DiagnosisReport::printWarnings(out(), o.problem, outcome.top.front());
        if (o.budget)
            PlanReport::printTrainingTime(out(), *o.budget, outcome.top.front());
        if (o.proposals > 0)
            PlanReport::printProposals(out(), o.problem, outcome.top.front(), o.proposals);
    }
    PlanReport::printInfeasible(out(), outcome, anyFeasible ? o.showInfeasible : std::max(o.showInfeasible, 5));
    if (!anyFeasible)
        DiagnosisReport::printDeadEnds(out(), o.problem, outcome);
    out() << Qt::flush;

    if (!o.jsonPath.isEmpty()) {
        PlanDocument doc = makePlanDocument(o.problem, o.strategy, o.weights, outcome,
                                            std::string("ShardScope ") + SHARDSCOPE_VERSION);
        doc.budget = o.budget;
        try {
            Console::writeOutput(o.jsonPath, writePlanJson(doc));
        } catch (const std::exception& e) {
            err() << tr("shardscope plan: cannot write %1: %2").arg(o.jsonPath, qs(e.what())) << '\n' << Qt::flush;
            return ExitOutput;
        }
        out() << '\n' << tr("Wrote %1 (%2 plans).").arg(o.jsonPath).arg(doc.plans.size()) << '\n' << Qt::flush;
    }
    return anyFeasible ? ExitOk : ExitNoFeasible;
}

int Cli::inspect(const QStringList& args)
{
    const QString usage = tr("Usage: shardscope inspect MODEL [--seq N] [--json FILE]\n"
                             "\n"
                             "MODEL is a file (Hugging Face config.json, safetensors file or index, ONNX, GraphML,\n"
                             "Graphviz DOT, ShardScope model JSON), a checkpoint folder, or a bundled model name.\n"
                             "  --seq N       sequence length at which FLOPs are weighed (default 2048)\n"
                             "  --json FILE   also write the summary and graph analysis as JSON (-: standard output,\n"
                             "                instead of the summary)\n");
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        out() << usage << Qt::flush;
        return ExitOk;
    }
    QString modelArgument;
    QString jsonPath;
    double seq = 2048;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--seq") || a == QLatin1String("--json")) {
            if (i + 1 >= args.size()) {
                err() << tr("shardscope inspect: %1 needs a value").arg(a) << '\n' << usage << Qt::flush;
                return ExitUsage;
            }
            const QString value = args[++i];
            if (a == QLatin1String("--json")) {
                jsonPath = value;
                continue;
            }
            bool ok = false;
            seq = value.toDouble(&ok);
            if (!ok || seq < 1 || seq > 10'000'000) {
                err() << tr("shardscope inspect: --seq must be a number between 1 and 10000000, got %1").arg(value) << '\n'
                      << Qt::flush;
                return ExitUsage;
            }
        } else if (a.startsWith(QLatin1Char('-')) && a != QLatin1String("-")) {
            err() << tr("shardscope inspect: unknown option %1").arg(a) << '\n' << usage << Qt::flush;
            return ExitUsage;
        } else if (modelArgument.isEmpty()) {
            modelArgument = a;
        } else {
            err() << tr("shardscope inspect: more than one model given (%1, %2)").arg(modelArgument, a) << '\n' << Qt::flush;
            return ExitUsage;
        }
    }
    if (modelArgument.isEmpty()) {
        err() << tr("shardscope inspect: no model given") << '\n' << usage << Qt::flush;
        return ExitUsage;
    }

    ModelGraph model;
    GraphAnalysis analysis;
    try {
        model = PlanOptionsParser::loadModel(modelArgument);
        analysis = analyzeModel(model, seq);
    } catch (const InputError& e) {
        err() << tr("shardscope inspect: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }
    if (Console::isStdStream(jsonPath))
        Console::reserveStdoutForData(); // --json -: the summary JSON alone on standard output
    ModelReport::print(out(), model, analysis);
    out() << Qt::flush;

    if (!jsonPath.isEmpty()) {
        nlohmann::ordered_json doc;
        doc["format"] = "shardscope-model-summary";
        doc["version"] = 1;
        doc["model"] = nativeModelToJson(model);
        doc["analysis"] = graphAnalysisToJson(analysis);
        try {
            Console::writeOutput(jsonPath, doc.dump(2) + "\n");
        } catch (const std::exception& e) {
            err() << tr("shardscope inspect: cannot write %1: %2").arg(jsonPath, qs(e.what())) << '\n' << Qt::flush;
            return ExitOutput;
        }
        out() << '\n' << tr("Wrote %1.").arg(jsonPath) << '\n' << Qt::flush;
    }
    return ExitOk;
}
