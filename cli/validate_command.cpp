// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate_command.h"

#include "cli.h"
#include "console.h"

#include "calibration/validation.h"
#include "hardware/hardware_catalog.h"
#include "util/embedded_resources.h"

#include <nlohmann/json.hpp>

using namespace shardscope;
using Console::err;
using Console::out;
using Console::qs;

namespace {

QString percent(double e) { return QStringLiteral("%1%2 %").arg(e >= 0 ? QStringLiteral("+") : QString()).arg(100 * e, 0, 'f', 1); }

nlohmann::ordered_json toJson(const Validation& v, const Profile& profile)
{
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const RowResult& r : v.rows) {
        const ValidationRow& row = *r.row;
        nlohmann::ordered_json j { { "id", row.id }, { "source", row.source }, { "model", row.model }, { "gpu", row.gpu },
            { "regime", row.evaluable() ? nlohmann::ordered_json(row.regime()) : nlohmann::ordered_json(nullptr) },
            { "layout", row.layout }, { "measured_step_seconds", row.measuredStepSeconds } };
        if (!row.evaluable()) {
            j["not_evaluated"] = row.notEvaluated;
        } else if (!r.inSample.feasible) {
            j["no_plan"] = r.inSample.reason;
        } else {
            j["predicted_step_seconds"] = r.inSample.stepSeconds;
            j["error"] = r.inSample.error;
            j["cv_model_error"] = r.cvModel ? nlohmann::ordered_json(*r.cvModel) : nlohmann::ordered_json(nullptr);
            j["cv_source_error"] = r.cvSource ? nlohmann::ordered_json(*r.cvSource) : nlohmann::ordered_json(nullptr);
            if (!r.inSample.memoryOverCount.empty())
                j["memory_over_count"] = r.inSample.memoryOverCount;
        }
        j["fitted"] = row.fittable();
        if (!row.notFitted.empty())
            j["not_fitted"] = row.notFitted;
        j["assumptions"] = row.assumptions;
        rows.push_back(std::move(j));
    }
    nlohmann::ordered_json regimes = nlohmann::ordered_json::array();
    for (const RegimeSummary& s : v.regimes)
        regimes.push_back({ { "regime", s.regime }, { "rows", s.rows }, { "fitted_rows", s.fittedRows },
                            { "in_sample_mean", s.inSampleMean }, { "in_sample_max", s.inSampleMax },
                            { "cv_model_rows", s.cvModelRows }, { "cv_model_mean", s.cvModelMean },
                            { "cv_source_rows", s.cvSourceRows }, { "cv_source_mean", s.cvSourceMean } });
    nlohmann::ordered_json constants = nlohmann::ordered_json::array();
    for (const FamilyConstants& f : profile.families)
        constants.push_back({ { "family", f.family }, { "gemm_fraction", f.gemmFraction },
                              { "scale_up_efficiency", f.scaleUpEfficiency },
                              { "scale_out_efficiency", f.scaleOutEfficiency }, { "attention_scale", f.attentionScale } });
    return { { "format", "shardscope-validation" }, { "version", 1 }, { "profile", profile.name },
             { "title", profile.title }, { "constants", std::move(constants) }, { "rows", std::move(rows) },
             { "regimes", std::move(regimes) } };
}

void printReport(const Validation& v, const Profile& profile)
{
    out() << ValidateCommand::tr("Profile %1: %2").arg(qs(profile.name), qs(profile.title)) << '\n';
    for (const FamilyConstants& f : profile.families)
        out() << ValidateCommand::tr("  %1: GEMM fraction %2, scale-up efficiency %3, scale-out efficiency %4, attention scale %5")
                     .arg(qs(f.family))
                     .arg(f.gemmFraction, 0, 'f', 3)
                     .arg(f.scaleUpEfficiency, 0, 'f', 3)
                     .arg(f.scaleOutEfficiency, 0, 'f', 3)
                     .arg(f.attentionScale, 0, 'f', 3)
              << '\n';
    out() << '\n'
          << ValidateCommand::tr("%1 %2 %3 %4 %5 %6 %7 %8")
                 .arg(ValidateCommand::tr("run"), -11)
                 .arg(ValidateCommand::tr("regime"), -24)
                 .arg(ValidateCommand::tr("layout"), -34)
                 .arg(ValidateCommand::tr("measured"), 9)
                 .arg(ValidateCommand::tr("predicted"), 9)
                 .arg(ValidateCommand::tr("error"), 8)
                 .arg(ValidateCommand::tr("cv model"), 9)
                 .arg(ValidateCommand::tr("cv source"), 9)
          << '\n';
    int notEvaluated = 0;
    for (const RowResult& r : v.rows) {
        const ValidationRow& row = *r.row;
        if (!row.evaluable()) {
            ++notEvaluated;
            continue;
        }
        QString line = QStringLiteral("%1 %2 %3 %4")
                           .arg(qs(row.id), -11)
                           .arg(qs(row.regime()), -24)
                           .arg(qs(row.layout), -34)
                           .arg(QStringLiteral("%1 s").arg(row.measuredStepSeconds, 0, 'f', 2), 9);
        if (!r.inSample.feasible)
            line += QLatin1Char(' ') + ValidateCommand::tr("no plan: %1").arg(qs(r.inSample.reason));
        else
            line += QStringLiteral(" %1 %2 %3 %4")
                        .arg(QStringLiteral("%1 s").arg(r.inSample.stepSeconds, 0, 'f', 2), 9)
                        .arg(percent(r.inSample.error), 8)
                        .arg(r.cvModel ? percent(*r.cvModel) : QStringLiteral("-"), 9)
                        .arg(r.cvSource ? percent(*r.cvSource) : QStringLiteral("-"), 9);
        if (!row.notFitted.empty())
            line += QLatin1Char(' ') + ValidateCommand::tr("(not fitted: %1)").arg(qs(row.notFitted));
        if (r.inSample.feasible && !r.inSample.memoryOverCount.empty())
            line += QLatin1Char(' ') + ValidateCommand::tr("(memory over-counted: the run ran, but %1)").arg(qs(r.inSample.memoryOverCount));
        out() << line << '\n';
    }
    out() << '\n' << ValidateCommand::tr("By regime (mean |error|; cross-validated: leave one model out, leave one source out):") << '\n';
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                 .arg(ValidateCommand::tr("regime"), -26)
                 .arg(ValidateCommand::tr("runs"), 5)
                 .arg(ValidateCommand::tr("fitted"), 7)
                 .arg(ValidateCommand::tr("in-sample"), 10)
                 .arg(ValidateCommand::tr("max"), 8)
                 .arg(ValidateCommand::tr("cv model"), 12)
                 .arg(ValidateCommand::tr("cv source"), 12)
          << '\n';
    auto cv = [](int rows, double mean) {
        return rows > 0 ? QStringLiteral("%1 % (%2)").arg(100 * mean, 0, 'f', 1).arg(rows) : QStringLiteral("-");
    };
    for (const RegimeSummary& s : v.regimes)
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                     .arg(qs(s.regime), -26)
                     .arg(s.rows, 5)
                     .arg(s.fittedRows, 7)
                     .arg(QStringLiteral("%1 %").arg(100 * s.inSampleMean, 0, 'f', 1), 10)
                     .arg(QStringLiteral("%1 %").arg(100 * s.inSampleMax, 0, 'f', 1), 8)
                     .arg(cv(s.cvModelRows, s.cvModelMean), 12)
                     .arg(cv(s.cvSourceRows, s.cvSourceMean), 12)
              << '\n';
    if (notEvaluated > 0) {
        out() << '\n' << ValidateCommand::tr("Not evaluated (%n run(s)):", nullptr, notEvaluated) << '\n';
        for (const RowResult& r : v.rows)
            if (!r.row->evaluable())
                out() << QStringLiteral("  %1 %2: %3").arg(qs(r.row->id), -8).arg(qs(r.row->gpu), -6).arg(qs(r.row->notEvaluated)) << '\n';
    }
    out() << Qt::flush;
}

} // namespace

QString ValidateCommand::helpText()
{
    return tr("Usage: shardscope validate [--profile NAME] [--json FILE] [--in-sample]\n"
              "\n"
              "Predicts every measured training run of a software-stack profile with its published layout\n"
              "pinned (docs/measured-runs.md) and prints predicted against measured step time, then the mean\n"
              "error by regime (GPU family, dense or MoE, precision, sequence length): in-sample with the\n"
              "committed constants, and cross-validated (the constants refitted without the run's model, and\n"
              "without its source). Runs the program cannot evaluate are listed with the reason.\n"
              "\n"
              "  --profile NAME   megatron-bridge (default), mcore-r0.8 or megatron-2021\n"
              "  --json FILE      also write every run and regime as JSON (- for standard output)\n"
              "  --in-sample      skip the cross-validation's refits\n");
}

int ValidateCommand::run(const QStringList& arguments)
{
    const CalibrationConstants& constants = CalibrationConstants::builtin();
    QString profileName = QString::fromStdString(constants.defaultProfile), jsonPath;
    bool crossValidate = true;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        auto value = [&]() -> std::optional<QString> {
            if (i + 1 >= arguments.size())
                return std::nullopt;
            return arguments[++i];
        };
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            out() << helpText() << Qt::flush;
            return ExitOk;
        } else if (a == QLatin1String("--profile") || a == QLatin1String("--json")) {
            const std::optional<QString> v = value();
            if (!v) {
                err() << tr("shardscope validate: %1 needs a value").arg(a) << '\n' << Qt::flush;
                return ExitUsage;
            }
            (a == QLatin1String("--profile") ? profileName : jsonPath) = *v;
        } else if (a == QLatin1String("--in-sample")) {
            crossValidate = false;
        } else {
            err() << tr("shardscope validate: unknown argument \"%1\"; see shardscope validate --help").arg(a) << '\n' << Qt::flush;
            return ExitUsage;
        }
    }
    const Profile* profile = constants.profile(profileName.toStdString());
    if (!profile) {
        QStringList names;
        for (const std::string& n : constants.profileNames())
            names << qs(n);
        err() << tr("shardscope validate: unknown profile \"%1\"; expected one of %2").arg(profileName, names.join(QStringLiteral(", ")))
              << '\n' << Qt::flush;
        return ExitUsage;
    }
    if (!jsonPath.isEmpty() && Console::isStdStream(jsonPath))
        Console::reserveStdoutForData();
    const HardwareCatalog base = HardwareCatalog::fromJson(embeddedHardwareCatalog(), "resources/hardware.json");
    const Validation v = validate(profile->name, profile->families, base, crossValidate);
    printReport(v, *profile);
    if (!jsonPath.isEmpty()) {
        try {
            Console::writeOutput(jsonPath, toJson(v, *profile).dump(2) + "\n");
        } catch (const std::exception& e) {
            err() << tr("shardscope validate: %1").arg(QString::fromUtf8(e.what())) << '\n' << Qt::flush;
            return ExitOutput;
        }
    }
    return ExitOk;
}
