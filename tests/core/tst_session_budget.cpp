// SPDX-License-Identifier: GPL-3.0-or-later
// Session files keep the time-to-train settings (issue 15): the token budget and the price per GPU-hour round
// trip exactly, no budget reads as none, and a bad budget is refused at its JSON path.
#include "export/session_document.h"
#include "hardware/hardware_catalog.h"
#include "util/input_error.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace shardscope;

namespace {

SessionDocument document()
{
    SessionDocument d;
    d.model = "llama-3-8b";
    d.modelIsBundled = true;
    d.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 8, 8);
    return d;
}

} // namespace

class TestSessionBudget : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip()
    {
        SessionDocument d = document();
        QVERIFY(!readSessionJson(writeSessionJson(d), "s").budget); // none by default
        d.budget = TrainingBudget { 15.6e12, std::nullopt };
        const std::string text = writeSessionJson(d);
        const nlohmann::json j = nlohmann::json::parse(text);
        QCOMPARE(j["budget"]["tokens"].get<double>(), 15.6e12);
        QVERIFY(j["budget"]["gpu_hour_price"].is_null()); // no price is assumed
        QVERIFY(readSessionJson(text, "s") == d);
        d.budget->gpuHourPrice = 2.25;
        const SessionDocument back = readSessionJson(writeSessionJson(d), "s");
        QVERIFY(back.budget && back.budget->gpuHourPrice);
        QCOMPARE(*back.budget->gpuHourPrice, 2.25);
        QCOMPARE(writeSessionJson(back), writeSessionJson(d)); // byte-identical
    }

    void badBudget_data()
    {
        QTest::addColumn<QString>("budget");
        QTest::addColumn<QString>("path");
        QTest::newRow("zero tokens") << R"({"tokens": 0})" << "$.budget.tokens";
        QTest::newRow("negative price") << R"({"tokens": 1e12, "gpu_hour_price": -1})" << "$.budget.gpu_hour_price";
        QTest::newRow("tokens a string") << R"({"tokens": "15T"})" << "$.budget.tokens";
        QTest::newRow("not an object") << R"([1])" << "$.budget";
    }
    void badBudget()
    {
        QFETCH(QString, budget);
        QFETCH(QString, path);
        nlohmann::ordered_json j = nlohmann::ordered_json::parse(writeSessionJson(document()));
        j["budget"] = nlohmann::ordered_json::parse(budget.toStdString());
        try {
            readSessionJson(j.dump(), "s.shardscope");
            QFAIL("a bad budget was read");
        } catch (const InputError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(path), e.what());
            QVERIFY2(QString::fromStdString(e.what()).contains(QStringLiteral("s.shardscope")), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionBudget)
#include "tst_session_budget.moc"
