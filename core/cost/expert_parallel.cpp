// SPDX-License-Identifier: GPL-3.0-or-later
#include "cost/expert_parallel.h"

#include <cmath>

namespace shardscope {

namespace {
std::string num(long long v) { return std::to_string(v); }
} // namespace

std::string expertParallelProblem(const ExpertShape& shape, const ParallelConfig& c)
{
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

} // namespace shardscope
