// SPDX-License-Identifier: GPL-3.0-or-later
// Tests ui/proposal_list_model.*: the model contract, and the rows a plan gives — why it does not
// fit first, then each warning, and a single note when there is nothing to report.
#include "proposal_list_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace shardscope;

class TestProposalListModel : public QObject
{
    Q_OBJECT
private slots:
    void groupsColoursAndDeltas();
    void rowsFollowThePlan()
    {
        ProposalListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);

        PlanEstimate plan;
        plan.feasible = false;
        plan.infeasibleReason = "stage 3 needs 91.2 GiB per GPU but 76.0 GiB is usable: exceeds memory by 15.2 GiB";
        plan.warnings = { "layer 'mtp.0' has no parameters", "unknown dtype F8_E8M0 counted as 1 byte" };
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setPlan(plan);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Infeasible));
        QCOMPARE(model.index(0).data().toString(),
                 QStringLiteral("Does not fit: stage 3 needs 91.2 GiB per GPU but 76.0 GiB is usable: exceeds memory by 15.2 GiB"));
        QCOMPARE(model.index(1).data().toString(), QStringLiteral("layer 'mtp.0' has no parameters"));
        QCOMPARE(model.index(2).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Warning));
        QCOMPARE(model.index(2).data(Qt::ToolTipRole), model.index(2).data());

        PlanEstimate clean;
        clean.feasible = true;
        model.setPlan(clean);
        QCOMPARE(model.rowCount(), 0); // proposals arrive separately
        model.setProposals({});
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Note));

        // Proposals follow the notes, with the rationale as tooltip.
        model.setPlan(plan);
        Proposal faster;
        faster.title = "Interleave 2 model chunks per GPU (vpp 2)";
        faster.speedup = 1.184;
        faster.memoryDeltaBytes = 1.5 * 1024 * 1024 * 1024;
        faster.feasible = true;
        faster.rationale = "pipeline bubble is 23 % of the step with m = 8; vpp 2 cuts it to 12 %";
        model.setProposals({ faster });
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(3).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Header));
        QCOMPARE(model.index(4).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Proposal));
        QCOMPARE(model.index(4).data(ProposalListModel::ProposalRole).toInt(), 0);
        QCOMPARE(model.index(4).data().toString(), QStringLiteral("Interleave 2 model chunks per GPU (vpp 2): 1.18x faster, +1.5 GiB per GPU"));
        QCOMPARE(model.index(4).data(Qt::ToolTipRole).toString(), QString::fromStdString(faster.rationale.text()));
        QCOMPARE(model.index(0).data(ProposalListModel::ProposalRole).toInt(), -1);
        QVERIFY(!(model.flags(model.index(3)) & Qt::ItemIsSelectable)); // a header is not a choice
        // A new plan drops the old proposals.
        model.setPlan(clean);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.proposals().empty());

        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(5).data().isValid());
    }
};

void TestProposalListModel::groupsColoursAndDeltas()
{
    // The user's complaints: 1.00x items first, up and down arrows both green, "+3,390 GiB" on a plan that
    // does not fit. For a plan that fits: what fits and helps first (fastest first), the rest after.
    ProposalListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    PlanEstimate current;
    current.feasible = true;
    model.setPlan(current);
    constexpr double gib = 1024.0 * 1024 * 1024;
    const auto proposal = [&](const char* title, double speedup, double deltaGiB, bool feasible) {
        Proposal p;
        p.title = title;
        p.speedup = speedup;
        p.memoryDeltaBytes = deltaGiB * gib;
        p.feasible = feasible;
        return p;
    };
    Proposal sameSpeed = proposal("ZeRO-2", 1.001, -2, true);
    Proposal slower = proposal("Full recomputation", 0.8, -3, true);
    Proposal tooBig = proposal("TP 1", 1.3, 3390, false);
    tooBig.estimate.peakMemoryBytes = 3470 * gib;
    tooBig.estimate.capacityBytes = 75 * gib;
    Proposal faster = proposal("Interleave 2 model chunks per GPU (vpp 2)", 1.1, 0.01, true);
    Proposal estimate = proposal("Compress gradients to int8", 1.02, 0, true);
    estimate.evaluated = false;
    Proposal fastest = proposal("PP 2", 1.25, 1, true);
    model.setProposals({ sameSpeed, slower, tooBig, faster, estimate, fastest });
    const QStringList expected {
        QStringLiteral("Fits and helps"),
        QStringLiteral("PP 2: 1.25x faster, +1.0 GiB per GPU"),
        QStringLiteral("Interleave 2 model chunks per GPU (vpp 2): 1.10x faster"),
        QStringLiteral("Compress gradients to int8: 1.02x faster (estimate)"),
        QStringLiteral("Other changes"),
        QStringLiteral("ZeRO-2: same speed, -2.0 GiB per GPU"),
        QStringLiteral("Full recomputation: 1.25x slower, -3.0 GiB per GPU"),
        QStringLiteral("TP 1: 1.30x faster, does not fit: 3,470.0 GiB of 75.0 GiB usable"),
    };
    QStringList rows;
    for (int r = 0; r < model.rowCount(); ++r)
        rows << model.index(r).data().toString();
    QCOMPARE(rows, expected);
    // Good, neutral and bad, with different colours for good and bad.
    const QList<int> good { 0, 1, 1, 1, 0, 0, -1, -1 };
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.index(r).data(ProposalListModel::GoodRole).toInt(), good[r]);
    QVERIFY(model.index(1).data(Qt::ForegroundRole).value<QColor>() != model.index(6).data(Qt::ForegroundRole).value<QColor>());
    QVERIFY(!model.index(5).data(Qt::ForegroundRole).isValid());
    // Proposal indices map back to the engine's list.
    QCOMPARE(model.index(1).data(ProposalListModel::ProposalRole).toInt(), 5);
    QCOMPARE(model.index(7).data(ProposalListModel::ProposalRole).toInt(), 2);

    // For a plan that does not fit, any change that fits helps, even a slower one.
    PlanEstimate over;
    over.feasible = false;
    over.infeasibleReason = "exceeds memory";
    model.setPlan(over);
    model.setProposals({ slower });
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("Fits and helps"));
    QCOMPARE(model.index(2).data(ProposalListModel::GoodRole).toInt(), 1);
}

QTEST_MAIN(TestProposalListModel)
#include "tst_proposal_list_model.moc"
