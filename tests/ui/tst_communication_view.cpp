// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/communication_view.*: TP, CP (when used), EP (when used), PP and DP (exposed and hidden) seconds per step as
// bars in proportion, each with its bytes and share of the step, and the exposed total in the title.
#include "communication_view.h"
#include "moe_plan_fixtures.h"
#include "view_fixtures.h"

#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

using namespace shardscope;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

PlanEstimate evaluate(const char* model, int gpus, int tp, int pp, int dp, int zeroStage)
{
    const PlanningProblem p = testing::bundledOnH100(model, gpus);
    ParallelConfig c = testing::viewConfig(tp, pp, dp);
    c.zeroStage = zeroStage;
    return PlanEvaluator(p).evaluate(c);
}

/// TP 0.6 s / 30 GiB, PP 0.2 s / 2 GiB, DP 0.8 s / 100 GiB of which 0.3 s exposed, in a 5 s step.
PlanEstimate handBuilt()
{
    PlanEstimate plan;
    plan.config.tp = 8;
    plan.config.pp = 4;
    plan.config.dp = 16;
    plan.config.zeroStage = 1;
    plan.stages.resize(4); // evaluated: the view treats a plan without stages as rejected
    plan.comm.tpSeconds = 0.6;
    plan.comm.tpBytes = 30 * kGiB;
    plan.comm.ppSeconds = 0.2;
    plan.comm.ppBytes = 2 * kGiB;
    plan.comm.dpSeconds = 0.8;
    plan.comm.dpBytes = 100 * kGiB;
    plan.comm.dpExposedSeconds = 0.3;
    plan.time.stepSeconds = 5;
    return plan;
}

/// handBuilt() with CP 4 (ring) exposing 0.4 s of 8 GiB, and ZeRO-3 with two HSDP replicas.
PlanEstimate handBuiltWithCp()
{
    PlanEstimate plan = handBuilt();
    plan.config.cp = 4;
    plan.config.zeroStage = 3;
    plan.config.dpReplicate = 2;
    plan.comm.cpSeconds = 0.4;
    plan.comm.cpBytes = 8 * kGiB;
    return plan;
}

QImage rendered(const CommunicationView& view, QSize size, const char* name) { return testing::renderToImage(view, size, name); }

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

using K = CommunicationView::Kind;

} // namespace

class TestCommunicationView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void titleAndRowsCarryTheNumbers()
    {
        CommunicationView view;
        view.setPlan(handBuilt());
        // Exposed: 0.6 + 0.2 + 0.3 = 1.1 s of 5 s.
        QCOMPARE(view.title(), QStringLiteral("Communication: 1.10 s per step exposed (22.0 % of the step)"));
        QCOMPARE(view.rowText(0), QStringLiteral("Tensor parallel (TP 8): 600.0 ms, 30.0 GiB per step, 12.0 % of the step"));
        QCOMPARE(view.rowText(1), QStringLiteral("Pipeline parallel (PP 4): 200.0 ms, 2.0 GiB per step, 4.0 % of the step"));
        QCOMPARE(view.rowText(2), QStringLiteral("Data parallel (DP 16, ZeRO 1): 800.0 ms, 100.0 GiB per step; "
                                                 "300.0 ms exposed (6.0 % of the step), 500.0 ms hidden behind backward"));
        QCOMPARE(CommunicationView::formatBytes(3.5 * 1024 * kGiB), QStringLiteral("3.5 TiB"));
        QCOMPARE(CommunicationView::formatBytes(12.0 * 1024 * 1024), QStringLiteral("12.0 MiB"));
        QCOMPARE(CommunicationView::formatSeconds(1.234), QStringLiteral("1.23 s"));
    }

    void barsAreProportional()
    {
        CommunicationView view;
        view.setPlan(handBuilt());
        const QSizeF size(900, 320);
        const QRectF tp = view.barRect(K::Tp, size), pp = view.barRect(K::Pp, size);
        const QRectF exposed = view.barRect(K::DpExposed, size), hidden = view.barRect(K::DpHidden, size);
        QVERIFY(near(tp.width() / pp.width(), 3.0));
        QVERIFY(near(exposed.width() / tp.width(), 0.5));
        QVERIFY(near(hidden.width() / exposed.width(), 5.0 / 3.0));
        // Rows top to bottom; DP's hidden part continues its exposed part; DP (0.8 s) spans the plot.
        QVERIFY(tp.bottom() < pp.top() && pp.bottom() < exposed.top());
        QCOMPARE(hidden.top(), exposed.top());
        QVERIFY(near(hidden.left(), exposed.right()));
        QCOMPARE(tp.left(), exposed.left());
        QVERIFY(near(hidden.right(), size.width() - 16));

        const QImage image = rendered(view, size.toSize(), "communication-toy.png");
        QCOMPARE(image.pixelColor(tp.center().toPoint()), QColor(230, 140, 40));
        QCOMPARE(image.pixelColor(pp.center().toPoint()), QColor(40, 160, 160));
        QCOMPARE(image.pixelColor(exposed.center().toPoint()), QColor(200, 60, 60));
        // Hidden DP is hatched: light fill with lines in the exposed colour.
        QSet<QRgb> colours;
        for (int x = int(hidden.left()) + 1; x < int(hidden.right()) - 1; ++x)
            colours.insert(image.pixel(x, int(hidden.center().y())));
        QVERIFY(colours.contains(QColor(235, 175, 175).rgb()));
        QVERIFY(colours.contains(QColor(200, 60, 60).rgb()));

        QVERIFY(view.toolTipAt(exposed.center(), size).startsWith(QStringLiteral("Data parallel")));
        QVERIFY(view.toolTipAt(QPointF(5, tp.center().y()), size).startsWith(QStringLiteral("Tensor parallel")));
        QVERIFY(view.toolTipAt(QPointF(5, 5), size).isEmpty());
    }

    void contextParallelRow()
    {
        CommunicationView view;
        view.setPlan(handBuilt());
        // Without context parallelism there is no CP row.
        QCOMPARE(view.rowCount(), 3);
        QCOMPARE(view.rowOf(K::Cp), -1);
        QVERIFY(view.barRect(K::Cp, QSizeF(900, 320)).isEmpty());

        view.setPlan(handBuiltWithCp());
        QCOMPARE(view.rowCount(), 4);
        QCOMPARE(view.rowOf(K::Tp), 0);
        QCOMPARE(view.rowOf(K::Cp), 1);
        QCOMPARE(view.rowOf(K::Pp), 2);
        QCOMPARE(view.rowOf(K::DpHidden), 3);
        // Exposed: 0.6 + 0.4 + 0.2 + 0.3 = 1.5 s of 5 s.
        QCOMPARE(view.title(), QStringLiteral("Communication: 1.50 s per step exposed (30.0 % of the step)"));
        QCOMPARE(view.seconds(K::Cp), 0.4);
        QCOMPARE(view.rowText(1), QStringLiteral("Context parallel (CP 4, p2p): 400.0 ms exposed, 8.0 GiB per step, 8.0 % of the step"));
        QCOMPARE(view.rowText(2), QStringLiteral("Pipeline parallel (PP 4): 200.0 ms, 2.0 GiB per step, 4.0 % of the step"));
        QVERIFY2(view.rowText(3).startsWith(QStringLiteral("Data parallel (DP 16, ZeRO 3, HSDP x2): 800.0 ms, 100.0 GiB per step")),
                 qPrintable(view.rowText(3)));

        const QSizeF size(900, 360);
        const QRectF tp = view.barRect(K::Tp, size), cp = view.barRect(K::Cp, size), pp = view.barRect(K::Pp, size);
        const QRectF exposed = view.barRect(K::DpExposed, size);
        QVERIFY(near(cp.width() / tp.width(), 0.4 / 0.6));
        QVERIFY(near(cp.width() / pp.width(), 2.0));
        QVERIFY(tp.bottom() < cp.top() && cp.bottom() < pp.top() && pp.bottom() < exposed.top());
        QCOMPARE(cp.left(), tp.left());
        QVERIFY(view.toolTipAt(cp.center(), size).startsWith(QStringLiteral("Context parallel (CP 4, p2p)")));
        QVERIFY(view.toolTipAt(QPointF(5, cp.center().y()), size).startsWith(QStringLiteral("Context parallel")));

        const QImage image = rendered(view, size.toSize(), "communication-cp.png");
        QCOMPARE(image.pixelColor(cp.center().toPoint()), QColor(120, 170, 50));
        QCOMPARE(image.pixelColor(tp.center().toPoint()), QColor(230, 140, 40));
        QCOMPARE(image.pixelColor(pp.center().toPoint()), QColor(40, 160, 160));

        // All-to-all (Ulysses) names itself.
        PlanEstimate ulysses = handBuiltWithCp();
        ulysses.config.cpCommType = CpCommType::AllToAll;
        view.setPlan(ulysses);
        QVERIFY(view.rowText(1).startsWith(QStringLiteral("Context parallel (CP 4, a2a): ")));
    }

    // Expert parallelism: the MoE token dispatch and combine get their own row between CP and PP, with bytes
    // and exposed seconds, only when the plan uses EP (or ETP).
    void expertParallelRow()
    {
        CommunicationView view;
        view.setPlan(handBuilt());
        QCOMPARE(view.rowOf(K::Ep), -1);
        QVERIFY(view.barRect(K::Ep, QSizeF(900, 320)).isEmpty());

        // EP 8 exposing 0.5 s of 12 GiB a step, with CP 4 as well: TP, CP, EP, PP, DP.
        PlanEstimate plan = handBuiltWithCp();
        plan.config.ep = 8;
        plan.comm.epSeconds = 0.5;
        plan.comm.epBytes = 12 * kGiB;
        view.setPlan(plan);
        QCOMPARE(view.rowCount(), 5);
        QCOMPARE(view.rowOf(K::Cp), 1);
        QCOMPARE(view.rowOf(K::Ep), 2);
        QCOMPARE(view.rowOf(K::Pp), 3);
        QCOMPARE(view.rowOf(K::DpExposed), 4);
        QCOMPARE(view.seconds(K::Ep), 0.5);
        // Exposed: 0.6 + 0.4 + 0.5 + 0.2 + 0.3 = 2.0 s of 5 s.
        QCOMPARE(view.title(), QStringLiteral("Communication: 2.00 s per step exposed (40.0 % of the step)"));
        QCOMPARE(view.rowText(2), QStringLiteral("Expert parallel all-to-all (EP 8): 500.0 ms exposed, 12.0 GiB per step, 10.0 % of the step"));
        const QSizeF size(900, 400);
        const QRectF tp = view.barRect(K::Tp, size), ep = view.barRect(K::Ep, size), pp = view.barRect(K::Pp, size);
        QVERIFY(near(ep.width() / tp.width(), 0.5 / 0.6));
        QVERIFY(view.barRect(K::Cp, size).bottom() < ep.top() && ep.bottom() < pp.top());
        QVERIFY(view.toolTipAt(ep.center(), size).startsWith(QStringLiteral("Expert parallel all-to-all (EP 8)")));
        const QImage image = rendered(view, size.toSize(), "communication-ep.png");
        QCOMPARE(image.pixelColor(ep.center().toPoint()), QColor(205, 75, 160));

        // Expert tensor parallelism names both degrees; without CP the EP row follows TP.
        PlanEstimate etp = handBuilt();
        etp.config.ep = 4;
        etp.config.etp = 2;
        etp.comm.epSeconds = 0.25;
        etp.comm.epBytes = 3 * kGiB;
        view.setPlan(etp);
        QCOMPARE(view.rowCount(), 4);
        QCOMPARE(view.rowOf(K::Ep), 1);
        QVERIFY2(view.rowText(1).startsWith(QStringLiteral("Expert parallel all-to-all (EP 4 x ETP 2): 250.0 ms exposed, 3.0 GiB per step")),
                 qPrintable(view.rowText(1)));
    }

    void realPlanUsesTheEvaluatorsNumbers()
    {
        const PlanEstimate plan = evaluate("llama-3-70b", 64, 8, 4, 2, 1);
        CommunicationView view;
        view.setPlan(plan);
        QVERIFY(plan.comm.tpSeconds > 0 && plan.comm.ppSeconds > 0 && plan.comm.dpSeconds > 0);
        QCOMPARE(view.title(), QStringLiteral("Communication: %1 per step exposed (%2 % of the step)")
                                   .arg(CommunicationView::formatSeconds(plan.comm.exposedSeconds()))
                                   .arg(100 * plan.comm.exposedSeconds() / plan.time.stepSeconds, 0, 'f', 1));
        QCOMPARE(view.seconds(K::DpHidden), plan.comm.dpSeconds - plan.comm.dpExposedSeconds);
        QCOMPARE(view.seconds(K::DpExposed), plan.comm.dpExposedSeconds);
        QVERIFY(view.rowText(0).contains(CommunicationView::formatBytes(plan.comm.tpBytes) + QStringLiteral(" per step")));
        const QSizeF size(900, 320);
        QVERIFY(near(view.barRect(K::Tp, size).width() / view.barRect(K::Pp, size).width(), plan.comm.tpSeconds / plan.comm.ppSeconds));
        QVERIFY(near((view.barRect(K::DpExposed, size).width() + view.barRect(K::DpHidden, size).width()) / view.barRect(K::Tp, size).width(),
                     plan.comm.dpSeconds / plan.comm.tpSeconds));
        rendered(view, size.toSize(), "communication-70b.png");

        // Context parallelism (Llama 3 8B, 32k tokens, TP 2 x CP 2 x DP 4): the CP row prints the evaluator's
        // bytes and exposed seconds, and its bar is in proportion to TP's.
        PlanningProblem longContext = testing::bundledOnH100("llama-3-8b", 16);
        longContext.training.seqLength = 32768;
        ParallelConfig cpConfig = testing::viewConfig(2, 1, 4);
        cpConfig.cp = 2;
        const PlanEstimate cp = PlanEvaluator(longContext).evaluate(cpConfig);
        QVERIFY2(!cp.stages.empty(), cp.infeasibleReason.c_str());
        QVERIFY(cp.comm.cpBytes > 0 && cp.comm.tpSeconds > 0);
        view.setPlan(cp);
        QCOMPARE(view.rowOf(K::Cp), 1);
        QCOMPARE(view.seconds(K::Cp), cp.comm.cpSeconds);
        QCOMPARE(view.rowText(1), QStringLiteral("Context parallel (CP 2, p2p): %1 exposed, %2 per step, %3 % of the step")
                                      .arg(CommunicationView::formatSeconds(cp.comm.cpSeconds), CommunicationView::formatBytes(cp.comm.cpBytes))
                                      .arg(100 * cp.comm.cpSeconds / cp.time.stepSeconds, 0, 'f', 1));
        QVERIFY(near(view.barRect(K::Cp, size).width() / view.barRect(K::Tp, size).width(), cp.comm.cpSeconds / cp.comm.tpSeconds));
        QCOMPARE(view.title(), QStringLiteral("Communication: %1 per step exposed (%2 % of the step)")
                                   .arg(CommunicationView::formatSeconds(cp.comm.exposedSeconds()))
                                   .arg(100 * cp.comm.exposedSeconds() / cp.time.stepSeconds, 0, 'f', 1));
        rendered(view, size.toSize(), "communication-8b-cp2.png");

        // ZeRO-3 (weights gathered every micro-batch): the DP row names the stage and prints the evaluator's bytes.
        const PlanEstimate big = evaluate("llama-3-8b", 64, 2, 1, 32, 3);
        QVERIFY(!big.stages.empty() && big.comm.dpBytes > 0);
        view.setPlan(big);
        QVERIFY2(view.rowText(2).startsWith(QStringLiteral("Data parallel (DP 32, ZeRO 3): %1, %2 per step")
                                                .arg(CommunicationView::formatSeconds(big.comm.dpSeconds), CommunicationView::formatBytes(big.comm.dpBytes))),
                 qPrintable(view.rowText(2)));
        const QImage image = rendered(view, size.toSize(), "communication-8b-zero3.png");
        QCOMPARE(image.pixelColor(view.barRect(K::DpExposed, size).center().toPoint()), QColor(200, 60, 60));

        // A configuration the evaluator rejects up front has no numbers: the title says why, no bars.
        const PlanEstimate rejected = evaluate("llama-3.1-405b", 1024, 8, 16, 4, 1);
        QVERIFY(rejected.stages.empty());
        view.setPlan(rejected);
        QVERIFY2(view.title().startsWith(QStringLiteral("No estimate: TP 8 x PP 16 x DP 4 = 512 GPUs")), qPrintable(view.title()));
        QVERIFY(view.barRect(K::Tp, size).isEmpty());
    }

    // Issue 29: DeepSeek-V3 on 2,048 H800, TP 4 x PP 64 x EP 8. Its slowest stage holds the embedding and dense blocks,
    // no MoE layer; the EP row must still show what the MoE stages spend on the all-to-alls, averaged over the stages.
    void expertAllToAllOfMoeStagesShownWhenTheSlowestStageHasNone()
    {
        PlanningProblem p;
        p.model = buildModelGraph(testing::deepseekV3());
        p.cluster = ClusterSpec::make(testing::catalogGpu("H800-SXM"), 2048, 8);
        p.training.seqLength = 4096;
        p.training.globalBatch = 15360;
        ParallelConfig c = testing::viewConfig(4, 64, 8);
        c.ep = 8;
        c.zeroStage = 1;
        const PlanEstimate plan = PlanEvaluator(p).evaluate(c);
        QVERIFY2(!plan.stages.empty(), plan.infeasibleReason.c_str());
        int slowest = 0;
        double epSum = 0;
        for (const StageEstimate& st : plan.stages) {
            if (st.microBatchSeconds() > plan.stages[std::size_t(slowest)].microBatchSeconds())
                slowest = st.stage;
            epSum += st.epCommSeconds;
        }
        QCOMPARE(plan.stages[std::size_t(slowest)].epCommSeconds, 0.0); // the case of the issue
        QVERIFY(epSum > 0);
        // m x the stages' mean, by hand.
        const double ep = plan.numMicroBatches * epSum / double(plan.stages.size());
        QVERIFY(std::abs(plan.comm.epSeconds - ep) <= 1e-12 * plan.time.stepSeconds);
        QVERIFY(plan.comm.epBytes > 0);
        CommunicationView view;
        view.setPlan(plan);
        QCOMPARE(view.rowText(1), QStringLiteral("Expert parallel all-to-all (EP 8): %1 exposed, %2 per step, %3 % of the step")
                                      .arg(CommunicationView::formatSeconds(ep), CommunicationView::formatBytes(plan.comm.epBytes))
                                      .arg(100 * ep / plan.time.stepSeconds, 0, 'f', 1));
        QVERIFY(view.barRect(K::Ep, QSizeF(900, 320)).width() > 1);
    }

    void clearLeavesNoBars()
    {
        CommunicationView view;
        view.setPlan(handBuilt());
        view.clearPlan();
        QCOMPARE(view.title(), QStringLiteral("No plan"));
        QVERIFY(view.barRect(K::Tp, QSizeF(900, 320)).isEmpty());
        QVERIFY(view.toolTipAt(QPointF(100, 100), QSizeF(900, 320)).isEmpty());
    }
};

QTEST_MAIN(TestCommunicationView)
#include "tst_communication_view.moc"
