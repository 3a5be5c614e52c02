// SPDX-License-Identifier: GPL-3.0-or-later
// The measured-runs corpus, `validate` and the bands it gives (docs/measured-runs.md): every row kept (evaluated or
// listed with its reason), each profile's in-sample residuals the ones committed in resources/calibration.json (the
// CI gate: a change to the cost model that moves a run fails here until the constants are refitted and committed),
// the band a plan shows the cross-validated figure computed afresh, and bad corpus and profile files named.
#include "gpt_fixtures.h"

#include "calibration/measured_runs.h"
#include "cost/prediction_band.h"
#include "calibration/validation.h"
#include "hardware/hardware_catalog.h"
#include "import/model_importer.h"
#include "util/embedded_resources.h"
#include "util/input_error.h"

#include <QtTest>

#include <map>
#include <set>

using namespace shardscope;
using namespace shardscope::testing;

class TestValidation : public QObject
{
    Q_OBJECT
private slots:
    void everyRunIsKept();
    void stepTimesFromThroughput();
    void residualsAreTheCommittedOnes();
    void bandIsTheCrossValidatedFigure();
    void regimeWithFewRunsIsUncalibrated();
    void badCorpusFileNamesKeyAndExpected();
    void badProfileFileNamesKey();
};

namespace {
const HardwareCatalog& base()
{
    static const HardwareCatalog catalog = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "resources/hardware.json");
    return catalog;
}

void expectInputError(const std::function<void()>& f, const std::vector<std::string>& parts)
{
    try {
        f();
        QFAIL("no error");
    } catch (const InputError& e) {
        const std::string what = e.what();
        for (const std::string& p : parts)
            QVERIFY2(what.find(p) != std::string::npos, (what + " lacks " + p).c_str());
    }
}
} // namespace

void TestValidation::everyRunIsKept()
{
    // 10 rows of Narayanan 2021 Table 1, 9 of the Megatron-LM README table, 117 + 20 of the corpus files: none
    // dropped, ids unique, a reason for every row not evaluated, a profile for every row.
    const std::vector<ValidationRow>& rows = validationRows();
    QCOMPARE(rows.size(), std::size_t(10 + 9 + 117 + 20));
    std::set<std::string> ids;
    std::map<std::string, int> perProfile;
    int evaluable = 0;
    for (const ValidationRow& r : rows) {
        QVERIFY2(ids.insert(r.id).second, r.id.c_str());
        ++perProfile[r.profile];
        evaluable += r.evaluable() ? 1 : 0;
        if (r.evaluable())
            QVERIFY(r.graph && r.measuredStepSeconds > 0 && !r.family.empty());
    }
    QCOMPARE(perProfile["megatron-2021"], 10);
    QCOMPARE(perProfile["mcore-r0.8"], 9);
    QCOMPARE(perProfile["megatron-bridge"], 137);
    // The corpus rows the program can evaluate today: H100 and B200 in BF16 / FP8 with an importable model. The
    // block-scaled precisions, GB200/GB300/B300 and the hybrid Nemotron 3 Nano are listed, not evaluated.
    int nano = 0;
    for (const ValidationRow& r : rows)
        if (r.model.find("Nemotron-3-Nano") != std::string::npos) {
            ++nano;
            QVERIFY(!r.evaluable());
        }
    QCOMPARE(nano, 20);
    QVERIFY(evaluable > 19 + 15);
    // The two DeepSeek-V3 H100 rows are one published row and its parenthesised alternative: never both fitted.
    const auto r0313 = std::find_if(rows.begin(), rows.end(), [](const ValidationRow& r) { return r.id == "R0313"; });
    QVERIFY(r0313 != rows.end() && !r0313->fittable());
}

void TestValidation::stepTimesFromThroughput()
{
    // R0102 (Llama 3 70B, 64 H100, GBS 256, seq 8192, 1,664 tokens/s per GPU): 256 x 8192 / (1664 x 64) s.
    for (const ValidationRow& r : validationRows())
        if (r.id == "R0102") {
            QVERIFY(std::abs(r.measuredStepSeconds - 256.0 * 8192 / (1664.0 * 64)) < 1e-3);
            QCOMPARE(r.layout, std::string("TP 4 PP 8 VPP 5 CP 1 DP 2 mb 1"));
            QCOMPARE(r.regime(), std::string("H100 dense FP8 <=8k"));
            QVERIFY(r.fittable()); // its "FP8" is the recipe's per-tensor current scaling
            QCOMPARE(r.training.pins.schedule, std::optional<Schedule>(Schedule::Interleaved1F1B));
        }
    // Narayanan Table 1's 1.7B: 96 B s l h^2 (1 + s/6h + V/16lh) FLOPs at 137 TFLOP/s per GPU on 32 GPUs.
    for (const ValidationRow& r : validationRows())
        if (r.id == "N21-1.7B") {
            const double B = 512, s = 2048, l = 24, h = 2304, V = 51200;
            const double flops = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
            QVERIFY(std::abs(r.measuredStepSeconds - flops / (32 * 137e12)) < 1e-6 * r.measuredStepSeconds);
        }
}

void TestValidation::residualsAreTheCommittedOnes()
{
    // Every profile's runs, in-sample, against the residuals resources/calibration.json was written with: a cost
    // model change that moves any run fails until shardscope-calibrate is rerun and its file committed.
    const CalibrationConstants& constants = CalibrationConstants::builtin();
    QCOMPARE(constants.profiles.size(), std::size_t(3));
    for (const Profile& profile : constants.profiles) {
        const Validation v = validate(profile.name, profile.families, base(), false);
        std::map<std::string, double> committed(profile.residuals.begin(), profile.residuals.end());
        int compared = 0;
        for (const RowResult& r : v.rows) {
            if (!r.row->evaluable() || !r.inSample.feasible) {
                QVERIFY2(!committed.count(r.row->id), (r.row->id + " was evaluated when committed").c_str());
                continue;
            }
            const auto it = committed.find(r.row->id);
            QVERIFY2(it != committed.end(), (r.row->id + " has no committed residual").c_str());
            QVERIFY2(std::abs(r.inSample.error - it->second) < 1e-5,
                qPrintable(QStringLiteral("%1 (%2): %3, committed %4")
                               .arg(QString::fromStdString(r.row->id), QString::fromStdString(profile.name))
                               .arg(r.inSample.error, 0, 'f', 6)
                               .arg(it->second, 0, 'f', 6)));
            ++compared;
        }
        QCOMPARE(compared, int(committed.size()));
        QVERIFY(compared >= 9);
    }
}

void TestValidation::bandIsTheCrossValidatedFigure()
{
    // The default profile's dense H100 FP8 regime, computed afresh with its cross-validation (each family refitted
    // without each model), is the committed band, and the band a Llama-3-70B FP8 plan on H100 shows.
    const CalibrationConstants& constants = CalibrationConstants::builtin();
    const Profile& profile = *constants.profile(constants.defaultProfile);
    const Validation v = validate(profile.name, profile.families, base(), true);
    const auto computed = std::find_if(v.regimes.begin(), v.regimes.end(),
                                       [](const RegimeSummary& s) { return s.regime == "H100 dense FP8 <=8k"; });
    QVERIFY(computed != v.regimes.end() && computed->cvModelRows >= kMinRegimeRuns);
    // Independently of the summary: the mean |error| of the rows' own leave-one-model-out predictions.
    double sum = 0;
    int n = 0;
    for (const RowResult& r : v.rows)
        if (r.row->evaluable() && r.inSample.feasible && r.row->regime() == "H100 dense FP8 <=8k" && r.cvModel) {
            sum += std::abs(*r.cvModel);
            ++n;
        }
    QCOMPARE(n, computed->cvModelRows);
    QVERIFY(std::abs(sum / n - computed->cvModelMean) < 1e-12);

    PlanningProblem p;
    p.model = buildModelGraph(llama3_70b());
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 64, 8);
    p.training.precision = Precision::Fp8;
    p.training.seqLength = 8192;
    resolvePredictionBand(p);
    const CalibrationInfo& shown = p.cluster.gpu.calibration;
    QVERIFY(shown.calibrated() && shown.crossValidated);
    QCOMPARE(shown.regime, std::string("H100 dense FP8 <=8k"));
    QCOMPARE(shown.runs, computed->cvModelRows);
    QVERIFY2(std::abs(shown.rmsError - computed->cvModelMean) < 1e-4, // committed to 4 decimals
             qPrintable(QStringLiteral("shown %1, computed %2").arg(shown.rmsError).arg(computed->cvModelMean)));
    const std::string text = shown.describe();
    QVERIFY2(text.find("cross-validated on " + std::to_string(computed->cvModelRows) + " runs, H100 dense FP8 <=8k")
                 != std::string::npos,
             text.c_str());
    QVERIFY2(text.find(shown.errorText()) == 0, text.c_str());
}

void TestValidation::regimeWithFewRunsIsUncalibrated()
{
    // Llama-3-70B in BF16 on H100 under the default profile: its runs have almost no BF16 H100 rows, so the plan is
    // uncalibrated and says which regime lends the nearest figure; under mcore-r0.8 (nine BF16 H100 runs) it has a
    // band of its own.
    PlanningProblem p;
    p.model = buildModelGraph(llama3_70b());
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin().find("H100-SXM"), 64, 8);
    p.training.seqLength = 4096;
    resolvePredictionBand(p);
    QVERIFY(!p.cluster.gpu.calibration.calibrated());
    QCOMPARE(p.cluster.gpu.calibration.nearestRegime, std::string("H100 dense FP8 <=8k"));
    QVERIFY2(p.cluster.gpu.calibration.describe().starts_with("uncalibrated: fewer than 3 measured runs in H100 dense BF16 <=8k"),
             p.cluster.gpu.calibration.describe().c_str());
    p.cluster = ClusterSpec::make(*HardwareCatalog::builtin("mcore-r0.8")->find("H100-SXM"), 64, 8);
    resolvePredictionBand(p);
    QVERIFY(p.cluster.gpu.calibration.calibrated());
    QCOMPARE(p.cluster.gpu.calibration.runs, 9);
    QCOMPARE(p.cluster.gpu.calibration.profile, std::string("mcore-r0.8"));
}

void TestValidation::badCorpusFileNamesKeyAndExpected()
{
    const std::string good = R"json({"rows": [{"id": "X1", "source": "s", "locator": "l", "stack": "Megatron-Bridge (NeMo 26.04 container)",
        "model": "m", "gpu": "H100", "gpus": 8, "seq": 8192, "global_batch": 128, "tp": 1, "precision": "BF16",
        "tokens_per_second_per_gpu": 1000, "step_seconds_derived": 131.072}]})json";
    const std::vector<MeasuredRun> rows = readMeasuredRuns(good, "runs.json");
    QCOMPARE(rows.size(), std::size_t(1));
    QCOMPARE(rows[0].container(), std::string("NeMo 26.04"));
    QVERIFY(!rows[0].pp && rows[0].tp == 1);
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string t = good;
        t.replace(t.find(from), from.size(), to);
        return t;
    };
    expectInputError([&] { readMeasuredRuns(edited("\"gpus\": 8, ", ""), "runs.json"); }, { "runs.json", "$.rows[0]", "gpus" });
    expectInputError([&] { readMeasuredRuns(edited("\"gpus\": 8", "\"gpus\": \"eight\""), "runs.json"); },
                     { "runs.json", "$.rows[0].gpus" });
    expectInputError([&] { readMeasuredRuns(edited("131.072", "13.1"), "runs.json"); },
                     { "runs.json", "$.rows[0].step_seconds_derived", "expected global_batch x seq" });
    expectInputError([&] { readMeasuredRuns(edited("\"tp\": 1", "\"tp\": 0"), "runs.json"); }, { "$.rows[0].tp" });
    expectInputError([&] { readMeasuredRuns(R"({"rows": [)", "runs.json"); }, { "runs.json", "line 1" });
}

void TestValidation::badProfileFileNamesKey()
{
    std::string text(embeddedCalibration());
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        t.replace(t.find(from), from.size(), to);
        return t;
    };
    expectInputError([&] { CalibrationConstants::fromJson(edited("\"default_profile\": \"megatron-bridge\"", "\"default_profile\": \"nemo\""), "cal.json"); },
                     { "cal.json", "default_profile", "expected the name of a listed profile" });
    expectInputError([&] { CalibrationConstants::fromJson(edited("\"version\": 2", "\"version\": 1"), "cal.json"); },
                     { "cal.json", "version", "expected 2" });
    expectInputError([&] { CalibrationConstants::fromJson(edited("\"gemm_fraction\": ", "\"gemm_fraction\": -"), "cal.json"); },
                     { "cal.json", "$.profiles[0].families[0].gemm_fraction" });
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
