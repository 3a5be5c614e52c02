// SPDX-License-Identifier: GPL-3.0-or-later
// The achievable-throughput model against Narayanan et al. 2021, Table 1 (weak scaling on A100-80GB):
// predicted TF/s per GPU, counted with the paper's Eq. 3, must be within 10 % of the published value.
#include "gpt_fixtures.h"
#include "partition/plan_search.h"

#include <QtTest>

#include <cstdio>

using namespace shardscope;
using namespace shardscope::testing;

class TestCalibration : public QObject
{
    Q_OBJECT
private slots:
    void narayananTable1_data();
    void narayananTable1();
    void cleanupTestCase();

private:
    QStringList m_report;
};

void TestCalibration::narayananTable1_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("hidden");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("pp");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<int>("batch");
    QTest::addColumn<double>("published");
    QTest::newRow("1.7B") << 24 << 2304 << 24 << 1 << 1 << 32 << 512 << 137.0;
    QTest::newRow("3.6B") << 32 << 3072 << 30 << 2 << 1 << 64 << 512 << 138.0;
    QTest::newRow("7.5B") << 32 << 4096 << 36 << 4 << 1 << 128 << 512 << 142.0;
    QTest::newRow("18.4B") << 48 << 6144 << 40 << 8 << 1 << 256 << 1024 << 135.0;
    QTest::newRow("39.1B") << 64 << 8192 << 48 << 8 << 2 << 512 << 1536 << 138.0;
    QTest::newRow("76.1B") << 80 << 10240 << 60 << 8 << 4 << 1024 << 1792 << 140.0;
    QTest::newRow("145.6B") << 96 << 12288 << 80 << 8 << 8 << 1536 << 2304 << 148.0;
    QTest::newRow("310.1B") << 128 << 16384 << 96 << 8 << 16 << 1920 << 2160 << 155.0;
    QTest::newRow("529.6B") << 128 << 20480 << 105 << 8 << 35 << 2520 << 2520 << 163.0;
    QTest::newRow("1008.0B") << 160 << 25600 << 128 << 8 << 64 << 3072 << 3072 << 163.0;
}

void TestCalibration::narayananTable1()
{
    QFETCH(int, heads);
    QFETCH(int, hidden);
    QFETCH(int, layers);
    QFETCH(int, tp);
    QFETCH(int, pp);
    QFETCH(int, gpus);
    QFETCH(int, batch);
    QFETCH(double, published);

    const PlanningProblem problem = megatronProblem(megatronGpt(hidden, heads, layers), gpus, batch);
    const PlanEvaluator evaluator(problem);
    // The paper's setup: full recomputation, interleaved 1F1B when pipelined, no sequence parallelism,
    // no distributed optimizer. Micro-batch and chunk count were tuned per row; the search tunes them too.
    PlanPins pins;
    pins.tp = tp;
    pins.pp = pp;
    pins.recompute = Recompute::Full;
    pins.sequenceParallel = false;
    pins.zeroStage = 0;
    pins.schedule = pp > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
    SearchOptions options;
    options.threads = 1;
    const SearchResult result = searchPlans(evaluator, pins, options);
    const PlanSummary* best = nullptr;
    for (const PlanSummary& s : result.candidates)
        if (s.feasible && (!best || s.tokensPerSecond > best->tokensPerSecond))
            best = &s;
    if (!best) {
        QString reasons;
        for (const PlanSummary& s : result.candidates)
            reasons += QString::fromStdString(s.infeasibleReason) + QLatin1Char('\n');
        QFAIL(qPrintable(QStringLiteral("no feasible plan for a configuration the paper ran:\n") + reasons.left(2000)));
    }

    // Eq. 3: F = 96 B s l h^2 (1 + s/(6h) + V/(16 l h)), FLOPs per iteration including recomputation.
    const double s = 2048, V = 51200, h = hidden, l = layers;
    const double flops = 96.0 * batch * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
    const double predicted = flops / (gpus * best->stepSeconds) / 1e12;
    m_report << QStringLiteral("%1  t=%2 p=%3 b=%4 v=%5  predicted %6 TF/s  published %7  (%8%)")
                    .arg(QString::fromLatin1(QTest::currentDataTag()), 8)
                    .arg(tp)
                    .arg(pp, 2)
                    .arg(best->config.microBatch)
                    .arg(best->config.vpp)
                    .arg(predicted, 6, 'f', 1)
                    .arg(published, 5, 'f', 0)
                    .arg(100.0 * (predicted / published - 1), 5, 'f', 1);
    QVERIFY2(std::abs(predicted / published - 1) <= 0.10,
             qPrintable(QStringLiteral("predicted %1 TF/s vs published %2").arg(predicted).arg(published)));
}

void TestCalibration::cleanupTestCase()
{
    std::printf("Narayanan et al. 2021, Table 1 (A100-80GB, TF/s per GPU):\n");
    for (const QString& line : m_report)
        std::printf("  %s\n", qPrintable(line));
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
