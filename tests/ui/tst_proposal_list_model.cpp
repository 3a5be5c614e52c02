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
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0).data(ProposalListModel::KindRole).toInt(), int(ProposalListModel::Note));

        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.index(5).data().isValid());
    }
};

QTEST_MAIN(TestProposalListModel)
#include "tst_proposal_list_model.moc"
