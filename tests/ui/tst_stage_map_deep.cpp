// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/stage_map_view.* on deep pipelines: Llama-3.1-405B on 16,384 H100 at PP 8 to 128
// (deep_pipeline_fixtures.h). Past 16 stages the cards become a table, a row per stage in side-by-side groups,
// scrolled by the wheel where the rows do not fit; at every depth and size no label is elided or overprinted,
// also in SVG and in the exported figure. The cards: tst_stage_map_view.cpp.
#include "deep_pipeline_fixtures.h"
#include "stage_map_fixtures.h"
#include "stage_map_view.h"
#include "text_recorder.h"
#include "view_export.h"

#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QWheelEvent>
#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

class TestStageMapDeep : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void deepPipelinesAreATable()
    {
        // Llama-3.1-405B over 64 stages (TP 8 x DP 32 = 256 GPUs each): a row per stage, all 64 shown at the
        // default size in side-by-side groups, none overlapping; the slowest row framed.
        const testing::DeepPipeline& d = testing::deepPipeline(64);
        QCOMPARE(int(d.plan.stages.size()), 64);
        StageMapView view;
        view.setPlan(d.plan, d.problem.model);
        const QSize size(1000, 560);
        QVERIFY(view.isTable(size));
        const double lineHeight = QFontMetricsF(view.font()).height();
        for (int s = 0; s < 64; ++s) {
            const QRectF r = view.stageRect(s, size);
            QVERIFY2(!r.isEmpty(), qPrintable(QString::number(s)));
            QVERIFY(QRectF(QPointF(0, 0), size).contains(r));
            QVERIFY(r.height() >= lineHeight);
            for (int t = 0; t < s; ++t)
                QVERIFY(!view.stageRect(t, size).intersects(r.adjusted(0.5, 0.5, -0.5, -0.5)));
        }
        QVERIFY(view.deviceCellRect(0, size).isEmpty());
        // Each row names its stage, blocks, ranks, GiB and ms: stage 10's GPUs are ranks 2560–2815 (256 a
        // stage).
        const QStringList painted = strings(recorded(view, size));
        QVERIFY2(painted.contains(QStringLiteral("2560–2815")), qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY(painted.contains(QStringLiteral("blocks")));
        QVERIFY(painted.contains(
            QStringLiteral("%1").arg(d.plan.stages[10].microBatchSeconds() * 1e3, 0, 'f', 1)));
        QVERIFY(painted.contains(
            QStringLiteral("GPUs of each stage: TP 8 x DP 32 = 256 (global ranks in Megatron's order)")));
        const QString tip = view.toolTipAt(view.stageRect(10, size).center(), size);
        QVERIFY2(
            tip.startsWith(QStringLiteral("Stage 10")) && tip.contains(QStringLiteral("ranks 2560–2815")),
            qPrintable(tip));
        const QImage image = rendered(view, size, "stage-map-405b-pp64.png");
        QVERIFY(colourCount(image) > 4);
        const QRectF slowest = view.stageRect(view.slowestStage(), size);
        QCOMPARE(
            image.pixelColor(QPoint(int(slowest.left()) + 1, int(slowest.center().y()))), kSlowestBorder);
        // Cards up to 16 stages.
        view.setPlan(testing::deepPipeline(16).plan, d.problem.model);
        QVERIFY(!view.isTable(size));
    }

    void tableScrollsWhereTheRowsDoNotFit()
    {
        const testing::DeepPipeline& d = testing::deepPipeline(128);
        StageMapView view;
        view.resize(420, 300);
        view.setPlan(d.plan, d.problem.model);
        const QSize size = view.size();
        QVERIFY(view.isTable(size));
        QVERIFY(!view.stageRect(0, size).isEmpty());
        QVERIFY(view.stageRect(127, size).isEmpty()); // not all 128 rows fit
        int shown = 0;
        for (int s = 0; s < 128; ++s)
            shown += view.stageRect(s, size).isEmpty() ? 0 : 1;
        QStringList painted = strings(recorded(view, size));
        QVERIFY2(
            painted.contains(QStringLiteral("stages 0–%1 of 128 shown: the wheel scrolls").arg(shown - 1))
                || painted.contains(QStringLiteral("stages 0–%1 of 128").arg(shown - 1)),
            qPrintable(painted.join(QLatin1Char('|'))));
        // The wheel scrolls three rows a notch; never past the last row.
        QWheelEvent down(QPointF(100, 100), view.mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, -120),
            Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &down);
        QCOMPARE(view.firstTableRow(), 3);
        QVERIFY(view.stageRect(2, size).isEmpty());
        QVERIFY(!view.stageRect(3, size).isEmpty());
        view.setFirstTableRow(1000);
        QVERIFY(!view.stageRect(127, size).isEmpty());
        const QStringList problems = testing::labelProblems(recorded(view, size), size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void noElidedOrOverlappingLabels_data()
    {
        QTest::addColumn<int>("pp");
        QTest::addColumn<QSize>("size");
        for (const int pp : { 8, 16, 64, 128 })
            for (const QSize size : { QSize(1000, 560), QSize(1400, 900), QSize(640, 480), QSize(500, 560) })
                QTest::addRow("PP %d, %dx%d", pp, size.width(), size.height()) << pp << size;
    }

    void noElidedOrOverlappingLabels()
    {
        QFETCH(int, pp);
        QFETCH(QSize, size);
        const testing::DeepPipeline& d = testing::deepPipeline(pp);
        QVERIFY2(!d.plan.stages.empty(), d.plan.infeasibleReason.c_str());
        StageMapView view;
        view.setPlan(d.plan, d.problem.model);
        const QList<testing::DrawnText> texts = recorded(view, size);
        const QStringList problems = testing::labelProblems(texts, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Blocks, not layer indices: no "layers" text; every stage shown names its blocks.
        const QStringList painted = strings(texts);
        QVERIFY(painted.filter(QRegularExpression(QStringLiteral("^layers \\d"))).isEmpty());
        // The SVG export draws the same texts, none elided.
        QCOMPARE(testing::svgTexts(size, [&](QPainter& p, QSizeF s) { view.render(p, s); }), painted);
        rendered(view, size,
            qPrintable(QStringLiteral("stage-map-405b-pp%1-%2x%3.png")
                           .arg(pp)
                           .arg(size.width())
                           .arg(size.height())));
    }

    void exportedFigureIsNotElided()
    {
        // The figure the export writes (title band, the view, footer) at PP 128 and 1000 px: the long
        // subtitle is set smaller rather than cut, and the view inside stays clean, in the PNG's recording
        // and in the SVG.
        const testing::DeepPipeline& d = testing::deepPipeline(128);
        StageMapView view;
        view.setPlan(d.plan, d.problem.model);
        Figure figure;
        figure.title = QStringLiteral("Pipeline stages — llama-3.1-405b");
        figure.subtitle = QStringLiteral(
            "llama-3.1-405b on 16384 x H100-SXM, sequence 4096, global batch 2048 — TP 8 · PP 128 · "
            "DP 16 · micro-batch 1 · ZeRO-1 · recompute none · SP · TP overlap · 1f1b");
        figure.viewSize = QSizeF(1000, 560);
        figure.paint = [&](QPainter& p, QSizeF s) { view.render(p, s); };
        const QSize size = FigureExporter::figureSize(figure).toSize();
        const auto paint = [&](QPainter& p, QSizeF) { FigureExporter::paint(p, figure); };
        const QList<testing::DrawnText> texts = testing::recordTexts(size, paint);
        QVERIFY(strings(texts).contains(figure.subtitle));
        const QStringList problems = testing::labelProblems(texts, size);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        const QStringList svg = testing::svgTexts(size, paint);
        QVERIFY(svg.contains(figure.subtitle));
        QVERIFY(svg.filter(QChar(0x2026)).isEmpty());
    }
};

QTEST_MAIN(TestStageMapDeep)
#include "tst_stage_map_deep.moc"
