// SPDX-License-Identifier: GPL-3.0-or-later
// Tests core/hardware/hardware_catalog.*: the built-in figures, lookup, user catalogs, errors.
#include "hardware/hardware_catalog.h"
#include "util/embedded_resources.h"
#include "util/input_error.h"

#include "json_edit.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace shardscope;
using namespace shardscope::testing;
using nlohmann::json;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

json userCatalog()
{
    return json::parse(R"({
      "format": "shardscope-hardware", "version": 1,
      "gpus": [{
        "name": "H100-SXM", "aliases": ["my-h100"], "display_name": "Our derated H100", "vendor": "NVIDIA",
        "memory_gib": 80, "hbm_gb_per_s": 3000,
        "peak_tflops": { "bf16": 800, "fp32": 400 },
        "scale_up": { "gb_per_s": 400, "latency_us": 2 },
        "scale_out": { "kind": "RoCE", "gb_per_s": 25, "latency_us": 10, "efficiency": 0.6 }
      }, {
        "name": "L40S", "memory_gib": 48, "hbm_gb_per_s": 864,
        "peak_tflops": { "bf16": 362, "fp16": 362, "fp8": 733, "fp32": 183 },
        "matmul_efficiency": 0.6,
        "scale_up": { "gb_per_s": 32, "latency_us": 5 },
        "scale_out": { "gb_per_s": 25, "latency_us": 10 }
      }]
    })");
}

} // namespace

class TestHardwareCatalog : public QObject
{
    Q_OBJECT

private slots:
    void builtinFigures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("memoryGiB");
        QTest::addColumn<double>("bf16Tflops");
        QTest::addColumn<double>("fp8Tflops");
        QTest::addColumn<double>("hbmGBps");
        QTest::addColumn<double>("scaleUpGBps");
        QTest::addColumn<double>("scaleOutGBps");
        // published-figures.md, "Hardware" (dense peaks; memory as the driver reports it)
        QTest::newRow("A100 40GB") << "A100-SXM-40GB" << 40.0 << 312.0 << 0.0 << 1555.0 << 300.0 << 25.0;
        QTest::newRow("A100 80GB") << "A100-SXM-80GB" << 80.0 << 312.0 << 0.0 << 2039.0 << 300.0 << 25.0;
        QTest::newRow("H100") << "H100-SXM" << 80.0 << 989.0 << 1979.0 << 3350.0 << 450.0 << 50.0;
        QTest::newRow("H200") << "H200" << 140.0 << 989.0 << 1979.0 << 4800.0 << 450.0 << 50.0;
        QTest::newRow("B200") << "B200" << 179.0 << 2250.0 << 4500.0 << 8000.0 << 900.0 << 50.0;
        QTest::newRow("MI300X") << "MI300X" << 192.0 << 1307.0 << 2615.0 << 5300.0 << 448.0 << 50.0;
    }

    void builtinFigures()
    {
        QFETCH(QString, name);
        QFETCH(double, memoryGiB);
        QFETCH(double, bf16Tflops);
        QFETCH(double, fp8Tflops);
        QFETCH(double, hbmGBps);
        QFETCH(double, scaleUpGBps);
        QFETCH(double, scaleOutGBps);
        const GpuSpec* gpu = HardwareCatalog::builtin().find(name.toStdString());
        QVERIFY(gpu);
        QCOMPARE(QString::fromStdString(gpu->name), name);
        QCOMPARE(gpu->memoryBytes, memoryGiB * kGiB);
        QCOMPARE(gpu->peakFlopsBf16, bf16Tflops * 1e12);
        QCOMPARE(gpu->peakFlopsFp8, fp8Tflops * 1e12);
        QCOMPARE(gpu->hbmBytesPerSecond, hbmGBps * 1e9);
        QCOMPARE(gpu->scaleUp.bandwidthBytesPerSecond, scaleUpGBps * 1e9);
        QCOMPARE(gpu->scaleOut.bandwidthBytesPerSecond, scaleOutGBps * 1e9);
        QVERIFY(gpu->peakFlopsFp32 > 0);
        QVERIFY(gpu->scaleUp.efficiency > 0 && gpu->scaleUp.efficiency <= 1);
    }

    void h100Details()
    {
        const GpuSpec* h100 = HardwareCatalog::builtin().find("h100");
        QVERIFY(h100);
        QCOMPARE(h100->peakFlops(Precision::Bf16), 989e12);
        QCOMPARE(h100->memoryBytes, 80 * kGiB);
        QCOMPARE(h100->hbmBytesPerSecond, 3.35e12);
        QCOMPARE(h100->scaleUp.bandwidthBytesPerSecond, 450e9);
        QCOMPARE(h100->scaleUp.latencySeconds, 3e-6);
        // hardware.json's efficiency, replaced in the built-in catalog by the H100 family's fitted one.
        const HardwareCatalog raw = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "hardware.json");
        QCOMPARE(raw.find("h100")->scaleUp.efficiency, 0.8);
        const CalibrationConstants fitted = CalibrationConstants::fromJson(embeddedCalibration(), "calibration.json");
        QVERIFY(fitted.find("H100"));
        QCOMPARE(h100->scaleUp.efficiency, fitted.find("H100")->scaleUpEfficiency);
        QCOMPARE(h100->matmulEfficiency, fitted.find("H100")->gemmFraction);
        QCOMPARE(h100->calibration.runs, fitted.find("H100")->info.runs);
        QCOMPARE(h100->kernels.smCount, 132);
        QCOMPARE(h100->kernels.gemmTileM, 128);
        QCOMPARE(h100->kernels.gemmTileN, 256);
        // H200 shares the family; B200 has none fitted and says so.
        QCOMPARE(HardwareCatalog::builtin().find("h200")->calibration.family, std::string("H100"));
        QVERIFY(!HardwareCatalog::builtin().find("b200")->calibration.calibrated());
        QCOMPARE(QString::fromStdString(h100->displayName), QString("NVIDIA H100 SXM 80GB"));
        QCOMPARE(QString::fromStdString(h100->vendor), QString("NVIDIA"));
        QCOMPARE(HardwareCatalog::builtin().gpus().size(), std::size_t(7));
        // H800: the H100 with NVLink cut to 400 GB/s both ways (200 each way), 160 GB/s achieved as DeepSeek-V3
        // reports (arXiv 2412.19437, Sec. 3.1) at the link efficiency of the built-in file (before calibration).
        const GpuSpec* h800 = HardwareCatalog::builtin().find("h800");
        QVERIFY(h800);
        QCOMPARE(h800->scaleUp.bandwidthBytesPerSecond, 200e9);
        QCOMPARE(h800->peakFlopsBf16, h100->peakFlopsBf16);
        QCOMPARE(h800->calibration.family, std::string("H100"));
        QCOMPARE(&HardwareCatalog::builtin(), &HardwareCatalog::builtin()); // parsed once
    }

    void aliases_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("name"); // empty: not found
        QTest::newRow("name, other case") << "h100-sxm" << "H100-SXM";
        QTest::newRow("alias") << "h100" << "H100-SXM";
        QTest::newRow("alias upper case") << "H100-SXM5" << "H100-SXM";
        QTest::newRow("separators differ") << "h100 sxm" << "H100-SXM";
        QTest::newRow("a100 means 80GB") << "a100" << "A100-SXM-80GB";
        QTest::newRow("a100-40") << "A100_40GB" << "A100-SXM-40GB";
        QTest::newRow("mi300") << "mi300" << "MI300X";
        QTest::newRow("unknown") << "v100" << "";
        QTest::newRow("empty") << "" << "";
    }

    void aliases()
    {
        QFETCH(QString, query);
        QFETCH(QString, name);
        const GpuSpec* gpu = HardwareCatalog::builtin().find(query.toStdString());
        if (name.isEmpty())
            QVERIFY(!gpu);
        else {
            QVERIFY(gpu);
            QCOMPARE(QString::fromStdString(gpu->name), name);
        }
    }

    void userGpuOfACalibratedFamily()
    {
        // A user GPU that names the H100 family gets the family's fitted constants and error, replacing
        // its own efficiencies; its own figures (peak, memory, links' bandwidth) stay.
        json doc = userCatalog();
        doc["gpus"][0]["family"] = "H100";
        doc["gpus"][0]["matmul_efficiency"] = 0.9;
        HardwareCatalog catalog = HardwareCatalog::builtin();
        catalog.merge(HardwareCatalog::fromJson(doc.dump(), "my-gpus.json"));
        const GpuSpec* mine = catalog.find("my-h100");
        const GpuSpec* builtinH100 = HardwareCatalog::builtin().find("H100-SXM");
        QVERIFY(mine && builtinH100);
        QCOMPARE(mine->peakFlopsBf16, 800e12);
        QCOMPARE(mine->scaleOut.bandwidthBytesPerSecond, 25e9);
        QCOMPARE(mine->matmulEfficiency, builtinH100->matmulEfficiency);
        QCOMPARE(mine->scaleOut.efficiency, builtinH100->scaleOut.efficiency);
        QVERIFY(mine->calibration == builtinH100->calibration);
        QVERIFY(mine->calibration.calibrated());
    }

    void userCatalogOverrides()
    {
        HardwareCatalog catalog = HardwareCatalog::builtin();
        const HardwareCatalog user = HardwareCatalog::fromJson(userCatalog().dump(), "my-gpus.json");
        catalog.merge(user);
        QCOMPARE(catalog.gpus().size(), std::size_t(8)); // H100 replaced, L40S added
        const GpuSpec* h100 = catalog.find("H100-SXM");
        QVERIFY(h100);
        QCOMPARE(h100->peakFlopsBf16, 800e12);
        QCOMPARE(h100->peakFlopsFp16, 0.0); // absent: peakFlops(Fp16) falls back to bf16
        QCOMPARE(h100->peakFlops(Precision::Fp16), 800e12);
        QCOMPARE(h100->scaleOut.efficiency, 0.6);
        QCOMPARE(h100->scaleUp.efficiency, 0.8); // default
        QCOMPARE(h100->matmulEfficiency, 0.65);  // default
        QCOMPARE(catalog.find("my-h100"), h100);
        QVERIFY(!catalog.find("h100-sxm5")); // the built-in aliases went with the replaced entry
        const GpuSpec* l40s = catalog.find("l40s");
        QVERIFY(l40s);
        QCOMPARE(l40s->memoryBytes, 48 * kGiB);
        QCOMPARE(QString::fromStdString(l40s->displayName), QString("L40S"));
        QCOMPARE(HardwareCatalog::builtin().find("h100")->peakFlopsBf16, 989e12); // builtin untouched
        // Without a family the user's GPU keeps its efficiencies and is uncalibrated.
        QVERIFY(!h100->calibration.calibrated());
        QVERIFY(!l40s->calibration.calibrated());

        GpuSpec custom = *l40s;
        custom.name = "L40S";
        custom.memoryBytes = 1;
        catalog.add(custom);
        QCOMPARE(catalog.find("L40S")->memoryBytes, 1.0);
        QCOMPARE(catalog.gpus().size(), std::size_t(8));
    }

    void embeddedTextParses()
    {
        const HardwareCatalog c = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "hardware.json");
        QCOMPARE(c.gpus().size(), std::size_t(7));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // JSON text; empty removes it
        QTest::addColumn<QString>("position");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("wrong format") << "/format" << "\"shardscope-model\"" << "$.format" << "expected \"shardscope-hardware\"";
        QTest::newRow("newer version") << "/version" << "2" << "$.version" << "newer";
        QTest::newRow("no gpus") << "/gpus" << "" << "$.gpus" << "missing required field \"gpus\"";
        QTest::newRow("empty gpus") << "/gpus" << "[]" << "$.gpus" << "at least one GPU";
        QTest::newRow("gpu not an object") << "/gpus/1" << "\"L40S\"" << "$.gpus[1]" << "expected a JSON object, got string";
        QTest::newRow("missing name") << "/gpus/1/name" << "" << "$.gpus[1].name" << "missing required field \"name\"";
        QTest::newRow("duplicate name") << "/gpus/1/name" << "\"h100-sxm\"" << "$.gpus[1].name" << "listed twice";
        QTest::newRow("zero memory") << "/gpus/1/memory_gib" << "0" << "$.gpus[1].memory_gib" << "expected a positive number, got 0";
        QTest::newRow("negative memory") << "/gpus/0/memory_gib" << "-80" << "$.gpus[0].memory_gib" << "positive number, got -80";
        QTest::newRow("memory as string") << "/gpus/1/memory_gib" << "\"48\"" << "$.gpus[1].memory_gib" << "got string";
        QTest::newRow("absurd memory") << "/gpus/1/memory_gib" << "1e30" << "$.gpus[1].memory_gib" << "implausibly large";
        QTest::newRow("missing bf16") << "/gpus/1/peak_tflops/bf16" << "" << "$.gpus[1].peak_tflops.bf16" << "missing required field";
        QTest::newRow("negative fp8") << "/gpus/1/peak_tflops/fp8" << "-1" << "$.gpus[1].peak_tflops.fp8" << "non-negative";
        QTest::newRow("peaks not an object") << "/gpus/1/peak_tflops" << "989" << "$.gpus[1].peak_tflops" << "expected an object, got integer";
        QTest::newRow("link without bandwidth") << "/gpus/1/scale_up/gb_per_s" << "" << "$.gpus[1].scale_up.gb_per_s" << "missing required field";
        QTest::newRow("link efficiency above 1") << "/gpus/1/scale_out/efficiency" << "1.5" << "$.gpus[1].scale_out.efficiency" << "at most 1";
        QTest::newRow("negative latency") << "/gpus/1/scale_out/latency_us" << "-2" << "$.gpus[1].scale_out.latency_us" << "non-negative";
        QTest::newRow("aliases not an array") << "/gpus/1/aliases" << "\"l40\"" << "$.gpus[1].aliases" << "expected an array of strings";
        QTest::newRow("alias not a string") << "/gpus/1/aliases" << "[1]" << "$.gpus[1].aliases[0]" << "expected a string";
        QTest::newRow("unknown attention kernel") << "/gpus/0/kernels" << R"({"attention_kernel": "flash-attention-9"})"
                                                  << "$.gpus[0].kernels.attention_kernel"
                                                  << "unknown attention kernel \"flash-attention-9\"; expected \"flash-attention-2\"";
    }

    void errors()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, position);
        QFETCH(QString, messagePart);
        json doc = userCatalog();
        editJson(doc, pointer, value);
        try {
            HardwareCatalog::fromJson(doc.dump(), "my-gpus.json");
            QFAIL("accepted a bad catalog");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.source()), QString("my-gpus.json"));
            QCOMPARE(QString::fromStdString(e.position()), position);
            QVERIFY2(QString::fromStdString(e.message()).startsWith("hardware catalog: "), e.what());
            QVERIFY2(QString::fromStdString(e.message()).contains(messagePart), e.what());
        }
    }

    void syntaxError()
    {
        try {
            HardwareCatalog::fromJson("{\"gpus\": [", "my-gpus.json");
            QFAIL("accepted truncated JSON");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.position()), QString("line 1, column 11"));
            QVERIFY2(QString(e.what()).contains("truncated"), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestHardwareCatalog)
#include "tst_hardware_catalog.moc"
