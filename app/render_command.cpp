// SPDX-License-Identifier: GPL-3.0-or-later
#include "render_command.h"

#include "cli.h"
#include "compare_controller.h"
#include "compare_view.h"
#include "explorer_view.h"
#include "input_panel.h"
#include "main_window.h"
#include "plan_views.h"
#include "plan_options.h"
#include "render_compare.h"
#include "render_sweep.h"
#include "view_export.h"

#include "util/input_error.h"

#include <QApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>
#include <QPainter>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTextStream>

#include <cmath>

using namespace shardscope;

namespace {
struct RenderArgs
{
    QString view;
    QString out;
    QSize size { 1600, 1000 };
    double scale = 1;
    QString theme = QStringLiteral("light");
    double explorerZoom = 1; ///< --explorer-zoom: the explorer's range this many times smaller, around the best plan
    bool logX = false, logY = false; ///< --log-x, --log-y: the explorer's axes logarithmic
    QStringList planArgs;
};

RenderArgs parseRenderArgs(const QStringList& arguments)
{
    RenderArgs r;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        const auto value = [&]() -> QString {
            if (i + 1 >= arguments.size())
                throw UsageError { RenderCommand::tr("%1 needs a value").arg(a) };
            return arguments[++i];
        };
        if (a == QLatin1String("--view")) {
            r.view = value();
        } else if (a == QLatin1String("--out")) {
            r.out = value();
        } else if (a == QLatin1String("--size")) {
            const QString v = value();
            const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$")).match(v);
            if (!m.hasMatch())
                throw UsageError { RenderCommand::tr("--size expects WIDTHxHEIGHT in pixels, e.g. 1600x1000, got \"%1\"").arg(v) };
            r.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
            if (r.size.width() < 200 || r.size.height() < 150 || r.size.width() > 16000 || r.size.height() > 16000)
                throw UsageError { RenderCommand::tr("--size must be between 200x150 and 16000x16000, got \"%1\"").arg(v) };
        } else if (a == QLatin1String("--theme")) {
            r.theme = value();
            if (r.theme != QLatin1String("light") && r.theme != QLatin1String("dark"))
                throw UsageError { RenderCommand::tr("--theme expects light or dark, got \"%1\"").arg(r.theme) };
        } else if (a == QLatin1String("--explorer-zoom")) {
            const QString v = value();
            bool ok = false;
            r.explorerZoom = v.toDouble(&ok);
            if (!ok || !(r.explorerZoom >= 1 && r.explorerZoom <= 1000))
                throw UsageError { RenderCommand::tr("--explorer-zoom expects a factor from 1 to 1000, got \"%1\"").arg(v) };
        } else if (a == QLatin1String("--log-x")) {
            r.logX = true;
        } else if (a == QLatin1String("--log-y")) {
            r.logY = true;
        } else if (a == QLatin1String("--scale")) {
            const QString v = value();
            bool ok = false;
            r.scale = v.toDouble(&ok);
            if (!ok || !(r.scale >= 0.1 && r.scale <= 8))
                throw UsageError { RenderCommand::tr("--scale expects a number from 0.1 to 8, got \"%1\"").arg(v) };
        } else {
            r.planArgs << a;
        }
    }
    if (r.view.isEmpty())
        throw UsageError { RenderCommand::tr("--view is required: memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window") };
    if (r.view != QLatin1String("window") && r.view != QLatin1String("compare") && r.view != QLatin1String("sweep")
        && r.view != QLatin1String("explorer") && !MainWindow::viewFromName(r.view))
        throw UsageError { RenderCommand::tr("unknown view \"%1\": use memory, stages, timeline, imbalance, communication, explorer, compare, sweep or window").arg(r.view) };
    if ((r.explorerZoom != 1 || r.logX || r.logY) && r.view != QLatin1String("explorer"))
        throw UsageError { RenderCommand::tr("--explorer-zoom, --log-x and --log-y go with --view explorer") };
    if (r.out.isEmpty())
        throw UsageError { RenderCommand::tr("--out FILE.png or FILE.svg is required") };
    const QString suffix = QFileInfo(r.out).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        throw UsageError { RenderCommand::tr("--out must end in .png or .svg, got \"%1\"").arg(r.out) };
    return r;
}
} // namespace

QString RenderCommand::helpText()
{
    return tr("Usage: shardscope render MODEL --view VIEW --out FILE.png|FILE.svg [--size WxH] [--scale S]\n"
              "                         [--theme light|dark] [plan options]\n"
              "\n"
              "Plans MODEL like \"shardscope plan\" and draws the best plan as the desktop planner shows it,\n"
              "titled and with its legend, without a display.\n"
              "\n"
              "  --view VIEW   memory, stages, timeline, imbalance, communication, explorer (every plan searched,\n"
              "                the Pareto front drawn), compare (a baseline and up to three plans side by side),\n"
              "                sweep (the best plan at each cluster size, batch or sequence length), or window\n"
              "  --out FILE    .png (bitmap) or .svg (vector)\n"
              "  --size WxH    picture size in pixels at scale 1; default 1600x1000\n"
              "  --scale S     pixel scale of a PNG (2 for print and high-DPI screens); default 1\n"
              "  --theme T     light (default) or dark\n"
              "  --explorer-zoom F  with --view explorer: the range F times smaller around the best plan\n"
              "  --log-x, --log-y   with --view explorer: logarithmic axes\n"
              "%1"
              "\n"
              "Plan options: see shardscope plan --help.\n")
        .arg(RenderCompare::helpText());
}

int RenderCommand::run(const QStringList& arguments)
{
    QTextStream err(stderr);
    if (arguments.contains(QLatin1String("--help")) || arguments.contains(QLatin1String("-h"))) {
        QTextStream(stdout) << helpText() << RenderSweep::helpText() << Qt::flush;
        return ExitOk;
    }
    RenderArgs r;
    PlanOptions options;
    RenderCompare::Arguments compare;
    try {
        QStringList rest = arguments;
        compare = RenderCompare::take(rest);
        r = parseRenderArgs(rest);
        if (compare.given && r.view != QLatin1String("compare"))
            throw UsageError { RenderCommand::tr("--baseline and --compare go with --view compare") };
        if (r.view == QLatin1String("sweep")) // a sweep, not one plan: app/render_sweep.h
            return RenderSweep::run(r.planArgs, { r.out, r.size, r.scale, r.theme });
        options = PlanOptionsParser::parse(r.planArgs);
    } catch (const UsageError& e) {
        err << "shardscope render: " << e.message << Qt::endl;
        return ExitUsage;
    } catch (const InputError& e) {
        err << QString::fromUtf8(e.what()) << Qt::endl;
        return ExitInput;
    }

    MainWindow window;
    window.setTheme(r.theme);
    window.inputs()->setProfile(options.profile, false); // before the GPU: it sets the GPUs' constants
    window.inputs()->setInputs(options.problem.cluster, options.problem.training, options.strategy, options.weights);
    const bool bundled = !QFileInfo::exists(options.modelArgument);
    window.setModel(std::move(options.problem.model), options.modelArgument, bundled);
    window.planNow();
    if (!window.errorText().isEmpty()) {
        err << window.errorText() << Qt::endl;
        return ExitInput;
    }
    if (r.view == QLatin1String("window") && window.selectedPlan()) {
        // The proposals panel fills from a worker thread: wait for it so the picture shows it.
        QEventLoop loop;
        QObject::connect(&window, &MainWindow::proposalsShown, &loop, &QEventLoop::quit);
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    const double chrome = FigureExporter::chromeHeight();
    QString error;
    if (r.view == QLatin1String("compare")) {
        if (const QString wrong = RenderCompare::prepare(window, compare); !wrong.isEmpty()) {
            err << "shardscope render: " << wrong << Qt::endl;
            return ExitUsage;
        }
        Figure figure = window.compare()->figure();
        figure.viewSize = QSizeF(r.size.width(), r.size.height() - chrome);
        // Below the view's minimum (every section at its least) the page is drawn at the minimum, scaled to fit.
        const QSizeF natural = figure.viewSize.expandedTo(QSizeF(window.compare()->view()->minimumSizeHint()));
        if (natural != figure.viewSize) {
            const CompareView* view = window.compare()->view();
            figure.paint = [view, natural](QPainter& painter, QSizeF size) {
                const double k = std::min(size.width() / natural.width(), size.height() / natural.height());
                painter.scale(k, k);
                view->render(painter, natural);
            };
        }
        error = FigureExporter::write(r.out, figure, r.scale);
    } else if (r.view == QLatin1String("window")) {
        const QSizeF wanted(r.size.width(), r.size.height() - chrome);
        window.resize(wanted.toSize());
        window.show();
        QCoreApplication::processEvents();
        // The window may not shrink below its minimum size: draw it scaled to fit the asked size.
        Figure figure = window.windowFigure();
        const QSizeF natural = figure.viewSize;
        figure.viewSize = wanted;
        figure.paint = [&window, natural](QPainter& painter, QSizeF size) {
            const double k = std::min(size.width() / natural.width(), size.height() / natural.height());
            painter.scale(k, k);
            window.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
        };
        error = FigureExporter::write(r.out, figure, r.scale);
    } else if (r.view == QLatin1String("explorer")) {
        // Every candidate of the search as a point, the Pareto front drawn, the best plan selected.
        const int page = window.planViews()->find(r.view).value_or(0);
        window.viewTabs()->setCurrentIndex(page);
        Figure figure = window.planViews()->figure(page);
        figure.viewSize = QSizeF(r.size.width(), r.size.height() - chrome);
        if (ExplorerView* explorer = window.findChild<ExplorerView*>()) {
            explorer->setLogAxes(r.logX, r.logY);
            if (r.explorerZoom > 1 && explorer->selectedCandidate() >= 0)
                explorer->zoom(1 / r.explorerZoom, explorer->pointPosition(std::uint32_t(explorer->selectedCandidate()), figure.viewSize),
                               figure.viewSize);
        }
        error = FigureExporter::write(r.out, figure, r.scale);
    } else {
        const MainWindow::View view = *MainWindow::viewFromName(r.view);
        window.viewTabs()->setCurrentIndex(view);
        Figure figure = window.figure(view);
        figure.viewSize = QSizeF(r.size.width(), r.size.height() - chrome);
        error = FigureExporter::write(r.out, figure, r.scale);
    }
    if (!error.isEmpty()) {
        err << "shardscope render: " << error << Qt::endl;
        return ExitOutput;
    }
    return window.selectedPlan() && window.selectedPlan()->feasible ? ExitOk : ExitNoFeasible;
}
