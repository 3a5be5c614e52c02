// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/imbalance_view.*: stacked bars per stage whose lengths follow the stage times (CP communication
// among the parts), the mean line, and a title with the plan's slowest / fastest ratio. At 64 and 128 stages
// no label is elided, overprints another or lies on a bar (also in SVG); the axis has round ticks.
#include "cost/plan_evaluator.h"
#include "deep_pipeline_fixtures.h"
#include "hardware/hardware_catalog.h"
#include "imbalance_view.h"
#include "import/model_importer.h"
#include "text_recorder.h"
#include "view_fixtures.h"

#include <QImage>
#include <QPainter>
#include <QtTest>
#include <cmath>

using namespace shardscope;

namespace {

PlanEstimate evaluate(const char* model, int gpus, int tp, int pp, int dp, Recompute recompute)
{
    const PlanningProblem p = testing::bundledOnH100(model, gpus);
    ParallelConfig c = testing::viewConfig(tp, pp, dp);
    c.recompute = recompute;
    return PlanEvaluator(p).evaluate(c);
}

/// Stages of 40 / 46 / 42 ms per micro-batch: compute 30 + s, recompute 5, TP 4, PP the rest.
PlanEstimate handBuilt()
{
    PlanEstimate plan;
    plan.config.tp = 2;
    plan.config.pp = 3;
    const double ms[] = { 40, 46, 42 };
    for (int s = 0; s < 3; ++s) {
        StageEstimate st;
        st.stage = s;
        st.layerRanges = { { 2 * s, 2 * s + 2 } };
        st.computeSeconds = (30 + s) * 1e-3;
        st.recomputeSeconds = 5e-3;
        st.tpCommSeconds = 4e-3;
        st.ppCommSeconds = (ms[s] - 39 - s) * 1e-3;
        plan.stages.push_back(st);
    }
    plan.computeImbalance = 46.0 / 40.0;
    return plan;
}

QImage rendered(const ImbalanceView& view, QSize size, const char* name)
{
    return testing::renderToImage(view, size, name);
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestImbalanceView : public QObject
{
    Q_OBJECT
private slots:
    void titleAndBarsFollowTheStageTimes()
    {
        ImbalanceView view;
        view.setPlan(handBuilt());
        QCOMPARE(view.slowestStage(), 1);
        QCOMPARE(view.fastestStage(), 0);
        QVERIFY(near(view.imbalance(), view.plan().computeImbalance));
        QCOMPARE(view.title(),
            QStringLiteral(
                "Compute imbalance: slowest / fastest stage = 1.15 (stage 1: 46.0 ms, stage 0: 40.0 ms)"));

        const QSizeF size(900, 360);
        // Parts are stacked left to right without gaps, and lengths are proportional to seconds.
        const double pxPerSecond = view.barRect(0, 0, size).width() / 30e-3;
        QVERIFY(pxPerSecond > 0);
        for (int s = 0; s < 3; ++s) {
            const StageEstimate& st = view.plan().stages[std::size_t(s)];
            QCOMPARE(view.barRect(s, 0, size).left(), view.barRect(0, 0, size).left());
            for (int part = 0; part < ImbalanceView::PartCount; ++part) {
                const QRectF r = view.barRect(s, part, size);
                QVERIFY2(near(r.width(), ImbalanceView::partSeconds(st, part) * pxPerSecond),
                    qPrintable(QStringLiteral("%1/%2").arg(s).arg(part)));
                if (part > 0) QVERIFY(near(r.left(), view.barRect(s, part - 1, size).right()));
            }
            if (s > 0) QVERIFY(view.barRect(s, 0, size).top() > view.barRect(s - 1, 0, size).bottom());
        }
        // Stage totals: 46 / 40 is the ratio of the bar lengths; the slowest bar fills the plot.
        const auto total = [&](int s) {
            return view.barRect(s, ImbalanceView::PartCount - 1, size).right()
                - view.barRect(s, 0, size).left();
        };
        QVERIFY(near(total(1) / total(0), 46.0 / 40.0));
        QVERIFY(near(total(2) / total(0), 42.0 / 40.0));
        QVERIFY(near(view.barRect(1, ImbalanceView::PartCount - 1, size).right(), size.width() - 70));
        // The mean, 42.667 ms, sits at its share of the slowest bar.
        QVERIFY(near(view.meanX(size) - view.barRect(0, 0, size).left(), total(1) * (128.0 / 3) / 46.0));
        QVERIFY(view.barRect(3, 0, size).isEmpty());
        QVERIFY(view.barRect(0, ImbalanceView::PartCount, size).isEmpty());

        const QString tip = view.toolTipAt(view.barRect(1, 2, size).center(), size);
        QVERIFY2(tip.contains(QStringLiteral("Stage 1: 46.0 ms per micro-batch")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("TP communication: 4.0 ms")));
        QVERIFY(tip.contains(QStringLiteral("Layers 2–3")));
        QVERIFY(tip.contains(QStringLiteral("GPUs 2–3")));
    }

    void paintsEachPartInItsColour()
    {
        ImbalanceView view;
        view.setPlan(handBuilt());
        const QSize size(900, 360);
        const QImage image = rendered(view, size, "imbalance-toy.png");
        const QColor colours[] = { QColor(52, 120, 210), QColor(140, 90, 200), QColor(230, 140, 40),
            QColor(120, 170, 50), QColor(205, 75, 160), QColor(40, 160, 160) };
        QVERIFY(!view.showsCp());
        QVERIFY(!view.showsEp());
        QVERIFY(view.barRect(2, ImbalanceView::CpPart, size).width() == 0); // no context parallelism
        QVERIFY(view.barRect(2, ImbalanceView::EpPart, size).width() == 0); // no experts
        for (int part = 0; part < ImbalanceView::PartCount; ++part) {
            if (part == ImbalanceView::CpPart || part == ImbalanceView::EpPart) continue;
            const QRectF r = view.barRect(2, part, size);
            QVERIFY(r.width() > 4);
            QCOMPARE(image.pixelColor(r.center().toPoint()), colours[part]);
        }
        // The dashed mean line (42.7 ms) runs through stage 0's row past its 40 ms bar: its pixels are
        // text-coloured.
        int dark = 0;
        const QRectF row0 = view.barRect(0, 0, size);
        for (int y = int(row0.top()); y < int(row0.bottom()); ++y)
            dark += image.pixelColor(int(view.meanX(size)), y).lightness() < 60 ? 1 : 0;
        QVERIFY2(dark > 3, qPrintable(QString::number(dark)));
    }

    void contextParallelPart()
    {
        // CP 2 with 3 ms of exposed K/V exchange per micro-batch on every stage, between TP and PP.
        PlanEstimate plan = handBuilt();
        plan.config.cp = 2;
        for (StageEstimate& st : plan.stages)
            st.cpCommSeconds = 3e-3;
        ImbalanceView view;
        view.setPlan(plan);
        QVERIFY(view.showsCp());
        QCOMPARE(ImbalanceView::partNames()[ImbalanceView::CpPart], QStringLiteral("CP communication"));
        QCOMPARE(view.title(),
            QStringLiteral(
                "Compute imbalance: slowest / fastest stage = 1.14 (stage 1: 49.0 ms, stage 0: 43.0 ms)"));
        const QSizeF size(900, 360);
        const QRectF tp = view.barRect(1, 2, size), cp = view.barRect(1, ImbalanceView::CpPart, size),
                     pp = view.barRect(1, 5, size);
        QVERIFY(near(cp.width() / tp.width(), 3.0 / 4.0));
        QVERIFY(near(cp.left(), tp.right()) && near(pp.left(), cp.right()));
        QVERIFY(near(pp.right(), size.width() - 70)); // the slowest bar, CP included, fills the plot
        const QString tip = view.toolTipAt(cp.center(), size);
        QVERIFY2(tip.contains(QStringLiteral("CP communication: 3.0 ms")), qPrintable(tip));
        const QImage image = rendered(view, size.toSize(), "imbalance-cp.png");
        QCOMPARE(image.pixelColor(cp.center().toPoint()), QColor(120, 170, 50));
        // Without CP the tooltip does not list it.
        view.setPlan(handBuilt());
        QVERIFY(!view.toolTipAt(view.barRect(1, 0, size).center(), size).contains(QStringLiteral("CP")));
    }

    void expertParallelPart()
    {
        // EP 4 with 6 ms of exposed token dispatch and combine per micro-batch on every stage, between CP and
        // PP.
        PlanEstimate plan = handBuilt();
        plan.config.ep = 4;
        for (StageEstimate& st : plan.stages)
            st.epCommSeconds = 6e-3;
        ImbalanceView view;
        view.setPlan(plan);
        QVERIFY(view.showsEp());
        QVERIFY(!view.showsCp());
        QCOMPARE(ImbalanceView::partNames()[ImbalanceView::EpPart], QStringLiteral("EP all-to-all"));
        QCOMPARE(view.title(),
            QStringLiteral(
                "Compute imbalance: slowest / fastest stage = 1.13 (stage 1: 52.0 ms, stage 0: 46.0 ms)"));
        const QSizeF size(900, 360);
        const QRectF tp = view.barRect(1, 2, size), ep = view.barRect(1, ImbalanceView::EpPart, size),
                     pp = view.barRect(1, 5, size);
        QVERIFY(near(ep.width() / tp.width(), 6.0 / 4.0));
        QVERIFY(near(ep.left(), tp.right()) && near(pp.left(), ep.right()));
        QVERIFY(near(pp.right(), size.width() - 70));
        const QString tip = view.toolTipAt(ep.center(), size);
        QVERIFY2(tip.contains(QStringLiteral("EP all-to-all: 6.0 ms")), qPrintable(tip));
        QVERIFY(!tip.contains(QStringLiteral("CP communication")));
        const QImage image = rendered(view, size.toSize(), "imbalance-ep.png");
        QCOMPARE(image.pixelColor(ep.center().toPoint()), QColor(205, 75, 160));
        view.setPlan(handBuilt());
        QVERIFY(!view.toolTipAt(view.barRect(1, 0, size).center(), size).contains(QStringLiteral("EP")));
    }

    void realPlanMatchesTheEvaluator()
    {
        const PlanEstimate plan = evaluate("llama-3-70b", 64, 8, 4, 2, Recompute::Full);
        QCOMPARE(int(plan.stages.size()), 4);
        ImbalanceView view;
        view.setPlan(plan);
        QVERIFY2(
            near(view.imbalance(), plan.computeImbalance), qPrintable(QString::number(view.imbalance())));
        QVERIFY(view.imbalance() > 1); // embedding and head make the outer stages differ
        const int slowest = view.slowestStage(), fastest = view.fastestStage();
        QCOMPARE(view.title(),
            QStringLiteral(
                "Compute imbalance: slowest / fastest stage = %1 (stage %2: %3 ms, stage %4: %5 ms)")
                .arg(plan.computeImbalance, 0, 'f', 2)
                .arg(slowest)
                .arg(plan.stages[std::size_t(slowest)].microBatchSeconds() * 1e3, 0, 'f', 1)
                .arg(fastest)
                .arg(plan.stages[std::size_t(fastest)].microBatchSeconds() * 1e3, 0, 'f', 1));
        // Full recomputation shows up as a recompute part on every stage.
        const QSizeF size(900, 360);
        for (int s = 0; s < 4; ++s)
            QVERIFY(view.barRect(s, 1, size).width() > 0);
        const QImage image = rendered(view, size.toSize(), "imbalance-70b.png");
        QVERIFY(image.pixelColor(view.barRect(fastest, 0, size).center().toPoint()) == QColor(52, 120, 210));
    }

    void sixtyFourStages()
    {
        const PlanEstimate plan = evaluate("llama-3.1-405b", 1024, 8, 64, 2, Recompute::Selective);
        ImbalanceView view;
        view.setPlan(plan);
        const QSizeF size(900, 700);
        QVERIFY(near(view.imbalance(), plan.computeImbalance));
        for (int s = 1; s < 64; ++s)
            QVERIFY(view.barRect(s, 0, size).top() >= view.barRect(s - 1, 0, size).bottom());
        QVERIFY(view.barRect(63, 0, size).bottom() <= view.plotArea(size).bottom());
        QVERIFY(view.plotArea(size).bottom() <= size.height() - 40); // the time axis and the legend below
        rendered(view, size.toSize(), "imbalance-405b-pp64.png");
    }

    void singleStageAndClear()
    {
        PlanEstimate plan = handBuilt();
        plan.stages.resize(1);
        ImbalanceView view;
        view.setPlan(plan);
        QCOMPARE(view.title(), QStringLiteral("Compute imbalance: a single stage, 40.0 ms per micro-batch"));
        QCOMPARE(view.imbalance(), 1.0);
        PlanEstimate rejected;
        rejected.infeasibleReason = "TP 3 does not divide the 64 attention heads";
        view.setPlan(rejected);
        QCOMPARE(view.title(), QStringLiteral("No estimate: TP 3 does not divide the 64 attention heads"));
        QVERIFY(view.barRect(0, 0, QSizeF(900, 360)).isEmpty());
        view.clearPlan();
        QCOMPARE(view.title(), QStringLiteral("No plan"));
        QCOMPARE(view.slowestStage(), -1);
        QVERIFY(view.toolTipAt(QPointF(100, 100), QSizeF(900, 360)).isEmpty());
    }

    void deepPipelinesLabelsClearBarsAndEachOther_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<QSize>("size");
        for (const int pp : { 64, 128 })
            for (const QSize size : { QSize(900, 700), QSize(900, 360), QSize(1400, 900), QSize(600, 420) })
                QTest::addRow("PP %d, %dx%d", pp, size.width(), size.height()) << pp << size;
    }

    void deepPipelinesLabelsClearBarsAndEachOther()
    {
        QFETCH(int, pp);
        QFETCH(QSize, size);
        const testing::DeepPipeline& d = testing::deepPipeline(pp, Recompute::Selective);
        QVERIFY2(!d.plan.stages.empty(), d.plan.infeasibleReason.c_str());
        ImbalanceView view;
        view.setPlan(d.plan);
        const QList<testing::DrawnText> texts
            = testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
        const QStringList problems = testing::labelProblems(texts, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // No text on a bar.
        QList<QRectF> bars;
        for (int s = 0; s < pp; ++s)
            for (int part = 0; part < ImbalanceView::PartCount; ++part)
                if (const QRectF bar = view.barRect(s, part, size); bar.width() > 0) bars.append(bar);
        for (const testing::DrawnText& t : texts)
            for (const QRectF& bar : bars)
                QVERIFY2(!bar.intersects(t.rect.adjusted(0.5, 0.5, -0.5, -0.5)),
                    qPrintable(QStringLiteral("\"%1\" on a bar").arg(t.text)));
        // The slowest and fastest stages are named; the slowest's total is after its bar (the fastest's too
        // where its row is thick enough: in thin rows the longer bars beside it leave no room, and the title
        // has it).
        QStringList painted;
        for (const testing::DrawnText& t : texts)
            painted.append(t.text);
        const auto total = [&](int s) {
            return QStringLiteral("%1 ms").arg(
                d.plan.stages[std::size_t(s)].microBatchSeconds() * 1e3, 0, 'f', 1);
        };
        for (const int s : { view.slowestStage(), view.fastestStage() })
            QVERIFY2(painted.contains(QStringLiteral("stage %1").arg(s)),
                qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY2(painted.contains(total(view.slowestStage())), qPrintable(painted.join(QLatin1Char('|'))));
        if (view.plotArea(size).height() / pp >= QFontMetricsF(view.font()).height())
            QVERIFY(painted.contains(total(view.fastestStage())));
        QCOMPARE(testing::svgTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); }), painted);
        rendered(view, size,
            qPrintable(QStringLiteral("imbalance-405b-pp%1-%2x%3.png")
                           .arg(pp)
                           .arg(size.width())
                           .arg(size.height())));
    }

    void axisTicksAreRound()
    {
        ImbalanceView view;
        view.setPlan(handBuilt()); // the slowest stage: 46 ms
        const QList<double> ticks = view.tickSeconds(QSizeF(900, 360));
        QVERIFY(ticks.size() >= 3);
        const double stepMs = (ticks[1] - ticks[0]) * 1e3;
        const double mantissa = stepMs / std::pow(10.0, std::floor(std::log10(stepMs) + 1e-9));
        QVERIFY2(
            std::abs(mantissa - 1) < 1e-6 || std::abs(mantissa - 2) < 1e-6 || std::abs(mantissa - 5) < 1e-6,
            qPrintable(QString::number(stepMs)));
        QCOMPARE(ticks.front(), 0.0);
        QVERIFY(ticks.back() <= 46e-3 * (1 + 1e-9) && ticks.back() + stepMs * 1e-3 > 46e-3);
    }

    void legendNamesOnlyWhatThePlanHas()
    {
        // handBuilt recomputes (5 ms a stage); without recomputation, TP only (no CP, no EP): the legend has
        // compute, TP and PP communication and the mean, no recompute, CP or EP entry.
        PlanEstimate plan = handBuilt();
        for (StageEstimate& st : plan.stages)
            st.recomputeSeconds = 0;
        ImbalanceView view;
        view.setPlan(plan);
        QVERIFY(!view.showsRecompute());
        QStringList painted;
        for (const testing::DrawnText& t :
            testing::recordTexts(QSize(900, 360), [&](QPainter&p, QSizeF s) { view.render(p, s); }))
            painted.append(t.text);
        for (const char* absent : { "Recompute", "CP communication", "EP all-to-all" })
            QVERIFY2(!painted.contains(QLatin1String(absent)), absent);
        for (const char* present : { "Compute", "TP communication", "PP communication" })
            QVERIFY2(painted.contains(QLatin1String(present)), present);
        QVERIFY(!view.toolTipAt(view.barRect(1, 0, QSizeF(900, 360)).center(), QSizeF(900, 360))
                     .contains(QStringLiteral("Recompute")));
        view.setPlan(handBuilt());
        QVERIFY(view.showsRecompute());
    }
};

QTEST_MAIN(TestImbalanceView)
#include "tst_imbalance_view.moc"
