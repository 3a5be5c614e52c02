// SPDX-License-Identifier: GPL-3.0-or-later
// Time and cost to train a token budget (core/cost/training_budget.h), its parsers, and the budget in plan
// files.
#include "cost/training_budget.h"
#include "export/plan_json.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "partition/planner.h"
#include "util/input_error.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace shardscope;
using Json = nlohmann::ordered_json;

namespace {

/// Equal to 12 significant digits: the hand calculations below are written out to that many.
bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

PlanningProblem smallProblem()
{
    PlanningProblem p;
    p.model = *findBundledModel("llama-2-7b");
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 16, 8);
    p.training.seqLength = 4096;
    p.training.globalBatch = 64;
    // One layout: keeps the search to a handful of candidates.
    p.training.pins.tp = 8;
    p.training.pins.pp = 1;
    p.training.pins.microBatch = 1;
    p.training.pins.zeroStage = 1;
    p.training.pins.recompute = Recompute::Selective;
    p.training.pins.sequenceParallel = true;
    p.training.pins.tpCommOverlap = false;
    return p;
}

} // namespace

class TestTrainingBudget : public QObject
{
    Q_OBJECT
private slots:
    void daysGpuHoursAndCostByHand_data();
    void daysGpuHoursAndCostByHand();
    void noThroughputNoTime();
    void planOverloadsUseThePlansGpus();
    void invalidBudgets_data();
    void invalidBudgets();
    void parsesTokenCounts_data();
    void parsesTokenCounts();
    void rejectsBadTokenCounts_data();
    void rejectsBadTokenCounts();
    void parsesPrices_data();
    void parsesPrices();
    void planFileCarriesTheBudget();
    void planFileWithoutBudgetIsUnchanged();
    void planFileBadBudget_data();
    void planFileBadBudget();
};

void TestTrainingBudget::daysGpuHoursAndCostByHand_data()
{
    QTest::addColumn<double>("tokens");
    QTest::addColumn<double>("tokensPerSecond");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<double>("price"); // 0: none
    QTest::addColumn<double>("days");
    QTest::addColumn<double>("gpuHours");
    QTest::addColumn<double>("cost");
    // 15e12 / 1e6 = 1.5e7 s = 173.6111... days; 1.5e7 / 3600 x 1024 = 4,266,666.67 GPU-hours; x 2.5.
    QTest::newRow("15T at 1M tok/s on 1024, 2.5")
        << 15e12 << 1e6 << 1024 << 2.5 << 173.611111111111 << 4266666.66666667 << 10666666.6666667;
    // 1e9 / 1e4 = 1e5 s = 1.15740740740741 days; 1e5 / 3600 x 8 = 222.222222222222 GPU-hours.
    QTest::newRow("1B at 10k tok/s on 8, no price")
        << 1e9 << 1e4 << 8 << 0.0 << 1.15740740740741 << 222.222222222222 << 0.0;
    // Llama 3.1 405B's 15.6 T tokens on 16,384 GPUs at 2.79 M tok/s: 15.6e12 / 2.79e6 = 5,591,397.85 s
    // = 64.7152528873 days; x 24 x 16384 = 25,447,072.88 GPU-hours; x 2 = 50,894,145.76.
    QTest::newRow("15.6T on 16384") << 15.6e12 << 2.79e6 << 16384 << 2.0 << 64.7152528872959
                                    << 25447072.8793309 << 50894145.7586619;
}

void TestTrainingBudget::daysGpuHoursAndCostByHand()
{
    QFETCH(double, tokens);
    QFETCH(double, tokensPerSecond);
    QFETCH(int, gpus);
    QFETCH(double, price);
    QFETCH(double, days);
    QFETCH(double, gpuHours);
    QFETCH(double, cost);
    TrainingBudget b { tokens, price > 0 ? std::optional<double>(price) : std::nullopt };
    const std::optional<TrainingTime> t = trainingTime(b, tokensPerSecond, gpus);
    QVERIFY(t);
    QVERIFY2(close(t->seconds, tokens / tokensPerSecond), qPrintable(QString::number(t->seconds, 'g', 17)));
    QVERIFY2(std::fabs(t->days - days) < 1e-9 * days, qPrintable(QString::number(t->days, 'g', 17)));
    QVERIFY2(std::fabs(t->gpuHours - gpuHours) < 1e-9 * gpuHours,
        qPrintable(QString::number(t->gpuHours, 'g', 17)));
    // GPU-hours are days x 24 x GPUs.
    QVERIFY(close(t->gpuHours, t->days * 24 * gpus));
    if (price > 0) {
        QVERIFY(t->cost);
        QVERIFY2(std::fabs(*t->cost - cost) < 1e-9 * cost, qPrintable(QString::number(*t->cost, 'g', 17)));
    } else {
        QVERIFY(!t->cost); // no price, no cost: nothing is assumed
    }
}

void TestTrainingBudget::noThroughputNoTime()
{
    const TrainingBudget b { 1e12, 2.0 };
    QVERIFY(!trainingTime(b, 0, 8));
    QVERIFY(!trainingTime(b, -5, 8));
    QVERIFY(!trainingTime(b, std::numeric_limits<double>::quiet_NaN(), 8));
    QVERIFY(!trainingTime(b, std::numeric_limits<double>::infinity(), 8));
    QVERIFY(!trainingTime(b, 1e6, 0));
    PlanSummary infeasible;
    infeasible.tokensPerSecond = 1e6; // a plan that does not fit has no time, whatever its throughput
    QVERIFY(!trainingTime(b, infeasible));
}

void TestTrainingBudget::planOverloadsUseThePlansGpus()
{
    PlanEstimate e;
    e.feasible = true;
    e.config.tp = 8;
    e.config.cp = 2;
    e.config.pp = 4;
    e.config.dp = 2; // 128 GPUs
    e.tokensPerSecond = 50000;
    const TrainingBudget b { 2e12, 3.0 };
    // 2e12 / 5e4 = 4e7 s = 462.962962962963 days; 4e7 / 3600 x 128 = 1,422,222.22222222 GPU-hours; x 3.
    const std::optional<TrainingTime> t = trainingTime(b, e);
    QVERIFY(t);
    QVERIFY(std::fabs(t->days - 462.962962962963) < 1e-9);
    QVERIFY(std::fabs(t->gpuHours - 1422222.22222222) < 1e-6);
    QVERIFY(std::fabs(*t->cost - 4266666.66666667) < 1e-6);
    const std::optional<TrainingTime> s = trainingTime(b, PlanSummary::from(e));
    QVERIFY(s);
    QCOMPARE(s->gpuHours, t->gpuHours);
}

void TestTrainingBudget::invalidBudgets_data()
{
    QTest::addColumn<double>("tokens");
    QTest::addColumn<double>("price"); // NaN: none
    QTest::addColumn<QString>("message");
    const double none = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("zero tokens") << 0.0 << none
                                 << QStringLiteral(
                                        "budget:tokens: expected a positive, finite number of tokens");
    QTest::newRow("negative tokens") << -1e12 << none << QStringLiteral("got -1e+12");
    QTest::newRow("NaN tokens") << none << none << QStringLiteral("got nan");
    QTest::newRow("infinite tokens") << inf << none << QStringLiteral("got inf");
    QTest::newRow("past 1e18") << 2e18 << none << QStringLiteral("implausibly large (limit 1e18)");
    QTest::newRow("zero price") << 1e12 << 0.0
                                << QStringLiteral("budget:gpu_hour_price: expected a positive, finite price");
    QTest::newRow("negative price") << 1e12 << -2.0 << QStringLiteral("got -2");
    QTest::newRow("infinite price") << 1e12 << inf << QStringLiteral("got inf");
}

void TestTrainingBudget::invalidBudgets()
{
    QFETCH(double, tokens);
    QFETCH(double, price);
    QFETCH(QString, message);
    const TrainingBudget b { tokens, std::isnan(price) ? std::nullopt : std::optional<double>(price) };
    bool thrown = false;
    try {
        trainingTime(b, 1e6, 8);
    } catch (const InputError& e) {
        thrown = true;
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
    QVERIFY(thrown);
}

void TestTrainingBudget::parsesTokenCounts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("tokens");
    QTest::newRow("15e12") << QStringLiteral("15e12") << 15e12;
    QTest::newRow("digits") << QStringLiteral("15000000000000") << 15e12;
    QTest::newRow("15T") << QStringLiteral("15T") << 15e12;
    QTest::newRow("15t") << QStringLiteral("15t") << 15e12;
    QTest::newRow("1.5T") << QStringLiteral("1.5T") << 1.5e12;
    QTest::newRow("300B") << QStringLiteral("300B") << 300e9;
    QTest::newRow("2G") << QStringLiteral("2G") << 2e9;
    QTest::newRow("500M") << QStringLiteral("500M") << 500e6;
    QTest::newRow("20k") << QStringLiteral("20k") << 20e3;
    QTest::newRow("1P") << QStringLiteral("1P") << 1e15;
    QTest::newRow("1e18") << QStringLiteral("1e18") << 1e18;
}

void TestTrainingBudget::parsesTokenCounts()
{
    QFETCH(QString, text);
    QFETCH(double, tokens);
    QCOMPARE(parseTokenCount(text.toStdString(), "--token-budget"), tokens);
}

void TestTrainingBudget::rejectsBadTokenCounts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    const QString expected = QStringLiteral("expected a token count such as 15e12, 15T");
    QTest::newRow("empty") << QString() << expected;
    QTest::newRow("suffix only") << QStringLiteral("T") << expected;
    QTest::newRow("unknown suffix") << QStringLiteral("15X") << expected;
    QTest::newRow("two suffixes") << QStringLiteral("15TT") << expected;
    QTest::newRow("words") << QStringLiteral("lots") << expected;
    QTest::newRow("space") << QStringLiteral("15 T") << expected;
    QTest::newRow("nan") << QStringLiteral("nan") << expected;
    QTest::newRow("inf") << QStringLiteral("inf") << expected;
    QTest::newRow("zero") << QStringLiteral("0")
                          << QStringLiteral("expected a positive number of tokens, got \"0\"");
    QTest::newRow("negative") << QStringLiteral("-5T")
                              << QStringLiteral("expected a positive number of tokens");
    QTest::newRow("past 1e18") << QStringLiteral("2000P") << QStringLiteral("implausibly large (limit 1e18)");
    QTest::newRow("overflow") << QStringLiteral("1e400") << expected;
}

void TestTrainingBudget::rejectsBadTokenCounts()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    bool thrown = false;
    try {
        parseTokenCount(text.toStdString(), "--token-budget");
    } catch (const InputError& e) {
        thrown = true;
        QCOMPARE(QString::fromStdString(e.source()), QStringLiteral("--token-budget"));
        QVERIFY2(QString::fromStdString(e.message()).contains(message), e.what());
    }
    QVERIFY(thrown);
}

void TestTrainingBudget::parsesPrices_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("price"); // 0: refused
    QTest::newRow("2.5") << QStringLiteral("2.5") << 2.5;
    QTest::newRow("1e1") << QStringLiteral("1e1") << 10.0;
    QTest::newRow("zero") << QStringLiteral("0") << 0.0;
    QTest::newRow("negative") << QStringLiteral("-1") << 0.0;
    QTest::newRow("currency sign") << QStringLiteral("$2.5") << 0.0;
    QTest::newRow("suffix") << QStringLiteral("2.5/h") << 0.0;
    QTest::newRow("inf") << QStringLiteral("inf") << 0.0;
    QTest::newRow("empty") << QString() << 0.0;
}

void TestTrainingBudget::parsesPrices()
{
    QFETCH(QString, text);
    QFETCH(double, price);
    if (price > 0) {
        QCOMPARE(parseGpuHourPrice(text.toStdString(), "--gpu-hour-price"), price);
        return;
    }
    bool thrown = false;
    try {
        parseGpuHourPrice(text.toStdString(), "--gpu-hour-price");
    } catch (const InputError& e) {
        thrown = true;
        QVERIFY2(QString::fromStdString(e.what()).startsWith(QStringLiteral("--gpu-hour-price: expected a")),
            e.what());
    }
    QVERIFY(thrown);
}

void TestTrainingBudget::planFileCarriesTheBudget()
{
    const PlanningProblem problem = smallProblem();
    const PlanningOutcome outcome = runPlanning(problem, Strategy::Exhaustive, {}, 2);
    QVERIFY(!outcome.top.empty() && outcome.top.front().feasible);
    PlanDocument doc = makePlanDocument(problem, Strategy::Exhaustive, {}, outcome, "test");
    doc.budget = TrainingBudget { 2e12, 2.5 };
    const Json j = planDocumentToJson(doc);
    QCOMPARE(j["inputs"]["budget"]["tokens"].get<double>(), 2e12);
    QCOMPARE(j["inputs"]["budget"]["gpu_hour_price"].get<double>(), 2.5);
    // Derived per plan: tokens / tokens-per-second, x 24 x 16 GPUs, x 2.5.
    const PlanEstimate& best = outcome.top.front();
    const Json& time = j["plans"][0]["training_time"];
    const double seconds = 2e12 / best.tokensPerSecond;
    QVERIFY(close(time["seconds"].get<double>(), seconds));
    QVERIFY(close(time["days"].get<double>(), seconds / 86400));
    QVERIFY(close(time["gpu_hours"].get<double>(), seconds / 86400 * 24 * 16));
    QVERIFY(close(time["cost"].get<double>(), seconds / 86400 * 24 * 16 * 2.5));
    // Read back: the budget survives, and the file writes again byte for byte.
    const std::string text = writePlanJson(doc);
    const PlanDocument read = readPlanJson(text, "budget.json");
    QVERIFY(read.budget);
    QCOMPARE(*read.budget, *doc.budget);
    QCOMPARE(firstDifference(read, doc), std::string());
    QCOMPARE(writePlanJson(read), text);
    // Without a price: the cost is null, the rest is there.
    doc.budget->gpuHourPrice.reset();
    const Json noPrice = planDocumentToJson(doc);
    QVERIFY(noPrice["inputs"]["budget"]["gpu_hour_price"].is_null());
    QVERIFY(noPrice["plans"][0]["training_time"]["cost"].is_null());
    QVERIFY(noPrice["plans"][0]["training_time"]["days"].is_number());
    QVERIFY(!readPlanJson(writePlanJson(doc), "no-price.json").budget->gpuHourPrice);
    // A budget changes the document: the comparison sees it.
    PlanDocument other = doc;
    other.budget->tokens = 3e12;
    QCOMPARE(firstDifference(doc, other), std::string("$.inputs.budget"));
}

void TestTrainingBudget::planFileWithoutBudgetIsUnchanged()
{
    const PlanningProblem problem = smallProblem();
    const PlanningOutcome outcome = runPlanning(problem, Strategy::Exhaustive, {}, 1);
    const PlanDocument doc = makePlanDocument(problem, Strategy::Exhaustive, {}, outcome, "test");
    const Json j = planDocumentToJson(doc);
    QVERIFY(!j["inputs"].contains("budget"));
    QVERIFY(!j["plans"][0].contains("training_time"));
    QVERIFY(!readPlanJson(writePlanJson(doc), "plain.json").budget);
}

void TestTrainingBudget::planFileBadBudget_data()
{
    QTest::addColumn<QString>("budget"); // JSON of inputs.budget
    QTest::addColumn<QString>("message");
    QTest::newRow("zero tokens")
        << QStringLiteral(R"({"tokens": 0, "gpu_hour_price": null})")
        << QStringLiteral("$.inputs.budget.tokens: plan file: expected a positive number of tokens");
    QTest::newRow("tokens a string")
        << QStringLiteral(R"({"tokens": "15T"})")
        << QStringLiteral("$.inputs.budget.tokens: plan file: expected a number, got string");
    QTest::newRow("no tokens") << QStringLiteral(R"({"gpu_hour_price": 2})")
                               << QStringLiteral("$.inputs.budget.tokens: plan file: missing required field");
    QTest::newRow("negative price")
        << QStringLiteral(R"({"tokens": 1e12, "gpu_hour_price": -1})")
        << QStringLiteral("$.inputs.budget.gpu_hour_price: plan file: expected a number from 0");
    QTest::newRow("not an object") << QStringLiteral("15")
                                   << QStringLiteral("$.inputs.budget: plan file: expected an object");
}

void TestTrainingBudget::planFileBadBudget()
{
    QFETCH(QString, budget);
    QFETCH(QString, message);
    const PlanningProblem problem = smallProblem();
    const PlanningOutcome outcome = runPlanning(problem, Strategy::Exhaustive, {}, 1);
    Json j = planDocumentToJson(makePlanDocument(problem, Strategy::Exhaustive, {}, outcome, "test"));
    j["inputs"]["budget"] = Json::parse(budget.toStdString());
    bool thrown = false;
    try {
        readPlanJson(j.dump(), "bad.json");
    } catch (const InputError& e) {
        thrown = true;
        QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
    }
    QVERIFY(thrown);
}

QTEST_APPLESS_MAIN(TestTrainingBudget)
#include "tst_training_budget.moc"
