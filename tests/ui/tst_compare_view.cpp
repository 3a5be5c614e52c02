// SPDX-License-Identifier: GPL-3.0-or-later
// CompareView (ui/compare_view): its table is core's comparison, worded; it paints every plan's label in a
// PNG and an SVG with no label elided or overprinted; it compares at most three plans with the baseline.
#include "compare_view.h"
#include "partition/plan_config_text.h"
#include "stage_map_view.h"
#include "text_recorder.h"
#include "timeline_view.h"
#include "view_fixtures.h"

#include <QApplication>
#include <QFileInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace shardscope;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
const QString kMinus = QString(QChar(0x2212));

/// A change with its sign; one that rounds to zero in the digits shown reads "±0.0".
QString signedText(double v, const QString& magnitude)
{
    if (!magnitude.contains(QRegularExpression(QStringLiteral("[1-9]"))))
        return QStringLiteral("±") + magnitude;
    return (v > 0 ? QStringLiteral("+") : kMinus) + magnitude;
}

QString secondsText(double s)
{
    const QLocale locale;
    return std::abs(s) >= 1 ? locale.toString(s, 'f', 2) + QStringLiteral(" s")
                            : locale.toString(s * 1e3, 'f', 1) + QStringLiteral(" ms");
}

QString percentText(double fraction)
{
    return QLocale().toString(std::abs(fraction) * 100, 'f', 1) + QStringLiteral(" %");
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_problem = testing::bundledOnH100("llama-3-8b", 16);
        m_problem.training.globalBatch = 256;
        m_evaluator = std::make_unique<PlanEvaluator>(m_problem);
        const int gpus = m_problem.cluster.totalGpus();
        // A baseline that does not fit (ZeRO-0), a 1F1B, an interleaved and a TP-only plan.
        m_baseline = m_evaluator->evaluate(parsePlanConfig("tp=1,pp=1,zero=0", gpus));
        for (const char* text :
            { "tp=4,pp=2", "tp=2,pp=4,mb=2,schedule=interleaved,vpp=2", "tp=8,recompute=full", "tp=4,pp=4" })
            m_plans.push_back(m_evaluator->evaluate(parsePlanConfig(text, gpus)));
        QVERIFY(!m_baseline.feasible && !m_baseline.stages.empty());
        for (const PlanEstimate& p : m_plans)
            QVERIFY2(p.feasible, p.infeasibleReason.c_str());
    }

    void emptyUntilBaseline()
    {
        CompareView view;
        QVERIFY(!view.hasBaseline());
        QCOMPARE(view.rowCount(), 0);
        QCOMPARE(view.title(), QStringLiteral("Pin a baseline to compare plans with it"));
        const QStringList texts
            = testing::svgTexts(QSize(800, 500), [&](QPainter& p, QSizeF s) { view.render(p, s); });
        QVERIFY(!texts.isEmpty());
    }

    void tableIsTheCoreComparison()
    {
        CompareView view;
        filled(view, 3);
        const PlanComparison core = comparePlans(m_baseline, { m_plans[0], m_plans[1], m_plans[2] });
        QCOMPARE(view.rowCount(), int(core.rows.size()));
        QCOMPARE(view.comparison().planCount, 4);
        QStringList names;
        for (int r = 0; r < view.rowCount(); ++r) {
            names << view.rowName(r);
            QVERIFY(view.comparison().rows[std::size_t(r)].metric == core.rows[std::size_t(r)].metric);
        }
        QCOMPARE(names,
            QStringList({ "Step time", "Tokens/s", "MFU", "HFU", "Pipeline bubble", "Peak memory per GPU",
                "Usable memory per GPU", "Memory headroom", "Exposed communication", "TP communication",
                "PP communication", "DP communication exposed", "DP traffic (before overlap)",
                "Compute imbalance", "Micro-batches per step" }));
        QCOMPARE(view.columnLabels(), QStringList({ "Baseline", "Rank 1", "Rank 2", "Rank 3" }));

        // Step time, peak memory and MFU, worded from the plans' own numbers.
        const std::vector<const PlanEstimate*> plans { &m_baseline, &m_plans[0], &m_plans[1], &m_plans[2] };
        const double baseStep = m_baseline.time.stepSeconds;
        for (int c = 0; c < 4; ++c) {
            const PlanEstimate& p = *plans[std::size_t(c)];
            QCOMPARE(view.valueText(0, c), secondsText(p.time.stepSeconds));
            QCOMPARE(view.valueText(5, c),
                QLocale().toString(p.peakMemoryBytes / kGiB, 'f', 1) + QStringLiteral(" GiB"));
            QCOMPARE(view.valueText(2, c), percentText(p.mfu));
            if (c == 0) {
                QVERIFY(view.deltaText(0, c).isEmpty());
                continue;
            }
            const double d = p.time.stepSeconds - baseStep;
            QCOMPARE(view.deltaText(0, c),
                QStringLiteral("%1 (%2)").arg(
                    signedText(d, secondsText(std::abs(d))), signedText(d, percentText(d / baseStep))));
            const double dm = p.peakMemoryBytes - m_baseline.peakMemoryBytes;
            QCOMPARE(view.deltaText(5, c),
                QStringLiteral("%1 (%2)").arg(
                    signedText(dm, QLocale().toString(std::abs(dm) / kGiB, 'f', 1) + QStringLiteral(" GiB")),
                    signedText(dm, percentText(dm / m_baseline.peakMemoryBytes))));
            // Percentage points (a second decimal under a tenth of a point), no relative change.
            const double points = std::abs(p.mfu - m_baseline.mfu) * 100;
            QCOMPARE(view.deltaText(2, c),
                signedText(p.mfu - m_baseline.mfu,
                    QLocale().toString(points, 'f', points > 0 && points < 0.1 ? 2 : 1)
                        + QStringLiteral(" pp")));
            // Colours: faster and less memory are better, by more than 0.5 %.
            const QColor better = QColor(0x2e, 0x7d, 0x32), worse = QColor(0xc6, 0x28, 0x28);
            if (std::abs(d) > 0.005 * std::max(baseStep, p.time.stepSeconds))
                QCOMPARE(view.deltaColour(0, c), d < 0 ? better : worse);
            QCOMPARE(view.deltaColour(5, c), dm < 0 ? better : worse); // every plan here holds far less
            QVERIFY(dm < 0);
        }
        // HFU is neither better nor worse: the text's colour.
        QCOMPARE(view.deltaColour(3, 3), view.palette().color(QPalette::Text));
    }

    void atMostThreePlans()
    {
        CompareView view;
        filled(view, 3);
        QCOMPARE(view.addPlan(m_plans[3], m_problem.model, QStringLiteral("Rank 4")),
            QStringLiteral(
                "At most 3 plans are compared with the baseline: remove one before adding another."));
        QCOMPARE(view.planCount(), 3);
        QVERIFY(view.removePlan(1));
        QCOMPARE(view.columnLabels(), QStringList({ "Baseline", "Rank 1", "Rank 3" }));
        QCOMPARE(view.addPlan(m_plans[0], m_problem.model), QStringLiteral("This plan is already compared."));
        QCOMPARE(view.addPlan(m_baseline, m_problem.model), QStringLiteral("This plan is the baseline."));
        QCOMPARE(view.addPlan(m_plans[3], m_problem.model, QStringLiteral("Rank 4")), QString());
        QCOMPARE(view.planCount(), 3);
        QCOMPARE(*view.comparison().row(ComparisonMetric::StepSeconds)->cells[3].value,
            m_plans[3].time.stepSeconds);
        QVERIFY(!view.removePlan(3));
        view.clearPlans();
        QCOMPARE(view.planCount(), 0);
        QCOMPARE(view.comparison().planCount, 1);
    }

    void timelinesShareOneAxis()
    {
        CompareView view;
        filled(view, 3);
        double longest = 0;
        for (const PlanEstimate* p : { &m_baseline, &m_plans[0], &m_plans[1], &m_plans[2] })
            longest = std::max(longest, p->time.stepSeconds);
        QCOMPARE(view.timeRangeSeconds(), longest);
        const QSizeF cell(380, 240);
        for (int c = 0; c < 4; ++c) {
            QCOMPARE(view.timeline(c)->timeRange(), longest);
            QVERIFY(!view.timeline(c)->timeline().passes.empty());
            QVERIFY(view.stageMap(c)->plan().config == view.plan(c).config);
        }
        // The same time lands at the same fraction of each plot: a plan's last pass ends where its makespan
        // over the shared range says, not at the plot's right edge.
        for (int c = 0; c < 4; ++c) {
            const TimelineView* t = view.timeline(c);
            const QRectF plot = t->plotArea(cell);
            double right = 0;
            for (const ScheduleSlot& s : t->timeline().passes)
                right = std::max(right, t->passRect(s, cell).right());
            QVERIFY2(std::abs((right - plot.left()) / plot.width() - t->timeline().makespan / longest) < 0.01,
                qPrintable(QStringLiteral("column %1").arg(c)));
        }
    }

    void rendersEveryLabel_data()
    {
        QTest::addColumn<QSize>("requested");
        QTest::addColumn<int>("plans");
        QTest::newRow("1600x920, three plans") << QSize(1600, 920) << 3;
        QTest::newRow("1600x920, one plan") << QSize(1600, 920) << 1;
        QTest::newRow("1280x800, three plans") << QSize(1280, 800) << 3;
    }

    void rendersEveryLabel()
    {
        QFETCH(QSize, requested);
        QFETCH(int, plans);
        CompareView view;
        filled(view, plans);
        // Never drawn below its minimum (the tab scrolls, an export grows to it): 1280x800 with three plans is drawn
        // 865 high, where each section has its least height.
        const QSize size = requested.expandedTo(view.minimumSizeHint());
        const QImage image = testing::renderToImage(view, size,
            qPrintable(
                QStringLiteral("compare-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(plans)));
        QVERIFY(!image.isNull());
        const auto paint = [&](QPainter& p, QSizeF s) { view.render(p, s); };
        const QList<testing::DrawnText> drawn = testing::recordTexts(size, paint);
        const QStringList problems = testing::labelProblems(drawn, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        const QStringList svg = testing::svgTexts(size, paint);
        QStringList painted;
        for (const testing::DrawnText& t : drawn)
            painted << t.text;
        for (const QString& label : view.columnLabels()) {
            QVERIFY2(svg.contains(label), qPrintable(label));
            QVERIFY2(painted.contains(label), qPrintable(label));
        }
        // Every value and change of the table is there whole (none dropped at these sizes).
        for (int r = 0; r < view.rowCount(); ++r)
            for (int c = 0; c <= plans; ++c) {
                QVERIFY2(svg.contains(view.valueText(r, c)), qPrintable(view.valueText(r, c)));
                if (!view.deltaText(r, c).isEmpty())
                    QVERIFY2(svg.contains(view.deltaText(r, c)), qPrintable(view.deltaText(r, c)));
            }
        // The baseline's column says it does not fit.
        QVERIFY(std::any_of(svg.begin(), svg.end(),
            [](const QString& t) { return t.startsWith(QStringLiteral("Does not fit")); }));
    }

    void deepPipelinesListEveryStage()
    {
        // 16 interleaved stages in a quarter of the page: too many for a stage map, so each column lists its
        // stages (side by side where they need it), every stage shown, no label clipped or overprinted.
        const int gpus = m_problem.cluster.totalGpus();
        CompareView view;
        view.setBaseline(m_evaluator->evaluate(parsePlanConfig("pp=16,vpp=2,schedule=interleaved", gpus)),
            m_problem.model);
        for (const char* text : { "pp=16,schedule=1f1b", "pp=8,vpp=2,schedule=interleaved", "tp=2,pp=8" })
            QCOMPARE(
                view.addPlan(m_evaluator->evaluate(parsePlanConfig(text, gpus)), m_problem.model), QString());
        for (int c = 0; c < 4; ++c)
            QVERIFY(!view.plan(c).stages.empty());
        const QSize size(1600, 920);
        testing::renderToImage(view, size, "compare-deep.png");
        const QList<testing::DrawnText> drawn
            = testing::recordTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); });
        const QStringList problems = testing::labelProblems(drawn, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        int stageHeaders = 0;
        for (const testing::DrawnText& t : drawn) {
            QVERIFY2(!t.text.startsWith(QStringLiteral("stages 0–")), qPrintable(t.text)); // none left out
            stageHeaders += t.text == QStringLiteral("stage") ? 1 : 0;
        }
        QVERIFY(stageHeaders >= 4); // a list in each column
    }

    void figureIsOnePage()
    {
        CompareView view;
        filled(view, 3);
        const Figure f = view.figure(QStringLiteral("llama-3-8b on 16 x H100-SXM"));
        QCOMPARE(f.title, QStringLiteral("Plan comparison"));
        QCOMPARE(f.viewSize, QSizeF(1600, 920));
        QTemporaryDir dir;
        for (const char* name : { "compare.png", "compare.svg" }) {
            const QString path = dir.filePath(QLatin1String(name));
            QCOMPARE(FigureExporter::write(path, f), QString());
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }

    void darkPalette()
    {
        CompareView view;
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        view.setPalette(dark);
        filled(view, 3);
        QCOMPARE(view.deltaColour(5, 1), QColor(0x81, 0xc7, 0x84));
        testing::renderToImage(view, QSize(1600, 920), "compare-dark.png");
    }

private:
    void filled(CompareView& view, int plans)
    {
        view.setBaseline(m_baseline, m_problem.model);
        for (int i = 0; i < plans; ++i)
            QCOMPARE(
                view.addPlan(m_plans[std::size_t(i)], m_problem.model, QStringLiteral("Rank %1").arg(i + 1)),
                QString());
    }

    PlanningProblem m_problem;
    std::unique_ptr<PlanEvaluator> m_evaluator;
    PlanEstimate m_baseline;
    std::vector<PlanEstimate> m_plans;
};

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
