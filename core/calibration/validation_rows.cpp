// SPDX-License-Identifier: GPL-3.0-or-later
// The rows validate evaluates: the two calibration tables, then the measured-runs corpus with each run's
// layout, precision and recipe knobs read from its source (Megatron-Bridge's performance recipes) and the
// contradictions between runs marked. Predicting and fitting them is validation.cpp.
#include "calibration/validation.h"

#include "calibration/calibration_set.h"
#include "calibration/measured_runs.h"
#include "cost/prediction_band.h"
#include "hardware/hardware_catalog.h"
#include "import/hf_config_importer.h"
#include "util/embedded_resources.h"
#include "util/json_reader.h"
#include "util/text.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <map>
#include <set>

namespace shardscope {

std::string ValidationRow::regime() const { return regimeKey(family, moe, precision, seq); }

PlanningProblem ValidationRow::problem(const HardwareCatalog& catalog) const
{
    const GpuSpec* g = catalog.find(catalogGpu);
    if (!g)
        throw std::runtime_error("the hardware catalog has no GPU named \"" + catalogGpu + "\"");
    PlanningProblem p;
    p.model = *graph;
    p.cluster = ClusterSpec::make(*g, gpus, gpusPerNode);
    p.training = training;
    return p;
}

namespace {

std::string layoutText(const std::optional<int>& tp, const std::optional<int>& pp, const std::optional<int>& cp,
                       const std::optional<int>& ep, const std::optional<int>& vpp, const std::optional<int>& dp,
                       const std::optional<int>& mb)
{
    std::string s;
    auto add = [&](const char* name, const std::optional<int>& v) {
        if (!v)
            return;
        if (!s.empty())
            s += ' ';
        s += std::string(name) + ' ' + std::to_string(*v);
    };
    add("TP", tp);
    add("PP", pp);
    add("VPP", vpp);
    add("CP", cp);
    add("EP", ep);
    add("DP", dp);
    add("mb", mb);
    return s;
}

// The two calibration tables (calibration_set.h) as rows.
ValidationRow fromTable(const CalibrationRun& run)
{
    ValidationRow row;
    const bool narayanan = run.family == "A100";
    row.id = (narayanan ? "N21-" : "MLM-") + run.label;
    row.source = run.source;
    row.profile = narayanan ? "megatron-2021" : "mcore-r0.8";
    row.model = (narayanan ? "Narayanan GPT " : "Megatron-LM README GPT ") + run.label;
    row.gpu = run.gpu;
    row.catalogGpu = run.gpu;
    row.family = run.family;
    row.precision = run.training.precision == Precision::Fp16 ? "FP16" : "BF16";
    row.seq = run.seqLength;
    row.gpus = run.gpus;
    row.gpusPerNode = run.gpusPerNode;
    row.layout = layoutText(run.tp, run.pp, std::nullopt, std::nullopt, std::nullopt, run.dp, std::nullopt);
    row.measuredStepSeconds = run.publishedCountFlops() / (double(run.gpus) * run.publishedTflopsPerGpu * 1e12);
    row.graph = std::make_shared<const ModelGraph>(buildModelGraph(run.spec));
    row.training = run.training;
    row.training.pins = run.pins;
    if (!narayanan)
        row.assumptions.push_back("bf16; micro-batch, virtual stages, schedule and recomputation not stated: searched");
    return row;
}

// The catalog's name of a GPU as the corpus spells it.
std::string catalogName(const std::string& gpu)
{
    if (gpu == "H100")
        return "H100-SXM";
    return gpu;
}

bool hasNote(const MeasuredRun& m, std::string_view text)
{
    return std::any_of(m.notes.begin(), m.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

// The precision: the regime's name, the training precision, and what was assumed or keeps the row out of fits.
void readPrecision(const MeasuredRun& m, ValidationRow& row)
{
    const std::string& p = m.precision;
    row.training.precision = Precision::Fp8;
    row.training.fp8.recipe = Fp8Recipe::Tensorwise; // FP8-CS, and what "FP8" and an unstated precision are read as
    if (p == "BF16") {
        row.precision = "BF16";
        row.training.precision = Precision::Bf16;
    } else if (p == "FP8-CS") {
        row.precision = "FP8";
    } else if (p == "FP8") {
        row.precision = "FP8";
        row.assumptions.push_back("\"FP8\" names no recipe: read as per-tensor current scaling (FP8-CS)");
        row.notFitted = "the precision names no FP8 recipe";
    } else if (p.empty()) {
        row.precision = "?";
        row.assumptions.push_back("precision not stated: assumed FP8 with per-tensor current scaling");
        row.notFitted = "the precision is not stated";
    } else {
        row.precision = p == "FP8-MX" ? "MXFP8" : p;
        row.notEvaluated = "the block-scaled precision " + p + " is not modelled (bf16, fp16, fp8 and fp32 are)";
    }
}

// The published layout as pins: what the row states is pinned, the rest searched.
void readLayout(const MeasuredRun& m, ValidationRow& row)
{
    PlanPins& pins = row.training.pins;
    pins.tp = m.tp;
    pins.pp = m.pp;
    pins.cp = m.cp;
    pins.microBatch = m.microBatch;
    if (row.moe)
        pins.ep = m.ep.value_or(1);
    else if (m.ep && *m.ep > 1 && row.notEvaluated.empty())
        row.notEvaluated = "expert parallelism on a dense model";
    const int model = m.tp.value_or(1) * m.pp.value_or(1) * m.cp.value_or(1);
    std::optional<int> dp;
    if (m.tp && m.pp && m.cp) {
        if (m.gpus % model != 0) {
            row.notEvaluated = "TP x PP x CP = " + std::to_string(model) + " does not divide " + std::to_string(m.gpus) + " GPUs";
            return;
        }
        dp = m.gpus / model;
        pins.dp = dp;
    }
    row.layout = layoutText(m.tp, m.pp, m.cp, m.ep, m.vpp, dp, m.microBatch);
    const int pp = m.pp.value_or(1);
    if (pp > 1) {
        // Megatron-Bridge's summaries print VPP only where the recipe interleaves.
        pins.vpp = m.vpp.value_or(1);
        pins.schedule = m.vpp.value_or(1) > 1 ? Schedule::Interleaved1F1B : Schedule::OneFOneB;
        if (!m.vpp)
            row.assumptions.push_back("VPP not stated: no interleaving");
    }
    if (m.tp && *m.tp > 1)
        pins.sequenceParallel = true; // Megatron-Bridge's recipes pair TP with sequence parallelism
    if (!m.fsdpShards) {
        row.assumptions.push_back("optimizer sharding not stated: searched");
    } else if (*m.fsdpShards == 0) {
        pins.zeroStage = 1; // Megatron's distributed optimizer
    } else {
        pins.zeroStage = 3; // Megatron FSDP
        const int shardGroup = dp.value_or(1) * m.cp.value_or(1);
        if (dp && shardGroup % *m.fsdpShards == 0 && shardGroup / *m.fsdpShards > 1)
            pins.dpReplicate = shardGroup / *m.fsdpShards;
        row.assumptions.push_back("Megatron FSDP over " + std::to_string(*m.fsdpShards) + " GPUs read as ZeRO-3");
    }
}

// The Megatron-Bridge performance recipes behind the corpus rows (resources/runs/megatron-bridge-recipes.json, read
// from NVIDIA-NeMo/Megatron-Bridge src/megatron/bridge/perf_recipes/ at 067f987): the knobs a row's source leaves out.
const nlohmann::json& recipes()
{
    static const nlohmann::json list = [] {
        for (const EmbeddedResource& file : embeddedRuns())
            if (file.name == "megatron-bridge-recipes")
                return parseJsonText(file.text, JsonContext { "resources/runs/megatron-bridge-recipes.json", "recipes" })
                    .at("recipes");
        return nlohmann::json::array();
    }();
    return list;
}

int knobInt(const nlohmann::json& knobs, const char* key, int fallback)
{
    const auto it = knobs.find(key);
    return it != knobs.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

bool knobTrue(const nlohmann::json& knobs, const char* key)
{
    const auto it = knobs.find(key);
    return it != knobs.end() && it->is_boolean() && it->get<bool>();
}

// The recipe of `m` whose layout is the row's (the default one the benchmark scripts pick first), or null.
const nlohmann::json* recipeOf(const MeasuredRun& m, const std::string& precision)
{
    const nlohmann::json* found = nullptr;
    for (const nlohmann::json& r : recipes()) {
        if (r.value("model", "") != m.model || r.value("gpu", "") != m.gpu || r.value("precision", "") != precision)
            continue;
        const nlohmann::json& k = r.at("knobs");
        if (knobInt(k, "tp", 1) != m.tp.value_or(1) || knobInt(k, "pp", 1) != m.pp.value_or(1)
            || knobInt(k, "cp", 1) != m.cp.value_or(1) || knobInt(k, "vpp", 1) != m.vpp.value_or(1)
            || knobInt(k, "micro_batch", 1) != m.microBatch.value_or(1) || r.value("num_gpus", 0) != m.gpus)
            continue;
        if (!found || r.value("default_for_scripts_performance", false))
            found = &r;
    }
    return found;
}

// The knobs the recipe states that the cost model has, pinned; the ones it lacks, said.
void applyRecipe(const MeasuredRun& m, ValidationRow& row)
{
    // Per recipes-of-record: "FP8" in the summaries is the FP8-CS recipe (fp8_recipe "tensorwise") on H100.
    const std::string precision = m.precision == "FP8" || m.precision.empty() ? "FP8-CS" : m.precision;
    const nlohmann::json* r = row.evaluable() ? recipeOf(m, precision) : nullptr;
    if (!r) {
        if (row.evaluable())
            row.assumptions.push_back("no Megatron-Bridge recipe at 067f987 has this layout: recomputation and overlaps searched");
        return;
    }
    const nlohmann::json& k = r->at("knobs");
    const std::string file = r->value("file", "") + " @ " + r->value("commit", "").substr(0, 7);
    row.assumptions.push_back("knobs read from " + file);
    if (m.precision == "FP8" && k.value("fp8_recipe", "") == "tensorwise") {
        row.assumptions.pop_back();
        row.assumptions.push_back("knobs read from " + file + "; its FP8 recipe is per-tensor current scaling");
        std::erase_if(row.assumptions, [](const std::string& a) { return a.starts_with("\"FP8\" names no recipe"); });
        row.notFitted.clear();
    }
    // The recipe's FP8 scaling and the blocks it keeps in BF16, as the run trained.
    if (row.training.precision == Precision::Fp8 && k.contains("fp8_recipe") && k["fp8_recipe"].is_string())
        if (const auto recipe = fp8RecipeFromString(k["fp8_recipe"].get<std::string>()))
            row.training.fp8.recipe = *recipe;
    if (row.training.precision == Precision::Fp8 && knobTrue(k, "first_last_layers_bf16"))
        for (const auto& [key, field] : { std::pair { "num_layers_at_start_in_bf16", &Fp8Settings::bf16FirstBlocks },
                                          std::pair { "num_layers_at_end_in_bf16", &Fp8Settings::bf16LastBlocks } })
            // Megatron's default is 1 at either end (transformer_config.py at d98e8a6).
            row.training.fp8.*field = k.contains(key) && k[key].is_number_integer() ? k[key].get<int>() : 1;
    PlanPins& pins = row.training.pins;
    const std::string granularity = k.contains("recompute_granularity") && k["recompute_granularity"].is_string()
        ? k["recompute_granularity"].get<std::string>() : std::string();
    if (granularity == "full" && k.contains("recompute_num_layers") && k["recompute_num_layers"].is_number_integer()) {
        // As the run recomputed: Megatron's method over that many blocks of each chunk.
        const std::string method = k.value("recompute_method", std::string());
        const auto parsed = recomputeMethodFromString(method);
        if (parsed && k["recompute_num_layers"].get<int>() >= 1) {
            pins.recompute = Recompute::Full;
            row.training.fullRecompute = { *parsed, k["recompute_num_layers"].get<int>() };
        } else {
            row.assumptions.push_back("recompute_method \"" + method + "\" with recompute_num_layers "
                                      + std::to_string(k["recompute_num_layers"].get<int>()) + " is not modelled: searched");
        }
    } else if (k.contains("recompute_num_layers") && k["recompute_num_layers"].is_number_integer())
        row.assumptions.push_back("recomputation of " + std::to_string(k["recompute_num_layers"].get<int>())
                                  + " blocks a stage without full granularity is not modelled: searched");
    else if (granularity.empty())
        pins.recompute = Recompute::None;
    else if (granularity == "selective") {
        pins.recompute = Recompute::Selective;
        // The modules the cost model knows as the run named them; the others said (counted as not recomputed:
        // their activations stored, their recomputation's time left out).
        if (k.contains("recompute_modules") && k["recompute_modules"].is_array()) {
            std::uint8_t modules = 0;
            std::vector<std::string> unmodelled;
            for (const nlohmann::json& name : k["recompute_modules"]) {
                const std::string text = name.is_string() ? name.get<std::string>() : std::string();
                if (const auto bit = recomputeModulesFromString(text); bit && *bit != 0)
                    modules |= *bit;
                else
                    unmodelled.push_back(text);
            }
            row.training.recomputeModules = modules;
            for (const std::string& u : unmodelled)
                row.assumptions.push_back("selective recomputation of " + u
                                          + " is not modelled: its activations counted stored, its recomputation not timed");
        }
    }
    else if (granularity == "full")
        pins.recompute = Recompute::Full;
    if (m.tp.value_or(1) > 1)
        pins.tpCommOverlap = knobTrue(k, "tp_comm_overlap");
    if (row.moe)
        pins.epCommOverlap = knobTrue(k, "moe_a2a_overlap");
    if (!m.fsdpShards && knobTrue(k, "distributed_optimizer") && !knobTrue(k, "megatron_fsdp")) {
        pins.zeroStage = 1;
        std::erase(row.assumptions, std::string("optimizer sharding not stated: searched"));
    }
    if (k.contains("pipeline_layout") && k["pipeline_layout"].is_string()) { // as the run placed its blocks
        row.training.pipelineSplit.layout = k["pipeline_layout"].get<std::string>();
    } else if (k.contains("pipeline_layout")) { // no layout: Megatron's even split, as the run placed its blocks
        row.training.pipelineSplit.even = true;
        for (const auto& [key, field] : { std::pair { "num_layers_in_first_pipeline_stage", &PipelineSplit::firstStageBlocks },
                                          std::pair { "num_layers_in_last_pipeline_stage", &PipelineSplit::lastStageBlocks } })
            if (k.contains(key) && k[key].is_number_integer())
                row.training.pipelineSplit.*field = k[key].get<int>();
    }
    if (knobTrue(k, "cuda_graph") || k.value("cuda_graph_impl", "none") != "none")
        row.assumptions.push_back("CUDA graphs (" + k.value("cuda_graph_impl", std::string("on")) + ") are not modelled");
}

ValidationRow fromCorpus(const MeasuredRun& m, const HardwareCatalog& catalog)
{
    ValidationRow row;
    row.id = m.id;
    row.source = m.container();
    row.profile = "megatron-bridge";
    row.model = m.model;
    row.gpu = m.gpu;
    row.catalogGpu = catalogName(m.gpu);
    row.seq = m.seq;
    row.gpus = m.gpus;
    row.measuredStepSeconds = m.stepSeconds;
    row.training.seqLength = m.seq;
    row.training.globalBatch = m.globalBatch;
    row.training.flashAttention = true;
    row.training.fp32Gradients = true;
    // The runs ran: memory is known to fit, so none is held back for an allowance the publication does not state.
    row.training.frameworkOverheadBytes = 0;
    row.training.memoryMargin = 0;
    if (const GpuSpec* g = catalog.find(row.catalogGpu))
        row.family = g->family;
    readPrecision(m, row);
    const std::string_view config = corpusModelConfig(m.model);
    if (config.empty()) {
        if (row.notEvaluated.empty())
            row.notEvaluated = "no importable config for " + m.model + " (hybrid Mamba-2 / attention / MoE blocks are not modelled)";
    } else {
        row.graph = std::make_shared<const ModelGraph>(importHfConfig(config, "resources/runs/models/" + m.model + ".json"));
        row.moe = row.graph->spec() && row.graph->spec()->experts > 0;
    }
    if (row.moe && hasNote(m, "force-balance"))
        row.training.moeImbalance = 1.0; // NVIDIA's MoE benchmarks force-balance the router
    readLayout(m, row);
    if (row.notEvaluated.empty() && !catalog.find(row.catalogGpu))
        row.notEvaluated = "GPU \"" + m.gpu + "\" is not in the hardware catalog";
    if (row.notEvaluated.empty() && row.family.empty())
        row.notFitted = "the catalog gives " + m.gpu + " no calibration family";
    if (row.notEvaluated.empty() && (hasNote(m, "token-drop benchmark") || toLower(m.label).find("tokendrop") != std::string::npos))
        row.notEvaluated = "a token-dropping benchmark (the cost model routes dropless)";
    if (hasNote(m, "parenthesised alternative"))
        row.notFitted = "a parenthesised alternative of another row";
    applyRecipe(m, row);
    // The fitted constants are the dense terms'; MoE runs are evaluated and reported until expert dispatch is
    // modelled as the frameworks run it, so their misses do not bend the dense constants.
    if (row.moe && row.notFitted.empty())
        row.notFitted = "MoE runs are reported, not fitted";
    return row;
}

// Rows of one layout, container-independent, whose measured step times differ by more than 25 %: reported and kept
// out of fits (calibration set's rule: don't fit through them).
void markContradictions(std::vector<ValidationRow>& rows, const std::vector<MeasuredRun>& runs, std::size_t first)
{
    auto key = [](const MeasuredRun& m) {
        return m.model + '|' + m.gpu + '|' + std::to_string(m.gpus) + '|' + std::to_string(m.seq) + '|'
            + std::to_string(m.globalBatch) + '|' + std::to_string(m.microBatch.value_or(0)) + '|'
            + std::to_string(m.tp.value_or(0)) + '|' + std::to_string(m.pp.value_or(0)) + '|'
            + std::to_string(m.cp.value_or(0)) + '|' + std::to_string(m.ep.value_or(0)) + '|'
            + std::to_string(m.vpp.value_or(0)) + '|' + m.precision;
    };
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < runs.size(); ++i)
        groups[key(runs[i])].push_back(i);
    for (const auto& [k, members] : groups) {
        double lo = 1e300, hi = 0;
        std::size_t fast = 0, slow = 0;
        for (std::size_t i : members) {
            if (runs[i].stepSeconds < lo) { lo = runs[i].stepSeconds; fast = i; }
            if (runs[i].stepSeconds > hi) { hi = runs[i].stepSeconds; slow = i; }
        }
        if (members.size() < 2 || hi <= 1.25 * lo)
            continue;
        for (std::size_t i : members) {
            ValidationRow& row = rows[first + i];
            const std::size_t other = i == fast ? slow : fast;
            char text[160];
            std::snprintf(text, sizeof text, "contradicts %s: the same layout measured at %.2f s and %.2f s",
                          runs[other].id.c_str(), runs[i].stepSeconds, runs[other].stepSeconds);
            row.notFitted = text;
        }
    }
}

} // namespace

const std::vector<ValidationRow>& validationRows()
{
    static const std::vector<ValidationRow> rows = [] {
        std::vector<ValidationRow> out;
        for (const CalibrationRun& run : calibrationRuns())
            out.push_back(fromTable(run));
        const std::size_t first = out.size();
        const HardwareCatalog& catalog = HardwareCatalog::builtin();
        for (const MeasuredRun& m : builtinMeasuredRuns())
            out.push_back(fromCorpus(m, catalog));
        markContradictions(out, builtinMeasuredRuns(), first);
        return out;
    }();
    return rows;
}

} // namespace shardscope
