// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/expert_parallel.h"

#include <algorithm>
#include <cmath>

namespace shardscope {

namespace {
std::string num(long long v) { return std::to_string(v); }
} // namespace

std::string expertParallelProblem(const ExpertShape& shape, const ParallelConfig& c, const TrainingSpec& training)
{
    if (c.epCommOverlap)
        if (std::string overlap = epOverlapProblem(shape, c, training); !overlap.empty())
            return overlap;
    if (shape.experts <= 0) {
        if (c.ep != 1 || c.etp != 1)
            return "expert parallelism (EP " + num(c.ep) + ", ETP " + num(c.etp)
                + ") needs a mixture-of-experts model; this model has no routed experts";
        return {};
    }
    if (shape.experts % c.ep != 0)
        return "EP " + num(c.ep) + " does not divide the " + num(shape.experts) + " routed experts";
    const long long stageGpus = static_cast<long long>(c.tp) * c.cp * c.dp;
    if (stageGpus % (static_cast<long long>(c.ep) * c.etp) != 0)
        return "EP " + num(c.ep) + " x ETP " + num(c.etp) + " = " + num(static_cast<long long>(c.ep) * c.etp)
            + " must divide the TP x CP x DP = " + num(stageGpus) + " GPUs of a pipeline stage";
    const double ffn = shape.expertFfn;
    if (c.etp > 1 && (ffn <= 0 || std::fmod(ffn, double(c.etp)) != 0))
        return "ETP " + num(c.etp) + " does not divide the experts' intermediate size " + num(static_cast<long long>(ffn));
    if (c.tp > 1 && !c.sequenceParallel)
        return "a mixture of experts with TP " + num(c.tp)
            + " needs sequence parallelism (Megatron requires it: the token dispatcher takes each rank's sequence part)";
    if (c.dpReplicate > 1 && c.expertDataParallel() % c.dpReplicate != 0)
        return "DP replicate " + num(c.dpReplicate) + " must divide the expert data-parallel size "
            + num(c.expertDataParallel()) + " (TP x CP x DP / (EP x ETP))";
    return {};
}

std::string epOverlapProblem(const ExpertShape& shape, const ParallelConfig& c, const TrainingSpec& training)
{
    const Precision precision = training.precision;
    if (shape.experts <= 0 || c.ep <= 1)
        return "overlapping the expert all-to-all needs expert parallelism (EP > 1)";
    if (c.recompute == Recompute::Full)
        return "overlapping the expert all-to-all does not work with full recomputation (Megatron refuses it)";
    if (c.recompute == Recompute::Selective && (training.recomputeModules & kRecomputeMoe))
        return "overlapping the expert all-to-all does not work with selective recomputation of the moe module "
               "(Megatron refuses it)";
    if (c.pp > 1 && c.schedule != Schedule::Interleaved1F1B)
        return "overlapping the expert all-to-all with PP > 1 needs the interleaved schedule (Megatron requires a "
               "virtual pipeline)";
    if (precision == Precision::Fp32)
        return "overlapping the expert all-to-all needs a bf16 or fp16 model";
    if (shape.mtpModules > 1)
        return "overlapping the expert all-to-all allows at most one multi-token-prediction module";
    return {};
}

double epOverlapPairedShare(const ParallelConfig& c, int stage, int microBatches)
{
    if (!c.epCommOverlap || microBatches <= 0)
        return 0;
    const int v = c.schedule == Schedule::Interleaved1F1B ? std::max(1, c.vpp) : 1;
    const double total = double(microBatches) * v;
    double warmup = 1; // PP 1: one forward ahead of the first backward
    if (c.pp > 1) // Megatron's interleaved warm-up, microbatch_group_size_per_vp_stage = PP, plus the extra one
        warmup = 2.0 * (c.pp - stage - 1) + (v - 1) * double(c.pp) + 1;
    return std::clamp(1.0 - std::min(warmup, total) / total, 0.0, 1.0);
}

} // namespace shardscope
