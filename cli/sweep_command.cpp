// SPDX-License-Identifier: GPL-3.0-or-later
#include "sweep_command.h"

#include "console.h"
#include "cli.h"
#include "export/sweep_export.h"
#include "partition/sweep.h"
#include "plan_options.h"
#include "plan_report.h"
#include "sweep_arguments.h"
#include "util/input_error.h"
#include "util/text.h"

#include <QTextStream>

#include <algorithm>
#include <optional>
#include <vector>

using namespace shardscope;
using Console::err;
using Console::out;
using Console::qs;

namespace {

QString gib(double bytes)
{
    return QString::number(bytes / (1024.0 * 1024.0 * 1024.0), 'f', 1);
}

struct SweepArgs
{
    SweepSpec spec;
    QString axisOption; ///< --gpus, --batch, --global-batch or --seq
    PlanOptions plan;
    QString csvPath;
    QString jsonPath;
};

/// Splits off what is the sweep's (the axis, --csv, --json) and hands the rest to the plan options' parser.
/// Throws UsageError or InputError.
SweepArgs parseSweepArgs(const QStringList& args)
{
    SweepArgs r;
    SweepAxisMessages messages;
    messages.needsValue = [](const QString& option) { return SweepCommand::tr("option %1 expects a value").arg(option); };
    messages.twoAxes = [](const QString& first, const QString& second) {
        return SweepCommand::tr("one sweep axis per run: %1 and %2 both give several values; give the "
                                "other a single value")
            .arg(first, second);
    };
    messages.noAxis = SweepCommand::tr("no sweep axis: give --gpus, --batch or --seq a range A..B (the powers of two "
                                       "from A to B, e.g. --gpus 64..16384) or a list A,B,C");
    // The sweep's own options: where the table goes, and plan's options a sweep has no use for.
    const auto own = [&r](const QString& a, const std::function<QString()>& value) {
        if (a == QLatin1String("--csv"))
            r.csvPath = value();
        else if (a == QLatin1String("--json"))
            r.jsonPath = value();
        else if (a == QLatin1String("--top") || a == QLatin1String("--infeasible") || a == QLatin1String("--proposals"))
            throw UsageError { SweepCommand::tr("%1 is an option of shardscope plan; a sweep keeps each point's best plan "
                                                "(plan a point on its own for more)")
                                   .arg(a) };
        else
            return false;
        return true;
    };
    SweepAxisSplit split = splitSweepAxis(args, messages, own);
    r.spec = std::move(split.spec);
    r.axisOption = split.axisOption;
    const QStringList& rest = split.rest;
    try {
        r.plan = PlanOptionsParser::parse(rest);
    } catch (const UsageError& e) {
        if (e.message.startsWith(QLatin1String("no model given")))
            throw UsageError { SweepCommand::tr(
                "no model given: shardscope sweep MODEL --gpus A..B [options] (a config.json, "
                "a model file, or a bundled name such as llama-3-70b)") };
        throw;
    }
    if (Console::isStdStream(r.csvPath) && Console::isStdStream(r.jsonPath))
        throw UsageError { SweepCommand::tr("--csv - and --json - would both write to standard output; send one "
                                            "of them to a file") };
    return r;
}

QString points(std::size_t n)
{
    return n == 1 ? SweepCommand::tr("1 point") : SweepCommand::tr("%1 points").arg(n);
}

QString axisHeader(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return SweepCommand::tr("GPUs");
    case SweepAxis::GlobalBatch:
        return SweepCommand::tr("batch");
    case SweepAxis::SeqLength:
        return SweepCommand::tr("seq");
    }
    return {};
}

QString axisName(SweepAxis axis)
{
    switch (axis) {
    case SweepAxis::Gpus:
        return SweepCommand::tr("GPU count");
    case SweepAxis::GlobalBatch:
        return SweepCommand::tr("global batch");
    case SweepAxis::SeqLength:
        return SweepCommand::tr("sequence length");
    }
    return {};
}

void printHeader(const SweepArgs& a)
{
    const PlanningProblem& p = a.plan.problem;
    PlanReport::printModel(out(), p.model);
    const ClusterSpec& c = p.cluster;
    const QString gpus = a.spec.axis == SweepAxis::Gpus ? SweepCommand::tr("GPU count swept")
                                                        : SweepCommand::tr("%1 GPUs").arg(c.totalGpus());
    out() << SweepCommand::tr(
        "Cluster  %1 (%2 each), %3, %4 GPUs a node, intra-node %5 GB/s, inter-node %6 GB/s")
                 .arg(qs(c.gpu.name), qs(formatBytes(c.gpu.memoryBytes)), gpus)
                 .arg(c.gpusPerNode)
                 .arg(c.intraNode.bandwidthBytesPerSecond / 1e9, 0, 'f', 0)
                 .arg(c.interNode.bandwidthBytesPerSecond / 1e9, 0, 'f', 0)
          << '\n';
    const TrainingSpec& t = p.training;
    out() << SweepCommand::tr("Training sequence %1, global batch %2, %3, %4, flash attention %5")
                 .arg(a.spec.axis == SweepAxis::SeqLength ? SweepCommand::tr("swept")
                                                          : QString::number(t.seqLength))
                 .arg(a.spec.axis == SweepAxis::GlobalBatch
                         ? SweepCommand::tr("swept")
                         : SweepCommand::tr("%1 sequences").arg(t.globalBatch))
                 .arg(qs(std::string(toString(t.precision))), qs(std::string(toString(t.optimizer))))
                 .arg(t.flashAttention ? SweepCommand::tr("on") : SweepCommand::tr("off"))
          << '\n';
    for (const std::string& w : p.model.warnings())
        out() << SweepCommand::tr("Warning  %1").arg(qs(w)) << '\n';
    if (a.plan.budget) PlanReport::printBudget(out(), *a.plan.budget);
    out() << SweepCommand::tr("Strategy %1, weights memory %2 / compute %3 / communication %4")
                 .arg(qs(std::string(toString(a.plan.strategy))))
                 .arg(a.plan.weights.memory)
                 .arg(a.plan.weights.compute)
                 .arg(a.plan.weights.communication)
          << '\n';
    QStringList values;
    for (std::int64_t v : a.spec.values)
        values << QString::number(v);
    out() << SweepCommand::tr("Sweep    %1 %2 (%3, a full search each)")
                 .arg(axisName(a.spec.axis), values.join(QStringLiteral(", ")), points(a.spec.values.size()))
          << "\n\n";
    out() << QStringLiteral("%1 %2  memory/GPU (usable)   step      tokens/s    MFU  bubble")
                 .arg(axisHeader(a.spec.axis), 8)
                 .arg(PlanReport::configHeader())
          << (a.plan.budget ? PlanReport::budgetHeader(*a.plan.budget) : QString())
          << QStringLiteral("  %1").arg(SweepCommand::tr("fit/searched"), 16) << '\n'
          << Qt::flush;
}

void printPoint(const SweepArgs& a, const SweepPoint& p, bool smallest)
{
    const QString value = QStringLiteral("%1").arg(p.value, 8);
    if (p.status == SweepPointStatus::Error) {
        out() << SweepCommand::tr("%1  error: %2").arg(value, qs(p.reason)) << '\n' << Qt::flush;
        return;
    }
    if (p.status == SweepPointStatus::NoFit) {
        out() << SweepCommand::tr("%1  no plan fits (%2 candidates): %3")
                     .arg(value)
                     .arg(p.candidateCount)
                     .arg(qs(p.reason))
              << '\n'
              << Qt::flush;
        return;
    }
    const PlanSummary& s = p.best;
    // As the plan table: an overlap wider than its column takes a space of the memory column's margin.
    static const int kColumnsWidth = int(PlanReport::configColumns(ParallelConfig {}).size());
    const QString columns = PlanReport::configColumns(s.config);
    out() << QStringLiteral("%1 %2 %3%4 / %5 GiB  %6  %7  %8%  %9%")
                 .arg(value, columns, columns.size() > kColumnsWidth ? QString() : QStringLiteral(" "))
                 .arg(gib(s.peakMemoryBytes), 6)
                 .arg(gib(s.capacityBytes), 5)
                 .arg(qs(formatSeconds(s.stepSeconds)), 8)
                 .arg(s.tokensPerSecond, 12, 'f', 0)
                 .arg(100 * s.mfu, 5, 'f', 1)
                 .arg(100 * s.bubbleFraction, 5, 'f', 1)
          << (a.plan.budget ? PlanReport::budgetColumns(*a.plan.budget, trainingTime(*a.plan.budget, s))
                            : QString())
          << QStringLiteral("  %1").arg(
                 QStringLiteral("%1/%2").arg(p.feasibleCount).arg(p.candidateCount), 16)
          << (smallest ? SweepCommand::tr("  <- smallest that fits") : QString()) << '\n'
          << Qt::flush;
}

void printSummary(const SweepArgs& a, const SweepResult& r)
{
    std::size_t candidates = 0;
    for (const SweepPoint& p : r.points)
        candidates += p.candidateCount;
    out() << '\n'
          << SweepCommand::tr("%1 searched in %2 s, %3 candidates in all.")
                 .arg(points(r.points.size()))
                 .arg(r.elapsedSeconds, 0, 'f', 1)
                 .arg(candidates)
          << '\n';
    if (!r.smallestFitting) {
        out() << SweepCommand::tr("No plan fits at any point.") << '\n';
        return;
    }
    // Each regime's band, with the points in it: a sequence sweep crosses sequence buckets.
    std::vector<std::pair<const CalibrationInfo*, QStringList>> bands;
    for (const SweepPoint& p : r.points) {
        if (!p.fits())
            continue;
        auto it = std::find_if(bands.begin(), bands.end(), [&](const auto& b) { return b.first->regime == p.calibration.regime; });
        if (it == bands.end())
            it = bands.insert(bands.end(), { &p.calibration, {} });
        it->second << QString::number(p.value);
    }
    for (const auto& [calibration, values] : bands) {
        const QString text = calibration->calibrated() ? SweepCommand::tr("Predicted times: %1").arg(qs(calibration->describe()))
                                                       : SweepCommand::tr("Predicted times are %1").arg(qs(calibration->describe()));
        out() << (bands.size() == 1 ? text : SweepCommand::tr("%1 (at %2)").arg(text, values.join(QStringLiteral(", "))))
              << '\n';
    }
    const SweepPoint& smallest = r.points[*r.smallestFitting];
    const SweepPoint& largest = r.points[*r.largestFitting];
    switch (r.axis) {
    case SweepAxis::Gpus: {
        const int perNode = a.plan.problem.cluster.gpusPerNode;
        const int nodes = smallest.gpus / perNode;
        out() << SweepCommand::tr("Smallest cluster that fits: %1 GPUs (%2).")
                     .arg(smallest.gpus)
                     .arg(nodes == 1 ? SweepCommand::tr("1 node of %1").arg(perNode)
                                     : SweepCommand::tr("%1 nodes of %2").arg(nodes).arg(perNode))
              << '\n';
        break;
    }
    case SweepAxis::GlobalBatch:
        out() << SweepCommand::tr("Smallest global batch that fits: %1 sequences; largest: %2.")
                     .arg(smallest.value)
                     .arg(largest.value)
              << '\n';
        break;
    case SweepAxis::SeqLength:
        out() << SweepCommand::tr("Shortest sequence that fits: %1 tokens; longest: %2.")
                     .arg(smallest.value)
                     .arg(largest.value)
              << '\n';
        break;
    }
}

/// Writes a sweep file; false (with the message printed) when it cannot.
template <typename Text> bool writeSweepFile(const QString& path, Text text, const QString& what)
{
    try {
        Console::writeOutput(path, text());
    } catch (const std::exception& e) {
        err() << SweepCommand::tr("shardscope sweep: cannot write %1: %2").arg(path, qs(e.what())) << '\n'
              << Qt::flush;
        return false;
    }
    out() << SweepCommand::tr("Wrote %1 (%2).").arg(path, what) << '\n' << Qt::flush;
    return true;
}

} // namespace

QString SweepCommand::helpText()
{
    return tr(
        "Usage: shardscope sweep MODEL (--gpus A..B | --batch A..B | --seq A..B) [options] [--csv FILE] "
        "[--json FILE]\n"
        "\n"
        "Runs the full search (as shardscope plan) at each value of one input and prints one row a value: "
        "the\n"
        "best plan's layout, memory per GPU, step time, tokens/s, MFU and bubble, with the smallest value "
        "at\n"
        "which a plan fits marked. MODEL is as for shardscope plan.\n"
        "\n"
        "The sweep (exactly one of these gets several values; the others may be given one value):\n"
        "  --gpus A..B|A,B,C       GPU counts, whole nodes of --gpus-per-node (default 8) each\n"
        "  --batch A..B|A,B,C      global batch sizes in sequences (also --global-batch)\n"
        "  --seq A..B|A,B,C        sequence lengths in tokens\n"
        "                          A..B is every power of two from A to B (64..16384: 64, 128, ..., 16384);\n"
        "                          A,B,C are those values. At most 64 values; each is a full search. A "
        "value\n"
        "                          that cannot be planned (not whole nodes, say) shows its error in its row\n"
        "  --csv FILE              also write the table as CSV (one row a value; docs/sweep-format.md)\n"
        "  --json FILE             also write the sweep as JSON (docs/sweep-format.md)\n"
        "                          (FILE -: standard output, instead of the table)\n"
        "\n"
        "%1"
        "Exit codes: 0 a plan fits at some value; 1 no plan fits at any value; 2 bad command line;\n"
        "3 invalid input (or no value could be planned); 4 cannot write output.\n"
        "\n"
        "Examples:\n"
        "  shardscope sweep llama-3.1-405b --gpus 64..16384 --seq 8192 --global-batch 2048\n"
        "  shardscope sweep llama-3-70b --gpus 64 --seq 2048..32768 --token-budget 15T --gpu-hour-price 2.5 "
        "\\\n"
        "                   --csv sweep.csv\n")
        .arg(PlanOptionsParser::optionsHelp());
}

int SweepCommand::run(const QStringList& args)
{
    if (args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"))) {
        out() << helpText() << Qt::flush;
        return ExitOk;
    }
    SweepArgs a;
    try {
        a = parseSweepArgs(args);
    } catch (const UsageError& e) {
        err() << tr("shardscope sweep: %1").arg(e.message) << '\n' << Qt::flush;
        return ExitUsage;
    } catch (const InputError& e) {
        err() << tr("shardscope sweep: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }

    if (Console::isStdStream(a.csvPath) || Console::isStdStream(a.jsonPath))
        Console::reserveStdoutForData(); // the CSV or JSON alone on standard output
    printHeader(a);
    SweepOptions options;
    bool marked = false;
    options.pointFinished = [&](std::size_t, const SweepPoint& p) {
        // Points come in ascending order: the first that fits is the smallest.
        const bool smallest = p.fits() && !marked;
        marked = marked || p.fits();
        printPoint(a, p, smallest);
    };
    SweepResult result;
    try {
        result = runSweep(a.plan.problem, a.spec, a.plan.strategy, a.plan.weights, options);
    } catch (const InputError& e) {
        err() << tr("shardscope sweep: %1").arg(qs(e.what())) << '\n' << Qt::flush;
        return ExitInput;
    }
    printSummary(a, result);
    out() << Qt::flush;

    SweepReport report;
    report.generator = std::string("ShardScope ") + SHARDSCOPE_VERSION;
    report.base = &a.plan.problem;
    report.strategy = a.plan.strategy;
    report.weights = a.plan.weights;
    report.budget = a.plan.budget;
    report.result = &result;
    bool written = true;
    if (!a.csvPath.isEmpty())
        written = writeSweepFile(
                      a.csvPath, [&] { return writeSweepCsv(report); }, points(result.points.size()))
            && written;
    if (!a.jsonPath.isEmpty())
        written = writeSweepFile(
                      a.jsonPath, [&] { return writeSweepJson(report); }, points(result.points.size()))
            && written;
    if (!written) return ExitOutput;

    if (result.smallestFitting) return ExitOk;
    bool allErrors = !result.points.empty();
    for (const SweepPoint& p : result.points)
        allErrors = allErrors && p.status == SweepPointStatus::Error;
    return allErrors ? ExitInput : ExitNoFeasible;
}
