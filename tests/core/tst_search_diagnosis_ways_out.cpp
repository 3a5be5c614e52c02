// SPDX-License-Identifier: GPL-3.0-or-later
// Tests the ways out of a dead end that core/partition/search_diagnosis.* proposes, against brute-force searches:
// the pins whose removal makes plans fit, and the smallest cluster that fits with its fastest plan; and that each
// way out, applied as the window's link applies it (withChange), is the problem those searches ran.
#include "diagnosis_fixtures.h"

#include <QtTest>

using namespace shardscope;
using namespace shardscope::testing;

class TestSearchDiagnosisWaysOut : public QObject
{
    Q_OBJECT
private slots:
    // Nothing fits under the pins: a RelaxPin finding for exactly the pins whose removal makes plans fit
    // (brute force: a search without each pin).
    void relaxedPinsThatFit()
    {
        PlanningProblem p = makeProblem(llama3_8b(), 8, 512, 4096, "A100-SXM-40GB");
        p.training.pins = parsePins(QStringLiteral("tp=1,pp=1,zero=0,recompute=none,mb=4"));
        const SearchResult result = search(p, p.training.pins);
        QCOMPARE(result.feasibleCount, std::size_t(0));
        DiagnosisOptions options;
        options.sweepClusters = false;
        const SearchDiagnosis d = diagnoseSearch(p, result, options);
        QVERIFY(findKind(d.findings, FindingKind::NothingFits));
        int helping = 0;
        for (PinKnob k : pinnedKnobs(p.training.pins)) {
            const std::size_t fits = feasibleOn(p, withoutPin(p.training.pins, k));
            const Finding* f = nullptr;
            for (const Finding& x : d.findings)
                if (x.kind == FindingKind::RelaxPin && x.knob == k) f = &x;
            QVERIFY2(bool(f) == (fits > 0), toString(k).data());
            if (!f) continue;
            ++helping;
            QVERIFY(QString::fromStdString(f->message.text())
                        .startsWith(QStringLiteral("Unpinning %1 makes %2 plans fit")
                                        .arg(QLatin1String(toString(k).data()))
                                        .arg(thousands(qint64(fits)))));
            QCOMPARE(f->changes.size(), std::size_t(1));
            QVERIFY(f->changes.front().verified);
            QCOMPARE(*f->changes.front().pins, withoutPin(p.training.pins, k));
            const PlanningProblem relaxed = withChange(p, f->changes.front()); // what the window's link plans
            QCOMPARE(relaxed.training.pins, withoutPin(p.training.pins, k));
            QCOMPARE(relaxed.training.globalBatch, p.training.globalBatch);
            QCOMPARE(relaxed.cluster.nodes, p.cluster.nodes);
        }
        QVERIFY(helping >= 1); // ZeRO-0 with neither TP nor PP is what overflows here
    }

    // The smallest cluster that fits, against brute force: a search at every node count from the current
    // one up.
    void smallestCluster_data()
    {
        QTest::addColumn<int>("maxNodeFactor");
        QTest::newRow("up to 16 nodes") << 16;
        QTest::newRow("up to 2 nodes: none fits") << 2;
    }

    void smallestCluster()
    {
        QFETCH(int, maxNodeFactor);
        // Llama-3-8B on nodes of one A100-40GB, starting from one node.
        PlanningProblem p = makeProblem(llama3_8b(), 1, 512, 4096, "A100-SXM-40GB", 1);
        p.training.pins.dp = 1; // the sweep unpins DP (it follows the GPU count)
        DiagnosisOptions options;
        options.maxNodeFactor = maxNodeFactor;
        const ClusterSweep sweep = smallestFittingCluster(p, options);
        QVERIFY(sweep.ran);
        QVERIFY(!sweep.pins.dp);
        QCOMPARE(sweep.capNodes, maxNodeFactor);
        std::optional<int> brute;
        double bruteBest = 0;
        for (int nodes = 2; nodes <= maxNodeFactor && !brute; ++nodes) {
            const PlanningProblem at = withNodes(p, nodes);
            const SearchResult r = search(at, sweep.pins);
            if (r.feasibleCount > 0) {
                brute = nodes;
                for (const PlanSummary& s : r.candidates)
                    if (s.feasible) bruteBest = std::max(bruteBest, s.tokensPerSecond);
            }
        }
        QCOMPARE(sweep.fitNodes, brute);
        const SearchResult result = search(p, p.training.pins);
        options.relaxPins = false;
        const SearchDiagnosis d = diagnoseSearch(p, result, options);
        if (brute) {
            QVERIFY(sweep.best);
            QCOMPARE(sweep.best->tokensPerSecond, bruteBest);
            QCOMPARE(sweep.largestFailingNodes, *brute - 1);
            const Finding* f = findKind(d.findings, FindingKind::SmallestCluster);
            QVERIFY2(f, qPrintable(dump(d.findings)));
            QVERIFY2(
                QString::fromStdString(f->message.text())
                    .startsWith(QStringLiteral(
                        "The smallest cluster that fits: %1 nodes x 1 = %1 A100-SXM-40GB GPUs, with the "
                        "same pins (DP unpinned: it follows the GPU count); %2 nodes (%2 GPUs) do not fit")
                                    .arg(*brute)
                                    .arg(*brute - 1)),
                f->message.text().c_str());
            QCOMPARE(f->changes.front().nodes, brute);
            // The change as the window's link makes it: that many nodes, DP unpinned; its search fits, and its
            // fastest plan is the brute force's.
            const PlanningProblem grown = withChange(p, f->changes.front());
            QCOMPARE(grown.cluster.nodes, *brute);
            QCOMPARE(grown.cluster.gpusPerNode, 1);
            QCOMPARE(grown.training.pins, sweep.pins);
            double grownBest = 0;
            for (const PlanSummary& s : search(grown, grown.training.pins).candidates)
                if (s.feasible) grownBest = std::max(grownBest, s.tokensPerSecond);
            QCOMPARE(grownBest, bruteBest);
        } else {
            QVERIFY(!sweep.best);
            const Finding* f = findKind(d.findings, FindingKind::NoClusterFits);
            QVERIFY2(f, qPrintable(dump(d.findings)));
            QVERIFY(QString::fromStdString(f->message.text())
                        .contains(QStringLiteral("up to %1 GPUs").arg(maxNodeFactor)));
        }
    }

    // Issue 29: 512 sequences on 1,000,000 H100 leave no DP degree at all, and the dead end offered no way out that
    // works (a global batch of 1,000,000 fits nothing either). Fewer GPUs do: the finding's node count fits a plan
    // (searched again here), the count it says does not fit fits none, and the link's problem is that cluster.
    void fewerGpusForTooSmallABatch()
    {
        const PlanningProblem p = makeProblem(llama3_70b(), 1000000, 512, 8192);
        const SearchResult r = search(p, p.training.pins);
        QCOMPARE(r.feasibleCount, std::size_t(0));
        const SearchDiagnosis d = diagnoseSearch(p, r);
        const Finding* f = findKind(d.findings, FindingKind::FewerGpus);
        QVERIFY2(f, qPrintable(dump(d.findings)));
        QVERIFY(f->changes.size() == 1 && f->changes.front().nodes && f->changes.front().verified);
        const int nodes = *f->changes.front().nodes;
        QVERIFY(nodes < p.cluster.nodes);
        const PlanningProblem fewer = withChange(p, f->changes.front());
        QCOMPARE(fewer.cluster.nodes, nodes);
        QVERIFY(search(fewer, fewer.training.pins).feasibleCount > 0);
        const ClusterSweep sweep = largestFittingCluster(p);
        QCOMPARE(sweep.fitNodes, std::optional<int>(nodes));
        QVERIFY(sweep.largestFailingNodes > nodes);
        PlanningProblem above = p;
        above.cluster = ClusterSpec::make(p.cluster.gpu, sweep.largestFailingNodes * 8, 8);
        QCOMPARE(search(above, above.training.pins).feasibleCount, std::size_t(0));
        QVERIFY2(QString::fromStdString(f->message.text())
                     .startsWith(
                         QStringLiteral("Global batch 512 cannot keep 1,000,000 GPUs busy; a plan fits on ")),
            f->message.text().c_str());
        // Where the batch leaves some DP degree, no such finding (the usual dead ends apply).
        const PlanningProblem tp3 = [] {
            PlanningProblem q = makeProblem(llama3_70b(), 24, 512);
            q.training.pins.tp = 3;
            return q;
        }();
        QVERIFY(!findKind(diagnoseSearch(tp3, search(tp3, tp3.training.pins)).findings, FindingKind::FewerGpus));
    }

};

QTEST_GUILESS_MAIN(TestSearchDiagnosisWaysOut)
#include "tst_search_diagnosis_ways_out.moc"
