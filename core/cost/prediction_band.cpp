// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/prediction_band.h"

#include <climits>

namespace shardscope {

namespace {

std::string precisionName(Precision p)
{
    switch (p) {
    case Precision::Bf16:
        return "BF16";
    case Precision::Fp16:
        return "FP16";
    case Precision::Fp8:
        return "FP8";
    case Precision::Fp32:
        return "FP32";
    }
    return "?";
}

bool isMoe(const PlanningProblem& problem)
{
    return problem.model.spec() && problem.model.spec()->experts > 0;
}

} // namespace

std::string sequenceBucket(std::int64_t seq)
{
    if (seq <= 8192)
        return "<=8k";
    return seq <= 32768 ? "8k-32k" : ">32k";
}

std::string regimeKey(const std::string& family, bool moe, const std::string& precision, std::int64_t seq)
{
    return (family.empty() ? std::string("?") : family) + (moe ? " MoE " : " dense ") + precision + " " + sequenceBucket(seq);
}

std::string planRegime(const PlanningProblem& problem)
{
    return regimeKey(problem.cluster.gpu.family, isMoe(problem), precisionName(problem.training.precision),
                     problem.training.seqLength);
}

void resolvePredictionBand(PlanningProblem& problem)
{
    CalibrationInfo& info = problem.cluster.gpu.calibration;
    if (info.regimes.empty() && info.regime.empty())
        return; // a GPU of no profile's family, or a user's GPU with its own efficiencies: as it was
    const bool moe = isMoe(problem);
    const std::string precision = precisionName(problem.training.precision);
    const std::string bucket = sequenceBucket(problem.training.seqLength);
    info.regime = planRegime(problem);
    info.crossValidated = false;
    info.nearestRegime.clear();
    info.runs = 0;
    info.rmsError = 0;
    info.inSampleMean = 0;
    const RegimeBand* nearest = nullptr;
    int nearestScore = INT_MAX;
    for (const RegimeBand& b : info.regimes) {
        if (b.cvRows < kMinRegimeRuns)
            continue;
        if (b.regime == info.regime) {
            info.runs = b.cvRows;
            info.rmsError = b.cvMean;
            info.maxError = b.inSampleMax;
            info.inSampleMean = b.inSampleMean;
            info.crossValidated = true;
            return;
        }
        // "<family> <dense|MoE> <precision> <bucket>": the parts that differ, weighted.
        const bool bMoe = b.regime.find(" MoE ") != std::string::npos;
        const bool bPrecision = b.regime.find(" " + precision + " ") != std::string::npos;
        const bool bBucket = b.regime.ends_with(" " + bucket);
        const int score = (bMoe != moe ? 4 : 0) + (bPrecision ? 0 : 2) + (bBucket ? 0 : 1);
        if (score < nearestScore) {
            nearestScore = score;
            nearest = &b;
        }
    }
    if (nearest) {
        info.nearestRegime = nearest->regime;
        info.rmsError = nearest->cvMean; // for the text only: runs stays 0, the plan is uncalibrated
    }
}

} // namespace shardscope
