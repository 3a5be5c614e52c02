// SPDX-License-Identifier: GPL-3.0-or-later
// Mixture of experts, multi-head latent attention and multi-token prediction as Megatron-LM arguments
// (NVIDIA/Megatron-LM at d98e8a6). --num-experts, --moe-layer-freq and the MLA ranks and head dimensions are
// flags of megatron/training/arguments.py (_add_moe_args, _add_mla_args); the rest come from fields of
// TransformerConfig (megatron/core/transformer/transformer_config.py) and ModelParallelConfig
// (megatron/core/model_parallel_config.py) through ArgumentGroupFactory (field x_y is --x-y, a bool defaulting
// to False a switch, a Literal a choice).
#include "export/megatron_args_detail.h"
#include "util/input_error.h"

#include <cstdio>
#include <string>
#include <vector>

namespace shardscope::launch_detail {

namespace {

/// "8" for 8.0, "1.25" for 1.25.
std::string formatFactor(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.12g", v);
    return text;
}

/// Megatron's linear layers have biases unless --disable-bias-linear (TransformerConfig.add_bias_linear), which
/// megatron_model_args.cpp writes when neither the attention output nor the MLP has a bias.
bool linearBiases(const TransformerSpec& t)
{
    return t.attnOutBias || t.mlpBias;
}

/// The MoE all-to-alls of one micro-batch overlapped with another micro-batch's computation:
/// ModelParallelConfig.overlap_moe_expert_parallel_comm (megatron/core/model_parallel_config.py at d98e8a6), whose
/// requirements TransformerConfig.__post_init__ asserts (megatron/core/transformer/transformer_config.py at d98e8a6).
void addExpertCommOverlap(const PlanView& v, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    if (!c.epCommOverlap)
        return;
    const std::string choose = "; choose a plan with ep_comm_overlap off";
    if (c.ep < 2)
        v.refuse("config.ep_comm_overlap",
                 "Megatron-LM overlaps the MoE all-to-alls only with expert parallelism (\"overlap_moe_expert_parallel_comm "
                 "is only supported with expert model parallelism\"), and the plan has EP "
                     + std::to_string(c.ep) + choose);
    if (c.recompute == Recompute::Full)
        v.refuse("config.ep_comm_overlap", "Megatron-LM refuses the MoE all-to-all overlap with full recomputation "
                                           "(\"disable full recomputation when enabling overlap_moe_expert_parallel_comm\")"
                                               + choose + " or with selective or no recomputation");
    if (c.pp > 1 && c.vpp < 2)
        v.refuse("config.ep_comm_overlap",
                 "Megatron-LM overlaps the MoE all-to-alls with PP > 1 only in the interleaved schedule (\"If enabling "
                 "EP A2A overlap, virtual_pipeline_model_parallel_size must be specified when "
                 "pipeline_model_parallel_size > 1\"), and the plan has PP "
                     + std::to_string(c.pp) + " with one model chunk per rank" + choose + " or with virtual stages");
    if (v.document->training.precision == Precision::Fp32)
        v.refuse("config.ep_comm_overlap", "Megatron-LM overlaps the MoE all-to-alls only in a bf16 or fp16 model "
                                           "(\"overlap_moe_expert_parallel_comm is only supported with bf16 or fp16 "
                                           "model\"), and the plan trains in fp32" + choose);
    if (t.mtpLayers > 1)
        v.refuse("config.ep_comm_overlap", "Megatron-LM overlaps the MoE all-to-alls with at most one multi-token "
                                           "prediction module (\"MTP supports at most one layer when enabling "
                                           "overlap_moe_expert_parallel_comm\"), and the model has "
                                               + std::to_string(t.mtpLayers) + choose);
    a.add("--overlap-moe-expert-parallel-comm");
    notes.push_back("MoE all-to-alls overlapped with another micro-batch's computation (--overlap-moe-expert-parallel-comm): "
                    "Megatron's combined 1F1B schedule runs one micro-batch's forward beside another's backward layer by "
                    "layer. It needs PyTorch >= 2.6 and CUDA_DEVICE_MAX_CONNECTIONS above 1 (Megatron's MoE README; with TP "
                    "or CP > 1 before Blackwell, 1 favours TP communication and 32 this overlap). Megatron pairs it with "
                    "--delay-wgrad-compute (Transformer Engine; weight gradients deferred to hide the backward's "
                    "all-to-alls too), which the plan's time does not assume, so it is not written.");
}

} // namespace

std::string moeLayerPattern(const TransformerSpec& t)
{
    if (t.firstDenseLayers == 0)
        return t.moeLayerFreq == 1 ? std::string() : std::to_string(t.moeLayerFreq);
    // A Python list expression, run by run: "([0]*3+[1]*58)" (arguments.py _eval_pattern allows digits, commas,
    // brackets, parentheses, + and *; gpt_layer_specs.py get_gpt_decoder_layer_specs asserts its length is
    // num_layers).
    std::string out = "(";
    for (std::int64_t b = 0; b < t.layers;) {
        const bool moe = t.isMoeBlock(b);
        std::int64_t n = 1;
        while (b + n < t.layers && t.isMoeBlock(b + n) == moe)
            ++n;
        out += (b == 0 ? "" : "+") + std::string(moe ? "[1]*" : "[0]*") + std::to_string(n);
        b += n;
    }
    return out + ")";
}

void addMegatronExpertParallel(const PlanView& v, const TransformerSpec& t, MegatronArgs& a,
                               std::vector<std::string>& notes)
{
    const ParallelConfig& c = v.config;
    if (!t.isMoe()) {
        if (c.epCommOverlap)
            v.refuse("config.ep_comm_overlap", "the plan overlaps MoE all-to-alls, but the model \"" + v.document->model.name
                                                   + "\" has no experts; choose a plan with ep_comm_overlap off");
        return; // analyzePlan refused EP or ETP above 1 for a dense model
    }
    // TransformerConfig.__post_init__: "Bias in Moe is only supported when ETP==1".
    if (c.etp > 1 && linearBiases(t))
        v.refuse("config.etp", "Megatron-LM supports biases in MoE layers only with expert tensor parallelism 1 "
                               "(\"Bias in Moe is only supported when ETP==1\"), and this model's linear layers have "
                               "biases; choose a plan with ETP 1");
    // ModelParallelConfig.expert_model_parallel_size and expert_tensor_parallel_size; the latter defaults to the
    // TP size (__post_init__), so it is always written.
    a.add("--expert-model-parallel-size", c.ep);
    a.add("--expert-tensor-parallel-size", c.etp);
    addExpertCommOverlap(v, t, a, notes);
    const int stageGpus = c.tp * c.cp * c.dp;
    notes.push_back("Experts laid out by MoE parallel folding: each stage's TP x CP x DP = " + std::to_string(stageGpus)
                    + " GPUs run attention as TP " + std::to_string(c.tp) + " and the routed experts as ETP "
                    + std::to_string(c.etp) + " x EP " + std::to_string(c.ep) + " x expert-DP "
                    + std::to_string(c.expertDataParallel()) + " (Megatron derives expert-DP), "
                    + std::to_string(t.experts / c.ep) + " of the " + std::to_string(t.experts) + " experts per EP rank.");
}

void addMegatronMoeModel(const PlanView& v, const TransformerSpec& t, MegatronArgs& a, std::vector<std::string>& notes)
{
    const PlanDocument& d = *v.document;
    if (t.isMla()) {
        // TransformerConfig.multi_latent_attention; _add_mla_args: --q-lora-rank (None: queries projected
        // directly), --kv-lora-rank, --qk-head-dim (the part without rotary positions), --qk-pos-emb-head-dim,
        // --v-head-dim. validate_args refuses it with --group-query-attention, which MLA models do not write
        // (as many key/value heads as heads).
        a.add("--multi-latent-attention");
        if (t.qLoraRank > 0)
            a.add("--q-lora-rank", t.qLoraRank);
        a.add("--kv-lora-rank", t.kvLoraRank);
        a.add("--qk-head-dim", t.qkNopeHeadDim);
        a.add("--qk-pos-emb-head-dim", t.qkRopeHeadDim);
        a.add("--v-head-dim", t.vHeadDim);
    }
    // TransformerConfig.softmax_type "learnable": a learned offset per head in the softmax's denominator, as
    // gpt-oss's attention sinks (Transformer Engine's fused attention, transformer_engine.py).
    if (t.attentionSinks) {
        a.add("--softmax-type", "learnable");
        notes.push_back("Attention sinks (a learned logit per head) as --softmax-type learnable, which runs in "
                        "Transformer Engine's fused attention only.");
    }
    if (t.mtpLayers > 0) {
        a.add("--mtp-num-layers", t.mtpLayers); // TransformerConfig.mtp_num_layers; on the last pipeline stage
        notes.push_back("Multi-token prediction: " + std::to_string(t.mtpLayers)
                        + " module(s) on the last pipeline stage (--mtp-num-layers), trained with the model; their loss "
                          "weight is --mtp-loss-scaling-factor (default 0.1).");
    }
    if (!t.isMoe())
        return;
    a.add("--num-experts", t.experts);
    a.add("--moe-router-topk", t.expertsPerToken);
    // TransformerConfig.__post_init__ (megatron/core/transformer/transformer_config.py at d98e8a6) refuses top-1
    // routing with softmax scores after the top-k: one expert's renormalised weight is always 1 (Switch Transformer
    // routes top-1 on the softmax before it).
    if (t.expertsPerToken == 1 && !(t.routerBias && !linearBiases(t)))
        a.add("--moe-router-pre-softmax");
    a.add("--moe-ffn-hidden-size", t.routedExpertFfn());
    if (const std::string pattern = moeLayerPattern(t); !pattern.empty()) {
        a.add("--moe-layer-freq", t.firstDenseLayers > 0 ? "\"" + pattern + "\"" : pattern);
        notes.push_back(t.firstDenseLayers > 0
                            ? "The first " + std::to_string(t.firstDenseLayers) + " blocks have a dense MLP of "
                                  + std::to_string(t.ffn) + " (--ffn-hidden-size), the rest "
                                  + (t.moeLayerFreq > 1 ? "a mixture of experts every " + std::to_string(t.moeLayerFreq)
                                                              + " blocks"
                                                        : std::string("a mixture of experts"))
                                  + ": --moe-layer-freq lists each block, 1 for MoE, 0 for dense."
                            : "A mixture of experts every " + std::to_string(t.moeLayerFreq)
                                  + " blocks (--moe-layer-freq), the others dense.");
    }
    if (t.sharedExpertFfn > 0) {
        a.add("--moe-shared-expert-intermediate-size", t.sharedExpertFfn); // all shared experts together
        if (t.sharedExpertGate)
            a.add("--moe-shared-expert-gate"); // Qwen's sigmoid gate on the shared expert's output
    }
    if (t.routerBias) {
        if (linearBiases(t)) {
            notes.push_back("The router's bias comes with the linear layers' biases (Megatron's TopKRouter has one "
                            "when --disable-bias-linear is absent).");
        } else {
            // DeepSeek-V3's e_score_correction_bias: aux-loss-free balancing, which __post_init__ allows with the
            // sigmoid and sqrtsoftplus score functions only; DeepSeek-V3 scores with a sigmoid.
            a.add("--moe-router-enable-expert-bias");
            a.add("--moe-router-score-function", "sigmoid");
            notes.push_back("The router's per-expert bias (DeepSeek-V3's e_score_correction_bias) is Megatron's "
                            "aux-loss-free balancing, --moe-router-enable-expert-bias, which needs sigmoid scores; set "
                            "group-limited routing and score scaling (--moe-router-num-groups, --moe-router-group-topk, "
                            "--moe-router-topk-scaling-factor) from the model's config, which the plan does not hold.");
        }
    }
    a.add("--moe-grouped-gemm"); // the experts of a GPU as one grouped GEMM, as the cost model prices them
    a.add("--moe-token-dispatcher-type", "alltoall"); // tokens to their experts' EP ranks and back by all-to-all
    if (d.training.moeCapacityFactor) {
        // TransformerConfig.moe_expert_capacity_factor (None: dropless) and moe_pad_expert_input_to_capacity.
        a.add("--moe-expert-capacity-factor", formatFactor(*d.training.moeCapacityFactor));
        a.add("--moe-pad-expert-input-to-capacity");
        notes.push_back("Token dropping with capacity factor " + formatFactor(*d.training.moeCapacityFactor)
                        + ", every expert padded to its capacity, as the plan's time assumes.");
    } else {
        notes.push_back("Dropless routing (Megatron's default): the plan assumes the busiest expert gets "
                        + formatFactor(d.training.moeImbalance)
                        + " times the mean tokens (training.moe_imbalance); a worse balanced router is slower.");
    }
}

} // namespace shardscope::launch_detail
