// SPDX-License-Identifier: GPL-3.0-or-later
// The bad-input catalog (tests/data/bad/catalog.json, docs/bad-inputs.md): every file of
// tests/data/bad is read by the public reader it is meant for, and must fail with an InputError
// naming the file, at the catalog's exact position, with the catalog's exact message. The catalog,
// the folder and the document must list the same files, and every error must be its own.
#include "export/plan_json.h"
#include "export/session_document.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "util/input_error.h"

#include "test_files.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <typeinfo>

using namespace shardscope;
using namespace shardscope::testing;

namespace {

const std::string kBadDir = std::string(SHARDSCOPE_TEST_DATA) + "/bad";

/// Files of tests/data/bad that are not bad inputs.
bool isCatalogTooling(const std::string& name)
{
    return name == "catalog.json" || name == "make_bad_files.py" || name.starts_with("README");
}

nlohmann::json catalog()
{
    return nlohmann::json::parse(readFile(kBadDir + "/catalog.json"));
}

/// Messages that name a file next to the input hold the folder as "<dir>".
std::string expanded(std::string text)
{
    for (std::size_t at = text.find("<dir>"); at != std::string::npos; at = text.find("<dir>", at))
        text.replace(at, 5, kBadDir);
    return text;
}

/// Runs the reader an entry names, as the application does.
void read(const std::string& reader, const std::string& path)
{
    if (reader == "model")
        importModel(path);
    else if (reader == "hardware")
        HardwareCatalog::fromJson(readFile(path), path);
    else if (reader == "session")
        readSessionJson(readFile(path), path);
    else if (reader == "plan")
        readPlanJson(readFile(path), path);
    else
        throw std::logic_error("unknown reader \"" + reader + "\" in catalog.json");
}

} // namespace

class TestBadInputs : public QObject
{
    Q_OBJECT

private slots:
    void eachFileGivesItsError_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("reader");
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("message");
        for (const nlohmann::json& entry : catalog()) {
            const std::string file = entry.at("file").get<std::string>();
            QTest::newRow(file.c_str()) << QString::fromStdString(file)
                                        << QString::fromStdString(entry.at("reader").get<std::string>())
                                        << QString::fromStdString(entry.at("position").get<std::string>())
                                        << QString::fromStdString(expanded(entry.at("message").get<std::string>()));
        }
    }

    void eachFileGivesItsError()
    {
        QFETCH(QString, file);
        QFETCH(QString, reader);
        QFETCH(QString, position);
        QFETCH(QString, message);
        const std::string path = kBadDir + "/" + file.toStdString();
        try {
            read(reader.toStdString(), path);
            QFAIL("the reader accepted the file");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString::fromStdString(path));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QCOMPARE(QString::fromStdString(e.message()), message);
        } catch (const std::exception& e) {
            const std::string what = std::string("threw ") + typeid(e).name() + " instead of InputError: " + e.what();
            QFAIL(what.c_str());
        }
    }

    void catalogListsEveryFileOnce()
    {
        std::set<std::string> listed;
        for (const nlohmann::json& entry : catalog()) {
            const std::string file = entry.at("file").get<std::string>();
            QVERIFY2(listed.insert(file).second, ("listed twice: " + file).c_str());
            QVERIFY2(std::filesystem::is_regular_file(kBadDir + "/" + file), ("no such file: " + file).c_str());
        }
        for (const auto& item : std::filesystem::directory_iterator(kBadDir)) {
            const std::string name = item.path().filename().string();
            if (!isCatalogTooling(name))
                QVERIFY2(listed.count(name) == 1, ("not in catalog.json: " + name).c_str());
        }
    }

    void catalogCoversTheIssue()
    {
        const nlohmann::json entries = catalog();
        QVERIFY2(entries.size() >= 40, std::to_string(entries.size()).c_str());
        const std::set<std::string> readers { "model", "hardware", "session", "plan" };
        std::map<std::string, int> perCategory;
        std::set<std::string> readersSeen;
        std::map<std::string, std::string> byMessage;
        for (const nlohmann::json& entry : entries) {
            const std::string file = entry.at("file").get<std::string>();
            const std::string reader = entry.at("reader").get<std::string>();
            QVERIFY2(readers.count(reader) == 1, (file + ": unknown reader " + reader).c_str());
            readersSeen.insert(reader);
            ++perCategory[entry.at("category").get<std::string>()];
            const std::string message = entry.at("message").get<std::string>();
            QVERIFY2(!message.empty(), (file + ": empty message").c_str());
            const auto [it, fresh] = byMessage.emplace(message, file);
            QVERIFY2(fresh, (file + " and " + it->second + " give the same message: " + message).c_str());
        }
        QCOMPARE(readersSeen.size(), readers.size());
        for (const char* category : { "truncated", "wrong-type", "absurd-size", "cycle", "huge-header", "wrong-encoding" })
            QVERIFY2(perCategory[category] > 0, category);
    }

    void documentNamesEveryFile()
    {
        const std::string doc = readFile(std::string(SHARDSCOPE_TEST_DATA) + "/../../docs/bad-inputs.md");
        QVERIFY2(!doc.empty(), "docs/bad-inputs.md is missing");
        for (const nlohmann::json& entry : catalog()) {
            const std::string file = entry.at("file").get<std::string>();
            QVERIFY2(doc.find("`" + file + "`") != std::string::npos, ("docs/bad-inputs.md does not name " + file).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_bad_inputs.moc"
