// SPDX-License-Identifier: GPL-3.0-or-later
// Launch configs of zero-bubble plans (core/export/*_config.cpp, megatron_args.cpp): torchtitan runs
// torch.distributed.pipelining's InterleavedZeroBubble and ZBVZeroBubble by those class names and has no
// ZB-H1; Megatron-LM (get_forward_backward_func: 1F1B or interleaved 1F1B) and DeepSpeed (TrainSchedule,
// 1F1B) have no zero-bubble schedule, so they refuse such plans with a reason and an alternative.
#include "export/launch_config.h"

#include "cost/plan_evaluator.h"
#include "export/plan_document.h"
#include "gpt_fixtures.h"
#include "util/input_error.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

/// GPT 2048 x 16 heads x 24 blocks on 16 GPUs, global batch 64: TP 2 x PP 4 x DP 2 with `schedule`.
PlanDocument documentWith(Schedule schedule, int vpp)
{
    const PlanningProblem problem = megatronProblem(megatronGpt(2048, 16, 24), 16, 64);
    ParallelConfig c;
    c.tp = 2;
    c.pp = 4;
    c.dp = 2;
    c.vpp = vpp;
    c.zeroStage = 1;
    c.schedule = schedule;
    const PlanEstimate e = PlanEvaluator(problem).evaluate(c);
    if (!e.feasible)
        throw std::runtime_error("the test plan does not fit: " + e.infeasibleReason);
    PlanDocument d;
    d.generator = "ShardScope test";
    d.model = PlanModelSummary::from(problem.model);
    d.cluster = problem.cluster;
    d.training = problem.training;
    d.plans.push_back(makeDocumentPlan(problem.model, e, 1, 1.0));
    return d;
}

template <typename F>
QString refusal(F f)
{
    try {
        f();
    } catch (const InputError& e) {
        return QString::fromStdString(e.position() + ": " + e.message());
    }
    return {};
}

} // namespace

class TestLaunchSchedules : public QObject
{
    Q_OBJECT
private slots:
    void torchtitanNamesTheZeroBubbleSchedules_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("name");
        QTest::newRow("1f1b") << int(Schedule::OneFOneB) << 1 << QStringLiteral("1F1B");
        QTest::newRow("interleaved") << int(Schedule::Interleaved1F1B) << 2 << QStringLiteral("Interleaved1F1B");
        QTest::newRow("interleaved-zb") << int(Schedule::InterleavedZeroBubble) << 2 << QStringLiteral("InterleavedZeroBubble");
        QTest::newRow("interleaved-zb vpp 3") << int(Schedule::InterleavedZeroBubble) << 3 << QStringLiteral("InterleavedZeroBubble");
        QTest::newRow("zbv") << int(Schedule::ZeroBubbleV) << 2 << QStringLiteral("ZBVZeroBubble");
    }

    void torchtitanNamesTheZeroBubbleSchedules()
    {
        QFETCH(int, schedule);
        QFETCH(int, vpp);
        QFETCH(QString, name);
        const PlanDocument d = documentWith(Schedule(schedule), vpp);
        const QString toml = QString::fromStdString(writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json"));
        QVERIFY2(toml.contains(QStringLiteral("\npipeline_parallel_schedule = \"%1\"\n").arg(name)), qPrintable(toml));
        // ZBV's V placement is said in the notes: rank r runs stages r and 2 PP - 1 - r.
        QCOMPARE(toml.contains(QStringLiteral("rank r runs stages r and 2 x PP - 1 - r")), Schedule(schedule) == Schedule::ZeroBubbleV);
    }

    void torchtitanRefusesZbH1()
    {
        const PlanDocument d = documentWith(Schedule::ZeroBubbleH1, 1);
        const QString message = refusal([&] { writeLaunchConfig(d, 0, LaunchFormat::Torchtitan, "p.json"); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].config.schedule: torchtitan has no ZB-H1 schedule")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("interleaved-zb, zbv or 1f1b")));
    }

    void megatronRefusesZeroBubble_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("vpp");
        QTest::addColumn<QString>("alternative");
        QTest::newRow("zb-h1") << int(Schedule::ZeroBubbleH1) << 1 << QStringLiteral("sail-sg/zero-bubble-pipeline-parallelism");
        QTest::newRow("interleaved-zb") << int(Schedule::InterleavedZeroBubble) << 2 << QStringLiteral("export for torchtitan");
        QTest::newRow("zbv") << int(Schedule::ZeroBubbleV) << 2 << QStringLiteral("export for torchtitan");
    }

    void megatronRefusesZeroBubble()
    {
        QFETCH(int, schedule);
        QFETCH(int, vpp);
        QFETCH(QString, alternative);
        const PlanDocument d = documentWith(Schedule(schedule), vpp);
        const QString message = refusal([&] { writeLaunchConfig(d, 0, LaunchFormat::Megatron, "p.json"); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].config.schedule: Megatron-LM has no zero-bubble pipeline schedule")),
                 qPrintable(message));
        QVERIFY(message.contains(QString::fromUtf8(toString(Schedule(schedule)).data())));
        QVERIFY2(message.contains(alternative), qPrintable(message));
        // The same plan as 1F1B or interleaved 1F1B exports.
        const PlanDocument ok = documentWith(vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB, vpp);
        QVERIFY(!writeLaunchConfig(ok, 0, LaunchFormat::Megatron, "p.json").empty());
    }

    void deepspeedRefusesZeroBubble()
    {
        const PlanDocument d = documentWith(Schedule::ZeroBubbleH1, 1);
        const QString message = refusal([&] { writeLaunchConfig(d, 0, LaunchFormat::DeepSpeed, "p.json"); });
        QVERIFY2(message.startsWith(QStringLiteral("$.plans[0].config.schedule: DeepSpeed's pipeline engine runs one schedule, 1F1B")),
                 qPrintable(message));
        QVERIFY(!message.contains(QStringLiteral("torchtitan"))); // which has no ZB-H1 either
        const PlanDocument zbv = documentWith(Schedule::ZeroBubbleV, 2);
        QVERIFY(refusal([&] { writeLaunchConfig(zbv, 0, LaunchFormat::DeepSpeed, "p.json"); })
                    .contains(QStringLiteral("choose a plan with the 1f1b schedule, or export for torchtitan")));
        QVERIFY(!writeLaunchConfig(documentWith(Schedule::OneFOneB, 1), 0, LaunchFormat::DeepSpeed, "p.json").empty());
    }
};

QTEST_GUILESS_MAIN(TestLaunchSchedules)
#include "tst_launch_schedules.moc"
