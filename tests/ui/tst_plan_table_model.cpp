// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/plan_table_model.*: the model contract (QAbstractItemModelTester), rank order and values
// against the search outcome, infeasible rows, numeric sorting through a proxy, and the context-parallel,
// hybrid-sharding and reshard columns; the EP and EP overlap columns are shown for mixture-of-experts models only.
#include "plan_table_model.h"

#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <set>

using namespace shardscope;

namespace {

std::shared_ptr<const PlanningOutcome> llama8bOn64()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-3-8b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 64, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 512;
    return std::make_shared<const PlanningOutcome>(runPlanning(p, Strategy::Exhaustive, ScoreWeights {}, 5));
}

/// Five feasible candidates that differ in CP (degree, ring or all-to-all) and in the ZeRO column's notes.
std::shared_ptr<const PlanningOutcome> contextParallelOutcome()
{
    PlanningOutcome o;
    const auto add = [&](int cp, CpCommType type, int zero, int replicate, bool reshard) {
        PlanSummary s;
        s.config.tp = 8;
        s.config.cp = cp;
        s.config.cpCommType = type;
        s.config.pp = 16;
        s.config.dp = 128 / cp;
        s.config.zeroStage = zero;
        s.config.dpReplicate = replicate;
        s.config.reshardAfterForward = reshard;
        s.feasible = true;
        s.score = 1.0 - 0.1 * double(o.search.candidates.size());
        o.order.push_back(std::uint32_t(o.search.candidates.size()));
        o.search.candidates.push_back(s);
    };
    add(16, CpCommType::P2P, 1, 1, true);      // row 0
    add(1, CpCommType::P2P, 3, 2, false);      // row 1: ZeRO-3, HSDP x2, gathered weights kept
    add(4, CpCommType::AllToAll, 3, 1, true);  // row 2
    add(4, CpCommType::P2P, 2, 4, true);       // row 3
    add(2, CpCommType::AllToAll, 0, 1, true);  // row 4
    o.search.feasibleCount = o.search.candidates.size();
    o.feasibleRanked = o.order.size();
    return std::make_shared<const PlanningOutcome>(std::move(o));
}

/// Three feasible MoE candidates: EP 8 with its all-to-alls overlapped, EP 4 x ETP 2 and EP 1.
std::shared_ptr<const PlanningOutcome> expertParallelOutcome()
{
    PlanningOutcome o;
    const auto add = [&](int ep, int etp, bool overlap) {
        PlanSummary s;
        s.config.tp = 2;
        s.config.pp = 4;
        s.config.dp = 8;
        s.config.ep = ep;
        s.config.etp = etp;
        s.config.epCommOverlap = overlap;
        s.feasible = true;
        s.score = 1.0 - 0.1 * double(o.search.candidates.size());
        o.order.push_back(std::uint32_t(o.search.candidates.size()));
        o.search.candidates.push_back(s);
    };
    add(8, 1, true);
    add(4, 2, false);
    add(1, 1, false);
    o.search.feasibleCount = o.search.candidates.size();
    o.feasibleRanked = o.order.size();
    return std::make_shared<const PlanningOutcome>(std::move(o));
}

} // namespace

class TestPlanTableModel : public QObject
{
    Q_OBJECT
private slots:
    void modelContract()
    {
        PlanTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setOutcome(llama8bOn64());
        model.setShowInfeasible(true);
        proxy.sort(PlanTableModel::TokensPerSecond, Qt::DescendingOrder);
        model.setShowInfeasible(false);
        model.setOutcome(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // EP after CP: "8", "4 x 2" with expert tensor parallelism; shown (isColumnShown) only for a MoE model,
    // the columns' numbers the same either way.
    void expertParallelColumn()
    {
        PlanTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(int(PlanTableModel::Ep), int(PlanTableModel::Cp) + 1);
        QCOMPARE(model.headerData(PlanTableModel::Ep, Qt::Horizontal).toString(), QStringLiteral("EP"));
        QVERIFY(model.headerData(PlanTableModel::Ep, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("--expert-model-parallel-size")));
        // Dense (the default): hidden; every other column shown.
        QVERIFY(!model.mixtureOfExperts());
        QVERIFY(!model.isColumnShown(PlanTableModel::Ep));
        QVERIFY(!model.isColumnShown(PlanTableModel::EpCommOverlap));
        const std::set<int> optional { PlanTableModel::Ep, PlanTableModel::EpCommOverlap, PlanTableModel::TrainingDays,
                                       PlanTableModel::GpuHours, PlanTableModel::Cost };
        for (int column = 0; column < PlanTableModel::ColumnCount; ++column)
            if (!optional.count(column))
                QVERIFY(model.isColumnShown(column));
        QSignalSpy header(&model, &QAbstractItemModel::headerDataChanged);
        model.setMixtureOfExperts(true);
        QCOMPARE(header.count(), 1);
        // The signal spans both columns, so a view hides or shows both.
        QCOMPARE(header.at(0).at(1).toInt(), int(PlanTableModel::Ep));
        QCOMPARE(header.at(0).at(2).toInt(), int(PlanTableModel::EpCommOverlap));
        QVERIFY(model.isColumnShown(PlanTableModel::Ep));
        QVERIFY(model.isColumnShown(PlanTableModel::EpCommOverlap));
        model.setMixtureOfExperts(true);
        QCOMPARE(header.count(), 1); // no change, no signal
        QCOMPARE(model.columnCount(), int(PlanTableModel::ColumnCount));

        model.setOutcome(expertParallelOutcome());
        QCOMPARE(model.index(0, PlanTableModel::Ep).data().toString(), QStringLiteral("8"));
        QCOMPARE(model.index(1, PlanTableModel::Ep).data().toString(), QStringLiteral("4 x 2"));
        QCOMPARE(model.index(2, PlanTableModel::Ep).data().toString(), QStringLiteral("1"));
        // Sorted by EP, then ETP.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        proxy.sort(PlanTableModel::Ep, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, PlanTableModel::Ep).data().toString(), QStringLiteral("1"));
        QCOMPARE(proxy.index(1, PlanTableModel::Ep).data().toString(), QStringLiteral("4 x 2"));
        QCOMPARE(proxy.index(2, PlanTableModel::Ep).data().toString(), QStringLiteral("8"));
        model.setMixtureOfExperts(false);
        QVERIFY(!model.isColumnShown(PlanTableModel::Ep));
        QVERIFY(!model.isColumnShown(PlanTableModel::EpCommOverlap));
    }

    // The MoE all-to-all overlap after the TP and PP overlaps: "yes" or "no", sorted as 1 or 0, its header naming
    // Megatron's flag.
    void epCommOverlapColumn()
    {
        PlanTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(int(PlanTableModel::EpCommOverlap), int(PlanTableModel::PpCommOverlap) + 1);
        QCOMPARE(model.headerData(PlanTableModel::EpCommOverlap, Qt::Horizontal).toString(), QStringLiteral("EP overlap"));
        const QString tip = model.headerData(PlanTableModel::EpCommOverlap, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("--overlap-moe-expert-parallel-comm")) && tip.contains(QStringLiteral("interleaved")),
                 qPrintable(tip));
        model.setMixtureOfExperts(true);
        model.setOutcome(expertParallelOutcome());
        const QString expected[3] = { QStringLiteral("yes"), QStringLiteral("no"), QStringLiteral("no") };
        for (int row = 0; row < 3; ++row) {
            QCOMPARE(model.index(row, PlanTableModel::EpCommOverlap).data().toString(), expected[row]);
            QCOMPARE(model.index(row, PlanTableModel::EpCommOverlap).data(PlanTableModel::SortRole).toInt(), row == 0 ? 1 : 0);
        }
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        proxy.sort(PlanTableModel::EpCommOverlap, Qt::DescendingOrder);
        QCOMPARE(proxy.index(0, PlanTableModel::Ep).data().toString(), QStringLiteral("8"));
    }

    void rowsFollowTheRanking()
    {
        const auto outcome = llama8bOn64();
        PlanTableModel model;
        model.setOutcome(outcome);
        // One row per plan that fits, equivalent plans folded into one.
        std::size_t folded = 0;
        for (std::size_t r = 0; r < outcome->feasibleRanked; ++r)
            folded += outcome->equivalents[r];
        QCOMPARE(std::size_t(model.rowCount()) + folded, outcome->search.feasibleCount);
        QCOMPARE(model.columnCount(), int(PlanTableModel::ColumnCount));
        // Row r is the r-th candidate of the ranking; its numbers are that candidate's.
        for (int row : { 0, 1, model.rowCount() - 1 }) {
            const PlanSummary& expected = outcome->search.candidates[outcome->order[std::size_t(row)]];
            // The rank, then a tie group's mark: "1 ≈" opens one, "2 ≈1" is tied with #1 (plan_ties.h).
            const QString rank = model.index(row, PlanTableModel::Rank).data().toString();
            QCOMPARE(rank.section(QLatin1Char(' '), 0, 0).toInt(), row + 1);
            const int first = model.tieGroupFirstRow(row);
            if (model.tieGroupSize(row) > 1)
                QCOMPARE(rank, row == first ? QStringLiteral("%1 \u2248").arg(row + 1) : QStringLiteral("%1 \u2248%2").arg(row + 1).arg(first + 1));
            else
                QCOMPARE(rank, QString::number(row + 1));
            QCOMPARE(model.index(row, PlanTableModel::Tp).data().toInt(), expected.config.tp);
            QCOMPARE(model.index(row, PlanTableModel::Pp).data().toInt(), expected.config.pp);
            QCOMPARE(model.index(row, PlanTableModel::Dp).data().toInt(), expected.config.dp);
            QVERIFY(model.index(row, PlanTableModel::Cp).data().toString().startsWith(QString::number(expected.config.cp)));
            QCOMPARE(model.index(row, PlanTableModel::MemoryPerGpu).data(PlanTableModel::SortRole).toDouble(), expected.peakMemoryBytes);
            QCOMPARE(model.index(row, PlanTableModel::Score).data(PlanTableModel::SortRole).toDouble(), expected.score);
            QCOMPARE(model.index(row, PlanTableModel::TpCommOverlap).data(PlanTableModel::SortRole).toInt(), int(expected.config.tpCommOverlap));
            QCOMPARE(model.index(row, PlanTableModel::PpCommOverlap).data(PlanTableModel::SortRole).toInt(), int(expected.config.ppCommOverlap));
            QCOMPARE(model.index(row, PlanTableModel::TpCommOverlap).data().toString(),
                     expected.config.tpCommOverlap ? QStringLiteral("yes") : QStringLiteral("no"));
            QCOMPARE(model.index(row, PlanTableModel::Rank).data(PlanTableModel::CandidateRole).toULongLong(),
                     qulonglong(outcome->order[std::size_t(row)]));
        }
        // The best row is the plan the planner evaluated first in full.
        QVERIFY(model.plan(0)->config == outcome->top.front().config);
        // Scores never increase down the ranking (Exhaustive ranks by score) but inside a tie group (plan_ties.h),
        // which may put a plan at most the tie tolerance slower first.
        double groupBest = 1e300, best = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            if (row > 0 && model.tieGroupFirstRow(row) != model.tieGroupFirstRow(row - 1)) {
                groupBest = best; // the group before: no later score above its best
                best = 0;
            }
            QVERIFY(model.plan(row)->score <= groupBest);
            best = std::max(best, model.plan(row)->score);
        }
    }

    void timeAndCostToTrain()
    {
        // 15 T tokens at the best plan's tokens/s on its GPUs, by hand; cost only with a price.
        const auto outcome = llama8bOn64();
        PlanTableModel model;
        model.setOutcome(outcome);
        QVERIFY(!model.isColumnShown(PlanTableModel::TrainingDays));
        QVERIFY(model.index(0, PlanTableModel::TrainingDays).data().toString().isEmpty());
        TrainingBudget budget;
        budget.tokens = 15e12;
        QSignalSpy header(&model, &QAbstractItemModel::headerDataChanged);
        model.setBudget(budget);
        QCOMPARE(header.count(), 1);
        QVERIFY(model.isColumnShown(PlanTableModel::TrainingDays) && model.isColumnShown(PlanTableModel::GpuHours));
        QVERIFY(!model.isColumnShown(PlanTableModel::Cost)); // no price is assumed
        const PlanSummary& best = *model.plan(0);
        const int gpus = best.config.tp * best.config.cp * best.config.pp * best.config.dp;
        QCOMPARE(gpus, 64);
        const double days = 15e12 / best.tokensPerSecond / 86400;
        QCOMPARE(model.index(0, PlanTableModel::TrainingDays).data(PlanTableModel::SortRole).toDouble(), days);
        QCOMPARE(model.index(0, PlanTableModel::GpuHours).data(PlanTableModel::SortRole).toDouble(), days * 24 * 64);
        QVERIFY(model.index(0, PlanTableModel::Cost).data().toString().isEmpty());
        budget.gpuHourPrice = 2.5;
        model.setBudget(budget);
        QVERIFY(model.isColumnShown(PlanTableModel::Cost));
        QCOMPARE(model.index(0, PlanTableModel::Cost).data(PlanTableModel::SortRole).toDouble(), days * 24 * 64 * 2.5);
        QVERIFY(model.headerData(PlanTableModel::Cost, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("No price is assumed")));
    }

    void fastestAndEquivalentAreMarked()
    {
        const auto outcome = llama8bOn64();
        PlanTableModel model;
        model.setOutcome(outcome);
        // Default ranking: the fastest plan that fits is in the first tie group (plan_ties.h), and says so; the group's
        // first plan says why it is first.
        const int fastest = model.fastestRow();
        QVERIFY(fastest >= 0 && model.tieGroupFirstRow(fastest) == 0);
        QVERIFY(model.index(fastest, PlanTableModel::Status).data().toString().startsWith(QStringLiteral("fits, fastest")));
        QVERIFY(model.index(fastest, PlanTableModel::Status).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model.rankExplanation(fastest).contains(QStringLiteral("the fastest plan that fits")));
        const int size = model.tieGroupSize(0);
        QVERIFY2(size > 1, "Llama-3-8B on 64 H100 has plans within 2.5 % of the fastest");
        QCOMPARE(model.index(0, PlanTableModel::Status).data().toString().contains(QStringLiteral("first of %1 tied").arg(size)), true);
        CalibrationInfo fivePercent; // a band of ± 5 %: ties within half of it
        fivePercent.family = "H100";
        fivePercent.runs = 9;
        fivePercent.rmsError = 0.047;
        model.setCalibration(fivePercent);
        // The group is the outcome's (its tie rule: half the band the search ran with); the band named is the one set.
        QVERIFY2(model.rankExplanation(0).contains(QStringLiteral("first of %1 tied plans (within %2 %, half the ± 5 % band): ")
                                                       .arg(size)
                                                       .arg(100 * outcome->tieRule.relativeTolerance, 0, 'f', 1)),
                 qPrintable(model.rankExplanation(0)));
        QVERIFY(model.index(1, PlanTableModel::Status).data().toString().endsWith(QStringLiteral("tied with #1")));
        const int slower = fastest == 1 ? 2 : 1;
        QVERIFY2(model.rankExplanation(slower).contains(QStringLiteral("slower than the fastest plan that fits (#%1)").arg(fastest + 1)),
                 qPrintable(model.rankExplanation(slower)));
        // The score's tooltip takes it apart with the outcome's weights (throughput alone by default).
        const QString tip = model.index(1, PlanTableModel::Score).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("Score ")) && tip.contains(QStringLiteral("throughput")), qPrintable(tip));
        // Some rows stand for equivalent plans (settings without effect), and say so.
        int withEquivalents = -1;
        for (int r = 0; r < model.rowCount() && withEquivalents < 0; ++r)
            if (model.equivalentCount(r) > 0)
                withEquivalents = r;
        QVERIFY(withEquivalents >= 0);
        QVERIFY(model.index(withEquivalents, PlanTableModel::Status).data().toString().contains(QStringLiteral("equivalent")));
    }

    void infeasibleRowsShowTheirReason()
    {
        const auto outcome = llama8bOn64();
        QVERIFY(outcome->search.candidates.size() > outcome->search.feasibleCount); // some do not fit
        PlanTableModel model;
        model.setOutcome(outcome);
        model.setShowInfeasible(true);
        QCOMPARE(model.rowCount(), int(outcome->order.size()));
        const int last = model.rowCount() - 1;
        QVERIFY(!model.plan(last)->feasible);
        const QString reason = model.index(last, PlanTableModel::Status).data().toString();
        QCOMPARE(reason, QString::fromStdString(model.plan(last)->infeasibleReason.text()));
        QVERIFY(!reason.isEmpty());
        QCOMPARE(model.index(last, PlanTableModel::Status).data(Qt::ToolTipRole).toString(), reason);
    }

    void proxySortsNumerically()
    {
        const auto outcome = llama8bOn64();
        PlanTableModel model;
        model.setOutcome(outcome);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        proxy.sort(PlanTableModel::TokensPerSecond, Qt::DescendingOrder);
        double best = 0;
        for (std::size_t i = 0; i < outcome->search.feasibleCount; ++i)
            best = std::max(best, outcome->search.candidates[outcome->order[i]].tokensPerSecond);
        QCOMPARE(proxy.index(0, PlanTableModel::TokensPerSecond).data(PlanTableModel::SortRole).toDouble(), best);
        for (int row = 1; row < proxy.rowCount(); ++row)
            QVERIFY(proxy.index(row, PlanTableModel::TokensPerSecond).data(PlanTableModel::SortRole).toDouble()
                    <= proxy.index(row - 1, PlanTableModel::TokensPerSecond).data(PlanTableModel::SortRole).toDouble());
    }

    void contextParallelAndShardingColumns()
    {
        PlanTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setOutcome(contextParallelOutcome());
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.headerData(PlanTableModel::Cp, Qt::Horizontal).toString(), QStringLiteral("CP"));
        QCOMPARE(model.headerData(PlanTableModel::Tp + 1, Qt::Horizontal).toString(), QStringLiteral("CP")); // next to TP
        // CP: the degree, with the ring (p2p) or all-to-all (a2a) exchange once there is more than one rank.
        const QString cp[] = { QStringLiteral("16 (p2p)"), QStringLiteral("1"), QStringLiteral("4 (a2a)"), QStringLiteral("4 (p2p)"),
                               QStringLiteral("2 (a2a)") };
        // ZeRO: the stage, with hybrid sharding's replicas and a ZeRO-3 that keeps the gathered weights.
        const QString zero[] = { QStringLiteral("1"), QStringLiteral("3 (HSDP x2, keep)"), QStringLiteral("3"), QStringLiteral("2 (HSDP x4)"),
                                 QStringLiteral("0") };
        for (int row = 0; row < 5; ++row) {
            QCOMPARE(model.index(row, PlanTableModel::Cp).data().toString(), cp[row]);
            QCOMPARE(model.index(row, PlanTableModel::Zero).data().toString(), zero[row]);
            QCOMPARE(model.index(row, PlanTableModel::Dp).data().toInt(), model.plan(row)->config.dp);
        }

        // Sorting goes by the numbers: CP by degree (ring before all-to-all), ZeRO by stage, then replicas.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        proxy.sort(PlanTableModel::Cp, Qt::AscendingOrder);
        QStringList sorted;
        for (int row = 0; row < proxy.rowCount(); ++row)
            sorted << proxy.index(row, PlanTableModel::Cp).data().toString();
        QCOMPARE(sorted, (QStringList { QStringLiteral("1"), QStringLiteral("2 (a2a)"), QStringLiteral("4 (p2p)"), QStringLiteral("4 (a2a)"),
                                        QStringLiteral("16 (p2p)") }));
        proxy.sort(PlanTableModel::Zero, Qt::DescendingOrder);
        sorted.clear();
        for (int row = 0; row < proxy.rowCount(); ++row)
            sorted << proxy.index(row, PlanTableModel::Zero).data().toString();
        QCOMPARE(sorted, (QStringList { QStringLiteral("3 (HSDP x2, keep)"), QStringLiteral("3"), QStringLiteral("2 (HSDP x4)"),
                                        QStringLiteral("1"), QStringLiteral("0") }));

        const QString cpTip = model.headerData(PlanTableModel::Cp, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(cpTip.contains(QStringLiteral("--context-parallel-size")) && cpTip.contains(QStringLiteral("--cp-comm-type")), qPrintable(cpTip));
        const QString zeroTip = model.headerData(PlanTableModel::Zero, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY(zeroTip.contains(QStringLiteral("HSDP")) && zeroTip.contains(QStringLiteral("reshard_after_forward")));
    }

    void headersExplainTheTerms()
    {
        PlanTableModel model;
        for (int c = 0; c < PlanTableModel::ColumnCount; ++c)
            QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
        QVERIFY(model.headerData(PlanTableModel::Zero, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("optimizer")));
        QVERIFY(model.headerData(PlanTableModel::Bubble, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("wait")));
        QVERIFY(model.headerData(PlanTableModel::TpCommOverlap, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("--tp-comm-overlap")));
        QVERIFY(model.headerData(PlanTableModel::PpCommOverlap, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("PP >= 2")));
        // The predicted columns state the cost model's measured error on the GPU's family.
        const CalibrationInfo& h100 = HardwareCatalog::builtin().find("H100-SXM")->calibration;
        QVERIFY(h100.calibrated());
        QSignalSpy changed(&model, &QAbstractItemModel::headerDataChanged);
        model.setCalibration(h100);
        QCOMPARE(changed.size(), 1);
        for (int c : { int(PlanTableModel::StepTime), int(PlanTableModel::TokensPerSecond), int(PlanTableModel::Mfu) })
            QVERIFY(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QString::fromStdString(h100.describe())));
        QCOMPARE(PlanTableModel::errorText(h100), QString::fromStdString(h100.errorText()));
        CalibrationInfo uncalibrated;
        uncalibrated.family = "B200";
        model.setCalibration(uncalibrated);
        QVERIFY(model.headerData(PlanTableModel::StepTime, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("uncalibrated")));
        QVERIFY(PlanTableModel::errorText(uncalibrated).contains(QStringLiteral("uncalibrated")));
    }
};

QTEST_MAIN(TestPlanTableModel)
#include "tst_plan_table_model.moc"
