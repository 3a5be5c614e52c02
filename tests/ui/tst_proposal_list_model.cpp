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

        // Proposals follow the notes, in the engine's order, with the rationale as tooltip.
        model.setPlan(plan);
        Proposal faster;
        faster.title = "Interleave 2 model chunks per GPU (vpp 2)";
        faster.speedup = 1.184;
        faster.memoryDeltaBytes = 1.5 * 1024 * 1024 * 1024;
        faster.feasible = true;
        faster.rationale = "pipeline bubble is 23 % of the step with m = 8; vpp 2 cuts it to 12 %";
        Proposal estimate = faster;
        estimate.title = "Compress gradients to int8";
        estimate.speedup = 1.02;
        estimate.memoryDeltaBytes = 0;
        estimate.evaluated = false;
        model.setProposals({ faster, estimate });
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(3).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Proposal));
        QCOMPARE(model.index(3).data(ProposalListModel::ProposalRole).toInt(), 0);
        QCOMPARE(model.index(3).data().toString(), QStringLiteral("1.18x, +1.5 GiB per GPU: Interleave 2 model chunks per GPU (vpp 2)"));
        QCOMPARE(model.index(3).data(Qt::ToolTipRole).toString(), QString::fromStdString(faster.rationale));
        QCOMPARE(model.index(4).data().toString(), QStringLiteral("1.02x, same memory: Compress gradients to int8 (estimate)"));
        QCOMPARE(model.index(0).data(ProposalListModel::ProposalRole).toInt(), -1);
        // A new plan drops the old proposals.
        model.setPlan(clean);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(model.proposals().empty());

        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(5).data().isValid());
    }
};

QTEST_MAIN(TestProposalListModel)
#include "tst_proposal_list_model.moc"
