// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/plan_text.*: the plan line names every degree and setting in use (context parallelism
// with its exchange, experts, hybrid sharding, a ZeRO-3 keeping its weights, the overlaps) and
// nothing that is off; the headline gives a plan's numbers (GiB worked out here) or why it does
// not fit, HTML-escaped.
#include "plan_text.h"

#include <QLocale>
#include <QtTest>

using namespace shardscope;

class TestPlanText : public QObject
{
    Q_OBJECT
private slots:
    void thePlanLineNamesWhatIsUsed()
    {
        ParallelConfig c;
        c.tp = 8;
        c.pp = 16;
        c.dp = 8;
        c.zeroStage = 1;
        QCOMPARE(PlanText::describe(c),
            QStringLiteral("TP 8 · PP 16 · DP 8 · micro-batch 1 · ZeRO-1 · recompute none · 1f1b"));
        c.cp = 16;
        c.zeroStage = 3;
        c.dpReplicate = 2;
        c.reshardAfterForward = false;
        QCOMPARE(PlanText::describe(c),
            QStringLiteral("TP 8 · CP 16 (p2p) · PP 16 · DP 8 · micro-batch 1 · ZeRO-3 · recompute none"
                           " · HSDP x2 · weights kept to backward · 1f1b"));
        c.cpCommType = CpCommType::AllToAll;
        QVERIFY(PlanText::describe(c).startsWith(QStringLiteral("TP 8 · CP 16 (a2a) · PP 16")));
        // Expert parallelism follows DP, with ETP when above 1.
        c.ep = 8;
        QVERIFY2(PlanText::describe(c).contains(QStringLiteral(" · DP 8 · EP 8 · micro-batch")),
            qPrintable(PlanText::describe(c)));
        c.etp = 2;
        QVERIFY(PlanText::describe(c).contains(QStringLiteral(" · DP 8 · EP 8 x ETP 2 · micro-batch")));
        // The MoE all-to-all overlap closes the line, after the TP and PP overlaps.
        QVERIFY(!PlanText::describe(c).contains(QStringLiteral("EP overlap")));
        c.ppCommOverlap = true;
        c.epCommOverlap = true;
        QVERIFY2(PlanText::describe(c).endsWith(QStringLiteral(" · 1f1b · PP overlap · EP overlap")),
            qPrintable(PlanText::describe(c)));
        // One stage: no schedule; sequence parallelism and the TP overlap when on.
        ParallelConfig single;
        single.tp = 4;
        single.dp = 2;
        single.sequenceParallel = true;
        single.tpCommOverlap = true;
        single.vpp = 1;
        QCOMPARE(PlanText::describe(single),
            QStringLiteral("TP 4 · PP 1 · DP 2 · micro-batch 1 · ZeRO-0 · recompute none · SP · TP overlap"));
    }

    void theHeadlineGivesTheNumbersOrTheReason()
    {
        PlanEstimate plan;
        plan.config.tp = 2;
        plan.feasible = true;
        plan.peakMemoryBytes = 48.5 * 1024 * 1024 * 1024;
        plan.capacityBytes = 76.0 * 1024 * 1024 * 1024;
        plan.time.stepSeconds = 1.234;
        plan.tokensPerSecond = 123456.7;
        plan.mfu = 0.4321;
        plan.bubbleFraction = 0.0512;
        CalibrationInfo calibration;
        calibration.family = "H100";
        calibration.runs = 9;
        calibration.rmsError = 0.042;
        const QString headline = PlanText::headline(plan, calibration);
        const QLocale l;
        QVERIFY2(headline.startsWith(
                     QStringLiteral("<b>") + PlanText::describe(plan.config) + QStringLiteral("</b><br>")),
            qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("<br>%1 GiB per GPU of %2 GiB usable · ")
                                       .arg(l.toString(48.5, 'f', 1), l.toString(76.0, 'f', 1))),
            qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("%1 s ± 5 % per step").arg(l.toString(1.23, 'f', 2))),
            qPrintable(headline));
        QVERIFY(headline.contains(QStringLiteral("%1 tokens/s").arg(l.toString(123457.0, 'f', 0))));
        QVERIFY(headline.contains(QStringLiteral("MFU %1 %").arg(l.toString(43.2, 'f', 1))));
        QVERIFY(headline.endsWith(QStringLiteral("bubble %1 %").arg(l.toString(5.1, 'f', 1))));
        QVERIFY(PlanText::headline(plan, CalibrationInfo {})
                    .contains(QStringLiteral(" s (uncalibrated) per step")));

        plan.feasible = false;
        plan.infeasibleReason = "needs 90.1 GiB > 76.0 GiB <per GPU>";
        const QString reason = PlanText::headline(plan, calibration);
        QVERIFY2(reason.endsWith(QStringLiteral(
                     "<br><span style='color:#c0392b'>Does not fit: needs 90.1 GiB &gt; 76.0 GiB "
                     "&lt;per GPU&gt;</span>")),
            qPrintable(reason));
        QVERIFY(!reason.contains(QStringLiteral("per step")));
    }
};

QTEST_MAIN(TestPlanText)
#include "tst_plan_text.moc"
