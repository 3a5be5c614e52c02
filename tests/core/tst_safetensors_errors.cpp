// SPDX-License-Identifier: GPL-3.0-or-later
// safetensors files and indexes that cannot be read, each an error naming the byte or the JSON path
// (docs/bad-inputs.md); the content sniffing; and the same header read from a stream (a pipe or
// standard input), whose size is only known at its end.
#include "import/model_importer.h"
#include "import/safetensors_importer.h"
#include "util/input_error.h"

#include "safetensors_fixtures.h"

#include <sstream>

using namespace shardscope;
using namespace shardscope::testing;

class TestSafetensorsErrors : public QObject
{
    Q_OBJECT
private slots:
    void badFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("position");    // exact
        QTest::addColumn<QString>("messagePart"); // substring of the message
        QTest::newRow("JSON cut short by the length") << "model.safetensors" << "byte 24"
                                                      << "safetensors: the JSON header ends early";
        QTest::newRow("shorter than the length field") << "safetensors-short.safetensors" << "byte 0"
                                                       << "the file is 5 bytes, too short for the 8-byte header length";
        QTest::newRow("header length past the end") << "safetensors-header-past-end.safetensors" << "byte 0"
                                                    << "the header length is 4096 bytes, but only 39 bytes follow it";
        QTest::newRow("overlapping offsets") << "safetensors-overlap.safetensors"
                                             << "$[\"model.layers.0.mlp.up_proj.weight\"].data_offsets"
                                             << "data [8, 24) overlaps tensor \"model.layers.0.mlp.down_proj.weight\" at [0, 16)";
        QTest::newRow("offsets out of the file") << "safetensors-out-of-file.safetensors"
                                                 << "$[\"model.layers.0.mlp.up_proj.weight\"].data_offsets"
                                                 << "data [32, 48) runs past the end of the data area, which holds 40 bytes";
        QTest::newRow("wrong byte size") << "safetensors-wrong-size.safetensors"
                                         << "$[\"model.layers.0.mlp.up_proj.weight\"].data_offsets"
                                         << "spans 8 bytes, but dtype BF16 with shape [2, 3] takes 12 bytes";
        QTest::newRow("non-UTF-8 name") << "safetensors-non-utf8.safetensors" << "byte 25"
                                        << "not valid UTF-8 (byte 0xFF in \"model.layers.0.\\xFF\")";
        QTest::newRow("header not an object") << "safetensors-not-object.safetensors" << "byte 8"
                                              << "the header is a JSON array, expected an object of tensor entries";
        QTest::newRow("shape not integers") << "safetensors-shape-string.safetensors" << "$[\"model.norm.weight\"].shape[1]"
                                            << "safetensors: expected a non-negative integer, got string";
        QTest::newRow("index: missing shard") << "safetensors-index.json" << "$.weight_map[\"lm_head.weight\"]"
                                              << "safetensors index: shard \"model-00004-of-00004.safetensors\" is missing";
        QTest::newRow("index: weight_map an array") << "safetensors-index-malformed.json" << "$.weight_map"
                                                    << "safetensors index: expected an object, got array";
    }

    void badFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        const std::string path = bad(file);
        expectError([&] { importModel(path); }, path, position, messagePart);
        if (file.endsWith(".safetensors"))
            expectError([&] { importSafetensors(path); }, path, position, messagePart);
    }

    void hugeHeaderLength()
    {
        // The file is long enough for the claim, but 100,000,001 header bytes break the format's 100 MB cap.
        QTemporaryDir dir;
        const std::string path = dir.filePath("big-header.safetensors").toStdString();
        writeRaw(path, 100'000'001, "{", 8 + 100'000'001 + 16);
        expectError([&] { importModel(path); }, path, "byte 0",
                    "the header length is 100000001 bytes, over the format's limit of 100000000 (100 MB)");
    }

    void emptyHeader()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("empty.safetensors").toStdString();
        writeRaw(path, 8, R"({}      )", 16);
        expectError([&] { importModel(path); }, path, "byte 8", "the header lists no tensors");
    }

    void indexInconsistencies_data()
    {
        QTest::addColumn<QString>("edit"); // a JSON merge into the index
        QTest::addColumn<QString>("source"); // "index" or a shard file name
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("tensor absent from its shard")
            << R"({"weight_map": {"model.layers.9.mlp.up_proj.weight": "model-00002-of-00003.safetensors"}})" << "index"
            << "$.weight_map[\"model.layers.9.mlp.up_proj.weight\"]"
            << "is mapped to \"model-00002-of-00003.safetensors\", but that shard's header has no such tensor";
        QTest::newRow("tensor in another shard")
            << R"({"weight_map": {"model.norm.weight": "model-00001-of-00003.safetensors"}})" << "index"
            << "$.weight_map[\"model.norm.weight\"]"
            << "mapped to \"model-00001-of-00003.safetensors\" but stored in \"model-00003-of-00003.safetensors\"";
        QTest::newRow("shard name not a string") << R"({"weight_map": {"model.norm.weight": 3}})" << "index"
                                                 << "$.weight_map[\"model.norm.weight\"]"
                                                 << "safetensors index: expected a string, got integer";
        QTest::newRow("tensor stored twice")
            << R"({"weight_map": {"copy": "model-00004-of-00003.safetensors"}})" << "model-00004-of-00003.safetensors"
            << "$[\"model.layers.1.input_layernorm.weight\"]"
            << "stored in both \"model-00002-of-00003.safetensors\" and \"model-00004-of-00003.safetensors\"";
        QTest::newRow("total_size not a number") << R"({"metadata": {"total_size": "12 KB"}})" << "index"
                                                 << "$.metadata.total_size" << "expected a non-negative integer, got string";
    }

    void indexInconsistencies()
    {
        QFETCH(QString, edit);
        QFETCH(QString, source);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        const std::string index = copySharded(dir, false);
        const fs::path folder = fs::path(index).parent_path();
        fs::copy_file(folder / "model-00002-of-00003.safetensors", folder / "model-00004-of-00003.safetensors");
        json doc = json::parse(readFile(index));
        doc.merge_patch(json::parse(edit.toStdString()));
        writeText(index, doc.dump(2));
        const std::string expectedSource = source == "index" ? index : (folder / source.toStdString()).string();
        expectError([&] { importModel(index); }, expectedSource, position, messagePart);
    }

    void weightMapMissingOrEmpty()
    {
        const std::string index = "/x/ckpt/model.safetensors.index.json";
        expectError([&] { importSafetensorsIndex(json::parse(R"({"weight_map": {}})"), index); }, index, "$.weight_map",
                    "safetensors index: lists no tensors");
        expectError([&] { importSafetensorsIndex(json::parse(R"({"metadata": {}})"), index); }, index, "$.weight_map",
                    "safetensors index: missing required field \"weight_map\"");
    }

    void missingShardInCopy()
    {
        QTemporaryDir dir;
        const std::string index = copySharded(dir, true);
        fs::remove(fs::path(index).parent_path() / "model-00003-of-00003.safetensors");
        expectError([&] { importModel(index); }, index, "$.weight_map[\"model.layers.2.input_layernorm.weight\"]",
                    "shard \"model-00003-of-00003.safetensors\" is missing: there is no file");
    }

    void indexWarnings()
    {
        QTemporaryDir dir;
        const std::string index = copySharded(dir, false);
        json doc = json::parse(readFile(index));
        const qint64 totalSize = doc["metadata"]["total_size"].get<qint64>();
        doc["weight_map"].erase("model.norm.weight"); // still in shard 3
        doc["metadata"]["total_size"] = totalSize + 2;
        writeText(index, doc.dump(2));
        const ModelGraph g = importModel(index);
        QCOMPARE(QString::fromStdString(g.sourceFormat()), QString("safetensors index"));
        QCOMPARE(QString::fromStdString(g.name()), QString("ckpt"));
        const qint64 block = 16 + (16 * 16 + 8 * 16 + 8 * 16 + 16 * 16) + 16 + 3 * 24 * 16;
        QCOMPARE(g.totalParams(), qint64(32 * 16 + 3 * block + 16)); // model.norm is counted
        QVERIFY2(anyWarningContains(g, "1 tensor(s) are stored in the shards but missing from weight_map "
                                       "(model.norm.weight (model-00003-of-00003.safetensors))"),
                 qPrintable(allWarnings(g)));
        QVERIFY2(anyWarningContains(g, "metadata.total_size says " + grouped(totalSize + 2)
                                           + " bytes, but the shards' tensors take " + grouped(totalSize)),
                 qPrintable(allWarnings(g)));
        // Without config.json the shape comes from the tensors; head_dim is a guess.
        QVERIFY(g.spec().has_value());
        QCOMPARE(g.spec()->hidden, qint64(16));
        QCOMPARE(g.spec()->layers, qint64(3));
        QVERIFY(g.spec()->tiedEmbeddings);
        QVERIFY2(anyWarningContains(g, "assumed head_dim"), qPrintable(allWarnings(g)));
    }

    void looksLikeSafetensors_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<qint64>("fileSize");
        QTest::addColumn<bool>("expected");
        const QByteArray n16("\x10\0\0\0\0\0\0\0", 8);
        QTest::newRow("header within the file") << n16 + "{\"a\"" << qint64(24) << true;
        QTest::newRow("header past the end") << n16 + "{\"a\"" << qint64(23) << false;
        QTest::newRow("no brace") << n16 + "[1]" << qint64(100) << false;
        QTest::newRow("too short to tell") << n16 << qint64(100) << false;
        QTest::newRow("zero length") << QByteArray(8, '\0') + "{" << qint64(100) << false;
        QTest::newRow("JSON text") << QByteArray("{\"weight_map\": {}}") << qint64(18) << false;
    }

    void looksLikeSafetensors()
    {
        QFETCH(QByteArray, head);
        QFETCH(qint64, fileSize);
        QFETCH(bool, expected);
        QCOMPARE(shardscope::looksLikeSafetensors(std::string_view(head.constData(), std::size_t(head.size())),
                                                  std::uintmax_t(fileSize)),
                 expected);
    }

    // From a stream: the same header as from the file (the tensor data read, counted and dropped),
    // and a stream that ends inside the header or the data is an error at its byte.
    void headerFromAStream()
    {
        const std::string file = std::string(SHARDSCOPE_TEST_DATA) + "/safetensors/tiny-llama/model.safetensors";
        std::ifstream whole(file, std::ios::binary);
        std::stringstream stream;
        stream << whole.rdbuf();
        const std::string bytes = stream.str();
        const SafetensorsHeader fromFile = readSafetensorsHeader(file);
        std::istringstream in(bytes);
        const SafetensorsHeader fromStream = readSafetensorsHeader(in, std::nullopt, "standard input");
        QCOMPARE(fromStream.fileBytes, std::uint64_t(bytes.size()));
        QCOMPARE(fromStream.headerBytes, fromFile.headerBytes);
        QCOMPARE(fromStream.tensors.size(), fromFile.tensors.size());
        for (std::size_t i = 0; i < fromFile.tensors.size(); ++i) {
            QCOMPARE(fromStream.tensors[i].name, fromFile.tensors[i].name);
            QCOMPARE(fromStream.tensors[i].dataEnd, fromFile.tensors[i].dataEnd);
        }
        // Cut inside the header: the stream ended before the header's length.
        std::istringstream shortHeader(bytes.substr(0, 20));
        QVERIFY_THROWS_EXCEPTION(InputError, readSafetensorsHeader(shortHeader, std::nullopt, "standard input"));
        try {
            std::istringstream again(bytes.substr(0, 20));
            readSafetensorsHeader(again, std::nullopt, "standard input");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("the stream ended 12 bytes after it") != std::string::npos, e.what());
        }
        // Cut inside the data: the offsets reach past the data the stream held.
        std::istringstream shortData(bytes.substr(0, bytes.size() - 1));
        QVERIFY_THROWS_EXCEPTION(InputError, readSafetensorsHeader(shortData, std::nullopt, "standard input"));
    }
};

QTEST_GUILESS_MAIN(TestSafetensorsErrors)
#include "tst_safetensors_errors.moc"
