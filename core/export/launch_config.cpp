// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/launch_config.h"

#include "cost/pipeline_schedule.h"
#include "export/launch_config_detail.h"
#include "model/block_detection.h"
#include "util/input_error.h"
#include "util/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <tuple>

namespace shardscope {

std::string_view toString(LaunchFormat format)
{
    switch (format) {
    case LaunchFormat::Megatron: return "megatron";
    case LaunchFormat::DeepSpeed: return "deepspeed";
    case LaunchFormat::Torchtitan: return "torchtitan";
    }
    return "megatron";
}

std::optional<LaunchFormat> launchFormatFromString(std::string_view text)
{
    for (LaunchFormat f : { LaunchFormat::Megatron, LaunchFormat::DeepSpeed, LaunchFormat::Torchtitan })
        if (text == toString(f))
            return f;
    return std::nullopt;
}

namespace launch_detail {

int PlanView::stageBlocks(int stage) const
{
    int n = 0;
    for (const Segment& s : segments)
        n += s.stage == stage ? s.blocks : 0;
    return n;
}

int PlanView::maxStageBlocks() const
{
    int best = 0;
    for (int s = 0; s < config.pp; ++s)
        best = std::max(best, stageBlocks(s));
    return best;
}

void PlanView::refuse(const std::string& position, const std::string& message) const
{
    throw InputError(source, position.empty() ? path : path + "." + position, message);
}

void PlanView::refuseTraining(const std::string& field, const std::string& message) const
{
    throw InputError(source, "$.training." + field, message);
}

namespace {

/// Expert parallelism every framework needs: EP and ETP only for a mixture of experts, EP dividing its experts,
/// EP x ETP dividing a stage's TP x CP x DP (the experts' layout, ParallelConfig::expertDataParallel).
void checkExperts(const PlanView& v)
{
    const ParallelConfig& c = v.config;
    if (c.ep < 1 || c.etp < 1)
        v.refuse("config", "expert parallelism and expert tensor parallelism must be at least 1");
    if (c.ep == 1 && c.etp == 1)
        return;
    const std::optional<TransformerSpec>& t = v.document->model.transformer;
    if (t && !t->isMoe())
        v.refuse(c.ep > 1 ? "config.ep" : "config.etp",
                 "the plan has EP " + std::to_string(c.ep) + " and ETP " + std::to_string(c.etp)
                     + ", but the model \"" + v.document->model.name
                     + "\" has no experts; expert parallelism applies to mixtures of experts only");
    if (t && t->experts % c.ep != 0)
        v.refuse("config.ep", "EP " + std::to_string(c.ep) + " does not divide the model's " + std::to_string(t->experts)
                                  + " experts per layer; every EP rank holds the same number of experts");
    const std::int64_t stageGpus = std::int64_t(c.tp) * c.cp * c.dp;
    if (stageGpus % (std::int64_t(c.ep) * c.etp) != 0)
        v.refuse("config.ep", "EP " + std::to_string(c.ep) + " x ETP " + std::to_string(c.etp)
                                  + " does not divide a stage's TP x CP x DP = " + std::to_string(stageGpus)
                                  + " GPUs, over which the experts are laid out");
}

/// The pp x vpp chunks in model order with their layer ranges: from the plan's chunk_layers, each run by the
/// stage of its layers (one stage a chunk; an empty chunk by the stage the schedule's placement gives it), or,
/// for files without it, from each layer's (stage, chunk).
std::vector<Segment> chunkSegments(const PlanView& v, const std::vector<LayerPartition>& parts)
{
    const ParallelConfig& c = v.config;
    const std::size_t count = std::size_t(c.pp) * std::size_t(c.vpp);
    std::vector<Segment> segments(count);
    for (std::size_t i = 0; i < count; ++i) // chunk k of stage s is entry k x pp + s, but for ZBV's V
        std::tie(segments[i].stage, segments[i].chunk) = stageAndChunkOf(c.schedule, c.pp, int(i));
    const int layers = int(parts.size());
    const std::vector<std::pair<int, int>>& chunks = v.plan->estimate.chunkLayers;
    if (!chunks.empty()) {
        if (chunks.size() != count)
            v.refuse("chunk_layers", "the plan lists " + std::to_string(chunks.size()) + " pipeline chunks, but PP "
                                         + std::to_string(c.pp) + " x VPP " + std::to_string(c.vpp) + " needs "
                                         + std::to_string(count));
        int next = 0;
        for (std::size_t j = 0; j < count; ++j) {
            const auto [first, end] = chunks[j];
            const std::string where = "chunk_layers[" + std::to_string(j) + "]";
            if (first != next || end < first || end > layers)
                v.refuse(where, "layers [" + std::to_string(first) + ", " + std::to_string(end) + ") do not continue the "
                                    "chunks before it at layer " + std::to_string(next) + " within the model's "
                                    + std::to_string(layers) + " layers");
            if (end > first) {
                const int stage = parts[std::size_t(first)].ppStage;
                if (stage < 0 || stage >= c.pp)
                    v.refuse("sharding_plan.layer_partitions[" + std::to_string(first) + "]",
                             "layer \"" + parts[std::size_t(first)].layerName + "\" is placed on stage "
                                 + std::to_string(stage) + ", outside PP " + std::to_string(c.pp));
                for (int i = first; i < end; ++i)
                    if (parts[std::size_t(i)].ppStage != stage)
                        v.refuse("sharding_plan.layer_partitions[" + std::to_string(i) + "]",
                                 "layer \"" + parts[std::size_t(i)].layerName + "\" is placed on stage "
                                     + std::to_string(parts[std::size_t(i)].ppStage) + ", but chunk_layers puts it in chunk "
                                     + std::to_string(j) + " with layer \"" + parts[std::size_t(first)].layerName
                                     + "\" of stage " + std::to_string(stage) + "; a chunk runs on one stage");
                segments[j].stage = stage;
            }
            segments[j].firstLayer = first;
            segments[j].endLayer = end;
            next = end;
        }
        if (next != layers)
            v.refuse("chunk_layers", "the chunks end at layer " + std::to_string(next) + " of "
                                         + std::to_string(layers));
        // Each stage's chunks in model order are its chunks 0, 1, ...; every stage runs VPP of them.
        std::vector<int> chunksOnStage(std::size_t(c.pp), 0);
        for (Segment& s : segments)
            s.chunk = chunksOnStage[std::size_t(s.stage)]++;
        for (int s = 0; s < c.pp; ++s)
            if (chunksOnStage[std::size_t(s)] != c.vpp)
                v.refuse("chunk_layers", "stage " + std::to_string(s) + " runs " + std::to_string(chunksOnStage[std::size_t(s)])
                                             + " of the chunks, but every stage runs VPP " + std::to_string(c.vpp));
        return segments;
    }
    // Chunks in model order: the virtual stage of each layer's (stage, chunk) must never decrease.
    std::size_t current = 0;
    for (int i = 0; i < layers; ++i) {
        const LayerPartition& p = parts[std::size_t(i)];
        const std::string where = "sharding_plan.layer_partitions[" + std::to_string(i) + "]";
        if (p.ppStage < 0 || p.ppStage >= c.pp || p.chunk < 0 || p.chunk >= c.vpp)
            v.refuse(where, "layer \"" + p.layerName + "\" is placed on stage " + std::to_string(p.ppStage) + ", chunk "
                                + std::to_string(p.chunk) + ", outside PP " + std::to_string(c.pp) + " x VPP "
                                + std::to_string(c.vpp));
        const std::size_t segment = std::size_t(virtualStageOf(c.schedule, c.pp, p.ppStage, p.chunk));
        if (segment < current)
            v.refuse(where, "layer \"" + p.layerName + "\" on stage " + std::to_string(p.ppStage) + ", chunk "
                                + std::to_string(p.chunk) + " comes after a later pipeline chunk: the layers are "
                                + "not laid out in pipeline order");
        if (i == 0 || segment != current) {
            // Chunks skipped on the way are empty and sit where this one starts.
            for (std::size_t k = i == 0 ? 0 : current + 1; k < segment; ++k)
                segments[k].firstLayer = segments[k].endLayer = i;
            segments[segment].firstLayer = i;
        }
        current = segment;
        segments[segment].endLayer = i + 1;
    }
    for (std::size_t k = current + 1; k < count; ++k)
        segments[k].firstLayer = segments[k].endLayer = layers;
    return segments;
}

} // namespace

PlanView analyzePlan(const PlanDocument& document, std::size_t planIndex, const std::string& source)
{
    if (planIndex >= document.plans.size())
        throw std::invalid_argument("plan index " + std::to_string(planIndex) + " is out of range: the document has "
                                    + std::to_string(document.plans.size()) + " plans");
    PlanView v;
    v.document = &document;
    v.plan = &document.plans[planIndex];
    v.config = v.plan->estimate.config;
    v.source = source;
    v.path = "$.plans[" + std::to_string(planIndex) + "]";
    v.numMicroBatches = v.plan->estimate.numMicroBatches;
    const ParallelConfig& c = v.config;
    const PlanEstimate& e = v.plan->estimate;

    if (!e.feasible)
        v.refuse("feasible", "plan " + std::to_string(v.plan->rank) + " is predicted not to fit"
                                 + (e.infeasibleReason.empty() ? std::string() : " (" + e.infeasibleReason + ")")
                                 + "; export a plan that fits");
    if (c.tp < 1 || c.cp < 1 || c.pp < 1 || c.dp < 1 || c.vpp < 1 || c.dpReplicate < 1 || c.microBatch < 1
        || c.zeroStage < 0 || c.zeroStage > 3)
        v.refuse("config", "degrees and the micro-batch must be at least 1 and the ZeRO stage 0 to 3");
    checkExperts(v);
    if ((std::int64_t(c.dp) * c.cp) % c.dpReplicate != 0)
        v.refuse("config.dp_replicate", "dp_replicate " + std::to_string(c.dpReplicate) + " does not divide DP x CP = "
                                            + std::to_string(std::int64_t(c.dp) * c.cp));
    if (v.numMicroBatches < 1)
        v.refuse("num_micro_batches", "a plan needs at least one micro-batch per step");
    // The batch identity every framework checks (DeepSpeed's _batch_assertion, Megatron's
    // "global batch size must be divisible by micro batch size times data parallel size").
    const std::int64_t perStep = std::int64_t(c.microBatch) * v.numMicroBatches * c.dp;
    if (perStep != document.training.globalBatch)
        v.refuse("num_micro_batches", "micro-batch " + std::to_string(c.microBatch) + " x "
                                          + std::to_string(v.numMicroBatches) + " micro-batches x DP "
                                          + std::to_string(c.dp) + " = " + std::to_string(perStep)
                                          + " sequences, but the global batch is "
                                          + std::to_string(document.training.globalBatch));

    const auto& parts = v.plan->sharding.layerPartitions;
    if (parts.empty())
        v.refuse("sharding_plan.layer_partitions", "the plan has no layer placement (it was rejected before its stages "
                                                   "were partitioned)");
    v.segments = chunkSegments(v, parts);
    const int layers = int(parts.size());

    // Blocks per chunk from the layer names; the token embedding is what precedes the first block, the head
    // the model's last layer, the final norm what lies between the last block and the head.
    // Multi-token-prediction modules ("model.mtp_N.", after the output head; buildModelGraph; "mtp.N." or
    // "model.mtp.N." as other tools name them) hold a block each that is not one of the model's, and no
    // torchtitan module.
    auto isMtp = [&](int i) {
        const std::string& name = parts[std::size_t(i)].layerName;
        return name.rfind("mtp.", 0) == 0 || name.rfind("mtp_", 0) == 0 || name.find(".mtp.") != std::string::npos
            || name.find(".mtp_") != std::string::npos;
    };
    auto blockOf = [&](int i) { return isMtp(i) ? std::nullopt : extractBlockIndex(parts[std::size_t(i)].layerName); };
    int lastModelLayer = layers - 1;
    while (lastModelLayer > 0 && isMtp(lastModelLayer))
        --lastModelLayer;
    int firstBlockLayer = layers, lastBlockLayer = -1;
    for (int i = 0; i < layers; ++i)
        if (blockOf(i)) {
            firstBlockLayer = std::min(firstBlockLayer, i);
            lastBlockLayer = i;
        }
    std::optional<int> lastBlock;
    std::size_t lastBlockSegment = 0;
    int namedBlocks = 0;
    for (std::size_t segment = 0; segment < v.segments.size(); ++segment) {
        Segment& s = v.segments[segment];
        s.head = !s.empty() && s.endLayer == layers;
        for (int i = s.firstLayer; i < s.endLayer; ++i) {
            const std::optional<int> block = blockOf(i);
            std::string module;
            if (block) {
                module = "layers." + std::to_string(*block);
                // A block's layers are contiguous; a new number (or the same number in a later chunk) starts a block.
                if (!lastBlock || *lastBlock != *block || lastBlockSegment != segment) {
                    if (s.blocks == 0)
                        s.firstBlock = *block;
                    ++s.blocks;
                    ++namedBlocks;
                }
                lastBlock = block;
                lastBlockSegment = segment;
            } else if (i < firstBlockLayer) {
                s.embedding = true;
                module = "tok_embeddings";
            } else if (isMtp(i)) {
                // no module
            } else if (i == lastModelLayer) {
                module = "output";
            } else if (i > lastBlockLayer) {
                module = "norm";
            } // else: an unnumbered layer between blocks, part of a block module in torchtitan
            if (!module.empty() && (s.modules.empty() || s.modules.back() != module))
                s.modules.push_back(std::move(module));
        }
    }
    v.totalBlocks = namedBlocks;
    const PlanModelSummary& m = document.model;
    const int expected = m.transformer ? int(m.transformer->layers) : m.blockCount;
    v.blocksKnown = expected > 0 && namedBlocks == expected && m.blockCount == expected;
    return v;
}

std::string describeConfig(const PlanView& v)
{
    const ParallelConfig& c = v.config;
    std::string s = "TP " + std::to_string(c.tp) + (c.cp > 1 ? " x CP " + std::to_string(c.cp) : std::string())
                    + " x PP " + std::to_string(c.pp) + " x DP " + std::to_string(c.dp);
    if (c.dpReplicate > 1)
        s += " (" + std::to_string(c.dpReplicate) + " replicas of ZeRO shard groups of " + std::to_string(c.zeroShardSize())
             + ")";
    if (c.cp > 1)
        s += ", CP " + std::string(c.cpCommType == CpCommType::P2P ? "ring (p2p)" : "all-to-all (a2a)");
    if (c.ep > 1 || c.etp > 1)
        s += ", EP " + std::to_string(c.ep) + (c.etp > 1 ? " x ETP " + std::to_string(c.etp) : std::string())
             + " (expert-DP " + std::to_string(c.expertDataParallel()) + ")";
    if (c.vpp > 1)
        s += ", VPP " + std::to_string(c.vpp);
    s += ", micro-batch " + std::to_string(c.microBatch) + " x " + std::to_string(v.numMicroBatches)
         + " micro-batches, ZeRO-" + std::to_string(c.zeroStage)
         + (c.zeroStage == 3 && !c.reshardAfterForward ? " (parameters kept gathered from forward to backward)" : "")
         + ", "
         + (c.recompute == Recompute::None ? std::string("no") : std::string(toString(c.recompute))) + " recompute";
    if (c.sequenceParallel)
        s += ", sequence parallel";
    if (c.pp > 1)
        s += ", " + std::string(toString(c.schedule)) + " schedule";
    return s;
}

std::vector<std::string> headerLines(const PlanView& v)
{
    const PlanDocument& d = *v.document;
    const PlanEstimate& e = v.plan->estimate;
    std::vector<std::string> lines;
    lines.push_back("Model: " + d.model.name + " (" + formatCount(double(d.model.totalParams)) + " parameters, "
                    + std::to_string(d.model.blockCount) + " blocks)");
    lines.push_back("Cluster: " + std::to_string(d.cluster.nodes) + " nodes x " + std::to_string(d.cluster.gpusPerNode)
                    + " " + d.cluster.gpu.name + " = " + std::to_string(d.cluster.totalGpus()) + " GPUs");
    lines.push_back("Training: sequence length " + std::to_string(d.training.seqLength) + ", global batch "
                    + std::to_string(d.training.globalBatch) + " sequences, " + std::string(toString(d.training.precision)));
    // The rank among every plan the search evaluated when the document says how many (a file may hold
    // only the top few, the GUI's export only the selected one).
    const std::uint64_t of = std::max<std::uint64_t>(d.search.candidatesEvaluated, d.plans.size());
    lines.push_back("Plan rank " + std::to_string(v.plan->rank) + " of " + std::to_string(of)
                    + (d.search.candidatesEvaluated > 0 ? " evaluated" : "") + ": " + describeConfig(v));
    char mfu[32];
    std::snprintf(mfu, sizeof mfu, "%.1f %%", e.mfu * 100.0);
    // The cost model's measured error on this GPU family: "61.45 s ± 5 % (9 calibration runs, H100)".
    const CalibrationInfo& calibration = d.cluster.gpu.calibration;
    const std::string step = formatSeconds(e.time.stepSeconds)
        + (calibration.calibrated() ? " " + calibration.describe() : " (" + calibration.describe() + ")");
    lines.push_back("Predicted: peak memory " + formatBytes(e.peakMemoryBytes) + " per GPU (usable "
                    + formatBytes(e.capacityBytes) + "), step " + step + ", MFU " + mfu
                    + ", pipeline bubble " + std::to_string(int(std::lround(e.bubbleFraction * 100))) + " %");
    if (d.generator.size())
        lines.push_back("Written from a plan by " + d.generator + "; docs/launch-configs.md explains each key.");
    return lines;
}

} // namespace launch_detail

std::string writeLaunchConfig(const PlanDocument& document, std::size_t planIndex, LaunchFormat format,
                              const std::string& source)
{
    const launch_detail::PlanView view = launch_detail::analyzePlan(document, planIndex, source);
    switch (format) {
    case LaunchFormat::Megatron: return launch_detail::writeMegatronArgs(view);
    case LaunchFormat::DeepSpeed: return launch_detail::writeDeepSpeedConfig(view);
    case LaunchFormat::Torchtitan: return launch_detail::writeTorchtitanConfig(view);
    }
    throw std::invalid_argument("unknown launch format");
}

} // namespace shardscope
