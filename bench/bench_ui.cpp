// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop planner's performance targets (issue 4), on Qt's offscreen platform unless
// QT_QPA_PLATFORM says otherwise:
//  - BM_RerankAndRepaint: a weight slider moves over ~10,000 cached plans (GPT-3 175B on 512 H100,
//    seq 8192, global batch 8192: 9,852 candidates); re-rank, table reset, re-selection and the
//    window painted again. Target < 50 ms.
//  - BM_MemoryChart1024: the memory chart switching between two plans on 1,024 GPUs, grouped (one
//    bar per pipeline stage) and one bar per device. Target < 100 ms.
//  - BM_SearchStall: the longest gap between 1 ms ticks of a GUI-thread timer from a search request
//    on the real PlannerWorker until the result is shown and painted.
//  - BM_ExplorerRedraw100k (issue 15): the plan explorer with 100,000 synthetic plans rendered into a
//    1600x900 image: every dot stamped again (cold), or the stamped dots reused (a hover or selection
//    repaint). Target < 50 ms. BM_ExplorerData100k: what a new outcome, other axes or another colouring
//    cost before that (metrics, Pareto front, projection, hit-test grid); BM_ExplorerHitTest: one mouse move.
#include "explorer_view.h"
#include "input_panel.h"
#include "main_window.h"
#include "memory_chart.h"
#include "plan_table_model.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/strategy.h"

#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QEventLoop>
#include <QImage>
#include <QPainter>
#include <QSlider>
#include <QStandardPaths>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

using namespace shardscope;

namespace {

struct UiProblem
{
    const char* model;
    int gpus;
    int seqLength;
    int globalBatch;
};

// 9,852 candidates (1,575 fit in memory).
constexpr UiProblem kTenThousandPlans { "gpt3-175b", 512, 8192, 8192 };
// BM_SearchStall: the brief's 405B case (1,462 candidates) and the largest search found among the
// bundled models (36,808 candidates; ~0.4 s on 2 threads).
constexpr UiProblem kStallProblems[] = { { "llama-3.1-405b", 16384, 8192, 2048 }, { "gpt3-175b", 1536, 8192, 24576 } };

/// Delivers everything posted so far and what that posts in turn (deferred layouts, scene updates,
/// UpdateRequest: the paint the event loop would do).
void flushEvents()
{
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        // Outside exec() deleteLater() is never honoured by the calls above; the application's event
        // loop would delete them (QtCharts deletes a removed axis' items that way).
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
}

/// Fills the window's forms for `p` and sets the model (which requests a debounced search; the
/// caller's planNow() cancels it and searches synchronously).
void loadProblem(MainWindow& window, const UiProblem& p)
{
    const ClusterSpec cluster = ClusterSpec::make(*window.inputs()->catalog().find("H100-SXM"), p.gpus, 8);
    TrainingSpec training;
    training.seqLength = p.seqLength;
    training.globalBatch = p.globalBatch;
    window.inputs()->setInputs(cluster, training, Strategy::Exhaustive, defaultWeights(Strategy::Exhaustive));
    window.setModel(*findBundledModel(p.model), QString::fromLatin1(p.model), true);
}

QCheckBox* showInfeasibleBox(MainWindow& window)
{
    for (QCheckBox* box : window.findChildren<QCheckBox*>())
        if (box->text() == MainWindow::tr("Show plans that do &not fit"))
            return box;
    return nullptr;
}

/// Counts paint events a widget receives.
class PaintCounter : public QObject
{
public:
    int paints = 0;
    bool counting = true;

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (counting && event->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

// ---- 1. re-rank and redraw ------------------------------------------------------------------------

/// range(0): 0 = QWidget::repaint() of the whole window (synchronous, every visible widget; the
///               event loop's deferred work runs untimed after it);
///           1 = the event loop until idle: deferred layouts and the repaints of what was marked dirty.
/// range(1): 1 = all plans in the table (infeasible ones too), 0 = only those that fit.
void BM_RerankAndRepaint(benchmark::State& state)
{
    const bool wholeWindow = state.range(0) == 0;
    MainWindow window;
    window.resize(1600, 1000);
    loadProblem(window, kTenThousandPlans);
    window.planNow();
    if (QCheckBox* box = showInfeasibleBox(window))
        box->setChecked(state.range(1) != 0);
    else
        return state.SkipWithError("the \"show plans that do not fit\" box is missing");
    window.show();
    flushEvents();
    if (!window.outcome() || !window.selectedPlan())
        return state.SkipWithError("no plan after planNow()");

    int shown = 0;
    QObject::connect(&window, &MainWindow::planShown, [&shown] { ++shown; });
    PaintCounter paints;
    window.installEventFilter(&paints);

    QSlider* memoryWeight = window.inputs()->weightSlider(0);
    const int values[2] = { 20, 80 }; // different enough to change the order
    double rerankMsSum = 0, rerankMsMax = 0;
    int i = 0;
    for (auto _ : state) {
        memoryWeight->setValue(values[i++ % 2]); // synchronous: re-rank, table reset, re-selection, views
        if (wholeWindow) {
            window.repaint(); // every visible widget, synchronously
            state.PauseTiming();
            paints.counting = false;
            flushEvents(); // deferred layouts and deletions must not pile up (they are timed in eventloop:1)
            paints.counting = true;
            state.ResumeTiming();
        } else {
            flushEvents(); // what the event loop does next: deferred layouts, then a paint of what is dirty
        }
        rerankMsSum += window.lastRerankMs();
        rerankMsMax = std::max(rerankMsMax, window.lastRerankMs());
    }
    window.removeEventFilter(&paints);
    if (shown != i)
        return state.SkipWithError("a slider move did not re-rank");
    state.counters["candidates"] = double(window.outcome()->search.candidates.size());
    state.counters["table_rows"] = double(window.planModel()->rowCount());
    state.counters["rerank_ms"] = rerankMsSum / std::max(i, 1); // MainWindow's own timer: re-rank + reset + selection
    state.counters["rerank_ms_max"] = rerankMsMax;
    state.counters["window_paints_per_iter"] = double(paints.paints) / std::max(i, 1);
}
BENCHMARK(BM_RerankAndRepaint)
    ->ArgNames({ "eventloop", "all_rows" })
    ->Args({ 0, 1 })
    ->Args({ 0, 0 })
    ->Args({ 1, 1 })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// ---- 2. memory chart, 1,024 GPUs ------------------------------------------------------------------

struct ChartPlans
{
    PlanEstimate a, b;
};

/// Llama-3-70B on 1,024 H100, seq 8192, global batch 1024: TP 8 x PP 8 x DP 16 and TP 4 x PP 16 x DP 16.
const ChartPlans& chartPlans()
{
    static const ChartPlans plans = [] {
        PlanningProblem problem;
        problem.model = *findBundledModel("llama-3-70b");
        problem.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 1024, 8);
        problem.training.seqLength = 8192;
        problem.training.globalBatch = 1024;
        const PlanEvaluator evaluator(problem);
        ParallelConfig a;
        a.tp = 8;
        a.pp = 8;
        a.dp = 16;
        a.zeroStage = 1;
        a.sequenceParallel = true;
        ParallelConfig b = a;
        b.tp = 4;
        b.pp = 16;
        return ChartPlans { evaluator.evaluate(a), evaluator.evaluate(b) };
    }();
    return plans;
}

/// range(0): 0 = setPlan alone (the event loop's follow-up runs outside the timing),
///           1 = setPlan and the event loop's layout and repaint of the chart.
/// range(1): maxDeviceBars: 64 (the default: one bar per stage at 1,024 GPUs) or 1024 (one bar per GPU).
void BM_MemoryChart1024(benchmark::State& state)
{
    const bool paint = state.range(0) != 0;
    const ChartPlans& plans = chartPlans();
    if (plans.a.stages.size() != 8 || plans.b.stages.size() != 16)
        return state.SkipWithError("the chart plans have no stages");
    MemoryChartView view;
    view.setMaxDeviceBars(int(state.range(1)));
    view.resize(1200, 600);
    view.show();
    view.setPlan(plans.b);
    flushEvents();
    PaintCounter paints;
    view.viewport()->installEventFilter(&paints);

    int i = 0;
    for (auto _ : state) {
        view.setPlan(++i % 2 ? plans.a : plans.b);
        if (paint) {
            flushEvents();
        } else {
            state.PauseTiming();
            paints.counting = false;
            flushEvents(); // deferred deletes and layouts must not pile up
            paints.counting = true;
            state.ResumeTiming();
        }
    }
    view.viewport()->removeEventFilter(&paints);
    if (paint && paints.paints < i)
        return state.SkipWithError("the chart was not painted every iteration");
    state.counters["bars"] = double(view.data().bars.size());
    state.counters["viewport_paints_per_iter"] = double(paints.paints) / std::max(i, 1);
}
BENCHMARK(BM_MemoryChart1024)
    ->ArgNames({ "paint", "max_device_bars" })
    ->ArgsProduct({ { 0, 1 }, { 64, 1024 } })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// ---- 3. GUI-thread stall during a search ------------------------------------------------------------

/// range(0): index into kStallProblems. Manual time: request to planShown.
void BM_SearchStall(benchmark::State& state)
{
    const UiProblem& problem = kStallProblems[state.range(0)];
    MainWindow window;
    window.resize(1600, 1000);
    loadProblem(window, problem);
    window.planNow(); // a result of the same size is on screen when the new one arrives
    window.show();
    flushEvents();
    window.worker()->setDebounceInterval(0);
    const PlanRequest request = window.currentRequest();

    std::vector<double> gapsMs;
    double maxGapMs = 0, lastGapMs = 0, searchMs = 0, shownMs = 0;
    std::size_t candidates = 0;
    int iterations = 0;
    for (auto _ : state) {
        window.selectRow(-1); // the new result's first plan is shown in every view (not kept from the last one)
        flushEvents();

        QElapsedTimer clock;
        QEventLoop loop;
        QTimer tick;
        tick.setTimerType(Qt::PreciseTimer);
        tick.setInterval(1);
        std::vector<qint64> ticks;
        ticks.reserve(100000);
        qint64 shownAt = -1;
        QObject::connect(&tick, &QTimer::timeout, [&] {
            ticks.push_back(clock.nsecsElapsed());
            if (shownAt >= 0)
                loop.quit(); // the first tick after planShown: showResult and the repaint it caused are behind us
        });
        const auto shownConnection = QObject::connect(&window, &MainWindow::planShown, [&] { shownAt = clock.nsecsElapsed(); });
        const auto readyConnection = QObject::connect(window.worker(), &PlannerWorker::planReady, [&](const PlanResult& r) {
            searchMs = r.elapsedMs;
            candidates = r.outcome ? r.outcome->search.candidates.size() : 0;
        });
        QTimer::singleShot(60000, &loop, &QEventLoop::quit); // a guard, not a measure

        clock.start();
        ticks.push_back(0);
        tick.start();
        window.worker()->requestPlan(request);
        loop.exec();
        tick.stop();
        QObject::disconnect(shownConnection);
        QObject::disconnect(readyConnection);
        if (shownAt < 0)
            return state.SkipWithError("no result within 60 s");

        state.SetIterationTime(double(shownAt) / 1e9);
        shownMs += double(shownAt) / 1e6;
        for (std::size_t k = 1; k < ticks.size(); ++k)
            gapsMs.push_back(double(ticks[k] - ticks[k - 1]) / 1e6);
        maxGapMs = std::max(maxGapMs, *std::max_element(gapsMs.end() - qsizetype(ticks.size() - 1), gapsMs.end()));
        lastGapMs = std::max(lastGapMs, gapsMs.back());
        ++iterations;
    }
    if (gapsMs.empty())
        return;
    std::sort(gapsMs.begin(), gapsMs.end());
    const auto percentile = [&](double q) { return gapsMs[std::min(gapsMs.size() - 1, std::size_t(std::ceil(q * double(gapsMs.size()))) - 1)]; };
    state.counters["candidates"] = double(candidates);
    state.counters["search_ms"] = searchMs;                    // the worker's own time (last iteration)
    state.counters["request_to_shown_ms"] = shownMs / iterations;
    state.counters["max_gap_ms"] = maxGapMs;                   // over all iterations
    state.counters["last_gap_ms"] = lastGapMs;                 // the gap holding showResult and its repaint (max)
    state.counters["p99_gap_ms"] = percentile(0.99);
    state.counters["p50_gap_ms"] = percentile(0.50);
    state.counters["ticks"] = double(gapsMs.size());
}
BENCHMARK(BM_SearchStall)->ArgName("problem")->Arg(0)->Arg(1)->Iterations(5)->UseManualTime()->Unit(benchmark::kMillisecond);

// ---- 4. plan explorer, 100,000 plans ----------------------------------------------------------------

/// 100,000 plans spread like a real search's: step time and memory trade off through the layout (more
/// model parallelism: less memory, more communication), 30 % do not fit, 5 % were cut before evaluation.
std::shared_ptr<const PlanningOutcome> syntheticOutcome()
{
    constexpr std::size_t count = 100000;
    static const std::shared_ptr<const PlanningOutcome> outcome = [] {
        PlanningOutcome o;
        std::mt19937 rng(15);
        std::uniform_int_distribution<int> pick(0, 1 << 30);
        std::lognormal_distribution<double> noise(0.0, 0.25);
        const int tps[] = { 1, 2, 4, 8 }, pps[] = { 1, 2, 4, 8, 16, 32 };
        const Schedule schedules[] = { Schedule::OneFOneB, Schedule::Interleaved1F1B, Schedule::ZeroBubbleH1,
            Schedule::InterleavedZeroBubble, Schedule::ZeroBubbleV };
        constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
        o.search.candidates.reserve(count);
        for (std::size_t i = 0; i < count; ++i) {
            PlanSummary s;
            ParallelConfig& c = s.config;
            c.tp = tps[pick(rng) % 4];
            c.pp = pps[pick(rng) % 6];
            c.dp = 1024 / (c.tp * c.pp);
            c.microBatch = 1 << (pick(rng) % 4);
            c.zeroStage = pick(rng) % 4;
            c.recompute = Recompute(pick(rng) % 3);
            c.schedule = schedules[pick(rng) % 5];
            const double split = double(c.tp * c.pp);
            s.capacityBytes = 72 * kGiB;
            s.peakMemoryBytes
                = (8 + 600 / split / (1 + c.zeroStage) + 6 * c.microBatch / (1 + int(c.recompute))) * kGiB
                * noise(rng);
            const bool cut = pick(rng) % 20 == 0;
            s.feasible = !cut && s.peakMemoryBytes <= s.capacityBytes;
            if (!s.feasible) s.infeasibleReason = InfeasibleReason("exceeds memory");
            if (!cut) {
                s.stepSeconds = (4.0 + 0.15 * split + 1.5 * int(c.recompute)) * noise(rng);
                s.tokensPerSecond = 1024.0 * 4096.0 / s.stepSeconds;
                s.mfu = std::min(0.7, 2.0 / s.stepSeconds);
                s.bubbleFraction = (c.pp - 1.0) / (c.pp - 1.0 + 8.0 * c.microBatch);
                s.exposedCommSeconds = s.stepSeconds * std::min(0.9, 0.02 * split * noise(rng));
            }
            o.search.candidates.push_back(std::move(s));
            o.order.push_back(std::uint32_t(i));
        }
        for (const PlanSummary& s : o.search.candidates)
            o.search.feasibleCount += s.feasible;
        return std::make_shared<const PlanningOutcome>(std::move(o));
    }();
    return outcome;
}

/// range(0): 0 = cold: the dots stamped again every time (the view painted at 1600x900 and 1600x899 in
///               turn, so the cached dots never fit); 1 = warm: the stamped dots reused (hover, selection).
/// range(1): 1 = plans that do not fit shown, 0 = hidden.
/// range(2): device pixels per logical pixel (2: a high-DPI screen, the image 3200x1800 pixels).
void BM_ExplorerRedraw100k(benchmark::State& state)
{
    const bool warm = state.range(0) != 0;
    const int dpr = int(state.range(2));
    ExplorerView view;
    view.setOutcome(syntheticOutcome());
    view.setShowInfeasible(state.range(1) != 0);
    view.setSelectedCandidate(int(view.paretoCandidates().empty() ? 0 : view.paretoCandidates().front()));
    QImage images[2] = { QImage(1600 * dpr, 900 * dpr, QImage::Format_ARGB32_Premultiplied),
        QImage(1600 * dpr, 899 * dpr, QImage::Format_ARGB32_Premultiplied) };
    for (QImage& image : images)
        image.setDevicePixelRatio(dpr);
    int i = 0;
    for (auto _ : state) {
        QImage& image = images[warm ? 0 : i++ % 2];
        QPainter painter(&image);
        view.render(painter, image.deviceIndependentSize());
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["points"] = double(view.points().size());
    state.counters["shown"] = double(view.shownCount());
    state.counters["front"] = double(view.paretoCandidates().size());
    if (const QByteArray dir = qgetenv("SHARDSCOPE_SAVE_RENDERS"); !dir.isEmpty())
        images[0].save(QString::fromLocal8Bit(dir)
            + QStringLiteral("/explorer-100k-x%1-%2.png").arg(dpr).arg(state.range(1)));
}
BENCHMARK(BM_ExplorerRedraw100k)
    ->ArgNames({ "warm", "infeasible", "dpr" })
    ->ArgsProduct({ { 0, 1 }, { 1, 0 }, { 1 } })
    ->Args({ 0, 1, 2 })
    ->Args({ 1, 1, 2 })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// range(0): 0 = setOutcome (metrics, categories, Pareto front, axes, projection, grid);
///           1 = setAxes (the same without the categories; step time / memory and tokens/s / MFU in turn);
///           2 = setColouring (TP and schedule in turn: categories only, the dots are stamped at the next
///           paint).
void BM_ExplorerData100k(benchmark::State& state)
{
    const auto outcome = syntheticOutcome();
    ExplorerView view;
    view.setOutcome(outcome);
    int i = 0;
    for (auto _ : state) {
        switch (state.range(0)) {
        case 0:
            view.setOutcome(outcome);
            break;
        case 1:
            ++i % 2 ? view.setAxes(ExplorerMetric::TokensPerSecond, ExplorerMetric::Mfu)
                    : view.setAxes(ExplorerMetric::StepTime, ExplorerMetric::MemoryPerGpu);
            break;
        default:
            view.setColouring(++i % 2 ? ExplorerColouring::Schedule : ExplorerColouring::Tp);
            break;
        }
    }
    state.counters["front"] = double(view.paretoCandidates().size());
}
BENCHMARK(BM_ExplorerData100k)
    ->ArgName("change")
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

/// One mouse move over the 100,000 plans: the plan under the cursor from the grid index, at 512 positions in
/// turn.
void BM_ExplorerHitTest(benchmark::State& state)
{
    ExplorerView view;
    view.setOutcome(syntheticOutcome());
    const QSizeF size(1600, 900);
    const QRectF plot = view.plotRect(size);
    std::vector<QPointF> positions;
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(0, 1);
    for (int k = 0; k < 512; ++k)
        positions.emplace_back(plot.left() + u(rng) * plot.width(), plot.top() + u(rng) * plot.height());
    std::size_t k = 0, hits = 0;
    for (auto _ : state)
        hits += view.candidateAt(positions[k++ % positions.size()], size) >= 0;
    state.counters["hit_share"] = double(hits) / double(std::max<std::size_t>(k, 1));
}
BENCHMARK(BM_ExplorerHitTest)->Unit(benchmark::kMicrosecond);

} // namespace

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
