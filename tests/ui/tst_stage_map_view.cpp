// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/stage_map_view.*: one card per pipeline stage with its transformer blocks, GPUs (a grid of global
// ranks or a one-line summary, with CP groups in Megatron's rank order), memory and time; the slowest
// stage is framed; expert groups (MoE parallel folding) are outlined; ranks past 999 never overprint. Deep
// pipelines (past 16 stages a table, labels at PP 8 to 128, the exported figure): tst_stage_map_deep.cpp.
#include "cost/plan_evaluator.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/layer_partition.h"
#include "stage_map_fixtures.h"
#include "stage_map_view.h"
#include "text_recorder.h"
#include "view_fixtures.h"

#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QtTest>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

struct Evaluated
{
    ModelGraph model;
    PlanEstimate plan;
};

Evaluated evaluate(const char* model, int gpus, int tp, int pp, int dp, int vpp = 1)
{
    const PlanningProblem p = testing::bundledOnH100(model, gpus);
    ParallelConfig c = testing::viewConfig(tp, pp, dp);
    c.sequenceParallel = tp > 1;
    c.vpp = vpp;
    c.schedule = vpp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    return { p.model, PlanEvaluator(p).evaluate(c) };
}

/// A model of six empty layers ("toy.layer0" ... "toy.layer5") and no plan yet.
Evaluated sixLayerToy()
{
    Evaluated e { ModelGraph(std::string("toy")), {} };
    for (int i = 0; i < 6; ++i) {
        Layer layer;
        layer.name = "toy.layer" + std::to_string(i);
        e.model.addLayer(layer);
    }
    return e;
}

/// Three stages of two layers on TP 2 x DP 1, 40 / 45 / 42 ms per micro-batch.
Evaluated handBuilt()
{
    Evaluated e = sixLayerToy();
    e.plan.config.tp = 2;
    e.plan.config.pp = 3;
    e.plan.capacityBytes = 80.0 * 1024 * 1024 * 1024;
    const double ms[] = { 40, 45, 42 };
    for (int s = 0; s < 3; ++s) {
        StageEstimate st;
        st.stage = s;
        st.layerRanges = { { 2 * s, 2 * s + 2 } };
        st.computeSeconds = (ms[s] - 5) * 1e-3;
        st.tpCommSeconds = 4e-3;
        st.ppCommSeconds = 1e-3;
        st.memory.weightsBytes = (10.0 + s) * 1024 * 1024 * 1024;
        e.plan.stages.push_back(st);
    }
    return e;
}

/// Two stages of three layers on TP 2 x CP 2 x DP 2 (16 GPUs), 30 and 33 ms per micro-batch.
Evaluated contextParallel()
{
    Evaluated e = sixLayerToy();
    e.plan.config.tp = 2;
    e.plan.config.cp = 2;
    e.plan.config.dp = 2;
    e.plan.config.pp = 2;
    e.plan.capacityBytes = 80.0 * 1024 * 1024 * 1024;
    for (int s = 0; s < 2; ++s) {
        StageEstimate st;
        st.stage = s;
        st.layerRanges = { { 3 * s, 3 * s + 3 } };
        st.computeSeconds = (25.0 + 3 * s) * 1e-3;
        st.tpCommSeconds = 2e-3;
        st.cpCommSeconds = 2.5e-3;
        st.ppCommSeconds = 0.5e-3;
        st.memory.weightsBytes = 20.0 * 1024 * 1024 * 1024;
        e.plan.stages.push_back(st);
    }
    return e;
}

/// Two stages of three layers on TP 2 x DP 4 (16 GPUs) with EP 4: two expert groups a stage. Stage 0 holds
/// 30 GiB of routed experts per GPU and spends 3 ms a micro-batch in the all-to-alls.
Evaluated expertParallel(int ep, int etp)
{
    Evaluated e = sixLayerToy();
    e.plan.config.tp = 2;
    e.plan.config.dp = 4;
    e.plan.config.pp = 2;
    e.plan.config.ep = ep;
    e.plan.config.etp = etp;
    e.plan.capacityBytes = 80.0 * 1024 * 1024 * 1024;
    for (int s = 0; s < 2; ++s) {
        StageEstimate st;
        st.stage = s;
        st.layerRanges = { { 3 * s, 3 * s + 3 } };
        st.computeSeconds = (25.0 + s) * 1e-3;
        st.tpCommSeconds = 2e-3;
        st.epCommSeconds = 3e-3;
        st.memory.weightsBytes = 40.0 * 1024 * 1024 * 1024;
        st.memory.routedExpertBytes = 30.0 * 1024 * 1024 * 1024;
        st.memory.other.moeDispatch = 0.5 * 1024 * 1024 * 1024;
        st.memory.overheadBytes = 0.5 * 1024 * 1024 * 1024;
        e.plan.stages.push_back(st);
    }
    return e;
}

} // namespace

class TestStageMapView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void slowestStageIsFramedAndTitled()
    {
        const Evaluated e = handBuilt();
        StageMapView view;
        view.setPlan(e.plan, e.model);
        QCOMPARE(view.slowestStage(), 1);
        QCOMPARE(view.title(),
            QStringLiteral("3 pipeline stages x (TP 2 x DP 1): slowest stage 1, 45.0 ms per micro-batch"));
        QCOMPARE(view.layerRangeText(2, 0), QStringLiteral("layers 4–5 (2): toy.layer4 … toy.layer5"));
        QCOMPARE(view.deviceSummary(2), QStringLiteral("TP 2 x DP 1 = 2 GPUs, ranks 4–5"));

        const QSize size(900, 400);
        const QImage image = rendered(view, size, "stage-map-toy.png");
        // The slowest card's left border is orange; the others' are not.
        for (int s = 0; s < 3; ++s) {
            const QRectF r = view.stageRect(s, size);
            const QColor border = image.pixelColor(QPoint(int(r.left()) + 1, int(r.center().y())));
            QVERIFY2((border == kSlowestBorder) == (s == 1),
                qPrintable(QStringLiteral("stage %1: %2").arg(s).arg(border.name())));
        }
        // Ties go to the later stage, like the evaluator's critical stage.
        Evaluated tie = handBuilt();
        tie.plan.stages[2].computeSeconds = tie.plan.stages[1].computeSeconds;
        view.setPlan(tie.plan, tie.model);
        QCOMPARE(view.slowestStage(), 2);
    }

    void realPlanGridOfRanks()
    {
        const Evaluated e = evaluate("llama-3-70b", 64, 8, 4, 2);
        QCOMPARE(int(e.plan.stages.size()), 4);
        StageMapView view;
        view.setPlan(e.plan, e.model);
        // The slowest stage is the evaluator's critical one: its per-micro-batch compute times m is the
        // step's.
        const int slowest = view.slowestStage();
        QVERIFY(slowest >= 0 && slowest < 4);
        for (const StageEstimate& s : e.plan.stages)
            QVERIFY(s.microBatchSeconds() <= e.plan.stages[std::size_t(slowest)].microBatchSeconds());
        // The step's compute is m x the stages' mean (every stage has as many GPUs; plan_estimate.h's TimeBreakdown),
        // and the slowest stage's wait-free time is the mean plus the others' wait for it.
        double compute = 0, mean = 0;
        for (const StageEstimate& s : e.plan.stages) {
            compute += s.computeSeconds / 4;
            mean += s.microBatchSeconds() / 4;
        }
        QCOMPARE(e.plan.time.computeSeconds, e.plan.numMicroBatches * compute);
        QCOMPARE(e.plan.time.imbalanceSeconds,
                 e.plan.numMicroBatches * (e.plan.stages[std::size_t(slowest)].microBatchSeconds() - mean));
        QCOMPARE(view.title(),
            QStringLiteral("4 pipeline stages x (TP 8 x DP 2): slowest stage %1, %2 ms per micro-batch")
                .arg(slowest)
                .arg(e.plan.stages[std::size_t(slowest)].microBatchSeconds() * 1e3, 0, 'f', 1));
        QVERIFY(view.layerRangeText(0, 0).startsWith(QStringLiteral("layers 0–")));
        QVERIFY(view.layerRangeText(0, 0).contains(QStringLiteral(": model.embed_tokens … ")));

        const QSize size(1000, 560);
        // Every rank has a cell inside its stage's card: TP ranks across, DP ranks down.
        for (int rank = 0; rank < 64; ++rank) {
            const QRectF cell = view.deviceCellRect(rank, size);
            QVERIFY2(!cell.isEmpty(), qPrintable(QString::number(rank)));
            QVERIFY(view.stageRect(rank / 16, size).contains(cell));
        }
        QCOMPARE(view.deviceCellRect(37, size).left(),
            view.deviceCellRect(32, size).left() + 5 * view.deviceCellRect(32, size).width());
        QCOMPARE(view.deviceCellRect(37 + 8, size).top(), view.deviceCellRect(37, size).bottom());
        const QString tip = view.toolTipAt(view.deviceCellRect(37, size).center(), size);
        QVERIFY2(tip.contains(QStringLiteral("GPU 37: TP rank 5, DP rank 0")), qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("TP 8 x DP 2 = 16 GPUs, ranks 32–47")));
        QVERIFY(tip.contains(QStringLiteral("%1 GiB").arg(
            e.plan.stages[2].memory.totalBytes() / (1024.0 * 1024 * 1024), 0, 'f', 1)));
        QVERIFY(view.toolTipAt(QPointF(1, 1), size).isEmpty());

        const QImage image = rendered(view, size, "stage-map-70b-64.png");
        QVERIFY(colourCount(image) > 4);
        // A cell is painted in the device colour.
        QCOMPARE(image.pixelColor(view.deviceCellRect(37, size).topLeft().toPoint() + QPoint(2, 2)),
            QColor(52, 120, 210));
    }

    void narrowStagesWrapIntoLabelledRows()
    {
        // TP 1 x DP 32 (issue 29: drawn as an unlabelled column of 10-pixel cells): the DP ranks wrap into rows,
        // read left to right like text, each cell large enough for its rank number.
        const Evaluated e = evaluate("llama-3-8b", 32, 1, 1, 32);
        QVERIFY2(!e.plan.stages.empty(), e.plan.infeasibleReason.c_str());
        StageMapView view;
        view.setPlan(e.plan, e.model);
        const QSize size(1000, 560);
        const auto cell = [&](int rank) { return view.deviceCellRect(rank, size); };
        QVERIFY(!view.isTable(size));
        std::set<double> columns;
        for (int rank = 0; rank < 32; ++rank) {
            QVERIFY2(!cell(rank).isEmpty(), qPrintable(QString::number(rank)));
            QVERIFY(view.stageRect(0, size).contains(cell(rank)));
            columns.insert(cell(rank).left());
            for (int other = 0; other < rank; ++other) // no two cells overlap
                QVERIFY(!cell(rank).adjusted(0.5, 0.5, -0.5, -0.5).intersects(cell(other)));
        }
        // Several columns (a divisor of 32), consecutive ranks side by side, the next row below the first.
        const int perRow = int(columns.size());
        QVERIFY2(perRow > 1 && 32 % perRow == 0, qPrintable(QString::number(perRow)));
        QCOMPARE(cell(1).left(), cell(0).right());
        QCOMPARE(cell(1).top(), cell(0).top());
        QCOMPARE(cell(perRow).top(), cell(0).bottom());
        QCOMPARE(cell(perRow).left(), cell(0).left());
        // Square cells at least 18 pixels (two digits of the small font and a margin) ...
        QCOMPARE(cell(31).width(), cell(31).height());
        QVERIFY2(cell(31).width() >= 18, qPrintable(QString::number(cell(31).width())));
        // ... with the rank painted in white inside, and the hover naming the GPU.
        const QImage image = rendered(view, size, "stage-map-tp1-dp32.png");
        int white = 0;
        const QRect inside = cell(31).toAlignedRect().adjusted(1, 1, -1, -1);
        for (int x = inside.left(); x <= inside.right(); ++x)
            for (int y = inside.top(); y <= inside.bottom(); ++y)
                white += image.pixelColor(x, y).lightness() > 200 ? 1 : 0;
        QVERIFY2(white >= 6, qPrintable(QString::number(white)));
        const QString tip = view.toolTipAt(cell(17).center(), size);
        QVERIFY2(tip.contains(QStringLiteral("GPU 17: TP rank 0, DP rank 17")), qPrintable(tip));

        // TP 2 x DP 16: one DP rank a row where the 16 rows fit at full size; in a lower view each DP rank's two
        // GPUs a block, the blocks side by side a gap apart.
        const Evaluated tp2 = evaluate("llama-3-8b", 32, 2, 1, 16);
        view.setPlan(tp2.plan, tp2.model);
        QCOMPARE(cell(2).left(), cell(0).left());
        QCOMPARE(cell(2).top(), cell(0).bottom());
        const QSize low(1000, 360);
        const auto lowCell = [&](int rank) { return view.deviceCellRect(rank, low); };
        QCOMPARE(lowCell(1).left(), lowCell(0).right());
        QCOMPARE(lowCell(2).top(), lowCell(0).top());
        QCOMPARE(lowCell(2).left(), lowCell(1).right() + StageMapView::ReplicaGap);
        QVERIFY(lowCell(0).width() > cell(0).width() / 2);
        rendered(view, low, "stage-map-tp2-dp16.png");
    }

    void summaryWhenTheGridWouldNotFit()
    {
        // 128 GPUs per stage: always the summary line.
        const Evaluated big = evaluate("llama-3.1-405b", 1024, 8, 8, 16);
        StageMapView view;
        view.setPlan(big.plan, big.model);
        QVERIFY(view.deviceCellRect(0, QSizeF(1600, 1000)).isEmpty());
        QCOMPARE(view.deviceSummary(3), QStringLiteral("TP 8 x DP 16 = 128 GPUs, ranks 384–511"));
        rendered(view, QSize(1000, 560), "stage-map-405b-pp8-1024.png");

        const Evaluated flat = evaluate("llama-3-8b", 1024, 8, 1, 128);
        view.setPlan(flat.plan, flat.model);
        QCOMPARE(view.deviceSummary(0), QStringLiteral("TP 8 x DP 128 = 1,024 GPUs, ranks 0–1023"));

        // 64 GPUs per stage: a grid in a large view, the summary when the cells would be too small.
        const Evaluated grid = evaluate("llama-3.1-405b", 1024, 8, 16, 8);
        view.setPlan(grid.plan, grid.model);
        QVERIFY(!view.deviceCellRect(1023, QSizeF(1600, 1000)).isEmpty());
        QVERIFY(
            view.stageRect(15, QSizeF(1600, 1000)).contains(view.deviceCellRect(1023, QSizeF(1600, 1000))));
        QVERIFY(view.deviceCellRect(1023, QSizeF(400, 250)).isEmpty());
        rendered(view, QSize(1600, 1000), "stage-map-405b-pp16-1024.png");

        // Context parallelism: TP 8 x CP 16 x DP 8 = 1,024 GPUs a stage, always the summary line.
        ParallelConfig c = testing::viewConfig(8, 16, 8);
        c.cp = 16;
        const PlanningProblem longContext = testing::bundledOnH100("llama-3.1-405b", 16384);
        const PlanEstimate cp = PlanEvaluator(longContext).evaluate(c);
        QVERIFY2(!cp.stages.empty(), cp.infeasibleReason.c_str());
        view.setPlan(cp, longContext.model);
        QCOMPARE(view.deviceSummary(3), QStringLiteral("TP 8 x CP 16 x DP 8 = 1,024 GPUs, ranks 3072–4095"));
        QVERIFY(view.title().contains(QStringLiteral("x (TP 8 x CP 16 x DP 8)")));
        QVERIFY(view.deviceCellRect(3072, QSizeF(1600, 1000)).isEmpty());
        rendered(view, QSize(1600, 1000), "stage-map-405b-cp16-16384.png");
    }

    void contextParallelGroupsInMegatronOrder()
    {
        const Evaluated e = contextParallel();
        StageMapView view;
        view.setPlan(e.plan, e.model);
        QCOMPARE(view.title(),
            QStringLiteral(
                "2 pipeline stages x (TP 2 x CP 2 x DP 2): slowest stage 1, 33.0 ms per micro-batch"));
        QCOMPARE(view.deviceSummary(0), QStringLiteral("TP 2 x CP 2 x DP 2 = 8 GPUs, ranks 0–7"));
        QCOMPARE(view.deviceSummary(1), QStringLiteral("TP 2 x CP 2 x DP 2 = 8 GPUs, ranks 8–15"));

        // Megatron: rank = tp + TP x (cp + CP x (dp + DP x pp)). By hand, stage 1 (pp 1) holds
        //   dp 0: cp 0 -> ranks  8,  9 (tp 0, 1); cp 1 -> 10, 11
        //   dp 1: cp 0 -> ranks 12, 13;           cp 1 -> 14, 15
        // so GPU 13 is TP rank 1, CP rank 0, DP rank 1, and GPU 10 is TP rank 0, CP rank 1, DP rank 0.
        const QSize size(1000, 560);
        const auto cell = [&](int rank) { return view.deviceCellRect(rank, size); };
        for (int rank = 0; rank < 16; ++rank) {
            QVERIFY2(!cell(rank).isEmpty(), qPrintable(QString::number(rank)));
            QVERIFY(view.stageRect(rank / 8, size).contains(cell(rank)));
        }
        const QString tip13 = view.toolTipAt(cell(13).center(), size);
        QVERIFY2(
            tip13.contains(QStringLiteral("GPU 13: TP rank 1, CP rank 0, DP rank 1")), qPrintable(tip13));
        QVERIFY(tip13.contains(QStringLiteral("TP 2 x CP 2 x DP 2 = 8 GPUs, ranks 8–15")));
        QVERIFY2(tip13.contains(QStringLiteral("(compute 28.0, recompute 0.0, TP 2.0, CP 2.5, PP 0.5 ms)")),
            qPrintable(tip13));
        QVERIFY(view.toolTipAt(cell(10).center(), size)
                    .contains(QStringLiteral("GPU 10: TP rank 0, CP rank 1, DP rank 0")));
        QVERIFY(view.toolTipAt(cell(3).center(), size)
                    .contains(QStringLiteral("GPU 3: TP rank 1, CP rank 1, DP rank 0")));

        // TP across; a CP group (one TP rank's two CP ranks) stacked down; DP rank 1's block below, apart.
        const double w = cell(8).width();
        QCOMPARE(cell(9).left(), cell(8).left() + w);
        QCOMPARE(cell(9).top(), cell(8).top());
        QCOMPARE(cell(10).left(), cell(8).left());
        QCOMPARE(cell(10).top(), cell(8).bottom()); // same CP group as 8: directly below
        QCOMPARE(cell(12).left(), cell(8).left());
        QCOMPARE(cell(12).top(), cell(10).bottom() + StageMapView::ReplicaGap);
        QCOMPARE(cell(15).top(), cell(13).bottom());

        // Cells in the device colour, each CP group framed in a darker one: the frame's pixels lie between
        // the cells of GPU 9 and 11 (one group), but not in the gap between the DP blocks.
        const QImage image = rendered(view, size, "stage-map-cp.png");
        QCOMPARE(image.pixelColor(cell(13).center().toPoint()), QColor(52, 120, 210));
        const QColor frame = image.pixelColor(QPoint(int(cell(9).left()) + 1, int(cell(9).bottom())));
        QVERIFY2(frame.lightness() < QColor(52, 120, 210).lightness(), qPrintable(frame.name()));
        const QColor gap = image.pixelColor(QPoint(int(cell(12).center().x()), int(cell(12).top()) - 2));
        QVERIFY2(gap != QColor(52, 120, 210) && gap.lightness() > frame.lightness(), qPrintable(gap.name()));
    }

    void expertGroupsAreOutlined()
    {
        const Evaluated e = expertParallel(4, 1);
        StageMapView view;
        view.setPlan(e.plan, e.model);
        QVERIFY2(view.title().endsWith(QStringLiteral("; experts EP 4 x ETP 1 x expert DP 2")),
            qPrintable(view.title()));
        // MoE parallel folding: a stage's 8 GPUs are 2 expert groups of EP 4 consecutive ranks.
        QCOMPARE(view.expertGroupCount(), 2);
        QCOMPARE(view.expertGroupRanks(1, 1), (QList<int> { 12, 13, 14, 15 }));
        QCOMPARE(view.expertGroupRanks(0, 0), (QList<int> { 0, 1, 2, 3 }));
        QVERIFY(view.expertGroupRanks(0, 2).isEmpty());

        const QSize size(1000, 560);
        const auto cell = [&](int rank) { return view.deviceCellRect(rank, size); };
        // TP 2 across: group 12-15 is rows 2 and 3 of stage 1's grid; its outline is exactly their box.
        const QPainterPath outline = view.expertGroupOutline(1, 1, size);
        QVERIFY(!outline.isEmpty());
        QCOMPARE(outline.boundingRect(), cell(12).united(cell(15)));
        QCOMPARE(view.expertGroupOutline(1, 0, size).boundingRect(), cell(8).united(cell(11)));

        // GPU 13 is stage 1's local GPU 5: EP rank 1 of expert-DP rank 1.
        const QString tip = view.toolTipAt(cell(13).center(), size);
        QVERIFY2(tip.contains(
                     QStringLiteral("GPU 13: TP rank 1, DP rank 2; experts: EP rank 1, expert DP rank 1")),
            qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("of which MoE: routed experts 30.0 GiB, shared experts 0.0 GiB")),
            qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("dispatcher buffers 0.5 GiB")));
        QVERIFY2(tip.contains(QStringLiteral("EP all-to-all 3.0, PP 0.0 ms)")), qPrintable(tip));

        // The outline's pixels lie on the border between the groups (between GPU 10 and 12), not between two
        // GPUs of one group (10 and 8); the cells keep the device colour.
        const QImage image = rendered(view, size, "stage-map-ep.png");
        const QColor ep(205, 75, 160);
        QCOMPARE(image.pixelColor(cell(12).center().toPoint()), QColor(52, 120, 210));
        const QPoint between(int(cell(12).center().x()), int(std::round(cell(12).top())));
        QCOMPARE(image.pixelColor(between), ep);
        const QPoint inside(int(cell(10).center().x()), int(std::round(cell(10).top())));
        QVERIFY(image.pixelColor(inside) != ep);
        // The memory bar: the routed experts' share (30 of 80 GiB) in the same colour, left of the rest.
        const auto epPixels = [&](const QImage& picture) {
            int count = 0;
            const QRectF card = view.stageRect(0, size);
            for (int x = int(card.left()); x < int(card.right()); ++x)
                for (int y = int(card.top()); y < int(card.bottom()); ++y)
                    count += picture.pixelColor(x, y) == ep ? 1 : 0;
            return count;
        };
        Evaluated noExperts = e;
        for (StageEstimate& st : noExperts.plan.stages)
            st.memory.routedExpertBytes = 0;
        StageMapView without;
        without.setPlan(noExperts.plan, noExperts.model);
        const int barPixels
            = epPixels(image) - epPixels(rendered(without, size, "stage-map-ep-no-expert-memory.png"));
        QVERIFY2(barPixels > 100, qPrintable(QString::number(barPixels)));

        // Expert tensor parallelism: EP 2 x ETP 2 blocks of 4 (one EP group's ranks 2 apart), outlined alike.
        const Evaluated etp = expertParallel(2, 2);
        view.setPlan(etp.plan, etp.model);
        QCOMPARE(view.expertGroupCount(), 2);
        QCOMPARE(view.expertGroupOutline(0, 1, size).boundingRect(), cell(4).united(cell(7)));
        QVERIFY(view.toolTipAt(cell(7).center(), size)
                    .contains(QStringLiteral("experts: EP rank 1, ETP rank 1, expert DP rank 1")));

        // A dense plan has no expert groups and no MoE lines.
        const Evaluated dense = handBuilt();
        view.setPlan(dense.plan, dense.model);
        QCOMPARE(view.expertGroupCount(), 0);
        QVERIFY(view.expertGroupOutline(0, 0, size).isEmpty());
        QVERIFY(!view.toolTipAt(view.stageRect(0, size).center(), size).contains(QStringLiteral("MoE")));
    }

    void cardsWithRanksPast999()
    {
        // 405B on 1,024 GPUs, TP 8 x PP 16 x DP 8: 64 GPUs a stage, ranks up to 1023. Where the cells are too
        // small for four digits the stage's ranks stand below its grid, whole; nothing overprints.
        const Evaluated e = evaluate("llama-3.1-405b", 1024, 8, 16, 8);
        StageMapView view;
        view.setPlan(e.plan, e.model);
        for (const QSize size : { QSize(1600, 1000), QSize(1000, 560) }) {
            QVERIFY(!view.isTable(size));
            const QList<testing::DrawnText> texts = recorded(view, size);
            const QStringList problems = testing::labelProblems(texts, size);
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
            const QStringList painted = strings(texts);
            if (!view.deviceCellRect(1023, size).isEmpty())
                QVERIFY2(painted.contains(QStringLiteral("1023"))
                        || painted.contains(QStringLiteral("ranks 960–1023"))
                        || painted.contains(QStringLiteral("960–1023")),
                    qPrintable(painted.join(QLatin1Char('|'))));
        }
        rendered(view, QSize(1000, 560), "stage-map-405b-pp16-1024-small.png");
    }

    void blockRangesInsteadOfLayerIndices()
    {
        // Llama-3-70B has 80 transformer blocks: the four stages hold consecutive blocks from 0 to 79, the
        // first with the embedding before them, the last with the final norm and the output head after them.
        const Evaluated e = evaluate("llama-3-70b", 64, 8, 4, 2);
        StageMapView view;
        view.setPlan(e.plan, e.model);
        const QRegularExpression blocks(QStringLiteral("blocks (\\d+)–(\\d+)"));
        int next = 0;
        for (int s = 0; s < 4; ++s) {
            const QRegularExpressionMatch m = blocks.match(view.blockRangeText(s, 0));
            QVERIFY2(m.hasMatch(), qPrintable(view.blockRangeText(s, 0)));
            QCOMPARE(m.captured(1).toInt(), next);
            next = m.captured(2).toInt() + 1;
        }
        QCOMPARE(next, 80);
        QVERIFY2(view.blockRangeText(0, 0).startsWith(QStringLiteral("embedding, blocks 0–")),
            qPrintable(view.blockRangeText(0, 0)));
        QVERIFY2(view.blockRangeText(3, 0).endsWith(QStringLiteral("–79, final norm, output head")),
            qPrintable(view.blockRangeText(3, 0)));
        QVERIFY(!view.blockRangeText(1, 0).contains(QStringLiteral(",")));
        // The cards show them; the layer indices only in the tooltip.
        const QSize size(1000, 560);
        const QStringList painted = strings(recorded(view, size));
        for (int s = 0; s < 4; ++s)
            QVERIFY2(painted.contains(view.blockRangeText(s, 0)), qPrintable(painted.join(QLatin1Char('|'))));
        QVERIFY(painted.filter(QStringLiteral("layers ")).isEmpty());
        QVERIFY(view.toolTipAt(view.stageRect(1, size).center(), size).contains(view.layerRangeText(1, 0)));
        // Interleaved: a line per chunk.
        const Evaluated interleaved = evaluate("llama-3-70b", 64, 8, 4, 2, 2);
        view.setPlan(interleaved.plan, interleaved.model);
        QVERIFY2(view.blockRangeText(1, 1).startsWith(QStringLiteral("chunk 1: blocks ")),
            qPrintable(view.blockRangeText(1, 1)));
        // A model without blocks: layer indices.
        const Evaluated toy = handBuilt();
        view.setPlan(toy.plan, toy.model);
        QCOMPARE(view.blockRangeText(2, 0), QStringLiteral("layers 4–5 (2)"));
    }

    void interleavedStagesListTheirChunks()
    {
        const Evaluated e = evaluate("llama-3-70b", 64, 8, 4, 2, 2);
        QCOMPARE(e.plan.stages[1].layerRanges.size(), std::size_t(2));
        StageMapView view;
        view.setPlan(e.plan, e.model);
        const auto [first, end] = e.plan.stages[1].layerRanges[1];
        QVERIFY2(view.layerRangeText(1, 1).startsWith(
                     QStringLiteral("chunk 1: layers %1–%2 (%3): ").arg(first).arg(end - 1).arg(end - first)),
            qPrintable(view.layerRangeText(1, 1)));
        rendered(view, QSize(1000, 560), "stage-map-70b-interleaved.png");
    }

    void darkPaletteAndClear()
    {
        const Evaluated e = handBuilt();
        StageMapView view;
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Window, QColor(45, 45, 45));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        view.setPalette(dark);
        view.setPlan(e.plan, e.model);
        const QImage image = rendered(view, QSize(900, 400), "stage-map-dark.png");
        QCOMPARE(image.pixelColor(2, 2), QColor(30, 30, 30));
        QCOMPARE(image.pixelColor(view.stageRect(0, QSizeF(900, 400)).center().toPoint() + QPoint(0, 40)),
            QColor(45, 45, 45));
        view.clearPlan();
        QCOMPARE(view.slowestStage(), -1);
        QCOMPARE(view.title(), QStringLiteral("No plan"));
        QVERIFY(view.stageRect(0, QSizeF(900, 400)).isEmpty());
    }
};

QTEST_MAIN(TestStageMapView)
#include "tst_stage_map_view.moc"
