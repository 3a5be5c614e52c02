// SPDX-License-Identifier: GPL-3.0-or-later
#include "render_sweep.h"

#include "app_theme.h"
#include "cli.h"
#include "partition/sweep.h"
#include "plan_options.h"
#include "sweep_panel.h"
#include "sweep_view.h"
#include "util/input_error.h"
#include "sweep_arguments.h"
#include "view_export.h"

#include <QTextStream>
#include <optional>

using namespace shardscope;

namespace {

struct SweepArguments
{
    SweepSpec spec;
    PlanOptions plan;
};

/// Splits off the swept input and hands the rest to the plan options' parser, as `shardscope sweep` does.
/// Throws UsageError or InputError.
SweepArguments parseSweepArguments(const QStringList& args)
{
    SweepAxisMessages messages;
    messages.needsValue = [](const QString& option) { return RenderSweep::tr("%1 needs a value").arg(option); };
    messages.twoAxes = [](const QString& first, const QString& second) {
        return RenderSweep::tr("one sweep axis per picture: %1 and %2 both give several "
                               "values; give the other a single value")
            .arg(first, second);
    };
    messages.noAxis = RenderSweep::tr("--view sweep needs what to sweep: --gpus, --batch or --seq with a "
                                      "range A..B (the powers of two from A to B, e.g. --gpus 64..1024) "
                                      "or a list A,B,C");
    SweepAxisSplit split = splitSweepAxis(args, messages);
    SweepArguments r;
    r.spec = std::move(split.spec);
    r.plan = PlanOptionsParser::parse(split.rest);
    return r;
}

} // namespace

QString RenderSweep::helpText()
{
    return tr(
        "\n"
        "The sweep view: shardscope render MODEL --view sweep (--gpus A..B | --batch A..B | --seq A..B)\n"
        "                --out FILE.png|FILE.svg [--size WxH] [--scale S] [--theme light|dark] [plan "
        "options]\n"
        "  Runs the search at each value as shardscope sweep does (A..B: the powers of two from A to B;\n"
        "  A,B,C: those values) and draws the best plan's tokens/s, MFU, bubble, step time and memory per\n"
        "  GPU at each, the smallest value that fits marked. Exit 1 when no plan fits at any value.\n");
}

int RenderSweep::run(const QStringList& planArguments, const Picture& picture)
{
    QTextStream err(stderr);
    SweepArguments a;
    try {
        a = parseSweepArguments(planArguments);
    } catch (const UsageError& e) {
        err << "shardscope render: " << e.message << Qt::endl;
        return ExitUsage;
    } catch (const InputError& e) {
        err << QString::fromUtf8(e.what()) << Qt::endl;
        return ExitInput;
    }

    SweepRequest request;
    request.problem = std::move(a.plan.problem);
    request.spec = a.spec;
    request.strategy = a.plan.strategy;
    request.weights = a.plan.weights;
    SweepResult result;
    try {
        result = runSweep(request.problem, request.spec, request.strategy, request.weights);
    } catch (const InputError& e) {
        err << "shardscope render: " << QString::fromUtf8(e.what()) << Qt::endl;
        return ExitInput;
    }

    AppTheme::apply(picture.theme);
    SweepView view;
    view.setResult(result, SweepPanel::viewInputs(request));
    Figure figure = SweepPanel::figure(view, request);
    figure.viewSize = QSizeF(picture.size.width(), picture.size.height() - FigureExporter::chromeHeight());
    if (const QString error = FigureExporter::write(picture.path, figure, picture.scale); !error.isEmpty()) {
        err << "shardscope render: " << error << Qt::endl;
        return ExitOutput;
    }
    if (result.smallestFitting) return ExitOk;
    bool allErrors = !result.points.empty();
    for (const SweepPoint& p : result.points) {
        allErrors = allErrors && p.status == SweepPointStatus::Error;
        if (p.status == SweepPointStatus::Error)
            err << tr("shardscope render: %1: %2")
                       .arg(SweepView::valueWithUnit(result.axis, p.value), QString::fromStdString(p.reason))
                << Qt::endl;
    }
    return allErrors ? ExitInput : ExitNoFeasible;
}
