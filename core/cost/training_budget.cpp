// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/training_budget.h"

#include "util/input_error.h"
#include "util/text.h"

#include <charconv>
#include <cmath>

namespace shardscope {

namespace {

    constexpr double kSecondsPerHour = 3600;
    constexpr double kSecondsPerDay = 86400;

    std::string quoted(std::string_view text)
    {
        return "\"" + escapedBytes(text) + "\"";
    }

    /// The whole of `text` as a finite double (locale-independent), or nothing.
    std::optional<double> plainNumber(std::string_view text)
    {
        if (text.empty()) return std::nullopt;
        double v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        if (ec != std::errc() || ptr != end || !std::isfinite(v)) return std::nullopt;
        return v;
    }

    std::string shortest(double v)
    {
        char buffer[32];
        const auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
        return ec == std::errc() ? std::string(buffer, ptr) : std::string("?");
    }

} // namespace

void TrainingBudget::validate(const std::string& source) const
{
    if (!std::isfinite(tokens) || !(tokens > 0))
        throw InputError(source, "tokens",
            "expected a positive, finite number of tokens to train on, got " + shortest(tokens));
    if (tokens > kMaxTokenBudget)
        throw InputError(source, "tokens",
            "a budget of " + shortest(tokens) + " tokens is implausibly large (limit 1e18)");
    if (gpuHourPrice && (!std::isfinite(*gpuHourPrice) || !(*gpuHourPrice > 0)))
        throw InputError(source, "gpu_hour_price",
            "expected a positive, finite price per GPU-hour, got " + shortest(*gpuHourPrice));
}

std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, double tokensPerSecond, int gpus)
{
    budget.validate("budget");
    if (!std::isfinite(tokensPerSecond) || !(tokensPerSecond > 0) || gpus <= 0) return std::nullopt;
    TrainingTime t;
    t.seconds = budget.tokens / tokensPerSecond;
    t.days = t.seconds / kSecondsPerDay;
    t.gpuHours = t.seconds / kSecondsPerHour * double(gpus);
    if (budget.gpuHourPrice) t.cost = t.gpuHours * *budget.gpuHourPrice;
    return t;
}

std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, const PlanSummary& plan)
{
    if (!plan.feasible) {
        budget.validate("budget");
        return std::nullopt;
    }
    return trainingTime(budget, plan.tokensPerSecond, plan.config.worldSize());
}

std::optional<TrainingTime> trainingTime(const TrainingBudget& budget, const PlanEstimate& plan)
{
    if (!plan.feasible) {
        budget.validate("budget");
        return std::nullopt;
    }
    return trainingTime(budget, plan.tokensPerSecond, plan.config.worldSize());
}

double parseTokenCount(std::string_view text, const std::string& source)
{
    const std::string expected
        = "expected a token count such as 15e12, 15T, 300B or 500M (K, M, B or G, T, P: "
          "thousand to quadrillion), got "
        + quoted(text);
    if (text.empty()) throw InputError(source, "", expected);
    double scale = 1;
    std::string_view digits = text;
    switch (text.back()) {
    case 'k':
    case 'K':
        scale = 1e3;
        break;
    case 'm':
    case 'M':
        scale = 1e6;
        break;
    case 'b':
    case 'B':
    case 'g':
    case 'G':
        scale = 1e9;
        break;
    case 't':
    case 'T':
        scale = 1e12;
        break;
    case 'p':
    case 'P':
        scale = 1e15;
        break;
    default:
        break;
    }
    if (scale != 1) digits.remove_suffix(1);
    const std::optional<double> v = plainNumber(digits);
    if (!v) throw InputError(source, "", expected);
    const double tokens = *v * scale;
    if (!(tokens > 0))
        throw InputError(source, "", "expected a positive number of tokens, got " + quoted(text));
    if (!std::isfinite(tokens) || tokens > kMaxTokenBudget)
        throw InputError(
            source, "", "a budget of " + quoted(text) + " tokens is implausibly large (limit 1e18)");
    return tokens;
}

double parseGpuHourPrice(std::string_view text, const std::string& source)
{
    const std::optional<double> v = plainNumber(text);
    if (!v)
        throw InputError(
            source, "", "expected a price per GPU-hour as a plain number such as 2.5, got " + quoted(text));
    if (!(*v > 0))
        throw InputError(source, "", "expected a positive price per GPU-hour, got " + quoted(text));
    return *v;
}

} // namespace shardscope
